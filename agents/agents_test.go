package agents

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/datatools"
	"github.com/tripweave/tripweave/agents/nominatim/nominatimtest"
	"github.com/tripweave/tripweave/agents/openmeteo"
	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/agents/osrm"
	"github.com/tripweave/tripweave/agents/osrm/osrmtest"
	"github.com/tripweave/tripweave/agents/overpass"
	"github.com/tripweave/tripweave/agents/overpass/overpasstest"
	"github.com/tripweave/tripweave/agents/toolclient"
	"github.com/tripweave/tripweave/agents/traveltools"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/agents/wikivoyage"
	"github.com/tripweave/tripweave/agents/wikivoyage/wikivoyagetest"
	"github.com/tripweave/tripweave/orchestrator"
)

var discard = slog.New(slog.NewTextHandler(io.Discard, nil))

// fakes are replay servers for every provider.
type fakes struct {
	om  *openmeteotest.Server
	wv  *wikivoyagetest.Server
	op  *overpasstest.Server
	nom *nominatimtest.Server
}

func newFakes(t testing.TB) *fakes {
	return &fakes{om: openmeteotest.NewServer(t), wv: wikivoyagetest.NewServer(t), op: overpasstest.NewServer(t), nom: nominatimtest.NewServer(t)}
}

func testConfig(t testing.TB, f *fakes) Config {
	now := openmeteotest.Clock(t)
	return Config{
		OpenMeteoGeocodingURL: f.om.GeocodingURL(),
		OpenMeteoForecastURL:  f.om.ForecastURL(),
		OpenMeteoArchiveURL:   f.om.ArchiveURL(),
		WikivoyageENURL:       f.wv.ENURL(),
		WikivoyageZHURL:       f.wv.ZHURL(),
		OverpassURL:           f.op.InterpreterURL(),
		NominatimURL:          f.nom.SearchURL(),
		Now:                   func() time.Time { return now },
		UpstreamRetries:       -1,
		UpstreamTimeout:       5 * time.Second,
	}
}

// connectors connect a toolclient to the agents built from cfg, over HTTP
// and in memory: the two paths the orchestrator uses.
var connectors = map[string]func(t *testing.T, cfg Config) *toolclient.Client{
	"http": func(t *testing.T, cfg Config) *toolclient.Client {
		servers, err := Servers(cfg, discard)
		if err != nil {
			t.Fatal(err)
		}
		h := Handler(servers)
		t.Cleanup(func() { h.Close() })
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		c, err := toolclient.ConnectHTTP(context.Background(), srv.URL+"/mcp", srv.Client())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	},
	"in-memory": func(t *testing.T, cfg Config) *toolclient.Client {
		servers, err := Servers(cfg, discard)
		if err != nil {
			t.Fatal(err)
		}
		c, err := toolclient.ConnectInMemory(context.Background(), servers...)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	},
}

func wantUpstream(t *testing.T, err error, typ string, retryable bool) *orchestrator.UpstreamError {
	t.Helper()
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		t.Fatalf("error = %v (%T), want *orchestrator.UpstreamError", err, err)
	}
	if ue.Type != typ || ue.Retryable != retryable {
		t.Errorf("error = %+v, want type %s retryable %v", ue, typ, retryable)
	}
	return ue
}

func TestEndToEnd(t *testing.T) {
	for _, mode := range []string{"http", "in-memory"} {
		t.Run(mode, func(t *testing.T) {
			f := newFakes(t)
			om := f.om
			now := openmeteotest.Clock(t)
			c := connectors[mode](t, testConfig(t, f))
			ctx := context.Background()

			if got, want := c.Tools(), []string{"destination_guide", "find_hotels", "find_pois", "fx_rates", "geocode", "render_itinerary", "transport_options", "travel_matrix", "weather"}; !slices.Equal(got, want) {
				t.Errorf("Tools = %v, want %v", got, want)
			}
			if c.Agent("weather") != AgentData {
				t.Errorf("weather served by %q, want %q", c.Agent("weather"), AgentData)
			}

			raw, err := c.Call(ctx, "geocode", map[string]any{"name": "成都", "language": "zh", "count": 1})
			if err != nil {
				t.Fatal(err)
			}
			var geo datatools.GeocodeOutput
			if err := json.Unmarshal(raw, &geo); err != nil {
				t.Fatal(err)
			}
			if len(geo.Places) == 0 || !strings.HasPrefix(geo.Places[0].Name, "成都") || geo.Places[0].Country != "中国" {
				t.Errorf("places = %+v, want 成都, 中国 first", geo.Places)
			}
			p := geo.Provenance
			if p.Source != "open-meteo:geocoding" || !p.FetchedAt.Equal(now) || p.Attribution == nil ||
				!strings.Contains(p.Attribution.Text, "GeoNames") || p.Attribution.License != "CC BY 4.0" || p.TTL <= 0 {
				t.Errorf("geocode provenance = %+v", p)
			}

			place := geo.Places[0]
			start, end := openmeteotest.FirstDate(t, "forecast_chengdu.json"), openmeteotest.LastDate(t, "forecast_chengdu.json")
			raw, err = c.Call(ctx, "weather", map[string]any{"latitude": place.Latitude, "longitude": place.Longitude, "start_date": start, "end_date": end})
			if err != nil {
				t.Fatal(err)
			}
			var w datatools.WeatherOutput
			if err := json.Unmarshal(raw, &w); err != nil {
				t.Fatal(err)
			}
			if len(w.Forecast.Days) != 3 || w.Forecast.Days[0].Date != start || w.Forecast.Timezone != "Asia/Shanghai" {
				t.Errorf("forecast = %+v", w.Forecast)
			}
			wantAttr := orchestrator.Attribution{Text: "Weather data by Open-Meteo.com", URL: "https://open-meteo.com/", License: "CC BY 4.0"}
			if p := w.Provenance; p.Source != "open-meteo:forecast" || p.Estimate || p.Attribution == nil || *p.Attribution != wantAttr || p.TTL != 3*3600 {
				t.Errorf("weather provenance = %+v", p)
			}
			var top map[string]json.RawMessage
			if err := json.Unmarshal(raw, &top); err != nil || top["provenance"] == nil {
				t.Errorf("output %s lacks a top-level provenance", raw)
			}

			// Beyond the 16-day horizon: a climate estimate.
			cs, _ := time.Parse(orchestrator.DateLayout, openmeteotest.FirstDate(t, "archive_chengdu_1y.json"))
			ce, _ := time.Parse(orchestrator.DateLayout, openmeteotest.LastDate(t, "archive_chengdu_1y.json"))
			raw, err = c.Call(ctx, "weather", map[string]any{"latitude": place.Latitude, "longitude": place.Longitude,
				"start_date": cs.AddDate(1, 0, 0).Format(orchestrator.DateLayout), "end_date": ce.AddDate(1, 0, 0).Format(orchestrator.DateLayout)})
			if err != nil {
				t.Fatal(err)
			}
			w = datatools.WeatherOutput{}
			if err := json.Unmarshal(raw, &w); err != nil {
				t.Fatal(err)
			}
			if !w.Provenance.Estimate || w.Provenance.Source != "open-meteo:archive" || len(w.Forecast.Days) == 0 || !w.Forecast.Days[0].Estimate {
				t.Errorf("climate: provenance %+v, days %+v", w.Provenance, w.Forecast.Days)
			}

			// Errors come back typed.
			_, err = c.Call(ctx, "geocode", map[string]any{"name": "Atlantis"})
			if ue := wantUpstream(t, err, "not_found", false); ue.Provider != "open-meteo" || !strings.Contains(ue.Message, "Atlantis") {
				t.Errorf("unknown city: %+v", ue)
			}
			_, err = c.Call(ctx, "weather", map[string]any{"latitude": 95, "longitude": 0, "start_date": start, "end_date": end})
			wantUpstream(t, err, "invalid_argument", false)

			om.Fail("forecast", http.StatusInternalServerError, "")
			_, err = c.Call(ctx, "weather", map[string]any{"latitude": place.Latitude, "longitude": place.Longitude, "start_date": start, "end_date": end})
			wantUpstream(t, err, "unavailable", false)

			om.Fail("forecast", http.StatusTooManyRequests, string(openmeteotest.Fixture(t, "forecast_429_minutely.json")))
			_, err = c.Call(ctx, "weather", map[string]any{"latitude": place.Latitude, "longitude": place.Longitude, "start_date": start, "end_date": end})
			wantUpstream(t, err, "rate_limited", false)

			om.Fail("search", http.StatusOK, "<html>garbage</html>")
			_, err = c.Call(ctx, "geocode", map[string]any{"name": "Chengdu"})
			wantUpstream(t, err, "bad_response", false)
		})
	}
}

// TestGuidesAndPOIs calls destination_guide and find_pois with exactly the
// arguments the orchestrator's pipeline sends, over both transports.
func TestGuidesAndPOIs(t *testing.T) {
	for _, mode := range []string{"http", "in-memory"} {
		t.Run(mode, func(t *testing.T) {
			f := newFakes(t)
			now := openmeteotest.Clock(t)
			c := connectors[mode](t, testConfig(t, f))
			ctx := context.Background()
			if c.Agent("destination_guide") != AgentData || c.Agent("find_pois") != AgentData {
				t.Errorf("guide served by %q, POIs by %q", c.Agent("destination_guide"), c.Agent("find_pois"))
			}

			for _, lang := range []string{"en", "zh"} {
				raw, err := c.Call(ctx, "destination_guide", map[string]any{"city": "chengdu", "lang": lang, "latitude": 30.66667, "longitude": 104.06667})
				if err != nil {
					t.Fatal(err)
				}
				var out datatools.GuideOutput
				if err := json.Unmarshal(raw, &out); err != nil {
					t.Fatal(err)
				}
				g, p := out.Guide, out.Provenance
				if g.Language != lang || len(g.Sections) < 5 || len(g.Listings) < 8 || g.Section("see") == "" {
					t.Errorf("%s guide: %s in %s, %d sections, %d listings", lang, g.Title, g.Language, len(g.Sections), len(g.Listings))
				}
				want := orchestrator.Attribution{Text: "Wikivoyage contributors", URL: g.URL, License: "CC BY-SA 4.0"}
				if p.Source != "wikivoyage:parse" || p.Attribution == nil || *p.Attribution != want || p.TTL != 3*24*3600 || !p.FetchedAt.Equal(now) {
					t.Errorf("%s guide provenance = %+v", lang, p)
				}
			}
			_, err := c.Call(ctx, "destination_guide", map[string]any{"city": "atlantis", "lang": "en", "latitude": 0.0, "longitude": 0.0})
			if ue := wantUpstream(t, err, "not_found", false); ue.Provider != "wikivoyage" || !strings.Contains(ue.Message, "atlantis") {
				t.Errorf("unknown city: %+v", ue)
			}

			osmAttr := orchestrator.Attribution{Text: "© OpenStreetMap contributors", URL: "https://www.openstreetmap.org/copyright", License: "ODbL 1.0"}
			raw, err := c.Call(ctx, "find_pois", map[string]any{"city": "chengdu", "category": "attractions", "latitude": 30.66667, "longitude": 104.06667})
			if err != nil {
				t.Fatal(err)
			}
			var pois datatools.FindPOIsOutput
			if err := json.Unmarshal(raw, &pois); err != nil {
				t.Fatal(err)
			}
			if pois.Category != "attractions" || len(pois.Attractions) < 10 || pois.Attractions[0].City != "chengdu" ||
				!strings.HasPrefix(pois.Attractions[0].ID, "osm:") || pois.Attractions[0].Location == nil {
				t.Errorf("attractions = %+v", pois.Attractions)
			}
			if p := pois.Provenance; p.Source != "overpass:interpreter" || p.Attribution == nil || *p.Attribution != osmAttr || p.TTL != 7*24*3600 {
				t.Errorf("POI provenance = %+v", p)
			}
			raw, err = c.Call(ctx, "find_pois", map[string]any{"city": "chengdu", "category": "restaurants", "latitude": 30.66667, "longitude": 104.06667})
			if err != nil {
				t.Fatal(err)
			}
			pois = datatools.FindPOIsOutput{}
			if err := json.Unmarshal(raw, &pois); err != nil || len(pois.Restaurants) == 0 || len(pois.Restaurants[0].Cuisines) == 0 {
				t.Errorf("restaurants = %+v, %v", pois.Restaurants, err)
			}
			raw, err = c.Call(ctx, "find_pois", map[string]any{"city": "nowhere", "category": "restaurants", "latitude": -45.0, "longitude": 170.0})
			if err != nil || !strings.Contains(string(raw), `"restaurants":[]`) {
				t.Errorf("no match: %s, %v", raw, err)
			}

			f.op.Fail(f.op.TimedOut())
			_, err = c.Call(ctx, "find_pois", map[string]any{"city": "chengdu", "category": "attractions", "latitude": 30.66667, "longitude": 104.06667})
			wantUpstream(t, err, "timeout", true)
			f.op.Fail(f.op.RateLimited())
			_, err = c.Call(ctx, "find_pois", map[string]any{"city": "chengdu", "category": "attractions", "latitude": 30.66667, "longitude": 104.06667})
			wantUpstream(t, err, "rate_limited", false)
			_, err = c.Call(ctx, "find_pois", map[string]any{"city": "chengdu", "category": "hotels", "latitude": 30.66667, "longitude": 104.06667})
			wantUpstream(t, err, "invalid_argument", false)
		})
	}
}

// TestGeocodeFallback: when Open-Meteo is down or does not know a name,
// geocode answers from Nominatim with OSM's provenance.
func TestGeocodeFallback(t *testing.T) {
	f := newFakes(t)
	c := connectors["in-memory"](t, testConfig(t, f))
	ctx := context.Background()

	f.om.Fail("search", http.StatusInternalServerError, "")
	raw, err := c.Call(ctx, "geocode", map[string]any{"name": "chengdu", "language": "en", "count": 1})
	if err != nil {
		t.Fatal(err)
	}
	var geo datatools.GeocodeOutput
	if err := json.Unmarshal(raw, &geo); err != nil {
		t.Fatal(err)
	}
	if len(geo.Places) != 1 || geo.Places[0].Name != "Chengdu" || geo.Places[0].SourceID != "osm:relation/2110264" {
		t.Errorf("places = %+v", geo.Places)
	}
	if p := geo.Provenance; p.Source != "nominatim:search" || p.Attribution == nil || p.Attribution.License != "ODbL 1.0" || p.TTL != 14*24*3600 {
		t.Errorf("provenance = %+v", p)
	}
	reqs := f.nom.Requests()
	if len(reqs) != 1 || !strings.Contains(reqs[0].Query, "accept-language=en") || !strings.Contains(reqs[0].Query, "limit=1") {
		t.Errorf("nominatim requests = %+v", reqs)
	}

	// Both fail: Open-Meteo's error, naming the city.
	f.om.Fail("search", 0, "")
	_, err = c.Call(ctx, "geocode", map[string]any{"name": "Qxzvtlandia"})
	if ue := wantUpstream(t, err, "not_found", false); ue.Provider != "open-meteo" || !strings.Contains(ue.Message, "Qxzvtlandia") {
		t.Errorf("unknown everywhere: %+v", ue)
	}
	// A garbage answer is not worth a second provider.
	f.om.Fail("search", http.StatusOK, "<html>garbage</html>")
	before := len(f.nom.Requests())
	_, err = c.Call(ctx, "geocode", map[string]any{"name": "Lhasa"})
	wantUpstream(t, err, "bad_response", false)
	if len(f.nom.Requests()) != before {
		t.Error("Nominatim asked after a bad_response")
	}
}

// BenchmarkToolRoundTrip measures one MCP call of each new tool through the
// toolclient, in process and over HTTP, against the replay servers on
// loopback (provider decode included); geocode is the baseline. The
// providers' rate limits are lifted, or they would be what is measured.
func BenchmarkToolRoundTrip(b *testing.B) {
	f := newFakes(b)
	free := upstream.Options{Retries: -1, Limit: upstream.Limit{Concurrent: 64}}
	server := func() *mcp.Server {
		om := openmeteo.New(openmeteo.Options{GeocodingURL: f.om.GeocodingURL(), ForecastURL: f.om.ForecastURL(), ArchiveURL: f.om.ArchiveURL(), Upstream: free})
		wv := wikivoyage.New(wikivoyage.Options{ENURL: f.wv.ENURL(), ZHURL: f.wv.ZHURL(), Upstream: free})
		op := overpass.New(overpass.Options{URL: f.op.InterpreterURL(), Upstream: free})
		s := mcp.NewServer(&mcp.Implementation{Name: AgentData, Version: Version}, nil)
		err := datatools.Register(s, datatools.Options{
			Geocoder: om, Geocoding: datatools.Source{Name: openmeteo.SourceGeocoding},
			Guides: wv, Guide: datatools.Source{Name: wikivoyage.SourceGuide, Attribution: ptr(wikivoyage.Attribution)},
			POIs: overpassPOIs{op}, POI: datatools.Source{Name: overpass.SourcePOIs, Attribution: ptr(overpass.Attribution)},
			Lodging: overpassPOIs{op}, Hotels: datatools.Source{Name: overpass.SourcePOIs, Attribution: ptr(overpass.Attribution)},
			Prices: wikivoyage.PriceReader{},
			Logger: discard,
		})
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	or := osrmtest.NewServer(b)
	travel := func() *mcp.Server {
		m, err := osrm.New(osrm.Options{DrivingURL: or.URL, WalkingURL: "none", CyclingURL: "none", Upstream: free})
		if err != nil {
			b.Fatal(err)
		}
		s := mcp.NewServer(&mcp.Implementation{Name: AgentTravel, Version: Version}, nil)
		if err := traveltools.Register(s, traveltools.Options{Matrix: m, Logger: discard}); err != nil {
			b.Fatal(err)
		}
		return s
	}
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"geocode", map[string]any{"name": "Chengdu", "language": "en", "count": 1}},
		{"find_pois", map[string]any{"city": "chengdu", "category": "restaurants", "latitude": 30.66667, "longitude": 104.06667}},
		{"destination_guide", map[string]any{"city": "chengdu", "lang": "en", "latitude": 30.66667, "longitude": 104.06667}},
		{"find_hotels", map[string]any{"city": "chengdu", "category": "hotels", "latitude": 30.66667, "longitude": 104.06667, "country": "CN"}},
		{"transport_options", map[string]any{"from": "chengdu", "to": "chongqing", "from_latitude": 30.5728, "from_longitude": 104.0668,
			"to_latitude": 29.563, "to_longitude": 106.5516, "from_country": "CN", "to_country": "CN"}},
	}
	for _, mode := range []string{"in-memory", "http"} {
		var c *toolclient.Client
		var err error
		if mode == "http" {
			srv := httptest.NewServer(Handler([]*mcp.Server{server(), travel()}))
			b.Cleanup(srv.Close)
			c, err = toolclient.ConnectHTTP(context.Background(), srv.URL+"/mcp", srv.Client())
		} else {
			c, err = toolclient.ConnectInMemory(context.Background(), server(), travel())
		}
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { c.Close() })
		for _, call := range calls {
			b.Run(mode+"/"+call.tool, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := c.Call(context.Background(), call.tool, call.args); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
