package planner

import (
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// reachMeals moves each lunch or dinner whose restaurant cannot be reached
// from the place before in the time the slot gives (mealFits: neither at
// the slot's time nor later with the way on to the next place still
// fitting) to an unused restaurant that can: eligible (weighed), open,
// serving every requested cuisine only the current one serves, the
// lightest (the cheapest for the lean variant), then the first in the
// catalog. With none (a sight far out of town, no restaurant near), the
// meal moves to the restaurant nearest the place before, if nearer than
// its own (nearestOne), and the score's unreachable_meal objection weighs
// the plan.
func (w *world) reachMeals(r *route, v variant, perCity [][]mealSlot, assigned [][]*restaurant, used restSet, weighed uint32) {
	nc := len(w.cuisines)
	for _, slot := range [2]string{orchestrator.Lunch, orchestrator.Dinner} {
		for ci, c := range r.cities {
			for si := range perCity[ci] {
				if perCity[ci][si].slot == slot {
					w.reachMeal(c, v, perCity[ci], assigned, ci, si, used, weighed, nc)
				}
			}
		}
	}
}

// afterLunch returns dinner slot s as from the lunch before it when no
// stop lies between them (the lunch's restaurant is where the traveller
// leaves from, when its meal ends), else s.
func (c *city) afterLunch(ss []mealSlot, as []*restaurant, s mealSlot) mealSlot {
	if s.slot != orchestrator.Dinner {
		return s
	}
	for pi := range ss {
		p := &ss[pi]
		if lr := as[pi]; p.slot == orchestrator.Lunch && p.day == s.day && p.time < s.time && p.at.id == s.at.id && p.at.loc == s.at.loc && lr != nil && lr.located() {
			s.at = place{id: lr.r.ID, loc: lr.r.Location}
			s.free = c.mealTime(*p, lr) + orchestrator.MealMinutes(p.slot)
			s.atRow = nil // measured when needed: few dinners move
			break
		}
	}
	return s
}

// reachMeal is reachMeals for slot si of city c (index ci).
func (w *world) reachMeal(c *city, v variant, ss []mealSlot, assigned [][]*restaurant, ci, si int, used restSet, weighed uint32, nc int) {
	cur := assigned[ci][si]
	if cur == nil {
		return
	}
	s := &ss[si]
	if real := c.afterLunch(ss, assigned[ci], *s); real.at.id != s.at.id {
		// The dinner is reached from the lunch: its time and restaurant
		// measured from there.
		if c.mealFits(real, cur) && c.mealTime(real, cur) == c.mealTime(*s, cur) {
			return
		}
		*s = real
	}
	if c.mealFits(*s, cur) {
		return
	}
	need := 0
	for b := 0; b < nc && cur.mask != 0; b++ {
		if cur.mask&(1<<b) != 0 && served(assigned, b) == 1 {
			need |= 1 << b
		}
	}
	// A replacement of a category the trip has not had too often (and
	// not that day) first, else any.
	lb := w.localFoodBit()
	fresh := func(rs *restaurant) bool { return freshCategory(ss, assigned[ci], si, varietyCat(rs, lb), lb, len(ss)) }
	rs := w.reachOne(c, v, s, used, weighed, need, fresh)
	if rs == nil {
		rs = w.reachOne(c, v, s, used, weighed, need, nil)
	}
	if rs == nil {
		// None reachable in time (a sight far out of town): the nearest
		// to the place before, when nearer than the current one, so the
		// meal is as near the far sight as the data allows.
		rs = w.nearestOne(c, s, used, weighed, need, cur)
	}
	if rs != nil {
		assigned[ci][si] = rs
		used.remove(cur)
		used.add(rs)
	}
}

// served counts the assigned meals serving requested cuisine b.
func served(assigned [][]*restaurant, b int) int {
	n := 0
	for _, as := range assigned {
		for _, rs := range as {
			if rs != nil && rs.mask&(1<<b) != 0 {
				n++
			}
		}
	}
	return n
}

// reachOne is reachMeals' choice for slot s, or nil.
// With fresh, only restaurants it accepts.
func (w *world) reachOne(c *city, v variant, s *mealSlot, used restSet, weighed uint32, need int, fresh func(*restaurant) bool) *restaurant {
	return w.reachOneWhere(c, v, s, used, weighed, need, nil, fresh)
}

// reachOneWhere is reachOne with pre, a cheap test (no side effects) that
// most restaurants fail, asked before the hours and the walk: the same
// choice as reachOne with fresh and pre both, sooner.
func (w *world) reachOneWhere(c *city, v variant, s *mealSlot, used restSet, weighed uint32, need int, pre, fresh func(*restaurant) bool) *restaurant {
	var best *restaurant
	byPrice := v.staysByPrice()
	var b0, b1 int64
	for _, rs := range c.restaurants {
		if rs.weighed != weighed || used.has(rs) || rs.mask&need != need {
			continue
		}
		k0, k1 := rs.weight, rs.price
		if byPrice {
			k0, k1 = rs.price, rs.weight
		}
		if best != nil && !(k0 < b0 || k0 == b0 && (k1 < b1 || k1 == b1 && rs.idx < best.idx)) {
			continue
		}
		if pre != nil && !pre(rs) {
			continue
		}
		if !rs.open(s.wd, s.time, s.time+orchestrator.MealMinutes(s.slot)) || !c.mealFits(*s, rs) || fresh != nil && !fresh(rs) {
			continue
		}
		best, b0, b1 = rs, k0, k1
	}
	return best
}

// freshCategory reports whether category k (categoryID) at slot si of a
// city's lunches and dinners ss (assigned as) repeats no other of the
// same day, and keeps the city's meals of k within quality.MealCap of n.
func freshCategory(ss []mealSlot, as []*restaurant, si int, k int32, lb, n int) bool {
	if k == 0 {
		return true
	}
	trip := 0
	for pi, rs := range as {
		if pi == si || pi >= len(ss) || rs == nil || varietyCat(rs, lb) != k || ss[pi].slot == orchestrator.Breakfast {
			continue
		}
		if ss[pi].day == ss[si].day {
			return false
		}
		trip++
	}
	return trip < quality.MealCap(n)
}

// nearestOne is the unused eligible restaurant (weighed) serving need,
// open at slot s, nearest to the place before s and nearer than cur; nil
// when none is, or a position is unknown.
func (w *world) nearestOne(c *city, s *mealSlot, used restSet, weighed uint32, need int, cur *restaurant) *restaurant {
	if s.at.loc == nil || !cur.located() {
		return nil
	}
	best, bd := (*restaurant)(nil), s.atKM(cur)
	for _, rs := range c.restaurants {
		if rs.weighed != weighed || used.has(rs) || rs.mask&need != need || !rs.located() {
			continue
		}
		if d := s.atKM(rs); d < bd && rs.open(s.wd, s.time, s.time+orchestrator.MealMinutes(s.slot)) {
			best, bd = rs, d
		}
	}
	return best
}
