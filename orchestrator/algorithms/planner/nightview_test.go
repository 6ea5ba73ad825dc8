package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestFamousNightViewsAfterDusk plans requests that ask for night views
// in the traveller's words — "重庆周末游，吃火锅，看夜景，从成都出发", "一定要去洪崖洞，
// 看夜景", "From Beijing, Nanjing then Shanghai in 4 days: night views" —
// and holds that each city's famous night view the plan visits (洪崖洞,
// 夫子庙, 外滩: quality.FamousNightView) starts after dusk, and that the
// plans visit at least one (or the test proves nothing). Before the change
// 洪崖洞 (marked indoors by the sandbox) was seen at 12:52 and 外滩 at 09:26.
func TestFamousNightViewsAfterDusk(t *testing.T) {
	cat := loadChina(t)
	seen := 0
	for _, c := range []struct {
		name   string
		origin string
		dests  []string
		days   int
		must   []string
		wish   string
	}{
		{"重庆周末游，看夜景", "成都", []string{"重庆"}, 2, nil, "夜景"},
		{"一定要去洪崖洞，看夜景", "成都", []string{"重庆"}, 3, []string{"洪崖洞"}, "夜景"},
		{"Nanjing then Shanghai: night views", "北京", []string{"南京", "上海"}, 4, nil, "night views"},
		{"Shanghai at night, must see the Bund", "北京", []string{"上海"}, 3, []string{"外滩"}, "night view"},
	} {
		b := &orchestrator.Brief{Origin: c.origin, Destinations: c.dests, Days: c.days, MustVisit: c.must,
			Interests: []string{c.wish}, Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjWrongHour {
				t.Errorf("%s: day %d: %s", c.name, o.Day, o.Detail)
			}
		}
		hours := map[string][]orchestrator.OpeningHours{}
		for _, cd := range trip.Cities {
			if cd.Attractions != nil {
				for _, a := range cd.Attractions.Value {
					hours[a.ID] = a.Hours
				}
			}
		}
		for _, d := range it.Days {
			for _, s := range d.Stops {
				if !quality.FamousNightView(s.Name, hours[s.AttractionID]) {
					continue
				}
				seen++
				if start, _ := orchestrator.ParseClock(s.Start); start < quality.NightFrom {
					t.Errorf("%s: day %d: %s at %s, by day", c.name, d.Day, s.Name, s.Start)
				}
			}
		}
	}
	if seen == 0 {
		t.Error("no plan visits a famous night view: the test proves nothing")
	}
}
