package planner

// The meal chooser: the restaurants of a variant's meal slots — chosen for
// the requested cuisines and foods, weighed by price, rating and distance,
// varied, assigned to slots by opening hours — and the meals they make.

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// With no food asked for, a restaurant's weight (lower is better) is
// lowered by localBonus for each of the city's signature dishes it
// recommends (up to two) and by cuisineBonus when it cooks the city's own
// food, and raised by chainPenalty for a chain's branch that is not local
// (a restaurant serving a cuisine the brief asks for is not raised): 10–20%
// of the price term's scale (1000 for a price twice the tier's target),
// about one star of rating or 5–10 km of distance, so the local choice
// wins among otherwise close ones and variety and the brief's cuisines
// still decide. Food from abroad not asked for is raised by
// foreignPenalty, the price term of twice the target's price, with or
// without foods asked for: a traveller in a Chinese city eats Chinese
// food unless nothing else is open and reachable (quality.ObjForeignMeal). When the
// local specialties are asked for, a restaurant not serving them is
// raised by localWish, one of food from abroad, another region or a chain
// by twice that (a price twice the target's, so local food wins at most
// meals, where one is open and reachable). Weights stay at 0 or more:
// the meal picker's tables (restaurantTableOf) take -1 for "none".
const (
	localBonus     = 150
	cuisineBonus   = 100
	chainPenalty   = 200
	foreignPenalty = 1000
	localWish      = 1000
	otherPenalty   = 100
)

// localFoodBit is the bit of the local-specialties wish in a restaurant's
// mask (0: not asked for).
func (w *world) localFoodBit() int {
	for k := range w.foods {
		if w.foods[k].Local() {
			return 1 << (w.nCuisines + k)
		}
	}
	return 0
}

// localWeight is what a restaurant's local facts add to its weight.
func localWeight(f *restFact, mask, localBit int, wishes bool) float64 {
	switch {
	case localBit != 0:
		if f.localFood {
			return 0
		}
		if mask&^localBit == 0 && (f.foreign || f.other || f.chain) {
			return 2 * localWish
		}
		return localWish
	case wishes:
		// Foods asked for: their restaurants win by the cover; the
		// others are still no food from abroad unasked.
		if mask == 0 && f.foreign {
			return foreignPenalty
		}
		return 0
	}
	s := -localBonus * float64(f.local)
	if f.localCuisine {
		s -= cuisineBonus
	}
	if mask == 0 {
		if f.chain && !f.localFood {
			s += chainPenalty
		}
		if f.foreign {
			s += foreignPenalty
		}
		if f.other {
			// Another Chinese region's cooking (粤菜 in Shanghai,
			// 新疆菜 in Hangzhou) is not local either: mildly, as a
			// chain (quality's not_local by default); localMeals
			// moves what is left where the city's own food is near.
			s += otherPenalty
		}
	}
	return s
}

// chooseMeals gives every meal slot a restaurant: per city the set of
// distinct restaurants of least tier weight, with the requested cuisines
// split among cities so the trip covers them, then matched to slots by
// opening hours and distance.
// The meals are returned by day, each day's in a list of its own size,
// slices of one block (*mealBlock).
func (w *world) chooseMeals(r *route, v variant, slots []mealSlot, stopsByWin [][]orchestrator.Stop, wins []window, hotels []*hotel, mealBlock *[]orchestrator.Meal) ([][]orchestrator.Meal, []orchestrator.Finding) {
	nc := len(w.cuisines)
	k := len(r.cities)
	kids := w.b.Travelers.Children > 0
	// The distances from where each meal starts and leads to the city's
	// restaurants, from the catalog index.
	for i := range slots {
		s := &slots[i]
		c := r.cities[s.ci]
		s.atRow, s.nextRow = c.restRow(s.at.loc), c.restRow(s.next)
	}
	// Per city its lunches and dinners (perCity, with room for the
	// breakfasts that join them at the end) and, apart, its breakfasts —
	// the lean plan, which exists to meet a budget, keeps breakfasts in
	// the cheapest choice.
	apart := func(s *mealSlot) bool { return s.slot == orchestrator.Breakfast && !v.staysByPrice() }
	counts := make([]int, 2*k)
	for i := range slots {
		counts[slots[i].ci]++
		if apart(&slots[i]) {
			counts[k+slots[i].ci]++
		}
	}
	perCity := make([][]mealSlot, k)
	breakfasts := make([][]mealSlot, k)
	for ci := range perCity {
		if counts[ci] > 0 {
			perCity[ci] = bump(&w.scratch.meals, counts[ci])
		}
		if counts[k+ci] > 0 {
			breakfasts[ci] = bump(&w.scratch.meals, counts[k+ci])
		}
	}
	for i := range slots {
		if s := &slots[i]; apart(s) {
			breakfasts[s.ci] = append(breakfasts[s.ci], *s)
		} else {
			perCity[s.ci] = append(perCity[s.ci], *s)
		}
	}
	type cityMeals struct {
		elig   []*restaurant
		weight []int64
		m      int
		items  []int // candidates(elig, weight, m)
	}
	cms := make([]cityMeals, k)
	tables := make([][]int64, k)
	for ci, c := range r.cities {
		ss := perCity[ci]
		if len(ss) == 0 {
			continue
		}
		if c.rfacts != nil {
			c.rfacts.locals() // read by the weights and the party's fit
		}
		// elig and weight live in the city's arena, one variant at a time.
		ar := c.arenaOf(w)
		elig := w.eligibleRestaurants(c, ar, ss, kids)
		center, row := w.mealCentre(c, ci, stopsByWin, wins, hotels)
		ar.elig = elig
		weight := w.restaurantWeights(c, elig, v, center, row, ar.weight)
		ar.weight = weight
		m := min(len(ss), len(elig))
		cm := cityMeals{elig: elig, weight: weight, m: m}
		if m > 0 {
			cm.items = candidates(elig, weight, m)
			tables[ci] = restaurantTableOf(elig, weight, cm.items, m, nc)
		}
		cms[ci] = cm
	}
	masks, _ := coverMasks(tables, nc)
	assigned := make([][]*restaurant, k)
	used := restSet(w.newStamp())
	for ci := range r.cities {
		ss := perCity[ci]
		if len(ss) == 0 {
			continue
		}
		cm := cms[ci]
		var chosen []*restaurant
		if cm.m > 0 {
			ar := r.cities[ci].arenaOf(w)
			for _, i := range pickRestaurantsOf(cm.elig, cm.weight, cm.items, cm.m, nc, masks[ci], &ar.pick) {
				chosen = append(chosen, cm.elig[i])
			}
		}
		assigned[ci] = w.assignMeals(ss, chosen, cm.elig, cm.weight)
		for _, rs := range assigned[ci] {
			if rs != nil {
				used.add(rs)
			}
		}
	}
	covered := w.repairCuisines(r, perCity, assigned, used)
	weighed := w.newStamp()
	for _, cm := range cms {
		for i, rs := range cm.elig {
			rs.weight, rs.weighed = cm.weight[i], weighed
		}
	}
	w.varyMeals(r, v, perCity, assigned, used, weighed)
	w.reachMeals(r, v, perCity, assigned, used, weighed)
	w.mealHours(r, perCity, assigned)
	w.nearMeals(r, v, perCity, assigned, used, weighed)
	w.localMeals(r, v, perCity, assigned, used, weighed)
	// Breakfasts, apart: at places that serve breakfast, near where the
	// day starts, priced for a breakfast.
	for ci, c := range r.cities {
		if len(breakfasts[ci]) > 0 {
			perCity[ci] = append(perCity[ci], breakfasts[ci]...)
			assigned[ci] = append(assigned[ci], w.assignBreakfasts(c, breakfasts[ci], used, v)...)
		}
	}
	if len(w.foods) > 0 && !v.staysByPrice() {
		w.foodBreakfasts(r, perCity, assigned, used, covered)
		w.serveWishes(r, perCity, assigned, used)
	}

	return w.mealsOut(r, perCity, assigned, covered, mealBlock)
}

// mealCentre is the activity centre of city c (index ci): its stops'
// mean position, else its hotel, else its centre; with its distance row
// to the restaurants.
func (w *world) mealCentre(c *city, ci int, stopsByWin [][]orchestrator.Stop, wins []window, hotels []*hotel) (*orchestrator.GeoPoint, []float64) {
	var lat, lon float64
	n := 0
	for wi, st := range stopsByWin {
		if wins[wi].ci == ci {
			for _, s := range st {
				if s.Location != nil {
					lat += s.Location.Lat
					lon += s.Location.Lon
					n++
				}
			}
		}
	}
	var center *orchestrator.GeoPoint
	var row []float64
	if n > 0 {
		center = &orchestrator.GeoPoint{Lat: lat / float64(n), Lon: lon / float64(n)}
		row = c.pointRow(center)
	} else {
		if hotels[ci] != nil {
			center = hotels[ci].h.Location
		}
		if center == nil {
			center = c.center
		}
		row = c.restRow(center)
	}
	return center, row
}

// mealsOut lays out the meals assigned to the slots of each city
// (perCity, assigned) by day, in time order, in one block (*mealBlock),
// with the findings: a requested cuisine not covered, a slot no
// restaurant is open for.
func (w *world) mealsOut(r *route, perCity [][]mealSlot, assigned [][]*restaurant, covered int, mealBlock *[]orchestrator.Meal) ([][]orchestrator.Meal, []orchestrator.Finding) {
	// The days' meals in one block, a list of its own size per day.
	perDay := make([]int, w.days)
	total := 0
	for ci := range r.cities {
		for si := range perCity[ci] {
			if assigned[ci][si] != nil {
				perDay[perCity[ci][si].day]++
				total++
			}
		}
	}
	block := takeSpare(&w.scratch.spare.meals, total)
	out := make([][]orchestrator.Meal, w.days)
	for d, n := range perDay {
		if n > 0 {
			out[d] = block[len(block) : len(block) : len(block)+n]
			block = block[:len(block)+n]
		}
	}
	*mealBlock = block
	var findings []orchestrator.Finding
	for i, cu := range w.cuisineNames[:w.nCuisines] {
		if covered&(1<<i) == 0 {
			findings = append(findings, orchestrator.Finding{
				Code: "cuisine_not_covered", Severity: orchestrator.SeverityError, Check: "cuisines", Subject: cu,
				Message: "no restaurant serving " + cu + " fits the planned meals",
			})
		}
	}
	for ci, c := range r.cities {
		for si, s := range perCity[ci] {
			rs := assigned[ci][si]
			if rs == nil {
				findings = append(findings, orchestrator.Finding{
					Code: "no_restaurant", Severity: orchestrator.SeverityWarning, Day: s.day + 1, Subject: c.name,
					Message: "no restaurant in " + c.name + " is open for " + s.slot + " at " + orchestrator.FormatClock(s.time),
				})
				continue
			}
			out[s.day] = append(out[s.day], orchestrator.Meal{
				Slot: s.slot, RestaurantID: rs.r.ID, Name: rs.r.Name, City: c.name, Location: rs.r.Location,
				Time: orchestrator.FormatClock(c.mealTime(s, rs)), Cuisines: rs.r.Cuisines,
				Price:    orchestrator.Money{Cents: rs.price, Currency: w.currency},
				Cost:     orchestrator.Money{Cents: rs.price * int64(w.people), Currency: w.currency},
				Estimate: rs.r.PriceEstimate || rs.estimate,
				Serves:   w.served(rs),
			})
		}
	}
	for _, ms := range out {
		slices.SortStableFunc(ms, func(x, y orchestrator.Meal) int { return strings.Compare(x.Time, y.Time) })
	}
	return out, findings
}

// eligibleRestaurants lists the city's restaurants open at one of the
// meals ss, in the catalog's order: no bar for a party with children; a
// place serving a food the brief declines or the party avoids
// (quality.PartyAvoids), food from abroad not asked for
// (quality.ObjForeignMeal), or light fare only, only when too few others
// are open.
func (w *world) eligibleRestaurants(c *city, ar *cityArena, ss []mealSlot, kids bool) []*restaurant {
	elig := ar.elig[:0]
	if cap(elig) < len(c.restaurants) {
		elig = make([]*restaurant, 0, len(c.restaurants))
	}
	// The light ones (light, serving no cuisine asked for) apart.
	lights := ar.lights[:0]
	// A restaurant open only within one daily span is open at a meal
	// when its span is (openSpans, asked once per span).
	ar.spanOpen = c.openSpans(ar.spanOpen, ss)
	open := func(rs *restaurant) bool {
		if rs.span > 0 {
			return ar.spanOpen[rs.span-1]
		}
		for si := range ss {
			if s := &ss[si]; rs.open(s.wd, s.time, s.time+orchestrator.MealMinutes(s.slot)) {
				return true
			}
		}
		return false
	}
	// food from abroad counts in a city the local-food table knows
	known := -1
	knownCity := func() bool {
		if known < 0 {
			known = 0
			if c.data != nil && concepts.LocalFor(c.data.Name) != nil {
				known = 1
			}
		}
		return known == 1
	}
	var kbuf [4][]bool
	kept := w.keptAvoids(c, kbuf[:0])
	declines := func(rs *restaurant) bool {
		// declined, unfit for the party, or food from abroad unasked
		return w.avoided(kept, rs) || rs.mask == 0 && !w.foreignAsked && rs.f != nil &&
			(rs.f.foreign || slices.Contains(moreForeignIDs(), rs.catID()) && knownCity())
	}
	ndeclined := 0
	for _, rs := range c.restaurants {
		if !open(rs) || kids && rs.f != nil && rs.f.bar {
			continue // closed, or a bar for a party with children
		}
		if declines(rs) {
			ndeclined++ // gathered below only when needed
			continue
		}
		if rs.light() && rs.mask == 0 {
			lights = append(lights, rs)
		} else {
			elig = append(elig, rs)
		}
	}
	// A place serving a food the brief declines (孩子不能吃辣: 川菜,
	// 火锅) only when too few others are open.
	if ndeclined > 0 && len(elig)+len(lights) < len(ss) {
		var declined []*restaurant
		for _, rs := range c.restaurants {
			if open(rs) && !(kids && rs.f != nil && rs.f.bar) && declines(rs) {
				declined = append(declined, rs)
			}
		}
		elig = mergeByIndex(elig, declined)
	}
	ar.lights = lights
	// A bakery, café, tea house or bar is no lunch or dinner, unless it
	// serves a cuisine the traveller asked for or too few other places
	// are open: then every open one, in the city's (catalog) order.
	if len(lights) > 0 && len(elig) < len(ss) {
		elig = mergeByIndex(elig, lights)
	}
	return elig
}

// openSpans returns, for each span of c's restaurant facts
// (restFacts.spans), whether a restaurant open only within it is open at
// one of the meals ss: restaurant.open's answer for such a restaurant
// (its restFact.always), which depends on the span alone. The answers are
// written to buf when it is large enough.
func (c *city) openSpans(buf []bool, ss []mealSlot) []bool {
	if c.rfacts == nil {
		return buf[:0]
	}
	// The meals' times, read once.
	var at [16][2]int
	times := at[:0]
	for si := range ss {
		times = append(times, [2]int{ss[si].time, ss[si].time + orchestrator.MealMinutes(ss[si].slot)})
	}
	out := buf[:0]
	for _, sp := range c.rfacts.spans {
		in := false
		for _, t := range times {
			if in = sp[1] > 0 && t[0] >= int(sp[0]) && t[1] <= int(sp[1]); in {
				break
			}
		}
		out = append(out, in)
	}
	return out
}

// mergeByIndex returns a and b, each in catalog order, merged in catalog
// order in a's array (whose capacity must hold both).
func mergeByIndex(a, b []*restaurant) []*restaurant {
	i, j := len(a)-1, len(b)-1
	out := a[:len(a)+len(b)]
	for k := len(out) - 1; j >= 0; k-- {
		if i >= 0 && a[i].idx > b[j].idx {
			out[k], i = a[i], i-1
		} else {
			out[k], j = b[j], j-1
		}
	}
	return out
}

// restSet is a set of a plan's restaurants: those whose used mark holds
// its stamp.
type restSet uint32

func (u restSet) has(r *restaurant) bool { return r.used == uint32(u) }
func (u restSet) add(r *restaurant)      { r.used = uint32(u) }
func (u restSet) remove(r *restaurant)   { r.used = 0 }

// repairCuisines returns the requested cuisines the assigned meals cover
// and, when opening hours made the assignment lose one the chosen set
// covered (or could cover), swaps in an unused restaurant serving it at a
// slot it is open for, taking the slot whose current restaurant covers no
// cuisine that would be lost and is cheapest to give up.
func (w *world) repairCuisines(r *route, perCity [][]mealSlot, assigned [][]*restaurant, used restSet) int {
	nc := len(w.cuisines)
	coverage := func() (int, []int) {
		count := make([]int, nc)
		mask := 0
		for _, as := range assigned {
			for _, rs := range as {
				if rs == nil {
					continue
				}
				mask |= rs.mask
				for b := 0; b < nc; b++ {
					if rs.mask&(1<<b) != 0 {
						count[b]++
					}
				}
			}
		}
		return mask, count
	}
	covered, count := coverage()
	for b := 0; b < nc; b++ {
		if covered&(1<<b) != 0 {
			continue
		}
		type move struct {
			ci, si int
			rs     *restaurant
			near   bool
		}
		var best *move
		for ci, c := range r.cities {
			for si := range perCity[ci] {
				s := &perCity[ci][si]
				cur := assigned[ci][si]
				if cur != nil {
					// Giving up cur must not uncover another cuisine.
					lost := false
					for o := 0; o < nc; o++ {
						if cur.mask&(1<<o) != 0 && count[o] == 1 {
							lost = true
						}
					}
					if lost {
						continue
					}
				}
				for _, rs := range c.restaurants {
					if used.has(rs) || rs.mask&(1<<b) == 0 || !rs.open(s.wd, s.time, s.time+orchestrator.MealMinutes(s.slot)) {
						continue
					}
					if b >= w.nCuisines && !c.mealFits(*s, rs) {
						continue // a food asked for, too far to reach and leave in time
					}
					near := reachable(s, rs)
					if best == nil || near && !best.near || near == best.near && (rs.price < best.rs.price || (rs.price == best.rs.price && rs.idx < best.rs.idx)) {
						best = &move{ci, si, rs, near}
					}
				}
			}
		}
		if best == nil {
			continue
		}
		if cur := assigned[best.ci][best.si]; cur != nil {
			used.remove(cur)
		}
		assigned[best.ci][best.si] = best.rs
		used.add(best.rs)
		covered, count = coverage()
	}
	return covered
}

// varyMeals gives lunches and dinners variety: taken in trip order, a meal
// whose restaurant category (concepts.Category) was already eaten that day,
// or already quality.MealCap times on the trip, or eaten at the meal
// before (the day before's dinner; quality.ObjCuisineRow) while it serves
// nothing asked for, moves to the lightest
// unused restaurant of another category that is open at its slot, within
// reach when the current one is, and neither repeats that day nor
// reaches the cap — never giving up the last meal of a requested cuisine,
// and, in the lean variant (which exists to meet a budget), never dearer.
// A requested cuisine is thus met once or twice and the other meals vary.
// The restaurants eligible for lunch and dinner have their weight marked
// weighed.
func (w *world) varyMeals(r *route, v variant, perCity [][]mealSlot, assigned [][]*restaurant, used restSet, weighed uint32) {
	type ref struct{ ci, si int }
	var order []ref
	for ci := range perCity {
		for si := range perCity[ci] {
			if assigned[ci][si] != nil {
				order = append(order, ref{ci, si})
			}
		}
	}
	if len(order) < 2 {
		return
	}
	stableSort(order, func(a, b ref) bool {
		x, y := &perCity[a.ci][a.si], &perCity[b.ci][b.si]
		if x.day != y.day {
			return x.day < y.day
		}
		return x.time < y.time
	})
	nc := len(w.cuisines)
	lb := w.localFoodBit()
	// Counts by category and by day and category: a few meals, so lists
	// searched in turn rather than maps.
	var trip counts[int32]
	var daily counts[dayCat]
	cover := make([]int, nc)
	for _, e := range order {
		rs := assigned[e.ci][e.si]
		trip.add(varietyCat(rs, lb), 1)
		daily.add(dayCat{perCity[e.ci][e.si].day, varietyCat(rs, lb)}, 1)
		for b := 0; b < nc; b++ {
			if rs.mask&(1<<b) != 0 {
				cover[b]++
			}
		}
	}
	limit := quality.MealCap(len(order))
	var once *[3]int32
	if quality.OnceCategory(w.b) != nil {
		once = onceCategoryIDs()
	}
	var seenTrip counts[int32]
	var seenDay counts[dayCat]
	prevK, prevDay := int32(0), -2 // the meal before: a category not twice in a row
	for _, e := range order {
		s := &perCity[e.ci][e.si]
		cur := assigned[e.ci][e.si]
		k := varietyCat(cur, lb)
		row := k == prevK && s.day == prevDay+1 && cur.mask == 0 && !rowExempt(cur)
		if k != 0 && (row || seenDay.get(dayCat{s.day, k}) > 0 || seenTrip.get(k) >= capOf(k, limit, once)) {
			if rs := w.varyOne(r.cities[e.ci], v, s, cur, used, weighed, &mealCounts{&trip, &daily, s.day, limit, lb, once}, cover); rs != nil {
				assigned[e.ci][e.si] = rs
				used.remove(cur)
				used.add(rs)
				trip.add(k, -1)
				daily.add(dayCat{s.day, k}, -1)
				k = varietyCat(rs, lb)
				trip.add(k, 1)
				daily.add(dayCat{s.day, k}, 1)
				for b := 0; b < nc; b++ {
					cover[b] += (rs.mask>>b)&1 - (cur.mask>>b)&1
				}
			}
		}
		if k != 0 {
			seenTrip.add(k, 1)
			seenDay.add(dayCat{s.day, k}, 1)
		}
		prevK, prevDay = k, s.day
	}
}

// rowExempt reports whether rs's category is no cuisine twice in a row
// (quality.RowExempt: 小吃, 快餐简餐…) or it cooks the city's own food.
func rowExempt(rs *restaurant) bool {
	if rs.f != nil && rs.f.localCuisine {
		return true
	}
	return rs.catID() == 0 || slices.Contains(rowExemptIDs(), rs.catID())
}

// moreForeignIDs are the category numbers of quality.MoreForeignLabels.
var moreForeignIDs = sync.OnceValue(func() []int32 {
	var out []int32
	for _, k := range quality.MoreForeignLabels {
		out = append(out, categoryID(k))
	}
	return out
})

// rowExemptIDs are the category numbers of quality.RowExempt's kinds of
// place.
var rowExemptIDs = sync.OnceValue(func() []int32 {
	var out []int32
	for _, k := range quality.RowExemptCategories {
		out = append(out, categoryID(k))
	}
	return out
})

// dayCat is a day and a restaurant category (categoryID).
type dayCat struct {
	day int
	k   int32
}

// mealCounts are varyMeals' counts of meals by category (trip) and by day
// and category (daily), for a meal of day under limit.
type mealCounts struct {
	trip       *counts[int32]
	daily      *counts[dayCat]
	day, limit int
	localBit   int // w.localFoodBit
	// once holds the categories eaten at most once a trip (nil: none;
	// quality.OnceCategory).
	once *[3]int32
}

// onceIDs are the category numbers of quality.OnceCategories.
var onceIDs = sync.OnceValue(func() *[3]int32 {
	var ids [3]int32
	for i, c := range quality.OnceCategories[:min(len(quality.OnceCategories), len(ids))] {
		ids[i] = categoryID(c)
	}
	return &ids
})

// onceCategoryIDs returns the category numbers of quality.OnceCategories.
func onceCategoryIDs() *[3]int32 { return onceIDs() }

// capOf is how many meals of category k a trip may have: limit, or one
// for a category of once (hot pot not asked for).
func capOf(k int32, limit int, once *[3]int32) int {
	if once != nil && k != 0 && (k == once[0] || k == once[1] || k == once[2]) {
		return 1
	}
	return limit
}

// varietyCat is rs's category for the meals' variety: none (0) for a
// restaurant serving the local specialties asked for (localBit, see
// localFoodBit), whose repeats are what the traveller asked for
// (quality's meal variety agrees).
func varietyCat(rs *restaurant, localBit int) int32 {
	if localBit != 0 && rs.mask&localBit != 0 {
		return 0
	}
	return rs.catID()
}

// fresh reports whether a meal of category k (categoryID) is no repeat:
// none that day and fewer than limit on the trip (or no known category).
func (m *mealCounts) fresh(k int32) bool {
	return k == 0 || m.daily.get(dayCat{m.day, k}) == 0 && m.trip.get(k) < capOf(k, m.limit, m.once)
}

// counts counts keys, few: the first ones in arrays searched in turn,
// the zero value counting none.
type counts[K comparable] struct {
	keys [16]K
	n    [16]int
	len  int
	// more holds the counts past the arrays.
	more map[K]int
}

// get returns the count of k (0 for a key not counted).
func (c *counts[K]) get(k K) int {
	for i := range c.len {
		if c.keys[i] == k {
			return c.n[i]
		}
	}
	return c.more[k]
}

// add adds d to the count of k.
func (c *counts[K]) add(k K, d int) {
	for i := range c.len {
		if c.keys[i] == k {
			c.n[i] += d
			return
		}
	}
	if _, ok := c.more[k]; !ok && c.len < len(c.keys) {
		c.keys[c.len], c.n[c.len] = k, d
		c.len++
		return
	}
	if c.more == nil {
		c.more = map[K]int{}
	}
	c.more[k] += d
}

// varyOne returns the restaurant to replace cur at slot s with for
// varyMeals, or nil: unused, eligible (weighed), of a category fresh
// allows, open at the slot, within reach when cur is, serving every
// requested cuisine only cur serves (cover counts the meals per cuisine),
// no dearer than cur in the lean variant; the lightest (the cheapest for
// lean), then the first in the catalog.
func (w *world) varyOne(c *city, v variant, s *mealSlot, cur *restaurant, used restSet, weighed uint32,
	fresh *mealCounts, cover []int) *restaurant {
	need := 0
	for b := range cover {
		if cur.mask&(1<<b) != 0 && cover[b] == 1 {
			need |= 1 << b
		}
	}
	near := reachable(s, cur)
	var best *restaurant
	// The key (weight, price, catalog index); price first for lean.
	byPrice := v.staysByPrice()
	var b0, b1 int64
	for _, rs := range c.restaurants {
		if rs.weighed != weighed || used.has(rs) || rs.mask&need != need || (v.lean && rs.price > cur.price) {
			continue
		}
		// Opening hours, reach and the category only for a restaurant
		// better than the best so far (the same choice, fewer lookups).
		k0, k1 := rs.weight, rs.price
		if byPrice {
			k0, k1 = rs.price, rs.weight
		}
		if best != nil && !(k0 < b0 || k0 == b0 && (k1 < b1 || k1 == b1 && rs.idx < best.idx)) {
			continue
		}
		if !rs.open(s.wd, s.time, s.time+orchestrator.MealMinutes(s.slot)) || (near && !reachable(s, rs)) {
			continue
		}
		if local := fresh.localBit != 0 && rs.mask&fresh.localBit != 0; !local && (rs.catID() == cur.catID() || !fresh.fresh(rs.catID())) {
			continue // local food asked for is never a repeat
		}
		best, b0, b1 = rs, k0, k1
	}
	return best
}

// restaurantWeights scores c's restaurants rs for a variant (lower is
// better): price first for lean, with distance from the city's activity
// centre as tie-break; nearness to the tier's target price, rating and
// distance otherwise. row holds the distances from center to c's
// restaurants (nil: computed here). The weights are written to buf when it
// is large enough.
func (w *world) restaurantWeights(c *city, rs []*restaurant, v variant, center *orchestrator.GeoPoint, row []float64, buf []int64) []int64 {
	dist := func(r *restaurant) float64 {
		if center == nil || !r.located() {
			return 0
		}
		if row != nil {
			return row[r.idx]
		}
		return center.DistanceKM(*r.r.Location)
	}
	out := buf[:0]
	if cap(out) < len(rs) {
		out = make([]int64, len(rs))
	}
	out = out[:len(rs)]
	if v.staysByPrice() {
		// Lean: price alone, the nearest first among equals.
		for i, r := range rs {
			out[i] = r.price*1000 + int64(math.Min(999, dist(r)*10))
		}
		return out
	}
	// Each tier aims at a price of the city's restaurants — the 30th
	// percentile for economy (not the cheapest snack at every meal), the
	// median for mid, the 80th for comfort — weighed with rating and
	// distance.
	p, rw := 0.5, 150.0
	switch v.meals() {
	case orchestrator.TierEconomy:
		p, rw = 0.3, 80.0
	case orchestrator.TierComfort:
		p, rw = 0.8, 250.0
	}
	var target int64
	if len(rs) > 0 {
		target = c.nthPrice(rs, int(p*float64(len(rs)-1)), w.newStamp())
	}
	localBit := w.localFoodBit()
	for i, r := range rs {
		rating := r.rating()
		if rating <= 0 {
			rating = 2.5
		}
		s := 1000*math.Abs(float64(r.price-target))/float64(max(target, 1)) + rw*(5-rating) + 20*math.Min(dist(r), 20)
		if r.f != nil {
			// Local food over food from abroad and chains.
			s += localWeight(r.f, r.mask, localBit, len(w.foods) > 0)
		}
		out[i] = int64(math.Round(max(s, 0)))
	}
	return out
}

// assignMeals matches slots (in time order) to the chosen restaurants,
// nearest first, repairing with augmenting paths when opening hours
// conflict, and falling back to other open restaurants of the city
// (elig, of the given weights).
func (w *world) assignMeals(ss []mealSlot, chosen, elig []*restaurant, weight []int64) []*restaurant {
	strict := true
	ok := func(s *mealSlot, r *restaurant) bool {
		return r.open(s.wd, s.time, s.time+orchestrator.MealMinutes(s.slot)) && (!strict || reachable(s, r))
	}
	km := func(s *mealSlot, r *restaurant) float64 {
		if s.at.loc == nil || !r.located() {
			return 0
		}
		return s.atKM(r)
	}
	assign := make([]*restaurant, len(ss))
	// A restaurant is taken by slot r.owner when r.own == own.
	own := w.newStamp()
	take := func(r *restaurant, si int) {
		assign[si] = r
		r.own, r.owner = own, si
	}
	for si := range ss {
		s := &ss[si]
		var best *restaurant
		var bd float64
		for _, r := range chosen {
			if r.own == own || !ok(s, r) {
				continue
			}
			if d := km(s, r); best == nil || d < bd || (d == bd && r.idx < best.idx) {
				best, bd = r, d
			}
		}
		if best != nil {
			take(best, si)
		}
	}
	// Augmenting paths for slots left over.
	var seen uint32
	var try func(si int) bool
	try = func(si int) bool {
		for _, r := range chosen {
			if r.seen == seen || !ok(&ss[si], r) {
				continue
			}
			r.seen = seen
			if r.own != own || try(r.owner) {
				take(r, si)
				return true
			}
		}
		return false
	}
	for si := range ss {
		if assign[si] == nil {
			seen = w.newStamp()
			try(si)
		}
	}
	// Fallback: the lightest open restaurant not yet used within reach,
	// and only then the nearest open one beyond it.
	for _, pass := range []bool{true, false} {
		strict = pass
		for si := range ss {
			if assign[si] != nil {
				continue
			}
			s := &ss[si]
			var best *restaurant
			var bw int64
			var bd float64
			for i, r := range elig {
				if r.own == own {
					continue
				}
				if strict {
					// Whether it is open and within reach only for a
					// restaurant lighter than the best so far.
					if best != nil && !(weight[i] < bw || (weight[i] == bw && r.idx < best.idx)) || !ok(s, r) {
						continue
					}
					best, bw = r, weight[i]
				} else if !ok(s, r) {
					continue
				} else if d := km(s, r); best == nil || d < bd || (d == bd && r.idx < best.idx) {
					best, bd = r, d
				}
			}
			if best != nil {
				take(best, si)
			}
		}
	}
	return assign
}

// served names the foods asked for that a restaurant serves (nil: none).
func (w *world) served(rs *restaurant) []string {
	var out []string
	for k := range w.foods {
		if rs.mask&(1<<(w.nCuisines+k)) != 0 {
			out = append(out, w.foods[k].Wish)
		}
	}
	return out
}

// foodBreakfasts serves at a breakfast each food asked for that no lunch
// or dinner serves (covered) and no breakfast does yet, when a restaurant
// that serves breakfast and the food (早茶, 生煎) is open at a breakfast
// slot: the nearest to the slot's places first (reachable), then the
// cheapest, then the first in the catalog.
func (w *world) foodBreakfasts(r *route, perCity [][]mealSlot, assigned [][]*restaurant, used restSet, covered int) {
	meals := w.dishMeals()
	for k := range w.foods {
		bit := 1 << (w.nCuisines + k)
		early := meals != nil && meals[k] == quality.DishBreakfast
		if covered&bit != 0 && !early {
			continue
		}
		// A breakfast dish served only at dinner is served at a
		// breakfast too (quality.DishMeal).
		if w.servedInHour(meals, perCity, assigned, k) {
			continue
		}
		bi, bs := -1, -1
		var best *restaurant
		bestNear := false
		for ci, c := range r.cities {
			for si := range perCity[ci] {
				s := &perCity[ci][si]
				if s.slot != orchestrator.Breakfast {
					continue
				}
				for _, rs := range c.restaurants {
					if used.has(rs) || rs.mask&bit == 0 || rs.f == nil || rs.f.breakfast != concepts.BreakfastServed ||
						!rs.open(s.wd, s.time, s.time+orchestrator.BreakfastMinutes) {
						continue
					}
					near := reachable(s, rs)
					if best == nil || near && !bestNear || near == bestNear && (rs.price < best.price || rs.price == best.price && rs.idx < best.idx) {
						best, bestNear, bi, bs = rs, near, ci, si
					}
				}
			}
		}
		if best == nil {
			continue
		}
		if cur := assigned[bi][bs]; cur != nil {
			used.remove(cur)
		}
		assigned[bi][bs] = best
		used.add(best)
	}
}

// keptAvoids returns, per food the brief declines or the party avoids,
// which restaurants of c's catalog serve it (quality.KeptServes), appended
// to buf; nil when c has no catalog.
func (w *world) keptAvoids(c *city, buf [][]bool) [][]bool {
	cd := c.data
	if len(w.avoid) == 0 || cd == nil || cd.Restaurants == nil {
		return nil
	}
	for _, f := range w.avoid {
		buf = append(buf, quality.KeptServes(f, cd.Restaurants.Value, cd.Restaurants.Ref))
	}
	return buf
}

// avoided reports whether rs serves a food the brief declines or the
// party avoids: its name, cuisine labels or recommended dishes name it
// (quality.Food.Serves, as for a wish), read from its catalog's kept
// answers (kept: keptAvoids) for a catalog restaurant.
func (w *world) avoided(kept [][]bool, rs *restaurant) bool {
	if len(w.avoid) == 0 {
		return false
	}
	if len(kept) > 0 && rs.idx < len(kept[0]) {
		for _, v := range kept {
			if v[rs.idx] {
				return true
			}
		}
		return false
	}
	if v, ok := w.avoidSeen[rs.r]; ok {
		return v // asked once a plan, not once a variant
	}
	v := slices.ContainsFunc(w.avoid, func(f quality.Food) bool { return f.Serves(rs.r) })
	if w.avoidSeen == nil {
		w.avoidSeen = map[*orchestrator.Restaurant]bool{}
	}
	w.avoidSeen[rs.r] = v
	return v
}
