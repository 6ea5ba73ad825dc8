package replan

import (
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// Door to door around a leg, as the planner counts it (docs/plan-quality.md):
// the mode's check-in and boarding minimum (quality.MinBefore) and the
// access from the day's place to the station or airport
// (quality.AccessMinutes, straight-line distance), or back after the
// arrival (quality.MinAfter); where the station or the place has no
// position, the mode's typical total (quality.Before, quality.After).
// All are estimates, and the legs a repair books or moves say so
// (Leg.AccessEstimate) with the place measured from.

// option returns the trip's transport option of a leg, nil when the trip
// no longer holds it.
func (r *repairer) option(id string) *orchestrator.TransportOption {
	if id == "" {
		return nil
	}
	if r.options == nil {
		r.options = map[string]*orchestrator.TransportOption{}
		for ti := range r.trip.Transport {
			tl := &r.trip.Transport[ti].Value
			for oi := range tl.Options {
				r.options[tl.Options[oi].ID] = &tl.Options[oi]
			}
		}
	}
	return r.options[id]
}

// accessBefore is the time from leaving from (nil: unknown) to departing
// on o of mode.
func accessBefore(mode string, o *orchestrator.TransportOption, from *orchestrator.GeoPoint) int {
	if o == nil || o.FromPoint == nil || from == nil {
		return quality.Before(mode)
	}
	return quality.MinBefore(mode) + quality.AccessMinutes(from.DistanceKM(*o.FromPoint))
}

// accessAfter is the time from arriving on o of mode to reaching to.
func accessAfter(mode string, o *orchestrator.TransportOption, to *orchestrator.GeoPoint) int {
	if o == nil || o.ToPoint == nil || to == nil {
		return quality.After(mode)
	}
	return quality.MinAfter(mode) + quality.AccessMinutes(to.DistanceKM(*o.ToPoint))
}

// stayIn returns the plan's stay in city holding night (a day number),
// else any stay in city; nil when none has a position.
func (r *repairer) stayIn(city string, night int) *orchestrator.Stay {
	var any *orchestrator.Stay
	for i := range r.it.Stays {
		s := &r.it.Stays[i]
		if s.Location == nil || !orchestrator.SameCity(s.City, city) {
			continue
		}
		if night >= s.FirstNight && night < s.FirstNight+s.Nights {
			return s
		}
		if any == nil {
			any = s
		}
	}
	return any
}

// placeBefore is where the traveller leaves from for a departure at dep
// from city on day di: the day's last stop or meal in city starting before
// it (after the day's previous arrival), else the stay of the night before.
func (r *repairer) placeBefore(di int, city string, since, dep int) (string, *orchestrator.GeoPoint) {
	d := &r.it.Days[di]
	best, name := -1, ""
	var at *orchestrator.GeoPoint
	consider := func(start, n, c string, loc *orchestrator.GeoPoint) {
		t, ok := orchestrator.ParseClock(start)
		if !ok || loc == nil || t < since || t >= dep || t < best || (c != "" && !orchestrator.SameCity(c, city)) {
			return
		}
		best, name, at = t, n, loc
	}
	for _, s := range d.Stops {
		consider(s.Start, s.Name, s.City, s.Location)
	}
	for _, m := range d.Meals {
		consider(m.Time, m.Name, m.City, m.Location)
	}
	if at != nil {
		return name, at
	}
	if s := r.stayIn(city, d.Day-1); s != nil {
		return s.Name, s.Location
	}
	return "", nil
}

// placeAfter is where the traveller heads after arriving in city at arr on
// day di: the night's stay there, else the day's first stop or meal in
// city after the arrival.
func (r *repairer) placeAfter(di int, city string, arr int) (string, *orchestrator.GeoPoint) {
	d := &r.it.Days[di]
	if s := r.stayIn(city, d.Day); s != nil {
		return s.Name, s.Location
	}
	best, name := 1<<30, ""
	var at *orchestrator.GeoPoint
	consider := func(start, n, c string, loc *orchestrator.GeoPoint) {
		t, ok := orchestrator.ParseClock(start)
		if !ok || loc == nil || t < arr || t >= best || (c != "" && !orchestrator.SameCity(c, city)) {
			return
		}
		best, name, at = t, n, loc
	}
	for _, s := range d.Stops {
		consider(s.Start, s.Name, s.City, s.Location)
	}
	for _, m := range d.Meals {
		consider(m.Time, m.Name, m.City, m.Location)
	}
	return name, at
}

// legBefore is the door-to-door time before day di's leg l departs at dep
// (since: the day's previous arrival, else 0): from the day's place, as
// placeBefore finds it.
func (r *repairer) legBefore(di int, l *orchestrator.Leg, since, dep int) int {
	_, at := r.placeBefore(di, l.From, since, dep)
	if at == nil && l.BeforeMinutes > 0 {
		return l.BeforeMinutes // the planner's, measured from home or the centre
	}
	return accessBefore(l.Mode, r.option(l.OptionID), at)
}

// legAfter is the door-to-door time after day di's leg l arrives at arr.
func (r *repairer) legAfter(di int, l *orchestrator.Leg, arr int) int {
	_, at := r.placeAfter(di, l.To, arr)
	if at == nil && l.AfterMinutes > 0 {
		return l.AfterMinutes
	}
	return accessAfter(l.Mode, r.option(l.OptionID), at)
}

// label writes the access estimates on day di's legs as the planner does:
// before_minutes (and before_from when measured from a place) on each
// journey's first leg, after_minutes (and after_to) on its last; inner legs
// of a journey carry none.
func (r *repairer) label(di int) {
	d := &r.it.Days[di]
	since := 0
	for k := range d.Legs {
		l := &d.Legs[k]
		first := l.Journey == 0 || k == 0 || d.Legs[k-1].Journey != l.Journey
		last := l.Journey == 0 || k == len(d.Legs)-1 || d.Legs[k+1].Journey != l.Journey
		dep, ok1 := orchestrator.ParseClock(l.Depart)
		arr, ok2 := orchestrator.ParseClock(l.Arrive)
		if !ok1 || !ok2 {
			continue
		}
		arr += 1440 * l.ArriveDayOffset
		o := r.option(l.OptionID)
		// A label the planner measured from a place the repair cannot
		// see (home, the city's centre) stays; a leg without one (booked
		// by the repair) gets the typical total.
		if !first {
			l.BeforeMinutes, l.BeforeFrom = 0, ""
		} else if name, at := r.placeBefore(di, l.From, since, dep); at != nil || l.BeforeMinutes == 0 {
			l.BeforeMinutes, l.BeforeFrom, l.AccessEstimate = accessBefore(l.Mode, o, at), "", true
			if o != nil && o.FromPoint != nil && at != nil {
				l.BeforeFrom = name
			}
		}
		if !last {
			l.AfterMinutes, l.AfterTo = 0, ""
			continue
		}
		if name, at := r.placeAfter(di, l.To, arr); at != nil || l.AfterMinutes == 0 {
			l.AfterMinutes, l.AfterTo, l.AccessEstimate = accessAfter(l.Mode, o, at), "", true
			if o != nil && o.ToPoint != nil && at != nil {
				l.AfterTo = name
			}
		}
		since = arr
	}
}

// beforeNow is the door-to-door time before departing on o from city on
// date (today) from where the traveller is now: the day's last place in
// city that started by now, else the stay of the night before.
func (r *repairer) beforeNow(date, city string, o *orchestrator.TransportOption) int {
	var at *orchestrator.GeoPoint
	if di := r.dayOf(date); di >= 0 {
		_, at = r.placeBefore(di, city, 0, r.nowMin+1)
	}
	return accessBefore(o.Mode, o, at)
}

// relabel writes the access estimates again on the days a change touched
// (label): moved or new legs, and the places the estimates are measured
// from.
func (r *repairer) relabel() {
	done := map[int]bool{}
	for _, c := range r.changes {
		for di := range r.it.Days {
			if r.it.Days[di].Day == c.Day && !done[di] {
				done[di] = true
				r.label(di)
			}
		}
	}
}
