package planner_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// TestMustSeeDayTrips plans short trips over the ChinaTravel sandbox with
// each of a city's most popular daytime sights as the one must-see: every
// one is visited. (A must-see the geographic order put last used to be
// tried after two other stops, when it had closed.)
func TestMustSeeDayTrips(t *testing.T) {
	cat := loadChina(t)
	for _, pair := range [][2]string{{"上海", "苏州"}, {"上海", "杭州"}, {"南京", "苏州"}, {"南京", "杭州"}, {"成都", "重庆"}, {"广州", "深圳"}} {
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
		// the city's middle: the median attraction position
		var lats, lons []float64
		for _, a := range as {
			if a.Location != nil {
				lats, lons = append(lats, a.Location.Lat), append(lons, a.Location.Lon)
			}
		}
		slices.Sort(lats)
		slices.Sort(lons)
		mid := orchestrator.GeoPoint{Lat: lats[len(lats)/2], Lon: lons[len(lons)/2]}
		n := 0
		for _, a := range as {
			// in town (not a day's drive away, as 巫山 is from Chongqing)
			if a.Location == nil || a.Location.DistanceKM(mid) > 40 {
				continue
			}
			if n == 8 {
				break
			}
			// daytime sights (open by 10:00, closing 16:00–18:00) that take at most three hours
			if len(a.Hours) != 1 || a.Hours[0].Close > "18:00" || a.Hours[0].Close < "16:00" || a.Hours[0].Open > "10:00" || a.VisitMinMinutes > 180 {
				continue
			}
			n++
			for _, days := range []int{1, 2} {
				t.Run(fmt.Sprintf("%s-%s-%dd-%s", pair[0], pair[1], days, a.Name), func(t *testing.T) {
					b := &orchestrator.Brief{Origin: pair[0], Destinations: []string{pair[1]}, Days: days, StartDate: "2026-12-11",
						Travelers: orchestrator.Travelers{Adults: 1}, MustVisit: []string{a.Name}, Language: "zh", Now: "2026-12-02T09:00:00+08:00"}
					if err := b.Normalize(time.Time{}); err != nil {
						t.Fatal(err)
					}
					it, err := planner.Plan(b, trip, planner.Options{})
					if err != nil {
						t.Fatal(err)
					}
					for _, f := range it.Findings {
						if f.Code == planner.FindingMustVisitUnscheduled || f.Code == planner.FindingMustVisitNotFound {
							t.Errorf("%s: %s", f.Code, f.Message)
						}
					}
				})
			}
		}
	}
}
