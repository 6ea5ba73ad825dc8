package quality

import (
	"math"

	"github.com/tripweave/tripweave/orchestrator"
)

// Travel between two places of a city where its data gives no time: the
// planner's estimate between sights, MealTravelOverhead minutes (the walk
// to the metro or the wait for a taxi), the first MealTravelUrbanKM of the
// straight line at MealTravelKMH (25 km/h, city traffic door to door) and
// the rest at MealTravelFastKMH (50 km/h: ring roads, expressways and
// suburban lines to a sight out of town — Badaling 60 km out by the G6 or
// the S2 line in 80–100 minutes, 武隆 140 km out of Chongqing in about 3 h,
// the straight line being about three quarters of the road; the stations'
// access, AccessMinutes, takes 60 km/h on airport expressways). Within
// MealTravelUrbanKM it is the urban estimate alone (TravelEstimate).
const (
	MealTravelOverhead = 10
	MealTravelKMH      = 25.0
	MealTravelUrbanKM  = 10.0
	MealTravelFastKMH  = 50.0
)

// TravelEstimate is the minutes of the straight-line estimate for km
// kilometres between two places of a city (the constants above).
func TravelEstimate(km float64) int {
	if km <= MealTravelUrbanKM {
		return MealTravelOverhead + int(math.Round(km/MealTravelKMH*60))
	}
	return MealTravelOverhead + int(math.Round(MealTravelUrbanKM/MealTravelKMH*60+(km-MealTravelUrbanKM)/MealTravelFastKMH*60))
}

// MealTravel is the minutes from a place (id, at loc) to a restaurant of a
// city: the city's travel matrix when it holds both, else the straight-line
// estimate; ok is false when a position is unknown.
func MealTravel(m *orchestrator.TravelMatrix, fromID string, from *orchestrator.GeoPoint, toID string, to *orchestrator.GeoPoint) (minutes int, ok bool) {
	if fromID != "" && fromID == toID {
		return 0, true
	}
	if m != nil {
		if i, j := m.Index(fromID), m.Index(toID); i >= 0 && j >= 0 && i < len(m.Seconds) && j < len(m.Seconds[i]) && m.Seconds[i][j] >= 0 {
			return (m.Seconds[i][j] + 59) / 60, true
		}
	}
	if from == nil || to == nil {
		return 0, false
	}
	return TravelEstimate(from.DistanceKM(*to)), true
}

// mealsReached objects to each lunch or dinner of d that starts sooner
// after the place before it than the travel between them takes: the
// place before is the latest visit or meal in the meal's city that ends
// by the meal's time, unless a leg arrives in between (the station's
// access is the door-to-door part's).
func (o *objector) mealsReached(d *orchestrator.Day) {
	mcity := "" // the city whose matrix mx is, looked up once
	var mx *orchestrator.TravelMatrix
	matrices := false // whether any city of the trip has one (else no lookup)
	if o.trip != nil {
		for i := range o.trip.Cities {
			matrices = matrices || o.trip.Cities[i].Matrix != nil
		}
	}
	for _, m := range d.Meals {
		if m.Slot != orchestrator.Lunch && m.Slot != orchestrator.Dinner {
			continue
		}
		at, ok := orchestrator.ParseClock(m.Time)
		if !ok {
			continue
		}
		prevEnd, prevName, prevID := -1, "", ""
		var prevLoc *orchestrator.GeoPoint
		for _, st := range d.Stops {
			e, ok := orchestrator.ParseClock(st.End)
			if ok && st.City == m.City && e <= at && e > prevEnd {
				prevEnd, prevName, prevID, prevLoc = e, st.Name, st.AttractionID, st.Location
			}
		}
		for _, x := range d.Meals {
			s, ok := orchestrator.ParseClock(x.Time)
			if !ok || x.City != m.City || x.RestaurantID == m.RestaurantID && s == at {
				continue
			}
			e := s + orchestrator.MealMinutes(x.Slot)
			if e <= at && e > prevEnd {
				prevEnd, prevName, prevID, prevLoc = e, x.Name, x.RestaurantID, x.Location
			}
		}
		if prevEnd < 0 {
			continue
		}
		arrived := false
		for _, l := range d.Legs {
			if a, ok := orchestrator.ParseClock(l.Arrive); ok && l.ArriveDayOffset == 0 && a >= prevEnd && a <= at {
				arrived = true
			}
		}
		if arrived {
			continue
		}
		if matrices && m.City != mcity {
			mcity, mx = m.City, nil
			if cd := o.cityData(m.City); cd != nil && cd.Matrix != nil {
				mx = &cd.Matrix.Value
			}
		}
		need, ok := MealTravel(mx, prevID, prevLoc, m.RestaurantID, m.Location)
		if ok && need > at-prevEnd {
			o.add(ObjUnreachableMeal, d.Day, "%s at %s, %d minutes after %s, which is %d minutes away", m.Name, m.Time, at-prevEnd, prevName, need)
		}
	}
}
