package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/tripweave/tripweave/decision"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
)

// node executes one subtask along its strategy's route and fallback chain.
type node struct {
	svc      *Service
	brief    *orchestrator.Brief
	st       *orchestrator.Subtask
	tasks    *taskIndex // the run's subtasks, to find dependencies by kind
	strategy *decision.Strategy
	cached   *knowledgebase.Lookup
	// pre is the decoded value of the cached entry when the decoded cache
	// held it (cached then has no payload).
	pre *decoded
	// known is the place the brief resolved for a geocode subtask
	// (knownPlaces): the node answers with it and asks nobody.
	known *nodeValue
	// briefJSON is the brief as JSON, the same for every node of a run
	// (the local-step memo's key covers it).
	briefJSON []byte
}

func (n *node) run(ctx context.Context, deps dag.Deps[nodeValue]) (nodeValue, error) {
	if n.known != nil {
		dag.SetRoute(ctx, string(orchestrator.RouteLocal))
		return *n.known, nil
	}
	var lastErr error
	for k := -1; k < len(n.strategy.Fallback); k++ {
		route := n.strategy.Route
		if k >= 0 {
			route = n.strategy.Fallback[k]
		}
		v, err, tried := n.try(ctx, route, deps)
		if !tried {
			continue
		}
		if err == nil {
			dag.SetRoute(ctx, string(route))
			n.svc.decode(*n.st, &v)
			if v.payload == nil && handlers[n.st.Kind].encode {
				v.payload, _ = json.Marshal(v.value)
			}
			if v.fp == "" {
				v.fp = fingerprint(v)
			}
			return v, nil
		}
		lastErr = err
		if ctx.Err() != nil {
			return nodeValue{}, err
		}
	}
	dag.SetRoute(ctx, string(orchestrator.RouteNone))
	if lastErr != nil {
		return nodeValue{}, lastErr
	}
	return nodeValue{}, n.unavailable()
}

// try answers the subtask from one route. tried is false when the route does
// not apply (e.g. stale serving with nothing cached).
func (n *node) try(ctx context.Context, route orchestrator.Route, deps dag.Deps[nodeValue]) (v nodeValue, err error, tried bool) {
	switch route {
	case orchestrator.RouteCache:
		if n.cached.State == knowledgebase.Miss {
			return nodeValue{}, nil, false
		}
		if n.cached.State == knowledgebase.Stale && !n.strategy.StaleAllowed && !n.strategy.Revalidate {
			return nodeValue{}, nil, false
		}
		dag.MarkCacheHit(ctx)
		prov := n.cached.Entry.Provenance
		prov.CacheHit = true
		prov.Stale = n.cached.State == knowledgebase.Stale
		if n.strategy.Revalidate && prov.Stale {
			if tools := n.liveTools(deps); len(tools) > 0 {
				if args, aerr := n.args(tools[0], newCall(n, deps)); aerr == nil {
					n.svc.kb.Revalidate(cacheKey(*n.st), n.strategy.TTL, n.fetcher(tools[0], args))
				}
			}
		}
		if n.pre != nil {
			v := nodeValue{value: n.pre.value, prov: prov}
			v.setRef(n.pre.ref)
			return v, nil, true
		}
		return nodeValue{payload: n.cached.Entry.Payload, prov: prov}, nil, true
	case orchestrator.RouteMCP, orchestrator.RouteBrowser:
		// The decision module chose the tools up front; which of them
		// apply depends on what the dependencies found (the country of
		// the geocoded city, the length of a leg).
		tools := n.strategy.Select(route, *n.st, n.content(deps))
		if len(tools) == 0 {
			return nodeValue{}, nil, false
		}
		c := newCall(n, deps)
		var lastErr error
		for _, tool := range tools {
			args, aerr := n.args(tool, c)
			if aerr != nil {
				lastErr = aerr
				continue
			}
			v, err := n.live(ctx, tool, args)
			if err == nil {
				return v, nil, true
			}
			lastErr = err
			if ctx.Err() != nil {
				break
			}
		}
		return nodeValue{}, lastErr, true
	case orchestrator.RouteLocal:
		f := n.svc.opts.Local[n.st.Kind]
		if f == nil {
			return nodeValue{}, nil, false
		}
		key := n.memoKey(deps)
		out, hit := n.svc.memo.get(key)
		if key == "" || !hit {
			var err error
			if out, err = f(ctx, n.localInput(deps)); err != nil {
				return nodeValue{}, err, true
			}
			if key != "" {
				n.svc.memo.put(key, out)
			}
		}
		v := nodeValue{fp: key, prov: orchestrator.Provenance{Source: "tripweave:" + string(n.st.Kind), FetchedAt: n.svc.opts.Now().UTC()}}
		if raw, ok := out.(json.RawMessage); ok {
			v.payload = raw
		} else {
			v.value = out
		}
		return v, nil, true
	}
	return nodeValue{}, nil, false
}

// live calls the subtask's tool, through the knowledge cache's coalescing
// fetch when the result is cacheable.
func (n *node) live(ctx context.Context, tool string, args map[string]any) (nodeValue, error) {
	ctx = withKindCalls(ctx, n.st.Kind) // the plan's provider calls
	fetch := n.fetcher(tool, args)
	if !n.strategy.Cacheable {
		payload, prov, err := fetch(ctx)
		if err != nil {
			return nodeValue{}, err
		}
		if prov.CacheHit {
			dag.MarkCacheHit(ctx) // the agent answered from what it keeps
		}
		return nodeValue{payload: payload, prov: prov}, nil
	}
	kbFetch := n.svc.kb.Fetch
	if h := handlers[n.st.Kind]; h.unleased != nil && h.unleased(tool) {
		kbFetch = n.svc.kb.FetchUnleased
	}
	e, err := kbFetch(ctx, cacheKey(*n.st), n.strategy.TTL, fetch)
	if err != nil {
		return nodeValue{}, err
	}
	prov := e.Provenance
	if prov.CacheHit {
		// The agent answered from what it keeps of the place (a city's
		// climate normals, its forecast window): no provider call. Every
		// waiter of a shared fetch learns it from the entry.
		dag.MarkCacheHit(ctx)
	}
	prov.TTL = int64(n.strategy.TTL / time.Second)
	return nodeValue{payload: e.Payload, prov: prov}, nil
}

// fetcher returns the upstream call for args, feeding the circuit breaker and
// reading the tool's provenance from its output.
func (n *node) fetcher(tool string, args map[string]any) func(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
	return func(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
		done, ok := n.svc.breaker.Allow(tool)
		if !ok {
			return nil, orchestrator.Provenance{}, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE,
				Message: fmt.Sprintf("tool %s is failing; its circuit is open", tool)}
		}
		out, err := n.svc.tools.Call(ctx, tool, args)
		done(ctx, err)
		if err != nil {
			return nil, orchestrator.Provenance{}, markTransient(err)
		}
		var meta struct {
			Provenance orchestrator.Provenance `json:"provenance"`
		}
		if err := json.Unmarshal(out, &meta); err != nil {
			return nil, orchestrator.Provenance{}, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: "tool " + tool + " returned undecodable output"}
		}
		prov := meta.Provenance
		if prov.Source == "" {
			prov.Source = "agent:" + tool
		}
		if prov.FetchedAt.IsZero() {
			prov.FetchedAt = n.svc.opts.Now().UTC()
		}
		prov.TTL = int64(n.strategy.TTL / time.Second)
		return out, prov, nil
	}
}

func markTransient(err error) error {
	if dag.IsTransient(err) {
		return dag.Transient(err)
	}
	return err
}

func (n *node) unavailable() error {
	if h := handlers[n.st.Kind]; h.cacheOnly != nil && h.cacheOnly(*n.st) {
		// Kept by subtask: it is worded the same every time, and is
		// read only (the trace's span, the progress stream).
		return n.svc.cacheOnlyErrs.Get(n.st.ID, func() error {
			return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: h.cacheOnlyWhy(*n.st)}
		})
	}
	switch {
	case n.strategy.Reason == "no_dates":
		return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "needs travel dates"}
	case n.st.Tool == "":
		return configuration(&orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("%s is not computed yet: no local %s step is registered", n.st.Kind, n.st.Kind)})
	case n.st.Category == orchestrator.RealtimePrice && n.svc.opts.Down[orchestrator.RouteBrowser]:
		return configuration(&orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "live prices need the headless browser, which is not running here (no Chromium, or TRIPWEAVE_BROWSER=off)"})
	case n.strategy.Reason == "circuit_open":
		return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("tool %s is failing repeatedly; its circuit is open", n.st.Tool)}
	default:
		return configuration(&orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("no agent serves tool %s yet", n.st.Tool)})
	}
}

// content is what the decision module's tool rules look at: the countries
// of the places this subtask concerns and, for a leg, its length.
func (n *node) content(deps dag.Deps[nodeValue]) decision.Content {
	var c decision.Content
	places := newCall(n, deps).places()
	for _, pl := range places {
		c.Countries = append(c.Countries, strings.ToUpper(pl.CountryCode))
	}
	if len(places) == 2 && places[0].SourceID+places[0].Name != "" && places[1].SourceID+places[1].Name != "" {
		a := orchestrator.GeoPoint{Lat: places[0].Latitude, Lon: places[0].Longitude}
		c.DistanceKM = a.DistanceKM(orchestrator.GeoPoint{Lat: places[1].Latitude, Lon: places[1].Longitude})
	}
	return c
}

// liveTools returns the tools of the strategy's first live route that apply
// to this subtask's content.
func (n *node) liveTools(deps dag.Deps[nodeValue]) []string {
	for _, r := range n.strategy.Chain() {
		if r == orchestrator.RouteMCP || r == orchestrator.RouteBrowser {
			if tools := n.strategy.Select(r, *n.st, n.content(deps)); len(tools) > 0 {
				return tools
			}
		}
	}
	return nil
}

// args builds tool's arguments with the kind's handler.
func (n *node) args(tool string, c *call) (map[string]any, error) {
	h := handlers[n.st.Kind]
	if h.args == nil {
		return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("%s has no tool arguments", n.st.Kind)}
	}
	return h.args(c, tool)
}

// localInput assembles what a local step sees: the trip built from the
// subtask's dependencies that succeeded, in their order, and the itinerary
// among them.
func (n *node) localInput(deps dag.Deps[nodeValue]) LocalInput {
	in := LocalInput{Brief: n.brief, Subtask: *n.st}
	j := n.svc.newJoiner(n.brief)
	for _, id := range n.st.Deps {
		dv, ok := deps.Value(id)
		if !ok {
			continue // a failed optional dependency: nothing to join
		}
		st := n.tasks.get(id)
		j.add(*st, dv)
		if it, ok := dv.value.(*orchestrator.Itinerary); ok {
			in.Itinerary = it
		}
	}
	in.Trip = &j.trip
	return in
}
