package planner

import (
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// nearMeals gives an older party (a relaxed pace, which the brief parser
// gives requests taking older travellers along) short ways to its meals:
// a lunch or dinner farther than quality.OlderWalkKM from the place before
// it moves to the lightest unused eligible restaurant within that distance
// that is open, reached in time, serves every requested cuisine or food
// only the current one serves and repeats no category that day (else of
// any category); with none, the meal stays.
func (w *world) nearMeals(r *route, v variant, perCity [][]mealSlot, assigned [][]*restaurant, used restSet, weighed uint32) {
	if w.b.Pace != "relaxed" {
		return
	}
	nc := len(w.cuisines)
	lb := w.localFoodBit()
	for ci, c := range r.cities {
		ss := perCity[ci]
		for si := range ss {
			cur := assigned[ci][si]
			if cur == nil || ss[si].slot == orchestrator.Breakfast {
				continue
			}
			// A dinner with no stop since lunch starts at the lunch's
			// restaurant.
			real := c.afterLunch(ss, assigned[ci], ss[si])
			s := &real
			if s.at.loc == nil || !cur.located() || s.atKM(cur) <= quality.OlderWalkKM {
				continue
			}
			need := 0
			for b := 0; b < nc && cur.mask != 0; b++ {
				if cur.mask&(1<<b) != 0 && served(assigned, b) == 1 {
					need |= 1 << b
				}
			}
			near := func(rs *restaurant) bool { return rs.located() && s.atKM(rs) <= quality.OlderWalkKM }
			// near, a row lookup most restaurants fail, first
			rs := w.reachOneWhere(c, v, s, used, weighed, need, near, func(rs *restaurant) bool {
				return freshCategory(ss, assigned[ci], si, varietyCat(rs, lb), lb, len(ss))
			})
			if rs == nil {
				rs = w.reachOneWhere(c, v, s, used, weighed, need, near, nil)
			}
			if rs != nil {
				assigned[ci][si] = rs
				used.remove(cur)
				used.add(rs)
			}
		}
	}
}
