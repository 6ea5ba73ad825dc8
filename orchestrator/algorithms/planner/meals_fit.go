package planner

import (
	"cmp"
	"math"
	"slices"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// reachable reports whether a restaurant lies within mealReachKM of the
// place before a meal and of the stop after it (unknown positions are
// taken as reachable).
func reachable(s *mealSlot, r *restaurant) bool {
	if !r.located() {
		return true
	}
	if s.at.loc != nil && s.atKM(r) > mealReachKM {
		return false
	}
	return s.next == nil || s.nextKM(r) <= mealReachKM
}

// atKM is the distance from the place before s to r, both positioned.
func (s *mealSlot) atKM(r *restaurant) float64 {
	if s.atRow != nil {
		return s.atRow[r.idx]
	}
	return s.at.loc.DistanceKM(*r.r.Location)
}

// nextKM is the distance from the stop after s to r, both positioned.
func (s *mealSlot) nextKM(r *restaurant) float64 {
	if s.nextRow != nil {
		return s.nextRow[r.idx]
	}
	return s.next.DistanceKM(*r.r.Location)
}

// mealTime is when a lunch or dinner at r starts: its slot's time, or
// later when r is farther from the place before than the slot allowed
// (mealTravel) — as late as the travel there takes, if the meal and the way
// on to the next stop still fit before it and r is open then. Breakfast
// keeps its time (the day starts at the hotel).
func (c *city) mealTime(s mealSlot, r *restaurant) int {
	if s.slot == orchestrator.Breakfast || s.at.loc == nil || r.r.Location == nil {
		return s.time
	}
	p := place{r.r.ID, r.r.Location, nil, 0}
	var in int
	if fast := c.matrix == nil && s.atRow != nil; fast && s.at.id != r.r.ID {
		// c.travel's straight-line estimate from the distance it
		// computes, the slot's row holding it (distRows: the same floats).
		in = quality.TravelEstimate(s.atRow[r.idx])
	} else {
		in, _ = c.travel(s.at, p)
	}
	t := s.free + in
	if t <= s.time {
		return s.time
	}
	out := 0
	if s.next != nil && c.matrix == nil && s.nextRow != nil {
		// The same from the restaurant to the next stop: the row's
		// distance is from the stop to the restaurant, the haversine's
		// bits the same either way (its differences change sign
		// exactly, its sines are odd, its product commutes).
		out = quality.TravelEstimate(s.nextRow[r.idx])
	} else if s.next != nil {
		out, _ = c.travel(p, place{"", s.next, nil, 0})
	}
	if t+orchestrator.MealMinutes(s.slot)+out > s.until || !r.open(s.wd, t, t+orchestrator.MealMinutes(s.slot)) {
		return s.time
	}
	return t
}

// mealFits reports whether mealTime finds a time for s at r: reached from
// the place before, open for the meal and left in time for the next stop
// (a restaurant across town may not be).
func (c *city) mealFits(s mealSlot, r *restaurant) bool {
	if s.slot != orchestrator.Breakfast && c.matrix == nil && s.atRow != nil && s.at.loc != nil && r.r.Location != nil && s.at.id != r.r.ID &&
		s.free+quality.TravelEstimate(s.atRow[r.idx]) <= s.time {
		return true // reached by the slot's time (mealTime keeps it): the common case, decided from the row
	}
	t := c.mealTime(s, r)
	if t != s.time || s.slot == orchestrator.Breakfast || s.at.loc == nil || r.r.Location == nil {
		return true
	}
	// mealTime kept the slot's time: it fits when the restaurant is
	// reached by then (the slot's row holds the distance c.travel
	// computes, as in mealTime).
	var in int
	if c.matrix == nil && s.atRow != nil && s.at.id != r.r.ID {
		in = quality.TravelEstimate(s.atRow[r.idx])
	} else {
		in, _ = c.travel(s.at, place{r.r.ID, r.r.Location, nil, 0})
	}
	return s.free+in <= s.time
}

// breakfastClass ranks a restaurant for breakfast: 0 serves breakfast (a
// teahouse, bakery, café, snack bar by the concept table), 1 says
// nothing, 2 never does (hot pot, barbecue, bars). Computed once per
// catalog (the catalog index).
func (c *city) breakfastClass(r *restaurant) int {
	if r.f == nil {
		return 0
	}
	return r.f.breakfast
}

// assignBreakfasts gives each breakfast slot an unused restaurant open at
// its time: a breakfast place within reach if there is one, else one that
// does not rule breakfast out, else any; among those the one nearest the
// tier's breakfast price (a low percentile of the breakfast places'
// prices) and nearest the slot.
func (w *world) assignBreakfasts(c *city, ss []mealSlot, used restSet, v variant) []*restaurant {
	prices := c.breakfastPriceList()
	var p float64
	switch v.meals() {
	case orchestrator.TierEconomy:
		p = 0.2
	case orchestrator.TierMid:
		p = 0.4
	case orchestrator.TierComfort:
		p = 0.7
	}
	var target int64
	if len(prices) > 0 && !v.staysByPrice() {
		target = prices[int(p*float64(len(prices)-1))]
	}
	out := make([]*restaurant, len(ss))
	localBit := w.localFoodBit()
	if localBit != 0 && c.rfacts != nil {
		c.rfacts.locals()
	}
	lists := c.breakfastLists()
	all := c.restAll
	classes := lists[:3]
	if v.staysByPrice() {
		classes = lists[3:] // every restaurant, class 0: price alone
	}
	for si := range ss {
		s := &ss[si]
		var best *restaurant
		var bk [3]float64
		// The restaurants by their key without opening hours and distance
		// (class, then distance from the target price: a lower bound of
		// the key), so that the scan stops at the first whose bound does
		// not beat the best so far — the least key, as a scan of all.
		for k, list := range classes {
			class := float64(k)
			if best != nil && class > bk[0] {
				break
			}
			hi, _ := slices.BinarySearchFunc(list, target, func(i int32, t int64) int { return cmp.Compare(all[i].price, t) })
			lo := hi - 1
			for lo >= 0 || hi < len(list) {
				var r *restaurant
				if hi >= len(list) || lo >= 0 && target-all[list[lo]].price <= all[list[hi]].price-target {
					r, lo = &all[list[lo]], lo-1
				} else {
					r, hi = &all[list[hi]], hi+1
				}
				if best != nil {
					if lb := math.Abs(float64(r.price-target)) / 100; class > bk[0] || class == bk[0] && lb > bk[1] {
						break
					}
				}
				if used.has(r) || !r.open(s.wd, s.time, s.time+breakfastLen) {
					continue
				}
				d := 0.0
				if s.at.loc != nil && r.located() {
					d = s.atKM(r)
				}
				key := [3]float64{class, math.Abs(float64(r.price-target))/100 + 5*d, float64(r.idx)}
				if !v.staysByPrice() && !reachable(s, r) { // the lean plan exists to meet a budget: price alone
					key[0] += 0.5
				}
				if localBit != 0 && r.f != nil && !localBreakfast(r.f) {
					// A café or another region's food while the local
					// specialties are asked for: after local fare of the
					// class, even one a little out of the way.
					key[0] += 0.75
				}
				if best == nil || key[0] < bk[0] || key[0] == bk[0] && (key[1] < bk[1] || key[1] == bk[1] && key[2] < bk[2]) {
					best, bk = r, key
				}
			}
		}
		if best != nil {
			out[si] = best
			used.add(best)
		}
	}
	return out
}

// breakfastLists returns c's restaurants (indexes into c.restAll) in
// price order split by breakfast class (0, 1, 2), and all of them (3):
// the catalog index's lists when the plan's prices are the data's, else
// computed once per plan.
func (c *city) breakfastLists() *[4][]int32 {
	if c.factPrices {
		return &c.rfacts.breakfastBy
	}
	if c.breakfastBy != nil {
		return c.breakfastBy
	}
	all := c.priceOrder()
	block := make([]int32, 0, 2*len(all))
	var lists [4][]int32
	for k := range 3 {
		start := len(block)
		for _, r := range all {
			if c.breakfastClass(r) == k {
				block = append(block, int32(r.idx))
			}
		}
		lists[k] = block[start:len(block):len(block)]
	}
	start := len(block)
	for _, r := range all {
		block = append(block, int32(r.idx))
	}
	lists[3] = block[start:]
	c.breakfastBy = &lists
	return c.breakfastBy
}

// priceOrder returns c's restaurants in price order (ties in any order:
// its users read prices only), from the catalog index's order when the
// plan's prices keep it, as they do in the data's currency.
func (c *city) priceOrder() []*restaurant {
	if c.byPrice != nil || len(c.restaurants) == 0 {
		return c.byPrice
	}
	out := make([]*restaurant, 0, len(c.restaurants))
	for _, i := range c.rfacts.byPrice {
		if rs := &c.restAll[i]; rs.r != nil {
			out = append(out, rs)
		}
	}
	byPrice := func(x, y *restaurant) int { return cmp.Compare(x.price, y.price) }
	if !slices.IsSortedFunc(out, byPrice) {
		slices.SortStableFunc(out, byPrice)
	}
	c.byPrice = out
	return out
}

// nthPrice returns the n-th lowest price (from 0) of rs, restaurants of
// c: sorted(prices of rs)[n]. It marks rs with stamp, a new one.
func (c *city) nthPrice(rs []*restaurant, n int, stamp uint32) int64 {
	if len(rs) == len(c.restaurants) { // all of them
		if c.factPrices {
			return c.rfacts.prices[n]
		}
		return c.priceOrder()[n].price
	}
	for _, r := range rs {
		r.member = stamp
	}
	if c.factPrices { // the catalog's order, without listing it
		for _, i := range c.rfacts.byPrice {
			if r := &c.restAll[i]; r.member == stamp {
				if n == 0 {
					return r.price
				}
				n--
			}
		}
		return 0
	}
	for _, r := range c.priceOrder() {
		if r.member == stamp {
			if n == 0 {
				return r.price
			}
			n--
		}
	}
	return 0
}

// breakfastPriceList returns the prices of c's breakfast places, in
// order, computed once per plan.
func (c *city) breakfastPriceList() []int64 {
	if c.factPrices {
		return c.rfacts.breakfastPrices
	}
	if !c.breakfastDone {
		c.breakfastDone = true
		for _, r := range c.priceOrder() {
			if c.breakfastClass(r) == concepts.BreakfastServed {
				c.breakfastPrices = append(c.breakfastPrices, r.price)
			}
		}
	}
	return c.breakfastPrices
}

// soughtIn reports whether a food asked for is served by some restaurant
// of a city's catalog: for the local specialties, one of its own food
// (quality.LocalFact.Local).
func soughtIn(f quality.Food, cd *orchestrator.CityData) bool {
	if !f.Local() {
		return f.Sought(cd.Restaurants.Value)
	}
	facts := restaurantFactsFor(cd.Restaurants, cd.Name)
	facts.locals()
	for i := range facts.items {
		if facts.items[i].localFood {
			return true
		}
	}
	return false
}

// servesAt reports whether restaurant i of a city's catalog (facts are
// its facts) serves a food asked for.
func servesAt(f quality.Food, facts *restFacts, cd *orchestrator.CityData, i int) bool {
	if f.Local() {
		facts.locals()
		return facts.items[i].localFood
	}
	return f.Serves(&cd.Restaurants.Value[i])
}

// localBreakfast reports whether a breakfast place serves local fare when
// the local specialties are asked for (quality.LocalBreakfast, on the
// catalog index's facts).
func localBreakfast(f *restFact) bool {
	return f.localFood || quality.BreakfastFare(f.foreign, f.other, f.local, f.place)
}
