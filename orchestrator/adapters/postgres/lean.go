package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tripweave/tripweave/orchestrator"
)

var _ orchestrator.LeanPlanStore = (*Store)(nil)

// KnownRefs are the content addresses this process has seen stored in
// blobs: a plan sends only the values not among them, and checks in its
// transaction that they are still stored (a deletion may have collected
// them since; see migration 5), sending them all again when one is not.
// The Supabase store keeps its own. The zero value is empty and ready.
type KnownRefs struct {
	mu sync.RWMutex
	m  map[string]bool
}

// Has reports whether ref was seen stored.
func (k *KnownRefs) Has(ref string) bool {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.m[ref]
}

// Reset forgets every ref (a value was collected since).
func (k *KnownRefs) Reset() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.m = nil
}

// Add records refs as stored; past 65,536 refs it starts afresh.
func (k *KnownRefs) Add(refs []string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.m == nil || len(k.m) > 1<<16 {
		k.m = make(map[string]bool, len(refs))
	}
	for _, r := range refs {
		k.m[r] = true
	}
}

// listDoc is the doc of a plan saved by reference: what ListPlans reads.
type listDoc struct {
	Query    string              `json:"query,omitempty"`
	Brief    *orchestrator.Brief `json:"brief"`
	Replaces string              `json:"replaces,omitempty"`
}

// SaveLeanPlan stores p by reference in one round trip: the plan row (its
// lean JSON lean, as json.Marshal(orchestrator.LeanPlan{Plan: p}) gives it,
// or encoded here when nil; the trip without its large values; their refs),
// the trace, and the large values this process has not stored yet, sent as
// one batch that PostgreSQL runs as one implicit transaction — with the
// plans saved at the same time (groupCommit). It implements the pipeline's
// LeanSaver.
func (s *Store) SaveLeanPlan(ctx context.Context, p *orchestrator.Plan, lean []byte, r *orchestrator.Run) error {
	spans, err := orchestrator.CheckSave(p, r)
	if err != nil {
		return err
	}
	if lean == nil {
		if lean, err = json.Marshal(orchestrator.LeanPlan{Plan: p}); err != nil {
			return fmt.Errorf("save plan %s: encode: %w", p.ID, err)
		}
	}
	for sendAll := false; ; sendAll = true {
		w, err := s.newWrite(p, lean, spans, sendAll)
		if err != nil {
			return err
		}
		err = s.group.commit(ctx, s, w)
		if err == nil {
			s.blobs.Add(w.sent)
			return nil
		}
		if !sendAll && valueMissing(err) {
			// A value this process thought stored was collected
			// (blob retention) since: send them all.
			s.blobs.Reset()
			continue
		}
		return fmt.Errorf("save plan %s: %w", p.ID, classify(err))
	}
}

// valueMissing reports whether err is tripweave_check_refs' refusal: a
// value the save did not send is not stored.
func valueMissing(err error) bool {
	pe, ok := errors.AsType[*pgconn.PgError](err)
	return ok && pe.Code == "TW001"
}

// newWrite returns the statements that store p by reference: its plan's
// lock, the blobs lock shared (a deletion collecting values holds it
// exclusive), the values this process has not stored yet (all of them with
// sendAll) and a check that the others are stored, the plan row and the
// trace.
func (s *Store) newWrite(p *orchestrator.Plan, lean []byte, spans []orchestrator.Span, sendAll bool) (*write, error) {
	skel, blobs := orchestrator.SplitTrip(&p.Trip)
	trip, err := orchestrator.MarshalTrip(&skel) // json.Marshal's bytes, without reflection
	if err != nil {
		return nil, fmt.Errorf("save plan %s: encode trip: %w", p.ID, err)
	}
	refs := make([]string, len(blobs))
	var newRefs, knownRefs []string
	var newValues [][]byte
	for i, b := range blobs {
		refs[i] = b.Ref
		if !sendAll && s.blobs.Has(b.Ref) {
			knownRefs = append(knownRefs, b.Ref)
			continue
		}
		doc, err := b.Encode()
		if err != nil {
			return nil, fmt.Errorf("save plan %s: encode %s: %w", p.ID, b.Ref, err)
		}
		if orchestrator.ContentRef(doc) != b.Ref {
			return nil, fmt.Errorf("save plan %s: value %s does not match its content address", p.ID, b.Ref)
		}
		newRefs, newValues = append(newRefs, b.Ref), append(newValues, doc)
	}
	tag := orchestrator.ContentRef(append(append(slices.Clip(lean), 0), trip...))
	// doc keeps what ListPlans reads of a plan saved by reference (its
	// query and brief), not the lean plan again.
	doc, err := json.Marshal(listDoc{Query: p.Query, Brief: &p.Brief, Replaces: p.Replaces})
	if err != nil {
		return nil, fmt.Errorf("save plan %s: encode: %w", p.ID, err)
	}
	trace, err := encodeTrace(spans)
	if err != nil {
		return nil, fmt.Errorf("save plan %s: encode trace: %w", p.ID, err)
	}

	w := &write{id: p.ID, attempt: newAttempt(), sent: newRefs, done: make(chan error, 1)}
	w.queue(lockWrite, p.ID)
	if len(blobs) > 0 {
		w.queue(`SELECT pg_advisory_xact_lock_shared(tripweave_blobs_lock())`)
	}
	if len(newRefs) > 0 {
		w.queue(`INSERT INTO blobs (ref, value) SELECT * FROM unnest($1::text[], $2::bytea[]) ON CONFLICT (ref) DO NOTHING`,
			newRefs, newValues)
	}
	if len(knownRefs) > 0 {
		w.queue(`SELECT tripweave_check_refs($1::text[])`, knownRefs)
	}
	w.queue(`INSERT INTO plans (id, created_ns, created_at, status, brief_key, doc, lean, trip, refs, tag, attempt, trace)
		VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12)
		ON CONFLICT (id) DO UPDATE SET created_ns = excluded.created_ns, created_at = excluded.created_at,
			status = excluded.status, brief_key = excluded.brief_key, doc = excluded.doc, lean = excluded.lean,
			trip = excluded.trip, refs = excluded.refs, tag = excluded.tag, attempt = excluded.attempt, trace = excluded.trace`,
		p.ID, p.CreatedAt.UnixNano(), p.CreatedAt, p.Status, orchestrator.BriefKey(&p.Brief), string(doc), lean, trip, refs, tag, w.attempt, trace)
	// The rows of a trace saved before migration 7 (the trace is on the
	// plan's row now).
	w.queue(`DELETE FROM spans WHERE plan_id = $1`, p.ID)
	return w, nil
}

// write is one plan's statements, committed together, beginning with its
// plan's advisory lock (lockWrite); attempt tells it is the one stored.
type write struct {
	id      string
	attempt string   // this save's random ID, kept in the row (settle tells it apart)
	sent    []string // the refs of the values it stores
	sql     []string
	args    [][]any
	done    chan error
}

func (w *write) queue(sql string, args ...any) {
	w.sql, w.args = append(w.sql, sql), append(w.args, args)
}

func (w *write) addTo(b *pgx.Batch) {
	for i := range w.sql {
		b.Queue(w.sql[i], w.args[i]...)
	}
}

// groupCommit commits the writes of plans saved at the same time in one
// transaction (group commit), so that they share one round trip and one
// WAL flush: the first writer to find no commit running becomes the
// committer and sends every write waiting, as one batch (one implicit
// transaction), until none is left. A group that fails is retried one write
// at a time, so one bad plan fails alone.
type groupCommit struct {
	mu      sync.Mutex
	waiting []*write
	running bool
	wg      sync.WaitGroup // the committer; Store.Close waits for it
}

// commit commits w, alone or with the writes waiting beside it. It blocks
// until w is committed or failed; ctx bounds the wait, not a commit
// another writer runs.
func (g *groupCommit) commit(ctx context.Context, s *Store, w *write) error {
	g.mu.Lock()
	g.waiting = append(g.waiting, w)
	lead := !g.running
	g.running = true
	if lead {
		g.wg.Add(1)
	}
	g.mu.Unlock()
	if lead {
		// The committer's own ctx ends its wait, not the others' commits.
		go func() {
			defer g.wg.Done()
			g.run(context.WithoutCancel(ctx), s)
		}()
	}
	select {
	case err := <-w.done:
		return err
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// groupMax bounds the plans of one group.
const groupMax = 64

// commitTimeout bounds one group's commit.
const commitTimeout = 30 * time.Second

func (g *groupCommit) run(ctx context.Context, s *Store) {
	for {
		g.mu.Lock()
		n := min(len(g.waiting), groupMax)
		group := g.waiting[:n:n]
		g.waiting = g.waiting[n:]
		if n == 0 {
			g.running = false
			g.waiting = nil
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		cctx, cancel := context.WithTimeout(ctx, commitTimeout)
		outcome := s.commitGroup(cctx, group)
		if outcome[0] != nil && len(group) > 1 && !unsettled(outcome[0]) {
			// One plan may have failed the group: each alone.
			for i := range group {
				outcome[i] = s.commitGroup(cctx, group[i:i+1])[0]
			}
		}
		for i, w := range group {
			w.done <- outcome[i]
		}
		cancel()
	}
}

// commitGroup sends group as one transaction and returns each write's
// outcome, settling an ambiguous one (see ghost.go) before it is known.
func (s *Store) commitGroup(ctx context.Context, group []*write) []error {
	outcome := make([]error, len(group))
	pid, ambiguous, err := send(ctx, s.pool, group)
	if !ambiguous {
		for i := range outcome {
			outcome[i] = err
		}
		return outcome
	}
	if settled, ok := settle(ctx, s.pool, pid, group, err); ok {
		return settled
	}
	s.inDoubt(pid, group)
	for i := range outcome {
		outcome[i] = errUnsettled(err)
	}
	return outcome
}

// LeanPlanJSON returns the saved lean JSON of plan id and its tag in one
// round trip; a plan saved whole (SavePlan before migration 4, or the
// Supabase REST path) is read whole and its lean JSON encoded.
func (s *Store) LeanPlanJSON(ctx context.Context, id string) ([]byte, string, error) {
	var lean []byte
	var tag *string
	err := s.pool.QueryRow(ctx, `SELECT lean, tag FROM plans WHERE id = $1`, id).Scan(&lean, &tag)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, "", orchestrator.Errorf(orchestrator.ENOTFOUND, "plan %q not found", id)
	}
	if err != nil {
		return nil, "", fmt.Errorf("read plan %s: %w", id, classify(err))
	}
	if lean != nil && tag != nil {
		return lean, *tag, nil
	}
	p, err := s.Plan(ctx, id)
	if err != nil {
		return nil, "", err
	}
	full, err := json.Marshal(p)
	if err != nil {
		return nil, "", err
	}
	doc, err := json.Marshal(orchestrator.LeanPlan{Plan: p})
	return doc, orchestrator.ContentRef(full), err
}

// parts is a plan row as read with its trip's values: lean and trip for a
// plan saved by reference, whole for one saved whole.
type parts struct {
	lean, trip, whole []byte
	values            map[string][]byte
}

func (pt *parts) value(ref string) ([]byte, bool) {
	v, ok := pt.values[ref]
	return v, ok
}

func (pt *parts) refs() []string {
	out := make([]string, 0, len(pt.values))
	for r := range pt.values {
		out = append(out, r)
	}
	return out
}

// readParts reads plan id with its trip's values in one round trip.
func (s *Store) readParts(ctx context.Context, id string) (*parts, error) {
	rows, err := s.pool.Query(ctx, `SELECT p.lean, p.trip, CASE WHEN p.lean IS NULL THEN p.doc END, b.ref, b.value
		FROM plans p LEFT JOIN blobs b ON b.ref = ANY(p.refs) WHERE p.id = $1`, id)
	if err != nil {
		return nil, fmt.Errorf("read plan %s: %w", id, classify(err))
	}
	defer rows.Close()
	pt := &parts{values: map[string][]byte{}}
	found := false
	for rows.Next() {
		var ref *string
		var value []byte
		if err := rows.Scan(&pt.lean, &pt.trip, &pt.whole, &ref, &value); err != nil {
			return nil, fmt.Errorf("read plan %s: %w", id, classify(err))
		}
		found = true
		if ref != nil {
			pt.values[*ref] = value
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read plan %s: %w", id, classify(err))
	}
	if !found {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "plan %q not found", id)
	}
	return pt, nil
}

// readPlan reads plan id with its trip's values in one round trip.
func (s *Store) readPlan(ctx context.Context, id string) (*orchestrator.Plan, error) {
	pt, err := s.readParts(ctx, id)
	if err != nil {
		return nil, err
	}
	if pt.lean == nil {
		var p orchestrator.Plan
		if err := json.Unmarshal(pt.whole, &p); err != nil {
			return nil, fmt.Errorf("read plan %s: %w", id, err)
		}
		return &p, nil
	}
	p, err := DecodeByRef(pt.lean, pt.trip, pt.value)
	if err != nil {
		return nil, fmt.Errorf("read plan %s: %w", id, err)
	}
	return p, nil
}

// planJSON reads plan id as json.Marshal encodes it in one round trip,
// the trip's values written as stored (SpliceJSON).
func (s *Store) planJSON(ctx context.Context, id string) ([]byte, error) {
	pt, err := s.readParts(ctx, id)
	if err != nil {
		return nil, err
	}
	if pt.lean == nil {
		var p orchestrator.Plan
		if err := json.Unmarshal(pt.whole, &p); err != nil {
			return nil, fmt.Errorf("read plan %s: %w", id, err)
		}
		return json.Marshal(&p)
	}
	doc, err := SpliceJSON(pt.lean, pt.trip, pt.refs(), pt.value)
	if err != nil {
		return nil, fmt.Errorf("read plan %s: %w", id, err)
	}
	return doc, nil
}
