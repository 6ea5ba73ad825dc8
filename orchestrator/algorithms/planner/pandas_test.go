package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestPandaWishReachesTheBase plans "想看熊猫" and "Chengdu 3 days from
// Beijing, teahouses and pandas" and holds that the plan visits the panda
// base itself (the sandbox's 成都大熊猫繁育研究基地, opening at 07:30) in the
// morning — not the panda museum, which is the same site by the site
// table and free, nor an afternoon after the arrival. Before the change
// every such plan went to 成都大熊猫博物馆 and never to the base.
func TestPandaWishReachesTheBase(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct {
		name, origin string
		days         int
		interests    []string
	}{
		{"成都三天，想看熊猫", "上海", 3, []string{"熊猫"}},
		{"Chengdu 3 days from Beijing, teahouses and pandas", "北京", 3, []string{"tea", "pandas"}},
		{"重庆出发去成都两天，看熊猫", "重庆", 2, []string{"看熊猫"}},
	} {
		b := &orchestrator.Brief{Origin: c.origin, Destinations: []string{"成都"}, Days: c.days, Interests: c.interests,
			Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		var got []string
		base := false
		for _, d := range it.Days {
			for _, s := range d.Stops {
				if !strings.Contains(s.Name, "熊猫") {
					continue
				}
				got = append(got, s.Name+"@"+s.Start)
				start, _ := orchestrator.ParseClock(s.Start)
				if strings.Contains(s.Name, "大熊猫繁育研究基地") && start <= quality.MorningBy {
					base = true
				}
			}
		}
		if !base {
			t.Errorf("%s: panda stops %v, want the panda base by %s", c.name, got, orchestrator.FormatClock(quality.MorningBy))
		}
	}
}
