package planner

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/quality"
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

// With no food asked for, a restaurant's weight (lower is better) is
// lowered by localBonus for each of the city's signature dishes it
// recommends (up to two) and raised by chainPenalty for a chain's branch:
// about 15% and 20% of the price term's scale.
const (
	localBonus   = 150
	chainPenalty = 200
)

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
			wins = append(wins, window{day: d, ci: ci, start: dayStart, end: legs[0].depart - preBuffer(legs[0].op), from: startPlace(ci)})
		}
		for j := 0; j+1 < len(legs); j++ {
			if ci := index(legs[j].l.to); ci >= 0 {
				wins = append(wins, window{day: d, ci: ci, start: legs[j].arrive + postBuffer(legs[j].op), end: legs[j+1].depart - preBuffer(legs[j+1].op), from: startPlace(ci)})
			}
		}
		last := legs[len(legs)-1]
		if ci := index(last.l.to); ci >= 0 {
			wins = append(wins, window{day: d, ci: ci, start: last.arrive + postBuffer(last.op), end: dayEnd, from: startPlace(ci)})
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
		top, extras := w.pickTop(c, total, evenings)
		center := c.center
		if h := hotels[ci]; h != nil && h.h.Location != nil {
			center = h.h.Location
		}
		ordered := sweep(center, top) // a new list: the swaps below leave top as it is
		chunks := make([][]*attraction, len(mine))
		pos := 0
		for j, wi := range mine {
			n := min(wins[wi].cap, len(ordered)-pos)
			chunks[j] = ordered[pos : pos+n]
			pos += n
		}
		eveningSwap(wins, mine, chunks)
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

// preBuffer is the time from leaving the last place in the city to the
// departure: access to the station or airport, check-in and boarding
// (quality.Before, documented in docs/plan-quality.md).
func preBuffer(op *option) int {
	if len(op.parts) > 0 {
		op = op.parts[0].op
	}
	return quality.Before(op.o.Mode)
}

// postBuffer is the time from arrival to being free in the city
// (quality.After).
func postBuffer(op *option) int {
	if len(op.parts) > 0 {
		op = op.parts[len(op.parts)-1].op
	}
	return quality.After(op.o.Mode)
}

// legTimes returns when a leg departs and arrives. Scheduled options run on
// their timetable; a flexible drive leaves home at 08:00, leaves a city
// mid-morning, and heads home as late as still arrives by 23:00 (but not
// after 17:00); always arriving before midnight.
func (w *world) legTimes(op *option, l routeLeg, outbound, home bool, notBefore int) (int, int) {
	if op.depart >= 0 {
		if op.overnight() {
			return op.depart, op.arrive + 1440
		}
		return op.depart, op.arrive
	}
	dep := 10 * 60
	switch {
	case outbound:
		dep = dayStart
	case home:
		dep = min(17*60, 23*60-op.dur)
		dep = max(dep, 10*60)
	}
	if notBefore >= 0 {
		dep = max(dep, notBefore)
	}
	if dep+op.dur >= 1440 {
		dep = 1440 - 1 - op.dur
	}
	dep = max(dep, 0)
	return dep, dep + op.dur
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
	over := func(h *hotel) bool { return v.stayCap > 0 && h.night > v.stayCap }
	if v.stayCap > 0 && !slices.ContainsFunc(hs, func(h *hotel) bool { return !over(h) }) {
		return c.cheapestHotel(n)
	}
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

// weatherSwap keeps outdoor visits off wet days when the forecast is
// known: the clusters with the most outdoor stops go to the dry full days,
// then any outdoor stop left on a wet day is exchanged with an indoor stop
// of a dry day, or replaced by an indoor attraction from extras.
func (w *world) weatherSwap(c *city, wins []window, mine []int, chunks [][]*attraction, extras *[]*attraction) {
	wet := func(j int) bool { return c.wet[w.date(wins[mine[j]].day)] }
	outdoor := func(a *attraction) bool { return a.a.Indoor != nil && !*a.a.Indoor }
	var full []int // positions in mine
	anyWet := false
	for j, wi := range mine {
		if wins[wi].full {
			full = append(full, j)
			anyWet = anyWet || wet(j)
		}
	}
	if !anyWet {
		return
	}
	count := func(ch []*attraction) int {
		n := 0
		for _, a := range ch {
			if outdoor(a) {
				n++
			}
		}
		return n
	}
	days := slices.Clone(full)
	sort.SliceStable(days, func(a, b int) bool {
		wa, wb := wet(days[a]), wet(days[b])
		if wa != wb {
			return !wa
		}
		return days[a] < days[b]
	})
	groups := make([][]*attraction, len(full))
	for i, j := range full {
		groups[i] = chunks[j]
	}
	sort.SliceStable(groups, func(a, b int) bool { return count(groups[a]) > count(groups[b]) })
	for i, j := range days {
		chunks[j] = groups[i]
	}
	for _, j := range full {
		if !wet(j) {
			continue
		}
		for k, a := range chunks[j] {
			if !outdoor(a) {
				continue
			}
			swapped := false
			for _, d := range full {
				if wet(d) {
					continue
				}
				for m, b := range chunks[d] {
					if !outdoor(b) {
						chunks[j][k], chunks[d][m] = b, a
						swapped = true
						break
					}
				}
				if swapped {
					break
				}
			}
			if swapped {
				continue
			}
			for m, b := range *extras {
				if !outdoor(b) {
					chunks[j][k] = b
					(*extras)[m] = a
					break
				}
			}
		}
	}
}

// eveningSwap moves a sight best seen after dark (a night tour, an
// evening cruise) from a window that ends before the evening — a day that
// leaves the city — to one that ends in the city at night and holds no
// such sight yet, swapping it for that window's last daytime sight.
func eveningSwap(wins []window, mine []int, chunks [][]*attraction) {
	hasEvening := func(ch []*attraction) bool {
		return slices.ContainsFunc(ch, func(a *attraction) bool { return a.evening })
	}
	for j, wi := range mine {
		if wins[wi].end >= dayEnd {
			continue
		}
		for k, a := range chunks[j] {
			if !a.evening {
				continue
			}
			for j2, wi2 := range mine {
				if wins[wi2].end < dayEnd || hasEvening(chunks[j2]) {
					continue
				}
				m := len(chunks[j2]) - 1
				for m >= 0 && chunks[j2][m].evening {
					m--
				}
				if m >= 0 {
					chunks[j][k], chunks[j2][m] = chunks[j2][m], a
					break
				}
			}
		}
	}
}

// schedule walks a window: breakfast when the window starts early enough,
// the ordered stops (with replacements from extras when one does not fit
// its opening hours or the time left), lunch around midday and dinner in
// the evening. It returns the stops and the meal slots.
func (w *world) schedule(c *city, win window, ordered []*attraction, extras *[]*attraction, used attrSet) ([]orchestrator.Stop, []mealSlot) {
	if alt := closingFirst(ordered, orchestrator.Weekday(w.date(win.day))); alt != nil {
		// Walked in route order, a sight that closes early may be reached
		// only after it closes (a panda base closing at 17:00 after a
		// three-hour stop): try it first, and keep whichever walk places
		// the more valuable stops.
		value := func(order []*attraction) float64 {
			u, e := w.trial(used), slices.Clone(*extras)
			stops, _ := w.walk(c, win, order, &e, u)
			// The trial's own visits: among the city's attractions, those
			// it marked (the walk visits only them).
			placed := make([]*attraction, 0, len(stops))
			for _, a := range c.attractions {
				if a.mark == u.cur {
					placed = append(placed, a)
				}
			}
			// Summed in catalog order: the same stops give the same value
			// whatever order they were found in.
			slices.SortFunc(placed, func(x, y *attraction) int { return x.idx - y.idx })
			v := 0.0
			for _, a := range placed {
				v += a.score
			}
			return v
		}
		if value(alt) > value(ordered) {
			ordered = alt
		}
	}
	return w.walk(c, win, ordered, extras, used)
}

// closingFirst returns ordered with the sights worth a detour — a
// must-see sight or one meeting an interest — that close before the
// evening moved to the front, earliest closing first, and the other
// must-see sights after them; nil when there are none or they lead
// already.
func closingFirst(ordered []*attraction, wd int) []*attraction {
	closes := func(a *attraction) int {
		end := -1
		for _, h := range a.a.Hours {
			if wd >= 0 && len(h.Weekdays) > 0 && !slices.Contains(h.Weekdays, wd) {
				continue
			}
			if c, ok := orchestrator.ParseClock(h.Close); ok {
				end = max(end, c)
			}
		}
		return end
	}
	var early, rest []*attraction
	for _, a := range ordered {
		if c := closes(a); (a.imask != 0 || len(a.must) > 0) && !a.evening && c >= 0 && c <= eveningFrom || len(a.must) > 0 && !a.evening {
			early = append(early, a)
		} else {
			rest = append(rest, a)
		}
	}
	if len(early) == 0 {
		return nil
	}
	last := func(a *attraction) int { // a must-see open late or at any time goes after those closing early
		if c := closes(a); c >= 0 && c <= eveningFrom {
			return c
		}
		return 24 * 60
	}
	stableSort(early, func(x, y *attraction) bool { return last(x) < last(y) })
	alt := append(early, rest...)
	if slices.Equal(alt, ordered) {
		return nil
	}
	return alt
}

// walk is schedule on one order of the stops.
func (w *world) walk(c *city, win window, ordered []*attraction, extras *[]*attraction, used attrSet) ([]orchestrator.Stop, []mealSlot) {
	date := w.date(win.day)
	wd := orchestrator.Weekday(date)
	stops := bump(&w.scratch.stops, max(win.cap, 0)+1)
	slots := bump(&w.scratch.walkSlots, 3)
	t, at := win.start, win.from
	night, ordered := w.walkOrder(win, ordered, extras, used)
	evening := false
	if win.start <= breakfastLast && max(win.start, breakfastFrom)+breakfastLen <= win.end {
		bt := max(t, breakfastFrom)
		slots = append(slots, mealSlot{day: win.day, wd: wd, slot: orchestrator.Breakfast, time: bt, at: at})
		t = bt + breakfastLen + mealTravel
	}
	lunchPending := win.start <= lunchLast && max(win.start, lunchFrom)+lunchLen <= win.end
	dinnerWanted := win.start <= dinnerLast && max(win.start, dinnerFrom)+dinnerLen <= win.end
	lastEnd := win.end
	mustEnd := win.end // when a must-see sight may end at the latest
	if dinnerWanted {
		lastEnd = min(win.end-dinnerLen-mealTravel, 19*60)
		mustEnd = lastEnd
		if len(night) > 0 && win.end >= dayEnd {
			// An evening sight waits: the day's other visits end in time
			// for an early dinner, so the night tour or cruise still fits
			// after it.
			lastEnd = min(lastEnd, dinnerFrom-mealTravel)
		}
	}
	// A meal away from the last stop takes up to mealTravel to reach and
	// as long again to the next stop: restaurants are chosen within
	// mealReachKM of both.
	latestLunch := lunchLast
	placeLunch := func() {
		lt := max(t+mealTravel, lunchFrom)
		if lt <= latestLunch && lt+lunchLen <= win.end {
			slots = append(slots, mealSlot{day: win.day, wd: wd, slot: orchestrator.Lunch, time: lt, at: at, free: t})
			t = lt + lunchLen + w.mealRest + mealTravel
		}
		lunchPending = false
	}
	try := func(a *attraction) bool {
		if used.has(a) || a.evening != evening {
			return false
		}
		if lunchPending && t >= lunchFrom {
			placeLunch()
		}
		p := a.place()
		tr, est := c.travel(at, p)
		start, ok := openStart(a, wd, t+tr)
		if lunchPending && ok && start+a.visit > 13*60+30 && t <= lunchLast {
			t0, n0 := t, len(slots)
			placeLunch()
			tr1, est1 := c.travel(at, p)
			start1, ok1 := openStart(a, wd, t+tr1)
			if len(a.must) > 0 && !evening && (!ok1 || start1+a.visit > mustEnd) && start+a.visit <= mustEnd {
				// Lunch first would leave no time for a must-see sight
				// (a museum out of town on a day trip): the visit first,
				// and a late lunch after it.
				t, slots, lunchPending, latestLunch = t0, slots[:n0], true, lateLunchLast
			} else {
				tr, est, start, ok = tr1, est1, start1, ok1
			}
		}
		limit := lastEnd
		if len(a.must) > 0 && !evening {
			limit = mustEnd
		}
		visit := a.visit
		if w.mealRest > 0 && !evening && ok && a.a.VisitMaxMinutes > visit {
			// A relaxed pace stays longer: up to the data's longest
			// recommended visit, at most relaxedVisitMore more, when
			// that still fits the day and leaves lunch its time.
			longer := min(a.a.VisitMaxMinutes, visit+relaxedVisitMore)
			if s2, ok2 := openStartFor(a, wd, t+tr, longer); ok2 && s2+longer <= limit && !(lunchPending && s2+longer > 13*60+30) {
				visit, start = longer, s2
			}
		}
		if evening && (!ok || start+visit > limit) && a.a.VisitMinMinutes > 0 && a.a.VisitMinMinutes < visit {
			// The evening is short: a night tour may take the data's
			// shortest recommended time.
			visit = a.a.VisitMinMinutes
			start, ok = openStartFor(a, wd, t+tr, visit)
		}
		if !ok || start+visit > limit || (evening && start < eveningFrom) || (a.morning && len(a.must) == 0 && start > quality.MorningBy) {
			return false
		}
		end := start + visit
		price := orchestrator.Money{Cents: a.price, Currency: w.currency}
		stops = append(stops, orchestrator.Stop{
			AttractionID: a.a.ID, Name: a.a.Name, City: c.name, Location: a.a.Location,
			Start: orchestrator.FormatClock(start), End: orchestrator.FormatClock(end), TravelMinutes: tr, TravelEstimate: est, Indoor: a.a.Indoor,
			Price: price, Cost: orchestrator.Money{Cents: a.price * int64(w.people), Currency: w.currency},
		})
		used.add(a)
		t, at = end, p
		return true
	}
	n := 0
	for _, a := range ordered {
		if n >= win.cap {
			*extras = append(*extras, a)
			continue
		}
		if try(a) {
			n++
		} else if !used.has(a) {
			*extras = append(*extras, a)
		}
	}
	// The nearest replacements that fit, while the window's share lasts.
	from := func() place { return at }
	w.placeNearest(c, from, extras, used, func() bool { return n < win.cap }, func(a *attraction) bool {
		if try(a) {
			n++
			return true
		}
		return false
	})
	// Full days: while the afternoon before the evening (or the
	// departure) would stay idle for quality.IdleGap or more (four hours
	// at a relaxed pace), the nearest open sight that fits joins the day
	// beyond its share, up to the pace's cap (quality.PaceCap).
	most := w.paceMax
	if len(night) > 0 && win.end >= dayEnd {
		most-- // the evening's sight counts too
	}
	w.placeNearest(c, from, extras, used, func() bool { return len(stops) < most && w.idleLeft(t, lastEnd, lunchPending) }, func(a *attraction) bool {
		return !a.evening && try(a)
	})
	if lunchPending {
		placeLunch()
	}
	if dinnerWanted {
		dt := max(t+mealTravel, dinnerFrom)
		if dt <= dinnerLast && dt+dinnerLen <= win.end {
			slots = append(slots, mealSlot{day: win.day, wd: wd, slot: orchestrator.Dinner, time: dt, at: at, free: t})
			t = dt + dinnerLen + w.mealRest + mealTravel
		}
	}
	defer func() { leadsTo(slots, stops, win.end) }()
	// One sight of the evening after dinner (a night tour, a night
	// market), until eveningEnd on a day that ends in the city.
	evening, lastEnd = true, win.end
	if win.end >= dayEnd {
		lastEnd = eveningEnd
	}
	eveningSight(night, extras, used, try)
	return stops, slots
}

// leadsTo sets where each meal slot leads: the first of stops after it,
// or the window's end.
func leadsTo(slots []mealSlot, stops []orchestrator.Stop, end int) {
	for i := range slots {
		slots[i].until = end
		for _, st := range stops {
			if m, _ := orchestrator.ParseClock(st.Start); m > slots[i].time {
				slots[i].next, slots[i].until = st.Location, m
				break
			}
		}
	}
}

// eveningSight tries the night sights in turn, then a night sight among
// extras, until try places one; the night sights not placed join extras.
func eveningSight(night []*attraction, extras *[]*attraction, used attrSet, try func(*attraction) bool) {
	for _, a := range night {
		if try(a) {
			return
		}
		if !used.has(a) {
			*extras = append(*extras, a)
		}
	}
	for _, a := range *extras {
		if a.evening && try(a) {
			*extras = slices.DeleteFunc(*extras, func(a *attraction) bool { return used.has(a) })
			break
		}
	}
}

// walkOrder returns a walk's night sights and its day sights in the order
// tried: must-see sights still waiting (taken from extras) before the
// window's own, sights best in the morning first in a window that starts
// by quality.MorningBy. The lists are in the variant's scratch, each of
// the size it may reach.
func (w *world) walkOrder(win window, ordered []*attraction, extras *[]*attraction, used attrSet) (night, day []*attraction) {
	// Must-see sights still waiting come first; sights best seen after
	// dark wait for the evening.
	first := bump(&w.scratch.attrs, len(*extras)+len(ordered))
	mornings := win.start <= quality.MorningBy
	*extras = slices.DeleteFunc(*extras, func(a *attraction) bool {
		if len(a.must) > 0 && !used.has(a) {
			first = append(first, a)
			return true
		}
		return false
	})
	all := append(first, ordered...)
	night, day = bump(&w.scratch.attrs, len(all)), bump(&w.scratch.attrs, len(all))
	for _, a := range all {
		if a.evening {
			night = append(night, a)
		} else {
			day = append(day, a)
		}
	}
	if mornings {
		// Sights best in the morning lead the day.
		slices.SortStableFunc(day, func(x, y *attraction) int {
			switch {
			case x.morning && !y.morning:
				return -1
			case y.morning && !x.morning:
				return 1
			}
			return 0
		})
	}
	return night, day
}

// placeNearest places, while more holds and extras remain, the nearest
// of extras (from the place from returns) that take accepts: each one's
// travel time computed once, taken in a stable sort's order
// (nearestFirst); the extras placed leave the list. It stops when none is
// accepted.
func (w *world) placeNearest(c *city, from func() place, extras *[]*attraction, used attrSet, more func() bool, take func(*attraction) bool) {
	for more() && len(*extras) > 0 {
		cands := bump(&w.scratch.timed, len(*extras))[:len(*extras)]
		at := from()
		for i, a := range *extras {
			t, _ := c.travel(at, a.place())
			cands[i] = timed{a, t}
		}
		placed := false
		for i := range cands {
			nearestFirst(cands, i)
			if take(cands[i].a) {
				placed = true
				break
			}
		}
		*extras = slices.DeleteFunc(*extras, func(a *attraction) bool { return used.has(a) })
		if !placed {
			break
		}
	}
}

// timed is an attraction with the travel time to it.
type timed struct {
	a *attraction
	t int
}

// nearestPicks is how many replacements walk picks one at a time before
// it sorts the rest.
const nearestPicks = 4

// nearestFirst puts at cands[i] what a stable sort of cands by travel
// time would: cands[:i] are the nearest, in that order, and cands[i:]
// hold the others in their first order. For the first nearestPicks it
// moves the nearest (the first of equals) to i and shifts those before
// it up one, keeping the order of the rest; at nearestPicks it sorts the
// rest stably. Either way cands[:i+1] is the stable sort's, so a walk
// whose first or second replacement fits sorts nothing.
func nearestFirst(cands []timed, i int) {
	switch {
	case i < nearestPicks:
		j := i
		for k := i + 1; k < len(cands); k++ {
			if cands[k].t < cands[j].t {
				j = k
			}
		}
		if j > i {
			c := cands[j]
			copy(cands[i+1:j+1], cands[i:j])
			cands[i] = c
		}
	case i == nearestPicks:
		slices.SortStableFunc(cands[i:], func(x, y timed) int { return cmp.Compare(x.t, y.t) })
	}
}

// openStart returns the earliest start at or after arrive at which a visit
// fits the attraction's opening hours on weekday wd.
func openStart(a *attraction, wd, arrive int) (int, bool) {
	return openStartFor(a, wd, arrive, a.visit)
}

// openStartFor is openStart for a visit of the given minutes.
func openStartFor(a *attraction, wd, arrive, visit int) (int, bool) {
	if a.hours != nil {
		return a.hours.start(wd, arrive, visit)
	}
	hours := a.a.Hours
	if len(hours) == 0 {
		return arrive, true
	}
	best := -1
	for _, h := range hours {
		if wd >= 0 && len(h.Weekdays) > 0 && !slices.Contains(h.Weekdays, wd) {
			continue
		}
		o, ok := orchestrator.ParseClock(h.Open)
		if !ok {
			continue
		}
		s := max(arrive, o)
		if orchestrator.OpenDuring([]orchestrator.OpeningHours{h}, wd, s, s+visit) && (best < 0 || s < best) {
			best = s
		}
	}
	return best, best >= 0
}

// legOut renders a chosen leg.
func (w *world) legOut(cl *chosenLeg, day int) orchestrator.Leg {
	o := cl.op.o
	return orchestrator.Leg{
		OptionID: o.ID, Mode: o.Mode, Number: o.Number, Class: o.Class,
		From: w.cityName(cl.l.from), To: w.cityName(cl.l.to),
		FromStation: o.FromStation, ToStation: o.ToStation,
		Date: w.date(day), Depart: orchestrator.FormatClock(cl.depart), Arrive: orchestrator.FormatClock(cl.arrive % 1440), ArriveDayOffset: cl.arrive / 1440,
		DurationMinutes: cl.op.dur, DistanceKM: o.DistanceKM,
		Pricing: pricing(o), Price: orchestrator.Money{Cents: cl.op.price, Currency: w.currency},
		Units: cl.op.units, Cost: orchestrator.Money{Cents: cl.op.cost, Currency: w.currency},
		Estimate: o.PriceEstimate,
	}
}

// legsOut appends to out a chosen leg rendered: one leg for a direct
// option; for a journey its legs, numbered with the journey appended to
// day.Journeys.
func (w *world) legsOut(out []orchestrator.Leg, cl *chosenLeg, d int, day *orchestrator.Day) []orchestrator.Leg {
	if len(cl.op.parts) == 0 {
		return append(out, w.legOut(cl, d))
	}
	j := orchestrator.Journey{
		From: w.cityName(cl.l.from), To: w.cityName(cl.l.to), Via: slices.Clone(cl.op.via),
		Depart: orchestrator.FormatClock(cl.depart), Arrive: orchestrator.FormatClock(cl.arrive % 1440), ArriveDayOffset: cl.arrive / 1440,
		DurationMinutes: cl.arrive - cl.depart, Legs: len(cl.op.parts),
		Cost: orchestrator.Money{Cents: cl.op.cost, Currency: w.currency},
	}
	day.Journeys = append(day.Journeys, j)
	n := len(day.Journeys)
	for i, p := range cl.op.parts {
		from, to := orchestrator.CanonicalCity(p.op.o.From), orchestrator.CanonicalCity(p.op.o.To)
		leg := w.legOut(&chosenLeg{l: routeLeg{from: from, to: to, day: d}, op: p.op, depart: p.depart, arrive: p.arrive}, d)
		leg.Journey = n
		if i > 0 {
			prev := cl.op.parts[i-1]
			leg.TransferMinutes = p.depart - prev.arrive
			leg.MinTransferMinutes = orchestrator.MinTransfer(prev.op.o.Mode, prev.op.o.ToStation, p.op.o.Mode, p.op.o.FromStation)
		}
		day.Journeys[n-1].Estimate = day.Journeys[n-1].Estimate || leg.Estimate
		out = append(out, leg)
	}
	return out
}

func pricing(o *orchestrator.TransportOption) string {
	if o.Pricing == orchestrator.PerVehicle {
		return orchestrator.PerVehicle
	}
	return orchestrator.PerPerson
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
		// elig and weight live in the city's arena, one variant at a time.
		ar := c.arenaOf(w)
		elig := ar.elig[:0]
		if cap(elig) < len(c.restaurants) {
			elig = make([]*restaurant, 0, len(c.restaurants))
		}
		// The light ones (light, serving no cuisine asked for) apart.
		lights := ar.lights[:0]
		// A restaurant open only within one daily span is open at a meal
		// when its span is (openSpans, asked once per span).
		ar.spanOpen = c.openSpans(ar.spanOpen, ss)
		for _, rs := range c.restaurants {
			in := false
			if rs.span > 0 {
				in = ar.spanOpen[rs.span-1]
			} else {
				for si := range ss {
					if s := &ss[si]; rs.open(s.wd, s.time, s.time+orchestrator.MealMinutes(s.slot)) {
						in = true
						break
					}
				}
			}
			if !in {
				continue
			}
			if rs.light() && rs.mask == 0 {
				lights = append(lights, rs)
			} else {
				elig = append(elig, rs)
			}
		}
		ar.lights = lights
		// A bakery, café, tea house or bar is no lunch or dinner, unless it
		// serves a cuisine the traveller asked for or too few other places
		// are open: then every open one, in the city's (catalog) order.
		if len(lights) > 0 && len(elig) < len(ss) {
			elig = mergeByIndex(elig, lights)
		}
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
	// Breakfasts, apart: at places that serve breakfast, near where the
	// day starts, priced for a breakfast.
	for ci, c := range r.cities {
		if len(breakfasts[ci]) > 0 {
			perCity[ci] = append(perCity[ci], breakfasts[ci]...)
			assigned[ci] = append(assigned[ci], w.assignBreakfasts(c, breakfasts[ci], used, v)...)
		}
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
// or already quality.MealCap times on the trip, moves to the lightest
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
	// Counts by category and by day and category: a few meals, so lists
	// searched in turn rather than maps.
	var trip counts[int32]
	var daily counts[dayCat]
	cover := make([]int, nc)
	for _, e := range order {
		rs := assigned[e.ci][e.si]
		trip.add(rs.catID(), 1)
		daily.add(dayCat{perCity[e.ci][e.si].day, rs.catID()}, 1)
		for b := 0; b < nc; b++ {
			if rs.mask&(1<<b) != 0 {
				cover[b]++
			}
		}
	}
	limit := quality.MealCap(len(order))
	var seenTrip counts[int32]
	var seenDay counts[dayCat]
	for _, e := range order {
		s := &perCity[e.ci][e.si]
		cur := assigned[e.ci][e.si]
		k := cur.catID()
		if k != 0 && (seenDay.get(dayCat{s.day, k}) > 0 || seenTrip.get(k) >= limit) {
			if rs := w.varyOne(r.cities[e.ci], v, s, cur, used, weighed, &mealCounts{&trip, &daily, s.day, limit}, cover); rs != nil {
				assigned[e.ci][e.si] = rs
				used.remove(cur)
				used.add(rs)
				trip.add(k, -1)
				daily.add(dayCat{s.day, k}, -1)
				k = rs.catID()
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
	}
}

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
}

// fresh reports whether a meal of category k (categoryID) is no repeat:
// none that day and fewer than limit on the trip (or no known category).
func (m *mealCounts) fresh(k int32) bool {
	return k == 0 || m.daily.get(dayCat{m.day, k}) == 0 && m.trip.get(k) < m.limit
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
		if k := rs.catID(); k == cur.catID() || !fresh.fresh(k) {
			continue
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
	for i, r := range rs {
		rating := r.rating()
		if rating <= 0 {
			rating = 2.5
		}
		s := 1000*math.Abs(float64(r.price-target))/float64(max(target, 1)) + rw*(5-rating) + 20*math.Min(dist(r), 20)
		if len(w.foods) == 0 && r.f != nil {
			// No food asked for: the city's signature dishes over a
			// chain's branch.
			s -= localBonus * float64(r.f.local)
			if r.f.chain {
				s += chainPenalty
			}
		}
		out[i] = int64(math.Round(s))
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

// idleLeft reports whether a walk at t, with visits to end by lastEnd,
// leaves the day idle for the brief's idle gap (quality.IdleGap, or
// IdleGapRelaxed at a relaxed pace) before 18:00, less a pending lunch.
func (w *world) idleLeft(t, lastEnd int, lunchPending bool) bool {
	gap := quality.IdleGap
	if w.b.Pace == "relaxed" {
		gap = quality.IdleGapRelaxed
	}
	free := min(lastEnd, 18*60) - max(t, 9*60)
	if lunchPending {
		free -= lunchLen + 2*mealTravel
	}
	return free >= gap-30
}
