package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestNoDeadOfNightLegs plans trips by train whose cheapest train arrives
// between midnight and 05:00 (北京→南京 1461 11:56 → 02:56 the next day) on
// budgets a plan without it meets, and holds that no leg leaves or arrives
// in the dead of night (quality.DeadOfNight) and that odd_hour finds none;
// before, the budget path booked it whenever the next option cost more
// than 10% more. Where only such a leg meets the budget (北京→深圳 at 2200
// CNY a head: Z181 at 03:50), the plan keeps within the budget with it
// (variant.nightLegs) rather than going over.
func TestNoDeadOfNightLegs(t *testing.T) {
	cat := loadChina(t)
	plan := func(origin, city string, budget float64, adults int) (*orchestrator.Brief, *orchestrator.Itinerary, *orchestrator.Trip) {
		b := &orchestrator.Brief{Origin: origin, Destinations: []string{city}, Days: 3, Travelers: orchestrator.Travelers{Adults: adults},
			Budget:      &orchestrator.Budget{Amount: budget, Currency: "CNY", PerPerson: true},
			Constraints: orchestrator.Constraints{TransportPrefer: []string{"train"}},
			Language:    "zh", Now: "2026-05-01T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		return b, it, trip
	}
	for _, adults := range []int{1, 2} {
		b, it, trip := plan("北京", "南京", 1200, adults)
		for _, d := range it.Days {
			for _, l := range d.Legs {
				if quality.DeadLeg(&l) {
					t.Errorf("北京→南京, %d adults: day %d %s %s %s–%s (+%d)", adults, d.Day, l.Mode, l.Number, l.Depart, l.Arrive, l.ArriveDayOffset)
				}
			}
		}
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjOddHour {
				t.Errorf("北京→南京, %d adults: %s", adults, o.Detail)
			}
		}
		_, it, _ = plan("北京", "深圳", 2200, adults)
		for _, f := range it.Findings {
			if f.Code == orchestrator.FindingOverBudget {
				t.Errorf("北京→深圳 at 2200 CNY, %d adults: %s", adults, f.Message)
			}
		}
	}
}
