package planner

import (
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
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
	if span := concepts.LongestOpen(at.a); span >= 30 && span < v {
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
