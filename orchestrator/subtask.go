package orchestrator

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
	// Speculative marks work gathered in case it helps — the legs to and
	// from a hub a connection may change at — whose absence is no loss:
	// its failure leaves no note for the traveller. Not part of the ID.
	Speculative bool `json:"speculative,omitempty"`
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

// CatalogSubtask returns the subtask whose cache entry holds a city's
// catalog of kind (KindAttractions, KindRestaurants or KindHotels): the
// parameters {"city": canonical city, "category": kind}, undated. Decompose
// and the dataset importers build the key with it, so imported catalogs
// are found by plans. Its Params are shared with every call for the same
// catalog: read only.
func CatalogSubtask(kind Kind, city string, deps ...string) Subtask {
	city = CanonicalCity(city)
	return interned.get(subtaskKey{kind: kind, a: city}, func() map[string]string {
		return map[string]string{"city": city, "category": string(kind)}
	}, deps)
}

// TransportSubtask returns the subtask whose cache entry holds every
// transport option from one city to another, all dates and modes, as a
// TransportLeg: KindTransport with {"from", "to"} (canonical cities) and
// {"category": "transport"}. Decompose and the importers share it. Its
// Params are shared with every call for the same leg: read only.
func TransportSubtask(from, to string, deps ...string) Subtask {
	from, to = CanonicalCity(from), CanonicalCity(to)
	return interned.get(subtaskKey{kind: KindTransport, a: from, b: to}, func() map[string]string {
		return map[string]string{"from": from, "to": to, "category": string(KindTransport)}
	}, deps)
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
	var keyBuf [8]string
	keys := keyBuf[:0]
	for k := range params {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var buf [256]byte
	in := append(buf[:0], kind...)
	for _, k := range keys {
		in = append(append(append(append(in, 0), k...), '='), params[k]...)
	}
	sum := sha256.Sum256(in)
	var out [16]byte
	hex.Encode(out[:], sum[:8])
	return string(out[:])
}

// CanonicalCity folds a city name for use in subtask parameters: trimmed,
// inner spaces collapsed, lower-cased.
func CanonicalCity(name string) string {
	if isCanonical(name) {
		return name
	}
	var buf [64]byte
	if c, ok := appendCanonicalASCII(buf[:0], name); ok {
		return string(c)
	}
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}

// isCanonical reports whether CanonicalCity(name) is name itself: valid
// UTF-8 with no upper-case letter, no space but single ASCII spaces
// between words.
func isCanonical(name string) bool {
	space := true // a leading space is not canonical
	for i := 0; i < len(name); {
		c := name[i]
		if c < utf8.RuneSelf {
			switch {
			case c == ' ':
				if space {
					return false
				}
				space = true
			case 'A' <= c && c <= 'Z', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
				return false
			default:
				space = false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(name[i:])
		if (r == utf8.RuneError && size == 1) || unicode.IsSpace(r) || unicode.ToLower(r) != r {
			return false
		}
		space = false
		i += size
	}
	return name == "" || !space
}

// Decompose maps a normalized brief to its subtasks, dependencies first. The
// same brief always gives the same subtasks in the same order. Per city:
// geocode → guide, attractions, restaurants, hotels (the undated catalogs,
// keyed {city, category} as the dataset importers write them), live hotel
// prices for the stay's dates, weather, and a travel matrix; per leg
// (origin → cities → origin): the transport options ({from, to, category})
// and live fares for the leg's date — with every ordered pair's options when
// the brief fixes no route, the planner choosing the order, and the legs to
// and from the hubs a connection may change at (HubsFor); then fx,
// itinerary, budget and verify.
// Documents are rendered from the stored plan when they are read, not
// while planning. Days are split as the planner splits them: the trip's nights
// spread over the cities (SplitNights), travel on arrival days.
//
// When the brief chooses CityCount of its destinations (Brief.Choosing) the
// destinations are candidates and Decompose works in candidate mode: the
// undated catalogs, guide and matrix for every candidate as above; weather
// per candidate over the whole trip window, the city's nights not being
// known yet; transport options from the origin to each candidate, from each
// candidate back, and between each ordered pair of candidates, so that the
// planner can choose and order the route. It emits no hotel_prices and no
// transport_prices subtasks: their dates depend on the route the planner
// picks, which is known only after the data is gathered.
func Decompose(b *Brief) []Subtask {
	d := newDecomposer(b)
	if b.Origin != "" {
		d.gather = append(d.gather, d.geocode(d.origin).id)
	}
	for i := range d.cities {
		d.city(i)
	}
	for i, leg := range d.legs() {
		d.leg(i, leg)
	}
	d.steps()
	return d.out
}

// decomposer is one Decompose: the subtasks so far (deduplicated by ID),
// the brief's cities by their canonical names, the split of the nights,
// and what the itinerary gathers.
type decomposer struct {
	b        *Brief
	out      []Subtask
	seen     map[string]bool
	lang     string
	cities   []string
	choosing bool
	origin   string
	canon    []string
	nights   []int
	arrive   []int
	dates    []string
	guests   string
	geo      map[string]geoRef
	// Everything the itinerary consumes: about eight subtasks a city and
	// two a leg.
	gather []string
	named  int // the legs in the named order (dated fares)
	// per leg, the 0-based day of travel (dated fares)
	legDays []int
}

// geoRef is a city's geocode: its ID, and the ID alone as a dependency
// list, shared (read only) by the subtasks that need nothing else.
type geoRef struct {
	id   string
	deps []string
}

func newDecomposer(b *Brief) *decomposer {
	d := &decomposer{b: b, lang: b.Language, cities: b.Cities(), choosing: b.Choosing()}
	if d.lang == "" {
		d.lang = "en"
	}
	if d.choosing && len(d.cities) > MaxCandidates {
		d.cities = d.cities[:MaxCandidates] // Normalize rejects more
	}
	// Room for a city's subtasks, the legs and their hubs, and the steps.
	d.out = make([]Subtask, 0, 8*len(d.cities)+24)
	d.seen = make(map[string]bool, cap(d.out))
	// Cities by their canonical names, folded once: legs and subtask
	// parameters use them.
	d.origin = CanonicalCity(b.Origin)
	d.canon = make([]string, len(d.cities))
	for i, c := range d.cities {
		d.canon[i] = CanonicalCity(c)
	}
	d.nights = SplitNights(max(b.Days-1, 0), len(d.cities))
	d.arrive = ArrivalDays(d.nights)
	d.dates = b.Dates()
	d.guests = strconv.Itoa(b.Travelers.Adults) + "+" + strconv.Itoa(b.Travelers.Children)
	d.geo = map[string]geoRef{}
	d.gather = make([]string, 0, cap(d.out))
	return d
}

// add appends s unless a subtask with its ID is there, and returns the ID.
func (d *decomposer) add(s Subtask) string {
	if !d.seen[s.ID] {
		d.seen[s.ID] = true
		d.out = append(d.out, s)
	}
	return s.ID
}

// geocode adds the geocode of city once.
func (d *decomposer) geocode(city string) geoRef {
	c := CanonicalCity(city)
	if r, ok := d.geo[c]; ok {
		return r
	}
	lang := d.lang
	id := d.add(interned.get(subtaskKey{kind: KindGeocode, a: c, b: lang}, func() map[string]string {
		return map[string]string{"city": c, "lang": lang}
	}, nil))
	d.geo[c] = geoRef{id: id, deps: []string{id}}
	return d.geo[c]
}

// city adds the subtasks of the brief's i-th city: geocode, guide, the
// undated catalogs, live hotel prices for the stay, weather, the travel
// matrix and the registry's per-city kinds (KindSpec.CitySubtask).
func (d *decomposer) city(i int) {
	b, c, lang := d.b, d.canon[i], d.lang
	nights, arrive, dates := d.nights, d.arrive, d.dates
	geoC := d.geocode(c)
	g := geoC.id
	guide := d.add(interned.get(subtaskKey{kind: KindGuide, a: c, b: lang}, func() map[string]string {
		return map[string]string{"city": c, "lang": lang}
	}, geoC.deps))
	catalogs := make([]string, 0, 3)
	for _, k := range []Kind{KindAttractions, KindRestaurants, KindHotels} {
		catalogs = append(catalogs, d.add(CatalogSubtask(k, c, geoC.deps...)))
	}
	d.gather = append(d.gather, g, guide)
	d.gather = append(d.gather, catalogs...)
	if !d.choosing && dates != nil && nights[i] > 0 {
		hp := map[string]string{"city": c, "nights": strconv.Itoa(nights[i]), "guests": d.guests,
			"checkin": dates[arrive[i]], "checkout": dates[arrive[i]+nights[i]]}
		if b.Constraints.RoomType != "" {
			hp["room_type"] = b.Constraints.RoomType
		}
		if len(b.Constraints.HouseRules) > 0 {
			hp["house_rules"] = joinSorted(b.Constraints.HouseRules)
		}
		d.gather = append(d.gather, d.add(NewSubtask(KindHotelPrices, hp, g, catalogs[2])))
	}
	wp := map[string]string{"city": c}
	switch {
	case d.choosing && dates != nil:
		wp["start"] = dates[0]
		wp["end"] = dates[len(dates)-1]
	case d.choosing:
		wp["days"] = strconv.Itoa(b.Days)
	case dates != nil:
		wp["start"] = dates[arrive[i]]
		wp["end"] = dates[arrive[i]+nights[i]]
	default:
		wp["days"] = strconv.Itoa(nights[i] + 1)
	}
	d.gather = append(d.gather, d.add(NewSubtask(KindWeather, wp, geoC.deps...)))
	d.gather = append(d.gather, d.add(interned.get(subtaskKey{kind: KindMatrix, a: c}, func() map[string]string {
		return map[string]string{"city": c}
	}, catalogs)))
	// Kinds declared with a CitySubtask (the registry's extension point):
	// one subtask per city, depending on its geocode.
	for _, k := range kindOrder {
		sub := Kinds[k].CitySubtask
		if sub == nil {
			continue
		}
		scope := CityScope{City: c, Language: lang, Nights: nights[i], Choosing: d.choosing}
		if !d.choosing && dates != nil {
			scope.Start, scope.End = dates[arrive[i]], dates[arrive[i]+nights[i]]
		}
		if params := sub(scope); params != nil {
			d.gather = append(d.gather, d.add(NewSubtask(k, params, geoC.deps...)))
		}
	}
}

// legs returns the journeys to gather transport for: between consecutive
// stops, starting and ending at the origin when there is one; in candidate
// mode every leg the planner may choose (out from the origin, between
// candidates both ways, and back); every ordered pair when the planner
// orders the cities; and the legs to and from the hubs a journey may change
// at (HubsFor), so that a pair without direct service can be chained.
func (d *decomposer) legs() [][2]string {
	b, canon, origin := d.b, d.canon, d.origin
	var legs [][2]string
	if d.choosing {
		if b.Origin != "" {
			for _, c := range canon {
				legs = append(legs, [2]string{origin, c})
			}
		}
		for _, from := range canon {
			for _, to := range canon {
				legs = append(legs, [2]string{from, to})
			}
		}
		if b.Origin != "" {
			for _, c := range canon {
				legs = append(legs, [2]string{c, origin})
			}
		}
	} else {
		stops := append([]string{}, canon...)
		d.legDays = append([]int{}, d.arrive[1:]...)
		if b.Origin != "" {
			stops = append(append([]string{origin}, stops...), origin)
			d.legDays = append(append([]int{0}, d.legDays...), max(b.Days-1, 0))
		}
		for i := 0; i+1 < len(stops); i++ {
			legs = append(legs, [2]string{stops[i], stops[i+1]})
		}
	}
	d.named = len(legs)
	if !d.choosing && len(b.Route) == 0 && len(d.cities) > 1 {
		// The order is the planner's to choose: every ordered pair.
		ends := append([]string{}, canon...)
		if b.Origin != "" {
			ends = append([]string{origin}, ends...)
		}
		for _, from := range ends {
			for _, to := range ends {
				legs = append(legs, [2]string{from, to})
			}
		}
	}
	for _, leg := range legs[:len(legs):len(legs)] {
		if CanonicalCity(leg[0]) == CanonicalCity(leg[1]) {
			continue
		}
		for _, h := range HubsFor(leg[0], leg[1]) {
			h = CanonicalCity(h)
			legs = append(legs, [2]string{leg[0], h}, [2]string{h, leg[1]})
		}
	}
	return legs
}

// leg adds the transport options of the i-th leg and, for a leg in the
// named order of a dated brief, its live fares.
func (d *decomposer) leg(i int, leg [2]string) {
	from, to := CanonicalCity(leg[0]), CanonicalCity(leg[1])
	if from == to {
		return
	}
	gFrom, fromOK := d.geo[from]
	gTo, toOK := d.geo[to]
	if !fromOK || !toOK {
		// A hub leg: hubs are not geocoded (the brief does not name
		// them); its options come from the cache (imported datasets),
		// depending on the brief city's geocode (the one end that has
		// one, if any).
		deps := gFrom.deps
		if !fromOK {
			deps = gTo.deps
		}
		st := TransportSubtask(from, to, deps...)
		st.Speculative = true
		d.gather = append(d.gather, d.add(st))
		return
	}
	gf, gt := gFrom.id, gTo.id
	d.gather = append(d.gather, d.add(TransportSubtask(from, to, gf, gt)))
	if d.dates != nil && !d.choosing && i < d.named {
		p := map[string]string{"from": from, "to": to, "date": d.dates[d.legDays[i]], "guests": d.guests}
		if len(d.b.Constraints.TransportExclude) > 0 {
			p["exclude"] = joinSorted(d.b.Constraints.TransportExclude)
		}
		d.gather = append(d.gather, d.add(NewSubtask(KindFares, p, gf, gt)))
	}
}

// steps adds the exchange rates of the budget's currency and the steps
// computed in process: itinerary, budget and verify.
func (d *decomposer) steps() {
	var fx string
	if d.b.Budget != nil {
		cur := d.b.Budget.Currency
		fx = d.add(interned.get(subtaskKey{kind: KindFX, a: cur}, func() map[string]string {
			return map[string]string{"base": cur}
		}, nil))
		d.gather = append(d.gather, fx)
	}
	gather := dedupe(d.gather)
	key := BriefKey(d.b)
	itin := d.add(NewSubtask(KindItinerary, map[string]string{"brief": key}, gather...))
	budgetDeps := []string{itin}
	if fx != "" {
		budgetDeps = append(budgetDeps, fx)
	}
	budget := d.add(NewSubtask(KindBudget, map[string]string{"brief": key}, budgetDeps...))
	d.add(NewSubtask(KindVerify, map[string]string{"brief": key}, append(append([]string{}, gather...), itin, budget)...))
}

// SplitNights spreads nights over n cities as evenly as possible, earlier
// cities getting the extra nights — the planner's default split.
func SplitNights(nights, n int) []int {
	if n <= 0 {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = nights / n
		if i < nights%n {
			out[i]++
		}
	}
	return out
}

// ArrivalDays returns the 0-based day on which each city of a split is
// reached: the first on day 0, each next one after the previous one's nights.
func ArrivalDays(nights []int) []int {
	out := make([]int, len(nights))
	for i := 1; i < len(nights); i++ {
		out[i] = out[i-1] + nights[i-1]
	}
	return out
}

func joinSorted(items []string) string {
	s := append([]string{}, items...)
	sort.Strings(s)
	return strings.Join(dedupe(s), ",")
}

func dedupe(items []string) []string {
	seen := make(map[string]bool, len(items))
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
