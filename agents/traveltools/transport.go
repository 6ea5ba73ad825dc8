package traveltools

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/osrm"
	"github.com/tripweave/tripweave/orchestrator"
)

// ToolTransport is the tool serving the decomposer's transport subtask.
const ToolTransport = orchestrator.ToolTransport

// MaxTravelers is the largest party transport_options accepts.
const MaxTravelers = 50

// Which modes transport_options offers, by distance. Road modes are
// judged by the road distance (OSRM's, or the estimate), flights and sea
// crossings by the great-circle distance.
const (
	// TaxiMaxKM: beyond about 150 km (two hours) a taxi costs more than a
	// rented car plus fuel for any party and few drivers take the fare.
	TaxiMaxKM = 150
	// BusMinKM: under 30 km the trip is a city or suburban bus, which the
	// city's own transit answers (amap_directions), not a coach.
	BusMinKM = 30
	// BusMaxKM: beyond 800 km (ten hours and more) intercity coaches are
	// rare overnight niche services that the estimate would misprice.
	BusMaxKM = 800
	// FlightMinKM: under 500 km the two hours spent at airports make a
	// flight no faster door to door than the road (or rail), and scheduled
	// services are sparse.
	FlightMinKM = 500
)

// Vehicle capacities of the per-vehicle modes: a five-seat rental car, a
// taxi's four passenger seats.
const (
	CarCapacity  = 5
	TaxiCapacity = 4
)

// Flight time model: FlightOverhead is the time at both airports (check-in,
// security and boarding before; deplaning and baggage after), FlightTaxiTime
// taxiing, climb and approach that cruise speed does not cover, and
// FlightCruiseKMH the average airborne speed of a jet over the great
// circle (cruise 800–900 km/h less routing detours and winds).
const (
	FlightOverhead  = 2 * time.Hour
	FlightTaxiTime  = 30 * time.Minute
	FlightCruiseKMH = 750
)

// BusTimeFactor stretches the car's road time for a coach: lower speed
// limits for buses, stops at stations and a rest break every few hours.
const BusTimeFactor = 1.25

// RoadEstimate is the intercity road model used when OSRM cannot answer:
// the road distance is the great-circle distance times RoadFactor, the time
// that distance at SpeedKMH plus AccessMinutes. osrm.Estimates' 30 km/h is
// a door-to-door speed inside a city and would make a 300 km drive last ten
// hours; between cities most of the distance is on trunk roads and
// motorways. RoadFactor 1.3 is osrm's driving detour index (intercity
// circuity studies find 1.2–1.4); 75 km/h is a mix of motorway and
// ordinary roads without stops; AccessMinutes 15 covers leaving the first
// city and entering the second.
var RoadEstimate = struct {
	RoadFactor    float64
	SpeedKMH      float64
	AccessMinutes float64
}{RoadFactor: osrm.Estimates[osrm.Driving].RoadFactor, SpeedKMH: 75, AccessMinutes: 15}

// Provenance of transport_options.
const (
	// SourceFareModel names the fare models of this package.
	SourceFareModel = "tripweave:fare-model"
	// estimatePrefix starts the ID of a modelled option.
	estimatePrefix = "est:"
)

// RailNote is always among transport_options' notes: there is no timetable
// provider behind the tool.
const RailNote = "no train options: rail timetables come from the imported datasets, or from amap_directions (transit) in China"

// TransportInput are transport_options' arguments: the two cities of a
// leg and their WGS-84 positions.
type TransportInput struct {
	From          string   `json:"from" jsonschema:"origin city name, as the leg names it"`
	To            string   `json:"to" jsonschema:"destination city name"`
	FromLatitude  Number   `json:"from_latitude" jsonschema:"WGS-84 latitude of the origin"`
	FromLongitude Number   `json:"from_longitude" jsonschema:"WGS-84 longitude of the origin"`
	ToLatitude    Number   `json:"to_latitude" jsonschema:"WGS-84 latitude of the destination"`
	ToLongitude   Number   `json:"to_longitude" jsonschema:"WGS-84 longitude of the destination"`
	FromCountry   string   `json:"from_country,omitempty" jsonschema:"ISO 3166-1 alpha-2 code of the origin's country; sets the price currency"`
	ToCountry     string   `json:"to_country,omitempty" jsonschema:"ISO 3166-1 alpha-2 code of the destination's country"`
	Travelers     *Integer `json:"travelers,omitempty" jsonschema:"party size, 1-50; default 1"`
}

// TransportOutput is transport_options' result: one option per feasible
// mode, every price a model estimate, and notes on how they were made.
type TransportOutput struct {
	Leg        orchestrator.TransportLeg `json:"leg"`
	Provenance orchestrator.Provenance   `json:"provenance"`
	Notes      []string                  `json:"notes"`
}

const transportDescription = "Estimated ways to cover an intercity leg: self-driving (OSRM road distance and time, fuel + wear cost per car), " +
	"taxi (legs up to 150 km, per car), coach (30-800 km, per person) and flight (500 km or more great-circle, per person; live fares come from flight_offers). " +
	"Prices are model estimates in the origin country's currency. No trains: rail timetables come from the imported datasets or Amap in China."

// addTransport registers transport_options. It needs no source: without
// opts.Matrix every road figure is the estimate.
func (t *tools) addTransport(s *mcp.Server, annotations *mcp.ToolAnnotations) error {
	return addTool(s, &mcp.Tool{
		Name: ToolTransport, Title: "Transport options between cities",
		Description: transportDescription, Annotations: annotations,
	}, t.opts.Logger, t.transport)
}

var countryRE = regexp.MustCompile(`^[A-Za-z]{2}$`)

// leg is a validated transport_options request.
type leg struct {
	from, to       string
	a, b           orchestrator.GeoPoint
	fromCC, toCC   string
	travelers      int
	greatCircleKM  float64
	international  bool
	model          FareModel
	modelCountry   string
	modelFromTable bool
}

func parseTransport(in TransportInput) (leg, error) {
	l := leg{from: strings.TrimSpace(in.From), to: strings.TrimSpace(in.To), travelers: 1}
	for _, f := range []struct{ name, v string }{{"from", l.from}, {"to", l.to}} {
		if n := utf8.RuneCountInString(f.v); n == 0 || n > MaxPlaceName {
			return leg{}, invalidf("%s must be 1-%d characters", f.name, MaxPlaceName)
		}
	}
	if orchestrator.SameCity(l.from, l.to) {
		return leg{}, invalidf("from and to are the same city %q", l.from)
	}
	for _, c := range []struct {
		name  string
		v     Number
		limit float64
	}{
		{"from_latitude", in.FromLatitude, 90}, {"from_longitude", in.FromLongitude, 180},
		{"to_latitude", in.ToLatitude, 90}, {"to_longitude", in.ToLongitude, 180},
	} {
		if !(float64(c.v) >= -c.limit && float64(c.v) <= c.limit) {
			return leg{}, invalidf("%s must be between %v and %v", c.name, -c.limit, c.limit)
		}
	}
	l.a = orchestrator.GeoPoint{Lat: float64(in.FromLatitude), Lon: float64(in.FromLongitude)}
	l.b = orchestrator.GeoPoint{Lat: float64(in.ToLatitude), Lon: float64(in.ToLongitude)}
	for _, p := range []struct {
		name string
		g    orchestrator.GeoPoint
	}{{"from", l.a}, {"to", l.b}} {
		if p.g == (orchestrator.GeoPoint{}) {
			return leg{}, invalidf("%s_latitude and %s_longitude are 0,0: the city was not geocoded", p.name, p.name)
		}
	}
	l.greatCircleKM = l.a.DistanceKM(l.b)
	if l.greatCircleKM < 0.1 {
		return leg{}, invalidf("from and to coordinates are the same point")
	}
	for _, c := range []struct {
		name string
		v    string
		dst  *string
	}{{"from_country", in.FromCountry, &l.fromCC}, {"to_country", in.ToCountry, &l.toCC}} {
		v := strings.TrimSpace(c.v)
		if v == "" {
			continue
		}
		if !countryRE.MatchString(v) {
			return leg{}, invalidf("%s %q is not an ISO 3166-1 alpha-2 code", c.name, c.v)
		}
		*c.dst = strings.ToUpper(v)
	}
	if in.Travelers != nil {
		l.travelers = int(*in.Travelers)
		if l.travelers < 1 || l.travelers > MaxTravelers {
			return leg{}, invalidf("travelers must be between 1 and %d", MaxTravelers)
		}
	}
	l.international = l.fromCC != "" && l.toCC != "" && l.fromCC != l.toCC
	l.modelCountry = l.fromCC
	if l.modelCountry == "" {
		l.modelCountry = l.toCC
	}
	l.model, l.modelFromTable = fareModel(l.modelCountry)
	return l, nil
}

// road is the leg's road distance and driving time, and how they were
// found.
type road struct {
	meters, seconds int
	// estimated is set when the figures are RoadEstimate's; noRoute when
	// OSRM answered but found no road between the points; reason says why
	// OSRM could not answer at all.
	estimated, noRoute bool
	reason             string
	result             osrm.Result
}

func (t *tools) road(ctx context.Context, l leg) (road, error) {
	var r road
	if t.opts.Matrix == nil {
		r.estimated, r.reason = true, "no OSRM server is configured"
	} else {
		res, err := t.opts.Matrix.Matrix(ctx, osrm.Driving, []osrm.Point{
			{ID: "from", Lat: l.a.Lat, Lon: l.a.Lon}, {ID: "to", Lat: l.b.Lat, Lon: l.b.Lon},
		})
		if err != nil {
			return road{}, err
		}
		r.result = res
		switch {
		case res.Fallback != "":
			r.estimated, r.reason = true, res.Fallback
		case slices.Contains(res.EstimatedCells, [2]int{0, 1}):
			r.estimated, r.noRoute = true, true
		default:
			r.meters, r.seconds = res.Matrix.Meters[0][1], res.Matrix.Seconds[0][1]
		}
	}
	if r.estimated {
		km := l.greatCircleKM * RoadEstimate.RoadFactor
		r.meters = int(math.Round(km * 1000))
		r.seconds = int(math.Round((km/RoadEstimate.SpeedKMH*60 + RoadEstimate.AccessMinutes) * 60))
	}
	return r, nil
}

// transport is transport_options' handler. It offers, for a leg of road
// distance D and great-circle distance G:
//
//   - self_driving always (unless the leg is a sea crossing): OSRM's time,
//     D × CarLitresPer100KM × petrol + D × wear, per vehicle of
//     CarCapacity;
//   - taxi when D ≤ TaxiMaxKM: flag fall + D × per-km rate, per vehicle of
//     TaxiCapacity;
//   - bus when BusMinKM ≤ D ≤ BusMaxKM: the car's time × BusTimeFactor,
//     D × per-km fare, per person;
//   - flight when G ≥ FlightMinKM: FlightOverhead + G / FlightCruiseKMH +
//     FlightTaxiTime, FlightBase × its FlightBands factor (×
//     InternationalFlightFactor between countries), per person.
//
// It never offers trains: there is no timetable provider here; rail comes
// from the imported datasets, or from Amap transit directions in China.
// When OSRM finds no road (nor a car ferry) only the flight remains, for
// legs long enough to fly.
// Every price is an estimate in the origin country's currency (FareModels;
// the US model in dollars for other countries). Same input and clock,
// same bytes.
func (t *tools) transport(ctx context.Context, in TransportInput) (TransportOutput, error) {
	l, err := parseTransport(in)
	if err != nil {
		return TransportOutput{}, err
	}
	r, err := t.road(ctx, l)
	if err != nil {
		return TransportOutput{}, err
	}
	m := l.model
	cur := m.Currency
	roadKM := float64(r.meters) / 1000
	driveMin := int(math.Round(float64(r.seconds) / 60))
	id := func(mode string) string { return estimatePrefix + mode + ":" + l.from + "-" + l.to }
	opt := func(mode string) orchestrator.TransportOption {
		return orchestrator.TransportOption{
			ID: id(mode), Mode: mode, From: l.from, To: l.to,
			DurationMinutes: max(driveMin, 1), DistanceKM: round1(roadKM), PriceEstimate: true,
		}
	}

	var notes []string
	// OSRM's car profile includes the car ferries OpenStreetMap maps, so
	// "no route" means no road connection at all: no road options.
	seaCrossing := r.noRoute
	switch {
	case seaCrossing:
		notes = append(notes, fmt.Sprintf("OSRM found no road or car ferry between the cities, %.0f km apart: no road options", l.greatCircleKM))
	case r.estimated:
		notes = append(notes, fmt.Sprintf("road distance and time are estimates (great-circle × %.1f at %.0f km/h + %.0f min) because %s",
			RoadEstimate.RoadFactor, RoadEstimate.SpeedKMH, RoadEstimate.AccessMinutes, r.reason))
	}
	if !l.modelFromTable {
		if l.modelCountry == "" {
			notes = append(notes, "no country given: prices use the US model in USD")
		} else {
			notes = append(notes, "no fare model for "+l.modelCountry+": prices use the US model in USD")
		}
	}

	var opts []orchestrator.TransportOption
	if !seaCrossing {
		o := opt("self_driving")
		o.Pricing, o.VehicleCapacity = orchestrator.PerVehicle, CarCapacity
		o.Price = money(roadKM*m.DrivePerKM(), cur)
		opts = append(opts, o)
		notes = append(notes, fmt.Sprintf("self_driving: fuel at %s L/100 km and %s %s/L plus %s %s/km wear, per car of %d; tolls, parking and rental not included",
			num(CarLitresPer100KM), num(m.PetrolPerLitre), cur, num(m.WearPerKM), cur, CarCapacity))
		if roadKM <= TaxiMaxKM {
			o := opt("taxi")
			o.Pricing, o.VehicleCapacity = orchestrator.PerVehicle, TaxiCapacity
			o.Price = money(m.TaxiFlagFall+roadKM*m.TaxiPerKM, cur)
			opts = append(opts, o)
			notes = append(notes, fmt.Sprintf("taxi: %s %s flag fall plus %s %s/km, per car of %d", num(m.TaxiFlagFall), cur, num(m.TaxiPerKM), cur, TaxiCapacity))
		}
		if roadKM >= BusMinKM && roadKM <= BusMaxKM {
			o := opt("bus")
			o.DurationMinutes = int(math.Round(float64(r.seconds) / 60 * BusTimeFactor))
			o.Pricing = orchestrator.PerPerson
			o.Price = money(roadKM*m.BusPerKM, cur)
			opts = append(opts, o)
			notes = append(notes, fmt.Sprintf("bus: coach fare %s %s/km per person, road time × %s; no timetable", num(m.BusPerKM), cur, num(BusTimeFactor)))
		}
		if cars := (l.travelers + CarCapacity - 1) / CarCapacity; cars > 1 {
			notes = append(notes, fmt.Sprintf("%d travellers need %d cars (self_driving prices are per car)", l.travelers, cars))
		}
	}
	if l.greatCircleKM >= FlightMinKM {
		o := opt("flight")
		o.DistanceKM = round1(l.greatCircleKM)
		o.DurationMinutes = int(math.Round((FlightOverhead + FlightTaxiTime).Minutes() + l.greatCircleKM/FlightCruiseKMH*60))
		o.Pricing = orchestrator.PerPerson
		o.Price = money(m.flightFare(l.greatCircleKM, l.international), cur)
		opts = append(opts, o)
		kind := "domestic"
		if l.international {
			kind = "international"
		}
		notes = append(notes, fmt.Sprintf("flight: estimated %s economy fare by distance band and time with 2 h at airports; live fares and schedules come from %s",
			kind, ToolFlights))
	}
	notes = append(notes, RailNote)

	source := osrm.SourceHaversine
	ttl := osrm.EstimateTTL
	var attr orchestrator.Attribution
	if t.opts.Matrix != nil {
		source, ttl = r.result.Source(), r.result.TTL()
		if r.result.Fallback == "" {
			attr = osrm.Attribution
		}
	}
	return TransportOutput{
		Leg:        orchestrator.TransportLeg{From: l.from, To: l.to, Options: opts},
		Provenance: t.provenance(source+"+"+SourceFareModel, ttl, true, attr),
		Notes:      notes,
	}, nil
}

// round1 rounds km to 0.1 km.
func round1(km float64) float64 { return math.Round(km*10) / 10 }

// num formats a model constant without trailing zeros.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
