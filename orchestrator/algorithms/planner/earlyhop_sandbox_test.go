package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestShortHopNotBeforeSeven: a trip whose first leg is a short train hop
// (广州↔深圳 in half an hour, 上海↔杭州 in an hour) leaves at 07:00 or
// later when later trains run, not at 06:36–06:53 (earlyHopBefore).
func TestShortHopNotBeforeSeven(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct{ origin, city string }{
		{"广州", "深圳"}, {"深圳", "广州"}, {"上海", "杭州"}, {"杭州", "上海"},
	} {
		for _, tier := range []string{"", "economy"} {
			b := &orchestrator.Brief{Origin: c.origin, Destinations: []string{c.city}, Days: 2, Travelers: orchestrator.Travelers{Adults: 1}}
			if tier == "economy" {
				b.Budget = &orchestrator.Budget{Amount: 1500, Currency: "CNY", PerPerson: true}
			}
			if err := b.Normalize(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)); err != nil {
				t.Fatal(err)
			}
			it, _ := planOnSandbox(t, cat, b)
			for _, d := range it.Days {
				for _, l := range d.Legs {
					if l.DurationMinutes <= 4*60 && l.Depart < "07:00" {
						t.Errorf("%s→%s %s: %s %s leaves at %s", c.origin, c.city, tier, l.Mode, l.Number, l.Depart)
					}
				}
			}
		}
	}
}
