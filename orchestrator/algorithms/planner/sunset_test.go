package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestSunsetVisitBeforeDark: a sight asked for at sunset on a dated trip is
// there as the sun goes down (its start within quality.SunsetWindow of
// that day), not after dinner, in May and in December, and the score
// counts no wrong_hour for it.
func TestSunsetVisitBeforeDark(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct{ start, end, sight string }{
		{"2026-05-20", "2026-05-21", "西湖"},
		{"2026-12-15", "2026-12-16", "西湖"},
	} {
		b := &orchestrator.Brief{
			Origin: "Nanjing", Destinations: []string{"Hangzhou"}, StartDate: c.start, EndDate: c.end, Days: 2,
			Travelers:  orchestrator.Travelers{Adults: 2},
			MustVisit:  []string{c.sight},
			VisitTimes: []orchestrator.VisitTime{{Sight: c.sight, When: "sunset"}},
			Places: []orchestrator.Place{{Name: "Hangzhou", Latitude: 30.29365, Longitude: 120.16142, Timezone: "Asia/Shanghai"},
				{Name: "Nanjing", Latitude: 32.06167, Longitude: 118.77778, Timezone: "Asia/Shanghai"}},
		}
		if err := b.Normalize(time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		found := false
		for _, d := range it.Days {
			for _, s := range d.Stops {
				if !strings.Contains(s.Name, c.sight) {
					continue
				}
				found = true
				from, to, ok := quality.SunsetWindow(b, d.City, d.Date, s.Location)
				start, _ := orchestrator.ParseClock(s.Start)
				if !ok || start < from || start > to {
					t.Errorf("%s: %s at %s on %s, sunset window %02d:%02d–%02d:%02d (ok %v)", c.start, s.Name, s.Start, d.Date, from/60, from%60, to/60, to%60, ok)
				}
			}
		}
		if !found {
			t.Errorf("%s: %s not planned", c.start, c.sight)
		}
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjWrongHour {
				t.Errorf("%s: %s", c.start, o.Detail)
			}
		}
	}
}
