package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestMustSeesBeforeOthers: short trips naming more must-sees than a
// day's share of stops visit every one of them that fits the day, rather
// than a non-must sight in their place.
func TestMustSeesBeforeOthers(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct {
		origin, city string
		days         int
		must         []string
	}{
		{"Shanghai", "Suzhou", 1, []string{"拙政园", "苏州博物馆", "平江路"}},
		{"Shanghai", "Hangzhou", 1, []string{"灵隐寺", "雷峰塔", "断桥"}},
		{"Nanjing", "Suzhou", 1, []string{"苏州博物馆", "平江路", "拙政园"}},
		{"Shanghai", "Hangzhou", 1, []string{"断桥", "灵隐寺", "雷峰塔"}},
	} {
		b := &orchestrator.Brief{
			Origin: c.origin, Destinations: []string{c.city}, Days: c.days,
			Travelers: orchestrator.Travelers{Adults: 2},
			MustVisit: c.must,
		}
		if err := b.Normalize(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		for _, m := range c.must {
			found := false
			for _, d := range it.Days {
				for _, s := range d.Stops {
					found = found || strings.Contains(s.Name, m)
				}
			}
			if !found {
				var names []string
				for _, d := range it.Days {
					for _, s := range d.Stops {
						names = append(names, s.Name)
					}
				}
				t.Errorf("%s %d days, must %v: %s not visited (stops %v)", c.city, c.days, c.must, m, names)
			}
		}
	}
}
