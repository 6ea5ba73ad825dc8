package verifier

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

func usd(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "USD"} }

// sample builds a valid 3-day plan Home → Alpha → Home for two people,
// written by hand so the verifier is tested without the planner.
func sample(t testing.TB) (*orchestrator.Brief, *orchestrator.Trip, *orchestrator.Itinerary) {
	t.Helper()
	b := &orchestrator.Brief{
		Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Travelers: orchestrator.Travelers{Adults: 2},
		Budget:    &orchestrator.Budget{Amount: 1000, Currency: "USD"},
		Constraints: orchestrator.Constraints{
			Cuisines: []string{"Thai"}, HouseRules: []string{"pets"}, RoomType: "private_room",
			TransportExclude: []string{"self_driving"},
		},
		Now: "2026-03-01T00:00:00Z",
	}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	prov := orchestrator.Provenance{Source: "test"}
	var as []orchestrator.Attraction
	for i := 1; i <= 4; i++ {
		as = append(as, orchestrator.Attraction{ID: fmt.Sprintf("a%d", i), Name: fmt.Sprintf("Sight %d", i), City: "Alpha", Price: ptr(usd(500))})
	}
	as[0].Hours = []orchestrator.OpeningHours{{Open: "10:30", Close: "17:00"}}
	as[0].VisitMinMinutes = 45
	var rs []orchestrator.Restaurant
	for i := 1; i <= 6; i++ {
		rs = append(rs, orchestrator.Restaurant{ID: fmt.Sprintf("r%d", i), Name: fmt.Sprintf("Diner %d", i), City: "Alpha", Price: usd(1000 + int64(i)*100)})
	}
	rs[0].Hours = []orchestrator.OpeningHours{{Open: "11:00", Close: "22:00"}}
	rs[3].Cuisines = []string{"Thai"}
	hs := []orchestrator.Accommodation{
		{ID: "h1", Name: "Inn", City: "Alpha", RoomType: "private_room", Price: usd(8000), MinNights: 1, MaxOccupancy: 2, HouseRules: &orchestrator.HouseRuleSet{Forbidden: []string{"smoking"}}},
		{ID: "h2", Name: "Hostel", City: "Alpha", RoomType: "shared_room", Price: usd(3000), MinNights: 3, MaxOccupancy: 1, HouseRules: &orchestrator.HouseRuleSet{Forbidden: []string{"pets"}}},
	}
	beta := []orchestrator.Restaurant{{ID: "rb", Name: "Beta Diner", City: "Beta", Price: usd(1000)}}
	trip := &orchestrator.Trip{
		Cities: []orchestrator.CityData{
			{Name: "Alpha",
				Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as, Provenance: prov},
				Restaurants: &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: rs, Provenance: prov},
				Hotels:      &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: hs, Provenance: prov}},
			{Name: "Beta", Restaurants: &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: beta, Provenance: prov}},
		},
		Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{
			{Value: orchestrator.TransportLeg{From: "Home", To: "Alpha", Options: []orchestrator.TransportOption{
				{ID: "f1", Mode: "flight", Number: "F1", From: "Home", To: "Alpha", Date: "2026-03-10", Depart: "08:00", Arrive: "10:00", DurationMinutes: 120, Pricing: orchestrator.PerPerson, Price: usd(10000)},
			}}},
			{Value: orchestrator.TransportLeg{From: "Alpha", To: "Home", Options: []orchestrator.TransportOption{
				{ID: "t1", Mode: "taxi", From: "Alpha", To: "Home", DurationMinutes: 120, Pricing: orchestrator.PerVehicle, VehicleCapacity: 4, Price: usd(4000)},
			}}},
		},
	}
	stop := func(id, name, start, end string, travel int) orchestrator.Stop {
		return orchestrator.Stop{AttractionID: id, Name: name, City: "Alpha", Start: start, End: end, TravelMinutes: travel, Price: usd(500), Cost: usd(1000)}
	}
	meal := func(slot, id string, n int64, at string) orchestrator.Meal {
		return orchestrator.Meal{Slot: slot, RestaurantID: id, Name: "Diner " + id[1:], City: "Alpha", Time: at, Price: usd(1000 + n*100), Cost: usd(2 * (1000 + n*100))}
	}
	stay := &orchestrator.StayRef{AccommodationID: "h1", Name: "Inn", City: "Alpha"}
	it := &orchestrator.Itinerary{
		Tier: orchestrator.TierEconomy, Currency: "USD", People: 2, Origin: "Home",
		Cities: []orchestrator.CityVisit{{City: "Alpha", ArriveDay: 1, Nights: 2}},
		Days: []orchestrator.Day{
			{Day: 1, Date: "2026-03-10", City: "Alpha", From: "Home",
				Legs: []orchestrator.Leg{{OptionID: "f1", Mode: "flight", Number: "F1", From: "Home", To: "Alpha", Date: "2026-03-10",
					Depart: "08:00", Arrive: "10:00", DurationMinutes: 120, Pricing: orchestrator.PerPerson, Price: usd(10000), Units: 2, Cost: usd(20000)}},
				Stops: []orchestrator.Stop{stop("a1", "Sight 1", "11:00", "12:00", 15)},
				Meals: []orchestrator.Meal{meal("lunch", "r1", 1, "12:15"), meal("dinner", "r2", 2, "18:00")},
				Stay:  stay, Cost: usd(20000 + 1000 + 2200 + 2400 + 8000)},
			{Day: 2, Date: "2026-03-11", City: "Alpha",
				Stops: []orchestrator.Stop{stop("a2", "Sight 2", "09:00", "10:30", 15), stop("a3", "Sight 3", "11:00", "12:00", 20)},
				Meals: []orchestrator.Meal{meal("breakfast", "r3", 3, "08:00"), meal("lunch", "r4", 4, "12:30"), meal("dinner", "r5", 5, "18:00")},
				Stay:  stay, Cost: usd(2000 + 2600 + 2800 + 3000 + 8000)},
			{Day: 3, Date: "2026-03-12", City: "Home", From: "Alpha",
				Legs: []orchestrator.Leg{{OptionID: "t1", Mode: "taxi", From: "Alpha", To: "Home", Date: "2026-03-12",
					Depart: "14:00", Arrive: "16:00", DurationMinutes: 120, Pricing: orchestrator.PerVehicle, Price: usd(4000), Units: 1, Cost: usd(4000)}},
				Stops: []orchestrator.Stop{stop("a4", "Sight 4", "09:00", "10:00", 15)},
				Meals: []orchestrator.Meal{meal("breakfast", "r6", 6, "08:00")},
				Cost:  usd(4000 + 1000 + 3200)},
		},
		Stays: []orchestrator.Stay{{AccommodationID: "h1", Name: "Inn", City: "Alpha", FirstNight: 1, Nights: 2, Rooms: 1, RoomType: "private_room", Price: usd(8000), Cost: usd(16000)}},
	}
	transport, lodging, food, tickets := int64(24000), int64(16000), int64(2200+2400+2600+2800+3000+3200), int64(4000)
	total := transport + lodging + food + tickets
	it.Budget = orchestrator.BudgetBreakdown{Currency: "USD", People: 2, Limit: ptr(usd(100000)), Chosen: orchestrator.TierEconomy,
		Tiers: []orchestrator.TierCost{{Tier: orchestrator.TierEconomy, Transport: usd(transport), Lodging: usd(lodging), Food: usd(food),
			Attractions: usd(tickets), Total: usd(total), PerPerson: usd(total / 2)}}}
	return b, trip, it
}

func ptr[T any](v T) *T { return &v }

func TestVerifyValidPlan(t *testing.T) {
	b, trip, it := sample(t)
	rep := Verify(b, trip, it)
	if !rep.Passed {
		t.Fatalf("a valid plan failed: %+v", rep.Findings)
	}
	if len(rep.Checks) != len(Commonsense)+len(Hard) {
		t.Errorf("%d checks, want %d", len(rep.Checks), len(Commonsense)+len(Hard))
	}
}

func TestVerifyCatchesMistakes(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(b *orchestrator.Brief, trip *orchestrator.Trip, it *orchestrator.Itinerary)
		want   string
	}{
		{"a day missing", func(b *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) { it.Days = it.Days[:2] }, CheckCompleteDays},
		{"no breakfast on a full day", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[1].Meals = it.Days[1].Meals[1:]
		}, CheckCompleteDays},
		{"wrong date", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[1].Date = "2026-03-15"
		}, CheckCompleteDays},
		{"an invented restaurant", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[1].Meals[0].RestaurantID = "r99"
		}, CheckPlacesExist},
		{"a renamed attraction", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[1].Stops[0].Name = "Famous Sight"
		}, CheckPlacesExist},
		{"an invented flight", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[0].Legs[0].OptionID = "f9"
		}, CheckPlacesExist},
		{"a meal in another city", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			m := &it.Days[1].Meals[2]
			m.RestaurantID, m.Name, m.Price, m.Cost = "rb", "Beta Diner", usd(1000), usd(2000)
			it.Days[1].Cost.Cents += 2000 - 3000
			it.Budget.Tiers[0].Food.Cents -= 1000
			it.Budget.Tiers[0].Total.Cents -= 1000
			it.Budget.Tiers[0].PerPerson.Cents -= 500
		}, CheckWithinCity},
		{"a repeated restaurant", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[2].Meals[0] = it.Days[1].Meals[0]
		}, CheckNoRepeats},
		{"a visit before opening", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[0].Stops[0].Start, it.Days[0].Stops[0].End = "10:00", "11:00"
		}, CheckHours},
		{"a visit shorter than recommended", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[0].Stops[0].End = "11:30"
		}, CheckHours},
		{"overlapping visits", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[1].Stops[1].Start = "10:00"
		}, CheckHours},
		{"lunch before the restaurant opens", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[0].Meals[0].Time = "10:30"
			it.Days[0].Stops[0].Start, it.Days[0].Stops[0].End = "12:00", "13:00"
		}, CheckHours},
		{"a visit during the flight", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[0].Stops[0].Start = "09:00"
			it.Days[0].Stops[0].End = "10:30"
			it.Days[0].Stops[0].AttractionID, it.Days[0].Stops[0].Name = "a4", "Sight 4"
			it.Days[2].Stops[0].AttractionID, it.Days[2].Stops[0].Name = "a1", "Sight 1"
			it.Days[2].Stops[0].Start, it.Days[2].Stops[0].End = "11:00", "12:00"
		}, CheckHours},
		{"too few rooms", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Stays[0].Rooms = 0
			it.Stays[0].Cost.Cents = 0
		}, CheckNights},
		{"nights not matching the days", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[1].Stay = nil
		}, CheckNights},
		{"below minimum nights", func(_ *orchestrator.Brief, trip *orchestrator.Trip, _ *orchestrator.Itinerary) {
			trip.Cities[0].Hotels.Value[0].MinNights = 3
		}, CheckNights},
		{"a night booked on the way home", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[2].Stay = it.Days[1].Stay
		}, CheckNights},
		{"a flight on another date", func(_ *orchestrator.Brief, trip *orchestrator.Trip, _ *orchestrator.Itinerary) {
			trip.Transport[0].Value.Options[0].Date = "2026-03-09"
		}, CheckLegs},
		{"no return home", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[2].Legs = nil
			it.Days[2].City = "Alpha"
			it.Days[2].Cost.Cents -= 4000
			it.Budget.Tiers[0].Transport.Cents -= 4000
			it.Budget.Tiers[0].Total.Cents -= 4000
			it.Budget.Tiers[0].PerPerson.Cents -= 2000
		}, CheckLegs},
		{"a jump between cities", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[1].City = "Beta"
		}, CheckLegs},
		{"self-driving mixed with a flight", func(b *orchestrator.Brief, trip *orchestrator.Trip, it *orchestrator.Itinerary) {
			b.Constraints.TransportExclude = nil
			trip.Transport[1].Value.Options[0].Mode = "self_driving"
			it.Days[2].Legs[0].Mode = "self_driving"
		}, CheckTransportModes},
		{"a wrong meal price", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[1].Meals[0].Cost.Cents = 100
		}, CheckBudgetSums},
		{"a wrong total", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Budget.Tiers[0].Total.Cents++
		}, CheckBudgetSums},
		{"a per-vehicle fare charged per person", func(_ *orchestrator.Brief, _ *orchestrator.Trip, it *orchestrator.Itinerary) {
			it.Days[2].Legs[0].Units = 2
		}, CheckBudgetSums},
		{"over budget", func(b *orchestrator.Brief, _ *orchestrator.Trip, _ *orchestrator.Itinerary) { b.Budget.Amount = 500 }, CheckBudget},
		{"not the fixed route", func(b *orchestrator.Brief, _ *orchestrator.Trip, _ *orchestrator.Itinerary) {
			b.Route = []string{"Beta"}
		}, CheckRoute},
		{"the wrong room type", func(b *orchestrator.Brief, _ *orchestrator.Trip, _ *orchestrator.Itinerary) {
			b.Constraints.RoomType = "entire_home"
		}, CheckRoomType},
		{"a forbidden house rule", func(b *orchestrator.Brief, _ *orchestrator.Trip, _ *orchestrator.Itinerary) {
			b.Constraints.HouseRules = []string{"smoking"}
		}, CheckHouseRules},
		{"a cuisine not served", func(b *orchestrator.Brief, _ *orchestrator.Trip, _ *orchestrator.Itinerary) {
			b.Constraints.Cuisines = []string{"Thai", "Peruvian"}
		}, CheckCuisines},
		{"an excluded mode", func(b *orchestrator.Brief, _ *orchestrator.Trip, _ *orchestrator.Itinerary) {
			b.Constraints.TransportExclude = []string{"taxi"}
		}, CheckTransport},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, trip, it := sample(t)
			tt.mutate(b, trip, it)
			rep := Verify(b, trip, it)
			if rep.Passed {
				t.Fatalf("passed, want %s to fail", tt.want)
			}
			var failed []string
			for _, c := range rep.Checks {
				if c.Status == orchestrator.CheckFail {
					failed = append(failed, c.Name)
				}
			}
			if !slices.Contains(failed, tt.want) {
				t.Errorf("failed checks %v, want %s among them; findings %+v", failed, tt.want, rep.Findings)
			}
		})
	}
}

// TestVerifyUnknownHouseRules: a stay whose rules the data do not state
// cannot be verified — a warning, not a failure — while rules known to
// forbid what the brief needs fail the check.
func TestVerifyUnknownHouseRules(t *testing.T) {
	b, trip, it := sample(t)
	trip.Cities[0].Hotels.Value[0].HouseRules = nil
	rep := Verify(b, trip, it)
	if !rep.Passed {
		t.Fatalf("unknown house rules failed the plan: %+v", rep.Findings)
	}
	i := slices.IndexFunc(rep.Findings, func(f orchestrator.Finding) bool { return f.Code == FindingHouseRulesUnverified })
	if i < 0 || rep.Findings[i].Severity != orchestrator.SeverityWarning || rep.Findings[i].Check != CheckHouseRules || rep.Findings[i].Subject != "Inn" {
		t.Fatalf("no house_rules_unverified warning for Inn: %+v", rep.Findings)
	}

	b, trip, it = sample(t)
	trip.Cities[0].Hotels.Value[0].HouseRules = &orchestrator.HouseRuleSet{Forbidden: []string{"pets"}}
	rep = Verify(b, trip, it)
	if rep.Passed || slices.ContainsFunc(rep.Findings, func(f orchestrator.Finding) bool { return f.Code == FindingHouseRulesUnverified }) {
		t.Fatalf("known-forbidden rules: passed=%v findings %+v, want a house_rules failure", rep.Passed, rep.Findings)
	}
}

func TestVerifyOverBudgetShortfall(t *testing.T) {
	b, trip, it := sample(t)
	b.Budget.Amount = 500
	rep := Verify(b, trip, it)
	i := slices.IndexFunc(rep.Findings, func(f orchestrator.Finding) bool { return f.Code == orchestrator.FindingOverBudget })
	if i < 0 {
		t.Fatalf("no over_budget finding: %+v", rep.Findings)
	}
	want := it.Budget.Tiers[0].Total.Cents - 50000
	if s := rep.Findings[i].Shortfall; s == nil || s.Cents != want || s.Currency != "USD" {
		t.Errorf("shortfall %v, want %d USD cents", s, want)
	}
}

func TestVerifyNotApplicable(t *testing.T) {
	b, trip, it := sample(t)
	b.Budget, b.Constraints = nil, orchestrator.Constraints{}
	rep := Verify(b, trip, it)
	if !rep.Passed {
		t.Fatalf("failed: %+v", rep.Findings)
	}
	for _, c := range rep.Checks {
		if c.Kind == orchestrator.CheckHard && c.Name != CheckRoute && c.Status != orchestrator.CheckNotApplicable {
			t.Errorf("%s = %s without a constraint, want not_applicable", c.Name, c.Status)
		}
	}
}

func TestVerifyNilItinerary(t *testing.T) {
	b, trip, _ := sample(t)
	if rep := Verify(b, trip, nil); rep.Passed {
		t.Error("a missing itinerary passed")
	}
}

// TestVerifyCityCount checks a brief that asks for city_count of its
// destinations: the sample plan visits one city, Alpha.
func TestVerifyCityCount(t *testing.T) {
	tests := []struct {
		name         string
		destinations []string
		count        int
		pass         bool
	}{
		{"one of two", []string{"Alpha", "Beta"}, 1, true},
		{"one of two, other order", []string{"Beta", "Alpha"}, 1, true},
		{"two of two", []string{"Alpha", "Beta"}, 2, false},
		{"two of three", []string{"Alpha", "Beta", "Gamma"}, 2, false},
		{"not a destination", []string{"Beta", "Gamma"}, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, trip, it := sample(t)
			b.Destinations, b.CityCount = tt.destinations, tt.count
			rep := Verify(b, trip, it)
			var route string
			for _, c := range rep.Checks {
				if c.Name == CheckRoute {
					route = c.Status
				}
			}
			if got := route != orchestrator.CheckFail; got != tt.pass {
				t.Errorf("route check %s, want pass=%v; findings %+v", route, tt.pass, rep.Findings)
			}
		})
	}
}
