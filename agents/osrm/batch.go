package osrm

import (
	"context"
	"errors"

	"github.com/tripweave/tripweave/orchestrator"
)

// A road leg is a two-point table. A request naming a region asks for
// dozens at once — from the origin to every candidate city, back, and
// between every ordered pair of candidates — and the public servers take
// one request a second, so one request per leg would keep such a plan
// waiting past its deadline. The two-point tables asked of one server
// while its request is queued or in flight are therefore batched: they
// go out together as one table of every point they name (at most
// MaxPoints), and each leg reads its four cells from it. OSRM computes
// each cell of a table on its own, so a leg's cells are those a table of
// its two points alone would hold.

// pairBatch gathers one server's pending two-point tables. Whoever holds
// lead sends the next batch; every caller waits for its own answer, its
// ctx, or its turn to lead, so no goroutine outlives the calls.
type pairBatch struct {
	lead    chan struct{} // capacity 1: held while a batch is sent
	mu      chan struct{} // capacity 1: guards pending
	pending []*pairCall
}

// pairCall is one leg waiting for its table.
type pairCall struct {
	pts  [2]Point
	done chan struct{} // closed when t and err are set
	t    Table
	err  error
	// alone is set after a batch failed on its input (a point OSRM could
	// not place): the leg is asked on its own, so that one bad point fails
	// only its own legs, as it did unbatched.
	alone bool
}

func newPairBatch() *pairBatch {
	return &pairBatch{lead: make(chan struct{}, 1), mu: make(chan struct{}, 1)}
}

func (b *pairBatch) lock()   { b.mu <- struct{}{} }
func (b *pairBatch) unlock() { <-b.mu }

// pairTable returns the 2×2 table between pts from profile's server,
// batched with the other two-point tables asked of it meanwhile. It
// blocks until the table is answered or ctx ends; the caller may send
// other callers' batches while it waits.
func (c *Client) pairTable(ctx context.Context, profile string, b *pairBatch, pts [2]Point) (Table, error) {
	if err := validate(pts[:]); err != nil {
		return Table{}, err
	}
	pc := &pairCall{pts: pts, done: make(chan struct{})}
	b.lock()
	b.pending = append(b.pending, pc)
	b.unlock()
	for {
		select {
		case <-pc.done:
			return pc.t, pc.err
		case b.lead <- struct{}{}:
			if ctx.Err() == nil {
				c.sendBatch(ctx, profile, b)
			}
			<-b.lead
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			b.lock()
			b.drop(pc)
			b.unlock()
			select {
			case <-pc.done: // answered meanwhile
				return pc.t, pc.err
			default:
			}
			return Table{}, context.Cause(ctx)
		}
	}
}

// drop removes pc from the pending calls, if it is there. b.mu is held.
func (b *pairBatch) drop(pc *pairCall) {
	for i, p := range b.pending {
		if p == pc {
			b.pending = append(b.pending[:i:i], b.pending[i+1:]...)
			return
		}
	}
}

// take removes and returns the next batch: the pending calls, oldest
// first, whose points fit in one table (a call marked alone goes by
// itself), and the points in the order the calls name them, each once.
func (b *pairBatch) take() ([]*pairCall, []Point, []int) {
	b.lock()
	defer b.unlock()
	var batch []*pairCall
	var pts []Point
	var at []int // per call, the indexes of its two points in pts
	index := map[string]int{}
	rest := b.pending[:0:0]
	for _, pc := range b.pending {
		if len(batch) > 0 && (pc.alone || batch[0].alone || len(pts)+2 > MaxPoints) {
			rest = append(rest, pc)
			continue
		}
		batch = append(batch, pc)
		for _, p := range pc.pts {
			key := formatCoord(p.Lon) + "," + formatCoord(p.Lat)
			i, ok := index[key]
			if !ok {
				i = len(pts)
				index[key] = i
				pts = append(pts, Point{ID: key, Lat: p.Lat, Lon: p.Lon})
			}
			at = append(at, i)
		}
	}
	b.pending = rest
	return batch, pts, at
}

// sendBatch sends the next batch, if any, and answers its calls. When the
// sender's ctx ends during the request, the other calls go back to the
// queue for the next sender.
func (c *Client) sendBatch(ctx context.Context, profile string, b *pairBatch) {
	batch, pts, at := b.take()
	if len(batch) == 0 {
		return
	}
	var t Table
	var err error
	if len(pts) < 2 {
		// One leg whose ends coincide.
		t, err = c.Table(ctx, profile, []Point{pts[0], {ID: pts[0].ID + "'", Lat: pts[0].Lat, Lon: pts[0].Lon}})
		at = []int{0, 1}
	} else {
		t, err = c.Table(ctx, profile, pts)
	}
	if err != nil && ctx.Err() != nil {
		b.lock()
		b.pending = append(batch, b.pending...)
		b.unlock()
		return
	}
	var ue *orchestrator.UpstreamError
	if err != nil && len(batch) > 1 && errors.As(err, &ue) && (ue.Type == orchestrator.EINVALIDARG || ue.Type == orchestrator.ENOTFOUND) {
		// A point OSRM could not place fails the whole table: ask each
		// leg on its own.
		for _, pc := range batch {
			pc.alone = true
		}
		b.lock()
		b.pending = append(batch, b.pending...)
		b.unlock()
		return
	}
	for k, pc := range batch {
		if err != nil {
			pc.err = err
		} else {
			pc.t = subTable(t, at[2*k], at[2*k+1])
		}
		close(pc.done)
	}
}

// subTable returns the 2×2 table between points i and j of t.
func subTable(t Table, i, j int) Table {
	pick := func(m [][]Cell) [][]Cell {
		if m == nil {
			return nil
		}
		return [][]Cell{{m[i][i], m[i][j]}, {m[j][i], m[j][j]}}
	}
	return Table{Durations: pick(t.Durations), Distances: pick(t.Distances)}
}
