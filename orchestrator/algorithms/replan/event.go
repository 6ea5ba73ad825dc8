// Package replan repairs a stored plan when something changes during the
// trip — a sight closed, a train cancelled or late, rain, a late start, the
// traveller's own skip or add — with minimal change: everything before
// "now" is kept byte for byte, stays already booked are kept, and only what
// the events break is chosen again, from the plan's own data (its trip's
// catalogs, matrices and transport options) and the same rules. Repair is a
// pure function: the same plan, events and now give the same itinerary and
// changes. It makes no provider call.
package replan

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// Event kinds.
const (
	Closed    = "closed"     // a sight or restaurant closed that day
	Cancelled = "cancelled"  // a leg cancelled
	Delayed   = "delayed"    // a leg late by Minutes
	Weather   = "weather"    // rain, storm, heat or snow that day
	LateStart = "late_start" // the day starts at Time
	Skip      = "skip"       // the traveller drops a place
	Add       = "add"        // the traveller adds a place
)

// Kinds lists the event kinds Repair accepts.
var Kinds = []string{Closed, Cancelled, Delayed, Weather, LateStart, Skip, Add}

// Conditions lists the weather conditions of a Weather event.
var Conditions = []string{"rain", "storm", "heat", "snow"}

// MaxEvents bounds the events of one repair.
const MaxEvents = 20

// Event is one thing that changed. Place is a sight's or restaurant's name
// or ID; Leg a flight or train number (a JSON string or number); Date the
// day it happens (YYYY-MM-DD); Minutes the delay; Condition the weather;
// Time the late start ("HH:MM").
type Event struct {
	Kind      string `json:"kind"`
	Place     string `json:"place,omitempty"`
	Leg       LegRef `json:"leg,omitempty"`
	Date      string `json:"date,omitempty"`
	Minutes   int    `json:"minutes,omitempty"`
	Condition string `json:"condition,omitempty"`
	Time      string `json:"time,omitempty"`
}

// LegRef is a leg's number as the traveller sends it: "G7003", "F0123" or
// a bare number (1461).
type LegRef string

// UnmarshalJSON accepts a string or a number.
func (l *LegRef) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*l = LegRef(strings.TrimSpace(s))
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("leg must be a flight or train number")
	}
	*l = LegRef(n.String())
	return nil
}

// Request is what POST /v1/plans/{id}/replan carries.
type Request struct {
	Events []Event `json:"events"`
	// Now is the moment of the repair (RFC 3339, with the trip's local
	// offset): what lies before it is kept as it was.
	Now string `json:"now"`
}

// eventError is the 422 naming event i's field.
func eventError(i int, field, format string, args ...any) *orchestrator.Error {
	return &orchestrator.Error{Code: orchestrator.EUNPROCESSABLE,
		Field:   "events[" + strconv.Itoa(i) + "]" + dotted(field),
		Message: fmt.Sprintf(format, args...)}
}

func dotted(field string) string {
	if field == "" {
		return ""
	}
	return "." + field
}

// ParseNow reads the request's now; it is required.
func ParseNow(now string) (time.Time, error) {
	if strings.TrimSpace(now) == "" {
		return time.Time{}, orchestrator.FieldErrorf("now", "is required: the moment of the repair, RFC 3339 such as 2026-06-02T09:30:00+08:00")
	}
	t, err := time.Parse(time.RFC3339, now)
	if err != nil {
		return time.Time{}, orchestrator.FieldErrorf("now", "must be an RFC 3339 time such as 2026-06-02T09:30:00+08:00")
	}
	return t, nil
}

// LocalNow returns t on the trip's local clock: the zone of its first
// city that has one (geocoded place, forecast, or the brief's places),
// else the offset of the brief's reference time, else t unchanged.
func LocalNow(p *orchestrator.Plan, t time.Time) time.Time {
	var zones []string
	for _, c := range p.Trip.Cities {
		if c.Place != nil {
			zones = append(zones, c.Place.Value.Timezone)
		}
		if c.Weather != nil {
			zones = append(zones, c.Weather.Value.Timezone)
		}
	}
	for _, pl := range p.Brief.Places {
		zones = append(zones, pl.Timezone)
	}
	for _, z := range zones {
		if z == "" {
			continue
		}
		if loc, err := time.LoadLocation(z); err == nil {
			return t.In(loc)
		}
	}
	// no zone known: the offset the brief's reference time was written in
	if ref, err := time.Parse(time.RFC3339, p.Brief.Now); err == nil {
		return t.In(ref.Location())
	}
	return t
}
