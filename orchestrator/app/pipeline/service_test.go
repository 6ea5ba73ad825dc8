package pipeline_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
	"github.com/tripweave/tripweave/templates"
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// fakeTools is a real in-memory implementation of pipeline.Tools: each tool
// is a function, calls are counted.
type fakeTools struct {
	mu    sync.Mutex
	fns   map[string]func(ctx context.Context, args map[string]any) (any, error)
	calls map[string]int
}

func (f *fakeTools) Has(tool string) bool { _, ok := f.fns[tool]; return ok }

func (f *fakeTools) Call(ctx context.Context, tool string, args any) (json.RawMessage, error) {
	f.mu.Lock()
	f.calls[tool]++
	fn := f.fns[tool]
	f.mu.Unlock()
	if fn == nil {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "unknown tool " + tool}
	}
	out, err := fn(ctx, args.(map[string]any))
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

func (f *fakeTools) count(tool string) int { f.mu.Lock(); defer f.mu.Unlock(); return f.calls[tool] }

var cities = map[string]orchestrator.Place{
	"chengdu":  {Name: "Chengdu", Country: "China", CountryCode: "CN", Latitude: 30.66667, Longitude: 104.06667, Timezone: "Asia/Shanghai", Population: 7415590, SourceID: "1815286"},
	"shanghai": {Name: "Shanghai", Country: "China", CountryCode: "CN", Latitude: 31.22222, Longitude: 121.45806, Timezone: "Asia/Shanghai", Population: 24874500, SourceID: "1796236"},
	// The candidates of TestPlanChinaTravelChoosesCities.
	"chongqing": {Name: "Chongqing", Country: "China", CountryCode: "CN", Latitude: 29.56278, Longitude: 106.55278, Timezone: "Asia/Shanghai", Population: 7457600, SourceID: "1814906"},
	"hangzhou":  {Name: "Hangzhou", Country: "China", CountryCode: "CN", Latitude: 30.29365, Longitude: 120.16142, Timezone: "Asia/Shanghai", Population: 6241971, SourceID: "1808926"},
	"suzhou":    {Name: "Suzhou", Country: "China", CountryCode: "CN", Latitude: 31.30408, Longitude: 120.59538, Timezone: "Asia/Shanghai", Population: 1343091, SourceID: "1886760"},
}

func newTools(now func() time.Time) *fakeTools {
	prov := func(src string) orchestrator.Provenance {
		return orchestrator.Provenance{Source: src, FetchedAt: now().UTC(),
			Attribution: &orchestrator.Attribution{Text: "Weather data by Open-Meteo.com", URL: "https://open-meteo.com/", License: "CC BY 4.0"}}
	}
	return &fakeTools{calls: map[string]int{}, fns: map[string]func(context.Context, map[string]any) (any, error){
		"geocode": func(_ context.Context, a map[string]any) (any, error) {
			p, ok := cities[a["name"].(string)]
			if !ok {
				return nil, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: fmt.Sprintf("no place named %q", a["name"])}
			}
			return map[string]any{"places": []orchestrator.Place{p}, "provenance": prov("open-meteo:geocoding")}, nil
		},
		"weather": func(_ context.Context, a map[string]any) (any, error) {
			hi, lo := 27.5, 19.0
			start, _ := time.Parse("2006-01-02", a["start_date"].(string))
			end, _ := time.Parse("2006-01-02", a["end_date"].(string))
			var days []orchestrator.WeatherDay
			for d := start; !d.After(end); d = d.AddDate(0, 0, 1) {
				days = append(days, orchestrator.WeatherDay{Date: d.Format("2006-01-02"), TempMax: &hi, TempMin: &lo})
			}
			return map[string]any{"forecast": orchestrator.Forecast{Timezone: "Asia/Shanghai", Days: days}, "provenance": prov("open-meteo:forecast")}, nil
		},
	}}
}

// testKB returns a knowledge cache on real Redis when REDIS_URL is set
// (under a prefix of its own, deleted afterwards) and on miniredis otherwise.
func testKB(t testing.TB, now func() time.Time) *knowledgebase.Store {
	t.Helper()
	var client redis.UniversalClient
	if url := os.Getenv("REDIS_URL"); url != "" {
		c, closeFn, err := knowledgebase.Connect(context.Background(), url, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatalf("REDIS_URL: %v", err)
		}
		t.Cleanup(func() { _ = closeFn() })
		client = c
	} else {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatal("REDIS_URL is not set but TRIPWEAVE_REQUIRE_INTEGRATION=1")
		}
		mr := miniredis.RunT(t)
		client = redis.NewClient(&redis.Options{Addr: mr.Addr()})
		t.Cleanup(func() { _ = client.Close() })
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "test:pipeline:" + hex.EncodeToString(b[:]) + ":"
	kb := knowledgebase.New(client, &knowledgebase.Options{Prefix: prefix, Now: now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(func() {
		_ = kb.Close()
		ctx := context.Background()
		iter := client.Scan(ctx, 0, prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			client.Del(ctx, iter.Val())
		}
	})
	return kb
}

// memStore is an in-memory orchestrator.PlanStore.
type memStore struct {
	mu    sync.Mutex
	plans map[string][]byte
}

func (m *memStore) SavePlan(_ context.Context, p *orchestrator.Plan, _ *orchestrator.Run) error {
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.plans == nil {
		m.plans = map[string][]byte{}
	}
	m.plans[p.ID] = data
	return nil
}
func (m *memStore) Plan(_ context.Context, id string) (*orchestrator.Plan, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	data, ok := m.plans[id]
	if !ok {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %s", id)
	}
	var p orchestrator.Plan
	return &p, json.Unmarshal(data, &p)
}
func (m *memStore) Run(context.Context, string) (*orchestrator.Run, error) { return nil, nil }
func (m *memStore) Ping(context.Context) error                             { return nil }
func (m *memStore) Close() error                                           { return nil }

func brief(t testing.TB) orchestrator.Brief {
	b := orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu"}, StartDate: "2026-06-19", Days: 3,
		Travelers: orchestrator.Travelers{Adults: 2, Children: 1},
		Budget:    &orchestrator.Budget{Amount: 2000, Currency: "CNY", PerPerson: true}, Now: "2026-06-10T10:00:00+08:00"}
	if err := b.Normalize(time.Now()); err != nil {
		t.Fatal(err)
	}
	return b
}

type fixture struct {
	clk   *clock
	tools *fakeTools
	kb    *knowledgebase.Store
	store *memStore
	svc   *pipeline.Service
}

func newFixture(t testing.TB, opts pipeline.Options) *fixture {
	f := &fixture{clk: &clock{t: time.Date(2026, 6, 10, 2, 0, 0, 0, time.UTC)}, store: &memStore{}}
	f.tools = newTools(f.clk.Now)
	f.kb = testKB(t, f.clk.Now)
	opts.Now = f.clk.Now
	opts.PlanWithoutCatalogs = true // the fixture serves no catalogs
	opts.Jitter = func(d time.Duration) time.Duration { return d }
	opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	if opts.Words == nil {
		opts.Words = templates.Words{}
	}
	n := 0
	var mu sync.Mutex
	opts.NewID = func() string { mu.Lock(); defer mu.Unlock(); n++; return fmt.Sprintf("pl_test%d", n) }
	f.svc = pipeline.New(f.kb, f.tools, f.store, opts)
	return f
}

func TestPlanColdThenWarm(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	ctx := context.Background()
	plan, run, err := f.svc.Plan(ctx, pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Status != orchestrator.PlanPartial {
		t.Errorf("status: got %s, want partial (later agents are not registered)", plan.Status)
	}
	c := plan.Trip.Cities[0]
	if c.Place == nil || c.Place.Value.Name != "Chengdu" || c.Place.Provenance.CacheHit {
		t.Fatalf("cold place: %+v", c.Place)
	}
	if c.Weather == nil || len(c.Weather.Value.Days) != 3 || c.Weather.Provenance.Source != "open-meteo:forecast" {
		t.Fatalf("cold weather: %+v", c.Weather)
	}
	if got := c.Weather.Provenance.TTL; got != 3600 {
		t.Errorf("weather ttl: got %d, want 3600", got)
	}
	if plan.Trip.Origin == nil || plan.Trip.Origin.Value.Name != "Shanghai" {
		t.Errorf("origin: %+v", plan.Trip.Origin)
	}
	if _, err := f.store.Plan(ctx, plan.ID); err != nil {
		t.Errorf("plan not stored: %v", err)
	}
	// Every kind without an agent says so; nothing is invented.
	unavailable := map[orchestrator.Kind]bool{}
	for _, n := range plan.Notes {
		if n.Code == orchestrator.EUNAVAILABLE {
			unavailable[n.Kind] = true
		}
	}
	for _, k := range []orchestrator.Kind{orchestrator.KindGuide, orchestrator.KindAttractions, orchestrator.KindRestaurants,
		orchestrator.KindHotels, orchestrator.KindTransport, orchestrator.KindFX, orchestrator.KindMatrix,
		orchestrator.KindItinerary, orchestrator.KindBudget, orchestrator.KindVerify} {
		if !unavailable[k] {
			t.Errorf("no unavailable note for %s", k)
		}
	}
	if plan.Itinerary != nil {
		t.Errorf("itinerary should be null without a planner, got %+v", plan.Itinerary)
	}
	if len(run.Spans) != plan.Trace.Nodes || plan.Trace.Nodes != len(orchestrator.Decompose(&plan.Brief)) {
		t.Errorf("trace: %d spans, summary %+v", len(run.Spans), plan.Trace)
	}

	// Warm: the same brief is answered from the cache without calling tools.
	geo, wx := f.tools.count("geocode"), f.tools.count("weather")
	f.clk.Add(10 * time.Minute)
	warm, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	if f.tools.count("geocode") != geo || f.tools.count("weather") != wx {
		t.Errorf("warm plan called tools: geocode %d→%d, weather %d→%d", geo, f.tools.count("geocode"), wx, f.tools.count("weather"))
	}
	wc := warm.Trip.Cities[0]
	if !wc.Place.Provenance.CacheHit || !wc.Weather.Provenance.CacheHit {
		t.Errorf("warm provenance not marked cache_hit: %+v %+v", wc.Place.Provenance, wc.Weather.Provenance)
	}
	if warm.Trace.CacheHits != 3 {
		t.Errorf("warm cache hits: got %d, want 3 (2 geocodes + weather)", warm.Trace.CacheHits)
	}
	if !wc.Place.Provenance.FetchedAt.Equal(c.Place.Provenance.FetchedAt) {
		t.Errorf("cached fact lost its fetch time")
	}
}

func TestPlanDeterministic(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	ctx := context.Background()
	if _, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: brief(t)}); err != nil {
		t.Fatal(err)
	}
	var outs [][]byte
	for range 3 {
		p, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: brief(t)})
		if err != nil {
			t.Fatal(err)
		}
		trip, _ := json.Marshal(struct {
			T orchestrator.Trip
			N []orchestrator.Note
			B orchestrator.Brief
		}{p.Trip, p.Notes, p.Brief})
		outs = append(outs, trip)
	}
	for i := 1; i < len(outs); i++ {
		if !bytes.Equal(outs[0], outs[i]) {
			t.Fatalf("plans differ:\n%s\n%s", outs[0], outs[i])
		}
	}
}

func TestPlanUnknownCity(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	b := brief(t)
	b.Destinations = []string{"Atlantis"}
	_, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: b})
	if orchestrator.ErrorCode(err) != orchestrator.EUNPROCESSABLE || orchestrator.ErrorField(err) != "destinations[0]" {
		t.Fatalf("got %v (code %s, field %s), want unprocessable naming destinations[0]", err, orchestrator.ErrorCode(err), orchestrator.ErrorField(err))
	}
}

func TestPlanUpstreamDownDegradesOneSection(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	f.tools.fns["weather"] = func(context.Context, map[string]any) (any, error) {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "open-meteo answered 502", Retryable: true}
	}
	plan, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Trip.Cities[0].Weather != nil || plan.Trip.Cities[0].Place == nil {
		t.Fatalf("want place without weather: %+v", plan.Trip.Cities[0])
	}
	if got := f.tools.count("weather"); got != 2 {
		t.Errorf("transient failure attempts: got %d, want 2 (one retry)", got)
	}
	found := false
	for _, n := range plan.Notes {
		if n.Kind == orchestrator.KindWeather && n.Code == orchestrator.EUNAVAILABLE {
			found = true
		}
	}
	if !found {
		t.Errorf("no weather note in %+v", plan.Notes)
	}
}

func TestPlanServesStaleWhenUpstreamFails(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	ctx := context.Background()
	if _, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: brief(t)}); err != nil {
		t.Fatal(err)
	}
	// Two hours later the forecast is stale (TTL 1 h) and the provider is down.
	f.clk.Add(2 * time.Hour)
	f.tools.fns["weather"] = func(context.Context, map[string]any) (any, error) {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "down"}
	}
	plan, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	w := plan.Trip.Cities[0].Weather
	if w == nil || !w.Provenance.Stale || !w.Provenance.CacheHit {
		t.Fatalf("want stale cached weather, got %+v", w)
	}
	stale := false
	for _, n := range plan.Notes {
		stale = stale || (n.Kind == orchestrator.KindWeather && n.Code == "stale")
	}
	if !stale {
		t.Errorf("no stale note: %+v", plan.Notes)
	}
}

func TestPlanStaleWhileRevalidate(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	ctx := context.Background()
	if _, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: brief(t)}); err != nil {
		t.Fatal(err)
	}
	f.clk.Add(8 * 24 * time.Hour) // geocodes (7 d) are stale now
	before := f.tools.count("geocode")
	b := brief(t)
	b.StartDate, b.EndDate, b.Days, b.Now = "2026-06-20", "", 3, "2026-06-18T10:00:00+08:00"
	if err := b.Normalize(f.clk.Now()); err != nil {
		t.Fatal(err)
	}
	plan, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: b})
	if err != nil {
		t.Fatal(err)
	}
	if p := plan.Trip.Cities[0].Place; p == nil || !p.Provenance.Stale {
		t.Fatalf("want the stale geocode served at once: %+v", p)
	}
	_ = f.kb.Close() // waits for the background revalidations
	if got := f.tools.count("geocode") - before; got != 2 {
		t.Errorf("revalidations: got %d geocode calls, want 2", got)
	}
}

func TestPlanDeadline(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	f.tools.fns["weather"] = func(ctx context.Context, _ map[string]any) (any, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	start := time.Now()
	_, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t), Deadline: 100 * time.Millisecond})
	if orchestrator.ErrorCode(err) != orchestrator.ETIMEOUT {
		t.Fatalf("got %v, want timeout", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the deadline was not enforced: %s", d)
	}
}

func TestLocalStepPanicIsANote(t *testing.T) {
	f := newFixture(t, pipeline.Options{Local: map[orchestrator.Kind]pipeline.LocalFunc{
		orchestrator.KindItinerary: func(context.Context, pipeline.LocalInput) (any, error) {
			panic("planner bug")
		},
		orchestrator.KindBudget: func(context.Context, pipeline.LocalInput) (any, error) {
			return nil, errors.New("no itinerary to price")
		},
	}})
	plan, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	codes := map[orchestrator.Kind]string{}
	for _, n := range plan.Notes {
		codes[n.Kind] = n.Code
	}
	if codes[orchestrator.KindItinerary] != orchestrator.EINTERNAL || codes[orchestrator.KindBudget] != orchestrator.EINTERNAL {
		t.Errorf("notes: %+v", plan.Notes)
	}
}

func TestPrewarm(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	var lines []string
	res := f.svc.Prewarm(context.Background(), []string{"Chengdu", "Atlantis", "Shanghai"}, "en", 2, func(done, total int, r pipeline.PrewarmResult) {
		lines = append(lines, fmt.Sprintf("%d/%d %s", done, total, r.City))
	})
	if len(res) != 3 || res[0].City != "Chengdu" || res[1].City != "Atlantis" {
		t.Fatalf("results out of order: %+v", res)
	}
	if res[0].Fetched != 2 || res[0].Subtasks != 7 {
		t.Errorf("Chengdu: %+v (want geocode and weather fetched; guide and POIs have no agent yet)", res[0])
	}
	if res[1].Failed == 0 {
		t.Errorf("Atlantis should fail: %+v", res[1])
	}
	if len(lines) != 3 {
		t.Errorf("progress lines: %q", lines)
	}
	again := f.svc.Prewarm(context.Background(), []string{"Chengdu"}, "en", 1, nil)
	if again[0].CacheHits != 2 || again[0].Fetched != 0 {
		t.Errorf("second prewarm should hit the cache: %+v", again[0])
	}
}

func TestLocalStepSeesAssembledTrip(t *testing.T) {
	var seen *orchestrator.Trip
	f := newFixture(t, pipeline.Options{Local: map[orchestrator.Kind]pipeline.LocalFunc{
		orchestrator.KindItinerary: func(_ context.Context, in pipeline.LocalInput) (any, error) {
			seen = in.Trip
			return &orchestrator.Itinerary{Tier: orchestrator.TierMid, Currency: in.Brief.Budget.Currency, People: in.Brief.Travelers.Total()}, nil
		},
	}})
	plan, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	if seen == nil || len(seen.Cities) != 1 || seen.Cities[0].Place == nil || seen.Cities[0].Weather == nil || seen.Origin == nil {
		t.Fatalf("the local step saw %+v", seen)
	}
	if plan.Itinerary == nil || plan.Itinerary.People != 3 || plan.Itinerary.Currency != "CNY" {
		t.Errorf("itinerary: %+v", plan.Itinerary)
	}
}

// TestPlanChinaTravel plans "成都三日游，从上海出发，坐高铁，人均2000" through the
// normal decision path with the ChinaTravel sandbox imported into the
// knowledge cache: a complete itinerary of real attractions, restaurants,
// a hotel and trains, verified.
func TestPlanChinaTravel(t *testing.T) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset missing: %v", err)
		}
		t.Skipf("dataset missing: %v", err)
	}
	f := newFixture(t, pipeline.Options{Local: pipeline.PlannerSteps()})
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	put := func(ctx context.Context, kind, hash string, p json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error {
		return f.kb.Put(ctx, knowledgebase.Key{Kind: kind, Hash: hash}, knowledgebase.Entry{Payload: p, Provenance: prov}, ttl)
	}
	if _, err := cat.Import(ctx, put, datasets.ImportOptions{Cities: []string{"chengdu", "shanghai"}, Now: f.clk.Now}); err != nil {
		t.Fatal(err)
	}
	b := orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu"}, StartDate: "2026-06-19", Days: 3,
		Budget:      &orchestrator.Budget{Amount: 2000, Currency: "CNY", PerPerson: true},
		Constraints: orchestrator.Constraints{TransportPrefer: []string{"train"}}, Language: "zh", Now: "2026-06-10T10:00:00+08:00"}
	if err := b.Normalize(f.clk.Now()); err != nil {
		t.Fatal(err)
	}
	plan, run, err := f.svc.Plan(ctx, pipeline.Request{Brief: b})
	if err != nil {
		t.Fatal(err)
	}
	it := plan.Itinerary
	if it == nil {
		t.Fatalf("no itinerary; notes %+v", plan.Notes)
	}
	// Legs through hubs the sandbox has no timetable for are answered by
	// the cache only: no tool is asked, no note is left, the trace says why.
	hubs := 0
	for _, sp := range run.Spans {
		if sp.Kind == orchestrator.KindTransport && sp.Status != "ok" {
			hubs++
			if sp.Route != string(orchestrator.RouteNone) || sp.Status != "unavailable" || sp.Attempts != 1 ||
				!strings.HasSuffix(sp.Error, "come from imported data only") {
				t.Errorf("hub leg span: %+v", sp)
			}
		}
	}
	if hubs == 0 || f.tools.count(orchestrator.ToolTransport) != 0 {
		t.Errorf("%d hub legs, %d transport_options calls", hubs, f.tools.count(orchestrator.ToolTransport))
	}
	for _, n := range plan.Notes {
		if n.Kind == orchestrator.KindTransport {
			t.Errorf("note for a leg: %+v", n)
		}
	}
	if it.Report == nil || !it.Report.Passed {
		t.Errorf("verifier: %+v", it.Report)
	}
	if len(it.Days) != 3 || len(it.Stays) == 0 {
		t.Fatalf("days %d stays %d", len(it.Days), len(it.Stays))
	}
	stops, meals, trains := 0, 0, 0
	for _, d := range it.Days {
		stops += len(d.Stops)
		meals += len(d.Meals)
		for _, l := range d.Legs {
			if l.Mode == "train" {
				trains++
			}
		}
	}
	if stops == 0 || meals == 0 || trains != 2 {
		t.Errorf("stops %d meals %d trains %d", stops, meals, trains)
	}
	c := plan.Trip.Cities[0]
	if c.Attractions == nil || !c.Attractions.Provenance.CacheHit || c.Hotels == nil || len(plan.Trip.Transport) != 2 {
		t.Errorf("trip data not from the cache: %+v", c)
	}
	if it.Budget.Limit == nil || it.Budget.Currency != "CNY" {
		t.Errorf("budget: %+v", it.Budget)
	}
}

func TestPlanWithoutBrowserSaysWhy(t *testing.T) {
	f := newFixture(t, pipeline.Options{Down: map[orchestrator.Route]bool{orchestrator.RouteBrowser: true}})
	plan, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, n := range plan.Notes {
		if (n.Kind == orchestrator.KindHotelPrices || n.Kind == orchestrator.KindFares) && n.Code == orchestrator.EUNAVAILABLE && strings.Contains(n.Message, "headless browser") {
			found++
		}
	}
	if found != 3 { // one stay, two legs
		t.Errorf("want 3 browser notes, got %d: %+v", found, plan.Notes)
	}
}

// TestPlanChinaTravelChoosesCities plans a 4-day trip from Shanghai to two
// of Chengdu, Chongqing, Hangzhou and Suzhou (city_count 2) with the
// ChinaTravel sandbox imported: the planner chooses the two cities and their
// order, and the verifier accepts an itinerary visiting exactly two of them.
func TestPlanChinaTravelChoosesCities(t *testing.T) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset missing: %v", err)
		}
		t.Skipf("dataset missing: %v", err)
	}
	f := newFixture(t, pipeline.Options{Local: pipeline.PlannerSteps()})
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	put := func(ctx context.Context, kind, hash string, p json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error {
		return f.kb.Put(ctx, knowledgebase.Key{Kind: kind, Hash: hash}, knowledgebase.Entry{Payload: p, Provenance: prov}, ttl)
	}
	cities := []string{"chengdu", "chongqing", "hangzhou", "suzhou", "shanghai"}
	if _, err := cat.Import(ctx, put, datasets.ImportOptions{Cities: cities, Now: f.clk.Now}); err != nil {
		t.Fatal(err)
	}
	dest := []string{"Chengdu", "Chongqing", "Hangzhou", "Suzhou"}
	b := orchestrator.Brief{Origin: "Shanghai", Destinations: dest, CityCount: 2, StartDate: "2026-06-19", Days: 4,
		Budget:      &orchestrator.Budget{Amount: 4000, Currency: "CNY", PerPerson: true},
		Constraints: orchestrator.Constraints{TransportPrefer: []string{"train"}}, Language: "zh", Now: "2026-06-10T10:00:00+08:00"}
	if err := b.Normalize(f.clk.Now()); err != nil {
		t.Fatal(err)
	}
	plan, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: b})
	if err != nil {
		t.Fatal(err)
	}
	it := plan.Itinerary
	if it == nil {
		t.Fatalf("no itinerary; notes %+v", plan.Notes)
	}
	if it.Report == nil || !it.Report.Passed {
		t.Errorf("verifier: %+v", it.Report)
	}
	if len(it.Days) != 4 || len(it.Cities) != 2 {
		t.Fatalf("days %d cities %+v", len(it.Days), it.Cities)
	}
	for _, c := range it.Cities {
		if !slices.Contains(dest, c.City) {
			t.Errorf("visits %s, not a destination", c.City)
		}
	}
	if it.Cities[0].City == it.Cities[1].City {
		t.Errorf("visits %s twice", it.Cities[0].City)
	}
	if len(plan.Trip.Cities) != 4 {
		t.Errorf("trip holds %d candidate cities, want 4", len(plan.Trip.Cities))
	}
	for _, c := range plan.Trip.Cities {
		if c.Days != 0 || c.Attractions == nil || !c.Attractions.Provenance.CacheHit {
			t.Errorf("candidate %s: days %d, attractions %v", c.Name, c.Days, c.Attractions != nil)
		}
	}
	for _, n := range plan.Notes {
		if n.Kind == orchestrator.KindHotelPrices || n.Kind == orchestrator.KindFares {
			t.Errorf("candidate mode ran a dated price subtask: %+v", n)
		}
	}
	t.Logf("visits %s (%d nights) then %s (%d nights)", it.Cities[0].City, it.Cities[0].Nights, it.Cities[1].City, it.Cities[1].Nights)

	// The verifier fails the same itinerary for a brief asking for three.
	b3 := b
	b3.CityCount = 3
	if rep := verifier.Verify(&b3, &plan.Trip, it); rep.Passed {
		t.Error("an itinerary of 2 cities passed a brief asking for 3")
	}
}

// TestNoCatalogsIsDataUnavailable: a city whose catalogs all failed (no
// provider reachable, no dataset) is EDATAUNAVAILABLE naming the city and
// its sections and what an operator can do, and no plan is stored.
func TestNoCatalogsIsDataUnavailable(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	f.svc = pipeline.New(f.kb, f.tools, f.store, pipeline.Options{Now: f.clk.Now, Jitter: func(d time.Duration) time.Duration { return d },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), NewID: func() string { return "pl_nodata" }})
	_, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)})
	if code := orchestrator.ErrorCode(err); code != orchestrator.EDATAUNAVAILABLE {
		t.Fatalf("code %q (%v), want %q", code, err, orchestrator.EDATAUNAVAILABLE)
	}
	var du *orchestrator.DataUnavailableError
	if !errors.As(err, &du) || len(du.Missing) != 1 || du.Missing[0].City != "Chengdu" || len(du.Missing[0].Sections) != 3 {
		t.Errorf("missing: %+v", du)
	}
	msg := orchestrator.ErrorMessage(err)
	for _, want := range []string{"Chengdu", "attractions", "restaurants", "hotels", "TRIPWEAVE_IMPORT", "network", "keys"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not name %q", msg, want)
		}
	}
	if _, err := f.store.Plan(context.Background(), "pl_nodata"); err == nil {
		t.Error("a plan without data was stored")
	}
}
