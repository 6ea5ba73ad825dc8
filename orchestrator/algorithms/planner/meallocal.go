package planner

import (
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// localMeals moves a lunch or dinner at food from abroad or of another
// Chinese region's cooking than its city's (粤菜 in Shanghai or Beijing,
// 藏餐 or 新疆菜 in Chengdu, 东北菜 in Hangzhou: the local-food table's
// KindOther), serving nothing asked for, to the lightest unused eligible
// restaurant of the city's own food (quality.LocalFact.Local) open and
// reached in time, of a category the day does not have yet, within the
// trip's cap of a category (one of hot pot not asked for) and not the category of the lunch or dinner
// before or after (quality's cuisine_row), and for a
// relaxed party no farther from the place before than the meal was or
// quality.OlderWalkKM. The weights keep most such meals out; this catches
// the ones the cover or the hours left (a lunch on the arrival day where
// only a few places are reached in time). The lean plan, priced for a
// budget, is left alone. quality's foreign_meal and not_local count what
// stays.
func (w *world) localMeals(r *route, v variant, perCity [][]mealSlot, assigned [][]*restaurant, used restSet, weighed uint32) {
	if v.staysByPrice() {
		return
	}
	lb := w.localFoodBit()
	var once *[3]int32
	if quality.OnceCategory(w.b) != nil {
		once = onceCategoryIDs()
	}
	// onceTaken: a category eaten once a trip (hot pot not asked for)
	// that a meal has already.
	onceTaken := func(rs *restaurant) bool {
		k := varietyCat(rs, lb)
		if once == nil || capOf(k, 2, once) != 1 {
			return false
		}
		for ci := range assigned {
			for _, o := range assigned[ci] {
				if o != nil && varietyCat(o, lb) == k {
					return true
				}
			}
		}
		return false
	}
	for ci, c := range r.cities {
		if orchestrator.SameCity(c.name, w.b.Origin) {
			continue
		}
		ss := perCity[ci]
		for si := range ss {
			cur := assigned[ci][si]
			if cur == nil || cur.f == nil || ss[si].slot == orchestrator.Breakfast || cur.mask != 0 ||
				!(cur.f.foreign && !w.foreignAsked) && !cur.f.other {
				continue
			}
			s := &ss[si]
			limit := -1.0
			if w.b.Pace == "relaxed" && s.at.loc != nil && cur.located() {
				limit = max(s.atKM(cur), quality.OlderWalkKM)
			}
			ok := func(rs *restaurant) bool {
				if rs.f == nil || !rs.f.localFood || onceTaken(rs) {
					return false
				}
				if limit >= 0 && (!rs.located() || s.atKM(rs) > limit) {
					return false
				}
				return true
			}
			// ok, the city's own food not ruled out, first: few
			// restaurants pass it.
			rs := w.reachOneWhere(c, v, s, used, weighed, 0, ok, func(rs *restaurant) bool {
				return freshCategory(ss, assigned[ci], si, varietyCat(rs, lb), lb, len(ss)) &&
					notInRow(ss, assigned[ci], si, rs)
			})
			if rs != nil {
				assigned[ci][si] = rs
				used.remove(cur)
				used.add(rs)
			}
		}
	}
}

// notInRow reports whether rs at slot si of a city's meals ss (assigned
// as, in time order) is of another category than the lunch or dinner
// before and after it, or of a kind of place or the city's own cooking
// (rowExempt), as quality's cuisine_row reads a row.
func notInRow(ss []mealSlot, as []*restaurant, si int, rs *restaurant) bool {
	if rowExempt(rs) {
		return true
	}
	k := rs.catID()
	for _, step := range [2]int{-1, 1} {
		for j := si + step; j >= 0 && j < len(ss) && j < len(as); j += step {
			if ss[j].slot == orchestrator.Breakfast {
				continue
			}
			if o := as[j]; o != nil && o.catID() == k {
				return false
			}
			break
		}
	}
	return true
}
