package orchestrator

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"
)

// TripSchemaVersion is the version of the Trip JSON schema this code writes.
const TripSchemaVersion = 1

// Provenance says where a fact came from and how fresh it is. Every fact in
// a Trip carries one.
type Provenance struct {
	// Source names the provider and endpoint, e.g. "open-meteo:forecast".
	Source    string    `json:"source"`
	FetchedAt time.Time `json:"fetched_at"`
	// TTL is how long, in seconds, the fact counts as fresh from FetchedAt.
	TTL      int64 `json:"ttl"`
	CacheHit bool  `json:"cache_hit"`
	// Stale is set when the fact is past its TTL but was served because the
	// decision module allowed stale data.
	Stale bool `json:"stale,omitempty"`
	// Estimate is set when the fact is modelled rather than observed (a
	// climate estimate, a haversine travel time, a fare model).
	Estimate    bool         `json:"estimate,omitempty"`
	Attribution *Attribution `json:"attribution,omitempty"`
}

// Attribution is the credit a provider's licence requires next to its data.
type Attribution struct {
	Text    string `json:"text"`
	URL     string `json:"url,omitempty"`
	License string `json:"license,omitempty"`
}

// Sourced is a fact with its provenance.
type Sourced[T any] struct {
	Value      T          `json:"value"`
	Provenance Provenance `json:"provenance"`
	// Ref, when set, is ContentRef of Value's JSON: the address under which
	// a plan store keeps a large value shared by many plans (a city's
	// catalogs and matrix) once, rather than in every plan. Whoever sets it
	// vouches that it is ContentRef(json.Marshal(Value)).
	Ref string `json:"ref,omitempty"`
}

// Place is a geocoded city (WGS-84).
type Place struct {
	Name        string  `json:"name" jsonschema:"localized place name"`
	Country     string  `json:"country,omitempty"`
	CountryCode string  `json:"country_code,omitempty" jsonschema:"ISO 3166-1 alpha-2"`
	Admin1      string  `json:"admin1,omitempty" jsonschema:"first-level administrative area"`
	Latitude    float64 `json:"latitude"`
	Longitude   float64 `json:"longitude"`
	Timezone    string  `json:"timezone,omitempty" jsonschema:"IANA time zone"`
	Population  int64   `json:"population,omitempty"`
	// SourceID is the provider's identifier (a GeoNames id for Open-Meteo).
	SourceID string `json:"source_id,omitempty"`
}

// Forecast is a city's weather over the trip's days.
type Forecast struct {
	Timezone string        `json:"timezone,omitempty"`
	Days     []WeatherDay  `json:"days"`
	Units    *WeatherUnits `json:"units,omitempty"`
}

// WeatherUnits names the units of WeatherDay's numbers.
type WeatherUnits struct {
	Temperature   string `json:"temperature"`
	Precipitation string `json:"precipitation"`
	Wind          string `json:"wind"`
}

// WeatherDay is one day's weather. Pointers are nil where the provider had no
// value.
type WeatherDay struct {
	Date             string   `json:"date"`
	Code             *int     `json:"weather_code,omitempty" jsonschema:"WMO weather code"`
	Text             string   `json:"text,omitempty"`
	TempMax          *float64 `json:"temp_max,omitempty"`
	TempMin          *float64 `json:"temp_min,omitempty"`
	PrecipitationMM  *float64 `json:"precipitation_mm,omitempty"`
	PrecipitationPct *float64 `json:"precipitation_probability,omitempty"`
	WindMaxKMH       *float64 `json:"wind_max_kmh,omitempty"`
	// Risks lists flags such as heavy_rain, storm, heat, cold, snow, wind.
	Risks []string `json:"risks,omitempty"`
	// Estimate marks a climate estimate rather than a forecast.
	Estimate bool `json:"estimate,omitempty"`
}

// Trip is everything gathered for a plan, schema v1. Sections filled by agents
// that are not registered stay empty and a Note says so.
type Trip struct {
	SchemaVersion int                `json:"schema_version"`
	Origin        *Sourced[Place]    `json:"origin,omitempty"`
	Cities        []CityData         `json:"cities"`
	FX            *Sourced[FXRates]  `json:"fx,omitempty"`
	Sections      map[string]Section `json:"sections,omitempty"`
	// Transport holds the intercity options gathered per leg, between the
	// origin and the cities and among the cities.
	Transport []Sourced[TransportLeg] `json:"transport,omitempty"`
}

// SourceSummary is the provenance of one section of a trip: its kind, what
// it is about (a city, or a leg "from → to"), how many items it holds
// (catalogs, forecast days, transport options; 0 for single facts) and
// where it came from.
type SourceSummary struct {
	Kind  Kind   `json:"kind"`
	About string `json:"about,omitempty"`
	Items int    `json:"items,omitempty"`
	Provenance
}

// CityData is what was gathered for one city of the route.
type CityData struct {
	Name    string             `json:"name"`
	Days    int                `json:"days"` // the split's days; 0 for a candidate (Brief.Choosing)
	Place   *Sourced[Place]    `json:"place,omitempty"`
	Weather *Sourced[Forecast] `json:"weather,omitempty"`
	// Region is the state or province the city lies in, when known.
	Region      string                    `json:"region,omitempty"`
	Attractions *Sourced[[]Attraction]    `json:"attractions,omitempty"`
	Restaurants *Sourced[[]Restaurant]    `json:"restaurants,omitempty"`
	Hotels      *Sourced[[]Accommodation] `json:"hotels,omitempty"`
	Matrix      *Sourced[TravelMatrix]    `json:"matrix,omitempty"`
	Guide       *Sourced[Guide]           `json:"guide,omitempty"`
}

// FXRates are exchange rates from Base.
type FXRates struct {
	Base  string             `json:"base"`
	Date  string             `json:"date"`
	Rates map[string]float64 `json:"rates"`
}

// Section is the raw outcome of a subtask whose typed place in the Trip has
// not been defined yet: its payload and provenance, keyed by subtask ID.
type Section struct {
	Kind       Kind            `json:"kind"`
	Payload    json.RawMessage `json:"payload"`
	Provenance Provenance      `json:"provenance"`
}

// Note records what is missing, estimated or degraded, and why.
type Note struct {
	// Subtask is the ID of the subtask the note is about, if any.
	Subtask string `json:"subtask,omitempty"`
	Kind    Kind   `json:"kind,omitempty"`
	// Level is "info", "warning" or "error".
	Level string `json:"level"`
	Code  string `json:"code"`
	// Message is the technical detail, for operators and API clients: it
	// may quote a provider's or a tool's own words.
	Message string `json:"message"`
	// Places names the city the note is about, or the two ends of a
	// journey, as the brief spells them.
	Places []string `json:"places,omitempty"`
	// Traveller is the note in the brief's language, worded for the
	// traveller (templates.NoteText): what is missing or estimated and what
	// it means for the trip, never the technical detail.
	Traveller string `json:"traveller,omitempty"`
	// Audience is NoteOperator for a fact of the deployment's
	// configuration (no price recipe, no key, a provider or the browser
	// disabled, live fares unavailable): it is for operators (the plan JSON,
	// metrics, the startup log), never shown on the itinerary, has no
	// Traveller text and does not make a plan partial. Empty: the note is
	// for the traveller too.
	Audience string `json:"audience,omitempty"`
}

// NoteOperator is the Audience of a note for operators only.
const NoteOperator = "operator"

// Plan statuses.
const (
	PlanComplete   = "complete"    // the itinerary has everything the traveller needs from the data at hand
	PlanPartial    = "partial"     // some data the itinerary needs is missing; Notes say what
	PlanNeedsInput = "needs_input" // the request misses essentials; Questions ask for them
)

// Question asks the traveller for a missing essential, in the request's
// language. Field names the brief field (or "dates", "query") it fills.
type Question struct {
	Field string `json:"field"`
	Text  string `json:"text"`
	// Choices, when present, are the likely answers (each a valid answer
	// as it stands: a currency code, "3 days"); the traveller may still
	// answer otherwise.
	Choices []string `json:"choices,omitempty"`
}

// Plan is what the API returns and the store keeps.
type Plan struct {
	ID        string    `json:"id"`
	CreatedAt time.Time `json:"created_at"`
	Query     string    `json:"query,omitempty"`
	Brief     Brief     `json:"brief"`
	Status    string    `json:"status"`
	Trip      Trip      `json:"trip"`
	// Itinerary is the day-by-day plan; null when it could not be built
	// (the notes say why).
	Itinerary *Itinerary   `json:"itinerary"`
	Notes     []Note       `json:"notes"`
	Trace     TraceSummary `json:"trace"`
	// Sources summarizes the provenance of the trip's facts, one entry per
	// gathered section (see Trip.Sources): what the plan was made from,
	// without the catalogs and matrices themselves.
	Sources []SourceSummary `json:"sources,omitempty"`
	// Questions are pending when Status is PlanNeedsInput; answer them with
	// POST /v1/plans/{id}/answers.
	Questions []Question `json:"questions,omitempty"`
	// Replaces is the ID of the plan this one repairs (POST
	// /v1/plans/{id}/replan); empty for a plan made from a brief.
	Replaces string `json:"replaces,omitempty"`
	// Changes are what the repair removed, added, moved or shifted, and
	// why, in the brief's language; empty for a plan made from a brief.
	Changes []Change `json:"changes,omitempty"`
}

// Change actions.
const (
	ChangeRemoved  = "removed"
	ChangeAdded    = "added"
	ChangeMoved    = "moved"
	ChangeShifted  = "shifted"
	ChangeReplaced = "replaced"
	// ChangeKept says an event needed no edit (What "day"): it was
	// considered, and the day holds as planned.
	ChangeKept = "kept"
)

// Change is one edit a repair made to an itinerary: Action (one of the
// Change* constants) on a stop, meal or leg (What) named Name, on day Day
// (ToDay when moved to another day), the times before and after (From,
// To: "HH:MM"), the event that caused it (Event, its index in the
// request) and Reason, worded for the traveller in the brief's language.
type Change struct {
	Action string `json:"action"`
	What   string `json:"what"`
	Name   string `json:"name"`
	Day    int    `json:"day"`
	ToDay  int    `json:"to_day,omitempty"`
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
	Event  int    `json:"event"`
	Reason string `json:"reason"`
}

// TraceSummary sums a run's trace.
type TraceSummary struct {
	Nodes      int     `json:"nodes"`
	CacheHits  int     `json:"cache_hits"`
	Failed     int     `json:"failed"`
	DurationMS float64 `json:"duration_ms"`
	// Routes counts nodes by the route that answered them.
	Routes map[string]int `json:"routes"`
}

// Span is one node's entry in a run's trace.
type Span struct {
	Node       string    `json:"node"`
	Kind       Kind      `json:"kind"`
	Route      string    `json:"route"`
	CacheHit   bool      `json:"cache_hit"`
	Attempts   int       `json:"attempts"`
	Start      time.Time `json:"start"`
	DurationMS float64   `json:"duration_ms"`
	Status     string    `json:"status"`
	Error      string    `json:"error,omitempty"`
}

// Run is a plan's full trace.
type Run struct {
	PlanID string `json:"plan_id"`
	Spans  []Span `json:"spans"`
}

// BriefKey returns a hash of the brief's planning content (everything but
// the reference time), identifying plans of the same brief.
func BriefKey(b *Brief) string {
	c := *b
	c.Now = ""
	data, _ := json.Marshal(c)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// WithContentRefs returns a copy of trip whose catalogs, matrices and
// transport legs carry their content address (Sourced.Ref), as the
// pipeline's trips do, so that a trip built by hand shares the planner's
// and verifier's per-catalog indexes with other plans of the same data.
func WithContentRefs(trip *Trip) (*Trip, error) {
	var err error
	ref := func(v any) string {
		doc, e := json.Marshal(v)
		if e != nil && err == nil {
			err = e
		}
		return ContentRef(doc)
	}
	out := *trip
	out.Cities = append([]CityData(nil), trip.Cities...)
	for i := range out.Cities {
		c := &out.Cities[i]
		c.Attractions = withRef(c.Attractions, ref)
		c.Restaurants = withRef(c.Restaurants, ref)
		c.Hotels = withRef(c.Hotels, ref)
		c.Matrix = withRef(c.Matrix, ref)
	}
	out.Transport = append([]Sourced[TransportLeg](nil), trip.Transport...)
	for i := range out.Transport {
		out.Transport[i].Ref = ref(out.Transport[i].Value)
	}
	return &out, err
}

// withRef returns a copy of s carrying ref(s.Value) as its Ref; nil stays nil.
func withRef[T any](s *Sourced[T], ref func(any) string) *Sourced[T] {
	if s == nil {
		return nil
	}
	c := *s
	c.Ref = ref(c.Value)
	return &c
}
