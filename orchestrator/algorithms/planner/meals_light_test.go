package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// TestLunchAndDinnerAreMeals plans three days in each sandbox city, at a
// tight and at an open budget: no lunch or dinner is at a bakery, café, tea
// house or bar (concepts.LightMeal) — unless the traveller asks for coffee.
func TestLunchAndDinnerAreMeals(t *testing.T) {
	cat := loadChina(t)
	for _, city := range []string{"北京", "上海", "成都", "杭州", "南京", "苏州", "广州", "深圳", "武汉", "重庆"} {
		origin := "上海"
		if city == "上海" {
			origin = "北京"
		}
		trip := hubTrip(t, cat, origin, city)
		for _, tc := range []struct {
			budget   float64
			cuisines []string
		}{{1500, nil}, {6000, nil}, {3000, []string{"cafe"}}} {
			b := &orchestrator.Brief{Origin: origin, Destinations: []string{city}, Days: 3, StartDate: "2026-12-11",
				Travelers: orchestrator.Travelers{Adults: 1}, Budget: &orchestrator.Budget{Amount: tc.budget, Currency: "CNY", PerPerson: true},
				Constraints: orchestrator.Constraints{Cuisines: tc.cuisines}, Language: "zh", Now: "2026-12-02T09:00:00+08:00"}
			if err := b.Normalize(time.Time{}); err != nil {
				t.Fatal(err)
			}
			it, err := planner.Plan(b, trip, planner.Options{})
			if err != nil {
				t.Fatalf("%s %v: %v", city, tc, err)
			}
			light := 0
			for _, d := range it.Days {
				for _, m := range d.Meals {
					if m.Slot != orchestrator.Breakfast && concepts.LightMeal(m.Cuisines) {
						light++
						if tc.cuisines == nil {
							t.Errorf("%s, %.0f CNY: day %d %s at %s %v", city, tc.budget, d.Day, m.Slot, m.Name, m.Cuisines)
						}
					}
				}
			}
			if tc.cuisines != nil && light == 0 {
				t.Errorf("%s: coffee asked for, no café among lunches and dinners", city)
			}
		}
	}
}
