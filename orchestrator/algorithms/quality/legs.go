package quality

import (
	"iter"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// Trains a traveller would pick and connections that work (issue 28).
//
// A conventional train (K, T, Z, a numbered one, or a D train running no
// faster) is slow where a high-speed train (HighSpeedTrain: G, D, C) the
// data holds between the same cities, from any of their stations, takes at
// most SlowTrainShare of its time door to door (DoorToDoor, the clock
// times: ClockMinutes), runs at the party's sensible hours that day and
// keeps the plan within the budget. A change between two legs on one day
// needs the door-to-door transfer (Transfer): the minimum to leave the
// arrival, the access between the two stations or airports, and the
// minimum before the next departure.

// SlowTrainShare is the share of a train's door-to-door time a high-speed
// train must not exceed for the slow one to be objected to (2/3: a 3 h 40
// door-to-door K train against a 2 h 20 G train).
const (
	SlowTrainNum = 2
	SlowTrainDen = 3
)

// HighSpeedTrain reports whether a train number is a high-speed service
// (G, D or C; 高铁/动车/城际).
func HighSpeedTrain(number string) bool {
	n := strings.TrimSpace(strings.ToUpper(number))
	return n != "" && strings.ContainsRune("GDC", rune(n[0]))
}

// ClockMinutes is an option's length by its clock times: the arrival less
// the departure, a day later when the data says so (ArriveDayOffset) or the
// arrival's clock is before the departure's. It is the data's
// DurationMinutes when the clock times are missing or do not parse; ok is
// false then. The duration field sometimes contradicts the clock (a train
// at 11:56 arriving 05:37 the next day listed as 5 h); a timetable's clock
// times are what the traveller lives by.
func ClockMinutes(depart, arrive string, offset, duration int) (int, bool) {
	dep, ok1 := orchestrator.ParseClock(depart)
	arr, ok2 := orchestrator.ParseClock(arrive)
	if !ok1 || !ok2 {
		return duration, false
	}
	if offset == 0 && arr < dep {
		offset = 1
	}
	return arr + 1440*offset - dep, true
}

// Transfer is the door-to-door minimum between an arrival by prevMode at a
// station or airport (arriveAt, at its position at) and a departure by
// nextMode from another (departFrom, at from): the mode's minimum after
// the arrival (MinAfter), the access between the two places
// (AccessMinutes of the straight line) and the minimum before the
// departure (MinBefore); never less than orchestrator.MinTransfer, the
// table by kind of change, which stands alone for one station, a road hop
// or places without positions.
func Transfer(prevMode, arriveAt string, at *orchestrator.GeoPoint, nextMode, departFrom string, from *orchestrator.GeoPoint) int {
	t := orchestrator.MinTransfer(prevMode, arriveAt, nextMode, departFrom)
	if at == nil || from == nil || orchestrator.IsGround(prevMode) || orchestrator.IsGround(nextMode) || arriveAt != "" && arriveAt == departFrom {
		return t
	}
	km := at.DistanceKM(*from)
	if km < sameBuildingKM {
		return t
	}
	return max(t, MinAfter(prevMode)+AccessMinutes(km)+MinBefore(nextMode))
}

// A high-speed train replaces a slow one only at comparable hours: leaving
// at most ComparableEarlier minutes before it and arriving at most
// ComparableLater after it, so that it costs no hours in the cities (a G
// train at 19:31 is no replacement for a 09:03 one that gives the day).
const (
	ComparableEarlier = 120
	ComparableLater   = 60
)

// Outpaces reports whether a high-speed train (fastDep to fastArr, minutes
// after the travel day's midnight, fastMin long) outpaces a slower one
// (slowDep to slowArr, slowMin long): it takes at most SlowTrainNum /
// SlowTrainDen of the slow one's time door to door (the typical times at
// the stations, DoorToDoor) and runs at comparable hours.
func Outpaces(slowDep, slowArr, slowMin, fastDep, fastArr, fastMin int) bool {
	if DoorToDoor("train", fastMin)*SlowTrainDen > DoorToDoor("train", slowMin)*SlowTrainNum {
		return false
	}
	return fastDep >= slowDep-ComparableEarlier && fastArr <= slowArr+ComparableLater
}

// sameBuildingKM is the distance under which two named places are one
// station or airport complex (a station's two halls).
const sameBuildingKM = 0.5

// Kinds of the legs' objections.
const (
	// ObjSlowTrain: a conventional train where a high-speed one the data
	// holds takes at most two thirds of its time door to door, at
	// sensible hours, within the budget.
	ObjSlowTrain = "slow_train"
	// ObjSmallHours: a leg arriving the next day in the small hours
	// (SmallHours: 02:00–05:00, a night broken on board and a door
	// reached before the city wakes) while another option of the leg
	// that day, allowed by the brief, arrives outside them and keeps the
	// plan within the budget.
	ObjSmallHours = "small_hours"
	// ObjTightConnection: two legs of a day with less time between the
	// arrival and the next departure than the door-to-door transfer
	// (Transfer).
	ObjTightConnection = "tight_connection"
)

// slowTrain objects to a train when a high-speed train of the data
// between the same cities, allowed by the brief, takes at most
// SlowTrainNum/SlowTrainDen of its door-to-door time, keeps the party's
// hours that day (OddLimits with the typical times, departing 06:30 or
// later) and keeps the plan within the budget.
func (o *objector) slowTrain(day int, l orchestrator.Leg) {
	if l.Journey > 0 || HighSpeedTrain(l.Number) && !strings.HasPrefix(strings.ToUpper(l.Number), "D") {
		return // a journey's part (weighed as a whole), or a G or C train
	}
	mins, _ := ClockMinutes(l.Depart, l.Arrive, l.ArriveDayOffset, l.DurationMinutes)
	if mins <= 0 {
		return
	}
	slow := DoorToDoor("train", mins)
	sdep, _ := orchestrator.ParseClock(l.Depart)
	leave, arrive := OddLimits(o.b)
	limit := o.limit()
	cost := o.planCost()
	for op := range o.legOptions(l.From, l.To) {
		// The cheap tests first: this runs on every variant the planner
		// scores.
		if op.Mode != "train" || !HighSpeedTrain(op.Number) || op.Number == l.Number || op.ArriveDayOffset != 0 {
			continue
		}
		dep, ok1 := orchestrator.ParseClock(op.Depart)
		arr, ok2 := orchestrator.ParseClock(op.Arrive)
		if !ok1 || !ok2 || arr <= dep || !Outpaces(sdep, sdep+mins, mins, dep, arr, arr-dep) {
			continue
		}
		m := arr - dep
		if !sensible(op, l.Date) || !o.allowed(op.Mode, op.Number) || !o.b.Constraints.LegAllowed(op.Mode, op.Number, op.Class) ||
			dep-Before(op.Mode) < leave || arr > arrive {
			continue
		}
		if limit >= 0 && cost-l.Cost.Cents+op.Price.Cents*int64(op.Units(o.it.People)) > limit {
			continue
		}
		fast := DoorToDoor("train", m)
		o.add(ObjSlowTrain, day, "train %s %s→%s %s–%s: %d min door to door; %s %s–%s takes %d", l.Number, l.From, l.To, l.Depart, l.Arrive, slow, op.Number, op.Depart, op.Arrive, fast)
		return
	}
}

// The small hours, minutes after midnight: an arrival the next day from
// SmallHoursFrom until SmallHoursTo breaks the night (a sleeper arriving
// at 02:56 wakes the traveller at 02:30 and leaves them at a station
// before the metro runs, from about 05:30 in the sandbox's cities).
const (
	SmallHoursFrom = 2 * 60
	SmallHoursTo   = 5 * 60
)

// SmallHours reports whether an arrival (minutes after the travel day's
// midnight; 1440 and more the next day) falls in the small hours of the
// next day.
func SmallHours(arrive int) bool {
	return arrive >= 1440+SmallHoursFrom && arrive < 1440+SmallHoursTo
}

// smallHours objects to a leg arriving in the small hours when another
// option of the leg that day, allowed by the brief, arrives outside them
// (the same day, or the next morning from SmallHoursTo) and keeps the
// plan within the budget.
func (o *objector) smallHours(day int, l orchestrator.Leg) {
	if l.ArriveDayOffset != 1 {
		return // the same day (or a later one, timetable's)
	}
	arr, ok := orchestrator.ParseClock(l.Arrive)
	if !ok || !SmallHours(arr+1440*l.ArriveDayOffset) {
		return
	}
	limit, cost := o.limit(), o.planCost()
	for op := range o.legOptions(l.From, l.To) {
		if op.ID == l.OptionID || op.Date != "" && l.Date != "" && op.Date != l.Date || !o.allowed(op.Mode, op.Number) || !o.b.Constraints.LegAllowed(op.Mode, op.Number, op.Class) {
			continue
		}
		dep, ok1 := orchestrator.ParseClock(op.Depart)
		m, ok2 := ClockMinutes(op.Depart, op.Arrive, op.ArriveDayOffset, op.DurationMinutes)
		if !ok1 || !ok2 || dep < 6*60 {
			continue
		}
		// The same day, or the next before the small hours or in the
		// morning until 06:00 (the latest a planned overnight arrival is).
		if end := dep + m; end > 1440+6*60 || SmallHours(end) {
			continue
		}
		if limit >= 0 && cost-l.Cost.Cents+op.Price.Cents*int64(op.Units(o.it.People)) > limit {
			continue
		}
		o.add(ObjSmallHours, day, "%s %s %s→%s arrives at %s the next day; %s %s %s–%s keeps the budget", l.Mode, l.Number, l.From, l.To, l.Arrive, op.Mode, op.Number, op.Depart, op.Arrive)
		return
	}
}

// limit is the plan's budget in cents, -1 without one.
func (o *objector) limit() int64 {
	if lim := o.it.Budget.Limit; lim != nil && lim.Cents > 0 {
		return lim.Cents
	}
	return -1
}

// connections objects to each change of a day (a journey's, or between
// two legs of the day) that leaves less than the door-to-door transfer
// between the arrival and the next departure (Transfer, the stations'
// positions from the trip's options).
func (o *objector) connections(d *orchestrator.Day) {
	for i := 1; i < len(d.Legs); i++ {
		prev, next := &d.Legs[i-1], &d.Legs[i]
		if prev.ArriveDayOffset > 0 {
			continue
		}
		arr, ok1 := orchestrator.ParseClock(prev.Arrive)
		dep, ok2 := orchestrator.ParseClock(next.Depart)
		if !ok1 || !ok2 {
			continue
		}
		var at, from *orchestrator.GeoPoint
		if op := o.option(prev); op != nil {
			at = op.ToPoint
		}
		if op := o.option(next); op != nil {
			from = op.FromPoint
		}
		need := Transfer(prev.Mode, prev.ToStation, at, next.Mode, next.FromStation, from)
		if dep-arr < need {
			o.add(ObjTightConnection, d.Day, "%s %s arrives %s at %s; %s %s leaves %s from %s: %d min, %d needed door to door",
				prev.Mode, prev.Number, prev.Arrive, prev.ToStation, next.Mode, next.Number, next.Depart, next.FromStation, dep-arr, need)
		}
	}
}

// option is the trip's option a leg books, nil when none.
func (o *objector) option(l *orchestrator.Leg) *orchestrator.TransportOption {
	for op := range o.legOptions(l.From, l.To) {
		if op.ID == l.OptionID {
			return op
		}
	}
	return nil
}

// legsAndRooms finds the objections of this file and rooms.go: slow
// trains, arrivals in the small hours, tight connections, wasted rooms.
func (o *objector) legsAndRooms() {
	for i := range o.it.Days {
		d := &o.it.Days[i]
		for _, l := range d.Legs {
			if l.Mode == "train" {
				o.slowTrain(d.Day, l)
			}
			o.smallHours(d.Day, l)
		}
		o.connections(d)
	}
	o.roomWaste()
}

// legsMore is the door_to_door part when the plan has slow trains or tight
// connections, worded with them (the counts of the other kinds given);
// not applicable when it has neither, so the part keeps its wording.
func (o *objector) legsMore(legs, short, long, slip, odd int) orchestrator.QualityComponent {
	slow, tight := o.count(ObjSlowTrain), o.count(ObjTightConnection)
	if slow+tight == 0 {
		return orchestrator.QualityComponent{}
	}
	return part(short+long+slip+odd+slow+tight, 0.5, detailf("%d legs: %d short flights a train beats door to door, %d day-long trains where a flight fits, %d timetable slips, %d at odd hours, %d slow trains, %d tight connections", legs, short, long, slip, odd, slow, tight))
}

// legOptions yields the trip's options from one city to another as
// options does, finding the legs by their names as written first (the
// plan names its cities as the trip does) and comparing canonical names
// (orchestrator.SameCity) only when no leg is named so: this runs on every
// variant the planner scores.
func (o *objector) legOptions(from, to string) iter.Seq[*orchestrator.TransportOption] {
	if o.trip == nil {
		return o.options(from, to)
	}
	exact := false
	for i := range o.trip.Transport {
		if v := &o.trip.Transport[i].Value; v.From == from && v.To == to {
			exact = true
			break
		}
	}
	if !exact {
		return o.options(from, to)
	}
	return func(yield func(*orchestrator.TransportOption) bool) {
		for i := range o.trip.Transport {
			v := &o.trip.Transport[i].Value
			if v.From != from || v.To != to {
				continue
			}
			for j := range v.Options {
				if !yield(&v.Options[j]) {
					return
				}
			}
		}
	}
}
