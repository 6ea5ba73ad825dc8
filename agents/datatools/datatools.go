// Package datatools registers the data agent's MCP tools — geocode,
// weather, destination_guide, find_pois and find_hotels — on an
// *mcp.Server. It knows no provider: the wiring hands it a Geocoder (and a
// fallback one), a Forecaster, a GuideSource, a POIFinder, a LodgingFinder
// and a PriceReader (Open-Meteo, Nominatim, Wikivoyage and Overpass today)
// with their provenance. Prices OpenStreetMap lacks come from the city's
// guide: a listing's own price, or an estimate from PriceModel.
//
// Contract: a tool's structured output is a JSON object with a top-level
// "provenance" object shaped like orchestrator.Provenance. A failure is a
// tool error result (IsError) whose structured content and text are the JSON
// {"errorType": ..., "message": ..., "retryable": ...} of an
// orchestrator.UpstreamError; upstream failures are never Go errors, and a
// handler panic is an "internal" error result.
package datatools

import (
	"context"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// Tool names, as orchestrator.Kinds names them.
const (
	ToolGeocode = orchestrator.ToolGeocode
	ToolWeather = orchestrator.ToolWeather
	ToolGuide   = orchestrator.ToolGuide
	ToolPOIs    = orchestrator.ToolFindPOIs
	ToolHotels  = orchestrator.ToolFindHotels
)

// Input limits.
const (
	MaxNameLength = 100 // characters
	MaxCount      = 100
	MaxDays       = 31 // days in one weather call
)

// Geocoder finds places by name.
type Geocoder interface {
	Geocode(ctx context.Context, name, language string, count int) ([]orchestrator.Place, error)
}

// Forecaster returns the daily weather at a point over a date range; days
// it estimates rather than forecasts are marked Estimate.
type Forecaster interface {
	Forecast(ctx context.Context, lat, lon float64, start, end string) (orchestrator.Forecast, error)
}

// knowing is a Forecaster that keeps what it learns of a place
// (openmeteo.Client with a Knowledge): an answer for which its HTTP layer
// sent no request (upstream.WithCalls) is marked a cache hit.
type knowing interface {
	KeepsKnowledge() bool
}

// placeForecaster is a Forecaster that keeps what it learns of a place
// under the place's name when the caller gives one (openmeteo.Client).
type placeForecaster interface {
	ForecastAt(ctx context.Context, place string, lat, lon float64, start, end string) (orchestrator.Forecast, error)
}

// Source describes a provider endpoint for provenance.
type Source struct {
	// Name is the provenance source, e.g. "open-meteo:forecast".
	Name string
	// TTL is how long the data stays fresh.
	TTL         time.Duration
	Attribution *orchestrator.Attribution
}

// Options configure Register. A tool whose provider is nil is not
// registered.
type Options struct {
	Geocoder  Geocoder
	Geocoding Source
	// GeocodeFallback, when not nil, answers geocode when Geocoder fails
	// with unavailable, timeout or rate_limited, or finds nothing;
	// GeocodingFallback describes its results. When the fallback fails too,
	// the tool reports Geocoder's error.
	GeocodeFallback   Geocoder
	GeocodingFallback Source

	// Guides answers destination_guide; Guide describes its results, and
	// the attribution's URL is set to each guide's article.
	Guides GuideSource
	Guide  Source

	// POIs answers find_pois; POI describes its results. With Guides and
	// Prices also set, find_pois prices restaurants from the city's guide
	// (see PriceModel); a POIs that implements TieredRestaurantFinder gives
	// the restaurants' tiers for that.
	POIs POIFinder
	POI  Source

	// Lodging and Hotels (which describes its results) answer find_hotels
	// together with Guides (whose Guide source describes the guide's part)
	// and Prices; find_hotels is registered only when all three are set.
	Lodging LodgingFinder
	Hotels  Source
	// Prices reads the guide's price texts and country currencies
	// (wikivoyage.PriceReader).
	Prices PriceReader

	Forecaster Forecaster
	// Forecast describes forecast days; Climate describes days marked
	// Estimate (climate estimates beyond the forecast horizon).
	Forecast Source
	Climate  Source

	// Now stamps provenance; default time.Now.
	Now func() time.Time
	// Logger receives internal failures; default slog.Default().
	Logger *slog.Logger
}

// GeocodeInput are the geocode tool's arguments.
type GeocodeInput struct {
	Name     string `json:"name" jsonschema:"place to look up, e.g. Chengdu, 成都 or Paris, France (1-100 characters)"`
	Language string `json:"language,omitempty" jsonschema:"language of the returned names, lower-case ISO 639-1 such as en or zh; default en"`
	Count    int    `json:"count,omitempty" jsonschema:"maximum number of places, 1-100; default 10"`
}

// GeocodeOutput is the geocode tool's result: matching places, best first.
type GeocodeOutput struct {
	Places     []orchestrator.Place    `json:"places"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

// WeatherInput are the weather tool's arguments.
type WeatherInput struct {
	Latitude  float64 `json:"latitude" jsonschema:"WGS-84 latitude, -90 to 90"`
	Longitude float64 `json:"longitude" jsonschema:"WGS-84 longitude, -180 to 180"`
	StartDate string  `json:"start_date" jsonschema:"first day, YYYY-MM-DD, local to the place"`
	EndDate   string  `json:"end_date" jsonschema:"last day, YYYY-MM-DD, inclusive; at most 31 days after start_date"`
	// City, when given, names the place (a canonical city name): what the
	// provider's client keeps of it (its forecast window, its climate
	// normals) is then shared by every call naming the city.
	City string `json:"city,omitempty" jsonschema:"the city the point is, lower-case (optional): calls naming the same city share its forecast window and climate normals"`
}

// WeatherOutput is the weather tool's result.
type WeatherOutput struct {
	Forecast   orchestrator.Forecast   `json:"forecast"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

// Register adds the tools whose providers opts names to s. It returns an
// error only if a tool's schema cannot be built, a programming error.
func Register(s *mcp.Server, opts Options) error {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	t := &tools{opts: opts}
	if opts.Guides != nil {
		t.guides = newGuideMemo(opts.Guides, GuideMemoTTL, opts.Now)
	}
	if opts.Geocoder != nil {
		err := addTool(s, &mcp.Tool{
			Name:        ToolGeocode,
			Title:       "Geocode a place",
			Description: "Find cities and places by name (any language) and return their coordinates, country, first-level region, time zone and population, best match first.",
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(true)},
		}, opts.Logger, t.geocode)
		if err != nil {
			return err
		}
	}
	if opts.Guides != nil {
		if err := addTool(s, guideTool, opts.Logger, t.guide); err != nil {
			return err
		}
	}
	if opts.POIs != nil {
		if err := addTool(s, poisTool, opts.Logger, t.findPOIs); err != nil {
			return err
		}
	}
	if opts.Lodging != nil && opts.Guides != nil && opts.Prices != nil {
		if err := addTool(s, hotelsTool, opts.Logger, t.findHotels); err != nil {
			return err
		}
	}
	if opts.Forecaster != nil {
		err := addTool(s, &mcp.Tool{
			Name:  ToolWeather,
			Title: "Daily weather",
			Description: "Daily weather for a point and a date range: WMO weather code and text, min/max temperature, " +
				"precipitation and its probability, maximum wind, and risk flags (heavy_rain, storm, heat, cold, snow, ice, wind). " +
				"Days beyond the 16-day forecast horizon are climate estimates from the last 3 years, marked estimate.",
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(true)},
		}, opts.Logger, t.weather)
		if err != nil {
			return err
		}
	}
	return nil
}

type tools struct {
	opts Options
	// guides is opts.Guides behind a short memo shared by the tools that
	// read guides.
	guides GuideSource
}

var languageRE = regexp.MustCompile(`^[a-z]{2,3}$`)

func (t *tools) geocode(ctx context.Context, in GeocodeInput) (GeocodeOutput, error) {
	name := strings.TrimSpace(in.Name)
	lang := strings.ToLower(strings.TrimSpace(in.Language))
	switch {
	case name == "":
		return GeocodeOutput{}, invalidf("name is empty")
	case utf8.RuneCountInString(name) > MaxNameLength:
		return GeocodeOutput{}, invalidf("name is longer than %d characters", MaxNameLength)
	case lang != "" && !languageRE.MatchString(lang):
		return GeocodeOutput{}, invalidf("language %q is not a 2- or 3-letter code", in.Language)
	case in.Count < 0 || in.Count > MaxCount:
		return GeocodeOutput{}, invalidf("count must be between 1 and %d", MaxCount)
	}
	if lang == "" {
		lang = "en"
	}
	places, err := t.opts.Geocoder.Geocode(ctx, name, lang, in.Count)
	src := t.opts.Geocoding
	if err != nil && t.opts.GeocodeFallback != nil && fallbackHelps(err) && ctx.Err() == nil {
		fp, ferr := t.opts.GeocodeFallback.Geocode(ctx, name, lang, in.Count)
		if ferr == nil {
			places, err, src = fp, nil, t.opts.GeocodingFallback
		} else {
			t.opts.Logger.DebugContext(ctx, "geocode fallback failed", "name", name, "primary", err, "fallback", ferr)
		}
	}
	if err != nil {
		return GeocodeOutput{}, err
	}
	return GeocodeOutput{Places: places, Provenance: t.provenance(src, false)}, nil
}

// fallbackHelps reports whether another geocoder may succeed where err
// failed: the provider was down, slow or busy, or did not know the name.
func fallbackHelps(err error) bool {
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		return false
	}
	switch ue.Type {
	case orchestrator.EUNAVAILABLE, orchestrator.ETIMEOUT, orchestrator.ERATELIMITED, orchestrator.ENOTFOUND:
		return true
	}
	return false
}

func (t *tools) weather(ctx context.Context, in WeatherInput) (WeatherOutput, error) {
	if in.Latitude < -90 || in.Latitude > 90 {
		return WeatherOutput{}, invalidf("latitude must be between -90 and 90")
	}
	if in.Longitude < -180 || in.Longitude > 180 {
		return WeatherOutput{}, invalidf("longitude must be between -180 and 180")
	}
	start, err1 := time.Parse(orchestrator.DateLayout, in.StartDate)
	end, err2 := time.Parse(orchestrator.DateLayout, in.EndDate)
	switch {
	case err1 != nil:
		return WeatherOutput{}, invalidf("start_date %q is not a YYYY-MM-DD date", in.StartDate)
	case err2 != nil:
		return WeatherOutput{}, invalidf("end_date %q is not a YYYY-MM-DD date", in.EndDate)
	case end.Before(start):
		return WeatherOutput{}, invalidf("end_date is before start_date")
	case end.Sub(start) >= MaxDays*24*time.Hour:
		return WeatherOutput{}, invalidf("the date range is longer than %d days", MaxDays)
	}
	var calls atomic.Int64
	var f orchestrator.Forecast
	var err error
	if pf, ok := t.opts.Forecaster.(placeForecaster); ok && in.City != "" {
		f, err = pf.ForecastAt(upstream.WithCalls(ctx, &calls), strings.ToLower(strings.TrimSpace(in.City)), in.Latitude, in.Longitude, in.StartDate, in.EndDate)
	} else {
		f, err = t.opts.Forecaster.Forecast(upstream.WithCalls(ctx, &calls), in.Latitude, in.Longitude, in.StartDate, in.EndDate)
	}
	if err != nil {
		return WeatherOutput{}, err
	}
	if f.Days == nil {
		f.Days = []orchestrator.WeatherDay{}
	}
	estimated, forecast := 0, 0
	for _, d := range f.Days {
		if d.Estimate {
			estimated++
		} else {
			forecast++
		}
	}
	var p orchestrator.Provenance
	switch {
	case estimated == 0:
		p = t.provenance(t.opts.Forecast, false)
	case forecast == 0:
		p = t.provenance(t.opts.Climate, true)
	default:
		p = t.provenance(t.opts.Forecast, true)
		p.Source = joinSources(t.opts.Forecast.Name, t.opts.Climate.Name)
		p.TTL = min(seconds(t.opts.Forecast.TTL), seconds(t.opts.Climate.TTL))
	}
	if k, ok := t.opts.Forecaster.(knowing); ok && k.KeepsKnowledge() && calls.Load() == 0 {
		// Sliced from what the provider's client keeps of the place
		// (its forecast window, its climate normals): no provider was
		// asked.
		p.CacheHit = true
	}
	return WeatherOutput{Forecast: f, Provenance: p}, nil
}

func (t *tools) provenance(s Source, estimate bool) orchestrator.Provenance {
	return orchestrator.Provenance{
		Source:      s.Name,
		FetchedAt:   t.opts.Now().UTC(),
		TTL:         seconds(s.TTL),
		Estimate:    estimate,
		Attribution: s.Attribution,
	}
}

func joinSources(a, b string) string {
	if a == b || b == "" {
		return a
	}
	return a + "+" + b
}

func seconds(d time.Duration) int64 { return int64(d / time.Second) }

func ptr[T any](v T) *T { return &v }
