package pipeline

import (
	"context"
	"encoding/json"
	"errors"
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
	// Unwarmed counts the live-condition subtasks (the weather) that could
	// not be warmed: best effort, not failures — a plan fetches them when
	// it needs them; their reasons are in Errors too.
	Unwarmed int `json:"unwarmed,omitempty"`
	// Errors maps subtask kind to the reason it could not be warmed.
	Errors map[string]string `json:"errors,omitempty"`
	// Transient is set when some failure may pass on a later attempt (a
	// timeout, an upstream 5xx), not when every one is final (an unknown
	// city, a spent daily quota).
	Transient bool `json:"transient,omitempty"`
}

// transient reports whether a node's error may pass on retry.
func transient(err error) bool {
	var ue *orchestrator.UpstreamError
	if errors.As(err, &ue) {
		return ue.Retryable
	}
	switch orchestrator.ErrorCode(err) {
	case orchestrator.ETIMEOUT, orchestrator.EUNAVAILABLE, orchestrator.ECANCELED, orchestrator.EINTERNAL:
		return true
	}
	return false
}

// Prewarm runs the static-knowledge subtasks of each city (geocode, guide,
// attractions, restaurants) and its weather (WarmWeatherDays) so that later
// plans find them in the knowledge cache, and every date's weather in the
// agent's knowledge of the city. At most concurrency cities run at once; progress is called after
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

// PrewarmKinds warms the subtasks of the given kinds for one city, with the
// subtasks they depend on (a geocode, usually already cached): the unit of
// work of a distributed pre-warm. Kinds that are not static knowledge are
// left out, but for those warmed over dates (KindSpec.WarmsDates: the
// weather, see WarmWeatherDays). A subtask whose cache entry is fresh is a
// cache hit, not a fetch.
func (s *Service) PrewarmKinds(ctx context.Context, city, language string, kinds []orchestrator.Kind) PrewarmResult {
	if language == "" {
		language = "en"
	}
	want := map[orchestrator.Kind]bool{}
	for _, k := range kinds {
		spec := orchestrator.Kinds[k]
		want[k] = spec.Category == orchestrator.StaticKnowledge || spec.WarmsDates()
	}
	return s.prewarmKinds(ctx, city, language, want)
}

// WarmWeatherDays is the span of the weather a pre-warm asks for, from
// today: the 16-day forecast window and days beyond it, so that the
// weather agent fetches and keeps both what it slices every date's weather
// from — the city's forecast window and its climate normals for the whole
// year (openmeteo.Knowledge). A pre-warmed city then plans any date
// without a provider call.
const WarmWeatherDays = 31

func (s *Service) prewarmCity(ctx context.Context, city, language string) PrewarmResult {
	kinds := map[orchestrator.Kind]bool{}
	for k, spec := range orchestrator.Kinds {
		if spec.Category == orchestrator.StaticKnowledge || spec.WarmsDates() {
			kinds[k] = true
		}
	}
	return s.prewarmKinds(ctx, city, language, kinds)
}

// withDeps adds to kinds the kinds of every subtask those kinds depend on,
// transitively.
func withDeps(subtasks []orchestrator.Subtask, kinds map[orchestrator.Kind]bool) map[orchestrator.Kind]bool {
	byID := map[string]orchestrator.Subtask{}
	for _, st := range subtasks {
		byID[st.ID] = st
	}
	out := map[orchestrator.Kind]bool{}
	var visit func(st orchestrator.Subtask)
	visit = func(st orchestrator.Subtask) {
		if out[st.Kind] {
			return
		}
		out[st.Kind] = true
		for _, d := range st.Deps {
			visit(byID[d])
		}
	}
	for _, st := range subtasks {
		if kinds[st.Kind] {
			visit(st)
		}
	}
	return out
}

func (s *Service) prewarmKinds(ctx context.Context, city, language string, kinds map[orchestrator.Kind]bool) PrewarmResult {
	r := PrewarmResult{City: city}
	b := orchestrator.Brief{Destinations: []string{city}, Days: 1, Language: language}
	if warmsDates(kinds) {
		// Dated, so that the weather subtask has dates to ask for;
		// the other kinds a pre-warm warms are undated.
		b.StartDate, b.Days = s.opts.Now().UTC().Format(orchestrator.DateLayout), WarmWeatherDays
	}
	all := orchestrator.Decompose(&b)
	subtasks := filterKinds(all, withDeps(all, kinds))
	r.Subtasks = len(subtasks)
	briefJSON, _ := json.Marshal(&b) // a brief always encodes
	index := newTaskIndex(subtasks)
	res, err := s.run(ctx, &b, briefJSON, index, nil)
	if res == nil {
		r.Failed = len(subtasks)
		r.Errors = map[string]string{"run": orchestrator.ErrorMessage(err)}
		r.Transient = transient(err)
		return r
	}
	for _, sp := range res.Trace {
		switch {
		case sp.Err != nil && index.get(sp.Node) != nil && index.get(sp.Node).Category == orchestrator.LiveCondition:
			r.Unwarmed++
			if r.Errors == nil {
				r.Errors = map[string]string{}
			}
			r.Errors[sp.Node] = orchestrator.ErrorMessage(unwrapNode(sp.Err))
		case sp.Err != nil:
			r.Failed++
			r.Transient = r.Transient || transient(unwrapNode(sp.Err))
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

// warmsDates reports whether kinds holds a kind warmed over dates
// (orchestrator.KindSpec.WarmsDates).
func warmsDates(kinds map[orchestrator.Kind]bool) bool {
	for k, on := range kinds {
		if on && orchestrator.Kinds[k].WarmsDates() {
			return true
		}
	}
	return false
}
