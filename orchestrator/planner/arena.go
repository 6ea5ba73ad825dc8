package planner

import "sync"

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
	// night and in are sortedNights' scratch (in all false between
	// uses).
	night []int64
	in    []bool
}

var arenaPool = sync.Pool{New: func() any { return new(cityArena) }}

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

// release clears the plan's arenas and returns them to the pool. The
// plan's cities must not be used after it.
func (w *world) release() {
	for _, a := range w.arenas {
		clear(a.attractions[:cap(a.attractions)])
		clear(a.attrList[:cap(a.attrList)])
		clear(a.restaurants[:cap(a.restaurants)])
		clear(a.restList[:cap(a.restList)])
		clear(a.hotels[:cap(a.hotels)])
		clear(a.hotelList[:cap(a.hotelList)])
		clear(a.elig[:cap(a.elig)])
		a.attractions, a.attrList = a.attractions[:0], a.attrList[:0]
		a.restaurants, a.restList = a.restaurants[:0], a.restList[:0]
		a.hotels, a.hotelList = a.hotels[:0], a.hotelList[:0]
		a.elig = a.elig[:0]
		arenaPool.Put(a)
	}
	w.arenas = nil
}
