package quality

import (
	"os"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality/tripindex"
)

// The best hour the scorer keeps per catalog (scorer.hour, through the
// shared index) is BestHour of every attraction of the sandbox, on the
// first read and on the kept one, and for a catalog without a content
// address too.
func TestKeptHourIsBestHour(t *testing.T) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset chinatravel missing: %v", err)
		}
		t.Skipf("dataset chinatravel not present at %s", dir)
	}
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	nights, mornings := 0, 0
	for _, name := range cat.Cities() {
		c, _ := cat.City(name)
		for _, ref := range []string{"", "test-kept-hour-" + name} {
			src := &orchestrator.Sourced[[]orchestrator.Attraction]{Value: c.Attractions, Ref: ref}
			x := tripindex.AttractionsOf(src)
			if x.Shared() != (ref != "") {
				t.Fatalf("%s: index shared %v with ref %q", name, x.Shared(), ref)
			}
			for pass := range 2 {
				for i := range c.Attractions {
					a := &c.Attractions[i]
					s := &scorer{}
					s.attractions.add(a.ID)
					s.attractions.vals[0] = attractionEntry{a: a, f: x.Facts(i, a), x: x, i: i}
					want := BestHour(a.Name, a.Category, a.Tags, a.Indoor)
					if got := s.hour(a.ID, a, s.attractions.vals[0].f); got != want {
						t.Fatalf("%s %q (ref %q, pass %d): kept hour %v, BestHour %v", name, a.Name, ref, pass, got, want)
					}
					if pass == 0 && ref == "" {
						switch want {
						case Night:
							nights++
						case Morning:
							mornings++
						}
					}
				}
			}
		}
	}
	if nights == 0 || mornings == 0 {
		t.Fatalf("the sandbox gives %d night and %d morning sights: the test tells little", nights, mornings)
	}
}

// TestFamousNightView: the sandbox marks 洪崖洞 and 夫子庙 indoors and tags
// 夫子庙 with nothing riverside; both are night views still, the museum
// beside 夫子庙 and a gallery of the tower closing at 20:00 are not.
func TestFamousNightView(t *testing.T) {
	indoor := true
	late := []orchestrator.OpeningHours{{Open: "09:00", Close: "23:00"}}
	early := []orchestrator.OpeningHours{{Open: "10:00", Close: "20:00"}}
	for _, c := range []struct {
		name  string
		hours []orchestrator.OpeningHours
		want  bool
	}{
		{"洪崖洞", late, true},
		{"夫子庙", []orchestrator.OpeningHours{{Open: "00:00", Close: "24:00"}}, true},
		{"外滩", late, true},
		{"夫子庙雨花石博物馆", late, false},
		{"东方明珠259米全透明悬空观光廊", early, false},
		{"故宫博物院", late, false},
	} {
		if got := FamousNightView(c.name, c.hours); got != c.want {
			t.Errorf("FamousNightView(%s) = %v, want %v", c.name, got, c.want)
		}
		if got := NightView(c.name, nil, &indoor, c.hours); got != c.want {
			t.Errorf("NightView(%s, indoor) = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestUnfitSight: a water park and a mountain forest are unfit for older
// travellers at a slow pace and for a 5-year-old, a city forest park is
// not, and two adults may go anywhere.
func TestUnfitSight(t *testing.T) {
	elders := &orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 3}, Pace: "relaxed"}
	child := &orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{5}}}
	adults := &orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 2}}
	for _, c := range []struct {
		b    *orchestrator.Brief
		name string
		want bool
	}{
		{elders, "重庆海昌加勒比海水世界", true},
		{elders, "仙女山国家森林公园", true},
		{child, "西岭峡谷漂流", true},
		{elders, "奥林匹克森林公园", false},
		{child, "故宫博物院", false},
		{adults, "重庆海昌加勒比海水世界", false},
	} {
		if got := UnfitSight(c.b, c.name) != ""; got != c.want {
			t.Errorf("UnfitSight(%s) = %v, want %v", c.name, got, c.want)
		}
	}
}
