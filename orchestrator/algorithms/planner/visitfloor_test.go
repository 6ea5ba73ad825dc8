package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestMajorSightsGetTheirTime plans "北京三天，一定要去故宫和颐和园" and holds
// that the Forbidden City and the Summer Palace get at least the floor of a
// real visit (3 h each: the planner's visitFloor table), where the sandbox
// says 0.5–1 h and the plan gave them 45 minutes before the change.
func TestMajorSightsGetTheirTime(t *testing.T) {
	cat := loadChina(t)
	b := &orchestrator.Brief{Origin: "上海", Destinations: []string{"北京"}, Days: 3, MustVisit: []string{"故宫", "颐和园"},
		Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	it, _ := planOnSandbox(t, cat, b)
	seen := map[string]int{}
	for _, d := range it.Days {
		for _, s := range d.Stops {
			start, _ := orchestrator.ParseClock(s.Start)
			end, _ := orchestrator.ParseClock(s.End)
			seen[s.Name] = end - start
		}
	}
	for _, name := range []string{"故宫博物院", "颐和园"} {
		got, ok := seen[name]
		if !ok {
			t.Errorf("%s not visited: %v", name, seen)
		} else if got < 180 {
			t.Errorf("%s for %d minutes, want at least 180", name, got)
		}
	}
}
