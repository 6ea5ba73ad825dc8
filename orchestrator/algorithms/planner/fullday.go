package planner

import "github.com/tripweave/tripweave/orchestrator/algorithms/concepts"

// Full-day sights (concepts.FullDay): a must-see theme park of a day's
// scale takes concepts.FullDayLeast minutes when the day's sights are
// chosen, and grows to concepts.FullDayMinutes in the day's walk where the
// day allows it.
const (
	fullDayLeast   = concepts.FullDayLeast
	fullDayMinutes = concepts.FullDayMinutes
)

// fullDayLength lengthens the visit to must-see a, reached at arrive and
// begun at start, towards fullDayMinutes while it ends by limit, keeps
// its opening hours and, with lunch still to come, leaves a late lunch its
// time. It returns the visit and its start, unchanged for other sights.
func (w *world) fullDayLength(a *attraction, wd, arrive, visit, start, limit int, lunchPending bool) (int, int) {
	if visit >= fullDayMinutes || visit < fullDayLeast || !concepts.FullDay(a.a) {
		return visit, start
	}
	for l := fullDayMinutes; l > visit; l -= 15 {
		s, ok := openStartFor(a, wd, arrive, l)
		if ok && s+l <= limit && (!lunchPending || s+l+mealTravel <= lateLunchLast) {
			return l, s
		}
	}
	return visit, start
}
