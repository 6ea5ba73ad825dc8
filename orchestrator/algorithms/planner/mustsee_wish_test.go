package planner_test

import (
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// mustWishes are must-sees as travellers write them, one trip each: the
// name in English, pinyin, a Chinese short form or a kind of outing, in a
// sandbox city, with where the trip starts.
var mustWishes = []struct{ origin, city, must string }{
	{"上海", "北京", "Mutianyu"}, {"上海", "北京", "hutongs"}, {"上海", "北京", "Universal Studios"}, {"上海", "北京", "故宫"},
	{"南京", "上海", "上海中心"}, {"南京", "上海", "Huangpu River cruise"}, {"南京", "上海", "Zhujiajiao"},
	{"上海", "杭州", "Hefang Street"}, {"上海", "杭州", "West Lake boat"}, {"上海", "杭州", "night cruise"}, {"上海", "杭州", "Lingyin"},
	{"上海", "南京", "city wall"}, {"上海", "南京", "Laomendong"}, {"上海", "南京", "Qinhuai River cruise"},
	{"上海", "苏州", "gardens"}, {"上海", "苏州", "pingtan"}, {"上海", "苏州", "Tongli"},
	{"上海", "武汉", "Hubei Provincial Museum"}, {"上海", "武汉", "night cruise"},
	{"上海", "成都", "Sichuan opera"}, {"上海", "成都", "panda base"},
	{"成都", "重庆", "Yangtze cable car"}, {"成都", "重庆", "Jiefangbei"}, {"成都", "重庆", "night cruise"},
	{"深圳", "广州", "Pearl River night cruise"}, {"深圳", "广州", "Chimelong Safari Park"},
	{"广州", "深圳", "Dameisha"}, {"广州", "深圳", "Shekou"}, {"广州", "深圳", "OCT Harbour"},
}

// TestMustSeeWishesPlanned plans a two-day trip for each of mustWishes:
// the must-see is found in the city's catalog and visited.
func TestMustSeeWishesPlanned(t *testing.T) {
	cat := loadChina(t)
	for _, w := range mustWishes {
		t.Run(w.city+"-"+w.must, func(t *testing.T) {
			b := &orchestrator.Brief{Origin: w.origin, Destinations: []string{w.city}, Days: 2, StartDate: "2026-12-11",
				Travelers: orchestrator.Travelers{Adults: 2}, MustVisit: []string{w.must}, Language: "en", Now: "2026-12-02T09:00:00+08:00"}
			if err := b.Normalize(time.Time{}); err != nil {
				t.Fatal(err)
			}
			it, trip := planOnSandbox(t, cat, b)
			for _, f := range it.Findings {
				if f.Code == planner.FindingMustVisitUnscheduled || f.Code == planner.FindingMustVisitNotFound {
					t.Errorf("%s: %s", f.Code, f.Message)
				}
			}
			as := trip.Cities[0].Attractions.Value
			i, _ := concepts.Resolve(w.must, concepts.AttractionCandidates(as))
			if i < 0 {
				t.Fatalf("%q not resolved", w.must)
			}
			// The sight resolved, or, for a kind of outing, one of the same
			// once-per-trip kind that the name also means (another pier's
			// night cruise).
			once := concepts.OnceGroup(as[i].Name, as[i].Category, as[i].Tags)
			for _, d := range it.Days {
				for _, s := range d.Stops {
					if s.AttractionID == as[i].ID {
						return
					}
					if j, _ := concepts.Resolve(w.must, []concepts.Candidate{{Name: s.Name}}); j == 0 && once != "" && concepts.OnceGroup(s.Name, "", nil) == once {
						return
					}
				}
			}
			for _, d := range it.Days {
				for _, s := range d.Stops {
					t.Logf("%s %s–%s %s", d.Date, s.Start, s.End, s.Name)
				}
			}
			t.Errorf("%q (%s) not visited", w.must, as[i].Name)
		})
	}
}
