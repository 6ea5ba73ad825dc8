// Package pipeline turns a normalized brief into a stored plan: it
// decomposes the brief into subtasks, looks all cacheable ones up in the
// knowledge cache in one round trip, asks the decision module for each
// subtask's strategy, runs the resulting DAG in parallel — cache, agent tools
// or local computation per node, with explicit fallbacks — and assembles the
// trip data with provenance.
package pipeline

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tripweave/tripweave/decision"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
	"github.com/tripweave/tripweave/orchestrator/platform/breaker"
	"github.com/tripweave/tripweave/orchestrator/platform/lru"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// Tools calls agent tools. *toolclient.Client implements it.
type Tools interface {
	// Has reports whether some agent serves tool.
	Has(tool string) bool
	// Call runs tool with args and returns its structured output. Tool
	// failures are *orchestrator.UpstreamError values.
	Call(ctx context.Context, tool string, args any) (json.RawMessage, error)
}

// LocalInput is what a local step sees: the brief, its subtask, the trip
// assembled from its dependencies and, for steps after the planner, the
// itinerary it built — typed values, never JSON.
type LocalInput struct {
	Brief     *orchestrator.Brief
	Subtask   orchestrator.Subtask
	Trip      *orchestrator.Trip
	Itinerary *orchestrator.Itinerary
}

// LocalFunc computes a subtask in process and returns its typed value
// (*orchestrator.Itinerary for itinerary, *BudgetView for budget,
// *orchestrator.Report for verify); a json.RawMessage is decoded by the
// kind's handler instead. It should return early when ctx ends.
type LocalFunc func(ctx context.Context, in LocalInput) (any, error)

// Observer receives per-node measurements (Prometheus in production).
type Observer interface {
	ObserveNode(kind orchestrator.Kind, category orchestrator.Category, route string, status string, cacheHit bool, d time.Duration)
}

// PlanObserver, when the Observer implements it, receives after each plan
// its provider calls by kind (ProviderCalls), every kind of the plan with a
// tool included, zero or not.
type PlanObserver interface {
	ObservePlanProviderCalls(calls []KindCalls)
}

// KindCalls is one kind's provider calls in one plan.
type KindCalls struct {
	Kind  orchestrator.Kind
	Calls int
}

// Options configures a Service. Zero values mean the documented defaults.
type Options struct {
	Policy         decision.Policy                 // zero → decision.DefaultPolicy()
	Local          map[orchestrator.Kind]LocalFunc // kinds computed in process
	MaxConcurrency int                             // global node bound; 0 → 32
	RouteLimits    map[string]int                  // per-route bounds; nil → browser 4, mcp 16
	NodeTimeout    time.Duration                   // per attempt; 0 → 15 s
	Retry          dag.Retry                       // zero → 2 attempts, 200 ms base, 2 s max
	Deadline       time.Duration                   // per plan; 0 → 60 s
	Jitter         func(time.Duration) time.Duration
	Now            func() time.Time
	NewID          func() string
	Observer       Observer
	Logger         *slog.Logger
	// Down lists routes known to be unusable (e.g. browser without Chromium).
	Down map[orchestrator.Route]bool
	// Breaker holds the tools' circuits; nil → breaker.New with defaults.
	Breaker *breaker.Set
	// MemoSize bounds the finished local-step values (itineraries, budgets,
	// reports) kept for plans whose inputs are all the same as an earlier
	// plan's; 0 → DefaultMemoSize, negative → no memo.
	MemoSize int
	// Words words notes and places for the traveller in the brief's
	// language (the renderer's, templates.Words); nil leaves notes without
	// traveller text and places as the brief names them.
	Words Words
	// PlanWithoutCatalogs plans a city whose catalogs all failed instead of
	// answering EDATAUNAVAILABLE: for tests whose fake tools serve no
	// catalogs. Servers leave it false.
	PlanWithoutCatalogs bool
}

// Words is the traveller's wording the pipeline asks for; the renderer
// (templates.Words) implements it, so that the application holds no
// wording of its own.
type Words interface {
	// TravellerNotes returns notes with their traveller text in lang.
	TravellerNotes(notes []orchestrator.Note, lang string) []orchestrator.Note
	// PlaceName names a place in lang ("zh": its Chinese name).
	PlaceName(name, lang string) string
}

// Service plans trips. It is safe for concurrent use.
type Service struct {
	kb      *knowledgebase.Store
	tools   Tools
	store   orchestrator.PlanStore
	opts    Options
	log     *slog.Logger
	breaker *breaker.Set
	decoded *decodedCache
	// decodedLive is the decoded cache of live conditions (decodedOf).
	decodedLive *decodedCache
	memo        *memo
	// allTools are the tools the policy may choose (its AllTools), whose
	// registration health reports.
	allTools   []string
	decomposed decompositions
	// cacheOnlyErrs are the errors of cache-only subtasks the cache could
	// not answer, by subtask ID (node.unavailable): the same for the same
	// subtask, and a plan has a dozen hub legs that usually fail.
	cacheOnlyErrs *lru.Cache[string, error]
	// plans and providerCalls count the plans made and their provider
	// calls by kind (ProviderCalls).
	plans         atomic.Int64
	providerCalls sync.Map // orchestrator.Kind → *atomic.Int64
}

// cacheOnlyErrsSize bounds the cache-only errors kept: the hub legs of
// the hot destinations.
const cacheOnlyErrsSize = 4096

// decodedCacheSize bounds the decoded catalogs kept in process: a few per
// city of the hot destinations.
const decodedCacheSize = 512

// decodedLiveSize bounds the decoded live conditions kept in process: a
// forecast per city and date range of the hot destinations (a few KB each).
const decodedLiveSize = 8192

// New returns a Service over the knowledge cache, the agent tools and the
// plan store. store may be nil for callers that do not persist (prewarm).
func New(kb *knowledgebase.Store, tools Tools, store orchestrator.PlanStore, opts Options) *Service {
	if opts.Policy.TTL == nil {
		opts.Policy = decision.DefaultPolicy()
	}
	// Only kinds with a registered local step are computed in process.
	local := map[orchestrator.Kind]bool{}
	for k := range opts.Local {
		local[k] = true
	}
	opts.Policy.Local = local
	if opts.MaxConcurrency == 0 {
		opts.MaxConcurrency = 32
	}
	if opts.RouteLimits == nil {
		opts.RouteLimits = map[string]int{string(orchestrator.RouteBrowser): 4, string(orchestrator.RouteMCP): 16}
	}
	if opts.NodeTimeout == 0 {
		opts.NodeTimeout = 15 * time.Second
	}
	if opts.Retry == (dag.Retry{}) {
		opts.Retry = dag.Retry{Attempts: 2, Base: 200 * time.Millisecond, Max: 2 * time.Second}
	}
	if opts.Deadline == 0 {
		opts.Deadline = 60 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.NewID == nil {
		opts.NewID = randomID
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Breaker == nil {
		opts.Breaker = breaker.New(breaker.Options{Now: opts.Now})
	}
	if opts.MemoSize == 0 {
		opts.MemoSize = DefaultMemoSize
	}
	return &Service{kb: kb, tools: tools, store: store, opts: opts, log: opts.Logger, breaker: opts.Breaker,
		decoded: newDecodedCache(decodedCacheSize), decodedLive: newDecodedCache(decodedLiveSize), memo: newMemo(opts.MemoSize), allTools: opts.Policy.AllTools(),
		decomposed: decompositions{m: map[string]*taskIndex{}}, cacheOnlyErrs: lru.New[string, error](cacheOnlyErrsSize, nil)}
}

// Request is one plan request.
type Request struct {
	// ID, when set, is the plan's ID (resuming a plan that asked questions);
	// otherwise a new one is drawn.
	ID string
	// Brief must be normalized (see orchestrator.Brief.Normalize).
	Brief orchestrator.Brief
	Query string
	// Deadline overrides the service's per-plan deadline when positive.
	Deadline time.Duration
	// Progress, when set, observes the run (live progress).
	Progress *orchestrator.Progress
	// Kinds, when set, limits the run to subtasks of these kinds (prewarm).
	Kinds map[orchestrator.Kind]bool
}

// NewID draws a new plan ID.
func (s *Service) NewID() string { return s.opts.NewID() }

// Plan runs the brief's DAG, assembles the trip, stores the plan with its
// trace and returns both. It fails only when the brief cannot be planned at
// all (an unknown city, a required subtask failing, the deadline passing);
// missing optional data makes the plan partial with notes.
func (s *Service) Plan(ctx context.Context, req Request) (*orchestrator.Plan, *orchestrator.Run, error) {
	plan, _, run, err := s.plan(ctx, req, false)
	return plan, run, err
}

// PlanLean is Plan that also returns the plan's lean JSON,
// json.Marshal(orchestrator.LeanPlan{Plan: plan}) — what the API sends by
// default — encoded once for the store and the caller.
func (s *Service) PlanLean(ctx context.Context, req Request) (*orchestrator.Plan, []byte, *orchestrator.Run, error) {
	return s.plan(ctx, req, true)
}

// LeanSaver is a plan store that takes the plan's lean JSON already
// encoded (json.Marshal(orchestrator.LeanPlan{Plan: p})), so that the
// pipeline encodes it once for the store and the response. *sqlite.Store
// implements it.
type LeanSaver interface {
	SaveLeanPlan(ctx context.Context, p *orchestrator.Plan, lean []byte, r *orchestrator.Run) error
}

// plan is Plan, and PlanLean when lean is set (the lean JSON is returned
// only then, and encoded only then or for a LeanSaver store).
func (s *Service) plan(ctx context.Context, req Request, lean bool) (*orchestrator.Plan, []byte, *orchestrator.Run, error) {
	start := s.opts.Now()
	deadline := s.opts.Deadline
	if req.Deadline > 0 {
		deadline = req.Deadline
	}
	ctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()
	if tracing.Enabled() {
		var span trace.Span
		ctx, span = tracing.Start(ctx, "plan")
		defer span.End()
	}

	b := req.Brief
	briefJSON, err := json.Marshal(&b)
	if err != nil {
		return nil, nil, nil, err
	}
	tasks := s.decompose(&b, briefJSON)
	if req.Kinds != nil {
		tasks = newTaskIndex(filterKinds(tasks.list, req.Kinds))
	}
	subtasks := tasks.list
	pc := new(planCalls)
	if p := req.Progress; p != nil && p.Begin != nil {
		p.Begin(subtasks)
	}
	res, err := s.run(context.WithValue(ctx, planCallsKey{}, pc), &b, briefJSON, tasks, req.Progress)
	if res == nil {
		return nil, nil, nil, err
	}
	id := req.ID
	if id == "" {
		id = s.opts.NewID()
	}
	plan := &orchestrator.Plan{
		ID:        id,
		CreatedAt: start.UTC(),
		Query:     req.Query,
		Brief:     b,
	}
	run := &orchestrator.Run{PlanID: plan.ID, Spans: spans(tasks, res)}
	s.countProviderCalls(tasks, pc)
	if err != nil {
		return nil, nil, run, planError(err, ctx)
	}
	if err := cityErrors(&b, subtasks, res); err != nil {
		return nil, nil, run, err
	}
	plan.Trip, plan.Notes = s.assemble(&b, subtasks, res.Values, res.Errors)
	var report *orchestrator.Report
	for _, st := range subtasks {
		switch x := res.Values[st.ID].value.(type) {
		case *orchestrator.Itinerary:
			// The planner's value may be shared (memo): the plan gets
			// its own copy to attach the report to.
			it := *x
			plan.Itinerary = &it
		case *orchestrator.Report:
			report = x
		}
	}
	if plan.Itinerary != nil && report != nil {
		plan.Itinerary.Report = report
	}
	if req.Kinds == nil && !s.opts.PlanWithoutCatalogs {
		if err := dataUnavailable(plan, subtasks, res.Errors); err != nil {
			return nil, nil, run, err
		}
	}
	plan.Status = orchestrator.PlanComplete
	for _, st := range subtasks {
		// A speculative subtask (a hub leg) that found nothing is no loss;
		// nor is an enrichment (guide, weather, rates, live prices) the
		// itinerary is whole without: its note says what is missing.
		if _, failed := res.Errors[st.ID]; failed && !st.Speculative && !orchestrator.Kinds[st.Kind].Enrichment {
			plan.Status = orchestrator.PlanPartial
			break
		}
	}
	if no, ok := s.opts.Observer.(NoteObserver); ok {
		for i := range plan.Notes {
			if plan.Notes[i].Audience == orchestrator.NoteOperator {
				no.ObserveOperatorNote(plan.Notes[i].Kind, plan.Notes[i].Code)
			}
		}
	}
	plan.Trace = summarize(run, res.Duration)
	plan.Sources = plan.Trip.Sources()
	var doc []byte
	ls, leanStore := s.store.(LeanSaver)
	if lean || leanStore {
		// The brief was encoded for the memo; the plan's brief is that
		// brief, so its bytes are spliced in (MarshalLeanPlan).
		if doc, err = orchestrator.MarshalLeanPlan(plan, briefJSON); err != nil {
			return nil, nil, run, fmt.Errorf("encode plan: %w", err)
		}
	}
	switch {
	case leanStore:
		err = ls.SaveLeanPlan(ctx, plan, doc, run)
	case s.store != nil:
		err = s.store.SavePlan(ctx, plan, run)
	}
	if err != nil {
		return nil, nil, run, fmt.Errorf("store plan: %w", err)
	}
	return plan, doc, run, nil
}

// run builds, compiles and runs the DAG of subtasks.
func (s *Service) run(ctx context.Context, b *orchestrator.Brief, briefJSON []byte, tasks *taskIndex, progress *orchestrator.Progress) (*dag.Result[nodeValue], error) {
	subtasks := tasks.list
	known := knownPlaces(b, subtasks, s.opts.Words)
	strategies, lookups, pre, err := s.decide(ctx, subtasks, known)
	if err != nil {
		return nil, err
	}
	g := dag.New[nodeValue]()
	g.Grow(len(subtasks))
	edges := 0
	for i := range subtasks {
		edges += len(subtasks[i].Deps)
	}
	g.GrowDeps(edges)
	nodes := make([]node, len(subtasks))
	// One Run for every node, finding its node by ID (subtasks is
	// tasks.list): a method value per node would be an allocation each.
	runNode := func(ctx context.Context, deps dag.Deps[nodeValue]) (nodeValue, error) {
		n := &nodes[tasks.pos[deps.ID()]]
		if tracing.Enabled() { // a span per DAG node, parent of its tool and provider calls
			ctx, span := tracing.Start(ctx, "node "+string(n.st.Kind), trace.WithAttributes(
				attribute.String("tripweave.subtask", n.st.ID), attribute.String("tripweave.route", string(n.strategy.Route))))
			v, err := n.run(ctx, deps)
			tracing.End(span, err)
			return v, err
		}
		return n.run(ctx, deps)
	}
	for i, st := range subtasks {
		n := &nodes[i]
		*n = node{svc: s, brief: b, st: &subtasks[i], tasks: tasks, strategy: &strategies[i], cached: &lookups[i], pre: pre[i], known: known[i], briefJSON: briefJSON}
		if err := g.Add(dag.Node[nodeValue]{
			ID:       st.ID,
			Route:    string(strategies[i].Route),
			Deps:     st.Deps,
			Optional: !st.Required,
			Run:      runNode,
			Inline:   known[i] != nil || atOnce(strategies[i], lookups[i]),
		}); err != nil {
			return nil, err
		}
	}
	r, err := g.Compile(&dag.Options{
		MaxConcurrency: s.opts.MaxConcurrency,
		RouteLimits:    s.opts.RouteLimits,
		DefaultTimeout: s.opts.NodeTimeout,
		DefaultRetry:   s.opts.Retry,
		Jitter:         s.opts.Jitter,
		Now:            s.opts.Now,
	})
	if err != nil {
		return nil, err
	}
	res, err := r.Run(ctx, s.observe(tasks, progress))
	return res, err
}

// decompose returns the brief's subtasks (orchestrator.Decompose) and
// their index, from the cache of recent decompositions when the same brief
// — briefJSON is its JSON — was planned lately. Both are shared: read
// only.
func (s *Service) decompose(b *orchestrator.Brief, briefJSON []byte) *taskIndex {
	s.decomposed.mu.Lock()
	tasks, ok := s.decomposed.m[string(briefJSON)]
	s.decomposed.mu.Unlock()
	if ok {
		return tasks
	}
	tasks = newTaskIndex(orchestrator.Decompose(b))
	s.decomposed.mu.Lock()
	if len(s.decomposed.m) >= decomposedSize {
		clear(s.decomposed.m) // refilling costs one decomposition per hot brief
	}
	s.decomposed.m[string(briefJSON)] = tasks
	s.decomposed.mu.Unlock()
	return tasks
}

// decomposedSize bounds the decompositions kept (about 30 KB each).
const decomposedSize = 256

// decompositions are the subtasks of recently planned briefs and their
// index, by the brief's JSON: Decompose is a function of the brief alone.
type decompositions struct {
	mu sync.Mutex
	m  map[string]*taskIndex
}

// taskIndex finds a run's subtasks by ID. It is not changed once made,
// so runs of the same brief share it.
type taskIndex struct {
	list []orchestrator.Subtask
	pos  map[string]int
}

func newTaskIndex(subtasks []orchestrator.Subtask) *taskIndex {
	t := &taskIndex{list: subtasks, pos: make(map[string]int, len(subtasks))}
	for i := range subtasks {
		t.pos[subtasks[i].ID] = i
	}
	return t
}

// get returns the subtask with id, or nil.
func (t *taskIndex) get(id string) *orchestrator.Subtask {
	if i, ok := t.pos[id]; ok {
		return &t.list[i]
	}
	return nil
}

// decide looks every cacheable subtask up in one round trip and asks the
// decision module for each subtask's strategy. Shared values (a city's
// catalogs and matrix) are looked up by their header only: when the
// decoded cache holds the value for that entry and checksum, the payload —
// hundreds of kilobytes — is not transferred; the others are read whole in
// a second round trip.
func (s *Service) decide(ctx context.Context, subtasks []orchestrator.Subtask, known []*nodeValue) ([]decision.Strategy, []knowledgebase.Lookup, []*decoded, error) {
	keys := make([]knowledgebase.Key, 0, len(subtasks))
	idx := make([]int, 0, len(subtasks))
	head := make([]bool, 0, len(subtasks))
	for i, st := range subtasks {
		if s.opts.Policy.TTL[st.Category] > 0 && known[i] == nil {
			keys = append(keys, cacheKey(st))
			idx = append(idx, i)
			head = append(head, handlers[st.Kind].shared)
		}
	}
	lookups := make([]knowledgebase.Lookup, len(subtasks))
	pre := make([]*decoded, len(subtasks))
	held := make([]decoded, len(subtasks)) // pre's values, one allocation
	if len(keys) > 0 {
		got, err := s.kb.LookupHeads(ctx, keys, head)
		if err != nil {
			// The cache being down degrades to live fetches, never fails a plan.
			s.log.WarnContext(ctx, "knowledge cache lookup failed; fetching live", "err", err)
		} else {
			var whole []knowledgebase.Key
			var wholeIdx []int
			for j, i := range idx {
				l := got[j]
				if l.State != knowledgebase.Miss && l.Entry.Payload == nil {
					if d, ok := s.decodedOf(subtasks[i].Category).get(entryKey(subtasks[i], l.Entry.Provenance.FetchedAt, l.Sum)); ok {
						held[i] = d
						pre[i] = &held[i]
					} else {
						whole = append(whole, keys[j])
						wholeIdx = append(wholeIdx, i)
						continue
					}
				}
				lookups[i] = l
			}
			if len(whole) > 0 {
				got, err := s.kb.Lookup(ctx, whole)
				if err != nil {
					s.log.WarnContext(ctx, "knowledge cache lookup failed; fetching live", "err", err)
				} else {
					for j, i := range wholeIdx {
						lookups[i] = got[j]
					}
				}
			}
		}
	}
	health := s.health()
	now := s.opts.Now()
	out := make([]decision.Strategy, len(subtasks))
	// Decide is a pure function of a subtask's kind, category and tool,
	// its cache state and the health: subtasks alike in those (a plan's
	// hub legs, mostly) share the first one's strategy, read only.
	var seenBuf [16]decisionInputs
	var atBuf [16]int
	seen, at := seenBuf[:0], atBuf[:0]
	for i, st := range subtasks {
		if known[i] != nil {
			out[i] = decision.Strategy{Route: orchestrator.RouteLocal, Reason: reasonKnownPlace}
			continue
		}
		h := handlers[st.Kind]
		in := decisionInputs{kind: st.Kind, category: st.Category, tool: st.Tool,
			cache: cacheState(lookups[i], now), cacheOnly: h.cacheOnly != nil && h.cacheOnly(st)}
		if j := slices.Index(seen, in); j >= 0 {
			out[i] = out[at[j]]
			continue
		}
		out[i] = s.opts.Policy.Decide(st, in.cache, health)
		if in.cacheOnly {
			out[i] = cacheOnly(out[i])
		}
		seen, at = append(seen, in), append(at, i)
	}
	return out, lookups, pre, nil
}

// decisionInputs are what a subtask's strategy depends on besides the
// health: what decision.Policy.Decide reads of the subtask, its cache
// state, and whether only the cache may answer it (handler.cacheOnly).
type decisionInputs struct {
	kind      orchestrator.Kind
	category  orchestrator.Category
	tool      string
	cache     decision.CacheState
	cacheOnly bool
}

// cacheOnly returns s without its live routes (mcp, browser), for a
// subtask only the cache may answer: it then fails at once, as
// node.unavailable says, when the cache cannot.
func cacheOnly(s decision.Strategy) decision.Strategy {
	offline := func(r orchestrator.Route) bool {
		return r != orchestrator.RouteMCP && r != orchestrator.RouteBrowser && r != orchestrator.RouteNone
	}
	// The fallbacks that stay, filtered in place: the Fallback array is
	// this strategy's own (Decide makes one per call), and it ends in
	// none, which does not stay, so none can be appended in place too.
	rest := s.Fallback[:0]
	for _, r := range s.Fallback {
		if offline(r) {
			rest = append(rest, r)
		}
	}
	first := s.Route
	if !offline(first) {
		s.Reason = reasonCacheOnly
		first = orchestrator.RouteNone
		if len(rest) > 0 {
			first, rest = rest[0], rest[1:]
		}
	}
	s.Route, s.Fallback, s.Tool, s.Tools = first, nil, "", nil
	if first != orchestrator.RouteNone {
		s.Fallback = append(rest, orchestrator.RouteNone)
	}
	return s
}

// reasonCacheOnly is the strategy reason of a subtask only the cache may
// answer (handler.cacheOnly) when the cache cannot.
const reasonCacheOnly = "cache_only"

// atOnce reports whether a node with strategy s and cache lookup l
// answers without waiting for anyone — from the cache entry at hand, or
// with no route to try — so that the DAG runs it inline (dag.Node.Inline).
func atOnce(s decision.Strategy, l knowledgebase.Lookup) bool {
	switch s.Route {
	case orchestrator.RouteCache:
		// As node.try serves the entry.
		return l.State == knowledgebase.Fresh || (l.State == knowledgebase.Stale && (s.StaleAllowed || s.Revalidate))
	case orchestrator.RouteNone:
		for _, r := range s.Fallback {
			if r != orchestrator.RouteNone {
				return false
			}
		}
		return true
	}
	return false
}

// reasonKnownPlace is the strategy reason of a geocode subtask the brief
// answers (Brief.Places).
const reasonKnownPlace = "known_place"

// knownPlaces returns, per subtask, the value of a geocode subtask whose
// city the brief already resolved (Brief.Places: the parser's gazetteer
// gives its GeoNames id, coordinates and time zone), so that it is not
// geocoded again over the network; nil for every other subtask. Its
// provenance is the brief, as of the brief's reference time.
func knownPlaces(b *orchestrator.Brief, subtasks []orchestrator.Subtask, words Words) []*nodeValue {
	out := make([]*nodeValue, len(subtasks))
	if len(b.Places) == 0 {
		return out
	}
	at := b.ReferenceTime(time.Time{}).UTC()
	for i, st := range subtasks {
		if !isPlace(st.Kind) {
			continue
		}
		pl, ok := b.Place(st.Params["city"])
		if !ok {
			continue
		}
		// As a geocoder asked in the brief's language would: the place's
		// name in that language (the gazetteer's Chinese name for "zh").
		if words != nil {
			pl.Name = words.PlaceName(pl.Name, st.Params["lang"])
		}
		prov := orchestrator.Provenance{Source: "brief:places", FetchedAt: at}
		if pl.SourceID != "" {
			prov.Attribution = &orchestrator.Attribution{Text: "GeoNames", URL: "https://www.geonames.org/", License: "CC BY 4.0"}
		}
		doc, _ := json.Marshal(pl)
		out[i] = &nodeValue{value: pl, prov: prov, fp: orchestrator.ContentRef(doc)}
	}
	return out
}

func (s *Service) health() decision.Health {
	h := decision.Health{Tools: make(map[string]bool, len(s.allTools)), Down: s.opts.Down, Open: s.breaker.Unusable()}
	for _, tool := range s.allTools {
		if s.tools != nil && s.tools.Has(tool) {
			h.Tools[tool] = true
		}
	}
	return h
}

func cacheState(l knowledgebase.Lookup, now time.Time) decision.CacheState {
	switch l.State {
	case knowledgebase.Fresh, knowledgebase.Stale:
		age := now.Sub(l.Entry.Provenance.FetchedAt)
		if age < 0 {
			age = 0
		}
		return decision.CacheState{Present: true, Fresh: l.State == knowledgebase.Fresh, Age: age}
	}
	return decision.CacheState{}
}

func cacheKey(st orchestrator.Subtask) knowledgebase.Key {
	return knowledgebase.Key{Kind: string(st.Kind), Hash: st.Hash()}
}

// observe is the run's DAG hooks: each finished node is counted for the
// metrics, and the caller's progress (when set) is told of starts and
// finishes in domain terms.
func (s *Service) observe(tasks *taskIndex, progress *orchestrator.Progress) *dag.Hooks {
	h := &dag.Hooks{}
	kindOf := func(node string) orchestrator.Kind {
		if st := tasks.get(node); st != nil {
			return st.Kind
		}
		return orchestrator.NodeKind(node)
	}
	if progress != nil && progress.Started != nil {
		h.OnStart = func(node, route string) { progress.Started(node, kindOf(node), route) }
	}
	h.OnFinish = func(sp dag.Span) {
		status := "ok"
		if sp.Err != nil {
			code := orchestrator.ErrorCode(domainError(unwrapNode(sp.Err)))
			switch code {
			case orchestrator.EINTERNAL:
				s.log.Error("subtask failed unexpectedly", "node", sp.Node, "err", sp.Err)
			case orchestrator.EINVALIDARG:
				s.log.Error("a tool refused the arguments built for a subtask", "node", sp.Node, "err", sp.Err)
			}
			status = codeStatus(code)
		}
		if s.opts.Observer != nil {
			if st := tasks.get(sp.Node); st != nil {
				s.opts.Observer.ObserveNode(st.Kind, st.Category, sp.Route, status, sp.CacheHit, sp.Duration)
			}
		}
		if progress != nil && progress.Finished != nil {
			progress.Finished(orchestrator.NodeDone{Node: sp.Node, Kind: kindOf(sp.Node), Route: sp.Route,
				CacheHit: sp.CacheHit, Duration: sp.Duration, Err: sp.Err})
		}
	}
	return h
}

func filterKinds(subtasks []orchestrator.Subtask, kinds map[orchestrator.Kind]bool) []orchestrator.Subtask {
	keep := map[string]bool{}
	var out []orchestrator.Subtask
	for _, st := range subtasks {
		if kinds[st.Kind] {
			keep[st.ID] = true
		}
	}
	for _, st := range subtasks {
		if !keep[st.ID] {
			continue
		}
		var deps []string
		for _, d := range st.Deps {
			if keep[d] {
				deps = append(deps, d)
			}
		}
		st.Deps = deps
		out = append(out, st)
	}
	return out
}

func idOfKind(subtasks []orchestrator.Subtask, k orchestrator.Kind) string {
	for _, st := range subtasks {
		if st.Kind == k {
			return st.ID
		}
	}
	return ""
}

// planError turns a failed run into the error the caller sees.
func planError(err error, ctx context.Context) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &orchestrator.Error{Code: orchestrator.ETIMEOUT, Message: "the plan did not finish before its deadline"}
	}
	if errors.Is(err, context.Canceled) {
		return &orchestrator.Error{Code: orchestrator.ECANCELED, Message: "the request was cancelled"}
	}
	var ne *dag.NodeError
	if errors.As(err, &ne) {
		code := orchestrator.ErrorCode(ne.Err)
		if code == orchestrator.EINTERNAL {
			code = orchestrator.EUNAVAILABLE
		}
		return &orchestrator.Error{Code: code, Message: fmt.Sprintf("required subtask %s failed: %s", ne.Node, orchestrator.ErrorMessage(ne.Err))}
	}
	return err
}

// cityErrors reports a city no geocoder knows as an input error naming the
// brief's field.
func cityErrors(b *orchestrator.Brief, subtasks []orchestrator.Subtask, res *dag.Result[nodeValue]) error {
	type ref struct{ field, name string }
	refs := map[string]ref{}
	note := func(field, name string) {
		if _, ok := refs[orchestrator.CanonicalCity(name)]; !ok {
			refs[orchestrator.CanonicalCity(name)] = ref{field, name}
		}
	}
	if b.Origin != "" {
		note("origin", b.Origin)
	}
	for i, c := range b.Destinations {
		note(fmt.Sprintf("destinations[%d]", i), c)
	}
	for i, c := range b.Route {
		note(fmt.Sprintf("route[%d]", i), c)
	}
	for _, st := range subtasks {
		if !isPlace(st.Kind) {
			continue
		}
		if err := res.Errors[st.ID]; err != nil && orchestrator.ErrorCode(err) == orchestrator.ENOTFOUND {
			r := refs[st.Params["city"]]
			return &orchestrator.Error{
				Code:    orchestrator.EUNPROCESSABLE,
				Field:   r.field,
				Message: fmt.Sprintf("unknown city %q: no place of that name was found", r.name),
			}
		}
	}
	return nil
}

// dataUnavailable is an EDATAUNAVAILABLE error naming every city of the
// plan that got no attractions, no restaurants and no hotels, at least one
// of its catalogs having failed (providers unreachable, a dataset missing
// from the cache): an itinerary there would be days of nothing presented as
// a trip. Catalogs that all answered, empty, are what the data holds. The
// cities are the itinerary's, or the split's when there is no itinerary; a
// candidate that was not chosen does not count.
func dataUnavailable(p *orchestrator.Plan, subtasks []orchestrator.Subtask, errs map[string]error) error {
	failed := map[string]bool{}
	for _, st := range subtasks {
		if orchestrator.Kinds[st.Kind].Catalog && errs[st.ID] != nil {
			failed[orchestrator.CanonicalCity(st.Params["city"])] = true
		}
	}
	if len(failed) == 0 {
		return nil
	}
	var missing []orchestrator.MissingData
	visited := func(name string) bool {
		if p.Itinerary == nil {
			return true
		}
		for _, v := range p.Itinerary.Cities {
			if orchestrator.CanonicalCity(v.City) == orchestrator.CanonicalCity(name) {
				return true
			}
		}
		return false
	}
	for i := range p.Trip.Cities {
		c := &p.Trip.Cities[i]
		if c.Days == 0 && p.Itinerary == nil || !failed[orchestrator.CanonicalCity(c.Name)] || !visited(c.Name) {
			continue
		}
		if c.Attractions != nil && len(c.Attractions.Value) > 0 || c.Restaurants != nil && len(c.Restaurants.Value) > 0 ||
			c.Hotels != nil && len(c.Hotels.Value) > 0 {
			continue
		}
		missing = append(missing, orchestrator.MissingData{City: c.Name, Sections: []string{"attractions", "restaurants", "hotels"}})
	}
	if missing == nil {
		return nil
	}
	return &orchestrator.DataUnavailableError{Missing: missing, Hint: orchestrator.DataUnavailableHint}
}

// codeStatus is the span status of a failure with code.
func codeStatus(code string) string {
	if code == orchestrator.EUNAVAILABLE {
		return "unavailable"
	}
	return "failed"
}

func spans(tasks *taskIndex, res *dag.Result[nodeValue]) []orchestrator.Span {
	out := make([]orchestrator.Span, 0, len(res.Trace))
	for _, sp := range res.Trace {
		o := orchestrator.Span{
			Node: sp.Node, Route: sp.Route, CacheHit: sp.CacheHit,
			Attempts: sp.Attempts, Start: sp.Start.UTC(), DurationMS: ms(sp.Duration), Status: "ok",
		}
		if st := tasks.get(sp.Node); st != nil {
			o.Kind = st.Kind
		}
		if sp.Err != nil {
			err := domainError(unwrapNode(sp.Err))
			o.Status, o.Error = codeStatus(orchestrator.ErrorCode(err)), orchestrator.ErrorMessage(err)
		}
		out = append(out, o)
	}
	return out
}

func summarize(run *orchestrator.Run, d time.Duration) orchestrator.TraceSummary {
	t := orchestrator.TraceSummary{Nodes: len(run.Spans), DurationMS: ms(d), Routes: map[string]int{}}
	for _, sp := range run.Spans {
		if sp.CacheHit {
			t.CacheHits++
		}
		if sp.Status != "ok" {
			t.Failed++
		}
		t.Routes[sp.Route]++
	}
	return t
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func unwrapNode(err error) error {
	if ne, ok := errors.AsType[*dag.NodeError](err); ok {
		return ne.Err
	}
	return err
}

func randomID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "pl_" + hex.EncodeToString(b[:])
}

// planCalls counts one plan's provider calls by kind (kindSlot), through
// the ctx of its nodes' tool calls: the agents report the requests each
// call sent to providers (orchestrator.MetaProviderCalls).
type planCalls [16]atomic.Int64

type planCallsKey struct{}

// kindSlots numbers the kinds for planCalls, in a fixed order.
var kindSlots = func() map[orchestrator.Kind]int {
	kinds := make([]string, 0, len(orchestrator.Kinds))
	for k := range orchestrator.Kinds {
		kinds = append(kinds, string(k))
	}
	slices.Sort(kinds)
	out := make(map[orchestrator.Kind]int, len(kinds))
	for i, k := range kinds {
		out[orchestrator.Kind(k)] = i % len(planCalls{})
	}
	return out
}()

// withKindCalls returns ctx counting the provider calls of a tool call
// into the plan's count for kind, when ctx carries a plan's counts.
func withKindCalls(ctx context.Context, kind orchestrator.Kind) context.Context {
	pc, ok := ctx.Value(planCallsKey{}).(*planCalls)
	if !ok {
		return ctx
	}
	return orchestrator.WithProviderCalls(ctx, &pc[kindSlots[kind]])
}

// countProviderCalls adds a plan's provider calls (pc) to the Service's
// counts (ProviderCalls) and tells the Observer when it is a PlanObserver,
// every kind of the plan that has a tool included. A provider call is a
// request an agent sent to its provider for the plan: answers from the
// knowledge cache, from what an agent keeps (a city's climate normals and
// forecast window) or computed by an agent are none; a shared fetch counts
// for the plan that started it.
func (s *Service) countProviderCalls(tasks *taskIndex, pc *planCalls) {
	var buf [16]KindCalls
	calls := buf[:0]
	for i := range tasks.list {
		k := tasks.list[i].Kind
		if tasks.list[i].Tool == "" || slices.ContainsFunc(calls, func(c KindCalls) bool { return c.Kind == k }) {
			continue
		}
		calls = append(calls, KindCalls{Kind: k, Calls: int(pc[kindSlots[k]].Load())})
	}
	s.plans.Add(1)
	for _, c := range calls {
		if c.Calls > 0 {
			v, _ := s.providerCalls.LoadOrStore(c.Kind, new(atomic.Int64))
			v.(*atomic.Int64).Add(int64(c.Calls))
		}
	}
	if po, ok := s.opts.Observer.(PlanObserver); ok {
		po.ObservePlanProviderCalls(calls)
	}
}

// ProviderCalls returns the plans made so far and their provider calls by
// kind (see countProviderCalls): `orchestrator load` reports them per plan.
func (s *Service) ProviderCalls() (plans int64, calls map[orchestrator.Kind]int64) {
	calls = map[orchestrator.Kind]int64{}
	s.providerCalls.Range(func(k, v any) bool {
		calls[k.(orchestrator.Kind)] = v.(*atomic.Int64).Load()
		return true
	})
	return s.plans.Load(), calls
}
