package overpass

import (
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// ParseOpeningHours reads the simple forms of OSM's opening_hours syntax
// into the domain's OpeningHours: rules of weekday ranges and time spans,
// separated by ";" (a later rule replaces the days it names) or by ","
// before a weekday (an additional rule), "off"/"closed", "24/7", spans past
// midnight ("18:00-02:00" or "18:00-26:00"), and "PH" (public holidays),
// which is ignored because holidays are not known here. Anything else —
// months, dates, weeks, school holidays, sunrise, open ends ("17:00+"),
// comments, "||" fallbacks — makes ok false: the hours are then unknown,
// never guessed. Days that no rule opens are closed.
func ParseOpeningHours(s string) (hours []orchestrator.OpeningHours, ok bool) {
	toks, ok := tokenize(s)
	if !ok || len(toks) == 0 {
		return nil, false
	}
	p := &hoursParser{toks: toks}
	if !p.parse() {
		return nil, false
	}
	hours = p.result()
	return hours, len(hours) > 0
}

type spanMin struct{ open, close int } // minutes; close may pass 1440

type hoursParser struct {
	toks []string
	i    int
	days [7][]spanMin // by weekday, 0 = Sunday
	any  bool         // some rule opened some day
}

var weekdays = map[string]int{"Su": 0, "Mo": 1, "Tu": 2, "We": 3, "Th": 4, "Fr": 5, "Sa": 6}

// tokenize splits s into weekdays, PH, times, "-", ",", ";", "off",
// "24/7"; ok is false for any other word.
func tokenize(s string) ([]string, bool) {
	var toks []string
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '-' || c == ',' || c == ';':
			toks = append(toks, string(c))
			i++
		case strings.HasPrefix(s[i:], "24/7"):
			toks = append(toks, "24/7")
			i += 4
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ':') {
				j++
			}
			if _, ok := clock(s[i:j]); !ok {
				return nil, false
			}
			toks = append(toks, s[i:j])
			i = j
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			j := i
			for j < len(s) && (s[j] >= 'A' && s[j] <= 'Z' || s[j] >= 'a' && s[j] <= 'z') {
				j++
			}
			w := s[i:j]
			switch {
			case weekdays[w] != 0 || w == "Su", w == "PH":
			case strings.EqualFold(w, "off") || strings.EqualFold(w, "closed"):
				w = "off"
			default:
				return nil, false
			}
			toks = append(toks, w)
			i = j
		default:
			return nil, false
		}
	}
	return toks, true
}

// clock parses "HH:MM" or "H:MM" (hours up to 48, for spans past
// midnight) to minutes.
func clock(s string) (int, bool) { return orchestrator.ParseClockSpan(s) }

func (p *hoursParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *hoursParser) next() string {
	t := p.peek()
	p.i++
	return t
}

func isDay(t string) bool { _, ok := weekdays[t]; return ok }

// parse reads rules until the end.
func (p *hoursParser) parse() bool {
	additional := false
	for p.i < len(p.toks) {
		if !p.rule(additional) {
			return false
		}
		switch p.next() {
		case "":
			return true
		case ";":
			additional = false
		case ",": // only reached before a weekday: an additional rule
			additional = true
		default:
			return false
		}
	}
	return true
}

// rule reads one rule: [weekdays] (spans | off | 24/7).
func (p *hoursParser) rule(additional bool) bool {
	var days []int
	holidayOnly := false
	if isDay(p.peek()) || p.peek() == "PH" {
		sel, ph, ok := p.daySelector()
		if !ok {
			return false
		}
		days, holidayOnly = sel, ph && len(sel) == 0
	} else {
		days = []int{0, 1, 2, 3, 4, 5, 6}
	}
	switch t := p.peek(); {
	case t == "off":
		p.next()
		if !holidayOnly {
			for _, d := range days {
				p.days[d] = nil
			}
		}
		return true
	case t == "24/7":
		p.next()
		return p.apply(days, []spanMin{{0, 1440}}, additional, holidayOnly)
	case strings.Contains(t, ":"):
		spans, ok := p.spans()
		if !ok {
			return false
		}
		return p.apply(days, spans, additional, holidayOnly)
	}
	return false
}

func (p *hoursParser) apply(days []int, spans []spanMin, additional, holidayOnly bool) bool {
	if holidayOnly {
		return true // hours for public holidays alone: unknowable, ignored
	}
	for _, d := range days {
		if additional {
			p.days[d] = append(p.days[d], spans...)
		} else {
			p.days[d] = slices.Clone(spans)
		}
	}
	p.any = true
	return true
}

// daySelector reads "Mo-Fr,Su,PH"; ph reports whether PH was named.
func (p *hoursParser) daySelector() (days []int, ph, ok bool) {
	for {
		t := p.next()
		switch {
		case t == "PH":
			ph = true
		case isDay(t):
			from := weekdays[t]
			to := from
			if p.peek() == "-" {
				p.next()
				e := p.next()
				if !isDay(e) {
					return nil, false, false
				}
				to = weekdays[e]
			}
			// Ranges wrap over the week's end: Fr-Mo is Fr, Sa, Su, Mo.
			for d := from; ; d = (d + 1) % 7 {
				if !slices.Contains(days, d) {
					days = append(days, d)
				}
				if d == to {
					break
				}
			}
		default:
			return nil, false, false
		}
		if p.peek() != "," {
			return days, ph, true
		}
		// A comma followed by a weekday continues the selector.
		if p.i+1 < len(p.toks) && (isDay(p.toks[p.i+1]) || p.toks[p.i+1] == "PH") {
			p.next()
			continue
		}
		return nil, false, false
	}
}

// spans reads "09:00-12:00,13:00-17:00". A comma followed by a weekday
// ends the list (it starts an additional rule) and is left for parse.
func (p *hoursParser) spans() ([]spanMin, bool) {
	var out []spanMin
	for {
		o, ok1 := clock(p.next())
		dash := p.next()
		c, ok2 := clock(p.next())
		if !ok1 || !ok2 || dash != "-" || o >= 1440 || c > 2880 || c == o {
			return nil, false
		}
		out = append(out, spanMin{o, c})
		if p.peek() != "," {
			return out, true
		}
		if p.i+1 < len(p.toks) && strings.Contains(p.toks[p.i+1], ":") {
			p.next()
			continue
		}
		return out, true
	}
}

// result groups the days by identical spans, ordered by opening time.
func (p *hoursParser) result() []orchestrator.OpeningHours {
	if !p.any {
		return nil
	}
	var week [7][]orchestrator.MinuteSpan
	for d, spans := range p.days {
		for _, sp := range spans {
			week[d] = append(week[d], orchestrator.MinuteSpan{Open: sp.open, Close: sp.close})
		}
	}
	return orchestrator.GroupHours(week)
}
