package pipeline_test

import (
	"context"
	"testing"

	"github.com/tripweave/tripweave/orchestrator/pipeline"
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
