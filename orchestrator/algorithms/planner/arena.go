package planner

import (
	"sync"

	"github.com/tripweave/tripweave/orchestrator"
)

// cityArena holds the large slices a plan builds for a city — its
// attractions, restaurants and hotels priced for the brief, and the
// lists of them — kept in arenaPool for the next plan once a plan is done
// (world.release): nothing a plan returns points into them, the
// itinerary pointing only into the trip's catalogs. A released arena is
// cleared, so that it keeps no catalog alive and hands out zero values.
type cityArena struct {
	attractions []attraction
	attrList    []*attraction
	restaurants []restaurant
	restList    []*restaurant
	hotels      []hotel
	hotelList   []*hotel
	// elig and weight are the meal choice's scratch, one variant at a
	// time.
	elig   []*restaurant
	weight []int64
	lights []*restaurant
	// spanOpen is openSpans' answer, one variant at a time.
	spanOpen []bool
	// pts, cells, path and used are orderStops' scratch, one call at a
	// time (each written before it is read).
	pts   []place
	cells []int
	path  []int
	used  []bool
	// pick is pickRestaurantsOf's table, one call at a time.
	pick []int64
	// nights holds the stay lists' nightly prices (sortedNights), bumped.
	nights []int64
	// night and in are sortedNights' scratch (in all false between
	// uses).
	night []int64
	in    []bool
}

var arenaPool = sync.Pool{New: func() any { return new(cityArena) }}

// reuse returns n elements of s's array when it is large enough, holding
// what they held (the caller writes each before it reads it); else new
// ones.
func reuse[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// sized returns s holding n zero values, s's own array when it is large
// enough (its elements are zero: see cityArena).
func sized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// arena returns a cleared arena for a city of the plan.
func (w *world) arena() *cityArena {
	a := arenaPool.Get().(*cityArena)
	w.arenas = append(w.arenas, a)
	return a
}

// variantScratch is buildVariant's scratch, one variant at a time
// (bump): the windows' stops and meal slots (walk), all of the variant's
// slots, and the meal choice's copies of them by city. Nothing a plan
// returns points into them (the itinerary copies the stops); kept in
// scratchPool for the next plan, cleared.
type variantScratch struct {
	stops     []orchestrator.Stop
	walkSlots []mealSlot
	slots     []mealSlot
	meals     []mealSlot
	timed     []timed // walk's replacements by travel time
	wins      []window
	attrs     []*attraction // walk's lists
	// legChoices are chooseLeg's choices, for the plan's variants (kept
	// from one variant to the next; emptied by release).
	legChoices []legChoice
	// spare holds, for the variants of later plans, the arrays of the
	// itineraries earlier plans built and did not return (build: their
	// days, stays, and stops, meals and legs blocks), cleared.
	spare spareBlocks
}

// spareBlocks are arrays of itineraries no one holds, up to maxSpare of
// each kind.
type spareBlocks struct {
	days  [][]orchestrator.Day
	stops [][]orchestrator.Stop
	meals [][]orchestrator.Meal
	legs  [][]orchestrator.Leg
	stays [][]orchestrator.Stay
}

// maxSpare bounds the arrays of a kind spareBlocks keeps: more than the
// variants of most plans.
const maxSpare = 12

// takeSpare returns, of length 0, an array of *spare with room for n
// (taken out of it), else a new one. Its elements are zero.
func takeSpare[T any](spare *[][]T, n int) []T {
	for i, a := range *spare {
		if cap(a) >= n {
			last := len(*spare) - 1
			(*spare)[i], (*spare)[last] = (*spare)[last], nil
			*spare = (*spare)[:last]
			return a[:0]
		}
	}
	return make([]T, 0, n)
}

// keepSpare adds a, cleared, to *spare while there is room.
func keepSpare[T any](spare *[][]T, a []T) {
	if cap(a) > 0 && len(*spare) < maxSpare {
		clear(a[:cap(a)])
		*spare = append(*spare, a[:0])
	}
}

// recycle keeps the arrays of a built variant's itinerary for later
// plans: it must be one build did not return, which nothing holds.
func (w *world) recycle(b *built) {
	if s := w.scratch; s != nil && b.it != nil {
		keepSpare(&s.spare.days, b.it.Days)
		keepSpare(&s.spare.stops, b.stops)
		keepSpare(&s.spare.meals, b.meals)
		keepSpare(&s.spare.legs, b.legs)
		keepSpare(&s.spare.stays, b.it.Stays)
		b.it, b.stops, b.meals, b.legs = nil, nil, nil, nil
	}
}

var scratchPool = sync.Pool{New: func() any { return new(variantScratch) }}

// variantScratch returns the plan's scratch emptied for a variant.
func (w *world) variantScratch() *variantScratch {
	s := w.scratch
	if s == nil {
		s = scratchPool.Get().(*variantScratch)
		w.scratch = s
	}
	s.stops, s.walkSlots, s.slots, s.meals, s.timed, s.wins, s.attrs = s.stops[:0], s.walkSlots[:0], s.slots[:0], s.meals[:0], s.timed[:0], s.wins[:0], s.attrs[:0]
	return s
}

// release clears the plan's arenas and scratch and returns them to their
// pools. The plan's cities must not be used after it.
func (w *world) release() {
	if s := w.scratch; s != nil {
		clear(s.stops[:cap(s.stops)])
		clear(s.walkSlots[:cap(s.walkSlots)])
		clear(s.slots[:cap(s.slots)])
		clear(s.meals[:cap(s.meals)])
		clear(s.timed[:cap(s.timed)])
		clear(s.wins[:cap(s.wins)])
		clear(s.attrs[:cap(s.attrs)])
		clear(s.legChoices[:cap(s.legChoices)])
		s.legChoices = s.legChoices[:0]
		scratchPool.Put(s)
		w.scratch = nil
	}
	for _, a := range w.arenas {
		clear(a.attractions[:cap(a.attractions)])
		clear(a.attrList[:cap(a.attrList)])
		clear(a.restaurants[:cap(a.restaurants)])
		clear(a.restList[:cap(a.restList)])
		clear(a.hotels[:cap(a.hotels)])
		clear(a.hotelList[:cap(a.hotelList)])
		clear(a.elig[:cap(a.elig)])
		clear(a.lights[:cap(a.lights)])
		clear(a.pts[:cap(a.pts)])
		a.attractions, a.attrList = a.attractions[:0], a.attrList[:0]
		a.restaurants, a.restList = a.restaurants[:0], a.restList[:0]
		a.hotels, a.hotelList = a.hotels[:0], a.hotelList[:0]
		a.elig, a.lights = a.elig[:0], a.lights[:0]
		a.nights = a.nights[:0]
		arenaPool.Put(a)
	}
	w.arenas = nil
}

// bump returns n elements of *buf, past those taken since it was last
// reset to length 0, as a slice of length 0 and capacity n; a larger array
// when the buffer is full (the slices taken before keep theirs). The
// elements hold what they held: the caller appends.
func bump[T any](buf *[]T, n int) []T {
	if cap(*buf)-len(*buf) < n {
		*buf = make([]T, 0, max(2*cap(*buf), 64, n))
	}
	i := len(*buf)
	*buf = (*buf)[:i+n]
	return (*buf)[i : i : i+n]
}
