package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/agents/frankfurter/frankfurtertest"
	"github.com/tripweave/tripweave/agents/nominatim/nominatimtest"
	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/agents/osrm/osrmtest"
	"github.com/tripweave/tripweave/agents/overpass/overpasstest"
	"github.com/tripweave/tripweave/agents/traveltools"
	"github.com/tripweave/tripweave/agents/wikivoyage/wikivoyagetest"
	"github.com/tripweave/tripweave/orchestrator"
)

// testConfig returns a configuration whose knowledge cache is the real Redis
// of REDIS_URL under a prefix of this test's own (removed afterwards), or the
// embedded miniredis when REDIS_URL is unset, and whose Open-Meteo is the
// fixture replay server.
func testConfig(t testing.TB, om *openmeteotest.Server) Config {
	t.Helper()
	cfg := DefaultConfig()
	cfg.RedisURL = os.Getenv("REDIS_URL")
	if cfg.RedisURL == "" && os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
		t.Fatal("REDIS_URL is not set but TRIPWEAVE_REQUIRE_INTEGRATION=1")
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	cfg.KBPrefix = "test:e2e:" + hex.EncodeToString(b[:]) + ":"
	if cfg.RedisURL != "" {
		opt, err := redis.ParseURL(cfg.RedisURL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			c := redis.NewClient(opt)
			defer c.Close()
			ctx := context.Background()
			iter := c.Scan(ctx, 0, cfg.KBPrefix+"*", 100).Iterator()
			for iter.Next(ctx) {
				c.Del(ctx, iter.Val())
			}
		})
	}
	cfg.DBPath = filepath.Join(t.TempDir(), "plans.db")
	cfg.Agents = replayAgents(t, om)
	// The fixtures' recording time, moving forward in real time.
	clock, t0 := openmeteotest.Clock(t), time.Now()
	cfg.Now = func() time.Time { return clock.Add(time.Since(t0)) }
	cfg.Agents.Now = cfg.Now
	return cfg
}

// replayAgents configures every provider at a loopback server replaying
// recorded responses, and no browser, so tests never leave the machine.
func replayAgents(t testing.TB, om *openmeteotest.Server) agents.Config {
	wv := wikivoyagetest.NewServer(t)
	op := overpasstest.NewServer(t)
	nm := nominatimtest.NewServer(t)
	fx := frankfurtertest.NewServer(t)
	or := osrmtest.NewServer(t)
	return agents.Config{
		OpenMeteoGeocodingURL: om.GeocodingURL(), OpenMeteoForecastURL: om.ForecastURL(), OpenMeteoArchiveURL: om.ArchiveURL(),
		WikivoyageENURL: wv.ENURL(), WikivoyageZHURL: wv.ZHURL(), OverpassURL: op.InterpreterURL(), NominatimURL: nm.SearchURL(),
		Travel: traveltools.Config{FrankfurterURL: fx.URL(), OSRMURL: or.URL, OSRMWalkingURL: "none", OSRMCyclingURL: "none"},
	}
}

// startServer runs the real App on a free loopback port until the test ends.
func startServer(t *testing.T, cfg Config) string {
	t.Helper()
	var w io.Writer = io.Discard
	if os.Getenv("TRIPWEAVE_TEST_LOG") != "" {
		w = os.Stderr
	}
	logger := slog.New(slog.NewJSONHandler(w, nil))
	app, err := Open(context.Background(), cfg, logger)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := app.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

const chengduBrief = `{"brief": {"destinations": ["Chengdu"], "start_date": "2026-06-02", "days": 3,
  "travelers": {"adults": 2, "children": 1}, "budget": {"amount": 2000, "currency": "CNY", "per_person": true},
  "interests": ["food", "pandas"], "pace": "relaxed", "language": "en"}}`

func postJSON(t *testing.T, url, body string) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

func getJSON(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// TestEndToEnd plans a trip from a structured brief through the real server,
// the real knowledge cache, the real MCP agents (in process and over
// streamable HTTP) and recorded Open-Meteo responses.
func TestEndToEnd(t *testing.T) {
	for _, mode := range []string{"in-process agents", "agents over HTTP"} {
		t.Run(mode, func(t *testing.T) {
			om := openmeteotest.NewServer(t)
			cfg := testConfig(t, om)
			if mode == "agents over HTTP" {
				servers, err := agents.Servers(cfg.Agents, slog.New(slog.NewJSONHandler(io.Discard, nil)))
				if err != nil {
					t.Fatal(err)
				}
				h := agents.Handler(servers)
				t.Cleanup(func() { h.Close() })
				as := httptest.NewServer(h)
				t.Cleanup(as.Close)
				cfg.AgentsURL = as.URL + "/mcp"
			}
			base := startServer(t, cfg)

			status, data := postJSON(t, base+"/v1/plans?include=trip", chengduBrief)
			if status != http.StatusCreated {
				t.Fatalf("POST /v1/plans: %d %s", status, data)
			}
			var plan orchestrator.Plan
			if err := json.Unmarshal(data, &plan); err != nil {
				t.Fatal(err)
			}
			c := plan.Trip.Cities[0]
			if c.Place == nil || c.Place.Value.CountryCode != "CN" || c.Place.Provenance.Source != "open-meteo:geocoding" || c.Place.Provenance.CacheHit {
				t.Fatalf("place: %+v", c.Place)
			}
			if c.Weather == nil || len(c.Weather.Value.Days) != 3 || c.Weather.Value.Days[0].Date != "2026-06-02" {
				t.Fatalf("weather: %+v", c.Weather)
			}
			if a := c.Weather.Provenance.Attribution; a == nil || !strings.Contains(a.Text, "Open-Meteo") {
				t.Errorf("weather attribution: %+v", a)
			}
			if c.Guide == nil || c.Guide.Provenance.Attribution == nil || !strings.Contains(c.Guide.Provenance.Attribution.License, "CC BY-SA") {
				t.Errorf("guide: %+v", c.Guide)
			}
			if c.Attractions == nil || len(c.Attractions.Value) == 0 || c.Restaurants == nil || len(c.Restaurants.Value) == 0 {
				t.Errorf("POIs: attractions %v restaurants %v", c.Attractions != nil, c.Restaurants != nil)
			}
			// Hotels from OpenStreetMap priced from the Wikivoyage guide,
			// with both licences; the itinerary books one.
			if c.Hotels == nil || len(c.Hotels.Value) == 0 || c.Hotels.Value[0].Price.Currency != "CNY" {
				t.Fatalf("hotels: %+v", c.Hotels)
			} else if a := c.Hotels.Provenance.Attribution; a == nil || !strings.Contains(a.License+a.Text, "ODbL") || !strings.Contains(a.License+a.Text, "CC BY-SA") {
				t.Errorf("hotels attribution: %+v", a)
			}
			priced := 0
			for _, r := range c.Restaurants.Value {
				if r.Price.Currency != "" {
					priced++
				}
			}
			if priced == 0 {
				t.Errorf("no restaurant has a price or estimate")
			}
			if plan.Trip.FX == nil || plan.Trip.FX.Value.Base != "CNY" {
				t.Errorf("fx: %+v", plan.Trip.FX)
			}
			if plan.Itinerary == nil || len(plan.Itinerary.Days) != 3 || plan.Itinerary.Report == nil || len(plan.Itinerary.Stays) == 0 {
				t.Errorf("itinerary: %+v", plan.Itinerary)
			}
			// The browser is off: its live prices are configuration, an
			// operator note; the itinerary has all it needs (complete).
			if plan.Status != orchestrator.PlanComplete || len(plan.Notes) == 0 {
				t.Errorf("status %s with notes %+v", plan.Status, plan.Notes)
			}
			for _, n := range plan.Notes {
				if n.Kind == orchestrator.KindHotelPrices && (n.Audience != orchestrator.NoteOperator || n.Traveller != "") {
					t.Errorf("hotel prices with the browser off: %+v, want an operator note", n)
				}
			}

			// The stored plan is the one returned.
			status, stored := getJSON(t, base+"/v1/plans/"+plan.ID+"?include=trip")
			if status != http.StatusOK {
				t.Fatalf("GET plan: %d %s", status, stored)
			}
			var again orchestrator.Plan
			_ = json.Unmarshal(stored, &again)
			a, _ := json.Marshal(plan)
			b, _ := json.Marshal(again)
			if !bytes.Equal(a, b) {
				t.Errorf("stored plan differs from the returned one:\n%s\n%s", a, b)
			}
			// Without ?include=trip the plan is lean: no catalogs, a
			// summary of its sources instead.
			status, lean := getJSON(t, base+"/v1/plans/"+plan.ID)
			var leanFields map[string]json.RawMessage
			if err := json.Unmarshal(lean, &leanFields); status != http.StatusOK || err != nil || leanFields["trip"] != nil ||
				leanFields["itinerary"] == nil || leanFields["sources"] == nil || len(lean) > 64<<10 {
				t.Errorf("lean GET: %d, %d bytes, fields %v", status, len(lean), len(leanFields))
			}
			// A lean POST answers with the bytes it stored, as GET sends them.
			status, posted := postJSON(t, base+"/v1/plans", chengduBrief)
			var postedID struct {
				ID string `json:"id"`
			}
			_ = json.Unmarshal(posted, &postedID)
			if status, got := getJSON(t, base+"/v1/plans/"+postedID.ID); status != http.StatusOK || !bytes.Equal(got, posted) {
				t.Errorf("lean POST answer differs from the stored plan (GET %d):\n%s\n%s", status, posted, got)
			}
			status, trace := getJSON(t, base+"/v1/plans/"+plan.ID+"/trace")
			if os.Getenv("TRIPWEAVE_TEST_LOG") != "" {
				t.Logf("trace: %s", trace)
			}
			if status != http.StatusOK || !strings.Contains(string(trace), `"kind":"weather"`) {
				t.Errorf("trace: %d %s", status, trace)
			}

			// A second plan of the same brief is answered from the cache.
			before := len(om.Requests())
			status, data = postJSON(t, base+"/v1/plans?include=trip", chengduBrief)
			if status != http.StatusCreated {
				t.Fatalf("warm POST: %d %s", status, data)
			}
			var warm orchestrator.Plan
			_ = json.Unmarshal(data, &warm)
			// Every cacheable subtask the first plan fetched is a hit now.
			var coldRun orchestrator.Run
			_ = json.Unmarshal(trace, &coldRun)
			fetched := 0
			for _, sp := range coldRun.Spans {
				if sp.Status == "ok" && orchestrator.Kinds[sp.Kind].Category != orchestrator.Compute {
					fetched++
				}
			}
			if warm.Trace.CacheHits != fetched || fetched < 5 || len(om.Requests()) != before {
				t.Errorf("warm plan: %d cache hits, %d upstream requests", warm.Trace.CacheHits, len(om.Requests())-before)
			}
			if !warm.Trip.Cities[0].Weather.Provenance.CacheHit {
				t.Errorf("warm weather not marked as a cache hit")
			}

			// An unknown city is a clear client error naming the field.
			status, data = postJSON(t, base+"/v1/plans", strings.Replace(chengduBrief, "Chengdu", "Qwxyzzy", 1))
			if status != http.StatusUnprocessableEntity || !strings.Contains(string(data), `"field":"brief.destinations[0]"`) {
				t.Errorf("unknown city: %d %s", status, data)
			}

			// Open-Meteo failing degrades the weather section only.
			om.Fail("forecast", 503, `{"error":true,"reason":"Service Unavailable"}`)
			status, data = postJSON(t, base+"/v1/plans?include=trip", strings.Replace(chengduBrief, `"days": 3`, `"days": 2`, 1))
			if status != http.StatusCreated {
				t.Fatalf("plan with the forecast down: %d %s", status, data)
			}
			var degraded orchestrator.Plan
			_ = json.Unmarshal(data, &degraded)
			if degraded.Trip.Cities[0].Place == nil || degraded.Trip.Cities[0].Weather != nil {
				t.Errorf("want place without weather: %+v", degraded.Trip.Cities[0])
			}

			// A natural-language request goes through the brief parser.
			status, data = postJSON(t, base+"/v1/plans?include=trip", `{"query":"成都三日游，6月3日出发，两大一小","now":"2026-06-01T12:00:00+08:00"}`)
			if status != http.StatusCreated {
				t.Fatalf("query plan: %d %s", status, data)
			}
			var zh orchestrator.Plan
			_ = json.Unmarshal(data, &zh)
			// The parser resolved 成都 (GeoNames 1815286): the plan uses that
			// place as it is, without geocoding it again.
			if zh.Brief.Language != "zh" || zh.Brief.StartDate != "2026-06-03" || zh.Brief.Travelers.Children != 1 || zh.Trip.Cities[0].Place == nil ||
				zh.Trip.Cities[0].Place.Value.SourceID != "1815286" || zh.Trip.Cities[0].Place.Provenance.Source != "brief:places" {
				t.Errorf("query plan: brief %+v place %+v", zh.Brief, zh.Trip.Cities[0].Place)
			}
			// Missing essentials: questions, then answers resume the same plan.
			status, data = postJSON(t, base+"/v1/plans", `{"query":"I want a relaxing holiday","now":"2026-06-01T12:00:00+08:00"}`)
			var ask struct {
				Error struct {
					Code      string                  `json:"code"`
					PlanID    string                  `json:"plan_id"`
					Questions []orchestrator.Question `json:"questions"`
				} `json:"error"`
			}
			_ = json.Unmarshal(data, &ask)
			if status != http.StatusUnprocessableEntity || ask.Error.Code != "needs_input" || ask.Error.PlanID == "" || len(ask.Error.Questions) == 0 {
				t.Fatalf("needs_input: %d %s", status, data)
			}
			status, data = postJSON(t, base+"/v1/plans/"+ask.Error.PlanID+"/answers", `{"answers":{"destinations":"Chengdu","dates":"June 2 to June 4"},"now":"2026-06-01T12:00:00+08:00"}`)
			if status != http.StatusCreated || !strings.Contains(string(data), `"id":"`+ask.Error.PlanID+`"`) {
				t.Errorf("answers: %d %s", status, data)
			}

			if status, data := getJSON(t, base+"/readyz"); status != http.StatusOK {
				t.Errorf("readyz: %d %s", status, data)
			}
			_, metrics := getJSON(t, base+"/metrics")
			for _, want := range []string{`tripweave_node_duration_seconds_count{kind="weather",route="mcp",status="ok"}`,
				`tripweave_cache_lookups_total{category="static_knowledge",result="hit"}`,
				`brief_parser_total{outcome="ok",parser="rules"}`, `brief_parser_total{outcome="questions",parser="rules"}`,
				`tripweave_upstream_quota_limit{bucket="",provider="open-meteo",quota="Open-Meteo daily"} 10000`} {
				if strings.Contains(want, "quota") && mode != "in-process agents" {
					continue // the agents server counts its own quotas (GET /quotas)
				}
				if !strings.Contains(string(metrics), want) {
					t.Errorf("metrics lack %s", want)
				}
			}
		})
	}
}

func TestCLIPlanAndPrewarm(t *testing.T) {
	om := openmeteotest.NewServer(t)
	cfg := testConfig(t, om)
	env := cliEnv(cfg)
	old := getenv
	getenv = func(k string) string { return env[k] }
	t.Cleanup(func() { getenv = old })

	dir := t.TempDir()
	briefFile := filepath.Join(dir, "brief.json")
	var req struct {
		Brief json.RawMessage `json:"brief"`
	}
	_ = json.Unmarshal([]byte(chengduBrief), &req)
	if err := os.WriteFile(briefFile, req.Brief, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	// The brief's dates are relative to the fixtures' recording time.
	err := run(context.Background(), []string{"plan", "--brief", briefFile, "--now", "2026-06-01T12:00:00+08:00"}, nil, &stdout, &stderr)
	if err != nil {
		t.Fatalf("plan: %v\n%s", err, stderr.String())
	}
	var plan orchestrator.Plan
	if err := json.Unmarshal(stdout.Bytes(), &plan); err != nil || plan.Trip.Cities[0].Place == nil {
		t.Fatalf("plan output: %v %s", err, stdout.String())
	}

	cities := filepath.Join(dir, "cities.txt")
	_ = os.WriteFile(cities, []byte("# popular\nChengdu\n\n"), 0o644)
	stdout.Reset()
	stderr.Reset()
	err = run(context.Background(), []string{"prewarm", "--file", cities, "--concurrency", "2"}, nil, &stdout, &stderr)
	// Every static subtask of a city has an agent now: geocode, guide,
	// attractions, restaurants, hotels and the matrix. With a shared Redis
	// the plan above cached them all; the embedded miniredis of a new
	// process starts empty.
	want := `"cache_hits": 6`
	if cfg.RedisURL == "" {
		want = `"fetched": 6`
	}
	if err != nil || !strings.Contains(stderr.String(), "[1/1] Chengdu") || !strings.Contains(stdout.String(), want) || !strings.Contains(stdout.String(), `"failed": 0`) {
		t.Errorf("prewarm: err %v\nstderr %s\nstdout %s", err, stderr.String(), stdout.String())
	}

	for _, args := range [][]string{{}, {"bogus"}, {"plan"}, {"serve", "--addr"}, {"prewarm"}, {"prewarm", "--city", "X", "--lang", "fr"}} {
		err := run(context.Background(), args, nil, io.Discard, io.Discard)
		if _, ok := err.(*usageError); !ok {
			t.Errorf("%q: got %v, want a usage error", args, err)
		}
	}
}

func TestConfigFromEnv(t *testing.T) {
	if DefaultConfig().KBHold != time.Second {
		t.Errorf("default cache hold %v, want 1s", DefaultConfig().KBHold)
	}
	env := map[string]string{"TRIPWEAVE_ADDR": "127.0.0.1:9999", "TRIPWEAVE_PLAN_DEADLINE": "5s", "TRIPWEAVE_MAX_CONCURRENCY": "8",
		"TRIPWEAVE_CACHE_HOLD_TTL": "0"}
	cfg, err := DefaultConfig().FromEnv(func(k string) string { return env[k] })
	if err != nil || cfg.Addr != "127.0.0.1:9999" || cfg.Deadline != 5*time.Second || cfg.MaxNodes != 8 || cfg.KBHold != 0 {
		t.Fatalf("got %+v %v", cfg, err)
	}
	for name, val := range map[string]string{"TRIPWEAVE_PLAN_DEADLINE": "soon", "TRIPWEAVE_MAX_CONCURRENCY": "0", "TRIPWEAVE_LOG_LEVEL": "loud",
		"TRIPWEAVE_CACHE_HOLD_TTL": "-1s"} {
		_, err := DefaultConfig().FromEnv(func(k string) string {
			if k == name {
				return val
			}
			return ""
		})
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: got %v, want an error naming the variable", name, val, err)
		}
	}
	if _, err := (Config{TTLs: "static_knowledge=forever"}).policy(); err == nil || !strings.Contains(err.Error(), "TRIPWEAVE_TTLS") {
		t.Errorf("bad TTLs: %v", err)
	}
}
