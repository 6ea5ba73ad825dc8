package planner_test

import (
	"slices"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestHotPotOnce plans trips to ten sandbox cities (3 and 4 days, no food
// asked for) and holds that hot pot, a long and heavy meal, is eaten at
// most once a trip (quality.OnceCategories), and that a traveller asking
// for hot pot still gets it more than once where the data allows. Before,
// 38 of the 125 evaluation plans ate hot pot twice or more (Chengdu three
// times).
func TestHotPotOnce(t *testing.T) {
	cat := loadChina(t)
	hotpot := func(it *orchestrator.Itinerary) int {
		n := 0
		for _, d := range it.Days {
			for _, m := range d.Meals {
				if m.Slot != orchestrator.Breakfast && slices.Contains(m.Cuisines, "火锅") {
					n++
				}
			}
		}
		return n
	}
	for _, city := range []string{"成都", "重庆", "北京", "南京", "武汉", "上海", "杭州", "广州", "深圳", "苏州"} {
		for _, days := range []int{3, 4} {
			origin := "上海"
			if city == origin {
				origin = "北京"
			}
			b := &orchestrator.Brief{Origin: origin, Destinations: []string{city}, Days: days,
				Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
			if err := b.Normalize(time.Time{}); err != nil {
				t.Fatal(err)
			}
			it, _ := planOnSandbox(t, cat, b)
			if n := hotpot(it); n > 1 {
				t.Errorf("%s %d days: hot pot at %d meals", city, days, n)
			}
		}
	}
	b := &orchestrator.Brief{Origin: "上海", Destinations: []string{"重庆"}, Days: 4, Constraints: orchestrator.Constraints{Cuisines: []string{"火锅"}},
		Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	if it, _ := planOnSandbox(t, cat, b); hotpot(it) < 2 {
		t.Errorf("重庆, hot pot asked for: hot pot at %d meals, want it more than once", hotpot(it))
	}
}
