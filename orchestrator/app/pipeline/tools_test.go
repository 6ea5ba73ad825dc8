package pipeline_test

import (
	"context"
	"sync"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// TestContentAwareTools checks that the decision module's tool rules reach
// the right agent per city: Amap for a city in China, the worldwide tool
// otherwise and as Amap's fallback, live flight offers for a long leg, and
// that each call gets the arguments its tool's contract names.
func TestContentAwareTools(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	var mu sync.Mutex
	got := map[string][]map[string]any{}
	record := func(tool string, a map[string]any) {
		mu.Lock()
		got[tool] = append(got[tool], a)
		mu.Unlock()
	}
	prov := func(src string) orchestrator.Provenance {
		return orchestrator.Provenance{Source: src, FetchedAt: f.clk.Now().UTC()}
	}
	pois := func(src string) func(context.Context, map[string]any) (any, error) {
		return func(_ context.Context, a map[string]any) (any, error) {
			record(src, a)
			if a["category"] == "restaurants" {
				if src == "amap_find_pois" {
					// Amap fails for restaurants: the worldwide tool must answer.
					return nil, &orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Message: "daily quota used up"}
				}
				return map[string]any{"category": "restaurants", "restaurants": []orchestrator.Restaurant{{ID: src + ":r1", Name: "R", City: "chengdu"}}, "provenance": prov(src)}, nil
			}
			return map[string]any{"category": "attractions", "attractions": []orchestrator.Attraction{{ID: src + ":a1", Name: "A", City: "chengdu"}}, "provenance": prov(src)}, nil
		}
	}
	f.tools.fns["amap_find_pois"] = pois("amap_find_pois")
	f.tools.fns["find_pois"] = pois("find_pois")
	f.tools.fns["find_hotels"] = func(_ context.Context, a map[string]any) (any, error) {
		record("find_hotels", a)
		return map[string]any{"hotels": []orchestrator.Accommodation{}, "provenance": prov("find_hotels")}, nil
	}
	f.tools.fns["transport_options"] = func(_ context.Context, a map[string]any) (any, error) {
		record("transport_options", a)
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "not in this test"}
	}
	f.tools.fns["flight_offers"] = func(_ context.Context, a map[string]any) (any, error) {
		record("flight_offers", a)
		return map[string]any{"offers": []any{}, "provenance": prov("duffel:offers"), "options": []orchestrator.TransportOption{{
			ID: "off_1", Mode: "flight", Number: "MU5401", From: a["from"].(string), To: a["to"].(string), Date: a["date"].(string),
			Depart: "08:00", Arrive: "11:10", DurationMinutes: 190, Pricing: orchestrator.PerPerson,
			Price: orchestrator.Money{Cents: 98000, Currency: "CNY"}}}}, nil
	}
	plan, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}

	// Chengdu is in China: Amap answers attractions; for restaurants Amap
	// fails and OpenStreetMap's tool answers in the same node.
	c := plan.Trip.Cities[0]
	if c.Attractions == nil || c.Attractions.Value[0].ID != "amap_find_pois:a1" {
		t.Errorf("attractions = %+v, want Amap's", c.Attractions)
	}
	if c.Restaurants == nil || c.Restaurants.Value[0].ID != "find_pois:r1" {
		t.Errorf("restaurants = %+v, want find_pois's after Amap failed", c.Restaurants)
	}
	if n := len(got["find_pois"]); n != 1 {
		t.Errorf("find_pois called %d times, want once (restaurants only)", n)
	}
	for _, a := range got["amap_find_pois"] {
		if a["country"] != "CN" || a["city"] != "chengdu" || a["latitude"] != 30.66667 {
			t.Errorf("amap_find_pois args = %v", a)
		}
	}
	// No amap_find_hotels agent: the worldwide tool, with the same arguments.
	if len(got["find_hotels"]) != 1 || got["find_hotels"][0]["category"] != "hotels" || got["find_hotels"][0]["country"] != "CN" {
		t.Errorf("find_hotels calls = %v", got["find_hotels"])
	}
	// Legs: transport_options gets both ends located.
	for _, a := range got["transport_options"] {
		if a["from"] == nil || a["to_latitude"] == nil || a["from_country"] != "CN" || a["to_country"] != "CN" {
			t.Errorf("transport_options args = %v", a)
		}
	}
	// Shanghai–Chengdu is ~1,650 km: live flight offers for both legs, with
	// the brief's travellers, merged into the trip as legs of their own.
	if n := len(got["flight_offers"]); n != 2 {
		t.Fatalf("flight_offers called %d times, want 2", n)
	}
	dates := map[any]bool{}
	for _, a := range got["flight_offers"] {
		if a["adults"] != 2 || a["children"] != 1 {
			t.Errorf("flight_offers args = %v", a)
		}
		dates[a["from"].(string)+" "+a["date"].(string)] = true
	}
	if !dates["shanghai 2026-06-19"] || !dates["chengdu 2026-06-21"] {
		t.Errorf("flight_offers legs = %v, want out on the 19th and back on the 21st", dates)
	}
	var flights int
	for _, l := range plan.Trip.Transport {
		for _, o := range l.Value.Options {
			if o.Number == "MU5401" {
				flights++
				if l.Provenance.Source != "duffel:offers" || (l.Value.From != "Shanghai" && l.Value.From != "Chengdu") {
					t.Errorf("flight leg %+v from %s", l.Value, l.Provenance.Source)
				}
			}
		}
	}
	if flights != 2 {
		t.Errorf("%d flight options in the trip, want 2", flights)
	}
}

// TestContentAwareToolsShortLeg: no flights asked for a leg too short to fly.
func TestContentAwareToolsShortLeg(t *testing.T) {
	f := newFixture(t, pipeline.Options{})
	f.tools.fns["flight_offers"] = func(context.Context, map[string]any) (any, error) {
		t.Error("flight_offers called for a short leg")
		return nil, nil
	}
	cities["suzhou"] = orchestrator.Place{Name: "Suzhou", CountryCode: "CN", Latitude: 31.30408, Longitude: 120.59538, SourceID: "1886760"}
	t.Cleanup(func() { delete(cities, "suzhou") })
	b := brief(t)
	b.Destinations = []string{"Suzhou"}
	if err := b.Normalize(f.clk.Now()); err != nil {
		t.Fatal(err)
	}
	plan, _, err := f.svc.Plan(context.Background(), pipeline.Request{Brief: b})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range plan.Notes {
		if n.Kind == orchestrator.KindFares && n.Code != orchestrator.EUNAVAILABLE {
			t.Errorf("fares note %+v", n)
		}
	}
}
