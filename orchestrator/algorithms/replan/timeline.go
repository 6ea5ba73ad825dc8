package replan

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// window returns when a place in city can be visited on day di: after the
// day's arrival in city, before its departure from it.
func (r *repairer) window(di int, city string) (lo, hi int) {
	d := &r.it.Days[di]
	lo, hi = 0, dayEnd
	for _, s := range d.Stops {
		if en, ok := orchestrator.ParseClock(s.End); ok && en > hi {
			hi = en
		}
	}
	if len(d.Legs) == 0 {
		return lo, hi
	}
	first, last := d.Legs[0], d.Legs[len(d.Legs)-1]
	dep, ok1 := orchestrator.ParseClock(first.Depart)
	arr, ok2 := orchestrator.ParseClock(last.Arrive)
	if !ok1 || !ok2 {
		return lo, hi
	}
	arr += 1440 * last.ArriveDayOffset
	if d.From != "" && strings.EqualFold(city, d.From) {
		return lo, min(hi, dep-r.legBefore(di, &first, 0, dep))
	}
	return max(lo, arr+r.legAfter(di, &last, arr)), hi
}

// slotWindow is when a meal of slot may start.
func slotWindow(slot string) (int, int) {
	switch slot {
	case orchestrator.Breakfast:
		return 6*60 + 30, 10*60 + 30
	case orchestrator.Lunch:
		return 11 * 60, 14*60 + 30
	}
	return 17 * 60, 21 * 60
}

// item is a stop or a meal on a day's timeline.
type item struct {
	stop       bool
	i          int // index in Stops or Meals
	start, end int
	city       string
	id         string
}

// timeline returns day di's stops and meals by start time.
func (r *repairer) timeline(di int) []item {
	d := &r.it.Days[di]
	out := make([]item, 0, len(d.Stops)+len(d.Meals))
	for i, s := range d.Stops {
		st, _ := orchestrator.ParseClock(s.Start)
		en, _ := orchestrator.ParseClock(s.End)
		out = append(out, item{stop: true, i: i, start: st, end: en, city: s.City, id: s.AttractionID})
	}
	for i, m := range d.Meals {
		t, _ := orchestrator.ParseClock(m.Time)
		out = append(out, item{i: i, start: t, end: t + orchestrator.MealMinutes(m.Slot), city: m.City, id: m.RestaurantID})
	}
	slices.SortStableFunc(out, func(a, b item) int { return cmp.Compare(a.start, b.start) })
	return out
}

// value is what losing an item costs: a must-see most, then lunch and
// dinner, then sights by rating, breakfast least.
func (r *repairer) value(di int, it item) float64 {
	d := &r.it.Days[di]
	if it.stop {
		s := d.Stops[it.i]
		if r.mustSee(s.Name) {
			return 1e9
		}
		if a := r.attraction(s.City, s.AttractionID); a != nil {
			return 10 + attrScore(a)/1000
		}
		return 10
	}
	if d.Meals[it.i].Slot == orchestrator.Breakfast {
		return 5
	}
	return 1e6
}

// reflow fits day di's stops and meals after lo and inside the day's
// windows: each keeps its time when it still fits, or moves later; when
// something no longer fits, the least valued item up to it is dropped
// (cheapest loss first) and the day is fitted again.
func (r *repairer) reflow(ev, di, lo int, reason string) {
	d := &r.it.Days[di]
	wd := orchestrator.Weekday(d.Date)
	for {
		items := r.timeline(di)
		starts := make([]int, len(items))
		cursor, prevStopEnd, fail := 0, -1, -1
		for k, x := range items {
			if r.frozenAt(di, x.start) {
				starts[k] = x.start
				cursor = max(cursor, x.end)
				if x.stop {
					prevStopEnd = x.end
				}
				continue
			}
			wlo, whi := r.window(di, x.city)
			wlo = max(wlo, lo)
			dur := x.end - x.start
			start := max(x.start, cursor, wlo)
			ok := true
			if x.stop {
				s := &d.Stops[x.i]
				if prevStopEnd >= 0 {
					start = max(start, prevStopEnd+s.TravelMinutes)
				}
				if a := r.attraction(s.City, s.AttractionID); a != nil && !orchestrator.OpenDuring(a.Hours, wd, start, start+dur) {
					ok = false
				}
			} else {
				m := &d.Meals[x.i]
				from, to := slotWindow(m.Slot)
				start = max(start, from)
				if start > to {
					ok = false
				} else if x := r.restaurant(m.City, m.RestaurantID); x != nil && !orchestrator.OpenDuring(x.Hours, wd, start, start+dur) {
					ok = false
				}
			}
			if start+dur > whi {
				ok = false
			}
			if !ok {
				fail = k
				break
			}
			starts[k] = start
			cursor = start + dur
			if x.stop {
				prevStopEnd = cursor
			}
		}
		if fail < 0 {
			for k, x := range items {
				if starts[k] == x.start {
					continue
				}
				if x.stop {
					s := &d.Stops[x.i]
					from := s.Start
					s.Start = orchestrator.FormatClock(starts[k])
					s.End = orchestrator.FormatClock(starts[k] + x.end - x.start)
					r.change(orchestrator.Change{Action: orchestrator.ChangeShifted, What: "stop", Name: s.Name, Day: d.Day, From: from, To: s.Start, Event: ev, Reason: reason})
				} else {
					m := &d.Meals[x.i]
					from := m.Time
					m.Time = orchestrator.FormatClock(starts[k])
					r.change(orchestrator.Change{Action: orchestrator.ChangeShifted, What: "meal", Name: m.Name, Day: d.Day, From: from, To: m.Time, Event: ev, Reason: reason})
				}
			}
			return
		}
		// drop the least valued item up to the one that no longer fits
		victim := -1
		for k := 0; k <= fail; k++ {
			if r.frozenAt(di, items[k].start) {
				continue
			}
			if victim < 0 || r.value(di, items[k]) < r.value(di, items[victim]) {
				victim = k
			}
		}
		why := r.say("no longer fits the day: "+reason, "当天已排不下："+reason)
		v := items[victim]
		if v.stop {
			name := d.Stops[v.i].Name
			r.removeStop(ev, di, v.i, why)
			if r.mustSee(name) {
				r.moveElsewhere(ev, di, v.id, why)
			}
		} else {
			r.removeMeal(ev, di, v.i, why)
		}
	}
}

// visitMinutes is how long a sight is visited when a repair adds it.
func visitMinutes(a *orchestrator.Attraction) int {
	n := a.VisitMinMinutes
	if n <= 0 {
		n = 90
		if a.VisitMaxMinutes > 0 {
			n = min(n, a.VisitMaxMinutes)
		}
	}
	return min(n, 240)
}

// travel is the time from stop a to place b (an attraction) in minutes, and
// whether it is a straight-line estimate: the city's matrix when it has
// both, otherwise 20 km/h over the straight line plus 10 minutes.
func (r *repairer) travel(city, fromID string, from *orchestrator.GeoPoint, toID string, to *orchestrator.GeoPoint) (int, bool) {
	if m := r.matrices[city]; m != nil {
		if i, j := m.Index(fromID), m.Index(toID); i >= 0 && j >= 0 && i < len(m.Seconds) && j < len(m.Seconds[i]) {
			return (m.Seconds[i][j] + 59) / 60, false
		}
	}
	if from == nil || to == nil {
		return 30, true
	}
	km := from.Ref().DistanceKM(to.Ref())
	return int(math.Ceil(km*3)) + 10, true
}

// retravelAt works out again the travel time to stop k of day di from the
// stop now before it (after the one between them was removed).
func (r *repairer) retravelAt(di, k int) {
	d := &r.it.Days[di]
	if k <= 0 || k >= len(d.Stops) {
		return
	}
	p, s := &d.Stops[k-1], &d.Stops[k]
	s.TravelMinutes, s.TravelEstimate = r.travel(s.City, p.AttractionID, p.Location, s.AttractionID, s.Location)
}

// cheapestStop returns the least valued stop of day di that lies after now
// and is not a must-see, or -1.
func (r *repairer) cheapestStop(di int) int {
	d := &r.it.Days[di]
	best := -1
	for k, s := range d.Stops {
		st, _ := orchestrator.ParseClock(s.Start)
		if r.frozenAt(di, st) || r.mustSee(s.Name) {
			continue
		}
		if best < 0 || r.value(di, item{stop: true, i: k}) < r.value(di, item{stop: true, i: best}) {
			best = k
		}
	}
	return best
}

// fill adds unvisited sights to day di's gaps of minGap or more between
// fillFrom and fillTo, best rated first (indoor ones only when indoor is
// set), until no gap takes one.
func (r *repairer) fill(ev, di int, indoor bool, reason string) {
	if r.frozenDay(di) {
		return
	}
	city := r.cityAt(di)
	for range 4 {
		placed := false
		items := r.timeline(di)
		for _, a := range r.sights(city) {
			if r.used(a) || r.reserved[a.ID] || r.banned[di][a.ID] || r.skipped[a.ID] || (indoor && (a.Indoor == nil || !*a.Indoor)) {
				continue
			}
			if r.placeIn(items, ev, di, a, reason, orchestrator.ChangeAdded, true) {
				placed = true
				break
			}
		}
		if !placed {
			return
		}
	}
}

// insert places sight a on day di in the first gap it fits; action, when
// set, is recorded as a change.
func (r *repairer) insert(ev, di int, a *orchestrator.Attraction, reason, action string) bool {
	return r.placeIn(r.timeline(di), ev, di, a, reason, action, false)
}

// placeIn puts sight a in the first gap of day di (whose timeline is
// items) it fits — only gaps of minGap or more inside fillFrom–fillTo, near
// its neighbours, when gapsOnly — travel to it and from it to the next
// stop included, open for the whole visit.
func (r *repairer) placeIn(items []item, ev, di int, a *orchestrator.Attraction, reason, action string, gapsOnly bool) bool {
	d := &r.it.Days[di]
	if r.frozenDay(di) {
		return false
	}
	wd := orchestrator.Weekday(d.Date)
	wlo, whi := r.window(di, a.City)
	wlo = max(wlo, dayStart)
	if t, ok := orchestrator.ParseClock(d.StartsAt); ok {
		wlo = max(wlo, t)
	}
	if gapsOnly {
		wlo, whi = max(wlo, fillFrom), min(whi, fillTo+60)
	}
	if d.Date == r.nowDate {
		wlo = max(wlo, r.nowMin+15)
	}
	dur := visitMinutes(a)
	// gap k lies before items[k] (k == len(items): after the last)
	for k := 0; k <= len(items); k++ {
		gs, ge := wlo, whi
		if k > 0 {
			gs = max(gs, items[k-1].end)
		}
		if k < len(items) {
			ge = min(ge, items[k].start)
		}
		if ge-gs < dur || (gapsOnly && ge-gs < minGap) {
			continue
		}
		var prev, next *orchestrator.Stop
		for j := k - 1; j >= 0 && prev == nil; j-- {
			if items[j].stop {
				prev = &d.Stops[items[j].i]
			}
		}
		for j := k; j < len(items) && next == nil; j++ {
			if items[j].stop {
				next = &d.Stops[items[j].i]
			}
		}
		tin, estIn := 0, false
		if prev != nil {
			tin, estIn = r.travel(a.City, prev.AttractionID, prev.Location, a.ID, a.Location)
		}
		if gapsOnly && tin > maxFillTravel {
			continue // a filler is a sight nearby, not a day trip
		}
		for start := roundUp(gs + tin); start+dur <= ge; start += 30 {
			end := start + dur
			tout, estOut := 0, false
			if next != nil {
				tout, estOut = r.travel(a.City, a.ID, a.Location, next.AttractionID, next.Location)
				if gapsOnly && tout > maxFillTravel {
					break
				}
				if ns, _ := orchestrator.ParseClock(next.Start); end+tout > ns {
					break
				}
			}
			if !orchestrator.OpenDuring(a.Hours, wd, start, end) {
				continue
			}
			var unit int64
			price := orchestrator.Money{Currency: r.it.Currency}
			if a.Price != nil {
				u, ok := r.convert(*a.Price)
				if !ok {
					return false
				}
				unit, price = u, *a.Price
			}
			s := orchestrator.Stop{AttractionID: a.ID, Name: a.Name, City: a.City, Location: a.Location,
				Start: orchestrator.FormatClock(start), End: orchestrator.FormatClock(end), TravelMinutes: tin, TravelEstimate: estIn,
				Indoor: a.Indoor, Price: price, Cost: orchestrator.Money{Cents: unit * int64(r.people), Currency: r.it.Currency}}
			if next != nil {
				next.TravelMinutes, next.TravelEstimate = tout, estOut
			}
			pos, _ := slices.BinarySearchFunc(d.Stops, start, func(x orchestrator.Stop, t int) int {
				st, _ := orchestrator.ParseClock(x.Start)
				return cmp.Compare(st, t)
			})
			d.Stops = slices.Insert(d.Stops, pos, s)
			if action != "" {
				r.change(orchestrator.Change{Action: action, What: "stop", Name: a.Name, Day: d.Day, To: s.Start, Event: ev, Reason: reason})
			}
			return true
		}
	}
	return false
}

func roundUp(m int) int { return (m + 4) / 5 * 5 }
