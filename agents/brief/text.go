package brief

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// cleanText applies NFKC (full-width forms, ligatures, compatibility
// characters), drops control, format (zero-width, bidi) and private-use
// characters, and collapses white space.
func cleanText(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, " ")
	}
	if !isASCII(s) {
		s = norm.NFKC.String(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r > ' ' && r < 0x7f || isHan(r): // printable ASCII, Han: kept as they are
		case r == '\n' || r == '\t' || r == '\r' || unicode.IsSpace(r):
			space = true
			continue
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || r == utf8.RuneError ||
			unicode.Is(unicode.Variation_Selector, r):
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// lowerASCII lower-cases ASCII letters only, so byte offsets stay valid.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func isHan(r rune) bool {
	return r >= 0x3400 && r <= 0x9fff || r >= 0xf900 && r <= 0xfaff || r >= 0x20000 && r <= 0x2ffff
}

// tokKind classifies a token.
type tokKind uint8

const (
	tWord  tokKind = iota // Latin letters/digits, apostrophes inside
	tHan                  // a run of Han characters
	tPunct                // any other single character
)

// token is a piece of the cleaned text with its byte span.
type token struct {
	kind       tokKind
	start, end int
	text       string // as written
	low        string // lower-cased (ASCII) form of text
	cap        bool   // starts with an upper-case letter
	allCaps    bool   // has letters, all upper-case
}

// tokenizeLow splits s into words, Han runs and single punctuation marks;
// low is s lower-cased by lowerASCII (the tokens' low fields are slices of
// it).
func tokenizeLow(s, low string) []token {
	toks := make([]token, 0, len(s)/4+4)
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == ' ':
			i += n
		case isHan(r):
			j := i + n
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !isHan(r2) {
					break
				}
				j += n2
			}
			toks = append(toks, token{kind: tHan, start: i, end: j, text: s[i:j], low: s[i:j]})
			i = j
		case r < utf8.RuneSelf && !isWordByte(byte(r)):
			toks = append(toks, token{kind: tPunct, start: i, end: i + n, text: s[i : i+n], low: s[i : i+n]})
			i += n
		case r < utf8.RuneSelf || unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i + n
			for j < len(s) {
				if c := s[j]; c < utf8.RuneSelf && c != '\'' {
					if !isWordByte(c) {
						break
					}
					j++
					continue
				}
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if unicode.IsLetter(r2) && !isHan(r2) || unicode.IsDigit(r2) || unicode.Is(unicode.Mn, r2) {
					j += n2
					continue
				}
				if (r2 == '\'' || r2 == '\u2019') && j+n2 < len(s) {
					r3, _ := utf8.DecodeRuneInString(s[j+n2:])
					if unicode.IsLetter(r3) && !isHan(r3) {
						j += n2
						continue
					}
				}
				break
			}
			w := s[i:j]
			t := token{kind: tWord, start: i, end: j, text: w, low: low[i:j]}
			t.cap = 'A' <= r && r <= 'Z' || r >= utf8.RuneSelf && unicode.IsUpper(r)
			t.allCaps = t.cap
			for k := 0; k < len(w) && t.allCaps; k++ {
				if c := w[k]; 'a' <= c && c <= 'z' {
					t.allCaps = false
				} else if c >= utf8.RuneSelf {
					for _, c := range w[k:] {
						if unicode.IsLower(c) {
							t.allCaps = false
							break
						}
					}
					break
				}
			}
			toks = append(toks, t)
			i = j
		default:
			toks = append(toks, token{kind: tPunct, start: i, end: i + n, text: s[i : i+n], low: s[i : i+n]})
			i += n
		}
	}
	return toks
}

// Chinese numerals.
var cnDigit = map[rune]int{'零': 0, '〇': 0, '一': 1, '二': 2, '两': 2, '俩': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}

// parseCNNumber parses a Chinese numeral (三, 十五, 两千五, 一万五千, 1万5)
// at the start of s. It returns the value and the bytes consumed (0 when
// there is no numeral). Mixed forms such as "1.5万" are handled by
// parseNumber.
func parseCNNumber(s string) (float64, int) {
	total, section, digit := 0.0, 0.0, -1.0
	lastUnit := 0.0
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if d, ok := cnDigit[r]; ok {
			if digit >= 0 { // 二零二六 style: read digit by digit
				digit = digit*10 + float64(d)
			} else {
				digit = float64(d)
			}
			i += n
			continue
		}
		unit := 0.0
		switch r {
		case '十':
			unit = 10
		case '百':
			unit = 100
		case '千':
			unit = 1000
		case '万':
			unit = 10000
		case '亿':
			unit = 1e8
		}
		if unit == 0 {
			break
		}
		if unit >= 10000 {
			if digit >= 0 {
				section += digit
			}
			if section == 0 {
				section = 1
			}
			total += section * unit
			section, digit = 0, -1
		} else {
			if digit < 0 {
				digit = 1
			}
			section += digit * unit
			digit = -1
		}
		lastUnit = unit
		i += n
	}
	if i == 0 {
		return 0, 0
	}
	if digit >= 0 {
		// 两千五 = 2500, 一万五 = 15000: a trailing digit counts in the next
		// lower unit.
		switch {
		case lastUnit >= 10000 && section == 0:
			digit *= lastUnit / 10
		case lastUnit >= 100 && lastUnit < 10000:
			digit *= lastUnit / 10
		}
		section += digit
	}
	return total + section, i
}

// parseNumber parses a number at the start of s: digits with thousands
// separators and a decimal point ("1,700", "1.5"), a Chinese numeral, and
// a multiplier suffix (k, w, 千, 万). It returns the value, bytes consumed
// and whether a multiplier was present.
func parseNumber(s string) (v float64, n int, mult bool) {
	if s == "" {
		return 0, 0, false
	}
	if c := s[0]; c < '0' || c > '9' {
		if v, n := parseCNNumber(s); n > 0 {
			return v, n, false
		}
		return 0, 0, false
	}
	i := 0
	intPart := 0.0
	for i < len(s) {
		c := s[i]
		if c >= '0' && c <= '9' {
			intPart = intPart*10 + float64(c-'0')
			i++
			continue
		}
		// a thousands separator: comma followed by exactly three digits
		if c == ',' && i+4 <= len(s) && allDigits(s[i+1:i+4]) && (i+4 == len(s) || s[i+4] < '0' || s[i+4] > '9') {
			i++
			continue
		}
		break
	}
	v = intPart
	if i+1 < len(s) && s[i] == '.' && s[i+1] >= '0' && s[i+1] <= '9' {
		j := i + 1
		scale := 0.1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			v += float64(s[j]-'0') * scale
			scale /= 10
			j++
		}
		i = j
	}
	// multiplier
	rest := s[i:]
	switch {
	case strings.HasPrefix(rest, "万"):
		v *= 10000
		i += len("万")
		mult = true
		// 1万5 = 15000
		if r, sz := utf8.DecodeRuneInString(s[i:]); r >= '0' && r <= '9' && (i+sz == len(s) || s[i+sz] < '0' || s[i+sz] > '9') {
			v += float64(r-'0') * 1000
			i += sz
		} else if d, ok := cnDigit[r]; ok {
			v += float64(d) * 1000
			i += sz
		}
	case strings.HasPrefix(rest, "千"):
		v *= 1000
		i += len("千")
		mult = true
	case wordMultiplier(rest, "million") > 0 || wordMultiplier(rest, "mln") > 0:
		v *= 1000000
		i += max(wordMultiplier(rest, "million"), wordMultiplier(rest, "mln"))
		mult = true
	case wordMultiplier(rest, "thousand") > 0:
		v *= 1000
		i += wordMultiplier(rest, "thousand")
		mult = true
	case len(rest) > 0 && (rest[0] == 'k' || rest[0] == 'K') && (len(rest) == 1 || !isLetterByte(rest[1])):
		v *= 1000
		i++
		mult = true
	case len(rest) > 0 && (rest[0] == 'w' || rest[0] == 'W') && (len(rest) == 1 || !isLetterByte(rest[1])):
		v *= 10000
		i++
		mult = true
	}
	return v, i, mult
}

// wordMultiplier returns the length of an English multiplier word w at the
// start of rest, after at most one space ("1.5 million", "3 thousand"), as
// a whole word in any case, or 0.
func wordMultiplier(rest, w string) int {
	j := 0
	if j < len(rest) && rest[j] == ' ' {
		j++
	}
	if len(rest)-j < len(w) || !strings.EqualFold(rest[j:j+len(w)], w) {
		return 0
	}
	if k := j + len(w); k < len(rest) && isLetterByte(rest[k]) {
		return 0
	}
	return j + len(w)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isLetterByte(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// englishNumbers maps number words to values.
var englishNumbers = map[string]int{
	"a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
	"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
	"thirty": 30, "couple": 2, "pair": 2, "few": 3, "several": 3,
}

// wordNumber returns the value of a number token ("3", "three"), or 0.
func wordNumber(low string) int {
	if allDigits(low) && len(low) <= 4 {
		n := 0
		for i := 0; i < len(low); i++ {
			n = n*10 + int(low[i]-'0')
		}
		return n
	}
	if len(low) == 0 || len(low) > len("seventeen") {
		return 0
	}
	switch low[0] { // the first letters of englishNumbers' words
	case 'a', 'c', 'e', 'f', 'n', 'o', 'p', 's', 't':
		return englishNumbers[low]
	}
	return 0
}

// hasAny reports whether s contains any of subs.
func hasAny(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// runeBefore returns the rune ending at byte i of s, or 0.
func runeBefore(s string, i int) rune {
	if i <= 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r
}

// runeAt returns the rune starting at byte i of s, or 0.
func runeAt(s string, i int) rune {
	if i >= len(s) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r
}

// wordAt reports whether the ASCII phrase w occurs in low at i on word
// boundaries.
func wordAt(low string, i int, w string) bool {
	if !strings.HasPrefix(low[i:], w) {
		return false
	}
	if i > 0 && isWordByte(low[i-1]) {
		return false
	}
	if j := i + len(w); j < len(low) && isWordByte(low[j]) {
		return false
	}
	return true
}

func isWordByte(c byte) bool { return isLetterByte(c) || c >= '0' && c <= '9' }

// findWord returns the byte offsets of every whole-word occurrence of the
// ASCII phrase w in low.
func findWord(low, w string) []int {
	var out []int
	for i := 0; ; {
		j := strings.Index(low[i:], w)
		if j < 0 {
			return out
		}
		j += i
		if wordAt(low, j, w) {
			out = append(out, j)
		}
		i = j + 1
	}
}

// hasWord reports whether any of the ASCII phrases occurs as whole words.
func hasWord(low string, ws ...string) bool {
	for _, w := range ws {
		for i := 0; ; {
			j := strings.Index(low[i:], w)
			if j < 0 {
				break
			}
			if wordAt(low, i+j, w) {
				return true
			}
			i += j + 1
		}
	}
	return false
}

// sentenceBounds returns the start and end of the sentence around byte i.
func sentenceBounds(s string, i int) (int, int) {
	start := 0
	for j := i - 1; j >= 0; j-- {
		c := s[j]
		if c == '.' || c == '!' || c == '?' || c == ';' || c == '\n' {
			if c == '.' && j > 0 && j+1 < len(s) && (isDigitByte(s[j-1]) && isDigitByte(s[j+1])) {
				continue
			}
			if c == '.' && isAbbrevEnd(s, j) {
				continue
			}
			start = j + 1
			break
		}
		if c >= 0x80 {
			r := runeBefore(s, j+1)
			if r == '。' || r == '！' || r == '？' || r == '；' {
				start = j + 1
				break
			}
		}
	}
	end := len(s)
	for j := i; j < len(s); j++ {
		c := s[j]
		if c == '.' || c == '!' || c == '?' || c == ';' {
			if c == '.' && j > 0 && j+1 < len(s) && isDigitByte(s[j-1]) && isDigitByte(s[j+1]) {
				continue
			}
			if c == '.' && isAbbrevEnd(s, j) {
				continue
			}
			end = j
			break
		}
		if c >= 0x80 {
			r := runeAt(s, j)
			if r == '。' || r == '！' || r == '？' || r == '；' {
				end = j
				break
			}
		}
	}
	return start, end
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// isAbbrevEnd reports whether the '.' at i ends an abbreviation such as
// "St." or "D.C." rather than a sentence.
func isAbbrevEnd(s string, i int) bool {
	j := i
	for j > 0 && isLetterByte(s[j-1]) {
		j--
	}
	w := strings.ToLower(s[j:i])
	switch w {
	case "st", "ste", "mt", "ft", "dr", "mr", "mrs", "ms", "jr", "sr", "vs", "etc", "approx", "no", "u", "s", "d", "c", "a", "e", "p", "m":
		return true
	}
	return false
}

// afterCues calls fn with the byte offset just after each occurrence of
// each cue in s, cue by cue, left to right, until fn returns true.
func afterCues(s string, cues []string, fn func(cue string, j int) (stop bool)) {
	for _, cue := range cues {
		for i := 0; ; {
			j := strings.Index(s[i:], cue)
			if j < 0 {
				break
			}
			j += i + len(cue)
			i = j
			if fn(cue, j) {
				return
			}
		}
	}
}

// capitalisedRun reads the capitalised name starting at token k
// ("Sun Yat-sen Mausoleum", "the Lama Temple" from "Lama"): capitalised
// words, connectors between them ("Temple of Heaven"; "and" only when
// withAnd), hyphenated and apostrophe parts joined to their word. It
// returns the words and the token after them.
func capitalisedRun(toks []token, k int, withAnd bool) ([]string, int) {
	var words []string
	for k < len(toks) {
		t := &toks[k]
		if t.kind == tWord && (t.cap || len(words) > 0 && (withAnd || t.low != "and") && connectors[t.low] && k+1 < len(toks) && toks[k+1].cap) {
			words = append(words, t.text)
			k++
			continue
		}
		if t.kind == tPunct && (t.text == "-" || t.text == "'") && len(words) > 0 && k+1 < len(toks) && toks[k+1].kind == tWord &&
			toks[k-1].end == t.start && t.end == toks[k+1].start { // Senso-ji, not "Bayon - we'll"
			words[len(words)-1] += t.text + toks[k+1].text
			k += 2
			continue
		}
		break
	}
	return words, k
}
