package supabase

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"

	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/supabase-community/postgrest-go"
	supa "github.com/supabase-community/supabase-go"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres"
)

var _ orchestrator.LeanPlanStore = (*Store)(nil)

// Plans by reference over REST, one call each (migration 5's functions):
// tripweave_save_lean stores the lean plan, the trip without its large
// values, the values the store has not sent yet and the trace in one
// transaction; tripweave_read_plan answers the plan with its values (or,
// lean_only, without them) in one. A value is sent once per process, as on
// PostgreSQL; a save finding one it did not send collected (TW001) sends
// them all again.
//
// No ghosts: a save whose answer is lost (a network error, a timeout) is
// settled before anyone is answered. Each save carries a random attempt
// ID; tripweave_settle takes the plan's lock (waiting out a save still
// running), fences the attempt (a save that has not run yet then never
// will) and says whether the plan with this save's tag is stored. Stored →
// acknowledged; not → failed. When settling cannot reach the store either,
// the save fails and is settled again in the background with undo, which
// removes the plan if that save did store it.

// listDoc is the doc of a plan saved by reference: what ListPlans reads.
type listDoc struct {
	Query    string              `json:"query,omitempty"`
	Brief    *orchestrator.Brief `json:"brief"`
	Replaces string              `json:"replaces,omitempty"`
}

// leanArgs is tripweave_save_lean's argument.
type leanArgs struct {
	saveArgs
	Lean    string            `json:"lean"`
	Trip    string            `json:"trip"`
	Refs    []string          `json:"refs"`
	Values  map[string]string `json:"values,omitempty"`
	Tag     string            `json:"tag"`
	Attempt string            `json:"attempt"`
}

// SavePlan stores p and its trace in one call, by reference (SaveLeanPlan).
func (s *Store) SavePlan(ctx context.Context, p *orchestrator.Plan, r *orchestrator.Run) error {
	return s.SaveLeanPlan(ctx, p, nil, r)
}

// SaveLeanPlan stores p by reference in one call of tripweave_save_lean,
// replacing any plan with the same ID and its trace; lean is
// json.Marshal(orchestrator.LeanPlan{Plan: p}), or nil to encode it here.
// It implements the pipeline's LeanSaver.
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
		args, sent, err := s.leanArgs(p, lean, spans, sendAll)
		if err != nil {
			return err
		}
		err = s.saveLean(ctx, args)
		if err == nil {
			s.known.Add(sent)
			return nil
		}
		if !sendAll && strings.Contains(err.Error(), "(TW001) ") {
			s.known.Reset() // a value was collected since this process stored it
			continue
		}
		return err
	}
}

// leanArgs builds the save's argument; sent are the refs of the values it
// carries.
func (s *Store) leanArgs(p *orchestrator.Plan, lean []byte, spans []orchestrator.Span, sendAll bool) (*leanArgs, []string, error) {
	skel, blobs := orchestrator.SplitTrip(&p.Trip)
	trip, err := orchestrator.MarshalTrip(&skel) // json.Marshal's bytes, without reflection
	if err != nil {
		return nil, nil, fmt.Errorf("save plan %s: encode trip: %w", p.ID, err)
	}
	doc, err := json.Marshal(listDoc{Query: p.Query, Brief: &p.Brief, Replaces: p.Replaces})
	if err != nil {
		return nil, nil, fmt.Errorf("save plan %s: encode: %w", p.ID, err)
	}
	a := &leanArgs{
		saveArgs: saveArgs{ID: p.ID, CreatedNS: p.CreatedAt.UnixNano(), CreatedAt: p.CreatedAt.UTC().Format(time.RFC3339Nano),
			Status: p.Status, BriefKey: orchestrator.BriefKey(&p.Brief), Doc: doc, Spans: spanRows(spans)},
		Lean: string(lean), Trip: string(trip), Refs: make([]string, len(blobs)),
		Tag:     orchestrator.ContentRef(append(append(slices.Clip(lean), 0), trip...)),
		Attempt: newAttempt(),
	}
	var sent []string
	for i, b := range blobs {
		a.Refs[i] = b.Ref
		if !sendAll && s.known.Has(b.Ref) {
			continue
		}
		v, err := b.Encode()
		if err != nil {
			return nil, nil, fmt.Errorf("save plan %s: encode %s: %w", p.ID, b.Ref, err)
		}
		if orchestrator.ContentRef(v) != b.Ref {
			return nil, nil, fmt.Errorf("save plan %s: value %s does not match its content address", p.ID, b.Ref)
		}
		if a.Values == nil {
			a.Values = map[string]string{}
		}
		a.Values[b.Ref] = string(v)
		sent = append(sent, b.Ref)
	}
	return a, sent, nil
}

func spanRows(spans []orchestrator.Span) []spanRow {
	rows := []spanRow{}
	for i, sp := range spans {
		rows = append(rows, spanRow{Seq: i, Node: sp.Node, Kind: string(sp.Kind), Route: sp.Route, CacheHit: sp.CacheHit,
			Attempts: sp.Attempts, Start: sp.Start.Format(time.RFC3339Nano), DurationMS: sp.DurationMS, Status: sp.Status, Error: sp.Error})
	}
	return rows
}

func newAttempt() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// saveLean calls tripweave_save_lean and settles an answer that was lost.
func (s *Store) saveLean(ctx context.Context, a *leanArgs) error {
	// Marshalled here, so that supabase-go never meets a value it cannot
	// encode (that would poison its client).
	body, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("save plan %s: encode: %w", a.ID, err)
	}
	var answered atomic.Bool // the database's answer reached us: the outcome is known
	_, _, err = s.call(ctx, "save plan "+a.ID, func(c *supa.Client) ([]byte, int64, error) {
		err := rpcText(c, "tripweave_save_lean", body, a.ID)
		if err == nil || restError.MatchString(err.Error()) {
			answered.Store(true)
		}
		return nil, 0, err
	})
	if err == nil || answered.Load() {
		return err
	}
	stored, serr := s.settle(ctx, a, false)
	switch {
	case serr == nil && stored:
		return nil // committed; only the answer was lost
	case serr == nil:
		return err // not stored, and now never will be
	}
	s.doubts.Add(a)
	return err
}

// rpcText calls fn with body and checks that it answered the JSON string
// want (a PostgREST error is returned as "(code) message").
func rpcText(c *supa.Client, fn string, body []byte, want string) error {
	out := c.Rpc(fn, "", json.RawMessage(body))
	var got string
	if json.Unmarshal([]byte(out), &got) == nil && got == want {
		return nil
	}
	return rpcError(fn, out)
}

// rpcError is the error of an RPC that answered out: PostgREST's error as
// "(code) message", or, for "" (a network error: the client is now
// poisoned) or anything else, an error that is not a PostgREST one.
func rpcError(fn, out string) error {
	var e postgrest.ExecuteError
	if out != "" && json.Unmarshal([]byte(out), &e) == nil && e.Message != "" {
		return fmt.Errorf("(%s) %s", e.Code, e.Message)
	}
	return fmt.Errorf("rpc %s answered %q", fn, truncate(out, 200))
}

// settle asks tripweave_settle whether save a is stored, fencing it so
// that it never commits later; with undo, a stored save is removed.
func (s *Store) settle(ctx context.Context, a *leanArgs, undo bool) (stored bool, err error) {
	body, err := json.Marshal(map[string]any{"id": a.ID, "tag": a.Tag, "attempt": a.Attempt, "undo": undo})
	if err != nil {
		return false, err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.opts.Timeout)
	defer cancel()
	_, _, err = s.call(ctx, "settle plan "+a.ID, func(c *supa.Client) ([]byte, int64, error) {
		out := c.Rpc("tripweave_settle", "", json.RawMessage(body))
		switch out {
		case "true":
			stored = true
			return nil, 0, nil
		case "false":
			return nil, 0, nil
		}
		return nil, 0, rpcError("tripweave_settle", out)
	})
	return stored, err
}

// settleDoubts settles the saves in todo in order (undo: a save that had
// been stored is removed, so that its failure stays true) and stops at the
// first the store cannot answer.
func (s *Store) settleDoubts(todo []*leanArgs) int {
	done := 0
	for _, a := range todo {
		if _, err := s.settle(context.Background(), a, true); err != nil {
			break
		}
		slog.Warn("settled a plan save answered as failed: if it had been stored it is removed (no ghost)", "plan", a.ID)
		done++
	}
	return done
}

// stored is tripweave_read_plan's answer.
type stored struct {
	Lean   json.RawMessage            `json:"lean"`
	Trip   json.RawMessage            `json:"trip"`
	Tag    json.RawMessage            `json:"tag"` // "null" for a plan saved whole
	Doc    json.RawMessage            `json:"doc"`
	Values map[string]json.RawMessage `json:"values"`
	Spans  []spanRow                  `json:"spans"`
}

// tag returns the plan's tag, or nil for a plan saved whole.
func (st *stored) tag() *string {
	var tag *string
	if json.Unmarshal(st.Tag, &tag) != nil {
		return nil
	}
	return tag
}

func (st *stored) value(ref string) ([]byte, bool) {
	v, ok := st.Values[ref]
	return v, ok
}

// saved reports whether the row was saved by reference (not whole, as
// before migration 5).
func (st *stored) saved() bool {
	return len(st.Lean) > 0 && string(st.Lean) != "null" && len(st.Trip) > 0 && string(st.Trip) != "null"
}

// What read reads of a plan.
const (
	readPlan  = iota // the plan and its trip's values
	readLean         // the plan without its trip's values
	readSpans        // the plan's trace
)

// read reads plan id, or what of it, in one call. The answer is decoded
// once, here (a whole plan's is hundreds of kilobytes): an answer that is
// not a plan (a PostgREST error) lacks tag or values.
func (s *Store) read(ctx context.Context, id string, what int) (*stored, error) {
	body, err := json.Marshal(map[string]any{"id": id, "lean_only": what == readLean, "spans": what == readSpans})
	if err != nil {
		return nil, err
	}
	var st *stored
	_, _, err = s.call(ctx, "read plan "+id, func(c *supa.Client) ([]byte, int64, error) {
		out := c.Rpc("tripweave_read_plan", "", json.RawMessage(body))
		if out == "null" {
			return nil, 0, nil
		}
		var got stored
		if json.Unmarshal(bytesOf(out), &got) == nil && got.Tag != nil && got.Values != nil {
			st = &got
			return nil, 0, nil
		}
		return nil, 0, rpcError("tripweave_read_plan", out)
	})
	if err != nil {
		return nil, err
	}
	if st == nil {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "plan %q not found", id)
	}
	return st, nil
}

// bytesOf returns s's bytes without copying them, for json.Unmarshal,
// which never changes its input (and copies what it keeps): a whole plan's
// answer is hundreds of kilobytes, already copied once by supabase-go.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// whole is tripweave_read_whole's answer: the values grouped by the kind
// of section referring to them, so that each is decoded once, straight
// into its type, with the answer.
type whole struct {
	Lean  json.RawMessage `json:"lean"`
	Trip  json.RawMessage `json:"trip"`
	Tag   json.RawMessage `json:"tag"`
	Doc   json.RawMessage `json:"doc"`
	Kinds struct {
		Transport   map[string]orchestrator.TransportLeg    `json:"transport"`
		Attractions map[string][]orchestrator.Attraction    `json:"attractions"`
		Restaurants map[string][]orchestrator.Restaurant    `json:"restaurants"`
		Hotels      map[string][]orchestrator.Accommodation `json:"hotels"`
		Matrix      map[string]orchestrator.TravelMatrix    `json:"matrix"`
		Guide       map[string]orchestrator.Guide           `json:"guide"`
	} `json:"kinds"`
	Values map[string]json.RawMessage `json:"values"` // referred to by no kind above
}

// Plan returns the plan with id, its trip rebuilt from the referenced
// values, in one call; or an ENOTFOUND *orchestrator.Error.
func (s *Store) Plan(ctx context.Context, id string) (*orchestrator.Plan, error) {
	body, err := json.Marshal(map[string]any{"id": id})
	if err != nil {
		return nil, err
	}
	var w *whole
	_, _, err = s.call(ctx, "read plan "+id, func(c *supa.Client) ([]byte, int64, error) {
		out := c.Rpc("tripweave_read_whole", "", json.RawMessage(body))
		if out == "null" {
			return nil, 0, nil
		}
		var got whole
		if json.Unmarshal(bytesOf(out), &got) == nil && got.Tag != nil && got.Values != nil {
			w = &got
			return nil, 0, nil
		}
		return nil, 0, rpcError("tripweave_read_whole", out)
	})
	if err != nil {
		return nil, err
	}
	if w == nil {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "plan %q not found", id)
	}
	var p orchestrator.Plan
	if len(w.Lean) == 0 || string(w.Lean) == "null" { // saved whole, before migration 5
		if err := json.Unmarshal(w.Doc, &p); err != nil {
			return nil, fmt.Errorf("read plan %s: %w", id, err)
		}
		return &p, nil
	}
	if err := json.Unmarshal(w.Lean, &p); err != nil {
		return nil, fmt.Errorf("read plan %s: %w", id, err)
	}
	if err := json.Unmarshal(w.Trip, &p.Trip); err != nil {
		return nil, fmt.Errorf("read plan %s: trip: %w", id, err)
	}
	if err := w.join(&p.Trip); err != nil {
		return nil, fmt.Errorf("read plan %s: %w", id, err)
	}
	return &p, nil
}

// join fills the referenced sections of t (as SplitTrip left them) from
// w: the values decoded with the answer where their kind put them, any
// other from its JSON. A value two sections share is decoded again for
// the second, so that no two sections share memory.
func (w *whole) join(t *orchestrator.Trip) error {
	f := filler{used: map[string]bool{}}
	for i := range t.Transport {
		fill(&f, &t.Transport[i], w.Kinds.Transport)
	}
	for i := range t.Cities {
		c := &t.Cities[i]
		fill(&f, c.Attractions, w.Kinds.Attractions)
		fill(&f, c.Restaurants, w.Kinds.Restaurants)
		fill(&f, c.Hotels, w.Kinds.Hotels)
		fill(&f, c.Matrix, w.Kinds.Matrix)
		fill(&f, c.Guide, w.Kinds.Guide)
	}
	// The sections filled have their ref taken off until JoinTrip, which
	// knows every kind, has decoded the others (a kind fill does not know
	// yet) from their JSON.
	err := orchestrator.JoinTrip(t, func(ref string) ([]byte, error) {
		if v, ok := w.Values[ref]; ok {
			return v, nil
		}
		return nil, fmt.Errorf("trip value %s is missing", ref)
	})
	for _, r := range f.refs {
		*r.at = r.ref
	}
	return err
}

// filler is join's state: the refs filled, and where to put them back.
type filler struct {
	used map[string]bool
	refs []struct {
		at  *string
		ref string
	}
}

// fill sets s's value from typed, when it is there, and takes s's ref
// off until join puts it back.
func fill[T any](f *filler, s *orchestrator.Sourced[T], typed map[string]T) {
	if s == nil || s.Ref == "" {
		return
	}
	v, ok := typed[s.Ref]
	if !ok {
		return // JoinTrip decodes it from its JSON, or reports it missing
	}
	if f.used[s.Ref] { // a second section with this value: a copy of its own
		doc, err := json.Marshal(v)
		if err != nil {
			return
		}
		var again T
		if json.Unmarshal(doc, &again) != nil {
			return
		}
		v = again
	}
	f.used[s.Ref] = true
	s.Value = v
	f.refs = append(f.refs, struct {
		at  *string
		ref string
	}{&s.Ref, s.Ref})
	s.Ref = ""
}

// PlanJSON returns plan id as json.Marshal encodes a Plan, or an
// ENOTFOUND *orchestrator.Error, in one call. The trip's values are
// written as they are stored, not decoded and encoded again
// (postgres.SpliceJSON).
func (s *Store) PlanJSON(ctx context.Context, id string) ([]byte, error) {
	st, err := s.read(ctx, id, readPlan)
	if err != nil {
		return nil, err
	}
	if !st.saved() { // saved whole, before migration 5
		var p orchestrator.Plan
		if err := json.Unmarshal(st.Doc, &p); err != nil {
			return nil, fmt.Errorf("read plan %s: %w", id, err)
		}
		return json.Marshal(&p)
	}
	doc, err := postgres.SpliceJSON(st.Lean, st.Trip, slices.Collect(maps.Keys(st.Values)), st.value)
	if err != nil {
		return nil, fmt.Errorf("read plan %s: %w", id, err)
	}
	return doc, nil
}

// LeanPlanJSON returns the saved lean JSON of plan id and its tag in one
// call, without the trip's values; a plan saved whole is read whole and
// its lean JSON encoded.
func (s *Store) LeanPlanJSON(ctx context.Context, id string) ([]byte, string, error) {
	st, err := s.read(ctx, id, readLean)
	if err != nil {
		return nil, "", err
	}
	if tag := st.tag(); st.saved() && tag != nil {
		return st.Lean, *tag, nil
	}
	var p orchestrator.Plan
	if err := json.Unmarshal(st.Doc, &p); err != nil {
		return nil, "", fmt.Errorf("read plan %s: %w", id, err)
	}
	full, err := json.Marshal(&p)
	if err != nil {
		return nil, "", err
	}
	doc, err := json.Marshal(orchestrator.LeanPlan{Plan: &p})
	return doc, orchestrator.ContentRef(full), err
}

// deletePlans calls tripweave_delete_plans: the plans go, and the trip
// values no plan refers to any more are collected, in one transaction.
func (s *Store) deletePlans(ctx context.Context, what string, args map[string]any) (int, error) {
	body, err := json.Marshal(args)
	if err != nil {
		return 0, err
	}
	var n int
	_, _, err = s.call(ctx, what, func(c *supa.Client) ([]byte, int64, error) {
		out := c.Rpc("tripweave_delete_plans", "", json.RawMessage(body))
		if json.Unmarshal([]byte(out), &n) == nil {
			return nil, 0, nil
		}
		return nil, 0, rpcError("tripweave_delete_plans", out)
	})
	return n, err
}

// DeletePlan removes plan id and its trace, and the trip values no other
// plan refers to, or returns an ENOTFOUND *orchestrator.Error.
func (s *Store) DeletePlan(ctx context.Context, id string) error {
	n, err := s.deletePlans(ctx, "delete plan "+id, map[string]any{"id": id})
	if err != nil {
		return err
	}
	if n == 0 {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "plan %q not found", id)
	}
	return nil
}

// DeletePlansBefore removes the plans created before t, with their traces,
// collects the trip values no plan refers to any more, and returns how
// many plans it removed.
func (s *Store) DeletePlansBefore(ctx context.Context, t time.Time) (int, error) {
	return s.deletePlans(ctx, "delete plans before "+t.Format(time.RFC3339), map[string]any{"before_ns": t.UnixNano()})
}

// TripValues returns how many trip values (blobs) are stored.
func (s *Store) TripValues(ctx context.Context) (int, error) {
	_, n, err := s.call(ctx, "count trip values", func(c *supa.Client) ([]byte, int64, error) {
		return c.From("blobs").Select("ref", "exact", true).Execute()
	})
	return int(n), err
}

// Run returns the trace of plan planID in one call, or an ENOTFOUND
// *orchestrator.Error when there is no such plan.
func (s *Store) Run(ctx context.Context, planID string) (*orchestrator.Run, error) {
	st, err := s.read(ctx, planID, readSpans)
	if orchestrator.ErrorCode(err) == orchestrator.ENOTFOUND {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "run of plan %q not found", planID)
	}
	if err != nil {
		return nil, err
	}
	run := &orchestrator.Run{PlanID: planID, Spans: make([]orchestrator.Span, 0, len(st.Spans))}
	for _, r := range st.Spans {
		sp := orchestrator.Span{Node: r.Node, Kind: orchestrator.Kind(r.Kind), Route: r.Route, CacheHit: r.CacheHit,
			Attempts: r.Attempts, DurationMS: r.DurationMS, Status: r.Status, Error: r.Error}
		if sp.Start, err = time.Parse(time.RFC3339Nano, r.Start); err != nil {
			return nil, fmt.Errorf("read run %s: span %s: %w", planID, r.Node, err)
		}
		run.Spans = append(run.Spans, sp)
	}
	return run, nil
}
