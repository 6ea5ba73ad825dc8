package orchestrator

import (
	"slices"
	"sort"
	"strings"
)

// Kind names what a subtask produces.
type Kind string

// Subtask kinds, in the order the decomposer emits them.
const (
	KindGeocode     Kind = "geocode"
	KindGuide       Kind = "guide"
	KindAttractions Kind = "attractions"
	KindRestaurants Kind = "restaurants"
	KindHotels      Kind = "hotels"
	KindHotelPrices Kind = "hotel_prices"
	KindWeather     Kind = "weather"
	KindFX          Kind = "fx"
	KindTransport   Kind = "transport"
	KindFares       Kind = "transport_prices"
	KindMatrix      Kind = "matrix"
	KindItinerary   Kind = "itinerary"
	KindBudget      Kind = "budget"
	KindVerify      Kind = "verify"
	KindRender      Kind = "render"
)

// Agent tool names, declared once: the kinds below, the decision module and
// the pipeline's kind handlers name tools by these, and the agents register
// them under the same names (a contract test checks).
const (
	ToolGeocode         = "geocode"
	ToolAmapGeocode     = "amap_geocode"
	ToolWeather         = "weather"
	ToolAmapWeather     = "amap_weather"
	ToolGuide           = "destination_guide"
	ToolFindPOIs        = "find_pois"
	ToolAmapFindPOIs    = "amap_find_pois"
	ToolFindHotels      = "find_hotels"
	ToolAmapFindHotels  = "amap_find_hotels"
	ToolTransport       = "transport_options"
	ToolAmapTransport   = "amap_transport_options"
	ToolFlightOffers    = "flight_offers"
	ToolScrapePrices    = "scrape_prices"
	ToolFXRates         = "fx_rates"
	ToolTravelMatrix    = "travel_matrix"
	ToolRenderItinerary = "render_itinerary"
)

// KindSpec is everything the service knows about a kind but how to fetch,
// decode and join it (the pipeline's kind handler does that): where its
// answer may come from, what a plan is without it, and how a traveller is
// told it is missing. Decompose, the decision module, the pipeline, the
// notes, Trip.Sources, the OpenAPI description and the tests read it.
type KindSpec struct {
	Category Category
	// Tool is the agent tool that answers the kind by default (empty for
	// subtasks computed in process).
	Tool string
	// Rules choose among tools by the subtask's content (the decision
	// module's tool rules); none means Tool over the category's route.
	Rules []ToolRule
	// Local marks a compute kind that runs in process.
	Local bool
	// Required: a plan is worthless without it.
	Required bool
	// Enrichment: the itinerary is complete without it (a guide, the
	// weather, rates, live prices over the stored ones); its absence is
	// noted for the traveller but does not make a plan partial.
	Enrichment bool
	// Catalog: a city's undated catalog, keyed {city, category}
	// (CatalogSubtask), written by the dataset importers.
	Catalog bool
	// Prewarm: pre-warming a destination fetches it.
	Prewarm bool
	// Dated: its subtask asks for the trip's dates (a forecast, a live
	// price). A pre-warm warms a Prewarm kind that is Dated over a span of
	// dates from today (WarmsDates).
	Dated bool
	// Words tell a traveller what the kind provides.
	Words KindWords
	// CitySubtask, when set, makes Decompose emit one subtask of the kind
	// per city of the trip, with these parameters (nil: none for this
	// city), depending on the city's geocode: how a new per-city kind is
	// added without touching Decompose (docs/architecture.md).
	CitySubtask func(CityScope) map[string]string
	// CitySource is the kind's section of a city of the trip, for
	// Trip.Sources: how many items it holds (0 for a single fact) and its
	// provenance; ok false when the city has none.
	CitySource func(c *CityData) (items int, p Provenance, ok bool)
}

// KindWords word what a kind provides, in English and Chinese, for the
// traveller's notes; {0} is the note's first place, {1} its second (a
// journey's two ends).
type KindWords struct {
	EN, ZH string
	// BareEN and BareZH word it without a place, for notes that name none.
	BareEN, BareZH string
	// Plural: English says "are" rather than "is".
	Plural bool
	// MissingEN and MissingZH say what the traveller sees instead when the
	// data is missing; empty when nothing changes.
	MissingEN, MissingZH string
	// EstimateEN and EstimateZH word an estimate of the kind ("… is a
	// climate estimate from past years"); empty means "… is estimated".
	EstimateEN, EstimateZH string
}

// ToolRule is one tool that may answer a kind, over Route (empty: the
// category's live route: the browser for realtime prices, MCP otherwise),
// when the subtask's content meets When.
type ToolRule struct {
	Tool  string
	Route Route
	When  ToolCondition
}

// ToolCondition is what a subtask's content must meet for a tool rule;
// the zero value always holds.
type ToolCondition struct {
	// Countries: every place of the subtask lies in one of these (ISO
	// codes, upper case).
	Countries []string
	// MinDistanceKM: the journey is at least this long.
	MinDistanceKM float64
	// Mode: the traveller did not exclude this mode ("flight").
	Mode string
	// HanName: the city is named in Han characters.
	HanName bool
}

// IsZero reports whether c always holds.
func (c ToolCondition) IsZero() bool {
	return len(c.Countries) == 0 && c.MinDistanceKM == 0 && c.Mode == "" && !c.HanName
}

// Holds reports whether st, whose places lie in countries and whose
// journey is distanceKM long, meets c.
func (c ToolCondition) Holds(st Subtask, countries []string, distanceKM float64) bool {
	if len(c.Countries) > 0 {
		if len(countries) == 0 {
			return false
		}
		for _, cc := range countries {
			if !slices.Contains(c.Countries, strings.ToUpper(cc)) {
				return false
			}
		}
	}
	if c.MinDistanceKM > 0 && distanceKM < c.MinDistanceKM {
		return false
	}
	if c.Mode != "" {
		for _, m := range strings.Split(st.Params["exclude"], ",") {
			if strings.EqualFold(strings.TrimSpace(m), c.Mode) {
				return false
			}
		}
	}
	if c.HanName && !HanName(st.Params["city"]) {
		return false
	}
	return true
}

// FlightMinKM is the journey length from which the flight-offers tool is
// asked for live fares: below it, flights are rare and fares come from the
// browser.
const FlightMinKM = 400

var inChina = ToolCondition{Countries: []string{"CN"}}

// Kinds is the registry: each kind's spec. Tools named here are registered
// by the agents; a kind whose tool is not registered reports itself
// unavailable. Adding a kind is an entry here, a handler in the pipeline
// (pipeline/kind_*.go) and, for a new source, the agent's tool (see
// docs/architecture.md).
var Kinds = map[Kind]KindSpec{
	KindGeocode: {Category: StaticKnowledge, Tool: ToolGeocode, Prewarm: true,
		CitySource: func(c *CityData) (int, Provenance, bool) { return section(c.Place, func(*Place) int { return 0 }) },
		Rules:      []ToolRule{{Tool: ToolGeocode}, {Tool: ToolAmapGeocode, When: ToolCondition{HanName: true}}},
		Words:      KindWords{EN: "The location of {0}", ZH: "{0}的位置信息", BareEN: "Location data", BareZH: "位置信息"}},
	KindGuide: {Category: StaticKnowledge, Tool: ToolGuide, Enrichment: true, Prewarm: true,
		CitySource: func(c *CityData) (int, Provenance, bool) { return section(c.Guide, func(*Guide) int { return 0 }) },
		Words:      KindWords{EN: "The travel guide for {0}", ZH: "{0}的旅行指南", BareEN: "The travel guide", BareZH: "旅行指南"}},
	KindAttractions: {Category: StaticKnowledge, Tool: ToolFindPOIs, Catalog: true, Prewarm: true,
		CitySource: func(c *CityData) (int, Provenance, bool) {
			return section(c.Attractions, func(v *[]Attraction) int { return len(*v) })
		},
		Rules: []ToolRule{{Tool: ToolAmapFindPOIs, When: inChina}, {Tool: ToolFindPOIs}},
		Words: KindWords{EN: "Sights in {0}", ZH: "{0}的景点信息", BareEN: "Sights", BareZH: "景点信息", Plural: true}},
	KindRestaurants: {Category: StaticKnowledge, Tool: ToolFindPOIs, Catalog: true, Prewarm: true,
		CitySource: func(c *CityData) (int, Provenance, bool) {
			return section(c.Restaurants, func(v *[]Restaurant) int { return len(*v) })
		},
		Rules: []ToolRule{{Tool: ToolAmapFindPOIs, When: inChina}, {Tool: ToolFindPOIs}},
		Words: KindWords{EN: "Restaurants in {0}", ZH: "{0}的餐厅信息", BareEN: "Restaurants", BareZH: "餐厅信息", Plural: true}},
	KindHotels: {Category: StaticKnowledge, Tool: ToolFindHotels, Catalog: true, Prewarm: true,
		CitySource: func(c *CityData) (int, Provenance, bool) {
			return section(c.Hotels, func(v *[]Accommodation) int { return len(*v) })
		},
		Rules: []ToolRule{{Tool: ToolAmapFindHotels, When: inChina}, {Tool: ToolFindHotels}},
		Words: KindWords{EN: "Hotels in {0}", ZH: "{0}的酒店信息", BareEN: "Hotels", BareZH: "酒店信息", Plural: true}},
	KindHotelPrices: {Category: RealtimePrice, Tool: ToolScrapePrices, Enrichment: true, Dated: true,
		Words: KindWords{EN: "Live hotel prices in {0}", ZH: "{0}的实时酒店价格", BareEN: "Live hotel prices", BareZH: "实时酒店价格", Plural: true,
			MissingEN: "the hotel prices shown come from the stored data", MissingZH: "所列酒店价格来自已存数据"}},
	KindWeather: {Category: LiveCondition, Tool: ToolWeather, Enrichment: true, Prewarm: true, Dated: true,
		CitySource: func(c *CityData) (int, Provenance, bool) {
			return section(c.Weather, func(v *Forecast) int { return len(v.Days) })
		},
		Rules: []ToolRule{{Tool: ToolWeather}, {Tool: ToolAmapWeather, When: inChina}},
		Words: KindWords{EN: "The weather for {0}", ZH: "{0}的天气", BareEN: "The weather", BareZH: "天气",
			MissingEN: "check a forecast closer to the day", MissingZH: "出发前请查看天气预报",
			EstimateEN: "a climate estimate from past years, not a forecast", EstimateZH: "为往年同期的气候估算，并非天气预报"}},
	KindFX: {Category: LiveCondition, Tool: ToolFXRates, Enrichment: true,
		Words: KindWords{EN: "Exchange rates", ZH: "汇率", Plural: true,
			MissingEN: "amounts in other currencies could not be converted", MissingZH: "其他币种的金额无法换算"}},
	KindTransport: {Category: StaticKnowledge, Tool: ToolTransport, Prewarm: true,
		Rules: []ToolRule{{Tool: ToolAmapTransport, When: inChina}, {Tool: ToolTransport}},
		Words: KindWords{EN: "Trains and flights from {0} to {1}", ZH: "{0}到{1}的车次和航班", BareEN: "Trains and flights", BareZH: "车次和航班", Plural: true}},
	KindFares: {Category: RealtimePrice, Tool: ToolScrapePrices, Enrichment: true, Dated: true,
		Rules: []ToolRule{
			{Tool: ToolFlightOffers, Route: RouteMCP, When: ToolCondition{MinDistanceKM: FlightMinKM, Mode: "flight"}},
			{Tool: ToolScrapePrices, Route: RouteBrowser},
		},
		Words: KindWords{EN: "Live fares from {0} to {1}", ZH: "{0}到{1}的实时票价", BareEN: "Live fares", BareZH: "实时票价", Plural: true,
			MissingEN: "the fares shown come from the stored timetables", MissingZH: "所列票价来自已存的时刻表数据"}},
	KindMatrix: {Category: StaticKnowledge, Tool: ToolTravelMatrix, Prewarm: true,
		CitySource: func(c *CityData) (int, Provenance, bool) {
			return section(c.Matrix, func(v *TravelMatrix) int { return len(v.IDs) })
		},
		Words: KindWords{EN: "Travel times within {0}", ZH: "{0}市内的交通时间", BareEN: "Local travel times", BareZH: "市内交通时间", Plural: true}},
	KindItinerary: {Category: Compute, Local: true, Words: KindWords{EN: "The day-by-day plan", ZH: "逐日行程"}},
	KindBudget:    {Category: Compute, Local: true, Words: KindWords{EN: "The budget breakdown", ZH: "预算明细"}},
	KindVerify:    {Category: Compute, Local: true, Words: KindWords{EN: "The plan's checks", ZH: "行程检查", Plural: true}},
	KindRender:    {Category: Compute, Tool: ToolRenderItinerary, Words: KindWords{EN: "The printable itinerary", ZH: "行程文档"}},
}

// CityScope is what a per-city kind's subtask may depend on: the city
// (canonical), the brief's language, the city's nights and, when the brief
// is dated and fixes the cities, the stay's first and last dates.
type CityScope struct {
	City, Language string
	Start, End     string
	Nights         int
	// Choosing: the city is a candidate (Brief.Choosing), its stay not yet
	// known.
	Choosing bool
}

// CatalogKinds are the kinds of a city's undated catalogs (KindSpec.Catalog),
// in the order the decomposer emits them.
var CatalogKinds = kindsWhere(func(s KindSpec) bool { return s.Catalog })

// kindOrder is every kind in the order the decomposer emits them.
var kindOrder = []Kind{KindGeocode, KindGuide, KindAttractions, KindRestaurants, KindHotels, KindHotelPrices,
	KindWeather, KindFX, KindTransport, KindFares, KindMatrix, KindItinerary, KindBudget, KindVerify, KindRender}

// WarmsDates reports whether a pre-warm warms the kind over a span of
// dates from today (Prewarm and Dated: the weather, whose warming keeps a
// city's forecast window and climate normals for every date).
func (s KindSpec) WarmsDates() bool { return s.Prewarm && s.Dated }

// PrewarmKinds returns the kinds a pre-warm job warms for city by default:
// the static-knowledge kinds a one-city trip to city needs (StaticKinds,
// sorted), then the kinds warmed over dates (KindSpec.WarmsDates), in the
// order the decomposer emits them.
func PrewarmKinds(city, language string) []Kind {
	return append(StaticKinds(city, language), kindsWhere(KindSpec.WarmsDates)...)
}

// AllKinds returns every kind, in the order the decomposer emits them.
func AllKinds() []Kind { return slices.Clone(kindOrder) }

func kindsWhere(keep func(KindSpec) bool) []Kind {
	var out []Kind
	for _, k := range kindOrder {
		if keep(Kinds[k]) {
			out = append(out, k)
		}
	}
	return out
}

// section is a city's section s for Sources: its item count and
// provenance, ok false when the city has none.
func section[T any](s *Sourced[T], items func(*T) int) (int, Provenance, bool) {
	if s == nil {
		return 0, Provenance{}, false
	}
	return items(&s.Value), s.Provenance, true
}

// citySources is the order of a city's sections in Trip.Sources.
var citySources = []Kind{KindGeocode, KindWeather, KindGuide, KindAttractions, KindRestaurants, KindHotels, KindMatrix}

// Sources lists the provenance of every section of the trip in a fixed
// order: origin, then per city its place, weather, guide, attractions,
// restaurants, hotels and matrix (each kind's CitySource), then exchange
// rates, transport legs and the other sections by subtask ID.
func (t *Trip) Sources() []SourceSummary {
	// At most the origin, seven sections a city, the rates, the legs and
	// the other sections: one allocation.
	most := 2 + len(citySources)*len(t.Cities) + len(t.Transport) + len(t.Sections)
	out := make([]SourceSummary, 0, most)
	add := func(k Kind, about string, items int, p Provenance) {
		out = append(out, SourceSummary{Kind: k, About: about, Items: items, Provenance: p})
	}
	if t.Origin != nil {
		add(KindGeocode, t.Origin.Value.Name, 0, t.Origin.Provenance)
	}
	for i := range t.Cities {
		c := &t.Cities[i]
		for _, k := range citySources {
			if items, p, ok := Kinds[k].CitySource(c); ok {
				add(k, c.Name, items, p)
			}
		}
	}
	if t.FX != nil {
		add(KindFX, t.FX.Value.Base, len(t.FX.Value.Rates), t.FX.Provenance)
	}
	for _, l := range t.Transport {
		add(KindTransport, l.Value.From+" → "+l.Value.To, len(l.Value.Options), l.Provenance)
	}
	keys := make([]string, 0, len(t.Sections))
	for k := range t.Sections {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		add(t.Sections[k].Kind, k, 0, t.Sections[k].Provenance)
	}
	if len(out) == 0 {
		return nil // as when nothing was gathered
	}
	return out
}

// CityCatalogs are a city's undated catalogs, as a dataset holds them.
type CityCatalogs struct {
	Attractions []Attraction
	Restaurants []Restaurant
	Hotels      []Accommodation
}

// CatalogSection is one catalog of a city: its kind, its items and how
// many there are.
type CatalogSection struct {
	Kind  Kind
	Value any
	Len   int
}

// Sections returns c's catalogs in the order of CatalogKinds.
func (c CityCatalogs) Sections() []CatalogSection {
	return []CatalogSection{
		{KindAttractions, c.Attractions, len(c.Attractions)},
		{KindRestaurants, c.Restaurants, len(c.Restaurants)},
		{KindHotels, c.Hotels, len(c.Hotels)},
	}
}

// SightsCatalog is the subtask whose cache entry holds a city's sights
// (its attractions catalog): the parser grounds sight names in it.
func SightsCatalog(city string) Subtask { return CatalogSubtask(KindAttractions, city) }
