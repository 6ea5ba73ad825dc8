package wikivoyage

import (
	"cmp"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// MaxPriceText bounds the price text ParsePrice reads, in bytes; the rest is
// ignored.
const MaxPriceText = 2048

// maxAmount bounds one amount, in whole units (a trillion): anything larger
// is not a price.
const maxAmount = 1_000_000_000_000

// PriceRange is a listing's price read from its text: the lowest and the
// highest amount it names, in one currency. Free marks a price text that
// says the place is free ("free", "Free entry", "免费"); its amounts are
// zero and its currency may be empty.
type PriceRange struct {
	Min  orchestrator.Money `json:"min"`
	Max  orchestrator.Money `json:"max"`
	Free bool               `json:"free,omitempty"`
}

// Mid returns the midpoint of r, rounded down to the cent.
func (r PriceRange) Mid() orchestrator.Money {
	return orchestrator.Money{Cents: r.Min.Cents + (r.Max.Cents-r.Min.Cents)/2, Currency: r.Min.Currency}
}

// ParsePrice reads a Wikivoyage listing's price text ("$120-200", "US$ 15",
// "€15–25", "¥300", "300元", "￥80-120/人", "RMB 150", "from 2,500 yen",
// "Dorms from 150 CNY, doubles 300", "1.500 Ft", "free") into the range of
// amounts it names. ok is false when the text names no amount in a known
// currency ("$$", "call for rates", "¥300" when currency does not say
// which yen).
//
// currency is the ISO 4217 code of the destination country's currency (see
// CountryCurrency), or "" when unknown. It resolves ambiguous marks: "¥"
// and "￥" (CNY or JPY), "$" (USD, AUD, CAD, HKD…), "kr" (SEK, NOK, DKK,
// ISK), "£", "元", "Rs", "pesos"… When currency is none of a mark's
// candidates the mark takes its usual meaning if it has one ("$" is USD,
// "¥" JPY, "£" GBP, "元" CNY) and is ignored otherwise; when currency is ""
// ambiguous marks are ignored. ISO codes ("CNY", "USD", and RMB and NTD)
// and unambiguous symbols and words ("US$", "HK$", "€", "₩", "円", "yen",
// "baht", "Ft", "zł") win over the argument.
//
// The rules: amounts are numbers with thousands separators ("2,500",
// "1.500", "1 500") and up to two decimals ("2,50", "12.5"), multiplied by
// a k, 千, 万 or million that follows them. A currency mark right before or
// after a number applies to it and to the numbers joined to it by a range
// dash, "~", "to", 至 or 到. The first number with a known currency sets the
// price's currency; numbers in other currencies are dropped ("¥100 (US$15)"
// is ¥100), and numbers with no mark of their own count in that currency
// ("doubles 300"). Numbers that count something rather than cost it are
// skipped: followed by people, beds, nights, hours, km, %, stars, pm, 人,
// 晚, 间, 星… ("4-bed dorm", "2人间", "8pm"), preceded by per, for, under,
// age, bus, #, 第… ("children under 12"), times ("08:00") and years
// ("(2024)", "as of 2023"), and runs of numbers separated only by spaces
// (phone numbers). Per-night and per-person wording is ignored.
// Free is reported only when no amount is found and the text says free,
// gratis, no charge or 免费.
//
// ParsePrice never panics; when ok and not Free, Min and Max share a
// currency and 0 ≤ Min ≤ Max.
func ParsePrice(text, currency string) (PriceRange, bool) {
	currency = strings.ToUpper(strings.TrimSpace(currency))
	toks := tokenizePrice(normalizePriceText(text))
	amounts, code := priceAmounts(toks, currency)
	if len(amounts) == 0 {
		if isFreeText(text, toks) {
			z := orchestrator.Money{Currency: currency}
			return PriceRange{Min: z, Max: z, Free: true}, true
		}
		return PriceRange{}, false
	}
	lo, hi := slices.Min(amounts), slices.Max(amounts)
	r := PriceRange{Min: orchestrator.Money{Cents: lo, Currency: code}, Max: orchestrator.Money{Cents: hi, Currency: code}}
	r.Free = hi == 0
	return r, true
}

// InferCurrency returns the currency that the unambiguous marks of texts
// (ISO codes, "US$", "€", "円", "yen", "baht"…; not "¥" or "$") name most
// often, counting each text once for the first such mark, ties broken by
// code; "" when none names one. It guesses the currency of a guide's
// prices when the destination's country is unknown.
func InferCurrency(texts []string) string {
	counts := map[string]int{}
	for _, t := range texts {
		for _, tok := range tokenizePrice(normalizePriceText(t)) {
			if tok.kind == tokCur && tok.mark.code != "" {
				counts[tok.mark.code]++
				break
			}
		}
	}
	best, n := "", 0
	for _, c := range slices.Sorted(maps.Keys(counts)) {
		if counts[c] > n {
			best, n = c, counts[c]
		}
	}
	return best
}

// normalizePriceText makes text valid UTF-8, cuts it to MaxPriceText and
// turns full-width digits into ASCII ones.
func normalizePriceText(text string) string {
	if len(text) > MaxPriceText {
		cut := MaxPriceText
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut]
	}
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, " ")
	}
	return strings.Map(func(r rune) rune {
		if r >= '０' && r <= '９' {
			return '0' + (r - '０')
		}
		return r
	}, text)
}

type tokKind uint8

const (
	tokNum   tokKind = iota
	tokCur           // a currency mark
	tokRange         // a range connector: dash, ~, to, 至, 到
	tokWord          // a word, or one Han character that is no mark; lower-cased
	tokPunct         // any other visible character
)

type token struct {
	kind  tokKind
	text  string        // tokWord, tokPunct
	cents int64         // tokNum
	skip  bool          // tokNum: a count, time or the like, not an amount
	year  bool          // tokNum: looks like a year; skipped when no mark applies
	mark  *currencyMark // tokCur
}

// maxTokens bounds the tokens read from one price text.
const maxTokens = 512

// tokenizePrice splits a price text into numbers, currency marks, range
// connectors, words and punctuation. Spaces separate tokens and are
// dropped.
func tokenizePrice(s string) []token {
	var toks []token
	for i := 0; i < len(s) && len(toks) < maxTokens; {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case isSpace(r):
			i += size
		case r >= '0' && r <= '9':
			t, end := numberToken(s, i, toks)
			toks = append(toks, t)
			i = end
		case r == '-' || r == '–' || r == '—' || r == '−' || r == '~' || r == '～' || r == '〜' || r == '至' || r == '到':
			toks = append(toks, token{kind: tokRange})
			i += size
		case isCJK(r):
			if m, n := hanMark(s[i:]); m != nil {
				toks = append(toks, token{kind: tokCur, mark: m})
				i += n
				continue
			}
			toks = append(toks, token{kind: tokWord, text: string(r)})
			i += size
		case unicode.IsLetter(r):
			j := i
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r2) || isCJK(r2) {
					break
				}
				j += n
			}
			t, end := wordToken(s, i, j)
			toks = append(toks, t)
			i = end
		default:
			if m, ok := symbolMarks[r]; ok {
				toks = append(toks, token{kind: tokCur, mark: m})
			} else {
				toks = append(toks, token{kind: tokPunct, text: string(r)})
			}
			i += size
		}
	}
	return toks
}

// wordToken reads the letters s[i:j]: a currency mark (a symbol with a
// letter prefix like "US$" or "S/", an ISO code, an abbreviation like "Ft"
// or "Rs." or a word like "yen"), a range "to", or a word.
func wordToken(s string, i, j int) (token, int) {
	run := s[i:j]
	if j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if m, ok := prefixedMarks[run+string(r)]; ok {
			end := j + n
			if run+string(r) == "S/" && end < len(s) && s[end] == '.' {
				end++ // "S/. 20"
			}
			return token{kind: tokCur, mark: m}, end
		}
	}
	if code, ok := currencyCodes[run]; ok {
		return token{kind: tokCur, mark: &currencyMark{code: code, rank: rankCode}}, j
	}
	if m, ok := abbrevMarks[run]; ok {
		if j < len(s) && s[j] == '.' {
			j++ // "Rs. 500", "Fr. 20"
		}
		return token{kind: tokCur, mark: m}, j
	}
	lower := strings.ToLower(run)
	if m, ok := wordMarks[lower]; ok {
		return token{kind: tokCur, mark: m}, j
	}
	if lower == "to" {
		return token{kind: tokRange}, j
	}
	return token{kind: tokWord, text: lower}, j
}

// numberToken reads the number at s[i:] (an ASCII digit) with its
// multiplier, and decides from its neighbours whether it is an amount.
func numberToken(s string, i int, before []token) (token, int) {
	cents, end, plain, ok := readNumber(s, i)
	t := token{kind: tokNum, cents: cents, skip: !ok}
	// A multiplier right after the digits: 150k, 1万, 3千.
	if end < len(s) {
		rest := s[end:]
		switch {
		case (rest[0] == 'k' || rest[0] == 'K') && !startsLetter(rest[1:]):
			t.cents, end, plain = mul(t.cents, 1_000), end+1, false
		case strings.HasPrefix(rest, "百万") || strings.HasPrefix(rest, "百萬"):
			t.cents, end, plain = mul(t.cents, 1_000_000), end+len("百万"), false
		case strings.HasPrefix(rest, "万") || strings.HasPrefix(rest, "萬"):
			t.cents, end, plain = mul(t.cents, 10_000), end+len("万"), false
		case strings.HasPrefix(rest, "千"):
			t.cents, end, plain = mul(t.cents, 1_000), end+len("千"), false
		case strings.HasPrefix(rest, "亿") || strings.HasPrefix(rest, "億"):
			t.cents, end, plain = mul(t.cents, 100_000_000), end+len("亿"), false
		}
	}
	// "1.5 million", "5 thousand".
	if w, n := nextWord(s, end); w == "million" || w == "mil" || w == "mn" {
		t.cents, end, plain = mul(t.cents, 1_000_000), n, false
	} else if w == "thousand" {
		t.cents, end, plain = mul(t.cents, 1_000), n, false
	}
	if t.cents < 0 || t.cents > maxAmount*100 {
		t.cents, t.skip = 0, true
	}
	if countsSomething(s, end) {
		t.skip = true
	}
	if n := len(before); n > 0 {
		prev := before[n-1]
		switch {
		case prev.kind == tokWord && skipAfterWords[prev.text]:
			t.skip = true
		case prev.kind == tokPunct && (prev.text == "#" || prev.text == "+" || prev.text == "×" || prev.text == ":" || prev.text == "№"):
			t.skip = true
		}
		if plain && t.cents >= 1900_00 && t.cents <= 2100_00 &&
			(prev.kind == tokWord && yearWords[prev.text] || prev.kind == tokPunct && prev.text == "(") {
			t.year = true
		}
	}
	return t, end
}

// readNumber reads digits with thousands separators and up to two decimals
// at s[i:]. It returns the amount in cents, the end offset, whether the
// number was digits only, and false when it is too large to be a price.
func readNumber(s string, i int) (cents int64, end int, plain, ok bool) {
	ok, plain = true, true
	var whole int64
	j := i
	group := 0 // digits in the current group
	for j < len(s) && isDigit(s[j]) {
		whole, ok = addDigit(whole, s[j], ok)
		j++
		group++
	}
	var thousands byte // the thousands separator once seen
	frac, fracDigits := int64(0), 0
	for j < len(s) {
		sep, sepLen := s[j], 1
		switch {
		case sep == ',' || sep == '.' || sep == ' ':
		default:
			sep = 0
			for _, sp := range []string{"\u00a0", "\u202f", "\u2009"} {
				if strings.HasPrefix(s[j:], sp) {
					sep, sepLen = ' ', len(sp)
				}
			}
		}
		if sep == 0 {
			break
		}
		k := j + sepLen
		m := 0
		for k+m < len(s) && isDigit(s[k+m]) {
			m++
		}
		if m == 3 && group <= 3 && (thousands == 0 || thousands == sep) {
			for _, d := range []byte(s[k : k+3]) {
				whole, ok = addDigit(whole, d, ok)
			}
			thousands, group, plain = sep, 3, false
			j = k + 3
			continue
		}
		if (sep == ',' || sep == '.') && (m == 1 || m == 2) && sep != thousands {
			for _, d := range []byte(s[k : k+m]) {
				frac = frac*10 + int64(d-'0')
			}
			fracDigits, plain = m, false
			j = k + m
		}
		break
	}
	if fracDigits == 1 {
		frac *= 10
	}
	if !ok || whole > maxAmount {
		return 0, j, false, false
	}
	return whole*100 + frac, j, plain, true
}

func addDigit(n int64, d byte, ok bool) (int64, bool) {
	if !ok || n > maxAmount {
		return n, false
	}
	return n*10 + int64(d-'0'), true
}

func mul(cents, by int64) int64 {
	if cents > maxAmount*100/by {
		return -1
	}
	return cents * by
}

// countsSomething reports whether what follows a number at s[i:] shows it
// counts or times something: a unit word ("people", "beds", "pm"), a
// "4-bed" hyphen, a Chinese measure word (人, 晚, 间, 星…), %, ° or a time's
// colon.
func countsSomething(s string, i int) bool {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i < len(s) && s[i] == '-' {
		i++ // "4-bed"
	}
	rest := s[i:]
	if rest == "" {
		return false
	}
	if rest[0] == ':' && len(rest) > 1 && isDigit(rest[1]) {
		return true
	}
	for _, p := range []string{"%", "％", "°"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	r, _ := utf8.DecodeRuneInString(rest)
	if isCJK(r) {
		if m, _ := hanMark(rest); m != nil {
			return false
		}
		for _, u := range hanUnits {
			if strings.HasPrefix(rest, u) {
				return true
			}
		}
		return false
	}
	w, j := nextWord(s, i)
	if w == "" {
		return false
	}
	if t, _ := wordToken(s, i, j); t.kind == tokCur {
		return false // "1.500 Ft" is forints, not feet
	}
	return unitWords[w]
}

// nextWord returns the lower-cased letters after the spaces at s[i:] and
// the offset after them.
func nextWord(s string, i int) (string, int) {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	j := i
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if !unicode.IsLetter(r) || isCJK(r) {
			break
		}
		j += n
	}
	return strings.ToLower(s[i:j]), j
}

func startsLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return s != "" && unicode.IsLetter(r)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isSpace(r rune) bool { return unicode.IsSpace(r) || r == '\u200b' || r == '\ufeff' }

// isCJK reports Han, Hangul, kana and Thai letters, which run together
// without spaces: their marks and measure words are found by prefix.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana, unicode.Thai)
}

// priceAmounts groups the numbers of toks into ranges, applies currency
// marks and returns the amounts in the price's currency, with that
// currency.
func priceAmounts(toks []token, currency string) ([]int64, string) {
	type group struct {
		nums       []int
		skip, year bool
		code       string // resolved currency; "" with unresolved marks or none
		marked     bool   // some mark applies
	}
	var groups []*group
	for k, t := range toks {
		if t.kind != tokNum {
			continue
		}
		joined := len(groups) > 0 && (k >= 2 && toks[k-1].kind == tokRange && toks[k-2].kind == tokNum ||
			k >= 3 && toks[k-1].kind == tokCur && toks[k-2].kind == tokRange && toks[k-3].kind == tokNum)
		if !joined {
			groups = append(groups, &group{})
		}
		g := groups[len(groups)-1]
		g.nums = append(g.nums, k)
		// Numbers side by side with only spaces between are a phone
		// number or a code, not prices: "+86 28 8322 2271".
		beside := k > 0 && toks[k-1].kind == tokNum || k+1 < len(toks) && toks[k+1].kind == tokNum
		g.skip = g.skip || t.skip || beside
		g.year = g.year || t.year
	}
	primary := ""
	for _, g := range groups {
		bestRank := -1
		for _, k := range g.nums {
			for _, at := range []int{k - 1, k + 1} {
				if at < 0 || at >= len(toks) || toks[at].kind != tokCur {
					continue
				}
				g.marked = true
				if code, rank := toks[at].mark.resolve(currency); code != "" && rank > bestRank {
					g.code, bestRank = code, rank
				}
			}
		}
		if primary == "" && !g.skip && g.code != "" {
			primary = g.code
		}
	}
	if primary == "" {
		return nil, ""
	}
	var out []int64
	for _, g := range groups {
		switch {
		case g.skip:
		case g.marked && g.code != primary:
		case !g.marked && g.year:
		default:
			for _, k := range g.nums {
				out = append(out, toks[k].cents)
			}
		}
	}
	return out, primary
}

// isFreeText reports whether a price text without amounts says the place
// is free: the words free, gratis or "no charge"/"no fee", or 免费, 不收费,
// 无料, 무료 and their variants.
func isFreeText(text string, toks []token) bool {
	for k, t := range toks {
		if t.kind != tokWord {
			continue
		}
		switch t.text {
		case "free", "gratis", "gratuit", "kostenlos":
			return true
		case "charge", "fee":
			if k > 0 && toks[k-1].kind == tokWord && toks[k-1].text == "no" {
				return true
			}
		}
	}
	for _, w := range freeWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// freeWords say "free" in scripts written without spaces.
var freeWords = []string{"免费", "免費", "不收费", "不收費", "免门票", "免門票", "無料", "无料", "무료", "ฟรี"}

// Currency mark ranks: an ISO code beats an unambiguous symbol or word,
// which beats an ambiguous one.
const (
	rankAmbiguous = iota
	rankSymbol
	rankCode
)

// currencyMark is what a currency symbol, code or word means: one currency
// (code), or for an ambiguous mark the currencies it may stand for (cands)
// and the one it stands for elsewhere (def, "" when there is none).
type currencyMark struct {
	code  string
	cands []string
	def   string
	rank  int
}

// resolve returns the currency the mark means where currency is the
// country's, with its rank; "" when it cannot tell.
func (m *currencyMark) resolve(currency string) (string, int) {
	switch {
	case m.code != "":
		return m.code, m.rank
	case currency == "":
		return "", 0
	case slices.Contains(m.cands, currency):
		return currency, rankAmbiguous
	}
	return m.def, rankAmbiguous
}

func sym(code string) *currencyMark { return &currencyMark{code: code, rank: rankSymbol} }

func amb(def string, cands ...string) *currencyMark { return &currencyMark{cands: cands, def: def} }

var (
	dollarMark = amb("USD", "USD", "AUD", "CAD", "NZD", "HKD", "SGD", "TWD", "MXN", "ARS", "CLP", "COP", "UYU", "CUP",
		"DOP", "BSD", "BBD", "BZD", "BMD", "BND", "FJD", "GYD", "JMD", "KYD", "LRD", "NAD", "SBD", "SRD", "TTD", "XCD",
		"TOP", "WST")
	yenMark      = amb("JPY", "CNY", "JPY")
	poundMark    = amb("GBP", "GBP", "EGP", "LBP", "SYP", "GIP", "FKP", "SDG", "SSP")
	rupeeMark    = amb("INR", "INR", "PKR", "LKR", "NPR", "MUR", "SCR")
	rialMark     = amb("", "IRR", "SAR", "OMR", "QAR", "YER")
	kronaMark    = amb("", "SEK", "NOK", "DKK", "ISK")
	kroneMark    = amb("", "NOK", "DKK")
	yuanMark     = amb("CNY", "CNY", "TWD", "HKD", "MOP")
	kuaiMark     = amb("CNY", "CNY", "TWD")
	pesoMark     = amb("", "PHP", "MXN", "ARS", "CLP", "COP", "UYU", "CUP", "DOP")
	francMark    = amb("", "CHF", "XOF", "XAF", "XPF", "KMF", "GNF", "RWF", "BIF", "DJF", "CDF")
	dirhamMark   = amb("", "AED", "MAD")
	dinarMark    = amb("", "RSD", "MKD", "DZD", "TND", "LYD", "JOD", "KWD", "BHD", "IQD")
	manatMark    = amb("", "AZN", "TMT")
	shillingMark = amb("", "KES", "TZS", "UGX", "SOS")
	kwachaMark   = amb("", "ZMW", "MWK")
	somMark      = amb("", "KGS", "UZS")
	leiMark      = amb("RON", "RON", "MDL")
	cfaMark      = amb("", "XOF", "XAF")
)

// symbolMarks are one-character currency symbols.
var symbolMarks = map[rune]*currencyMark{
	'$': dollarMark, '＄': dollarMark, '€': sym("EUR"), '£': poundMark, '￡': poundMark, '¥': yenMark, '￥': yenMark,
	'₩': sym("KRW"), '￦': sym("KRW"), '₫': sym("VND"), '฿': sym("THB"), '₹': sym("INR"), '₺': sym("TRY"),
	'₽': sym("RUB"), '₴': sym("UAH"), '₪': sym("ILS"), '₦': sym("NGN"), '₮': sym("MNT"), '₭': sym("LAK"),
	'៛': sym("KHR"), '₸': sym("KZT"), '₾': sym("GEL"), '₼': sym("AZN"), '֏': sym("AMD"), '₲': sym("PYG"),
	'₡': sym("CRC"), '₵': sym("GHS"), '৳': sym("BDT"), '₨': rupeeMark, '﷼': rialMark, '₱': sym("PHP"),
}

// prefixedMarks are symbols with a letter prefix that says whose they are.
var prefixedMarks = map[string]*currencyMark{
	"US$": sym("USD"), "A$": sym("AUD"), "AU$": sym("AUD"), "C$": amb("CAD", "CAD", "NIO"), "CA$": sym("CAD"),
	"CAN$": sym("CAD"), "Can$": sym("CAD"), "NZ$": sym("NZD"), "HK$": sym("HKD"), "S$": sym("SGD"), "SG$": sym("SGD"),
	"NT$": sym("TWD"), "R$": sym("BRL"), "MX$": sym("MXN"), "Mex$": sym("MXN"), "B$": amb("BND", "BND", "BSD"),
	"MOP$": sym("MOP"), "RD$": sym("DOP"), "J$": sym("JMD"), "TT$": sym("TTD"), "EC$": sym("XCD"), "BZ$": sym("BZD"),
	"N$": sym("NAD"), "FJ$": sym("FJD"), "WS$": sym("WST"), "T$": sym("TOP"), "Bds$": sym("BBD"),
	"CN¥": sym("CNY"), "RMB¥": sym("CNY"), "JP¥": sym("JPY"), "J¥": sym("JPY"), "CN￥": sym("CNY"),
	"E£": sym("EGP"), "L£": sym("LBP"), "S£": sym("SYP"), "GH₵": sym("GHS"), "S/": sym("PEN"),
}

// abbrevMarks are case-sensitive abbreviations; a "." after them is part of
// the mark.
var abbrevMarks = map[string]*currencyMark{
	"Ft": sym("HUF"), "Kč": sym("CZK"), "zł": sym("PLN"), "kr": kronaMark, "Kr": kronaMark, "Rp": sym("IDR"),
	"RM": sym("MYR"), "Rs": rupeeMark, "Dhs": dirhamMark, "Dh": dirhamMark, "DH": dirhamMark, "lv": sym("BGN"),
	"лв": sym("BGN"), "TL": sym("TRY"), "Fr": amb("CHF", "CHF", "XOF", "XAF", "XPF", "KMF", "GNF", "RWF", "BIF", "DJF", "CDF"),
	"SFr": sym("CHF"), "kn": sym("HRK"), "din": sym("RSD"), "руб": sym("RUB"), "грн": sym("UAH"), "đ": sym("VND"),
	"R": amb("", "ZAR"), "Bs": amb("", "BOB", "VES"), "Br": amb("", "ETB", "BYN"), "KSh": sym("KES"), "Ksh": sym("KES"),
	"TSh": sym("TZS"), "USh": sym("UGX"), "Tk": sym("BDT"), "Kz": sym("AOA"), "CFA": cfaMark, "FCFA": cfaMark,
}

// wordMarks are currency names, matched lower-cased.
var wordMarks = map[string]*currencyMark{
	"yen": sym("JPY"), "yuan": sym("CNY"), "renminbi": sym("CNY"), "rmb": sym("CNY"), "kuai": kuaiMark,
	"euro": sym("EUR"), "euros": sym("EUR"), "dollar": dollarMark, "dollars": dollarMark, "baht": sym("THB"),
	"dong": sym("VND"), "đồng": sym("VND"), "won": sym("KRW"), "ringgit": sym("MYR"), "rupiah": sym("IDR"),
	"rupee": rupeeMark, "rupees": rupeeMark, "peso": pesoMark, "pesos": pesoMark, "pound": poundMark,
	"pounds": poundMark, "quid": sym("GBP"), "franc": francMark, "francs": francMark, "krona": sym("SEK"),
	"kronor": sym("SEK"), "krone": kroneMark, "kroner": kroneMark, "króna": sym("ISK"), "krónur": sym("ISK"),
	"forint": sym("HUF"), "forints": sym("HUF"), "koruna": sym("CZK"), "korun": sym("CZK"), "zloty": sym("PLN"),
	"złoty": sym("PLN"), "zlotys": sym("PLN"), "złotych": sym("PLN"), "lira": sym("TRY"), "liras": sym("TRY"),
	"lei": leiMark, "leu": leiMark, "lev": sym("BGN"), "leva": sym("BGN"), "kuna": sym("HRK"), "dirham": dirhamMark,
	"dirhams": dirhamMark, "dinar": dinarMark, "dinars": dinarMark, "shekel": sym("ILS"), "shekels": sym("ILS"),
	"rand": sym("ZAR"), "reais": sym("BRL"), "kip": sym("LAK"), "riel": sym("KHR"), "riels": sym("KHR"),
	"kyat": sym("MMK"), "kyats": sym("MMK"), "taka": sym("BDT"), "tugrik": sym("MNT"), "tögrög": sym("MNT"),
	"hryvnia": sym("UAH"), "hryvnias": sym("UAH"), "ruble": sym("RUB"), "rubles": sym("RUB"), "rouble": sym("RUB"),
	"roubles": sym("RUB"), "tenge": sym("KZT"), "lari": sym("GEL"), "dram": sym("AMD"), "manat": manatMark,
	"soles": sym("PEN"), "colones": sym("CRC"), "quetzal": sym("GTQ"), "quetzales": sym("GTQ"),
	"bolivianos": sym("BOB"), "shilling": shillingMark, "shillings": shillingMark, "cedi": sym("GHS"),
	"cedis": sym("GHS"), "naira": sym("NGN"), "birr": sym("ETB"), "kwacha": kwachaMark, "kina": sym("PGK"),
	"rial": rialMark, "riyal": rialMark, "rials": rialMark, "riyals": rialMark, "afghani": sym("AFN"),
	"afghanis": sym("AFN"), "som": somMark, "ngultrum": sym("BTN"), "rufiyaa": sym("MVR"), "pataca": sym("MOP"),
	"patacas": sym("MOP"), "lempira": sym("HNL"), "lempiras": sym("HNL"), "córdoba": sym("NIO"),
	"córdobas": sym("NIO"), "guaraní": sym("PYG"), "guaraníes": sym("PYG"),
}

// hanMarkEntry is a currency name written in Han, Hangul or Thai script.
type hanMarkEntry struct {
	text string
	mark *currencyMark
}

// hanMarks are the currency names of scripts written without spaces,
// longest first so that 日元 is read before 元.
var hanMarks = func() []hanMarkEntry {
	m := map[string]*currencyMark{
		"人民币": sym("CNY"), "人民幣": sym("CNY"), "日元": sym("JPY"), "日圆": sym("JPY"), "日圓": sym("JPY"),
		"日币": sym("JPY"), "日幣": sym("JPY"), "円": sym("JPY"), "美元": sym("USD"), "美金": sym("USD"),
		"欧元": sym("EUR"), "歐元": sym("EUR"), "英镑": sym("GBP"), "英鎊": sym("GBP"), "港元": sym("HKD"),
		"港币": sym("HKD"), "港幣": sym("HKD"), "澳门元": sym("MOP"), "澳門元": sym("MOP"), "澳门币": sym("MOP"),
		"澳門幣": sym("MOP"), "葡币": sym("MOP"), "葡幣": sym("MOP"), "新台币": sym("TWD"), "新台幣": sym("TWD"),
		"台币": sym("TWD"), "台幣": sym("TWD"), "韩元": sym("KRW"), "韓元": sym("KRW"), "韩币": sym("KRW"),
		"韓幣": sym("KRW"), "泰铢": sym("THB"), "泰銖": sym("THB"), "越南盾": sym("VND"), "越盾": sym("VND"),
		"新加坡元": sym("SGD"), "新币": sym("SGD"), "新幣": sym("SGD"), "马币": sym("MYR"), "馬幣": sym("MYR"),
		"令吉": sym("MYR"), "林吉特": sym("MYR"), "印尼盾": sym("IDR"), "卢布": sym("RUB"), "盧布": sym("RUB"),
		"澳元": sym("AUD"), "澳币": sym("AUD"), "澳幣": sym("AUD"), "加元": sym("CAD"), "加币": sym("CAD"),
		"加幣": sym("CAD"), "瑞士法郎": sym("CHF"), "卢比": rupeeMark, "盧比": rupeeMark, "比索": pesoMark,
		"元": yuanMark, "圆": yuanMark, "圓": yuanMark, "块": kuaiMark, "塊": kuaiMark,
		"원": sym("KRW"), "บาท": sym("THB"),
	}
	out := make([]hanMarkEntry, 0, len(m))
	for text, mark := range m {
		out = append(out, hanMarkEntry{text, mark})
	}
	slices.SortFunc(out, func(a, b hanMarkEntry) int {
		return cmp.Or(cmp.Compare(len(b.text), len(a.text)), strings.Compare(a.text, b.text))
	})
	return out
}()

// hanMark returns the currency name s starts with and its length.
func hanMark(s string) (*currencyMark, int) {
	for _, h := range hanMarks {
		if strings.HasPrefix(s, h.text) {
			return h.mark, len(h.text)
		}
	}
	return nil, 0
}

// unitWords follow numbers that count or time something.
var unitWords = setOf("people", "person", "persons", "pers", "pax", "adult", "adults", "child", "children", "kid", "kids",
	"guest", "guests", "bed", "beds", "bedded", "bunk", "bunks", "room", "rooms", "night", "nights", "day", "days", "hour",
	"hours", "hr", "hrs", "h", "min", "mins", "minute", "minutes", "km", "m", "mi", "ft", "am", "pm", "year", "years",
	"yr", "yrs", "yo", "star", "stars", "floor", "floors", "storey", "storeys", "st", "nd", "rd", "th", "course",
	"courses", "dish", "dishes", "piece", "pieces", "pcs", "kg", "g", "ml", "l", "cl", "x", "seat", "seats",
	"percent", "week", "weeks", "month", "months", "dorm", "dorms", "bedroom", "bedrooms", "berth", "berths")

// hanUnits are measure words that follow counts in Chinese.
var hanUnits = []string{"人", "位", "晚", "夜", "天", "日", "小时", "小時", "分钟", "分鐘", "间", "間", "床", "星", "楼", "樓",
	"层", "層", "岁", "歲", "号", "號", "点", "點", "次", "张", "張", "份", "个", "個", "公里", "米", "折", "周", "週", "年",
	"月", "路", "名", "泊", "박", "명"}

// skipAfterWords precede numbers that are not amounts: "per 2 hours",
// "for 4", "under 12", "bus 5", "第3".
var skipAfterWords = setOf("per", "for", "under", "over", "age", "ages", "aged", "no", "bus", "line", "route", "tram",
	"gate", "exit", "platform", "first", "every", "than", "up", "x", "第", "满", "滿", "sleeps")

// yearWords precede years: "as of 2024", "in 2023".
var yearWords = setOf("in", "since", "of", "until", "till", "year", "updated", "checked", "prices")

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// PriceReader reads listing prices with ParsePrice and country currencies
// with CountryCurrency, as a value for wiring into tools that price places
// from guides. The zero value is ready to use.
type PriceReader struct{}

// ReadPrice returns the lowest and highest amount of a price text (see
// ParsePrice); a free place reads as two zero amounts.
func (PriceReader) ReadPrice(text, currency string) (lo, hi orchestrator.Money, ok bool) {
	r, ok := ParsePrice(text, currency)
	return r.Min, r.Max, ok
}

// CountryCurrency returns the currency of an ISO 3166-1 alpha-2 country
// (see CountryCurrency).
func (PriceReader) CountryCurrency(country string) string { return CountryCurrency(country) }
