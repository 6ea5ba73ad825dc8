package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/agents/amap/amaptest"
	"github.com/tripweave/tripweave/agents/duffel/duffeltest"
	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator"
)

// TestEndToEndProviders plans Shanghai → Chengdu with every provider
// configured (replay servers for all of them, Amap and Duffel included):
// the decision module sends Chengdu's catalogs to Amap, asks Duffel for the
// long outbound leg, and the planner books a priced stay and a flight.
func TestEndToEndProviders(t *testing.T) {
	om := openmeteotest.NewServer(t)
	cfg := testConfig(t, om)
	am := amaptest.NewServer(t)
	du := duffeltest.NewServer(t)
	cfg.Agents.Travel.AmapURL, cfg.Agents.Travel.AmapKey = am.URL, amaptest.Key
	cfg.Agents.Travel.DuffelURL, cfg.Agents.Travel.DuffelToken = du.URL, duffeltest.Token
	base := startServer(t, cfg)

	brief := `{"brief": {"origin": "Shanghai", "destinations": ["Chengdu"], "start_date": "2026-06-12", "days": 3,
	  "travelers": {"adults": 2, "children": 1}, "budget": {"amount": 6000, "currency": "CNY", "per_person": true}, "language": "en"}}`
	status, data := postJSON(t, base+"/v1/plans?include=trip", brief)
	if status != http.StatusCreated {
		t.Fatalf("POST /v1/plans: %d %s", status, data)
	}
	var plan orchestrator.Plan
	if err := json.Unmarshal(data, &plan); err != nil {
		t.Fatal(err)
	}
	c := plan.Trip.Cities[0]
	// Chengdu is in China: Amap's catalogs, with Amap's attribution.
	if c.Attractions == nil || len(c.Attractions.Value) == 0 || !strings.HasPrefix(c.Attractions.Value[0].ID, "amap:") {
		t.Fatalf("attractions: %+v", c.Attractions)
	}
	if c.Hotels == nil || len(c.Hotels.Value) == 0 || !strings.HasPrefix(c.Hotels.Value[0].ID, "amap:") || c.Hotels.Value[0].Price.Currency != "CNY" {
		t.Fatalf("hotels: %+v", c.Hotels)
	}
	if a := c.Hotels.Provenance.Attribution; a == nil || !strings.Contains(a.Text, "高德") && !strings.Contains(a.Text, "Amap") {
		t.Errorf("hotels attribution: %+v", a)
	}
	// The outbound leg has Duffel's offers as flight options.
	var flights, ground int
	for _, l := range plan.Trip.Transport {
		for _, o := range l.Value.Options {
			switch {
			case o.Mode == "flight" && !o.PriceEstimate:
				flights++
				if l.Value.From != "Shanghai" || o.Date != "2026-06-12" || o.Price.Currency != "USD" {
					t.Errorf("flight option %+v on leg %s → %s", o, l.Value.From, l.Value.To)
				}
			case o.PriceEstimate:
				ground++
			}
		}
	}
	if flights == 0 || ground == 0 {
		t.Errorf("transport: %d live flight options, %d estimated options; want both", flights, ground)
	}
	// The itinerary books a stay at a priced hotel and travels both ways.
	it := plan.Itinerary
	if it == nil || len(it.Stays) == 0 || it.Stays[0].Price.Cents == 0 || len(it.Days[0].Legs) == 0 || len(it.Days[len(it.Days)-1].Legs) == 0 {
		t.Fatalf("itinerary: %+v", it)
	}
	if !strings.HasPrefix(it.Stays[0].AccommodationID, "amap:") {
		t.Errorf("stay at %s, want an Amap hotel", it.Stays[0].AccommodationID)
	}
	for _, n := range plan.Notes {
		if n.Kind == orchestrator.KindHotels || n.Kind == orchestrator.KindAttractions || n.Kind == orchestrator.KindTransport {
			t.Errorf("note on a subtask that should have an answer: %+v", n)
		}
	}
	if len(du.Requests()) == 0 || len(am.Requests()) == 0 {
		t.Errorf("requests: duffel %d, amap %d", len(du.Requests()), len(am.Requests()))
	}
}
