package brief

import (
	"strings"
	"unicode/utf8"
)

// dur reads a stated trip length: 3天, 三天两晚, 一周, 周末, 3 days, a
// week, 4 nights, long weekend, "spanning 5 days".
func (d *doc) dur() {
	f := &d.when
	if days := d.halfDays(); days > 0 {
		f.days = days
		return
	}
	if days, nights := d.durationZH(); days > 0 || nights > 0 {
		f.days, f.nights = days, nights
		if f.days == 0 {
			f.days = nights + 1
		}
		return
	}
	if days, nights := d.durationEN(); days > 0 || nights > 0 {
		f.days, f.nights = days, nights
		if f.days == 0 {
			f.days = nights + 1
		}
	}
}

func (d *doc) durationZH() (days, nights int) {
	s := d.clean
	if !hasHan(s) {
		return 0, 0
	}
	weekend := 0
	for i := 0; i < len(s); {
		r, sz := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '天', '日', '晚', '夜':
			n, ns := readNumberBackAll(s, i)
			if n <= 0 || ns == i {
				break
			}
			before, after := s[:ns], s[i+sz:]
			if strings.HasSuffix(before, "周") || strings.HasSuffix(before, "星期") || strings.HasSuffix(before, "礼拜") {
				break // 周一晚上: a weekday, not one night
			}
			if strings.HasSuffix(before, "第") || strings.HasPrefix(after, "后") || strings.HasPrefix(after, "之后") || strings.HasPrefix(after, "以后") || strings.HasSuffix(before, "月") || strings.HasSuffix(before, "每") {
				break
			}
			if r == '日' && !(strings.HasPrefix(after, "游") || strings.HasPrefix(after, "遊") || strings.HasPrefix(after, "行") || strings.HasPrefix(after, "之旅") || strings.HasSuffix(before, "玩") || strings.HasSuffix(before, "待") || strings.HasSuffix(before, "呆") || strings.HasSuffix(before, "游")) {
				break
			}
			if r == '夜' && !(strings.HasSuffix(before, "天") || strings.HasSuffix(before, "日")) && days == 0 {
				// 夜 alone is rarely a count of nights (夜景, 夜市)
				if !strings.HasPrefix(after, "游") {
					break
				}
			}
			if n > 60 {
				break
			}
			if r == '晚' || r == '夜' {
				if nights == 0 {
					nights = n
				}
			} else if days == 0 {
				days = n
			}
		case '周', '星', '礼', '月':
			var unitLen int
			var mult int
			switch {
			case strings.HasPrefix(s[i:], "周末"):
				// a weekend's length unless a length is stated, before or
				// after it (连上周末去云南玩四天 is four days)
				if weekend == 0 && !strings.HasSuffix(s[:i], "长") {
					weekend = 2
				} else if strings.HasSuffix(s[:i], "长") && weekend == 0 {
					weekend = 3
				}
				i += len("周末")
				continue
			case strings.HasPrefix(s[i:], "周"):
				unitLen, mult = len("周"), 7
			case strings.HasPrefix(s[i:], "星期"):
				unitLen, mult = len("星期"), 7
			case strings.HasPrefix(s[i:], "礼拜"):
				unitLen, mult = len("礼拜"), 7
			case strings.HasPrefix(s[i:], "月"):
				unitLen, mult = len("月"), 30
			default:
				i += sz
				continue
			}
			before := s[:i]
			half := false
			if strings.HasSuffix(before, "个") {
				before = before[:len(before)-len("个")]
				if strings.HasSuffix(before, "半") {
					half = true
				}
			} else if mult == 30 {
				i += unitLen
				continue // 5月: a month, not a length
			}
			after := s[i+unitLen:]
			if strings.HasPrefix(after, "后") || strings.HasPrefix(after, "之后") || strings.HasPrefix(after, "以后") {
				i += unitLen
				continue
			}
			if half {
				if days == 0 {
					days = mult / 2
				}
				i += unitLen
				continue
			}
			n, ns := readNumberBackAll(before, len(before))
			// 周四周五: the 四 is a weekday's, not four weeks
			weekday := hasSuffixAny(before[:ns], "周", "星期", "礼拜")
			if n > 0 && ns < len(before) && !weekday && !strings.HasSuffix(before[:ns], "下") && !strings.HasSuffix(before[:ns], "第") && days == 0 && n*mult <= 60 {
				days = n * mult
			}
			i += unitLen
			continue
		}
		i += sz
	}
	if days == 0 {
		days = weekend
	}
	if days == 0 && (strings.Contains(s, "小长假") || strings.Contains(s, "长周末")) {
		days = 3
	}
	if days == 0 && hasAny(s, "一日游", "一日遊", "当天来回", "当天往返", "当日往返", "当日来回", "一天来回", "一天往返", "一日往返") {
		days = 1
	}
	return days, nights
}

var durUnits = map[string]int{"day": 1, "days": 1, "week": 7, "weeks": 7, "fortnight": 14, "night": -1, "nights": -1,
	"weekend": 2, "weekends": 2}

func (d *doc) durationEN() (days, nights int) {
	toks := d.toks
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if t.kind != tWord {
			continue
		}
		switch t.low {
		case "weeklong", "week-long":
			if days == 0 {
				days = 7
			}
			continue
		case "week":
			// "Week in Iceland", "week-long"…: a request that opens with "week in"/"week at"
			if days == 0 && i == 0 && i+1 < len(toks) && (toks[i+1].low == "in" || toks[i+1].low == "at" || toks[i+1].low == "of") {
				days = 7
			}
			// "a beach week", "one ski week": a week with a word between
			// "a slow-paced week": a hyphenated word counts as one
			k := i - 1
			for k >= 2 && toks[k].kind == tWord && toks[k-1].text == "-" && toks[k-2].kind == tWord {
				k -= 2
			}
			if days == 0 && k >= 1 && (toks[k-1].low == "a" || toks[k-1].low == "an" || toks[k-1].low == "one") && toks[k].kind == tWord && wordNumber(toks[k].low) == 0 {
				switch toks[k].low {
				case "next", "this", "last", "per", "a", "the", "every", "each":
				default:
					days = 7
				}
			}
		case "fortnight":
			if days == 0 {
				days = 14
			}
			continue
		case "weekend":
			if i > 0 && (toks[i-1].low == "easter" || toks[i-1].low == "day" || toks[i-1].low == "thanksgiving" || toks[i-1].low == "christmas" || toks[i-1].low == "holiday" || toks[i-1].low == "bank") {
				continue // a holiday weekend: the holiday gives the length
			}
			if days == 0 && !(i > 0 && (toks[i-1].low == "this" || toks[i-1].low == "next" || toks[i-1].low == "the")) {
				if i > 0 && toks[i-1].low == "long" {
					days = 3
				} else {
					days = 2
				}
			}
			continue
		case "overnight":
			if days == 0 && nights == 0 {
				nights = 1
			}
			continue
		}
		// "Macau for a day", "there for just one day", "in Nara for the day"
		if t.low == "day" && i >= 2 && (toks[i-1].low == "a" || toks[i-1].low == "one" || toks[i-1].low == "the") &&
			(toks[i-2].low == "for" || i >= 3 && toks[i-3].low == "for" && (toks[i-2].low == "just" || toks[i-2].low == "only")) &&
			!(i+1 < len(toks) && (toks[i+1].low == "or" || toks[i+1].low == "and")) {
			if days == 0 {
				days = 1
			}
			continue
		}
		if t.low == "day" && i+1 < len(toks) && (toks[i+1].low == "trip" || toks[i+1].low == "tour") && (i == 0 || toks[i-1].low == "a" || toks[i-1].low == "one" || wordNumber(toks[i-1].low) == 0 && toks[i-1].text != "-") {
			if days == 0 {
				days = 1
			}
			continue
		}
		if dn, nn, ok := daysNightsCode(t.low); ok {
			if days == 0 && nights == 0 {
				days, nights = dn, nn // "3D2N", "4d3n"
			}
			continue
		}
		n := wordNumber(t.low)
		unitTok := i + 1
		if n == 0 {
			// "3day", "5days"
			j := 0
			for j < len(t.low) && isDigitByte(t.low[j]) {
				j++
			}
			if j > 0 && j < len(t.low) {
				if _, ok := durUnits[t.low[j:]]; ok {
					n = wordNumber(t.low[:j])
					unitTok = i
				}
			}
			if n == 0 {
				continue
			}
		}
		if unitTok == i+1 {
			// skip a hyphen: "5-day"
			if unitTok < len(toks) && toks[unitTok].text == "-" {
				unitTok++
			}
			if unitTok >= len(toks) || toks[unitTok].kind != tWord {
				continue
			}
		}
		unitWord := toks[unitTok].low
		if unitTok == i {
			j := 0
			for j < len(unitWord) && isDigitByte(unitWord[j]) {
				j++
			}
			unitWord = unitWord[j:]
		}
		// "week-long" after a number: "2-week-long"
		mult, ok := durUnits[unitWord]
		if !ok {
			continue
		}
		// relative dates are not lengths: "in 2 weeks", "3 days from now"
		if i > 0 && (toks[i-1].low == "in" || toks[i-1].low == "within") && mult != -1 && d.inIsRelative(i-1) {
			continue
		}
		if unitTok+2 < len(toks) && toks[unitTok+1].low == "from" && (toks[unitTok+2].low == "now" || toks[unitTok+2].low == "today" ||
			toks[unitTok+2].low == "tomorrow" || isWeekdayName(toks[unitTok+2].low)) {
			continue // "two weeks from Saturday": a start date
		}
		if unitTok+1 < len(toks) && toks[unitTok+1].low == "later" && mult == 1 {
			continue // "back two days later": the return, read with the start
		}
		if t.low == "a" || t.low == "an" {
			if mult == 1 {
				continue // "a day" is rarely a trip length
			}
			if mult == -1 && i > 0 && (allDigits(strings.ReplaceAll(toks[i-1].low, ",", "")) || toks[i-1].low == "per" || strings.HasSuffix(toks[i-1].low, "k") || priceWordsEN[toks[i-1].low]) {
				continue // "$300 a night": a price per night, not a stay
			}
		}
		if n > 60 {
			continue
		}
		if mult == -1 {
			if nights == 0 {
				nights = n
			} else if d.nightsAtPlace(unitTok) {
				nights += n // "4 nights Tokyo then 3 nights Osaka": one stay after another
			}
		} else if days == 0 {
			days = n * mult
		}
	}
	return days, nights
}

// inIsRelative decides whether "in N days" at token i is a start date
// ("leaving in 3 days", "In two weeks I'd like …", "in 3 days, staying 2
// nights") rather than a length ("4 cities in 5 days").
func (d *doc) inIsRelative(i int) bool {
	toks := d.toks
	// at the start of a sentence
	j := i - 1
	for j >= 0 && toks[j].kind == tPunct && toks[j].text != "." && toks[j].text != "!" && toks[j].text != "?" {
		j--
	}
	if j < 0 || toks[j].text == "." || toks[j].text == "!" || toks[j].text == "?" {
		return true
	}
	// after a verb of leaving
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		switch toks[k].low {
		case "leave", "leaving", "depart", "departing", "go", "going", "start", "starting", "head", "heading", "fly", "flying", "trip", "off", "arrive", "arriving", "travel", "travelling", "traveling":
			return true
		}
	}
	// another length is stated elsewhere
	for k := range toks {
		if k == i+2 || k == i+1 {
			continue
		}
		if n := wordNumber(toks[k].low); n > 0 && k+1 < len(toks) && (k == 0 || toks[k-1].low != "in") {
			u := toks[k+1].low
			if k+2 < len(toks) && toks[k+1].text == "-" {
				u = toks[k+2].low
			}
			if _, ok := durUnits[u]; ok {
				return true
			}
		}
	}
	return false
}

// isWeekdayName reports whether w names a day of the week.
func isWeekdayName(w string) bool {
	_, ok := weekdayNames[w]
	return ok
}

// priceWordsEN are currency words a price ends with ("800 yuan a night").
var priceWordsEN = map[string]bool{"yuan": true, "rmb": true, "cny": true, "dollars": true, "usd": true, "euros": true, "eur": true,
	"bucks": true, "pounds": true, "gbp": true, "yen": true, "jpy": true, "won": true, "baht": true, "hkd": true, "sgd": true}

// daysNightsCode reads the package-tour code "3d2n" (3 days, 2 nights): a
// number of days, then d, then one less night, then n.
func daysNightsCode(w string) (days, nights int, ok bool) {
	i := 0
	for i < len(w) && isDigitByte(w[i]) {
		i++
	}
	if i == 0 || i > 2 || i >= len(w) || w[i] != 'd' {
		return 0, 0, false
	}
	j := i + 1
	for j < len(w) && isDigitByte(w[j]) {
		j++
	}
	if j == i+1 || j != len(w)-1 || w[j] != 'n' {
		return 0, 0, false
	}
	days, nights = wordNumber(w[:i]), wordNumber(w[i+1:j])
	if days < 1 || days > 60 || nights != days-1 && nights != days {
		return 0, 0, false
	}
	return days, nights, true
}

// nightsAtPlace reports whether the nights unit at token u names where
// they are spent, after it ("3 nights Osaka", "3 nights in Osaka") or
// before its count ("Osaka 3 nights"), so that such stays add up.
func (d *doc) nightsAtPlace(u int) bool {
	toks := d.toks
	k := u + 1
	if k < len(toks) && (toks[k].low == "in" || toks[k].low == "at") {
		k++
	}
	if k < len(toks) && toks[k].kind == tWord && toks[k].cap {
		return true
	}
	return u >= 2 && toks[u-2].kind == tWord && toks[u-2].cap
}
