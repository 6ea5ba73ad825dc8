package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// TestOddHourForBudget: a plan fitted to a budget books a leg at an odd
// hour only when it saves more than a tenth of the leg's price and is not
// in the dead of night, and then says so (odd_hour_for_budget) with what a leg at a sensible hour costs
// more; an open budget gets no odd-hour leg and no such finding.
func TestOddHourForBudget(t *testing.T) {
	cat := loadChina(t)
	plan := func(origin, dest string, budget float64) *orchestrator.Itinerary {
		b := &orchestrator.Brief{Origin: origin, Destinations: []string{dest}, Days: 3, StartDate: "2026-12-20",
			Travelers: orchestrator.Travelers{Adults: 1},
			Budget:    &orchestrator.Budget{Amount: budget, Currency: "CNY", PerPerson: true},
			Language:  "zh", Now: "2026-12-02T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, err := planner.Plan(b, hubTrip(t, cat, origin, dest), planner.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return it
	}
	odd := func(it *orchestrator.Itinerary) (legs int, found []orchestrator.Finding) {
		for _, d := range it.Days {
			for _, l := range d.Legs {
				if l.Mode != "taxi" && (l.Depart < "06:30" || l.Arrive > "23:30" || l.ArriveDayOffset > 0) {
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
	// 北京→南京 at 1000 CNY a head: the overnight Z281 arriving at 05:11
	// saves over 300 CNY on the first high-speed train, and the plan says
	// so.
	n, fs := odd(plan("北京", "南京", 1000))
	if n == 0 || len(fs) != n {
		t.Fatalf("北京→南京 at 1000 CNY: %d odd-hour legs, findings %+v; want the cheap odd-hour leg and a finding for it", n, fs)
	}
	for _, f := range fs {
		if !strings.Contains(f.Message, "to keep within the budget") || !strings.Contains(f.Message, " more") || f.Severity != orchestrator.SeverityWarning {
			t.Errorf("finding %+v", f)
		}
	}
	// 重庆→深圳 at 2000 CNY a head: the 01:46 flight home would save 5 CNY
	// and the last day; the 19:34 one is booked.
	if n, fs := odd(plan("重庆", "深圳", 2000)); n != 0 || len(fs) != 0 {
		t.Errorf("重庆→深圳 at 2000 CNY: %d odd-hour legs, findings %+v; want none for a saving of 1%%", n, fs)
	}
	if n, fs := odd(plan("北京", "深圳", 20000)); n != 0 || len(fs) != 0 {
		t.Errorf("open budget: %d odd-hour legs, findings %+v", n, fs)
	}
}
