package planner

import "github.com/tripweave/tripweave/orchestrator"

// fitMustVisit sets the visit of must-see at for what the traveller asked
// for: most of a day for a theme park of a day's scale (fullDay), and no
// longer than the sight is open — a show staged 20:00–21:20 for which the
// data recommends three and a half hours (四川省川剧院) is seen for its
// eighty minutes rather than not at all, and in the evening when it opens
// only then. It reports whether the visit or the evening flag changed.
func fitMustVisit(at *attraction) bool {
	v := at.visit
	if v < fullDayLeast && fullDay(at.a) {
		v = fullDayLeast
	}
	if span := longestOpen(at.a); span >= 30 && span < v {
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

// longestOpen is the longest stretch, in minutes, that a is open on any
// day by its opening hours; 0 when they say nothing.
func longestOpen(a *orchestrator.Attraction) int {
	open := 0
	for _, h := range a.Hours {
		o, ok1 := orchestrator.ParseClock(h.Open)
		c, ok2 := orchestrator.ParseClock(h.Close)
		if ok1 && ok2 && c > o {
			open = max(open, c-o)
		}
	}
	return open
}
