package traveltools

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/orchestrator"
)

// The Amap-backed catalog tools answer with the contracts of the worldwide
// tools — find_pois, find_hotels and transport_options — so that the
// orchestrator can use either for a city in China.
const (
	ToolAmapFindPOIs   = orchestrator.ToolAmapFindPOIs
	ToolAmapFindHotels = orchestrator.ToolAmapFindHotels
	ToolAmapTransport  = orchestrator.ToolAmapTransport
)

// Categories of amap_find_pois and amap_find_hotels, as the orchestrator's
// subtask kinds name them.
const (
	CategoryAttractions = "attractions"
	CategoryRestaurants = "restaurants"
	CategoryHotels      = "hotels"
)

// Limits of the catalog searches: the worldwide tools' own. Amap pages an
// around search 25 at a time (each page one of a personal key's 100 daily
// POI searches), so the default 60 costs 3 searches.
const (
	CatalogDefaultRadiusM = 8000
	CatalogMinRadiusM     = 100
	CatalogMaxRadiusM     = 25000
	CatalogDefaultLimit   = 60
	CatalogMaxLimit       = 200
)

// The self-driving cost model of amap_transport_options: Amap's tolls plus
// fuel at AmapCarLitresPer100KM and AmapPetrolYuanPerLitre (92# petrol,
// the NDRC ceiling of 2024–25, as in transport_options' CN model), per car
// of CarCapacity, marked PriceEstimate. The taxi is Amap's fare estimate,
// per car of TaxiCapacity, for legs up to TaxiMaxKM of road.
const (
	AmapCarLitresPer100KM  = 7.5
	AmapPetrolYuanPerLitre = 7.8
)

// Room defaults of amap_find_hotels: Amap describes places, not rooms.
const (
	hotelOccupancy  = 2
	hostelOccupancy = 1
)

// AmapFindPOIsInput are amap_find_pois' arguments: find_pois' own.
type AmapFindPOIsInput struct {
	City      string  `json:"city" jsonschema:"the city the points belong to, e.g. 成都 or chengdu (1-100 characters)"`
	Category  string  `json:"category" jsonschema:"attractions (sights, parks, historic sites, museums, galleries) or restaurants (restaurants, fast food, cafés, tea houses)"`
	Latitude  Number  `json:"latitude" jsonschema:"WGS-84 latitude of the search centre, in mainland China"`
	Longitude Number  `json:"longitude" jsonschema:"WGS-84 longitude of the search centre, in mainland China"`
	RadiusM   Integer `json:"radius_m,omitempty" jsonschema:"search radius in metres, 100-25000; default 8000"`
	Limit     Integer `json:"limit,omitempty" jsonschema:"most results, 1-200; default 60 (25 per Amap search)"`
	Lang      string  `json:"lang,omitempty" jsonschema:"accepted for find_pois compatibility; Amap names are Chinese"`
	Country   string  `json:"country,omitempty" jsonschema:"ISO 3166 code or name of the country; Amap covers China only"`
}

// AmapFindPOIsOutput is amap_find_pois' result, find_pois' contract:
// Attractions or Restaurants as Category says, in Amap's overall ranking.
// The list of the category is always present in JSON, empty when nothing
// matched; the other is absent.
type AmapFindPOIsOutput struct {
	Category    string                    `json:"category"`
	Attractions []orchestrator.Attraction `json:"attractions,omitempty"`
	Restaurants []orchestrator.Restaurant `json:"restaurants,omitempty"`
	Provenance  orchestrator.Provenance   `json:"provenance"`
}

// MarshalJSON writes the category's list even when it is empty.
func (o AmapFindPOIsOutput) MarshalJSON() ([]byte, error) {
	type plain AmapFindPOIsOutput
	switch o.Category {
	case CategoryRestaurants:
		return json.Marshal(struct {
			Category    string                    `json:"category"`
			Restaurants []orchestrator.Restaurant `json:"restaurants"`
			Provenance  orchestrator.Provenance   `json:"provenance"`
		}{o.Category, nonNil(o.Restaurants), o.Provenance})
	case CategoryAttractions:
		return json.Marshal(struct {
			Category    string                    `json:"category"`
			Attractions []orchestrator.Attraction `json:"attractions"`
			Provenance  orchestrator.Provenance   `json:"provenance"`
		}{o.Category, nonNil(o.Attractions), o.Provenance})
	}
	return json.Marshal(plain(o))
}

// AmapFindHotelsInput are amap_find_hotels' arguments: find_hotels' own.
type AmapFindHotelsInput struct {
	City      string  `json:"city" jsonschema:"the city the hotels belong to, e.g. 成都 or chengdu (1-100 characters)"`
	Category  string  `json:"category,omitempty" jsonschema:"hotels (the only category); optional"`
	Latitude  Number  `json:"latitude" jsonschema:"WGS-84 latitude of the search centre, in mainland China"`
	Longitude Number  `json:"longitude" jsonschema:"WGS-84 longitude of the search centre, in mainland China"`
	RadiusM   Integer `json:"radius_m,omitempty" jsonschema:"search radius in metres, 100-25000; default 8000"`
	Limit     Integer `json:"limit,omitempty" jsonschema:"most places looked at, 1-200; default 60 (25 per Amap search)"`
	Country   string  `json:"country,omitempty" jsonschema:"ISO 3166 code or name of the country; Amap covers China only"`
	Lang      string  `json:"lang,omitempty" jsonschema:"accepted for find_hotels compatibility; Amap names are Chinese"`
}

// AmapFindHotelsOutput is amap_find_hotels' result, find_hotels'
// contract: priced places in Amap's overall ranking, and how many places
// were left out for want of a price.
type AmapFindHotelsOutput struct {
	Hotels     []orchestrator.Accommodation `json:"hotels"`
	Provenance orchestrator.Provenance      `json:"provenance"`
	Unpriced   int                          `json:"unpriced"`
}

// AmapTransportInput are amap_transport_options' arguments:
// transport_options' own.
type AmapTransportInput struct {
	From          string   `json:"from" jsonschema:"origin city as Amap knows it: a Chinese name (成都) or citycode works best"`
	To            string   `json:"to" jsonschema:"destination city, like from"`
	FromLatitude  Number   `json:"from_latitude" jsonschema:"WGS-84 latitude of the origin"`
	FromLongitude Number   `json:"from_longitude" jsonschema:"WGS-84 longitude of the origin"`
	ToLatitude    Number   `json:"to_latitude" jsonschema:"WGS-84 latitude of the destination"`
	ToLongitude   Number   `json:"to_longitude" jsonschema:"WGS-84 longitude of the destination"`
	FromCountry   string   `json:"from_country,omitempty" jsonschema:"ISO 3166 code or name of the origin's country; Amap covers China only"`
	ToCountry     string   `json:"to_country,omitempty" jsonschema:"the destination's country, like from_country"`
	Travelers     *Integer `json:"travelers,omitempty" jsonschema:"party size, 1-50; default 1. Prices stay per person or per car"`
}

// AmapTransportOutput is amap_transport_options' result,
// transport_options' contract: the leg's options and notes on what was
// left out or modelled.
type AmapTransportOutput struct {
	Leg        orchestrator.TransportLeg `json:"leg"`
	Provenance orchestrator.Provenance   `json:"provenance"`
	Notes      []string                  `json:"notes"`
}

// registerAmapCatalog adds the three catalog tools.
func (t *tools) registerAmapCatalog(s *mcp.Server, readOnly *mcp.ToolAnnotations) []error {
	return []error{
		addTool(s, &mcp.Tool{Name: ToolAmapFindPOIs, Title: "Find points of interest in China (Amap)",
			Description: "Attractions (风景名胜 sights and parks, museums, galleries, science museums) or restaurants (餐饮服务, with cuisines, " +
				"dishes, the average spend per person in CNY and opening hours) around a point in mainland China, from Amap (高德), in Amap's " +
				"overall ranking; the same contract as find_pois. Names are Chinese; coordinates are WGS-84. Attraction prices are not known.",
			Annotations: readOnly}, t.opts.Logger, t.amapFindPOIs),
		addTool(s, &mcp.Tool{Name: ToolAmapFindHotels, Title: "Find hotels in China (Amap)",
			Description: "Hotels, guest houses and hostels around a point in mainland China from Amap (高德), with kind, official stars, " +
				"rating and Amap's typical price per night in CNY; places without a price are left out and counted in unpriced. " +
				"The same contract as find_hotels; rooms are assumed (private room for 2, hostel bed for 1).",
			Annotations: readOnly}, t.opts.Logger, t.amapFindHotels),
		addTool(s, &mcp.Tool{Name: ToolAmapTransport, Title: "Intercity transport in China (Amap)",
			Description: "Ways between two cities in mainland China from Amap (高德): trains (number, class, stations, times, fare per person) and " +
				"coaches from its cross-city transit plans, a self-drive (tolls plus a fuel estimate, per car) and, up to 150 km, a taxi " +
				"(Amap's fare estimate, per car of 4). The same contract as transport_options; notes say what was left out or estimated.",
			Annotations: readOnly}, t.opts.Logger, t.amapTransport),
	}
}

var langRE = regexp.MustCompile(`^[a-z]{2,3}$`)

// catalogQuery is a validated amap_find_pois or amap_find_hotels search.
type catalogQuery struct {
	city          string
	center        orchestrator.GeoPoint
	radius, limit int
}

func checkCatalog(city string, lat, lon Number, radius, limit Integer, lang, country string) (catalogQuery, error) {
	q := catalogQuery{
		city:   strings.Join(strings.Fields(city), " "),
		center: orchestrator.GeoPoint{Lat: float64(lat), Lon: float64(lon)},
		radius: int(radius), limit: int(limit),
	}
	if q.radius == 0 {
		q.radius = CatalogDefaultRadiusM
	}
	if q.limit == 0 {
		q.limit = CatalogDefaultLimit
	}
	lang = strings.ToLower(strings.TrimSpace(lang))
	switch {
	case q.city == "":
		return q, invalidf("city is empty")
	case utf8.RuneCountInString(q.city) > MaxPlaceName:
		return q, invalidf("city is longer than %d characters", MaxPlaceName)
	case q.radius < CatalogMinRadiusM || q.radius > CatalogMaxRadiusM:
		return q, invalidf("radius_m must be between %d and %d", CatalogMinRadiusM, CatalogMaxRadiusM)
	case q.limit < 1 || q.limit > CatalogMaxLimit:
		return q, invalidf("limit must be between 1 and %d", CatalogMaxLimit)
	case lang != "" && !langRE.MatchString(lang):
		return q, invalidf("lang %q is not a 2- or 3-letter code", lang)
	}
	if err := checkLatLon("", lat, lon); err != nil {
		return q, err
	}
	if err := checkChina(country, q.center); err != nil {
		return q, err
	}
	return q, nil
}

func checkLatLon(prefix string, lat, lon Number) error {
	switch {
	case lat < -90 || lat > 90:
		return invalidf("%slatitude must be between -90 and 90", prefix)
	case lon < -180 || lon > 180:
		return invalidf("%slongitude must be between -180 and 180", prefix)
	}
	return nil
}

// chinaNames are the ways a caller may name China; "" means unknown.
var chinaNames = []string{"", "cn", "chn", "china", "people's republic of china", "中国", "中华人民共和国"}

// checkChina reports an unavailable error when country or p is outside
// Amap's coverage, so that the caller falls back to a worldwide tool
// without spending a search.
func checkChina(country string, p orchestrator.GeoPoint) error {
	c := strings.ToLower(strings.Join(strings.Fields(country), " "))
	if utf8.RuneCountInString(c) > MaxPlaceName {
		return invalidf("country is longer than %d characters", MaxPlaceName)
	}
	if !slices.Contains(chinaNames, c) {
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Provider: amap.Provider,
			Message: fmt.Sprintf("Amap covers mainland China; %q is not", strings.TrimSpace(country))}
	}
	if amap.OutOfChina(p) {
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Provider: amap.Provider,
			Message: fmt.Sprintf("Amap covers mainland China; %.4f,%.4f is outside it", p.Lat, p.Lon)}
	}
	return nil
}

// around pages an around search of types by Amap's overall ranking until
// limit places, a short page or Amap's last page; a place repeated on a
// later page is kept once, where it came first.
func (t *tools) around(ctx context.Context, q catalogQuery, types string) ([]amap.POI, error) {
	var out []amap.POI
	seen := map[string]bool{}
	for page := 1; len(out) < q.limit && page <= amap.MaxPage; page++ {
		r, err := t.opts.Amap.SearchPOI(ctx, amap.POISearch{Types: types, Center: &q.center, Radius: q.radius,
			Page: page, PageSize: amap.MaxPageSize, Sort: amap.SortWeight})
		if err != nil {
			return nil, err
		}
		for _, p := range r.POIs {
			if !seen[p.ID] {
				seen[p.ID] = true
				out = append(out, p)
			}
		}
		if len(r.POIs) < amap.MaxPageSize {
			break
		}
	}
	if len(out) > q.limit {
		out = out[:q.limit]
	}
	return out, nil
}

func (t *tools) amapFindPOIs(ctx context.Context, in AmapFindPOIsInput) (AmapFindPOIsOutput, error) {
	category := strings.ToLower(strings.TrimSpace(in.Category))
	if category != CategoryAttractions && category != CategoryRestaurants {
		return AmapFindPOIsOutput{}, invalidf("category %q is not attractions or restaurants", in.Category)
	}
	q, err := checkCatalog(in.City, in.Latitude, in.Longitude, in.RadiusM, in.Limit, in.Lang, in.Country)
	if err != nil {
		return AmapFindPOIsOutput{}, err
	}
	types := amap.TypesAttractions
	if category == CategoryRestaurants {
		types = amap.TypesFood
	}
	pois, err := t.around(ctx, q, types)
	if err != nil {
		return AmapFindPOIsOutput{}, err
	}
	out := AmapFindPOIsOutput{Category: category, Provenance: t.provenance(amap.SourcePlaceAround, amap.POITTL, false, amap.Attribution)}
	if category == CategoryAttractions {
		out.Attractions = make([]orchestrator.Attraction, 0, len(pois))
		for _, p := range pois {
			out.Attractions = append(out.Attractions, amapAttraction(p, q.city))
		}
	} else {
		out.Restaurants = make([]orchestrator.Restaurant, 0, len(pois))
		for _, p := range pois {
			out.Restaurants = append(out.Restaurants, amapRestaurant(p, q.city))
		}
	}
	return out, nil
}

func (t *tools) amapFindHotels(ctx context.Context, in AmapFindHotelsInput) (AmapFindHotelsOutput, error) {
	if c := strings.ToLower(strings.TrimSpace(in.Category)); c != "" && c != CategoryHotels {
		return AmapFindHotelsOutput{}, invalidf("category %q is not hotels", in.Category)
	}
	q, err := checkCatalog(in.City, in.Latitude, in.Longitude, in.RadiusM, in.Limit, in.Lang, in.Country)
	if err != nil {
		return AmapFindHotelsOutput{}, err
	}
	pois, err := t.around(ctx, q, amap.TypesLodging)
	if err != nil {
		return AmapFindHotelsOutput{}, err
	}
	out := AmapFindHotelsOutput{Hotels: []orchestrator.Accommodation{}, Provenance: t.provenance(amap.SourcePlaceAround, amap.POITTL, false, amap.Attribution)}
	for _, p := range pois {
		if h, ok := amapHotel(p, q.city); ok {
			out.Hotels = append(out.Hotels, h)
		} else {
			out.Unpriced++
		}
	}
	return out, nil
}

// typePath returns the levels of a POI's first Amap type path
// ("风景名胜;风景名胜;国家级景点").
func typePath(typ string) []string {
	first, _, _ := strings.Cut(typ, "|")
	var out []string
	for _, l := range strings.Split(first, ";") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// specificType is the most specific level of a type path that says
// something: not a "…相关" catch-all and not the top level.
func specificType(levels []string) string {
	for i := len(levels) - 1; i >= 1; i-- {
		if !strings.HasSuffix(levels[i], "相关") && !strings.HasSuffix(levels[i], "相关场所") {
			return levels[i]
		}
	}
	return ""
}

// indoorTypes are the second levels of museum-like places.
var indoorTypes = []string{"博物馆", "展览馆", "美术馆", "科技馆", "天文馆"}

func amapAttraction(p amap.POI, city string) orchestrator.Attraction {
	levels := typePath(p.Type)
	a := orchestrator.Attraction{
		ID: "amap:" + p.ID, Name: p.Name, City: city, Category: specificType(levels), Tags: slices.Clone(p.Tags),
		Location: p.Location, Address: p.Address, Phone: p.Tel, Rating: p.Rating, Hours: slices.Clone(p.Hours),
	}
	if len(levels) > 1 && levels[0] == "科教文化服务" && slices.Contains(indoorTypes, levels[1]) {
		a.Indoor = ptr(true)
	}
	return a
}

func amapRestaurant(p amap.POI, city string) orchestrator.Restaurant {
	r := orchestrator.Restaurant{
		ID: "amap:" + p.ID, Name: p.Name, City: city, Location: p.Location, Rating: p.Rating,
		Hours: slices.Clone(p.Hours), Dishes: slices.Clone(p.Tags),
	}
	if c := specificType(typePath(p.Type)); c != "" {
		r.Cuisines = []string{c}
	} else {
		r.Cuisines = slices.Clone(p.Tags)
	}
	if p.Cost != nil {
		r.Price = *p.Cost // per person, the place's own figure
	}
	return r
}

// amapHotel returns p as an Accommodation, and false when Amap gives no
// price.
func amapHotel(p amap.POI, city string) (orchestrator.Accommodation, bool) {
	if p.Cost == nil {
		return orchestrator.Accommodation{}, false
	}
	kind, stars := amap.Lodging(p.Type)
	h := orchestrator.Accommodation{
		ID: "amap:" + p.ID, Name: p.Name, City: city, Area: p.District, Location: p.Location,
		RoomType: "private_room", Price: *p.Cost, MaxOccupancy: hotelOccupancy, OccupancyEstimate: true,
		Rating: p.Rating, Kind: kind, Stars: stars,
	}
	if kind == amap.KindHostel {
		h.RoomType, h.MaxOccupancy = "shared_room", hostelOccupancy
	}
	return h, true
}

func (t *tools) amapTransport(ctx context.Context, in AmapTransportInput) (AmapTransportOutput, error) {
	from, to := strings.Join(strings.Fields(in.From), " "), strings.Join(strings.Fields(in.To), " ")
	switch {
	case from == "" || to == "" || utf8.RuneCountInString(from) > MaxPlaceName || utf8.RuneCountInString(to) > MaxPlaceName:
		return AmapTransportOutput{}, invalidf("from and to must be 1-%d characters", MaxPlaceName)
	case orchestrator.SameCity(from, to):
		return AmapTransportOutput{}, invalidf("from and to are the same city %q", from)
	case in.Travelers != nil && (*in.Travelers < 1 || *in.Travelers > MaxTravelers):
		return AmapTransportOutput{}, invalidf("travelers must be between 1 and %d", MaxTravelers)
	}
	if err := checkLatLon("from_", in.FromLatitude, in.FromLongitude); err != nil {
		return AmapTransportOutput{}, err
	}
	if err := checkLatLon("to_", in.ToLatitude, in.ToLongitude); err != nil {
		return AmapTransportOutput{}, err
	}
	origin := orchestrator.GeoPoint{Lat: float64(in.FromLatitude), Lon: float64(in.FromLongitude)}
	dest := orchestrator.GeoPoint{Lat: float64(in.ToLatitude), Lon: float64(in.ToLongitude)}
	if err := checkChina(in.FromCountry, origin); err != nil {
		return AmapTransportOutput{}, err
	}
	if err := checkChina(in.ToCountry, dest); err != nil {
		return AmapTransportOutput{}, err
	}

	// Amap's transit search names its cities in Chinese or by code: a
	// city named otherwise (the orchestrator's "chengdu") is looked up by
	// its coordinates.
	var regeoNotes []string
	transitCity := func(name string, p orchestrator.GeoPoint) string {
		if orchestrator.HanName(name) {
			return name
		}
		r, err := t.regions.get(ctx, t.opts.Amap, p)
		switch {
		case err != nil:
			regeoNotes = append(regeoNotes, failureNote("could not find Amap's city code for "+name, err))
		case r.Citycode != "":
			return r.Citycode
		case r.City != "":
			return r.City
		}
		return name
	}
	cityFrom, cityTo := transitCity(from, origin), transitCity(to, dest)
	transit, terr := t.opts.Amap.Directions(ctx, amap.DirectionQuery{Mode: amap.ModeTransit, Origin: origin, Destination: dest, City: cityFrom, CityTo: cityTo})
	if ctx.Err() != nil {
		return AmapTransportOutput{}, ctx.Err()
	}
	drive, derr := t.opts.Amap.Directions(ctx, amap.DirectionQuery{Mode: amap.ModeDriving, Origin: origin, Destination: dest})
	if terr != nil && derr != nil {
		return AmapTransportOutput{}, worseError(terr, derr)
	}

	out := AmapTransportOutput{Leg: orchestrator.TransportLeg{From: from, To: to, Options: []orchestrator.TransportOption{}}, Notes: append([]string{}, regeoNotes...)}
	var sources []string
	if terr == nil {
		sources = append(sources, "transit")
		opts, notes := transitOptions(transit, from, to)
		out.Leg.Options = append(out.Leg.Options, opts...)
		out.Notes = append(out.Notes, notes...)
	} else {
		out.Notes = append(out.Notes, failureNote("no train or coach options: Amap transit failed", terr))
	}
	if derr == nil {
		sources = append(sources, "driving")
		opts, notes := roadOptions(drive, transit, from, to)
		out.Leg.Options = append(out.Leg.Options, opts...)
		out.Notes = append(out.Notes, notes...)
	} else {
		out.Notes = append(out.Notes, failureNote("no self_driving or taxi options: Amap driving failed", derr))
	}
	if in.Travelers != nil && derr == nil {
		if cars := (int(*in.Travelers) + CarCapacity - 1) / CarCapacity; cars > 1 {
			out.Notes = append(out.Notes, fmt.Sprintf("%d travellers need %d cars (self_driving and taxi prices are per car)", *in.Travelers, cars))
		}
	}
	if len(out.Leg.Options) == 0 {
		return AmapTransportOutput{}, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Provider: amap.Provider,
			Message: fmt.Sprintf("Amap has no priced way from %s to %s (%s)", from, to, strings.Join(out.Notes, "; "))}
	}
	estimate := true
	for _, o := range out.Leg.Options {
		estimate = estimate && o.PriceEstimate
	}
	out.Provenance = t.provenance(amap.SourceDirection+"_"+strings.Join(sources, "+"), amap.DirectionTTL, estimate, amap.Attribution)
	return out, nil
}

func failureNote(what string, err error) string {
	return fmt.Sprintf("%s (%s): %s", what, orchestrator.ErrorCode(err), orchestrator.ErrorMessage(err))
}

// worseError picks the error to report when both calls failed: the one a
// retry may cure, else one that is not a mere not_found.
func worseError(a, b error) error {
	rank := func(err error) int {
		var ue *orchestrator.UpstreamError
		switch {
		case !errors.As(err, &ue):
			return 1
		case ue.Retryable:
			return 3
		case ue.Type != orchestrator.ENOTFOUND:
			return 2
		}
		return 0
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// transitOptions turns Amap's transit plans into train options (plans
// with a railway leg) and bus options (plans of buses alone; "transit"
// when every ride is a metro), in Amap's order. A plan without a fare is
// left out with a note; a plan repeating an earlier option's train (the
// same train reached another way) is dropped.
func transitOptions(d amap.Directions, from, to string) ([]orchestrator.TransportOption, []string) {
	var out []orchestrator.TransportOption
	var unpriced []string
	seen := map[string]bool{}
	for _, plan := range d.Transits {
		var rails, rides []amap.TransitLeg
		for _, l := range plan.Legs {
			switch l.Mode {
			case "railway":
				rails = append(rails, l)
			case "bus":
				rides = append(rides, l)
			}
		}
		var o orchestrator.TransportOption
		switch {
		case len(rails) > 0:
			o = trainOption(rails)
		case len(rides) > 0:
			o = busOption(rides)
		default:
			continue // walking or a taxi alone
		}
		o.From, o.To, o.Pricing = from, to, orchestrator.PerPerson
		if plan.Cost == nil || plan.Cost.Cents <= 0 {
			unpriced = append(unpriced, strings.TrimSpace(o.Mode+" "+o.Number))
			continue
		}
		if seen[o.ID] {
			continue
		}
		seen[o.ID] = true
		o.Price = *plan.Cost // the whole plan's fare, city transit included
		out = append(out, o)
	}
	var notes []string
	if len(unpriced) > 0 {
		notes = append(notes, fmt.Sprintf("left out %d transit plan(s) Amap gave no fare for: %s", len(unpriced), strings.Join(unpriced, ", ")))
	}
	if len(d.Transits) > 0 && len(out) == 0 && len(unpriced) == 0 {
		notes = append(notes, "Amap's transit plans have no train or bus ride")
	}
	return out, notes
}

// trainOption describes the railway legs of a plan: numbers and classes
// joined with "/", the first boarding and last alighting station, the
// timetable when every leg has one, the ride's duration (the timetable's
// span, or the legs' sum) and rail distance.
func trainOption(rails []amap.TransitLeg) orchestrator.TransportOption {
	var nums, classes []string
	dist, secs := 0, 0
	for _, l := range rails {
		if n := cmp.Or(l.Trip, l.Line); n != "" {
			nums = append(nums, n)
		}
		if l.Class != "" && !slices.Contains(classes, l.Class) {
			classes = append(classes, l.Class)
		}
		dist += l.DistanceM
		secs += l.DurationS
	}
	first, last := rails[0], rails[len(rails)-1]
	o := orchestrator.TransportOption{
		Mode: "train", Number: strings.Join(nums, "/"), Class: strings.Join(classes, "/"),
		FromStation: first.From, ToStation: last.To,
		DurationMinutes: (secs + 59) / 60, DistanceKM: km(dist),
	}
	if dep, arr, off, span, ok := timetable(rails); ok {
		o.Depart, o.Arrive, o.ArriveDayOffset, o.DurationMinutes = dep, arr, off, span
	}
	when := "any"
	if o.Depart != "" {
		when = strings.ReplaceAll(o.Depart, ":", "")
	}
	o.ID = "amap:train:" + o.Number + ":" + o.FromStation + "-" + o.ToStation + ":" + when
	return o
}

// timetable chains the legs' scheduled times: the first departure, the
// last arrival, the days between them and the span in minutes; ok is
// false unless every leg has times.
func timetable(rails []amap.TransitLeg) (dep, arr string, dayOffset, span int, ok bool) {
	start, at := -1, 0 // minutes since the first departure day's midnight
	for _, l := range rails {
		d, ok1 := hhmmMinutes(l.Depart)
		a, ok2 := hhmmMinutes(l.Arrive)
		if !ok1 || !ok2 {
			return "", "", 0, 0, false
		}
		dAbs := at/1440*1440 + d
		for dAbs < at {
			dAbs += 1440 // a connection the next day
		}
		if start < 0 {
			start = dAbs
		}
		at = dAbs/1440*1440 + a + 1440*l.ArriveDayOffset
		if at < dAbs {
			return "", "", 0, 0, false
		}
	}
	return rails[0].Depart, rails[len(rails)-1].Arrive, at / 1440, at - start, true
}

// hhmmMinutes reads "HH:MM" (00:00-23:59) into minutes.
func hhmmMinutes(s string) (int, bool) {
	m, ok := orchestrator.ParseClock(s)
	if !ok || len(s) != 5 || m >= 1440 {
		return 0, false
	}
	return m, true
}

// busOption describes a plan of bus (and metro) rides: a coach or city
// bus plan is "bus" and names its non-metro lines; a plan of metro rides
// alone is "transit".
func busOption(rides []amap.TransitLeg) orchestrator.TransportOption {
	isMetro := func(l amap.TransitLeg) bool {
		return strings.Contains(l.Type, "地铁") || strings.Contains(l.Line, "地铁")
	}
	main := slices.DeleteFunc(slices.Clone(rides), isMetro)
	mode := "bus"
	if len(main) == 0 {
		main, mode = rides, "transit"
	}
	var names []string
	dist, secs := 0, 0
	for _, l := range main {
		names = append(names, l.Line)
		dist += l.DistanceM
		secs += l.DurationS
	}
	o := orchestrator.TransportOption{
		Mode: mode, Number: strings.Join(names, "/"), Class: main[0].Type,
		FromStation: main[0].From, ToStation: main[len(main)-1].To,
		DurationMinutes: (secs + 59) / 60, DistanceKM: km(dist),
	}
	o.ID = "amap:" + mode + ":" + o.Number + ":" + o.FromStation + "-" + o.ToStation
	return o
}

// roadOptions are the self-drive (tolls plus the fuel model, per car of
// CarCapacity) and, up to TaxiMaxKM, a taxi at Amap's fare estimate (from
// the driving answer, else the transit one), per car of TaxiCapacity.
func roadOptions(d, transit amap.Directions, from, to string) ([]orchestrator.TransportOption, []string) {
	if len(d.Routes) == 0 {
		return nil, nil
	}
	r := d.Routes[0]
	dist, mins := km(r.DistanceM), (r.DurationS+59)/60
	var tolls int64
	if r.Tolls != nil {
		tolls = r.Tolls.Cents
	}
	fuel := int64(math.Round(float64(r.DistanceM) / 1000 * AmapCarLitresPer100KM / 100 * AmapPetrolYuanPerLitre * 100))
	out := []orchestrator.TransportOption{{
		ID: "amap:self_driving:" + from + "-" + to, Mode: "self_driving", From: from, To: to, DurationMinutes: mins, DistanceKM: dist,
		Pricing: orchestrator.PerVehicle, Price: orchestrator.Money{Cents: tolls + fuel, Currency: "CNY"},
		VehicleCapacity: CarCapacity, PriceEstimate: true,
	}}
	notes := []string{fmt.Sprintf("self_driving: Amap's tolls (%s) plus estimated fuel (%s: %.1f km at %g L/100 km and %g CNY/L), per car of %d; parking and rental not included",
		orchestrator.Money{Cents: tolls, Currency: "CNY"}, orchestrator.Money{Cents: fuel, Currency: "CNY"}, dist, AmapCarLitresPer100KM, AmapPetrolYuanPerLitre, CarCapacity)}
	taxi := d.TaxiCost
	if taxi == nil {
		taxi = transit.TaxiCost
	}
	switch {
	case float64(r.DistanceM)/1000 > TaxiMaxKM:
	case taxi == nil:
		notes = append(notes, "no taxi option: Amap gave no taxi fare")
	default:
		notes = append(notes, fmt.Sprintf("taxi: Amap's fare estimate, per car of %d", TaxiCapacity))
		out = append(out, orchestrator.TransportOption{
			ID: "amap:taxi:" + from + "-" + to, Mode: "taxi", From: from, To: to, DurationMinutes: mins, DistanceKM: dist,
			Pricing: orchestrator.PerVehicle, Price: *taxi, VehicleCapacity: TaxiCapacity, PriceEstimate: true,
		})
	}
	return out, notes
}

func km(m int) float64 { return math.Round(float64(m)/100) / 10 }

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// regionCache remembers reverse geocodes by position (to 1e-4°, about
// 10 m), up to maxRegions entries; when full it is cleared.
type regionCache struct {
	mu sync.Mutex
	m  map[[2]int64]amap.Region
}

const maxRegions = 4096

func (c *regionCache) get(ctx context.Context, src AmapSource, p orchestrator.GeoPoint) (amap.Region, error) {
	k := [2]int64{int64(math.Round(p.Lat * 1e4)), int64(math.Round(p.Lon * 1e4))}
	c.mu.Lock()
	r, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return r, nil
	}
	r, err := src.Regeo(ctx, p)
	if err != nil {
		return r, err
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxRegions {
		c.m = map[[2]int64]amap.Region{}
	}
	c.m[k] = r
	c.mu.Unlock()
	return r, nil
}
