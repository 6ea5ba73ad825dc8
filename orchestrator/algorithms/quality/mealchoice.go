package quality

// Meals a traveller would keep beyond the foods asked for: each dish at
// its customary meal, not the same cuisine twice in a row, no food from
// abroad or fast-food chain unasked where local food is near, no spicy
// food for a young child and no heavy fare for an older party.

import (
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// The meal-choice objections; the foods part counts each.
const (
	// ObjMealHour: a food asked for that is a breakfast dish (DishMeal:
	// 生煎, 小笼包, 早茶, 肠粉…) served only at dinners, or a dinner dish
	// (hot pot, roast duck) served only at breakfasts or lunches.
	ObjMealHour = "meal_hour"
	// ObjCuisineRow: a lunch or dinner of the same restaurant category
	// (concepts.Category) as the meal before it (that day's lunch, or the
	// day before's dinner), serving no food or cuisine asked for; neither
	// a kind of place (RowExempt: 小吃, 快餐简餐) nor the city's own
	// cooking counts.
	ObjCuisineRow = "cuisine_row"
	// ObjForeignMeal: a lunch or dinner at food from abroad or a fast-food
	// chain the brief does not ask for while a restaurant of the city's
	// own food is open then within LocalReachKM.
	ObjForeignMeal = "foreign_meal"
	// ObjMealUnfit: a lunch or dinner at a place whose fare does not fit
	// the party and that it did not ask for (PartyAvoids): spicy food for
	// a young child, heavy fare (hot pot, barbecue, buffet) for an older
	// or relaxed party; or, for an older party, farther than OlderWalkKM
	// from the place before it while a fitting restaurant is that near.
	ObjMealUnfit = "meal_unfit"
)

// MealChoiceKinds are the meal-choice objections, in report order.
var MealChoiceKinds = []string{ObjMealHour, ObjCuisineRow, ObjForeignMeal, ObjMealUnfit}

// fastFood names fast-food chains by their names in the data.
var fastFood = []string{"麦当劳", "肯德基", "必胜客", "汉堡王", "赛百味", "德克士", "达美乐", "棒约翰", "塔斯汀", "华莱士", "mcdonald", "kfc", "pizza hut", "burger king", "subway", "domino"}

// MoreForeignLabels are cuisine labels of food from abroad the concept
// table's foreign cuisines (concepts.Foreign) leave out.
var MoreForeignLabels = []string{"拉美料理", "中东料理"}

// moreForeign reports whether a restaurant carries one of
// MoreForeignLabels.
func moreForeign(cuisines []string) bool {
	return slices.ContainsFunc(cuisines, func(c string) bool { return slices.Contains(MoreForeignLabels, c) })
}

// FastFood reports whether a restaurant's name is a fast-food chain's.
func FastFood(name string) bool { return hasAny(strings.ToLower(name), fastFood) }

// PartyAvoid is a fare unfit for the party, and why.
type PartyAvoid struct {
	Food Food
	Why  string
}

// Why a fare does not fit a party (PartyAvoid.Why).
const (
	WhySpicyChild = "spicy food for a young child"
	WhyHeavyOlder = "heavy fare for an older or relaxed party"
)

// OlderWalkKM is the farthest a lunch or dinner of an older (relaxed)
// party lies from the place before it while a restaurant nearer is open:
// 2 km, a short taxi ride or a long walk.
const OlderWalkKM = 2.0

// heavyFare is what an older or relaxed party is not served unasked: long,
// heavy or greasy meals.
var heavyFare = []string{"火锅", "烧烤", "自助餐"}

// PartyAvoids lists the fares unfit for the brief's party that it does not
// ask for (a cuisine, food or interest serving the same): spicy food with
// a child under GentleChildAge (or of an age not given); hot pot,
// barbecue and buffets for a relaxed pace, which the brief parser gives
// requests taking older travellers along. The planner keeps them out of
// lunches and dinners as it does the foods the brief declines.
func PartyAvoids(b *orchestrator.Brief) []PartyAvoid {
	if b == nil {
		return nil
	}
	var out []PartyAvoid
	add := func(word, why string) {
		if !askedFor(b, word) {
			out = append(out, PartyAvoid{Food: NewFood(word), Why: why})
		}
	}
	if youngChild(b) {
		add("spicy food", WhySpicyChild)
	}
	if b.Pace == "relaxed" {
		for _, w := range heavyFare {
			add(w, WhyHeavyOlder)
		}
	}
	return out
}

// youngChild reports whether the party has a child under GentleChildAge
// or of an age not given.
func youngChild(b *orchestrator.Brief) bool {
	t := b.Travelers
	for _, a := range t.ChildAges {
		if a < GentleChildAge {
			return true
		}
	}
	return t.Children > len(t.ChildAges)
}

// askedFor reports whether the brief asks for a fare (a cuisine concept's
// word): one of its cuisines, foods or interests names the same concept,
// or is spicy when the fare is (川菜 asked for is spicy food asked for).
func askedFor(b *orchestrator.Brief, word string) bool {
	c := concepts.Lookup(word, concepts.Cuisine)
	spicy := concepts.Lookup("spicy food", concepts.Cuisine)
	for _, w := range slices.Concat(b.Constraints.Cuisines, b.Foods, b.Interests) {
		x := concepts.Lookup(w, concepts.Cuisine)
		if x == nil {
			continue
		}
		if x == c {
			return true
		}
		if c == spicy && spicy != nil && len(x.Labels) > 0 && spicy.Restaurant("", x.Labels) {
			return true
		}
	}
	return false
}

// mealChoice finds the meal-choice objections.
func (o *objector) mealChoice(s *scorer) {
	o.mealHours()
	avoids := PartyAvoids(o.b)
	foreignAsked := AsksForeign(o.b)
	local := WantsLocal(o.b)
	var prev string
	prevDay := -1
	var buf [8]int // the day's lunches and dinners by position, in time order
	for _, d := range o.it.Days {
		ms := buf[:0]
		for i := range d.Meals {
			if d.Meals[i].Slot == orchestrator.Lunch || d.Meals[i].Slot == orchestrator.Dinner {
				ms = append(ms, i)
			}
		}
		slices.SortStableFunc(ms, func(x, y int) int { return strings.Compare(d.Meals[x].Time, d.Meals[y].Time) })
		for _, i := range ms {
			m := d.Meals[i]
			r, f := s.restaurant(m)
			if r == nil {
				continue
			}
			unfit := false
			for _, a := range avoids {
				if o.servesKept(a.Food, m.City, r) {
					o.add(ObjMealUnfit, d.Day, "%s of %s at %s: %s", m.Slot, m.Time, m.Name, a.Why)
					unfit = true
					break
				}
			}
			if !unfit && o.b.Pace == "relaxed" && !o.atHome(m.City) {
				o.farMeal(d, m, avoids)
			}
			home := o.atHome(m.City)
			// f.Category is concepts.Category of r, computed once per
			// catalog restaurant (tripindex.RestaurantFactsOf).
			var k string
			if f != nil {
				k = f.Category
			} else {
				k = concepts.Category(r.Name, r.Cuisines)
			}
			if RowExempt(k) {
				k = "" // a kind of place, not a cuisine
			}
			// Measured only for a repeat: the city's own cooking and
			// the local specialties or a food asked for are no objection.
			if k != "" && k == prev && prevDay >= d.Day-1 && !home &&
				!(local && localMeal(o.trip, m)) && !o.ownCuisine(m) && !asks(o.b, r) {
				o.add(ObjCuisineRow, d.Day, "%s of %s at %s: %s again after the meal before", m.Slot, m.Time, m.Name, k)
			}
			prev, prevDay = k, d.Day
			if home {
				prev = ""
			}
			if !foreignAsked && !home && !local {
				o.foreignMeal(d, m, r, avoids)
			}
			if !home && !local {
				o.otherRegionMeal(d, m, r, avoids)
			}
		}
	}
}

// RowExemptCategories are restaurant categories that name a kind of place rather
// than a cuisine: two snack shops (a noodle shop, a dumpling house) in a
// row are two foods.
var RowExemptCategories = []string{"小吃", "快餐简餐", "其他中餐", "融合菜", "创意菜", "家常菜", "面馆"}

// RowExempt reports whether a restaurant category is no cuisine for
// ObjCuisineRow: a kind of place (RowExemptCategories), or none.
func RowExempt(k string) bool { return k == "" || slices.Contains(RowExemptCategories, k) }

// ownCuisine reports whether meal m is at a restaurant of its city's own
// cooking (LocalFact.Cuisine: 川菜 in Chengdu, 江浙菜 in Nanjing), which a
// traveller eats twice in a row gladly.
func (o *objector) ownCuisine(m orchestrator.Meal) bool {
	cd := o.cityData(m.City)
	if cd == nil || cd.Restaurants == nil {
		return false
	}
	f, ok := localAt(cd, o.localFactsOf(cd), m.RestaurantID)
	return ok && f.Cuisine
}

// AsksForeign reports whether the brief asks for food from abroad: a
// cuisine, food or interest of a foreign cuisine (western, Japanese…).
func AsksForeign(b *orchestrator.Brief) bool {
	for _, w := range slices.Concat(b.Constraints.Cuisines, b.Foods, b.Interests) {
		if c := concepts.Lookup(w, concepts.Cuisine); c != nil && len(c.Labels) > 0 && concepts.Foreign("", c.Labels) {
			return true
		}
	}
	return false
}

// foreignMeal objects to meal m of day d at r when r is food from abroad
// or a fast-food chain and a restaurant of the city's own food, serving
// nothing the brief declines or the party avoids, is open then within
// LocalReachKM.
func (o *objector) foreignMeal(d orchestrator.Day, m orchestrator.Meal, r *orchestrator.Restaurant, avoids []PartyAvoid) {
	cd := o.cityData(m.City)
	if cd == nil || cd.Restaurants == nil || m.Location == nil {
		return
	}
	facts := o.localFactsOf(cd)
	if k := catalogIndex(cd.Restaurants.Value, r); k < 0 || k >= len(facts) || !facts[k].Foreign && !(moreForeign(r.Cuisines) && concepts.LocalFor(m.City) != nil) && !FastFood(r.Name) || asks(o.b, r) {
		return // food from abroad counts in a city the local-food table knows (LocalFact.Foreign)
	}
	if x, km := o.localNear(cd, facts, d, m, avoids); x != nil {
		o.add(ObjForeignMeal, d.Day, "%s at %s (%s), not asked for; %s cooks the city's own food, %.1f km away", m.Slot, m.Name, strings.Join(m.Cuisines, ", "), x.Name, km)
	}
}

// otherRegionMeal objects (ObjNotLocal) to meal m of day d at r when r
// cooks another Chinese region's food than the city's (LocalFact.Other:
// 粤菜 in Shanghai, 藏餐 or 新疆菜 in Chengdu, 东北菜 in Hangzhou), not asked
// for, while a restaurant of the city's own food, serving nothing the
// brief declines or the party avoids, is open then within LocalReachKM.
// With the local specialties asked for, notLocal counts such a meal.
func (o *objector) otherRegionMeal(d orchestrator.Day, m orchestrator.Meal, r *orchestrator.Restaurant, avoids []PartyAvoid) {
	cd := o.cityData(m.City)
	if cd == nil || cd.Restaurants == nil || m.Location == nil {
		return
	}
	facts := o.localFactsOf(cd)
	if k := catalogIndex(cd.Restaurants.Value, r); k < 0 || k >= len(facts) || !facts[k].Other || facts[k].Local() || asks(o.b, r) {
		return
	}
	if x, km := o.localNear(cd, facts, d, m, avoids); x != nil {
		o.add(ObjNotLocal, d.Day, "%s at %s (%s), another region's cooking, not asked for; %s cooks the city's own food, %.1f km away", m.Slot, m.Name, strings.Join(m.Cuisines, ", "), x.Name, km)
	}
}

// localNear returns the first restaurant of cd's catalog (facts: its
// LocalFacts) serving the local specialties, open at meal m of day d,
// within LocalReachKM of it and serving nothing the brief declines or
// the party avoids, with its distance; nil when none.
func (o *objector) localNear(cd *orchestrator.CityData, facts []LocalFact, d orchestrator.Day, m orchestrator.Meal, avoids []PartyAvoid) (*orchestrator.Restaurant, float64) {
	at, ok := orchestrator.ParseClock(m.Time)
	if !ok {
		return nil, 0
	}
	wd := orchestrator.Weekday(d.Date)
	end := at + orchestrator.MealMinutes(m.Slot)
	for i := range cd.Restaurants.Value {
		x := &cd.Restaurants.Value[i]
		if i >= len(facts) || !facts[i].Local() || x.Location == nil || m.Location.DistanceKM(*x.Location) > LocalReachKM {
			continue
		}
		if len(x.Hours) > 0 && !orchestrator.OpenDuring(x.Hours, wd, at, end) || o.declines(m.City, x, avoids) {
			continue
		}
		return x, m.Location.DistanceKM(*x.Location)
	}
	return nil, 0
}

// mealHours objects to each food asked for with a customary meal
// (DishMeal) that meals serve, none at that meal.
func (o *objector) mealHours() {
	if o.trip == nil {
		return
	}
	for _, w := range Wishes(o.b) {
		meal := DishMeal(w)
		if meal == "" {
			continue
		}
		f := NewFood(w)
		var first *orchestrator.Meal
		day, fits := 0, false
		for _, d := range o.it.Days {
			for i, m := range d.Meals {
				r := o.restaurants.get(m.RestaurantID)
				if r == nil || !f.Serves(r) {
					continue
				}
				if DishFits(meal, m.Slot) {
					fits = true
				} else if first == nil {
					first, day = &d.Meals[i], d.Day
				}
			}
		}
		if first != nil && !fits {
			o.add(ObjMealHour, day, "%s, a %s dish, served only at %s (%s at %s)", w, meal, first.Slot, first.Name, first.Time)
		}
	}
}

// DishFits reports whether a meal slot fits a dish's customary meal.
func DishFits(meal, slot string) bool {
	switch meal {
	case DishBreakfast:
		return slot != orchestrator.Dinner
	case DishDinner:
		return slot == orchestrator.Dinner
	}
	return true
}

// declines reports whether r serves a food the brief declines
// (Constraints.AvoidFoods) or one unfit for the party (avoids).
func (o *objector) declines(city string, r *orchestrator.Restaurant, avoids []PartyAvoid) bool {
	for _, a := range avoids {
		if o.servesKept(a.Food, city, r) {
			return true
		}
	}
	for _, a := range o.b.Constraints.AvoidFoods {
		if o.servesKept(NewFood(a), city, r) {
			return true
		}
	}
	return false
}

// servesCache keeps, per catalog and food, which restaurants serve it
// (KeptServes); emptied when it holds servesCacheSize.
var servesCache struct {
	sync.Mutex
	m map[servesKey][]bool
}

type servesKey struct {
	wish, ref string
	first     *orchestrator.Restaurant
	n         int
}

const servesCacheSize = 256

// KeptServes reports, per restaurant of a catalog rs (ref its Ref, ""
// when none), whether it serves food f, kept for the next call on the
// same catalog and food (by ref, else by the catalog's memory). The
// planner asks it for the foods declined and the party's unfit fares of
// every plan. The result is shared: read only.
func KeptServes(f Food, rs []orchestrator.Restaurant, ref string) []bool {
	if len(rs) == 0 {
		return nil
	}
	key := servesKey{wish: f.Wish, ref: ref, n: len(rs)}
	if ref == "" {
		key.first = &rs[0]
	}
	servesCache.Lock()
	v, ok := servesCache.m[key]
	servesCache.Unlock()
	if ok {
		return v
	}
	v = make([]bool, len(rs))
	for i := range rs {
		v[i] = f.Serves(&rs[i])
	}
	servesCache.Lock()
	if servesCache.m == nil || len(servesCache.m) >= servesCacheSize {
		servesCache.m = map[servesKey][]bool{}
	}
	servesCache.m[key] = v
	servesCache.Unlock()
	return v
}

// catalogIndex returns the index of r in the catalog rs when r is one of
// its elements (the objector's restaurants point into the catalogs), or
// -1.
func catalogIndex(rs []orchestrator.Restaurant, r *orchestrator.Restaurant) int {
	if len(rs) == 0 || r == nil {
		return -1
	}
	d := uintptr(unsafe.Pointer(r)) - uintptr(unsafe.Pointer(&rs[0]))
	k := int(d / unsafe.Sizeof(rs[0]))
	if uintptr(unsafe.Pointer(r)) < uintptr(unsafe.Pointer(&rs[0])) || k >= len(rs) || &rs[k] != r {
		return -1
	}
	return k
}

// servesKept reports whether restaurant r of city serves f, from the
// catalog's kept answers (KeptServes) when r is a catalog restaurant.
func (o *objector) servesKept(f Food, city string, r *orchestrator.Restaurant) bool {
	if cd := o.cityData(city); cd != nil && cd.Restaurants != nil {
		if k := catalogIndex(cd.Restaurants.Value, r); k >= 0 {
			return KeptServes(f, cd.Restaurants.Value, cd.Restaurants.Ref)[k]
		}
	}
	return f.Serves(r)
}

// farMeal objects to meal m of day d, for an older (relaxed) party, when
// it lies farther than OlderWalkKM from the place before it (the latest
// visit or meal of the day that ends by then) while a restaurant of its
// city no other meal is at, serving nothing declined or unfit, is open
// then within OlderWalkKM of that place.
func (o *objector) farMeal(d orchestrator.Day, m orchestrator.Meal, avoids []PartyAvoid) {
	t, ok := orchestrator.ParseClock(m.Time)
	if !ok || m.Location == nil {
		return
	}
	at, last := previousPlace(d, m.Time), ""
	for _, st := range d.Stops {
		if st.End <= m.Time && st.Location != nil && st.End > last {
			last = st.End
		}
	}
	for _, p := range d.Meals {
		if pt, ok := orchestrator.ParseClock(p.Time); ok && p.Location != nil && p.Time < m.Time && pt+orchestrator.MealMinutes(p.Slot) <= t &&
			orchestrator.FormatClock(pt+orchestrator.MealMinutes(p.Slot)) >= last {
			at, last = p.Location, orchestrator.FormatClock(pt+orchestrator.MealMinutes(p.Slot))
		}
	}
	if at == nil || at.DistanceKM(*m.Location) <= OlderWalkKM {
		return
	}
	cd := o.cityData(m.City)
	if cd == nil || cd.Restaurants == nil {
		return
	}
	wd := orchestrator.Weekday(d.Date)
	for i := range cd.Restaurants.Value {
		x := &cd.Restaurants.Value[i]
		if x.Location == nil || at.DistanceKM(*x.Location) > OlderWalkKM || len(x.Hours) > 0 && !orchestrator.OpenDuring(x.Hours, wd, t, t+orchestrator.MealMinutes(m.Slot)) {
			continue
		}
		if o.mealAt(x.ID) || UnfitVenue(x.Name, x.Cuisines, o.b.Travelers.Children > 0) != VenueFits || o.declines(m.City, x, avoids) {
			continue
		}
		o.add(ObjMealUnfit, d.Day, "%s at %s, %.1f km from the place before: a long way for an older party; %s is %.1f km away", m.Slot, m.Name, at.DistanceKM(*m.Location), x.Name, at.DistanceKM(*x.Location))
		return
	}
}

// mealAt reports whether a meal of the plan is at restaurant id.
func (o *objector) mealAt(id string) bool {
	for _, d := range o.it.Days {
		for _, m := range d.Meals {
			if m.RestaurantID == id {
				return true
			}
		}
	}
	return false
}
