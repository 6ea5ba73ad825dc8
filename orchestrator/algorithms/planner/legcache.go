package planner

import (
	"crypto/sha256"
	"math"
	"slices"
	"strconv"
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
	// joins keeps ops followed by the options of other legs of the same
	// pair (joined).
	mu    sync.Mutex
	joins []legJoin
}

// legJoin is a leg's options followed by those of next.
type legJoin struct {
	next *legOptions
	ops  []*option // capacity = length
}

// maxJoins bounds the joins a leg keeps.
const maxJoins = 8

// joined returns lo's options followed by next's, as appending them would
// give, kept for the plans whose trip has both legs between the same pair
// of cities (the flights and the trains): read only, its capacity full.
func (lo *legOptions) joined(next *legOptions) []*option {
	lo.mu.Lock()
	defer lo.mu.Unlock()
	for _, j := range lo.joins {
		if j.next == next {
			return j.ops
		}
	}
	ops := make([]*option, 0, len(lo.ops)+len(next.ops))
	ops = append(append(ops, lo.ops...), next.ops...)
	if len(lo.joins) < maxJoins {
		lo.joins = append(lo.joins, legJoin{next, ops})
	}
	return ops
}

// sameOps returns the leg of legs whose options cur is, the very slice
// (nil: none, or cur is empty).
func sameOps(legs []*legOptions, cur []*option) *legOptions {
	if len(cur) == 0 {
		return nil
	}
	for _, lo := range legs {
		if lo != nil && len(lo.ops) == len(cur) && &lo.ops[0] == &cur[0] {
			return lo
		}
	}
	return nil
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
		// A train's length is its clock times' (a next-day arrival
		// included), whatever its duration field says: 1461 at 11:56
		// arriving 05:37 the next day is no 5-hour ride. Flights keep the
		// field: their clocks are local times, across time zones
		// (TravelPlanner).
		if o.Mode == "train" {
			off := o.ArriveDayOffset
			if off == 0 && am < dm {
				off = 1 // as quality.ClockMinutes reads it
			}
			if m := am + 1440*off - dm; m > 0 {
				op.dur = m
			}
		}
	}
	return op, true
}

// Journeys shared by plans. Without dated timetables, a leg's journeys
// and its options with connections (journeys, withConnections) depend on
// the trip's transport (every leg: the hubs and segments), the places'
// names and positions (ground hops, the journeys' labels), the group size,
// the plan currency, the brief's transport constraints and Options.Direct
// — nothing else. A world whose every leg has a content address
// (sharedLeg) sums all of it up in journeySig; plans with the same
// signature read each other's journeys (kept as they are: no caller
// changes a list it is given, nor an option). Not while the constraints
// are relaxed (nearestAlternative: memos of its own).

// sharedJourneyKey identifies a leg's journeys across plans.
type sharedJourneyKey struct {
	sig      [sha256.Size]byte
	from, to string
	fam      int
}

// maxJourneyEntries bounds the shared journeys; past it the cache starts
// afresh.
const maxJourneyEntries = 8192

var journeyCache = struct {
	sync.Mutex
	m map[sharedJourneyKey][]*option
}{m: map[sharedJourneyKey][]*option{}}

// journeySig sets w.jshare and w.jsig when the world's journeys can be
// shared: undated options, every leg with a content address in the plan's
// currency.
func (w *world) journeySig(shared []*legOptions) {
	if w.dated || len(shared) == 0 || slices.Contains(shared, nil) {
		return
	}
	h := sha256.New()
	var buf []byte
	str := func(s string) {
		buf = strconv.AppendInt(buf[:0], int64(len(s)), 10)
		buf = append(buf, ':')
		buf = append(buf, s...)
		h.Write(buf)
	}
	num := func(n int64) {
		buf = strconv.AppendInt(buf[:0], n, 10)
		buf = append(buf, ';')
		h.Write(buf)
	}
	strs := func(ss []string) {
		num(int64(len(ss)))
		for _, s := range ss {
			str(s)
		}
	}
	str("journeys/1")
	num(int64(len(w.trip.Transport)))
	for i := range w.trip.Transport {
		str(w.trip.Transport[i].Ref)
	}
	num(int64(len(w.places)))
	for _, k := range w.places {
		str(k)
		str(w.cityName(k))
		p, ok := w.position(k)
		if !ok {
			num(-1)
		}
		num(int64(math.Float64bits(p.Lat)))
		num(int64(math.Float64bits(p.Lon)))
	}
	str(w.origin)
	str(w.originKey)
	num(int64(w.people))
	str(w.currency)
	c := &w.b.Constraints
	strs(c.TransportExclude)
	strs(c.TransportPrefer)
	strs(c.TransportRequire)
	if c.HighSpeedRail {
		num(1)
	} else {
		num(0)
	}
	if w.opts.Direct {
		num(1)
	} else {
		num(0)
	}
	h.Sum(w.jsig[:0])
	w.jshare = true
}

// sharedJourneys returns the journeys (or, fam offset by connectFam, the
// options with connections) another plan with the same signature found.
func (w *world) sharedJourneys(key journeyKey) ([]*option, bool) {
	if !w.jshare || w.usableMemo == nil || key.day != -1 {
		return nil, false
	}
	journeyCache.Lock()
	ops, ok := journeyCache.m[sharedJourneyKey{w.jsig, key.from, key.to, key.fam}]
	journeyCache.Unlock()
	return ops, ok
}

// keepJourneys shares what journeys or withConnections found.
func (w *world) keepJourneys(key journeyKey, ops []*option) {
	if !w.jshare || w.usableMemo == nil || key.day != -1 {
		return
	}
	journeyCache.Lock()
	defer journeyCache.Unlock()
	if len(journeyCache.m) >= maxJourneyEntries {
		clear(journeyCache.m)
	}
	k := sharedJourneyKey{w.jsig, key.from, key.to, key.fam}
	if _, ok := journeyCache.m[k]; !ok {
		journeyCache.m[k] = ops
	}
}
