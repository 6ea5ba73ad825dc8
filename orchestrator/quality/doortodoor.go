package quality

// Door to door. A timetable gives the time between departure and arrival;
// a traveller counts from leaving the last place in the city to being free
// in the next one. The minutes below are the time before a departure
// (getting to the station or airport, and the operator's check-in,
// security and boarding minimums) and after an arrival (leaving the
// aircraft or train, baggage, getting into town), per mode. They are
// estimates, labelled as such where a plan shows them; their sources are
// listed in docs/plan-quality.md.
//
//	mode    before  after   of which access (each way)
//	flight    105     75    45 (airports lie 20–50 km out of town)
//	train      50     40    30 (stations inside or at the edge of town)
//	bus        40     30    25
//	other      15     15    (a drive from the door)
const (
	FlightBefore = 105
	FlightAfter  = 75
	TrainBefore  = 50
	TrainAfter   = 40
	BusBefore    = 40
	BusAfter     = 30
	OtherBefore  = 15
	OtherAfter   = 15
)

// Before is the door-to-door time before a departure of mode.
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

// After is the door-to-door time after an arrival of mode.
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
