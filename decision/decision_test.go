package decision

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

const (
	cache   = orchestrator.RouteCache
	browser = orchestrator.RouteBrowser
	mcp     = orchestrator.RouteMCP
	local   = orchestrator.RouteLocal
	none    = orchestrator.RouteNone
)

// subtasks under test, one per category and compute flavour. "render" is
// local only under renderLocal.
var subtasks = map[string]orchestrator.Subtask{
	"hotels":  orchestrator.NewSubtask(orchestrator.KindHotelPrices, map[string]string{"city": "kyoto"}),
	"weather": orchestrator.NewSubtask(orchestrator.KindWeather, map[string]string{"city": "kyoto"}),
	"guide":   orchestrator.NewSubtask(orchestrator.KindGuide, map[string]string{"city": "kyoto"}),
	// A computed subtask answered by an agent tool (not cached).
	"matrix":    {ID: "matrix:0123456789abcdef", Kind: orchestrator.KindMatrix, Category: orchestrator.Compute, Tool: "travel_matrix", Params: map[string]string{"city": "kyoto"}},
	"itinerary": orchestrator.NewSubtask(orchestrator.KindItinerary, map[string]string{"brief": "x"}),
	"render":    orchestrator.NewSubtask(orchestrator.KindRender, map[string]string{"brief": "x"}),
}

// liveRoute is the preferred live route of each subtask under the policy
// used with it in the tests.
var liveRoute = map[string]orchestrator.Route{
	"hotels": browser, "weather": mcp, "guide": mcp, "matrix": mcp, "itinerary": local, "render": local,
}

func renderLocal() Policy {
	p := DefaultPolicy()
	p.Local[orchestrator.KindRender] = true
	return p
}

// cacheState returns the named cache state for a category under the default
// policy: absent, fresh, stale (half of MaxStale) or old (past MaxStale).
func cacheState(name string, cat orchestrator.Category) CacheState {
	maxStale := DefaultPolicy().MaxStale[cat]
	if maxStale == 0 {
		maxStale = time.Hour // compute: any age, the cache is ignored
	}
	switch name {
	case "absent":
		return CacheState{}
	case "fresh":
		return CacheState{Present: true, Fresh: true, Age: time.Minute}
	case "stale":
		return CacheState{Present: true, Age: maxStale / 2}
	case "old":
		return CacheState{Present: true, Age: maxStale + time.Second}
	}
	panic("unknown cache state " + name)
}

// health returns the named health for a subtask: ok (its tool registered),
// unregistered (no tools), down (its live route down), open (its tool's
// circuit open), and combinations joined by "+".
func health(name, task string) Health {
	tool := subtasks[task].Tool
	h := Health{Tools: map[string]bool{}, Down: map[orchestrator.Route]bool{}, Open: map[string]bool{}}
	if tool != "" {
		h.Tools[tool] = true
	}
	for _, part := range strings.Split(name, "+") {
		switch part {
		case "ok":
		case "unregistered":
			clear(h.Tools)
		case "down":
			h.Down[liveRoute[task]] = true
		case "mcpdown":
			h.Down[mcp] = true
		case "open":
			h.Open[tool] = true
		default:
			panic("unknown health " + part)
		}
	}
	return h
}

func parseChain(s string) []orchestrator.Route {
	var out []orchestrator.Route
	for _, r := range strings.Split(s, ">") {
		out = append(out, orchestrator.Route(r))
	}
	return out
}

// TestDecideMatrix covers every category × cache state × health, with the
// whole expected chain and flags written out: S = StaleAllowed,
// R = Revalidate.
func TestDecideMatrix(t *testing.T) {
	tests := []struct {
		task, cache, health string
		chain, flags        string
		reason              string
	}{
		// realtime_price → browser; stale entries back the live route up.
		{"hotels", "absent", "ok", "browser>none", "", "cache_miss"},
		{"hotels", "absent", "unregistered", "none", "", "tool_unregistered"},
		{"hotels", "absent", "down", "none", "", "route_down"},
		{"hotels", "absent", "open", "none", "", "circuit_open"},
		{"hotels", "fresh", "ok", "cache>browser>none", "", "fresh_cache"},
		{"hotels", "fresh", "unregistered", "cache>none", "", "fresh_cache"},
		{"hotels", "fresh", "down", "cache>none", "", "fresh_cache"},
		{"hotels", "fresh", "open", "cache>none", "", "fresh_cache"},
		{"hotels", "stale", "ok", "browser>cache>none", "S", "live_over_stale"},
		{"hotels", "stale", "unregistered", "cache>none", "S", "tool_unregistered"},
		{"hotels", "stale", "down", "cache>none", "S", "route_down"},
		{"hotels", "stale", "open", "cache>none", "S", "circuit_open"},
		{"hotels", "old", "ok", "browser>none", "", "stale_expired"},
		{"hotels", "old", "unregistered", "none", "", "tool_unregistered"},
		{"hotels", "old", "down", "none", "", "route_down"},
		{"hotels", "old", "open", "none", "", "circuit_open"},

		// live_condition → mcp; stale entries back the live route up.
		{"weather", "absent", "ok", "mcp>none", "", "cache_miss"},
		{"weather", "absent", "unregistered", "none", "", "tool_unregistered"},
		{"weather", "absent", "down", "none", "", "route_down"},
		{"weather", "absent", "open", "none", "", "circuit_open"},
		{"weather", "fresh", "ok", "cache>mcp>none", "", "fresh_cache"},
		{"weather", "fresh", "unregistered", "cache>none", "", "fresh_cache"},
		{"weather", "fresh", "down", "cache>none", "", "fresh_cache"},
		{"weather", "fresh", "open", "cache>none", "", "fresh_cache"},
		{"weather", "stale", "ok", "mcp>cache>none", "S", "live_over_stale"},
		{"weather", "stale", "unregistered", "cache>none", "S", "tool_unregistered"},
		{"weather", "stale", "down", "cache>none", "S", "route_down"},
		{"weather", "stale", "open", "cache>none", "S", "circuit_open"},
		{"weather", "old", "ok", "mcp>none", "", "stale_expired"},
		{"weather", "old", "unregistered", "none", "", "tool_unregistered"},
		{"weather", "old", "down", "none", "", "route_down"},
		{"weather", "old", "open", "none", "", "circuit_open"},

		// static_knowledge → mcp; stale entries are served while revalidating.
		{"guide", "absent", "ok", "mcp>none", "", "cache_miss"},
		{"guide", "absent", "unregistered", "none", "", "tool_unregistered"},
		{"guide", "absent", "down", "none", "", "route_down"},
		{"guide", "absent", "open", "none", "", "circuit_open"},
		{"guide", "fresh", "ok", "cache>mcp>none", "", "fresh_cache"},
		{"guide", "fresh", "unregistered", "cache>none", "", "fresh_cache"},
		{"guide", "fresh", "down", "cache>none", "", "fresh_cache"},
		{"guide", "fresh", "open", "cache>none", "", "fresh_cache"},
		{"guide", "stale", "ok", "cache>mcp>none", "SR", "stale_while_revalidate"},
		{"guide", "stale", "unregistered", "cache>none", "S", "tool_unregistered"},
		{"guide", "stale", "down", "cache>none", "S", "route_down"},
		{"guide", "stale", "open", "cache>none", "S", "circuit_open"},
		{"guide", "old", "ok", "mcp>none", "", "stale_expired"},
		{"guide", "old", "unregistered", "none", "", "tool_unregistered"},
		{"guide", "old", "down", "none", "", "route_down"},
		{"guide", "old", "open", "none", "", "circuit_open"},

		// compute with a tool, not local → mcp; the cache is never consulted.
		{"matrix", "absent", "ok", "mcp>none", "", "not_cacheable"},
		{"matrix", "absent", "unregistered", "none", "", "tool_unregistered"},
		{"matrix", "absent", "down", "none", "", "route_down"},
		{"matrix", "absent", "open", "none", "", "circuit_open"},
		{"matrix", "fresh", "ok", "mcp>none", "", "not_cacheable"},
		{"matrix", "fresh", "unregistered", "none", "", "tool_unregistered"},
		{"matrix", "fresh", "down", "none", "", "route_down"},
		{"matrix", "fresh", "open", "none", "", "circuit_open"},
		{"matrix", "stale", "ok", "mcp>none", "", "not_cacheable"},
		{"matrix", "stale", "unregistered", "none", "", "tool_unregistered"},
		{"matrix", "stale", "down", "none", "", "route_down"},
		{"matrix", "stale", "open", "none", "", "circuit_open"},
		{"matrix", "old", "ok", "mcp>none", "", "not_cacheable"},
		{"matrix", "old", "unregistered", "none", "", "tool_unregistered"},
		{"matrix", "old", "down", "none", "", "route_down"},
		{"matrix", "old", "open", "none", "", "circuit_open"},

		// compute in process, no tool → local; tools and circuits do not matter.
		{"itinerary", "absent", "ok", "local>none", "", "not_cacheable"},
		{"itinerary", "absent", "unregistered", "local>none", "", "not_cacheable"},
		{"itinerary", "absent", "down", "none", "", "route_down"},
		{"itinerary", "absent", "mcpdown", "local>none", "", "not_cacheable"},
		{"itinerary", "fresh", "ok", "local>none", "", "not_cacheable"},
		{"itinerary", "fresh", "down", "none", "", "route_down"},
		{"itinerary", "stale", "ok", "local>none", "", "not_cacheable"},
		{"itinerary", "stale", "down", "none", "", "route_down"},
		{"itinerary", "old", "ok", "local>none", "", "not_cacheable"},
		{"itinerary", "old", "down", "none", "", "route_down"},

		// compute in process with a tool (renderLocal) → local, then mcp.
		{"render", "absent", "ok", "local>mcp>none", "", "not_cacheable"},
		{"render", "absent", "unregistered", "local>none", "", "not_cacheable"},
		{"render", "absent", "open", "local>none", "", "not_cacheable"},
		{"render", "absent", "mcpdown", "local>none", "", "not_cacheable"},
		{"render", "absent", "down", "mcp>none", "", "route_down"},
		{"render", "absent", "down+open", "none", "", "route_down"},
		{"render", "absent", "down+unregistered", "none", "", "route_down"},
		{"render", "absent", "down+mcpdown", "none", "", "route_down"},
		{"render", "fresh", "ok", "local>mcp>none", "", "not_cacheable"},
		{"render", "fresh", "down", "mcp>none", "", "route_down"},
		{"render", "stale", "ok", "local>mcp>none", "", "not_cacheable"},
		{"render", "stale", "down+open", "none", "", "route_down"},
		{"render", "old", "ok", "local>mcp>none", "", "not_cacheable"},
		{"render", "old", "down", "mcp>none", "", "route_down"},

		// Several failures at once: the first check in the order
		// unregistered, down, open names the reason.
		{"hotels", "absent", "unregistered+down+open", "none", "", "tool_unregistered"},
		{"hotels", "absent", "down+open", "none", "", "route_down"},
		{"guide", "stale", "down+open", "cache>none", "S", "route_down"},
		{"weather", "fresh", "unregistered+open", "cache>none", "", "fresh_cache"},
		// A down route other than the live one does not matter.
		{"hotels", "absent", "mcpdown", "browser>none", "", "cache_miss"},
	}
	wantTTL := DefaultPolicy().TTL
	for _, tt := range tests {
		name := tt.task + "/" + tt.cache + "/" + tt.health
		t.Run(name, func(t *testing.T) {
			st := subtasks[tt.task]
			p := DefaultPolicy()
			if tt.task == "render" {
				p = renderLocal()
			}
			got := p.Decide(st, cacheState(tt.cache, st.Category), health(tt.health, tt.task))

			chain := parseChain(tt.chain)
			want := Strategy{
				Route:        chain[0],
				Fallback:     chain[1:],
				StaleAllowed: strings.Contains(tt.flags, "S"),
				Revalidate:   strings.Contains(tt.flags, "R"),
				Reason:       tt.reason,
			}
			if len(want.Fallback) == 0 {
				want.Fallback = nil
			}
			if slices.Contains(chain, browser) || slices.Contains(chain, mcp) {
				want.Tool = st.Tool
				live := mcp
				if st.Category == orchestrator.RealtimePrice {
					live = browser
				}
				want.Tools = []Choice{{Route: live, Tool: st.Tool}}
			}
			if st.Category != orchestrator.Compute {
				want.Cacheable, want.TTL = true, wantTTL[st.Category]
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Decide(%s) =\n  %+v\nwant\n  %+v", name, got, want)
			}
		})
	}
}

// TestDecideInvariants checks the documented guarantees over every
// combination of subtask, cache state, health and policy.
func TestDecideInvariants(t *testing.T) {
	reasons := []string{
		ReasonFreshCache, ReasonStaleWhileRevalidate, ReasonLiveOverStale, ReasonStaleExpired,
		ReasonCacheMiss, ReasonNotCacheable, ReasonToolUnregistered, ReasonRouteDown,
		ReasonCircuitOpen, ReasonNoRoute, ReasonUnknownCategory,
	}
	policies := map[string]Policy{"default": DefaultPolicy(), "renderLocal": renderLocal(), "zero": {}}
	healths := []string{"ok", "unregistered", "down", "mcpdown", "open", "down+open",
		"unregistered+down", "down+mcpdown+open"}
	n := 0
	for pname, p := range policies {
		for task, st := range subtasks {
			for _, cs := range []string{"absent", "fresh", "stale", "old"} {
				for _, hs := range healths {
					got := p.Decide(st, cacheState(cs, st.Category), health(hs, task))
					n++
					name := fmt.Sprintf("%s/%s/%s/%s", pname, task, cs, hs)
					chain := got.Chain()
					if chain[len(chain)-1] != none {
						t.Errorf("%s: chain %v does not end in none", name, chain)
					}
					seen := map[orchestrator.Route]bool{}
					for _, r := range chain {
						if seen[r] {
							t.Errorf("%s: chain %v repeats %s", name, chain, r)
						}
						seen[r] = true
					}
					if got.Revalidate && (got.Route != cache || !got.StaleAllowed || !seen[mcp]) {
						t.Errorf("%s: revalidate without serving stale and a live route: %+v", name, got)
					}
					if got.StaleAllowed != (seen[cache] && cs == "stale" && got.Cacheable) {
						t.Errorf("%s: StaleAllowed = %v with chain %v", name, got.StaleAllowed, chain)
					}
					if (got.Tool != "") != (seen[browser] || seen[mcp]) {
						t.Errorf("%s: Tool %q with chain %v", name, got.Tool, chain)
					}
					if st.Category == orchestrator.Compute && (seen[cache] || got.Cacheable) {
						t.Errorf("%s: compute uses the cache: %+v", name, got)
					}
					if got.Cacheable != (got.TTL > 0) {
						t.Errorf("%s: Cacheable %v with TTL %v", name, got.Cacheable, got.TTL)
					}
					if !slices.Contains(reasons, got.Reason) {
						t.Errorf("%s: undeclared reason %q", name, got.Reason)
					}
				}
			}
		}
	}
	if n != 3*6*4*8 {
		t.Fatalf("checked %d combinations, want %d", n, 3*6*4*8)
	}
}

func TestDecideStaleBoundary(t *testing.T) {
	p := DefaultPolicy()
	tests := []struct {
		task   string
		age    time.Duration
		chain  string
		reason string
	}{
		{"guide", 30 * 24 * time.Hour, "cache>mcp>none", ReasonStaleWhileRevalidate},
		{"guide", 30*24*time.Hour + 1, "mcp>none", ReasonStaleExpired},
		{"weather", 6 * time.Hour, "mcp>cache>none", ReasonLiveOverStale},
		{"weather", 6*time.Hour + 1, "mcp>none", ReasonStaleExpired},
		{"hotels", 24 * time.Hour, "browser>cache>none", ReasonLiveOverStale},
		{"hotels", 24*time.Hour + 1, "browser>none", ReasonStaleExpired},
		// Just past the TTL is stale, and still served.
		{"hotels", 21 * time.Minute, "browser>cache>none", ReasonLiveOverStale},
	}
	for _, tt := range tests {
		st := subtasks[tt.task]
		got := p.Decide(st, CacheState{Present: true, Age: tt.age}, health("ok", tt.task))
		if !slices.Equal(got.Chain(), parseChain(tt.chain)) || got.Reason != tt.reason {
			t.Errorf("%s aged %v: got chain %v reason %q, want %s %q",
				tt.task, tt.age, got.Chain(), got.Reason, tt.chain, tt.reason)
		}
	}
}

func TestDecideEdgeCases(t *testing.T) {
	guide := subtasks["guide"]
	noCategory := guide
	noCategory.Category = ""
	unknown := guide
	unknown.Category = "gossip"
	noTool := guide
	noTool.Tool = ""
	budget := subtasks["itinerary"]
	budget.Kind = orchestrator.KindBudget
	fresh := CacheState{Present: true, Fresh: true, Age: time.Minute}
	registered := Health{Tools: map[string]bool{"destination_guide": true, "": true}}

	tests := []struct {
		name  string
		p     Policy
		st    orchestrator.Subtask
		cache CacheState
		h     Health
		want  Strategy
	}{
		{
			name: "empty category taken from Kinds",
			p:    DefaultPolicy(), st: noCategory, cache: fresh, h: registered,
			want: Strategy{Route: cache, Tool: "destination_guide", Cacheable: true, TTL: 168 * time.Hour,
				Fallback: []orchestrator.Route{mcp, none}, Reason: ReasonFreshCache},
		},
		{
			name: "unknown category",
			p:    DefaultPolicy(), st: unknown, cache: fresh, h: registered,
			want: Strategy{Route: none, Reason: ReasonUnknownCategory},
		},
		{
			name: "empty tool is never registered",
			p:    DefaultPolicy(), st: noTool, h: registered,
			want: Strategy{Route: none, Cacheable: true, TTL: 168 * time.Hour, Reason: ReasonToolUnregistered},
		},
		{
			name: "zero policy caches nothing",
			p:    Policy{}, st: guide, cache: fresh, h: registered,
			want: Strategy{Route: mcp, Tool: "destination_guide", Fallback: []orchestrator.Route{none},
				Reason: ReasonNotCacheable},
		},
		{
			name: "zero TTL turns a category's cache off",
			p: Policy{TTL: map[orchestrator.Category]time.Duration{orchestrator.StaticKnowledge: 0},
				MaxStale: DefaultPolicy().MaxStale},
			st: guide, cache: CacheState{Present: true, Age: time.Hour}, h: registered,
			want: Strategy{Route: mcp, Tool: "destination_guide", Fallback: []orchestrator.Route{none},
				Reason: ReasonNotCacheable},
		},
		{
			name: "no MaxStale never serves stale",
			p:    Policy{TTL: DefaultPolicy().TTL}, st: guide, cache: CacheState{Present: true}, h: registered,
			want: Strategy{Route: mcp, Tool: "destination_guide", Cacheable: true, TTL: 168 * time.Hour,
				Fallback: []orchestrator.Route{none}, Reason: ReasonStaleExpired},
		},
		{
			name: "fresh without present is absent",
			p:    DefaultPolicy(), st: guide, cache: CacheState{Fresh: true}, h: registered,
			want: Strategy{Route: mcp, Tool: "destination_guide", Cacheable: true, TTL: 168 * time.Hour,
				Fallback: []orchestrator.Route{none}, Reason: ReasonCacheMiss},
		},
		{
			name: "compute kind neither local nor with a tool",
			p:    Policy{}, st: budget, h: registered,
			want: Strategy{Route: none, Reason: ReasonNoRoute},
		},
		{
			name: "nil health maps",
			p:    DefaultPolicy(), st: guide, cache: fresh,
			want: Strategy{Route: cache, Cacheable: true, TTL: 168 * time.Hour,
				Fallback: []orchestrator.Route{none}, Reason: ReasonFreshCache},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.p.Decide(tt.st, tt.cache, tt.h)
			got.Tools = nil // TestDecideTools covers the tool choices
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestDefaultPolicy(t *testing.T) {
	p := DefaultPolicy()
	wantTTL := map[orchestrator.Category]time.Duration{
		orchestrator.StaticKnowledge: 7 * 24 * time.Hour,
		orchestrator.LiveCondition:   time.Hour,
		orchestrator.RealtimePrice:   20 * time.Minute,
		orchestrator.Compute:         0,
	}
	wantStale := map[orchestrator.Category]time.Duration{
		orchestrator.StaticKnowledge: 30 * 24 * time.Hour,
		orchestrator.LiveCondition:   6 * time.Hour,
		orchestrator.RealtimePrice:   24 * time.Hour,
	}
	if !reflect.DeepEqual(p.TTL, wantTTL) {
		t.Errorf("TTL = %v, want %v", p.TTL, wantTTL)
	}
	if !reflect.DeepEqual(p.MaxStale, wantStale) {
		t.Errorf("MaxStale = %v, want %v", p.MaxStale, wantStale)
	}
	for _, k := range []orchestrator.Kind{orchestrator.KindItinerary, orchestrator.KindBudget, orchestrator.KindVerify} {
		if !p.Local[k] {
			t.Errorf("Local[%s] = false, want true", k)
		}
	}
	// Each call returns fresh maps, so callers may edit theirs.
	p.TTL[orchestrator.LiveCondition] = 0
	if DefaultPolicy().TTL[orchestrator.LiveCondition] != time.Hour {
		t.Error("DefaultPolicy shares its maps between calls")
	}
}

func TestStrategyChain(t *testing.T) {
	s := Strategy{Route: cache, Fallback: []orchestrator.Route{mcp, none}}
	got := s.Chain()
	got[0] = none // must not write into s
	if want := []orchestrator.Route{none, mcp, none}; !slices.Equal(got, want) || s.Route != cache {
		t.Errorf("Chain() = %v, s.Route = %v", got, s.Route)
	}
	if got := (Strategy{Route: none}).Chain(); !slices.Equal(got, []orchestrator.Route{none}) {
		t.Errorf("Chain() of none = %v", got)
	}
}

// TestDecideReadsOnlyKindCategoryTool checks what the pipeline relies on
// to share one strategy between alike subtasks of a plan: Decide reads
// of a subtask its Kind, Category and Tool only — not its ID, parameters,
// dependencies or flags.
func TestDecideReadsOnlyKindCategoryTool(t *testing.T) {
	p := DefaultPolicy()
	for name, st := range subtasks {
		for _, c := range []CacheState{{}, {Present: true, Fresh: true, Age: time.Hour}, {Present: true, Age: time.Hour}} {
			h := health("ok", name)
			want := p.Decide(st, c, h)
			other := orchestrator.Subtask{Kind: st.Kind, Category: st.Category, Tool: st.Tool,
				ID: "other:0", Params: map[string]string{"city": "elsewhere", "from": "a", "to": "b"},
				Deps: []string{"geocode:1"}, Required: !st.Required, Speculative: true}
			if got := p.Decide(other, c, h); !reflect.DeepEqual(got, want) {
				t.Errorf("%s %+v: got %+v for the same kind, category and tool, want %+v", name, c, got, want)
			}
		}
	}
}
