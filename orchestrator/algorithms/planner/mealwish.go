package planner

import (
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// A food wish the data can serve is served. The passes after the wish
// placement (varyMeals, reachMeals, mealHours, nearMeals, the breakfasts)
// each avoid something a traveller minds less than a wish unserved: a
// cuisine twice in a row, food from abroad, a far walk, an unfit fare. Any
// of them may move the only meal that served a wish; serveWishes, run
// after them all, serves such a wish again.

// serveWishes serves each food asked for that no meal serves at a meal
// where a restaurant of the trip serving it is open, reached in time and
// unused, in place of a meal serving no other wish only it serves: a slot
// of the food's customary meal (quality.DishMeal) first, then one whose
// restaurant is reachable from the places around it, then the nearest to
// the place before, then the first in the city's order. A breakfast takes
// only a place that serves breakfast. The party's unfit fares and food
// from abroad do not keep a wish out: the traveller asked for it.
func (w *world) serveWishes(r *route, perCity [][]mealSlot, assigned [][]*restaurant, used restSet) {
	if len(w.foods) == 0 {
		return
	}
	meals := w.dishMeals()
	for k := range w.foods {
		bit := 1 << (w.nCuisines + k)
		if w.wishServed(perCity, assigned, bit) {
			continue
		}
		meal := ""
		if meals != nil {
			meal = meals[k]
		}
		bc, bs, best := w.wishSpot(r, perCity, assigned, used, bit, meal, -1, -1, nil)
		if best == nil {
			// Every slot that could serve it serves another wish alone:
			// that meal moves to a slot serving none, if it can.
			w.moveForWish(r, perCity, assigned, used, bit)
			continue
		}
		if cur := assigned[bc][bs]; cur != nil {
			used.remove(cur)
		}
		assigned[bc][bs] = best
		used.add(best)
	}
}

// wishSpot finds the slot and restaurant to serve the food of bit (of
// customary meal meal) at, as serveWishes orders them: a slot whose meal
// serves no wish alone, other than slot (xc, xs); a restaurant unused or
// keep. ci is -1 when there is none.
func (w *world) wishSpot(r *route, perCity [][]mealSlot, assigned [][]*restaurant, used restSet, bit int, meal string, xc, xs int, keep *restaurant) (int, int, *restaurant) {
	bc, bs, best, bestRank := -1, -1, (*restaurant)(nil), [3]int{}
	bestKM := 0.0
	for ci, c := range r.cities {
		for si := range perCity[ci] {
			s := &perCity[ci][si]
			if ci == xc && si == xs {
				continue
			}
			if cur := assigned[ci][si]; cur != nil && w.onlyServer(perCity, assigned, cur, ci, si) {
				continue
			}
			for _, rs := range c.restaurants {
				if rs.mask&bit != bit || used.has(rs) && rs != keep || !w.wishFits(c, s, rs) {
					continue
				}
				rank := [3]int{b2i(!slotFits(meal, s.slot)), b2i(!reachable(s, rs)), 0}
				km := 0.0
				if rs.located() && s.at.loc != nil {
					km = s.atKM(rs)
				}
				if best == nil || less3(rank, bestRank) || rank == bestRank && km < bestKM {
					bc, bs, best, bestRank, bestKM = ci, si, rs, rank, km
				}
			}
		}
	}
	return bc, bs, best
}

// moveForWish serves the food of bit when every slot that could serve it
// holds the only meal serving another wish: such a meal (the first in
// the cities' order that works) moves, or a restaurant serving the same
// wishes takes, a slot serving no wish alone, and a restaurant serving
// the food takes its slot.
func (w *world) moveForWish(r *route, perCity [][]mealSlot, assigned [][]*restaurant, used restSet, bit int) {
	for ci, c := range r.cities {
		for si := range perCity[ci] {
			cur := assigned[ci][si]
			if cur == nil || !w.onlyServer(perCity, assigned, cur, ci, si) {
				continue
			}
			var need *restaurant
			for _, rs := range c.restaurants {
				if rs.mask&bit != 0 && (!used.has(rs) || rs == cur) && w.wishFits(c, &perCity[ci][si], rs) {
					need = rs
					break
				}
			}
			if need == nil || need == cur {
				continue
			}
			keepBits := w.aloneBits(perCity, assigned, cur, ci, si)
			yc, ys, other := w.wishSpot(r, perCity, assigned, used, keepBits, "", ci, si, cur)
			if other == nil {
				continue
			}
			if old := assigned[yc][ys]; old != nil && old != cur {
				used.remove(old)
			}
			assigned[yc][ys] = other
			used.add(other)
			if other != cur {
				used.remove(cur)
			}
			assigned[ci][si] = need
			used.add(need)
			return
		}
	}
}

// aloneBits are the wish bits that cur, at slot si of city ci, alone
// serves.
func (w *world) aloneBits(perCity [][]mealSlot, assigned [][]*restaurant, cur *restaurant, ci, si int) int {
	out := 0
	for k := range w.foods {
		bit := 1 << (w.nCuisines + k)
		if cur.mask&bit == 0 {
			continue
		}
		other := false
		for cj := range perCity {
			for sj, rs := range assigned[cj] {
				if rs != nil && rs.mask&bit != 0 && (cj != ci || sj != si) {
					other = true
				}
			}
		}
		if !other {
			out |= bit
		}
	}
	return out
}

// wishServed reports whether a meal serves the food of bit.
func (w *world) wishServed(perCity [][]mealSlot, assigned [][]*restaurant, bit int) bool {
	for ci := range perCity {
		for _, rs := range assigned[ci] {
			if rs != nil && rs.mask&bit != 0 {
				return true
			}
		}
	}
	return false
}

// onlyServer reports whether cur, at slot si of city ci, is the only meal
// serving one of the foods it serves.
func (w *world) onlyServer(perCity [][]mealSlot, assigned [][]*restaurant, cur *restaurant, ci, si int) bool {
	return w.aloneBits(perCity, assigned, cur, ci, si) != 0
}

// wishFits reports whether rs can take slot s for a wish: open for the
// meal and reached in time; for a breakfast, a place serving breakfast.
func (w *world) wishFits(c *city, s *mealSlot, rs *restaurant) bool {
	if s.slot == orchestrator.Breakfast {
		return rs.f != nil && rs.f.breakfast == concepts.BreakfastServed &&
			rs.open(s.wd, s.time, s.time+orchestrator.BreakfastMinutes)
	}
	return w.swapFits(c, s, rs)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func less3(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
