package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// fullDayCases are must-see theme parks of a day's scale in the sandbox,
// as a traveller names them.
var fullDayCases = []struct{ origin, city, must, sight string }{
	{"南京", "上海", "上海迪士尼", "上海迪士尼度假区"},
	{"上海", "北京", "Universal Studios", "北京环球度假区"},
	{"深圳", "广州", "长隆欢乐世界", "长隆欢乐世界"},
	{"广州", "深圳", "世界之窗", "世界之窗"},
}

// TestFullDayThemeParks plans three-day trips with a day-scale theme park
// as the must-see: the park gets most of a day (fullDayMinutes), not the
// four hours of a large sight, and the day keeps its lunch.
func TestFullDayThemeParks(t *testing.T) {
	cat := loadChina(t)
	for _, tc := range fullDayCases {
		t.Run(tc.sight, func(t *testing.T) {
			b := &orchestrator.Brief{Origin: tc.origin, Destinations: []string{tc.city}, Days: 3, StartDate: "2026-12-11",
				Travelers: orchestrator.Travelers{Adults: 2}, MustVisit: []string{tc.must}, Language: "zh", Now: "2026-12-02T09:00:00+08:00"}
			if err := b.Normalize(time.Time{}); err != nil {
				t.Fatal(err)
			}
			it, _ := planOnSandbox(t, cat, b)
			found := false
			for _, d := range it.Days {
				for _, s := range d.Stops {
					if s.Name != tc.sight {
						continue
					}
					found = true
					from, _ := orchestrator.ParseClock(s.Start)
					to, _ := orchestrator.ParseClock(s.End)
					if to-from < 300 {
						t.Errorf("%s: %s–%s, want five hours or more", s.Name, s.Start, s.End)
					}
					lunch := false
					for _, m := range d.Meals {
						lunch = lunch || m.Slot == orchestrator.Lunch
					}
					if !lunch {
						t.Errorf("%s: the day of %s has no lunch", d.Date, s.Name)
					}
				}
			}
			if !found {
				t.Fatalf("%s not visited", tc.sight)
			}
		})
	}
}
