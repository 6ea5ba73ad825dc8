package planner_test

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

func ExamplePlan() {
	usd := func(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "USD"} }
	at := func(lat, lon float64) *orchestrator.GeoPoint { return &orchestrator.GeoPoint{Lat: lat, Lon: lon} }
	trip := &orchestrator.Trip{
		Cities: []orchestrator.CityData{{
			Name: "Lakeside",
			Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: []orchestrator.Attraction{
				{ID: "a1", Name: "Old Harbour", Location: at(46.00, 8.95)},
				{ID: "a2", Name: "Castle", Location: at(46.01, 8.96), Hours: []orchestrator.OpeningHours{{Open: "10:00", Close: "17:00"}}},
				{ID: "a3", Name: "Art Museum", Location: at(46.02, 8.95), Price: &orchestrator.Money{Cents: 1500, Currency: "USD"}},
			}},
			Restaurants: &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: []orchestrator.Restaurant{
				{ID: "r1", Name: "Bakery", Price: usd(900)},
				{ID: "r2", Name: "Trattoria", Price: usd(2500), Cuisines: []string{"Italian"}},
				{ID: "r3", Name: "Fish House", Price: usd(3000)},
				{ID: "r4", Name: "Noodle Bar", Price: usd(1200)},
				{ID: "r5", Name: "Soup Kitchen", Price: usd(1000)},
			}},
			Hotels: &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: []orchestrator.Accommodation{
				{ID: "h1", Name: "Lake Inn", RoomType: "private_room", Price: usd(9000), MaxOccupancy: 2, HouseRules: &orchestrator.HouseRuleSet{}},
			}},
		}},
		Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{
			{Value: orchestrator.TransportLeg{From: "Home", To: "Lakeside", Options: []orchestrator.TransportOption{
				{ID: "t1", Mode: "train", Number: "IC 1", Depart: "07:00", Arrive: "08:30", DurationMinutes: 90, Pricing: orchestrator.PerPerson, Price: usd(4000)}}}},
			{Value: orchestrator.TransportLeg{From: "Lakeside", To: "Home", Options: []orchestrator.TransportOption{
				{ID: "t2", Mode: "train", Number: "IC 8", Depart: "18:00", Arrive: "19:30", DurationMinutes: 90, Pricing: orchestrator.PerPerson, Price: usd(4000)}}}},
		},
	}
	b := &orchestrator.Brief{
		Origin: "Home", Destinations: []string{"Lakeside"}, StartDate: "2026-06-06", Days: 2,
		Travelers:   orchestrator.Travelers{Adults: 2},
		Budget:      &orchestrator.Budget{Amount: 500, Currency: "USD"},
		Constraints: orchestrator.Constraints{Cuisines: []string{"Italian"}},
		Now:         "2026-06-01T12:00:00Z",
	}
	if err := b.Normalize(time.Time{}); err != nil {
		panic(err)
	}
	it, err := planner.Plan(b, trip, planner.Options{})
	if err != nil {
		panic(err)
	}
	for _, d := range it.Days {
		var parts []string
		for _, l := range d.Legs {
			parts = append(parts, fmt.Sprintf("%s %s %s→%s", l.Depart, l.Number, l.From, l.To))
		}
		for _, s := range d.Stops {
			parts = append(parts, s.Start+" "+s.Name)
		}
		for _, m := range d.Meals {
			parts = append(parts, m.Time+" "+m.Slot+" at "+m.Name)
		}
		slices.Sort(parts) // by time of day
		if d.Stay != nil {
			parts = append(parts, "night at "+d.Stay.Name)
		}
		fmt.Printf("day %d: %s\n", d.Day, strings.Join(parts, "; "))
	}
	for _, t := range it.Budget.Tiers {
		fmt.Printf("%s %s\n", t.Tier, t.Total)
	}
	rep := verifier.Verify(b, trip, it)
	fmt.Println("chosen:", it.Tier, "verified:", rep.Passed)
	// Output:
	// day 1: 07:00 IC 1 Home→Lakeside; 09:10 breakfast at Bakery; 10:35 Old Harbour; 12:25 lunch at Trattoria; 13:58 Castle; 15:41 Art Museum; 17:31 dinner at Fish House; night at Lake Inn
	// day 2: 08:00 breakfast at Soup Kitchen; 11:30 lunch at Noodle Bar; 18:00 IC 8 Lakeside→Home
	// economy 452.00 USD
	// mid 452.00 USD
	// comfort 452.00 USD
	// chosen: comfort verified: true
}
