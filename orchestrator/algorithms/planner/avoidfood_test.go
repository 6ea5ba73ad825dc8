package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestAvoidFoods: a family whose child cannot eat spicy food, a couple
// who want no hot pot and a traveller who eats no seafood get no lunch or
// dinner where that food is the fare (the same matching as a wish), and
// no food_avoided objection — in the cities where spicy food is the
// local fare too.
func TestAvoidFoods(t *testing.T) {
	cat := loadChina(t)
	cases := []struct {
		origin, city, avoid string
		kids                int
	}{
		{"广州", "重庆", "spicy food", 1}, {"上海", "成都", "spicy food", 1}, {"北京", "重庆", "Hot Pot", 0},
		{"上海", "武汉", "spicy food", 0}, {"北京", "深圳", "Seafood", 0}, {"上海", "广州", "Seafood", 0},
	}
	for _, c := range cases {
		b := &orchestrator.Brief{Origin: c.origin, Destinations: []string{c.city}, Days: 3, Travelers: orchestrator.Travelers{Adults: 2, Children: c.kids},
			Budget: &orchestrator.Budget{Amount: 3000, Currency: "CNY", PerPerson: true}, Language: "zh", Now: "2026-05-01T09:00:00+08:00",
			Constraints: orchestrator.Constraints{AvoidFoods: []string{c.avoid}}}
		if c.kids > 0 {
			b.Travelers.ChildAges = []int{5}
		}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		avoid := quality.NewFood(c.avoid)
		meals := 0
		for _, d := range it.Days {
			for _, m := range d.Meals {
				if m.Slot == orchestrator.Breakfast {
					continue
				}
				for _, cd := range trip.Cities {
					if cd.Restaurants == nil {
						continue
					}
					for i := range cd.Restaurants.Value {
						if r := &cd.Restaurants.Value[i]; r.ID == m.RestaurantID && orchestrator.SameCity(cd.Name, m.City) {
							meals++
							if avoid.Serves(r) {
								t.Errorf("%s, %s declined: %s at %s (%v)", c.city, c.avoid, m.Slot, m.Name, r.Cuisines)
							}
						}
					}
				}
			}
		}
		if meals == 0 {
			t.Errorf("%s: no lunch or dinner planned", c.city)
		}
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjAvoided {
				t.Errorf("%s: %s %s", c.city, o.Kind, o.Detail)
			}
		}
	}
}
