package amap

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// MaxOpenTimeLen bounds the opening-hours text ParseOpenTime reads, in
// bytes; longer text is not parsed.
const MaxOpenTimeLen = 512

// ParseOpenTime reads Amap's opening hours — business.opentime_week (or
// v3's biz_ext.opentime2) and business.opentime_today — into the domain's
// OpeningHours, and ok false when they are unknown. Amap words hours
// freely; the forms read are:
//
//   - weekday selectors 周一 … 周日 (周天, 星期X, 礼拜X), ranges with 至,
//     到, "-" or "~" (周一至五, wrapping over the week's end), lists with 、,
//     ",", 和 or 及 (周六日 is Saturday and Sunday), 每天/每日, 工作日 (Monday to
//     Friday) and 周末/双休日;
//   - one or more spans "HH:MM-HH:MM" (also with 至, ~ or a full-width
//     colon), a close at or before the open or marked 次日 running past
//     midnight; 24小时 and 全天 for the whole day; 休息, 闭馆, 休馆, 不营业,
//     关闭 or 停业 for closed days;
//   - rules separated by ";", "；", "|", a line break or just a space
//     before the next selector; a later rule replaces the days it names,
//     and days no rule opens are closed;
//   - notes in brackets — "(16:00停止入馆)" — and the words 营业, 开放, 时间
//     are ignored; rules for public holidays alone (节假日) are ignored,
//     since holidays are not known here.
//
// Anything else — dates, months, seasons, "以现场为准" — makes ok false:
// the hours are then unknown, never guessed. opentime_today fills in the
// time of a week that names only days ("周一至周日"), and, when week is
// empty, is taken as every day's hours (an assumption: it states one
// day's).
func ParseOpenTime(week, today string) (hours []orchestrator.OpeningHours, ok bool) {
	week, today = strings.TrimSpace(week), strings.TrimSpace(today)
	if week == "" {
		if today == "" {
			return nil, false
		}
		week, today = today, ""
	}
	w, ok := parseSchedule(week)
	if !ok {
		return nil, false
	}
	if w.daysOnly {
		// Days without hours: today's hours on those days.
		t, ok := parseSchedule(today)
		if !ok || !t.timed || t.named || t.off {
			return nil, false
		}
		for d := range w.days {
			if w.open[d] {
				w.days[d] = slices.Clone(t.days[d])
			}
		}
	}
	hours = w.result()
	return hours, len(hours) > 0
}

// Token kinds of an opening-hours text.
const (
	tDay     = iota // a weekday; n is 0 (Sunday) … 6
	tDays           // a set of days (每天, 工作日, 周末); set holds them
	tHoliday        // 节假日
	tRange          // 至, 到, -, ~
	tList           // 、 , 和 及
	tSep            // ; | line break: the end of a rule
	tTime           // a clock time; n is minutes
	tNextDay        // 次日
	tAllDay         // 24小时, 全天
	tOff            // 休息, 闭馆 …
)

type token struct {
	kind int
	n    int
	set  []int
}

var (
	dayChars = map[rune]int{'一': 1, '二': 2, '三': 3, '四': 4, '五': 5, '六': 6, '日': 0, '天': 0, '七': 0}
	// words are matched longest first.
	words = []struct {
		w string
		t token
	}{
		{"法定节假日", token{kind: tHoliday}},
		{"24小时营业", token{kind: tAllDay}},
		{"节假日", token{kind: tHoliday}},
		{"双休日", token{kind: tDays, set: []int{6, 0}}},
		{"工作日", token{kind: tDays, set: []int{1, 2, 3, 4, 5}}},
		{"不营业", token{kind: tOff}},
		{"24小时", token{kind: tAllDay}},
		{"营业时间", token{kind: -1}},
		{"开放时间", token{kind: -1}},
		{"每天", token{kind: tDays, set: []int{0, 1, 2, 3, 4, 5, 6}}},
		{"每日", token{kind: tDays, set: []int{0, 1, 2, 3, 4, 5, 6}}},
		{"周末", token{kind: tDays, set: []int{6, 0}}},
		{"全天", token{kind: tAllDay}},
		{"休息", token{kind: tOff}},
		{"闭馆", token{kind: tOff}},
		{"休馆", token{kind: tOff}},
		{"关闭", token{kind: tOff}},
		{"停业", token{kind: tOff}},
		{"营业", token{kind: -1}},
		{"开放", token{kind: -1}},
		{"时间", token{kind: -1}},
		{"次日", token{kind: tNextDay}},
		{"24h", token{kind: tAllDay}},
		{"至", token{kind: tRange}},
		{"到", token{kind: tRange}},
		{"和", token{kind: tList}},
		{"及", token{kind: tList}},
	}
	closers = map[rune]rune{'(': ')', '（': '）', '[': ']', '【': '】'}
)

func isDayChar(r rune) bool { _, ok := dayChars[r]; return ok }

// tokenizeHours splits s into tokens; ok is false for anything it does not
// know.
func tokenizeHours(s string) ([]token, bool) {
	if len(s) > MaxOpenTimeLen || !utf8.ValidString(s) {
		return nil, false
	}
	var toks []token
	// prevDay reports whether a bare day character may follow: after a
	// weekday, a range or a list that follows a weekday.
	prevDay := func() bool {
		for i := len(toks) - 1; i >= 0; i-- {
			switch toks[i].kind {
			case tDay:
				return true
			case tRange, tList:
				continue
			default:
				return false
			}
		}
		return false
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		rest := s[i:]
		switch {
		case r == ' ' || r == '\t' || r == '\u3000' || r == ':' || r == '：':
			i += size // a colon after the days: "周一至周五:08:30-17:30"
		case r == ';' || r == '；' || r == '|' || r == '\n' || r == '\r':
			toks = append(toks, token{kind: tSep})
			i += size
		case r == '-' || r == '~' || r == '～' || r == '—' || r == '–' || r == '－':
			toks = append(toks, token{kind: tRange})
			i += size
		case r == ',' || r == '，' || r == '、' || r == '/':
			toks = append(toks, token{kind: tList})
			i += size
		case closers[r] != 0:
			end := strings.IndexRune(rest[size:], closers[r])
			if end < 0 {
				return nil, false
			}
			i += size + end + utf8.RuneLen(closers[r])
		case r >= '0' && r <= '9' && !strings.HasPrefix(rest, "24小时") && !strings.HasPrefix(rest, "24h"):
			m, n, ok := scanClock(rest)
			if !ok {
				return nil, false
			}
			toks = append(toks, token{kind: tTime, n: m})
			i += n
		case strings.HasPrefix(rest, "周") || strings.HasPrefix(rest, "星期") || strings.HasPrefix(rest, "礼拜"):
			p := len("周")
			if !strings.HasPrefix(rest, "周") {
				p = len("星期")
			}
			d, dsize := utf8.DecodeRuneInString(rest[p:])
			n, isDay := dayChars[d]
			if !isDay {
				if strings.HasPrefix(rest, "周末") {
					toks = append(toks, token{kind: tDays, set: []int{6, 0}})
					i += len("周末")
					continue
				}
				return nil, false
			}
			toks = append(toks, token{kind: tDay, n: n})
			i += p + dsize
		case isDayChar(r):
			if !prevDay() {
				return nil, false
			}
			toks = append(toks, token{kind: tDay, n: dayChars[r]})
			i += size
		default:
			matched := false
			for _, w := range words {
				if strings.HasPrefix(rest, w.w) {
					if w.t.kind >= 0 {
						toks = append(toks, w.t)
					}
					i += len(w.w)
					matched = true
					break
				}
			}
			if !matched {
				return nil, false
			}
		}
	}
	return toks, true
}

// scanClock reads "H:MM" or "HH:MM" (a full-width colon too) at the start
// of s, hours 0–24 (24 only as 24:00): minutes, bytes read.
func scanClock(s string) (minutes, n int, ok bool) {
	h := 0
	for n < len(s) && n < 2 && s[n] >= '0' && s[n] <= '9' {
		h = h*10 + int(s[n]-'0')
		n++
	}
	switch {
	case strings.HasPrefix(s[n:], ":"):
		n++
	case strings.HasPrefix(s[n:], "："):
		n += len("：")
	default:
		return 0, 0, false
	}
	if n+2 > len(s) || s[n] < '0' || s[n] > '5' || s[n+1] < '0' || s[n+1] > '9' {
		return 0, 0, false
	}
	m := int(s[n]-'0')*10 + int(s[n+1]-'0')
	n += 2
	if n < len(s) && s[n] >= '0' && s[n] <= '9' {
		return 0, 0, false
	}
	if h > 24 || (h == 24 && m != 0) {
		return 0, 0, false
	}
	return h*60 + m, n, true
}

type openSpan struct{ open, close int } // minutes; close may pass 1440

// schedule is a parsed opening-hours text.
type schedule struct {
	days [7][]openSpan
	open [7]bool // opened by some rule, with or without hours
	// timed: some rule gave hours; named: some rule named days; daysOnly:
	// some rule named days without hours ("周一至周日"); off: some rule
	// closed days.
	timed, named, daysOnly, off bool
}

func parseSchedule(s string) (schedule, bool) {
	var sc schedule
	toks, ok := tokenizeHours(s)
	if !ok || len(toks) == 0 {
		return sc, false
	}
	for i := 0; i < len(toks); {
		if k := toks[i].kind; k == tSep || (k == tList && i > 0) {
			i++
			continue
		}
		n, ok := sc.rule(toks[i:])
		if !ok {
			return sc, false
		}
		i += n
	}
	// Days without hours mix with nothing else.
	if sc.daysOnly && (sc.timed || sc.off) {
		return sc, false
	}
	return sc, sc.timed || sc.daysOnly
}

func dayish(t token) bool { return t.kind == tDay || t.kind == tDays || t.kind == tHoliday }

// rule reads [days] (spans | 24小时 | off | nothing, after days) at the
// start of toks and applies it; it returns the tokens read.
func (sc *schedule) rule(toks []token) (int, bool) {
	i := 0
	days, holidayOnly, named := []int{0, 1, 2, 3, 4, 5, 6}, false, false
	if dayish(toks[0]) {
		sel, holiday, n, ok := daySelector(toks)
		if !ok {
			return 0, false
		}
		i = n
		days, holidayOnly, named = sel, holiday && len(sel) == 0, len(sel) > 0
	}
	var spans []openSpan
	off := false
	switch {
	case i < len(toks) && toks[i].kind == tOff:
		i++
		off = true
	case i < len(toks) && toks[i].kind == tAllDay:
		i++
		spans = []openSpan{{0, 1440}}
	case i < len(toks) && toks[i].kind == tTime:
		var n int
		var ok bool
		if spans, n, ok = readSpans(toks[i:]); !ok {
			return 0, false
		}
		i += n
	case i == 0:
		return 0, false // neither days nor hours
	}
	// The rule ends at the end, a separator or the next rule's days.
	if i < len(toks) {
		switch t := toks[i]; {
		case t.kind == tSep, dayish(t):
		case t.kind == tList && i+1 < len(toks) && dayish(toks[i+1]):
		default:
			return 0, false
		}
	}
	if holidayOnly {
		return i, true // hours for public holidays alone: unknowable, ignored
	}
	sc.named = sc.named || named
	switch {
	case off:
		sc.off = true
		for _, d := range days {
			sc.days[d], sc.open[d] = nil, false
		}
	case spans != nil:
		sc.timed = true
		for _, d := range days {
			sc.days[d], sc.open[d] = slices.Clone(spans), true
		}
	default:
		sc.daysOnly = true
		for _, d := range days {
			sc.open[d] = true
		}
	}
	return i, true
}

// daySelector reads "周一至周五、周日及节假日": the days, whether holidays
// were named, the tokens read.
func daySelector(toks []token) (days []int, holiday bool, n int, ok bool) {
	add := func(d int) {
		if !slices.Contains(days, d) {
			days = append(days, d)
		}
	}
	for {
		if n >= len(toks) {
			return nil, false, 0, false
		}
		switch t := toks[n]; t.kind {
		case tHoliday:
			holiday = true
			n++
		case tDays:
			for _, d := range t.set {
				add(d)
			}
			n++
		case tDay:
			from, to := t.n, t.n
			n++
			if n+1 < len(toks) && toks[n].kind == tRange && toks[n+1].kind == tDay {
				to = toks[n+1].n
				n += 2
			}
			// Ranges wrap over the week's end: 周五至周一 is Fr, Sa, Su, Mo.
			for d := from; ; d = (d + 1) % 7 {
				add(d)
				if d == to {
					break
				}
			}
		default:
			return nil, false, 0, false
		}
		// A list continues the selector; consecutive days (周六日) too.
		switch {
		case n < len(toks) && toks[n].kind == tList && n+1 < len(toks) &&
			(toks[n+1].kind == tDay || toks[n+1].kind == tDays || toks[n+1].kind == tHoliday):
			n++
		case n < len(toks) && toks[n].kind == tDay:
		default:
			return days, holiday, n, true
		}
	}
}

// readSpans reads "09:00-12:00,14:00-次日02:00".
func readSpans(toks []token) ([]openSpan, int, bool) {
	var out []openSpan
	n := 0
	for {
		if n+2 >= len(toks) || toks[n].kind != tTime || toks[n+1].kind != tRange {
			return nil, 0, false
		}
		o := toks[n].n
		n += 2
		next := false
		if toks[n].kind == tNextDay {
			next = true
			n++
		}
		if n >= len(toks) || toks[n].kind != tTime {
			return nil, 0, false
		}
		c := toks[n].n
		n++
		switch {
		case o >= 1440, c == o && o != 0:
			return nil, 0, false
		case next:
			c += 1440
		case o == 0 && c == 0:
			c = 1440 // 00:00-00:00: the whole day
		case c <= o:
			c += 1440 // past midnight
		}
		if c-o > 1440 || c == o {
			return nil, 0, false
		}
		out = append(out, openSpan{o, c})
		switch {
		case n+1 < len(toks) && toks[n].kind == tList && toks[n+1].kind == tTime:
			n++
		case n < len(toks) && toks[n].kind == tTime:
		default:
			return out, n, true
		}
	}
}

// result groups the days by identical spans, ordered by opening time.
func (sc *schedule) result() []orchestrator.OpeningHours {
	var week [7][]orchestrator.MinuteSpan
	for d, spans := range sc.days {
		for _, sp := range spans {
			week[d] = append(week[d], orchestrator.MinuteSpan{Open: sp.open, Close: sp.close})
		}
	}
	return orchestrator.GroupHours(week)
}

func clockText(m int) string { return orchestrator.FormatClock(m) }
