package planner

import "slices"

// Must-sees first, spread across the days by their length (issue 28,
// round 3): a count of stops per window deals sights by geography, so two
// day-scale parks (世界之窗 and 欢乐谷) could share one day and one be
// dropped, or a one-day trip hold two of four must-sees while the walk
// took a non-must sight in their place.

// mustSlots raises the windows' shares so that every must-see of the city
// can be picked (pickTop takes total sights): a window takes one more
// while it is under the pace's cap, full days first. It returns the new
// total.
func (w *world) mustSlots(c *city, wins []window, mine []int, total int) int {
	if len(w.b.MustVisit) <= total {
		return total // as many places as must-sees at most
	}
	musts := 0
	for _, at := range c.attractions {
		if len(at.must) > 0 {
			musts++
		}
	}
	for _, full := range []bool{true, false} {
		for _, wi := range mine {
			for musts > total && wins[wi].full == full && wins[wi].cap < w.paceMax && wins[wi].end-wins[wi].start >= 3*60 {
				wins[wi].cap++
				total++
			}
		}
	}
	return total
}

// mustRoom is the time a window leaves for visits: until its evening (the
// departure's leave, or dinner), less breakfast and lunch where they fall
// in it.
func mustRoom(win window) int {
	limit := win.end
	if win.end >= dinnerFrom+dinnerLen {
		limit = min(win.end-dinnerLen-mealTravel, 19*60)
	}
	if win.terminal != nil && win.leave > 0 {
		limit = min(limit, win.leave)
	}
	start := win.start
	if start <= breakfastLast {
		start = max(start, breakfastFrom) + breakfastLen + mealTravel
	}
	room := limit - start
	if start <= lunchLast && limit >= lunchFrom+lunchLen {
		room -= lunchLen + mealTravel
	}
	return room
}

// mustLoad is the time a window's must-see day sights take, with the way
// to each.
func mustLoad(ch []*attraction) int {
	n := 0
	for _, a := range ch {
		if len(a.must) > 0 && !a.evening {
			n += a.visit + mealTravel
		}
	}
	return n
}

// mustSpread moves a must-see day sight out of a window whose must-sees
// take longer than it has (mustRoom) into the window with the most room
// left that the sight fits (its hours, fitsWindow), giving that window's
// last sight nobody insisted on in exchange, or taking a place beyond its
// share while the pace allows. The longest sights move first. Windows
// still overloaded then shrink (mustShrink).
func (w *world) mustSpread(wins []window, mine []int, chunks [][]*attraction) {
	for range 2 * len(mine) {
		over := -1
		for j, wi := range mine {
			if mustLoad(chunks[j]) > mustRoom(wins[wi]) && countMust(chunks[j]) > 1 {
				over = j
				break
			}
		}
		if over < 0 {
			break
		}
		if !w.moveMust(wins, mine, chunks, over) {
			break
		}
	}
	for j, wi := range mine {
		mustShrink(chunks[j], mustRoom(wins[wi]))
	}
}

func countMust(ch []*attraction) int {
	n := 0
	for _, a := range ch {
		if len(a.must) > 0 && !a.evening {
			n++
		}
	}
	return n
}

// moveMust moves one must-see of chunks[j] (the shortest that a window
// with room takes, so the day keeps its longest) and reports whether it
// did.
func (w *world) moveMust(wins []window, mine []int, chunks [][]*attraction, j int) bool {
	order := make([]int, 0, len(chunks[j]))
	for k, a := range chunks[j] {
		if len(a.must) > 0 && !a.evening {
			order = append(order, k)
		}
	}
	slices.SortStableFunc(order, func(x, y int) int { return chunks[j][x].visit - chunks[j][y].visit })
	for _, k := range order {
		a := chunks[j][k]
		best, bestRoom := -1, 0
		for j2, wi2 := range mine {
			if j2 == j || !fitsWindow(a, wins[wi2]) {
				continue
			}
			room := mustRoom(wins[wi2]) - mustLoad(chunks[j2]) - a.visit - mealTravel
			if room < 0 {
				continue
			}
			if best < 0 || room > bestRoom {
				best, bestRoom = j2, room
			}
		}
		if best < 0 {
			if w.exchangeMust(wins, mine, chunks, j, k) {
				return true
			}
			continue
		}
		// The target's last sight nobody insisted on comes back in
		// exchange, else the sight takes a place beyond its share.
		for m := len(chunks[best]) - 1; m >= 0; m-- {
			if b := chunks[best][m]; len(b.must) == 0 && !b.evening {
				chunks[j][k], chunks[best][m] = b, a
				return true
			}
		}
		if wi := mine[best]; wins[wi].cap < w.paceMax {
			wins[wi].cap++
			chunks[best] = append(slices.Clip(chunks[best]), a)
			chunks[j] = slices.Delete(slices.Clone(chunks[j]), k, k+1)
			wins[mine[j]].cap--
			return true
		}
	}
	return false
}

// exchangeMust swaps the must-see chunks[j][k] with a shorter must-see of
// another window when both windows' must-sees then fit their time (two
// day-scale parks on one day, a beach on the other: one park each day,
// the beach beside one of them). It reports whether it did.
func (w *world) exchangeMust(wins []window, mine []int, chunks [][]*attraction, j, k int) bool {
	a := chunks[j][k]
	loadJ, roomJ := mustLoad(chunks[j]), mustRoom(wins[mine[j]])
	for j2, wi2 := range mine {
		if j2 == j || !fitsWindow(a, wins[wi2]) {
			continue
		}
		load2, room2 := mustLoad(chunks[j2]), mustRoom(wins[wi2])
		for m, b := range chunks[j2] {
			if len(b.must) == 0 || b.evening || b.visit >= a.visit || !fitsWindow(b, wins[mine[j]]) {
				continue
			}
			if loadJ-a.visit+b.visit <= roomJ && load2-b.visit+a.visit <= room2 {
				chunks[j][k], chunks[j2][m] = b, a
				return true
			}
		}
	}
	return false
}

// mustShrink shortens, in a window whose must-sees still take longer than
// room, the must-see visits the planner lengthened beyond the data's
// longest recommended time (visitfloor.go: 故宫博物院's three hours where
// the data says one): to shrinkFloor minutes, or the data's longest time
// when that is more, longest first, until the visits fit. The sights are
// copies: the city's attractions are shared by the plan's variants.
func mustShrink(ch []*attraction, room int) {
	over := mustLoad(ch) - room
	for over > 0 {
		k, cut := -1, 0
		for i, a := range ch {
			if len(a.must) == 0 || a.evening || a.visit >= fullDayLeast {
				continue
			}
			least := max(shrinkFloor, a.a.VisitMaxMinutes)
			if a.visit <= least && a.a.VisitMinMinutes > 0 {
				// No estimate left to undo: the data's shortest
				// recommended time.
				least = max(shrinkFloor, a.a.VisitMinMinutes)
			}
			if c := a.visit - least; c > cut {
				k, cut = i, c
			}
		}
		if k < 0 {
			return
		}
		cp := *ch[k]
		cut = min(cut, over)
		cp.visit -= cut
		ch[k] = &cp
		over -= cut
	}
}

// shrinkFloor is the shortest a lengthened must-see visit becomes when
// must-sees crowd a day: ninety minutes, the central axis of 故宫博物院 or
// a quick round of a large park.
const shrinkFloor = 90

// mustOrders tries the window's must-see day sights first in each of
// their orders (up to four sights: 24 orders), the other sights after
// them as they were, and returns the order whose walk places the most
// valuable stops (ordered when none does better, v being its value). It
// runs only when the walk of ordered leaves a must-see out.
func (w *world) mustOrders(ordered []*attraction, v float64, value func([]*attraction) (float64, bool)) []*attraction {
	var musts, rest []*attraction
	for _, a := range ordered {
		if len(a.must) > 0 && !a.evening {
			musts = append(musts, a)
		} else {
			rest = append(rest, a)
		}
	}
	if len(musts) < 2 || len(musts) > 4 {
		return ordered
	}
	best, bestV := ordered, v
	permute(musts, 0, func(p []*attraction) bool {
		order := append(slices.Clone(p), rest...)
		pv, all := value(order)
		if pv > bestV {
			best, bestV = order, pv
		}
		return all
	})
	return best
}

// permute calls f with each order of s (Heap's order, deterministic)
// until f returns true.
func permute(s []*attraction, k int, f func([]*attraction) bool) bool {
	if k == len(s) {
		return f(s)
	}
	for i := k; i < len(s); i++ {
		s[k], s[i] = s[i], s[k]
		if permute(s, k+1, f) {
			s[k], s[i] = s[i], s[k]
			return true
		}
		s[k], s[i] = s[i], s[k]
	}
	return false
}
