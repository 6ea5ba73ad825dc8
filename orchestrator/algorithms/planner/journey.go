package planner

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// Journeys. A leg between two cities of the route is covered by a direct
// option of the data when one is usable; otherwise (no direct service, or
// only services the brief excludes, does not require, or that run at odd
// hours) by a journey of two or three legs changing at a hub — any city
// the trip's transport data reaches — or by a ground hop (taxi, coach;
// self-driving when the trip drives), chained with the minimum transfer
// times of orchestrator.MinTransfer. A journey is one option to the route
// search and the leg utility: its price is the sum of its legs, its
// duration from the first departure to the last arrival.
const (
	// maxJourneys bounds the journeys kept for one leg and day, best
	// (earliest arrival, then cheapest) first.
	maxJourneys = 24
	// groundEarliest is the earliest a ground hop may leave to reach a
	// timetabled leg (the leg utility still penalizes odd hours).
	groundEarliest = 5 * 60
)

// journeyKey memoizes journeys by leg, day and family.
type journeyKey struct {
	from, to string
	day, fam int
}

// part is one leg of a journey with the times it runs (minutes after
// midnight of the travel day; arrive passes 1440 the next day).
type part struct {
	op             *option
	depart, arrive int
}

// needJourneys reports whether a leg's direct options leave room for a
// journey: none usable, none meeting an explicit requirement, or all at
// odd hours.
func (w *world) needJourneys(l routeLeg, fam int, direct []*option) bool {
	if w.opts.Direct {
		return false
	}
	if len(direct) == 0 || modelledFlights(direct) {
		return true
	}
	if w.explicit() && !w.legAllowed(direct[0]) {
		return true // usable fell back to options the brief does not allow
	}
	for _, op := range direct {
		dep, arr := w.legTimes(op, l, false, false, -1)
		if !oddHours(dep, arr) {
			return false
		}
	}
	return true
}

// wantsDriving reports whether the brief prefers or requires
// self-driving: only then does the planner model a drive the data lacks.
func (w *world) wantsDriving() bool {
	return slices.Contains(w.prefer, "self_driving") || slices.Contains(w.b.Constraints.TransportRequire, "self_driving")
}

// modelledFlights reports whether every direct option is a flight with
// neither a timetable nor an observed fare: a model's guess at a service.
func modelledFlights(direct []*option) bool {
	for _, op := range direct {
		if op.o.Mode != "flight" || op.depart >= 0 || !op.o.PriceEstimate {
			return false
		}
	}
	return len(direct) > 0
}

// explicit reports whether the brief requires modes or high-speed trains.
func (w *world) explicit() bool {
	c := &w.b.Constraints
	return len(c.TransportRequire) > 0 || c.HighSpeedRail
}

// legAllowed reports whether an option meets the brief's explicit
// transport constraints: a direct option by itself, a journey as a whole
// (orchestrator.Constraints.JourneyAllowed: a road hop to or from the
// airport or station of a required mode is part of the way).
func (w *world) legAllowed(op *option) bool {
	if len(op.parts) > 0 {
		legs := make([]orchestrator.LegSpec, len(op.parts))
		for i, p := range op.parts {
			legs[i] = orchestrator.LegSpec{Mode: p.op.o.Mode, Number: p.op.o.Number, Class: p.op.o.Class}
		}
		return w.b.Constraints.JourneyAllowed(legs)
	}
	return w.b.Constraints.LegAllowed(op.o.Mode, op.o.Number, op.o.Class)
}

// candidates are the options that can cover leg l in family fam: the
// usable direct ones, and journeys when they are needed.
func (w *world) candidates(l routeLeg, fam int) []*option {
	direct := w.usable(l, fam)
	if !w.needJourneys(l, fam, direct) {
		return w.withConnections(l, fam, direct)
	}
	js := w.journeys(l, fam)
	if fam == famPublic || w.wantsDriving() {
		// A road hop on its own covers a short leg.
		js = append(slices.Clone(w.groundHops(l.from, l.to, fam)), js...)
	}
	if w.explicit() {
		// Road hops pass segments as possible access hops; a journey or hop
		// is kept only when it meets the requirement as a whole.
		js = slices.DeleteFunc(slices.Clone(js), func(j *option) bool { return !w.legAllowed(j) })
	}
	if len(js) == 0 {
		return direct
	}
	if w.explicit() && len(direct) > 0 && !w.legAllowed(direct[0]) {
		// Journeys meeting the requirement replace direct legs that do not.
		return js
	}
	if modelledFlights(direct) && slices.ContainsFunc(js, func(j *option) bool { return len(j.parts) > 0 }) {
		// A connection on the data's timetables beats a flight only a
		// model says exists (an estimator knows no airports: Suzhou has
		// none).
		return js
	}
	return append(slices.Clone(direct), js...)
}

// Connections beside direct service. A long direct leg (door to door at
// least connectLongLeg minutes: the option's time, the buffers at the
// station or airport at either end — preBuffer, postBuffer) is offered
// alongside the journeys through hubs that save at least connectSaving
// minutes door to door over the quickest direct option at a sensible hour,
// counting changePenalty minutes per change. legUtility then chooses among
// them as among direct options (price against the cheapest, door-to-door
// time against the quickest, hours left in the cities, odd hours), so a
// connection is booked when it is much better for the traveller and the
// direct leg otherwise. Journeys keep the brief's explicit modes
// (legAllowed; with high-speed trains asked for, trains and access hops
// only) and preferred modes; legs shorter than connectLongLeg do
// not search for connections at all, which keeps planning fast.
const (
	connectLongLeg = 5 * 60
	connectSaving  = 2 * 60
	// connectFam offsets the family in journeyKey for a leg's memoized
	// candidates with connections (journeyMemo also holds the journeys).
	connectFam = 100
)

// doorToDoor is an option's time from being at the station or airport to
// being free in the city, plus changePenalty per change of a journey.
func doorToDoor(op *option) int {
	return op.dur + preBuffer(op) + postBuffer(op) + changes(op)*changePenalty
}

// changes counts a journey's changes (none for a direct option).
func changes(op *option) int { return max(0, len(op.parts)-1) }

// withConnections returns the direct options of a leg, with the journeys
// through hubs that save connectSaving minutes over a long direct leg,
// memoized.
func (w *world) withConnections(l routeLeg, fam int, direct []*option) []*option {
	if w.opts.Direct || len(direct) == 0 {
		return direct
	}
	quickest := -1
	for _, op := range direct {
		dep, arr := w.legTimes(op, l, false, false, -1)
		if oddHours(dep, arr) {
			continue
		}
		if d := doorToDoor(op); quickest < 0 || d < quickest {
			quickest = d
		}
	}
	if quickest < connectLongLeg {
		return direct // no sensible direct leg (needJourneys), or a short one
	}
	key := journeyKey{l.from, l.to, l.day, fam + connectFam}
	if !w.dated {
		key.day = -1
	}
	if ops, ok := w.journeyMemo[key]; ok {
		return ops
	}
	if ops, ok := w.sharedJourneys(key); ok {
		w.journeyMemo[key] = ops
		return ops
	}
	out := direct
	for _, j := range w.journeys(l, fam) {
		if len(j.parts) < 2 || doorToDoor(j) > quickest-connectSaving || oddHours(j.depart, j.depart+j.dur) {
			continue
		}
		if w.explicit() && !w.legAllowed(j) {
			continue
		}
		if w.b.Constraints.HighSpeedRail && slices.ContainsFunc(j.parts, func(p part) bool {
			return p.op.o.Mode != "train" && !orchestrator.AccessHop(p.op.o.Mode)
		}) {
			continue // a brief asking for high-speed trains keeps to trains when direct ones run
		}
		if len(w.prefer) > 0 && !slices.Contains(w.prefer, j.o.Mode) {
			continue // the journey's main leg keeps a preferred mode
		}
		if len(out) == len(direct) {
			out = slices.Clone(direct)
		}
		out = append(out, j)
	}
	w.journeyMemo[key] = out
	w.keepJourneys(key, out)
	return out
}

// segments lists the options of one leg of a journey from one city to
// another on day: the data's timetabled options in family fam that the
// brief allows (modes, explicit requirement, date), arriving the same day
// unless last, and the ground hop when the distance allows one.
func (w *world) segments(from, to string, day, fam int, last bool) []*option {
	date := w.date(day)
	var out []*option
	for _, op := range w.legs[[2]string{from, to}] {
		if !w.modeAllowed(op, fam) || op.depart < 0 {
			continue
		}
		if op.o.Date != "" && date != "" && op.o.Date != date {
			continue
		}
		if w.explicit() && !w.b.Constraints.LegAllowed(op.o.Mode, op.o.Number, op.o.Class) {
			continue
		}
		if op.overnight() && (!last || op.o.ArriveDayOffset > 1 || op.arrive > latestOvernight) {
			continue
		}
		out = append(out, op)
	}
	return append(out, w.groundHops(from, to, fam)...)
}

// groundHops returns the modelled road hops between two cities in family
// fam (taxi and coach for public transport; self-driving for a driven
// trip), none when the cities are too far apart or cannot be located, or
// the brief allows no ground mode. Memoized.
func (w *world) groundHops(from, to string, fam int) []*option {
	key := [3]string{from, to, string(rune('0' + fam))}
	if ops, ok := w.hops[key]; ok {
		return ops
	}
	var out []*option
	a, ok1 := w.position(from)
	b, ok2 := w.position(to)
	if ok1 && ok2 && a.DistanceKM(b) <= orchestrator.GroundMaxKM {
		km := orchestrator.GroundRoadKM(a, b)
		for _, m := range orchestrator.GroundModels {
			if w.exclude[m.Mode] || (fam == famRoad) != (m.Mode == "self_driving") {
				continue
			}
			if w.explicit() && !w.b.Constraints.LegAllowed(m.Mode, "", "") && !orchestrator.AccessHop(m.Mode) {
				continue // an access hop may still lead to a required mode (legAllowed judges the journey)
			}
			o, ok := orchestrator.GroundHop(m.Mode, w.cityName(from), w.cityName(to), km, w.currency)
			if !ok {
				continue
			}
			oo := o
			op := &option{o: &oo, price: o.Price.Cents, units: o.Units(w.people), depart: -1, dur: o.DurationMinutes}
			op.cost = op.price * int64(op.units)
			out = append(out, op)
		}
	}
	w.hops[key] = out
	return out
}

// position locates a city by its key for ground hops
// (orchestrator.CityPosition).
func (w *world) position(key string) (orchestrator.GeoPoint, bool) {
	if p, ok := w.positions[key]; ok {
		return p, p != (orchestrator.GeoPoint{})
	}
	p, ok := orchestrator.CityPosition(w.trip, w.cityName(key))
	if !ok {
		p = orchestrator.GeoPoint{}
	}
	w.positions[key] = p
	return p, ok
}

// hubs lists the cities a journey between from and to may change at: every
// city the trip's transport reaches from from (or a ground hop does) and
// that reaches to, sorted.
func (w *world) hubs(from, to string) []string {
	var out []string
	for _, k := range w.places {
		if k != from && k != to {
			out = append(out, k)
		}
	}
	return out
}

// journeys returns the journeys of two or three legs that cover leg l in
// family fam, memoized; three legs are tried only when two give none.
func (w *world) journeys(l routeLeg, fam int) []*option {
	key := journeyKey{l.from, l.to, l.day, fam}
	if !w.dated {
		key.day = -1 // undated timetables: the same journeys every day
	}
	if js, ok := w.journeyMemo[key]; ok {
		return js
	}
	if js, ok := w.sharedJourneys(key); ok {
		w.journeyMemo[key] = js
		return js
	}
	var cs []jcand
	var buf []byte
	seen := map[string]bool{}
	hubs := w.hubs(l.from, l.to)
	for _, h := range hubs {
		a := w.segments(l.from, h, l.day, fam, false)
		if len(a) == 0 {
			continue
		}
		b := w.segments(h, l.to, l.day, fam, true)
		if len(b) == 0 {
			continue
		}
		cs, buf = w.chain([][]*option{a, b}, cs, buf, seen)
	}
	if len(cs) == 0 {
		for _, h1 := range hubs {
			a := w.segments(l.from, h1, l.day, fam, false)
			if len(a) == 0 {
				continue
			}
			for _, h2 := range hubs {
				if h2 == h1 {
					continue
				}
				b := w.segments(h1, h2, l.day, fam, false)
				if len(b) == 0 {
					continue
				}
				c := w.segments(h2, l.to, l.day, fam, true)
				if len(c) == 0 {
					continue
				}
				cs, buf = w.chain([][]*option{a, b, c}, cs, buf, seen)
			}
		}
	}
	// Earliest arrival, then cheapest, then ID; stable (the order of a
	// stable sort is the order's alone, whatever the algorithm).
	slices.SortStableFunc(cs, func(x, y jcand) int {
		if x.end != y.end {
			return cmp.Compare(x.end, y.end)
		}
		if x.cost != y.cost {
			return cmp.Compare(x.cost, y.cost)
		}
		return strings.Compare(x.id, y.id)
	})
	if len(cs) > maxJourneys {
		cs = cs[:maxJourneys]
	}
	var js []*option
	if len(cs) > 0 {
		js = make([]*option, len(cs))
		for i := range cs {
			js[i] = w.journeyOption(l, cs[i].parts[:cs[i].n], cs[i].id)
		}
	}
	w.journeyMemo[key] = js
	w.keepJourneys(key, js)
	return js
}

// jcand is a journey chain found, before it is made an option (only the
// maxJourneys best of a leg are): its parts, its ID ("journey:" and its
// parts' IDs joined by "+"), when it arrives (minutes after the travel
// day's midnight) and what it costs.
type jcand struct {
	parts [3]part
	n     int
	id    string
	end   int
	cost  int64
}

// chain appends to out the journeys through the given legs' options: each
// timetabled first option followed, at every change, by the earliest
// option that respects the minimum transfer; a ground hop first is timed
// to meet each timetabled option of the second leg, a ground hop later
// leaves after the minimum transfer. Journeys with more than one ground
// hop are left out, and so is a journey whose ID one of this call's
// journeys has. buf is scratch space for IDs, seen the IDs found (cleared
// here).
func (w *world) chain(segs [][]*option, out []jcand, buf []byte, seen map[string]bool) ([]jcand, []byte) {
	clear(seen)
	var emit func(parts [3]part, n int)
	emit = func(parts [3]part, n int) {
		if n < len(segs) {
			timed, ground := w.nextPart(parts[:n], segs[n], n+1 < len(segs))
			prev := parts[n-1]
			for _, op := range [2]*option{timed, ground} {
				if op == nil {
					continue
				}
				p := part{op: op, depart: op.depart, arrive: op.arrive}
				if op.depart < 0 {
					p.depart = prev.arrive + orchestrator.MinTransfer(prev.op.o.Mode, prev.op.o.ToStation, op.o.Mode, "")
					p.arrive = p.depart + op.dur
				} else if op.overnight() {
					p.arrive = op.arrive + 1440
				}
				next := parts
				next[n] = p
				emit(next, n+1)
			}
			return
		}
		last := parts[n-1]
		if last.arrive >= 1440 && (last.op.depart < 0 || last.arrive-1440 > latestOvernight) {
			return
		}
		var cost int64
		buf = append(buf[:0], "journey:"...)
		for i, p := range parts[:n] {
			if p.arrive-p.depart < p.op.dur-60 {
				return // the timetable runs longer than its clock times say (a train arriving on the third day)
			}
			if i > 0 {
				buf = append(buf, '+')
			}
			buf = append(buf, p.op.o.ID...)
			cost += p.op.cost
		}
		if seen[string(buf)] {
			return
		}
		id := string(buf)
		seen[id] = true
		out = append(out, jcand{parts: parts, n: n, id: id, end: last.arrive, cost: cost})
	}
	for _, first := range segs[0] {
		if first.depart >= 0 {
			if first.overnight() {
				continue
			}
			emit([3]part{{op: first, depart: first.depart, arrive: first.arrive}}, 1)
			continue
		}
		// A ground hop first: one journey per timetabled second leg.
		for _, next := range segs[1] {
			if next.depart < 0 || (len(segs) > 2 && next.overnight()) {
				continue
			}
			t := orchestrator.MinTransfer(first.o.Mode, "", next.o.Mode, next.o.FromStation)
			dep := next.depart - t - first.dur
			if dep < groundEarliest {
				continue
			}
			arr := next.arrive
			if next.overnight() {
				arr += 1440
			}
			emit([3]part{{op: first, depart: dep, arrive: dep + first.dur}, {op: next, depart: next.depart, arrive: arr}}, 2)
		}
	}
	return out, buf
}

// nextPart returns the options of seg that may follow parts: the
// earliest timetabled one departing after the minimum transfer (not
// overnight when more legs follow), and the ground hop when the journey
// has none yet.
func (w *world) nextPart(parts []part, seg []*option, more bool) (timed, ground *option) {
	prev := parts[len(parts)-1]
	if prev.arrive >= 1440 {
		return nil, nil // no change after midnight
	}
	grounded := false
	for _, p := range parts {
		grounded = grounded || p.op.depart < 0
	}
	for _, op := range seg {
		if op.depart < 0 {
			if !grounded {
				ground = op
			}
			continue
		}
		if more && op.overnight() {
			continue
		}
		if timed != nil && !(op.depart < timed.depart || (op.depart == timed.depart && (op.cost < timed.cost || op.cost == timed.cost && op.o.ID < timed.o.ID))) {
			continue // no better than the one found: its transfer need not be measured
		}
		if op.depart < prev.arrive+orchestrator.MinTransfer(prev.op.o.Mode, prev.op.o.ToStation, op.o.Mode, op.o.FromStation) || op.depart < prev.arrive+transfer(prev.op, op) {
			continue
		}
		timed = op
	}
	return timed, ground
}

// journeyOption makes one option of a journey's parts: timetabled from its
// first departure to its last arrival, priced as the sum of its legs.
func (w *world) journeyOption(l routeLeg, parts []part, id string) *option {
	var via []string
	var cost int64
	main := parts[0]
	estimate := false
	for i, p := range parts {
		cost += p.op.cost
		if i > 0 {
			via = append(via, w.cityName(orchestrator.CanonicalCity(p.op.o.From)))
		}
		if p.arrive-p.depart > main.arrive-main.depart {
			main = p
		}
		estimate = estimate || p.op.o.PriceEstimate
	}
	first, last := parts[0], parts[len(parts)-1]
	o := &orchestrator.TransportOption{
		ID: id, Mode: main.op.o.Mode, Number: main.op.o.Number, Class: main.op.o.Class,
		From: w.cityName(l.from), To: w.cityName(l.to),
		FromStation: first.op.o.FromStation, ToStation: last.op.o.ToStation,
		Depart: orchestrator.FormatClock(first.depart), Arrive: orchestrator.FormatClock(last.arrive % 1440), ArriveDayOffset: last.arrive / 1440,
		DurationMinutes: last.arrive - first.depart, Pricing: orchestrator.PerPerson,
		Price: orchestrator.Money{Cents: cost, Currency: w.currency}, PriceEstimate: estimate,
	}
	return &option{
		o: o, price: cost, units: 1, cost: cost,
		depart: first.depart, arrive: last.arrive % 1440, dur: last.arrive - first.depart,
		parts: slices.Clone(parts), via: via,
	}
}

// FindingNoRoute flags a leg no service of the data covers, even through a
// hub or by a ground hop: the plan is partial and the finding names the
// missing link and the nearest workable alternative.
const FindingNoRoute = "no_route"

// noRouteFinding explains a leg left without transport.
func (w *world) noRouteFinding(l routeLeg, fam int) orchestrator.Finding {
	from, to := w.cityName(l.from), w.cityName(l.to)
	msg := "no service from " + from + " to " + to + " on day " + itoa(l.day+1) + " in the data"
	if w.explicit() || len(w.exclude) > 0 {
		msg += " that the brief allows"
	}
	msg += ", directly, through a hub or by road"
	if alt, why := w.nearestAlternative(l, fam); alt != nil {
		msg += "; the closest is " + w.describe(alt) + " " + why
	} else {
		msg += "; the data has no service between them on any day of the trip, even without the brief's transport constraints"
	}
	return orchestrator.Finding{
		Code: FindingNoRoute, Severity: orchestrator.SeverityError, Check: "legs", Day: l.day + 1,
		Subject: from + " → " + to, Message: msg,
	}
}

// nearestAlternative looks for the quickest way the brief does not allow
// for leg l: first the same constraints on a neighbouring day, then the
// same day without the brief's transport constraints. It returns the
// option and why it was not booked.
func (w *world) nearestAlternative(l routeLeg, fam int) (*option, string) {
	quickest := func(ops []*option) *option {
		var best *option
		for _, op := range ops {
			if best == nil || op.dur < best.dur || (op.dur == best.dur && op.o.ID < best.o.ID) {
				best = op
			}
		}
		return best
	}
	for _, d := range []int{l.day - 1, l.day + 1} {
		if d < 0 || d >= w.days {
			continue
		}
		ld := l
		ld.day = d
		if op := quickest(w.candidates(ld, fam)); op != nil {
			return op, "on day " + itoa(d+1) + ", a day the route does not travel this leg"
		}
	}
	// Without the brief's transport constraints, with memos of their own.
	b, exclude, memo, hops, usable := w.b, w.exclude, w.journeyMemo, w.hops, w.usableMemo
	relaxed := *w.b
	relaxed.Constraints.TransportExclude, relaxed.Constraints.TransportRequire, relaxed.Constraints.HighSpeedRail = nil, nil, false
	w.b, w.exclude, w.journeyMemo, w.hops, w.usableMemo = &relaxed, map[string]bool{}, map[journeyKey][]*option{}, map[[3]string][]*option{}, nil
	defer func() { w.b, w.exclude, w.journeyMemo, w.hops, w.usableMemo = b, exclude, memo, hops, usable }()
	var all []*option
	for f := 0; f < numFams; f++ {
		all = append(all, w.candidates(l, f)...)
	}
	if op := quickest(all); op != nil {
		return op, "(" + w.constraintText(b) + ")"
	}
	return nil, ""
}

// constraintText words the brief's transport constraints.
func (w *world) constraintText(b *orchestrator.Brief) string {
	c := b.Constraints
	var parts []string
	if len(c.TransportExclude) > 0 {
		parts = append(parts, "the brief excludes "+strings.Join(c.TransportExclude, ", "))
	}
	if len(c.TransportRequire) > 0 {
		parts = append(parts, "the brief requires "+strings.Join(c.TransportRequire, " or "))
	}
	if c.HighSpeedRail {
		parts = append(parts, "the brief asks for high-speed trains")
	}
	if len(parts) == 0 {
		return "outside the brief's constraints"
	}
	return strings.Join(parts, "; ")
}

// describe words an option: its legs (mode and number, cities), times and
// door-to-door duration.
func (w *world) describe(op *option) string {
	one := func(o *orchestrator.TransportOption) string {
		s := o.Mode
		if o.Number != "" {
			s += " " + o.Number
		}
		return s + " " + o.From + " → " + o.To
	}
	var legs []string
	if len(op.parts) > 0 {
		for _, p := range op.parts {
			legs = append(legs, one(p.op.o))
		}
	} else {
		legs = append(legs, one(op.o))
	}
	s := strings.Join(legs, ", then ")
	if len(op.via) > 0 {
		s = "via " + strings.Join(op.via, " and ") + ": " + s
	}
	if op.depart >= 0 {
		s += ", " + orchestrator.FormatClock(op.depart) + "–" + orchestrator.FormatClock(op.arrive)
	}
	return s + " (" + orchestrator.FormatMinutes(op.dur) + ")"
}

func itoa(n int) string { return strconv.Itoa(n) }

// transfer is the door-to-door minimum between an arrival by prev and a
// departure by next (quality.Transfer: the minimum after the arrival, the
// access between the two stations or airports where the data locates
// them, the minimum before the departure; never less than
// orchestrator.MinTransfer).
func transfer(prev, next *option) int {
	p, n := prev.o, next.o
	return quality.Transfer(p.Mode, p.ToStation, p.ToPoint, n.Mode, n.FromStation, n.FromPoint)
}
