package verifier_test

import (
	"fmt"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

func ExampleVerify() {
	cny := func(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "CNY"} }
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{
		Name: "Suzhou",
		Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: []orchestrator.Attraction{
			{ID: "a1", Name: "拙政园", Price: &orchestrator.Money{Cents: 8000, Currency: "CNY"},
				Hours: []orchestrator.OpeningHours{{Open: "07:30", Close: "17:30"}}},
		}},
		Restaurants: &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: []orchestrator.Restaurant{
			{ID: "r1", Name: "面馆", Price: cny(2500)}, {ID: "r2", Name: "苏帮菜", Price: cny(9000)}, {ID: "r3", Name: "茶楼", Price: cny(4000)},
		}},
	}}}
	b := &orchestrator.Brief{Destinations: []string{"Suzhou"}, Days: 1, Travelers: orchestrator.Travelers{Adults: 1},
		Budget: &orchestrator.Budget{Amount: 200, Currency: "CNY"}}
	meal := func(slot, id, name, at string, c int64) orchestrator.Meal {
		return orchestrator.Meal{Slot: slot, RestaurantID: id, Name: name, City: "Suzhou", Time: at, Price: cny(c), Cost: cny(c)}
	}
	it := &orchestrator.Itinerary{Tier: orchestrator.TierMid, Currency: "CNY", People: 1,
		Cities: []orchestrator.CityVisit{{City: "Suzhou", ArriveDay: 1}},
		Days: []orchestrator.Day{{Day: 1, City: "Suzhou",
			Stops: []orchestrator.Stop{{AttractionID: "a1", Name: "拙政园", City: "Suzhou", Start: "09:00", End: "11:00", Price: cny(8000), Cost: cny(8000)}},
			Meals: []orchestrator.Meal{meal("breakfast", "r1", "面馆", "08:00", 2500), meal("lunch", "r3", "茶楼", "12:00", 4000), meal("dinner", "r2", "苏帮菜", "18:00", 9000)},
			Cost:  cny(23500)}},
		Budget: orchestrator.BudgetBreakdown{Currency: "CNY", People: 1, Chosen: orchestrator.TierMid, Tiers: []orchestrator.TierCost{
			{Tier: orchestrator.TierMid, Food: cny(15500), Attractions: cny(8000), Total: cny(23500), PerPerson: cny(23500)}}},
	}
	rep := verifier.Verify(b, trip, it)
	fmt.Println("passed:", rep.Passed)
	for _, f := range rep.Findings {
		fmt.Printf("%s: %s (shortfall %s)\n", f.Code, f.Message, f.Shortfall)
	}
	// Output:
	// passed: false
	// over_budget: the plan costs 235.00 CNY, over the budget of 200.00 CNY by 35.00 CNY (shortfall 35.00 CNY)
}
