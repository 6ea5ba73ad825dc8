package planner

import (
	"math/bits"
	"slices"
	"sort"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// Transport families: a trip either drives its own car on every leg or uses
// no self-driving at all (a car driven out has to be driven back, and the
// benchmark rules forbid mixing self-driving with flights or taxis).
const (
	famPublic = iota
	famRoad
	numFams
)

// route is a candidate allocation: cities in order, nights per city, the
// transport family and the legs implied.
type route struct {
	cities []*city
	nights []int
	fam    int
	legs   []routeLeg
	// full[i] counts the days fully spent in cities[i] (no travel).
	full []int

	estimate  int64 // lean cost: cheapest legs, stays and meals
	shortage  int   // missing meals, visits, cuisines or data
	over      bool
	imbalance int
	// gaps counts legs without any service (a partial plan).
	gaps int
	// transit scores the legs a traveller would book (routeTransit);
	// zero when the planner books direct legs only (Options.Direct).
	transit int
}

type routeLeg struct {
	from, to     string // canonical keys
	fromID, toID int
	day          int // 0-based
}

func (r *route) better(o *route) bool {
	if o == nil {
		return true
	}
	if r.gaps != o.gaps {
		return r.gaps < o.gaps
	}
	if r.shortage != o.shortage {
		return r.shortage < o.shortage
	}
	if r.over != o.over {
		return !r.over
	}
	if r.imbalance != o.imbalance {
		return r.imbalance < o.imbalance
	}
	if d := r.transit - o.transit; d <= -transitSlack || d >= transitSlack {
		return d < 0
	}
	if r.estimate != o.estimate {
		return r.estimate < o.estimate
	}
	return slices.CompareFunc(r.cities, o.cities, func(a, b *city) int { return strings.Compare(a.key, b.key) }) < 0
}

func (r *route) perfect() bool { return r.gaps == 0 && r.shortage == 0 && !r.over }

// clone copies r with its own slices.
func (r *route) clone() *route {
	c := *r
	c.legs = slices.Clone(r.legs)
	c.full = slices.Clone(r.full)
	return &c
}

// SplitNights spreads nights over n cities as evenly as possible, earlier
// cities getting the extra nights. With an origin a trip of d days has d-1
// nights; the planner allocates cities by this split when it fits the data.
func SplitNights(nights, n int) []int {
	if n <= 0 {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = nights / n
		if i < nights%n {
			out[i]++
		}
	}
	return out
}

// compositions returns every split of total into k positive parts, grouped
// by imbalance (max−min), most balanced first; within a group, splits that
// give earlier cities more nights come first.
func compositions(total, k int) [][][]int {
	var all [][]int
	var rec func(prefix []int, left, parts int)
	rec = func(prefix []int, left, parts int) {
		if parts == 1 {
			all = append(all, append(slices.Clone(prefix), left))
			return
		}
		for v := left - (parts - 1); v >= 1; v-- {
			rec(append(prefix, v), left-v, parts-1)
		}
	}
	if k <= 0 || total < k {
		return nil
	}
	rec(nil, total, k)
	byImb := map[int][][]int{}
	var levels []int
	for _, c := range all {
		imb := slices.Max(c) - slices.Min(c)
		if _, ok := byImb[imb]; !ok {
			levels = append(levels, imb)
		}
		byImb[imb] = append(byImb[imb], c)
	}
	sort.Ints(levels)
	out := make([][][]int, 0, len(levels))
	for _, l := range levels {
		out = append(out, byImb[l])
	}
	return out
}

// searchRoute chooses the cities, their order, the nights in each and the
// transport family.
func (w *world) searchRoute() (*route, error) {
	seqs, err := w.sequences()
	if err != nil {
		return nil, err
	}
	k := len(seqs[0])
	nights := w.days - 1
	var levels [][][]int
	switch {
	case nights >= k:
		levels = compositions(nights, k)
	case k == 1:
		levels = [][][]int{{{nights}}} // a day trip
	default:
		return nil, orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "%d cities need at least %d days", k, k+1)
	}
	// Candidates are evaluated into one scratch route; only a new best is
	// copied out.
	var best *route
	scratch := &route{}
	for pass := 0; pass < 2 && best == nil; pass++ {
		// The second pass, when no route can be travelled, allows legs
		// without any service (gaps): a partial plan whose findings name
		// the missing link and the nearest alternative.
		w.gaps = pass == 1 && !w.opts.Direct
		if pass == 1 && !w.gaps {
			break
		}
		for _, level := range levels {
			for _, split := range level {
				if err := w.ctx.Err(); err != nil {
					return nil, err
				}
				for _, seq := range seqs {
					if w.evaluate(scratch, seq, split) && scratch.better(best) {
						best = scratch.clone()
					}
				}
			}
			if best != nil && best.perfect() {
				break
			}
		}
	}
	if best == nil {
		w.gaps = false
		return nil, w.infeasible(seqs)
	}
	return best, nil
}

// infeasible explains why no sequence works, naming the first problem.
func (w *world) infeasible(seqs [][]*city) error {
	seq := seqs[0]
	nights := SplitNights(max(w.days-1, 0), len(seq))
	for i, c := range seq {
		if c.hotelData && nights[i] > 0 && c.cheapestHotel(nights[i]) == nil {
			return orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "no accommodation in %s meets the constraints (room type, house rules, minimum nights)", c.name)
		}
	}
	legs, _ := w.routeLegs(seq, nights)
	for _, l := range legs {
		ok := false
		for fam := 0; fam < numFams; fam++ {
			if w.cheapestLeg(l, fam) != nil {
				ok = true
			}
		}
		if !ok {
			return orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "no usable transport from %s to %s on day %d", w.cityName(l.from), w.cityName(l.to), l.day+1)
		}
	}
	return orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "no combination of cities and transport can be planned: transport modes cannot be combined without self-driving mixed with other modes")
}

func (w *world) cityName(key string) string {
	if key == w.originKey {
		return w.origin
	}
	if c := w.byKey[key]; c != nil {
		return c.name
	}
	if n := w.names[key]; n != "" {
		return n
	}
	return key
}

// sequences lists the ordered city sequences to consider.
func (w *world) sequences() ([][]*city, error) {
	if len(w.b.Route) > 0 {
		var seq []*city
		for _, name := range w.b.Route {
			c := w.byKey[orchestrator.CanonicalCity(name)]
			if c == nil {
				return nil, orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "no data gathered for %s", name)
			}
			seq = append(seq, c)
		}
		return [][]*city{seq}, nil
	}
	var present []*city
	missing := 0
	for _, d := range w.b.Destinations {
		if c := w.byKey[orchestrator.CanonicalCity(d)]; c != nil {
			if !slices.Contains(present, c) {
				present = append(present, c)
			}
		} else {
			missing++
		}
	}
	pool := w.cities
	k := w.opts.Cities
	if k <= 0 {
		k = max(1, len(present))
	}
	if missing == 0 && len(present) == k {
		pool = present
	}
	if len(pool) == 0 {
		return nil, orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "no data gathered for %s", strings.Join(w.b.Destinations, ", "))
	}
	if k > len(pool) {
		return nil, orchestrator.Errorf(orchestrator.EUNPROCESSABLE, "%d cities requested but data for only %d", k, len(pool))
	}
	if len(pool) > w.opts.MaxCandidates && len(pool) > k {
		pool = w.prune(pool, max(w.opts.MaxCandidates, k))
	}
	if k == len(pool) && k > maxExhaustive {
		return w.heuristicOrders(pool), nil
	}
	var out [][]*city
	used := make([]bool, len(pool))
	var rec func(prefix []*city)
	rec = func(prefix []*city) {
		if len(prefix) == k {
			out = append(out, slices.Clone(prefix))
			return
		}
		for i, c := range pool {
			if !used[i] {
				used[i] = true
				rec(append(prefix, c))
				used[i] = false
			}
		}
	}
	rec(nil)
	return out, nil
}

// maxExhaustive is the most cities whose every order the route search
// tries; more are ordered by heuristicOrders.
const maxExhaustive = 5

// heuristicOrders returns the orders tried for many cities: the named
// order, and nearest-neighbour tours by straight-line distance from the
// origin (or from each city when there is none), each also reversed.
func (w *world) heuristicOrders(pool []*city) [][]*city {
	out := [][]*city{slices.Clone(pool)}
	seen := map[string]bool{}
	key := func(seq []*city) string {
		var b strings.Builder
		for _, c := range seq {
			b.WriteString(c.key)
			b.WriteByte(0)
		}
		return b.String()
	}
	seen[key(pool)] = true
	add := func(seq []*city) {
		if !seen[key(seq)] {
			seen[key(seq)] = true
			out = append(out, seq)
		}
	}
	starts := []string{w.originKey}
	if w.originKey == "" {
		starts = nil
		for _, c := range pool {
			starts = append(starts, c.key)
		}
	}
	locate := func(k string) (orchestrator.GeoPoint, bool) {
		if p, ok := w.position(k); ok {
			return p, true
		}
		if c := w.byKey[k]; c != nil && c.center != nil {
			return *c.center, true
		}
		return orchestrator.GeoPoint{}, false
	}
	for _, s := range starts {
		at, ok := locate(s)
		var seq []*city
		left := slices.Clone(pool)
		for len(left) > 0 {
			bi := 0
			if ok {
				bd := -1.0
				for i, c := range left {
					p, ok2 := locate(c.key)
					if !ok2 {
						continue
					}
					if d := at.DistanceKM(p); bd < 0 || d < bd {
						bi, bd = i, d
					}
				}
			}
			seq = append(seq, left[bi])
			at, ok = locate(left[bi].key)
			left = slices.Delete(left, bi, bi+1)
		}
		add(seq)
		rev := slices.Clone(seq)
		slices.Reverse(rev)
		add(rev)
	}
	return out
}

// prune keeps the n most promising candidate cities: those with
// accommodation, attractions and restaurants, then the cheapest to reach and
// stay in.
func (w *world) prune(pool []*city, n int) []*city {
	type scored struct {
		c    *city
		bad  int
		cost int64
	}
	nights := max(1, (w.days-1)/max(1, w.opts.Cities))
	var ss []scored
	for _, c := range pool {
		s := scored{c: c}
		if h := c.cheapestHotel(nights); h != nil {
			s.cost += h.night * int64(nights)
		} else if c.hotelData || len(c.hotels) == 0 {
			s.bad += 2
		}
		if len(c.attractions) == 0 {
			s.bad++
		}
		if len(c.restaurants) < 3 {
			s.bad++
		}
		if w.originKey != "" {
			for _, dir := range [][2]string{{w.originKey, c.key}, {c.key, w.originKey}} {
				best := int64(-1)
				for _, op := range w.legs[dir] {
					if w.modeAllowed(op, famPublic) || w.modeAllowed(op, famRoad) {
						if best < 0 || op.cost < best {
							best = op.cost
						}
					}
				}
				if best < 0 {
					s.bad += 2
				} else {
					s.cost += best
				}
			}
		}
		ss = append(ss, s)
	}
	sort.SliceStable(ss, func(i, j int) bool {
		if ss[i].bad != ss[j].bad {
			return ss[i].bad < ss[j].bad
		}
		if ss[i].cost != ss[j].cost {
			return ss[i].cost < ss[j].cost
		}
		return ss[i].c.key < ss[j].c.key
	})
	out := make([]*city, 0, n)
	for _, s := range ss[:n] {
		out = append(out, s.c)
	}
	// Keep trip order among the kept cities.
	sort.SliceStable(out, func(i, j int) bool { return w.cityIndex(out[i]) < w.cityIndex(out[j]) })
	return out
}

func (w *world) cityIndex(c *city) int { return slices.Index(w.cities, c) }

// routeLegs returns the legs of a sequence with a night split, and for each
// city the number of days spent there without travelling.
func (w *world) routeLegs(seq []*city, nights []int) ([]routeLeg, []int) {
	return w.routeLegsInto(nil, nil, seq, nights)
}

// routeLegsInto is routeLegs appending to the given slices' storage.
func (w *world) routeLegsInto(legs []routeLeg, full []int, seq []*city, nights []int) ([]routeLeg, []int) {
	legs = legs[:0]
	day := 0
	if w.originKey != "" {
		legs = append(legs, routeLeg{w.originKey, seq[0].key, 0, seq[0].id, 0})
	}
	for i := 1; i < len(seq); i++ {
		day += nights[i-1]
		legs = append(legs, routeLeg{seq[i-1].key, seq[i].key, seq[i-1].id, seq[i].id, day})
	}
	if w.originKey != "" {
		legs = append(legs, routeLeg{seq[len(seq)-1].key, w.originKey, seq[len(seq)-1].id, 0, w.days - 1})
	}
	travel := func(d int) bool {
		for _, l := range legs {
			if l.day == d {
				return true
			}
		}
		return false
	}
	full = append(full[:0], make([]int, len(seq))...)
	start := 0
	for i := range seq {
		end := start + nights[i] // the day the city is left (or the last day)
		if i == len(seq)-1 {
			end = w.days - 1
		}
		for d := start; d <= end && d < w.days; d++ {
			if !travel(d) {
				full[i]++
			}
		}
		start += nights[i]
	}
	return legs, full
}

// evaluate scores a sequence with a night split into r (reusing its
// slices) and reports whether it can be planned at all.
func (w *world) evaluate(r *route, seq []*city, nights []int) bool {
	*r = route{cities: seq, nights: nights, imbalance: slices.Max(nights) - slices.Min(nights), legs: r.legs, full: r.full}
	r.legs, r.full = w.routeLegsInto(r.legs, r.full, seq, nights)

	// Transport: the cheapest leg in each family, then the family.
	var famCost [numFams]int64
	var famOK [numFams]bool
	var famGaps [numFams]int
	for fam := 0; fam < numFams; fam++ {
		famOK[fam] = true
		for _, l := range r.legs {
			op := w.cheapestLeg(l, fam)
			if op == nil {
				if w.gaps {
					famGaps[fam]++
					continue
				}
				famOK[fam] = false
				break
			}
			famCost[fam] += op.cost
		}
	}
	r.fam = w.pickFamily(famOK, famCost)
	if w.gaps && famGaps[famRoad] < famGaps[famPublic] {
		r.fam = famRoad
	} else if w.gaps && famGaps[famPublic] < famGaps[famRoad] {
		r.fam = famPublic
	}
	if r.fam < 0 {
		return false
	}
	r.gaps = famGaps[r.fam]
	r.estimate = famCost[r.fam]
	if !w.opts.Direct {
		for _, l := range r.legs {
			r.transit += w.legTransit(l, r.fam)
		}
	}

	// Stays.
	for i, c := range seq {
		if nights[i] == 0 {
			continue
		}
		if !c.hotelData {
			r.shortage++
			continue
		}
		h := c.cheapestHotel(nights[i])
		if h == nil {
			return false
		}
		r.estimate += h.night * int64(nights[i])
	}

	// Meals on full days, with the requested cuisines covered.
	nm := 1 << len(w.cuisines)
	if len(w.dpF) != nm {
		w.dpF, w.dpG = make([]int64, nm), make([]int64, nm)
	}
	f, g := w.dpF, w.dpG
	for i := range f {
		f[i] = -1
	}
	f[0] = 0
	for i, c := range seq {
		m := 3 * r.full[i]
		if m == 0 {
			continue
		}
		if !c.restData {
			r.shortage += m
			continue
		}
		if len(c.restaurants) < m {
			r.shortage += m - len(c.restaurants)
			m = len(c.restaurants)
		}
		t := w.mealTable(c, m)
		for j := range g {
			g[j] = -1
		}
		for u := 0; u < nm; u++ {
			if f[u] < 0 {
				continue
			}
			for v := 0; v < nm; v++ {
				if t[v] < 0 {
					continue
				}
				if s := f[u] + t[v]; g[u|v] < 0 || s < g[u|v] {
					g[u|v] = s
				}
			}
		}
		f, g = g, f
	}
	bestMask, bestCost := -1, int64(0)
	for u := 0; u < nm; u++ {
		if f[u] < 0 {
			continue
		}
		if bestMask < 0 || bits.OnesCount(uint(u)) > bits.OnesCount(uint(bestMask)) ||
			(bits.OnesCount(uint(u)) == bits.OnesCount(uint(bestMask)) && f[u] < bestCost) {
			bestMask, bestCost = u, f[u]
		}
	}
	if bestMask < 0 {
		bestMask = 0
	}
	r.shortage += len(w.cuisines) - bits.OnesCount(uint(bestMask))
	r.estimate += bestCost

	// Enough distinct attractions for one visit per full day.
	for i, c := range seq {
		if len(c.attractions) < r.full[i] {
			r.shortage += r.full[i] - len(c.attractions)
		}
	}
	if len(w.mustFound) > 0 {
		r.shortage += w.mustMissing(seq)
	}
	r.over = w.limit >= 0 && r.estimate > w.limit
	return true
}

// Route order by the leg utility. Among routes equal in what they can
// plan, the one whose legs a traveller would rather book wins: for each
// leg the option the leg utility picks (mid tier) scores its door-to-door
// minutes, plus oddPenalty hours when it runs at odd hours and
// changePenalty per change of a journey. Routes within transitSlack
// minutes of each other are compared by cost.
const (
	changePenalty = 45
	transitSlack  = 60
)

// legTransit is a leg's score for routeTransit, memoized.
func (w *world) legTransit(l routeLeg, fam int) int {
	n := len(w.cities) + 1
	key := ((l.fromID*n+l.toID)*w.days+l.day)*numFams + fam
	if w.transitMemo == nil {
		w.transitMemo = make([]int, len(w.legMemo))
	}
	if v := w.transitMemo[key]; v != 0 {
		return v - 1
	}
	outbound, home := l.from == w.originKey, l.to == w.originKey
	op := w.chooseLeg(l, fam, variant{tier: orchestrator.TierMid}, -1, outbound, home, false)
	score := 0
	if op != nil {
		dep, arr := w.legTimes(op, l, outbound, home, -1)
		score = arr - dep
		if oddHours(dep, arr) {
			score += int(oddPenalty * 60)
		}
		if len(op.parts) > 1 {
			score += changePenalty * (len(op.parts) - 1)
		}
	}
	w.transitMemo[key] = score + 1
	return score
}

// pickFamily chooses the transport family: the one holding a preferred mode
// when feasible, else the cheaper (public on ties); -1 when none works.
func (w *world) pickFamily(ok [numFams]bool, cost [numFams]int64) int {
	if slices.Contains(w.prefer, "self_driving") && ok[famRoad] {
		return famRoad
	}
	for _, p := range w.prefer {
		if p != "self_driving" && ok[famPublic] {
			return famPublic
		}
	}
	switch {
	case ok[famPublic] && ok[famRoad]:
		if cost[famRoad] < cost[famPublic] {
			return famRoad
		}
		return famPublic
	case ok[famPublic]:
		return famPublic
	case ok[famRoad]:
		return famRoad
	}
	return -1
}

// modeAllowed reports whether an option's mode is allowed in family fam.
func (w *world) modeAllowed(op *option, fam int) bool {
	m := op.o.Mode
	if w.exclude[m] {
		return false
	}
	if fam == famRoad {
		return m == "self_driving"
	}
	return m != "self_driving"
}

// usable lists the options that can cover leg l in family fam: allowed
// mode, the day's date, arrival the same day; restricted to preferred modes
// when the leg has any.
// The list is memoized per plan and shared: it must not be changed.
func (w *world) usable(l routeLeg, fam int) []*option {
	if w.usableMemo == nil {
		return w.findUsable(l, fam)
	}
	n := len(w.cities) + 1
	key := ((l.fromID*n+l.toID)*w.days+l.day)*numFams + fam
	if !w.usableDone[key] {
		w.usableMemo[key], w.usableDone[key] = w.findUsable(l, fam), true
	}
	return w.usableMemo[key]
}

// findUsable computes usable(l, fam).
func (w *world) findUsable(l routeLeg, fam int) []*option {
	date := w.date(l.day)
	var out, pref, strict []*option
	c := &w.b.Constraints
	explicit := len(c.TransportRequire) > 0 || c.HighSpeedRail
	// out is the leg's shared list itself (read only, as every caller
	// reads out) until an option is left out: then a copy of those kept.
	ops := w.legs[[2]string{l.from, l.to}]
	dropped := false
	for i, op := range ops {
		if !w.usableOption(op, fam, date) {
			if !dropped {
				out, dropped = append(make([]*option, 0, len(ops)-1), ops[:i]...), true
			}
			continue
		}
		if dropped {
			out = append(out, op)
		}
		if explicit && c.LegAllowed(op.o.Mode, op.o.Number, op.o.Class) {
			strict = append(strict, op)
		}
		if slices.Contains(w.prefer, op.o.Mode) {
			pref = append(pref, op)
		}
	}
	if !dropped {
		out = ops
	}
	switch {
	case len(strict) > 0:
		// An explicit mode is a requirement, not a preference.
		return strict
	case len(pref) > 0:
		return pref
	}
	return out
}

// usableOption reports whether findUsable keeps op for a leg on date in
// family fam.
func (w *world) usableOption(op *option, fam int, date string) bool {
	if !w.modeAllowed(op, fam) {
		return false
	}
	if op.o.Date != "" && date != "" && op.o.Date != date {
		return false
	}
	if op.depart < 0 {
		return op.dur > 0 && op.dur < 1440
	}
	// Not arriving the next day after the small hours: a day lost on
	// board.
	return op.o.ArriveDayOffset <= 1 && !(op.overnight() && op.arrive > latestOvernight)
}

// cheapestLeg returns the cheapest usable option (ties: shorter, earlier,
// then ID), memoized.
func (w *world) cheapestLeg(l routeLeg, fam int) *option {
	n := len(w.cities) + 1
	key := ((l.fromID*n+l.toID)*w.days+l.day)*numFams + fam
	if w.legDone[key] {
		return w.legMemo[key]
	}
	var best *option
	for _, op := range w.candidates(l, fam) {
		if best == nil || op.cost < best.cost ||
			(op.cost == best.cost && (op.dur < best.dur ||
				(op.dur == best.dur && (op.depart < best.depart ||
					(op.depart == best.depart && op.o.ID < best.o.ID))))) {
			best = op
		}
	}
	w.legMemo[key], w.legDone[key] = best, true
	return best
}

// cheapestHotel returns the hotel costing the group least for a stay of n
// nights (ties: better rated, nearer the centre, then data order), memoized.
func (c *city) cheapestHotel(n int) *hotel {
	if h, ok := c.hotelMemo[n]; ok {
		return h
	}
	var best *hotel
	for _, h := range c.stayable(n) {
		if best == nil || h.night < best.night ||
			(h.night == best.night && (h.rating > best.rating ||
				(h.rating == best.rating && (h.dist < best.dist ||
					(h.dist == best.dist && h.idx < best.idx))))) {
			best = h
		}
	}
	c.hotelMemo[n] = best
	return best
}

// stayable lists the hotels of c that allow a stay of n nights: those
// known to allow the brief's house rules when any does, else those whose
// rules the data do not state.
func (c *city) stayable(n int) []*hotel {
	return c.stays(n).hotels
}

// stayList is what a plan keeps of the hotels of a stay of n nights:
// stayable(n), and their prices for the group per night in order (when
// first needed).
type stayList struct {
	hotels []*hotel
	nights []int64
}

// stays returns the stay list of n nights, memoized; its slices are
// shared and must not be changed.
func (c *city) stays(n int) *stayList {
	if l, ok := c.stayMemo[n]; ok {
		return l
	}
	l := &stayList{hotels: c.findStayable(n)}
	if c.stayMemo == nil {
		c.stayMemo = map[int]*stayList{}
	}
	c.stayMemo[n] = l
	return l
}

// sortedNights returns the group's nightly prices of the hotels of l, a
// stay list of c, in order: collected in the catalog index's order of the
// catalog's hotels by the nightly price of the group's rooms, which needs
// no sort when the plan's prices are the data's; sorted otherwise.
func (w *world) sortedNights(c *city, l *stayList) []int64 {
	if l.nights != nil {
		return l.nights
	}
	// In the arena (the plan's stay lists keep theirs until it is done).
	ar := c.arenaOf(w)
	out := bump(&ar.nights, len(l.hotels))
	if f := c.hfacts; f != nil && len(l.hotels) > 1 {
		// The nights by catalog index, in the arena's scratch (in is
		// cleared again after).
		n := len(f.dist)
		ar.night, ar.in = sized(ar.night, n), sized(ar.in, n)
		for _, h := range l.hotels {
			ar.night[h.idx], ar.in[h.idx] = h.night, true
		}
		for _, i := range f.nightOrder(c.data.Hotels.Value, w.people) {
			if ar.in[i] {
				out = append(out, ar.night[i])
			}
		}
		for _, h := range l.hotels {
			ar.in[h.idx] = false
		}
	} else {
		for _, h := range l.hotels {
			out = append(out, h.night)
		}
	}
	if !slices.IsSorted(out) {
		slices.Sort(out)
	}
	l.nights = out
	return out
}

// findStayable computes stayable(n).
func (c *city) findStayable(n int) []*hotel {
	known := 0
	for _, h := range c.hotels {
		if int(h.minNights) <= n && !h.unknown {
			known++
		}
	}
	// Those known to allow the rules, when there are any; else the others.
	keep := func(h *hotel) bool { return int(h.minNights) <= n && h.unknown == (known == 0) }
	count := known
	if known == 0 {
		for _, h := range c.hotels {
			if keep(h) {
				count++
			}
		}
	}
	if count == 0 {
		return nil
	}
	if count == len(c.hotels) {
		return c.hotels // every one (the list is read only)
	}
	out := make([]*hotel, 0, count)
	for _, h := range c.hotels {
		if keep(h) {
			out = append(out, h)
		}
	}
	return out
}

// mealTable returns, for every set of requested cuisines (bit mask), the
// least a group pays for m meals at m distinct restaurants of c covering
// exactly that set; -1 where impossible. Memoized.
func (w *world) mealTable(c *city, m int) []int64 {
	if t, ok := c.mealMemo[m]; ok {
		return t
	}
	if len(w.cuisines) == 0 && c.factPrices && len(c.restaurants) == len(c.rfacts.prices) {
		// No cuisine asked and the plan's prices the data's: the m
		// cheapest, whose prices the catalog index holds in order (the
		// table restaurantTable gives, of one mask).
		t := []int64{-1}
		if m <= len(c.rfacts.prices) {
			t[0] = 0
			for _, p := range c.rfacts.prices[:max(m, 0)] {
				t[0] += p
			}
			t[0] *= int64(w.people)
		}
		c.mealMemo[m] = t
		return t
	}
	weights := make([]int64, len(c.restaurants))
	for i, r := range c.restaurants {
		weights[i] = r.price
	}
	t := slices.Clone(restaurantTable(c.restaurants, weights, m, len(w.cuisines)))
	for i := range t {
		if t[i] >= 0 {
			t[i] *= int64(w.people)
		}
	}
	c.mealMemo[m] = t
	return t
}
