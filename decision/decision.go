// Package decision chooses, for each subtask, where its answer comes from:
// the knowledge cache, the headless-browser agent, an MCP tool agent or code
// run in process. Decide is a pure function of the subtask, the state of its
// cache entry and the health of the providers; it does no I/O and reads no
// clock (the entry's age is given), so the same inputs always give the same
// Strategy.
//
// # Rules
//
// Category. A subtask's category is st.Category; when that is empty it is
// taken from orchestrator.Kinds. A category Decide does not know gives route
// none with reason "unknown_category".
//
// Caching. A category is cacheable when it is not compute and the policy
// gives it a positive TTL. Only cacheable categories consult the cache; for
// them Strategy.Cacheable is set and Strategy.TTL is the write-back
// freshness. The executor writes back only results obtained from a live
// route (browser, mcp, local), never one served from the cache.
//
// Live route and tools. Each kind has tool rules (Policy.Tools, see
// ToolRule) in preference order; a kind without rules uses st.Tool. A rule's
// route defaults to browser for realtime_price and mcp otherwise, so
// realtime_price goes to the browser agent, live_condition and
// static_knowledge to MCP tool agents — except where a rule says otherwise
// (live flight offers are an MCP tool). compute runs in process (route
// local) when p.Local[kind] is set, with its tool over MCP as the next
// choice. A browser or mcp choice is usable only when its tool is non-empty
// and registered (Health.Tools), its route is not Down and the tool's
// circuit is not Open; a local route is usable when it is not Down. The
// first of those checks that fails for the first rule that applies whatever
// the content names the reason: "tool_unregistered", then "route_down",
// then "circuit_open" (a content-specific source that is absent, such as
// Amap without a key, is no reason to report). A compute kind with neither a
// local implementation nor a tool has reason "no_route".
//
// Content. Decide runs before the plan's DAG, when the country of a city or
// the length of a leg is not known yet. It keeps the usable tools, with
// their conditions, in Strategy.Tools; the executor calls Strategy.Select
// with the Content its dependencies found and tries the tools that apply in
// order, on each route of the chain.
//
// Cache states, for cacheable categories:
//
//   - Fresh entry: route cache ("fresh_cache"); the live route follows in
//     the fallback chain when usable.
//   - Stale entry no older than MaxStale (Age ≤ MaxStale[category]), live
//     route usable: static_knowledge serves the stale entry now and refreshes
//     it in the background (route cache, Revalidate, "stale_while_revalidate",
//     the live route next); realtime_price and live_condition prefer the live
//     route and keep the stale entry as its fallback ("live_over_stale").
//     StaleAllowed is set in both cases.
//   - Stale entry no older than MaxStale, live route unusable: route cache
//     with StaleAllowed; the reason is why the live route is unusable.
//   - Stale entry older than MaxStale: as if absent ("stale_expired" when the
//     live route is usable).
//   - No entry: the live route ("cache_miss").
//
// Compute subtasks never look at the cache ("not_cacheable" when a live route
// is usable). When nothing can answer, the route is none and the reason says
// why the live route was unusable.
//
// Fallback. Strategy.Fallback lists the routes to try, in order, after Route
// fails. The whole chain (see Strategy.Chain) never repeats a route and always
// ends in none: when Route is none, Fallback is empty.
package decision

import (
	"slices"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// Reasons Decide gives, one per outcome; Strategy.Reason is always one of
// these.
const (
	ReasonFreshCache           = "fresh_cache"
	ReasonStaleWhileRevalidate = "stale_while_revalidate"
	ReasonLiveOverStale        = "live_over_stale"
	ReasonStaleExpired         = "stale_expired"
	ReasonCacheMiss            = "cache_miss"
	ReasonNotCacheable         = "not_cacheable"
	ReasonToolUnregistered     = "tool_unregistered"
	ReasonRouteDown            = "route_down"
	ReasonCircuitOpen          = "circuit_open"
	ReasonNoRoute              = "no_route"
	ReasonUnknownCategory      = "unknown_category"
)

// CacheState describes a subtask's entry in the knowledge cache.
type CacheState struct {
	Present bool          // an entry exists (fresh or stale)
	Fresh   bool          // not past its ExpiresAt
	Age     time.Duration // since the entry's fetched_at (0 when absent)
}

// Health is what is known about the providers when deciding. Nil maps mean
// nothing registered, nothing down and no circuit open.
type Health struct {
	Tools map[string]bool             // registered agent tools (by name)
	Down  map[orchestrator.Route]bool // routes currently unusable (e.g. no Chromium → browser down)
	Open  map[string]bool             // tools whose circuit breaker is open (provider failing)
}

// Strategy is how to execute one subtask.
type Strategy struct {
	Route        orchestrator.Route   // first route to try: cache, browser, mcp, local, none
	Tool         string               // the first of Tools, set when browser or mcp is in the chain
	Tools        []Choice             // usable tools in preference order; Select picks by content at run time
	Cacheable    bool                 // write a live result back to the knowledge cache
	TTL          time.Duration        // freshness for the write-back
	StaleAllowed bool                 // a stale entry may be served when the live route fails
	Revalidate   bool                 // serving stale now; refresh in the background
	Fallback     []orchestrator.Route // tried in order after Route fails, ending in none
	Reason       string               // one of the Reason constants
}

// Chain returns Route followed by Fallback: every route to try, in order.
func (s Strategy) Chain() []orchestrator.Route {
	return append([]orchestrator.Route{s.Route}, s.Fallback...)
}

// Policy holds the tunables of the decision. The zero Policy caches nothing
// and computes nothing in process; DefaultPolicy gives the shipped values.
type Policy struct {
	// TTL is the freshness of a write-back per category; a missing or zero
	// TTL makes the category uncacheable. Compute is never cached.
	TTL map[orchestrator.Category]time.Duration
	// MaxStale is how old (since fetched_at) a stale entry may be and still
	// be served; missing or zero means never serve stale.
	MaxStale map[orchestrator.Category]time.Duration
	// Local lists the compute kinds that run in process. Remove a kind when
	// its in-process implementation is not wired.
	Local map[orchestrator.Kind]bool
	// Tools are the content-aware tool rules per kind (see ToolRule); a
	// kind without rules uses its orchestrator.Kinds tool.
	Tools map[orchestrator.Kind][]ToolRule
}

// DefaultPolicy returns the shipped policy: TTLs of 7 days for
// static_knowledge, 1 hour for live_condition and 20 minutes for
// realtime_price; stale entries served up to 30 days, 6 hours and 24 hours
// old respectively; itinerary, budget and verify computed in process.
func DefaultPolicy() Policy {
	return Policy{
		TTL: map[orchestrator.Category]time.Duration{
			orchestrator.StaticKnowledge: 7 * 24 * time.Hour,
			orchestrator.LiveCondition:   time.Hour,
			orchestrator.RealtimePrice:   20 * time.Minute,
			orchestrator.Compute:         0,
		},
		MaxStale: map[orchestrator.Category]time.Duration{
			orchestrator.StaticKnowledge: 30 * 24 * time.Hour,
			orchestrator.LiveCondition:   6 * time.Hour,
			orchestrator.RealtimePrice:   24 * time.Hour,
		},
		Local: localKinds(),
		Tools: DefaultTools(),
	}
}

// localKinds are the kinds the registry marks as computed in process.
func localKinds() map[orchestrator.Kind]bool {
	out := map[orchestrator.Kind]bool{}
	for k, spec := range orchestrator.Kinds {
		if spec.Local {
			out[k] = true
		}
	}
	return out
}

// live is a candidate live route and, when unusable, why.
type live struct {
	route  orchestrator.Route
	tool   string
	when   Condition
	usable bool
	reason string
}

// Decide returns the strategy for st given its cache entry and the
// providers' health. The package documentation states the rules. Of st it
// reads the Kind, Category and Tool only, so alike subtasks may share a
// strategy (TestDecideReadsOnlyKindCategoryTool).
func (p Policy) Decide(st orchestrator.Subtask, cache CacheState, h Health) Strategy {
	cat := st.Category
	if cat == "" {
		cat = orchestrator.Kinds[st.Kind].Category
	}

	// Candidates, rules and usable routes live on the stack (a kind has a
	// handful of rules): Decide runs for every subtask of every plan.
	var candBuf [8]live
	var ruleBuf [8]ToolRule
	var usableBuf [8]orchestrator.Route
	cands := candBuf[:0]
	rules := p.rules(st, cat, ruleBuf[:0])
	switch cat {
	case orchestrator.RealtimePrice, orchestrator.LiveCondition, orchestrator.StaticKnowledge:
	case orchestrator.Compute:
		if p.Local[st.Kind] {
			cands = append(cands, check(orchestrator.RouteLocal, "", h))
		}
	default:
		return Strategy{Route: orchestrator.RouteNone, Reason: ReasonUnknownCategory}
	}
	for _, r := range rules {
		c := check(r.Route, r.Tool, h)
		c.tool, c.when = r.Tool, r.When
		cands = append(cands, c)
	}

	var s Strategy
	usable := usableBuf[:0] // usable live routes in preference order
	tools := 0
	for _, c := range cands {
		if c.usable {
			if !slices.Contains(usable, c.route) {
				usable = append(usable, c.route)
			}
			if c.tool != "" {
				tools++
			}
		}
	}
	if tools > 0 {
		s.Tools = make([]Choice, 0, tools)
		for _, c := range cands {
			if c.usable && c.tool != "" {
				s.Tools = append(s.Tools, Choice{Route: c.route, Tool: c.tool, When: c.when})
			}
		}
	}
	// Why the preferred live source cannot be used: the first candidate
	// that applies whatever the content (a content-specific source such as
	// Amap being absent is no reason to report).
	unusable := ReasonNoRoute
	for _, c := range cands {
		if c.when.IsZero() {
			if !c.usable {
				unusable = c.reason
			}
			break
		}
	}

	ttl := p.TTL[cat]
	s.Cacheable = cat != orchestrator.Compute && ttl > 0
	if s.Cacheable {
		s.TTL = ttl
	}

	fresh := s.Cacheable && cache.Present && cache.Fresh
	stale := s.Cacheable && cache.Present && !cache.Fresh && cache.Age <= p.MaxStale[cat] && p.MaxStale[cat] > 0
	expired := s.Cacheable && cache.Present && !cache.Fresh && !stale

	// The chain is at most the cache, the usable routes and none: one
	// allocation, which Fallback keeps.
	chain := make([]orchestrator.Route, 0, len(usable)+2)
	switch {
	case fresh:
		chain = append(append(chain, orchestrator.RouteCache), usable...)
		s.Reason = ReasonFreshCache
	case stale && len(usable) > 0 && cat == orchestrator.StaticKnowledge:
		chain = append(append(chain, orchestrator.RouteCache), usable...)
		s.StaleAllowed, s.Revalidate = true, true
		s.Reason = ReasonStaleWhileRevalidate
	case stale && len(usable) > 0:
		chain = append(append(chain, usable...), orchestrator.RouteCache)
		s.StaleAllowed = true
		s.Reason = ReasonLiveOverStale
	case stale:
		chain = append(chain, orchestrator.RouteCache)
		s.StaleAllowed = true
		s.Reason = unusable
	case len(usable) == 0:
		s.Reason = unusable
	default:
		chain = append(chain, usable...)
		switch {
		case unusable != ReasonNoRoute:
			// A compute kind falling from local to its MCP tool.
			s.Reason = unusable
		case !s.Cacheable:
			s.Reason = ReasonNotCacheable
		case expired:
			s.Reason = ReasonStaleExpired
		default:
			s.Reason = ReasonCacheMiss
		}
	}
	chain = append(chain, orchestrator.RouteNone)

	s.Route, s.Fallback = chain[0], chain[1:]
	if len(s.Fallback) == 0 {
		s.Fallback = nil
	}
	if len(s.Tools) > 0 {
		s.Tool = s.Tools[0].Tool
	}
	return s
}

// check reports whether route can be used with tool under h.
func check(route orchestrator.Route, tool string, h Health) live {
	needsTool := route == orchestrator.RouteBrowser || route == orchestrator.RouteMCP
	switch {
	case needsTool && (tool == "" || !h.Tools[tool]):
		return live{route: route, reason: ReasonToolUnregistered}
	case h.Down[route]:
		return live{route: route, reason: ReasonRouteDown}
	case needsTool && h.Open[tool]:
		return live{route: route, reason: ReasonCircuitOpen}
	}
	return live{route: route, usable: true}
}
