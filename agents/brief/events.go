package brief

import (
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// timedEvent is a ceremony held at one sight at a fixed time of day: a
// wish to see it is a wish to be at that sight then (升旗 → 天安门广场 at
// sunrise). It is read only when the text names the sight's city.
type timedEvent struct {
	words          []string // Han words match as substrings, Latin ones as whole words
	city           []string // the city's names (lower-case Latin)
	sightZH, sight string   // the sight, for Chinese and for English text
	when           string   // an orchestrator.VisitWhens value
}

// timedEvents are the ceremonies a traveller asks to see (sources: the
// Tiananmen flag-raising and lowering at sunrise and sunset, Beijing's
// municipal notices; the Changing of the Guard at Buckingham Palace in
// the late morning, the Royal Household's schedule).
var timedEvents = []timedEvent{
	{[]string{"看升旗", "升旗仪式", "升旗", "flag-raising", "flag raising"}, []string{"北京", "beijing", "peking"}, "天安门广场", "Tiananmen Square", "sunrise"},
	{[]string{"降旗仪式", "降旗", "flag-lowering", "flag lowering"}, []string{"北京", "beijing", "peking"}, "天安门广场", "Tiananmen Square", "sunset"},
	{[]string{"换岗仪式", "changing of the guard"}, []string{"伦敦", "london"}, "白金汉宫", "Buckingham Palace", "morning"},
}

// applyTimedEvents puts the sight of each ceremony the text wishes to see
// into must_visit (in place of the ceremony's own word, 升旗) with the
// ceremony's time, unless the text gives the sight a time of its own.
func (d *doc) applyTimedEvents(b *orchestrator.Brief) {
	for _, ev := range timedEvents {
		at := d.eventAt(ev)
		if at < 0 {
			continue
		}
		d.eventsRead = append(d.eventsRead, ev.words...)
		sight := ev.sight
		if d.hasHanText {
			sight = ev.sightZH
		}
		b.MustVisit = slices.DeleteFunc(b.MustVisit, func(m string) bool {
			return slices.ContainsFunc(ev.words, func(w string) bool { return containsFold(m, w) })
		})
		if !slices.ContainsFunc(b.MustVisit, func(m string) bool { return containsFold(m, sight) || containsFold(sight, m) }) {
			b.MustVisit = append(b.MustVisit, sight)
		}
		if !slices.ContainsFunc(b.VisitTimes, func(v orchestrator.VisitTime) bool { return containsFold(v.Sight, sight) }) {
			b.VisitTimes = append(b.VisitTimes, orchestrator.VisitTime{Sight: sight, When: ev.when})
		}
	}
}

// eventAt returns the offset of the first word of ev in the text, not
// declined, when the text names ev's city; else -1.
func (d *doc) eventAt(ev timedEvent) int {
	if !slices.ContainsFunc(ev.city, func(c string) bool { return strings.Contains(d.low, c) }) {
		return -1
	}
	for _, w := range ev.words {
		k := strings.Index(d.low, w)
		if k < 0 || !isHan(firstRune(w)) && !wordBounded(d.low, k, k+len(w)) {
			continue
		}
		if isHan(firstRune(w)) && negatedZH(d.clean, k) || !isHan(firstRune(w)) && negatedEN(d, k) {
			return -1
		}
		return k
	}
	return -1
}
