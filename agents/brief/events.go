package brief

import (
	"slices"
	"strings"

	"github.com/tripweave/tripweave/agents/brief/landmarks"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
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
	// a kind of sight one place of the city stands for (no time of its
	// own: the time is the one written beside the word, "pandas early in
	// the morning"); the sight is the landmark table's row
	{[]string{"大熊猫", "熊猫", "giant pandas", "pandas", "panda"}, []string{"成都", "chengdu"}, "大熊猫基地", "Panda Base", ""},
}

// applyTimedEvents puts the sight of each ceremony the text wishes to see
// into must_visit (in place of the ceremony's own word, 升旗) with the
// ceremony's time, unless the text gives the sight a time of its own.
func (d *doc) applyTimedEvents(b *orchestrator.Brief) {
	for _, ev := range timedEvents {
		at, word := d.eventAt(ev)
		if at < 0 {
			continue
		}
		when := ev.when
		if when == "" {
			if vt := d.visitTimes([]string{word}); len(vt) > 0 {
				when = vt[0].When
			}
		}
		d.eventsRead = append(d.eventsRead, ev.words...)
		if ev.when == "" && slices.ContainsFunc(b.MustVisit, func(m string) bool {
			return isLandmarkAlias(m) && (containsFold(m, word) || sameLandmark(m, ev.sight))
		}) {
			continue // 熊猫基地, "the Chengdu Research Base": the sight is named already
		}
		sight := ev.sight
		if d.hasHanText {
			sight = ev.sightZH
		}
		b.MustVisit = slices.DeleteFunc(b.MustVisit, func(m string) bool {
			return slices.ContainsFunc(ev.words, func(w string) bool { return containsFold(m, w) })
		})
		if !slices.ContainsFunc(b.MustVisit, func(m string) bool { return containsFold(m, sight) || containsFold(sight, m) }) {
			// in the order written: before the first name written after the word
			k := slices.IndexFunc(b.MustVisit, func(m string) bool { p := d.allPos(m); return len(p) > 0 && p[0] > at })
			if k < 0 {
				k = len(b.MustVisit)
			}
			b.MustVisit = slices.Insert(b.MustVisit, k, sight)
		}
		if when != "" && !slices.ContainsFunc(b.VisitTimes, func(v orchestrator.VisitTime) bool { return containsFold(v.Sight, sight) }) {
			b.VisitTimes = append(b.VisitTimes, orchestrator.VisitTime{Sight: sight, When: when})
		}
	}
}

// eventAt returns the offset of the first word of ev in the text and the
// word as written, not declined, when the text names ev's city; else -1.
func (d *doc) eventAt(ev timedEvent) (int, string) {
	if !slices.ContainsFunc(ev.city, func(c string) bool { return strings.Contains(d.low, c) }) {
		return -1, ""
	}
	for _, w := range ev.words {
		k := strings.Index(d.low, w)
		if k < 0 || !isHan(firstRune(w)) && !wordBounded(d.low, k, k+len(w)) {
			continue
		}
		if isHan(firstRune(w)) && negatedZH(d.clean, k) || !isHan(firstRune(w)) && negatedEN(d, k) {
			return -1, ""
		}
		return k, d.clean[k : k+len(w)]
	}
	return -1, ""
}

// landmarkOf returns the landmark row a must-see name is an alias of, or nil.
func landmarkOf(name string) *landmarks.Sight {
	x := sightIndex()
	if isHan(firstRune(name)) {
		if sg, n := x.Han(name); n == len(name) {
			return sg
		}
		return nil
	}
	return x.Words(gazetteer.Key(name))
}

// sameLandmark reports whether two names are aliases of one landmark row.
func sameLandmark(a, b string) bool {
	sa := landmarkOf(a)
	return sa != nil && sa == landmarkOf(b)
}
