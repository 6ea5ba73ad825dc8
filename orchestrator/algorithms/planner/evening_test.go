package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// TestNightViewsInTheEvening plans two days with the interest "night
// views" in every sandbox city whose data holds a sight best seen after
// dark that fits an evening, and holds that the plan visits one,
// after 18:00.
func TestNightViewsInTheEvening(t *testing.T) {
	cat := loadChina(t)
	for i, dest := range sandboxCities {
		city, _ := cat.City(dest)
		// A night sight fits when it is open long enough after an early
		// dinner (from 19:15) for the data's shortest recommended visit.
		has := false
		for _, a := range city.Attractions {
			if concepts.Evening(a.Name, a.Category, a.Tags) {
				for _, h := range a.Hours {
					closes := clockMinutes(h.Close)
					if closes <= clockMinutes(h.Open) {
						closes += 24 * 60
					}
					has = has || closes-max(a.VisitMinMinutes, 30) >= 19*60+15
				}
			}
		}
		if !has {
			continue
		}
		b := &orchestrator.Brief{Origin: sandboxCities[(i+1)%len(sandboxCities)], Destinations: []string{dest}, Days: 2,
			Travelers: orchestrator.Travelers{Adults: 2}, Language: "en", Now: "2026-05-01T09:00:00+08:00", Interests: []string{"night views"}}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		ok := false
		var got []string
		for _, d := range it.Days {
			for _, s := range d.Stops {
				got = append(got, s.Start+" "+s.Name)
				ok = ok || concepts.Evening(s.Name, "", nil) && s.Start >= "18:00"
			}
		}
		if !ok {
			t.Errorf("%s: no evening sight after 18:00 for night views: %v", dest, got)
		}
	}
}

func clockMinutes(hhmm string) int {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return 0
	}
	return t.Hour()*60 + t.Minute()
}
