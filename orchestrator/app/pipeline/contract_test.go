package pipeline_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/agents/browser"
	"github.com/tripweave/tripweave/agents/browser/browsertest"
	"github.com/tripweave/tripweave/agents/traveltools"
	"github.com/tripweave/tripweave/decision"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
	"github.com/tripweave/tripweave/templates"
)

// publishedSchemas returns the input schema of every tool the real agents
// publish — every provider enabled, the browser agent on the fixture
// recipes — as an MCP client reads them over the go-sdk (in-memory
// transports), resolved for validation. No provider is called: listing
// tools starts no browser and sends no request.
func publishedSchemas(t *testing.T) map[string]*jsonschema.Resolved {
	t.Helper()
	const dead = "http://127.0.0.1:1"
	recipes, err := browsertest.Recipes(dead)
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	set, err := agents.Open(agents.Config{
		OpenMeteoGeocodingURL: dead, OpenMeteoForecastURL: dead, OpenMeteoArchiveURL: dead,
		WikivoyageENURL: dead, WikivoyageZHURL: dead, OverpassURL: dead, NominatimURL: dead,
		Travel:  traveltools.Config{FrankfurterURL: dead, OSRMURL: dead, DuffelURL: dead, DuffelToken: "test", AmapURL: dead, AmapKey: "test"},
		Browser: &browser.Config{Recipes: recipes, AllowPrivate: true},
	}, logger)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = set.Close() })
	ctx := context.Background()
	out := map[string]*jsonschema.Resolved{}
	for i, srv := range set.Servers {
		ct, st := mcp.NewInMemoryTransports()
		ss, err := srv.Connect(ctx, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = ss.Close() })
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "contract-test", Version: "v1"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cs.Close() })
		for tool, err := range cs.Tools(ctx, nil) {
			if err != nil {
				t.Fatalf("server %d: list tools: %v", i, err)
			}
			raw, err := json.Marshal(tool.InputSchema)
			if err != nil {
				t.Fatal(err)
			}
			var s jsonschema.Schema
			if err := json.Unmarshal(raw, &s); err != nil {
				t.Fatalf("%s: input schema: %v", tool.Name, err)
			}
			r, err := s.Resolve(nil)
			if err != nil {
				t.Fatalf("%s: resolve input schema: %v", tool.Name, err)
			}
			out[tool.Name] = r
		}
	}
	return out
}

// contractTools is a pipeline.Tools that checks every call's arguments, as
// they go over the wire (JSON), against the tool's published schema, then
// answers from canned data — or fails, so the pipeline moves on to the
// next tool of the chain and every route gets its turn.
type contractTools struct {
	t       *testing.T
	schemas map[string]*jsonschema.Resolved
	answer  func(tool string, args map[string]any) (any, error)

	mu    sync.Mutex
	calls map[string][]map[string]any // by tool
	bad   []string
}

func (c *contractTools) Has(tool string) bool { return c.schemas[tool] != nil }

func (c *contractTools) Call(_ context.Context, tool string, args any) (json.RawMessage, error) {
	raw, err := json.Marshal(args)
	if err != nil {
		return nil, err
	}
	var wire map[string]any
	if err := json.Unmarshal(raw, &wire); err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.calls[tool] = append(c.calls[tool], wire)
	if err := c.schemas[tool].Validate(wire); err != nil {
		c.bad = append(c.bad, fmt.Sprintf("%s %s: %v", tool, raw, err))
	}
	c.mu.Unlock()
	out, err := c.answer(tool, wire)
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

// TestToolArgumentsMatchPublishedSchemas plans trips that make the decision
// policy choose every tool of every kind — Amap and worldwide tools in and
// out of China, Amap's geocoder for a Chinese name the first geocoder
// misses, live flight offers for a long leg, the browser's scrape_prices
// for hotel and fare prices — and checks each call's arguments against the
// input schema the agents publish over MCP (the scrape_prices kind bug
// class: the pipeline sending a value the tool's enum refuses).
func TestToolArgumentsMatchPublishedSchemas(t *testing.T) {
	schemas := publishedSchemas(t)
	clk := &clock{t: time.Date(2026, 6, 10, 2, 0, 0, 0, time.UTC)}
	prov := func(src string) orchestrator.Provenance {
		return orchestrator.Provenance{Source: src, FetchedAt: clk.Now().UTC()}
	}
	places := map[string]orchestrator.Place{
		"shanghai": cities["shanghai"],
		"成都":       {Name: "成都", CountryCode: "CN", Latitude: 30.66667, Longitude: 104.06667, SourceID: "amap:510100"},
		"kyoto":    {Name: "Kyoto", CountryCode: "JP", Latitude: 35.02107, Longitude: 135.75385, SourceID: "1857910"},
	}
	loc := func(lat, lon float64) *orchestrator.GeoPoint { return &orchestrator.GeoPoint{Lat: lat, Lon: lon} }
	down := &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "not in this test"}
	ct := &contractTools{t: t, schemas: schemas, calls: map[string][]map[string]any{}}
	ct.answer = func(tool string, a map[string]any) (any, error) {
		switch tool {
		case orchestrator.ToolGeocode:
			name, _ := a["name"].(string)
			if p, ok := places[name]; ok && name != "成都" { // Open-Meteo misses the Chinese name
				return map[string]any{"places": []orchestrator.Place{p}, "provenance": prov("open-meteo:geocoding")}, nil
			}
			return nil, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no such place"}
		case orchestrator.ToolAmapGeocode:
			if p, ok := places[a["address"].(string)]; ok {
				return map[string]any{"places": []orchestrator.Place{p}, "provenance": prov("amap:geocode")}, nil
			}
			return nil, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no such place"}
		case orchestrator.ToolFindPOIs:
			lat, lon := a["latitude"].(float64), a["longitude"].(float64)
			if a["category"] == "restaurants" {
				return map[string]any{"restaurants": []orchestrator.Restaurant{{ID: "r1", Name: "R", Location: loc(lat, lon+0.01)}}, "provenance": prov("overpass")}, nil
			}
			return map[string]any{"attractions": []orchestrator.Attraction{{ID: "a1", Name: "A", Location: loc(lat+0.01, lon)}}, "provenance": prov("overpass")}, nil
		case orchestrator.ToolFindHotels:
			lat, lon := a["latitude"].(float64), a["longitude"].(float64)
			return map[string]any{"hotels": []orchestrator.Accommodation{{ID: "h1", Name: "H", Location: loc(lat, lon)}}, "provenance": prov("overpass")}, nil
		}
		// Every other tool fails, so that the next of its chain is asked.
		return nil, down
	}
	svc := pipeline.New(testKB(t, clk.Now), ct, nil, pipeline.Options{Now: clk.Now, Jitter: func(d time.Duration) time.Duration { return d },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Retry: dag.Retry{Attempts: 1}, PlanWithoutCatalogs: true, Words: templates.Words{}})
	for _, b := range []orchestrator.Brief{
		{Origin: "Shanghai", Destinations: []string{"成都", "Kyoto"}, StartDate: "2026-06-19", Days: 5,
			Travelers: orchestrator.Travelers{Adults: 2, Children: 1}, Language: "zh",
			Budget:      &orchestrator.Budget{Amount: 900, Currency: "USD", PerPerson: true},
			Constraints: orchestrator.Constraints{RoomType: "private_room", HouseRules: []string{"children_under_10"}},
			Now:         "2026-06-10T10:00:00+08:00"},
		{Origin: "Kyoto", Destinations: []string{"Shanghai"}, StartDate: "2026-06-20", Days: 2, Language: "en",
			Travelers: orchestrator.Travelers{Adults: 1}, Now: "2026-06-10T10:00:00+08:00"},
	} {
		if err := b.Normalize(clk.Now()); err != nil {
			t.Fatal(err)
		}
		plan, _, err := svc.Plan(context.Background(), pipeline.Request{Brief: b})
		if err != nil {
			t.Fatalf("%v: %v", b.Destinations, err)
		}
		for _, n := range plan.Notes {
			if n.Code == orchestrator.EINVALIDARG {
				t.Errorf("a tool refused the arguments: %+v", n)
			}
		}
	}
	for _, bad := range ct.bad {
		t.Errorf("arguments the published schema refuses: %s", bad)
	}
	// Every (kind → tool) pair the policy can choose was exercised; kinds
	// sharing a tool are told apart by the argument that selects the work.
	want := map[string][]string{} // tool → the selector values it must have been called with
	for k, spec := range orchestrator.Kinds {
		if k == orchestrator.KindRender {
			continue // documents render on read: no plan subtask calls render_itinerary
		}
		tools := []string{spec.Tool}
		for _, r := range decision.DefaultTools()[k] {
			tools = append(tools, r.Tool)
		}
		for _, tool := range tools {
			if tool == "" || slices.Contains(want[tool], selector(k, tool)) {
				continue
			}
			want[tool] = append(want[tool], selector(k, tool))
		}
	}
	for tool, sels := range want {
		if schemas[tool] == nil {
			t.Errorf("the policy can choose %s, which no agent publishes", tool)
			continue
		}
		for _, sel := range sels {
			found := false
			for _, a := range ct.calls[tool] {
				found = found || sel == "" || a["category"] == sel || a["kind"] == sel
			}
			if !found {
				t.Errorf("%s never called for %q; calls: %v", tool, sel, ct.calls[tool])
			}
		}
	}
}

// selector is the argument value that tells a tool shared by kinds which
// work it does for kind k: the catalog category, or scrape_prices' kind;
// "" for a tool of one kind.
func selector(k orchestrator.Kind, tool string) string {
	switch tool {
	case orchestrator.ToolFindPOIs, orchestrator.ToolAmapFindPOIs, orchestrator.ToolFindHotels, orchestrator.ToolAmapFindHotels:
		return string(k)
	case orchestrator.ToolScrapePrices:
		if k == orchestrator.KindHotelPrices {
			return "hotels"
		}
		return "transport"
	}
	return ""
}

// TestNoTechnicalTextForTravellers: failures with a tool's schema message
// or a resolver's error keep that text in the note's technical message and
// out of the words the traveller reads.
func TestNoTechnicalTextForTravellers(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	schemaErr := &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: `validating /properties/kind: enum: hotel_prices does not equal any of: [hotels transport]`}
	dnsErr := &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: `Get "https://api.open-meteo.com/v1/forecast": dial tcp: lookup api.open-meteo.com on 127.0.0.53:53: no such host`}
	f.tools.fns["weather"] = func(context.Context, map[string]any) (any, error) { return nil, dnsErr }
	f.tools.fns["scrape_prices"] = func(context.Context, map[string]any) (any, error) { return nil, schemaErr }
	plan, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[orchestrator.Kind]bool{}
	for _, n := range plan.Notes {
		seen[n.Kind] = true
		low := strings.ToLower(n.Traveller)
		for _, bad := range []string{"validating", "enum", "dial tcp", "lookup", "no such host", "/properties", "127.0.0.53"} {
			if strings.Contains(low, bad) {
				t.Errorf("traveller text of %s quotes %q: %q", n.Kind, bad, n.Traveller)
			}
		}
		switch {
		case n.Audience == orchestrator.NoteOperator && n.Traveller != "":
			t.Errorf("operator note %+v has traveller wording", n)
		case n.Audience == "" && n.Traveller == "":
			t.Errorf("note %+v has no traveller wording", n)
		}
	}
	if !seen[orchestrator.KindWeather] || !seen[orchestrator.KindHotelPrices] {
		t.Fatalf("expected notes for weather and hotel_prices, got %+v", plan.Notes)
	}
}
