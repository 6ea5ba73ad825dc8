package planner

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
	"github.com/tripweave/tripweave/orchestrator/platform/lru"
)

// The catalog index: what a plan derives from a city's catalogs alone —
// the folded names and concept facts of every attraction and restaurant,
// breakfast classes, distances from the city centre, the ranking of
// attractions for a brief without interests, the travel matrix's rows by
// place — computed once per catalog version rather than once per plan.
//
// A version is the catalog's content address (orchestrator.Sourced.Ref,
// ContentRef of its JSON: the pipeline sets it on every catalog it joins),
// with the city centre for the facts that depend on it. Catalogs without a
// Ref (a trip built by hand) get their facts computed afresh for each plan.
// The facts are immutable once built and shared by concurrent plans
// without locks; only the bounded LRU that finds them takes a mutex.

// indexSize bounds the catalog versions kept: three catalogs and a matrix
// for each of the hot cities.
const indexSize = 512

// attrFact is the brief-independent part of an attraction.
type attrFact struct {
	visit   int
	evening bool
	// morning is set for sights best in the morning (quality.BestHour:
	// panda bases, sunrises).
	morning bool
	once    string
	core    string
	place   concepts.Place // folded, for the brief's interests
	// kinds are the kinds of sight it is (quality.SightKindMask).
	kinds uint8
	// base is Popularity×3 + Rating×6; far the penalty for the distance
	// from the centre (5 when the attraction has no position).
	base, far float64
	// hours are its opening hours, read; ref its position prepared
	// (when it has one).
	hours openHours
	ref   orchestrator.GeoRef
	// price is the ticket in the data's own currency (cents), the score
	// the attraction has for a brief without interests when the plan's
	// currency is the data's.
	price        int64
	defaultScore float64
}

// attrFacts are a catalog's attraction facts, by catalog index; order
// ranks them by defaultScore (best first, ties by data order).
type attrFacts struct {
	items []attrFact
	order []int
	// same holds, when plans share the facts, a row per attraction
	// (catalog index) telling which attractions are the same site as it
	// (concepts.SameSiteCore at their distance). A row is computed when a
	// plan first needs it and published once, immutable: concurrent plans
	// read rows without locks (two may compute the same row; either is
	// kept, both being equal).
	same []atomic.Pointer[[]bool]
	as   []orchestrator.Attraction // the catalog the rows are computed from
	// travel holds, when plans share the facts, a row per attraction of
	// the straight-line travel estimates (city.travel) from it to every
	// attraction with a position, computed when a plan first needs it and
	// published once, as same's rows.
	travel []atomic.Pointer[[]int32]
	// matches caches, per concept of the table, which attractions are
	// instances of it (the brief's interests), when plans share the facts.
	matches conceptMatches
	// must caches where must_visit names resolve, when plans share the
	// facts.
	must *mustCache
	// ranks keeps recent rankings for briefs the default ranking does
	// not fit, when plans share the facts.
	ranks *rankCache
	// tops keeps pickTop's choices for plans ranking by default, when
	// plans share the facts.
	tops *topCache
	// template holds the attractions of the last plan that could take
	// them as they are (newCity), when plans share the facts.
	template atomic.Pointer[attrTemplate]
	// currency is the tickets' shared currency (sharedCurrency).
	currency string
}

// attrTemplate is a plan's attractions (newCity) as a plan in the data's
// currency without interests has them, before its must-see sights are
// marked: the same for every copy of the catalog version; ranked tells
// whether every score is the default one.
type attrTemplate struct {
	as     []attraction // each a nil: the plan's catalog's
	ranked bool
}

// rankCache keeps the last maxRankings rankings of a catalog's attractions
// (catalog indexes, best first) that plans sorted their attractions into:
// a plan with the same interests takes its ranking from here, once one
// pass has checked that the plan's scores put it in order — the order
// being total (score, then catalog index), a permutation in order is the
// ranking a sort would give.
type rankCache struct {
	mu     sync.Mutex
	orders [][]int32
	next   int
}

const maxRankings = 16

// rankBefore orders two attractions as sortAttractions does: -1 when x
// goes first, 1 when y does, 0 when neither (a NaN score, or x is y).
func rankBefore(x, y *attraction) int {
	if x.score != y.score {
		switch {
		case x.score > y.score:
			return -1
		case y.score > x.score:
			return 1
		}
		return 0
	}
	return cmp.Compare(x.idx, y.idx)
}

// rank puts as, every attraction of all, in ranked order from a kept
// ranking, reporting whether one fitted.
func (rc *rankCache) rank(as []*attraction, all []attraction) bool {
	if rc == nil || len(as) != len(all) || len(all) == 0 {
		return false
	}
	rc.mu.Lock()
	orders := rc.orders
	rc.mu.Unlock()
	for _, o := range orders {
		ok := len(o) == len(all)
		for i := 1; ok && i < len(o); i++ {
			ok = rankBefore(&all[o[i-1]], &all[o[i]]) < 0
		}
		if ok {
			for i, k := range o {
				as[i] = &all[k]
			}
			return true
		}
	}
	return false
}

// keep adds the ranking of as (sorted, every attraction of the catalog).
func (rc *rankCache) keep(as []*attraction, all []attraction) {
	if rc == nil || len(as) != len(all) {
		return
	}
	o := make([]int32, len(as))
	for i, a := range as {
		o[i] = int32(a.idx)
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.orders) < maxRankings {
		rc.orders = append(rc.orders, o)
		return
	}
	// A new slice: plans reading the old one keep it whole.
	orders := slices.Clone(rc.orders)
	orders[rc.next] = o
	rc.orders, rc.next = orders, (rc.next+1)%maxRankings
}

// mustCache keeps where must_visit names resolve (concepts.Resolve) among
// a catalog's attractions in the orders plans rank them in: the result
// depends on the order (ties go to the first), so it is kept per order,
// an order being the catalog indexes of a plan's candidates in turn.
// Bounded: past maxMustOrders orders or maxMustNames names in one, names
// are resolved afresh.
type mustCache struct {
	mu     sync.Mutex
	orders []*mustOrder
}

const (
	maxMustOrders = 64
	maxMustNames  = 1024
)

// mustOrder is one order of a catalog's attractions and the positions
// names resolve to in it (-1: none).
type mustOrder struct {
	hash  uint64
	seq   []int32
	names map[string]int
}

// orderOf returns the cache's entry for the order of as, adding it when
// there is room; nil when there is none (nil mc included).
func (mc *mustCache) orderOf(as []*attraction) *mustOrder {
	if mc == nil {
		return nil
	}
	h := uint64(14695981039346656037)
	for _, a := range as {
		h = (h ^ uint64(a.idx)) * 1099511628211
	}
	mc.mu.Lock()
	defer mc.mu.Unlock()
	for _, o := range mc.orders {
		if o.hash == h && len(o.seq) == len(as) && sameOrder(o.seq, as) {
			return o
		}
	}
	if len(mc.orders) >= maxMustOrders {
		return nil
	}
	o := &mustOrder{hash: h, seq: make([]int32, len(as)), names: map[string]int{}}
	for i, a := range as {
		o.seq[i] = int32(a.idx)
	}
	mc.orders = append(mc.orders, o)
	return o
}

// sameOrder reports whether as holds the catalog indexes seq, in turn.
func sameOrder(seq []int32, as []*attraction) bool {
	for i, a := range as {
		if int(seq[i]) != a.idx {
			return false
		}
	}
	return true
}

// resolve returns where name resolves in the order, by resolve on a miss
// (computed outside the lock; kept while there is room).
func (mc *mustCache) resolve(o *mustOrder, name string, resolve func() int) int {
	if o == nil {
		return resolve()
	}
	mc.mu.Lock()
	i, ok := o.names[name]
	mc.mu.Unlock()
	if ok {
		return i
	}
	i = resolve()
	mc.mu.Lock()
	if len(o.names) < maxMustNames {
		o.names[name] = i
	}
	mc.mu.Unlock()
	return i
}

// conceptMatches maps a concept of the table (*concepts.Concept) to the
// catalog rows it matches ([]bool, immutable once stored). Concepts made
// up from a term the table lacks are matched afresh: they are new values
// for every brief.
type conceptMatches struct {
	m      sync.Map
	shared bool
}

// get returns which of n rows c matches, by match(i), from the cache when
// it may hold c.
func (cm *conceptMatches) get(c *concepts.Concept, n int, match func(i int) bool) []bool {
	if cm.shared && !c.Literal() {
		if v, ok := cm.m.Load(c); ok {
			return v.([]bool)
		}
	}
	out := make([]bool, n)
	for i := range out {
		out[i] = match(i)
	}
	if cm.shared && !c.Literal() {
		v, _ := cm.m.LoadOrStore(c, out)
		return v.([]bool)
	}
	return out
}

// interests returns, per interest, which attractions it matches (nil for
// a cuisine, which no attraction meets).
func (f *attrFacts) interests(in []*concepts.Concept) [][]bool {
	if len(in) == 0 {
		return nil
	}
	out := make([][]bool, len(in))
	for k, c := range in {
		if c.Kind == concepts.Cuisine {
			continue
		}
		out[k] = f.matches.get(c, len(f.items), func(i int) bool { return c.MatchAttraction(f.items[i].place) })
	}
	return out
}

// restFact is the brief-independent part of a restaurant.
type restFact struct {
	place     concepts.Place // folded, for the brief's cuisines
	breakfast int            // concepts.BreakfastClass
	light     bool           // concepts.LightMeal: no lunch or dinner on its own
	category  string         // concepts.Category, for the meals' variety
	cat       int32          // categoryID(category)
	hours     openHours      // its opening hours, read
	// always is a stretch (minutes) within which hours are open on every
	// day, the longest span naming no weekday ([0, 0]: none); only is set
	// when they are open only within it (openHours.always).
	always [2]int32
	only   bool
	// span is, when only is set, 1 + the index of always in the facts'
	// spans (restFacts.spans); 0 otherwise.
	span int32
	// local counts (up to 2) the city's signature dishes among its
	// recommended ones, and chain marks a branch of a chain with two or
	// more branches in the city; localFood is quality.LocalFact.Local
	// (signature dish or local cuisine), localCuisine the city's own
	// cooking, foreign food from abroad and other another region's
	// cooking (localFacts).
	local                                          int8
	chain, localFood, localCuisine, foreign, other bool
	// bar is a bar, pub, KTV or nightclub (quality.Bar): no lunch or
	// dinner for a party with children.
	bar bool
}

// maxSpans bounds restFacts.spans: past it, a restaurant's hours answer
// for it.
const maxSpans = 256

// hotelFacts holds each hotel's distance from the centre (0 when either
// position is unknown).
type hotelFacts struct {
	// currency is the hotels' shared currency (sharedCurrency).
	currency string
	dist     []float64
	refs     []orchestrator.GeoRef // positions prepared (zero without one)
	// nights holds, per group size (people), the catalog indexes in
	// order of the nightly price of the rooms the group needs, in the
	// data's currency (nightOrder).
	mu     sync.Mutex
	nights map[int][]int32
	// shared is set when plans share the facts; lists keeps, for them,
	// the hotels a group size and room type give (hotelsFor).
	shared bool
	lists  []hotelList
	// unfit holds, per hotel, quality.UnfitForChildren of its name,
	// room and kind, computed once (unfitForChildren).
	unfitOnce sync.Once
	unfit     []bool
}

// unfitForChildren returns, per hotel of hs (the catalog the facts are
// of), whether it is a hostel bed or capsule (quality.UnfitForChildren),
// computed on the first call. The slice is read only.
func (f *hotelFacts) unfitForChildren(hs []orchestrator.Accommodation) []bool {
	f.unfitOnce.Do(func() {
		f.unfit = make([]bool, len(hs))
		for i := range hs {
			f.unfit[i] = quality.UnfitForChildren(hs[i].Name, hs[i].RoomName, hs[i].Kind)
		}
	})
	return f.unfit
}

// hotelList is the hotels of a catalog a plan lists (newCity) for a group
// size and room type, without house rules, in the catalog's currency
// (each hotel's h left to the plan: its catalog's).
type hotelList struct {
	people   int
	roomType string
	hotels   []hotel
}

// maxHotelLists bounds the lists a catalog's facts keep.
const maxHotelLists = 32

// hotelsFor returns the list for people and roomType, making it with
// build on a miss. The list is read only.
func (f *hotelFacts) hotelsFor(people int, roomType string, build func() []hotel) []hotel {
	f.mu.Lock()
	for _, l := range f.lists {
		if l.people == people && l.roomType == roomType {
			f.mu.Unlock()
			return l.hotels
		}
	}
	f.mu.Unlock()
	hs := build()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.lists) >= maxHotelLists {
		f.lists = slices.Clone(f.lists[1:])
	}
	f.lists = append(f.lists, hotelList{people, roomType, hs})
	return hs
}

// maxNightOrders bounds the group sizes hotelFacts keeps an order for.
const maxNightOrders = 16

// nightOrder returns the indexes of hs, the catalog the facts are of, in
// order of the nightly price for a group of people (ties and hotels
// without occupancy in any order: its user reads prices only).
func (f *hotelFacts) nightOrder(hs []orchestrator.Accommodation, people int) []int32 {
	f.mu.Lock()
	o, ok := f.nights[people]
	f.mu.Unlock()
	if ok {
		return o
	}
	o = make([]int32, len(hs))
	key := make([]int64, len(hs))
	for i := range hs {
		o[i] = int32(i)
		if occ := hs[i].MaxOccupancy; occ > 0 {
			key[i] = hs[i].Price.Cents * int64((people+occ-1)/occ)
		}
	}
	slices.SortFunc(o, func(x, y int32) int { return cmp.Compare(key[x], key[y]) })
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.nights == nil {
		f.nights = map[int][]int32{}
	}
	if len(f.nights) < maxNightOrders {
		f.nights[people] = o
	}
	return o
}

// matrixFacts finds a travel-matrix row by place ID.
type matrixFacts struct {
	row map[string]int
}

// factCache is the process-wide LRU of catalog facts; facts that hold
// memory against a budget give it back when dropped (evict).
type factCache struct{ c *lru.Cache[string, any] }

var catalogIndex = newFactCache(indexSize)

func newFactCache(max int) *factCache {
	return &factCache{lru.New[string, any](max, func(v any) {
		if ev, ok := v.(interface{ evict() }); ok {
			ev.evict()
		}
	})}
}

// get returns the facts under key, building them with build on a miss
// (outside the lock: two plans may build the same facts at once, and the
// first stored wins). An empty key is never cached.
func (fc *factCache) get(key string, build func() any) any {
	if key == "" {
		return build()
	}
	return fc.c.Get(key, build)
}

// len reports how many catalog versions are kept.
func (fc *factCache) len() int { return fc.c.Len() }

// pointKey spells a centre exactly, for cache keys.
func pointKey(p *orchestrator.GeoPoint) string {
	if p == nil {
		return "-"
	}
	return strconv.FormatUint(math.Float64bits(p.Lat), 16) + "," + strconv.FormatUint(math.Float64bits(p.Lon), 16)
}

// attractionFactsFor returns the facts of a city's attractions measured
// from center.
func attractionFactsFor(s *orchestrator.Sourced[[]orchestrator.Attraction], center *orchestrator.GeoPoint) *attrFacts {
	key := ""
	if s.Ref != "" {
		key = "a\x00" + s.Ref + "\x00" + pointKey(center)
	}
	return catalogIndex.get(key, func() any { return buildAttractionFacts(s.Value, center, key != "") }).(*attrFacts)
}

// buildAttractionFacts computes the facts of as measured from center;
// the same-site table, worth its cost only when plans share it, only when
// shared is set.
func buildAttractionFacts(as []orchestrator.Attraction, center *orchestrator.GeoPoint, shared bool) *attrFacts {
	spans := make([]openSpan, 0, countHours(as, func(a *orchestrator.Attraction) int { return len(a.Hours) }))
	f := &attrFacts{items: make([]attrFact, len(as)), order: make([]int, len(as))}
	f.currency = sharedCurrency(len(as), func(i int) string {
		if as[i].Price == nil {
			return ""
		}
		return as[i].Price.Currency
	})
	for i := range as {
		a := &as[i]
		place := concepts.AttractionPlace(a.Name, a.Category, a.Tags)
		evening := concepts.EveningPlace(place)
		x := attrFact{
			visit: visitMinutes(a), evening: evening,
			morning: quality.BestHourEvening(a.Name, a.Tags, a.Indoor, evening) == quality.Morning,
			once:    concepts.OnceGroupPlace(place), core: concepts.Core(a.Name),
			place: place,
			base:  a.Popularity*3 + a.Rating*6, hours: readHoursInto(a.Hours, &spans),
			kinds: quality.SightKindMask(a),
		}
		if a.Location != nil {
			x.ref = a.Location.Ref()
		}
		if a.Location == nil {
			x.far = 5
		} else if center != nil {
			x.far = math.Min(40, math.Max(0, center.DistanceKM(*a.Location)-10))
		}
		if a.Price != nil {
			x.price = a.Price.Cents
		}
		x.defaultScore = scoreAttraction(0, x.base, x.price, x.far)
		f.items[i] = x
		f.order[i] = i
	}
	rank := make([]*attraction, len(as))
	for i := range rank {
		rank[i] = &attraction{idx: i, score: f.items[i].defaultScore}
	}
	sortAttractions(rank)
	for i, at := range rank {
		f.order[i] = at.idx
	}
	if shared {
		f.same = make([]atomic.Pointer[[]bool], len(as))
		f.travel = make([]atomic.Pointer[[]int32], len(as))
		f.as = as
		f.matches.shared = true
		f.must = &mustCache{}
		f.ranks = &rankCache{}
		f.tops = &topCache{}
	}
	return f
}

// sameRow returns the same-site row of attraction i, computing and
// publishing it on first use.
func (f *attrFacts) sameRow(i int) []bool {
	if row := f.same[i].Load(); row != nil {
		return *row
	}
	row := make([]bool, len(f.as))
	for j := range f.as {
		row[j] = sameSite(&f.as[i], &f.as[j], f.items[i].core, f.items[j].core)
	}
	f.same[i].CompareAndSwap(nil, &row)
	return *f.same[i].Load()
}

// travelRow returns the travel row of attraction i (which has a position),
// computing and publishing it on first use: for each attraction j with a
// position, city.travel's straight-line estimate from i to j in minutes.
func (f *attrFacts) travelRow(i int) []int32 {
	if row := f.travel[i].Load(); row != nil {
		return *row
	}
	row := make([]int32, len(f.as))
	for j := range f.as {
		if f.as[j].Location != nil {
			km := f.items[i].ref.DistanceKM(f.items[j].ref)
			row[j] = int32(quality.TravelEstimate(km))
		}
	}
	f.travel[i].CompareAndSwap(nil, &row)
	return *f.travel[i].Load()
}

// sameSite reports whether attractions a and b, whose names Core folds to
// ca and cb, are the same site: concepts.SameSiteCore at their distance
// (-1 when either position is unknown).
func sameSite(a, b *orchestrator.Attraction, ca, cb string) bool {
	d := -1.0
	if a.Location != nil && b.Location != nil {
		d = a.Location.DistanceKM(*b.Location)
	}
	return concepts.SameSiteCore(ca, cb, d)
}

// sameSite reports whether two of c's attractions are the same site, from
// the catalog index's table when it holds both.
func (c *city) sameSite(a, b *attraction) bool {
	if f := c.afacts; f != nil && f.same != nil {
		return f.sameRow(a.idx)[b.idx]
	}
	return sameSite(a.a, b.a, a.core, b.core)
}

// scoreAttraction is the score of an attraction meeting matched of the
// brief's interests, with base and far from its facts and its ticket
// price in the plan's currency (see attractionScore).
func scoreAttraction(matched int, base float64, price int64, far float64) float64 {
	s := 0.0
	for range matched {
		s += 100
	}
	s += base
	s -= math.Min(30, float64(price)/1000)
	s -= far
	return s
}

// attractionsMedian is the coordinate-wise median of a city's attractions
// (nil when none has a position): its centre when it was not geocoded.
func attractionsMedian(s *orchestrator.Sourced[[]orchestrator.Attraction]) *orchestrator.GeoPoint {
	key := ""
	if s.Ref != "" {
		key = "c\x00" + s.Ref
	}
	p := catalogIndex.get(key, func() any {
		var pts []orchestrator.GeoPoint
		for _, a := range s.Value {
			if a.Location != nil {
				pts = append(pts, *a.Location)
			}
		}
		return median(pts)
	}).(*orchestrator.GeoPoint)
	if p == nil {
		return nil
	}
	c := *p // the plan's own copy
	return &c
}

// restFacts are a catalog's restaurant facts, by catalog index, and the
// restaurants each cuisine concept matches.
type restFacts struct {
	items []restFact
	// localOnce fills the items' local facts (and bar) on first use
	// (locals), from the catalog localSrc of city localCity (Ref
	// localRef): only the cities whose meals a plan weighs pay for them.
	localOnce sync.Once
	localCity string
	localRef  string
	localSrc  []orchestrator.Restaurant
	matches   conceptMatches
	// byPrice lists the catalog indexes by price in the data's currency
	// (an unpriced restaurant at the median of the priced ones, as a plan
	// in that currency prices it): a plan's restaurants in price order
	// without a sort when its prices are the data's (city.priceOrder).
	byPrice []int
	// prices are the prices in that order, and breakfastPrices those of
	// the breakfast places (concepts.BreakfastServed) among them: a plan's
	// when its prices are the data's (city.factPrices).
	prices, breakfastPrices []int64
	// breakfastBy lists the catalog indexes in that order by breakfast
	// class (0, 1, 2), and all of them (3): the breakfast choice's scan
	// order (city.breakfastLists).
	breakfastBy [4][]int32
	// dist holds the distances from places to the restaurants.
	dist distRows
	// spans are the distinct daily spans (restFact.always) of the
	// restaurants open only within them, about a quarter of their count in
	// the ChinaTravel sandbox (120–140 of ~465 a city): the meal
	// choice asks whether each opens at some meal instead of asking each
	// restaurant (city.openSpans).
	spans [][2]int32
	// priced counts the restaurants with a price, median is the median of
	// those prices (medianCents) and currency their currency when they
	// share one ("" when they do not, or none is priced).
	priced   int
	median   int64
	currency string
	// template holds the restaurants of the last plan that could take
	// them as they are (newCity), when plans share the facts.
	template atomic.Pointer[restTemplate]
}

// restTemplate is a plan's restaurants (newCity) as a plan with the
// data's prices and no cuisine asked has them, their marks clear: the same
// for every copy of the catalog version.
type restTemplate struct {
	rs []restaurant // each r nil: the plan's catalog's
}

// evict is called when the catalog index drops the facts.
func (f *restFacts) evict() { f.dist.evict() }

// cuisines returns, per requested cuisine, which restaurants serve it.
func (f *restFacts) cuisines(cs []*concepts.Concept) [][]bool {
	out := make([][]bool, len(cs))
	for k, c := range cs {
		out[k] = f.matches.get(c, len(f.items), func(i int) bool { return c.MatchRestaurant(f.items[i].place) })
	}
	return out
}

// restaurantFactsFor returns the facts of a city's restaurants.
func restaurantFactsFor(s *orchestrator.Sourced[[]orchestrator.Restaurant], city string) *restFacts {
	key := ""
	if s.Ref != "" {
		key = "r\x00" + s.Ref + "\x00" + orchestrator.CanonicalCity(city)
	}
	return catalogIndex.get(key, func() any { return buildRestaurantFacts(city, s.Value, s.Ref, key != "") }).(*restFacts)
}

// buildRestaurantFacts computes the facts of rs; shared when plans share
// them.
func buildRestaurantFacts(city string, rs []orchestrator.Restaurant, ref string, shared bool) *restFacts {
	spans := make([]openSpan, 0, countHours(rs, func(r *orchestrator.Restaurant) int { return len(r.Hours) }))
	f := &restFacts{items: make([]restFact, len(rs)), matches: conceptMatches{shared: shared}, byPrice: make([]int, len(rs))}
	f.dist.refs = make([]orchestrator.GeoRef, len(rs))
	f.dist.has = make([]bool, len(rs))
	f.dist.m = map[[2]uint64][]float64{}
	f.dist.shared = shared
	var known []int64
	spanOf := map[[2]int32]int32{}
	for i := range rs {
		r := &rs[i]
		f.items[i] = restFact{place: concepts.RestaurantPlace(r.Name, r.Cuisines), breakfast: concepts.BreakfastClass(r.Name, r.Cuisines),
			light: concepts.LightMeal(r.Cuisines), category: concepts.Category(r.Name, r.Cuisines), hours: readHoursInto(r.Hours, &spans)}
		f.items[i].always, f.items[i].only = f.items[i].hours.always()
		if f.items[i].only {
			k, ok := spanOf[f.items[i].always]
			if !ok && len(f.spans) < maxSpans {
				k = int32(len(f.spans) + 1)
				f.spans = append(f.spans, f.items[i].always)
				spanOf[f.items[i].always] = k
			}
			f.items[i].span = k // 0 past maxSpans
		}
		if r.Location != nil {
			f.dist.refs[i], f.dist.has[i] = r.Location.Ref(), true
		}
		f.byPrice[i] = i
		if r.Price.Currency != "" {
			known = append(known, r.Price.Cents)
		}
	}
	f.localCity, f.localRef, f.localSrc = city, ref, rs
	// The categories' numbers, under one lock.
	categories.Lock()
	for i := range f.items {
		f.items[i].cat = categoryIDLocked(f.items[i].category)
	}
	categories.Unlock()
	f.priced = len(known)
	f.currency = sharedCurrency(len(rs), func(i int) string { return rs[i].Price.Currency })
	median := medianCents(known)
	f.median = median
	price := func(i int) int64 {
		if rs[i].Price.Currency == "" {
			return median
		}
		return rs[i].Price.Cents
	}
	slices.SortStableFunc(f.byPrice, func(x, y int) int { return cmp.Compare(price(x), price(y)) })
	f.prices = make([]int64, len(rs))
	for k, i := range f.byPrice {
		f.prices[k] = price(i)
		if f.items[i].breakfast == concepts.BreakfastServed {
			f.breakfastPrices = append(f.breakfastPrices, price(i))
		}
	}
	block := make([]int32, 0, 2*len(rs))
	for k := range 3 {
		start := len(block)
		for _, i := range f.byPrice {
			if f.items[i].breakfast == k {
				block = append(block, int32(i))
			}
		}
		f.breakfastBy[k] = block[start:len(block):len(block)]
	}
	start := len(block)
	for _, i := range f.byPrice {
		block = append(block, int32(i))
	}
	f.breakfastBy[3] = block[start:]
	return f
}

// medianCents is the median of prices (the mean of the middle two for an
// even count; 0 for none), sorting prices.
func medianCents(prices []int64) int64 {
	if len(prices) == 0 {
		return 0
	}
	slices.Sort(prices)
	n := len(prices)
	if n%2 == 0 {
		return (prices[n/2-1] + prices[n/2]) / 2
	}
	return prices[n/2]
}

// hotelFactsFor returns the facts of a city's hotels measured from center.
func hotelFactsFor(s *orchestrator.Sourced[[]orchestrator.Accommodation], center *orchestrator.GeoPoint) *hotelFacts {
	key := ""
	if s.Ref != "" {
		key = "h\x00" + s.Ref + "\x00" + pointKey(center)
	}
	return catalogIndex.get(key, func() any {
		f := &hotelFacts{dist: make([]float64, len(s.Value)), refs: make([]orchestrator.GeoRef, len(s.Value)), shared: key != ""}
		f.currency = sharedCurrency(len(s.Value), func(i int) string { return s.Value[i].Price.Currency })
		for i := range s.Value {
			if l := s.Value[i].Location; l != nil {
				f.refs[i] = l.Ref()
			}
			if h := &s.Value[i]; center != nil && h.Location != nil {
				f.dist[i] = center.DistanceKM(*h.Location)
			}
		}
		return f
	}).(*hotelFacts)
}

// matrixFactsFor returns the row index of a travel matrix.
func matrixFactsFor(s *orchestrator.Sourced[orchestrator.TravelMatrix]) *matrixFacts {
	key := ""
	if s.Ref != "" {
		key = "m\x00" + s.Ref
	}
	return catalogIndex.get(key, func() any {
		f := &matrixFacts{row: make(map[string]int, len(s.Value.IDs))}
		for i, id := range s.Value.IDs {
			if _, dup := f.row[id]; !dup {
				f.row[id] = i // the first row, as TravelMatrix.Index finds it
			}
		}
		return f
	}).(*matrixFacts)
}

// sharedCurrency returns the currency the n prices currency(i) name
// (compared as w.cents compares them, ignoring case; unnamed ones
// aside), or "" when they name none or several.
func sharedCurrency(n int, currency func(i int) string) string {
	shared := ""
	for i := range n {
		c := currency(i)
		switch {
		case c == "":
		case shared == "":
			shared = c
		case !strings.EqualFold(c, shared):
			return ""
		}
	}
	return shared
}

// inCurrency reports whether prices whose shared currency is shared (see
// sharedCurrency) are in cur: w.cents returns their cents as they are.
func inCurrency(shared, cur string) bool {
	return shared != "" && strings.EqualFold(shared, cur)
}

// countHours sums n over the items of a catalog: the room its spans of
// opening hours take in one array.
func countHours[T any](items []T, n func(*T) int) int {
	total := 0
	for i := range items {
		total += n(&items[i])
	}
	return total
}

// locals fills the items' local facts and bar on first use (localFacts);
// every reader of them calls it first.
func (f *restFacts) locals() {
	f.localOnce.Do(func() {
		localFacts(f.localCity, f.localSrc, f.localRef, f.items)
		for i := range f.items {
			f.items[i].bar = concepts.BarPlace(f.items[i].place)
		}
		f.localSrc = nil
	})
}

// dishKey is a dish with its leading prefixes stripped (quality.DishKey).
func dishKey(d string) string { return quality.DishKey(d) }

// localFacts sets the items' local, localFood, foreign, other and chain
// facts from quality.LocalFacts of the city's catalog rs (ref its Ref),
// kept between plans (quality.KeptLocalFacts).
func localFacts(city string, rs []orchestrator.Restaurant, ref string, items []restFact) {
	for i, f := range quality.KeptLocalFacts(city, rs, ref) {
		items[i].local = f.Signature
		items[i].localFood = f.Local()
		items[i].localCuisine = f.Cuisine
		items[i].foreign = f.Foreign
		items[i].other = f.Other
		items[i].chain = f.Chain
	}
}
