package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/planner"
)

// TestOddHourForBudget: a budget only red-eye flights meet gets them, and
// a finding that says so and what a flight at a sensible hour costs more;
// an open budget gets no odd-hour leg and no such finding.
func TestOddHourForBudget(t *testing.T) {
	cat := loadChina(t)
	trip := hubTrip(t, cat, "重庆", "深圳")
	plan := func(budget float64) *orchestrator.Itinerary {
		b := &orchestrator.Brief{Origin: "重庆", Destinations: []string{"深圳"}, Days: 3, StartDate: "2026-12-20",
			Travelers: orchestrator.Travelers{Adults: 1},
			Budget:    &orchestrator.Budget{Amount: budget, Currency: "CNY", PerPerson: true},
			Language:  "zh", Now: "2026-12-02T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, err := planner.Plan(b, trip, planner.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return it
	}
	odd := func(it *orchestrator.Itinerary) (legs int, found []orchestrator.Finding) {
		for _, d := range it.Days {
			for _, l := range d.Legs {
				if l.Mode == "flight" && (l.Depart < "06:30" || l.Arrive > "23:30" || l.ArriveDayOffset > 0) {
					legs++
				}
			}
		}
		for _, f := range it.Findings {
			if f.Code == planner.FindingOddHourForBudget {
				found = append(found, f)
			}
		}
		return legs, found
	}
	// 2000 CNY a head: only the 01:46 flight back keeps within it
	n, fs := odd(plan(2000))
	if n == 0 {
		t.Fatal("no odd-hour flight at 2000 CNY: the scenario no longer tests the finding")
	}
	if len(fs) != n {
		t.Errorf("%d odd-hour flights, %d findings: %+v", n, len(fs), fs)
	}
	for _, f := range fs {
		if !strings.Contains(f.Message, " more") || !strings.Contains(f.Message, "to keep within the budget") || f.Severity != orchestrator.SeverityWarning {
			t.Errorf("finding %+v", f)
		}
	}
	if n, fs := odd(plan(20000)); n != 0 || len(fs) != 0 {
		t.Errorf("open budget: %d odd-hour flights, findings %+v", n, fs)
	}
}
