package planner_test

import (
	"slices"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestOtherRegionIsNotLocal holds that another Chinese region's cooking is
// not the city's food: a lunch moved to a restaurant of another region's
// label (粤菜 in Shanghai, Beijing and Chengdu, 北京菜 in Chengdu, 川菜 and
// 新疆菜 in Hangzhou, 川菜 in Nanjing: labels the sandbox has there) while the city's own food is open near is a
// not_local objection, by default and with the local specialties asked
// for, and none when that cuisine is asked for; and that the planner's
// own plans for these cities, with no food asked for, have none.
func TestOtherRegionIsNotLocal(t *testing.T) {
	cat := loadChina(t)
	cases := []struct{ city, label string }{
		{"上海", "粤菜"}, {"北京", "粤菜"}, {"成都", "粤菜"}, {"重庆", "粤菜"}, {"杭州", "川菜"}, {"杭州", "新疆菜"}, {"南京", "川菜"},
	}
	for _, c := range cases {
		for _, ask := range []string{"", "local", "cuisine"} {
			b := mealBrief(t, "武汉", c.city, 3, func(b *orchestrator.Brief) {
				switch ask {
				case "local":
					b.Foods = []string{"当地特色"}
				case "cuisine":
					b.Foods = []string{c.label}
				}
			})
			it, trip := planOnSandbox(t, cat, b)
			if ask == "" {
				if n := quality.Count(quality.Objections(b, trip, it))[quality.ObjNotLocal]; n > 0 {
					t.Errorf("%s, no food asked for: the plan has %d not_local", c.city, n)
				}
			}
			moved := false
			for di := 1; di < len(it.Days) && !moved; di++ {
				for mi := range it.Days[di].Meals {
					m := &it.Days[di].Meals[mi]
					if m.Slot != orchestrator.Lunch || m.Location == nil || moved {
						continue
					}
					for _, cd := range trip.Cities {
						if !orchestrator.SameCity(cd.Name, c.city) || cd.Restaurants == nil {
							continue
						}
						for _, r := range cd.Restaurants.Value {
							if slices.Contains(r.Cuisines, c.label) && r.Location != nil && m.Location.DistanceKM(*r.Location) < 5 {
								m.RestaurantID, m.Name, m.Cuisines, m.Location, m.Serves = r.ID, r.Name, r.Cuisines, r.Location, nil
								moved = true
								break
							}
						}
					}
				}
			}
			if !moved {
				t.Errorf("%s: no %s restaurant near a lunch", c.city, c.label)
				continue
			}
			n := quality.Count(quality.Objections(b, trip, it))[quality.ObjNotLocal]
			if want := ask != "cuisine"; (n > 0) != want {
				t.Errorf("%s, a %s lunch, asked %q: %d not_local, want one: %v", c.city, c.label, ask, n, want)
			}
		}
	}
}
