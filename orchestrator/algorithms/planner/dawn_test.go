package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestSunriseBeforeBreakfast: a sight asked for at sunrise or early in the
// morning is visited from its opening, before 09:00 and before the day's
// breakfast, on a trip with no date as on a dated one.
func TestSunriseBeforeBreakfast(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct {
		origin, city, sight, want, when, start string
	}{
		{"Shanghai", "Beijing", "景山", "景山", "sunrise", ""},
		{"Shanghai", "Beijing", "Jingshan Park", "景山", "early morning", "2026-10-10"},
		{"Shanghai", "Shanghai", "外滩", "外滩", "sunrise", ""},
		{"Chongqing", "Chengdu", "panda base", "大熊猫繁育", "early morning", ""},
		{"Guangzhou", "Shenzhen", "深圳湾公园", "深圳湾", "sunrise", "2026-06-01"},
	} {
		origin := c.origin
		if c.city == "Shanghai" {
			origin = "Beijing"
		}
		b := &orchestrator.Brief{
			Origin: origin, Destinations: []string{c.city}, Days: 3, StartDate: c.start,
			Travelers:  orchestrator.Travelers{Adults: 2},
			VisitTimes: []orchestrator.VisitTime{{Sight: c.sight, When: c.when}},
		}
		if err := b.Normalize(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		found := false
		for _, d := range it.Days {
			for _, s := range d.Stops {
				if !strings.Contains(s.Name, c.want) {
					continue
				}
				found = true
				if s.Start >= "09:00" {
					t.Errorf("%s at %s: %s starts %s, want before 09:00", c.sight, c.when, s.Name, s.Start)
				}
				for _, m := range d.Meals {
					if m.Slot == orchestrator.Breakfast && m.Time < s.Start {
						t.Errorf("%s at %s: breakfast %s before %s at %s", c.sight, c.when, m.Time, s.Name, s.Start)
					}
				}
			}
		}
		if !found {
			t.Errorf("%s at %s: not visited", c.sight, c.when)
		}
	}
}
