package pipeline_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// BenchmarkWarmPlan measures a plan whose every cacheable subtask is in the
// knowledge cache (real Redis when REDIS_URL is set, miniredis otherwise):
// decomposition, one lookup round trip, decisions, the DAG run and assembly.
// Storing the plan is excluded (an in-memory store); see the sqlite package
// for SavePlan.
func BenchmarkWarmPlan(b *testing.B) {
	f := newFixture(b, pipeline.Options{})
	ctx := context.Background()
	br := brief(b)
	if _, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: br}); err != nil {
		b.Fatal(err)
	}
	calls := f.tools.count("geocode") + f.tools.count("weather")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		p, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: br})
		if err != nil {
			b.Fatal(err)
		}
		if p.Trace.CacheHits != 3 {
			b.Fatalf("not warm: %+v", p.Trace)
		}
	}
	b.StopTimer()
	if got := f.tools.count("geocode") + f.tools.count("weather"); got != calls {
		b.Fatalf("warm plans called tools %d times", got-calls)
	}
}

// BenchmarkWarmPlanChinaTravel measures a complete plan — data from the
// knowledge cache (the ChinaTravel sandbox imported), the planner, the
// budget and the verifier — for Shanghai → Chengdu, 3 days, by train.
func BenchmarkWarmPlanChinaTravel(b *testing.B) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		b.Skipf("dataset missing: %v", err)
	}
	f := newFixture(b, pipeline.Options{Local: pipeline.PlannerSteps()})
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	put := func(ctx context.Context, kind, hash string, p json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error {
		return f.kb.Put(ctx, knowledgebase.Key{Kind: kind, Hash: hash}, knowledgebase.Entry{Payload: p, Provenance: prov}, ttl)
	}
	if _, err := cat.Import(ctx, put, datasets.ImportOptions{Cities: []string{"chengdu", "shanghai"}, Now: f.clk.Now}); err != nil {
		b.Fatal(err)
	}
	br := orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu"}, StartDate: "2026-06-19", Days: 3,
		Budget:      &orchestrator.Budget{Amount: 2000, Currency: "CNY", PerPerson: true},
		Constraints: orchestrator.Constraints{TransportPrefer: []string{"train"}}, Now: "2026-06-10T10:00:00+08:00"}
	if err := br.Normalize(f.clk.Now()); err != nil {
		b.Fatal(err)
	}
	if _, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: br}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		p, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: br})
		if err != nil || p.Itinerary == nil {
			b.Fatalf("plan: %v", err)
		}
	}
}
