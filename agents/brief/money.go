package brief

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// money is a budget read from the request.
type money struct {
	amount    float64
	currency  string // ISO code, "" when the request names none
	symbol    string // the marker as written ("$", "¥", "元"), for notes
	perPerson bool
	total     bool   // explicitly for the whole group
	perDay    bool   // a daily amount ("200 euros a day", 每天500)
	unknown   string // a currency-like word that is no ISO 4217 code ("XYZ")
}

// currency markers written before an amount, longest first.
var prefixCurrency = []struct{ mark, code string }{
	{"us$", "USD"}, {"hk$", "HKD"}, {"nt$", "TWD"}, {"au$", "AUD"}, {"ca$", "CAD"}, {"sg$", "SGD"}, {"mx$", "MXN"},
	{"s$", "SGD"}, {"a$", "AUD"}, {"c$", "CAD"}, {"nz$", "NZD"},
	{"usd", "USD"}, {"cny", "CNY"}, {"rmb", "CNY"}, {"eur", "EUR"}, {"gbp", "GBP"}, {"jpy", "JPY"}, {"hkd", "HKD"},
	{"aud", "AUD"}, {"cad", "CAD"}, {"sgd", "SGD"}, {"krw", "KRW"}, {"thb", "THB"}, {"chf", "CHF"},
	{"mop$", "MOP"}, {"mop", "MOP"}, {"twd", "TWD"},
	{"$", "USD"}, {"€", "EUR"}, {"£", "GBP"}, {"¥", ""}, {"￥", ""}, {"₩", "KRW"}, {"฿", "THB"}, {"₹", "INR"}, {"₽", "RUB"},
}

// currency words written after an amount, longest first.
var suffixCurrency = []struct{ mark, code string }{
	{"人民币", "CNY"}, {"块钱", "CNY"}, {"元人民币", "CNY"}, {"美元", "USD"}, {"美金", "USD"}, {"欧元", "EUR"},
	{"英镑", "GBP"}, {"日元", "JPY"}, {"日币", "JPY"}, {"港币", "HKD"}, {"港元", "HKD"}, {"韩元", "KRW"}, {"韩币", "KRW"},
	{"泰铢", "THB"}, {"新币", "SGD"}, {"新加坡元", "SGD"}, {"澳元", "AUD"}, {"澳币", "AUD"}, {"加元", "CAD"}, {"加币", "CAD"},
	{"澳门元", "MOP"}, {"澳门币", "MOP"}, {"葡币", "MOP"}, {"澳门帕塔卡", "MOP"}, {"新台币", "TWD"}, {"台币", "TWD"}, {"卢布", "RUB"}, {"瑞郎", "CHF"}, {"越南盾", "VND"}, {"卢比", "INR"}, {"円", "JPY"},
	{"元", "CNY"}, {"块", "CNY"}, {"刀", "USD"},
	{"singapore dollars", "SGD"}, {"singapore dollar", "SGD"}, {"australian dollars", "AUD"}, {"aussie dollars", "AUD"},
	{"hong kong dollars", "HKD"}, {"hk dollars", "HKD"}, {"canadian dollars", "CAD"}, {"new zealand dollars", "NZD"},
	{"taiwan dollars", "TWD"}, {"nt dollars", "TWD"}, {"new taiwan dollars", "TWD"}, {"american dollars", "USD"},
	{"korean won", "KRW"}, {"japanese yen", "JPY"}, {"thai baht", "THB"}, {"british pounds", "GBP"}, {"pounds sterling", "GBP"},
	{"chinese yuan", "CNY"}, {"swiss francs", "CHF"}, {"malaysian ringgit", "MYR"}, {"vietnamese dong", "VND"},
	{"indian rupees", "INR"}, {"us dollars", "USD"}, {"dollars", "USD"}, {"dollar", "USD"}, {"bucks", "USD"}, {"usd", "USD"}, {"euros", "EUR"},
	{"euro", "EUR"}, {"eur", "EUR"}, {"pounds", "GBP"}, {"pound", "GBP"}, {"gbp", "GBP"}, {"yen", "JPY"}, {"jpy", "JPY"},
	{"yuan", "CNY"}, {"rmb", "CNY"}, {"cny", "CNY"}, {"rmb", "CNY"}, {"hkd", "HKD"}, {"aud", "AUD"}, {"cad", "CAD"},
	{"macau patacas", "MOP"}, {"macanese patacas", "MOP"}, {"patacas", "MOP"}, {"pataca", "MOP"}, {"mop", "MOP"},
	{"sgd", "SGD"}, {"won", "KRW"}, {"krw", "KRW"}, {"baht", "THB"}, {"thb", "THB"}, {"rupees", "INR"}, {"chf", "CHF"},
	{"francs", "CHF"}, {"ringgit", "MYR"}, {"dong", "VND"},
}

var budgetCues = []string{"预算", "花费", "经费", "费用", "总共", "一共", "人均", "每人", "不超过", "控制在", "以内", "左右", "最多", "花"}
var budgetCuesEN = []string{"budget", "spend", "spending", "cost", "costs", "up to", "under", "within", "max", "maximum",
	"around", "about", "approximately", "approx", "no more than", "less than", "afford", "price range", "allows us to spend"}

// notMoneyAfter are units that make a number something else.
var notMoneyAfter = []string{"天", "日", "晚", "夜", "人", "个", "位", "月", "号", "周", "岁", "点", "年", "口", "大", "小", "星",
	"days", "day", "nights", "night", "people", "persons", "person", "adults", "kids", "children", "weeks", "week",
	"cities", "city", "years", "st", "nd", "rd", "th", "am", "pm", "hours", "km", "miles", "stars", "star", "-day", "-star"}

// budget finds the trip's budget.
func (d *doc) budget() *money {
	s, low := d.clean, d.low
	var best *money
	for i := 0; i < len(s); {
		r, sz := utf8.DecodeRuneInString(s[i:])
		isNum := r >= '0' && r <= '9'
		if !isNum && r >= 0x3007 { // Chinese numerals: 〇 and the Han block
			if _, ok := cnDigit[r]; ok || r == '十' {
				isNum = true
			}
		}
		if !isNum || i > 0 && (isDigitByte(s[i-1]) || i > 1 && (s[i-1] == '.' || s[i-1] == ',') && isDigitByte(s[i-2])) {
			i += sz
			continue
		}
		v, n, mult := parseNumber(s[i:])
		if n == 0 || v <= 0 {
			i += sz
			continue
		}
		if !(r >= '0' && r <= '9') {
			// 三亚, 五一: a Chinese numeral followed by another Han
			// character is part of a word unless that is a money word
			if nx := runeAt(s, i+n); isHan(nx) && !strings.ContainsRune("元块万千百左以人美欧英日港韩泰新澳加台卢瑞越刀", nx) {
				i += n
				continue
			}
		}
		m := &money{amount: v}
		// Chinese numerals are amounts only with a marker or a cue
		cnNum := !(r >= '0' && r <= '9')
		// marker before
		before := strings.TrimRight(low[:i], " ")
		for _, c := range prefixCurrency {
			if strings.HasSuffix(before, c.mark) {
				if len(c.mark) >= 3 && isLetterByte(c.mark[0]) {
					// a code must stand alone: "usd 2000", not "thusd"
					k := len(before) - len(c.mark)
					if k > 0 && isLetterByte(before[k-1]) {
						continue
					}
				}
				m.currency, m.symbol = c.code, c.mark
				if c.code == "" {
					m.symbol = "¥"
				}
				break
			}
		}
		if m.symbol == "" {
			// a currency written in Chinese before the amount: 港币8000, 预算日元20万
			for _, c := range suffixCurrency {
				if utf8.RuneCountInString(c.mark) >= 2 && isHan(runeAt(c.mark, 0)) && c.mark != "块钱" && strings.HasSuffix(before, c.mark) {
					m.currency, m.symbol = c.code, c.mark
					break
				}
			}
		}
		// marker after; rest is what follows the amount and its marker
		after := strings.TrimLeft(low[i+n:], " ")
		rest := after
		if m.symbol == "" {
			for _, c := range suffixCurrency {
				if strings.HasPrefix(after, c.mark) {
					if isLetterByte(c.mark[0]) && len(after) > len(c.mark) && isLetterByte(after[len(c.mark)]) {
						continue
					}
					m.currency, m.symbol = c.code, c.mark
					rest = strings.TrimLeft(after[len(c.mark):], " ")
					break
				}
			}
		}
		if m.symbol == "" {
			// any ISO 4217 code next to the amount ("5000 MYR", "NOK 3000");
			// three capitals that are not one ask which currency is meant
			if code, word := d.codeNear(i, i+n); code != "" {
				if strings.HasPrefix(strings.ToUpper(after), code) {
					rest = strings.TrimLeft(after[len(code):], " ")
				}
				m.currency, m.symbol = code, word
			} else if word != "" {
				m.symbol, m.unknown = word, word
			}
		}
		if m.symbol == "" && d.dayOfMonth(i) {
			i += n
			continue // "March 5": a date
		}
		isUnit := false
		if m.symbol == "" {
			for _, u := range notMoneyAfter {
				if strings.HasPrefix(after, u) {
					if isLetterByte(u[0]) && len(after) > len(u) && isLetterByte(after[len(u)]) {
						continue
					}
					isUnit = true
					break
				}
			}
		}
		cue := d.budgetCueBefore(i)
		if w := low[max(0, i-24):i]; strings.Contains(w, "kids under") || strings.Contains(w, "children under") || strings.Contains(w, "age of") || strings.Contains(w, "aged") || strings.HasSuffix(strings.TrimSpace(w), "age") {
			cue = -1 // "kids under 10": an age
		}
		if cue < 0 && (strings.HasPrefix(after, "左右") || strings.HasPrefix(after, "以内") || strings.HasPrefix(after, "以下")) && m.symbol == "" && !cnNum {
			cue = i
		}
		if mult && cue < 0 && !cnNum {
			cue = i // 1.5万, 2k: a multiplier marks an amount
		}
		perHead := false
		if cue < 0 && m.symbol == "" && !isUnit && !cnNum && v >= 100 && perPersonAfter(after) {
			cue, perHead = i, true // "2000 each", "1500 per person": an amount, never a year
		}
		if cue < 0 && m.symbol == "" && !isUnit && !cnNum && v >= 100 && hasPrefixWord(after, "total", "in total", "altogether", "all in", "all-in", "all told") {
			// "2500 total": the trip's amount; a year before "total" and a
			// count ("in 2027 total 4 days") stays a year
			if tail := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(after, "in "), "total"), " "); tail == "" || !isDigitByte(tail[0]) {
				cue, perHead = i, true
				m.total = true
			}
		}
		if !isUnit && (m.symbol != "" || cue >= 0) && !(cnNum && m.symbol == "" && cue < 0) {
			if d.perNight(i, rest) {
				if d.nightPrice == nil {
					d.nightPrice = m
				}
			} else if !d.looksLikeYear(i, i+n) || m.symbol != "" || mult || perHead {
				if best == nil || best.symbol == "" && m.symbol != "" {
					best = m
					d.markPerPerson(m, i, i+n)
					m.perDay = d.perDayAt(i, rest)
				}
			}
		}
		i += n
	}
	if best == nil && d.hasLatin {
		best = d.spelledBudget()
	}
	return best
}

// perPersonWordsAfter are the words after a bare amount that make it a
// budget per person ("2000 each", "1500 per head").
var perPersonWordsAfter = []string{"each", "per person", "per head", "a head", "a person", "pp", "p.p.", "per pax",
	"per traveler", "per traveller", "/person", "/pp", "/head", "per adult", "apiece"}

// perPersonAfter reports whether after (lower-cased, what follows an
// amount) starts with a per-person word.
func perPersonAfter(after string) bool {
	for _, w := range perPersonWordsAfter {
		if strings.HasPrefix(after, w) && (len(after) == len(w) || !isLetterByte(after[len(w)])) {
			return true
		}
	}
	return false
}

// spelledCurrency are currency words after an amount spelled in words.
var spelledCurrency = map[string]string{"dollars": "USD", "bucks": "USD", "usd": "USD", "euros": "EUR", "eur": "EUR",
	"pounds": "GBP", "gbp": "GBP", "yuan": "CNY", "rmb": "CNY", "yen": "JPY"}

// spelledBudget reads an amount spelled in words with a currency word
// after it ("three thousand dollars", "two thousand five hundred euros",
// "fifteen hundred bucks"); nil when there is none.
func (d *doc) spelledBudget() *money {
	toks := d.toks
	for k := 1; k+1 < len(toks); k++ {
		unit := 0.0
		switch toks[k].low {
		case "thousand":
			unit = 1000
		case "hundred":
			unit = 100
		default:
			continue
		}
		n := wordNumber(toks[k-1].low)
		if n <= 0 || n > 99 || allDigits(toks[k-1].low) {
			continue
		}
		v := float64(n) * unit
		j := k + 1
		if unit == 1000 && j+1 < len(toks) && toks[j+1].low == "hundred" {
			if h := wordNumber(toks[j].low); h > 0 && h < 10 && !allDigits(toks[j].low) {
				v += float64(h) * 100 // "three thousand five hundred"
				j += 2
			}
		}
		if j < len(toks) && toks[j].low == "and" && j+2 < len(toks) && toks[j+2].low == "hundred" {
			continue // "two thousand and five hundred": rare, left out
		}
		code, ok := spelledCurrency[toks[min(j, len(toks)-1)].low]
		if !ok {
			continue
		}
		m := &money{amount: v, currency: code, symbol: toks[j].low}
		d.markPerPerson(m, toks[k-1].start, toks[j].end)
		return m
	}
	return nil
}

// budgetCueBefore returns the position of a budget cue shortly before i in
// the same sentence, or -1.
func (d *doc) budgetCueBefore(i int) int {
	if d.cuePos == nil {
		d.cuePos = []int{}
		for _, c := range budgetCues {
			for k := 0; ; {
				j := strings.Index(d.low[k:], c)
				if j < 0 {
					break
				}
				d.cuePos = append(d.cuePos, k+j)
				k += j + len(c)
			}
		}
		for _, c := range budgetCuesEN {
			d.cuePos = append(d.cuePos, d.findEN(c)...)
		}
	}
	from := max(0, i-60)
	st, _ := sentenceBounds(d.low, i)
	from = max(from, st)
	best := -1
	for _, p := range d.cuePos {
		if p >= from && p < i && p > best {
			best = p
		}
	}
	// "2000预算" / "1500 budget": a cue right after the number
	if best < 0 {
		j := i
		for j < len(d.low) && (isDigitByte(d.low[j]) || d.low[j] == ',' || d.low[j] == '.' || d.low[j] == ' ') {
			j++
		}
		if rest := d.low[j:]; strings.HasPrefix(rest, "预算") || strings.HasPrefix(rest, "的预算") || strings.HasPrefix(rest, "budget") {
			best = i
		}
	}
	return best
}

// markPerPerson decides whether the amount at [i, j) is per person.
func (d *doc) markPerPerson(m *money, i, j int) {
	st, en := sentenceBounds(d.low, i)
	seg := d.low[st:en]
	near := d.low[max(st, i-24):min(en, j+30)]
	if hasAny(near, "人均", "每人", "每个人", "一人", "/人", "每位") || hasWord(near, "per person", "pp", "per head", "a head", "each", "per traveler", "per traveller", "/person", "a person", "per pax") {
		m.perPerson = true
	}
	if unit := strings.TrimLeft(d.low[j:], " "); perPersonUnit(unit) {
		m.perPerson = true // "£1500pp", "1500 p/p": a per-person unit glued to the amount
	}
	if hasAny(seg, "总预算", "一共", "总共", "总计", "全部") || hasWord(seg, "total", "in total", "overall", "entire", "whole", "for all of us", "for the group", "altogether") {
		m.total = true
		if !hasAny(near, "人均", "每人") && !hasWord(near, "per person", "each", "pp") {
			m.perPerson = false
		}
	}
}

// looksLikeYear reports whether the number at [i, j) is a year: 2026年,
// "March 3rd, 2026", "in 2027".
func (d *doc) looksLikeYear(i, j int) bool {
	if yearOf(d.clean[i:j]) == 0 {
		return false
	}
	if strings.HasPrefix(d.clean[j:], "年") || strings.HasPrefix(d.clean[j:], "-") || strings.HasPrefix(d.clean[j:], "/") {
		return true
	}
	k := d.tokenAt(i)
	for b := k - 1; b >= 0 && b >= k-3; b-- {
		t := &d.toks[b]
		if t.kind == tPunct && t.text == "," {
			continue
		}
		if _, ok := monthNames[t.low]; ok {
			return true
		}
		if isOrdinal(t.low) || t.low == "in" || t.low == "of" || t.low == "year" {
			return true
		}
		break
	}
	return false
}

// codeNear looks at the word right after or right before the amount at
// [i, j): an ISO 4217 code in capitals returns the code; three capitals
// that are no code return "" and the word.
func (d *doc) codeNear(i, j int) (code, word string) {
	k := d.tokenAt(j)
	for _, t := range []int{k, d.tokenAt(i) - 1} {
		if t < 0 || t >= len(d.toks) {
			continue
		}
		tok := &d.toks[t]
		if tok.kind != tWord || len(tok.text) != 3 || !tok.allCaps || !isLetterByte(tok.text[0]) || !isLetterByte(tok.text[2]) {
			continue
		}
		// adjacent: only spaces between (a word containing the number is no code)
		if t == k && (tok.start < j || strings.TrimSpace(d.clean[j:tok.start]) != "") || t != k && (tok.end > i || strings.TrimSpace(d.clean[tok.end:i]) != "") {
			continue
		}
		if orchestrator.IsCurrencyCode(tok.text) {
			return tok.text, tok.text
		}
		if c, ok := orchestrator.CurrencyCode(tok.text); ok {
			return c, tok.text
		}
		if d.inPlace(tok.start) || stopPlaceWords[tok.low] {
			continue
		}
		return "", tok.text
	}
	return "", ""
}

// dayOfMonth reports whether the number at i is a day of a month written
// next to it ("March 5", "5 March").
func (d *doc) dayOfMonth(i int) bool {
	k := d.tokenAt(i)
	if k > 0 {
		if _, ok := monthNames[d.toks[k-1].low]; ok {
			return true
		}
	}
	if k+1 < len(d.toks) {
		if _, ok := monthNames[d.toks[k+1].low]; ok && len(d.toks[k+1].low) >= 3 {
			return true
		}
	}
	return false
}

// perNightAfterEN and perNightZH mark an amount as a price per night
// ("$300 a night", "200 euros per night", "¥500/晚", 每晚500): what a room
// may cost, not what the trip may cost.
var (
	perNightAfterEN = []string{"a night", "per night", "/night", "/ night", "each night", "a nite", "per nite", "nightly", "a room", "per room", "per room per night", "/room", "/nt"}
	perNightZH      = []string{"每晚", "一晚", "/晚", "每夜", "一夜", "每间每晚", "每间", "一间"}
)

// perNight reports whether the amount at i, followed (past its currency
// word) by rest, is a price per night or per room.
func (d *doc) perNight(i int, rest string) bool {
	for _, w := range perNightAfterEN {
		if strings.HasPrefix(rest, w) && (len(rest) == len(w) || !isLetterByte(rest[len(w)])) {
			return true
		}
	}
	for _, w := range perNightZH {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	// 每晚500, 每晚酒店不超过400, "hotels at $200 nightly": in the same clause
	before := d.low[max(0, i-30):i]
	if k := strings.LastIndexAny(before, ",，;；。.!！?？"); k >= 0 {
		before = before[k+1:]
	}
	if hasAny(before, "每晚", "一晚", "每夜", "每间") || hasWord(before, "per night", "a night", "nightly", "per room") {
		return true
	}
	return false
}

// noteNightPrice notes a price per night the text names: the brief has no
// hotel price field, so the traveller's limit is kept as a note for the
// planner and the reader, and never taken as the trip's budget.
func (d *doc) noteNightPrice() {
	m := d.nightPrice
	if m == nil {
		return
	}
	cur := m.currency
	switch {
	case cur != "":
	case m.symbol == "¥" && d.lang == "en" && d.destCountry() == "JP":
		cur = "JPY"
	case m.symbol == "¥" || m.symbol == "" && d.lang == "zh":
		cur = "CNY"
	default:
		cur = m.symbol
	}
	d.notes = append(d.notes, "hotel price per night: "+strconv.FormatFloat(m.amount, 'f', -1, 64)+" "+cur+" (a room price, not the trip budget)")
}

// perDayAt reports whether the amount at i, followed (past its currency
// word) by rest, is a daily budget: "a day", "per day", "/day", "daily"
// after it, 每天, 每日, 一天 in its clause before it.
func (d *doc) perDayAt(i int, rest string) bool {
	for _, w := range []string{"a day", "per day", "/day", "/ day", "each day", "daily", "a person a day", "per person per day", "pp per day", "per person a day", "每天", "每日", "一天", "/天"} {
		if strings.HasPrefix(rest, w) && (len(rest) == len(w) || !isLetterByte(rest[len(w)])) {
			return true
		}
	}
	before := d.low[max(0, i-24):i]
	if k := strings.LastIndexAny(before, ",，;；。.!！?？"); k >= 0 {
		before = before[k+1:]
	}
	return hasAny(before, "每天", "每日", "一天", "日均", "每人每天") || hasWord(before, "per day", "a day", "daily")
}

// scalePerDay turns a daily budget into the trip's: the amount times the
// days when the length is known, with a note; with no length the daily
// amount is no trip budget, and a note keeps it.
func (d *doc) scalePerDay(m *money, b *orchestrator.Brief) {
	if m == nil || !m.perDay || b.Budget == nil {
		return
	}
	day := strconv.FormatFloat(b.Budget.Amount, 'f', -1, 64) + " " + b.Budget.Currency
	if b.Days <= 0 {
		d.notes = append(d.notes, "budget per day: "+day+"; the trip's length is unknown, so no trip budget is set")
		b.Budget = nil
		return
	}
	b.Budget.Amount *= float64(b.Days)
	d.notes = append(d.notes, "budget per day ("+day+") times "+itoa(b.Days)+" days")
}

// perPersonUnit reports whether s opens with a per-person unit written
// after an amount ("pp", "p/p", "/pp", "pax") and no more letters.
func perPersonUnit(s string) bool {
	for _, u := range []string{"pp", "p/p", "/pp", "pax", "/pax"} {
		if rest, ok := strings.CutPrefix(s, u); ok && (rest == "" || !isASCIILetter(rest[0])) {
			return true
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
