package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestDinnerBeforeEveningDeparture plans trips over sixteen city pairs
// and holds that no day leaving a city in the evening (18:00–20:30, the
// arrival after 20:00) lacks a dinner that fitted before it
// (quality.EarlyDinner: from 17:00, the door-to-door time to the station
// or airport kept): missing_meal finds none. Without the planner's early
// dinner, a day of visits ending at a 19:00 train skipped dinner.
func TestDinnerBeforeEveningDeparture(t *testing.T) {
	cat := loadChina(t)
	pairs := [][2]string{{"上海", "南京"}, {"上海", "北京"}, {"北京", "南京"}, {"上海", "杭州"}, {"北京", "广州"}, {"深圳", "广州"},
		{"北京", "成都"}, {"上海", "重庆"}, {"上海", "武汉"}, {"北京", "苏州"}, {"广州", "深圳"}, {"成都", "重庆"},
		{"南京", "杭州"}, {"武汉", "北京"}, {"重庆", "成都"}, {"杭州", "上海"}}
	n := 0
	for _, p := range pairs {
		for _, days := range []int{2, 3} {
			b := &orchestrator.Brief{Origin: p[0], Destinations: []string{p[1]}, Days: days,
				Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
			if err := b.Normalize(time.Time{}); err != nil {
				t.Fatal(err)
			}
			it, trip := planOnSandbox(t, cat, b)
			for _, o := range quality.Objections(b, trip, it) {
				if o.Kind == quality.ObjMissingMeal && strings.Contains(o.Detail, "evening departure") {
					n++
					t.Errorf("%s→%s %d days: day %d %s", p[0], p[1], days, o.Day, o.Detail)
				}
			}
		}
	}
	t.Logf("%d days without dinner before an evening departure", n)
}
