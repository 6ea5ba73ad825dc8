package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestSightsFitTheParty plans requests of families with small children and
// of older parents at a slow pace — "深圳一家三口去广州两天，孩子3岁", "深圳出发去广州
// 三天，两个大人一个5岁孩子", "重庆三天，一家四口…想去洪崖洞和长江索道", "Wuhan 3 days,
// family of four with two kids", "带爸妈（都七十多岁）去重庆，节奏要慢" — and holds
// that no sight is unfit for the party (a water park or a hike it did not
// ask for, a night cruise ending after 21:00 with a young child: the
// sight_unfit objection). Before the change the Pearl River night cruise
// ended at 22:21 with the 3-year-old and a water park was booked for the
// family in Chongqing.
func TestSightsFitTheParty(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct {
		name, origin, dest string
		days               int
		tr                 orchestrator.Travelers
		pace               string
		must               []string
	}{
		{"孩子3岁", "深圳", "广州", 2, orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{3}}, "", nil},
		{"一个5岁孩子", "深圳", "广州", 3, orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{5}}, "", nil},
		{"一家四口，洪崖洞和长江索道", "成都", "重庆", 3, orchestrator.Travelers{Adults: 2, Children: 2}, "", []string{"洪崖洞", "长江索道"}},
		{"family of four with two kids", "上海", "武汉", 3, orchestrator.Travelers{Adults: 2, Children: 2}, "", nil},
		{"带爸妈（都七十多岁），节奏要慢", "成都", "重庆", 4, orchestrator.Travelers{Adults: 3}, "relaxed", nil},
	} {
		b := &orchestrator.Brief{Origin: c.origin, Destinations: []string{c.dest}, Days: c.days, Travelers: c.tr, Pace: c.pace, MustVisit: c.must,
			Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjSightUnfit {
				t.Errorf("%s: day %d: %s", c.name, o.Day, o.Detail)
			}
		}
	}
}
