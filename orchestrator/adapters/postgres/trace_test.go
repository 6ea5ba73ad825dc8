package postgres

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// A trace is one column of its plan's row since migration 7; a plan saved
// before keeps its trace as rows of spans, which Run reads when the column
// is empty, in order. Saving the plan again moves its trace to the column
// and drops the old rows.
func TestTraceRowsBeforeMigration7(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	p := storetest.NewPlan("pl_trace", time.Unix(1796000000, 0).UTC(), orchestrator.PlanComplete)
	run := storetest.NewRun(p.ID, 5)
	if err := s.SavePlan(ctx, p, run); err != nil {
		t.Fatal(err)
	}
	var trace *string
	var rows int
	if err := s.pool.QueryRow(ctx, `SELECT trace, (SELECT count(*) FROM spans WHERE plan_id = $1) FROM plans WHERE id = $1`, p.ID).Scan(&trace, &rows); err != nil {
		t.Fatal(err)
	}
	if trace == nil || rows != 0 {
		t.Fatalf("saved: trace %v, %d rows of spans; want the trace on the plan's row alone", trace, rows)
	}
	got, err := s.Run(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Spans, run.Spans) {
		t.Fatalf("Run from the trace column:\n got %+v\nwant %+v", got.Spans, run.Spans)
	}

	// As a plan saved before migration 7: no column, a row per span,
	// inserted out of order.
	if _, err := s.pool.Exec(ctx, `UPDATE plans SET trace = NULL WHERE id = $1`, p.ID); err != nil {
		t.Fatal(err)
	}
	for i := len(run.Spans) - 1; i >= 0; i-- {
		sp := run.Spans[i]
		if _, err := s.pool.Exec(ctx, `INSERT INTO spans (plan_id, seq, node, kind, route, cache_hit, attempts, start, duration_ms, status, error)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, p.ID, i, sp.Node, string(sp.Kind), sp.Route, sp.CacheHit, sp.Attempts,
			sp.Start.Format(time.RFC3339Nano), sp.DurationMS, sp.Status, sp.Error); err != nil {
			t.Fatal(err)
		}
	}
	if got, err = s.Run(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Spans, run.Spans) {
		t.Fatalf("Run from rows of spans:\n got %+v\nwant %+v", got.Spans, run.Spans)
	}
	if err := s.SavePlan(ctx, p, run); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.QueryRow(ctx, `SELECT trace, (SELECT count(*) FROM spans WHERE plan_id = $1) FROM plans WHERE id = $1`, p.ID).Scan(&trace, &rows); err != nil {
		t.Fatal(err)
	}
	if trace == nil || rows != 0 {
		t.Fatalf("saved again: trace %v, %d rows of spans; want the trace on the plan's row alone", trace, rows)
	}
}
