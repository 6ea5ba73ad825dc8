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

	"github.com/tripweave/tripweave/agents/datatools"
	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/agents/toolclient"
	"github.com/tripweave/tripweave/orchestrator"
)

var discard = slog.New(slog.NewTextHandler(io.Discard, nil))

func testConfig(t *testing.T, om *openmeteotest.Server) Config {
	now := openmeteotest.Clock(t)
	return Config{
		OpenMeteoGeocodingURL: om.GeocodingURL(),
		OpenMeteoForecastURL:  om.ForecastURL(),
		OpenMeteoArchiveURL:   om.ArchiveURL(),
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
		srv := httptest.NewServer(Handler(servers))
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
			om := openmeteotest.NewServer(t)
			now := openmeteotest.Clock(t)
			c := connectors[mode](t, testConfig(t, om))
			ctx := context.Background()

			if got := c.Tools(); !slices.Equal(got, []string{"geocode", "weather"}) {
				t.Errorf("Tools = %v, want [geocode weather]", got)
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
			wantUpstream(t, err, "unavailable", true)

			om.Fail("forecast", http.StatusTooManyRequests, string(openmeteotest.Fixture(t, "forecast_429_minutely.json")))
			_, err = c.Call(ctx, "weather", map[string]any{"latitude": place.Latitude, "longitude": place.Longitude, "start_date": start, "end_date": end})
			wantUpstream(t, err, "rate_limited", true)

			om.Fail("search", http.StatusOK, "<html>garbage</html>")
			_, err = c.Call(ctx, "geocode", map[string]any{"name": "Chengdu"})
			wantUpstream(t, err, "bad_response", false)
		})
	}
}

func TestHandlerIndex(t *testing.T) {
	servers, err := Servers(Config{}, discard)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(servers))
	defer srv.Close()

	resp, err := srv.Client().Get(srv.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := `{"agents":[{"name":"data","path":"data"}]}`; resp.StatusCode != 200 || string(body) != want ||
		resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("GET /mcp = %d %s %s, want 200 %s", resp.StatusCode, resp.Header.Get("Content-Type"), body, want)
	}

	resp, err = srv.Client().Post(srv.URL+"/mcp", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /mcp = %d, want 405", resp.StatusCode)
	}

	// Two servers of the same name stay apart.
	idx := indexOf(t, Handler(append(servers, servers[0])))
	if got := idx; got != `{"agents":[{"name":"data","path":"data"},{"name":"data-2","path":"data-2"}]}` {
		t.Errorf("index = %s", got)
	}
}

func indexOf(t *testing.T, h http.Handler) string {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/mcp", nil))
	return rec.Body.String()
}

func TestServersConfig(t *testing.T) {
	if _, err := Servers(Config{OpenMeteoForecastURL: "ftp://x"}, discard); err == nil {
		t.Error("invalid URL accepted")
	}
	servers, err := Servers(Config{}, nil)
	if err != nil || len(servers) != 1 {
		t.Errorf("Servers(zero Config) = %d servers, %v; want 1, nil", len(servers), err)
	}
}
