package planner

// The day scheduler: a window's visits ordered, walked against opening
// hours, meals, the evening and the best hours, and the meal slots they
// leave.

import (
	"cmp"
	"slices"
	"sort"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

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
// such sight yet, swapping it for that window's last daytime sight; then
// the sights best in the morning likewise (morningSwap).
func eveningSwap(wins []window, mine []int, chunks [][]*attraction) {
	defer morningSwap(wins, mine, chunks)
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

// morningSwap moves a sight best in the morning (a panda base:
// quality.Morning) from a window that starts after quality.MorningBy — an
// arrival afternoon, where the walk would leave it out — to a window that
// starts by then and holds no such sight yet, swapping it for that
// window's last sight best at no particular hour.
func morningSwap(wins []window, mine []int, chunks [][]*attraction) {
	hasMorning := func(ch []*attraction) bool {
		return slices.ContainsFunc(ch, func(a *attraction) bool { return a.morning })
	}
	for j, wi := range mine {
		if wins[wi].start <= quality.MorningBy {
			continue
		}
		for k, a := range chunks[j] {
			if !a.morning {
				continue
			}
			for j2, wi2 := range mine {
				if wins[wi2].start > quality.MorningBy || hasMorning(chunks[j2]) {
					continue
				}
				m := len(chunks[j2]) - 1
				for m >= 0 && (chunks[j2][m].morning || chunks[j2][m].evening) {
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
	// value is the worth of the stops a trial walk of an order places.
	value := func(order []*attraction) (float64, bool) {
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
		// Whether every must-see of the order is placed (by ID: a
		// shortened must-see is a copy, mustShrink).
		all := true
		for _, a := range order {
			if len(a.must) > 0 && !slices.ContainsFunc(stops, func(s orchestrator.Stop) bool { return s.AttractionID == a.a.ID }) {
				all = false
			}
		}
		return v, all
	}
	if alt := closingFirst(ordered, orchestrator.Weekday(w.date(win.day))); alt != nil {
		// Walked in route order, a sight that closes early may be reached
		// only after it closes (a panda base closing at 17:00 after a
		// three-hour stop): try it first, and keep whichever walk places
		// the more valuable stops.
		if va, _ := value(alt); va > first(value(ordered)) {
			ordered = alt
		}
	}
	if countMust(ordered) >= 2 {
		if v, all := value(ordered); !all {
			// A must-see left out: the orders of the must-sees first (a
			// museum closing at 17:00 before the palace), the best kept
			// (mustspread.go).
			ordered = w.mustOrders(ordered, v, value)
		}
	}
	return w.walk(c, win, ordered, extras, used)
}

func first[T, U any](t T, _ U) T { return t }

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

// visitLength is how long a is seen when reached at arrive (its visit
// starting at start, ok when it opens in time): longer at a relaxed pace
// while that fits the day (limit) and leaves lunch its time, the data's
// shortest recommended time on a short evening.
func (w *world) visitLength(a *attraction, wd, arrive, start int, ok bool, limit int, evening, lunchPending bool) (int, int, bool) {
	visit := a.visit
	if w.mealRest > 0 && !evening && ok && a.a.VisitMaxMinutes > visit {
		// A relaxed pace stays longer: up to the data's longest
		// recommended visit, at most relaxedVisitMore more, when
		// that still fits the day and leaves lunch its time.
		longer := min(a.a.VisitMaxMinutes, visit+relaxedVisitMore)
		if s2, ok2 := openStartFor(a, wd, arrive, longer); ok2 && s2+longer <= limit && !(lunchPending && s2+longer > 13*60+30) {
			visit, start = longer, s2
		}
	}
	if len(a.must) > 0 && !evening && ok {
		visit, start = w.fullDayLength(a, wd, arrive, visit, start, limit, lunchPending) // fullday.go
	}
	if evening && (!ok || start+visit > limit) && a.a.VisitMinMinutes > 0 && a.a.VisitMinMinutes < visit {
		// The evening is short: a night tour may take the data's
		// shortest recommended time.
		visit = a.a.VisitMinMinutes
		start, ok = openStartFor(a, wd, arrive, visit)
	}
	return visit, start, ok
}

// eveningLate is the latest end of the second of two must-see evening
// sights paired on one evening (eveningSight), thirty minutes past
// eveningEnd: metro lines in the large cities run to about 23:00 and
// later, and a visit planned to end at 22:30 that ends a few minutes past
// it is the same evening to a traveller. Not with young children
// (quality.KidsLatest).
const eveningLate = eveningEnd + 30

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
	dinnerAt := dinnerFrom
	if !dinnerWanted && win.terminal != nil && win.start <= earlyDinnerFrom && earlyDinnerFrom+dinnerLen <= win.end {
		// An evening departure (18:30–19:30) leaves no room for dinner at
		// the usual hour: an early one on the way (quality.EarlyDinner).
		dinnerWanted, dinnerAt = true, earlyDinnerFrom
	}
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
	gapEnd := 0 // while set, when a visit filling a gap must end (fillGap)
	try := func(a *attraction) bool {
		if used.has(a) || a.evening != evening {
			return false
		}
		if lunchPending && t >= lunchFrom {
			placeLunch()
		}
		p := a.place()
		tr, est := c.travel(at, p)
		start, ok := openStart(a, wd, max(t+tr, a.notBefore))
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
				if ok {
					start = w.lunchOnArrival(&slots, win, wd, a, t0+tr, start, mustEnd, &lunchPending)
				}
			} else {
				tr, est, start, ok = tr1, est1, start1, ok1
			}
		}
		limit := lastEnd
		if len(a.must) > 0 && !evening {
			limit = mustEnd
		}
		visit, start, ok := w.visitLength(a, wd, t+tr, start, ok, limit, evening, lunchPending)
		if !ok || start+visit > limit || gapEnd > 0 && start+visit > gapEnd || (evening && start < eveningFrom) || (a.morning && len(a.must) == 0 && start > quality.MorningBy) || start < a.notBefore || !win.reaches(a, start+visit) {
			return false
		}
		end := start + visit
		price := orchestrator.Money{Cents: a.price, Currency: w.currency}
		stops = append(stops, orchestrator.Stop{
			AttractionID: a.a.ID, Name: a.a.Name, City: c.name, Location: a.a.Location,
			Start: orchestrator.FormatClock(start), End: orchestrator.FormatClock(end), TravelMinutes: tr, TravelEstimate: est, Indoor: a.a.Indoor,
			Price: price, Cost: orchestrator.Money{Cents: a.price * int64(w.people), Currency: w.currency},
			VisitEstimate: visitEstimated(a.a, visit),
		})
		used.add(a)
		t, at = end, p
		return true
	}
	n := w.dawnVisit(win, ordered, &t, &at, &slots, try)
	from := func() place { return at }
	save := func() func() {
		t0, at0, ns, nsl, lp0, ll0 := t, at, len(stops), len(slots), lunchPending, latestLunch
		return func() { t, at, stops, slots, lunchPending, latestLunch = t0, at0, stops[:ns], slots[:nsl], lp0, ll0 }
	}
	n = w.walkOrdered(c, win, wd, ordered, extras, used, n, walkHooks{try: try, save: save, from: from,
		now: func() (int, place) { return t, at }, gap: func(g int) { gapEnd = g },
		more: func() bool { return len(stops) < w.paceMax-1 && gapEnd-t >= 60 }, stops: func() int { return len(stops) }})
	// The nearest replacements that fit, while the window's share lasts.
	share := win.cap - eveningKept(win, night)
	w.placeNearest(c, from, extras, used, func() bool { return n < share }, func(a *attraction) bool {
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
		dt := max(t+mealTravel, dinnerAt)
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
	if w.kids {
		lastEnd = min(lastEnd, quality.KidsLatest) // a young child's day ends by 21:00
	}
	late := func() {} // the soft end for a pair's second sight (eveningLate)
	if win.end >= dayEnd && !w.kids {
		late = func() { lastEnd = max(lastEnd, eveningLate) }
	}
	eveningSight(night, extras, used, try, late)
	return stops, slots
}

// eveningKept is the place in a window's share a night sight waiting for
// the evening keeps (a far afternoon replacement would leave it out of
// reach): 1 when the window holds one and lasts into the evening.
func eveningKept(win window, night []*attraction) int {
	if len(night) > 0 && win.end >= dayEnd {
		return 1
	}
	return 0
}

// reaches reports whether a visit to a ending at end leaves the time to
// reach the window's station or airport from the sight by its leave time
// (always, for a window before no located departure or a sight without a
// position).
func (win *window) reaches(a *attraction, end int) bool {
	return win.terminal == nil || a.a.Location == nil || end+quality.AccessMinutes(a.a.Location.DistanceKM(*win.terminal)) <= win.leave
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
//
// The evening ends at eveningEnd, a soft bound: the second must-see of a
// pair, paired to fit by eveningEnd (pairFor) but delayed by the way or a
// later dinner, may end by eveningLate (late) rather than be seen by day
// for want of a few minutes.
func eveningSight(night []*attraction, extras *[]*attraction, used attrSet, try func(*attraction) bool, late func()) {
	for i, a := range night {
		pair := len(a.must) > 0 && slices.ContainsFunc(night[i+1:], func(b *attraction) bool { return len(b.must) > 0 })
		if pair {
			// Two must-see evening sights (pairEvenings): each for its
			// shortest time, so that both fit after dinner.
			a = shortened(a)
		}
		if try(a) {
			// The window's other night sights wait for another
			// evening (夫子庙 and 秦淮灯会 side by side, one a night),
			// but for the second must-see of a pair, seen by day on
			// another day when it no longer fits.
			for _, b := range night[i+1:] {
				if pair && len(b.must) > 0 {
					pair = false
					late()
					if try(shortened(b)) {
						continue
					}
					day := *b
					day.evening = false
					b = &day
				}
				if !used.has(b) {
					*extras = append(*extras, b)
				}
			}
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
	late := slices.ContainsFunc(day, func(a *attraction) bool { return a.notBefore > 0 })
	if mornings || late {
		// Sights best in the morning lead the day, those asked for in the
		// afternoon or at sunset close it.
		slices.SortStableFunc(day, func(x, y *attraction) int {
			switch {
			case !mornings:
			case x.morning && !y.morning:
				return -1
			case y.morning && !x.morning:
				return 1
			}
			return cmp.Compare(x.notBefore, y.notBefore)
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

// lunchOnArrival places lunch on arriving at a must-see sight far out of
// town (武隆 from Chongqing, 大足石刻: three hours' drive or more) when
// neither lunch before the drive nor a late lunch after the visit fits:
// the meal near the sight (at it; the meal chooser keeps restaurants
// within mealReachKM), from mealTravel after the arrival, and the visit
// after it, if that still ends by mustEnd. It returns the visit's start,
// start itself when it places nothing.
func (w *world) lunchOnArrival(slots *[]mealSlot, win window, wd int, a *attraction, arrive, start, mustEnd int, pending *bool) int {
	if start+a.visit+mealTravel <= lateLunchLast {
		return start // a late lunch after the visit fits
	}
	lt := max(arrive+mealTravel, lunchFrom)
	if lt > lateLunchLast {
		return start
	}
	s2, ok := openStart(a, wd, lt+lunchLen+w.mealRest+mealTravel)
	if !ok || s2+a.visit > mustEnd {
		return start
	}
	*slots = append(*slots, mealSlot{day: win.day, wd: wd, slot: orchestrator.Lunch, time: lt, at: a.place(), free: arrive})
	*pending = false
	return s2
}

// dawnMark marks, as attraction.notBefore, a sight the traveller asked to
// see at sunrise or early in the morning (Brief.VisitTimes).
const dawnMark = -1

// dawnFrom is the earliest a sunrise visit starts: China's sunrise lies
// between about 04:45 (Beijing, June) and 07:30 (Chengdu, January); the
// sight's opening decides within that.
const dawnFrom = 5*60 + 30

// dayFrom is the latest start of a window that begins the day at the stay
// (a full day's window starts at 08:00).
const dayFrom = 8 * 60

// dawnVisit visits the window's leading sight asked for at sunrise or
// early morning before breakfast, from its opening (not before dawnFrom),
// breakfast after it: 景山公园 at 06:00, not at 09:25 after breakfast. It
// returns the stops it placed (0 or 1); t, at and slots follow the walk.
func (w *world) dawnVisit(win window, ordered []*attraction, t *int, at *place, slots *[]mealSlot, try func(*attraction) bool) int {
	if len(ordered) == 0 || ordered[0].notBefore != dawnMark || win.start > dayFrom {
		return 0
	}
	t0, s0 := *t, len(*slots)
	var bf *mealSlot
	var orig mealSlot
	if s0 > 0 && (*slots)[s0-1].slot == orchestrator.Breakfast {
		orig = (*slots)[s0-1]
		b := orig
		bf = &b
		*slots = (*slots)[:s0-1]
	}
	*t = dawnFrom
	if open, ok := openStart(ordered[0], orchestrator.Weekday(w.date(win.day)), dawnFrom); ok && bf != nil && open >= breakfastFrom+breakfastLen {
		// Opening after breakfast time (故宫博物院 at 08:30): an early
		// breakfast, then the sight as it opens.
		bf.time = breakfastFrom
		*slots = append(*slots, *bf)
		bf = nil
		*t = breakfastFrom + breakfastLen + mealTravel
	}
	if try(ordered[0]) {
		if bf != nil {
			bt := max(*t+mealTravel, breakfastFrom)
			if bt <= breakfastLast {
				bf.time, bf.at, bf.free = bt, *at, *t
				*slots = append(*slots, *bf)
				*t = bt + breakfastLen + mealTravel
			}
		}
		return 1
	}
	*t = t0
	*slots = (*slots)[:min(len(*slots), s0)]
	if len(*slots) < s0 {
		*slots = append(*slots, orig)
	}
	return 0
}

// fillBefore returns when a visit filling the time before a (reached from
// at, the traveller free at t) must end — its start less the way to it —
// when a opens IdleGap minutes (IdleGapRelaxed at a relaxed pace) or more
// after the traveller could be there; 0 otherwise.
func (w *world) fillBefore(c *city, a *attraction, wd, t int, at place) int {
	if a.evening {
		return 0
	}
	gap := quality.IdleGap
	if w.mealRest > 0 {
		gap = quality.IdleGapRelaxed
	}
	if s0, ok := openStart(a, wd, max(t, a.notBefore)); !ok || s0-t < gap-mealTravel {
		return 0 // open soon enough (the way there only shortens the wait)
	}
	tr, _ := c.travel(at, a.place())
	start, ok := openStart(a, wd, max(t+tr, a.notBefore))
	if !ok || start-(t+tr) < gap-mealTravel {
		return 0
	}
	return start - tr
}

// lastDay reports whether rest holds no day sight (only evening ones).
func lastDay(rest []*attraction) bool {
	for _, a := range rest {
		if !a.evening {
			return false
		}
	}
	return true
}

// shortened is a copy of evening sight a seen for its shortest time
// (shortest), or a itself when that is its time already.
func shortened(a *attraction) *attraction {
	if v := shortest(a); v < a.visit {
		cp := *a
		cp.visit = v
		return &cp
	}
	return a
}

// deferLate moves ordered[i], a sight opening hours after the traveller is
// free (a cruise from 16:00), behind the window's other day sights (the
// walk's order, cloned on the first move) and reports whether it did: not
// when no day sight follows it, nor after as many moves as sights.
func deferLate(ordered *[]*attraction, i int, deferred *int) bool {
	o := *ordered
	if lastDay(o[i+1:]) || *deferred >= len(o) {
		return false
	}
	if *deferred == 0 {
		o = slices.Clone(o)
	}
	*deferred++
	a := o[i]
	*ordered = append(slices.Delete(o, i, i+1), a)
	return true
}

// fillGap visits, before a — the window's last day sight, opening hours
// after the traveller is free (a cruise from 16:00 after a 12:30 lunch) —
// the nearest open sights nobody insisted on that end by gapEnd (the
// walk's try holds them to it), while h.more allows, then a itself; when
// a then no longer fits, the fill is undone (the walk's state, the
// visits' marks and the replacements as they were) and fillGap reports
// false.
func (w *world) fillGap(c *city, extras *[]*attraction, used attrSet, a *attraction, gapEnd int, h walkHooks) bool {
	restore := h.save()
	ex0 := slices.Clone(*extras)
	var filled []*attraction
	var marks []uint32
	h.gap(gapEnd)
	w.placeNearest(c, h.from, extras, used, h.more, func(x *attraction) bool {
		m := x.mark
		if !x.evening && len(x.must) == 0 && h.try(x) {
			filled, marks = append(filled, x), append(marks, m)
			return true
		}
		return false
	})
	h.gap(0)
	if len(filled) == 0 {
		return false
	}
	if h.try(a) {
		return true
	}
	restore()
	for k, x := range filled {
		x.mark = marks[k]
	}
	*extras = ex0
	return false
}

// walkHooks are the walk's own steps and state that walkOrdered uses: try
// a visit, save (and later restore) the walk's state, where the
// traveller is (from) and when they are free there (now), set the gap a
// fill must end by, whether a fill may add one more visit, and how many
// visits the window has.
type walkHooks struct {
	try   func(*attraction) bool
	save  func() func()
	from  func() place
	now   func() (int, place)
	gap   func(int)
	more  func() bool
	stops func() int
}

// walkOrdered visits the window's ordered sights in turn, up to its share
// (n placed already): a sight opening hours after the traveller is free
// goes behind the others (deferLate) or, the last, has the time before it
// filled (fillGap); a sight that does not fit joins the replacements;
// then must-sees an earlier window left among the replacements, up to the
// pace's cap. It returns the visits placed.
func (w *world) walkOrdered(c *city, win window, wd int, ordered []*attraction, extras *[]*attraction, used attrSet, n int, h walkHooks) int {
	deferred := 0 // sights opening late moved behind the window's others
	for i := 0; i < len(ordered); i++ {
		a := ordered[i]
		if n >= win.cap {
			*extras = append(*extras, a)
			continue
		}
		t, at := h.now()
		if ge := w.fillBefore(c, a, wd, t, at); ge > 0 {
			if deferLate(&ordered, i, &deferred) {
				i--
				continue
			}
			if w.fillGap(c, extras, used, a, ge, h) {
				n++
				continue
			}
		}
		if h.try(a) {
			n++
		} else if !used.has(a) {
			*extras = append(*extras, a)
		}
	}
	// A must-see an earlier window could not fit comes before any
	// replacement, up to the pace's cap (mustspread.go).
	for i := 0; i < len(*extras); i++ {
		if a := (*extras)[i]; len(a.must) > 0 && !a.evening && h.stops() < w.paceMax && h.try(a) {
			n++
			*extras = slices.Delete(*extras, i, i+1)
			i--
		}
	}
	return n
}
