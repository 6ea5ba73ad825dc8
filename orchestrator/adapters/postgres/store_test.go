package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

func openTest(t *testing.T) *Store {
	t.Helper()
	url, schema := pgtest.Schema(t)
	s, err := Open(context.Background(), url, &Options{Schema: schema, MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) orchestrator.PlanStore { return openTest(t) })
}

func TestMigrate(t *testing.T) {
	url, schema := pgtest.Schema(t)
	ctx := context.Background()
	from, to, err := Migrate(ctx, url, &Options{Schema: schema})
	if err != nil || from != 0 || to != len(Migrations) {
		t.Fatalf("first Migrate = %d→%d, %v; want 0→%d", from, to, err, len(Migrations))
	}
	// Replicas starting together migrate once between them.
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			s, err := Open(ctx, url, &Options{Schema: schema})
			if err == nil {
				err = s.Close()
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Errorf("concurrent Open: %v", err)
		}
	}
	from, to, err = Migrate(ctx, url, &Options{Schema: schema})
	if err != nil || from != len(Migrations) || to != len(Migrations) {
		t.Errorf("second Migrate = %d→%d, %v; want nothing to do", from, to, err)
	}
	s := openTest(t)
	if v, err := s.Version(ctx); err != nil || v != len(Migrations) {
		t.Errorf("Version = %d, %v", v, err)
	}

	// A schema from a newer program is refused, not downgraded.
	if _, err := s.pool.Exec(ctx, `INSERT INTO tripweave_schema (version) VALUES (99)`); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, url, &Options{Schema: s.schema}); err == nil || !strings.Contains(err.Error(), "schema version 99 is newer") {
		t.Errorf("Open of a newer schema: %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	url := pgtest.URL(t)
	ctx := context.Background()
	_, err := Open(ctx, "postgres://user:secret@[::1", nil)
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("malformed URL: %v (must fail without echoing the password)", err)
	}
	if _, err := Open(ctx, strings.Replace(url, "5432", "1", 1)+"&connect_timeout=2", nil); err == nil {
		t.Error("unreachable server: no error")
	}
}

// TestIndexes checks that a page of a list reads an index in list order
// instead of sorting the table.
func TestIndexes(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	for i := range 200 {
		p := storetest.NewPlan(fmt.Sprintf("pl_%04d", i), time.Unix(1796000000+int64(i), 0).UTC(), orchestrator.PlanStatuses[i%3])
		if err := s.SavePlan(ctx, p, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.pool.Exec(ctx, `ANALYZE plans`); err != nil {
		t.Fatal(err)
	}
	rows, err := s.pool.Query(ctx, `EXPLAIN SELECT id FROM plans WHERE status = 'partial' ORDER BY created_ns DESC, id DESC LIMIT 5`)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	plan := strings.Join(lines, "\n")
	if !strings.Contains(plan, "Index Scan using plans_") || strings.Contains(plan, "Sort") {
		t.Errorf("list by status plans %q, want an index scan in list order and no sort", plan)
	}
}

// TestGroupCommit: plans saved at the same time are committed together and
// every one is stored whole.
func TestGroupCommit(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	const n = 24
	errs := make(chan error, n)
	for i := range n {
		go func() {
			p := &orchestrator.Plan{ID: fmt.Sprintf("pl_group_%02d", i), CreatedAt: time.Unix(int64(1e9+i), 0).UTC(),
				Status: orchestrator.PlanComplete, Brief: orchestrator.Brief{Destinations: []string{"Chengdu"}, Days: i%4 + 1}}
			errs <- s.SaveLeanPlan(ctx, p, nil, &orchestrator.Run{PlanID: p.ID, Spans: []orchestrator.Span{{Node: "geocode:x", Kind: "geocode", Status: "ok"}}})
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for i := range n {
		id := fmt.Sprintf("pl_group_%02d", i)
		p, err := s.Plan(ctx, id)
		if err != nil || p.Brief.Days != i%4+1 {
			t.Errorf("%s: %+v, %v", id, p, err)
		}
		if r, err := s.Run(ctx, id); err != nil || len(r.Spans) != 1 {
			t.Errorf("%s trace: %+v, %v", id, r, err)
		}
	}
}

// TestPlanJSONBytes: PlanJSON of a plan saved by reference is byte for
// byte json.Marshal of the plan (its values spliced in as stored).
func TestPlanJSONBytes(t *testing.T) {
	url, schema := pgtest.Schema(t)
	ctx := context.Background()
	s, err := Open(ctx, url, &Options{Schema: schema})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p := benchPlan("pl_bytes", 40)
	p.Trip.Cities = append(p.Trip.Cities, p.Trip.Cities[0]) // the same sections twice
	if err := s.SavePlan(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(p)
	got, err := s.PlanJSON(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("PlanJSON differs from json.Marshal:\ngot  %s\nwant %s", got, want)
	}
}
