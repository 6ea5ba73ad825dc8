package planner

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// mustBonus lifts a must-see sight above every other attraction.
const mustBonus = 10000

// resolveMust resolves the brief's must_visit names against every city's
// attractions (concepts.Resolve: exact, landmark names across languages,
// containment), marks the attractions found and records, per city, which
// entries it can satisfy.
func (w *world) resolveMust() {
	defer w.fitParty()
	if w.night {
		// A traveller who asks for night views sees the city's famous
		// ones after dusk (洪崖洞, 夫子庙, 外滩), must-see or not.
		for _, c := range w.cities {
			marks := sightMarksOf(c)
			for _, at := range c.attractions {
				if !at.evening && marks.has(at, markNightView) {
					at.evening = true
					c.defaultRank = false // pickTop's shared answers assume the catalog's flags
				}
			}
		}
	}
	timed := w.visitTimes()
	timed = w.sightKinds() || timed
	if len(w.b.MustVisit) == 0 {
		if timed {
			for _, c := range w.cities {
				sortAttractions(c.attractions)
			}
		}
		return
	}
	w.mustFound = make([]bool, len(w.b.MustVisit))
	for _, c := range w.cities {
		var cands []concepts.Candidate
		resolve := func(name string) func() int {
			return func() int {
				if cands == nil {
					cands = make([]concepts.Candidate, len(c.attractions))
					for i, at := range c.attractions {
						cands[i] = concepts.Candidate{Name: at.a.Name, Popularity: at.a.Popularity, Closed: concepts.Unvisitable(at.a)}
					}
				}
				i, _ := concepts.Resolve(name, cands)
				return i
			}
		}
		// Where the names resolve among the attractions in this order,
		// from the catalog index when plans share it.
		var mc *mustCache
		if c.afacts != nil {
			mc = c.afacts.must
		}
		order := mc.orderOf(c.attractions)
		for m, name := range w.b.MustVisit {
			i := mc.resolve(order, name, resolve(name))
			if i < 0 {
				continue
			}
			at := c.attractions[i]
			at.must = append(at.must, m)
			at.score += mustBonus
			if fitMustVisit(at) {
				// A theme park of a day's scale gets most of a day, a
				// show no longer than it is staged (mustsee.go).
				c.defaultRank = false
			}
			if w.night && !at.evening && quality.NightView(at.a.Name, at.a.Tags, at.a.Indoor, at.a.Hours) {
				// A night view the traveller insists on, having asked
				// for night views: after dark (the Bund at night).
				at.evening = true
			}
			if m < 62 {
				c.mustMask |= 1 << m
			}
			w.mustFound[m] = true
		}
		w.mustCovered(c) // mustsee.go
	}
	if w.night && quality.KidsHours(w.b) {
		// A must-see night view whose visit cannot end by the children's
		// hour when begun at dusk (洪崖洞's 3 h with a 5-year-old) is seen
		// by day rather than not at all.
		for _, c := range w.cities {
			for _, at := range c.attractions {
				if len(at.must) > 0 && at.evening && eveningFrom+at.visit > quality.KidsLatest {
					at.evening = false
					c.defaultRank = false
				}
			}
		}
	}
	w.kidsEveningMust() // mustsee.go
	for _, c := range w.cities {
		sortAttractions(c.attractions)
	}
	for m, name := range w.b.MustVisit {
		if !w.mustFound[m] {
			var names []string
			for _, c := range w.cities {
				names = append(names, c.name)
			}
			w.notes = append(w.notes, orchestrator.Finding{
				Code: FindingMustVisitNotFound, Severity: orchestrator.SeverityWarning, Check: "must_visit", Subject: name,
				Message: name + " is not among the attractions known for " + strings.Join(names, ", ") + "; it could not be planned",
			})
		}
	}
}

// visitBonus lifts a sight the traveller asked to see at a time of day
// (Brief.VisitTimes) above every attraction but the must-see ones.
const visitBonus = mustBonus / 2

// visitTimes applies the brief's visit_times to the sights they name in
// each city (concepts.Resolve, as must-see names are resolved): a sight
// asked for at sunrise, early in the morning or in the morning is visited
// first in a morning window (morning); at sunset, in the evening or at
// night after dark (evening), when its hours reach the evening
// (quality.WhenAllowed); in the afternoon last in a window, not before
// noon (notBefore). The sight is lifted above the others (visitBonus) so that it is
// planned. It reports whether any sight was changed; the caller sorts.
func (w *world) visitTimes() bool {
	changed := false
	for _, vt := range w.b.VisitTimes {
		for _, c := range w.cities {
			cands := make([]concepts.Candidate, len(c.attractions))
			for i, at := range c.attractions {
				cands[i] = concepts.Candidate{Name: at.a.Name, Popularity: at.a.Popularity}
			}
			i, _ := concepts.Resolve(vt.Sight, cands)
			if i < 0 {
				continue
			}
			at := c.attractions[i]
			switch vt.When {
			case "sunrise", "early morning":
				// Before breakfast, from its opening (dawnVisit).
				at.morning, at.evening, at.notBefore = true, false, dawnMark
			case "morning":
				at.morning, at.evening, at.notBefore = true, false, 0
			case "sunset", "evening", "night":
				if vt.When == "sunset" && w.sunsetVisit(c, at) {
					break
				}
				if _, _, ok := quality.WhenAllowed(vt.When, at.a.Hours, -1, at.visit); ok {
					at.morning, at.evening, at.notBefore = false, true, 0
				}
			case "afternoon":
				if from, _, ok := quality.WhenAllowed(vt.When, at.a.Hours, -1, at.visit); ok {
					at.morning, at.evening, at.notBefore = false, false, from
				}
			}
			at.score += visitBonus
			c.defaultRank = false
			changed = true
		}
	}
	return changed
}

// sunsetVisit plans a sight asked for at sunset in the afternoon, its
// visit starting so that the traveller is there as the sun goes down (the
// trip's first date, the city's position: quality.SunsetWindow), the
// latest start SunsetLast minutes before sunset, when its hours allow;
// it reports whether it did. (Taken as an evening sight, it would be seen
// after dinner, after dark.)
func (w *world) sunsetVisit(c *city, at *attraction) bool {
	from, last, ok := quality.SunsetWindow(w.b, c.name, w.date(0), c.center)
	if !ok {
		return false
	}
	sunset := last + quality.SunsetLast
	start := max(12*60, from, sunset-max(at.visit, 60))
	if start > last {
		return false
	}
	if s, open := openStartFor(at, -1, start, min(at.visit, sunset-start)); !open || s > last {
		return false
	}
	at.morning, at.evening, at.notBefore = false, false, start
	return true
}

// kindBonus lifts the best sight of a kind asked for by its kind (a zoo,
// an aquarium, a night market: quality.SightKind) so that the plan has one.
const kindBonus = mustBonus / 4

// sightKinds lifts, in each city, the best-ranked sight of each kind the
// brief asks for by its kind (quality.SightKindWishes: 动物园, "aquarium",
// 夜市, 泡温泉) by kindBonus; a kind the data lacks is left to the score's
// kind_missed. It reports whether any sight was lifted; the caller sorts.
func (w *world) sightKinds() bool {
	kinds := quality.SightKindWishes(w.b)
	changed := false
	for _, k := range kinds {
		bit := k.Bit()
		for _, c := range w.cities {
			var best *attraction
			for _, at := range c.attractions {
				if c.afacts != nil && at.idx < len(c.afacts.items) {
					if c.afacts.items[at.idx].kinds&bit == 0 {
						continue
					}
				} else if !k.Of(at.a) {
					continue
				}
				if best == nil || at.score > best.score {
					best = at
				}
			}
			if best != nil {
				best.score += kindBonus
				c.defaultRank = false
				changed = true
			}
		}
	}
	return changed
}

// fitParty leaves out the sights unfit for the party (quality.UnfitSight:
// a hike or a water park for older travellers or a small child) that it
// did not ask for, neither must-see nor meeting an interest.
func (w *world) fitParty() {
	if !quality.FitMatters(w.b) {
		return
	}
	for _, c := range w.cities {
		marks := sightMarksOf(c)
		var kept []*attraction
		for i, at := range c.attractions {
			unfit := at.imask == 0 && len(at.must) == 0 && marks.has(at, markUnfit)
			if unfit && kept == nil {
				kept = append(make([]*attraction, 0, len(c.attractions)), c.attractions[:i]...)
			} else if !unfit && kept != nil {
				kept = append(kept, at)
			}
		}
		if kept != nil {
			c.attractions = kept
			c.defaultRank = false // pickTop's shared answers hold every sight
		}
	}
}

// Marks of a catalog's attractions that depend on the attraction alone:
// markUnfit for quality.UnfitSight (for a party that minds fit),
// markNightView for quality.FamousNightView.
const (
	markUnfit uint8 = 1 << iota
	markNightView
)

// sightMarks are a catalog's attraction marks by catalog index.
type sightMarks []uint8

// has reports whether at carries the mark.
func (m sightMarks) has(at *attraction, mark uint8) bool {
	return at.idx < len(m) && m[at.idx]&mark != 0
}

// marksMemo keeps sightMarks per catalog (its shared index facts, else
// the address of its first attraction; the key keeps either alive): plans
// of one catalog read the names once. Bounded: past maxMarks catalogs it
// starts again.
var marksMemo struct {
	sync.Mutex
	m map[any]sightMarks
}

const maxMarks = 64

// sightMarksOf returns the marks of c's catalog, by catalog index.
func sightMarksOf(c *city) sightMarks {
	if len(c.attrAll) == 0 || c.attrAll[0].a == nil {
		return nil
	}
	var key any = c.attrAll[0].a
	if c.afacts != nil {
		key = c.afacts
	}
	marksMemo.Lock()
	m, ok := marksMemo.m[key]
	marksMemo.Unlock()
	if ok && len(m) == len(c.attrAll) {
		return m
	}
	fits := &orchestrator.Brief{Pace: "relaxed"} // a party that minds fit
	m = make(sightMarks, len(c.attrAll))
	for i := range c.attrAll {
		a := c.attrAll[i].a
		if a == nil {
			continue
		}
		if quality.UnfitSight(fits, a.Name) != "" {
			m[i] |= markUnfit
		}
		if quality.FamousNightView(a.Name, a.Hours) {
			m[i] |= markNightView
		}
	}
	marksMemo.Lock()
	if marksMemo.m == nil || len(marksMemo.m) >= maxMarks {
		marksMemo.m = make(map[any]sightMarks)
	}
	marksMemo.m[key] = m
	marksMemo.Unlock()
	return m
}

// Must-see findings.
const (
	FindingMustVisitNotFound    = "must_visit_not_found"
	FindingMustVisitUnscheduled = "must_visit_unscheduled"
)

// mustMissing counts the must_visit entries some candidate city could
// satisfy that a sequence of cities does not.
func (w *world) mustMissing(seq []*city) int {
	var all, have uint64
	for _, c := range w.cities {
		all |= c.mustMask
	}
	for _, c := range seq {
		have |= c.mustMask
	}
	n := 0
	for m := all &^ have; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// pickTop chooses n attractions of c for the trip, greedily: must-see
// sights first, then by score with diminishing returns for an interest
// already met and for a category already chosen, never two names of the
// same site, never two of a once-per-trip group (river cruises), and at
// most evenings sights best seen after dark. It returns the chosen and
// up to 2n+4 replacements in preference order.
//
// The choice depends on c, n and evenings alone: it is kept per city for
// the plan's other variants (c.tops; the callers change neither top nor,
// a copy each, extras).
func (w *world) pickTop(c *city, n, evenings int) (top, extras []*attraction) {
	for _, e := range c.tops {
		if e.n == n && e.evenings == evenings {
			return e.top, slices.Clone(e.extras)
		}
	}
	var tc *topCache
	if c.defaultRank && c.afacts != nil {
		tc = c.afacts.tops
	}
	if t := tc.find(n, evenings); t != nil {
		top, extras = t.pick(c.attrAll)
	} else {
		top, extras = w.pickTopFresh(c, n, evenings)
		tc.keep(n, evenings, top, extras)
	}
	c.tops = append(c.tops, topPick{n, evenings, top, slices.Clone(extras)})
	return top, extras
}

// topCache keeps pickTop's answers, as catalog indexes, for the plans
// that rank a catalog's attractions by default (city.defaultRank): their
// choice depends on the catalog, n and evenings alone (the scores being
// the default ones, no interest met and no must-see sight). Bounded: past
// maxTopPicks answers, choices are computed afresh.
type topCache struct {
	mu    sync.Mutex
	picks []*topIndexes
}

const maxTopPicks = 64

// topIndexes is a pickTop answer kept by a topCache.
type topIndexes struct {
	n, evenings int
	top, extras []int32
}

// find returns the answer kept for n and evenings, or nil (nil tc
// included).
func (tc *topCache) find(n, evenings int) *topIndexes {
	if tc == nil {
		return nil
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	for _, t := range tc.picks {
		if t.n == n && t.evenings == evenings {
			return t
		}
	}
	return nil
}

// keep adds the answer for n and evenings when there is room.
func (tc *topCache) keep(n, evenings int, top, extras []*attraction) {
	if tc == nil {
		return
	}
	t := &topIndexes{n: n, evenings: evenings, top: make([]int32, len(top)), extras: make([]int32, len(extras))}
	for i, a := range top {
		t.top[i] = int32(a.idx)
	}
	for i, a := range extras {
		t.extras[i] = int32(a.idx)
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if len(tc.picks) < maxTopPicks && !slices.ContainsFunc(tc.picks, func(o *topIndexes) bool { return o.n == n && o.evenings == evenings }) {
		tc.picks = append(tc.picks, t)
	}
}

// pick is the answer over the plan's attractions by catalog index.
func (t *topIndexes) pick(all []attraction) (top, extras []*attraction) {
	out := make([]*attraction, len(t.top)+len(t.extras))
	for i, k := range t.top {
		out[i] = &all[k]
	}
	for i, k := range t.extras {
		out[len(t.top)+i] = &all[k]
	}
	top = out[:len(t.top):len(t.top)]
	if len(t.extras) > 0 {
		extras = out[len(t.top):]
	}
	return top, extras
}

// topPick is a pickTop answer kept.
type topPick struct {
	n, evenings int
	top, extras []*attraction
}

// pickTopFresh is pickTop computed afresh.
func (w *world) pickTopFresh(c *city, n, evenings int) (top, extras []*attraction) {
	limit := min(len(c.attractions), 4*n+24)
	pool := c.attractions[:limit]
	flags := make([]bool, 2*len(pool))
	taken := flags[:len(pool)]
	icount := make([]int, len(w.interests))
	// The pool's categories numbered (catOf), and how many of each are
	// chosen (cat).
	ints := make([]int32, 3*len(pool))
	catOf, cat := ints[:len(pool)], ints[len(pool):2*len(pool)]
	names := make([]string, 0, 16)
	for i, a := range pool {
		id := slices.Index(names, a.a.Category)
		if id < 0 {
			id = len(names)
			names = append(names, a.a.Category)
		}
		catOf[i] = int32(id)
	}
	once := map[string]bool{}
	eve := 0
	// A pool attraction is the same site as a chosen one (blocked) once
	// found so; checked counts the chosen it was compared with: each pair
	// is compared at most once, top only growing.
	blocked := flags[len(pool):]
	checked := ints[2*len(pool):]
	// The landmarks the chosen are sections or gates of
	// (quality.LandmarkKey): a second section of the Great Wall is the
	// same experience again, unless the traveller named it.
	var lkeys []string
	var lends []rune // the last runes of the chosen sections' names
	landmark := func(i int) string {
		if !slices.Contains(lends, quality.NameEnd(pool[i].a.Name)) {
			return "" // ends as no chosen section does: not one
		}
		return quality.LandmarkKey(pool[i].a.Name)
	}
	clash := func(i int) bool {
		a := pool[i]
		if a.once != "" && once[a.once] && len(a.must) == 0 {
			return true // a second cruise, unless the traveller named it
		}
		if len(a.must) == 0 && len(lkeys) > 0 {
			if k := landmark(i); k != "" && slices.Contains(lkeys, k) {
				return true
			}
		}
		for ; !blocked[i] && int(checked[i]) < len(top); checked[i]++ {
			blocked[i] = c.sameSite(a, top[checked[i]])
		}
		return blocked[i]
	}
	gain := func(i int) float64 {
		a := pool[i]
		s := a.score
		for k := range w.interests {
			if a.imask&(1<<k) != 0 && icount[k] > 0 {
				s -= 100 - 100/float64(1+2*icount[k])
			}
		}
		return s - 12*float64(cat[catOf[i]])
	}
	// With night views asked for, the last evening is kept for a night
	// sight that meets an interest (秦淮灯会 for 夜游) while one is left:
	// a famous night view (resolveMust) takes an evening only beside it.
	wanted := 0
	if w.night {
		for _, a := range pool {
			if a.evening && a.imask != 0 {
				wanted++
			}
		}
	}
	for len(top) < n {
		best, bg := -1, 0.0
		for i, a := range pool {
			if taken[i] || (a.evening && eve >= evenings && len(a.must) == 0) || clash(i) {
				continue
			}
			if a.evening && a.imask == 0 && len(a.must) == 0 && wanted > 0 && eve+1 >= evenings {
				continue
			}
			if g := gain(i); best < 0 || g > bg {
				best, bg = i, g
			}
		}
		if best < 0 {
			break
		}
		a := pool[best]
		taken[best] = true
		top = append(top, a)
		for i := range w.interests {
			if a.imask&(1<<i) != 0 {
				icount[i]++
			}
		}
		cat[catOf[best]]++
		if k := quality.LandmarkKey(a.a.Name); k != "" {
			lkeys = append(lkeys, k)
			lends = append(lends, quality.NameEnd(a.a.Name))
		}
		if a.once != "" {
			once[a.once] = true
		}
		if a.evening {
			eve++
		}
		if w.night && a.evening && a.imask != 0 {
			wanted--
		}
	}
	for i, a := range pool {
		if len(extras) >= 2*n+4 {
			break
		}
		if !taken[i] && !clash(i) && !a.evening && !slices.ContainsFunc(extras, func(e *attraction) bool { return c.sameSite(a, e) }) {
			// Checked against the replacements kept too: two of them
			// may both be planned (苏堤 then 花港观鱼, one site).
			extras = append(extras, a)
			// One of a once-per-trip kind among the replacements too:
			// two cruises from different piers are one outing.
			if a.once != "" {
				once[a.once] = true
			}
		}
	}
	return top, extras
}

// mustFindings explains every must_visit entry found in the data that the
// itinerary does not visit: the city holding it is not on the route, or
// the sight fits none of the free stretches of the days there (its opening
// hours and recommended length are given).
func (w *world) mustFindings(r *route, it *orchestrator.Itinerary, wins []window) []orchestrator.Finding {
	if len(w.mustFound) == 0 {
		return nil
	}
	visited := map[string]bool{}
	for _, d := range it.Days {
		for _, s := range d.Stops {
			visited[s.AttractionID] = true
		}
	}
	var out []orchestrator.Finding
	for m, name := range w.b.MustVisit {
		if !w.mustFound[m] || m >= 62 {
			continue
		}
		var at *attraction
		var where *city
		done := false
		for ci, c := range r.cities {
			if c.mustMask&(1<<m) == 0 {
				continue
			}
			for _, a := range c.attractions {
				if slices.Contains(a.must, m) {
					if visited[a.a.ID] {
						done = true
					} else if at == nil {
						at, where = a, r.cities[ci]
					}
				}
			}
		}
		if done {
			continue
		}
		f := orchestrator.Finding{Code: FindingMustVisitUnscheduled, Severity: orchestrator.SeverityError, Check: "must_visit", Subject: name}
		if at == nil {
			var in []string
			for _, c := range w.cities {
				if c.mustMask&(1<<m) != 0 {
					in = append(in, c.name)
				}
			}
			f.Message = name + " is in " + strings.Join(in, ", ") + ", which the route does not visit"
			out = append(out, f)
			continue
		}
		longest := 0
		for _, win := range wins {
			if win.ci < len(r.cities) && r.cities[win.ci] == where {
				longest = max(longest, win.end-win.start)
			}
		}
		hours := "open at any time"
		if len(at.a.Hours) > 0 {
			var hs []string
			for _, h := range at.a.Hours {
				hs = append(hs, h.Open+"–"+h.Close)
			}
			hours = "open " + strings.Join(hs, ", ")
		}
		f.Message = fmt.Sprintf("%s (%s, %s, %d minutes recommended) fits none of the free stretches of the days in %s (the longest is %d minutes)",
			name, at.a.Name, hours, at.visit, where.name, longest)
		out = append(out, f)
	}
	return out
}
