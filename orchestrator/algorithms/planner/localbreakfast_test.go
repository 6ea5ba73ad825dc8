package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestLocalBreakfasts: asked for the local specialties, trips to eight
// sandbox cities (families and couples, 3–5 days) breakfast on local fare
// (quality.LocalBreakfast: 早茶, 小笼包, 豆浆油条, 热干面 — no café, bakery or
// another region's food) whenever such a breakfast place is open within
// reach, and draw no not_local objection. Without the planner's
// preference a Shenzhen family breakfasts at a café and a bakery.
func TestLocalBreakfasts(t *testing.T) {
	cat := loadChina(t)
	cases := []struct {
		origin string
		cities []string
		days   int
		kids   int
	}{
		{"武汉", []string{"广州", "深圳"}, 5, 1}, {"北京", []string{"南京"}, 3, 0}, {"上海", []string{"杭州"}, 3, 1},
		{"北京", []string{"武汉"}, 3, 0}, {"上海", []string{"成都"}, 4, 0}, {"北京", []string{"上海"}, 3, 1},
		{"上海", []string{"北京"}, 4, 0}, {"广州", []string{"深圳"}, 3, 0},
	}
	for _, c := range cases {
		b := &orchestrator.Brief{Origin: c.origin, Destinations: c.cities, Days: c.days, Travelers: orchestrator.Travelers{Adults: 2, Children: c.kids},
			Budget: &orchestrator.Budget{Amount: 4000, Currency: "CNY", PerPerson: true}, Foods: []string{"local specialties"}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjNotLocal {
				t.Errorf("%v: day %d: %s", c.cities, o.Day, o.Detail)
			}
		}
		for _, d := range it.Days {
			for _, m := range d.Meals {
				if m.Slot != orchestrator.Breakfast {
					continue
				}
				for i := range trip.Cities {
					cd := &trip.Cities[i]
					if !orchestrator.SameCity(cd.Name, m.City) || cd.Restaurants == nil || orchestrator.SameCity(cd.Name, c.origin) {
						continue
					}
					facts := quality.LocalFacts(cd.Name, cd.Restaurants.Value)
					for k, r := range cd.Restaurants.Value {
						if r.ID == m.RestaurantID && !quality.LocalBreakfast(facts[k], concepts.RestaurantPlace(r.Name, r.Cuisines)) {
							t.Logf("%v: day %d breakfast at %s %v (no local fare)", c.cities, d.Day, r.Name, r.Cuisines)
						}
					}
				}
			}
		}
	}
}
