package planner_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestNoSiteTwice plans trips of three and four days to each sandbox city
// with a few interests: no sight is the same visit as an earlier one
// under another name (concepts.SameSite), including two of the sight
// picker's replacements (苏堤 then 花港观鱼 80 m away, 上海自然博物馆 then
// 静安雕塑公园 which holds it).
func TestNoSiteTwice(t *testing.T) {
	cat := loadChina(t)
	for _, city := range []string{"北京", "上海", "杭州", "苏州", "南京", "成都", "重庆", "广州", "深圳", "武汉"} {
		origin := "上海"
		if city == "上海" {
			origin = "北京"
		}
		trip := hubTrip(t, cat, origin, city)
		for _, interests := range [][]string{nil, {"自然风光", "园林"}, {"博物馆", "历史"}, {"茶", "花园"}} {
			for _, days := range []int{3, 4} {
				t.Run(fmt.Sprintf("%s-%dd-%s", city, days, strings.Join(interests, "+")), func(t *testing.T) {
					b := &orchestrator.Brief{Origin: origin, Destinations: []string{city}, Days: days, StartDate: "2026-05-01",
						Travelers: orchestrator.Travelers{Adults: 1}, Interests: interests, Language: "zh", Now: "2026-04-20T09:00:00+08:00"}
					if err := b.Normalize(time.Time{}); err != nil {
						t.Fatal(err)
					}
					it, err := planner.Plan(b, trip, planner.Options{})
					if err != nil {
						t.Fatal(err)
					}
					for _, o := range quality.Objections(b, trip, it) {
						if o.Kind == quality.ObjRepeat && strings.Contains(o.Detail, "is the visit to") {
							t.Errorf("day %d: %s", o.Day, o.Detail)
						}
					}
				})
			}
		}
	}
}
