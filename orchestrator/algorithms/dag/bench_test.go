package dag_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
)

// fanGraph builds a 64-node no-op graph: 1 → 62 → 1.
func fanGraph(tb testing.TB) *dag.Graph[int] {
	g := dag.New[int]()
	noop := func(context.Context, dag.Deps[int]) (int, error) { return 1, nil }
	mids := make([]string, 62)
	for i := range mids {
		mids[i] = fmt.Sprintf("mid-%02d", i)
	}
	mustAdd(tb, g, dag.Node[int]{ID: "src", Run: noop})
	for _, id := range mids {
		mustAdd(tb, g, dag.Node[int]{ID: id, Deps: []string{"src"}, Run: noop})
	}
	mustAdd(tb, g, dag.Node[int]{ID: "sink", Deps: mids, Run: func(_ context.Context, d dag.Deps[int]) (int, error) {
		sum := 0
		for _, id := range mids {
			v, _ := d.Value(id)
			sum += v
		}
		return sum, nil
	}})
	return g
}

// BenchmarkEngineOverhead measures Add + Compile + Run of a 64-node no-op
// graph (1 → 62 → 1) per iteration.
func BenchmarkEngineOverhead(b *testing.B) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		r, err := fanGraph(b).Compile(nil)
		if err != nil {
			b.Fatal(err)
		}
		res, err := r.Run(ctx, nil)
		if err != nil || res.Values["sink"] != 62 {
			b.Fatalf("Run = %v, %v", res.Values["sink"], err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*64), "ns/node")
}

// BenchmarkEngineOverheadRunOnly measures Run alone of the same graph,
// compiled once.
func BenchmarkEngineOverheadRunOnly(b *testing.B) {
	ctx := context.Background()
	r, err := fanGraph(b).Compile(nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Run(ctx, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*64), "ns/node")
}

// BenchmarkParallelism runs 20 sleeping nodes in four layers and reports
// wall time over the critical path (1.00 is perfect parallelism).
func BenchmarkParallelism(b *testing.B) {
	type spec struct {
		id   string
		ms   int
		deps []string
	}
	specs := []spec{
		{"geocode", 50, nil},
		{"guide", 300, []string{"geocode"}},
		{"attractions", 200, []string{"geocode"}},
		{"restaurants", 150, []string{"geocode"}},
		{"hotels", 250, []string{"geocode"}},
		{"weather", 100, []string{"geocode"}},
		{"fx", 60, nil},
		{"transport", 280, []string{"geocode"}},
		{"flights", 220, nil},
		{"events", 90, []string{"geocode"}},
		{"matrix", 120, []string{"attractions", "restaurants", "hotels"}},
		{"photos", 70, []string{"attractions"}},
		{"reviews", 160, []string{"restaurants"}},
		{"rooms", 130, []string{"hotels", "fx"}},
		{"routes", 110, []string{"transport", "matrix"}},
		{"itinerary", 90, []string{"matrix", "weather", "guide", "events"}},
		{"budget", 60, []string{"itinerary", "rooms", "flights", "fx"}},
		{"verify", 50, []string{"budget", "routes"}},
		{"summary", 80, []string{"itinerary", "photos", "reviews"}},
		{"render", 70, []string{"verify", "summary"}},
	}
	// Critical path: the longest chain of sleeps.
	finish := map[string]int{}
	critical := 0
	for _, s := range specs { // specs are listed in a topological order
		start := 0
		for _, d := range s.deps {
			start = max(start, finish[d])
		}
		finish[s.id] = start + s.ms
		critical = max(critical, finish[s.id])
	}
	criticalPath := time.Duration(critical) * time.Millisecond

	ctx := context.Background()
	for b.Loop() {
		g := dag.New[int]()
		for _, s := range specs {
			mustAdd(b, g, dag.Node[int]{ID: s.id, Deps: s.deps, Run: func(ctx context.Context, _ dag.Deps[int]) (int, error) {
				t := time.NewTimer(time.Duration(s.ms) * time.Millisecond)
				defer t.Stop()
				select {
				case <-t.C:
					return s.ms, nil
				case <-ctx.Done():
					return 0, ctx.Err()
				}
			}})
		}
		r, err := g.Compile(nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.Run(ctx, nil); err != nil {
			b.Fatal(err)
		}
	}
	ratio := float64(b.Elapsed()) / float64(b.N) / float64(criticalPath)
	b.ReportMetric(ratio, "wall/critical")
	b.ReportMetric(float64(criticalPath.Milliseconds()), "critical-ms")
	if ratio > 1.15 {
		b.Errorf("wall/critical = %.3f, want ≤ 1.15", ratio)
	}
}
