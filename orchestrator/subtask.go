package orchestrator

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Category says how fresh a subtask's answer must be and so where it may come
// from; the decision module keys TTLs and routes on it.
type Category string

// Subtask categories.
const (
	RealtimePrice   Category = "realtime_price"   // hotel and transport prices
	LiveCondition   Category = "live_condition"   // weather, exchange rates
	StaticKnowledge Category = "static_knowledge" // guides, POIs, geocodes
	Compute         Category = "compute"          // derived from other subtasks
)

// Categories lists every category, in a fixed order.
var Categories = []Category{RealtimePrice, LiveCondition, StaticKnowledge, Compute}

// Kind names what a subtask produces.
type Kind string

// Subtask kinds, in the order the decomposer emits them.
const (
	KindGeocode     Kind = "geocode"
	KindGuide       Kind = "guide"
	KindAttractions Kind = "attractions"
	KindRestaurants Kind = "restaurants"
	KindHotels      Kind = "hotels"
	KindWeather     Kind = "weather"
	KindFX          Kind = "fx"
	KindTransport   Kind = "transport"
	KindMatrix      Kind = "matrix"
	KindItinerary   Kind = "itinerary"
	KindBudget      Kind = "budget"
	KindVerify      Kind = "verify"
	KindRender      Kind = "render"
)

// KindSpec is what the domain knows about a kind: its category, the agent
// tool that answers it (empty for subtasks computed in process), and whether
// a plan is worthless without it.
type KindSpec struct {
	Category Category
	Tool     string
	Required bool
}

// Kinds maps each kind to its spec. Tools named here are registered by the
// agents; a kind whose tool is not registered reports itself unavailable.
var Kinds = map[Kind]KindSpec{
	KindGeocode:     {Category: StaticKnowledge, Tool: "geocode"},
	KindGuide:       {Category: StaticKnowledge, Tool: "destination_guide"},
	KindAttractions: {Category: StaticKnowledge, Tool: "find_pois"},
	KindRestaurants: {Category: StaticKnowledge, Tool: "find_pois"},
	KindHotels:      {Category: RealtimePrice, Tool: "scrape_prices"},
	KindWeather:     {Category: LiveCondition, Tool: "weather"},
	KindFX:          {Category: LiveCondition, Tool: "fx_rates"},
	KindTransport:   {Category: RealtimePrice, Tool: "scrape_prices"},
	KindMatrix:      {Category: Compute, Tool: "travel_matrix"},
	KindItinerary:   {Category: Compute},
	KindBudget:      {Category: Compute},
	KindVerify:      {Category: Compute},
	KindRender:      {Category: Compute, Tool: "render_itinerary"},
}

// Subtask is one unit of work in a plan's DAG. Its ID is a hash of the kind
// and canonical parameters, so equal work has equal IDs across plans — the
// basis of caching and coalescing.
type Subtask struct {
	ID       string            `json:"id"`
	Kind     Kind              `json:"kind"`
	Category Category          `json:"category"`
	Tool     string            `json:"tool,omitempty"`
	Params   map[string]string `json:"params"`
	Deps     []string          `json:"deps,omitempty"`
	Required bool              `json:"required"`
}

// NewSubtask returns the subtask of kind with params, its ID derived from
// both. Parameter values should already be canonical (see CanonicalCity).
func NewSubtask(kind Kind, params map[string]string, deps ...string) Subtask {
	spec := Kinds[kind]
	if params == nil {
		params = map[string]string{}
	}
	return Subtask{
		ID:       string(kind) + ":" + SubtaskHash(kind, params),
		Kind:     kind,
		Category: spec.Category,
		Tool:     spec.Tool,
		Params:   params,
		Deps:     deps,
		Required: spec.Required,
	}
}

// Hash returns the part of the ID after the kind: the content hash used in
// cache keys.
func (s Subtask) Hash() string {
	if i := strings.IndexByte(s.ID, ':'); i >= 0 {
		return s.ID[i+1:]
	}
	return s.ID
}

// SubtaskHash returns 16 hex digits of SHA-256 over the kind and the params
// sorted by key.
func SubtaskHash(kind Kind, params map[string]string) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	h := sha256.New()
	h.Write([]byte(kind))
	for _, k := range keys {
		h.Write([]byte{0})
		h.Write([]byte(k))
		h.Write([]byte{'='})
		h.Write([]byte(params[k]))
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// CanonicalCity folds a city name for use in subtask parameters: trimmed,
// inner spaces collapsed, lower-cased.
func CanonicalCity(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}

// Decompose maps a normalized brief to its subtasks, dependencies first. The
// same brief always gives the same subtasks in the same order. Per city:
// geocode → guide, attractions, restaurants, hotels, weather; per leg
// (origin → cities → origin): transport; then fx, per-city travel matrix,
// itinerary, budget, verify and render.
func Decompose(b *Brief) []Subtask {
	var out []Subtask
	seen := map[string]bool{}
	add := func(s Subtask) string {
		if !seen[s.ID] {
			seen[s.ID] = true
			out = append(out, s)
		}
		return s.ID
	}
	lang := b.Language
	if lang == "" {
		lang = "en"
	}
	cities := b.Cities()
	stays := SplitDays(b.Days, len(cities))
	dates := b.Dates()
	guests := strconv.Itoa(b.Travelers.Adults) + "+" + strconv.Itoa(b.Travelers.Children)

	geo := map[string]string{}
	geocode := func(city string) string {
		c := CanonicalCity(city)
		if id, ok := geo[c]; ok {
			return id
		}
		geo[c] = add(NewSubtask(KindGeocode, map[string]string{"city": c, "lang": lang}))
		return geo[c]
	}
	var gather []string // everything the itinerary consumes
	if b.Origin != "" {
		gather = append(gather, geocode(b.Origin))
	}
	day := 0
	for i, city := range cities {
		c := CanonicalCity(city)
		g := geocode(city)
		gather = append(gather, g)
		cityIDs := []string{}
		for _, k := range []Kind{KindGuide, KindAttractions, KindRestaurants} {
			p := map[string]string{"city": c, "lang": lang}
			if k == KindAttractions || k == KindRestaurants {
				p = map[string]string{"city": c, "category": string(k)}
			}
			id := add(NewSubtask(k, p, g))
			cityIDs = append(cityIDs, id)
		}
		hp := map[string]string{"city": c, "nights": strconv.Itoa(stays[i]), "guests": guests}
		if dates != nil {
			hp["checkin"] = dates[day]
			hp["checkout"] = addDays(dates[day], stays[i])
		}
		if b.Constraints.RoomType != "" {
			hp["room_type"] = b.Constraints.RoomType
		}
		if len(b.Constraints.HouseRules) > 0 {
			hp["house_rules"] = joinSorted(b.Constraints.HouseRules)
		}
		hotels := add(NewSubtask(KindHotels, hp, g))
		wp := map[string]string{"city": c}
		if dates != nil {
			wp["start"] = dates[day]
			wp["end"] = dates[day+stays[i]-1]
		} else {
			wp["days"] = strconv.Itoa(stays[i])
		}
		weather := add(NewSubtask(KindWeather, wp, g))
		mdeps := append(append([]string{}, cityIDs[1:]...), hotels)
		matrix := add(NewSubtask(KindMatrix, map[string]string{"city": c}, mdeps...))
		gather = append(gather, cityIDs...)
		gather = append(gather, hotels, weather, matrix)
		day += stays[i]
	}

	// Transport legs between consecutive stops, starting and ending at the
	// origin when there is one.
	stops := append([]string{}, cities...)
	legDays := []int{0}
	d := 0
	for _, n := range stays[:len(stays)-1] {
		d += n
		legDays = append(legDays, d)
	}
	if b.Origin != "" {
		stops = append(append([]string{b.Origin}, stops...), b.Origin)
		legDays = append(legDays, b.Days-1)
	} else {
		legDays = legDays[1:]
	}
	for i := 0; i+1 < len(stops); i++ {
		from, to := CanonicalCity(stops[i]), CanonicalCity(stops[i+1])
		if from == to {
			continue
		}
		p := map[string]string{"from": from, "to": to, "guests": guests}
		if dates != nil {
			p["date"] = dates[legDays[i]]
		} else {
			p["day"] = strconv.Itoa(legDays[i] + 1)
		}
		if len(b.Constraints.TransportExclude) > 0 {
			p["exclude"] = joinSorted(b.Constraints.TransportExclude)
		}
		gather = append(gather, add(NewSubtask(KindTransport, p, geocode(stops[i]), geocode(stops[i+1]))))
	}

	var fx string
	if b.Budget != nil {
		fx = add(NewSubtask(KindFX, map[string]string{"base": b.Budget.Currency}))
		gather = append(gather, fx)
	}
	key := BriefKey(b)
	itin := add(NewSubtask(KindItinerary, map[string]string{"brief": key}, dedupe(gather)...))
	budgetDeps := []string{itin}
	if fx != "" {
		budgetDeps = append(budgetDeps, fx)
	}
	budget := add(NewSubtask(KindBudget, map[string]string{"brief": key}, budgetDeps...))
	verify := add(NewSubtask(KindVerify, map[string]string{"brief": key}, itin, budget))
	add(NewSubtask(KindRender, map[string]string{"brief": key}, itin, budget, verify))
	return out
}

// SplitDays spreads days over n cities as evenly as possible, earlier cities
// getting the extra days; every city gets at least one day when days ≥ n.
func SplitDays(days, n int) []int {
	if n <= 0 {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = days / n
		if i < days%n {
			out[i]++
		}
		if out[i] == 0 {
			out[i] = 1
		}
	}
	return out
}

func addDays(date string, n int) string {
	t, err := time.Parse(DateLayout, date)
	if err != nil {
		return date
	}
	return t.AddDate(0, 0, n).Format(DateLayout)
}

func joinSorted(items []string) string {
	s := append([]string{}, items...)
	sort.Strings(s)
	return strings.Join(dedupe(s), ",")
}

func dedupe(items []string) []string {
	seen := map[string]bool{}
	out := items[:0:0]
	for _, s := range items {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// Route is where a subtask is answered.
type Route string

// Routes a subtask can take. RouteNone means no source could answer and the
// subtask reports itself unavailable.
const (
	RouteCache   Route = "cache"
	RouteBrowser Route = "browser"
	RouteMCP     Route = "mcp"
	RouteLocal   Route = "local"
	RouteNone    Route = "none"
)
