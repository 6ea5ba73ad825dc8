package planner_test

import (
	"slices"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestDayTrips: days spent at far sights (30 km or more from the night's
// stay) hold one area each: 八达岭 and 慕田峪 (45 km apart) on two days, 武隆
// and 大足石刻 on two days, never two far areas on one day; and a full day
// spent at one has a lunch (lunchOnArrival: 大足石刻 three hours out).
func TestDayTrips(t *testing.T) {
	two := orchestrator.Travelers{Adults: 2}
	reqs := []daysRequest{
		{words: "上海出发去北京四天，想去八达岭长城、慕田峪长城和古北水镇", origin: "上海", dests: []string{"北京"}, days: 4, tr: two, must: []string{"八达岭长城", "慕田峪长城", "古北水镇"}},
		{words: "Four days in Chongqing from Shanghai: Wulong and the Dazu rock carvings", origin: "上海", dests: []string{"重庆"}, days: 4, tr: two, must: []string{"武隆天生三桥", "大足石刻"}},
		{words: "成都四天，都江堰、青城山、熊猫谷都想去，从上海出发", origin: "上海", dests: []string{"成都"}, days: 4, tr: two, must: []string{"都江堰景区", "青城山", "熊猫谷"}},
		{words: "Hangzhou 3 days from Shanghai, Qiandao Lake and Liangzhu", origin: "上海", dests: []string{"杭州"}, days: 3, tr: two, must: []string{"千岛湖景区", "良渚博物院"}},
		{words: "苏州三天，想去太湖西山和同里古镇，从南京出发", origin: "南京", dests: []string{"苏州"}, days: 3, tr: two, must: []string{"西山", "同里古镇"}},
		{words: "Beijing and Chongqing from Guangzhou, 6 days: the Great Wall at Mutianyu and Badaling, then Wulong", origin: "广州", dests: []string{"北京", "重庆"}, days: 6, tr: two, must: []string{"八达岭长城", "慕田峪长城", "武隆天生三桥"}},
	}
	farStops := 0
	for _, r := range reqs {
		_, it, _ := r.plan(t)
		for _, d := range it.Days {
			stay := func(city string) *orchestrator.GeoPoint {
				for _, s := range it.Stays {
					if orchestrator.SameCity(s.City, city) {
						return s.Location
					}
				}
				return nil
			}
			var far []orchestrator.Stop
			for _, s := range d.Stops {
				if at := stay(s.City); at != nil && s.Location != nil && s.Location.DistanceKM(*at) >= 30 {
					far = append(far, s)
					farStops++
				}
			}
			if len(far) > 0 && len(d.Legs) == 0 && !slices.ContainsFunc(d.Meals, func(m orchestrator.Meal) bool { return m.Slot == orchestrator.Lunch }) {
				t.Errorf("%s: day %d at %s: no lunch on a full day trip", r.words, d.Day, far[0].Name)
			}
			for i := range far {
				for j := i + 1; j < len(far); j++ {
					if km := far[i].Location.DistanceKM(*far[j].Location); km > 20 {
						t.Errorf("%s: day %d: %s and %s, two day trips %.0f km apart", r.words, d.Day, far[i].Name, far[j].Name, km)
					}
				}
			}
		}
	}
	if farStops < len(reqs) {
		t.Errorf("%d stops 30 km or more from the stay in %d requests for day trips: the requests test nothing", farStops, len(reqs))
	}
}
