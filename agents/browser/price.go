package browser

import (
	"errors"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/tripweave/tripweave/orchestrator"
)

// maxCents caps a parsed price (10^13 cents): anything larger is a parse
// accident, not a price.
const maxCents = 1e13

var (
	errNoPrice  = errors.New("no price")
	errBadPrice = errors.New("price is not a number")
)

// isoCurrencies are the codes recognised inside price text.
var isoCurrencies = map[string]bool{
	"AED": true, "AUD": true, "BRL": true, "CAD": true, "CHF": true, "CNY": true, "CZK": true, "DKK": true,
	"EUR": true, "GBP": true, "HKD": true, "HUF": true, "IDR": true, "ILS": true, "INR": true, "ISK": true,
	"JPY": true, "KRW": true, "MOP": true, "MXN": true, "MYR": true, "NOK": true, "NZD": true, "PHP": true,
	"PLN": true, "RON": true, "RUB": true, "SEK": true, "SGD": true, "THB": true, "TRY": true, "TWD": true,
	"USD": true, "VND": true, "ZAR": true,
}

// currencyMarks are unambiguous markers, longest first so "HK$" wins over "$".
var currencyMarks = []struct{ mark, code string }{
	{"人民币", "CNY"}, {"RMB", "CNY"}, {"MOP$", "MOP"}, {"NT$", "TWD"}, {"US$", "USD"}, {"HK$", "HKD"},
	{"AU$", "AUD"}, {"CA$", "CAD"}, {"NZ$", "NZD"}, {"S$", "SGD"}, {"A$", "AUD"}, {"C$", "CAD"},
	{"R$", "BRL"}, {"€", "EUR"}, {"£", "GBP"}, {"₩", "KRW"}, {"₹", "INR"}, {"฿", "THB"}, {"₽", "RUB"},
	{"₫", "VND"}, {"₺", "TRY"}, {"元", "CNY"}, {"円", "JPY"},
}

// dollarCurrencies are the codes "$" alone may stand for.
var dollarCurrencies = map[string]bool{"USD": true, "HKD": true, "AUD": true, "CAD": true, "SGD": true, "NZD": true, "TWD": true, "MXN": true, "MOP": true}

var (
	isoRE    = regexp.MustCompile(`(?:^|[^A-Za-z])([A-Z]{3})(?:[^A-Za-z]|$)`)
	numberRE = regexp.MustCompile(`\d(?:[\d.,' ]*\d)?\s*(万|[kK]\b)?`)
	rangeRE  = regexp.MustCompile(`\d\s*(?:-|–|—|~|～|至|到|to)\s*\D{0,4}\d`)
)

// detectCurrency returns the currency that text shows, or fallback when it
// shows none or only an ambiguous sign ("¥" is CNY or JPY, "$" one of many
// dollars).
func detectCurrency(text, fallback string) string {
	for _, m := range isoRE.FindAllStringSubmatch(text, -1) {
		if isoCurrencies[m[1]] {
			return m[1]
		}
	}
	for _, cm := range currencyMarks {
		if strings.Contains(text, cm.mark) {
			return cm.code
		}
	}
	switch {
	case strings.ContainsAny(text, "¥￥"):
		if fallback == "JPY" || fallback == "CNY" {
			return fallback
		}
		return "CNY"
	case strings.Contains(text, "$"):
		if dollarCurrencies[fallback] {
			return fallback
		}
		return "USD"
	}
	return fallback
}

// foldDigits turns full-width digits and separators into ASCII and odd
// spaces into plain ones.
func foldDigits(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '０' && r <= '９':
			return '0' + (r - '０')
		case r == '，':
			return ','
		case r == '．':
			return '.'
		case r == '\u00a0' || r == '\u202f' || r == '\u2009' || r == '\u2007' || r == '\u3000':
			return ' '
		}
		return r
	}, s)
}

// parsePrice reads the price in text as cents (amount × 100, as
// orchestrator.Money) and its currency. decimal is "." or ","; rng picks
// from a range: low, high or mid.
func parsePrice(text string, spec PriceSpec) (int64, string, error) {
	text = foldDigits(text)
	cur := detectCurrency(text, spec.Currency)
	locs := numberRE.FindAllStringSubmatchIndex(text, 2)
	if len(locs) == 0 {
		return 0, "", errNoPrice
	}
	first, err := parseAmount(text[locs[0][0]:locs[0][1]], spec.Decimal)
	if err != nil {
		return 0, "", err
	}
	if len(locs) == 2 && rangeRE.MatchString(text[locs[0][0]:locs[1][1]]) {
		second, err := parseAmount(text[locs[1][0]:locs[1][1]], spec.Decimal)
		if err == nil {
			lo, hi := min(first, second), max(first, second)
			switch spec.Range {
			case "high":
				first = hi
			case "mid":
				first = divRound(lo+hi, 2)
			default:
				first = lo
			}
		}
	}
	return first, cur, nil
}

// parseAmount parses one number token ("1,280", "1 280,50", "1.2万") in
// cents.
func parseAmount(tok, decimal string) (int64, error) {
	tok = strings.TrimSpace(tok)
	mult := int64(1)
	switch {
	case strings.HasSuffix(tok, "万"):
		mult, tok = 10000, strings.TrimSpace(strings.TrimSuffix(tok, "万"))
	case strings.HasSuffix(tok, "k"), strings.HasSuffix(tok, "K"):
		mult, tok = 1000, strings.TrimSpace(tok[:len(tok)-1])
	}
	thousands := ","
	if decimal == "," {
		thousands = "."
	}
	tok = strings.NewReplacer(thousands, "", " ", "", "'", "").Replace(tok)
	intPart, frac, hasFrac := strings.Cut(tok, decimal)
	if intPart == "" || strings.ContainsAny(intPart+frac, ".,") || (hasFrac && frac == "") || len(intPart) > 13 {
		return 0, errBadPrice
	}
	var whole int64
	for _, c := range intPart {
		whole = whole*10 + int64(c-'0')
	}
	// Keep up to 6 fraction digits: enough for 万 and k with cents.
	if len(frac) > 6 {
		frac = frac[:6]
	}
	var f int64
	for _, c := range frac {
		f = f*10 + int64(c-'0')
	}
	scale := int64(math.Pow10(len(frac)))
	cents := whole*100*mult + divRound(f*100*mult, scale)
	if cents > maxCents || cents < 0 {
		return 0, errBadPrice
	}
	return cents, nil
}

// divRound divides a non-negative a by a positive b, rounding half up.
func divRound(a, b int64) int64 {
	if b <= 0 {
		return a
	}
	return (2*a + b) / (2 * b)
}

// percentile returns the p-quantile (0..1) of sorted (ascending) values by
// linear interpolation between closest ranks (R's type 7), rounded to the
// nearest cent.
func percentile(sorted []int64, p float64) int64 {
	n := len(sorted)
	switch {
	case n == 0:
		return 0
	case n == 1:
		return sorted[0]
	}
	h := float64(n-1) * p
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return sorted[n-1]
	}
	v := float64(sorted[lo]) + (h-float64(lo))*float64(sorted[lo+1]-sorted[lo])
	return int64(math.Round(v))
}

var (
	clockRE    = regexp.MustCompile(`\b([01]?\d|2[0-3])\s*[:：]\s*([0-5]\d)\b`)
	dayPlusRE  = regexp.MustCompile(`\+\s*([1-9])\b|次日|翌日|next day`)
	hoursRE    = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(?:h|hr|hrs|hour|hours|小时|小時|時間)\b?`)
	minutesRE  = regexp.MustCompile(`(\d+)\s*(?:m|min|mins|minute|minutes|分钟|分鐘|分)\b?`)
	ratingRE   = regexp.MustCompile(`\d+(?:[.,]\d+)?`)
	integerRE  = regexp.MustCompile(`\d[\d,. ]*`)
	trainNumRE = regexp.MustCompile(`^[GDCZTKYL]\d{1,4}$`)
)

// parseClock returns "HH:MM" and the days after departure ("+1", 次日), or
// "" when text has no time.
func parseClock(text string) (string, int) {
	text = foldDigits(text)
	m := clockRE.FindStringSubmatch(text)
	if m == nil {
		return "", 0
	}
	hh := m[1]
	if len(hh) == 1 {
		hh = "0" + hh
	}
	days := 0
	if d := dayPlusRE.FindStringSubmatch(text); d != nil {
		days = 1
		if d[1] != "" {
			days = int(d[1][0] - '0')
		}
	}
	return hh + ":" + m[2], days
}

// parseDuration reads "2h 30m", "2小时30分", "150 min" or "2:30" as
// minutes; 0 when text has none.
func parseDuration(text string) int {
	text = strings.ToLower(foldDigits(text))
	if m := clockRE.FindStringSubmatch(text); m != nil && !strings.ContainsAny(text, "hm小分時") {
		return atoi(m[1])*60 + atoi(m[2])
	}
	total := 0.0
	if m := hoursRE.FindStringSubmatch(text); m != nil {
		total += parseFloat(m[1]) * 60
		text = strings.Replace(text, m[0], " ", 1)
	}
	if m := minutesRE.FindStringSubmatch(text); m != nil {
		total += parseFloat(m[1])
	}
	return int(math.Round(total))
}

// parseRating reads the first number of text on a 0..scale scale and
// returns it on 0-5, rounded to 0.01; 0 when absent or out of range.
func parseRating(text string, scale float64) float64 {
	if scale <= 0 {
		scale = 5
	}
	m := ratingRE.FindString(foldDigits(text))
	if m == "" {
		return 0
	}
	v := parseFloat(strings.Replace(m, ",", ".", 1))
	if v <= 0 || v > scale {
		return 0
	}
	return math.Round(v*5/scale*100) / 100
}

// parseCount reads an integer such as "1,234 reviews"; 0 when absent.
func parseCount(text string) int {
	m := integerRE.FindString(foldDigits(text))
	n := 0
	for _, c := range m {
		if c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
			if n > 1e9 {
				return 0
			}
		}
	}
	return n
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func parseFloat(s string) float64 {
	whole, frac, _ := strings.Cut(s, ".")
	v := float64(atoi(whole))
	scale := 1.0
	for _, c := range frac {
		scale /= 10
		v += float64(c-'0') * scale
	}
	return v
}

// modeWords map words of a mode field to a transport mode.
var modeWords = []struct{ word, mode string }{
	{"high-speed", "train"}, {"train", "train"}, {"rail", "train"}, {"高铁", "train"}, {"動車", "train"},
	{"动车", "train"}, {"火车", "train"}, {"列车", "train"}, {"城际", "train"},
	{"flight", "flight"}, {"plane", "flight"}, {"air", "flight"}, {"航班", "flight"}, {"飞机", "flight"}, {"机票", "flight"},
	{"coach", "bus"}, {"bus", "bus"}, {"大巴", "bus"}, {"巴士", "bus"}, {"客车", "bus"}, {"汽车", "bus"},
	{"ferry", "ferry"}, {"boat", "ferry"}, {"轮渡", "ferry"}, {"船", "ferry"},
}

// parseMode maps a mode text (or a train number such as G1234) to one of
// orchestrator.TransportModes; "" when unknown.
func parseMode(text string) string {
	t := strings.ToLower(strings.TrimSpace(text))
	if knownMode(t) {
		return t
	}
	if trainNumRE.MatchString(strings.ToUpper(t)) {
		return "train"
	}
	for _, mw := range modeWords {
		if strings.Contains(t, mw.word) {
			return mw.mode
		}
	}
	return ""
}

// cleanText makes scraped text safe plain text: control, zero-width and
// bidirectional-override characters removed, white space collapsed, at most
// max runes.
func cleanText(s string, max int) string {
	var b strings.Builder
	space := false
	n := 0
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r), r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e,
			r >= 0x2060 && r <= 0x2069, r == 0xfeff, r == 0xfffd:
			continue
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		if n >= max {
			return strings.TrimSpace(b.String()) + "…"
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// knownMode reports whether m is one of orchestrator.TransportModes.
func knownMode(m string) bool { return slices.Contains(orchestrator.TransportModes, m) }
