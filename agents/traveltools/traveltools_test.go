package traveltools

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/amap/amaptest"
	"github.com/tripweave/tripweave/agents/duffel"
	"github.com/tripweave/tripweave/agents/duffel/duffeltest"
	"github.com/tripweave/tripweave/agents/frankfurter"
	"github.com/tripweave/tripweave/agents/frankfurter/frankfurtertest"
	"github.com/tripweave/tripweave/agents/osrm"
	"github.com/tripweave/tripweave/agents/osrm/osrmtest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// clock is when the fixtures were made.
var clock = time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// fast are upstream options for tests: no real sleeping, a fixed clock.
func fast() upstream.Options {
	return upstream.Options{
		Sleep:  func(ctx context.Context, _ time.Duration) error { return ctx.Err() },
		Now:    func() time.Time { return clock },
		Jitter: func(d time.Duration) time.Duration { return d },
		Logger: quiet,
	}
}

type servers struct {
	fx     *frankfurtertest.Server
	osrm   *osrmtest.Server
	duffel *duffeltest.Server
	amap   *amaptest.Server
}

// replayOptions returns Options whose clients talk to the four replay
// servers.
func replayOptions(t testing.TB) (Options, servers) {
	t.Helper()
	srv := servers{fx: frankfurtertest.NewServer(t), osrm: osrmtest.NewServer(t), duffel: duffeltest.NewServer(t), amap: amaptest.NewServer(t)}
	m, err := osrm.New(osrm.Options{DrivingURL: srv.osrm.URL, WalkingURL: srv.osrm.URL + "/routed-foot", CyclingURL: osrm.Disabled, Upstream: fast(), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	d, err := duffel.New(duffel.Options{URL: srv.duffel.URL, Token: duffeltest.Token, Now: func() time.Time { return clock }, Upstream: fast()})
	if err != nil {
		t.Fatal(err)
	}
	a, err := amap.New(amap.Options{URL: srv.amap.URL, Key: amaptest.Key, Upstream: fast()})
	if err != nil {
		t.Fatal(err)
	}
	return Options{
		FX:      frankfurter.New(frankfurter.Options{URL: srv.fx.URL(), Upstream: fast()}),
		Matrix:  m,
		Flights: d,
		Amap:    a,
		Now:     func() time.Time { return clock.In(time.FixedZone("CST", 8*3600)) },
		Logger:  quiet,
	}, srv
}

func connect(t testing.TB, opts Options) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "travel", Version: "test"}, nil)
	if err := Register(s, opts); err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// call runs tool and returns the result and its structured content; it
// checks that the text content holds the same JSON.
func call(t *testing.T, cs *mcp.ClientSession, tool string, args any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", tool, err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var m, tm map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if err := json.Unmarshal([]byte(text), &tm); err != nil || !reflect.DeepEqual(m, tm) {
		t.Fatalf("text content %q does not match the structured content (%v)", text, err)
	}
	return res, m
}

func wantOK(t *testing.T, res *mcp.CallToolResult, m map[string]any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("error result %v", m)
	}
}

func wantError(t *testing.T, res *mcp.CallToolResult, m map[string]any, typ string, retryable bool) {
	t.Helper()
	if !res.IsError {
		t.Fatalf("IsError = false, want an error result; got %v", m)
	}
	if m["errorType"] != typ || m["retryable"] != retryable || m["message"] == "" {
		t.Errorf("error = %v, want errorType %s retryable %v and a message", m, typ, retryable)
	}
}

// decode re-decodes a map into a typed value.
func decode[T any](t *testing.T, m map[string]any) T {
	t.Helper()
	b, _ := json.Marshal(m)
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("decoding %s: %v", b, err)
	}
	return v
}

func TestListTools(t *testing.T) {
	opts, _ := replayOptions(t)
	all := []string{ToolAmapDirections, ToolAmapFindHotels, ToolAmapFindPOIs, ToolAmapGeocode, ToolAmapPOI, ToolAmapTransport, ToolAmapWeather, ToolFlights, ToolFX, ToolTransport, ToolMatrix}
	some := opts
	some.Flights, some.Amap = nil, nil
	for _, tt := range []struct {
		name string
		opts Options
		want []string
	}{{"all", opts, all}, {"no keys", some, []string{ToolFX, ToolTransport, ToolMatrix}}} {
		cs := connect(t, tt.opts)
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tool := range res.Tools {
			got = append(got, tool.Name)
			if tool.OutputSchema == nil || tool.InputSchema == nil {
				t.Errorf("%s: missing schema", tool.Name)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: tools = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestFXRates(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolFX, map[string]any{"base": "CNY"})
	wantOK(t, res, m)
	got := decode[FXOutput](t, m)
	wantProv := orchestrator.Provenance{Source: "frankfurter:latest", FetchedAt: clock, TTL: 21600,
		Attribution: &orchestrator.Attribution{Text: "Exchange rates by Frankfurter (European Central Bank reference rates)", URL: "https://frankfurter.dev"}}
	if got.Base != "CNY" || got.Date != "2026-05-29" || len(got.Rates) != 29 || got.Rates["USD"] != 0.13906 || !reflect.DeepEqual(got.Provenance, wantProv) {
		t.Errorf("fx_rates = %+v", got)
	}
	// The pipeline reads the payload as orchestrator.FXRates.
	b, _ := json.Marshal(m)
	var fx orchestrator.FXRates
	if err := json.Unmarshal(b, &fx); err != nil || fx.Base != "CNY" || fx.Rates["EUR"] != 0.12277 {
		t.Errorf("as FXRates: %+v, %v", fx, err)
	}

	res, m = call(t, cs, ToolFX, map[string]any{"base": "cny", "symbols": "USD, eur", "date": "2026-05-16"})
	wantOK(t, res, m)
	got = decode[FXOutput](t, m)
	if got.Date != "2026-05-15" || !reflect.DeepEqual(got.Rates, map[string]float64{"EUR": 0.123, "USD": 0.13886}) ||
		got.Provenance.Source != "frankfurter:historical" || got.Provenance.TTL != int64(frankfurter.HistoricalTTL/time.Second) {
		t.Errorf("weekend fx_rates = %+v", got)
	}
	if reqs := srv.fx.Requests(); len(reqs) != 2 {
		t.Errorf("requests = %v", reqs)
	}
}

func TestFXRatesErrors(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	tests := []struct {
		name      string
		args      map[string]any
		fail      int
		wantType  string
		retryable bool
		requests  int
	}{
		{"unknown currency", map[string]any{"base": "XYZ"}, 0, orchestrator.ENOTFOUND, false, 1},
		{"TWD not quoted", map[string]any{"base": "CNY", "symbols": "TWD"}, 0, orchestrator.ENOTFOUND, false, 1},
		{"bad pair", map[string]any{"base": "USD", "symbols": "USD"}, 0, orchestrator.EINVALIDARG, false, 1},
		{"base not a code", map[string]any{"base": "yuan"}, 0, orchestrator.EINVALIDARG, false, 0},
		{"base missing", map[string]any{}, 0, orchestrator.EINVALIDARG, false, 0},
		{"base a number", map[string]any{"base": 12}, 0, orchestrator.EINVALIDARG, false, 0},
		{"unknown field", map[string]any{"base": "CNY", "amount": "10"}, 0, orchestrator.EINVALIDARG, false, 0},
		{"bad symbol", map[string]any{"base": "CNY", "symbols": "USD,dollar"}, 0, orchestrator.EINVALIDARG, false, 0},
		{"bad date", map[string]any{"base": "CNY", "date": "2026-13-01"}, 0, orchestrator.EINVALIDARG, false, 0},
		{"before the ECB", map[string]any{"base": "CNY", "date": "1998-06-01"}, 0, orchestrator.EINVALIDARG, false, 0},
		{"upstream down", map[string]any{"base": "CNY"}, 503, orchestrator.EUNAVAILABLE, false, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(srv.fx.Requests())
			srv.fx.Fail(tt.fail, "<html>Service Unavailable</html>")
			defer srv.fx.Fail(0, "")
			res, m := call(t, cs, ToolFX, tt.args)
			wantError(t, res, m, tt.wantType, tt.retryable)
			if n := len(srv.fx.Requests()) - before; n != tt.requests {
				t.Errorf("requests = %d, want %d", n, tt.requests)
			}
		})
	}
}

var chengdu = []map[string]any{
	{"id": "kuanzhai", "lat": "30.6703", "lon": "104.0557"},
	{"id": "wuhouci", "lat": 30.6458, "lon": 104.0476},
	{"id": "chunxi", "lat": "30.6573", "lon": " 104.0805 "},
}

func TestTravelMatrix(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolMatrix, map[string]any{"points": chengdu})
	wantOK(t, res, m)
	got := decode[MatrixOutput](t, m)
	want := orchestrator.TravelMatrix{Mode: "driving", IDs: []string{"kuanzhai", "wuhouci", "chunxi"},
		Seconds: [][]int{{0, 502, 531}, {483, 0, 516}, {430, 592, 0}}, Meters: [][]int{{0, 3701, 3811}, {3821, 0, 4266}, {3473, 4274, 0}}}
	if !reflect.DeepEqual(got.Matrix, want) || got.Estimate || got.Provenance.Estimate || got.Provenance.Source != osrm.SourceTable ||
		got.Provenance.Attribution == nil || got.Provenance.TTL != int64(osrm.TableTTL/time.Second) {
		t.Errorf("travel_matrix = %+v", got)
	}

	// The panda base is unreachable in the fixture: its cells are estimated.
	pts := append(slices.Clone(chengdu), map[string]any{"id": "panda", "lat": 30.7352, "lon": 104.1465})
	res, m = call(t, cs, ToolMatrix, map[string]any{"points": pts, "profile": "driving"})
	wantOK(t, res, m)
	got = decode[MatrixOutput](t, m)
	if !got.Estimate || !got.Provenance.Estimate || len(got.EstimatedCells) != 6 || got.Note != "" || got.Model == nil ||
		got.Provenance.Source != "osrm:table+haversine" || got.Matrix.Seconds[0][3] == 0 {
		t.Errorf("with null cells = %+v", got)
	}

	// OSRM throttling: the whole matrix is the estimate.
	srv.osrm.FailWith(t, 429, "too_many_requests.json")
	res, m = call(t, cs, ToolMatrix, map[string]any{"points": chengdu, "profile": "walking"})
	wantOK(t, res, m)
	got = decode[MatrixOutput](t, m)
	est := osrm.Estimate(osrm.Walking, []osrm.Point{{ID: "kuanzhai", Lat: 30.6703, Lon: 104.0557}, {ID: "wuhouci", Lat: 30.6458, Lon: 104.0476}, {ID: "chunxi", Lat: 30.6573, Lon: 104.0805}})
	if !reflect.DeepEqual(got.Matrix, est) || !got.Estimate || !got.Provenance.Estimate || got.Provenance.Source != osrm.SourceHaversine ||
		got.Provenance.Attribution != nil || !strings.Contains(got.Note, "rate_limited") || *got.Model != osrm.Estimates[osrm.Walking] {
		t.Errorf("fallback = %+v", got)
	}
	if m["estimate"] != true || m["provenance"].(map[string]any)["estimate"] != true {
		t.Errorf("estimate flags missing from the JSON: %v", m)
	}
}

func TestTravelMatrixInvalid(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	for name, args := range map[string]map[string]any{
		"one point":    {"points": chengdu[:1]},
		"duplicate id": {"points": []map[string]any{chengdu[0], chengdu[0]}},
		"empty id":     {"points": []map[string]any{chengdu[0], {"id": " ", "lat": 1, "lon": 1}}},
		"latitude":     {"points": []map[string]any{chengdu[0], {"id": "x", "lat": "91", "lon": 1}}},
		"lat garbage":  {"points": []map[string]any{chengdu[0], {"id": "x", "lat": "north", "lon": 1}}},
		"lat missing":  {"points": []map[string]any{chengdu[0], {"id": "x", "lon": 1}}},
		"profile":      {"points": chengdu, "profile": "flying"},
		"no points":    {},
	} {
		res, m := call(t, cs, ToolMatrix, args)
		if !res.IsError || m["errorType"] != orchestrator.EINVALIDARG {
			t.Errorf("%s: %v, want invalid_argument", name, m)
		}
	}
	if n := len(srv.osrm.Requests()); n != 0 {
		t.Errorf("requests = %d, want 0", n)
	}
}

func TestFlightOffers(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolFlights, map[string]any{"from": "PVG", "to": "成都", "date": "2026-06-12", "adults": "2", "children": "1"})
	wantOK(t, res, m)
	got := decode[FlightOutput](t, m)
	if len(got.Offers) != 2 || got.Offers[0].Price != (orchestrator.Money{Cents: 54815, Currency: "USD"}) ||
		got.Offers[1].Price != (orchestrator.Money{Cents: 61240, Currency: "USD"}) || got.Offers[0].Owner.IATACode != "3U" ||
		len(got.Offers[0].Segments) != 2 || got.Offers[0].ExpiresAt.IsZero() {
		t.Errorf("flight_offers = %+v", got)
	}
	if got.Provenance.Source != duffel.SourceOffers || got.Provenance.TTL != 600 || got.Provenance.Attribution != nil {
		t.Errorf("provenance = %+v", got.Provenance)
	}
	offer := m["offers"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "price", "segments", "expires_at", "owner"} {
		if _, ok := offer[k]; !ok {
			t.Errorf("offer JSON lacks %q: %v", k, offer)
		}
	}
	body := srv.duffel.Requests()[0].Body
	if !strings.Contains(body, `"passengers":[{"type":"adult"},{"type":"adult"},{"age":10}]`) {
		t.Errorf("request body %s", body)
	}

	// Integers as numbers, explicit ages, no flights that day.
	res, m = call(t, cs, ToolFlights, map[string]any{"from": "Shanghai", "to": "CTU", "date": "2026-06-13", "adults": 1, "child_ages": "4"})
	wantOK(t, res, m)
	if offers := m["offers"].([]any); len(offers) != 0 {
		t.Errorf("offers = %v, want []", offers)
	}
	if body := srv.duffel.Requests()[2].Body; !strings.Contains(body, `{"type":"adult"},{"age":4}`) {
		t.Errorf("request body %s", body)
	}
}

func TestFlightOffersErrors(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	ok := map[string]any{"from": "PVG", "to": "CTU", "date": "2026-06-12"}
	with := func(kv ...any) map[string]any {
		m := map[string]any{}
		for k, v := range ok {
			m[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	tests := []struct {
		name      string
		args      map[string]any
		fail      int
		wantType  string
		retryable bool
	}{
		{"past date", with("date", "2026-05-30"), 0, orchestrator.EINVALIDARG, false},
		{"no adult", with("adults", "0"), 0, orchestrator.EINVALIDARG, false},
		{"adults not a number", with("adults", "two"), 0, orchestrator.EINVALIDARG, false},
		{"adults fractional", with("adults", 1.5), 0, orchestrator.EINVALIDARG, false},
		{"ten passengers", with("adults", "5", "children", "5"), 0, orchestrator.EINVALIDARG, false},
		{"ages mismatch", with("children", "2", "child_ages", "5"), 0, orchestrator.EINVALIDARG, false},
		{"bad age", with("child_ages", "19"), 0, orchestrator.EINVALIDARG, false},
		{"cabin", with("cabin_class", "coach"), 0, orchestrator.EINVALIDARG, false},
		{"unknown city", with("from", "Atlantis"), 0, orchestrator.ENOTFOUND, false},
		{"rate limited", ok, 429, orchestrator.ERATELIMITED, false},
		{"validation error", with("date", "2026-06-01"), 422, orchestrator.EINVALIDARG, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			switch tt.fail {
			case 429:
				srv.duffel.FailWith(t, 429, "error_429.json")
			case 422:
				srv.duffel.FailWith(t, 422, "error_422.json")
			}
			defer srv.duffel.Fail(0, "")
			res, m := call(t, cs, ToolFlights, tt.args)
			wantError(t, res, m, tt.wantType, tt.retryable)
		})
	}

	// A wrong token is an auth error.
	d, err := duffel.New(duffel.Options{URL: srv.duffel.URL, Token: "duffel_test_revoked", Now: func() time.Time { return clock }, Upstream: fast()})
	if err != nil {
		t.Fatal(err)
	}
	opts.Flights = d
	res, m := call(t, connect(t, opts), ToolFlights, ok)
	wantError(t, res, m, orchestrator.EAUTH, false)
}

func TestAmapTools(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)

	res, m := call(t, cs, ToolAmapPOI, map[string]any{"keywords": "火锅", "city": "成都", "page_size": "2"})
	wantOK(t, res, m)
	poi := decode[AmapPOIOutput](t, m)
	if len(poi.POIs) != 2 || poi.Count != 862 || poi.POIs[0].Cost.Cents != 12800 || poi.Provenance.Source != amap.SourcePlaceText ||
		poi.Provenance.Attribution == nil || poi.Provenance.TTL != 86400 {
		t.Errorf("keyword search = %+v", poi)
	}
	if l := poi.POIs[0].Location; l == nil || l.DistanceKM(orchestrator.GeoPoint{Lat: 30.6698, Lon: 104.0562}) > 0.001 {
		t.Errorf("location %v is not the WGS-84 point", l)
	}

	res, m = call(t, cs, ToolAmapPOI, map[string]any{"lat": "30.6703", "lon": "104.0557", "radius": 500, "types": "110000|140000"})
	wantOK(t, res, m)
	poi = decode[AmapPOIOutput](t, m)
	if len(poi.POIs) != 2 || poi.POIs[0].Name != "宽窄巷子" || poi.Provenance.Source != amap.SourcePlaceAround {
		t.Errorf("around search = %+v", poi)
	}

	res, m = call(t, cs, ToolAmapWeather, map[string]any{"city": "成都", "kind": "live"})
	wantOK(t, res, m)
	w := decode[AmapWeatherOutput](t, m)
	if w.Weather.Live == nil || *w.Weather.Live.TemperatureC != 26 || w.Provenance.Source != amap.SourceWeatherLive || w.Provenance.TTL != 1200 {
		t.Errorf("weather = %+v", w)
	}

	res, m = call(t, cs, ToolAmapDirections, map[string]any{"mode": "transit", "city": "成都",
		"origin": map[string]any{"lat": 30.6703, "lon": 104.0557}, "destination": map[string]any{"lat": "30.6458", "lon": "104.0476"}})
	wantOK(t, res, m)
	d := decode[AmapDirectionsOutput](t, m)
	if len(d.Directions.Transits) != 2 || d.Directions.Transits[0].Legs[1].Line != "地铁4号线(万盛--西河)" || d.Provenance.Source != "amap:direction_transit" {
		t.Errorf("directions = %+v", d)
	}

	res, m = call(t, cs, ToolAmapGeocode, map[string]any{"address": "成都市武侯祠大街231号"})
	wantOK(t, res, m)
	g := decode[AmapGeocodeOutput](t, m)
	if len(g.Geocodes) != 1 || g.Geocodes[0].Adcode != "510107" || g.Geocodes[0].Location.DistanceKM(orchestrator.GeoPoint{Lat: 30.6458, Lon: 104.0476}) > 0.001 {
		t.Errorf("geocode = %+v", g)
	}

	for name, tc := range map[string]struct {
		tool      string
		args      map[string]any
		fixture   string
		wantType  string
		retryable bool
	}{
		"quota":           {ToolAmapGeocode, map[string]any{"address": "成都"}, "error_10003.json", orchestrator.ERATELIMITED, false},
		"qps":             {ToolAmapGeocode, map[string]any{"address": "成都"}, "error_10021.json", orchestrator.ERATELIMITED, false},
		"no match":        {ToolAmapGeocode, map[string]any{"address": "不存在的地方xyz"}, "", orchestrator.ENOTFOUND, false},
		"lat without lon": {ToolAmapPOI, map[string]any{"lat": 30.6}, "", orchestrator.EINVALIDARG, false},
		"radius":          {ToolAmapPOI, map[string]any{"lat": 30.6, "lon": 104, "radius": 0}, "", orchestrator.EINVALIDARG, false},
		"kind":            {ToolAmapWeather, map[string]any{"city": "成都", "kind": "tomorrow"}, "", orchestrator.EINVALIDARG, false},
		"mode":            {ToolAmapDirections, map[string]any{"mode": "boat", "origin": map[string]any{"lat": 1, "lon": 1}, "destination": map[string]any{"lat": 1, "lon": 2}}, "", orchestrator.EINVALIDARG, false},
		"no route":        {ToolAmapDirections, map[string]any{"origin": map[string]any{"lat": 30.6703, "lon": 104.0557}, "destination": map[string]any{"lat": 30, "lon": 125}}, "", orchestrator.ENOTFOUND, false},
	} {
		t.Run(name, func(t *testing.T) {
			if tc.fixture != "" {
				srv.amap.FailWith(t, 0, tc.fixture)
				defer srv.amap.Fail(0, 0, "")
			}
			res, m := call(t, cs, tc.tool, tc.args)
			wantError(t, res, m, tc.wantType, tc.retryable)
		})
	}
}

type panicky struct{}

func (panicky) Rates(context.Context, string, []string, string) (orchestrator.FXRates, error) {
	panic("boom")
}

func TestPanicIsInternal(t *testing.T) {
	cs := connect(t, Options{FX: panicky{}, Logger: quiet})
	res, m := call(t, cs, ToolFX, map[string]any{"base": "CNY"})
	wantError(t, res, m, orchestrator.EINTERNAL, false)
}

func TestConfigFromEnvAndNew(t *testing.T) {
	env := map[string]string{
		"FRANKFURTER_URL": " https://fx.example/v1 ", "OSRM_URL": "http://osrm:5000", "OSRM_WALKING_URL": "none",
		"DUFFEL_TOKEN": "duffel_test_x", "AMAP_KEY": "k", "AMAP_URL": "https://amap.example",
	}
	cfg := ConfigFromEnv(func(k string) string { return env[k] })
	want := Config{FrankfurterURL: "https://fx.example/v1", OSRMURL: "http://osrm:5000", OSRMWalkingURL: "none", DuffelToken: "duffel_test_x", AmapKey: "k", AmapURL: "https://amap.example"}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("ConfigFromEnv = %+v, want %+v", cfg, want)
	}
	opts, err := New(cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if opts.FX == nil || opts.Matrix == nil || opts.Flights == nil || opts.Amap == nil {
		t.Errorf("New with keys = %+v, want every source", opts)
	}
	opts, err = New(Config{}, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if opts.FX == nil || opts.Matrix == nil || opts.Flights != nil || opts.Amap != nil {
		t.Errorf("New without keys = %+v, want FX and Matrix only", opts)
	}
	for _, bad := range []Config{{FrankfurterURL: "fx.example"}, {OSRMURL: "ftp://x"}, {DuffelToken: "t", DuffelURL: "x"}, {AmapKey: "k", AmapURL: "::"}} {
		if _, err := New(bad, quiet); err == nil {
			t.Errorf("New(%+v) succeeded, want an invalid URL error", bad)
		}
	}

	// New's Frankfurter client against the replay server, end to end.
	fx := frankfurtertest.NewServer(t)
	opts, err = New(Config{FrankfurterURL: fx.URL(), Now: func() time.Time { return clock }}, quiet)
	if err != nil {
		t.Fatal(err)
	}
	res, m := call(t, connect(t, opts), ToolFX, map[string]any{"base": "CNY", "symbols": "USD,EUR", "date": "2026-05-16"})
	wantOK(t, res, m)
	if m["date"] != "2026-05-15" {
		t.Errorf("fx_rates via New = %v", m)
	}
}

// httpSession serves opts' tools over streamable HTTP (stateless, JSON
// responses, as cmd/agents does) and connects a client.
func httpSession(t testing.TB, opts Options) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "travel", Version: "test"}, nil)
	if err := Register(s, opts); err != nil {
		t.Fatal(err)
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: ts.URL, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestStreamableHTTP(t *testing.T) {
	opts, _ := replayOptions(t)
	cs := httpSession(t, opts)
	res, m := call(t, cs, ToolFX, map[string]any{"base": "CNY", "symbols": "USD,EUR", "date": "2026-05-16"})
	wantOK(t, res, m)
	if m["date"] != "2026-05-15" || m["provenance"].(map[string]any)["source"] != "frankfurter:historical" {
		t.Errorf("over HTTP: %v", m)
	}
	res, m = call(t, cs, ToolFX, map[string]any{"base": "XYZ"})
	wantError(t, res, m, orchestrator.ENOTFOUND, false)
}
