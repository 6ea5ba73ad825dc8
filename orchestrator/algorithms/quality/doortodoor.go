package quality

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
