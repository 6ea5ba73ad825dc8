package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestAccessFromTheDaysPlaces plans two-day trips between sandbox cities
// and holds, for every leg: its door-to-door times are labelled as
// estimates; a leg whose station or airport the data locates names the
// place access is measured from, and its time is the mode's minimum plus
// the access from that place (so two plans leaving from places at
// different distances get different times); and the day's last stop or
// meal before a departure ends in time to reach the station from it, and
// nobody is asked to leave before 05:30 for a departure.
func TestAccessFromTheDaysPlaces(t *testing.T) {
	cat := loadChina(t)
	seen := map[int]bool{}
	named := 0
	for i, dest := range sandboxCities {
		b := &orchestrator.Brief{Origin: sandboxCities[(i+3)%len(sandboxCities)], Destinations: []string{dest}, Days: 2,
			Travelers: orchestrator.Travelers{Adults: 2}, Language: "en", Now: "2026-05-01T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		for _, d := range it.Days {
			for _, l := range d.Legs {
				if l.Journey > 0 {
					continue
				}
				if !l.AccessEstimate || l.BeforeMinutes <= 0 || l.AfterMinutes <= 0 {
					t.Errorf("%s day %d %s %s: door-to-door times %d/%d, estimate %v", dest, d.Day, l.Mode, l.Number, l.BeforeMinutes, l.AfterMinutes, l.AccessEstimate)
					continue
				}
				if l.BeforeFrom != "" {
					named++
					seen[l.BeforeMinutes-quality.MinBefore(l.Mode)] = true
					if l.BeforeMinutes < quality.MinBefore(l.Mode)+quality.AccessMinutes(0) {
						t.Errorf("%s %s: %d min before, under the minimum and the least access", dest, l.Number, l.BeforeMinutes)
					}
				}
				dep, _ := orchestrator.ParseClock(l.Depart)
				if l.BeforeFrom != "" && dep-l.BeforeMinutes < 5*60+30 {
					// The sandbox has later services on every pair.
					t.Errorf("%s day %d: %s %s at %s asks to leave %s at %s", dest, d.Day, l.Mode, l.Number, l.Depart, l.BeforeFrom, orchestrator.FormatClock(dep-l.BeforeMinutes))
				}
				last := -1
				for _, s := range d.Stops {
					if st, _ := orchestrator.ParseClock(s.Start); st < dep {
						e, _ := orchestrator.ParseClock(s.End)
						last = max(last, e)
					}
				}
				for _, m := range d.Meals {
					if mt, _ := orchestrator.ParseClock(m.Time); mt < dep {
						last = max(last, mt+orchestrator.MealMinutes(m.Slot))
					}
				}
				if last > dep-l.BeforeMinutes {
					t.Errorf("%s day %d: the day's last place ends at %s, but %s %s at %s needs leaving %s by %s",
						dest, d.Day, orchestrator.FormatClock(last), l.Mode, l.Number, l.Depart, l.BeforeFrom, orchestrator.FormatClock(dep-l.BeforeMinutes))
				}
			}
		}
	}
	if named == 0 || len(seen) < 3 {
		t.Errorf("%d legs name their place, %d distinct access times: access is not measured from the places", named, len(seen))
	}
}

func TestAccessMinutes(t *testing.T) {
	// Shanghai Pudong lies about 35 km from People's Square, Hongqiao 13.
	pudong, hongqiao := quality.AccessMinutes(35), quality.AccessMinutes(13)
	if pudong < 50 || pudong > 75 || hongqiao < 30 || hongqiao > 45 || quality.AccessMinutes(0) != 10 {
		t.Errorf("access 35 km %d min, 13 km %d min, 0 km %d min", pudong, hongqiao, quality.AccessMinutes(0))
	}
}
