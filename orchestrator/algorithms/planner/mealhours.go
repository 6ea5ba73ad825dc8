package planner

import (
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// Dishes at their customary meal (quality.DishMeal): a breakfast dish
// (生煎, 小笼包, 热干面, 早茶, 肠粉, 小馄饨, 苏式面) asked for is eaten at
// breakfast or lunch, not at dinner; hot pot or roast duck asked for at
// dinner.

// slotFits reports whether a meal slot fits a dish's customary meal.
func slotFits(meal, slot string) bool { return quality.DishFits(meal, slot) }

// dishMeals returns, per food asked for, its customary meal ("" for any),
// nil when none has one.
func (w *world) dishMeals() []string {
	var out []string
	for k := range w.foods {
		if m := quality.DishMeal(w.foods[k].Wish); m != "" {
			if out == nil {
				out = make([]string, len(w.foods))
			}
			out[k] = m
		}
	}
	return out
}

// wrongAt reports whether restaurant rs at a slot serves a food asked for
// away from its customary meal (meals: dishMeals).
func (w *world) wrongAt(meals []string, rs *restaurant, slot string) bool {
	for k, m := range meals {
		if m != "" && rs.mask&(1<<(w.nCuisines+k)) != 0 && !slotFits(m, slot) {
			return true
		}
	}
	return false
}

// mealHours swaps a lunch or dinner serving a food asked for away from
// its customary meal with another lunch or dinner of its city where both
// restaurants are open and reached in time at the other's slot and the
// other serves nothing that would then be away from its meal; the same
// day's first, else the first in the city's order. With none, the meal stays: foodBreakfasts then
// serves a breakfast dish at a breakfast where it can.
func (w *world) mealHours(r *route, perCity [][]mealSlot, assigned [][]*restaurant) {
	meals := w.dishMeals()
	if meals == nil {
		return
	}
	for ci, c := range r.cities {
		ss, as := perCity[ci], assigned[ci]
		for si := range ss {
			rs := as[si]
			if rs == nil || ss[si].slot == orchestrator.Breakfast || !w.wrongAt(meals, rs, ss[si].slot) {
				continue
			}
			best := -1
			for sj := range ss {
				o := as[sj]
				if sj == si || o == nil || ss[sj].slot == orchestrator.Breakfast || ss[sj].slot == ss[si].slot ||
					w.wrongAt(meals, rs, ss[sj].slot) || w.wrongAt(meals, o, ss[si].slot) ||
					!w.swapFits(c, &ss[sj], rs) || !w.swapFits(c, &ss[si], o) {
					continue
				}
				if best < 0 || ss[sj].day == ss[si].day && ss[best].day != ss[si].day {
					best = sj // the same day's other meal first, else the first
				}
			}
			if best >= 0 {
				as[si], as[best] = as[best], as[si]
			}
		}
	}
}

// swapFits reports whether rs can take slot s: open for the meal and
// reached in time.
func (w *world) swapFits(c *city, s *mealSlot, rs *restaurant) bool {
	return rs.open(s.wd, s.time, s.time+orchestrator.MealMinutes(s.slot)) && c.mealFits(*s, rs)
}

// servedInHour reports whether food k is served by an assigned meal at a
// slot fitting its customary meal (meals: dishMeals; any slot when nil).
func (w *world) servedInHour(meals []string, perCity [][]mealSlot, assigned [][]*restaurant, k int) bool {
	bit := 1 << (w.nCuisines + k)
	for ci := range perCity {
		for si := range perCity[ci] {
			if rs := assigned[ci][si]; rs != nil && rs.mask&bit != 0 && (meals == nil || slotFits(meals[k], perCity[ci][si].slot)) {
				return true
			}
		}
	}
	return false
}
