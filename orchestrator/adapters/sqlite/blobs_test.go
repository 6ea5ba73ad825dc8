package sqlite

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// count runs q on the database file, every plan s acknowledged applied.
func count(t *testing.T, s *Store, q string) int {
	t.Helper()
	if err := s.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.r.QueryRow(q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestBlobsStoredOnce: plans sharing a catalog store it once, the plan
// rows hold no catalog, a ref that is not its value's address is refused,
// and deleting the last plan that references a value removes it.
func TestBlobsStoredOnce(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for i, id := range []string{"a", "b", "c"} {
		p := storetest.WithCatalogs(storetest.NewPlan(id, t0.Add(time.Duration(i)*time.Second), orchestrator.PlanComplete), "x")
		if err := s.SavePlan(ctx, p, nil); err != nil {
			t.Fatal(err)
		}
	}
	if n := count(t, s, `SELECT count(*) FROM blobs`); n != 3 {
		t.Errorf("blobs = %d, want 3 (attractions, matrix and a leg, once)", n)
	}
	if n := count(t, s, `SELECT count(*) FROM plans WHERE instr(trip, '宽窄巷子') > 0 OR instr(doc, '宽窄巷子') > 0`); n != 0 {
		t.Errorf("%d plan rows hold the catalog itself", n)
	}
	bad := storetest.WithCatalogs(storetest.NewPlan("bad", t0, orchestrator.PlanComplete), "z")
	bad.Trip.Cities[0].Attractions.Value[0].Name = "changed after the ref was taken"
	if err := s.SavePlan(ctx, bad, nil); orchestrator.ErrorCode(err) != orchestrator.EINVALID {
		t.Errorf("SavePlan with a wrong ref = %v, want EINVALID", err)
	}
	if err := s.DeletePlan(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, `SELECT count(*) FROM blobs`); n != 3 {
		t.Errorf("blobs after deleting one of three plans = %d, want 3", n)
	}
	if n, err := s.DeletePlansBefore(ctx, t0.Add(time.Hour)); err != nil || n != 2 {
		t.Fatalf("DeletePlansBefore = %d, %v", n, err)
	}
	if n := count(t, s, `SELECT count(*) FROM blobs`); n != 0 {
		t.Errorf("blobs after deleting every plan = %d, want 0", n)
	}
	// Stored again after collection, though this store remembered them.
	p := storetest.WithCatalogs(storetest.NewPlan("d", t0, orchestrator.PlanComplete), "x")
	if err := s.SavePlan(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Plan(ctx, "d"); err != nil {
		t.Fatal(err)
	}
}

// TestBlobsCollectedByAnotherProcess: a value another store on the same
// file collected is written again, not referenced dangling.
func TestBlobsCollectedByAnotherProcess(t *testing.T) {
	ctx := context.Background()
	a, b := openTwo(t)
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	if err := a.SavePlan(ctx, storetest.WithCatalogs(storetest.NewPlan("p1", t0, orchestrator.PlanComplete), "x"), nil); err != nil {
		t.Fatal(err)
	}
	// a holds the journal: another process sees its plans once applied.
	if err := a.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := b.DeletePlan(ctx, "p1"); err != nil {
		t.Fatal(err)
	}
	p := storetest.WithCatalogs(storetest.NewPlan("p2", t0, orchestrator.PlanComplete), "x")
	if err := a.SavePlan(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	if err := a.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := b.Plan(ctx, "p2")
	if err != nil {
		t.Fatal(err)
	}
	if got.Trip.Cities[0].Attractions == nil || len(got.Trip.Cities[0].Attractions.Value) != 2 {
		t.Fatalf("attractions read back: %+v", got.Trip.Cities[0].Attractions)
	}
}

// TestLegacyRows: a plan written before plans were stored by reference
// (the whole plan in doc, spans as rows) still reads back in every form.
func TestLegacyRows(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	p, r := testPlan("old")
	doc := mustJSON(t, p)
	if _, err := s.w.Exec(`INSERT INTO plans (id, created_at, status, brief_key, doc) VALUES (?, ?, ?, ?, ?)`,
		p.ID, p.CreatedAt.UTC().Format(timeLayout), p.Status, orchestrator.BriefKey(&p.Brief), string(doc)); err != nil {
		t.Fatal(err)
	}
	for i, sp := range r.Spans {
		if _, err := s.w.Exec(`INSERT INTO spans (plan_id, seq, node, kind, route, cache_hit, attempts, start, duration_ms, status, error)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.ID, i, sp.Node, string(sp.Kind), sp.Route, sp.CacheHit, sp.Attempts,
			sp.Start.Format(time.RFC3339Nano), sp.DurationMS, sp.Status, sp.Error); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Plan(ctx, p.ID)
	if err != nil || string(mustJSON(t, got)) != string(doc) {
		t.Fatalf("Plan = %s, %v", mustJSON(t, got), err)
	}
	lean, tag, err := s.LeanPlanJSON(ctx, p.ID)
	if want := mustJSON(t, orchestrator.LeanPlan{Plan: p}); err != nil || string(lean) != string(want) || tag == "" {
		t.Fatalf("LeanPlanJSON = %s, %q, %v", lean, tag, err)
	}
	run, err := s.Run(ctx, p.ID)
	if err != nil || string(mustJSON(t, run)) != string(mustJSON(t, r)) {
		t.Fatalf("Run = %s, %v", mustJSON(t, run), err)
	}
	// Saved again: the new form replaces the old, spans rows included.
	if err := s.SavePlan(ctx, p, r); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, `SELECT count(*) FROM spans`); n != 0 {
		t.Errorf("%d legacy span rows left", n)
	}
}

// openTwo opens two stores on one file, as two processes would: the first
// holds the journal.
func openTwo(t *testing.T) (a, b *Store) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "plans.db")
	a, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	b, err = Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b
}
