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

// TestVisitFloorMarksEstimate plans the same trip and holds that a visit
// the floor lengthened past the data's longest recommended time carries
// visit_estimate, and that a visit within the data's time does not.
func TestVisitFloorMarksEstimate(t *testing.T) {
	cat := loadChina(t)
	b := &orchestrator.Brief{Origin: "上海", Destinations: []string{"北京"}, Days: 3, MustVisit: []string{"故宫", "颐和园"},
		Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	it, _ := planOnSandbox(t, cat, b)
	longest := map[string]int{}
	bj, ok := cat.City("北京")
	if !ok {
		t.Fatal("no 北京 in the sandbox")
	}
	for _, a := range bj.Attractions {
		longest[a.ID] = max(a.VisitMinMinutes, a.VisitMaxMinutes)
	}
	flagged, plain := 0, 0
	for _, d := range it.Days {
		for _, s := range d.Stops {
			start, _ := orchestrator.ParseClock(s.Start)
			end, _ := orchestrator.ParseClock(s.End)
			over := longest[s.AttractionID] > 0 && end-start > longest[s.AttractionID]
			if over != s.VisitEstimate {
				t.Errorf("%s %s–%s (data at most %d min): visit_estimate %v, want %v", s.Name, s.Start, s.End, longest[s.AttractionID], s.VisitEstimate, over)
			}
			if s.VisitEstimate {
				flagged++
			} else {
				plain++
			}
		}
	}
	if flagged == 0 || plain == 0 {
		t.Errorf("want both floored and plain visits, got %d flagged, %d plain", flagged, plain)
	}
}
