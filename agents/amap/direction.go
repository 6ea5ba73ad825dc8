package amap

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// Direction modes.
const (
	ModeDriving = "driving"
	ModeWalking = "walking"
	ModeTransit = "transit"
)

// DirectionQuery asks for routes between two WGS-84 points.
type DirectionQuery struct {
	Mode        string
	Origin      orchestrator.GeoPoint
	Destination orchestrator.GeoPoint
	// City is the city (name, citycode or adcode) of a transit query;
	// required for transit. CityTo is the destination's city when it
	// differs.
	City, CityTo string
}

// Directions are the routes Amap found, in WGS-84.
type Directions struct {
	Mode string `json:"mode"`
	// TaxiCost is Amap's taxi fare estimate, when given.
	TaxiCost *orchestrator.Money `json:"taxi_cost,omitempty"`
	// Routes are driving or walking paths.
	Routes []Route `json:"routes,omitempty"`
	// Transits are public-transport plans.
	Transits []Transit `json:"transits,omitempty"`
}

// Route is a driving or walking path.
type Route struct {
	DistanceM     int                     `json:"distance_m"`
	DurationS     int                     `json:"duration_s"`
	Strategy      string                  `json:"strategy,omitempty"`
	Tolls         *orchestrator.Money     `json:"tolls,omitempty"`
	TollDistanceM int                     `json:"toll_distance_m,omitempty"`
	TrafficLights int                     `json:"traffic_lights,omitempty"`
	Steps         []Step                  `json:"steps"`
	Polyline      []orchestrator.GeoPoint `json:"polyline,omitempty"`
}

// Step is one instruction of a Route.
type Step struct {
	Instruction string `json:"instruction"`
	Road        string `json:"road,omitempty"`
	DistanceM   int    `json:"distance_m"`
	DurationS   int    `json:"duration_s"`
}

// Transit is one public-transport plan.
type Transit struct {
	// Cost is the fare per person; nil when Amap gives none.
	Cost             *orchestrator.Money `json:"cost,omitempty"`
	DurationS        int                 `json:"duration_s"`
	DistanceM        int                 `json:"distance_m,omitempty"`
	WalkingDistanceM int                 `json:"walking_distance_m"`
	Night            bool                `json:"night,omitempty"`
	Legs             []TransitLeg        `json:"legs"`
}

// TransitLeg is a walk, a ride or a train of a Transit.
type TransitLeg struct {
	// Mode is "walk", "bus" (also metro: Type says which), "railway" or
	// "taxi".
	Mode string `json:"mode"`
	// Line is the bus or metro line or the train, e.g. "地铁4号线(万盛--西河)".
	Line string `json:"line,omitempty"`
	// Type is Amap's type of the line or train, e.g. "地铁线路", "2011".
	Type string `json:"type,omitempty"`
	// Trip is a train's number, e.g. "G8501"; Class its service class
	// (RailwayClass), e.g. "高铁".
	Trip  string `json:"trip,omitempty"`
	Class string `json:"class,omitempty"`
	From  string `json:"from,omitempty"`
	To    string `json:"to,omitempty"`
	// Depart and Arrive are a train's scheduled "HH:MM" times at From and
	// To, when Amap gives both; ArriveDayOffset is how many days after
	// the departure the arrival falls.
	Depart          string `json:"depart,omitempty"`
	Arrive          string `json:"arrive,omitempty"`
	ArriveDayOffset int    `json:"arrive_day_offset,omitempty"`
	Stops           int    `json:"stops,omitempty" jsonschema:"intermediate stops"`
	DistanceM       int    `json:"distance_m"`
	DurationS       int    `json:"duration_s"`
}

// Directions asks Amap for routes: v3 driving (fastest), walking or
// integrated transit. No route is a not_found error.
func (c *Client) Directions(ctx context.Context, d DirectionQuery) (Directions, error) {
	for _, p := range []orchestrator.GeoPoint{d.Origin, d.Destination} {
		if !(p.Lat >= -90 && p.Lat <= 90) || !(p.Lon >= -180 && p.Lon <= 180) {
			return Directions{}, errorf(orchestrator.EINVALIDARG, "origin and destination must be within -90..90, -180..180")
		}
	}
	q := url.Values{"origin": {formatLngLat(d.Origin)}, "destination": {formatLngLat(d.Destination)}}
	var path string
	switch d.Mode {
	case ModeDriving:
		path = "/v3/direction/driving"
		q.Set("strategy", "0")
		q.Set("extensions", "base")
	case ModeWalking:
		path = "/v3/direction/walking"
	case ModeTransit:
		city, cityTo := strings.TrimSpace(d.City), strings.TrimSpace(d.CityTo)
		if city == "" {
			return Directions{}, errorf(orchestrator.EINVALIDARG, "a transit query needs the city")
		}
		if utf8.RuneCountInString(city) > MaxKeywordLen || utf8.RuneCountInString(cityTo) > MaxKeywordLen {
			return Directions{}, errorf(orchestrator.EINVALIDARG, "city is longer than %d characters", MaxKeywordLen)
		}
		path = "/v3/direction/transit/integrated"
		q.Set("city", city)
		if cityTo != "" {
			q.Set("cityd", cityTo)
			// Train details (times, stations) may come only with the
			// full answer.
			q.Set("extensions", "all")
		}
		q.Set("strategy", "0")
		q.Set("nightflag", "0")
	default:
		return Directions{}, errorf(orchestrator.EINVALIDARG, "mode %q is not driving, walking or transit", d.Mode)
	}
	var a directionAnswer
	if err := c.get(ctx, path, q, &a); err != nil {
		return Directions{}, err
	}
	return a.result(d.Mode)
}

type pathJSON struct {
	Distance      String `json:"distance"`
	Duration      String `json:"duration"`
	Strategy      String `json:"strategy"`
	Tolls         String `json:"tolls"`
	TollDistance  String `json:"toll_distance"`
	TrafficLights String `json:"traffic_lights"`
	Steps         List[struct {
		Instruction String `json:"instruction"`
		Road        String `json:"road"`
		Distance    String `json:"distance"`
		Duration    String `json:"duration"`
		Polyline    String `json:"polyline"`
	}] `json:"steps"`
}

type stopJSON struct {
	Name String `json:"name"`
	// Time is a railway stop's scheduled time ("0730" or "07:30").
	Time String `json:"time"`
}

type directionAnswer struct {
	Count String `json:"count"`
	Route Object[struct {
		TaxiCost String         `json:"taxi_cost"`
		Paths    List[pathJSON] `json:"paths"`
		Transits List[struct {
			Cost            String `json:"cost"`
			Duration        String `json:"duration"`
			Distance        String `json:"distance"`
			WalkingDistance String `json:"walking_distance"`
			NightFlag       String `json:"nightflag"`
			Segments        List[struct {
				Walking Object[struct {
					Distance String `json:"distance"`
					Duration String `json:"duration"`
				}] `json:"walking"`
				Bus Object[struct {
					Buslines List[struct {
						Name          String           `json:"name"`
						Type          String           `json:"type"`
						DepartureStop Object[stopJSON] `json:"departure_stop"`
						ArrivalStop   Object[stopJSON] `json:"arrival_stop"`
						Distance      String           `json:"distance"`
						Duration      String           `json:"duration"`
						ViaNum        String           `json:"via_num"`
					}] `json:"buslines"`
				}] `json:"bus"`
				Railway Object[struct {
					Name      String           `json:"name"`
					Trip      String           `json:"trip"`
					Type      String           `json:"type"`
					Distance  String           `json:"distance"`
					Time      String           `json:"time"`
					Departure Object[stopJSON] `json:"departure_stop"`
					Arrival   Object[stopJSON] `json:"arrival_stop"`
				}] `json:"railway"`
				Taxi Object[struct {
					Distance  String `json:"distance"`
					DriveTime String `json:"drivetime"`
				}] `json:"taxi"`
			}] `json:"segments"`
		}] `json:"transits"`
	}] `json:"route"`
}

// ParseDirections decodes a v3 driving, walking or transit answer.
func ParseDirections(body []byte, mode string) (Directions, error) {
	if e := CheckBody(body); e != nil {
		e.Provider = Provider
		return Directions{}, e
	}
	var a directionAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return Directions{}, errorf(orchestrator.EBADRESPONSE, "undecodable %s answer: %v", mode, err)
	}
	return a.result(mode)
}

func intOr0(s String) int {
	if n := s.Int(); n != nil && *n > 0 {
		return *n
	}
	return 0
}

func (a directionAnswer) result(mode string) (Directions, error) {
	d := Directions{Mode: mode}
	r := a.Route.V
	if m := r.TaxiCost.Yuan(); m != nil && m.Cents > 0 {
		d.TaxiCost = m
	}
	for _, p := range r.Paths {
		route := Route{
			DistanceM: intOr0(p.Distance), DurationS: intOr0(p.Duration), Strategy: string(p.Strategy),
			TollDistanceM: intOr0(p.TollDistance), TrafficLights: intOr0(p.TrafficLights), Steps: []Step{},
		}
		if m := p.Tolls.Yuan(); m != nil && m.Cents > 0 {
			route.Tolls = m
		}
		for _, s := range p.Steps {
			route.Steps = append(route.Steps, Step{Instruction: string(s.Instruction), Road: string(s.Road),
				DistanceM: intOr0(s.Distance), DurationS: intOr0(s.Duration)})
			for _, pt := range s.Polyline.Polyline() {
				if n := len(route.Polyline); n == 0 || route.Polyline[n-1] != pt {
					route.Polyline = append(route.Polyline, pt)
				}
			}
		}
		d.Routes = append(d.Routes, route)
	}
	for _, t := range r.Transits {
		tr := Transit{
			DurationS: intOr0(t.Duration), DistanceM: intOr0(t.Distance), WalkingDistanceM: intOr0(t.WalkingDistance),
			Night: t.NightFlag == "1", Legs: []TransitLeg{},
		}
		if m := t.Cost.Yuan(); m != nil {
			tr.Cost = m
		}
		for _, s := range t.Segments {
			if w := s.Walking; w.Set && intOr0(w.V.Distance) > 0 {
				tr.Legs = append(tr.Legs, TransitLeg{Mode: "walk", DistanceM: intOr0(w.V.Distance), DurationS: intOr0(w.V.Duration)})
			}
			if b := s.Bus; b.Set && len(b.V.Buslines) > 0 {
				// The first line; any others are alternatives for the same ride.
				l := b.V.Buslines[0]
				tr.Legs = append(tr.Legs, TransitLeg{Mode: "bus", Line: string(l.Name), Type: string(l.Type),
					From: string(l.DepartureStop.V.Name), To: string(l.ArrivalStop.V.Name), Stops: intOr0(l.ViaNum),
					DistanceM: intOr0(l.Distance), DurationS: intOr0(l.Duration)})
			}
			if rw := s.Railway; rw.Set && (rw.V.Name != "" || rw.V.Trip != "") {
				leg := TransitLeg{Mode: "railway", Line: strings.TrimSpace(string(rw.V.Trip + " " + rw.V.Name)), Type: string(rw.V.Type),
					Trip: strings.TrimSpace(string(rw.V.Trip)), Class: RailwayClass(string(rw.V.Type), string(rw.V.Trip)),
					From: string(rw.V.Departure.V.Name), To: string(rw.V.Arrival.V.Name),
					DistanceM: intOr0(rw.V.Distance), DurationS: intOr0(rw.V.Time)}
				if dep, arr, off, ok := railTimes(string(rw.V.Departure.V.Time), string(rw.V.Arrival.V.Time), leg.DurationS); ok {
					leg.Depart, leg.Arrive, leg.ArriveDayOffset = dep, arr, off
				}
				tr.Legs = append(tr.Legs, leg)
			}
			if tx := s.Taxi; tx.Set && intOr0(tx.V.Distance) > 0 {
				tr.Legs = append(tr.Legs, TransitLeg{Mode: "taxi", DistanceM: intOr0(tx.V.Distance), DurationS: intOr0(tx.V.DriveTime)})
			}
		}
		d.Transits = append(d.Transits, tr)
	}
	if len(d.Routes) == 0 && len(d.Transits) == 0 {
		return Directions{}, errorf(orchestrator.ENOTFOUND, "no %s route found", mode)
	}
	return d, nil
}
