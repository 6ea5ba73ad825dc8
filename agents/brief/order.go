package brief

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// placePos is a destination and where its words stand in the text.
type placePos struct {
	name       string
	start, end int
}

// destPositions returns the destinations in the order the text names
// them, each at its first mention; ok is false when one cannot be found.
func (d *doc) destPositions() ([]placePos, bool) {
	var out []placePos
	for _, p := range d.dests {
		if p.Text == "" {
			return nil, false
		}
		i := strings.Index(d.clean, p.Text)
		if i < 0 {
			i = strings.Index(d.low, lowerASCII(p.Text))
		}
		if i < 0 {
			return nil, false
		}
		out = append(out, placePos{p.Name, i, i + len(p.Text)})
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].start < out[b].start })
	return out, true
}

// sequenceZH and sequenceEN are words that put one city after another
// ("先去杭州再去苏州", "first Rome then Florence", "Rome, then Florence").
var (
	sequenceZH = []string{"再", "然后", "之后", "接着", "最后", "随后", "→", "->"}
	sequenceEN = []string{"then", "followed by", "after that", "afterwards", "and finally", "finally", "before heading to", "before going to", "on to", "→", "->"}
)

// route fixes the order of the destinations when words between every two
// of them say which comes next. A region's candidates, a choice among
// cities and a single destination have no route.
func (d *doc) route(b *orchestrator.Brief) {
	if len(d.dests) < 2 || len(b.Destinations) != len(d.dests) || b.CityCount > 0 || d.regionDest || d.base {
		return
	}
	pos, ok := d.destPositions()
	if !ok {
		return
	}
	for i := 1; i < len(pos); i++ {
		if pos[i].start < pos[i-1].end {
			return
		}
		gap := d.clean[pos[i-1].end:pos[i].start]
		low := lowerASCII(gap)
		if !hasAny(gap, sequenceZH...) && !hasWord(low, sequenceEN...) && !strings.Contains(low, "->") && !strings.Contains(gap, "→") {
			return
		}
	}
	names := make([]string, len(pos))
	for i, p := range pos {
		names[i] = p.name
	}
	b.Route = names
	d.notes = append(d.notes, "the cities are visited in the order written: "+strings.Join(names, " → "))
}

// cityNights reads nights stated per city ("杭州两晚，苏州一晚", "2 nights in
// Rome and 3 in Florence", "3 nights in Kyoto, 2 nights in Osaka") and,
// when two or more cities have them, makes the trip their sum plus one
// day. It returns the nights per destination, in the order written.
func (d *doc) cityNights() []placePos {
	if len(d.dests) < 2 {
		return nil
	}
	pos, ok := d.destPositions()
	if !ok {
		return nil
	}
	for i := 1; i < len(pos); i++ {
		if pos[i].start < pos[i-1].end {
			// two destinations read from the same words (a region and
			// its namesake city: "New York … cities in New York"): the
			// text states no nights per city
			return nil
		}
	}
	nights := map[string]int{}
	for i, p := range pos {
		if n := d.nightsNear(p, pos, i); n > 0 {
			nights[p.name] = n
		}
	}
	if len(nights) < 2 {
		return nil
	}
	var out []placePos
	for _, p := range pos {
		if n := nights[p.name]; n > 0 {
			out = append(out, placePos{name: p.name, start: n})
		}
	}
	return out
}

// nightsNear reads the nights stated for the city at pos[i]: right after
// it in Chinese (杭州两晚, 杭州住两晚), "N nights in City" or "N in City"
// after a nights phrase, "City for N nights" in English.
func (d *doc) nightsNear(p placePos, pos []placePos, i int) int {
	s := d.clean
	limit := len(s)
	if i+1 < len(pos) {
		limit = max(pos[i+1].start, p.end)
	}
	// Chinese: 杭州两晚 / 杭州住两晚 / 杭州玩两晚
	after := s[p.end:limit]
	for _, pre := range []string{"住", "玩", "待", "呆", ""} {
		if strings.HasPrefix(after, pre) {
			rest := after[len(pre):]
			if v, n, _ := parseNumber(rest); n > 0 && v > 0 && v <= orchestrator.MaxTripDays && float64(int(v)) == v {
				unit := strings.TrimLeft(rest[n:], " ")
				if strings.HasPrefix(unit, "晚") || strings.HasPrefix(unit, "夜") || strings.HasPrefix(unit, "个晚上") {
					return int(v)
				}
			}
		}
	}
	// English: "City for N nights"
	low := d.low
	la := strings.TrimLeft(low[p.end:limit], " ,")
	if rest, ok := strings.CutPrefix(la, "for "); ok {
		if v := leadingNumber(rest); v > 0 {
			if u := strings.TrimLeft(rest[numberLen(rest):], " "); strings.HasPrefix(u, "night") {
				return v
			}
		}
	}
	// English: "N nights in City", "N in City" (after a nights phrase)
	prevEnd := 0
	if i > 0 {
		prevEnd = min(pos[i-1].end, p.start)
	}
	before := strings.TrimRight(low[prevEnd:p.start], " ")
	for _, w := range []string{" in", " at"} {
		if strings.HasSuffix(before, w) {
			b := strings.TrimRight(strings.TrimSuffix(before, w), " ")
			nightsWord := false
			if strings.HasSuffix(b, "nights") || strings.HasSuffix(b, "night") {
				b = strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(b, "s"), "night"), " ")
				nightsWord = true
			}
			if !nightsWord && !strings.Contains(low[:p.start], "night") {
				return 0
			}
			j := len(b)
			for j > 0 && (isWordByte(b[j-1]) || b[j-1] == '-') {
				j--
			}
			if v := leadingNumber(b[j:]); v > 0 && numberLen(b[j:]) == len(b[j:]) {
				return v
			}
		}
	}
	return 0
}

// leadingNumber reads a number in digits or an English word at the start
// of s ("3", "three"), 0 when none.
func leadingNumber(s string) int {
	n := numberLen(s)
	if n == 0 {
		return 0
	}
	if v := wordNumber(s[:n]); v > 0 && v <= orchestrator.MaxTripDays {
		return v
	}
	return 0
}

func numberLen(s string) int {
	i := 0
	for i < len(s) {
		r, sz := utf8.DecodeRuneInString(s[i:])
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z') {
			break
		}
		i += sz
	}
	return i
}

// applyCityNights sums nights stated per city into the trip's length.
func (d *doc) applyCityNights() {
	per := d.cityNights()
	if len(per) == 0 {
		return
	}
	total := 0
	var parts []string
	for _, p := range per {
		total += p.start
		parts = append(parts, p.name+" "+itoa(p.start))
	}
	f := &d.when
	if !f.end.IsZero() {
		return // dates given: they decide
	}
	if f.nights == total && f.days == total+1 {
		return
	}
	f.nights, f.days, f.holidayDays = total, total+1, false
	d.notes = append(d.notes, "nights per city ("+strings.Join(parts, ", ")+") summed: "+itoa(total)+" nights, "+itoa(total+1)+" days")
}

// applyEachDays reads a duration given per city for several cities
// (苏州和杭州各玩两天, 每个城市待三天, "2 days in each", "3 nights each"):
// the trip lasts that long in every city named.
func (d *doc) applyEachDays() {
	f := &d.when
	n := len(d.dests)
	if n < 2 || !f.end.IsZero() || f.days == 0 && f.nights == 0 {
		return
	}
	per, nights := 0, false
	if d.hasHanText {
		s := d.clean
		for _, cue := range []string{"各玩", "各待", "各呆", "各住", "各逛", "各游", "各", "每个城市玩", "每个城市待", "每个城市住", "每个城市", "每座城市", "每个地方", "每城", "每地"} {
			k := strings.Index(s, cue)
			if k < 0 {
				continue
			}
			at := k + len(cue)
			for _, verb := range []string{"都", "玩", "待", "呆", "住", "逛", "游", "停留", "停", "安排", "各"} {
				if strings.HasPrefix(s[at:], verb) {
					at += len(verb) // 每个地方玩两天, 每座城市都待三天
				}
			}
			v, e := readNumberFwdAll(s, at)
			if v <= 0 || e == at {
				continue
			}
			rest := s[e:]
			rest = strings.TrimPrefix(rest, "个")
			switch {
			case strings.HasPrefix(rest, "天") || strings.HasPrefix(rest, "日"):
				per = v
			case strings.HasPrefix(rest, "晚") || strings.HasPrefix(rest, "夜"):
				per, nights = v, true
			}
			if per > 0 {
				break
			}
		}
	}
	if per == 0 && d.hasLatin {
		for i := 0; i+2 < len(d.toks); i++ {
			v := wordNumber(d.toks[i].low)
			unit := d.toks[i+1].low
			if v <= 0 || unit != "days" && unit != "day" && unit != "nights" && unit != "night" {
				continue
			}
			w := d.toks[i+2].low
			each := w == "each" || w == "apiece" || w == "per" && i+3 < len(d.toks) && (d.toks[i+3].low == "city" || d.toks[i+3].low == "place") ||
				(w == "in" || w == "for" || w == "at") && i+3 < len(d.toks) && (d.toks[i+3].low == "each" || d.toks[i+3].low == "every")
			if each {
				per, nights = v, unit == "nights" || unit == "night"
				break
			}
		}
	}
	if per == 0 || per*n > 30 {
		return
	}
	if nights {
		if f.nights != per {
			return
		}
		f.nights = per * n
		f.days = f.nights + 1
	} else {
		if f.days != per {
			return
		}
		f.days, f.nights = per*n, 0
	}
	f.holidayDays = false
	d.notes = append(d.notes, "a stay of "+itoa(per)+pick(nights, " nights", " days")+" in each of "+itoa(n)+" cities: "+itoa(f.days)+" days")
}

// applyCityDays sums days stated per city (上海三天杭州两天, 成都玩两天，
// 重庆住三天, "Rome 3 days, Florence 2 days"): the trip lasts their sum,
// with a note. Dates written decide instead.
func (d *doc) applyCityDays() {
	f := &d.when
	if len(d.dests) < 2 || !f.end.IsZero() || f.nights > 0 {
		return
	}
	pos, ok := d.destPositions()
	if !ok {
		return
	}
	total, n := 0, 0
	var parts []string
	for i, p := range pos {
		if i > 0 && p.start < pos[i-1].end {
			return
		}
		limit := len(d.clean)
		if i+1 < len(pos) {
			limit = max(pos[i+1].start, p.end)
		}
		v := daysRightAfter(d.clean[p.end:limit])
		if v == 0 && d.hasLatin {
			prevEnd := 0
			if i > 0 {
				prevEnd = min(pos[i-1].end, p.start)
			}
			v = daysBefore(d.low[prevEnd:p.start], d.low[:p.start])
		}
		if v == 0 {
			continue
		}
		total += v
		n++
		parts = append(parts, p.name+" "+itoa(v))
	}
	if n < 2 || n != len(pos) || total > orchestrator.MaxTripDays || f.days == total {
		return
	}
	f.days, f.holidayDays = total, false
	d.notes = append(d.notes, "days per city ("+strings.Join(parts, ", ")+") summed: "+itoa(total)+" days")
}

// daysBefore reads "4 days in " or, after a days phrase earlier in the
// text (upTo), "3 in " at the end of before: the days stated for the city
// that follows ("4 days in Tokyo and 3 in Kyoto").
func daysBefore(before, upTo string) int {
	before = strings.TrimRight(before, " ")
	for _, w := range []string{" in", " at"} {
		b, ok := strings.CutSuffix(before, w)
		if !ok {
			continue
		}
		b = strings.TrimRight(b, " ")
		daysWord := false
		if c, ok := strings.CutSuffix(b, "days"); ok {
			b, daysWord = strings.TrimRight(c, " -"), true
		} else if c, ok := strings.CutSuffix(b, "day"); ok {
			b, daysWord = strings.TrimRight(c, " -"), true
		}
		if !daysWord && !strings.Contains(upTo, " day") {
			return 0
		}
		j := len(b)
		for j > 0 && isWordByte(b[j-1]) {
			j--
		}
		if w := b[j:]; w == "a" || w == "an" || w == "one" {
			return 0 // "a day in Kamakura": a day out, maybe from the base
		}
		if v := leadingNumber(b[j:]); v > 0 && numberLen(b[j:]) == len(b[j:]) {
			return v
		}
	}
	return 0
}

// daysRightAfter reads "三天", "玩两天", " 3 days", " for 3 days" at the
// start of s, or 0.
func daysRightAfter(s string) int {
	s = strings.TrimLeft(s, " ")
	for _, pre := range []string{"住", "玩", "待", "呆", "游", "for ", ""} {
		rest, ok := strings.CutPrefix(s, pre)
		if !ok {
			continue
		}
		v, k, _ := parseNumber(rest)
		if k == 0 || v <= 0 || float64(int(v)) != v {
			continue
		}
		unit := strings.TrimLeft(rest[k:], " ")
		unit = strings.TrimPrefix(unit, "个")
		if strings.HasPrefix(unit, "天") || strings.HasPrefix(unit, "日") && !strings.HasPrefix(unit, "日游") || strings.HasPrefix(unit, "days") || strings.HasPrefix(unit, "day ") || unit == "day" {
			return int(v)
		}
	}
	return 0
}
