package decision

import (
	"slices"

	"github.com/tripweave/tripweave/orchestrator"
)

// ToolRule is one tool that may answer a kind (orchestrator.ToolRule: the
// rules are declared with the kinds, in orchestrator.Kinds).
type ToolRule = orchestrator.ToolRule

// Condition is what a subtask's content must meet for a tool rule
// (orchestrator.ToolCondition).
type Condition = orchestrator.ToolCondition

// Content is what is known of a subtask when it runs, read from the results
// of its dependencies.
type Content struct {
	// Countries are the ISO alpha-2 codes of the geocoded places the
	// subtask concerns, in dependency order; "" for a place whose country
	// is unknown.
	Countries []string
	// DistanceKM is the great-circle length of a leg between two geocoded
	// places; 0 when unknown or not a leg.
	DistanceKM float64
}

// holds reports whether st with content ct meets c.
func holds(c Condition, st orchestrator.Subtask, ct Content) bool {
	return c.Holds(st, ct.Countries, ct.DistanceKM)
}

// Choice is one tool the strategy may call, over its route, when its
// condition holds.
type Choice struct {
	Route orchestrator.Route
	Tool  string
	When  Condition
}

// DefaultTools returns the tool rules of every kind that has them, as the
// registry (orchestrator.Kinds) declares them.
func DefaultTools() map[orchestrator.Kind][]ToolRule {
	out := map[orchestrator.Kind][]ToolRule{}
	for k, spec := range orchestrator.Kinds {
		if len(spec.Rules) > 0 {
			out[k] = spec.Rules
		}
	}
	return out
}

// FlightMinKM is the shortest leg for which live flight offers are asked.
const FlightMinKM = orchestrator.FlightMinKM

// rules appends st's tool rules to out and returns the result: the
// policy's for its kind, else its own tool over the category's default
// route.
func (p Policy) rules(st orchestrator.Subtask, cat orchestrator.Category, out []ToolRule) []ToolRule {
	def := orchestrator.RouteMCP
	if cat == orchestrator.RealtimePrice {
		def = orchestrator.RouteBrowser
	}
	rs := p.Tools[st.Kind]
	if len(rs) == 0 {
		if st.Tool == "" && cat == orchestrator.Compute {
			return out // computed in process or not at all
		}
		return append(out, ToolRule{Tool: st.Tool, Route: def})
	}
	for _, r := range rs {
		if r.Route == "" {
			r.Route = def
		}
		out = append(out, r)
	}
	return out
}

// Select returns the tools s may call over route for st with content ct,
// in preference order.
func (s Strategy) Select(route orchestrator.Route, st orchestrator.Subtask, ct Content) []string {
	var out []string
	for _, c := range s.Tools {
		if c.Route == route && holds(c.When, st, ct) {
			out = append(out, c.Tool)
		}
	}
	return out
}

// AllTools lists every tool p's rules name, sorted: what the executor asks
// the agents about when it builds Health.
func (p Policy) AllTools() []string {
	seen := map[string]bool{}
	for _, spec := range orchestrator.Kinds {
		if spec.Tool != "" {
			seen[spec.Tool] = true
		}
	}
	for _, rs := range p.Tools {
		for _, r := range rs {
			seen[r.Tool] = true
		}
	}
	out := make([]string, 0, len(seen))
	for t := range seen {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}
