package brief

import (
	"strings"
	"time"
)

// A window is a stretch of the calendar the request names without a day:
// a month ("in April", 4月, 下个月), part of one ("early May", 月底), a
// season ("this summer", 秋天, 暑假) or a weekend. The parser turns it into
// a concrete start inside the window — its first day still ahead — and
// says so in a note, so the traveller can change start_date.

// seasonWindow is a named season: its first month and length in months,
// and for school holidays the first day.
type seasonWindow struct {
	name        string
	zh, en      []string
	month, span int
	day         int // first day; 0 means the 1st
}

// Seasons follow the northern-hemisphere meteorological convention;
// school holidays follow the Chinese calendar's usual dates.
var seasonWindows = []seasonWindow{
	{name: "summer holiday", zh: []string{"暑假", "暑期"}, en: []string{"summer vacation", "summer holidays", "summer break"}, month: 7, span: 2, day: 10},
	{name: "winter holiday", zh: []string{"寒假"}, en: []string{"winter break"}, month: 1, span: 1, day: 20},
	{name: "spring", zh: []string{"春天", "春季", "开春"}, en: []string{"spring", "springtime"}, month: 3, span: 3},
	{name: "summer", zh: []string{"夏天", "夏季", "盛夏"}, en: []string{"summer", "summertime"}, month: 6, span: 3},
	{name: "autumn", zh: []string{"秋天", "秋季", "金秋", "深秋"}, en: []string{"autumn", "fall"}, month: 9, span: 3},
	{name: "winter", zh: []string{"冬天", "冬季", "隆冬"}, en: []string{"winter", "wintertime"}, month: 12, span: 3},
}

var seasonLex = func() *lexicon {
	lx := newLexicon()
	for i, s := range seasonWindows {
		for _, w := range s.en {
			lx.addEN(i, w)
		}
		for _, w := range s.zh {
			lx.addZH(i, w)
		}
	}
	return lx
}()

// windowStart returns the first day of the window [from, to) that is
// still ahead (tomorrow at the earliest), or false when the window has
// passed.
func (d *doc) windowStart(from, to time.Time) (time.Time, bool) {
	tomorrow := d.today.AddDate(0, 0, 1)
	if !to.After(tomorrow) {
		return time.Time{}, false
	}
	if from.Before(tomorrow) {
		return tomorrow, true
	}
	return from, true
}

// monthPart reads "early/mid/late <month>" and 月初/月中/月底/上旬/中旬/下旬:
// the day the part starts and its length in days, or 1 and 0 for the whole
// month.
func (d *doc) monthPart() (day, span int, word string) {
	if day, word := d.monthWeek(); day > 0 {
		return day, 7, word
	}
	for _, p := range []struct {
		zh, en    []string
		day, span int
	}{
		{[]string{"上半月"}, []string{"first half of"}, 1, 15},
		{[]string{"下半月"}, []string{"second half of", "latter half of"}, 16, 16},
		{[]string{"月初", "上旬", "初"}, []string{"early", "beginning of", "start of"}, 1, 10},
		{[]string{"月中", "中旬"}, []string{"mid", "middle of", "mid-"}, 11, 10},
		{[]string{"月底", "月末", "下旬", "底"}, []string{"late", "end of"}, 21, 11},
	} {
		for _, w := range p.zh {
			if i := strings.Index(d.clean, w); i >= 0 && d.hasHanText {
				if w == "初" || w == "底" {
					if !strings.HasSuffix(d.clean[:i], "月") && !strings.HasSuffix(d.clean[:i], "月份") {
						continue
					}
				}
				return p.day, p.span, w
			}
		}
		for _, w := range p.en {
			for _, k := range d.findEN(w) {
				rest := strings.TrimLeft(d.low[k+len(w):], " -")
				for name := range monthNames {
					if len(name) > 3 && strings.HasPrefix(rest, name) {
						return p.day, p.span, w
					}
				}
			}
		}
	}
	return 1, 0, ""
}

// monthWeeks are the weeks of a month a request may name: "the first week
// of May", "second week in March", 5月第一周, 三月的第二个星期; the last
// week is the month's last seven days from the 22nd (its 29th to 31st fold
// into it).
var monthWeeks = []struct {
	en, zh []string
	day    int
}{
	{[]string{"first", "1st", "opening"}, []string{"第一周", "第一个星期", "第一个礼拜", "第一星期", "头一周"}, 1},
	{[]string{"second", "2nd"}, []string{"第二周", "第二个星期", "第二个礼拜", "第二星期"}, 8},
	{[]string{"third", "3rd"}, []string{"第三周", "第三个星期", "第三个礼拜", "第三星期"}, 15},
	{[]string{"fourth", "4th", "last", "final"}, []string{"第四周", "第四个星期", "第四个礼拜", "第四星期", "最后一周", "最后一个星期"}, 22},
}

// monthWeek reads a week of a month: the day it starts and the words, or
// 0. English wants "<ordinal> week of|in <month>"; Chinese a month before
// the ordinal week (5月第一周, 五月的第二个星期).
func (d *doc) monthWeek() (int, string) {
	for _, w := range monthWeeks {
		if d.hasLatin {
			for _, o := range w.en {
				for _, k := range d.findEN(o + " week") {
					rest := strings.TrimLeft(d.low[k+len(o)+len(" week"):], " ")
					for _, prep := range []string{"of ", "in "} {
						if !strings.HasPrefix(rest, prep) {
							continue
						}
						r := strings.TrimPrefix(strings.TrimLeft(rest[len(prep):], " "), "the month of ")
						for name := range monthNames {
							if strings.HasPrefix(r, name) && (len(r) == len(name) || !isLetterByte(r[len(name)])) {
								return w.day, o + " week of"
							}
						}
					}
				}
			}
		}
		if d.hasHanText {
			for _, z := range w.zh {
				if i := strings.Index(d.clean, z); i >= 0 {
					b := strings.TrimSuffix(strings.TrimSuffix(d.clean[:i], "的"), "份")
					if strings.HasSuffix(b, "月") {
						return w.day, z
					}
				}
			}
		}
	}
	return 0, ""
}

// resolveWindow gives a concrete start to a request that named only a
// month, a season or a weekend, with a note naming the words it came from.
func (d *doc) resolveWindow() {
	f := &d.when
	if !f.start.IsZero() {
		return
	}
	if f.month != "" {
		m, err := time.Parse("2006-01", f.month)
		if err != nil {
			return
		}
		from, to := m, m.AddDate(0, 1, 0)
		day, span, part := d.monthPart()
		if f.win != nil && f.win.kind == winMonth && span > 0 {
			f.win.day, f.win.span = day, span
		} else if f.win != nil && f.win.kind == winMonth && f.win.span > 0 {
			day, span, part = f.win.day, f.win.span, f.win.words // "end of the month"
		}
		if span > 0 {
			from = m.AddDate(0, 0, day-1)
			to = from.AddDate(0, 0, span)
			if to.Month() != m.Month() {
				to = m.AddDate(0, 1, 0)
			}
		}
		if t, ok := d.windowStart(from, to); ok {
			if d.weekendOnly() {
				// "a weekend in Chicago in January": the window's first weekend
				if sat := t.AddDate(0, 0, (int(time.Saturday)-int(t.Weekday())+7)%7); sat.Before(to) || t.Weekday() == time.Sunday {
					if t.Weekday() != time.Sunday {
						t = sat
					}
					if f.days == 0 {
						f.days = int(time.Sunday-t.Weekday()+7)%7 + 1
					}
				}
			}
			if span == 7 && f.days == 0 && !d.weekendOnly() {
				f.days = 7 // "the first week of March": the week is the stay
			}
			f.start = t
			what := m.Format("January 2006")
			if part != "" {
				what = part + " " + what
			}
			f.notes = append(f.notes, "dates assumed from the month named ("+what+"): starting "+t.Format(dateLayout)+"; change start_date to adjust")
		}
		return
	}
	for _, h := range seasonLex.scan(d) {
		w := d.clean[h.start:h.end]
		if !h.zh && negatedEN(d, h.start) || h.zh && negatedZH(d.clean, h.start) {
			continue
		}
		if !h.zh && w == "fall" && !d.seasonFall(h.start) {
			continue
		}
		if d.inSight(h.start, h.end) {
			continue // the Summer Palace, the Winter Palace
		}
		if !h.zh {
			// "the summer palace" in lower case: a sight the landmark table knows
			rest := strings.TrimLeft(d.clean[h.end:], " ")
			if k := strings.IndexAny(rest, " ,.;:!?"); k > 0 {
				rest = rest[:k]
			}
			if rest != "" && isLandmarkAlias(w+" "+rest) {
				continue
			}
		}
		s := seasonWindows[h.id]
		y := d.today.Year()
		if d.enAny("next year") || strings.Contains(d.clean, "明年") {
			y++
		}
		day := max(s.day, 1)
		from := time.Date(y, time.Month(s.month), day, 0, 0, 0, 0, time.UTC)
		to := time.Date(y, time.Month(s.month+s.span), 1, 0, 0, 0, 0, time.UTC)
		t, ok := d.windowStart(from, to)
		if !ok {
			from, to = from.AddDate(1, 0, 0), to.AddDate(1, 0, 0)
			t, _ = d.windowStart(from, to)
		}
		if d.weekendOnly() {
			if sat := t.AddDate(0, 0, (int(time.Saturday)-int(t.Weekday())+7)%7); sat.Before(to) {
				t = sat // "a weekend in Paris this summer"
				if f.days == 0 {
					f.days = 2
				}
			}
		}
		f.start = t
		f.win = &window{kind: winSeason, words: w, seas: h.id}
		f.notes = append(f.notes, "dates assumed from '"+w+"' ("+s.name+" "+from.Format("2006-01-02")+" to "+to.AddDate(0, 0, -1).Format("2006-01-02")+"): starting "+t.Format(dateLayout)+"; change start_date to adjust")
		return
	}
	// "a weekend in Paris", 周末去杭州 without a week: the coming weekend
	if d.weekendOnly() {
		sat := d.today.AddDate(0, 0, (int(time.Saturday)-int(d.today.Weekday())+7)%7)
		if !sat.After(d.today) {
			sat = sat.AddDate(0, 0, 7)
		}
		f.start = sat
		f.win = &window{kind: winWeekend, words: pick(d.hasHanText && strings.Contains(d.clean, "周末"), "周末", "weekend")}
		if f.days == 0 {
			f.days = 2
		}
		f.notes = append(f.notes, "dates assumed from 'weekend': the coming weekend, starting "+sat.Format(dateLayout)+"; change start_date to adjust")
	}
}

const dateLayout = "2006-01-02"

// seasonFall reports whether "fall" at i is the season ("in the fall",
// "this fall", "fall 2027") rather than the verb.
func (d *doc) seasonFall(i int) bool {
	k := d.tokenAt(i)
	if k > 0 {
		switch d.toks[k-1].low {
		case "the", "this", "next", "in", "during", "early", "late":
			return true
		}
	}
	return k+1 < len(d.toks) && yearOf(d.toks[k+1].low) != 0
}

// weekendOnly reports whether the request names a weekend as its time
// ("weekend in Paris", "a weekend getaway") without a holiday.
func (d *doc) weekendOnly() bool {
	for _, k := range d.findEN("weekend") {
		j := d.tokenAt(k)
		if j > 0 {
			switch d.toks[j-1].low {
			case "easter", "day", "thanksgiving", "christmas", "holiday", "bank", "memorial", "labor", "labour":
				continue
			}
		}
		if !negatedEN(d, k) {
			return true
		}
	}
	return d.hasHanText && strings.Contains(d.clean, "周末") && !negatedZH(d.clean, strings.Index(d.clean, "周末"))
}

// weekdayMention is a weekday named in the request.
type weekdayMention struct {
	pos   int
	wd    time.Weekday
	weeks int // 0 this coming one, 1 next week's …; -1 unspecified
}

// weekdayMentions finds weekdays written in the request: 周六, 星期一,
// 下周五, Saturday, next Monday.
func (d *doc) weekdayMentions() []weekdayMention {
	var out []weekdayMention
	if d.hasHanText {
		s := d.clean
		zhWeekdays(s, func(j int, p string, wd time.Weekday) bool {
			if b := runeBefore(s, j); b == '一' || b == '两' || b == '几' || b == '半' || b == '每' || b >= '0' && b <= '9' || b == '三' {
				return false // 一周, 两周: a length
			}
			if p == "周" && (strings.HasSuffix(s[:j], "星") || strings.HasSuffix(s[:j], "礼")) {
				return false
			}
			weeks := -1
			before := s[:j]
			switch {
			case strings.HasSuffix(before, "下下"), strings.HasSuffix(before, "下下个"):
				weeks = 2
			case strings.HasSuffix(before, "下"), strings.HasSuffix(before, "下个"):
				weeks = 1
			case strings.HasSuffix(before, "这"), strings.HasSuffix(before, "本"), strings.HasSuffix(before, "这个"):
				weeks = 0
			}
			out = append(out, weekdayMention{pos: j, wd: wd, weeks: weeks})
			return false
		})
	}
	if d.hasLatin {
		for i := range d.toks {
			t := &d.toks[i]
			wd, ok := weekdayNames[t.low]
			if !ok || len(t.low) < 6 && !d.shortWeekdayAt(i, len(out) > 0) {
				continue
			}
			weeks := -1
			if i > 0 {
				switch d.toks[i-1].low {
				case "next":
					weeks = 1
				case "this", "coming":
					weeks = 0
				}
			}
			out = append(out, weekdayMention{pos: t.start, wd: wd, weeks: weeks})
		}
	}
	sortWeekdays(out)
	return out
}

// shortWeekdayAt reports whether the abbreviated weekday at token i (Sat,
// Tue) is one: after this, next or coming, or, when a weekday came
// before, after to, through, till or until ("this Sat to next Tue").
func (d *doc) shortWeekdayAt(i int, after bool) bool {
	// "Mon-Wed", "Fri – Sun": a capitalised one joined to another weekday
	if t := &d.toks[i]; t.cap && i+2 < len(d.toks) && weekdayRangeSep[d.toks[i+1].low] {
		if _, ok := weekdayNames[d.toks[i+2].low]; ok {
			return true
		}
	}
	if i == 0 {
		return false
	}
	switch d.toks[i-1].low {
	case "this", "next", "coming":
		return true
	case "to", "through", "thru", "till", "until", "-", "–", "—", "~":
		return after
	}
	return false
}

// weekdayRangeSep join two weekdays into a range ("Mon-Wed").
var weekdayRangeSep = map[string]bool{"-": true, "–": true, "—": true, "~": true, "to": true, "through": true, "thru": true, "till": true, "until": true}

func sortWeekdays(ms []weekdayMention) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].pos < ms[j-1].pos; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// weekdayRange reads departure and return weekdays ("周六一早出发，周一晚上回",
// "leave Friday, back Sunday"): the first weekday is the start (when no
// other date gave one), a later one the last day, the first such weekday
// after the start.
func (d *doc) weekdayRange() {
	f := &d.when
	if !f.end.IsZero() {
		return
	}
	ms := d.weekdayMentions()
	if len(ms) == 0 {
		return
	}
	fromWeekday := f.start.IsZero()
	switch {
	case f.start.IsZero():
		m := ms[0]
		weekStart := d.today.AddDate(0, 0, -((int(d.today.Weekday()) + 6) % 7))
		t := weekStart.AddDate(0, 0, (int(m.wd)+6)%7+7*max(m.weeks, 0))
		if !t.After(d.today) && m.weeks <= 0 {
			t = t.AddDate(0, 0, 7)
		}
		f.start = t
	case f.cue == "" && f.win != nil && ms[0].weeks < 0:
		// "in April, leave Thursday": the first such weekday in the window
		if f.win.kind == winWeekend {
			break
		}
		t := f.start.AddDate(0, 0, (int(ms[0].wd)-int(f.start.Weekday())+7)%7)
		if f.holidayDays {
			f.days = max(1, f.days-int(t.Sub(f.start).Hours()/24))
		}
		f.start, f.cue, f.cueBare, f.cueWD = t, d.weekdayWord(ms[0]), true, ms[0].wd
	case f.weekOnly && ms[0].weeks < 0:
		// "next week, Tuesday to Thursday": the weekday of that week
		f.start = f.start.AddDate(0, 0, (int(ms[0].wd)+6)%7)
		f.weekOnly = false
		if n := len(f.notes); n > 0 && strings.HasSuffix(f.notes[n-1], weekMondayNote) {
			f.notes = f.notes[:n-1]
		}
	case f.holiday != "" && f.cue == "":
		return
	}
	// "tomorrow, back on Sunday", 明天去重庆，周日回来: the one weekday is the return
	oneReturn := len(ms) == 1 && !fromWeekday && !f.start.IsZero() && f.cue != "" && d.returnCue(ms[0].pos, ms[0].pos)
	if !oneReturn && (len(ms) < 2 || ms[1].wd == ms[0].wd && ms[1].weeks == ms[0].weeks) {
		return
	}
	last := ms[len(ms)-1]
	gap := (int(last.wd) - int(f.start.Weekday()) + 7) % 7
	if gap == 0 {
		gap = 7
	}
	f.end = f.start.AddDate(0, 0, gap)
	if f.days > 0 && f.days != gap+1 && f.nights != gap {
		f.notes = append(f.notes, "the stated length ("+itoa(f.days)+" days) differs from the weekdays given ("+itoa(gap+1)+" days); the weekdays are kept")
	}
	f.days = gap + 1
}
