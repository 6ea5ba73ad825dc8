package orchestrator

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Ground hops: short road links the planner adds where the data has no
// service, or to reach a station or airport in a neighbouring city (Suzhou
// has no airport; Shanghai's is 100 km away). Their distance and duration
// come from the travel-time source: the road distance is the great-circle
// distance between the two cities times GroundRoadFactor, driven at the
// mode's documented speed after a fixed overhead (pick-up, city traffic,
// boarding). Fares follow GroundFares. Every hop is an estimate and says so
// (PriceEstimate, Leg.Estimate).
const (
	// GroundMaxKM is the longest road link the planner books as a hop.
	GroundMaxKM = 300.0
	// GroundRoadFactor turns a great-circle distance into a road distance.
	GroundRoadFactor = 1.3
	// GroundPrefix starts the option ID of every ground hop:
	// "ground:<mode>:<from>:<to>" with canonical city names.
	GroundPrefix = "ground:"
)

// GroundModel is how one ground mode is timed and priced.
type GroundModel struct {
	Mode string
	// KMH is the average road speed; Overhead the fixed minutes on top.
	KMH      float64
	Overhead int
	// Pricing is PerVehicle (Capacity people a vehicle) or PerPerson.
	Pricing  string
	Capacity int
}

// GroundModels lists the ground modes, in the order the planner tries
// them: taxi (door to door, per vehicle of 4), coach (bus, per person,
// slower with boarding), self-driving (per car of 5, fuel and tolls).
var GroundModels = []GroundModel{
	{Mode: "taxi", KMH: 70, Overhead: 20, Pricing: PerVehicle, Capacity: 4},
	{Mode: "bus", KMH: 60, Overhead: 45, Pricing: PerPerson},
	{Mode: "self_driving", KMH: 75, Overhead: 15, Pricing: PerVehicle, Capacity: 5},
}

// GroundFare is a fare model in one currency's minor unit: Base plus PerKM
// for each road kilometre, per unit of the mode's pricing.
type GroundFare struct{ Base, PerKM int64 }

// GroundFares are the documented fares by currency and mode (minor units):
// CNY from typical intercity taxi (2.5 CNY/km), coach (0.45 CNY/km) and
// fuel-and-toll (1.0 CNY/km) rates; USD and EUR from typical taxi (2.00 per
// mile ≈ 1.25/km), coach (0.15/km) and car (0.35/km) costs. Another
// currency converts the USD model at the trip's rates.
var GroundFares = map[string]map[string]GroundFare{
	"CNY": {"taxi": {1500, 250}, "bus": {1000, 45}, "self_driving": {0, 100}},
	"USD": {"taxi": {300, 125}, "bus": {500, 15}, "self_driving": {0, 35}},
	"EUR": {"taxi": {300, 125}, "bus": {500, 15}, "self_driving": {0, 35}},
}

// GroundModelOf returns the model of a ground mode.
func GroundModelOf(mode string) (GroundModel, bool) {
	for _, m := range GroundModels {
		if m.Mode == mode {
			return m, true
		}
	}
	return GroundModel{}, false
}

// GroundRoadKM is the modelled road distance between two points, to 0.1 km.
func GroundRoadKM(a, b GeoPoint) float64 {
	return math.Round(a.DistanceKM(b)*GroundRoadFactor*10) / 10
}

// GroundHop models a hop of mode over roadKM from one city to another, its
// fare in currency's model (ok false when there is no model for it). The
// option is flexible (no timetable) and marked as an estimate.
func GroundHop(mode, from, to string, roadKM float64, currency string) (TransportOption, bool) {
	m, ok := GroundModelOf(mode)
	if !ok || roadKM <= 0 || roadKM > GroundMaxKM*GroundRoadFactor {
		return TransportOption{}, false
	}
	fares := GroundFares[strings.ToUpper(currency)]
	f, ok := fares[mode]
	if !ok {
		return TransportOption{}, false
	}
	dur := m.Overhead + int(math.Round(roadKM/m.KMH*60))
	return TransportOption{
		ID:   GroundPrefix + mode + ":" + CanonicalCity(from) + ":" + CanonicalCity(to),
		Mode: mode, From: from, To: to,
		DurationMinutes: dur, DistanceKM: roadKM,
		Pricing: m.Pricing, VehicleCapacity: m.Capacity,
		Price:         Money{Cents: f.Base + int64(math.Round(float64(f.PerKM)*roadKM)), Currency: strings.ToUpper(currency)},
		PriceEstimate: true,
	}, true
}

// ParseGroundID splits a ground hop's option ID into its mode and cities.
func ParseGroundID(id string) (mode, from, to string, ok bool) {
	rest, ok := strings.CutPrefix(id, GroundPrefix)
	if !ok {
		return "", "", "", false
	}
	parts := strings.SplitN(rest, ":", 3)
	if len(parts) != 3 {
		return "", "", "", false
	}
	return parts[0], parts[1], parts[2], true
}

// Minimum transfer times inside a connection, in minutes, by the kind of
// change. A change between two timetabled legs counts from the first
// leg's arrival to the second's departure; a ground hop counts its
// boarding or check-in on the side of the timetabled leg.
const (
	TransferSameStation   = 20  // train to train (or coach) at one station
	TransferSameAirport   = 60  // flight to flight at one airport
	TransferCityStations  = 60  // between two stations of one city
	TransferCityAirports  = 150 // between two airports of one city
	TransferStationAir    = 90  // between a station and an airport of one city
	TransferGroundToAir   = 90  // a road hop that ends at the airport: check-in
	TransferGroundToRail  = 30  // a road hop that ends at the station
	TransferAirToGround   = 45  // leaving the airport for the road
	TransferRailToGround  = 20  // leaving the station for the road
	TransferUnknownPlaces = 60  // timetabled legs whose stations are not named
)

// IsGround reports whether a mode is a road mode without a timetable.
func IsGround(mode string) bool {
	return mode == "taxi" || mode == "bus" || mode == "self_driving"
}

// MinTransfer is the least time between arriving on one leg (mode, at
// station arriveAt) and departing on the next (mode, from station
// departFrom) of one journey.
func MinTransfer(prevMode, arriveAt, nextMode, departFrom string) int {
	air := func(m string) bool { return m == "flight" }
	switch {
	case IsGround(prevMode) && IsGround(nextMode):
		return 0
	case IsGround(prevMode):
		if air(nextMode) {
			return TransferGroundToAir
		}
		return TransferGroundToRail
	case IsGround(nextMode):
		if air(prevMode) {
			return TransferAirToGround
		}
		return TransferRailToGround
	case arriveAt == "" || departFrom == "":
		if air(prevMode) != air(nextMode) {
			return TransferStationAir
		}
		if air(prevMode) {
			return TransferSameAirport
		}
		return TransferUnknownPlaces
	case air(prevMode) != air(nextMode):
		return TransferStationAir
	case arriveAt == departFrom && air(prevMode):
		return TransferSameAirport
	case arriveAt == departFrom:
		return TransferSameStation
	case air(prevMode):
		return TransferCityAirports
	}
	return TransferCityStations
}

// TransferKind words the kind of change MinTransfer applies.
func TransferKind(prevMode, arriveAt, nextMode, departFrom string) string {
	switch {
	case IsGround(prevMode) || IsGround(nextMode):
		return "road hop"
	case prevMode == "flight" && nextMode == "flight" && arriveAt == departFrom && arriveAt != "":
		return "same airport"
	case prevMode == "flight" && nextMode == "flight":
		return "between airports"
	case prevMode == "flight" || nextMode == "flight":
		return "station ↔ airport"
	case arriveAt == departFrom && arriveAt != "":
		return "same station"
	}
	return "between stations"
}

// FormatMinutes words a duration as "2 h 05 min", "45 min".
func FormatMinutes(m int) string {
	if m < 60 {
		return strconv.Itoa(m) + " min"
	}
	if m%60 == 0 {
		return strconv.Itoa(m/60) + " h"
	}
	return fmt.Sprintf("%d h %02d min", m/60, m%60)
}
