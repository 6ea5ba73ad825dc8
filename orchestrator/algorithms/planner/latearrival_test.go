package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestNoLateArrivals plans trips travellers asked for in their own words
// ("成都两天，一定要去宽窄巷子和锦里" from 重庆, "重庆周末游，吃火锅，看夜景，从成都
// 出发", "Nanjing 3 days from Beijing", "武汉两日游" from 北京, "从上海去南京玩两
// 天") and holds that no leg, home or onward, arrives after 23:00 (or
// the next night) while another leg of that day keeps the hour, is no
// day-long train and fits the budget: the odd_hour objection, with
// quality.OddArrive at 23:00 for every party. Before the change each of
// these plans came home between 23:01 and 23:29.
func TestNoLateArrivals(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct {
		origin, dest string
		days         int
		adults       int
		budget       float64
	}{
		{"重庆", "成都", 2, 1, 0},
		{"成都", "重庆", 2, 2, 1250},
		{"北京", "南京", 3, 1, 2500},
		{"北京", "武汉", 2, 1, 0},
		{"上海", "南京", 2, 2, 2500},
	} {
		b := &orchestrator.Brief{Origin: c.origin, Destinations: []string{c.dest}, Days: c.days,
			Travelers: orchestrator.Travelers{Adults: c.adults}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
		if c.budget > 0 {
			b.Budget = &orchestrator.Budget{Amount: c.budget, Currency: "CNY", PerPerson: true}
		}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjOddHour {
				t.Errorf("%s→%s: day %d: %s", c.origin, c.dest, o.Day, o.Detail)
			}
		}
	}
}
