package concepts

import (
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// Full-day sights. A theme park of a day's scale (Disneyland, Universal,
// Chimelong) that the traveller names as a must-see gets most of a day,
// FullDayLeast to FullDayMinutes, not the four hours (the planner's cap)
// of a large sight: the sandbox recommends 2–3.5 hours for 上海迪士尼度假区 and 北京环球度假区,
// which no visitor keeps to. The brief has no field for "a whole day"
// (一整天, all day), so the planner reads the sight's kind and scale:
//
//   - kind: its name holds a major park operator's brand or a park word
//     (fullDayBrands: the operators of the TEA/AECOM Theme Index's Asia-
//     Pacific list — Disney, Universal, Chimelong 长隆, OCT's 欢乐谷,
//     华侨城 and 世界之窗, Fantawild 方特, Haichang 海昌 — and 乐园 with a
//     ticket of a park's scale);
//   - scale: open fullDayOpen minutes or more on the day, and a ticket of
//     fullDayBrandTicket (a brand) or fullDayTicket (乐园) per person or
//     more, in CNY; a small indoor 乐园 or a free promenade is no day out.
//
// The visit takes FullDayLeast (what the day's choice of sights reserves)
// and grows to FullDayMinutes where the day allows it (the planner's
// fullDayLength): the walk's usual lunch rules hold (lunch before the park, or a late lunch
// after a morning in it), so the day keeps its meals.
const (
	FullDayLeast       = 300
	FullDayMinutes     = 360
	fullDayOpen        = 8 * 60
	fullDayBrandTicket = 100_00
	fullDayTicket      = 200_00
)

// fullDayBrands are name words of day-scale theme parks' operators.
var fullDayBrands = []string{"迪士尼", "环球度假区", "环球影城", "长隆", "欢乐谷", "欢乐世界", "华侨城", "世界之窗", "方特", "海昌", "野生动物世界"}

// FullDay reports whether a is a theme park of a day's scale (see
// FullDayMinutes): the planner gives it most of a day as a must-see, the
// quality objections notice a shorter visit.
func FullDay(a *orchestrator.Attraction) bool {
	if a.Price == nil || a.Price.Currency != "CNY" {
		return false
	}
	ticket := fullDayTicket
	for _, b := range fullDayBrands {
		if strings.Contains(a.Name, b) {
			ticket = fullDayBrandTicket
			break
		}
	}
	if ticket == fullDayTicket && !strings.Contains(a.Name, "乐园") {
		return false
	}
	if a.Price.Cents < int64(ticket) {
		return false
	}
	return LongestOpen(a) >= fullDayOpen
}

// LongestOpen is the longest stretch, in minutes, that a is open on any
// day by its opening hours; 0 when they say nothing.
func LongestOpen(a *orchestrator.Attraction) int {
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
