package traveltools

import (
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/duffel"
	"github.com/tripweave/tripweave/orchestrator"
)

// FlightOptionPrefix starts the ID of an option made from a Duffel offer;
// the rest is the offer ID.
const FlightOptionPrefix = "duffel:"

// localLayouts are the forms of Duffel's local segment times: without an
// offset (documented), and defensively with one or without seconds.
var localLayouts = []string{"2006-01-02T15:04:05", "2006-01-02T15:04", time.RFC3339}

// parseLocal reads a segment time as the wall clock at its airport.
func parseLocal(s string) (time.Time, bool) {
	for _, layout := range localLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			// Keep the wall clock whatever offset was written.
			return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), 0, 0, time.UTC), true
		}
	}
	return time.Time{}, false
}

// FlightOptions turns offers, in their order, into the transport options
// of a leg from to to (the names as the caller gave them), one per offer:
// mode flight; Number the marketing flight numbers of the segments joined
// with "/" ("3U8854/3U8936"); Class the cabin; FromStation and ToStation
// the first origin and last destination airports; Date, Depart and Arrive
// the local date and times of the first departure and last arrival, and
// ArriveDayOffset the difference of their local dates (negative when the
// flight lands on the previous calendar day across the date line);
// DurationMinutes the offer's journey time (0 when Duffel gave none: the
// planner then reads it from Depart and Arrive, which ignores time zones);
// Price the offer's total divided by its passengers (passengers, the
// search's party, when the offer does not say), rounded half up to the
// cent, per person; PriceEstimate false. An offer without segments or with
// an unreadable time is left out. The result is never nil.
func FlightOptions(from, to string, offers []duffel.Offer, passengers int) []orchestrator.TransportOption {
	opts := make([]orchestrator.TransportOption, 0, len(offers))
	for _, off := range offers {
		if len(off.Segments) == 0 {
			continue
		}
		first, last := off.Segments[0], off.Segments[len(off.Segments)-1]
		dep, ok1 := parseLocal(first.DepartingAt)
		arr, ok2 := parseLocal(last.ArrivingAt)
		if !ok1 || !ok2 {
			continue
		}
		numbers := make([]string, len(off.Segments))
		for i, s := range off.Segments {
			numbers[i] = s.FlightNumber
		}
		n := off.Passengers
		if n <= 0 {
			n = passengers
		}
		depDay := time.Date(dep.Year(), dep.Month(), dep.Day(), 0, 0, 0, 0, time.UTC)
		arrDay := time.Date(arr.Year(), arr.Month(), arr.Day(), 0, 0, 0, 0, time.UTC)
		opts = append(opts, orchestrator.TransportOption{
			ID:              FlightOptionPrefix + off.ID,
			Mode:            "flight",
			Number:          strings.Join(numbers, "/"),
			Class:           off.CabinClass,
			From:            from,
			To:              to,
			FromStation:     first.From,
			ToStation:       last.To,
			Date:            dep.Format(orchestrator.DateLayout),
			Depart:          dep.Format("15:04"),
			Arrive:          arr.Format("15:04"),
			ArriveDayOffset: int(arrDay.Sub(depDay).Hours() / 24),
			DurationMinutes: off.DurationMinutes,
			Pricing:         orchestrator.PerPerson,
			Price:           orchestrator.Money{Cents: divRound(off.Price.Cents, n), Currency: off.Price.Currency},
		})
	}
	return opts
}

// divRound returns cents / n rounded half away from zero; n < 1 counts as
// one.
func divRound(cents int64, n int) int64 {
	if n < 1 {
		n = 1
	}
	d := int64(n)
	if cents < 0 {
		return -((-cents*2 + d) / (2 * d))
	}
	return (cents*2 + d) / (2 * d)
}
