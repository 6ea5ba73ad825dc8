// Package storetest is the contract every orchestrator.PlanStore passes:
// one suite, run by each implementation's tests (SQLite, PostgreSQL,
// Supabase) against a real backend.
//
//	func TestContract(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) orchestrator.PlanStore { return openFresh(t) })
//	}
package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// Open returns an empty store for one subtest and arranges (t.Cleanup) for
// it to be closed and whatever it created to be removed.
type Open func(t *testing.T) orchestrator.PlanStore

// Run runs the contract against stores made by open, each subtest on a
// fresh, empty store.
func Run(t *testing.T, open Open) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s orchestrator.PlanStore)
	}{
		{"SaveAndRead", testSaveAndRead},
		{"Trace", testTrace},
		{"NotFound", testNotFound},
		{"Replace", testReplace},
		{"Invalid", testInvalid},
		{"ListPages", testListPages},
		{"ListFilters", testListFilters},
		{"ListInvalid", testListInvalid},
		{"Delete", testDelete},
		{"Retention", testRetention},
		{"Concurrent", testConcurrent},
		{"Ping", testPing},
		{"ByReference", testByReference},
		{"CollectValues", testCollectValues},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.fn(t, open(t))
		})
	}
}

var base = time.Date(2026, 11, 30, 8, 0, 0, 123456789, time.UTC)

// NewPlan returns a plan with every part a store must keep: a brief with
// non-ASCII text, raw sections, notes, an itinerary and a trace summary.
func NewPlan(id string, created time.Time, status string) *orchestrator.Plan {
	fetched := time.Date(2026, 11, 29, 20, 1, 2, 345000000, time.FixedZone("CST", 8*3600))
	return &orchestrator.Plan{
		ID:        id,
		CreatedAt: created,
		Query:     "成都三日游，预算人均2000 " + id,
		Brief: orchestrator.Brief{
			Origin: "Shanghai", Destinations: []string{"Chengdu", "重庆"}, StartDate: "2026-12-10", Days: 3,
			Travelers: orchestrator.Travelers{Adults: 2, Children: 1},
			Interests: []string{"food", "pandas"}, Language: "zh",
		},
		Status: status,
		Trip: orchestrator.Trip{
			SchemaVersion: orchestrator.TripSchemaVersion,
			Cities:        []orchestrator.CityData{{Name: "Chengdu", Days: 3}},
			Sections: map[string]orchestrator.Section{
				"fx_rates:abc": {Kind: "fx_rates", Payload: json.RawMessage(`{"zeta":1,"alpha":[1.5,"<b>"],"nested":{"b":null,"a":true}}`),
					Provenance: orchestrator.Provenance{Source: "frankfurter", FetchedAt: fetched, TTL: 3600}},
			},
		},
		Itinerary: &orchestrator.Itinerary{},
		Notes:     []orchestrator.Note{{Level: "warning", Code: "stale", Message: "天气 data is stale"}},
		Trace:     orchestrator.TraceSummary{Nodes: 3, CacheHits: 1, DurationMS: 12.5, Routes: map[string]int{"cache": 1, "mcp": 2}},
	}
}

// NewRun returns a trace of n spans for plan id.
func NewRun(id string, n int) *orchestrator.Run {
	r := &orchestrator.Run{PlanID: id, Spans: []orchestrator.Span{}}
	start := time.Date(2026, 11, 30, 16, 0, 0, 987654321, time.FixedZone("", 8*3600))
	for i := range n {
		r.Spans = append(r.Spans, orchestrator.Span{
			Node: fmt.Sprintf("geocode:%02d", i), Kind: "geocode", Route: "mcp", CacheHit: i%2 == 0,
			Attempts: 1 + i%3, Start: start.Add(time.Duration(i) * time.Millisecond), DurationMS: 1.25 * float64(i),
			Status: "ok", Error: map[bool]string{true: "", false: "upstream: 超时"}[i%3 != 2],
		})
	}
	return r
}

func ctx(t *testing.T) context.Context { return t.Context() }

// sameJSON fails t unless a and b are the same JSON value.
func sameJSON(t *testing.T, what string, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: got invalid JSON %q: %v", what, got, err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("%s: want invalid JSON: %v", what, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("%s:\ngot  %s\nwant %s", what, got, want)
	}
}

func samePlan(t *testing.T, got, want *orchestrator.Plan) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	sameJSON(t, "plan "+want.ID, g, w)
}

func wantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if got := orchestrator.ErrorCode(err); got != code {
		t.Fatalf("%s: error %v has code %q, want %q", what, err, got, code)
	}
}

func mustSave(t *testing.T, s orchestrator.PlanStore, p *orchestrator.Plan, r *orchestrator.Run) {
	t.Helper()
	if err := s.SavePlan(ctx(t), p, r); err != nil {
		t.Fatalf("SavePlan(%s): %v", p.ID, err)
	}
}

func testSaveAndRead(t *testing.T, s orchestrator.PlanStore) {
	p := NewPlan("pl_read", base, orchestrator.PlanComplete)
	mustSave(t, s, p, NewRun(p.ID, 3))
	got, err := s.Plan(ctx(t), p.ID)
	if err != nil {
		t.Fatalf("Plan: %v", err)
	}
	samePlan(t, got, p)
	if !got.CreatedAt.Equal(p.CreatedAt) {
		t.Errorf("CreatedAt = %v, want %v (nanoseconds kept)", got.CreatedAt, p.CreatedAt)
	}
	raw, err := s.PlanJSON(ctx(t), p.ID)
	if err != nil {
		t.Fatalf("PlanJSON: %v", err)
	}
	want, _ := json.Marshal(p)
	sameJSON(t, "PlanJSON", raw, want)
}

func testTrace(t *testing.T, s orchestrator.PlanStore) {
	p := NewPlan("pl_trace", base, orchestrator.PlanPartial)
	r := NewRun(p.ID, 40)
	mustSave(t, s, p, r)
	got, err := s.Run(ctx(t), p.ID)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if got.PlanID != p.ID || len(got.Spans) != len(r.Spans) {
		t.Fatalf("Run = plan %q with %d spans, want %q with %d", got.PlanID, len(got.Spans), p.ID, len(r.Spans))
	}
	for i, sp := range got.Spans {
		w := r.Spans[i]
		if !sp.Start.Equal(w.Start) {
			t.Errorf("span %d start = %v, want %v", i, sp.Start, w.Start)
		}
		sp.Start, w.Start = time.Time{}, time.Time{}
		if sp != w {
			t.Errorf("span %d = %+v, want %+v", i, sp, w)
		}
	}

	// A plan saved without a trace has an empty one.
	q := NewPlan("pl_notrace", base, orchestrator.PlanComplete)
	mustSave(t, s, q, nil)
	got, err = s.Run(ctx(t), q.ID)
	if err != nil {
		t.Fatalf("Run without trace: %v", err)
	}
	if len(got.Spans) != 0 || got.PlanID != q.ID {
		t.Errorf("Run without trace = %+v, want plan %s and no spans", got, q.ID)
	}
}

func testNotFound(t *testing.T, s orchestrator.PlanStore) {
	mustSave(t, s, NewPlan("pl_there", base, orchestrator.PlanComplete), nil)
	_, err := s.Plan(ctx(t), "pl_missing")
	wantCode(t, "Plan", err, orchestrator.ENOTFOUND)
	_, err = s.PlanJSON(ctx(t), "pl_missing")
	wantCode(t, "PlanJSON", err, orchestrator.ENOTFOUND)
	_, err = s.Run(ctx(t), "pl_missing")
	wantCode(t, "Run", err, orchestrator.ENOTFOUND)
	wantCode(t, "DeletePlan", s.DeletePlan(ctx(t), "pl_missing"), orchestrator.ENOTFOUND)
	// Ids are data, never SQL or URL syntax.
	for _, id := range []string{"pl_there' OR '1'='1", "pl_there,id.neq.x", "pl_%", "pl_there&select=*"} {
		_, err = s.Plan(ctx(t), id)
		wantCode(t, fmt.Sprintf("Plan(%q)", id), err, orchestrator.ENOTFOUND)
	}
}

func testReplace(t *testing.T, s orchestrator.PlanStore) {
	p := NewPlan("pl_replace", base, orchestrator.PlanNeedsInput)
	mustSave(t, s, p, NewRun(p.ID, 5))
	p2 := NewPlan("pl_replace", base.Add(time.Minute), orchestrator.PlanComplete)
	p2.Query = "answered"
	mustSave(t, s, p2, NewRun(p.ID, 2))
	got, err := s.Plan(ctx(t), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	samePlan(t, got, p2)
	r, err := s.Run(ctx(t), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Spans) != 2 {
		t.Errorf("replaced trace has %d spans, want 2", len(r.Spans))
	}
	page, err := s.ListPlans(ctx(t), orchestrator.PlanFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Plans) != 1 || page.Plans[0].Status != orchestrator.PlanComplete || !page.Plans[0].CreatedAt.Equal(p2.CreatedAt) {
		t.Errorf("list after replace = %+v, want the one replaced plan", page.Plans)
	}
}

func testInvalid(t *testing.T, s orchestrator.PlanStore) {
	wantCode(t, "nil plan", s.SavePlan(ctx(t), nil, nil), orchestrator.EINVALID)
	wantCode(t, "no id", s.SavePlan(ctx(t), NewPlan("", base, orchestrator.PlanComplete), nil), orchestrator.EINVALID)
	p := NewPlan("pl_invalid", base, orchestrator.PlanComplete)
	wantCode(t, "run of another plan", s.SavePlan(ctx(t), p, NewRun("pl_other", 1)), orchestrator.EINVALID)
	r := NewRun(p.ID, 3)
	r.Spans[2].DurationMS = math.NaN()
	wantCode(t, "NaN duration", s.SavePlan(ctx(t), p, r), orchestrator.EINVALID)
	// PostgreSQL cannot keep a NUL: every store refuses it alike.
	nul := NewPlan(p.ID, base, orchestrator.PlanComplete)
	nul.Query = "3 days in Kyoto\x00 in April"
	err := s.SavePlan(ctx(t), nul, nil)
	wantCode(t, "NUL in the query", err, orchestrator.EINVALID)
	if f := orchestrator.ErrorField(err); f != "query" {
		t.Errorf("NUL in the query: field %q, want query", f)
	}
	_, err = s.Plan(ctx(t), p.ID)
	wantCode(t, "plan after refused saves", err, orchestrator.ENOTFOUND)
}

// seed saves n plans: created one second apart, except that pairs share an
// instant (ties ordered by id), with statuses in rotation. It returns them
// in list order.
func seed(t *testing.T, s orchestrator.PlanStore, n int) []*orchestrator.Plan {
	var ps []*orchestrator.Plan
	for i := range n {
		created := base.Add(time.Duration(i/2) * time.Second)
		p := NewPlan(fmt.Sprintf("pl_%03d", i), created, orchestrator.PlanStatuses[i%3])
		if i%4 == 3 {
			p.Replaces = fmt.Sprintf("pl_%03d", i-1) // a repaired version
		}
		mustSave(t, s, p, NewRun(p.ID, 1))
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool {
		if !ps[i].CreatedAt.Equal(ps[j].CreatedAt) {
			return ps[i].CreatedAt.After(ps[j].CreatedAt)
		}
		return ps[i].ID > ps[j].ID
	})
	return ps
}

func ids[T any](xs []T, id func(T) string) []string {
	out := []string{}
	for _, x := range xs {
		out = append(out, id(x))
	}
	return out
}

func summaryID(s orchestrator.PlanSummary) string { return s.ID }
func planID(p *orchestrator.Plan) string          { return p.ID }

// walk lists every page of f and returns the plans in order.
func walk(t *testing.T, s orchestrator.PlanStore, f orchestrator.PlanFilter) ([]orchestrator.PlanSummary, int) {
	t.Helper()
	var all []orchestrator.PlanSummary
	pages := 0
	for {
		page, err := s.ListPlans(ctx(t), f)
		if err != nil {
			t.Fatalf("ListPlans(%+v): %v", f, err)
		}
		pages++
		if f.Limit > 0 && len(page.Plans) > f.Limit {
			t.Fatalf("page of %d plans, limit %d", len(page.Plans), f.Limit)
		}
		all = append(all, page.Plans...)
		if page.Next == "" {
			return all, pages
		}
		if pages > 100 {
			t.Fatal("more than 100 pages: the cursor does not advance")
		}
		f.Cursor = page.Next
	}
}

func testListPages(t *testing.T, s orchestrator.PlanStore) {
	page, err := s.ListPlans(ctx(t), orchestrator.PlanFilter{})
	if err != nil || len(page.Plans) != 0 || page.Next != "" || page.Plans == nil {
		t.Fatalf("empty store: ListPlans = %+v, %v; want an empty, non-nil page", page, err)
	}
	want := seed(t, s, 11)
	got, pages := walk(t, s, orchestrator.PlanFilter{Limit: 3})
	if g, w := ids(got, summaryID), ids(want, planID); !reflect.DeepEqual(g, w) {
		t.Fatalf("pages of 3:\ngot  %v\nwant %v", g, w)
	}
	if pages != 4 {
		t.Errorf("11 plans in pages of 3 took %d pages, want 4", pages)
	}
	for i := range got {
		if got[i].Replaces != want[i].Replaces {
			t.Errorf("%s lists replaces %q, want %q (the versions of a trip)", got[i].ID, got[i].Replaces, want[i].Replaces)
		}
	}
	// A page that ends exactly at the end has no next cursor.
	got, pages = walk(t, s, orchestrator.PlanFilter{Limit: 11})
	if len(got) != 11 || pages != 1 {
		t.Errorf("limit 11: %d plans in %d pages, want 11 in 1", len(got), pages)
	}
	first := got[0]
	p := want[0]
	if first.Status != p.Status || !first.CreatedAt.Equal(p.CreatedAt) || first.Query != p.Query ||
		!reflect.DeepEqual(first.Destinations, p.Brief.Destinations) || first.StartDate != p.Brief.StartDate || first.Days != p.Brief.Days {
		t.Errorf("summary = %+v, want that of %+v", first, p.Summarize())
	}
	// Plans saved after a cursor was issued do not shift the pages already
	// seen: the cursor is a position, not an offset.
	page, err = s.ListPlans(ctx(t), orchestrator.PlanFilter{Limit: 4})
	if err != nil {
		t.Fatal(err)
	}
	mustSave(t, s, NewPlan("pl_newest", base.Add(time.Hour), orchestrator.PlanComplete), nil)
	rest, _ := walk(t, s, orchestrator.PlanFilter{Limit: 4, Cursor: page.Next})
	if g, w := ids(rest, summaryID), ids(want[4:], planID); !reflect.DeepEqual(g, w) {
		t.Errorf("after a newer plan, next pages = %v, want %v", g, w)
	}
}

func testListFilters(t *testing.T, s orchestrator.PlanStore) {
	all := seed(t, s, 12)
	keep := func(f func(p *orchestrator.Plan) bool) []string {
		var out []*orchestrator.Plan
		for _, p := range all {
			if f(p) {
				out = append(out, p)
			}
		}
		return ids(out, planID)
	}
	from, to := base.Add(1*time.Second), base.Add(4*time.Second)
	for _, tc := range []struct {
		name string
		f    orchestrator.PlanFilter
		want []string
	}{
		{"status", orchestrator.PlanFilter{Status: orchestrator.PlanPartial, Limit: 2},
			keep(func(p *orchestrator.Plan) bool { return p.Status == orchestrator.PlanPartial })},
		{"from", orchestrator.PlanFilter{CreatedFrom: from, Limit: 5},
			keep(func(p *orchestrator.Plan) bool { return !p.CreatedAt.Before(from) })},
		{"to", orchestrator.PlanFilter{CreatedTo: to},
			keep(func(p *orchestrator.Plan) bool { return p.CreatedAt.Before(to) })},
		{"range and status", orchestrator.PlanFilter{CreatedFrom: from, CreatedTo: to, Status: orchestrator.PlanComplete, Limit: 1},
			keep(func(p *orchestrator.Plan) bool {
				return !p.CreatedAt.Before(from) && p.CreatedAt.Before(to) && p.Status == orchestrator.PlanComplete
			})},
		{"range in another zone", orchestrator.PlanFilter{CreatedFrom: from.In(time.FixedZone("", -5*3600)), CreatedTo: to.In(time.FixedZone("", 9*3600))},
			keep(func(p *orchestrator.Plan) bool { return !p.CreatedAt.Before(from) && p.CreatedAt.Before(to) })},
		{"nothing", orchestrator.PlanFilter{CreatedFrom: base.Add(time.Hour)}, []string{}},
	} {
		got, _ := walk(t, s, tc.f)
		if g := ids(got, summaryID); !reflect.DeepEqual(g, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, g, tc.want)
		}
	}
}

func testListInvalid(t *testing.T, s orchestrator.PlanStore) {
	for _, tc := range []struct {
		f     orchestrator.PlanFilter
		field string
	}{
		{orchestrator.PlanFilter{Limit: -1}, "limit"},
		{orchestrator.PlanFilter{Limit: orchestrator.MaxListLimit + 1}, "limit"},
		{orchestrator.PlanFilter{Status: "done"}, "status"},
		{orchestrator.PlanFilter{Cursor: "not a cursor!"}, "cursor"},
		{orchestrator.PlanFilter{Cursor: "cGxfMDAx"}, "cursor"},
		{orchestrator.PlanFilter{CreatedFrom: base, CreatedTo: base}, "created_to"},
	} {
		_, err := s.ListPlans(ctx(t), tc.f)
		wantCode(t, fmt.Sprintf("ListPlans(%+v)", tc.f), err, orchestrator.EINVALID)
		if f := orchestrator.ErrorField(err); f != tc.field {
			t.Errorf("ListPlans(%+v): field %q, want %q", tc.f, f, tc.field)
		}
	}
}

func testDelete(t *testing.T, s orchestrator.PlanStore) {
	all := seed(t, s, 4)
	victim := all[1].ID
	if err := s.DeletePlan(ctx(t), victim); err != nil {
		t.Fatalf("DeletePlan: %v", err)
	}
	_, err := s.Plan(ctx(t), victim)
	wantCode(t, "Plan after delete", err, orchestrator.ENOTFOUND)
	_, err = s.Run(ctx(t), victim)
	wantCode(t, "Run after delete", err, orchestrator.ENOTFOUND)
	wantCode(t, "second DeletePlan", s.DeletePlan(ctx(t), victim), orchestrator.ENOTFOUND)
	got, _ := walk(t, s, orchestrator.PlanFilter{})
	want := []string{all[0].ID, all[2].ID, all[3].ID}
	if g := ids(got, summaryID); !reflect.DeepEqual(g, want) {
		t.Errorf("after delete: %v, want %v", g, want)
	}
	if r, err := s.Run(ctx(t), all[0].ID); err != nil || len(r.Spans) != 1 {
		t.Errorf("other plan's trace after delete: %+v, %v", r, err)
	}
	// A plan saved again after its deletion is new.
	mustSave(t, s, all[1], NewRun(victim, 2))
	if r, err := s.Run(ctx(t), victim); err != nil || len(r.Spans) != 2 {
		t.Errorf("re-saved plan's trace: %+v, %v", r, err)
	}
}

func testRetention(t *testing.T, s orchestrator.PlanStore) {
	all := seed(t, s, 8) // created at base+0s … base+3s, two each
	n, err := s.DeletePlansBefore(ctx(t), base.Add(2*time.Second))
	if err != nil {
		t.Fatalf("DeletePlansBefore: %v", err)
	}
	if n != 4 {
		t.Errorf("DeletePlansBefore removed %d plans, want 4", n)
	}
	got, _ := walk(t, s, orchestrator.PlanFilter{})
	if g, w := ids(got, summaryID), ids(all[:4], planID); !reflect.DeepEqual(g, w) {
		t.Errorf("kept %v, want %v", g, w)
	}
	for _, p := range all[4:] {
		if _, err := s.Run(ctx(t), p.ID); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
			t.Errorf("trace of expired %s still there (err %v)", p.ID, err)
		}
	}
	if n, err := s.DeletePlansBefore(ctx(t), base); err != nil || n != 0 {
		t.Errorf("DeletePlansBefore(nothing older) = %d, %v; want 0, nil", n, err)
	}
}

func testConcurrent(t *testing.T, s orchestrator.PlanStore) {
	const writers, each = 6, 5
	var wg sync.WaitGroup
	errs := make(chan error, writers*each*2)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				id := fmt.Sprintf("pl_c%d_%d", w, i)
				if err := s.SavePlan(ctx(t), NewPlan(id, base.Add(time.Duration(w*each+i)*time.Millisecond), orchestrator.PlanComplete), NewRun(id, 4)); err != nil {
					errs <- fmt.Errorf("save %s: %w", id, err)
				}
				if _, err := s.Plan(ctx(t), id); err != nil {
					errs <- fmt.Errorf("read own write %s: %w", id, err)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got, _ := walk(t, s, orchestrator.PlanFilter{Limit: 7})
	if len(got) != writers*each {
		t.Errorf("listed %d plans, want %d", len(got), writers*each)
	}
}

func testPing(t *testing.T, s orchestrator.PlanStore) {
	if err := s.Ping(ctx(t)); err != nil {
		t.Errorf("Ping: %v", err)
	}
}

// WithCatalogs adds to p the large values stores may keep by reference
// (orchestrator.Sourced.Ref): its first city's attractions and travel
// matrix and a transport leg, built from seed, each with its content
// address, and a leg without one.
func WithCatalogs(p *orchestrator.Plan, seed string) *orchestrator.Plan {
	prov := orchestrator.Provenance{Source: "dataset:chinatravel", FetchedAt: base, TTL: 86400, CacheHit: true}
	attr := []orchestrator.Attraction{{ID: seed + ":a1", Name: "宽窄巷子 " + seed, City: "chengdu", Rating: 4.5},
		{ID: seed + ":a2", Name: "People's Park", City: "chengdu"}}
	m := orchestrator.TravelMatrix{Mode: "driving", IDs: []string{seed + ":a1", seed + ":a2"}, Seconds: [][]int{{0, 600}, {610, 0}}}
	a, _ := json.Marshal(attr)
	mj, _ := json.Marshal(m)
	c := &p.Trip.Cities[0]
	c.Attractions = &orchestrator.Sourced[[]orchestrator.Attraction]{Value: attr, Provenance: prov, Ref: orchestrator.ContentRef(a)}
	c.Matrix = &orchestrator.Sourced[orchestrator.TravelMatrix]{Value: m, Provenance: prov, Ref: orchestrator.ContentRef(mj)}
	leg := orchestrator.TransportLeg{From: "Shanghai", To: "Chengdu", Options: []orchestrator.TransportOption{{ID: seed + ":G1", Mode: "train",
		From: "Shanghai", To: "Chengdu", Depart: "08:00", Arrive: "18:00", Price: orchestrator.Money{Cents: 55000, Currency: "CNY"}}}}
	lj, _ := json.Marshal(leg)
	p.Trip.Transport = append(p.Trip.Transport, orchestrator.Sourced[orchestrator.TransportLeg]{Value: leg, Provenance: prov, Ref: orchestrator.ContentRef(lj)},
		orchestrator.Sourced[orchestrator.TransportLeg]{Value: orchestrator.TransportLeg{From: "Chengdu", To: "Shanghai"}, Provenance: prov})
	return p
}

// testByReference: plans sharing referenced trip values each read back
// whole, also after the other is deleted or replaced; a store that keeps
// plans by reference serves the lean plan as json.Marshal(LeanPlan) with a
// tag that is stable and tells different plans apart.
func testByReference(t *testing.T, s orchestrator.PlanStore) {
	a := WithCatalogs(NewPlan("pl_ref_a", base, orchestrator.PlanComplete), "x")
	b := WithCatalogs(NewPlan("pl_ref_b", base.Add(time.Second), orchestrator.PlanComplete), "x")
	mustSave(t, s, a, nil)
	mustSave(t, s, b, nil)
	for _, p := range []*orchestrator.Plan{a, b} {
		got, err := s.Plan(ctx(t), p.ID)
		if err != nil {
			t.Fatalf("Plan(%s): %v", p.ID, err)
		}
		samePlan(t, got, p)
		raw, err := s.PlanJSON(ctx(t), p.ID)
		if err != nil {
			t.Fatalf("PlanJSON(%s): %v", p.ID, err)
		}
		want, _ := json.Marshal(p)
		sameJSON(t, "PlanJSON "+p.ID, raw, want)
	}
	if ls, ok := s.(orchestrator.LeanPlanStore); ok {
		doc, tagA, err := ls.LeanPlanJSON(ctx(t), a.ID)
		if err != nil {
			t.Fatalf("LeanPlanJSON: %v", err)
		}
		want, _ := json.Marshal(orchestrator.LeanPlan{Plan: a})
		if string(doc) != string(want) {
			t.Fatalf("LeanPlanJSON:\ngot  %s\nwant %s", doc, want)
		}
		_, again, _ := ls.LeanPlanJSON(ctx(t), a.ID)
		_, tagB, _ := ls.LeanPlanJSON(ctx(t), b.ID)
		if tagA == "" || again != tagA || tagB == tagA {
			t.Fatalf("tags: a %q, a again %q, b %q: want stable and distinct", tagA, again, tagB)
		}
	}
	if err := s.DeletePlan(ctx(t), a.ID); err != nil {
		t.Fatalf("DeletePlan: %v", err)
	}
	got, err := s.Plan(ctx(t), b.ID)
	if err != nil {
		t.Fatalf("Plan(%s) after deleting the other plan: %v", b.ID, err)
	}
	samePlan(t, got, b)
	// Replaced with other values: the new ones read back, and after the
	// last referencing plan is gone the old ones are not needed again.
	b2 := WithCatalogs(NewPlan(b.ID, base.Add(time.Second), orchestrator.PlanComplete), "y")
	mustSave(t, s, b2, nil)
	got, err = s.Plan(ctx(t), b.ID)
	if err != nil {
		t.Fatalf("Plan after replace: %v", err)
	}
	samePlan(t, got, b2)
	a2 := WithCatalogs(NewPlan("pl_ref_c", base.Add(2*time.Second), orchestrator.PlanComplete), "x")
	mustSave(t, s, a2, nil)
	got, err = s.Plan(ctx(t), a2.ID)
	if err != nil {
		t.Fatalf("Plan(%s) reusing collected values: %v", a2.ID, err)
	}
	samePlan(t, got, a2)
	if n, err := s.DeletePlansBefore(ctx(t), base.Add(time.Hour)); err != nil || n != 2 {
		t.Fatalf("DeletePlansBefore = %d, %v; want 2", n, err)
	}
}

// ValueCounter is a store that keeps trip values by reference and can say
// how many it holds: the contract then checks that they are collected
// when no plan refers to them any more.
type ValueCounter interface {
	TripValues(ctx context.Context) (int, error)
}

// testCollectValues: trip values shared by plans stay while a plan refers
// to them and are removed once none does (DeletePlan, retention); a value
// collected is stored again by the next plan that needs it, also when the
// store had seen it before; and plans saved while others are deleted
// always read back whole (collection is safe against concurrent saves).
func testCollectValues(t *testing.T, s orchestrator.PlanStore) {
	vc, ok := s.(ValueCounter)
	if !ok {
		t.Skip("the store keeps no trip values by reference")
	}
	count := func(what string, want int) {
		t.Helper()
		n, err := vc.TripValues(ctx(t))
		if err != nil || n != want {
			t.Fatalf("%s: %d trip values stored (%v), want %d", what, n, err, want)
		}
	}
	a := WithCatalogs(NewPlan("pl_gc_a", base, orchestrator.PlanComplete), "x")
	b := WithCatalogs(NewPlan("pl_gc_b", base.Add(time.Second), orchestrator.PlanComplete), "x")
	mustSave(t, s, a, nil)
	mustSave(t, s, b, nil)
	count("two plans sharing three values", 3)
	if err := s.DeletePlan(ctx(t), a.ID); err != nil {
		t.Fatal(err)
	}
	count("after deleting one of them", 3)
	if err := s.DeletePlan(ctx(t), b.ID); err != nil {
		t.Fatal(err)
	}
	count("after deleting the last plan referring to them", 0)
	// The store has seen these values: it must store them again.
	c := WithCatalogs(NewPlan("pl_gc_c", base.Add(2*time.Second), orchestrator.PlanComplete), "x")
	mustSave(t, s, c, nil)
	got, err := s.Plan(ctx(t), c.ID)
	if err != nil {
		t.Fatalf("plan reusing collected values: %v", err)
	}
	samePlan(t, got, c)
	// Replaced by a plan with other values, then expired by retention.
	mustSave(t, s, WithCatalogs(NewPlan(c.ID, base.Add(2*time.Second), orchestrator.PlanComplete), "y"), nil)
	if n, err := s.DeletePlansBefore(ctx(t), base.Add(time.Hour)); err != nil || n != 1 {
		t.Fatalf("DeletePlansBefore = %d, %v; want 1", n, err)
	}
	count("after retention removed every plan", 0)

	// Saves racing deletions of plans sharing their values.
	const n = 12
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for i := range n {
		wg.Add(2)
		go func() {
			defer wg.Done()
			p := WithCatalogs(NewPlan(fmt.Sprintf("pl_gc_keep_%02d", i), base.Add(time.Duration(i)*time.Minute), orchestrator.PlanComplete), "z")
			errs <- s.SavePlan(ctx(t), p, nil)
		}()
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("pl_gc_drop_%02d", i)
			if err := s.SavePlan(ctx(t), WithCatalogs(NewPlan(id, base, orchestrator.PlanComplete), "z"), nil); err != nil {
				errs <- err
				return
			}
			errs <- s.DeletePlan(ctx(t), id)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("concurrent save or delete: %v", err)
		}
	}
	for i := range n {
		want := WithCatalogs(NewPlan(fmt.Sprintf("pl_gc_keep_%02d", i), base.Add(time.Duration(i)*time.Minute), orchestrator.PlanComplete), "z")
		got, err := s.Plan(ctx(t), want.ID)
		if err != nil {
			t.Fatalf("plan saved while others were deleted: %v", err)
		}
		samePlan(t, got, want)
	}
	count("twelve plans sharing three values", 3)
}
