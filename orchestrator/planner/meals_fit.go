package planner

import (
	"math"
	"slices"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/concepts"
)

// reachable reports whether a restaurant lies within mealReachKM of the
// place before a meal and of the stop after it (unknown positions are
// taken as reachable).
func reachable(s mealSlot, r *restaurant) bool {
	if r.r.Location == nil {
		return true
	}
	if s.at.loc != nil && s.at.loc.DistanceKM(*r.r.Location) > mealReachKM {
		return false
	}
	return s.next == nil || s.next.DistanceKM(*r.r.Location) <= mealReachKM
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
	p := place{r.r.ID, r.r.Location}
	in, _ := c.travel(s.at, p)
	t := s.free + in
	if t <= s.time {
		return s.time
	}
	out := 0
	if s.next != nil {
		out, _ = c.travel(p, place{"", s.next})
	}
	if t+mealLen(s.slot)+out > s.until || !openFor(r.r.Hours, s.wd, t, t+mealLen(s.slot)) {
		return s.time
	}
	return t
}

// breakfastClass ranks a restaurant for breakfast: 0 serves breakfast (a
// teahouse, bakery, café, snack bar by the concept table), 1 says
// nothing, 2 never does (hot pot, barbecue, bars). Computed once per
// catalog (the catalog index).
func (c *city) breakfastClass(r *restaurant) int { return r.breakfast }

// assignBreakfasts gives each breakfast slot an unused restaurant open at
// its time: a breakfast place within reach if there is one, else one that
// does not rule breakfast out, else any; among those the one nearest the
// tier's breakfast price (a low percentile of the breakfast places'
// prices) and nearest the slot.
func (w *world) assignBreakfasts(c *city, ss []mealSlot, used map[*restaurant]bool, v variant) []*restaurant {
	var prices []int64
	for _, r := range c.restaurants {
		if c.breakfastClass(r) == concepts.BreakfastServed {
			prices = append(prices, r.price)
		}
	}
	slices.Sort(prices)
	p := map[orchestrator.Tier]float64{orchestrator.TierEconomy: 0.2, orchestrator.TierMid: 0.4, orchestrator.TierComfort: 0.7}[v.meals()]
	var target int64
	if len(prices) > 0 && !v.staysByPrice() {
		target = prices[int(p*float64(len(prices)-1))]
	}
	out := make([]*restaurant, len(ss))
	for si, s := range ss {
		var best *restaurant
		var bk [3]float64
		for _, r := range c.restaurants {
			if used[r] || !openFor(r.r.Hours, s.wd, s.time, s.time+breakfastLen) {
				continue
			}
			d := 0.0
			if s.at.loc != nil && r.r.Location != nil {
				d = s.at.loc.DistanceKM(*r.r.Location)
			}
			far := 0.0
			if !reachable(s, r) {
				far = 1
			}
			class := 0.0
			if !v.staysByPrice() { // the lean plan exists to meet a budget: price alone
				class = float64(c.breakfastClass(r)) + far*0.5
			}
			key := [3]float64{class, math.Abs(float64(r.price-target))/100 + 5*d, float64(r.idx)}
			if best == nil || key[0] < bk[0] || key[0] == bk[0] && (key[1] < bk[1] || key[1] == bk[1] && key[2] < bk[2]) {
				best, bk = r, key
			}
		}
		if best != nil {
			out[si] = best
			used[best] = true
		}
	}
	return out
}
