package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestVisitTimesHonoured plans briefs whose visit_times ask for a sight at
// a time of day (the Bund at night, the Forbidden City early, a temple in
// the afternoon, a garden in the evening) and holds that the plan visits
// the sight within that time (quality.WhenAllowed) and that the score's
// counter finds no wrong_hour. Without the planner's visitTimes the sights
// fall at their default place in the day, or are not planned.
func TestVisitTimesHonoured(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct {
		city, origin string
		days         int
		vt           orchestrator.VisitTime
	}{
		{"上海", "北京", 2, orchestrator.VisitTime{Sight: "外滩", When: "night"}},
		{"北京", "上海", 3, orchestrator.VisitTime{Sight: "故宫", When: "early morning"}},
		{"杭州", "上海", 2, orchestrator.VisitTime{Sight: "灵隐寺", When: "afternoon"}},
		{"南京", "上海", 2, orchestrator.VisitTime{Sight: "夫子庙", When: "evening"}},
		{"成都", "北京", 3, orchestrator.VisitTime{Sight: "宽窄巷子", When: "morning"}},
		{"苏州", "上海", 2, orchestrator.VisitTime{Sight: "拙政园", When: "afternoon"}},
		{"广州", "北京", 3, orchestrator.VisitTime{Sight: "广州塔", When: "sunset"}},
		{"重庆", "北京", 3, orchestrator.VisitTime{Sight: "磁器口", When: "morning"}},
	} {
		b := &orchestrator.Brief{Origin: c.origin, Destinations: []string{c.city}, Days: c.days,
			VisitTimes: []orchestrator.VisitTime{c.vt},
			Travelers:  orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		found := ""
		for _, d := range it.Days {
			for _, s := range d.Stops {
				if contains(s.Name, c.vt.Sight) {
					found = s.Name + "@" + s.Start
					from, to, _ := quality.WhenAllowed(c.vt.When, hoursOf(trip, s.AttractionID), orchestrator.Weekday(d.Date), 60)
					start, _ := orchestrator.ParseClock(s.Start)
					if start < from || start > to {
						t.Errorf("%s %s: %s, want a start in %s–%s", c.city, c.vt.Sight, found, orchestrator.FormatClock(from), orchestrator.FormatClock(to))
					}
				}
			}
		}
		if found == "" {
			t.Errorf("%s: %s (%s) not planned", c.city, c.vt.Sight, c.vt.When)
		}
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjWrongHour {
				t.Errorf("%s: objection %s", c.city, o.Detail)
			}
		}
	}
}

func hoursOf(trip *orchestrator.Trip, id string) []orchestrator.OpeningHours {
	for _, cd := range trip.Cities {
		if cd.Attractions == nil {
			continue
		}
		for _, a := range cd.Attractions.Value {
			if a.ID == id {
				return a.Hours
			}
		}
	}
	return nil
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
