package brief

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// dateMention is a calendar date written in the request, possibly partial.
type dateMention struct {
	pos     int
	y, m, d int // 0 = not written
}

// dateFacts is everything the request says about when.
type dateFacts struct {
	start, end time.Time // zero when unknown
	days       int       // a stated duration in days
	nights     int       // a stated number of nights
	month      string    // "2026-04" when only a month is named
	holiday    string    // the holiday the dates come from
	// holidayDays is set when days is the holiday's length, a default
	// rather than a stated duration.
	holidayDays bool
	notes       []string
	// cue is the words of the explicit day that set start (下周六, next
	// Saturday, 明天); cueBare marks a bare weekday (周六, on Saturday),
	// which a window named beside it places (国庆周六出发).
	cue     string
	cueBare bool
	cueWD   time.Weekday
	// weekOnly marks a start read from a week without a day (下周, next
	// week, the week after next): its Monday, which a weekday named beside
	// it moves ("next week, Tuesday to Thursday").
	weekOnly bool
	// win is the window the request names without a day (国庆后, in
	// April, this summer, weekend), nil when none.
	win *window
}

var monthNames = map[string]int{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
	"june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
	"october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}

var weekdayNames = map[string]time.Weekday{
	"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday, "thursday": time.Thursday,
	"friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday, "mon": time.Monday,
	"tue": time.Tuesday, "tues": time.Tuesday, "wed": time.Wednesday, "thu": time.Thursday, "thur": time.Thursday,
	"thurs": time.Thursday, "fri": time.Friday, "sat": time.Saturday, "sun": time.Sunday,
}

var weekdayZH = map[rune]time.Weekday{'一': time.Monday, '二': time.Tuesday, '三': time.Wednesday, '四': time.Thursday,
	'五': time.Friday, '六': time.Saturday, '日': time.Sunday, '天': time.Sunday, '1': time.Monday, '2': time.Tuesday,
	'3': time.Wednesday, '4': time.Thursday, '5': time.Friday, '6': time.Saturday, '7': time.Sunday}

// ordinalDay parses "16", "16th", "1st", "22nd", "3rd" as a day of month.
func ordinalDay(low string) (int, bool) {
	i := 0
	for i < len(low) && low[i] >= '0' && low[i] <= '9' {
		i++
	}
	if i == 0 || i > 2 {
		return 0, false
	}
	switch low[i:] {
	case "", "st", "nd", "rd", "th":
	default:
		return 0, false
	}
	n, _ := strconv.Atoi(low[:i])
	if n < 1 || n > 31 {
		return 0, false
	}
	return n, true
}

func isOrdinal(low string) bool {
	_, ok := ordinalDay(low)
	return ok && !allDigits(low)
}

func yearOf(low string) int {
	if len(low) == 4 && allDigits(low) && (low[0] == '1' || low[0] == '2') {
		n, _ := strconv.Atoi(low)
		if n >= 1900 && n <= 2199 {
			return n
		}
	}
	return 0
}

// findDates reads absolute, relative and holiday dates and durations.
func (d *doc) findDates() {
	var ms []dateMention
	ms = append(ms, d.englishDates()...)
	ms = append(ms, d.numericDates()...)
	ms = append(ms, d.chineseDates()...)
	if wd := d.weekdayDayDates(); len(wd) > 0 {
		// the weekday places a bare day of the month (周五15号) in its month
		ms = slices.DeleteFunc(ms, func(m dateMention) bool { return m.m == 0 && m.y == 0 })
		if len(ms) == 0 {
			ms = wd
		}
	}
	sortMentions(ms)
	d.dur()
	f := &d.when
	today := d.today
	// 国庆去西安，5号回来; "leave Friday, back on the 8th": one date, written
	// as the return, is the last day of a start read otherwise
	var back []dateMention
	if len(ms) == 1 && d.returnCue(ms[0].pos, ms[0].pos) {
		back, ms = ms, nil
	}
	defer d.returnDay(back)

	if len(ms) > 0 {
		d.monthFromWindow(ms)
		fillMentions(ms)
		start, ok := mentionDate(ms[0], today, time.Time{})
		if ok {
			f.start = start
			if len(ms) > 1 {
				if end, ok := mentionDate(ms[len(ms)-1], today, start); ok && !end.Before(start) && end.Sub(start) < 400*24*time.Hour {
					f.end = end
				}
			}
		}
	}
	// an explicit day beats a window named without one (see datecues.go)
	calendar := !f.start.IsZero()
	if calendar {
		d.checkDayCues()
	} else {
		d.relativeDates()
	}
	if !f.start.IsZero() {
		d.layerWindow(calendar)
	} else {
		d.holidays()
		if f.start.IsZero() && f.month == "" {
			d.monthOnly()
		}
		d.resolveWindow()
	}
	if len(ms) == 0 {
		d.weekdayRange()
	}
}

// returnDay places the one date written as the return (see findDates):
// with a start read from another cue it is the last day, the first such
// day on or after the start (within 60 days), and sets the length; with
// none it is the start, as any lone date.
func (d *doc) returnDay(back []dateMention) {
	if len(back) == 0 {
		return
	}
	f := &d.when
	m := back[0]
	if f.start.IsZero() {
		if t, ok := mentionDate(m, d.today, time.Time{}); ok {
			f.start = t
		}
		return
	}
	y, mo := f.start.Year(), int(f.start.Month())
	if m.m != 0 {
		mo = m.m
	}
	if m.y != 0 {
		y = m.y
	}
	end, ok := validDate(y, mo, m.d)
	if ok && end.Before(f.start) && m.y == 0 {
		if m.m == 0 {
			end, ok = validDate(y, mo+1, m.d)
		} else {
			end, ok = validDate(y+1, mo, m.d)
		}
	}
	if !ok || end.Before(f.start) || end.Sub(f.start) > 60*24*time.Hour {
		return
	}
	f.end = end
	f.days = int(end.Sub(f.start).Hours()/24) + 1
	if f.holidayDays {
		// the holiday's length was a default; the return day replaces it
		f.holidayDays = false
		f.notes = slices.DeleteFunc(f.notes, func(n string) bool { return strings.HasPrefix(n, "trip length taken from") })
	}
}

// monthFromWindow gives days written without a month ("from the 10th")
// the month named beside them ("in January").
func (d *doc) monthFromWindow(ms []dateMention) {
	for _, m := range ms {
		if m.m != 0 {
			return
		}
	}
	v := d.windowReading()
	if v.win == nil || v.win.kind != winMonth {
		return
	}
	y := v.win.year
	if y == 0 && v.month != "" {
		if t, err := time.Parse("2006-01", v.month); err == nil {
			y = t.Year()
		}
	}
	for i := range ms {
		ms[i].m = v.win.month
		if ms[i].y == 0 {
			ms[i].y = y
		}
	}
}

func sortMentions(ms []dateMention) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].pos < ms[j-1].pos; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// fillMentions completes partial mentions from their neighbours: a day
// without a month takes the next mention's month ("from the 8th to the
// 10th of March") or else the previous one's ("March 9th and 13th"); a
// year written once applies to all.
func fillMentions(ms []dateMention) {
	for i := range ms {
		if ms[i].m != 0 {
			continue
		}
		for j := i + 1; j < len(ms); j++ {
			if ms[j].m != 0 {
				ms[i].m = ms[j].m
				break
			}
		}
		if ms[i].m == 0 {
			for j := i - 1; j >= 0; j-- {
				if ms[j].m != 0 {
					ms[i].m = ms[j].m
					break
				}
			}
		}
	}
	for i := range ms {
		if ms[i].y != 0 {
			continue
		}
		for j := i + 1; j < len(ms); j++ {
			if ms[j].y != 0 {
				ms[i].y = ms[j].y
				break
			}
		}
		if ms[i].y == 0 {
			for j := i - 1; j >= 0; j-- {
				if ms[j].y != 0 {
					ms[i].y = ms[j].y
					break
				}
			}
		}
	}
}

// mentionDate turns a mention into a date. Without a year it is the next
// such date on or after today (or after, for an end date, on or after
// notBefore). Without a month it is this month's day if still ahead, else
// next month's.
func mentionDate(m dateMention, today, notBefore time.Time) (time.Time, bool) {
	ref := today
	if !notBefore.IsZero() {
		ref = notBefore
	}
	if m.m == 0 {
		y, mo := ref.Year(), int(ref.Month())
		if m.d < ref.Day() {
			mo++
			if mo > 12 {
				mo, y = 1, y+1
			}
		}
		if m.y != 0 {
			y = m.y
		}
		return validDate(y, mo, m.d)
	}
	if m.y != 0 {
		return validDate(m.y, m.m, m.d)
	}
	t, ok := validDate(ref.Year(), m.m, m.d)
	if ok && t.Before(ref) {
		t, ok = validDate(ref.Year()+1, m.m, m.d)
	}
	return t, ok
}

func validDate(y, m, d int) (time.Time, bool) {
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return time.Time{}, false
	}
	return t, true
}

// englishDates finds "March 16th, 2022", "the 23rd of March", "Mar 3",
// "16 March 2022" and bare ordinals in ranges ("March 9th and 13th").
func (d *doc) englishDates() []dateMention {
	var out []dateMention
	toks := d.toks
	used := make(map[int]bool)
	next := func(i int) int { // next word token index, skipping "," "." and "of"/"the"
		for j := i + 1; j < len(toks); j++ {
			t := &toks[j]
			if t.kind == tPunct && (t.text == "," || t.text == ".") {
				continue
			}
			if t.kind == tWord && (t.low == "of" || t.low == "the") {
				continue
			}
			return j
		}
		return len(toks)
	}
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if t.kind != tWord || used[i] {
			continue
		}
		if m, ok := monthNames[t.low]; ok {
			if t.low == "may" && d.mixedCase && !t.cap {
				continue
			}
			if t.low == "mar" || t.low == "sun" || t.low == "sat" || t.low == "jan" {
				if !t.cap && d.mixedCase {
					continue
				}
			}
			j := next(i)
			if j < len(toks) && toks[j].kind == tWord && !d.lengthAt(j) && !d.headcountAt(j) {
				if day, ok := ordinalDay(toks[j].low); ok {
					mn := dateMention{pos: t.start, m: m, d: day}
					used[j] = true
					k := next(j)
					if k < len(toks) {
						if y := yearOf(toks[k].low); y != 0 {
							mn.y = y
							used[k] = true
						}
					}
					out = append(out, mn)
					// "March 16-18", "March 16 to 18"
					if j+2 < len(toks) && dayRangeSep(toks[j+1]) && toks[j+2].kind == tWord {
						if day2, ok := ordinalDay(toks[j+2].low); ok && day2 > day {
							y := mn.y
							// "March 1st to 3rd, 2022": the year after the range is both days'
							if k := next(j + 2); y == 0 && k < len(toks) {
								if y = yearOf(toks[k].low); y != 0 {
									out[len(out)-1].y = y
									used[k] = true
								}
							}
							out = append(out, dateMention{pos: toks[j+2].start, m: m, d: day2, y: y})
							used[j+2] = true
						}
					}
					continue
				}
			}
			// "16 March" / "the 23rd of March": a day before the month
			if p := prevWord(toks, i); p >= 0 && !used[p] {
				if day, ok := ordinalDay(toks[p].low); ok {
					mn := dateMention{pos: toks[p].start, m: m, d: day}
					used[p] = true
					if j < len(toks) {
						if y := yearOf(toks[j].low); y != 0 {
							mn.y = y
							used[j] = true
						}
					}
					// "16-18 March", "21–23 May", "from 21 to 23 May"
					if p >= 2 && dayRangeSep(toks[p-1]) {
						if day0, ok := ordinalDay(toks[p-2].low); ok && day0 < day && !used[p-2] {
							out = append(out, dateMention{pos: toks[p-2].start, m: m, d: day0, y: mn.y})
							used[p-2] = true
						}
					}
					out = append(out, mn)
					continue
				}
			}
			continue
		}
		// "the 5th of next month", "on the 12th this month"
		if isOrdinal(t.low) {
			j := i + 1
			if j < len(toks) && toks[j].low == "of" {
				j++
			}
			if j+1 < len(toks) && (toks[j].low == "next" || toks[j].low == "this") && toks[j+1].low == "month" {
				first := time.Date(d.today.Year(), d.today.Month(), 1, 0, 0, 0, 0, time.UTC)
				if toks[j].low == "next" {
					first = first.AddDate(0, 1, 0)
				}
				out = append(out, dateMention{pos: t.start, y: first.Year(), m: int(first.Month()), d: mustDay(t.low)})
				used[i] = true
				continue
			}
		}
		// a bare ordinal: "and 13th", "to the 10th"
		if isOrdinal(t.low) {
			p := prevWord(toks, i)
			if d.ordinalRangeStart(i) || p >= 0 && (toks[p].low == "and" || toks[p].low == "to" || toks[p].low == "through" || toks[p].low == "until" || toks[p].low == "till" || toks[p].low == "from" || toks[p].low == "between" || toks[p].low == "on" || toks[p].low == "starting" || toks[p].low == "thru" ||
				bareDayVerbs[toks[p].low]) {
				j := next(i)
				if j < len(toks) && toks[j].kind == tWord {
					if _, isMonth := monthNames[toks[j].low]; isMonth {
						continue // "the 23rd of March": taken with the month
					}
				}
				out = append(out, dateMention{pos: t.start, d: mustDay(t.low)})
				used[i] = true
			}
		}
	}
	return out
}

// dayRangeSep reports whether t joins two days of a month: a hyphen or
// any dash, or to, through, thru, till, until ("Jan 22–25", "21 to 23 May").
func dayRangeSep(t token) bool {
	switch t.text {
	case "-", "–", "—", "―", "~":
		return true
	}
	switch t.low {
	case "to", "through", "thru", "till", "until":
		return true
	}
	return false
}

// ordinalRangeStart reports whether the ordinal at token i opens a range
// to another ordinal ("the 2nd to the 5th of January", "3rd through 6th").
func (d *doc) ordinalRangeStart(i int) bool {
	toks := d.toks
	j := i + 1
	if j < len(toks) && (toks[j].low == "to" || toks[j].low == "through" || toks[j].low == "thru" || toks[j].low == "until" || toks[j].low == "till" || toks[j].text == "-") {
		j++
		if j < len(toks) && toks[j].low == "the" {
			j++
		}
		return j < len(toks) && isOrdinal(toks[j].low)
	}
	return false
}

// bareDayVerbs are words of leaving and coming back before a bare day of
// the month ("leaving the 19th, back the 22nd", "return on the 6th").
var bareDayVerbs = map[string]bool{"leaving": true, "departing": true, "arriving": true, "returning": true, "back": true,
	"return": true, "leave": true, "depart": true, "arrive": true, "returns": true, "leaves": true, "home": true, "flying": true,
	"fly": true, "till": true, "starts": true, "start": true, "ends": true, "end": true, "ending": true, "by": true}

func mustDay(low string) int { n, _ := ordinalDay(low); return n }

// prevWord returns the index of the word token before i, skipping "the"
// and "of", or -1.
func prevWord(toks []token, i int) int {
	for j := i - 1; j >= 0; j-- {
		t := &toks[j]
		if t.kind == tWord && (t.low == "of" || t.low == "the") {
			continue
		}
		if t.kind == tWord {
			return j
		}
		return -1
	}
	return -1
}

// numericDates finds ISO and slashed dates: 2026-05-15, 2026/5/15,
// 2026.5.15, and month/day pairs in ranges (5.15-5.18, 5/15-5/18).
func (d *doc) numericDates() []dateMention {
	var out []dateMention
	s := d.clean
	for i := 0; i < len(s); i++ {
		if !isDigitByte(s[i]) || i > 0 && (isDigitByte(s[i-1]) || i > 1 && (s[i-1] == '.' || s[i-1] == ',') && isDigitByte(s[i-2])) {
			continue
		}
		j := i
		for j < len(s) && isDigitByte(s[j]) {
			j++
		}
		a, _ := strconv.Atoi(s[i:j])
		if j-i == 4 && j+1 < len(s) && (s[j] == '-' || s[j] == '/' || s[j] == '.') {
			sep := s[j]
			k := j + 1
			m, k2 := readInt(s, k, 2)
			if k2 > k && k2 < len(s) && s[k2] == sep {
				day, k3 := readInt(s, k2+1, 2)
				if k3 > k2+1 && (k3 == len(s) || !isDigitByte(s[k3])) {
					if _, ok := validDate(a, m, day); ok {
						out = append(out, dateMention{pos: i, y: a, m: m, d: day})
					}
					i = k3
					continue
				}
			}
		}
		// M.D-M.D and M/D-M/D ranges
		if j-i <= 2 && j+1 < len(s) && (s[j] == '.' || s[j] == '/') {
			sep := s[j]
			day, k := readInt(s, j+1, 2)
			if sz := rangeSepLen(s, k); k > j+1 && a >= 1 && a <= 12 && day >= 1 && day <= 31 && sz > 0 {
				m2, k2 := readInt(s, k+sz, 2)
				if k2 > k+sz && k2 < len(s) && s[k2] == sep {
					d2, k3 := readInt(s, k2+1, 2)
					if k3 > k2+1 && m2 >= 1 && m2 <= 12 && d2 >= 1 && d2 <= 31 {
						out = append(out, dateMention{pos: i, m: a, d: day}, dateMention{pos: k + sz, m: m2, d: d2})
						i = k3
						continue
					}
				}
				if k2 > k+sz && m2 >= 1 && m2 <= 31 && (k2 == len(s) || s[k2] != '.' && s[k2] != '/' && !isDigitByte(s[k2])) && m2 > day {
					// 5.15-18
					out = append(out, dateMention{pos: i, m: a, d: day}, dateMention{pos: k + sz, m: a, d: m2})
					i = k2
					continue
				}
			}
		}
		i = j
	}
	return out
}

// rangeSeps join the two ends of a date range: hyphens and dashes, tildes,
// ellipses, 到 and 至, and English "to", "till", "until", "through".
var rangeSeps = []string{"……", "...", "…", "-", "~", "～", "–", "—", "―", "到", "至", "to", "till", "until", "through", "thru"}

// rangeSepLen returns the length of the range separator at byte k of s,
// spaces around it included (12.30 - 1.2, 12/30 to 1/2), or 0.
func rangeSepLen(s string, k int) int {
	i := k
	for i < len(s) && s[i] == ' ' {
		i++
	}
	// an ellipsis of any length (NFKC writes … as ...)
	if dots := len(s[i:]) - len(strings.TrimLeft(s[i:], ".")); dots >= 2 {
		j := i + dots
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j < len(s) && isDigitByte(s[j]) {
			return j - k
		}
		return 0
	}
	for _, sep := range rangeSeps {
		if strings.HasPrefix(s[i:], sep) {
			j := i + len(sep)
			if sep[0] >= 'a' && sep[0] <= 'z' && (i == k || j >= len(s) || s[j] != ' ') {
				continue // a word needs spaces around it
			}
			for j < len(s) && s[j] == ' ' {
				j++
			}
			if j < len(s) && isDigitByte(s[j]) {
				return j - k
			}
			return 0
		}
	}
	return 0
}

func readInt(s string, i, maxDigits int) (int, int) {
	j := i
	n := 0
	for j < len(s) && j-i < maxDigits && isDigitByte(s[j]) {
		n = n*10 + int(s[j]-'0')
		j++
	}
	if j < len(s) && isDigitByte(s[j]) {
		return 0, i // too many digits
	}
	return n, j
}

// readNumberBack reads a number (digits or Chinese numerals) ending at
// byte i of s. It returns the value and where it starts.
func readNumberBack(s string, i int) (int, int) {
	j := i
	ascii := i > 0 && isDigitByte(s[i-1]) // 老二4岁: digits never join Chinese numerals
	for j > 0 {
		r, sz := utf8.DecodeLastRuneInString(s[:j])
		if r >= '0' && r <= '9' {
			j -= sz
			continue
		}
		if ascii {
			break
		}
		if r == '十' || r == '〇' || r == '零' {
			j -= sz
			continue
		}
		if _, ok := cnDigit[r]; ok && r != '两' && r != '俩' {
			j -= sz
			continue
		}
		break
	}
	if j == i {
		return 0, i
	}
	v, n, _ := parseNumber(s[j:i])
	if n != i-j {
		return 0, i
	}
	return int(v), j
}

// readNumberFwd reads a number (digits or Chinese numerals) at byte i.
func readNumberFwd(s string, i int) (int, int) {
	j := i
	for j < len(s) {
		r, sz := utf8.DecodeRuneInString(s[j:])
		if r >= '0' && r <= '9' || r == '十' || r == '〇' || r == '零' {
			j += sz
			continue
		}
		if _, ok := cnDigit[r]; ok && r != '两' && r != '俩' {
			j += sz
			continue
		}
		break
	}
	if j == i {
		return 0, i
	}
	v, n, _ := parseNumber(s[i:j])
	if n != j-i {
		return 0, i
	}
	return int(v), j
}

// chineseDates finds 2026年5月15日, 5月15日到18日, 五月十五号, 15号.
func (d *doc) chineseDates() []dateMention {
	var out []dateMention
	s := d.clean
	if !strings.Contains(s, "月") && !strings.Contains(s, "号") && !strings.Contains(s, "日") {
		return nil
	}
	lastMonth := 0
	for i := 0; i < len(s); {
		r, sz := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '月':
			m, ms := readNumberBack(s, i)
			if m < 1 || m > 12 || ms == i {
				break
			}
			if strings.HasPrefix(s[i+sz:], "份") || strings.HasPrefix(s[i+sz:], "底") || strings.HasPrefix(s[i+sz:], "初") || strings.HasPrefix(s[i+sz:], "中") {
				break
			}
			y := 0
			if strings.HasSuffix(s[:ms], "年") {
				if yy, ys := readNumberBack(s, ms-len("年")); yy >= 1900 && yy <= 2199 && ys < ms {
					y = yy
				} else if strings.HasSuffix(s[:ms], "明年") {
					y = d.today.Year() + 1
				} else if strings.HasSuffix(s[:ms], "今年") {
					y = d.today.Year()
				}
			}
			day, de := readNumberFwd(s, i+sz)
			if day >= 1 && day <= 31 {
				rest := s[de:]
				if strings.HasPrefix(rest, "日") || strings.HasPrefix(rest, "号") || rest == "" || rest[0] == '-' || rest[0] == ' ' || rest[0] == ',' || strings.HasPrefix(rest, "到") || strings.HasPrefix(rest, "至") || strings.HasPrefix(rest, "出发") || strings.HasPrefix(rest, "~") || strings.HasPrefix(rest, "，") || strings.HasPrefix(rest, "—") {
					out = append(out, dateMention{pos: ms, y: y, m: m, d: day})
					lastMonth = m
					i = de
					continue
				}
			}
		case '日', '号':
			// a bare day: "到18日", "15号出发"
			day, ds := readNumberBack(s, i)
			if day < 1 || day > 31 || ds == i {
				break
			}
			before := s[:ds]
			nextMonth := strings.HasSuffix(before, "下个月") || strings.HasSuffix(before, "下月")
			thisMonth := strings.HasSuffix(before, "这个月") || strings.HasSuffix(before, "本月")
			if strings.HasSuffix(before, "月") && !nextMonth && !thisMonth {
				break // taken with its month
			}
			after := s[i+sz:]
			if r == '日' && (strings.HasPrefix(after, "游") || strings.HasPrefix(after, "遊") || strings.HasPrefix(after, "行") || strings.HasPrefix(after, "内")) {
				break // 3日游: a duration
			}
			if strings.HasSuffix(before, "周") || strings.HasSuffix(before, "星期") || strings.HasSuffix(before, "礼拜") {
				break
			}
			conn := strings.HasSuffix(before, "到") || strings.HasSuffix(before, "至") || strings.HasSuffix(before, "-") || strings.HasSuffix(before, "~") || strings.HasSuffix(before, "—")
			if r == '日' && !conn && !strings.HasPrefix(after, "出发") && !strings.HasPrefix(after, "走") && !strings.HasPrefix(after, "到") && !strings.HasPrefix(after, "-") && !strings.HasPrefix(after, "至") {
				break // 玩3日: a duration
			}
			mn := dateMention{pos: ds, d: day}
			if conn {
				mn.m = lastMonth
			}
			if nextMonth || thisMonth {
				// 下个月5号: the 5th of next month (counted from the 1st, so
				// that the 31st of a month never skips one); 下下个月: the one after
				first := time.Date(d.today.Year(), d.today.Month(), 1, 0, 0, 0, 0, time.UTC)
				if nextMonth {
					first = first.AddDate(0, 1, 0)
				}
				if strings.HasSuffix(before, "下下个月") || strings.HasSuffix(before, "下下月") {
					first = first.AddDate(0, 1, 0)
				}
				mn.m, mn.y = int(first.Month()), first.Year()
			}
			out = append(out, mn)
		}
		i += sz
	}
	return out
}

// relativeDates resolves 明天, 后天, 下周五, 这周末, next Friday, this
// weekend, in two weeks, 3天后.
func (d *doc) relativeDates() {
	today := d.today
	r := relClock{f: &d.when, today: today, weekStart: today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7))} // Monday of this week
	if !((d.lang == "zh" || hasHan(d.clean)) && d.relativeZH(r)) {
		d.relativeEN(r)
	}
	// "tomorrow … back the next day", 明天去第二天回: a trip of two days
	if f := r.f; !f.start.IsZero() && f.days == 0 && d.nextDayBack() {
		f.days = 2
	}
	// "we'll come back two days later": the return N days after the start
	if f := r.f; !f.start.IsZero() && f.days == 0 && d.hasLatin {
		for i := 0; i+2 < len(d.toks); i++ {
			if n := wordNumber(d.toks[i].low); n > 0 && n < 60 && (d.toks[i+1].low == "days" || d.toks[i+1].low == "day") && d.toks[i+2].low == "later" &&
				i > 0 && hasWord(d.low[max(0, d.toks[i].start-24):d.toks[i].start], "back", "return", "returning", "home", "fly back", "head back") {
				f.days = n + 1
				break
			}
		}
	}
}

// nextDayBack reports whether the text comes back the day after it leaves.
func (d *doc) nextDayBack() bool {
	if d.enAny("back the next day", "back the following day", "back the day after", "return the next day", "return the following day",
		"returning the next day", "returning the following day", "return the day after", "come back the next day", "home the next day",
		"back next day", "return next day") {
		return true
	}
	if !d.hasHanText {
		return false
	}
	for _, w := range []string{"第二天回", "第二天返回", "次日回", "次日返回", "隔天回", "第二天就回"} {
		if strings.Contains(d.clean, w) {
			return true
		}
	}
	return false
}

// relClock places relative days: today and the Monday of this week, and
// the date facts a cue sets.
type relClock struct {
	f                *dateFacts
	today, weekStart time.Time
}

// set starts the trip at t (days long when no length is known yet).
func (c relClock) set(t time.Time, days int, note, cue string) {
	f := c.f
	f.start = t
	f.cue, f.cueBare = cue, false
	f.weekOnly = strings.HasSuffix(note, weekMondayNote)
	if f.days == 0 && days > 0 {
		f.days = days
	}
	if note != "" {
		f.notes = append(f.notes, note)
	}
}

// weekMondayNote ends the note of a start read from a week alone.
const weekMondayNote = " taken to start on Monday"

// inWeek is weekday wd of the week starting on Monday ws.
func (c relClock) inWeek(ws time.Time, wd time.Weekday) time.Time {
	return ws.AddDate(0, 0, (int(wd)+6)%7)
}

// upcoming is the next weekday wd after today.
func (c relClock) upcoming(wd time.Weekday) time.Time {
	t := c.inWeek(c.weekStart, wd)
	if !t.After(c.today) {
		t = t.AddDate(0, 0, 7)
	}
	return t
}

// zhWeekPrefix is a word that places a weekday in a week (下周, 这周, bare
// 周), found at byte at; weeks is 0 for this week, 1 for next, -1 none.
type zhWeekPrefix struct {
	prefix string
	weeks  int
	at     int
}

var zhWeekPrefixes = []zhWeekPrefix{{"下下周", 2, 0}, {"下下个星期", 2, 0}, {"下周", 1, 0}, {"下个星期", 1, 0}, {"下星期", 1, 0}, {"下礼拜", 1, 0}, {"下个礼拜", 1, 0},
	{"这周", 0, 0}, {"本周", 0, 0}, {"这个星期", 0, 0}, {"这星期", 0, 0}, {"这礼拜", 0, 0}, {"周", -1, 0}, {"星期", -1, 0}, {"礼拜", -1, 0}}

// zhWeekPrefixesAt returns the week words s holds at their first
// occurrence, first written first (这周六到下周二 starts on 这周六; at one
// place the longer word, listed first, comes first).
func zhWeekPrefixesAt(s string, buf []zhWeekPrefix) []zhWeekPrefix {
	out := buf[:0]
	for _, p := range zhWeekPrefixes {
		if p.at = strings.Index(s, p.prefix); p.at >= 0 {
			// insertion keeps the table's order among equal positions
			k := len(out)
			out = append(out, p)
			for ; k > 0 && out[k-1].at > p.at; k-- {
				out[k] = out[k-1]
			}
			out[k] = p
		}
	}
	return out
}

// relativeZH reads Chinese relative days; it reports whether one was set.
func (d *doc) relativeZH(c relClock) bool {
	f, today, weekStart := c.f, c.today, c.weekStart
	s := d.clean
	// 明天去澳门，后天回: leave one day, come back another
	if go_, back, ok := zhGoBackDays(s); ok {
		c.set(today.AddDate(0, 0, go_), back-go_+1, "", zhDayWords[go_])
		return true
	}
	switch {
	case strings.Contains(s, "大后天"):
		c.set(today.AddDate(0, 0, 3), 0, "", "大后天")
		return true
	case strings.Contains(s, "后天"):
		c.set(today.AddDate(0, 0, 2), 0, "", "后天")
		return true
	case strings.Contains(s, "明天") || strings.Contains(s, "明日"):
		c.set(today.AddDate(0, 0, 1), 0, "", "明天")
		return true
	case strings.Contains(s, "今天") || strings.Contains(s, "今日"):
		c.set(today, 0, "", "今天")
		return true
	}
	var buf [16]zhWeekPrefix
	for _, p := range zhWeekPrefixesAt(s, buf[:]) {
		i := p.at
		r := runeAt(s, i+len(p.prefix))
		if p.prefix == "周" || p.prefix == "星期" || p.prefix == "礼拜" {
			// bare 周五: not 一周 / 两周 (durations), not 周末 handled below
			if b := runeBefore(s, i); b == '一' || b == '两' || b == '几' || b == '个' || b == '半' || b >= '0' && b <= '9' || b == '三' || b == '每' || b == '金' {
				continue
			}
		}
		if r == '末' {
			ws := weekStart.AddDate(0, 0, 7*max(p.weeks, 0))
			sat := c.inWeek(ws, time.Saturday)
			if p.weeks <= 0 && today.Weekday() == time.Sunday {
				sat = today.AddDate(0, 0, 6)
			} else if p.weeks <= 0 && sat.Before(today) {
				sat = sat.AddDate(0, 0, 7)
			}
			c.set(sat, 2, "", p.prefix+"末")
			if p.weeks < 0 {
				f.cueBare, f.cueWD = true, time.Saturday // 暑假周末: a weekend inside the window
			}
			return true
		}
		wd, ok := weekdayZH[r]
		if !ok {
			if p.weeks > 0 && f.start.IsZero() {
				// 下周: next Monday
				c.set(weekStart.AddDate(0, 0, 7*p.weeks), 0, "next week"+weekMondayNote, p.prefix)
				return true
			}
			continue
		}
		if p.weeks < 0 {
			c.set(c.upcoming(wd), 0, "", p.prefix+string(r))
			f.cueBare, f.cueWD = true, wd
		} else {
			t := c.inWeek(weekStart.AddDate(0, 0, 7*p.weeks), wd)
			if p.weeks == 0 && t.Before(today) {
				t = t.AddDate(0, 0, 7)
			}
			c.set(t, 0, "", p.prefix+string(r))
		}
		return true
	}
	if n, unit, ok := zhAfter(s); ok {
		zhCue := itoa(n) + unit + "后"
		switch unit {
		case "天":
			c.set(today.AddDate(0, 0, n), 0, "", zhCue)
		case "周", "星期", "个星期", "礼拜":
			t := today.AddDate(0, 0, 7*n)
			// 两周后的周六: the Saturday of that week
			for _, w := range []string{"后的周", "后的星期", "后的礼拜", "后周", "后星期"} {
				if k := strings.Index(s, w); k >= 0 {
					if wd, ok := weekdayZH[runeAt(s, k+len(w))]; ok {
						t = c.inWeek(t.AddDate(0, 0, -((int(t.Weekday())+6)%7)), wd)
						zhCue += s[k+len("后") : k+len(w)+len(string(runeAt(s, k+len(w))))]
					}
					break
				}
			}
			c.set(t, 0, "", zhCue)
		case "个月":
			c.set(today.AddDate(0, n, 0), 0, "", zhCue)
		}
		return true
	}
	return false
}

// relativeEN reads English relative days.
func (d *doc) relativeEN(c relClock) {
	f, today, weekStart := c.f, c.today, c.weekStart
	// "two weeks from Saturday", "10 days from tomorrow": a start date
	for i := 0; i+3 < len(d.toks); i++ {
		t, u := &d.toks[i], &d.toks[i+1]
		n := wordNumber(t.low)
		if n <= 0 || d.toks[i+2].low != "from" {
			continue
		}
		mult := map[string]int{"day": 1, "days": 1, "week": 7, "weeks": 7}[u.low]
		from, ok := time.Time{}, false
		if w, isW := weekdayNames[d.toks[i+3].low]; isW {
			from, ok = c.upcoming(w), true
		} else if d.toks[i+3].low == "tomorrow" {
			from, ok = today.AddDate(0, 0, 1), true
		} else if d.toks[i+3].low == "today" {
			from, ok = today, true
		}
		if mult > 0 && ok {
			c.set(from.AddDate(0, 0, n*mult), 0, "", relCue(d.toks[i:i+4]))
			return
		}
	}
	switch {
	case d.enAny("day after tomorrow"):
		c.set(today.AddDate(0, 0, 2), 0, "", "day after tomorrow")
		return
	case d.enAny("tomorrow"):
		c.set(today.AddDate(0, 0, 1), 0, "", "tomorrow")
		return
	case d.enAny("today", "tonight"):
		c.set(today, 0, "", "today")
		return
	case d.enAny("weekend after next", "week after next weekend"):
		c.set(c.inWeek(weekStart.AddDate(0, 0, 14), time.Saturday), 2, "", "the weekend after next")
		return
	case d.enAny("weekend after this one", "weekend after this", "weekend after this coming one"):
		c.set(c.inWeek(weekStart.AddDate(0, 0, 7), time.Saturday), 2, "", "the weekend after this one")
		return
	case d.enAny("week after next"):
		c.set(weekStart.AddDate(0, 0, 14), 0, "the week after next"+weekMondayNote, "the week after next")
		return
	case d.enAny("this weekend", "this coming weekend", "the weekend", "this saturday and sunday"):
		sat := c.inWeek(weekStart, time.Saturday)
		if today.Weekday() == time.Sunday {
			sat = today.AddDate(0, 0, 6)
		}
		c.set(sat, 2, "", "this weekend")
		return
	case d.enAny("next weekend"):
		c.set(c.inWeek(weekStart.AddDate(0, 0, 7), time.Saturday), 2, "", "next weekend")
		return
	}
	for i := 0; i+1 < len(d.toks); i++ {
		t, u := &d.toks[i], &d.toks[i+1]
		if t.kind != tWord || u.kind != tWord {
			continue
		}
		wd, isWD := weekdayNames[u.low]
		switch t.low {
		case "this", "on", "coming":
			if isWD {
				if t.low == "this" {
					x := c.inWeek(weekStart, wd)
					if x.Before(today) {
						x = x.AddDate(0, 0, 7)
					}
					c.set(x, 0, "", t.text+" "+u.text)
				} else {
					c.set(c.upcoming(wd), 0, "", t.text+" "+u.text)
					f.cueBare, f.cueWD = t.low == "on", wd
				}
				return
			}
		case "the":
			// "the Friday after next": the one after the coming one
			if isWD && i+3 < len(d.toks) && d.toks[i+2].low == "after" && d.toks[i+3].low == "next" {
				c.set(c.upcoming(wd).AddDate(0, 0, 7), 0, "", u.text+" after next")
				return
			}
		case "next":
			if isWD {
				c.set(c.inWeek(weekStart.AddDate(0, 0, 7), wd), 0, "", t.text+" "+u.text)
				return
			}
			if u.low == "week" {
				c.set(weekStart.AddDate(0, 0, 7), 0, "next week"+weekMondayNote, t.text+" "+u.text)
				return
			}
		case "in":
			// in two weeks, in 3 days, in a month (unless a length: "4 cities in 5 days")
			if i+2 < len(d.toks) && d.inIsRelative(i) {
				n := wordNumber(u.low)
				w := d.toks[i+2].low
				if n > 0 {
					switch w {
					case "day", "days":
						c.set(today.AddDate(0, 0, n), 0, "", relCue(d.toks[i:i+3]))
						return
					case "week", "weeks":
						c.set(today.AddDate(0, 0, 7*n), 0, "", relCue(d.toks[i:i+3]))
						return
					case "month", "months":
						c.set(today.AddDate(0, n, 0), 0, "", relCue(d.toks[i:i+3]))
						return
					}
				}
			}
		}
		// "two weeks from now"
		if n := wordNumber(t.low); n > 0 && i+3 < len(d.toks) && d.toks[i+2].low == "from" && d.toks[i+3].low == "now" {
			switch u.low {
			case "day", "days":
				c.set(today.AddDate(0, 0, n), 0, "", relCue(d.toks[i:i+4]))
				return
			case "week", "weeks":
				c.set(today.AddDate(0, 0, 7*n), 0, "", relCue(d.toks[i:i+4]))
				return
			}
		}
	}
}

// relCue is the words of a relative date cue, for notes and questions.
func relCue(toks []token) string {
	var sb strings.Builder
	for i := range toks {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(toks[i].text)
	}
	return sb.String()
}

// zhAfter parses "3天后", "两周后", "一个月后", "半个月后".
func zhAfter(s string) (int, string, bool) {
	i := strings.Index(s, "后")
	for i >= 0 {
		before := s[:i]
		for _, unit := range []string{"个星期", "星期", "礼拜", "个月", "天", "周"} {
			if strings.HasSuffix(before, unit) {
				numEnd := len(before) - len(unit)
				if strings.HasSuffix(before[:numEnd], "半") && unit == "个月" {
					return 15, "天", true
				}
				v, ns := readNumberBackAll(before, numEnd)
				if ns < numEnd && v > 0 {
					return v, unit, true
				}
			}
		}
		j := strings.Index(s[i+len("后"):], "后")
		if j < 0 {
			break
		}
		i += len("后") + j
	}
	return 0, "", false
}

// readNumberBackAll is readNumberBack that also accepts 两.
func readNumberBackAll(s string, i int) (int, int) {
	if strings.HasSuffix(s[:i], "两") || strings.HasSuffix(s[:i], "俩") {
		return 2, i - len("两")
	}
	n, ns := readNumberBack(s, i)
	// 周五一个人, 下周一到周五三天: a weekday's numeral glued to the count
	// after it is the weekday's, not the count's first digit
	if n > 0 && ns < i && (strings.HasSuffix(s[:ns], "周") || strings.HasSuffix(s[:ns], "星期") || strings.HasSuffix(s[:ns], "礼拜")) {
		if _, sz := utf8.DecodeRuneInString(s[ns:]); ns+sz < i {
			if v, k, _ := parseNumber(s[ns+sz : i]); k == i-ns-sz && v >= 1 {
				return int(v), ns + sz
			}
		}
	}
	return n, ns
}

func hasHan(s string) bool {
	for _, r := range s {
		if isHan(r) {
			return true
		}
	}
	return false
}

// monthOnly records a travel month named without a day ("in April", "4月份").
func (d *doc) monthOnly() {
	f := &d.when
	month := 0
	year := 0
	words := ""
	for i := range d.toks {
		t := &d.toks[i]
		if t.kind != tWord {
			continue
		}
		if m, ok := monthNames[t.low]; ok && len(t.low) > 3 && (t.cap || !d.mixedCase) && t.low != "may" ||
			ok && (t.cap || !d.mixedCase) && i > 0 && (d.toks[i-1].low == "in" || d.toks[i-1].low == "during" || d.weekOfBefore(i)) {
			// "in May", "in Feb", "the first week of May"
			if d.monthInDate(i) {
				continue // December 12: a date, not a month named alone
			}
			month, words = m, t.text
			if i+1 < len(d.toks) {
				year = yearOf(d.toks[i+1].low)
			}
			break
		}
	}
	if month == 0 {
		s := d.clean
		for i := strings.Index(s, "月"); i >= 0; {
			m, ms := readNumberBack(s, i)
			if day, de := readNumberFwd(s, i+len("月")); m >= 1 && m <= 12 && ms < i && !(day >= 1 && day <= 31 && (strings.HasPrefix(s[de:], "日") || strings.HasPrefix(s[de:], "号"))) {
				month, words = m, s[ms:i+len("月")]
				break
			}
			j := strings.Index(s[i+len("月"):], "月")
			if j < 0 {
				break
			}
			i += len("月") + j
		}
		if month == 0 && strings.Contains(s, "下个月") || d.enAny("next month") {
			nm := time.Date(d.today.Year(), d.today.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1, 0)
			words = pick(d.hasHanText && strings.Contains(s, "下个月"), "下个月", "next month")
			if strings.Contains(s, "下下个月") {
				nm, words = nm.AddDate(0, 1, 0), "下下个月"
			}
			month, year = int(nm.Month()), nm.Year()
		}
		if month == 0 {
			month, year, words = d.thisMonth()
		}
	}
	if month == 0 {
		return
	}
	f.win = &window{kind: winMonth, words: words, month: month, year: year, day: 1}
	if pd, ps := d.partOfThisMonth(words); ps > 0 {
		f.win.day, f.win.span = pd, ps
	}
	if year == 0 {
		year = d.today.Year()
		if month < int(d.today.Month()) {
			year++
		}
	}
	f.month = time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
}

// thisMonth reads a part of the month named without a month — 月底, 月初,
// 这个月, 本月, "end of the month", "later this month" — as this month's,
// or next month's when that part of this month is over. It returns 0
// when the request names none.
func (d *doc) thisMonth() (month, year int, words string) {
	switch {
	case d.zhAny("本月", "这个月", "这月", "月底", "月末", "月初", "月中", "上旬", "中旬", "下旬"):
		for _, w := range []string{"本月", "这个月", "这月", "月底", "月末", "月初", "月中", "上旬", "中旬", "下旬"} {
			if strings.Contains(d.clean, w) {
				words = w
				break
			}
		}
	case d.enAny("this month", "end of the month", "end of this month", "later this month", "beginning of the month", "middle of the month", "mid-month", "mid month"):
		words = "this month"
	default:
		return 0, 0, ""
	}
	t := d.today
	day, span := d.partOfThisMonth(words)
	last := time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
	if span > 0 && t.Day() >= min(day+span-1, last) {
		t = t.AddDate(0, 0, last-t.Day()+1) // that part of this month is over
	}
	return int(t.Month()), t.Year(), words
}

// partOfThisMonth returns the part of the month thisMonth's words name
// (月底, "end of the month"): its first day and length, or 1 and 0.
func (d *doc) partOfThisMonth(words string) (int, int) {
	day, span, _ := d.monthPart()
	switch {
	case span > 0:
	case hasAny(words, "底", "末", "下旬") || words == "this month" && d.enAny("end of the month", "end of this month", "later this month"):
		day, span = 21, 11
	case words == "this month" && d.enAny("beginning of the month"):
		day, span = 1, 10
	case words == "this month" && d.enAny("middle of the month", "mid-month", "mid month"):
		day, span = 11, 10
	}
	return day, span
}

// weekOfBefore reports whether "week of" or "week in" comes right before
// token i ("the second week of Feb").
func (d *doc) weekOfBefore(i int) bool {
	return i > 1 && (d.toks[i-1].low == "of" || d.toks[i-1].low == "in") && d.toks[i-2].low == "week"
}

// monthInDate reports whether the month name at token i is part of a
// calendar date (December 12, 12th of December).
func (d *doc) monthInDate(i int) bool {
	j := i + 1
	for j < len(d.toks) && (d.toks[j].kind == tPunct && d.toks[j].text == "," || d.toks[j].low == "the") {
		j++
	}
	if j < len(d.toks) && d.toks[j].kind == tWord && !d.lengthAt(j) && !d.headcountAt(j) {
		if _, ok := ordinalDay(d.toks[j].low); ok {
			return true
		}
	}
	if p := prevWord(d.toks, i); p >= 0 {
		if _, ok := ordinalDay(d.toks[p].low); ok {
			return true
		}
	}
	return false
}

// headcountWords are nouns a number counts in a party or a plan, not a
// day of a month: "in January, 3 people", "May, 2 of us", "June, 4 cities".
var headcountWords = map[string]bool{
	"people": true, "persons": true, "person": true, "adults": true, "adult": true, "kids": true, "children": true,
	"travelers": true, "travellers": true, "guests": true, "pax": true, "friends": true, "grown-ups": true,
	"grownups": true, "seniors": true, "couples": true, "families": true, "cities": true, "stops": true,
}

// headcountAt reports whether the number token at j counts people or
// stops ("3 people", "2 of us"), so it is no day of a month before it.
func (d *doc) headcountAt(j int) bool {
	k := j + 1
	if k >= len(d.toks) || d.toks[j].low == "" || d.toks[j].low[0] < '0' || d.toks[j].low[0] > '9' {
		return false
	}
	if headcountWords[d.toks[k].low] {
		return true
	}
	return d.toks[k].low == "of" && k+1 < len(d.toks) && (d.toks[k+1].low == "us" || d.toks[k+1].low == "them")
}

// lengthAt reports whether the number at token j starts a length ("4
// days", "3-night"), not a day of the month ("February, 4 days").
func (d *doc) lengthAt(j int) bool {
	k := j + 1
	if k < len(d.toks) && d.toks[k].text == "-" {
		k++
	}
	if k < len(d.toks) {
		_, ok := durUnits[d.toks[k].low]
		return ok
	}
	return false
}

// zhDayWords name the days from today on.
var zhDayWords = []string{"今天", "明天", "后天", "大后天"}

// zhGoBackDays reads a leaving day and a coming-back day named by their
// day words (明天去澳门，后天回香港; 今天出发明天返回): the days from today of
// each, when the one coming back is after the one leaving.
func zhGoBackDays(s string) (goDay, backDay int, ok bool) {
	at := func(k int) int { // the day word ending at byte k, or -1
		for n := len(zhDayWords) - 1; n >= 0; n-- {
			if strings.HasSuffix(s[:k], zhDayWords[n]) {
				return n
			}
		}
		return -1
	}
	back, backAt := -1, -1
	for _, w := range []string{"回", "返"} {
		for i := 0; ; {
			j := strings.Index(s[i:], w)
			if j < 0 {
				break
			}
			j += i
			i = j + len(w)
			k := j
			for _, filler := range []string{"就", "再", "晚上", "早上"} {
				if strings.HasSuffix(s[:k], filler) {
					k -= len(filler)
				}
			}
			if n := at(k); n >= 0 {
				back, backAt = n, k-len(zhDayWords[n])
				break
			}
		}
		if back >= 0 {
			break
		}
	}
	if back <= 0 {
		return 0, 0, false
	}
	for n := 0; n < back; n++ {
		if k := strings.Index(s, zhDayWords[n]); k >= 0 && k < backAt {
			return n, back, true
		}
	}
	return 0, 0, false
}

// weekdayDayDates reads a weekday with a day of the month and no month
// ("Thursday the 17th", "Sat 5th", 17号周四, 周四17号): the first day on or
// after today, within a year, that is that day of its month and falls on
// that weekday.
func (d *doc) weekdayDayDates() []dateMention {
	var out []dateMention
	add := func(pos int, wd time.Weekday, day int) {
		for k := 0; k < 13 && len(out) == 0; k++ {
			first := time.Date(d.today.Year(), d.today.Month()+time.Month(k), 1, 0, 0, 0, 0, time.UTC)
			t := first.AddDate(0, 0, day-1)
			if t.Month() == first.Month() && !t.Before(d.today) && t.Weekday() == wd {
				out = append(out, dateMention{pos: pos, y: t.Year(), m: int(t.Month()), d: day})
			}
		}
	}
	if d.hasLatin {
		for i := 0; i+1 < len(d.toks) && len(out) == 0; i++ {
			wd, ok := weekdayNames[d.toks[i].low]
			if !ok || len(d.toks[i].low) < 6 && !d.toks[i].cap {
				continue
			}
			j := i + 1
			if (d.toks[j].low == "," || d.toks[j].low == "(") && j+1 < len(d.toks) {
				j++ // "this Friday (the 11th)": the day in brackets
			}
			if d.toks[j].low == "the" && j+1 < len(d.toks) {
				j++
			}
			day, ok := ordinalDay(d.toks[j].low)
			if !ok || day < 1 || day > 31 || d.toks[j].low == itoa(day) && d.toks[j-1].low != "the" {
				continue
			}
			if j+1 < len(d.toks) {
				if _, isMonth := monthNames[d.toks[j+1].low]; isMonth || d.toks[j+1].low == "of" {
					continue
				}
			}
			add(d.toks[i].start, wd, day)
		}
	}
	if d.hasHanText && len(out) == 0 {
		d.weekdayDayZH(add)
	}
	return out
}

// weekdayDayZH finds 17号周四 and 周四17号 (号 or 日; 周, 星期 or 礼拜).
func (d *doc) weekdayDayZH(add func(pos int, wd time.Weekday, day int)) {
	s := d.clean
	zhWeekdays(s, func(j int, p string, wd time.Weekday) bool {
		// 17号周四: a day right before
		for _, suf := range []string{"号", "日"} {
			if strings.HasSuffix(s[:j], suf) {
				if day, at := readNumberBack(s, j-len(suf)); at < j-len(suf) && day >= 1 && day <= 31 && !strings.HasSuffix(s[:at], "月") {
					add(at, wd, day)
					return true
				}
			}
		}
		// 周四17号: a day right after
		_, sz := utf8.DecodeRuneInString(s[j+len(p):])
		k := j + len(p) + sz
		if day, e := readNumberFwd(s, k); e > k && day >= 1 && day <= 31 && (strings.HasPrefix(s[e:], "号") || strings.HasPrefix(s[e:], "日")) {
			add(j, wd, day)
			return true
		}
		return false
	})
}

// zhWeekdays calls f for each weekday written in s with 周, 星期 or 礼拜
// (周四, 星期天, 礼拜六), prefix by prefix, with where the prefix starts
// (j) and the prefix (p); f returns true to stop.
func zhWeekdays(s string, f func(j int, p string, wd time.Weekday) bool) {
	for _, p := range []string{"周", "星期", "礼拜"} {
		for i := 0; ; {
			j := strings.Index(s[i:], p)
			if j < 0 {
				break
			}
			j += i
			i = j + len(p)
			if wd, ok := weekdayZH[runeAt(s, j+len(p))]; ok && f(j, p, wd) {
				return
			}
		}
	}
}
