package planner

import (
	"math/rand/v2"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// accessMemo answers as w.before and w.after do, for options at stations
// seen again, past its memo's size, without a position, and for journeys
// (their first and last parts), from a known place and from none.
func TestAccessMemoAnswersAsBeforeAfter(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	pool := make([]orchestrator.GeoPoint, 40) // more stations than the memo holds
	for i := range pool {
		pool[i] = orchestrator.GeoPoint{Lat: 22 + rng.Float64()*10, Lon: 103 + rng.Float64()*18}
	}
	modes := []string{"flight", "train", "bus", "drive"}
	point := func() *orchestrator.GeoPoint {
		if rng.IntN(8) == 0 {
			return nil
		}
		p := pool[rng.IntN(len(pool))] // a copy: equal values, another address
		return &p
	}
	direct := func() *option {
		return &option{o: &orchestrator.TransportOption{Mode: modes[rng.IntN(len(modes))], FromPoint: point(), ToPoint: point()}}
	}
	var ops []*option
	for range 400 {
		op := direct()
		if rng.IntN(5) == 0 {
			op = &option{o: op.o, parts: []part{{op: direct()}, {op: direct()}}}
		}
		ops = append(ops, op)
	}
	w := &world{}
	for _, at := range []*orchestrator.GeoPoint{{Lat: 30.66, Lon: 104.06}, nil} {
		from, to := accessMemo{at: at}, accessMemo{at: at}
		for pass := range 2 {
			for i, op := range ops {
				if got, want := from.before(op), w.before(op, at); got != want {
					t.Fatalf("at %v, pass %d, option %d: memo before %d, w.before %d", at, pass, i, got, want)
				}
				if got, want := to.after(op), w.after(op, at); got != want {
					t.Fatalf("at %v, pass %d, option %d: memo after %d, w.after %d", at, pass, i, got, want)
				}
			}
		}
		if at != nil && (from.n != len(from.pts) || to.n != len(to.pts)) {
			t.Fatalf("the memo kept %d and %d stations: the test never passes its size", from.n, to.n)
		}
	}
}
