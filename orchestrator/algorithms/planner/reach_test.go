package planner_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestFarMustSeeMealsReachable plans short trips over the ChinaTravel
// sandbox with each of a city's most popular sights far out of town (over
// 30 km from the middle of its sights, as the Great Wall is from Beijing)
// as the one must-see: no lunch or dinner starts sooner after the place
// before it than the city's travel time between them (a lunch 55 km from
// the Great Wall 20 minutes after leaving it).
func TestFarMustSeeMealsReachable(t *testing.T) {
	cat := loadChina(t)
	n := 0
	for _, pair := range [][2]string{{"上海", "北京"}, {"上海", "杭州"}, {"上海", "成都"}, {"成都", "重庆"}, {"上海", "南京"}, {"广州", "深圳"}, {"上海", "苏州"}} {
		trip := hubTrip(t, cat, pair[0], pair[1])
		as := slices.Clone(trip.Cities[0].Attractions.Value)
		slices.SortStableFunc(as, func(a, b orchestrator.Attraction) int {
			switch {
			case a.Popularity > b.Popularity:
				return -1
			case a.Popularity < b.Popularity:
				return 1
			}
			return 0
		})
		var lats, lons []float64
		for _, a := range as {
			if a.Location != nil {
				lats, lons = append(lats, a.Location.Lat), append(lons, a.Location.Lon)
			}
		}
		slices.Sort(lats)
		slices.Sort(lons)
		mid := orchestrator.GeoPoint{Lat: lats[len(lats)/2], Lon: lons[len(lons)/2]}
		k := 0
		for _, a := range as {
			if a.Location == nil || a.Location.DistanceKM(mid) < 30 || a.Location.DistanceKM(mid) > 120 {
				continue
			}
			if k == 4 {
				break
			}
			k++
			for _, days := range []int{2, 3} {
				n++
				t.Run(fmt.Sprintf("%s-%s-%dd-%s", pair[0], pair[1], days, a.Name), func(t *testing.T) {
					b := &orchestrator.Brief{Origin: pair[0], Destinations: []string{pair[1]}, Days: days, StartDate: "2026-05-01",
						Travelers: orchestrator.Travelers{Adults: 1}, MustVisit: []string{a.Name}, Language: "zh", Now: "2026-04-20T09:00:00+08:00"}
					if err := b.Normalize(time.Time{}); err != nil {
						t.Fatal(err)
					}
					it, err := planner.Plan(b, trip, planner.Options{})
					if err != nil {
						t.Fatal(err)
					}
					for _, o := range quality.Objections(b, trip, it) {
						if o.Kind == quality.ObjUnreachableMeal {
							t.Errorf("day %d: %s", o.Day, o.Detail)
						}
					}
				})
			}
		}
	}
	if n == 0 {
		t.Fatal("no sight far out of town in the sandbox")
	}
}
