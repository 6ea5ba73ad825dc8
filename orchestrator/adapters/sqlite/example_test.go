package sqlite_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/sqlite"
)

func ExampleOpen() {
	dir, err := os.MkdirTemp("", "tripweave")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(dir, "data", "plans.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()

	plan := &orchestrator.Plan{
		ID:        "p-123",
		CreatedAt: time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC),
		Brief:     orchestrator.Brief{Destinations: []string{"Kyoto"}, Days: 3},
		Status:    orchestrator.PlanComplete,
	}
	run := &orchestrator.Run{PlanID: "p-123", Spans: []orchestrator.Span{
		{Node: "geocode:1", Kind: orchestrator.KindGeocode, Route: "cache", CacheHit: true, Attempts: 1, Status: "ok"},
	}}
	if err := store.SavePlan(ctx, plan, run); err != nil {
		log.Fatal(err)
	}

	got, err := store.Plan(ctx, "p-123")
	if err != nil {
		log.Fatal(err)
	}
	trace, err := store.Run(ctx, "p-123")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(got.Status, got.Brief.Destinations, len(trace.Spans), trace.Spans[0].Route)

	_, err = store.Plan(ctx, "p-404")
	fmt.Println(orchestrator.ErrorCode(err))
	// Output:
	// complete [Kyoto] 1 cache
	// not_found
}
