package planner

import (
	"strings"
	"sync"

	"github.com/tripweave/tripweave/orchestrator"
)

// Transport options shared by plans. A leg of the trip's transport that
// carries its content address (orchestrator.Sourced.Ref: the same options,
// names and prices) gives the same options to every plan with as many
// travellers and in its prices' currency: its options are parsed (clock
// times, duration, units and cost for the group) once per process and
// read by plans as they are — nothing changes an option after newWorld.

// legKey identifies a leg's options for a group size and plan currency.
type legKey struct {
	ref      string
	people   int
	currency string
}

// legOptions are a leg's usable options, in the data's order: the pair of
// city keys they join and whether some runs on a given date only.
type legOptions struct {
	from, to string
	ops      []*option // capacity = length: a plan appending copies
	dated    bool
}

// maxLegEntries bounds the shared legs; past it the cache starts afresh
// (what it holds is computed again as it was).
const maxLegEntries = 4096

var legCache = struct {
	sync.Mutex
	m map[legKey]*legOptions
}{m: map[legKey]*legOptions{}}

// sharedLeg returns the options of a leg with a content address for the
// world's group and currency, nil when the leg has no address or some
// price of it is in another currency (converted per plan, with findings).
func (w *world) sharedLeg(sl *orchestrator.Sourced[orchestrator.TransportLeg]) *legOptions {
	if sl.Ref == "" {
		return nil
	}
	key := legKey{sl.Ref, w.people, w.currency}
	legCache.Lock()
	lo, ok := legCache.m[key]
	legCache.Unlock()
	if ok {
		return lo
	}
	lo = buildLegOptions(&sl.Value, w.people, w.currency)
	if lo == nil {
		return nil
	}
	legCache.Lock()
	defer legCache.Unlock()
	if prev, ok := legCache.m[key]; ok {
		return prev
	}
	if len(legCache.m) >= maxLegEntries {
		clear(legCache.m)
	}
	legCache.m[key] = lo
	return lo
}

// buildLegOptions parses a leg's options as newWorld does, or returns nil
// when a price is not in currency.
func buildLegOptions(leg *orchestrator.TransportLeg, people int, currency string) *legOptions {
	for i := range leg.Options {
		if c := leg.Options[i].Price.Currency; c != "" && !strings.EqualFold(c, currency) {
			return nil
		}
	}
	lo := &legOptions{from: orchestrator.CanonicalCity(leg.From), to: orchestrator.CanonicalCity(leg.To)}
	block := make([]option, 0, len(leg.Options))
	for i := range leg.Options {
		o := &leg.Options[i]
		lo.dated = lo.dated || o.Date != ""
		op, ok := parseOption(o, o.Price.Cents, people)
		if !ok {
			continue
		}
		block = append(block, op)
		lo.ops = append(lo.ops, &block[len(block)-1])
	}
	lo.ops = lo.ops[:len(lo.ops):len(lo.ops)]
	return lo
}

// parseOption is the option of o at price cents a unit for people, false
// when its clock times do not parse.
func parseOption(o *orchestrator.TransportOption, price int64, people int) (option, bool) {
	op := option{o: o, price: price, units: o.Units(people), depart: -1, dur: o.DurationMinutes}
	op.cost = op.price * int64(op.units)
	if o.Depart != "" {
		dm, ok1 := orchestrator.ParseClock(o.Depart)
		am, ok2 := orchestrator.ParseClock(o.Arrive)
		if !ok1 || !ok2 {
			return op, false
		}
		op.depart, op.arrive = dm, am
		if op.dur <= 0 {
			op.dur = am + 1440*o.ArriveDayOffset - dm
		}
	}
	return op, true
}
