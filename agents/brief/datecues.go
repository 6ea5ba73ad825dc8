package brief

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Date cues have a precedence. An explicit day — a calendar date
// (12月12日, March 3) or a relative day (明天, 下周六, next Saturday, this
// Friday, in two weeks) — beats a window named without a day: a holiday
// (国庆, over Christmas), a day relative to one (国庆后, before Easter), a
// month (in April, 4月), a season (this summer, 暑假) or a weekend. When the
// day falls inside the window the day is kept and the window becomes a
// note; when they disagree, or two explicit days disagree, the parser
// keeps the explicit day and asks which reading is meant, naming both.

// windowKind is the shape of a window named without a day.
type windowKind int

const (
	winHoliday windowKind = iota // during a holiday: 国庆, 春节期间, over Christmas
	winAfter                     // after a holiday: 国庆后, after Christmas
	winBefore                    // before a holiday: 春节前, before Easter
	winMonth                     // a month or part of one: in April, 4月中旬
	winSeason                    // a season or school holiday: this summer, 暑假
	winWeekend                   // a weekend: weekend in Paris, 周末
)

// windowReach is how far "after" or "before" a holiday reaches, in days
// (about three months): next Saturday is "after National Day" in
// December, but not a year later.
const windowReach = 92

// window is a stretch of the calendar named without a day.
type window struct {
	kind  windowKind
	words string // as written: 国庆后, after Christmas, April, 暑假
	hol   int    // index into holidays (holiday kinds)
	year  int    // the year written with it, 0 when none
	month int    // winMonth: 1–12
	day   int    // winMonth: first day of the part named (月中), 1 for the whole month
	span  int    // winMonth: length of the part in days, 0 for the whole month
	seas  int    // winSeason: index into seasonWindows
}

// holds reports whether day t lies inside the window (in any year near
// t's, unless a year was written).
func (w *window) holds(d *doc, t time.Time) bool {
	switch w.kind {
	case winHoliday, winAfter, winBefore:
		h := &holidays[w.hol]
		for y := t.Year() - 1; y <= t.Year()+1; y++ {
			if w.year != 0 && y != w.year {
				continue
			}
			hs, n := h.when(y, d)
			if hs.IsZero() {
				continue
			}
			he := hs.AddDate(0, 0, max(n, 1)-1)
			switch {
			case w.kind == winHoliday && !t.Before(hs.AddDate(0, 0, -1)) && !t.After(he):
				return true
			case w.kind == winAfter && t.After(he) && !t.After(he.AddDate(0, 0, windowReach)):
				return true
			case w.kind == winBefore && t.Before(hs) && !t.Before(hs.AddDate(0, 0, -windowReach)):
				return true
			}
		}
	case winMonth:
		if int(t.Month()) != w.month || w.year != 0 && t.Year() != w.year {
			return false
		}
		return w.span == 0 || t.Day() >= w.day && t.Day() < w.day+w.span
	case winSeason:
		s := seasonWindows[w.seas]
		for y := t.Year() - 1; y <= t.Year(); y++ {
			from := time.Date(y, time.Month(s.month), max(s.day, 1), 0, 0, 0, 0, time.UTC)
			to := time.Date(y, time.Month(s.month+s.span), 1, 0, 0, 0, 0, time.UTC)
			if !t.Before(from) && t.Before(to) {
				return true
			}
		}
	case winWeekend:
		wd := t.Weekday()
		return wd == time.Friday || wd == time.Saturday || wd == time.Sunday
	}
	return false
}

// holidayEnd returns the last day of the occurrence of the window's
// holiday that holds t, or the zero time.
func (w *window) holidayEnd(d *doc, t time.Time) time.Time {
	h := &holidays[w.hol]
	for y := t.Year() - 1; y <= t.Year()+1; y++ {
		hs, n := h.when(y, d)
		if n == 0 || hs.IsZero() {
			continue
		}
		he := hs.AddDate(0, 0, n-1)
		if !t.Before(hs.AddDate(0, 0, -1)) && !t.After(he) {
			return he
		}
	}
	return time.Time{}
}

// holidayModifier reads what surrounds a holiday named at [start, end):
// 国庆后, 国庆节之后, 春节前, 春节期间, after Christmas, before Easter. It
// returns the window's kind and the end of the words that name it.
func (d *doc) holidayModifier(start, end int, zh bool) (windowKind, int, int) {
	if zh {
		rest := d.clean[end:]
		k := end
		for _, p := range []string{"节假期", "小长假", "长假", "假期", "黄金周", "节", "假"} {
			if strings.HasPrefix(rest, p) {
				rest, k = rest[len(p):], k+len(p)
				break
			}
		}
		for _, p := range []struct {
			w    string
			kind windowKind
		}{{"结束后", winAfter}, {"过后", winAfter}, {"之后", winAfter}, {"以后", winAfter}, {"后", winAfter},
			{"之前", winBefore}, {"以前", winBefore}, {"前", winBefore}, {"期间", winHoliday}} {
			if !strings.HasPrefix(rest, p.w) {
				continue
			}
			after := rest[len(p.w):]
			if p.w == "后" && strings.HasPrefix(after, "天") || p.w == "前" && strings.HasPrefix(after, "往") {
				break // 后天 is a day, 前往 a verb
			}
			return p.kind, start, k + len(p.w)
		}
		return winHoliday, start, end
	}
	if j := prevWord(d.toks, d.tokenAt(start)); j >= 0 {
		switch d.toks[j].low {
		case "after", "post":
			return winAfter, d.toks[j].start, end
		case "before", "pre":
			return winBefore, d.toks[j].start, end
		}
	}
	return winHoliday, start, end
}

// windowReading reads the window the request names without a day, as if
// no explicit day were written: the window and the start it gives. The
// doc's date facts are left as they were.
func (d *doc) windowReading() dateFacts {
	saved := d.when
	d.when = dateFacts{days: saved.days, nights: saved.nights}
	d.holidays()
	if d.when.start.IsZero() && d.when.month == "" {
		d.monthOnly()
	}
	d.resolveWindow()
	v := d.when
	d.when = saved
	return v
}

// layerWindow reconciles an explicit start with a window named beside it:
// a bare weekday is placed inside the window (国庆周六出发); a day inside
// the window is kept, the window noted; a day outside it is kept and a
// question asks which reading is meant.
func (d *doc) layerWindow(calendar bool) {
	f := &d.when
	v := d.windowReading()
	w := v.win
	if w == nil || v.start.IsZero() || w.kind == winWeekend && (strings.Contains(f.cue, "周末") || strings.Contains(f.cue, "weekend")) {
		return // none, or the weekend the cue itself names
	}
	if f.cueBare && !calendar && f.end.IsZero() {
		t := v.start.AddDate(0, 0, (int(f.cueWD)-int(v.start.Weekday())+7)%7)
		f.start, f.win, f.holiday, f.month = t, w, v.holiday, v.month
		if v.holidayDays && f.days == 0 {
			if he := w.holidayEnd(d, t); !he.IsZero() {
				f.days, f.holidayDays = int(he.Sub(t).Hours()/24)+1, true
			}
		}
		f.notes = append(f.notes, "'"+f.cue+"' taken as the first such day in '"+w.words+"': starting "+t.Format(dateLayout)+"; change start_date to adjust")
		return
	}
	cue := d.cueName(calendar)
	if w.holds(d, f.start) {
		f.win = w
		if w.kind == winHoliday {
			f.holiday = holidays[w.hol].name
			if f.days == 0 && f.end.IsZero() && v.holidayDays {
				if he := w.holidayEnd(d, f.start); !he.IsZero() {
					f.days, f.holidayDays = int(he.Sub(f.start).Hours()/24)+1, true
					f.notes = append(f.notes, "trip length taken from the rest of the "+f.holiday+" ("+itoa(f.days)+" days)")
				}
			}
		}
		if w.kind == winWeekend && f.days == 0 && f.end.IsZero() {
			f.days = int(time.Sunday-f.start.Weekday()+7)%7 + 1
		}
		f.notes = append(f.notes, "'"+w.words+"' agrees with "+cue+" ("+f.start.Format(dateLayout)+"); that date is kept")
		return
	}
	if !f.end.IsZero() && !v.start.Before(f.start) && !v.start.After(f.end) {
		// "Thanksgiving week …, Nov 22-28 2027": the range written holds the window's day
		f.win = w
		if w.kind == winHoliday {
			f.holiday = holidays[w.hol].name
		}
		f.notes = append(f.notes, "'"+w.words+"' ("+v.start.Format(dateLayout)+") falls within the dates written; they are kept")
		return
	}
	d.askDates(cue, f.start, "'"+w.words+"'", v.start, "is not in")
}

// cueName names the explicit day that set the start, for notes and
// questions.
func (d *doc) cueName(calendar bool) string {
	if !calendar && d.when.cue != "" {
		return "'" + d.when.cue + "'"
	}
	return "the date written"
}

// askDates records a conflict between two readings of the start date: a
// question with both dates as choices and a note. The brief keeps a.
func (d *doc) askDates(aName string, a time.Time, bName string, b time.Time, rel string) {
	as, bs := a.Format(dateLayout), b.Format(dateLayout)
	var text string
	if d.lang == "zh" {
		text = "出发日期有两种理解：" + zhQuote(aName) + "是" + as + "，" + zhQuote(bName) + "则是" + bs + "，两者对不上。请问哪天出发？"
	} else {
		text = "The start date can be read two ways: " + aName + " gives " + as + ", " + bName + " gives " + bs + "; they disagree. Which start date do you mean?"
	}
	q := Question{Field: "dates", Text: text, Choices: []string{as}}
	if bs != as {
		q.Choices = append(q.Choices, bs)
	}
	d.pendingQ = append(d.pendingQ, q)
	d.notes = append(d.notes, "dates conflict: "+aName+" ("+as+") "+rel+" "+bName+" ("+bs+"); asking which is meant")
}

// zhQuote turns 'x' into “x” for a Chinese question.
func zhQuote(s string) string {
	if s == "the date written" {
		return "写明的日期"
	}
	if strings.HasPrefix(s, "'") && strings.HasSuffix(s, "'") && len(s) >= 2 {
		return "“" + s[1:len(s)-1] + "”"
	}
	return s
}

// checkDayCues compares the calendar dates with the other explicit days
// written beside them: a relative day (下周六, next Friday) and bare
// weekdays (12月12日周六, Saturday, December 13). One that names the start
// or the last day agrees; one marked as the return (周日回, back on Sunday)
// gives the last day; any other is a conflict, and a question.
func (d *doc) checkDayCues() {
	f := &d.when
	last := f.end
	if last.IsZero() {
		last = f.start
	}
	saved := *f
	f.start, f.cue = time.Time{}, ""
	d.relativeDates()
	rel := *f
	*f = saved
	if !rel.start.IsZero() && !rel.cueBare && rel.cue != "" {
		pos := d.dayCuePos(rel.cue)
		switch {
		case sameDay(rel.start, f.start) || sameDay(rel.start, last):
		case f.end.IsZero() && rel.start.After(f.start) && pos >= 0 && d.returnCue(pos, pos+len(rel.cue)):
			f.end = rel.start
		case nearSameWeekday(rel.start, f.start):
			// "next weekend (Dec 19-20)", 下周六（12月19日）: the date
			// written is itself that weekday, a week off at most
			d.notes = append(d.notes, "'"+rel.cue+"' ("+rel.start.Format("2006-01-02")+") is read as the date written ("+f.start.Format("2006-01-02")+")")
		default:
			d.askDates("the date written", f.start, "'"+rel.cue+"'", rel.start, "differs from")
			return
		}
	}
	for _, m := range d.weekdayMentions() {
		if m.weeks >= 0 {
			continue // 下周六: compared above
		}
		found := false
		for t := f.start; !t.After(last); t = t.AddDate(0, 0, 1) {
			if t.Weekday() == m.wd {
				found = true
				break
			}
		}
		if found {
			continue
		}
		word := d.weekdayWord(m)
		if f.end.IsZero() && d.returnCue(m.pos, m.pos+len(word)) {
			f.end = f.start.AddDate(0, 0, (int(m.wd)-int(f.start.Weekday())+7)%7)
			last = f.end
			continue
		}
		// the nearest such weekday to the date written, for the choice
		alt := f.start.AddDate(0, 0, (int(m.wd)-int(f.start.Weekday())+7)%7)
		if back := alt.AddDate(0, 0, -7); f.start.Sub(back) < alt.Sub(f.start) && back.After(d.today) {
			alt = back
		}
		d.askDates("the date written", f.start, "'"+word+"'", alt, "is not a "+m.wd.String()+" as")
		return
	}
}

// weekdayWord returns the words of a weekday mention as written.
func (d *doc) weekdayWord(m weekdayMention) string {
	s := d.clean[m.pos:]
	if r, _ := utf8.DecodeRuneInString(s); r < utf8.RuneSelf {
		end := 0
		for end < len(s) && isLetterByte(s[end]) {
			end++
		}
		return s[:end]
	}
	for _, p := range []string{"星期", "礼拜", "周"} {
		if strings.HasPrefix(s, p) {
			_, sz := utf8.DecodeRuneInString(s[len(p):])
			return s[:len(p)+sz]
		}
	}
	return s[:min(len(s), 3)]
}

// dayCuePos finds the words of a relative cue in the request, or -1.
func (d *doc) dayCuePos(cue string) int {
	if i := strings.Index(d.clean, cue); i >= 0 {
		return i
	}
	return strings.Index(d.low, lowerASCII(cue))
}

// returnCue reports whether the day written at [start, end) is the day
// of return: 周日回, 周一晚上返回, back on Sunday, returning next Monday,
// until Friday.
func (d *doc) returnCue(start, end int) bool {
	if d.hasHanText {
		rest := d.clean[end:]
		if i := strings.IndexAny(rest, ",，。；;！!"); i >= 0 {
			rest = rest[:i]
		}
		if strings.Contains(rest, "来回") || strings.Contains(rest, "往返") {
			// 周日一天来回, 周六当天往返: a round trip on that day, no return day
			rest = strings.NewReplacer("来回", "", "往返", "").Replace(rest)
		}
		if strings.Contains(rest, "回") || strings.Contains(rest, "返") {
			return true
		}
		before := d.clean[:start]
		if strings.HasSuffix(before, "到") || strings.HasSuffix(before, "至") || strings.HasSuffix(before, "回") || strings.HasSuffix(before, "返回") {
			return true
		}
	}
	if d.hasLatin {
		k := d.tokenAt(start)
	words:
		for j := k - 1; j >= 0 && j >= k-3; j-- {
			t := &d.toks[j]
			if t.kind != tWord {
				break
			}
			switch t.low {
			case "back", "return", "returning", "home", "until", "till", "to", "through", "thru":
				return true
			case "on", "by", "next", "this", "coming", "the":
				continue
			}
			break words
		}
	}
	return false
}

func sameDay(a, b time.Time) bool { return !a.IsZero() && a.Equal(b) }

// nearSameWeekday reports whether b falls on a's weekday at most a week
// from a: a relative day and the date written in brackets after it that
// name the same day of a neighbouring week.
func nearSameWeekday(a, b time.Time) bool {
	diff := b.Sub(a).Hours() / 24
	return a.Weekday() == b.Weekday() && diff >= -7.5 && diff <= 7.5
}
