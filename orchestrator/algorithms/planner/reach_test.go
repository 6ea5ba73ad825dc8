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
// sandbox with each of a city's most popular sights far out of town (30 to
// 120 km from the middle of its sights, as the Great Wall is from Beijing)
// as the one must-see. A lunch or dinner starting sooner after the place
// before it than the city's travel time between them (a lunch 55 km from
// the Great Wall 20 minutes after leaving it) is an error when another
// restaurant of the city, open then and unused, could be reached in that
// time; with none, the unreachable_meal objection must count it.
func TestFarMustSeeMealsReachable(t *testing.T) {
	cat := loadChina(t)
	n, left := 0, 0
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
					counted := quality.Count(quality.Objections(b, trip, it))[quality.ObjUnreachableMeal]
					found, avoidable := unreachableMeals(trip, it)
					for _, msg := range avoidable {
						t.Error(msg)
					}
					if counted != found {
						t.Errorf("unreachable_meal counts %d, the plan has %d", counted, found)
					}
					left += found
				})
			}
		}
	}
	if n == 0 {
		t.Fatal("no sight far out of town in the sandbox")
	}
	t.Logf("%d plans, %d meals no restaurant could reach in time", n, left)
}

// unreachableMeals counts the lunches and dinners of it that start sooner
// after the place before them (the latest visit or meal of the day in the
// city ending by then) than the travel there, and describes those another
// unused restaurant of the city, open for the meal, could be reached for.
func unreachableMeals(trip *orchestrator.Trip, it *orchestrator.Itinerary) (int, []string) {
	used := map[string]bool{}
	for _, d := range it.Days {
		for _, m := range d.Meals {
			used[m.RestaurantID] = true
		}
	}
	n := 0
	var out []string
	for _, d := range it.Days {
		wd := orchestrator.Weekday(d.Date)
		for _, m := range d.Meals {
			if m.Slot == orchestrator.Breakfast {
				continue
			}
			at, _ := orchestrator.ParseClock(m.Time)
			end, id, name := -1, "", ""
			var loc *orchestrator.GeoPoint
			for _, s := range d.Stops {
				if e, _ := orchestrator.ParseClock(s.End); s.City == m.City && e <= at && e > end {
					end, id, name, loc = e, s.AttractionID, s.Name, s.Location
				}
			}
			for _, x := range d.Meals {
				s, _ := orchestrator.ParseClock(x.Time)
				if e := s + orchestrator.MealMinutes(x.Slot); x.City == m.City && e <= at && e > end {
					end, id, name, loc = e, x.RestaurantID, x.Name, x.Location
				}
			}
			if end < 0 {
				continue
			}
			var mx *orchestrator.TravelMatrix
			var rs []orchestrator.Restaurant
			for i := range trip.Cities {
				if c := &trip.Cities[i]; orchestrator.SameCity(c.Name, m.City) {
					if c.Matrix != nil {
						mx = &c.Matrix.Value
					}
					if c.Restaurants != nil {
						rs = c.Restaurants.Value
					}
				}
			}
			need, ok := quality.MealTravel(mx, id, loc, m.RestaurantID, m.Location)
			if !ok || need <= at-end {
				continue
			}
			n++
			for i := range rs {
				r := &rs[i]
				if used[r.ID] || !orchestrator.OpenDuring(r.Hours, wd, at, at+orchestrator.MealMinutes(m.Slot)) {
					continue
				}
				if t, ok := quality.MealTravel(mx, id, loc, r.ID, r.Location); ok && t <= at-end {
					out = append(out, fmt.Sprintf("day %d: %s at %s is %d minutes from %s, left %d minutes before; %s is %d minutes away", d.Day, m.Name, m.Time, need, name, at-end, r.Name, t))
					break
				}
			}
		}
	}
	return n, out
}
