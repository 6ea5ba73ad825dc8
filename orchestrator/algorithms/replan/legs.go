package replan

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// cand is a direct journey a repair may take: the option, its departure
// and arrival in minutes of the day, and what the group pays.
type cand struct {
	o        *orchestrator.TransportOption
	dep, arr int
	cost     int64
}

// journeys returns the direct options from from to to that run on date,
// honour the brief's excluded modes and leave after now (on now's date),
// split into those leaving at or after origDep and those before it, each
// by departure (then arrival, cost, ID). An overnight option is kept only
// when offset (the journey it replaces) is overnight too.
func (r *repairer) journeys(from, to, date string, origDep, offset int, skip func(*orchestrator.TransportOption) bool) (later, earlier []cand) {
	for ti := range r.trip.Transport {
		tl := &r.trip.Transport[ti].Value
		if tl.From != from || tl.To != to {
			continue
		}
		for oi := range tl.Options {
			o := &tl.Options[oi]
			if skip(o) || (o.Date != "" && o.Date != date) || slices.Contains(r.b.Constraints.TransportExclude, o.Mode) {
				continue
			}
			dep := origDep
			if o.Depart != "" {
				var ok bool
				if dep, ok = orchestrator.ParseClock(o.Depart); !ok {
					continue
				}
			}
			if date == r.nowDate && dep < r.nowMin+r.beforeNow(date, from, o) {
				continue
			}
			arr := dep + o.DurationMinutes
			if o.Arrive != "" {
				if a, ok := orchestrator.ParseClock(o.Arrive); ok {
					arr = a + 1440*o.ArriveDayOffset
				}
			}
			if arr < dep || (arr >= 1440 && offset == 0) {
				// an arrival before the departure is a timetable slip (an
				// overnight row without its day offset): not trusted
				continue
			}
			unit, ok := r.convert(o.Price)
			if !ok {
				continue
			}
			c := cand{o: o, dep: dep, arr: arr, cost: unit * int64(o.Units(r.people))}
			if dep >= origDep {
				later = append(later, c)
			} else {
				earlier = append(earlier, c)
			}
		}
	}
	byDep := func(x, y cand) int {
		if c := cmp.Compare(x.dep, y.dep); c != 0 {
			return c
		}
		if c := cmp.Compare(x.arr, y.arr); c != 0 {
			return c
		}
		if c := cmp.Compare(x.cost, y.cost); c != 0 {
			return c
		}
		return cmp.Compare(x.o.ID, y.o.ID)
	}
	slices.SortFunc(later, byDep)
	slices.SortFunc(earlier, byDep)
	return later, earlier
}

// newLeg is the leg a repair books on option c of day d.
func (r *repairer) newLeg(c *cand, from, to, date string) orchestrator.Leg {
	o := c.o
	nl := orchestrator.Leg{OptionID: o.ID, Mode: o.Mode, Number: o.Number, Class: o.Class, From: from, To: to,
		FromStation: o.FromStation, ToStation: o.ToStation, Date: date,
		Depart: orchestrator.FormatClock(c.dep), Arrive: orchestrator.FormatClock(c.arr % 1440), ArriveDayOffset: c.arr / 1440,
		DurationMinutes: c.arr - c.dep, DistanceKM: o.DistanceKM, Pricing: o.Pricing, Price: o.Price, Units: o.Units(r.people),
		Cost: orchestrator.Money{Cents: c.cost, Currency: r.it.Currency}, Estimate: o.PriceEstimate}
	if o.DurationMinutes > 0 && o.Arrive == "" {
		nl.DurationMinutes = o.DurationMinutes
	}
	return nl
}

// delayed makes leg num of day di late by minutes: the leg (and its
// journey) moves, a connection it no longer makes is a finding, and the
// day's places after the arrival are fitted again.
func (r *repairer) delayed(ev, di int, num string, minutes int) {
	d := &r.it.Days[di]
	li := r.legOn(di, num)
	l := &d.Legs[li]
	dep, _ := orchestrator.ParseClock(l.Depart)
	arr, _ := orchestrator.ParseClock(l.Arrive)
	arr += 1440*l.ArriveDayOffset + minutes
	dep += minutes
	reason := r.say(l.Number+" is "+strconv.Itoa(minutes)+" minutes late", l.Number+"晚点"+strconv.Itoa(minutes)+"分钟")
	if dep >= 1440 {
		// it no longer leaves that day: as good as cancelled
		r.cancelled(ev, di, num)
		return
	}
	from := l.Depart
	l.Depart, l.Arrive, l.ArriveDayOffset = orchestrator.FormatClock(dep), orchestrator.FormatClock(arr%1440), arr/1440
	l.DelayMinutes += minutes
	r.change(orchestrator.Change{Action: orchestrator.ChangeShifted, What: "leg", Name: l.Number, Day: d.Day, From: from, To: l.Depart, Event: ev, Reason: reason})
	if l.Journey > 0 && l.Journey <= len(d.Journeys) {
		j := &d.Journeys[l.Journey-1]
		jdep, _ := orchestrator.ParseClock(j.Depart)
		if first := r.journeyLegs(di, l.Journey); first[0] == li {
			jdep = dep
			j.Depart = l.Depart
		}
		jarr, _ := orchestrator.ParseClock(j.Arrive)
		jarr += 1440 * j.ArriveDayOffset
		if legs := r.journeyLegs(di, l.Journey); legs[len(legs)-1] == li {
			jarr = arr
		} else {
			for _, k := range legs {
				if k <= li {
					continue
				}
				next := &d.Legs[k]
				ndep, _ := orchestrator.ParseClock(next.Depart)
				next.TransferMinutes = ndep - arr
				if ndep < arr+next.MinTransferMinutes {
					r.findings = append(r.findings, orchestrator.Finding{Severity: orchestrator.SeverityError, Code: "replan_connection_missed", Day: d.Day,
						Message: r.say("the late "+l.Number+" misses the connection "+next.Number+": report "+next.Number+" as cancelled to find another journey",
							"晚点的"+l.Number+"赶不上换乘的"+next.Number+"：请将"+next.Number+"按取消处理以另找班次")})
				}
				break
			}
		}
		j.Arrive, j.ArriveDayOffset, j.DurationMinutes = orchestrator.FormatClock(jarr%1440), jarr/1440, jarr-jdep
	}
	r.reflow(ev, di, 0, reason)
}

// journeyLegs returns the indexes of day di's legs in journey n.
func (r *repairer) journeyLegs(di, n int) []int {
	var out []int
	for k, l := range r.it.Days[di].Legs {
		if l.Journey == n {
			out = append(out, k)
		}
	}
	return out
}

// cancelled replaces leg num of day di — with its whole journey when it is
// one leg of a connection — by the next workable direct journey between the
// same cities that day, from the trip's transport options and the brief's
// mode rules: the first leaving at or after the cancelled one, else the
// last leaving before it but after now. With none, the leg is removed and a
// finding says that an extra night is needed.
func (r *repairer) cancelled(ev, di int, num string) {
	d := &r.it.Days[di]
	li := r.legOn(di, num)
	l := d.Legs[li]
	from, to := l.From, l.To
	drop := []int{li}
	origDep, _ := orchestrator.ParseClock(l.Depart)
	if l.Journey > 0 && l.Journey <= len(d.Journeys) {
		j := d.Journeys[l.Journey-1]
		from, to = j.From, j.To
		drop = r.journeyLegs(di, l.Journey)
		origDep, _ = orchestrator.ParseClock(j.Depart)
	}
	gone := map[string]bool{}
	for _, k := range drop {
		gone[d.Legs[k].OptionID] = true
	}
	later, earlier := r.journeys(from, to, d.Date, origDep, l.ArriveDayOffset, func(o *orchestrator.TransportOption) bool {
		return gone[o.ID] || (o.Number != "" && o.Number == l.Number)
	})
	var pick *cand
	switch {
	case len(later) > 0:
		pick = &later[0]
	case len(earlier) > 0:
		pick = &earlier[len(earlier)-1]
	}
	journey := l.Journey
	// remove the cancelled legs, and their journey, renumbering the rest
	for k := len(drop) - 1; k >= 0; k-- {
		d.Legs = slices.Delete(d.Legs, drop[k], drop[k]+1)
	}
	if journey > 0 && journey <= len(d.Journeys) {
		d.Journeys = slices.Delete(d.Journeys, journey-1, journey)
		for k := range d.Legs {
			if d.Legs[k].Journey > journey {
				d.Legs[k].Journey--
			}
		}
	}
	if pick == nil && r.extraNight(ev, di, l, from, to) {
		return
	}
	if pick == nil {
		r.change(orchestrator.Change{Action: orchestrator.ChangeRemoved, What: "leg", Name: l.Number, Day: d.Day, From: l.Depart, Event: ev,
			Reason: r.say(l.Number+" was cancelled and no other journey from "+from+" to "+to+" works that day",
				l.Number+"已取消，当天没有从"+from+"到"+to+"的其他班次")})
		r.findings = append(r.findings, orchestrator.Finding{Severity: orchestrator.SeverityError, Code: "replan_no_journey", Day: d.Day,
			Message: r.say("no journey from "+from+" to "+to+" works on "+d.Date+" after "+l.Number+" was cancelled: an extra night in "+from+" is needed",
				l.Number+"取消后，"+d.Date+"没有从"+from+"到"+to+"的可行班次：需要在"+from+"多住一晚")})
		return
	}
	o := pick.o
	nl := r.newLeg(pick, from, to, d.Date)
	pos := min(drop[0], len(d.Legs))
	d.Legs = slices.Insert(d.Legs, pos, nl)
	name := o.Number
	if name == "" {
		name = o.Mode
	}
	reason := r.say(l.Number+" was cancelled; "+name+" at "+nl.Depart+" is the next workable journey",
		l.Number+"已取消，改乘"+nl.Depart+"出发的"+name)
	r.change(orchestrator.Change{Action: orchestrator.ChangeReplaced, What: "leg", Name: name, Day: d.Day, From: l.Depart, To: nl.Depart, Event: ev, Reason: reason})
	r.reflow(ev, di, 0, reason)
}

// reprice sums the repaired days again: each day's cost, and the chosen
// tier's categories and total by the difference the repair made, so that
// the sums stay the verifier's.
func (r *repairer) reprice() {
	it := r.it
	cur := it.Currency
	var transport, food, tickets int64
	for di := range it.Days {
		d := &it.Days[di]
		var legs, meals, stops int64
		for _, l := range d.Legs {
			legs += l.Cost.Cents
		}
		for _, m := range d.Meals {
			meals += m.Cost.Cents
		}
		for _, s := range d.Stops {
			stops += s.Cost.Cents
		}
		transport, food, tickets = transport+legs, food+meals, tickets+stops
		if r.frozenDay(di) || !r.touched(d.Day) {
			continue
		}
		var night int64
		if d.Stay != nil {
			for _, st := range it.Stays {
				if st.AccommodationID == d.Stay.AccommodationID && d.Day >= st.FirstNight && d.Day < st.FirstNight+st.Nights && st.Nights > 0 {
					night += st.Cost.Cents / int64(st.Nights)
				}
			}
		}
		d.Cost = orchestrator.Money{Cents: legs + meals + stops + night, Currency: cur}
	}
	for i := range it.Budget.Tiers {
		t := &it.Budget.Tiers[i]
		if t.Tier != it.Tier || t.Lean != it.Lean {
			continue
		}
		var lodging int64
		for _, st := range it.Stays {
			lodging += st.Cost.Cents
		}
		t.Transport.Cents, t.Lodging.Cents, t.Food.Cents, t.Attractions.Cents = transport, lodging, food, tickets
		t.Total.Cents = t.Transport.Cents + t.Lodging.Cents + t.Food.Cents + t.Attractions.Cents
		t.PerPerson.Cents = t.Total.Cents / int64(max(1, r.people))
		if it.Budget.Limit != nil {
			within := t.Total.Cents <= it.Budget.Limit.Cents
			t.WithinBudget = &within
		}
	}
}

// touched reports whether a change names day n.
func (r *repairer) touched(n int) bool {
	for _, c := range r.changes {
		if c.Day == n || c.ToDay == n {
			return true
		}
	}
	return false
}

// extraNight repairs a cancelled journey home on the last day when no
// journey works that day: the traveller stays one more night in from (the
// stay there is extended, the day becomes a full day there with its
// meals and sights), and a new last day takes the first workable journey
// the next morning or later. The trip, and the brief it answers, get one
// day longer. It reports false, changing nothing, when the day is not the
// last, no stay in from can be extended or nothing runs the next day.
func (r *repairer) extraNight(ev, di int, l orchestrator.Leg, from, to string) bool {
	it := r.it
	if di != len(it.Days)-1 || di == 0 {
		return false
	}
	d := &it.Days[di]
	date, err := time.Parse("2006-01-02", d.Date)
	if err != nil {
		return false
	}
	next := date.AddDate(0, 0, 1).Format("2006-01-02")
	si := -1
	for k, st := range it.Stays {
		if strings.EqualFold(st.City, from) && st.FirstNight+st.Nights == d.Day && st.Nights > 0 {
			si = k
		}
	}
	if si < 0 {
		return false
	}
	later, _ := r.journeys(from, to, next, 0, 0, func(o *orchestrator.TransportOption) bool { return o.Number != "" && o.Number == l.Number })
	var pick *cand
	for k := range later {
		if later[k].dep >= dayStart {
			pick = &later[k]
			break
		}
	}
	if pick == nil {
		return false
	}
	reason := r.say(l.Number+" was cancelled and nothing else runs that day: one more night in "+from,
		l.Number+"已取消，当天没有其他班次：在"+from+"多住一晚")
	st := &it.Stays[si]
	st.Cost.Cents += st.Cost.Cents / int64(st.Nights)
	st.Nights++
	r.change(orchestrator.Change{Action: orchestrator.ChangeAdded, What: "stay", Name: st.Name, Day: d.Day, Event: ev, Reason: reason})
	// the last day becomes a day in from
	d.City, d.From, d.Legs, d.Journeys = from, "", nil, nil
	d.Stay = &orchestrator.StayRef{AccommodationID: st.AccommodationID, Name: st.Name, City: st.City}
	for k := len(d.Stops) - 1; k >= 0; k-- {
		if !strings.EqualFold(d.Stops[k].City, from) {
			r.removeStop(ev, di, k, reason)
		}
	}
	for k := len(d.Meals) - 1; k >= 0; k-- {
		if !strings.EqualFold(d.Meals[k].City, from) {
			r.removeMeal(ev, di, k, reason)
		}
	}
	r.change(orchestrator.Change{Action: orchestrator.ChangeRemoved, What: "leg", Name: l.Number, Day: d.Day, From: l.Depart, Event: ev, Reason: reason})
	r.fill(ev, di, r.wet[di], reason)
	r.addMeals(ev, di, reason)
	for k := range it.Cities {
		if strings.EqualFold(it.Cities[k].City, from) && it.Cities[k].ArriveDay+it.Cities[k].Nights == d.Day {
			it.Cities[k].Nights++
		}
	}
	// the new last day: the journey home
	nl := r.newLeg(pick, from, to, next)
	name := nl.Number
	if name == "" {
		name = nl.Mode
	}
	it.Days = append(it.Days, orchestrator.Day{Day: d.Day + 1, Date: next, City: to, From: from, Legs: []orchestrator.Leg{nl},
		Stops: []orchestrator.Stop{}, Meals: []orchestrator.Meal{}})
	r.change(orchestrator.Change{Action: orchestrator.ChangeReplaced, What: "leg", Name: name, Day: d.Day + 1, From: l.Depart, To: nl.Depart, Event: ev,
		Reason: r.say(name+" at "+nl.Depart+" the next day is the next workable journey", "改乘次日"+nl.Depart+"出发的"+name)})
	b := *r.b
	b.Days++
	if b.EndDate != "" {
		b.EndDate = next
	}
	r.b = &b
	r.briefChanged = true
	return true
}

// addMeals books the meals day di lacks, each at the first time in its
// slot that is free and the restaurant open: a restaurant of the day's
// city not yet eaten at, the cheapest first.
func (r *repairer) addMeals(ev, di int, reason string) {
	d := &r.it.Days[di]
	c := r.cityData(d.City)
	if c == nil || c.Restaurants == nil {
		return
	}
	wd := orchestrator.Weekday(d.Date)
	for _, slot := range orchestrator.MealSlots {
		if slices.ContainsFunc(d.Meals, func(m orchestrator.Meal) bool { return m.Slot == slot }) {
			continue
		}
		n := orchestrator.MealMinutes(slot)
		lo, hi := slotWindow(slot)
		var best *orchestrator.Restaurant
		var bestUnit int64
		at := -1
		for t := lo; t <= hi && at < 0; t += 15 {
			if !r.free(di, t, t+n) {
				continue
			}
			for k := range c.Restaurants.Value {
				x := &c.Restaurants.Value[k]
				if r.mealUsed(x) || r.banned[di][x.ID] || !orchestrator.OpenDuring(x.Hours, wd, t, t+n) {
					continue
				}
				unit, ok := r.convert(x.Price)
				if !ok {
					continue
				}
				if best == nil || unit < bestUnit || (unit == bestUnit && x.ID < best.ID) {
					best, bestUnit = x, unit
				}
			}
			if best != nil {
				at = t
			}
		}
		if best == nil {
			continue
		}
		m := orchestrator.Meal{Slot: slot, RestaurantID: best.ID, Name: best.Name, City: best.City, Location: best.Location,
			Time: orchestrator.FormatClock(at), Cuisines: best.Cuisines, Price: best.Price,
			Cost: orchestrator.Money{Cents: bestUnit * int64(r.people), Currency: r.it.Currency}, Estimate: best.PriceEstimate}
		pos := 0
		for pos < len(d.Meals) {
			if t, _ := orchestrator.ParseClock(d.Meals[pos].Time); t > at {
				break
			}
			pos++
		}
		d.Meals = slices.Insert(d.Meals, pos, m)
		r.change(orchestrator.Change{Action: orchestrator.ChangeAdded, What: "meal", Name: m.Name, Day: d.Day, To: m.Time, Event: ev, Reason: reason})
	}
}

// free reports whether nothing of day di overlaps start–end.
func (r *repairer) free(di, start, end int) bool {
	for _, x := range r.timeline(di) {
		if x.start < end && start < x.end {
			return false
		}
	}
	return true
}
