package dag_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
)

// Example builds a small trip-like graph, compiles it and runs it. The
// optional "weather" node fails; the run goes on and "plan" sees the error.
func Example() {
	// Add errors may be ignored here: Compile reports the first one again.
	g := dag.New[string]()
	g.Add(dag.Node[string]{ID: "geocode", Route: "mcp", Run: func(ctx context.Context, _ dag.Deps[string]) (string, error) {
		dag.MarkCacheHit(ctx)
		return "Kyoto 35.01,135.77", nil
	}})
	g.Add(dag.Node[string]{ID: "weather", Route: "mcp", Deps: []string{"geocode"}, Optional: true,
		Retry: dag.Retry{Attempts: 2},
		Run: func(context.Context, dag.Deps[string]) (string, error) {
			return "", dag.Transient(errors.New("upstream 503"))
		}})
	g.Add(dag.Node[string]{ID: "attractions", Route: "mcp", Deps: []string{"geocode"},
		Run: func(_ context.Context, d dag.Deps[string]) (string, error) {
			place, _ := d.Value("geocode")
			return "temples near " + place, nil
		}})
	g.Add(dag.Node[string]{ID: "plan", Deps: []string{"attractions", "weather"},
		Run: func(_ context.Context, d dag.Deps[string]) (string, error) {
			sights, _ := d.Value("attractions")
			if err := d.Err("weather"); err != nil {
				return sights + " (no forecast: " + err.Error() + ")", nil
			}
			return sights, nil
		}})

	r, err := g.Compile(&dag.Options{
		RouteLimits: map[string]int{"mcp": 2},
		Jitter:      func(time.Duration) time.Duration { return 0 },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := r.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("plan:", res.Values["plan"])
	for _, id := range slices.Sorted(maps.Keys(res.Errors)) {
		fmt.Printf("note: %s: %v\n", id, res.Errors[id])
	}
	for _, s := range res.Trace {
		fmt.Printf("%s route=%s cache=%v attempts=%d failed=%v\n", s.Node, s.Route, s.CacheHit, s.Attempts, s.Err != nil)
	}
	// Output:
	// plan: temples near Kyoto 35.01,135.77 (no forecast: upstream 503)
	// note: weather: upstream 503
	// geocode route=mcp cache=true attempts=1 failed=false
	// attractions route=mcp cache=false attempts=1 failed=false
	// weather route=mcp cache=false attempts=2 failed=true
	// plan route= cache=false attempts=1 failed=false
}

// ExampleGraph_Compile shows a cycle rejected with the loop named.
func ExampleGraph_Compile() {
	g := dag.New[int]()
	noop := func(context.Context, dag.Deps[int]) (int, error) { return 0, nil }
	g.Add(dag.Node[int]{ID: "itinerary", Deps: []string{"budget"}, Run: noop})
	g.Add(dag.Node[int]{ID: "budget", Deps: []string{"verify"}, Run: noop})
	g.Add(dag.Node[int]{ID: "verify", Deps: []string{"itinerary"}, Run: noop})
	_, err := g.Compile(nil)
	fmt.Println(err)
	fmt.Println(errors.Is(err, dag.ErrCycle))
	// Output:
	// dag: cycle: budget -> itinerary -> verify -> budget
	// true
}
