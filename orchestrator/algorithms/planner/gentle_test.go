package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestGentleHours plans, between sandbox cities, the requests of a family
// with a young child ("上海出发去成都四天，带6岁的孩子") and of older parents
// at a slow pace ("带爸妈（都七十多岁）去北京，节奏要慢": the parser gives a
// relaxed pace), and holds that no leg asks them to leave the day's place
// before 07:00 or arrives after 22:00 while another option of the leg that
// day keeps those hours and the budget (the odd_hour objection). The same
// trips for two adults must leave before 07:00 somewhere, or the test
// would prove nothing.
func TestGentleHours(t *testing.T) {
	cat := loadChina(t)
	pairs := [][2]string{{"上海", "成都"}, {"上海", "北京"}, {"深圳", "广州"}, {"武汉", "重庆"}, {"成都", "重庆"}, {"杭州", "上海"}, {"广州", "北京"}, {"北京", "南京"}}
	parties := []struct {
		name string
		tr   orchestrator.Travelers
		pace string
	}{
		{"family, child of 6", orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{6}}, ""},
		{"parents in their seventies, slow", orchestrator.Travelers{Adults: 3}, "relaxed"},
	}
	adultsEarly := 0
	for _, p := range pairs {
		plan := func(tr orchestrator.Travelers, pace string) (*orchestrator.Brief, *orchestrator.Itinerary, *orchestrator.Trip) {
			b := &orchestrator.Brief{Origin: p[0], Destinations: []string{p[1]}, Days: 4, Travelers: tr, Pace: pace,
				Budget:   &orchestrator.Budget{Amount: 4000, Currency: "CNY", PerPerson: true},
				Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
			if err := b.Normalize(time.Time{}); err != nil {
				t.Fatal(err)
			}
			it, trip := planOnSandbox(t, cat, b)
			return b, it, trip
		}
		for _, party := range parties {
			b, it, trip := plan(party.tr, party.pace)
			for _, o := range quality.Objections(b, trip, it) {
				if o.Kind == quality.ObjOddHour {
					t.Errorf("%s→%s, %s: day %d: %s", p[0], p[1], party.name, o.Day, o.Detail)
				}
			}
		}
		_, it, _ := plan(orchestrator.Travelers{Adults: 2}, "")
		for _, d := range it.Days {
			for i := range d.Legs {
				if quality.OddLeg(&d.Legs[i], quality.GentleLeave, 24*60) {
					adultsEarly++
				}
			}
		}
	}
	if adultsEarly == 0 {
		t.Error("no plan for two adults leaves before 07:00: the pairs test nothing")
	}
}
