package postgres

import (
	"context"
	"testing"

	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// TestPlanColumnsLZ4 checks migration 8: a saved plan's large columns are
// compressed with LZ4 (pglz cost a save about 0.3 ms of the server's CPU)
// on a server that has it.
func TestPlanColumnsLZ4(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, lz4 := tx.Exec(ctx, `SET LOCAL default_toast_compression = lz4`)
	_ = tx.Rollback(ctx)
	if lz4 != nil {
		t.Skipf("this PostgreSQL server has no lz4: %v", lz4)
	}
	p := benchPlan("pl_lz4", 300)
	if err := s.SavePlan(ctx, p, storetest.NewRun(p.ID, 30)); err != nil {
		t.Fatal(err)
	}
	var lean, trip, trace, value *string
	if err := s.pool.QueryRow(ctx, `SELECT pg_column_compression(lean), pg_column_compression(trip), pg_column_compression(trace),
		(SELECT pg_column_compression(value) FROM blobs WHERE ref = $2) FROM plans WHERE id = $1`,
		p.ID, p.Trip.Cities[0].Attractions.Ref).Scan(&lean, &trip, &trace, &value); err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]*string{"lean": lean, "trip": trip, "trace": trace, "blobs.value": value} {
		// A value too small to compress is stored as it is (NULL).
		if got != nil && *got != "lz4" {
			t.Errorf("%s compressed with %s, want lz4", name, *got)
		}
	}
	if lean == nil || value == nil {
		t.Errorf("lean %v, blobs.value %v: want both compressed (lz4)", lean, value)
	}
}
