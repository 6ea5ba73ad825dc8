package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) orchestrator.PlanStore { return openTest(t) })
}

// TestMigrateFromVersion1 opens a database written by the first schema and
// lists its plans through the indexes the second one adds.
func TestMigrateFromVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := sql.Open("sqlite", dsn(path, "_pragma=foreign_keys(1)"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL) STRICT`,
		migrations[0],
		`INSERT INTO schema_version VALUES (1, 1)`,
		`INSERT INTO plans VALUES ('pl_old', '2026-01-02T03:04:05.000000000Z', 'complete', 'k', '{"id":"pl_old","query":"old","brief":{"destinations":["Kyoto"],"days":2},"status":"complete"}')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	_ = db.Close()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	page, err := s.ListPlans(context.Background(), orchestrator.PlanFilter{Status: orchestrator.PlanComplete})
	if err != nil {
		t.Fatal(err)
	}
	want := orchestrator.PlanSummary{ID: "pl_old", CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Status: "complete",
		Query: "old", Destinations: []string{"Kyoto"}, Days: 2}
	if len(page.Plans) != 1 || page.Plans[0].ID != want.ID || !page.Plans[0].CreatedAt.Equal(want.CreatedAt) ||
		page.Plans[0].Query != want.Query || page.Plans[0].Days != 2 || page.Plans[0].Destinations[0] != "Kyoto" {
		t.Errorf("page = %+v, want [%+v]", page, want)
	}
	var plan string
	if err := s.r.QueryRow(`EXPLAIN QUERY PLAN SELECT id FROM plans WHERE status = 'partial' ORDER BY created_at DESC, id DESC LIMIT 5`).Scan(new(int), new(int), new(int), &plan); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plan, "INDEX plans_status_created_id") {
		t.Errorf("query plan %q does not use plans_status_created_id", plan)
	}
}

// TestUnversionedDropsBriefKeyIndex checks that plans_brief_key, which no
// query reads, is gone from a database migrated from version 1 and from a
// new one, without a schema version a binary of this version would refuse.
func TestUnversionedDropsBriefKeyIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := sql.Open("sqlite", dsn(path, ""))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL) STRICT`,
		migrations[0],
		`INSERT INTO schema_version VALUES (1, 1)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	_ = db.Close()
	for _, p := range []string{path, filepath.Join(t.TempDir(), "new.db")} {
		for range 2 { // and again: the drop is idempotent
			s, err := Open(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			var n, version int
			if err := s.r.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'plans_brief_key'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if err := s.r.QueryRow(`SELECT version FROM schema_version`).Scan(&version); err != nil {
				t.Fatal(err)
			}
			_ = s.Close()
			if n != 0 || version != len(migrations) {
				t.Errorf("%s: plans_brief_key indexes = %d, version = %d; want 0, %d", p, n, version, len(migrations))
			}
		}
	}
}

// TestPageSize: a new database takes pageSize; one an older binary created
// in 4 KiB pages keeps them, and its rows read back and take new plans.
func TestPageSize(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	var ps int
	if err := s.r.QueryRow(`PRAGMA page_size`).Scan(&ps); err != nil || ps != pageSize {
		t.Errorf("new database: page_size = %d (%v), want %d", ps, err, pageSize)
	}

	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", dsn(path, "_pragma=journal_mode(WAL)"))
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	_ = db.Close()
	old, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	p, r := testPlan("p_old")
	if err := old.SavePlan(ctx, p, r); err != nil {
		t.Fatal(err)
	}
	_ = old.Close()
	old, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	if err := old.r.QueryRow(`PRAGMA page_size`).Scan(&ps); err != nil || ps != 4096 {
		t.Errorf("database created in 4 KiB pages: page_size = %d (%v), want 4096", ps, err)
	}
	got, err := old.PlanJSON(ctx, "p_old")
	if err != nil || string(got) != string(mustJSON(t, p)) {
		t.Errorf("PlanJSON = %s, %v; want %s", got, err, mustJSON(t, p))
	}
}
