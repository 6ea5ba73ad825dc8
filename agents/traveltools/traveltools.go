// Package traveltools registers tripweave's travel data tools on an
// *mcp.Server: fx_rates (Frankfurter), travel_matrix (OSRM with a
// haversine fallback), flight_offers (Duffel, when configured) and the
// amap_* tools (Amap, when configured). It follows the contract of package
// datatools: a tool's structured output is a JSON object with a top-level
// "provenance" object shaped like orchestrator.Provenance; a failure is a
// tool error result (IsError) whose structured content and text are the
// JSON {"errorType", "message", "retryable"} of an
// orchestrator.UpstreamError; a handler panic is an "internal" error
// result. Every coordinate in and out is WGS-84.
package traveltools

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/duffel"
	"github.com/tripweave/tripweave/agents/frankfurter"
	"github.com/tripweave/tripweave/agents/osrm"
	"github.com/tripweave/tripweave/orchestrator"
)

// Tool names; fx_rates and travel_matrix are the ones orchestrator.Kinds
// names.
const (
	ToolFX             = orchestrator.ToolFXRates
	ToolMatrix         = orchestrator.ToolTravelMatrix
	ToolFlights        = orchestrator.ToolFlightOffers
	ToolAmapPOI        = "amap_poi_search"
	ToolAmapWeather    = orchestrator.ToolAmapWeather
	ToolAmapDirections = "amap_directions"
	ToolAmapGeocode    = orchestrator.ToolAmapGeocode
)

// Input limits.
const (
	MaxSymbols   = 40
	MaxIDLength  = 200 // characters of a matrix point ID
	MaxPlaceName = 100 // characters of a flight origin or destination
	MaxOffers    = 50
)

// RatesSource returns exchange rates (frankfurter.Client).
type RatesSource interface {
	Rates(ctx context.Context, base string, symbols []string, date string) (orchestrator.FXRates, error)
}

// MatrixSource returns travel matrices (osrm.Client).
type MatrixSource interface {
	Matrix(ctx context.Context, profile string, pts []osrm.Point) (osrm.Result, error)
}

// FlightSource searches flight offers (duffel.Client).
type FlightSource interface {
	Offers(ctx context.Context, s duffel.Search) ([]duffel.Offer, error)
}

// AmapSource is the Amap API (amap.Client).
type AmapSource interface {
	SearchPOI(ctx context.Context, s amap.POISearch) (amap.POIResult, error)
	Weather(ctx context.Context, city string, live bool) (amap.Weather, error)
	Geocode(ctx context.Context, address, city string) ([]amap.Geocode, error)
	Directions(ctx context.Context, q amap.DirectionQuery) (amap.Directions, error)
	Regeo(ctx context.Context, p orchestrator.GeoPoint) (amap.Region, error)
}

var (
	_ RatesSource  = (*frankfurter.Client)(nil)
	_ MatrixSource = (*osrm.Client)(nil)
	_ FlightSource = (*duffel.Client)(nil)
	_ AmapSource   = (*amap.Client)(nil)
)

// Options configure Register. A tool whose source is nil is not
// registered.
type Options struct {
	FX      RatesSource
	Matrix  MatrixSource
	Flights FlightSource
	Amap    AmapSource
	// Now stamps provenance and bounds flight dates; default time.Now.
	Now func() time.Time
	// Logger receives internal failures; default slog.Default().
	Logger *slog.Logger
}

// FXInput are fx_rates' arguments.
type FXInput struct {
	Base    string `json:"base" jsonschema:"ISO 4217 code of the base currency, e.g. CNY"`
	Symbols string `json:"symbols,omitempty" jsonschema:"comma-separated target currencies, e.g. USD,EUR; default all the ECB quotes (~30)"`
	Date    string `json:"date,omitempty" jsonschema:"YYYY-MM-DD; default the latest. A weekend or holiday gives the previous business day's rates"`
}

// FXOutput is fx_rates' result: orchestrator.FXRates' fields and
// provenance. Date is the business day the rates are from.
type FXOutput struct {
	Base       string                  `json:"base"`
	Date       string                  `json:"date"`
	Rates      map[string]float64      `json:"rates" jsonschema:"units of each currency per 1 unit of base"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

// MatrixPoint is a stop of travel_matrix.
type MatrixPoint struct {
	ID  string `json:"id" jsonschema:"the stop's ID, unique in the call"`
	Lat Number `json:"lat" jsonschema:"WGS-84 latitude"`
	Lon Number `json:"lon" jsonschema:"WGS-84 longitude"`
}

// MatrixInput are travel_matrix' arguments.
type MatrixInput struct {
	Points  []MatrixPoint `json:"points" jsonschema:"2 to 100 stops"`
	Profile string        `json:"profile,omitempty" jsonschema:"driving, walking or cycling; default driving"`
}

// MatrixOutput is travel_matrix' result.
type MatrixOutput struct {
	Matrix orchestrator.TravelMatrix `json:"matrix"`
	// Estimate is set when any cell is a haversine estimate.
	Estimate bool `json:"estimate"`
	// EstimatedCells lists the [row, column] cells OSRM could not route
	// and the estimate filled.
	EstimatedCells [][2]int `json:"estimated_cells,omitempty"`
	// Note says why the whole matrix is an estimate.
	Note string `json:"note,omitempty"`
	// Model is the estimate's road factor and speed.
	Model      *osrm.EstimateModel     `json:"model,omitempty"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

// FlightInput are flight_offers' arguments.
type FlightInput struct {
	From       string   `json:"from" jsonschema:"IATA airport or city code (PVG, SHA) or a city name (Shanghai, 上海)"`
	To         string   `json:"to" jsonschema:"IATA airport or city code or a city name"`
	Date       string   `json:"date" jsonschema:"departure date, YYYY-MM-DD, today or later"`
	Adults     *Integer `json:"adults,omitempty" jsonschema:"passengers aged 18+, 1-9; default 1"`
	Children   *Integer `json:"children,omitempty" jsonschema:"passengers under 18; default 0"`
	ChildAges  string   `json:"child_ages,omitempty" jsonschema:"comma-separated ages, one per child; default 10 each"`
	CabinClass string   `json:"cabin_class,omitempty" jsonschema:"economy, premium_economy, business or first; default economy"`
	MaxOffers  *Integer `json:"max_offers,omitempty" jsonschema:"1-50, cheapest first; default 20"`
}

// FlightOutput is flight_offers' result: unexpired offers, cheapest
// first. Each price is the total for all passengers.
type FlightOutput struct {
	Offers []duffel.Offer `json:"offers"`
	// Options are the offers as transport options (FlightOptions), in the
	// same order, priced per person; empty when there are none.
	Options    []orchestrator.TransportOption `json:"options"`
	Provenance orchestrator.Provenance        `json:"provenance"`
}

// AmapPOIInput are amap_poi_search's arguments: a keyword search, or an
// around search when lat and lon are given.
type AmapPOIInput struct {
	Keywords string   `json:"keywords,omitempty" jsonschema:"what to look for, e.g. 火锅 or 博物馆"`
	Types    string   `json:"types,omitempty" jsonschema:"Amap type codes or names, |-separated, e.g. 110000 (sights) or 050000 (food)"`
	City     string   `json:"city,omitempty" jsonschema:"city name, citycode or adcode limiting a keyword search"`
	Lat      *Number  `json:"lat,omitempty" jsonschema:"WGS-84 latitude of the centre of an around search"`
	Lon      *Number  `json:"lon,omitempty" jsonschema:"WGS-84 longitude of the centre of an around search"`
	Radius   *Integer `json:"radius,omitempty" jsonschema:"around search radius in metres, 1-50000; default 1000"`
	Page     *Integer `json:"page,omitempty" jsonschema:"1-based page; default 1"`
	PageSize *Integer `json:"page_size,omitempty" jsonschema:"1-25; default 10"`
}

// AmapPOIOutput is amap_poi_search's result.
type AmapPOIOutput struct {
	POIs []amap.POI `json:"pois"`
	// Count is Amap's total for the search (at most ~200 can be paged).
	Count      int                     `json:"count"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

// AmapWeatherInput are amap_weather's arguments.
type AmapWeatherInput struct {
	City string `json:"city,omitempty" jsonschema:"adcode (510100) or city name (成都); or give latitude and longitude"`
	Kind string `json:"kind,omitempty" jsonschema:"forecast (today + 3 days) or live; default forecast"`
	// Latitude and Longitude (WGS-84) locate the city when City is empty.
	Latitude  *Number `json:"latitude,omitempty" jsonschema:"WGS-84 latitude of a point in the city, instead of city"`
	Longitude *Number `json:"longitude,omitempty" jsonschema:"WGS-84 longitude of a point in the city, instead of city"`
	// StartDate and EndDate limit the forecast's days (YYYY-MM-DD).
	StartDate string `json:"start_date,omitempty" jsonschema:"first day wanted, YYYY-MM-DD; the forecast covers today and the next 3 days"`
	EndDate   string `json:"end_date,omitempty" jsonschema:"last day wanted, YYYY-MM-DD"`
}

// AmapWeatherOutput is amap_weather's result.
type AmapWeatherOutput struct {
	Weather amap.Weather `json:"weather"`
	// Forecast is the forecast days (within start_date–end_date when given)
	// in the weather tool's form, so the orchestrator can use either.
	Forecast   *orchestrator.Forecast  `json:"forecast,omitempty"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

// LatLon is a WGS-84 position argument.
type LatLon struct {
	Lat Number `json:"lat"`
	Lon Number `json:"lon"`
}

// AmapDirectionsInput are amap_directions' arguments.
type AmapDirectionsInput struct {
	Mode        string `json:"mode,omitempty" jsonschema:"driving, walking or transit; default driving"`
	Origin      LatLon `json:"origin"`
	Destination LatLon `json:"destination"`
	City        string `json:"city,omitempty" jsonschema:"city of a transit query (name, citycode or adcode); required for transit"`
	CityTo      string `json:"city_to,omitempty" jsonschema:"destination city of a cross-city transit query"`
}

// AmapDirectionsOutput is amap_directions' result.
type AmapDirectionsOutput struct {
	Directions amap.Directions         `json:"directions"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

// AmapGeocodeInput are amap_geocode's arguments.
type AmapGeocodeInput struct {
	Address string `json:"address" jsonschema:"address or place name, e.g. 成都市武侯祠大街231号"`
	City    string `json:"city,omitempty" jsonschema:"city limiting the search"`
}

// AmapGeocodeOutput is amap_geocode's result. Places are the geocodes as
// the geocode tool's places (amap.Geocode.Place), in the same order, so
// that the orchestrator can use amap_geocode as a geocode fallback.
type AmapGeocodeOutput struct {
	Geocodes   []amap.Geocode          `json:"geocodes"`
	Places     []orchestrator.Place    `json:"places"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

// Register adds the tools whose sources opts names to s. It returns an
// error only if a tool's schema cannot be built, a programming error.
func Register(s *mcp.Server, opts Options) error {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	t := &tools{opts: opts}
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(true)}
	var errs []error
	if opts.FX != nil {
		errs = append(errs, addTool(s, &mcp.Tool{
			Name:  ToolFX,
			Title: "Exchange rates",
			Description: "European Central Bank reference exchange rates (via Frankfurter) from a base currency, for the latest business day or a given date. " +
				"A weekend or holiday date gives the previous business day's rates; date in the answer says which.",
			Annotations: readOnly,
		}, opts.Logger, t.fx))
	}
	if opts.Matrix != nil {
		errs = append(errs, addTool(s, &mcp.Tool{
			Name:  ToolMatrix,
			Title: "Travel-time matrix",
			Description: "Travel times (s) and distances (m) between 2-100 stops by car, on foot or by bike, from OSRM. " +
				"Pairs OSRM cannot route, and the whole matrix when OSRM is unavailable, are haversine × road-factor estimates, marked estimate.",
			Annotations: readOnly,
		}, opts.Logger, t.matrix))
	}
	errs = append(errs, t.addTransport(s, readOnly))
	if opts.Flights != nil {
		errs = append(errs, addTool(s, &mcp.Tool{
			Name:        ToolFlights,
			Title:       "Flight offers",
			Description: "One-way flight offers from Duffel for a date and party, cheapest first: total price for all passengers, segments with local times, airline, expiry.",
			Annotations: readOnly,
		}, opts.Logger, t.flights))
	}
	if opts.Amap != nil {
		for _, err := range []error{
			addTool(s, &mcp.Tool{Name: ToolAmapPOI, Title: "Amap POI search",
				Description: "Points of interest in China from Amap (高德): a keyword search in a city, or an around search near a point. Coordinates are WGS-84.",
				Annotations: readOnly}, opts.Logger, t.amapPOI),
			addTool(s, &mcp.Tool{Name: ToolAmapWeather, Title: "Amap weather",
				Description: "Weather for a Chinese city from Amap: live observation or the forecast for today and the next 3 days.",
				Annotations: readOnly}, opts.Logger, t.amapWeather),
			addTool(s, &mcp.Tool{Name: ToolAmapDirections, Title: "Amap directions",
				Description: "Driving, walking or public-transport directions in China from Amap, with distances, durations, fares and a WGS-84 polyline.",
				Annotations: readOnly}, opts.Logger, t.amapDirections),
			addTool(s, &mcp.Tool{Name: ToolAmapGeocode, Title: "Amap geocode",
				Description: "Resolve a Chinese address or place name with Amap to WGS-84 coordinates, province, city, district and adcode.",
				Annotations: readOnly}, opts.Logger, t.amapGeocode),
		} {
			errs = append(errs, err)
		}
		errs = append(errs, t.registerAmapCatalog(s, readOnly)...)
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

type tools struct {
	opts Options
	// regions caches Amap's reverse geocodes (a city's code does not
	// change), saving a quota-counted call per leg end.
	regions regionCache
}

var currencyRE = regexp.MustCompile(`^[A-Za-z]{3}$`)

func (t *tools) fx(ctx context.Context, in FXInput) (FXOutput, error) {
	base := strings.TrimSpace(in.Base)
	if !currencyRE.MatchString(base) {
		return FXOutput{}, invalidf("base %q is not a 3-letter currency code", in.Base)
	}
	var symbols []string
	for _, s := range strings.Split(in.Symbols, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if !currencyRE.MatchString(s) {
			return FXOutput{}, invalidf("symbol %q is not a 3-letter currency code", s)
		}
		symbols = append(symbols, s)
	}
	if len(symbols) > MaxSymbols {
		return FXOutput{}, invalidf("at most %d symbols", MaxSymbols)
	}
	date := strings.TrimSpace(in.Date)
	if date != "" {
		if _, err := time.Parse(orchestrator.DateLayout, date); err != nil {
			return FXOutput{}, invalidf("date %q is not a YYYY-MM-DD date", in.Date)
		}
		if date < frankfurter.FirstDate {
			return FXOutput{}, invalidf("date %s is before the first ECB rates (%s)", date, frankfurter.FirstDate)
		}
	}
	fx, err := t.opts.FX.Rates(ctx, base, symbols, date)
	if err != nil {
		return FXOutput{}, err
	}
	now := t.opts.Now()
	return FXOutput{
		Base: fx.Base, Date: fx.Date, Rates: fx.Rates,
		Provenance: t.provenance(frankfurter.Source(date, now), frankfurter.TTL(date, now), false, frankfurter.Attribution),
	}, nil
}

func (t *tools) matrix(ctx context.Context, in MatrixInput) (MatrixOutput, error) {
	profile := strings.ToLower(strings.TrimSpace(in.Profile))
	if profile == "" {
		profile = osrm.Driving
	}
	if _, ok := osrm.Estimates[profile]; !ok {
		return MatrixOutput{}, invalidf("profile %q is not driving, walking or cycling", in.Profile)
	}
	if n := len(in.Points); n < 2 || n > osrm.MaxPoints {
		return MatrixOutput{}, invalidf("points must hold 2 to %d stops, got %d", osrm.MaxPoints, n)
	}
	pts := make([]osrm.Point, len(in.Points))
	seen := make(map[string]bool, len(in.Points))
	for i, p := range in.Points {
		id := strings.TrimSpace(p.ID)
		switch {
		case id == "" || utf8.RuneCountInString(id) > MaxIDLength:
			return MatrixOutput{}, invalidf("points[%d].id must be 1-%d characters", i, MaxIDLength)
		case seen[id]:
			return MatrixOutput{}, invalidf("points[%d].id %q is not unique", i, id)
		case p.Lat < -90 || p.Lat > 90:
			return MatrixOutput{}, invalidf("points[%d].lat must be between -90 and 90", i)
		case p.Lon < -180 || p.Lon > 180:
			return MatrixOutput{}, invalidf("points[%d].lon must be between -180 and 180", i)
		}
		seen[id] = true
		pts[i] = osrm.Point{ID: id, Lat: float64(p.Lat), Lon: float64(p.Lon)}
	}
	r, err := t.opts.Matrix.Matrix(ctx, profile, pts)
	if err != nil {
		return MatrixOutput{}, err
	}
	// Road data was used unless the whole matrix is the estimate.
	var attr orchestrator.Attribution
	if r.Fallback == "" {
		attr = osrm.Attribution
	}
	p := t.provenance(r.Source(), r.TTL(), r.Estimate, attr)
	return MatrixOutput{Matrix: r.Matrix, Estimate: r.Estimate, EstimatedCells: r.EstimatedCells, Note: r.Fallback, Model: r.Model, Provenance: p}, nil
}

func (t *tools) flights(ctx context.Context, in FlightInput) (FlightOutput, error) {
	from, to := strings.TrimSpace(in.From), strings.TrimSpace(in.To)
	if from == "" || to == "" || utf8.RuneCountInString(from) > MaxPlaceName || utf8.RuneCountInString(to) > MaxPlaceName {
		return FlightOutput{}, invalidf("from and to must be 1-%d characters", MaxPlaceName)
	}
	day, err := time.Parse(orchestrator.DateLayout, strings.TrimSpace(in.Date))
	if err != nil {
		return FlightOutput{}, invalidf("date %q is not a YYYY-MM-DD date", in.Date)
	}
	// A date that is already over everywhere (UTC-12) cannot be flown.
	if !day.AddDate(0, 0, 1).Add(12 * time.Hour).After(t.opts.Now()) {
		return FlightOutput{}, invalidf("date %s is in the past", in.Date)
	}
	adults, children := 1, 0
	if in.Adults != nil {
		adults = int(*in.Adults)
	}
	if in.Children != nil {
		children = int(*in.Children)
	}
	if adults < 1 || adults > duffel.MaxPassengers {
		return FlightOutput{}, invalidf("adults must be between 1 and %d", duffel.MaxPassengers)
	}
	if children < 0 || adults+children > duffel.MaxPassengers {
		return FlightOutput{}, invalidf("children must be between 0 and %d with %d adults", duffel.MaxPassengers-adults, adults)
	}
	var ages []int
	if s := strings.TrimSpace(in.ChildAges); s != "" {
		for _, a := range strings.Split(s, ",") {
			var n Integer
			if err := n.UnmarshalJSON([]byte(strings.TrimSpace(a))); err != nil || n < 0 || n > 17 {
				return FlightOutput{}, invalidf("child_ages %q must be ages 0-17, comma-separated", in.ChildAges)
			}
			ages = append(ages, int(n))
		}
		if in.Children == nil {
			children = len(ages)
		}
		if len(ages) != children || adults+children > duffel.MaxPassengers {
			return FlightOutput{}, invalidf("child_ages gives %d ages for %d children", len(ages), children)
		}
	} else {
		for range children {
			ages = append(ages, duffel.DefaultChildAge)
		}
	}
	maxOffers := duffel.DefaultMaxOffers
	if in.MaxOffers != nil {
		maxOffers = int(*in.MaxOffers)
		if maxOffers < 1 || maxOffers > MaxOffers {
			return FlightOutput{}, invalidf("max_offers must be between 1 and %d", MaxOffers)
		}
	}
	offers, err := t.opts.Flights.Offers(ctx, duffel.Search{
		From: from, To: to, Date: day.Format(orchestrator.DateLayout), Adults: adults, ChildAges: ages,
		CabinClass: strings.ToLower(strings.TrimSpace(in.CabinClass)), MaxOffers: maxOffers,
	})
	if err != nil {
		return FlightOutput{}, err
	}
	if offers == nil {
		offers = []duffel.Offer{}
	}
	now := t.opts.Now()
	return FlightOutput{Offers: offers, Options: FlightOptions(from, to, offers, adults+children),
		Provenance: t.provenance(duffel.SourceOffers, duffel.TTL(offers, now), false, orchestrator.Attribution{})}, nil
}

func (t *tools) amapPOI(ctx context.Context, in AmapPOIInput) (AmapPOIOutput, error) {
	s := amap.POISearch{Keywords: in.Keywords, Types: in.Types, City: in.City}
	if (in.Lat == nil) != (in.Lon == nil) {
		return AmapPOIOutput{}, invalidf("an around search needs both lat and lon")
	}
	source := amap.SourcePlaceText
	if in.Lat != nil {
		s.Center = &orchestrator.GeoPoint{Lat: float64(*in.Lat), Lon: float64(*in.Lon)}
		source = amap.SourcePlaceAround
		if in.Radius != nil {
			if *in.Radius < 1 {
				return AmapPOIOutput{}, invalidf("radius must be between 1 and %d m", amap.MaxRadius)
			}
			s.Radius = int(*in.Radius)
		}
	}
	for _, v := range []struct {
		p   *Integer
		dst *int
		max int
		n   string
	}{{in.Page, &s.Page, amap.MaxPage, "page"}, {in.PageSize, &s.PageSize, amap.MaxPageSize, "page_size"}} {
		if v.p != nil {
			if *v.p < 1 || int(*v.p) > v.max {
				return AmapPOIOutput{}, invalidf("%s must be between 1 and %d", v.n, v.max)
			}
			*v.dst = int(*v.p)
		}
	}
	r, err := t.opts.Amap.SearchPOI(ctx, s)
	if err != nil {
		return AmapPOIOutput{}, err
	}
	if r.POIs == nil {
		r.POIs = []amap.POI{}
	}
	return AmapPOIOutput{POIs: r.POIs, Count: r.Count, Provenance: t.provenance(source, amap.POITTL, false, amap.Attribution)}, nil
}

func (t *tools) amapWeather(ctx context.Context, in AmapWeatherInput) (AmapWeatherOutput, error) {
	kind := strings.ToLower(strings.TrimSpace(in.Kind))
	if kind != "" && kind != "forecast" && kind != "live" {
		return AmapWeatherOutput{}, invalidf("kind %q is not forecast or live", in.Kind)
	}
	live := kind == "live"
	city := strings.TrimSpace(in.City)
	if city == "" {
		if in.Latitude == nil || in.Longitude == nil {
			return AmapWeatherOutput{}, invalidf("give city, or latitude and longitude")
		}
		r, err := t.regions.get(ctx, t.opts.Amap, orchestrator.GeoPoint{Lat: float64(*in.Latitude), Lon: float64(*in.Longitude)})
		if err != nil {
			return AmapWeatherOutput{}, err
		}
		if city = cityAdcode(r.Adcode); city == "" {
			return AmapWeatherOutput{}, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Provider: amap.Provider, Message: "Amap names no city at that point"}
		}
	}
	for _, d := range []struct{ name, v string }{{"start_date", in.StartDate}, {"end_date", in.EndDate}} {
		if d.v != "" {
			if _, err := time.Parse(orchestrator.DateLayout, d.v); err != nil {
				return AmapWeatherOutput{}, invalidf("%s %q is not a date (YYYY-MM-DD)", d.name, d.v)
			}
		}
	}
	w, err := t.opts.Amap.Weather(ctx, city, live)
	if err != nil {
		return AmapWeatherOutput{}, err
	}
	if !live {
		f := amapForecast(w, in.StartDate, in.EndDate)
		if len(f.Days) == 0 && (in.StartDate != "" || in.EndDate != "") {
			return AmapWeatherOutput{}, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Provider: amap.Provider,
				Message: "Amap forecasts only today and the next 3 days, none of them between " + in.StartDate + " and " + in.EndDate}
		}
		out := AmapWeatherOutput{Weather: w, Forecast: &f}
		source, ttl := amap.SourceWeather, amap.WeatherTTL
		out.Provenance = t.provenance(source, ttl, false, amap.Attribution)
		return out, nil
	}
	source, ttl := amap.SourceWeather, amap.WeatherTTL
	if live {
		source, ttl = amap.SourceWeatherLive, amap.LiveTTL
	}
	return AmapWeatherOutput{Weather: w, Provenance: t.provenance(source, ttl, false, amap.Attribution)}, nil
}

func (t *tools) amapDirections(ctx context.Context, in AmapDirectionsInput) (AmapDirectionsOutput, error) {
	mode := strings.ToLower(strings.TrimSpace(in.Mode))
	if mode == "" {
		mode = amap.ModeDriving
	}
	d, err := t.opts.Amap.Directions(ctx, amap.DirectionQuery{
		Mode:        mode,
		Origin:      orchestrator.GeoPoint{Lat: float64(in.Origin.Lat), Lon: float64(in.Origin.Lon)},
		Destination: orchestrator.GeoPoint{Lat: float64(in.Destination.Lat), Lon: float64(in.Destination.Lon)},
		City:        in.City, CityTo: in.CityTo,
	})
	if err != nil {
		return AmapDirectionsOutput{}, err
	}
	return AmapDirectionsOutput{Directions: d, Provenance: t.provenance(amap.SourceDirection+"_"+mode, amap.DirectionTTL, false, amap.Attribution)}, nil
}

func (t *tools) amapGeocode(ctx context.Context, in AmapGeocodeInput) (AmapGeocodeOutput, error) {
	g, err := t.opts.Amap.Geocode(ctx, in.Address, in.City)
	if err != nil {
		return AmapGeocodeOutput{}, err
	}
	places := make([]orchestrator.Place, 0, len(g))
	for _, x := range g {
		places = append(places, x.Place())
	}
	return AmapGeocodeOutput{Geocodes: g, Places: places, Provenance: t.provenance(amap.SourceGeocode, amap.GeocodeTTL, false, amap.Attribution)}, nil
}

func (t *tools) provenance(source string, ttl time.Duration, estimate bool, a orchestrator.Attribution) orchestrator.Provenance {
	p := orchestrator.Provenance{
		Source:    source,
		FetchedAt: t.opts.Now().UTC(),
		TTL:       int64(ttl / time.Second),
		Estimate:  estimate,
	}
	if a != (orchestrator.Attribution{}) {
		p.Attribution = &a
	}
	return p
}

func ptr[T any](v T) *T { return &v }
