package quality

import "github.com/tripweave/tripweave/orchestrator"

// Door to door. A timetable gives the time between departure and arrival;
// a traveller counts from leaving the last place in the city to being free
// in the next one. That time has two parts at either end:
//
//   - access: getting from the day's place (the last sight or meal, the
//     stay) to the station or airport, and from it to the next place.
//     When the source gives the station's or airport's position, access
//     is measured from the place itself (AccessMinutes); otherwise the
//     mode's typical access below stands in.
//   - the operator's minimums: check-in, security and boarding before a
//     departure (MinBefore), leaving the aircraft or train and collecting
//     bags after an arrival (MinAfter).
//
// All are estimates, labelled as such where a plan shows them; their
// sources are listed in docs/plan-quality.md.
//
//	mode    minimum before  after   typical access (each way)  before  after (totals)
//	flight      60           30          45                      105     75
//	train       20           10          30                       50     40
//	bus         15            5          25                       40     30
//	other        0            0          15                       15     15
const (
	FlightBefore = 105
	FlightAfter  = 75
	TrainBefore  = 50
	TrainAfter   = 40
	BusBefore    = 40
	BusAfter     = 30
	OtherBefore  = 15
	OtherAfter   = 15

	FlightMinBefore = 60
	FlightMinAfter  = 30
	TrainMinBefore  = 20
	TrainMinAfter   = 10
	BusMinBefore    = 15
	BusMinAfter     = 5
)

// Access speeds: getting to a station or airport takes accessOverhead
// (the walk to the metro or the wait for a taxi, as for the trips between
// sights), the first accessUrbanKM of straight-line distance at the city's
// urban speed (25 km/h, the planner's estimate between sights) and the
// rest at accessFastKMH (airport expressways and airport express lines:
// Beijing's Capital and Daxing express lines and Shanghai's metro line 2
// to Pudong average 50–100 km/h end to end).
const (
	accessOverhead = 10
	accessUrbanKM  = 10.0
	accessUrbanKMH = 25.0
	accessFastKMH  = 60.0
)

// AccessMinutes estimates the minutes from a place to a station or airport
// km away in a straight line (or back).
func AccessMinutes(km float64) int {
	urban := min(km, accessUrbanKM)
	fast := max(0, km-accessUrbanKM)
	return accessOverhead + int(urban/accessUrbanKMH*60+fast/accessFastKMH*60+0.5)
}

// MinBefore is the operator's minimum before a departure of mode: the
// check-in, security and boarding time at the station or airport.
func MinBefore(mode string) int {
	switch mode {
	case "flight":
		return FlightMinBefore
	case "train":
		return TrainMinBefore
	case "bus", "ferry":
		return BusMinBefore
	}
	return 0
}

// MinAfter is the minimum after an arrival of mode: leaving the aircraft
// or train and collecting bags.
func MinAfter(mode string) int {
	switch mode {
	case "flight":
		return FlightMinAfter
	case "train":
		return TrainMinAfter
	case "bus", "ferry":
		return BusMinAfter
	}
	return 0
}

// Before is the door-to-door time before a departure of mode when the
// station's position is unknown: the typical access and MinBefore.
func Before(mode string) int {
	switch mode {
	case "flight":
		return FlightBefore
	case "train":
		return TrainBefore
	case "bus", "ferry":
		return BusBefore
	}
	return OtherBefore
}

// After is the door-to-door time after an arrival of mode when the
// station's position is unknown: MinAfter and the typical access.
func After(mode string) int {
	switch mode {
	case "flight":
		return FlightAfter
	case "train":
		return TrainAfter
	case "bus", "ferry":
		return BusAfter
	}
	return OtherAfter
}

// DoorToDoor is the time from leaving the last place in one city to being
// free in the next by a service of mode that takes minutes.
func DoorToDoor(mode string, minutes int) int { return Before(mode) + minutes + After(mode) }

// Leg-choice thresholds. A flight is short when a train the data holds
// is no slower door to door; a train is day-long from LongTrainMinutes.
const (
	// LongTrainMinutes is the timetabled length from which a train is
	// day-long: a flight that fits the budget and saves LongTrainSaving
	// door to door is the better booking unless trains were asked for.
	LongTrainMinutes = 6 * 60
	LongTrainSaving  = 3 * 60
)

// Plausible top speeds, km/h: a timetable row faster than these is a
// slip (a row of another stop of the same service).
const (
	MaxRailKMH   = 350
	MaxFlightKMH = 1000
)

// Odd hours, door to door, minutes after midnight. A leg is at an odd hour
// when it asks the traveller to leave the day's place (home, the stay, the
// last sight) before the party's earliest leave, or arrives (timetable)
// after the party's latest arrival (any arrival the next day is after
// it). For most parties those are OddLeave (a 06:35 flight from an
// airport an hour out means leaving at 04:45) and OddArrive (a 23:12
// train after a full last day puts the traveller at home towards
// midnight); a gentle party (Gentle: a child under GentleChildAge, or a
// relaxed pace, which the brief parser also gives older travellers) keeps
// a child's or an older traveller's day: not out of the door before
// GentleLeave, not arriving after GentleArrive. Reasoning in
// docs/plan-quality.md.
const (
	OddLeave       = 5*60 + 30
	OddArrive      = 23 * 60
	GentleLeave    = 7 * 60
	GentleArrive   = 22 * 60
	GentleChildAge = 12
)

// Gentle reports whether the brief's party keeps gentle hours: a child
// under GentleChildAge (a child whose age is not given counts as one), or
// a relaxed pace (asked for, or given by the brief parser to requests
// taking older travellers along).
func Gentle(b *orchestrator.Brief) bool {
	if b == nil {
		return false
	}
	if b.Pace == "relaxed" {
		return true
	}
	t := b.Travelers
	for _, a := range t.ChildAges {
		if a < GentleChildAge {
			return true
		}
	}
	return t.Children > len(t.ChildAges)
}

// OddLimits returns the earliest a brief's party is asked to leave the
// day's place for a departure and the latest it arrives, door to door:
// OddLeave and OddArrive, or GentleLeave and GentleArrive for a gentle
// party.
func OddLimits(b *orchestrator.Brief) (leave, arrive int) {
	if Gentle(b) {
		return GentleLeave, GentleArrive
	}
	return OddLeave, OddArrive
}

// OddLeg reports whether a leg, read door to door, is at an odd hour for
// a party that leaves no earlier than leave and arrives no later than
// arrive (OddLimits): the leave is the departure less the leg's
// before_minutes (Before where the plan gives none).
func OddLeg(l *orchestrator.Leg, leave, arrive int) bool {
	dep, ok1 := orchestrator.ParseClock(l.Depart)
	arr, ok2 := orchestrator.ParseClock(l.Arrive)
	if !ok1 || !ok2 {
		return false
	}
	before := l.BeforeMinutes
	if before <= 0 {
		before = Before(l.Mode)
	}
	return dep-before < leave || arr+1440*l.ArriveDayOffset > arrive
}

// EarlyHopBefore and ShortHopMinutes: a short hop (a leg of at most
// ShortHopMinutes) departing before EarlyHopBefore gets the party up
// before dawn for half an hour on a train (广州→深圳 at 06:43); odd_hour
// counts it when a later departure of the hop, at most EarlyHopFare
// times its fare and departing by LaterHopBy (not a morning lost in
// place of an early start), keeps the party's hours (the planner's leg
// utility weighs the same, planner.earlyHopBefore).
const (
	EarlyHopBefore  = 7 * 60
	LaterHopBy      = 9 * 60
	ShortHopMinutes = 4 * 60
	EarlyHopFare    = 1.5
)

// EarlyHop reports whether a plan's leg is a short hop departing before
// EarlyHopBefore.
func EarlyHop(l *orchestrator.Leg) bool {
	dep, ok := orchestrator.ParseClock(l.Depart)
	return ok && l.DurationMinutes > 0 && l.DurationMinutes <= ShortHopMinutes && dep < EarlyHopBefore
}

// LaterHop reports whether op is a short hop departing from EarlyHopBefore
// to LaterHopBy at most EarlyHopFare times the fare of the plan's leg l (its
// price, or its cost shared by the party's people).
func LaterHop(l *orchestrator.Leg, op *orchestrator.TransportOption, people int) bool {
	dep, ok := orchestrator.ParseClock(op.Depart)
	fare := l.Price.Cents
	if fare <= 0 {
		fare = l.Cost.Cents / int64(max(1, people))
	}
	return ok && dep >= EarlyHopBefore && dep <= LaterHopBy && op.DurationMinutes <= ShortHopMinutes && float64(op.Price.Cents) <= EarlyHopFare*float64(fare)
}

// DeadEnd ends the dead of night: a leg leaving or arriving between
// midnight and 05:00 (the timetable's clock) puts the party at a station
// or airport when nothing runs to or from it and no hotel takes them in
// (北京→南京 1461, 11:56 → 02:56 the next day). The planner books such a
// leg only when no plan without it meets the budget; odd_hour counts it
// as any odd-hour leg.
const DeadEnd = 5 * 60

// DeadOfNight reports whether a leg departing at dep and arriving at arr
// (minutes after midnight of the travel day; arr past 1440 for an
// arrival the next day) leaves or arrives between midnight and DeadEnd.
func DeadOfNight(dep, arr int) bool {
	return dep < DeadEnd || arr < DeadEnd || arr >= 1440 && arr < 1440+DeadEnd
}

// DeadLeg is DeadOfNight on a plan's leg.
func DeadLeg(l *orchestrator.Leg) bool {
	dep, ok1 := orchestrator.ParseClock(l.Depart)
	arr, ok2 := orchestrator.ParseClock(l.Arrive)
	return ok1 && ok2 && DeadOfNight(dep, arr+1440*l.ArriveDayOffset)
}
