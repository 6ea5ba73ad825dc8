// Package tripindex finds what a trip's catalogs hold by ID — the
// attraction, restaurant or accommodation a plan names, the transport
// option a leg books, the attraction a must-see name means — from an index
// built once per catalog version rather than once per plan.
//
// A version is the catalog's content address (orchestrator.Sourced.Ref,
// ContentRef of its JSON: the pipeline sets it on every catalog it joins).
// Catalogs without a Ref (a trip built by hand) are indexed afresh on each
// call. An index is immutable once built and read by concurrent plans
// without locks; only the bounded LRU that finds it takes a mutex, and the
// must-see names an attraction index has resolved are kept in a sync.Map.
//
// The verifier and the quality score look the trip up through this package
// so that both read the same facts the same way; it follows the planner's
// catalog index (orchestrator/algorithms/planner/index.go) without sharing its code.
package tripindex

import (
	"sync"
	"sync/atomic"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/platform/lru"
)

// cacheSize bounds the catalog versions kept: three catalogs for each of
// the hot cities and the transport legs between them.
const cacheSize = 512

// maxResolved bounds the must-see names one attraction index remembers;
// names past it are resolved afresh every time.
const maxResolved = 1024

// IDs maps each ID of a catalog to its position (the last one, for an ID
// the catalog lists twice). The zero value holds nothing.
type IDs struct {
	pos map[string]int32
}

// Find returns the position of id in the catalog.
func (x *IDs) Find(id string) (int, bool) {
	if x == nil {
		return 0, false
	}
	i, ok := x.pos[id]
	return int(i), ok
}

func newIDs(n int, id func(i int) string) IDs {
	x := IDs{pos: make(map[string]int32, n)}
	for i := range n {
		x.pos[id(i)] = int32(i)
	}
	return x
}

// Attractions indexes an attraction catalog by ID and remembers, when
// shared, the facts of its attractions and the must-see names resolved
// against it.
type Attractions struct {
	IDs
	shared bool
	cands  []concepts.Candidate // concepts.AttractionCandidates, when shared
	// facts holds each attraction's facts (by position), computed when a
	// plan first needs them and published once, immutable; when shared.
	facts []atomic.Pointer[AttractionFacts]
	// resolved maps a must-see name to concepts.Resolve's index (int) in
	// the catalog, when shared; count bounds it.
	resolved sync.Map
	count    atomic.Int32
	// as is the catalog the index was built from, and same a row per
	// attraction telling which are the same site as it (SameSite),
	// computed when first needed and published once; when shared.
	as   []orchestrator.Attraction
	same []atomic.Pointer[[]bool]
	// hours holds, by position, Hour's value plus one (0: not yet
	// computed); when shared.
	hours []atomic.Int32
}

// Hour returns compute's answer for the attraction at position i — a
// small value that depends on the attraction alone (the quality score's
// best hour) — computed once for a shared index, afresh for another.
func (x *Attractions) Hour(i int, compute func() int8) int8 {
	if x == nil || !x.shared {
		return compute()
	}
	if v := x.hours[i].Load(); v != 0 {
		return int8(v - 1)
	}
	h := compute()
	x.hours[i].Store(int32(h) + 1)
	return h
}

// Shared reports whether the index is shared by the plans of its catalog
// version (remembering what it computes), not built for one call.
func (x *Attractions) Shared() bool { return x != nil && x.shared }

// SameSite reports, for a shared index, whether the attractions at
// positions i and j of its catalog are the same site:
// concepts.SameSiteCore of their Facts' cores at the distance from i to j
// (GeoPoint.DistanceKM; -1 when a position is unknown). Row i is computed
// on first use and kept. It panics on an index that is not shared.
func (x *Attractions) SameSite(i, j int) bool {
	if row := x.same[i].Load(); row != nil {
		return (*row)[j]
	}
	row := make([]bool, len(x.as))
	a := &x.as[i]
	fa := x.Facts(i, a)
	for k := range x.as {
		b := &x.as[k]
		d := -1.0
		if a.Location != nil && b.Location != nil {
			d = a.Location.DistanceKM(*b.Location)
		}
		row[k] = concepts.SameSiteCore(fa.Core, x.Facts(k, b).Core, d)
	}
	x.same[i].CompareAndSwap(nil, &row)
	return (*x.same[i].Load())[j]
}

// AttractionFacts are what the quality score reads of an attraction
// through the concept table, each as the function named computes it.
type AttractionFacts struct {
	Place   concepts.Place // concepts.AttractionPlace
	Evening bool           // concepts.Evening
	Core    string         // concepts.Core of the name
	Once    string         // concepts.OnceGroup
}

// AttractionFactsOf computes the facts of a.
func AttractionFactsOf(a *orchestrator.Attraction) *AttractionFacts {
	p := concepts.AttractionPlace(a.Name, a.Category, a.Tags)
	return &AttractionFacts{
		Place:   p,
		Evening: concepts.EveningPlace(p),
		Core:    concepts.Core(a.Name),
		Once:    concepts.OnceGroupPlace(p),
	}
}

// Facts returns the facts of the attraction at position i of the catalog,
// a (&as[i] of the catalog this index was built from): the shared ones,
// computed on first use, or computed afresh for an index not shared.
func (x *Attractions) Facts(i int, a *orchestrator.Attraction) *AttractionFacts {
	if x == nil || !x.shared {
		return AttractionFactsOf(a)
	}
	if f := x.facts[i].Load(); f != nil {
		return f
	}
	x.facts[i].CompareAndSwap(nil, AttractionFactsOf(a))
	return x.facts[i].Load()
}

// Find returns the position of the attraction with that ID (none for a
// nil index).
func (x *Attractions) Find(id string) (int, bool) {
	if x == nil {
		return 0, false
	}
	return x.IDs.Find(id)
}

// Resolve returns the position of the attraction the must-see name means
// (concepts.Resolve over concepts.AttractionCandidates of as, the catalog
// this index was built from), or -1.
func (x *Attractions) Resolve(name string, as []orchestrator.Attraction) int {
	if x == nil || !x.shared {
		i, _ := concepts.Resolve(name, concepts.AttractionCandidates(as))
		return i
	}
	if v, ok := x.resolved.Load(name); ok {
		return v.(int)
	}
	i, _ := concepts.Resolve(name, x.cands)
	if x.count.Load() < maxResolved {
		if _, loaded := x.resolved.LoadOrStore(name, i); !loaded {
			x.count.Add(1)
		}
	}
	return i
}

// Resolve returns the position in the catalog s of the attraction the
// must-see name means (concepts.Resolve over its
// concepts.AttractionCandidates), or -1: remembered by the shared index
// when s has a Ref, else resolved afresh.
func Resolve(s *orchestrator.Sourced[[]orchestrator.Attraction], name string) int {
	if s.Ref == "" {
		i, _ := concepts.Resolve(name, concepts.AttractionCandidates(s.Value))
		return i
	}
	return AttractionsOf(s).Resolve(name, s.Value)
}

// Options indexes a transport leg's options by ID, with the leg's ends in
// canonical form (orchestrator.CanonicalCity).
type Options struct {
	IDs
	From, To string
}

// kind tells the catalogs apart in the cache.
type kind byte

const (
	kindAttractions kind = 'a'
	kindRestaurants kind = 'r'
	kindHotels      kind = 'h'
	kindHotelsFirst kind = 'H'
	kindLeg         kind = 'l'
)

type key struct {
	kind kind
	ref  string
}

// cache is the process-wide LRU of catalog indexes.
type cache struct{ c *lru.Cache[key, any] }

var indexes = newCache(cacheSize)

func newCache(max int) *cache { return &cache{lru.New[key, any](max, nil)} }

// get returns the index under k, building it with build on a miss
// (outside the lock: two plans may build the same index at once, and the
// first stored wins). An empty Ref is never cached.
func (c *cache) get(k key, build func(shared bool) any) any {
	if k.ref == "" {
		return build(false)
	}
	return c.c.Get(k, func() any { return build(true) })
}

// len reports how many catalog versions are kept.
func (c *cache) len() int { return c.c.Len() }

// AttractionsOf returns the index of an attraction catalog (nil for a nil
// catalog): the shared one when it has a Ref, else one built afresh.
func AttractionsOf(s *orchestrator.Sourced[[]orchestrator.Attraction]) *Attractions {
	if s == nil {
		return nil
	}
	return indexes.get(key{kindAttractions, s.Ref}, func(shared bool) any {
		as := s.Value
		x := &Attractions{IDs: newIDs(len(as), func(i int) string { return as[i].ID }), shared: shared}
		if shared {
			x.cands = concepts.AttractionCandidates(as)
			x.facts = make([]atomic.Pointer[AttractionFacts], len(as))
			x.as = as
			x.same = make([]atomic.Pointer[[]bool], len(as))
			x.hours = make([]atomic.Int32, len(as))
		}
		return x
	}).(*Attractions)
}

// RestaurantsOf returns the index of a restaurant catalog (nil for a nil
// catalog): the shared one when it has a Ref, else one built afresh.
func RestaurantsOf(s *orchestrator.Sourced[[]orchestrator.Restaurant]) *Restaurants {
	if s == nil {
		return nil
	}
	return indexes.get(key{kindRestaurants, s.Ref}, func(shared bool) any {
		rs := s.Value
		x := &Restaurants{IDs: newIDs(len(rs), func(i int) string { return rs[i].ID }), shared: shared}
		if shared {
			x.facts = make([]atomic.Pointer[RestaurantFacts], len(rs))
		}
		return x
	}).(*Restaurants)
}

// Restaurants indexes a restaurant catalog by ID and remembers, when
// shared, the facts of its restaurants.
type Restaurants struct {
	IDs
	shared bool
	facts  []atomic.Pointer[RestaurantFacts]
}

// RestaurantFacts are what the quality score reads of a restaurant
// through the concept table, each as the function named computes it.
type RestaurantFacts struct {
	Place     concepts.Place // concepts.RestaurantPlace
	Breakfast bool           // concepts.ServesBreakfast
	Category  string         // concepts.Category
	Bar       bool           // concepts.BarPlace
	Light     bool           // concepts.LightPlace
}

// RestaurantFactsOf computes the facts of r.
func RestaurantFactsOf(r *orchestrator.Restaurant) *RestaurantFacts {
	p := concepts.RestaurantPlace(r.Name, r.Cuisines)
	return &RestaurantFacts{
		Place:     p,
		Breakfast: concepts.ServesBreakfast(r.Name, r.Cuisines),
		Category:  concepts.Category(r.Name, r.Cuisines),
		Bar:       concepts.BarPlace(p),
		Light:     concepts.LightPlace(p),
	}
}

// Find returns the position of the restaurant with that ID (none for a
// nil index).
func (x *Restaurants) Find(id string) (int, bool) {
	if x == nil {
		return 0, false
	}
	return x.IDs.Find(id)
}

// Facts returns the facts of the restaurant at position i of the catalog,
// r (&rs[i] of the catalog this index was built from): the shared ones,
// computed on first use, or computed afresh for an index not shared.
func (x *Restaurants) Facts(i int, r *orchestrator.Restaurant) *RestaurantFacts {
	if x == nil || !x.shared {
		return RestaurantFactsOf(r)
	}
	if f := x.facts[i].Load(); f != nil {
		return f
	}
	x.facts[i].CompareAndSwap(nil, RestaurantFactsOf(r))
	return x.facts[i].Load()
}

// HotelsOf returns the index of an accommodation catalog (nil for a nil
// catalog): the shared one when it has a Ref, else one built afresh.
func HotelsOf(s *orchestrator.Sourced[[]orchestrator.Accommodation]) *IDs {
	if s == nil {
		return nil
	}
	return indexes.get(key{kindHotels, s.Ref}, func(bool) any {
		hs := s.Value
		x := newIDs(len(hs), func(i int) string { return hs[i].ID })
		return &x
	}).(*IDs)
}

// HotelsFirstOf is HotelsOf finding, for an ID the catalog lists twice,
// the first position.
func HotelsFirstOf(s *orchestrator.Sourced[[]orchestrator.Accommodation]) *IDs {
	if s == nil {
		return nil
	}
	return indexes.get(key{kindHotelsFirst, s.Ref}, func(bool) any {
		hs := s.Value
		x := IDs{pos: make(map[string]int32, len(hs))}
		for i := range hs {
			if _, dup := x.pos[hs[i].ID]; !dup {
				x.pos[hs[i].ID] = int32(i)
			}
		}
		return &x
	}).(*IDs)
}

// OptionsOf returns the index of a transport leg: the shared one when it
// has a Ref, else one built afresh.
func OptionsOf(s *orchestrator.Sourced[orchestrator.TransportLeg]) *Options {
	return indexes.get(key{kindLeg, s.Ref}, func(bool) any {
		l := &s.Value
		return &Options{
			IDs:  newIDs(len(l.Options), func(i int) string { return l.Options[i].ID }),
			From: orchestrator.CanonicalCity(l.From), To: orchestrator.CanonicalCity(l.To),
		}
	}).(*Options)
}
