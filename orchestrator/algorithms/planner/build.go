package planner

import (
	"math"
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// variant is one way to build the plan: a tier, and whether optional
// travel-day meals and visits are left out (lean).
type variant struct {
	tier orchestrator.Tier
	lean bool
	// cheapLegs and cheapStay trim a tier towards a budget without the
	// lean plan's loss of travel days: the cheapest legs, or the cheapest
	// stays and meals, the rest at the tier (budgetVariants).
	cheapLegs, cheapStay bool
	// stayCap bounds the nightly price of the stays (for the rooms, cents)
	// of a tier fitted to the budget (fittedVariants); 0 for none.
	stayCap int64
	// mealTier prices the meals at another tier than tier ("" for tier):
	// a fitted comfort plan keeps the comfortable stay and eats at mid.
	mealTier orchestrator.Tier
	// keepLegs marks the days (bit d for 0-based day d) whose legs a
	// cheapLegs variant still chooses at the tier (legVariant): the legs
	// the budget allows back.
	keepLegs uint64
	// shortLegs makes legs chosen by price pass over day-long options
	// (quality.LongTrainMinutes) when a shorter one exists (legsBack).
	shortLegs bool
	// nightLegs lets legs chosen by price leave or arrive in the dead of
	// night (quality.DeadOfNight), which they otherwise pass over while
	// another option exists: tried only when the plan without them is
	// over the budget (nightVariant).
	nightLegs bool
	// calmLegs makes legs chosen by price pass over options arriving in
	// the small hours (quality.SmallHours) when another exists (legsBack).
	calmLegs bool
}

// legVariant is the variant a leg on day d is chosen at: the tier's own
// when v keeps that day's legs.
func (v variant) legVariant(d int) variant {
	if d < 64 && v.keepLegs&(1<<d) != 0 {
		return variant{tier: v.tier}
	}
	return v
}

// meals returns the tier the variant's meals are priced at.
func (v variant) meals() orchestrator.Tier {
	if v.mealTier != "" {
		return v.mealTier
	}
	return v.tier
}

// legsByPrice reports whether legs are chosen by price alone.
func (v variant) legsByPrice() bool { return v.lean || v.cheapLegs }

// staysByPrice reports whether stays and meals are chosen by price alone.
func (v variant) staysByPrice() bool { return v.lean || v.cheapStay }

// trimmed reports a tier trimmed towards the budget (budgetVariants).
func (v variant) trimmed() bool { return !v.lean && (v.cheapLegs || v.cheapStay || v.stayCap > 0) }

// budgetVariants are tried when every tier is over the budget and the lean
// plan within it: the economy plan with the cheapest legs, with the
// cheapest stays and meals, and with both — each keeping the travel days'
// visits the lean plan gives up, so a plan that uses the budget well is
// not passed over for one that leaves much of it unused.
var budgetVariants = []variant{
	{tier: orchestrator.TierEconomy, cheapLegs: true},
	{tier: orchestrator.TierEconomy, cheapStay: true},
	{tier: orchestrator.TierEconomy, cheapLegs: true, cheapStay: true},
}

// built is a plan built at one variant.
type built struct {
	v        variant
	it       *orchestrator.Itinerary
	cost     orchestrator.TierCost
	findings []orchestrator.Finding
	// quality is the variant's score, computed when first needed
	// (scoreOf): the tier choice compares scores only among variants
	// within the budget, so most plans score one variant.
	quality *orchestrator.Quality
	// stops, meals and legs are the blocks the days' stops, meals and
	// legs are slices of (world.recycle).
	stops []orchestrator.Stop
	meals []orchestrator.Meal
	legs  []orchestrator.Leg
}

// legCount is how many legs legsOut renders for a day's chosen legs: one
// for a direct option, one per part for a journey.
func legCount(ls []*chosenLeg) int {
	n := 0
	for _, cl := range ls {
		n += max(1, len(cl.op.parts))
	}
	return n
}

// scoreOf returns the quality score of a built variant, computing it once.
func (w *world) scoreOf(b *built) *orchestrator.Quality {
	if b.quality == nil {
		q := quality.Score(w.b, w.trip, b.it)
		b.quality = &q
	}
	return b.quality
}

// build prices the route at every tier, picks the tier to return and
// attaches the budget breakdown and findings.
func (w *world) build(r *route) (*orchestrator.Itinerary, error) {
	variants := []variant{
		{tier: orchestrator.TierEconomy},
		{tier: orchestrator.TierMid},
		{tier: orchestrator.TierComfort},
		{tier: orchestrator.TierEconomy, lean: true},
	}
	bs := make([]*built, len(variants))
	for i, v := range variants {
		if err := w.ctx.Err(); err != nil {
			return nil, err
		}
		b, err := w.buildVariant(r, v)
		if err != nil {
			return nil, err
		}
		bs[i] = b
	}
	if err := w.nightVariant(r, &bs[3]); err != nil {
		return nil, err
	}
	if w.limit >= 0 && w.opts.Tier == "" && bs[3].cost.Total.Cents <= w.limit &&
		bs[0].cost.Total.Cents > w.limit && bs[1].cost.Total.Cents > w.limit && bs[2].cost.Total.Cents > w.limit {
		for _, v := range budgetVariants {
			if err := w.ctx.Err(); err != nil {
				return nil, err
			}
			b, err := w.buildVariant(r, v)
			if err != nil {
				return nil, err
			}
			if v.cheapLegs {
				if err := w.nightVariant(r, &b); err != nil {
					return nil, err
				}
			}
			bs = append(bs, b)
		}
		// The first of them with the cheapest legs that meets the budget.
		for _, b := range bs[4:] {
			if b.v.cheapLegs && b.cost.Total.Cents <= w.limit {
				if err := w.legsBack(r, &bs, bs[0], b); err != nil {
					return nil, err
				}
				break
			}
		}
	}
	if err := w.fittedVariants(r, &bs); err != nil {
		return nil, err
	}
	chosen := w.choose(bs)
	it := chosen.it
	q := *w.scoreOf(chosen)
	it.Quality = &q
	var limit *orchestrator.Money
	if w.limit >= 0 {
		limit = &orchestrator.Money{Cents: w.limit, Currency: w.currency}
	}
	it.Budget = orchestrator.BudgetBreakdown{Currency: w.currency, People: w.people, Limit: limit, Chosen: chosen.v.tier}
	for _, b := range bs[:3] {
		if chosen.v.trimmed() && b.v.tier == chosen.v.tier {
			b = chosen // the tier's row is the plan trimmed to the budget
		}
		it.Budget.Tiers = append(it.Budget.Tiers, b.cost)
	}
	if chosen.v.lean {
		it.Budget.Tiers = append(it.Budget.Tiers, chosen.cost)
	}
	// The other variants' itineraries are no one's: their arrays serve
	// later plans.
	for _, b := range bs {
		if b != chosen {
			w.recycle(b)
		}
	}
	it.Findings = append(it.Findings, w.notes...)
	it.Findings = append(it.Findings, chosen.findings...)
	if w.limit >= 0 && chosen.cost.Total.Cents > w.limit {
		short := orchestrator.Money{Cents: chosen.cost.Total.Cents - w.limit, Currency: w.currency}
		it.Findings = append(it.Findings, orchestrator.Finding{
			Code:      orchestrator.FindingOverBudget,
			Severity:  orchestrator.SeverityError,
			Check:     "budget",
			Message:   "the cheapest feasible plan costs " + chosen.cost.Total.String() + ", over the budget of " + limit.String() + " by " + short.String(),
			Shortfall: &short,
		})
	}
	return it, nil
}

// nightVariant replaces a plan whose legs are chosen by price and which
// is over the budget by the same variant allowed legs in the dead of
// night (variant.nightLegs), when that one costs less: such a leg is
// booked only to meet a budget no other plan meets.
func (w *world) nightVariant(r *route, b **built) error {
	if w.limit < 0 || (*b).cost.Total.Cents <= w.limit || !(*b).v.legsByPrice() || (*b).v.nightLegs {
		return nil
	}
	v := (*b).v
	v.nightLegs = true
	n, err := w.buildVariant(r, v)
	if err != nil {
		return err
	}
	if n.cost.Total.Cents < (*b).cost.Total.Cents {
		w.recycle(*b)
		*b = n
	} else {
		w.recycle(n)
	}
	return nil
}

// maxLegsBack bounds the legs legsBack tries back at the tier.
const maxLegsBack = 4

// legsBack adds, when the plan with the cheapest legs (cheap, perhaps
// with the cheapest stays too) is within the budget, its variants that
// book back at the tier the legs where the
// tier's plan (tier) chose otherwise — each alone, then all of them when
// two or more fit — so that a day-long train taken for its price gives
// way to the tier's flight wherever the budget allows it, and the quality
// score chooses among them.
func (w *world) legsBack(r *route, bs *[]*built, tier, cheap *built) error {
	if cheap.cost.Total.Cents > w.limit || len(tier.it.Days) != len(cheap.it.Days) {
		return nil
	}
	var days []int
	for d := range cheap.it.Days {
		a, b := tier.it.Days[d].Legs, cheap.it.Days[d].Legs
		if len(a) == 0 || len(b) == 0 || d >= 64 {
			continue
		}
		if a[0].OptionID != b[0].OptionID && len(days) < maxLegsBack {
			days = append(days, d)
		}
	}
	var fit uint64
	n := 0
	for _, d := range days {
		if err := w.ctx.Err(); err != nil {
			return err
		}
		v := cheap.v
		v.keepLegs = 1 << d
		b, err := w.buildVariant(r, v)
		if err != nil {
			return err
		}
		*bs = append(*bs, b)
		if b.cost.Total.Cents <= w.limit {
			fit |= 1 << d
			n++
		}
	}
	if n >= 2 {
		v := cheap.v
		v.keepLegs = fit
		b, err := w.buildVariant(r, v)
		if err != nil {
			return err
		}
		*bs = append(*bs, b)
	}
	// The cheapest legs that are not day-long, when the cheapest are.
	long := false
	for _, d := range cheap.it.Days {
		for _, l := range d.Legs {
			long = long || l.DurationMinutes >= quality.LongTrainMinutes
		}
	}
	if long && !w.wantsTrains() {
		v := cheap.v
		v.shortLegs = true
		b, err := w.buildVariant(r, v)
		if err != nil {
			return err
		}
		*bs = append(*bs, b)
	}
	// The cheapest legs that do not arrive in the small hours, when the
	// cheapest do (smallHours); with the cheapest stays too when that is
	// over the budget (a later train home adds a dinner).
	if w.smallHours(cheap.it) {
		v := cheap.v
		v.calmLegs = true
		b, err := w.buildVariant(r, v)
		if err != nil {
			return err
		}
		*bs = append(*bs, b)
		if b.cost.Total.Cents > w.limit && !v.cheapStay {
			v.cheapStay = true
			if b, err = w.buildVariant(r, v); err != nil {
				return err
			}
			*bs = append(*bs, b)
		}
	}
	return nil
}

// wantsTrains reports whether the brief asks for trains (preferred,
// required, or high-speed rail).
func (w *world) wantsTrains() bool {
	c := w.b.Constraints
	return c.HighSpeedRail || slices.Contains(c.TransportPrefer, "train") || slices.Contains(c.TransportRequire, "train")
}

// fitShare is the share of the budget a fitted tier aims to spend.
const fitShare = 0.9

// fittedVariants adds, for a tier (comfort, mid) over the budget whose
// tier below is within it, the tier with stays capped so the plan spends
// about fitShare of the budget — once with the tier's meals, once with the
// tier below's — and otherwise the tier's legs and visits: the stays
// nearest the tier's target price among those the rest of the budget
// allows. Tiers a budget falls between thus do not leave the traveller
// the cheaper tier's hotel and much of the budget unused, and a
// comfortable stay asked for survives a budget just short of the comfort
// plan.
func (w *world) fittedVariants(r *route, bs *[]*built) error {
	if w.limit < 0 || w.opts.Tier != "" {
		return nil
	}
	nights := int64(0)
	for _, n := range r.nights {
		nights += int64(n)
	}
	if nights == 0 {
		return nil
	}
	for _, ti := range []int{2, 1} {
		over, below := (*bs)[ti], (*bs)[ti-1]
		if over.cost.Total.Cents <= w.limit || below.cost.Total.Cents > w.limit {
			continue
		}
		for _, meals := range []*built{over, below} {
			rest := over.cost.Total.Cents - over.cost.Lodging.Cents - over.cost.Food.Cents + meals.cost.Food.Cents
			allow := int64(fitShare*float64(w.limit)) - rest
			if allow <= below.cost.Lodging.Cents {
				continue
			}
			if err := w.ctx.Err(); err != nil {
				return err
			}
			v := variant{tier: over.v.tier, stayCap: allow / nights}
			if meals != over {
				v.mealTier = below.v.tier
			}
			b, err := w.buildVariant(r, v)
			if err != nil {
				return err
			}
			if over := b.cost.Total.Cents - w.limit; over > 0 && v.stayCap-over/nights > 0 {
				// The estimate missed (meals near another stay, another
				// day's meals): once more with the stays that much cheaper.
				v.stayCap -= (over + nights - 1) / nights
				if b, err = w.buildVariant(r, v); err != nil {
					return err
				}
			}
			*bs = append(*bs, b)
		}
	}
	return nil
}

// choose returns the forced tier; else, among the variants with the fewest
// unmet hard constraints (error findings, such as an uncovered cuisine) and
// within the budget, the tier the brief's comfort asks for — or, when that
// tier does not fit, the nearest one that does — of highest quality score
// (ties: the most comfortable, untrimmed before trimmed, lean last); with
// no comfort asked, the highest score of all (mid when there is no
// budget); failing the budget, the cheapest.
func (w *world) choose(bs []*built) *built {
	if w.opts.Tier != "" {
		for _, b := range bs {
			if b.v.tier == w.opts.Tier && !b.v.lean && !b.v.trimmed() {
				return b
			}
		}
	}
	errs := func(b *built) int {
		n := 0
		for _, f := range b.findings {
			if f.Severity == orchestrator.SeverityError {
				n++
			}
		}
		return n
	}
	least := errs(bs[0])
	for _, b := range bs[1:] {
		least = min(least, errs(b))
	}
	order := []int{2, 1, 0}
	if w.limit < 0 {
		order = []int{1, 2, 0}
	}
	for i := 4; i < len(bs); i++ {
		order = append(order, i)
	}
	order = append(order, 3)
	ok := func(b *built) bool {
		return errs(b) == least && (w.limit < 0 || b.cost.Total.Cents <= w.limit)
	}
	best := func(accept func(*built) bool) *built {
		var out *built
		for _, i := range order {
			if ok(bs[i]) && accept(bs[i]) && (out == nil || w.limit >= 0 && w.scoreOf(bs[i]).Score > w.scoreOf(out).Score) {
				out = bs[i]
			}
		}
		return out
	}
	if c := orchestrator.Tier(w.b.Comfort); c != "" {
		want := slices.Index(orchestrator.Tiers, c)
		for dist := 0; want >= 0 && dist < len(orchestrator.Tiers); dist++ {
			if b := best(func(b *built) bool {
				d := slices.Index(orchestrator.Tiers, b.v.tier) - want
				return d == dist || d == -dist
			}); b != nil {
				return b
			}
		}
	}
	if b := best(func(*built) bool { return true }); b != nil {
		return b
	}
	var cheapest *built
	for _, i := range []int{3, 0, 1, 2} {
		if errs(bs[i]) == least && (cheapest == nil || bs[i].cost.Total.Cents < cheapest.cost.Total.Cents) {
			cheapest = bs[i]
		}
	}
	return cheapest
}

// chosenLeg is a leg with its option and the times it runs.
type chosenLeg struct {
	l              routeLeg
	op             *option
	depart, arrive int
}

// window is a stretch of a day spent in one city.
type window struct {
	day        int
	ci         int
	start, end int
	full       bool
	from       place
	cap        int
	// terminal is the station or airport a window before a departure
	// ends at, when its position is known: a visit must leave the time to
	// reach it from the sight itself by leave (the departure less the
	// mode's check-in and boarding minimum).
	terminal *orchestrator.GeoPoint
	leave    int
}

// mealSlot is a meal to be given a restaurant.
type mealSlot struct {
	day  int
	wd   int // weekday, -1 when undated
	slot string
	time int
	at   place
	// next is where the traveller goes after the meal (nil: the day's end).
	next *orchestrator.GeoPoint
	ci   int
	// free is when the traveller leaves the place before the meal, until
	// when the next stop starts (or the window ends): a restaurant farther
	// than mealTravel moves the meal within them (mealTime).
	free, until int
	// atRow and nextRow hold the distances from at and next to the
	// city's restaurants (city.restRow; nil: computed when needed), set
	// by chooseMeals.
	atRow, nextRow []float64
}

func (w *world) buildVariant(r *route, v variant) (*built, error) {
	b := &built{v: v}
	w.variantScratch()

	legsByDay, err := w.chooseLegs(r, v, b)
	if err != nil {
		return nil, err
	}
	hotels, err := w.chooseHotels(r, v, b)
	if err != nil {
		return nil, err
	}
	starts, endCity := w.dayCities(r)
	wins := w.scratch.wins[:0]
	defer func() { w.scratch.wins = wins[:0] }() // the array, for the next variant
	wins = w.dayWindows(r, v, legsByDay, hotels, endCity, wins)
	stopsByWin, slots := w.scheduleCities(r, wins, hotels)
	// Meals.
	meals, mealFindings := w.chooseMeals(r, v, slots, stopsByWin, wins, hotels, &b.meals)
	b.findings = append(b.findings, mealFindings...)

	w.assemble(r, v, b, legsByDay, hotels, starts, endCity, wins, stopsByWin, meals)
	return b, nil
}

// chooseLegs is the variant's legs, by day: each leg of the route chosen
// at v (chooseLeg) and timed; the findings about them join b's.
func (w *world) chooseLegs(r *route, v variant, b *built) (map[int][]*chosenLeg, error) {
	legsByDay := map[int][]*chosenLeg{}
	for i, l := range r.legs {
		notBefore := -1
		if prev := legsByDay[l.day]; len(prev) > 0 {
			notBefore = prev[len(prev)-1].arrive + 120
		}
		outbound, home := i == 0 && l.from == w.originKey, l.to == w.originKey
		lastOfDay := i+1 >= len(r.legs) || r.legs[i+1].day != l.day
		lv := v.legVariant(l.day)
		op := w.chooseLeg(l, r.fam, lv, notBefore, outbound, home, lastOfDay)
		if op == nil {
			if w.gaps && w.cheapestLeg(l, r.fam) == nil {
				b.findings = append(b.findings, w.noRouteFinding(l, r.fam))
				continue
			}
			return nil, orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "no usable transport from %s to %s on day %d", w.cityName(l.from), w.cityName(l.to), l.day+1)
		}
		cl := &chosenLeg{l: l, op: op}
		cl.depart, cl.arrive = w.legTimes(op, l, outbound, home, notBefore)
		if lv.legsByPrice() && oddHours(cl.depart, cl.arrive) {
			if f, ok := w.oddHourFinding(l, r.fam, lv, notBefore, outbound, home, cl); ok {
				b.findings = append(b.findings, f)
			}
		}
		if !w.legAllowed(op) {
			b.findings = append(b.findings, orchestrator.Finding{
				Code: FindingTransportRequireUnmet, Severity: orchestrator.SeverityError, Check: "transport_require", Day: l.day + 1,
				Subject: op.o.Mode + " " + op.o.Number,
				Message: "no option from " + w.cityName(l.from) + " to " + w.cityName(l.to) + " meets the transport asked for (" + w.requireText() + "); planned " + op.o.Mode + " " + op.o.Number,
			})
		}
		legsByDay[l.day] = append(legsByDay[l.day], cl)
	}
	return legsByDay, nil
}

// chooseHotels is the accommodation of each city of the route at v (nil
// for a city without nights or hotel data); the findings about them join
// b's.
func (w *world) chooseHotels(r *route, v variant, b *built) ([]*hotel, error) {
	k := len(r.cities)
	hotels := make([]*hotel, k)
	for i, c := range r.cities {
		if r.nights[i] > 0 && c.hotelData {
			hotels[i] = w.chooseHotel(c, r.nights[i], v)
			if hotels[i] == nil {
				return nil, orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "no accommodation in %s meets the constraints", c.name)
			}
			if hotels[i].unknown {
				first := 1
				for _, n := range r.nights[:i] {
					first += n
				}
				b.findings = append(b.findings, w.unknownRulesFinding(hotels[i], first))
			}
		}
	}
	return hotels, nil
}

// dayCities returns the day (0-based) each city of the route is arrived
// at, and the city each day ends in (its index; -1 for the origin).
func (w *world) dayCities(r *route) (starts, endCity []int) {
	k := len(r.cities)
	starts = make([]int, k)
	for i := 1; i < k; i++ {
		starts[i] = starts[i-1] + r.nights[i-1]
	}
	endCity = make([]int, w.days) // city index, -1 for the origin
	for d := range endCity {
		endCity[d] = -1
		for i := range r.cities {
			if d >= starts[i] && d < starts[i]+r.nights[i] {
				endCity[d] = i
			}
		}
		if endCity[d] < 0 && w.originKey == "" {
			endCity[d] = k - 1
		}
	}
	return starts, endCity
}

// cityIndex returns the index of the route's city of key, or -1.
func (r *route) cityIndex(key string) int {
	for i, c := range r.cities {
		if c.key == key {
			return i
		}
	}
	return -1
}

// dayWindows appends to wins the stretches of each day free for visits:
// a day without legs whole, a travel day's time before its first leg and
// after its last (none in the lean variant), each with its share of the
// pace's stops.
func (w *world) dayWindows(r *route, v variant, legsByDay map[int][]*chosenLeg, hotels []*hotel, endCity []int, wins []window) []window {
	index := r.cityIndex
	startPlace := func(i int) place {
		if h := hotels[i]; h != nil {
			return place{h.h.ID, h.h.Location, h.ref, 0}
		}
		return place{"", r.cities[i].center, nil, 0}
	}
	// Access to and from the station or airport is measured from the
	// stay (w.before, w.after); a window before a departure also keeps
	// each visit within reach of the station from the sight (departing).
	departing := func(win window, cl *chosenLeg) window {
		win.end = cl.depart - w.before(cl.op, win.from.loc)
		op := cl.op
		if len(op.parts) > 0 {
			op = op.parts[0].op
		}
		if op.o.FromPoint != nil && win.from.loc != nil {
			win.terminal, win.leave = op.o.FromPoint, cl.depart-quality.MinBefore(op.o.Mode)
		}
		return win
	}
	for d := 0; d < w.days; d++ {
		legs := legsByDay[d]
		if len(legs) == 0 {
			ci := endCity[d]
			if ci < 0 {
				continue
			}
			wins = append(wins, window{day: d, ci: ci, start: dayStart, end: dayEnd, full: true, from: startPlace(ci), cap: w.pace})
			continue
		}
		if v.lean {
			continue
		}
		if ci := index(legs[0].l.from); ci >= 0 {
			wins = append(wins, departing(window{day: d, ci: ci, start: dayStart, from: startPlace(ci)}, legs[0]))
		}
		for j := 0; j+1 < len(legs); j++ {
			if ci := index(legs[j].l.to); ci >= 0 {
				from := startPlace(ci)
				wins = append(wins, departing(window{day: d, ci: ci, start: legs[j].arrive + w.after(legs[j].op, from.loc), from: from}, legs[j+1]))
			}
		}
		last := legs[len(legs)-1]
		if ci := index(last.l.to); ci >= 0 {
			from := startPlace(ci)
			wins = append(wins, window{day: d, ci: ci, start: last.arrive + w.after(last.op, from.loc), end: dayEnd, from: from})
		}
	}
	for i := range wins {
		if !wins[i].full {
			n := wins[i].end - wins[i].start
			if n >= 90 {
				wins[i].cap = int(math.Round(float64(w.pace) * float64(n) / float64(dayEnd-dayStart)))
			}
		}
	}
	return wins
}

// scheduleCities schedules the windows' visits city by city (cluster,
// order, schedule) and returns them by window, with the meal slots they
// leave.
func (w *world) scheduleCities(r *route, wins []window, hotels []*hotel) ([][]orchestrator.Stop, []mealSlot) {
	stopsByWin := make([][]orchestrator.Stop, len(wins))
	slots := bump(&w.scratch.slots, 3*len(wins))
	var onceUsed []string // once-per-trip kinds the earlier cities visit
	for ci, c := range r.cities {
		var mine []int
		total := 0
		for i := range wins {
			if wins[i].ci == ci && wins[i].end > wins[i].start {
				mine = append(mine, i)
				total += wins[i].cap
			}
		}
		if len(mine) == 0 {
			continue
		}
		// Too few attractions: travel-day windows give way first, then full
		// days down to one visit each, so every full day keeps a visit.
		for shrink := []bool{false, true}; total > len(c.attractions) && len(shrink) > 0; shrink = shrink[1:] {
			for j := len(mine) - 1; j >= 0 && total > len(c.attractions); j-- {
				win := &wins[mine[j]]
				floor := 0
				if win.full {
					if !shrink[0] {
						continue
					}
					floor = 1
				}
				cut := min(win.cap-floor, total-len(c.attractions))
				if cut > 0 {
					win.cap -= cut
					total -= cut
				}
			}
		}
		evenings := 0
		for _, wi := range mine {
			if wins[wi].end >= dayEnd {
				evenings++
			}
		}
		total = w.mustSlots(c, wins, mine, total) // mustspread.go
		top, extras := w.pickTop(c, total, evenings)
		top, extras = w.onceAcross(top, extras, &onceUsed)
		center := c.center
		if h := hotels[ci]; h != nil && h.h.Location != nil {
			center = h.h.Location
		}
		ordered := sweep(center, top)                // a new list: the swaps below leave top as it is
		pairs := daySpareEvenings(ordered, evenings) // mustsee.go
		chunks := make([][]*attraction, len(mine))
		pos := 0
		for j, wi := range mine {
			n := min(wins[wi].cap, len(ordered)-pos)
			chunks[j] = ordered[pos : pos+n]
			pos += n
		}
		eveningSwap(wins, mine, chunks)
		pairEvenings(wins, mine, chunks, pairs) // mustsee.go
		mustSwap(wins, mine, chunks)            // mustsee.go
		w.mustSpread(wins, mine, chunks)        // mustspread.go
		w.weatherSwap(c, wins, mine, chunks, &extras)
		used := w.newAttrSet()
		for j, wi := range mine {
			win := wins[wi]
			seq := c.orderStops(win.from, chunks[j])
			stops, ms := w.schedule(c, win, seq, &extras, used)
			stopsByWin[wi] = stops
			for _, m := range ms {
				m.ci = ci
				slots = append(slots, m)
			}
		}
	}
	return stopsByWin, slots
}

// assemble lays out the variant's days, stays and costs in b from its
// legs, hotels, windows' stops and meals.
func (w *world) assemble(r *route, v variant, b *built, legsByDay map[int][]*chosenLeg, hotels []*hotel, starts, endCity []int, wins []window, stopsByWin [][]orchestrator.Stop, meals [][]orchestrator.Meal) {
	k := len(r.cities)
	index := r.cityIndex
	it := &orchestrator.Itinerary{
		Tier: v.tier, Lean: v.lean, Currency: w.currency, People: w.people,
		Origin: w.origin, Days: takeSpare(&w.scratch.spare.days, w.days)[:w.days],
		Stays: takeSpare(&w.scratch.spare.stays, k),
	}
	for i, c := range r.cities {
		it.Cities = append(it.Cities, orchestrator.CityVisit{City: c.name, ArriveDay: starts[i] + 1, Nights: r.nights[i]})
	}
	money := func(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: w.currency} }
	var tc orchestrator.TierCost
	tc.Tier, tc.Lean = v.tier, v.lean
	var transport, lodging, food, tickets int64
	// The days' stops in one block, a list of its own size per day, and
	// their legs likewise.
	total := 0
	for _, st := range stopsByWin {
		total += len(st)
	}
	b.stops = takeSpare(&w.scratch.spare.stops, total)
	nlegs := 0
	for _, ls := range legsByDay {
		nlegs += legCount(ls)
	}
	b.legs = takeSpare(&w.scratch.spare.legs, nlegs)
	for d := range it.Days {
		day := &it.Days[d]
		day.Day = d + 1
		day.Date = w.date(d)
		nstops := 0
		for wi := range wins {
			if wins[wi].day == d {
				nstops += len(stopsByWin[wi])
			}
		}
		day.Stops = b.stops[len(b.stops) : len(b.stops) : len(b.stops)+nstops]
		b.stops = b.stops[:len(b.stops)+nstops]
		day.Meals = meals[d] // the day's own list
		if day.Meals == nil {
			day.Meals = []orchestrator.Meal{}
		}
		if ci := endCity[d]; ci >= 0 {
			day.City = r.cities[ci].name
		} else {
			day.City = w.origin
		}
		var cost int64
		if n := legCount(legsByDay[d]); n > 0 {
			day.Legs = b.legs[len(b.legs) : len(b.legs) : len(b.legs)+n]
			b.legs = b.legs[:len(b.legs)+n]
		}
		for _, cl := range legsByDay[d] {
			n := len(day.Legs)
			day.Legs = w.legsOut(day.Legs, cl, d, day)
			for _, leg := range day.Legs[n:] {
				cost += leg.Cost.Cents
				transport += leg.Cost.Cents
			}
		}
		if len(day.Legs) > 0 {
			day.From = w.cityName(legsByDay[d][0].l.from)
			day.City = w.cityName(legsByDay[d][len(legsByDay[d])-1].l.to)
		}
		if ci := cityOfDay(endCity[d], legsByDay[d], index); ci >= 0 && day.Date != "" {
			if wet, ok := r.cities[ci].wet[day.Date]; ok {
				day.Weather = "dry"
				if wet {
					day.Weather = "wet"
				}
			}
		}
		for wi := range wins {
			if wins[wi].day != d {
				continue
			}
			for _, s := range stopsByWin[wi] {
				day.Stops = append(day.Stops, s)
				cost += s.Cost.Cents
				tickets += s.Cost.Cents
			}
		}
		for _, m := range meals[d] {
			cost += m.Cost.Cents
			food += m.Cost.Cents
		}
		w.accessOut(day, legsByDay[d], func(key string) (string, *orchestrator.GeoPoint, bool) {
			if ci := index(key); ci >= 0 && hotels[ci] != nil && hotels[ci].h.Location != nil {
				return hotels[ci].h.Name, hotels[ci].h.Location, true
			}
			return w.cityName(key), w.centre(key), false
		})
		if ci := endCity[d]; ci >= 0 && d < starts[ci]+r.nights[ci] && d >= starts[ci] {
			if h := hotels[ci]; h != nil {
				day.Stay = &orchestrator.StayRef{AccommodationID: h.h.ID, Name: h.h.Name, City: r.cities[ci].name}
				cost += h.night
			}
		}
		day.Cost = money(cost)
	}
	for i, c := range r.cities {
		h := hotels[i]
		if h == nil {
			if r.nights[i] > 0 {
				b.findings = append(b.findings, orchestrator.Finding{
					Code: "no_accommodation_data", Severity: orchestrator.SeverityWarning, Subject: c.name,
					Message: "no accommodation data was gathered for " + c.name + "; nights there are unplanned",
				})
			}
			continue
		}
		st := orchestrator.Stay{
			AccommodationID: h.h.ID, Name: h.h.Name, City: c.name, Location: h.h.Location,
			FirstNight: starts[i] + 1, Nights: r.nights[i], Rooms: h.rooms, RoomType: h.h.RoomType,
			Price: money(h.price), Cost: money(h.night * int64(r.nights[i])), Estimate: h.h.PriceEstimate,
		}
		lodging += st.Cost.Cents
		it.Stays = append(it.Stays, st)
	}
	tc.Transport, tc.Lodging, tc.Food, tc.Attractions = money(transport), money(lodging), money(food), money(tickets)
	tc.Total = money(transport + lodging + food + tickets)
	tc.PerPerson = money(tc.Total.Cents / int64(w.people))
	if w.limit >= 0 {
		ok := tc.Total.Cents <= w.limit
		tc.WithinBudget = &ok
	}
	b.cost = tc
	b.it = it
	if w.limit >= 0 {
		it.Budget.Limit = &orchestrator.Money{Cents: w.limit, Currency: w.currency}
	}

	b.findings = append(b.findings, w.mustFindings(r, it, wins)...)

	// Full days left without a visit.
	for d := range it.Days {
		if len(legsByDay[d]) == 0 && endCity[d] >= 0 && len(it.Days[d].Stops) == 0 {
			b.findings = append(b.findings, orchestrator.Finding{
				Code: "no_attraction", Severity: orchestrator.SeverityWarning, Day: d + 1, Subject: it.Days[d].City,
				Message: "no attraction could be scheduled on a full day in " + it.Days[d].City,
			})
		}
	}
}

// cityOfDay is the visited city a day's weather matters for.
func cityOfDay(end int, legs []*chosenLeg, index func(string) int) int {
	if len(legs) == 0 {
		return end
	}
	if i := index(legs[len(legs)-1].l.to); i >= 0 {
		return i
	}
	return index(legs[0].l.from)
}

// chooseHotel picks the accommodation for n nights at a variant: the
// cheapest (lean); the cheapest within 10 km of the centre when positions
// are known (economy); or the one nearest a target price — the median for
// mid, the 85th percentile for comfort — weighed with rating and distance.
func (w *world) chooseHotel(c *city, n int, v variant) *hotel {
	if v.staysByPrice() {
		return c.cheapestHotel(n)
	}
	stays := c.stays(n)
	hs := stays.hotels
	if len(hs) == 0 {
		return nil
	}
	// A capped variant passes over the hotels above its cap (the list is
	// shared: read as it is).
	capped := func(h *hotel) bool { return v.stayCap > 0 && h.night > v.stayCap }
	if v.stayCap > 0 && !slices.ContainsFunc(hs, func(h *hotel) bool { return !capped(h) }) {
		return c.cheapestHotel(n)
	}
	// Nor more rooms than the party needs (fewestRooms: a couple in one
	// room, a family with a young child in a family room nearby).
	fewest := w.fewestRooms(c, hs, capped)
	over := func(h *hotel) bool { return capped(h) || h.rooms > fewest }
	if v.tier == orchestrator.TierEconomy {
		var best *hotel
		for _, h := range hs {
			if over(h) || c.center != nil && h.located && h.dist > 10 {
				continue
			}
			if best == nil || h.night < best.night || (h.night == best.night && (h.rating > best.rating || (h.rating == best.rating && h.idx < best.idx))) {
				best = h
			}
		}
		if best == nil {
			return c.cheapestHotel(n)
		}
		return best
	}
	// The prices of hs in order: those of the stayable hotels, up to the
	// cap.
	prices := w.sortedNights(c, stays)
	if v.stayCap > 0 {
		n := 0
		for n < len(prices) && prices[n] <= v.stayCap {
			n++
		}
		prices = prices[:n]
	}
	p := 0.5
	if v.tier == orchestrator.TierComfort {
		p = 0.85
	}
	target := prices[int(p*float64(len(prices)-1))]
	score := func(h *hotel) float64 {
		rating := h.rating
		if rating <= 0 {
			rating = 2.5
		}
		s := math.Abs(float64(h.night-target))/float64(max(target, 1)) + (5-rating)*0.15
		return s + math.Min(h.dist, 30)*0.03
	}
	var best *hotel
	var bs float64
	for _, h := range hs {
		if over(h) {
			continue
		}
		if s := score(h); best == nil || s < bs || (s == bs && h.idx < best.idx) {
			best, bs = h, s
		}
	}
	return best
}

// FindingHouseRulesUnconfirmed flags a booked accommodation whose house
// rules the data do not state while the brief needs some allowed.
const FindingHouseRulesUnconfirmed = "house_rules_unconfirmed"

// ruleWords words a house rule for a traveller.
var ruleWords = map[string]string{
	"children_under_10": "children under 10",
	"pets":              "pets",
	"smoking":           "smoking",
	"parties":           "parties",
	"visitors":          "visitors",
}

// unknownRulesFinding asks the traveller to confirm the brief's house
// rules with a hotel whose rules the data do not state.
func (w *world) unknownRulesFinding(h *hotel, firstNight int) orchestrator.Finding {
	var what []string
	for _, r := range w.rules {
		if t := ruleWords[r]; t != "" {
			what = append(what, t)
		} else {
			what = append(what, r)
		}
	}
	return orchestrator.Finding{
		Code: FindingHouseRulesUnconfirmed, Severity: orchestrator.SeverityWarning, Check: "house_rules",
		Day: firstNight, Subject: h.h.Name,
		Message: h.h.Name + " does not state its policy on " + strings.Join(what, ", ") + " in the data; no hotel known to allow it was available — confirm with the hotel before booking",
	}
}

// onceAcross keeps a once-per-trip kind of sight (a river cruise, a night
// boat tour: concepts.OnceGroup) to the first city that picks it: a later
// city's pick of a kind an earlier one visits gives way to its first
// replacement of another kind, unless it is must-see or the traveller
// asked for that kind (then each city may have one). used gathers the
// kinds picked. top is not modified (it may be shared); the answer is a
// new list when anything changes.
func (w *world) onceAcross(top, extras []*attraction, used *[]string) ([]*attraction, []*attraction) {
	repeat := func(a *attraction) bool {
		return a.once != "" && len(a.must) == 0 && slices.Contains(*used, a.once) && !w.asked(a.once)
	}
	if len(*used) > 0 {
		extras = slices.DeleteFunc(extras, repeat)
		if slices.ContainsFunc(top, repeat) {
			out := make([]*attraction, 0, len(top))
			for _, a := range top {
				if !repeat(a) {
					out = append(out, a)
				} else if len(extras) > 0 {
					out = append(out, extras[0])
					extras = extras[1:]
				}
			}
			top = out
		}
	}
	for _, a := range top {
		if a.once != "" && !slices.Contains(*used, a.once) {
			*used = append(*used, a.once)
		}
	}
	return top, extras
}

// asked reports whether the brief's interests name the concept of that
// ID (a traveller asking for cruises may have one in each city).
func (w *world) asked(id string) bool {
	for _, c := range w.interests {
		if c != nil && c.ID == id {
			return true
		}
	}
	return false
}
