package brief

import (
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/brief/calendar"
)

// holiday is a named holiday: how to find it in text and how to compute
// its trip window for a year. days is 0 for a single festival day whose
// trip length the request must still give.
type holiday struct {
	name string
	zh   []string // substrings of Chinese text
	en   []string // whole-word phrases of lower-cased text
	when func(y int, d *doc) (time.Time, int)
}

// threeDay returns the three-day public-holiday window around festival day
// t, following the State Council's usual pattern: Friday–Sunday,
// Saturday–Monday, Sunday–Tuesday (Tuesday festivals), or the festival
// day and the two after it (Wednesday, Thursday).
func threeDay(t time.Time) (time.Time, int) {
	switch t.Weekday() {
	case time.Monday, time.Tuesday:
		return t.AddDate(0, 0, -2), 3
	case time.Sunday:
		return t.AddDate(0, 0, -1), 3
	}
	return t, 3
}

func lunar(m, day int) func(int, *doc) (time.Time, int) {
	return func(y int, _ *doc) (time.Time, int) {
		t, _ := calendar.LunarDate(y, m, day)
		return t, 0
	}
}

func lunar3(m, day int) func(int, *doc) (time.Time, int) {
	return func(y int, _ *doc) (time.Time, int) {
		t, _ := calendar.LunarDate(y, m, day)
		return threeDay(t)
	}
}

func fixed(m time.Month, day, days int) func(int, *doc) (time.Time, int) {
	return func(y int, _ *doc) (time.Time, int) { return calendar.Date(y, m, day), days }
}

var holidays = []holiday{
	{name: "Spring Festival", zh: []string{"春节", "过年", "大年初一", "农历新年", "春节假期", "大年初", "正月初"}, en: []string{"chinese new year", "lunar new year", "spring festival"},
		when: func(y int, _ *doc) (time.Time, int) { return calendar.LunarNewYearsEve(y), 8 }},
	{name: "Lunar New Year's Eve", zh: []string{"除夕", "大年三十", "年三十"}, when: func(y int, _ *doc) (time.Time, int) { return calendar.LunarNewYearsEve(y), 0 }},
	{name: "Lantern Festival", zh: []string{"元宵"}, en: []string{"lantern festival"}, when: lunar(1, 15)},
	{name: "Qingming", zh: []string{"清明"}, en: []string{"qingming", "tomb-sweeping day", "tomb sweeping day"},
		when: func(y int, _ *doc) (time.Time, int) { return threeDay(calendar.Qingming(y)) }},
	{name: "Labour Day holiday", zh: []string{"五一", "劳动节", "五一假期", "五一黄金周"}, when: fixed(time.May, 1, 5)},
	{name: "Dragon Boat Festival", zh: []string{"端午"}, en: []string{"dragon boat festival", "duanwu"}, when: lunar3(5, 5)},
	{name: "Qixi", zh: []string{"七夕"}, en: []string{"qixi"}, when: lunar(7, 7)},
	{name: "Mid-Autumn Festival", zh: []string{"中秋"}, en: []string{"mid-autumn festival", "mid autumn festival", "moon festival", "mooncake festival"}, when: lunar3(8, 15)},
	{name: "National Day holiday", zh: []string{"国庆", "十一黄金周", "十一长假", "十一假期", "十一小长假"}, en: []string{"national day golden week", "chinese national day"}, when: fixed(time.October, 1, 7)},
	{name: "Double Ninth Festival", zh: []string{"重阳"}, en: []string{"double ninth"}, when: lunar(9, 9)},
	{name: "Winter Solstice", zh: []string{"冬至"}, when: func(y int, _ *doc) (time.Time, int) { return calendar.WinterSolstice(y), 0 }},
	{name: "New Year's Day", zh: []string{"元旦"}, en: []string{"new year's day", "new years day"},
		when: func(y int, _ *doc) (time.Time, int) { return threeDay(calendar.Date(y, time.January, 1)) }},
	{name: "New Year", en: []string{"new year's eve", "new years eve", "new year's", "new year"}, when: func(y int, _ *doc) (time.Time, int) {
		return calendar.Date(y, time.December, 31), 3
	}},
	{name: "Christmas Eve", zh: []string{"平安夜"}, en: []string{"christmas eve"}, when: fixed(time.December, 24, 3)},
	// 圣诞节 names the day itself; 圣诞 alone (圣诞假期) and "Christmas" the holiday from its eve
	{name: "Christmas Day", zh: []string{"圣诞节当天", "圣诞节"}, en: []string{"christmas day"}, when: fixed(time.December, 25, 3)},
	{name: "Christmas", zh: []string{"圣诞"}, en: []string{"christmas", "xmas"}, when: fixed(time.December, 24, 3)},
	{name: "Thanksgiving", zh: []string{"感恩节"}, en: []string{"thanksgiving"}, when: func(y int, _ *doc) (time.Time, int) { return calendar.Thanksgiving(y), 4 }},
	{name: "Easter", zh: []string{"复活节"}, en: []string{"easter"}, when: func(y int, _ *doc) (time.Time, int) { return calendar.Easter(y).AddDate(0, 0, -2), 4 }},
	{name: "Golden Week", zh: []string{"黄金周"}, en: []string{"golden week"}, when: func(y int, d *doc) (time.Time, int) {
		if d.destCountry() == "JP" || d.destCountry() == "" && d.lang == "en" {
			return calendar.Date(y, time.April, 29), 7
		}
		return calendar.Date(y, time.October, 1), 7
	}},
	{name: "Memorial Day weekend", en: []string{"memorial day"}, when: func(y int, _ *doc) (time.Time, int) { return calendar.MemorialDay(y).AddDate(0, 0, -2), 3 }},
	{name: "Labor Day weekend", en: []string{"labor day", "labour day"}, when: func(y int, d *doc) (time.Time, int) {
		if d.destCountry() == "CN" {
			return calendar.Date(y, time.May, 1), 5
		}
		return calendar.LaborDay(y).AddDate(0, 0, -2), 3
	}},
	{name: "Independence Day", en: []string{"independence day", "fourth of july", "4th of july"}, when: fixed(time.July, 4, 0)},
	{name: "Halloween", zh: []string{"万圣节"}, en: []string{"halloween"}, when: fixed(time.October, 31, 0)},
	{name: "Valentine's Day", zh: []string{"情人节"}, en: []string{"valentine's day", "valentines day", "valentine's"}, when: fixed(time.February, 14, 0)},
	// festivals travellers name (issue 31, round 4 of request understanding)
	{name: "St Patrick's Day", zh: []string{"圣帕特里克节"}, en: []string{"st patrick's day", "st. patrick's day", "saint patrick's day", "st paddy's day", "paddy's day"}, when: fixed(time.March, 17, 0)},
	{name: "Boxing Day", zh: []string{"节礼日"}, en: []string{"boxing day"}, when: fixed(time.December, 26, 0)},
	{name: "Carnival", zh: []string{"狂欢节"}, en: []string{"mardi gras", "carnival", "carnaval"}, when: func(y int, _ *doc) (time.Time, int) {
		return calendar.Easter(y).AddDate(0, 0, -50), 4 // the Saturday to Shrove Tuesday
	}},
	{name: "Songkran", zh: []string{"泼水节"}, en: []string{"songkran"}, when: fixed(time.April, 13, 3)},
	{name: "Oktoberfest", zh: []string{"慕尼黑啤酒节", "啤酒节"}, en: []string{"oktoberfest"}, when: func(y int, _ *doc) (time.Time, int) {
		t := calendar.Date(y, time.September, 16) // opens on the first Saturday after 15 September
		for t.Weekday() != time.Saturday {
			t = t.AddDate(0, 0, 1)
		}
		return t, 0
	}},
	{name: "Diwali", zh: []string{"排灯节"}, en: []string{"diwali", "deepavali"}, when: func(y int, _ *doc) (time.Time, int) {
		// the new moon of Kartika, from published calendars (none computed)
		days := map[int]time.Time{2026: calendar.Date(2026, time.November, 8), 2027: calendar.Date(2027, time.October, 29), 2028: calendar.Date(2028, time.October, 17)}
		return days[y], 0
	}},
}

var holidayLex = func() *lexicon {
	lx := newLexicon()
	for i, h := range holidays {
		for _, w := range h.en {
			lx.addEN(i, w)
		}
		for _, w := range h.zh {
			lx.addZH(i, w)
		}
	}
	return lx
}()

// nationalDay is the index of the National Day holiday in holidays.
var nationalDay = func() int {
	for i, h := range holidays {
		if h.name == "National Day holiday" {
			return i
		}
	}
	panic("brief: no National Day holiday") // a programming error, caught by every test
}()

// namedPlaceAfter reports whether rest starts with a word that makes the
// holiday before it a place's name (五一广场, 五一路, 国庆大道, 中秋公园).
func namedPlaceAfter(rest string) bool {
	for _, w := range []string{"广场", "路", "街", "大道", "公园", "站", "大桥", "桥", "村", "巷", "商场", "中路", "东路", "西路", "南路", "北路"} {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}

// sightExactly reports whether a sight found spans exactly [s, e): a
// festival that is a sight of its own (Oktoberfest) still dates the trip.
func (d *doc) sightExactly(s, e int) bool {
	for k := range d.sights {
		if h := &d.sights[k]; !h.lost && h.start == s && h.end == e {
			return true
		}
	}
	return false
}

// holidays finds the first holiday named in the request and sets the trip
// window from it: the next occurrence that has not ended, or the year
// written next to it.
func (d *doc) holidays() {
	best, bestPos, bestEnd, bestZH := -1, len(d.clean)+1, 0, false
	for _, hit := range holidayLex.scan(d) {
		if hit.start >= bestPos {
			continue
		}
		if d.clean[hit.start:hit.end] == "五一" && indexHoliday(d.clean[hit.start:], "五一") != 0 {
			continue
		}
		if d.inSight(hit.start, hit.end) && !d.sightExactly(hit.start, hit.end) || hit.zh && namedPlaceAfter(d.clean[hit.end:]) {
			continue // 五一广场, 国庆路, the Christmas Market of a sight (Oktoberfest is its own)
		}
		if !hit.zh && d.sightExactly(hit.start, hit.end) && negatedEN(d, hit.start) {
			continue // "no Oktoberfest crowds": the festival avoided dates nothing
		}
		if hit.zh && d.clean[hit.start:hit.end] == "五一" {
			if b := runeBefore(d.clean, hit.start); b == '十' || b >= '0' && b <= '9' {
				continue
			}
		}
		best, bestPos, bestEnd, bestZH = hit.id, hit.start, hit.end, hit.zh
	}
	// 十一 as the National Day holiday: not a number (十一天, 二十一, 十一月)
	if strings.Contains(d.clean, "十一") {
		if p := indexEleven(d.clean); p >= 0 && p < bestPos {
			best, bestPos, bestEnd, bestZH = nationalDay, p, p+len("十一"), true
		}
	}
	if best < 0 {
		return
	}
	h := &holidays[best]
	year := d.yearNear(bestPos)
	f := &d.when
	var start time.Time
	var days int
	if year != 0 {
		start, days = h.when(year, d)
	} else {
		for y := d.today.Year() - 1; y <= d.today.Year()+1; y++ {
			start, days = h.when(y, d)
			end := start.AddDate(0, 0, max(days, 1)-1)
			if !end.Before(d.today) {
				break
			}
		}
	}
	if start.IsZero() {
		return
	}
	kind, ws, we := d.holidayModifier(bestPos, bestEnd, bestZH)
	f.win = &window{kind: kind, words: d.clean[ws:we], hol: best, year: year}
	if kind != winHoliday {
		d.besideHoliday(h, start, days, kind)
		return
	}
	if start.Before(d.today) && year == 0 {
		start = d.today // the holiday is under way: start today
		f.notes = append(f.notes, "the "+h.name+" holiday has begun; the trip starts today")
	}
	f.start = start
	f.holiday = h.name
	if h.name == "Spring Festival" && d.lunarFirstMonthDays(calendar.SpringFestival(start.AddDate(0, 0, 1).Year())) {
		return // 大年初一出发…住到初五: the days of the first month named
	}
	// 大年初三出发 alone: the holiday's remaining days
	if f.days == 0 && days > 0 {
		days -= int(f.start.Sub(start).Hours() / 24)
		f.days = days
		f.holidayDays = true
		f.notes = append(f.notes, "trip length taken from the "+h.name+" ("+itoa(days)+" days)")
	}
}

// besideHoliday sets the start of a trip before or after a holiday whose
// occurrence starts at hs and lasts n days: the day after it ends (国庆后),
// or early enough to be back the day before it starts (春节前).
func (d *doc) besideHoliday(h *holiday, hs time.Time, n int, kind windowKind) {
	f := &d.when
	he := hs.AddDate(0, 0, max(n, 1)-1)
	var t time.Time
	what := "after"
	if kind == winAfter {
		t = he.AddDate(0, 0, 1)
	} else {
		what = "before"
		t = hs.AddDate(0, 0, -max(f.days, 1))
	}
	if tomorrow := d.today.AddDate(0, 0, 1); t.Before(tomorrow) {
		t = tomorrow
	}
	f.start = t
	f.notes = append(f.notes, "dates assumed from '"+f.win.words+"' ("+what+" the "+h.name+", "+hs.Format(dateLayout)+" to "+he.Format(dateLayout)+"): starting "+t.Format(dateLayout)+"; change start_date to adjust")
}

func indexHoliday(s, w string) int {
	if w == "五一" {
		for i := 0; ; {
			j := strings.Index(s[i:], w)
			if j < 0 {
				return -1
			}
			j += i
			b := runeBefore(s, j)
			a := runeAt(s, j+len(w))
			if b != '十' && !(b >= '0' && b <= '9') && !strings.ContainsRune("天日号月点个人岁元块万千百次位晚夜周分", a) {
				return j
			}
			i = j + len(w)
		}
	}
	return strings.Index(s, w)
}

// indexEleven finds 十一 used as the National Day holiday.
func indexEleven(s string) int {
	for i := 0; ; {
		j := strings.Index(s[i:], "十一")
		if j < 0 {
			return -1
		}
		j += i
		b := runeBefore(s, j)
		a := runeAt(s, j+len("十一"))
		_, bd := cnDigit[b]
		if !bd && b != '第' && b != '十' && !(b >= '0' && b <= '9') && !strings.ContainsRune("天日号月点个人岁元块万千百次位晚夜周分0123456789", a) {
			return j
		}
		i = j + len("十一")
	}
}

// yearNear returns a year written with the holiday: 2027年, "Christmas
// 2026", 明年, next year; 0 when none.
func (d *doc) yearNear(pos int) int {
	if i := strings.Index(d.clean, "年"); i >= 0 {
		if y, ys := readNumberBack(d.clean, i); ys < i && y >= 1900 && y <= 2199 {
			return y
		}
	}
	if d.lang == "en" {
		// "Christmas 2026", "Easter of 2027": the year right after the name
		for k := d.tokenAt(pos); k < min(len(d.toks), d.tokenAt(pos)+5); k++ {
			t := &d.toks[k]
			if y := yearOf(t.low); y != 0 {
				if k > 0 {
					if p := d.toks[k-1].low; p == "in" || p == "of" || p == "," || d.toks[k-1].start >= pos {
						return y
					}
				}
			}
			if t.kind == tPunct && t.text != "," && t.text != "'" {
				break
			}
		}
	}
	if strings.Contains(d.clean, "明年") || d.enAny("next year") {
		return d.today.Year() + 1
	}
	return 0
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// lunarFirstMonthDays reads the days of the first lunar month written as
// 初N (大年初一出发, 正月初三, 住到初五) and, when one is written, sets the
// trip's start to the first of them counted from the Spring Festival sf
// (初一) and its end to a later one after 到/至 (住到初五). It reports
// whether it set the end too.
func (d *doc) lunarFirstMonthDays(sf time.Time) bool {
	s := d.clean
	from, to := 0, 0
	for i := 0; ; {
		j := strings.Index(s[i:], "初")
		if j < 0 {
			break
		}
		j += i
		i = j + len("初")
		n := lunarDayAfter(s[i:])
		if n == 0 {
			continue
		}
		switch {
		case from == 0:
			from = n
		case n > from && endsWithAny(s[:j], "到", "至", "住到", "待到", "玩到", "呆到", "~", "～", "-", "—"):
			to = n
		}
	}
	if from == 0 || from > 10 {
		return false
	}
	f := &d.when
	f.start = sf.AddDate(0, 0, from-1)
	if to > 0 {
		f.end = sf.AddDate(0, 0, to-1)
		f.days = to - from + 1
		f.holidayDays = false
		return true
	}
	return false
}

// lunarDayAfter reads the day written after 初: 一 to 十, or 0 (初中, 初冬).
func lunarDayAfter(rest string) int {
	for n, w := range []string{"十", "一", "二", "三", "四", "五", "六", "七", "八", "九"} {
		if strings.HasPrefix(rest, w) {
			if n == 0 {
				return 10
			}
			return n
		}
	}
	return 0
}
