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
		bc, bs, best, bestRank := -1, -1, (*restaurant)(nil), [3]int{}
		bestKM := 0.0
		for ci, c := range r.cities {
			for si := range perCity[ci] {
				s := &perCity[ci][si]
				if cur := assigned[ci][si]; cur != nil && w.onlyServer(perCity, assigned, cur, ci, si) {
					continue
				}
				for _, rs := range c.restaurants {
					if rs.mask&bit == 0 || used.has(rs) || !w.wishFits(c, s, rs) {
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
		if best == nil {
			continue
		}
		if cur := assigned[bc][bs]; cur != nil {
			used.remove(cur)
		}
		assigned[bc][bs] = best
		used.add(best)
	}
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
			return true
		}
	}
	return false
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
