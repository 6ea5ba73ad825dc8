// Package planner builds a day-by-day Itinerary from a Brief and the Trip
// data gathered for it — deterministic code, no model. It allocates days to
// cities (a fixed route, or cities chosen from the candidates the Trip
// holds), picks transport legs, accommodation, attractions and meals against
// the brief's hard constraints, orders each day by travel time and opening
// hours, and prices three tiers with exact integer-cent arithmetic.
//
// Plan is a pure function: the same brief, trip and options always give the
// same itinerary, ties being broken by sorted keys.
package planner

import (
	"cmp"
	"context"
	"hash/fnv"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// Options tune a plan. The zero value plans with defaults.
type Options struct {
	// Cities is how many cities to visit when the brief fixes no route and
	// the Trip holds more candidate cities than that (e.g. a region). Zero
	// means the number of the brief's destinations found in the Trip, or 1.
	Cities int
	// MaxCandidates bounds the candidate cities the route search permutes;
	// zero means 12.
	MaxCandidates int
	// Tier forces the tier of the returned days; empty picks the most
	// comfortable tier within the budget (mid when there is no budget).
	Tier orchestrator.Tier
	// Direct books only the data's direct options between consecutive
	// cities: no connections through hubs and no modelled ground hops
	// (the TravelPlanner rules).
	Direct bool
}

// Day timing, in minutes after midnight.
const (
	dayStart      = 8 * 60
	dayEnd        = 21*60 + 30
	breakfastFrom = 7*60 + 30
	breakfastLast = 9*60 + 30
	lunchFrom     = 11*60 + 30
	lunchLast     = 14 * 60
	// lateLunchLast is the latest lunch after a must-see sight that lunch
	// first would leave no time for.
	lateLunchLast = 15*60 + 45
	// relaxedMealRest is the longer lunch and dinner of a relaxed pace:
	// minutes after the meal before the next visit.
	relaxedMealRest = 20
	// relaxedVisitMore is how much longer a relaxed pace may stay at a
	// sight, up to the data's longest recommended visit.
	relaxedVisitMore = 60
	dinnerFrom       = 17*60 + 30
	// earlyDinnerFrom is the earliest dinner before an evening departure
	// (quality.EarlyDinner).
	earlyDinnerFrom = quality.EarlyDinner
	dinnerLast      = 20*60 + 30
	breakfastLen    = orchestrator.BreakfastMinutes
	lunchLen        = orchestrator.LunchMinutes
	dinnerLen       = orchestrator.DinnerMinutes
	defaultVisit    = 90
	eveningFrom     = 18 * 60
	mealTravel      = 20
	mealReachKM     = 7.0
	eveningEnd      = 22*60 + 30
	minWindow       = 60
)

// paceStops is how many attractions a full day holds at each pace.
var paceStops = map[string]int{"relaxed": 2, "moderate": 3, "packed": 4}

// Plan builds the itinerary for b from trip. b should be normalized
// (Brief.Normalize). Plan returns an EUNPROCESSABLE *orchestrator.Error when
// no plan can be built from the data (a city missing from the trip, no
// transport for a leg, no accommodation meeting the constraints); a plan
// that only misses the budget is returned with an over_budget finding.
func Plan(b *orchestrator.Brief, trip *orchestrator.Trip, opts Options) (*orchestrator.Itinerary, error) {
	return PlanContext(context.Background(), b, trip, opts)
}

// PlanContext is Plan honouring ctx: the route search and the tier
// variants stop when ctx is done, returning its error.
func PlanContext(ctx context.Context, b *orchestrator.Brief, trip *orchestrator.Trip, opts Options) (*orchestrator.Itinerary, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	w, err := newWorld(b, trip, opts)
	if err != nil {
		return nil, err
	}
	defer w.release()
	w.ctx = ctx
	r, err := w.searchRoute()
	if err != nil {
		return nil, err
	}
	return w.build(r)
}

// world is everything Plan derives from its inputs before choosing.
type world struct {
	ctx    context.Context
	b      *orchestrator.Brief
	trip   *orchestrator.Trip
	opts   Options
	people int
	days   int
	dates  []string
	// origin is the brief's origin as the trip spells it ("" for none).
	origin    string
	originKey string
	currency  string
	limit     int64 // group budget in cents; -1 when none
	pace      int
	// paceMax is the most stops a day may hold when filling an idle
	// afternoon (quality.PaceCap).
	paceMax int
	// gentle is set for a party that keeps gentle hours (quality.Gentle):
	// legs leaving before 07:00 or arriving after 22:00 door to door are
	// odd for it (oddDoor).
	gentle bool
	// night is set when the brief asks for night views
	// (quality.WantsNight).
	night bool
	// kids is set for a party with a child under quality.GentleChildAge:
	// no visit ends after quality.KidsLatest.
	kids bool
	// mealRest is the time a relaxed pace adds after lunch and dinner
	// before the next visit (relaxedMealRest).
	mealRest int

	exclude  map[string]bool
	prefer   []string
	cuisines []string // requested cuisines, folded
	// cuisineNames are the requested cuisines as the brief spells them.
	cuisineNames []string
	// cuisineConcepts are the requested cuisines read through the concept
	// table, in the order of cuisines.
	cuisineConcepts []*concepts.Concept
	// nCuisines counts the brief's cuisines at the head of cuisines; the
	// foods asked for (quality.Wishes) that some restaurant of the trip
	// serves follow them, foods[k] at nCuisines+k, so the meal chooser
	// covers a food as it covers a cuisine.
	nCuisines int
	foods     []quality.Food
	// avoid are the foods the brief declines (Constraints.AvoidFoods):
	// no lunch or dinner where they are the fare while enough other
	// restaurants are open (avoided).
	avoid     []quality.Food
	avoidSeen map[*orchestrator.Restaurant]bool // avoided's answers, by restaurant, for this plan
	rules     []string
	roomType  string

	// foreignAsked: the brief asks for food from abroad
	// (quality.AsksForeign); else such places are no lunch or dinner
	// while enough others are open.
	foreignAsked bool

	// interests are the brief's interests read through the concept table.
	interests []*concepts.Concept

	cities []*city // candidates (or the route), in trip order
	byKey  map[string]*city
	// scratch is buildVariant's, one variant at a time (from scratchPool,
	// returned by release).
	scratch *variantScratch
	legs    map[[2]string][]*option
	// names spells every city of the transport data as the trip does;
	// places lists their keys, sorted (the hubs a journey may change at).
	names  map[string]string
	places []string
	// hops, positions and journeyMemo memoize ground hops, city
	// positions and journeys (journey.go).
	hops        map[[3]string][]*option
	positions   map[string]orchestrator.GeoPoint
	journeyMemo map[journeyKey][]*option
	// jshare is set when journeys are shared with plans of the same
	// signature jsig (journeySig).
	jshare bool
	jsig   [32]byte

	// ids numbers the origin (0) and the cities (1…) for the dense memo of
	// cheapest legs, indexed by from, to, day and family.
	ids     map[string]int
	legMemo []*option
	legDone []bool
	// usableMemo holds usable's lists by the same key, once computed
	// (usableDone); nil while the brief's constraints are relaxed.
	usableMemo [][]*option
	usableDone []bool
	// transitMemo holds legTransit+1 per leg key (0: not computed).
	transitMemo []int
	// dated is set when some transport option runs on a given date only.
	dated bool
	// gaps lets the route search plan legs that no service covers (the
	// last resort: a partial plan with a no_route finding).
	gaps bool
	// dpF and dpG are scratch for the route search's cuisine programme.
	dpF, dpG []int64
	notes    []orchestrator.Finding
	// mustFound[m] is set when must_visit entry m resolved to an
	// attraction of some city.
	mustFound []bool
	// unconvertible records the findings already made by price.
	unconvertible map[string]bool
	// stamp is the last stamp handed out for restaurant marks.
	stamp uint32
	// arenas hold the cities' large slices (release).
	arenas []*cityArena
}

// city is a candidate city with its data priced and filtered.
type city struct {
	id     int
	name   string
	key    string
	data   *orchestrator.CityData
	center *orchestrator.GeoPoint

	attractions []*attraction // ranked, best first
	restaurants []*restaurant // every restaurant with a known price
	hotels      []*hotel      // those meeting the room constraints
	hotelData   bool          // the trip held hotel data at all
	restData    bool
	wet         map[string]bool // date → wet
	matrix      *orchestrator.TravelMatrix
	// matrixRow finds a place's row in matrix; afacts are the facts of
	// the attractions (the catalog index).
	matrixRow map[string]int
	afacts    *attrFacts
	// rfacts are the facts of the restaurants (the catalog index);
	// restAll holds the plan's restaurants by catalog index (r nil for
	// one left out), byPrice those of restaurants in price order, and
	// breakfastPrices the prices of the breakfast places, in order (both
	// when first needed); pointRows the distance rows of points the plan
	// made up.
	rfacts          *restFacts
	hfacts          *hotelFacts
	restAll         []restaurant
	byPrice         []*restaurant
	breakfastPrices []int64
	breakfastDone   bool
	// breakfastBy are the restaurants in price order by breakfast class
	// (breakfastLists).
	breakfastBy *[4][]int32
	pointRows   []pointRowEntry
	// factPrices is set when the plan prices every restaurant as the
	// data does (its currency): rfacts' price orders are the plan's.
	factPrices bool
	// tops are the plan's attraction choices (pickTop).
	tops []topPick
	// attrAll holds the plan's attractions by catalog index; defaultRank
	// is set when they are ranked as the catalog index ranks them for a
	// brief without interests or must-see sights (afacts.order, every
	// score the default one), so that pickTop's choice depends on the
	// catalog alone.
	attrAll     []attraction
	defaultRank bool
	// arena holds the city's large slices.
	arena *cityArena

	hotelMemo map[int]*hotel // nights → cheapest hotel
	stayMemo  map[int]*stayList
	mealMemo  map[int][]int64
	// mustMask holds the must_visit entries this city's attractions
	// satisfy (bit m for entry m).
	mustMask uint64
}

type attraction struct {
	a     *orchestrator.Attraction
	idx   int
	score float64
	price int64 // per person, cents
	visit int   // minutes
	// imask holds the brief's interests the attraction meets (bit i for
	// interest i).
	imask int
	// evening is set for sights best visited after dark; once names the
	// once-per-trip group (river cruises) it belongs to.
	evening bool
	// morning is set for sights best in the morning (a panda base): a
	// day visits them first, and not after quality.MorningBy unless they
	// are must-see.
	morning bool
	// notBefore is set for a sight the traveller asked to see in the
	// afternoon (Brief.VisitTimes): a window visits it last, starting no
	// earlier than notBefore (minutes after midnight).
	notBefore int
	once      string
	// core is the name folded by concepts.Core.
	core string
	// must lists the brief's must_visit entries (indexes) it resolves.
	must []int
	// hours are its opening hours, read (the catalog index; nil: read
	// from a when needed); ref its position prepared (nil: none, or not
	// prepared).
	hours *openHours
	ref   *orchestrator.GeoRef
	// mark holds the stamp of the set of visits it is in (attrSet).
	mark uint32
}

// attrSet is a set of a plan's attractions: those marked cur, or base —
// a trial walk adds to a copy of the set (cur a new stamp, base the set's)
// without changing the set itself. The zero value is empty.
type attrSet struct{ base, cur uint32 }

// newAttrSet returns a new, empty set.
func (w *world) newAttrSet() attrSet {
	s := w.newStamp()
	return attrSet{s, s}
}

// trial returns a copy of u to add to without adding to u: what is added
// to it is no longer in any set once a later set is in use.
func (w *world) trial(u attrSet) attrSet { return attrSet{u.cur, w.newStamp()} }

func (u attrSet) has(a *attraction) bool { return a.mark != 0 && (a.mark == u.cur || a.mark == u.base) }
func (u attrSet) add(a *attraction)      { a.mark = u.cur }

type restaurant struct {
	r *orchestrator.Restaurant
	// f are its facts in the catalog index: breakfast class, light meal,
	// category, opening hours read (nil: a restaurant made by hand, its
	// facts the zero ones but its category and hours read from r).
	f     *restFact
	idx   int
	price int64 // per person, cents
	mask  int   // requested cuisines served
	// Marks of the meal choice, valid while equal to a stamp of the plan
	// (world.newStamp): in the set of used restaurants (used); taken by
	// slot owner of an assignment (own); seen by an augmenting path
	// (seen); eligible with weight (weighed); a member of a set whose
	// prices are ranked (member).
	used, own, seen, weighed, member uint32
	// span is f.span, read without f (0 for a restaurant without facts);
	// here, it takes the room the marks leave before owner.
	span   int32
	owner  int
	weight int64
	// estimate is set when the price is the city's median, the
	// restaurant having none.
	estimate bool
	// isLight is f.light, read without f (light).
	isLight bool
	// always and alwaysOnly are f.always and f.only, read without f
	// (open).
	always     [2]int32
	alwaysOnly bool
	hasLoc     bool
	// cat is f.cat, read without f (0 for a restaurant without facts:
	// see catID).
	cat int32
	// rate and hasLoc are r.r.Rating and whether r.r.Location is set,
	// read without r.r (rating, located).
	rate float64
}

// open reports whether r is open from start to end (minutes) on weekday
// wd: openFor on its hours.
func (r *restaurant) open(wd, start, end int) bool {
	// Within a span of every day, or outside the only one (restFact.always).
	if in := r.always[1] > 0 && start >= int(r.always[0]) && end <= int(r.always[1]); in || r.alwaysOnly {
		return in
	}
	if r.f == nil {
		return orchestrator.OpenDuring(r.r.Hours, wd, start, end)
	}
	return r.f.hours.open(wd, start, end)
}

// rating is r.r.Rating, read without r.r for a restaurant of the plan.
func (r *restaurant) rating() float64 {
	if r.f == nil {
		return r.r.Rating
	}
	return r.rate
}

// located reports whether r has a position (r.r.Location), read without
// r.r for a restaurant of the plan.
func (r *restaurant) located() bool {
	if r.f == nil {
		return r.r.Location != nil
	}
	return r.hasLoc
}

// light reports a place that is no lunch or dinner on its own (a bakery,
// café, tea house or bar: concepts.LightMeal).
func (r *restaurant) light() bool { return r.isLight }

// category is r's concepts.Category.
func (r *restaurant) category() string {
	if r.f == nil {
		return concepts.Category(r.r.Name, r.r.Cuisines)
	}
	return r.f.category
}

// catID is the number of r's category (categoryID).
func (r *restaurant) catID() int32 {
	if r.f == nil {
		return categoryID(r.category())
	}
	return r.cat
}

// categories numbers the restaurant categories (concepts.Category) met
// in the catalogs, process-wide: the folded cuisine labels and concept
// IDs of the data, a few hundred.
var categories = struct {
	sync.Mutex
	ids map[string]int32
}{ids: map[string]int32{}}

// categoryID returns the number of category k, the same for the same
// string and 0 for none (""), so that the meals' variety compares
// numbers instead of strings.
func categoryID(k string) int32 {
	if k == "" {
		return 0
	}
	categories.Lock()
	defer categories.Unlock()
	return categoryIDLocked(k)
}

// categoryIDLocked is categoryID with categories locked.
func categoryIDLocked(k string) int32 {
	if k == "" {
		return 0
	}
	id, ok := categories.ids[k]
	if !ok {
		if len(categories.ids) >= maxCategories {
			// Past the bound (catalogs from live providers over a
			// long run), a category is numbered by its hash, above
			// every counted number: two such categories may share a
			// number, and meal variety then counts them as one.
			h := fnv.New32a()
			h.Write([]byte(k))
			return maxCategories + 1 + int32(h.Sum32()&0x3fffffff)
		}
		id = int32(len(categories.ids) + 1)
		categories.ids[k] = id
	}
	return id
}

// maxCategories bounds the categories numbered one by one.
const maxCategories = 1 << 16

// newStamp returns a stamp no restaurant mark holds yet: a new, empty set.
func (w *world) newStamp() uint32 {
	w.stamp++
	return w.stamp
}

type hotel struct {
	h     *orchestrator.Accommodation
	idx   int
	price int64 // per room per night, cents
	rooms int
	night int64 // price × rooms
	dist  float64
	// ref is its position prepared (the catalog index; nil: none).
	ref *orchestrator.GeoRef
	// rating, minNights (clamped to int32) and located are h.Rating,
	// h.MinNights and whether h.Location is set, read without h: the
	// stay choice reads them for every hotel of the city and variant.
	rating    float64
	minNights int32
	located   bool
	// unknown is set when the brief names house rules and the data state
	// none for the hotel: it may be booked, behind hotels known to allow
	// them, with a finding asking the traveller to confirm.
	unknown bool
}

type option struct {
	o      *orchestrator.TransportOption
	price  int64 // per unit, cents
	units  int
	cost   int64
	depart int // -1: flexible
	arrive int
	dur    int
	// parts are the legs of a journey (nil for a direct option); via
	// names the cities it changes at.
	parts []part
	via   []string
}

func newWorld(b *orchestrator.Brief, trip *orchestrator.Trip, opts Options) (*world, error) {
	if trip == nil {
		return nil, orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "no trip data to plan from")
	}
	if b.Days <= 0 {
		return nil, orchestrator.FieldErrorf("days", "the brief has no number of days")
	}
	w := &world{
		ctx: context.Background(),
		b:   b, trip: trip, opts: opts,
		people:  max(1, b.Travelers.Total()),
		days:    b.Days,
		dates:   b.Dates(),
		limit:   -1,
		exclude: map[string]bool{},
		byKey:   map[string]*city{},
		legs:    map[[2]string][]*option{},
		ids:     map[string]int{},
		names:   map[string]string{},

		hops:        map[[3]string][]*option{},
		positions:   map[string]orchestrator.GeoPoint{},
		journeyMemo: map[journeyKey][]*option{},
	}
	if w.opts.MaxCandidates <= 0 {
		w.opts.MaxCandidates = 12
	}
	w.pace = paceStops[b.Pace]
	if w.pace == 0 {
		w.pace = paceStops["moderate"]
	}
	w.paceMax = quality.PaceCap(b.Pace)
	w.gentle = quality.Gentle(b)
	w.night = quality.WantsNight(b)
	w.kids = quality.KidsHours(b)
	if b.Pace == "relaxed" {
		w.mealRest = relaxedMealRest
	}
	for _, m := range b.Constraints.TransportExclude {
		w.exclude[m] = true
	}
	w.prefer = append([]string(nil), b.Constraints.TransportPrefer...)
	for _, c := range b.Constraints.Cuisines {
		f := strings.ToLower(strings.TrimSpace(c))
		if f != "" && !slices.Contains(w.cuisines, f) {
			w.cuisines = append(w.cuisines, f)
			w.cuisineNames = append(w.cuisineNames, strings.TrimSpace(c))
			w.cuisineConcepts = append(w.cuisineConcepts, concepts.For(c, concepts.Cuisine))
		}
	}
	if len(w.cuisines) > 10 {
		return nil, orchestrator.FieldErrorf("constraints.cuisines", "at most 10 cuisines can be planned for")
	}
	w.nCuisines = len(w.cuisines)
	w.addFoods()
	for _, a := range b.Constraints.AvoidFoods {
		w.avoid = append(w.avoid, quality.NewFood(a))
	}
	for _, a := range quality.PartyAvoids(b) { // spicy for a young child, heavy fare for older travellers
		w.avoid = append(w.avoid, a.Food)
	}
	w.foreignAsked = quality.AsksForeign(b)
	w.rules = append([]string(nil), b.Constraints.HouseRules...)
	w.roomType = b.Constraints.RoomType
	for _, in := range b.Interests {
		w.interests = append(w.interests, InterestConcept(in))
	}
	if err := w.pickCurrency(); err != nil {
		return nil, err
	}
	if b.Origin != "" {
		w.origin = b.Origin
		w.originKey = orchestrator.CanonicalCity(b.Origin)
	}
	for i := range trip.Cities {
		cd := &trip.Cities[i]
		k := orchestrator.CanonicalCity(cd.Name)
		if k == w.originKey || w.byKey[k] != nil {
			continue
		}
		c, err := w.newCity(cd)
		if err != nil {
			return nil, err
		}
		w.cities = append(w.cities, c)
		w.byKey[k] = c
		c.id = len(w.cities)
		w.ids[k] = c.id
	}
	if w.originKey != "" {
		w.ids[w.originKey] = 0
	}
	w.resolveMust()
	n := len(w.cities) + 1
	w.legMemo = make([]*option, n*n*w.days*numFams)
	w.legDone = make([]bool, len(w.legMemo))
	w.usableMemo = make([][]*option, len(w.legMemo))
	w.usableDone = make([]bool, len(w.legMemo))
	for _, c := range w.cities {
		w.names[c.key] = c.name
	}
	if w.originKey != "" {
		w.names[w.originKey] = w.origin
	}
	shared := w.addTransport(trip)
	for k := range w.names {
		w.places = append(w.places, k)
	}
	sort.Strings(w.places)
	w.journeySig(shared)
	return w, nil
}

// addTransport reads the trip's transport options into w.legs by pair of
// city keys (naming the cities it meets), and returns, per transport leg
// of the trip, its options shared with other plans (nil: read afresh).
func (w *world) addTransport(trip *orchestrator.Trip) []*legOptions {
	// The options: a leg with a content address shares its parsed options
	// with other plans (sharedLeg); the others' in one block (its capacity
	// never reached: the pointers stay).
	shared := make([]*legOptions, len(trip.Transport))
	nopts := 0
	for i := range trip.Transport {
		if shared[i] = w.sharedLeg(&trip.Transport[i]); shared[i] == nil {
			nopts += len(trip.Transport[i].Value.Options)
		}
	}
	var block []option
	if nopts > 0 {
		block = make([]option, 0, nopts)
	}
	// The cities' keys, each computed once: the transport data names a
	// few cities many times.
	type keyed struct{ name, key string }
	var keys []keyed
	canonical := func(name string) string {
		for _, k := range keys {
			if k.name == name {
				return k.key
			}
		}
		k := orchestrator.CanonicalCity(name)
		keys = append(keys, keyed{name, k})
		return k
	}
	for li := range trip.Transport {
		leg := &trip.Transport[li].Value
		lo := shared[li]
		var p [2]string
		if lo != nil {
			p = [2]string{lo.from, lo.to}
		} else {
			p = [2]string{canonical(leg.From), canonical(leg.To)}
		}
		if p[0] == "" || p[1] == "" || p[0] == p[1] {
			continue
		}
		for i, k := range p {
			if _, ok := w.names[k]; !ok {
				w.names[k] = []string{leg.From, leg.To}[i]
			}
		}
		if lo != nil {
			w.dated = w.dated || lo.dated
			if cur := w.legs[p]; len(cur) == 0 {
				w.legs[p] = lo.ops // shared: its capacity full, so an append copies
			} else if prev := sameOps(shared[:li], cur); prev != nil {
				w.legs[p] = prev.joined(lo) // shared too
			} else {
				w.legs[p] = append(cur, lo.ops...)
			}
			continue
		}
		if cur := w.legs[p]; cap(cur)-len(cur) < len(leg.Options) {
			w.legs[p] = slices.Grow(cur, len(leg.Options))
		}
		for i := range leg.Options {
			o := &leg.Options[i]
			price, err := w.cents(o.Price)
			if err != nil {
				// Not convertible: left out, with a finding (price).
				w.price(o.Price, "transport "+leg.From+" → "+leg.To)
				continue
			}
			w.dated = w.dated || o.Date != ""
			op, ok := parseOption(o, price, w.people)
			if !ok {
				continue
			}
			block = append(block, op)
			w.legs[p] = append(w.legs[p], &block[len(block)-1])
		}
	}
	return shared
}

// pickCurrency sets the plan currency (the budget's, else the data's) and
// the group budget in cents.
func (w *world) pickCurrency() error {
	data := w.dataCurrency()
	if bu := w.b.Budget; bu != nil {
		cur := strings.ToUpper(bu.Currency)
		if data != "" && cur != data && w.trip.FX == nil {
			// Without rates the budget cannot be compared: plan in the
			// data's currency and say so.
			w.currency = data
			w.notes = append(w.notes, orchestrator.Finding{
				Code: "budget_unchecked", Severity: orchestrator.SeverityWarning, Check: "budget",
				Message: "the budget is in " + cur + " but prices are in " + data + " and no exchange rates were gathered; the budget was not applied",
			})
			return nil
		}
		w.currency = cur
		total := bu.Amount
		if bu.PerPerson {
			total *= float64(w.people)
		}
		w.limit = int64(math.Round(total * 100))
		return nil
	}
	w.currency = data
	if w.currency == "" {
		w.currency = "USD"
	}
	return nil
}

// dataCurrency is the currency of the first priced item of the trip.
func (w *world) dataCurrency() string {
	for _, cd := range w.trip.Cities {
		switch {
		case cd.Hotels != nil && len(cd.Hotels.Value) > 0 && cd.Hotels.Value[0].Price.Currency != "":
			return strings.ToUpper(cd.Hotels.Value[0].Price.Currency)
		case cd.Restaurants != nil && len(cd.Restaurants.Value) > 0 && cd.Restaurants.Value[0].Price.Currency != "":
			return strings.ToUpper(cd.Restaurants.Value[0].Price.Currency)
		}
	}
	for _, l := range w.trip.Transport {
		if len(l.Value.Options) > 0 {
			return strings.ToUpper(l.Value.Options[0].Price.Currency)
		}
	}
	return ""
}

// price converts m to the plan currency. A price that cannot be converted
// (no exchange rate for its currency) leaves its item out of the plan, with
// one finding per currency and kind of item, instead of failing the plan.
func (w *world) price(m orchestrator.Money, what string) (int64, bool) {
	p, err := w.cents(m)
	if err == nil {
		return p, true
	}
	key := strings.ToUpper(m.Currency) + "\x00" + what
	if w.unconvertible == nil {
		w.unconvertible = map[string]bool{}
	}
	if !w.unconvertible[key] {
		w.unconvertible[key] = true
		w.notes = append(w.notes, orchestrator.Finding{
			Code: "price_unconvertible", Severity: orchestrator.SeverityWarning, Check: "budget", Subject: what,
			Message: "some " + what + " are priced in " + strings.ToUpper(m.Currency) + ", which cannot be converted to " + w.currency + " (" + orchestrator.ErrorMessage(err) + "); they were left out",
		})
	}
	return 0, false
}

// cents converts m to the plan currency, rounding half away from zero.
func (w *world) cents(m orchestrator.Money) (int64, error) {
	if m.Currency == "" || strings.EqualFold(m.Currency, w.currency) {
		return m.Cents, nil
	}
	fx := w.trip.FX
	if fx == nil {
		return 0, orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "prices in %s but the plan is in %s and no exchange rates were gathered", m.Currency, w.currency)
	}
	rate := func(c string) (float64, bool) {
		if strings.EqualFold(c, fx.Value.Base) {
			return 1, true
		}
		r, ok := fx.Value.Rates[strings.ToUpper(c)]
		return r, ok && r > 0
	}
	from, ok1 := rate(m.Currency)
	to, ok2 := rate(w.currency)
	if !ok1 || !ok2 {
		return 0, orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "no exchange rate from %s to %s", m.Currency, w.currency)
	}
	return int64(math.Round(float64(m.Cents) / from * to)), nil
}

func (w *world) newCity(cd *orchestrator.CityData) (*city, error) {
	c := &city{
		name: cd.Name, key: orchestrator.CanonicalCity(cd.Name), data: cd,
		wet:       map[string]bool{},
		hotelMemo: map[int]*hotel{},
		mealMemo:  map[int][]int64{},
	}
	if cd.Matrix != nil {
		c.matrix = &cd.Matrix.Value
		c.matrixRow = matrixFactsFor(cd.Matrix).row
	}
	if cd.Weather != nil {
		for _, d := range cd.Weather.Value.Days {
			c.wet[d.Date] = wetDay(d)
		}
	}
	// The centre: the geocoded place, else the coordinate-wise median of
	// the attractions (robust to outlying satellite towns).
	if cd.Place != nil {
		c.center = &orchestrator.GeoPoint{Lat: cd.Place.Value.Latitude, Lon: cd.Place.Value.Longitude}
	} else if cd.Attractions != nil {
		c.center = attractionsMedian(cd.Attractions)
	}
	// Attractions: priced, ranked. The catalog index holds what depends
	// on the catalog alone, and the ranking for a brief without interests
	// in the data's currency, which most plans can take as it is.
	if cd.Attractions != nil {
		facts := attractionFactsFor(cd.Attractions, c.center)
		c.afacts = facts
		matches := facts.interests(w.interests)
		ar := c.arenaOf(w)
		ar.attractions = sized(ar.attractions, len(cd.Attractions.Value))
		all := ar.attractions
		ranked := true
		ar.attrList = sized(ar.attrList, len(all))
		c.attractions = ar.attrList[:0]
		what := "attractions in " + cd.Name
		same := inCurrency(facts.currency, w.currency)
		// In the data's currency and without interests, the attractions
		// are those of the catalog index's template for the catalog at
		// hand.
		plain := same && len(w.interests) == 0 && facts.same != nil && len(all) > 0
		n := len(cd.Attractions.Value)
		if t := facts.template.Load(); plain && t != nil && len(t.as) == len(all) {
			copy(all, t.as)
			for i := range all {
				all[i].a = &cd.Attractions.Value[i]
				c.attractions = append(c.attractions, &all[i])
			}
			ranked = t.ranked
			plain, n = false, 0 // nothing to keep, nor to list
		}
		for i := range n {
			a, f := &cd.Attractions.Value[i], &facts.items[i]
			at := &all[i]
			*at = attraction{a: a, idx: i, visit: f.visit, evening: f.evening, morning: f.morning, once: f.once, core: f.core, hours: &f.hours}
			if a.Location != nil {
				at.ref = &f.ref
			}
			if a.Price != nil && same {
				at.price = a.Price.Cents // w.price's answer, the currency being the plan's
			} else if a.Price != nil {
				p, ok := w.price(*a.Price, what)
				if !ok {
					ranked = false
					continue
				}
				at.price = p
			}
			at.score = w.attractionScore(at, f, matches)
			ranked = ranked && at.score == f.defaultScore
			c.attractions = append(c.attractions, at)
		}
		if plain {
			t := &attrTemplate{slices.Clone(all), ranked}
			for i := range t.as {
				t.as[i].a = nil // the plan's catalog's
			}
			facts.template.Store(t)
		}
		c.attrAll = all
		if ranked {
			for i, k := range facts.order {
				c.attractions[i] = &all[k]
			}
			c.defaultRank = len(w.b.MustVisit) == 0
		} else if !facts.ranks.rank(c.attractions, all) {
			sortAttractions(c.attractions)
			facts.ranks.keep(c.attractions, all)
		}
	}
	if cd.Restaurants != nil {
		w.addRestaurants(c, cd)
	}
	if cd.Hotels != nil {
		w.addHotels(c, cd)
	}
	return c, nil
}

// addRestaurants gives c the restaurants of cd priced in the plan's
// currency, with the requested cuisines and foods each serves; plans that
// take them as they are share a template of them in the catalog index.
func (w *world) addRestaurants(c *city, cd *orchestrator.CityData) {
	facts := restaurantFactsFor(cd.Restaurants, cd.Name)
	c.rfacts = facts
	serves := facts.cuisines(w.cuisineConcepts)
	if len(w.foods) > 0 {
		serves = slices.Clone(serves)
		for k := range w.foods {
			col := make([]bool, len(cd.Restaurants.Value))
			for i := range col {
				col[i] = servesAt(w.foods[k], facts, cd, i)
			}
			serves[w.nCuisines+k] = col
		}
	}
	ar := c.arenaOf(w)
	ar.restaurants = sized(ar.restaurants, len(cd.Restaurants.Value))
	all := ar.restaurants
	c.restAll = all
	c.restData = len(cd.Restaurants.Value) > 0
	// Restaurants without a price (OpenStreetMap gives none and the
	// guide had no tier to estimate from) cost the median of the
	// city's priced restaurants, marked as an estimate; when none is
	// priced, meals cost nothing in the budget and a finding says so.
	ar.restList = sized(ar.restList, len(all))
	c.restaurants = ar.restList[:0]
	var median int64
	nknown := facts.priced
	if facts.currency == "" || !strings.EqualFold(facts.currency, w.currency) {
		// Prices to convert: the median of those that convert.
		known := make([]int64, 0, len(cd.Restaurants.Value))
		for i := range cd.Restaurants.Value {
			if r := &cd.Restaurants.Value[i]; r.Price.Currency != "" {
				if p, err := w.cents(r.Price); err == nil {
					known = append(known, p)
				}
			}
		}
		nknown, median = len(known), medianCents(known)
	} else {
		median = facts.median // every priced one in the plan's currency
		c.factPrices = true
	}
	if nknown == 0 && c.restData {
		w.notes = append(w.notes, orchestrator.Finding{
			Code: "meals_unpriced", Severity: orchestrator.SeverityWarning, Check: "budget", Subject: cd.Name,
			Message: "no restaurant in " + cd.Name + " has a known or estimated price; meals there are not counted in the budget",
		})
	}
	// With the data's prices and no cuisine asked, the restaurants are
	// those of the catalog index's template for the catalog at hand.
	plain := c.factPrices && len(w.cuisineConcepts) == 0 && facts.matches.shared && len(all) > 0
	n := len(cd.Restaurants.Value)
	if t := facts.template.Load(); plain && t != nil && len(t.rs) == len(all) {
		copy(all, t.rs)
		for i := range all {
			all[i].r = &cd.Restaurants.Value[i]
			c.restaurants = append(c.restaurants, &all[i])
		}
		plain, n = false, 0 // nothing to keep, nor to list
	}
	what := "restaurants in " + cd.Name
	same := inCurrency(facts.currency, w.currency)
	for i := range n {
		r := &cd.Restaurants.Value[i]
		var p int64
		estimate := false
		if r.Price.Currency == "" {
			p, estimate = median, nknown > 0
		} else if same {
			p = r.Price.Cents // w.price's answer, the currency being the plan's
		} else {
			var ok bool
			if p, ok = w.price(r.Price, what); !ok {
				continue
			}
		}
		rs := &all[i]
		f := &facts.items[i]
		*rs = restaurant{r: r, f: f, idx: i, price: p, estimate: estimate, isLight: f.light, always: f.always, alwaysOnly: f.only, span: f.span, cat: f.cat,
			rate: r.Rating, hasLoc: r.Location != nil}
		if len(w.cuisineConcepts) > 0 {
			for ci := range w.cuisineConcepts {
				if serves[ci][i] {
					rs.mask |= 1 << ci
				}
			}
		}
		c.restaurants = append(c.restaurants, rs)
	}
	if plain {
		t := &restTemplate{slices.Clone(all)}
		for i := range t.rs {
			t.rs[i].r = nil // the plan's catalog's
		}
		facts.template.Store(t)
	}
}

// addHotels gives c the hotels of cd meeting the brief's room
// constraints, priced for the group, from the catalog index's template
// when nothing else of the brief chooses them.
func (w *world) addHotels(c *city, cd *orchestrator.CityData) {
	facts := hotelFactsFor(cd.Hotels, c.center)
	c.hfacts = facts
	c.hotelData = len(cd.Hotels.Value) > 0
	same := inCurrency(facts.currency, w.currency)
	ar := c.arenaOf(w)
	ar.hotels = sized(ar.hotels, len(cd.Hotels.Value))
	ar.hotelList = sized(ar.hotelList, len(cd.Hotels.Value))
	if same && len(w.rules) == 0 && w.b.Travelers.Children == 0 && facts.shared && len(cd.Hotels.Value) > 0 {
		// Nothing of the brief but the group and the room type
		// (no children, who rule out hostels) chooses and prices
		// the hotels: they are those of the
		// catalog index's template for them.
		t := facts.hotelsFor(w.people, w.roomType, func() []hotel {
			n := len(cd.Hotels.Value)
			hs := w.cityHotels(cd, facts, same, make([]hotel, 0, n))
			for i := range hs {
				hs[i].h = nil // the plan's catalog's
			}
			return hs
		})
		block := ar.hotels[:len(t)]
		copy(block, t)
		c.hotels = ar.hotelList[:len(t)]
		for i := range block {
			block[i].h = &cd.Hotels.Value[block[i].idx]
			c.hotels[i] = &block[i]
		}
	} else {
		// The hotels, in one block (its capacity never reached: the
		// pointers stay).
		c.hotels = ar.hotelList[:0]
		block := w.cityHotels(cd, facts, same, ar.hotels[:0])
		for i := range block {
			c.hotels = append(c.hotels, &block[i])
		}
	}
}

// cityHotels appends to block (whose capacity holds every hotel of cd, so
// that pointers into it stay) the hotels of cd meeting the brief's room
// constraints, priced for the group.
func (w *world) cityHotels(cd *orchestrator.CityData, facts *hotelFacts, same bool, block []hotel) []hotel {
	what := "hotels in " + cd.Name
	var unfit []bool
	if w.b.Travelers.Children > 0 {
		unfit = facts.unfitForChildren(cd.Hotels.Value)
	}
	for i := range cd.Hotels.Value {
		h := &cd.Hotels.Value[i]
		if !orchestrator.RoomTypeSatisfies(h.RoomType, w.roomType) || h.MaxOccupancy <= 0 {
			continue
		}
		if unfit != nil && unfit[i] {
			continue // no hostel bed or capsule for a family
		}
		// Unknown rules (nil: the data state none) keep a hotel
		// eligible, behind those known to allow the rules; rules known
		// to forbid one leave it out.
		unknown := len(w.rules) > 0 && h.HouseRules == nil
		ok := true
		for _, rule := range w.rules {
			if h.HouseRules != nil && !h.HouseRules.Allows(rule) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		if h.Price.Currency == "" {
			continue // unpriced: cannot be budgeted
		}
		p := h.Price.Cents // w.price's answer when the currency is the plan's
		if !same {
			if p, ok = w.price(h.Price, what); !ok {
				continue
			}
		}
		block = append(block, hotel{h: h, idx: i, price: p, rooms: (w.people + h.MaxOccupancy - 1) / h.MaxOccupancy, unknown: unknown})
		ht := &block[len(block)-1]
		ht.night = ht.price * int64(ht.rooms)
		ht.dist = facts.dist[i]
		ht.rating, ht.located = h.Rating, h.Location != nil
		ht.minNights = int32(min(max(h.MinNights, math.MinInt32), math.MaxInt32))
		if h.Location != nil {
			ht.ref = &facts.refs[i]
		}
	}
	return block
}

// arenaOf returns the city's arena, taking one for it first.
func (c *city) arenaOf(w *world) *cityArena {
	if c.arena == nil {
		c.arena = w.arena()
	}
	return c.arena
}

// sortAttractions orders attractions best first (ties: data order).
func sortAttractions(as []*attraction) {
	if !slices.ContainsFunc(as, func(a *attraction) bool { return math.IsNaN(a.score) }) {
		// Without NaN the order is total (the catalog index breaks every
		// tie), so any sort gives the stable sort's result, and
		// slices.SortFunc is the fastest.
		slices.SortFunc(as, func(x, y *attraction) int {
			if c := cmp.Compare(y.score, x.score); c != 0 {
				return c
			}
			return cmp.Compare(x.idx, y.idx)
		})
		return
	}
	slices.SortStableFunc(as, func(x, y *attraction) int {
		if x.score != y.score {
			switch {
			case x.score > y.score:
				return -1
			case y.score > x.score:
				return 1
			}
			return 0 // NaN: neither goes first, as in a stable sort by less
		}
		return cmp.Compare(x.idx, y.idx)
	})
}

// wetDay reports whether a forecast day is too wet for outdoor visits.
func wetDay(d orchestrator.WeatherDay) bool {
	for _, r := range d.Risks {
		switch r {
		case "heavy_rain", "storm", "snow", "thunderstorm":
			return true
		}
	}
	if d.PrecipitationMM != nil && *d.PrecipitationMM >= 5 {
		return true
	}
	if d.PrecipitationPct != nil && *d.PrecipitationPct >= 70 {
		return true
	}
	if d.Code != nil {
		c := *d.Code
		if (c >= 61 && c <= 67) || (c >= 71 && c <= 77) || (c >= 80 && c <= 86) || c >= 95 {
			return true
		}
	}
	return false
}

func visitMinutes(a *orchestrator.Attraction) int {
	lo, hi := a.VisitMinMinutes, a.VisitMaxMinutes
	var v int
	switch {
	case lo > 0 && hi > 0:
		v = (lo + hi) / 2
	case hi > 0:
		v = hi
	case lo > 0:
		v = lo
	default:
		v = defaultVisit
	}
	return min(max(v, 30, visitFloor[a.Name]), 240)
}

// InterestConcept reads an interest through the concept table: a sight
// concept ("gardens", 园林), else a cuisine one ("hot pot" as an interest is
// met by a meal), else the term itself matched literally.
func InterestConcept(in string) *concepts.Concept {
	if c := concepts.Lookup(in, concepts.Sight); c != nil {
		return c
	}
	if c := concepts.Lookup(in, concepts.Cuisine); c != nil {
		return c
	}
	return concepts.For(in, concepts.Sight)
}

// attractionScore ranks an attraction: +100 per matched interest, its
// popularity and rating, minus up to 30 for the ticket (one point per 10
// currency units) and up to 40 for distance beyond 10 km from the centre.
// The catalog-only terms come from the attraction's facts (f.base, f.far:
// see scoreAttraction).
// matches[i] tells which attractions interest i matches (nil: none).
func (w *world) attractionScore(at *attraction, f *attrFact, matches [][]bool) float64 {
	matched := 0
	for i := range w.interests {
		if matches[i] != nil && matches[i][at.idx] {
			matched++
			if i < 30 {
				at.imask |= 1 << i
			}
		}
	}
	return scoreAttraction(matched, f.base, at.price, f.far)
}

// median returns the coordinate-wise median of pts, or nil.
func median(pts []orchestrator.GeoPoint) *orchestrator.GeoPoint {
	if len(pts) == 0 {
		return nil
	}
	lat := make([]float64, len(pts))
	lon := make([]float64, len(pts))
	for i, p := range pts {
		lat[i], lon[i] = p.Lat, p.Lon
	}
	slices.Sort(lat)
	slices.Sort(lon)
	return &orchestrator.GeoPoint{Lat: lat[len(lat)/2], Lon: lon[len(lon)/2]}
}

func centroid(pts []orchestrator.GeoPoint) *orchestrator.GeoPoint {
	if len(pts) == 0 {
		return nil
	}
	var lat, lon float64
	for _, p := range pts {
		lat += p.Lat
		lon += p.Lon
	}
	return &orchestrator.GeoPoint{Lat: lat / float64(len(pts)), Lon: lon / float64(len(pts))}
}

func (w *world) date(day int) string {
	if day < len(w.dates) {
		return w.dates[day]
	}
	return ""
}

// addFoods adds to the cuisines to cover the foods the brief asks for
// (quality.Wishes: its foods, else its interests and cuisines) that some
// restaurant of the trip serves by name, cuisine or recommended dish, and
// that no cuisine of the brief already names; at most ten in all.
func (w *world) addFoods() {
	for _, wish := range quality.Wishes(w.b) {
		f := strings.ToLower(strings.TrimSpace(wish))
		if f == "" || slices.Contains(w.cuisines, f) || len(w.cuisines) >= 10 {
			continue
		}
		food := quality.NewFood(wish)
		sought := false
		for i := range w.trip.Cities {
			cd := &w.trip.Cities[i]
			if cd.Restaurants != nil && orchestrator.CanonicalCity(cd.Name) != w.originKey && soughtIn(food, cd) {
				sought = true
				break
			}
		}
		if !sought {
			continue
		}
		w.cuisines = append(w.cuisines, f)
		w.cuisineNames = append(w.cuisineNames, strings.TrimSpace(wish))
		w.cuisineConcepts = append(w.cuisineConcepts, concepts.For(wish, concepts.Cuisine))
		w.foods = append(w.foods, food)
	}
}
