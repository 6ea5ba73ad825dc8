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
// sandbox city, with where the trip starts (kids: with children of 6
// and 10).
var mustWishes = []struct {
	origin, city, must string
	kids               bool
}{
	{"上海", "北京", "Mutianyu", false}, {"上海", "北京", "hutongs", false}, {"上海", "北京", "Universal Studios", false}, {"上海", "北京", "故宫", false},
	{"南京", "上海", "上海中心", false}, {"南京", "上海", "Huangpu River cruise", false}, {"南京", "上海", "Zhujiajiao", false},
	{"上海", "杭州", "Hefang Street", false}, {"上海", "杭州", "West Lake boat", false}, {"上海", "杭州", "night cruise", false}, {"上海", "杭州", "Lingyin", false},
	{"上海", "南京", "city wall", false}, {"上海", "南京", "Laomendong", false}, {"上海", "南京", "Qinhuai River cruise", false},
	{"上海", "苏州", "gardens", false}, {"上海", "苏州", "pingtan", false}, {"上海", "苏州", "Tongli", false},
	{"上海", "武汉", "Hubei Provincial Museum", false}, {"上海", "武汉", "night cruise", false},
	{"上海", "成都", "Sichuan opera", false}, {"上海", "成都", "panda base", false},
	{"成都", "重庆", "Yangtze cable car", false}, {"成都", "重庆", "Jiefangbei", false}, {"成都", "重庆", "night cruise", false},
	{"深圳", "广州", "Pearl River night cruise", false}, {"深圳", "广州", "Chimelong Safari Park", false},
	{"深圳", "广州", "Pearl River night cruise", true}, {"成都", "重庆", "night cruise", true}, {"上海", "杭州", "night cruise", true},
	{"广州", "深圳", "Dameisha", false}, {"广州", "深圳", "Shekou", false}, {"广州", "深圳", "OCT Harbour", false},
}

// TestMustSeeWishesPlanned plans a two-day trip for each of mustWishes:
// the must-see is found in the city's catalog and visited.
func TestMustSeeWishesPlanned(t *testing.T) {
	cat := loadChina(t)
	for _, w := range mustWishes {
		t.Run(w.city+"-"+w.must, func(t *testing.T) {
			tr := orchestrator.Travelers{Adults: 2}
			if w.kids {
				tr.Children, tr.ChildAges = 2, []int{6, 10}
			}
			b := &orchestrator.Brief{Origin: w.origin, Destinations: []string{w.city}, Days: 2, StartDate: "2026-12-11",
				Travelers: tr, MustVisit: []string{w.must}, Language: "en", Now: "2026-12-02T09:00:00+08:00"}
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

// TestTwoCruisesNamed: a West Lake boat and a night cruise, both named,
// are both planned (a trip otherwise takes one cruise).
func TestTwoCruisesNamed(t *testing.T) {
	cat := loadChina(t)
	b := &orchestrator.Brief{Origin: "上海", Destinations: []string{"杭州"}, Days: 3, StartDate: "2026-12-11",
		Travelers: orchestrator.Travelers{Adults: 2}, MustVisit: []string{"Hefang Street", "West Lake boat", "night cruise"}, Language: "en", Now: "2026-12-02T09:00:00+08:00"}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	it, _ := planOnSandbox(t, cat, b)
	for _, f := range it.Findings {
		if f.Code == planner.FindingMustVisitUnscheduled {
			t.Errorf("%s: %s", f.Code, f.Message)
		}
	}
}

// TestMustSeeMovedToItsDay: a Chimelong day and a Pearl River night cruise
// with children of 6 and 10 (the cruise by day, since it would end after
// their bedtime at night): the cruise, first given the park's day or the
// departure afternoon where it fits neither, moves to a day it fits.
func TestMustSeeMovedToItsDay(t *testing.T) {
	cat := loadChina(t)
	b := &orchestrator.Brief{Origin: "深圳", Destinations: []string{"广州"}, Days: 3, StartDate: "2026-12-11",
		Travelers: orchestrator.Travelers{Adults: 2, Children: 2, ChildAges: []int{6, 10}},
		MustVisit: []string{"Chimelong Safari Park", "Pearl River night cruise"}, Language: "en", Now: "2026-12-02T09:00:00+08:00"}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	it, _ := planOnSandbox(t, cat, b)
	for _, f := range it.Findings {
		if f.Code == planner.FindingMustVisitUnscheduled {
			t.Errorf("%s: %s", f.Code, f.Message)
		}
	}
	var names []concepts.Candidate
	for _, d := range it.Days {
		for _, s := range d.Stops {
			names = append(names, concepts.Candidate{Name: s.Name})
		}
	}
	for _, m := range b.MustVisit {
		if i, _ := concepts.Resolve(m, names); i < 0 {
			t.Errorf("%s not visited", m)
		}
	}
}
