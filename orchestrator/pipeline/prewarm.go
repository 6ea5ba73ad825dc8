package pipeline

import (
	"context"
	"sync"

	"github.com/sourcegraph/conc/pool"

	"github.com/tripweave/tripweave/orchestrator"
)

// PrewarmResult is the outcome for one destination.
type PrewarmResult struct {
	City      string `json:"city"`
	Subtasks  int    `json:"subtasks"`
	CacheHits int    `json:"cache_hits"`
	Fetched   int    `json:"fetched"`
	Failed    int    `json:"failed"`
	// Errors maps subtask kind to the reason it could not be warmed.
	Errors map[string]string `json:"errors,omitempty"`
}

// Prewarm runs the static-knowledge subtasks of each city (geocode, guide,
// attractions, restaurants) so that later plans find them in the knowledge
// cache. At most concurrency cities run at once; progress is called after
// each city, from the goroutine that finished it, serialized. Results come
// back in the order of cities.
func (s *Service) Prewarm(ctx context.Context, cities []string, language string, concurrency int, progress func(done, total int, r PrewarmResult)) []PrewarmResult {
	if concurrency <= 0 {
		concurrency = 4
	}
	if language == "" {
		language = "en"
	}
	out := make([]PrewarmResult, len(cities))
	var mu sync.Mutex
	done := 0
	p := pool.New().WithContext(ctx).WithMaxGoroutines(concurrency)
	for i, city := range cities {
		p.Go(func(ctx context.Context) error {
			r := s.prewarmCity(ctx, city, language)
			out[i] = r
			if progress != nil {
				mu.Lock()
				done++
				progress(done, len(cities), r)
				mu.Unlock()
			}
			return nil
		})
	}
	_ = p.Wait()
	return out
}

func (s *Service) prewarmCity(ctx context.Context, city, language string) PrewarmResult {
	r := PrewarmResult{City: city}
	b := orchestrator.Brief{Destinations: []string{city}, Days: 1, Language: language}
	static := map[orchestrator.Kind]bool{}
	for k, spec := range orchestrator.Kinds {
		if spec.Category == orchestrator.StaticKnowledge {
			static[k] = true
		}
	}
	subtasks := filterKinds(orchestrator.Decompose(&b), static)
	r.Subtasks = len(subtasks)
	res, err := s.run(ctx, &b, subtasks, nil)
	if res == nil {
		r.Failed = len(subtasks)
		r.Errors = map[string]string{"run": orchestrator.ErrorMessage(err)}
		return r
	}
	for _, sp := range res.Trace {
		switch {
		case sp.Err != nil:
			r.Failed++
			if r.Errors == nil {
				r.Errors = map[string]string{}
			}
			r.Errors[sp.Node] = orchestrator.ErrorMessage(unwrapNode(sp.Err))
		case sp.CacheHit:
			r.CacheHits++
		default:
			r.Fetched++
		}
	}
	return r
}
