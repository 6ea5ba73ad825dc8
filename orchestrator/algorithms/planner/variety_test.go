package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestMealVariety plans three days in each sandbox city, with and without a
// requested cuisine, and holds that no restaurant category repeats on a
// day or beyond the trip's cap, and that a requested cuisine is still
// served — at most the cap's number of times.
func TestMealVariety(t *testing.T) {
	cat := loadChina(t)
	cities := []string{"北京", "上海", "杭州", "苏州", "南京", "成都", "重庆", "武汉", "广州", "深圳"}
	for i, dest := range cities {
		for _, cuisine := range []string{"", "火锅"} {
			origin := cities[(i+1)%len(cities)]
			b := &orchestrator.Brief{Origin: origin, Destinations: []string{dest}, Days: 3,
				Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
			if cuisine != "" {
				b.Constraints.Cuisines = []string{cuisine}
			}
			if err := b.Normalize(time.Time{}); err != nil {
				t.Fatal(err)
			}
			it, _ := planOnSandbox(t, cat, b)
			days := quality.MealCategories(it, nil)
			n := 0
			for _, d := range days {
				n += len(d)
			}
			if same, over := quality.MealRepeats(days); same+over > 0 {
				t.Errorf("%s→%s cuisine %q: %d same-day and %d over-cap meal repeats: %v", origin, dest, cuisine, same, over, days)
			}
			if cuisine == "" {
				continue
			}
			c := concepts.For(cuisine, concepts.Cuisine)
			served := 0
			for _, d := range it.Days {
				for _, m := range d.Meals {
					if m.Slot != orchestrator.Breakfast && c.Restaurant(m.Name, m.Cuisines) {
						served++
					}
				}
			}
			if served == 0 || served > quality.MealCap(n) {
				t.Errorf("%s→%s: %s served at %d lunches and dinners, want 1..%d", origin, dest, cuisine, served, quality.MealCap(n))
			}
		}
	}
}
