package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestNightMustWithChild: a family with a 5-year-old that asks for night
// views and insists on a night view whose visit cannot end by 21:00 when
// begun at dusk (洪崖洞: 3 h or more) still sees it — by day — instead of
// losing it (a colleague's plan lost it).
func TestNightMustWithChild(t *testing.T) {
	cat := loadChina(t)
	for _, must := range []string{"洪崖洞", "洪崖洞夜景"} {
		b := &orchestrator.Brief{Origin: "广州", Destinations: []string{"重庆"}, Days: 3,
			Travelers: orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{5}},
			Budget:    &orchestrator.Budget{Amount: 6000, Currency: "CNY"}, Interests: []string{"night views"},
			MustVisit: []string{must}, Language: "zh", Now: "2026-12-07T09:00:00+08:00", StartDate: "2027-01-01"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		seen := false
		for _, d := range it.Days {
			for _, s := range d.Stops {
				if s.Name == "洪崖洞" {
					seen = true
				}
			}
		}
		if !seen {
			t.Errorf("must %q with a child of 5 and night views: 洪崖洞 not visited", must)
		}
	}
}
