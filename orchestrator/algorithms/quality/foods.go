package quality

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// Wishes are the foods a brief asks for: its foods, else (until a parser
// fills foods) its interests. Each is matched against restaurants by
// Serves; a wish no restaurant of the trip serves asks nothing of the
// plan. The brief's cuisines are not among them: they are hard
// constraints the planner covers and the verifier checks already.
func Wishes(b *orchestrator.Brief) []string {
	if len(b.Foods) > 0 {
		return b.Foods
	}
	if len(b.Interests) == 0 {
		return nil
	}
	out := make([]string, 0, len(b.Interests))
	for _, in := range b.Interests {
		// Tea houses, cafés and bars are light fare, no meal: a stop
		// serves them.
		c := concepts.Lookup(in, concepts.Cuisine)
		if c != nil && c.Light {
			continue
		}
		// An interest the table knows as a kind of sight and not as a
		// cuisine (gardens, night views, food streets) is no dish.
		if c == nil && concepts.Lookup(in, concepts.Sight) != nil {
			continue
		}
		out = append(out, in)
	}
	return out
}

// Food is a wish ready to be matched: the wish itself, the words the
// concept table gives for it as a cuisine (dim sum: 早茶, 点心, 茶楼) and
// the names of the dishes it names in both languages (the dish table,
// concepts.DishWords: soup dumplings ⇄ 小笼包, 烤鸭 ⇄ Peking duck).
type Food struct {
	Wish string
	// local is set for the local-specialties wish (concepts.LocalWish):
	// served by a restaurant of the city's own food (LocalFact.Local),
	// which depends on the city; Serves and Sought answer false for it.
	local bool
	words []string // lower-cased; the wish first
	// concept is the cuisine concept of the wish, nil when none.
	concept *concepts.Concept
	// dish: the wish names a dish (the dish table holds it), so a
	// restaurant serves it only by naming it or one of its names, in its
	// name or dishes: a 北京菜 restaurant that lists no duck does not serve
	// Peking duck, nor every 湖北菜 house 热干面. A cuisine wish (dim sum,
	// Cantonese) is served by the cuisine's words and labels as well.
	dish      bool
	nameWords []string // the concept's words, matched in names and dishes only, for a dish
	// py is a Latin wish spelled as pinyin ("hutang fen": hutangfen),
	// matched syllable by syllable against the data's names and dishes
	// (pinyinKey); "" when it is not pinyin.
	py string
}

// foodCache keeps prepared wishes by their text: a plan scores many
// variants, each reading the brief's foods and the party's unfit fares;
// emptied when it holds foodCacheSize.
var foodCache struct {
	sync.Mutex
	m map[string]Food
}

const foodCacheSize = 1024

// NewFood prepares a wish for Serves. The result's lists are shared: read
// only.
func NewFood(wish string) Food {
	foodCache.Lock()
	f, ok := foodCache.m[wish]
	foodCache.Unlock()
	if ok {
		return f
	}
	f = newFood(wish)
	foodCache.Lock()
	if foodCache.m == nil || len(foodCache.m) >= foodCacheSize {
		foodCache.m = map[string]Food{}
	}
	foodCache.m[wish] = f
	foodCache.Unlock()
	return f
}

// newFood is NewFood, uncached.
func newFood(wish string) Food {
	f := Food{Wish: wish, words: []string{strings.ToLower(strings.TrimSpace(wish))}}
	if concepts.LocalWish(wish) {
		f.local, f.words = true, []string{""}
		return f
	}
	dishes := crossDishWords(wish)
	f.dish = len(dishes) > 0
	f.py = pinyinKey(wish)
	if words, ok := specificDish(f.words[0], dishes); ok {
		// 叉烧酥 is no 叉烧, 蟹粉小笼 no plain 小笼: only the dish itself.
		f.words = words
		return f
	}
	if c := concepts.Lookup(wish, concepts.Cuisine); c != nil {
		f.concept = c
		for _, n := range c.Names {
			if f.dish {
				// a cuisine's word (湖北菜, 京菜) in a name is the
				// cuisine, not the dish
				if !strings.HasSuffix(n, "菜") {
					f.nameWords = append(f.nameWords, strings.ToLower(n))
				}
			} else {
				f.words = append(f.words, strings.ToLower(n))
			}
		}
	}
	for _, n := range dishes {
		if !slices.Contains(f.words, n) {
			f.words = append(f.words, n)
		}
	}
	return f
}

// Local reports whether the wish is for the local specialties: matched
// by LocalFacts of the meal's city, not by Serves.
func (f Food) Local() bool { return f.local }

// WantsLocal reports whether a brief asks for the local specialties.
func WantsLocal(b *orchestrator.Brief) bool {
	if len(b.Foods) > 0 {
		return slices.ContainsFunc(b.Foods, concepts.LocalWish)
	}
	return slices.ContainsFunc(b.Interests, concepts.LocalWish) // Wishes' own, no lookup
}

// Literal reports whether r names the wish itself in its name, cuisines
// or recommended dishes.
func (f Food) Literal(r *orchestrator.Restaurant) bool {
	return f.word(f.words[0], r)
}

// Serves reports whether r serves the wish: the wish or one of its
// concept's name words in r's name, cuisines or recommended dishes, or
// r of the wish's cuisine.
func (f Food) Serves(r *orchestrator.Restaurant) bool {
	for _, w := range f.words {
		if f.word(w, r) {
			return true
		}
	}
	if f.dish {
		for _, w := range f.nameWords {
			if w != "" && (strings.Contains(strings.ToLower(r.Name), w) || slices.ContainsFunc(r.Dishes, func(d string) bool { return dishIs(strings.ToLower(d), w) })) {
				return true
			}
		}
		return false
	}
	return f.concept != nil && len(f.concept.Labels) > 0 && f.concept.Restaurant(r.Name, r.Cuisines)
}

func (f Food) word(w string, r *orchestrator.Restaurant) bool {
	if w == "" {
		return false
	}
	if strings.Contains(lower(r.Name), w) {
		return true
	}
	for _, c := range r.Cuisines {
		if strings.Contains(lower(c), w) {
			return true
		}
	}
	for _, d := range r.Dishes {
		if dishIs(lower(d), w) {
			return true
		}
	}
	if w == f.words[0] {
		return f.across(w, r)
	}
	return false
}

// lower is strings.ToLower, quick for the data's Chinese names: a string
// with no ASCII capital whose other runes are CJK (U+2E80 and up, with no
// case but the full-width capitals) is its own lower case.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			return strings.ToLower(s)
		}
		if c >= 0x80 {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r < 0x2E80 || r >= 0xFF21 && r <= 0xFF3A { // full-width capitals have a case
				return strings.ToLower(s)
			}
			i += n - 1
		}
	}
	return s
}

// across matches the wish itself across scripts and word orders: its
// pinyin in the restaurant's dishes (two syllables or more) or its name
// (three or more: a famous old shop, "Quanjude" → 全聚德), and a Chinese
// wish's variants among the dishes (排骨藕汤 → 莲藕排骨汤).
func (f Food) across(w string, r *orchestrator.Restaurant) bool {
	if f.py != "" {
		for _, d := range r.Dishes {
			if pinyinDish(f.py, d) {
				return true
			}
		}
		if splitSyllables(f.py) >= 3 && pinyinName(f.py, r.Name) {
			return true
		}
		return false
	}
	if w[0] < 0x80 {
		return false
	}
	for _, d := range r.Dishes {
		if variantOf(w, d) {
			return true
		}
	}
	return false
}

// otherFood are heads that make a dish named after another one a food of
// its own: 北京烤鸭肉饼 is a pie, 烤鸭炒饭 fried rice, 盐水鸭包 a bun, 叉烧肠 a
// rice-noodle roll.
var otherFood = []string{"饼", "包", "包子", "饺", "饺子", "饭", "粥", "卷", "面", "粉", "串", "披萨", "汉堡", "沙拉", "酥", "糕", "肠"}

// specificDish returns, for a Chinese wish that names a dish of the dish
// table (dishes: concepts.DishWords) with more than a place or a word of
// praise (dishPrefixes: 北京烤鸭, 正宗热干面 are the dish), the words that
// serve it, the wish first: a wish with another head after the dish's
// name (叉烧酥, a char siu pastry; 叉烧肠) is served by that food alone,
// named so; a wish with a modifier before it (蟹粉小笼: crab-roe soup
// dumplings) by the modifier with any Chinese name of the dish (蟹粉小笼包,
// 蟹粉汤包), not by the plain dish, its sibling. ok is false for a wish
// that is the dish, in Latin letters, or names none.
func specificDish(w string, dishes []string) ([]string, bool) {
	if w == "" || w[0] < 0x80 || slices.Contains(dishes, w) {
		return nil, false
	}
	n := ""
	for _, d := range dishes {
		if d != "" && d[0] >= 0x80 && strings.Contains(w, d) && len(d) > len(n) {
			n = d
		}
	}
	if n == "" {
		return nil, false
	}
	i := strings.Index(w, n)
	pre, suf := w[:i], w[i+len(n):]
	for again := true; again; {
		again = false
		for _, p := range dishPrefixes {
			if strings.HasPrefix(pre, p) {
				pre, again = pre[len(p):], true
			}
		}
	}
	if pre == "" && suf == "" {
		return nil, false
	}
	words := []string{w}
	add := func(x string) {
		if !slices.Contains(words, x) {
			words = append(words, x)
		}
	}
	if suf != "" {
		add(pre + n + suf)
		return words, true
	}
	for _, d := range dishes {
		if d != "" && d[0] >= 0x80 {
			add(pre + d)
		}
	}
	return words, true
}

// dishIs reports whether the recommended dish d is the dish named w. A
// Latin name is found anywhere in it; after a Chinese one, which Chinese
// puts before the head it qualifies, no other food's head may end the
// dish: 酥不腻烤鸭, 招牌盐水鸭 and 鸭血粉丝汤 are the dish; 北京烤鸭肉饼 is a pie
// (brackets after the name are ignored: 热干面(大份)).
func dishIs(d, w string) bool {
	k := strings.LastIndex(d, w)
	if k < 0 {
		return false
	}
	if w[0] < 0x80 {
		return true
	}
	rest := strings.TrimSpace(d[k+len(w):])
	if i := strings.IndexAny(rest, "(（["); i >= 0 {
		rest = strings.TrimSpace(rest[:i])
	}
	for _, h := range otherFood {
		if strings.HasSuffix(rest, h) && !strings.HasSuffix(w, h) {
			return false
		}
	}
	return true
}

// Sought reports whether a wish is a food at all for these restaurants:
// some restaurant serves it.
func (f Food) Sought(rs []orchestrator.Restaurant) bool {
	for i := range rs {
		if f.Serves(&rs[i]) {
			return true
		}
	}
	return false
}

// Signature dishes. A city's signature dishes are those many of its own
// restaurants recommend (盐水鸭 in Nanjing, 热干面 in Wuhan): a dish, its
// leading 招牌/特色/秘制/老 and city words stripped (DishKey), recommended
// by SignatureShare of the restaurants with recommended dishes and at
// least SignatureMin of them, and distinctive of the city's own cooking:
// more than half of those recommending it are neither foreign, light
// fare, a buffet nor of another region's cooking (concepts.Local.Other;
// for a city the local-food table lacks, hot pot counts as another
// region's). So 毛肚 and 鸭肠, which every hot-pot house lists in every
// city, are signature dishes of Chongqing and Chengdu, where hot pot is
// the local cooking, and not of Nanjing; 提拉米苏 (cafés, western
// restaurants) and 三文鱼 (Japanese restaurants, buffets) are nowhere.
const (
	SignatureShare = 0.02
	SignatureMin   = 3
	chainMin       = 2
)

// dishPrefixes are stripped from a dish before it is counted.
var dishPrefixes = []string{"招牌", "特色", "秘制", "正宗", "传统", "老", "金陵", "南京", "杭州", "西湖", "武汉", "北京", "老北京", "上海", "苏州", "成都", "重庆", "广州", "广式", "深圳", "苏式", "港式"}

// DishKey is a dish with its leading prefixes stripped.
func DishKey(d string) string {
	d = strings.TrimSpace(d)
	for again := true; again; {
		again = false
		for _, p := range dishPrefixes {
			if strings.HasPrefix(d, p) && len(d) > len(p)+3 {
				d, again = d[len(p):], true
			}
		}
	}
	return d
}

// ChainName is a restaurant's name without its branch: "海底捞火锅(西湖店)"
// is "海底捞火锅".
func ChainName(name string) string {
	if i := strings.IndexAny(name, "(（"); i > 0 {
		return strings.TrimSpace(name[:i])
	}
	return name
}

// LocalFact is what a restaurant is to its city's food.
type LocalFact struct {
	// Signature counts (up to 2) the city's signature dishes among its
	// recommended ones.
	Signature int8
	// Cuisine: it cooks the city's own food (concepts.Local.Restaurant).
	Cuisine bool
	// Foreign: food from abroad, in a city the local-food table knows.
	Foreign bool
	// Other: another region's Chinese cooking (concepts.Local.Other).
	Other bool
	// Chain: a branch of a chain with two or more branches in the city
	// (only in catalogs with recommended dishes).
	Chain bool
	// Fare: light fare (a café, bakery, tea or dessert place by its
	// labels), a buffet, or a hotel's lobby bar, lounge or café
	// (concepts.HotelFare): never the local specialties.
	Fare bool
}

// Local reports whether the restaurant serves the local specialties: the
// city's own cuisine, or a signature dish at a restaurant neither foreign
// nor of another region's cooking.
func (f LocalFact) Local() bool {
	return !f.Fare && (f.Cuisine || f.Signature > 0 && !f.Foreign && !f.Other)
}

// LocalFacts returns, per restaurant of a city's catalog rs, its
// LocalFact.
func LocalFacts(city string, rs []orchestrator.Restaurant) []LocalFact {
	out, _ := localFacts(city, rs)
	return out
}

// SignatureDishes lists a city's signature dishes (DishKey), sorted.
func SignatureDishes(city string, rs []orchestrator.Restaurant) []string {
	_, sig := localFacts(city, rs)
	out := make([]string, 0, len(sig))
	for k := range sig {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// localFacts returns the restaurants' facts and the city's signature
// dishes.
func localFacts(city string, rs []orchestrator.Restaurant) ([]LocalFact, map[string]bool) {
	out := make([]LocalFact, len(rs))
	row := concepts.LocalFor(city)
	if row == nil && !slices.ContainsFunc(rs, func(r orchestrator.Restaurant) bool { return len(r.Dishes) > 0 }) {
		return out, nil // nothing local to know (TravelPlanner's catalogs)
	}
	hotpot := concepts.Lookup("火锅", concepts.Cuisine)
	buffet := concepts.Lookup("自助餐", concepts.Cuisine)
	own := make([]bool, len(rs))
	for i := range rs {
		r := &rs[i]
		f := &out[i]
		kind := row.Kind(r.Name, r.Cuisines)
		foreign := kind == concepts.KindForeign
		f.Cuisine = kind == concepts.KindLocal
		f.Foreign = row != nil && foreign
		f.Other = kind == concepts.KindOther
		other := f.Other || row == nil && hotpot != nil && hotpot.Restaurant(r.Name, r.Cuisines)
		own[i] = !foreign && !other && !concepts.LightMeal(r.Cuisines) && !(buffet != nil && buffet.Restaurant(r.Name, r.Cuisines))
		if row != nil {
			f.Fare = concepts.LightMeal(r.Cuisines) || concepts.Buffet(r.Name, r.Cuisines) || concepts.HotelFare(r.Name, r.Cuisines)
			f.Cuisine = f.Cuisine && !f.Fare
		}
	}
	withDishes := 0
	counts := map[string][2]int{} // all, own
	chains := map[string]int{}
	for i := range rs {
		if len(rs[i].Dishes) == 0 {
			continue
		}
		withDishes++
		var seen []string
		for _, d := range rs[i].Dishes {
			if k := DishKey(d); k != "" && !slices.Contains(seen, k) {
				seen = append(seen, k)
				c := counts[k]
				c[0]++
				if own[i] {
					c[1]++
				}
				counts[k] = c
			}
		}
		chains[ChainName(rs[i].Name)]++
	}
	if withDishes == 0 {
		return out, nil
	}
	least := max(SignatureMin, int(SignatureShare*float64(withDishes)+0.5))
	sig := map[string]bool{}
	for k, c := range counts {
		if c[0] >= least && 2*c[1] > c[0] {
			sig[k] = true
		}
	}
	for i := range rs {
		n := int8(0)
		for _, d := range rs[i].Dishes {
			if n < 2 && sig[DishKey(d)] {
				n++
			}
		}
		out[i].Signature = n
		out[i].Chain = len(rs[i].Dishes) > 0 && chains[ChainName(rs[i].Name)] >= chainMin
		if n == 0 && out[i].Cuisine && row != nil {
			// A hotel's Chinese restaurant carries the city's label
			// whatever its kitchen (香宫, 万丽轩: Cantonese in Hangzhou):
			// local only with a signature dish or a local word of its own.
			if outlet, hotel := concepts.HotelOutlet(rs[i].Name); hotel && !row.Named(outlet) {
				out[i].Cuisine = false
			}
		}
	}
	return out, sig
}

// LocalReachKM is how near a restaurant serving the local specialties
// must be to the one a meal is at for the not_local objection: 3 km, a
// short taxi ride or two metro stops, about the planner's meal reach
// within a district.
const LocalReachKM = 3.0

// localCache keeps the LocalFacts of catalogs: by Ref and city for a
// shared one, else by the catalog's first element, length and city (the
// entry holds the catalog, so its memory is not reused while the entry
// lives); emptied when it holds localCacheSize.
var localCache struct {
	sync.Mutex
	m map[localKey]localEntry
}

type localKey struct {
	ref, city string
	first     *orchestrator.Restaurant
	n         int
}

type localEntry struct {
	rs    []orchestrator.Restaurant
	facts []LocalFact
}

const localCacheSize = 64

// localFactsOf returns LocalFacts of a city's catalog, kept.
func localFactsOf(cd *orchestrator.CityData) []LocalFact {
	if cd == nil || cd.Restaurants == nil {
		return nil
	}
	return KeptLocalFacts(cd.Name, cd.Restaurants.Value, cd.Restaurants.Ref)
}

// KeptLocalFacts is LocalFacts of a city's catalog rs (ref its Ref, ""
// when none), kept for the next call on the same catalog (by ref, else
// by the catalog's memory, which the kept entry holds). The result is
// shared: read only.
func KeptLocalFacts(city string, rs []orchestrator.Restaurant, ref string) []LocalFact {
	if len(rs) == 0 {
		return nil
	}
	key := localKey{ref: ref, city: orchestrator.CanonicalCity(city), n: len(rs)}
	if key.ref == "" {
		key.first = &rs[0]
	}
	localCache.Lock()
	e, ok := localCache.m[key]
	localCache.Unlock()
	if ok {
		return e.facts
	}
	f := LocalFacts(city, rs)
	localCache.Lock()
	if localCache.m == nil || len(localCache.m) >= localCacheSize {
		localCache.m = map[localKey]localEntry{}
	}
	localCache.m[key] = localEntry{rs, f}
	localCache.Unlock()
	return f
}

// lightWords mark a place of drinks or desserts in the name of one the
// data gives no label: milk tea, coffee, juice.
var lightWords = []string{"奶茶", "茶饮", "咖啡", "coffee", "café", "bubble tea", "甜品", "果汁"}

// Venue kinds UnfitVenue returns.
const (
	VenueFits  = ""
	VenueBar   = "bar"
	VenueLight = "light"
)

// Bar reports whether a restaurant is a bar, pub, KTV or nightclub
// (concepts.BarPlace).
func Bar(name string, cuisines []string) bool {
	return concepts.BarPlace(concepts.RestaurantPlace(name, cuisines))
}

// UnfitVenue says why a restaurant does not fit a lunch or dinner: a bar
// for a party with children (VenueBar), or light fare only (VenueLight:
// desserts, cafés, tea, bars by their labels, or drinks by the name of an
// unlabelled one); VenueFits when it fits.
func UnfitVenue(name string, cuisines []string, children bool) string {
	p := concepts.RestaurantPlace(name, cuisines)
	return unfitVenue(concepts.BarPlace(p), lightPlace(p), children)
}

// LightName reports whether an unlabelled folded restaurant is named as a
// place of drinks or desserts (lightWords: 奶茶, 咖啡, 甜品…).
func LightName(p concepts.Place) bool { return !p.Labelled() && hasAny(p.Name(), lightWords) }

// lightPlace is UnfitVenue's light fare on a folded restaurant.
func lightPlace(p concepts.Place) bool {
	return concepts.LightPlace(p) || !p.Labelled() && hasAny(p.Name(), lightWords)
}

// unfitVenue is UnfitVenue on a restaurant's bar and light facts.
func unfitVenue(bar, light, children bool) string {
	if children && bar {
		return VenueBar
	}
	if light {
		return VenueLight
	}
	return VenueFits
}

// asks reports whether the brief asks for what r serves: a cuisine of
// its or a food it wishes.
func asks(b *orchestrator.Brief, r *orchestrator.Restaurant) bool {
	for _, c := range b.Constraints.Cuisines {
		if concepts.For(c, concepts.Cuisine).Restaurant(r.Name, r.Cuisines) {
			return true
		}
	}
	for _, w := range Wishes(b) {
		if NewFood(w).Serves(r) {
			return true
		}
	}
	for _, in := range b.Interests { // tea, cafés: light fare asked for
		if c := concepts.Lookup(in, concepts.Cuisine); c != nil && c.Restaurant(r.Name, r.Cuisines) {
			return true
		}
	}
	return false
}

// localAt returns the local facts of the catalog restaurant id of a city
// (ok false when not found).
func localAt(cd *orchestrator.CityData, facts []LocalFact, id string) (LocalFact, bool) {
	for i := range cd.Restaurants.Value {
		if cd.Restaurants.Value[i].ID == id && i < len(facts) {
			return facts[i], true
		}
	}
	return LocalFact{}, false
}

// localFood counts the local-specialties wish: sought when a trip city
// (not home) has a restaurant serving them, served when a meal is at one.
func (o *objector) localFood() {
	sought, served := false, false
	for _, cv := range o.it.Cities {
		if cd := o.cityData(cv.City); cd != nil && !o.atHome(cv.City) && slices.ContainsFunc(o.localFactsOf(cd), LocalFact.Local) {
			sought = true
		}
	}
	if !sought {
		return
	}
	o.sought++
	for _, d := range o.it.Days {
		for _, m := range d.Meals {
			if cd := o.cityData(m.City); cd != nil && cd.Restaurants != nil {
				if f, ok := localAt(cd, o.localFactsOf(cd), m.RestaurantID); ok && f.Local() {
					served = true
				}
			}
		}
	}
	if served {
		o.served++
	} else {
		o.add(ObjFoodMissed, 0, "local specialties are served in the data but at no meal")
	}
}

// mealsFit objects to lunches and dinners at places unfit for the meal
// or the party (ObjVenue) and, when the local specialties are asked for,
// to each one serving none while a restaurant that does is open then
// within LocalReachKM of it (ObjNotLocal).
func (o *objector) mealsFit(s *scorer) {
	local := o.trip != nil && WantsLocal(o.b)
	kids := o.b.Travelers.Children > 0
	var avoid []Food
	for _, a := range o.b.Constraints.AvoidFoods {
		avoid = append(avoid, NewFood(a))
	}
	for _, d := range o.it.Days {
		for _, m := range d.Meals {
			if m.Slot == orchestrator.Breakfast && local && !o.atHome(m.City) {
				o.notLocalBreakfast(d, m)
			}
			if m.Slot != orchestrator.Lunch && m.Slot != orchestrator.Dinner {
				continue
			}
			r, f := s.restaurant(m)
			if r != nil {
				for _, a := range avoid {
					if a.Serves(r) {
						o.add(ObjAvoided, d.Day, "%s of %s at %s serves %s, which was declined", m.Slot, m.Time, m.Name, a.Wish)
						break
					}
				}
			}
			if f != nil {
				if why := unfitVenue(f.Bar, f.Light || !f.Place.Labelled() && hasAny(f.Place.Name(), lightWords), kids); why == VenueBar || why == VenueLight && !asks(o.b, r) {
					o.add(ObjVenue, d.Day, "%s of %s at %s (%s)", m.Slot, m.Time, m.Name, venueWords[why])
				}
			}
			if local && !o.atHome(m.City) {
				o.notLocal(d, m)
			}
		}
	}
}

var venueWords = map[string]string{VenueBar: "a bar for a party with children", VenueLight: "drinks or desserts only"}

// notLocal objects to meal m of day d when it serves no local
// specialty and one is open then within LocalReachKM.
func (o *objector) notLocal(d orchestrator.Day, m orchestrator.Meal) {
	cd := o.cityData(m.City)
	if cd == nil || cd.Restaurants == nil {
		return
	}
	facts := o.localFactsOf(cd)
	if f, ok := localAt(cd, facts, m.RestaurantID); !ok || f.Local() {
		return
	}
	at, ok := orchestrator.ParseClock(m.Time)
	if !ok || m.Location == nil {
		return
	}
	wd := orchestrator.Weekday(d.Date)
	end := at + orchestrator.MealMinutes(m.Slot)
	for i := range cd.Restaurants.Value {
		r := &cd.Restaurants.Value[i]
		if !facts[i].Local() || r.Location == nil || m.Location.DistanceKM(*r.Location) > LocalReachKM {
			continue
		}
		if len(r.Hours) > 0 && !orchestrator.OpenDuring(r.Hours, wd, at, end) {
			continue
		}
		o.add(ObjNotLocal, d.Day, "%s at %s (%s) serves no local specialty; %s does, %.1f km away", m.Slot, m.Name, strings.Join(m.Cuisines, ", "), r.Name, m.Location.DistanceKM(*r.Location))
		return
	}
}

// LocalBreakfast reports whether a breakfast place serves local fare
// (早茶, 小笼包, 豆浆油条, 热干面) for the local specialties: it serves them
// (LocalFact.Local), or it is neither from abroad nor of another region's
// cooking and either recommends a signature dish of the city or is no
// light fare (a café, bakery or dessert shop by its labels, or by the name
// of an unlabelled one). The planner's breakfast choice and the not_local
// objection read it.
func LocalBreakfast(f LocalFact, p concepts.Place) bool {
	return f.Local() || BreakfastFare(f.Foreign, f.Other, f.Signature, p)
}

// BreakfastFare is LocalBreakfast's second half, on a restaurant's facts.
func BreakfastFare(foreign, other bool, signature int8, p concepts.Place) bool {
	return !foreign && !other && (signature > 0 || !concepts.LightPlace(p) && !LightName(p))
}

// notLocalBreakfast objects to breakfast m of day d when the local
// specialties are asked for and it is no LocalBreakfast while a place
// serving breakfast that is one is open then within LocalReachKM.
func (o *objector) notLocalBreakfast(d orchestrator.Day, m orchestrator.Meal) {
	cd := o.cityData(m.City)
	if cd == nil || cd.Restaurants == nil || m.Location == nil {
		return
	}
	facts := o.localFactsOf(cd)
	rs := cd.Restaurants.Value
	k := slices.IndexFunc(rs, func(r orchestrator.Restaurant) bool { return r.ID == m.RestaurantID })
	if k < 0 || k >= len(facts) || LocalBreakfast(facts[k], concepts.RestaurantPlace(rs[k].Name, rs[k].Cuisines)) {
		return
	}
	at, ok := orchestrator.ParseClock(m.Time)
	if !ok {
		return
	}
	wd := orchestrator.Weekday(d.Date)
	for i := range rs {
		r := &rs[i]
		if i >= len(facts) || r.Location == nil || m.Location.DistanceKM(*r.Location) > LocalReachKM ||
			concepts.BreakfastClass(r.Name, r.Cuisines) != concepts.BreakfastServed ||
			len(r.Hours) > 0 && !orchestrator.OpenDuring(r.Hours, wd, at, at+orchestrator.BreakfastMinutes) {
			continue
		}
		if LocalBreakfast(facts[i], concepts.RestaurantPlace(r.Name, r.Cuisines)) {
			o.add(ObjNotLocal, d.Day, "breakfast at %s (%s) is no local fare; %s is, %.1f km away", m.Name, strings.Join(m.Cuisines, ", "), r.Name, m.Location.DistanceKM(*r.Location))
			return
		}
	}
}

// localMeal reports whether meal m is at a restaurant serving its city's
// local specialties.
func localMeal(trip *orchestrator.Trip, m orchestrator.Meal) bool {
	if trip == nil {
		return false
	}
	for i := range trip.Cities {
		if cd := &trip.Cities[i]; cd.Restaurants != nil && orchestrator.SameCity(cd.Name, m.City) {
			f, ok := localAt(cd, localFactsOf(cd), m.RestaurantID)
			return ok && f.Local()
		}
	}
	return false
}

// TravellerMealCategories is MealCategories(it, nil) with, when the brief
// asks for the local specialties, the meals serving them left without a
// category: their repeats are what the traveller asked for.
func TravellerMealCategories(b *orchestrator.Brief, trip *orchestrator.Trip, it *orchestrator.Itinerary) [][]string {
	days := MealCategories(it, nil)
	if b == nil || !WantsLocal(b) {
		return days
	}
	for di, d := range it.Days {
		var ms []orchestrator.Meal
		for _, m := range d.Meals {
			if m.Slot != orchestrator.Breakfast {
				ms = append(ms, m)
			}
		}
		slices.SortStableFunc(ms, func(x, y orchestrator.Meal) int { return strings.Compare(x.Time, y.Time) })
		for k, m := range ms {
			if k < len(days[di]) && localMeal(trip, m) {
				days[di][k] = ""
			}
		}
	}
	return days
}
