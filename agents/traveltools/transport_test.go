package traveltools

import (
	"bytes"
	"context"
	"flag"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/duffel"
	"github.com/tripweave/tripweave/agents/internal/replay"
	"github.com/tripweave/tripweave/agents/osrm"
	"github.com/tripweave/tripweave/agents/osrm/osrmtest"
	"github.com/tripweave/tripweave/orchestrator"
)

var updateTransport = flag.Bool("update-transport", false, "rewrite the transport_options golden files in testdata/transport")

// legArgs returns transport_options arguments for two osrmtest points
// ("lon,lat"), sending the coordinates as strings as the orchestrator does.
func legArgs(from, to, a, b, fromCC, toCC string) map[string]any {
	alon, alat, _ := strings.Cut(a, ",")
	blon, blat, _ := strings.Cut(b, ",")
	m := map[string]any{"from": from, "to": to, "from_latitude": alat, "from_longitude": alon, "to_latitude": blat, "to_longitude": blon}
	if fromCC != "" {
		m["from_country"] = fromCC
	}
	if toCC != "" {
		m["to_country"] = toCC
	}
	return m
}

func modes(l orchestrator.TransportLeg) []string {
	var out []string
	for _, o := range l.Options {
		out = append(out, o.Mode)
	}
	return out
}

func option(t *testing.T, l orchestrator.TransportLeg, mode string) orchestrator.TransportOption {
	t.Helper()
	for _, o := range l.Options {
		if o.Mode == mode {
			return o
		}
	}
	t.Fatalf("no %s option in %+v", mode, l)
	return orchestrator.TransportOption{}
}

func hasNote(notes []string, sub string) bool {
	return slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, sub) })
}

// TestTransportOptionsBands checks which modes each distance band gets and
// the provenance, and compares the whole answer with its golden file.
func TestTransportOptionsBands(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	tests := []struct {
		name       string
		args       map[string]any
		modes      []string
		source     string
		attributed bool
		notes      []string
	}{
		{"chengdu_dujiangyan", legArgs("Chengdu", "Dujiangyan", osrmtest.Chengdu, osrmtest.Dujiangyan, "CN", "CN"),
			[]string{"self_driving", "taxi", "bus"}, "osrm:table+tripweave:fare-model", true, []string{"taxi: 13 CNY flag fall"}},
		{"chengdu_chongqing", legArgs("Chengdu", "Chongqing", osrmtest.Chengdu, osrmtest.Chongqing, "CN", "CN"),
			[]string{"self_driving", "bus"}, "osrm:table+tripweave:fare-model", true, []string{"bus: coach fare 0.4 CNY/km"}},
		{"chengdu_xian", legArgs("成都", "西安", osrmtest.Chengdu, osrmtest.Xian, "cn", "cn"),
			[]string{"self_driving", "bus", "flight"}, "osrm:table+tripweave:fare-model", true, []string{"estimated domestic economy fare"}},
		{"shanghai_beijing", legArgs("Shanghai", "Beijing", osrmtest.Shanghai, osrmtest.Beijing, "CN", ""),
			[]string{"self_driving", "flight"}, "osrm:table+tripweave:fare-model", true, nil},
		{"shanghai_tokyo", legArgs("Shanghai", "Tokyo", osrmtest.Shanghai, osrmtest.Tokyo, "CN", "JP"),
			[]string{"flight"}, "osrm:table+haversine+tripweave:fare-model", true, []string{"no road or car ferry", "estimated international economy fare"}},
		{"shanghai_taipei", legArgs("Shanghai", "Taipei", osrmtest.Shanghai, osrmtest.Taipei, "CN", "TW"),
			[]string{"flight"}, "osrm:table+haversine+tripweave:fare-model", true, []string{"no road options"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, m := call(t, cs, ToolTransport, tt.args)
			wantOK(t, res, m)
			got := decode[TransportOutput](t, m)
			if g := modes(got.Leg); !slices.Equal(g, tt.modes) {
				t.Errorf("modes = %v, want %v", g, tt.modes)
			}
			p := got.Provenance
			if p.Source != tt.source || !p.Estimate || (p.Attribution != nil) != tt.attributed || !p.FetchedAt.Equal(clock) {
				t.Errorf("provenance = %+v", p)
			}
			if p.Attribution != nil && *p.Attribution != osrm.Attribution {
				t.Errorf("attribution = %+v", *p.Attribution)
			}
			if got.Leg.From != tt.args["from"] || got.Leg.To != tt.args["to"] {
				t.Errorf("leg %s → %s", got.Leg.From, got.Leg.To)
			}
			for _, o := range got.Leg.Options {
				wantID := "est:" + o.Mode + ":" + got.Leg.From + "-" + got.Leg.To
				if o.ID != wantID || !o.PriceEstimate || o.Depart != "" || o.Date != "" || o.DurationMinutes <= 0 || o.Price.Cents <= 0 ||
					o.Price.Currency != "CNY" || o.From != got.Leg.From || o.To != got.Leg.To || o.DistanceKM <= 0 {
					t.Errorf("option %+v", o)
				}
			}
			for _, n := range append([]string{RailNote}, tt.notes...) {
				if !hasNote(got.Notes, n) {
					t.Errorf("notes %q lack %q", got.Notes, n)
				}
			}
			golden(t, filepath.Join("testdata", "transport", tt.name+".json"), []byte(res.Content[0].(*mcp.TextContent).Text))
		})
	}
	if n := len(srv.osrm.Requests()); n != len(tests) {
		t.Errorf("OSRM requests = %d, want one per leg (%d)", n, len(tests))
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	replay.Golden(t, path, append(bytes.TrimSpace(got), '\n'), *updateTransport, "go test -update-transport")
}

// TestTransportOptionsModel checks the numbers of one leg by hand.
func TestTransportOptionsModel(t *testing.T) {
	opts, _ := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolTransport, legArgs("Chengdu", "Chongqing", osrmtest.Chengdu, osrmtest.Chongqing, "CN", "CN"))
	wantOK(t, res, m)
	got := decode[TransportOutput](t, m)
	// OSRM: 307,413 m (rounded) in 13,561 s.
	car := option(t, got.Leg, "self_driving")
	// 307.413 km × (7.5 L/100 km × ¥7.8 + ¥0.40) = ¥302.80.
	want := orchestrator.TransportOption{ID: "est:self_driving:Chengdu-Chongqing", Mode: "self_driving", From: "Chengdu", To: "Chongqing",
		DurationMinutes: 226, DistanceKM: 307.4, Pricing: orchestrator.PerVehicle, Price: orchestrator.Money{Cents: 30280, Currency: "CNY"},
		VehicleCapacity: 5, PriceEstimate: true}
	if car != want {
		t.Errorf("self_driving = %+v\nwant %+v", car, want)
	}
	// 307.413 km × ¥0.40 = ¥122.97; 226.02 min × 1.25 = 283 min.
	bus := option(t, got.Leg, "bus")
	want = orchestrator.TransportOption{ID: "est:bus:Chengdu-Chongqing", Mode: "bus", From: "Chengdu", To: "Chongqing",
		DurationMinutes: 283, DistanceKM: 307.4, Pricing: orchestrator.PerPerson, Price: orchestrator.Money{Cents: 12297, Currency: "CNY"}, PriceEstimate: true}
	if bus != want {
		t.Errorf("bus = %+v\nwant %+v", bus, want)
	}
	if got.Provenance.TTL != int64(osrm.TableTTL/time.Second) {
		t.Errorf("ttl = %d", got.Provenance.TTL)
	}

	// Dujiangyan: 71.815 km; taxi ¥13 + 71.815 × ¥2.5 = ¥192.54.
	_, m = call(t, cs, ToolTransport, legArgs("Chengdu", "Dujiangyan", osrmtest.Chengdu, osrmtest.Dujiangyan, "CN", "CN"))
	taxi := option(t, decode[TransportOutput](t, m).Leg, "taxi")
	if taxi.Price != (orchestrator.Money{Cents: 19254, Currency: "CNY"}) || taxi.VehicleCapacity != 4 || taxi.Pricing != orchestrator.PerVehicle || taxi.DurationMinutes != 66 {
		t.Errorf("taxi = %+v", taxi)
	}

	// Shanghai–Tokyo, 1,754.3 km: 150 min + 140.3 min; ¥600 × 1.8 × 1.3.
	_, m = call(t, cs, ToolTransport, legArgs("Shanghai", "Tokyo", osrmtest.Shanghai, osrmtest.Tokyo, "CN", "JP"))
	fl := option(t, decode[TransportOutput](t, m).Leg, "flight")
	if fl.DurationMinutes != 290 || fl.DistanceKM != 1754.3 || fl.Price != (orchestrator.Money{Cents: 140400, Currency: "CNY"}) || fl.Pricing != orchestrator.PerPerson || fl.VehicleCapacity != 0 {
		t.Errorf("flight = %+v", fl)
	}
	// Shanghai–Beijing, 1,067.3 km, domestic: ¥600 × 1.3.
	_, m = call(t, cs, ToolTransport, legArgs("Shanghai", "Beijing", osrmtest.Shanghai, osrmtest.Beijing, "CN", "CN"))
	if fl := option(t, decode[TransportOutput](t, m).Leg, "flight"); fl.Price.Cents != 78000 || fl.DurationMinutes != 235 {
		t.Errorf("flight = %+v", fl)
	}
}

// TestTransportOptionsEstimate covers OSRM failing or missing: every road
// figure is the intercity estimate and a note says why.
func TestTransportOptionsEstimate(t *testing.T) {
	opts, srv := replayOptions(t)
	args := legArgs("Chengdu", "Chongqing", osrmtest.Chengdu, osrmtest.Chongqing, "CN", "CN")
	gc := orchestrator.GeoPoint{Lat: 30.5728, Lon: 104.0668}.DistanceKM(orchestrator.GeoPoint{Lat: 29.563, Lon: 106.5516})
	roadKM := float64(int(gc*1.3*1000+0.5)) / 1000
	wantMin := int(math.Round(math.Round((roadKM/75*60+15)*60) / 60))

	check := func(t *testing.T, got TransportOutput, note string) {
		t.Helper()
		if g := modes(got.Leg); !slices.Equal(g, []string{"self_driving", "bus"}) {
			t.Errorf("modes = %v", g)
		}
		car := option(t, got.Leg, "self_driving")
		if car.DistanceKM != round1(roadKM) || car.DurationMinutes != wantMin || car.Price != money(roadKM*FareModels["CN"].DrivePerKM(), "CNY") {
			t.Errorf("self_driving = %+v, want %.1f km, %d min", car, roadKM, wantMin)
		}
		p := got.Provenance
		if p.Source != "haversine+tripweave:fare-model" || !p.Estimate || p.Attribution != nil || p.TTL != int64(osrm.EstimateTTL/time.Second) {
			t.Errorf("provenance = %+v", p)
		}
		if !hasNote(got.Notes, "road distance and time are estimates") || !hasNote(got.Notes, note) {
			t.Errorf("notes = %q, want one saying %q", got.Notes, note)
		}
	}

	t.Run("osrm throttled", func(t *testing.T) {
		srv.osrm.FailWith(t, 429, "too_many_requests.json")
		defer srv.osrm.Fail(0, "")
		res, m := call(t, connect(t, opts), ToolTransport, args)
		wantOK(t, res, m)
		check(t, decode[TransportOutput](t, m), "OSRM rate_limited")
	})
	t.Run("osrm down", func(t *testing.T) {
		srv.osrm.Fail(503, "<html>Service Unavailable</html>")
		defer srv.osrm.Fail(0, "")
		res, m := call(t, connect(t, opts), ToolTransport, args)
		wantOK(t, res, m)
		check(t, decode[TransportOutput](t, m), "OSRM unavailable")
	})
	t.Run("no osrm", func(t *testing.T) {
		o := opts
		o.Matrix = nil
		res, m := call(t, connect(t, o), ToolTransport, args)
		wantOK(t, res, m)
		check(t, decode[TransportOutput](t, m), "no OSRM server is configured")
	})
}

func TestTransportOptionsCountries(t *testing.T) {
	opts, _ := replayOptions(t)
	opts.Matrix = nil // estimates: no fixtures needed
	cs := connect(t, opts)
	paris, lyon := "2.3522,48.8566", "4.8357,45.764"
	for _, tt := range []struct {
		name, fromCC, toCC string
		travelers          any
		currency           string
		note               string
	}{
		{"euro", "FR", "FR", nil, "EUR", "0.08 EUR/km"},
		{"to country only", "", "fr", nil, "EUR", "taxi"},
		{"unknown country", "ZZ", "FR", nil, "USD", "no fare model for ZZ"},
		{"no country", "", "", nil, "USD", "no country given"},
		{"big party", "FR", "FR", "7", "EUR", "7 travellers need 2 cars"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := legArgs("Paris", "Lyon", paris, lyon, tt.fromCC, tt.toCC)
			if tt.travelers != nil {
				args["travelers"] = tt.travelers
			}
			res, m := call(t, cs, ToolTransport, args)
			wantOK(t, res, m)
			got := decode[TransportOutput](t, m)
			for _, o := range got.Leg.Options {
				if o.Price.Currency != tt.currency {
					t.Errorf("%s priced in %s, want %s", o.Mode, o.Price.Currency, tt.currency)
				}
			}
			if tt.note != "taxi" && !hasNote(got.Notes, tt.note) {
				t.Errorf("notes = %q, want %q", got.Notes, tt.note)
			}
		})
	}
}

func TestTransportOptionsInvalid(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	ok := legArgs("Chengdu", "Chongqing", osrmtest.Chengdu, osrmtest.Chongqing, "CN", "CN")
	with := func(kv ...any) map[string]any {
		m := map[string]any{}
		for k, v := range ok {
			m[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i+1] == nil {
				delete(m, kv[i].(string))
				continue
			}
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	for _, tt := range []struct {
		name  string
		args  map[string]any
		field string // the message names it
	}{
		{"from missing", with("from", nil), "from"},
		{"from blank", with("from", "  "), "from"},
		{"to too long", with("to", strings.Repeat("x", MaxPlaceName+1)), "to"},
		{"same city", with("to", " chengdu "), "same city"},
		{"latitude missing", with("to_latitude", nil), "to_latitude"},
		{"latitude range", with("from_latitude", "91"), "from_latitude"},
		{"longitude range", with("to_longitude", -180.5), "to_longitude"},
		{"latitude garbage", with("from_latitude", "north"), "from_latitude"},
		{"not geocoded", with("to_latitude", 0, "to_longitude", "0"), "to_latitude"},
		{"same point", with("to_latitude", "30.5728", "to_longitude", "104.0668"), "same point"},
		{"country", with("from_country", "CHN"), "from_country"},
		{"travelers zero", with("travelers", 0), "travelers"},
		{"travelers many", with("travelers", "51"), "travelers"},
		{"unknown field", with("category", "transport"), "category"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, m := call(t, cs, ToolTransport, tt.args)
			wantError(t, res, m, orchestrator.EINVALIDARG, false)
			if msg, _ := m["message"].(string); !strings.Contains(msg, tt.field) {
				t.Errorf("message %q does not name %q", msg, tt.field)
			}
		})
	}
	if n := len(srv.osrm.Requests()); n != 0 {
		t.Errorf("OSRM requests = %d, want 0", n)
	}
}

// TestTransportOptionsDeterministic calls the same leg on two sessions
// and compares the bytes.
func TestTransportOptionsDeterministic(t *testing.T) {
	opts, _ := replayOptions(t)
	args := legArgs("成都", "西安", osrmtest.Chengdu, osrmtest.Xian, "CN", "CN")
	args["travelers"] = 6
	var texts []string
	for range 2 {
		cs := connect(t, opts)
		for range 2 {
			res, m := call(t, cs, ToolTransport, args)
			wantOK(t, res, m)
			texts = append(texts, res.Content[0].(*mcp.TextContent).Text)
		}
	}
	for _, s := range texts[1:] {
		if s != texts[0] {
			t.Fatalf("outputs differ:\n%s\n%s", texts[0], s)
		}
	}
}

func TestFlightOffersOptions(t *testing.T) {
	opts, _ := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolFlights, map[string]any{"from": "PVG", "to": "成都", "date": "2026-06-12", "adults": "2", "children": "1"})
	wantOK(t, res, m)
	got := decode[FlightOutput](t, m)
	want := []orchestrator.TransportOption{
		// 548.15 USD / 3 = 182.7166…
		{ID: "duffel:off_0000AzQmP3l1nYxGaLk4Tr", Mode: "flight", Number: "3U8854/3U8936", Class: "economy", From: "PVG", To: "成都",
			FromStation: "PVG", ToStation: "CTU", Date: "2026-06-12", Depart: "13:40", Arrive: "18:55", DurationMinutes: 315,
			Pricing: orchestrator.PerPerson, Price: orchestrator.Money{Cents: 18272, Currency: "USD"}},
		// 612.40 USD / 3 = 204.1333…
		{ID: "duffel:off_0000AzQmP3l1nYxGaLk4Tq", Mode: "flight", Number: "MU5401", Class: "economy", From: "PVG", To: "成都",
			FromStation: "PVG", ToStation: "CTU", Date: "2026-06-12", Depart: "08:05", Arrive: "11:20", DurationMinutes: 195,
			Pricing: orchestrator.PerPerson, Price: orchestrator.Money{Cents: 20413, Currency: "USD"}},
	}
	if !slices.Equal(got.Options, want) {
		t.Errorf("options = %+v\nwant %+v", got.Options, want)
	}
	if len(got.Offers) != 2 || got.Offers[0].Price.Cents != 54815 {
		t.Errorf("offers changed: %+v", got.Offers)
	}
	// The JSON field is there, and empty, without flights.
	res, m = call(t, cs, ToolFlights, map[string]any{"from": "PVG", "to": "CTU", "date": "2026-06-13"})
	wantOK(t, res, m)
	if o, ok := m["options"].([]any); !ok || len(o) != 0 {
		t.Errorf("options = %#v, want []", m["options"])
	}
}

func TestFlightOptions(t *testing.T) {
	seg := func(from, to, dep, arr, number string) duffel.Segment {
		return duffel.Segment{From: from, To: to, DepartingAt: dep, ArrivingAt: arr, FlightNumber: number}
	}
	offers := []duffel.Offer{
		// Overnight, two segments, two passengers.
		{ID: "off_a", Price: orchestrator.Money{Cents: 200001, Currency: "CNY"}, Passengers: 2, DurationMinutes: 400, CabinClass: "business",
			Segments: []duffel.Segment{seg("CTU", "XIY", "2026-06-12T21:30:00", "2026-06-12T23:05:00", "3U8001"), seg("XIY", "HRB", "2026-06-13T00:10:00", "2026-06-13T04:10:00", "3U8002")}},
		// Across the date line eastwards: lands the previous calendar day.
		{ID: "off_b", Price: orchestrator.Money{Cents: 100000, Currency: "USD"}, Passengers: 3, DurationMinutes: 450,
			Segments: []duffel.Segment{seg("NRT", "HNL", "2026-06-12T21:00:00", "2026-06-12T09:30:00", "NH184")}},
		// Passengers unknown: the search's party counts; minutes-only times.
		{ID: "off_c", Price: orchestrator.Money{Cents: 5, Currency: "EUR"},
			Segments: []duffel.Segment{seg("CDG", "LYS", "2026-06-12T07:00", "2026-06-12T08:05", "AF7640")}},
		// Unusable: no segments; an unreadable time.
		{ID: "off_d", Price: orchestrator.Money{Cents: 1, Currency: "EUR"}},
		{ID: "off_e", Price: orchestrator.Money{Cents: 1, Currency: "EUR"}, Segments: []duffel.Segment{seg("CDG", "LYS", "tomorrow", "2026-06-12T08:05:00", "AF1")}},
	}
	got := FlightOptions("Chengdu", "Harbin", offers, 2)
	want := []orchestrator.TransportOption{
		{ID: "duffel:off_a", Mode: "flight", Number: "3U8001/3U8002", Class: "business", From: "Chengdu", To: "Harbin", FromStation: "CTU", ToStation: "HRB",
			Date: "2026-06-12", Depart: "21:30", Arrive: "04:10", ArriveDayOffset: 1, DurationMinutes: 400, Pricing: orchestrator.PerPerson,
			Price: orchestrator.Money{Cents: 100001, Currency: "CNY"}}, // 2000.01 / 2 = 1000.005 → 1000.01
		{ID: "duffel:off_b", Mode: "flight", Number: "NH184", From: "Chengdu", To: "Harbin", FromStation: "NRT", ToStation: "HNL",
			Date: "2026-06-12", Depart: "21:00", Arrive: "09:30", ArriveDayOffset: 0, DurationMinutes: 450, Pricing: orchestrator.PerPerson,
			Price: orchestrator.Money{Cents: 33333, Currency: "USD"}},
		{ID: "duffel:off_c", Mode: "flight", Number: "AF7640", From: "Chengdu", To: "Harbin", FromStation: "CDG", ToStation: "LYS",
			Date: "2026-06-12", Depart: "07:00", Arrive: "08:05", Pricing: orchestrator.PerPerson,
			Price: orchestrator.Money{Cents: 3, Currency: "EUR"}}, // 0.05 / 2 = 0.025 → 0.03
	}
	if !slices.Equal(got, want) {
		t.Errorf("FlightOptions =\n%+v\nwant\n%+v", got, want)
	}
	if got := FlightOptions("a", "b", nil, 1); got == nil || len(got) != 0 {
		t.Errorf("FlightOptions(nil) = %#v, want an empty list", got)
	}
	// Same calendar day across the date line westwards keeps offset 0;
	// a day back is -1.
	back := []duffel.Offer{{ID: "x", Passengers: 1, Segments: []duffel.Segment{seg("HNL", "NRT", "2026-06-12T00:30:00", "2026-06-11T23:50:00", "NH1")}}}
	if o := FlightOptions("a", "b", back, 1); len(o) != 1 || o[0].ArriveDayOffset != -1 {
		t.Errorf("offset = %+v, want -1", o)
	}
}

func TestDivRound(t *testing.T) {
	for _, tt := range []struct {
		cents int64
		n     int
		want  int64
	}{{100, 3, 33}, {200, 3, 67}, {5, 2, 3}, {4, 2, 2}, {-5, 2, -3}, {7, 0, 7}, {54815, 3, 18272}} {
		if got := divRound(tt.cents, tt.n); got != tt.want {
			t.Errorf("divRound(%d, %d) = %d, want %d", tt.cents, tt.n, got, tt.want)
		}
	}
}

func TestFareModels(t *testing.T) {
	if DefaultFareModel.Currency != "USD" {
		t.Errorf("default model %+v", DefaultFareModel)
	}
	for cc, m := range FareModels {
		if !countryRE.MatchString(cc) || cc != strings.ToUpper(cc) || !currencyRE.MatchString(m.Currency) ||
			m.PetrolPerLitre <= 0 || m.WearPerKM <= 0 || m.TaxiFlagFall <= 0 || m.TaxiPerKM <= 0 || m.BusPerKM <= 0 || m.FlightBase <= 0 {
			t.Errorf("%s: %+v", cc, m)
		}
		// Orders of magnitude that hold in every currency: a taxi costs
		// more per km than the car, the car more than one coach seat.
		if !(m.TaxiPerKM > m.DrivePerKM() && m.DrivePerKM() > m.BusPerKM) {
			t.Errorf("%s: taxi %v, car %v, bus %v per km", cc, m.TaxiPerKM, m.DrivePerKM(), m.BusPerKM)
		}
	}
	for i, b := range FlightBands[1:] {
		if prev := FlightBands[i]; b.UpToKM <= prev.UpToKM || b.Factor <= prev.Factor {
			t.Errorf("band %d %+v does not follow %+v", i+1, b, prev)
		}
	}
	if _, ok := fareModel("cn"); !ok {
		t.Error("fareModel is case-sensitive")
	}
}

// constantMatrix answers every call with one fixed result (the Chengdu–Xi'an
// table in the benchmark), so it measures the tool and the MCP round trip.
type constantMatrix struct{ r osrm.Result }

func (c constantMatrix) Matrix(context.Context, string, []osrm.Point) (osrm.Result, error) {
	return c.r, nil
}
