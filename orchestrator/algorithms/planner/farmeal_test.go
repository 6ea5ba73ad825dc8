package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestFarSightMealNearest: a day at OMG心跳乐园 (Tonglu, 70 km from
// Hangzhou's centre), where no restaurant can be reached in the time
// after the visit, has its meal at the restaurant nearest the park that is
// open, not at one in town: the meal after it is at most an hour short of
// the travel (two hours and a half in town).
func TestFarSightMealNearest(t *testing.T) {
	cat := loadChina(t)
	trip := hubTrip(t, cat, "上海", "杭州")
	for _, days := range []int{2, 3} {
		b := &orchestrator.Brief{Origin: "上海", Destinations: []string{"杭州"}, Days: days, StartDate: "2026-05-01",
			Travelers: orchestrator.Travelers{Adults: 1}, MustVisit: []string{"OMG心跳乐园"}, Language: "zh", Now: "2026-04-20T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, err := planner.Plan(b, trip, planner.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range it.Days {
			for _, m := range d.Meals {
				if m.Slot == orchestrator.Breakfast {
					continue
				}
				at, _ := orchestrator.ParseClock(m.Time)
				for _, s := range d.Stops {
					e, _ := orchestrator.ParseClock(s.End)
					if s.Name != "OMG心跳乐园" || e > at {
						continue
					}
					need, ok := quality.MealTravel(nil, "", s.Location, "", m.Location)
					if ok && need-(at-e) > 60 {
						t.Errorf("%dd day %d: %s %s at %s, %d min after the park and %d min away", days, d.Day, m.Slot, m.Name, m.Time, at-e, need)
					}
				}
			}
		}
	}
}
