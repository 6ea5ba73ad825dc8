package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestLateOpeningSightNoIdleAfternoon: a must-see that opens in the
// afternoon (a 16:00 acrobatics show, a 15:00 waterfront, a river cruise
// seen by day with children) is visited, and the hours before it are not
// left idle while the city's other sights are open.
func TestLateOpeningSightNoIdleAfternoon(t *testing.T) {
	cat := loadChina(t)
	for _, c := range []struct {
		origin, city, must string
		kids               []int
	}{
		{"Shenzhen", "Guangzhou", "珠江夜游(海心沙东区码头)", []int{6, 10}},
		{"Shanghai", "Beijing", "朝阳剧场杂技", nil},
		{"Shanghai", "Beijing", "亮马河国际风情水岸", nil},
		{"Shenzhen", "Guangzhou", "广州长隆国际大马戏", []int{8}},
		{"Chengdu", "Chongqing", "重庆图书馆", nil},
		{"Shenzhen", "Guangzhou", "南越国水关遗址", nil},
	} {
		b := &orchestrator.Brief{
			Origin: c.origin, Destinations: []string{c.city}, Days: 3,
			Travelers: orchestrator.Travelers{Adults: 2, Children: len(c.kids), ChildAges: c.kids},
			MustVisit: []string{c.must},
		}
		if err := b.Normalize(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		it, trip := planOnSandbox(t, cat, b)
		seen := false
		for _, d := range it.Days {
			for _, s := range d.Stops {
				seen = seen || strings.Contains(s.Name, c.must)
			}
		}
		if !seen {
			t.Errorf("%s: not visited", c.must)
		}
		for _, o := range quality.Objections(b, trip, it) {
			if o.Kind == quality.ObjIdle {
				t.Errorf("%s: %s", c.must, o.Detail)
			}
		}
	}
}
