package planner

import (
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// fitMustVisit sets the visit of must-see at for what the traveller asked
// for: most of a day for a theme park of a day's scale (concepts.FullDay), and no
// longer than the sight is open — a show staged 20:00–21:20 for which the
// data recommends three and a half hours (四川省川剧院) is seen for its
// eighty minutes rather than not at all, and in the evening when it opens
// only then. It reports whether the visit or the evening flag changed.
func fitMustVisit(at *attraction) bool {
	v := at.visit
	if v < fullDayLeast && concepts.FullDay(at.a) {
		v = fullDayLeast
	}
	if span := concepts.LongestOpen(at.a); span >= max(30, at.a.VisitMinMinutes) && span < v {
		v = span
	}
	changed := v != at.visit
	at.visit = v
	if !at.evening && opensAfter(at.a, eveningFrom) {
		// Staged only at night (a 20:00 show): the evening's sight.
		at.evening, changed = true, true
	}
	return changed
}

// opensAfter reports whether a opens, on every day its hours give, at
// from or later.
func opensAfter(a *orchestrator.Attraction, from int) bool {
	for _, h := range a.Hours {
		if o, ok := orchestrator.ParseClock(h.Open); !ok || o < from {
			return false
		}
	}
	return len(a.Hours) > 0
}

// kidsEveningMust moves a must-see evening sight (a night cruise) to the
// day when, begun after dinner at the earliest, even its shortest visit
// ends after a young child's bedtime (quality.KidsLatest): seen by day
// rather than not at all. (resolveMust does the same for the night views
// of a brief asking for them, from dusk.)
func (w *world) kidsEveningMust() {
	if !w.kids {
		return
	}
	from := dinnerFrom + dinnerLen + mealTravel
	for _, c := range w.cities {
		for _, at := range c.attractions {
			if len(at.must) == 0 || !at.evening {
				continue
			}
			least := at.visit
			if m := at.a.VisitMinMinutes; m > 0 && m < least {
				least = m
			}
			if from+least > quality.KidsLatest {
				at.evening = false
				c.defaultRank = false
			}
		}
	}
}

// mustCovered gives a must-see named by a landmark's general name ("Great
// Wall", 长城) to the sight another must-see of the city names when that
// sight is a part of the landmark ("the Great Wall at Mutianyu": the brief
// lists "Great Wall" and "Mutianyu"): one visit to 慕田峪长城, not a second
// one to 八达岭长城 for the general name.
func (w *world) mustCovered(c *city) {
	var mine []*attraction
	for _, at := range c.attractions {
		if len(at.must) > 0 {
			mine = append(mine, at)
		}
	}
	if len(mine) < 2 {
		return
	}
	for _, gen := range mine {
		for i := 0; i < len(gen.must); i++ {
			m := gen.must[i]
			lm := concepts.Lookup(w.b.MustVisit[m], concepts.Landmark)
			if lm == nil || !generalName(lm, w.b.MustVisit[m]) {
				// A section named ("八达岭长城" beside "慕田峪长城")
				// is its own must-see, not the landmark's general name.
				continue
			}
			for _, part := range mine {
				if part == gen || !slices.ContainsFunc(part.must, func(k int) bool { return k != m }) ||
					!lm.MatchAttraction(concepts.AttractionPlace(part.a.Name, part.a.Category, part.a.Tags)) {
					continue
				}
				gen.must = slices.Delete(gen.must, i, i+1)
				part.must = append(part.must, m)
				if len(gen.must) == 0 {
					gen.score -= mustBonus
				}
				c.defaultRank = false
				i--
				break
			}
		}
	}
}

// generalName reports whether name is the landmark's general name, one of
// its aliases as written ("Great Wall", 长城), and not a name holding one
// (八达岭长城, "Mutianyu Great Wall"), which names a part.
func generalName(lm *concepts.Concept, name string) bool {
	n := strings.Join(strings.Fields(strings.ToLower(name)), " ")
	return slices.Contains(lm.Aliases, n)
}

// daySpareEvenings makes the must-see evening sights that find no evening
// in the city day visits (the Bund at night and 南京路步行街 on a trip with
// one evening there): seen by day rather than not at all. The evenings go
// to the evening sights ranked first (must-see, then score); a must-see
// beyond them shares the evening of a kept must-see evening sight near it
// when both fit after dinner (pairFor; the pairs are returned for
// pairEvenings), else becomes a copy of itself without the evening mark,
// so the city's attractions, shared by the plan's variants, stay as they
// are.
func daySpareEvenings(ordered []*attraction, evenings int) [][2]*attraction {
	var eve []int
	for i, a := range ordered {
		if a.evening {
			eve = append(eve, i)
		}
	}
	if len(eve) <= evenings {
		return nil
	}
	slices.SortStableFunc(eve, func(x, y int) int {
		a, b := ordered[x], ordered[y]
		if (len(a.must) > 0) != (len(b.must) > 0) {
			if len(a.must) > 0 {
				return -1
			}
			return 1
		}
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		return a.idx - b.idx
	})
	var pairs [][2]*attraction
	paired := make([]bool, len(eve))
	for _, i := range eve[evenings:] {
		if len(ordered[i].must) == 0 {
			continue
		}
		if k := pairFor(ordered, eve[:evenings], paired, ordered[i]); k >= 0 {
			// Beside a kept must-see evening sight, both fitting one
			// evening (the Bund and Lujiazui across the river).
			paired[k] = true
			pairs = append(pairs, [2]*attraction{ordered[eve[k]], ordered[i]})
			continue
		}
		day := *ordered[i]
		day.evening = false
		ordered[i] = &day
	}
	return pairs
}

// Two must-see evening sights share an evening when they lie within
// pairKM of each other and their shortest visits, with the way between,
// fit from the end of dinner to eveningEnd.
const pairKM = 3.0

// pairFor returns the index in kept (evening sights given an evening, not
// yet paired) of a must-see evening sight a can share the evening with,
// or -1.
func pairFor(ordered []*attraction, kept []int, paired []bool, a *attraction) int {
	span := eveningEnd - (dinnerFrom + dinnerLen + mealTravel)
	for k, i := range kept {
		b := ordered[i]
		if paired[k] || len(b.must) == 0 || a.a.Location == nil || b.a.Location == nil {
			continue
		}
		if a.a.Location.DistanceKM(*b.a.Location) > pairKM {
			continue
		}
		if shortest(a)+shortest(b)+mealTravel <= span {
			return k
		}
	}
	return -1
}

// shortest is the shortest visit the planner gives an evening sight: the
// data's shortest recommended time when it has one.
func shortest(a *attraction) int {
	if m := a.a.VisitMinMinutes; m > 0 && m < a.visit {
		return m
	}
	return a.visit
}

// pairEvenings puts the second sight of each evening pair in the window
// holding the first (beyond its share), so the walk sees both after
// dinner (eveningSight).
func pairEvenings(wins []window, mine []int, chunks [][]*attraction, pairs [][2]*attraction) {
	find := func(a *attraction) (int, int) {
		for j, ch := range chunks {
			if k := slices.Index(ch, a); k >= 0 {
				return j, k
			}
		}
		return -1, -1
	}
	for _, p := range pairs {
		j1, k1 := find(p[0])
		j2, k2 := find(p[1])
		if j1 < 0 || j2 < 0 || j1 == j2 {
			continue
		}
		if wins[mine[j1]].end < dayEnd {
			// The first's window ends before the evening: both go to
			// the second's.
			j1, j2, k2 = j2, j1, k1
		}
		if wins[mine[j1]].end < dayEnd {
			continue
		}
		a := chunks[j2][k2]
		chunks[j2] = slices.Delete(slices.Clone(chunks[j2]), k2, k2+1)
		wins[mine[j2]].cap--
		chunks[j1] = append(slices.Clip(chunks[j1]), a)
		wins[mine[j1]].cap++
	}
}

// mustSwap moves a must-see sight out of a window it cannot fit into one
// it can, swapping it with a sight no one insisted on, full days first:
// the sight does not fit when its opening hours leave no visit ending
// before the window's evening (a cruise from 16:00 on a day that leaves
// at 18:00), or when the window is a day at a day-scale theme park (a
// must-see of fullDayLeast minutes or more), which holds no other
// must-see (a Pearl River night cruise left over in the Chimelong
// afternoon). A sight that fits no other window stays.
func mustSwap(wins []window, mine []int, chunks [][]*attraction) {
	parkDay := func(ch []*attraction) bool {
		return slices.ContainsFunc(ch, func(a *attraction) bool { return len(a.must) > 0 && a.visit >= fullDayLeast })
	}
	for j, wi := range mine {
		park := parkDay(chunks[j])
		for k, a := range chunks[j] {
			if len(a.must) == 0 || a.evening || a.visit >= fullDayLeast || !park && fitsWindow(a, wins[wi]) {
				continue
			}
			for _, full := range []bool{true, false} {
				if swapInto(wins, mine, chunks, j, k, full, parkDay) {
					break
				}
			}
		}
	}
}

// fitsWindow reports whether a visit to a can end by the window's
// evening: its end less dinner when the window holds dinner, 19:00 at the
// latest, and the time to leave for a departure.
func fitsWindow(a *attraction, win window) bool {
	limit := win.end
	if win.end >= dinnerFrom+dinnerLen {
		limit = min(win.end-dinnerLen-mealTravel, 19*60)
	}
	if win.terminal != nil && win.leave > 0 {
		limit = min(limit, win.leave)
	}
	s, ok := openStartFor(a, -1, win.start, a.visit)
	return ok && s+a.visit <= limit
}

// swapInto swaps chunks[j][k] with the last sight nobody insisted on of
// another window (a full day when full) that is no park day and that the
// sight fits; it reports whether it did.
func swapInto(wins []window, mine []int, chunks [][]*attraction, j, k int, full bool, parkDay func([]*attraction) bool) bool {
	a := chunks[j][k]
	for j2, wi2 := range mine {
		if j2 == j || wins[wi2].full != full || parkDay(chunks[j2]) || !fitsWindow(a, wins[wi2]) {
			continue
		}
		for m := len(chunks[j2]) - 1; m >= 0; m-- {
			if len(chunks[j2][m].must) == 0 && !chunks[j2][m].evening {
				chunks[j][k], chunks[j2][m] = chunks[j2][m], a
				return true
			}
		}
	}
	return false
}
