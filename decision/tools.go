package decision

import (
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// ToolRule says that Tool, reached over Route, may answer a kind's subtasks
// when When holds for the subtask's content. A kind's rules are in
// preference order: the content-specific sources first (Amap for places in
// China, Duffel for legs long enough to fly), the worldwide ones last.
type ToolRule struct {
	Tool string
	// Route is browser or mcp; empty means the category's default
	// (browser for realtime_price, mcp otherwise).
	Route orchestrator.Route
	When  Condition
}

// Condition is what a subtask's content must satisfy for a rule to apply.
// Its zero value always holds. Content that is not known yet (a city that
// could not be geocoded, say) fails every non-zero field.
type Condition struct {
	// Countries: every place the subtask concerns lies in one of these
	// (ISO 3166 alpha-2, upper case).
	Countries []string
	// MinDistanceKM: the leg is at least this long, great-circle.
	MinDistanceKM float64
	// Mode: the subtask's params do not exclude this transport mode.
	Mode string
	// HanName: the place name the subtask is about is written in Han
	// characters (e.g. 成都), so a Chinese-language source can resolve it.
	HanName bool
}

// IsZero reports whether c always holds.
func (c Condition) IsZero() bool {
	return len(c.Countries) == 0 && c.MinDistanceKM == 0 && c.Mode == "" && !c.HanName
}

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

// Holds reports whether c holds for st with content ct.
func (c Condition) Holds(st orchestrator.Subtask, ct Content) bool {
	if len(c.Countries) > 0 {
		if len(ct.Countries) == 0 {
			return false
		}
		for _, cc := range ct.Countries {
			if !slices.Contains(c.Countries, strings.ToUpper(cc)) {
				return false
			}
		}
	}
	if c.MinDistanceKM > 0 && ct.DistanceKM < c.MinDistanceKM {
		return false
	}
	if c.Mode != "" {
		for _, m := range strings.Split(st.Params["exclude"], ",") {
			if strings.EqualFold(strings.TrimSpace(m), c.Mode) {
				return false
			}
		}
	}
	if c.HanName && !orchestrator.HanName(st.Params["city"]) {
		return false
	}
	return true
}

// Choice is one tool the strategy may call, over its route, when its
// condition holds.
type Choice struct {
	Route orchestrator.Route
	Tool  string
	When  Condition
}

// DefaultTools are the content-aware tool rules of DefaultPolicy. Kinds
// without rules use their orchestrator.Kinds tool over the category's
// default route.
func DefaultTools() map[orchestrator.Kind][]ToolRule {
	china := Condition{Countries: []string{"CN"}}
	return map[orchestrator.Kind][]ToolRule{
		// Open-Meteo's gazetteer first everywhere; Amap's geocoder can
		// resolve Chinese names it misses (small towns, scenic areas).
		orchestrator.KindGeocode: {
			{Tool: orchestrator.ToolGeocode},
			{Tool: orchestrator.ToolAmapGeocode, When: Condition{HanName: true}},
		},
		// Open-Meteo everywhere; Amap's 4-day forecast when it fails in
		// China.
		orchestrator.KindWeather: {{Tool: orchestrator.ToolWeather}, {Tool: orchestrator.ToolAmapWeather, When: china}},
		// OpenStreetMap is thin in China; Amap has priced restaurants and
		// hotels there. The worldwide tools stay as the fallback.
		orchestrator.KindAttractions: {{Tool: orchestrator.ToolAmapFindPOIs, When: china}, {Tool: orchestrator.ToolFindPOIs}},
		orchestrator.KindRestaurants: {{Tool: orchestrator.ToolAmapFindPOIs, When: china}, {Tool: orchestrator.ToolFindPOIs}},
		orchestrator.KindHotels:      {{Tool: orchestrator.ToolAmapFindHotels, When: china}, {Tool: orchestrator.ToolFindHotels}},
		orchestrator.KindTransport:   {{Tool: orchestrator.ToolAmapTransport, When: china}, {Tool: orchestrator.ToolTransport}},
		// Live fares: an airline API for legs worth flying, when flights
		// are not excluded; the browser agent's fare pages otherwise.
		orchestrator.KindFares: {
			{Tool: orchestrator.ToolFlightOffers, Route: orchestrator.RouteMCP, When: Condition{MinDistanceKM: FlightMinKM, Mode: "flight"}},
			{Tool: orchestrator.ToolScrapePrices, Route: orchestrator.RouteBrowser},
		},
	}
}

// FlightMinKM is the shortest leg for which live flight offers are asked:
// below it, ground transport wins door to door almost everywhere.
const FlightMinKM = 400

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
		if c.Route == route && c.When.Holds(st, ct) {
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
