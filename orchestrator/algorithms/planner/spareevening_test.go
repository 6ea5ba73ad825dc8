package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestSpareEveningMustSeenByDay: two must-see night views and a single
// evening in the city: the second is seen by day rather than dropped.
func TestSpareEveningMustSeenByDay(t *testing.T) {
	cat := loadChina(t)
	for _, must := range [][]string{{"Bund", "Nanjing Road", "Shanghai Museum"}, {"外滩", "南京路", "豫园"}} {
		b := &orchestrator.Brief{
			Origin: "Nanjing", Destinations: []string{"Shanghai"}, StartDate: "2027-02-27", EndDate: "2027-02-28", Days: 2,
			Travelers: orchestrator.Travelers{Adults: 1},
			Budget:    &orchestrator.Budget{Amount: 1200, Currency: "CNY"},
			Interests: []string{"museums", "night views"}, MustVisit: must,
			Now: "2027-02-20T09:00:00+08:00",
		}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		for _, f := range it.Findings {
			if f.Code == "must_visit_unscheduled" {
				t.Errorf("%v: %s", must, f.Message)
			}
		}
	}
}
