package templates

import (
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// clean makes a string from a plan safe to lay out: invalid UTF-8 is
// replaced, control characters become spaces and bidirectional controls
// (embeddings, overrides, isolates and the LRM/RLM/ALM marks) are dropped so
// a name cannot reorder the text around it. Escaping for the output format
// is the caller's job.
func clean(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case isBidiControl(r):
			continue
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r):
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

// isPlain reports whether s needs no cleaning (the common case, checked
// without allocating).
func isPlain(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || isBidiControl(r) || unicode.IsControl(r) {
			return false
		}
		i += n
	}
	return len(s) == 0 || (s[0] != ' ' && s[len(s)-1] != ' ')
}

func isBidiControl(r rune) bool {
	switch {
	case r == 0x061C, r == 0x200E, r == 0x200F:
		return true
	case r >= 0x202A && r <= 0x202E:
		return true
	case r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// safeURL returns u when it is an absolute http or https URL without
// credentials, and "" otherwise, so that javascript:, data: and relative
// links from a plan never become links.
func safeURL(u string) string {
	u = strings.TrimSpace(u)
	if u == "" || len(u) > 2048 {
		return ""
	}
	p, err := url.Parse(u)
	if err != nil || p.Host == "" || p.User != nil {
		return ""
	}
	switch strings.ToLower(p.Scheme) {
	case "http", "https":
		return p.String()
	}
	return ""
}

// money formats m as "1,234.56 CNY".
func money(m orchestrator.Money) string {
	c := m.Cents
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	whole := strconv.FormatInt(c/100, 10)
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	b.WriteByte('.')
	frac := c % 100
	b.WriteByte(byte('0' + frac/10))
	b.WriteByte(byte('0' + frac%10))
	if cur := clean(m.Currency); cur != "" {
		b.WriteByte(' ')
		b.WriteString(cur)
	}
	return b.String()
}

// fnum formats f with at most prec decimals, trailing zeros removed.
func fnum(f float64, prec int) string {
	s := strconv.FormatFloat(f, 'f', prec, 64)
	if strings.IndexByte(s, '.') >= 0 {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// clockMinutes parses "HH:MM" into minutes after midnight.
func clockMinutes(s string) (int, bool) {
	m, ok := orchestrator.ParseClock(s)
	if !ok || len(s) != 5 || m >= 1440 {
		return 0, false
	}
	return m, true
}

// mdEscape escapes s for Markdown inline text: the characters that start
// emphasis, code, links, raw HTML, entities and table cells are
// backslash-escaped, so text from a plan stays text.
func mdEscape(s string) string {
	s = clean(s)
	if !strings.ContainsAny(s, "\\`*_[]<>|&~!#") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '&', '~', '!', '#':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

var mdURLReplacer = strings.NewReplacer("<", "%3C", ">", "%3E", " ", "%20", "(", "%28", ")", "%29", "\\", "%5C")

// mdURL makes a safe URL fit a Markdown link destination.
func mdURL(u string) string { return mdURLReplacer.Replace(u) }
