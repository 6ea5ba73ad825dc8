package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestLocalSpecialties: asked for the local specialties ("local
// specialties", "当地特色菜", "Local food"), a trip to each of six sandbox
// cities eats them at three lunches and dinners in four or more, says so
// on the meal (serves), never eats food from abroad or of another region
// at one, and draws no not_local objection.
func TestLocalSpecialties(t *testing.T) {
	cat := loadChina(t)
	cases := []struct{ origin, city, wish string }{
		{"北京", "南京", "local specialties"}, {"上海", "杭州", "Local food"}, {"上海", "武汉", "当地特色菜"},
		{"北京", "重庆", "LOCAL SPECIALTIES"}, {"上海", "北京", "local specialties"}, {"武汉", "广州", "当地特色菜"},
	}
	for _, c := range cases {
		b := &orchestrator.Brief{Origin: c.origin, Destinations: []string{c.city}, Days: 3, Travelers: orchestrator.Travelers{Adults: 2},
			Budget: &orchestrator.Budget{Amount: 3000, Currency: "CNY", PerPerson: true}, Foods: []string{c.wish}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		var cd *orchestrator.CityData
		for i := range trip.Cities {
			if orchestrator.SameCity(trip.Cities[i].Name, c.city) {
				cd = &trip.Cities[i]
			}
		}
		facts := quality.LocalFacts(cd.Name, cd.Restaurants.Value)
		local, meals := 0, 0
		for _, d := range it.Days {
			for _, m := range d.Meals {
				if m.Slot == orchestrator.Breakfast || !orchestrator.SameCity(m.City, c.city) {
					continue
				}
				meals++
				for i := range cd.Restaurants.Value {
					r := &cd.Restaurants.Value[i]
					if r.ID != m.RestaurantID {
						continue
					}
					if facts[i].Local() {
						local++
						if len(m.Serves) == 0 || m.Serves[0] != c.wish {
							t.Errorf("%s: %s serves %v, want %q", c.city, m.Name, m.Serves, c.wish)
						}
					}
					if concepts.Foreign(r.Name, r.Cuisines) || facts[i].Other {
						t.Errorf("%s: %s %s (%v): foreign or another region's food", c.city, m.Slot, m.Name, r.Cuisines)
					}
				}
			}
		}
		if meals == 0 || 4*local < 3*meals {
			t.Errorf("%s: %d of %d lunches and dinners local, want three in four", c.city, local, meals)
		}
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjNotLocal || o.Kind == quality.ObjFoodMissed {
				t.Errorf("%s: %s %s", c.city, o.Kind, o.Detail)
			}
		}
	}
}
