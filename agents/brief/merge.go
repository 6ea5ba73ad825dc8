package brief

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// merge combines the rules' reading of a request with a model's, field by
// field. The precedence (README, "The language model"):
//
//  1. What the text states and the rules read (named places the gazetteer
//     resolved, dates, durations, the party, a budget and its currency,
//     interests, cuisines, constraints) is kept; a model reading that
//     differs becomes a note naming both readings.
//  2. The model fills what the rules left empty or only assumed (no
//     origin, no destination or one kept as written, no dates, no party,
//     no preferences), each value grounded first: places and date words
//     must appear in the text (or be a gazetteer alias of words in it),
//     interests and cuisines must name a concept with a word in the text,
//     currencies must be ISO 4217, numbers must appear in the text.
//  3. Holiday defaults (a holiday's length as the trip length) come after
//     the text and the model's grounded numbers.
//  4. A number the text does not contain (no "3天", "3 days", "2 adults"
//     with it) is kept only for a field the text leaves open or fills by
//     default (the trip length, the party): listed in Result.Inferred and
//     offered as a choice of the field's question, never written into the
//     brief. A budget is never inferred.
//
// An ungrounded value drops that field alone, with a note. rules is the
// unfinished result of readRules and d its doc; merge returns a finished
// Result.
func (l *llmParser) merge(rules *Result, d *doc, x *extraction, now time.Time) *Result {
	m := &mergeState{l: l, d: d, x: x, now: now}
	m.r = &Result{
		Parser:       ParserLLM,
		Questions:    append([]Question(nil), rules.Questions...),
		Notes:        append([]string(nil), rules.Notes...),
		Places:       append([]Place(nil), rules.Places...),
		CityCount:    rules.CityCount,
		TravelMonth:  rules.TravelMonth,
		Holiday:      rules.Holiday,
		Alternatives: append([]string(nil), rules.Alternatives...),
	}
	m.b = cloneBrief(rules.Brief)
	m.textPlaces()
	m.places()
	m.dates()
	m.people()
	m.budget()
	m.prefs()
	m.b.Places = briefPlaces(&m.b, m.r.Places, l.gaz)
	if len(m.filled) > 0 {
		m.note("the model filled what the rules left open: %s", strings.Join(m.filled, ", "))
	}
	m.r.Inferred = m.inferred
	finish(m.r, m.b, now)
	// an inferred trip length is offered as the answer to the length question
	for _, inf := range m.inferred {
		if inf.Field != "days" {
			continue
		}
		for i := range m.r.Questions {
			if q := &m.r.Questions[i]; q.Field == "dates" || q.Field == "days" {
				q.Choices = append(q.Choices, pick(m.b.Language == "zh", inf.Value+"天", inf.Value+" days"))
			}
		}
	}
	return m.r
}

type mergeState struct {
	l   *llmParser
	d   *doc
	x   *extraction
	now time.Time
	r   *Result
	b   orchestrator.Brief

	// aliases are the gazetteer entries some words of the text stand for
	aliases  map[*gazetteer.Place]bool
	numbers  []numOcc   // every number written in the text
	filled   []string   // fields the model filled
	inferred []Inferred // numbers the model gave that the text does not contain
}

func (m *mergeState) note(format string, args ...any) {
	m.r.Notes = append(m.r.Notes, fmt.Sprintf(format, args...))
}

func (m *mergeState) disagree(field, rules, model string) {
	m.note("%s: the text reads %s, the model %s; the text's reading is kept", field, rules, model)
}

// textPlaces collects the gazetteer entries that words of the text name,
// whatever the rules made of them: the model may resolve an alias (蓉城,
// NYC) the rules passed over.
func (m *mergeState) textPlaces() {
	m.aliases = map[*gazetteer.Place]bool{}
	g := m.l.gaz
	add := func(key string) {
		for _, c := range g.Lookup(key) {
			m.aliases[c.Place] = true
		}
	}
	toks := m.d.toks
	maxHan, maxWords := g.MaxHan(), g.MaxWords()
	for i := 0; i < len(toks); i++ {
		switch toks[i].kind {
		case tHan:
			rs := []rune(toks[i].text)
			for a := 0; a < len(rs); a++ {
				for n := 1; n <= maxHan && a+n <= len(rs); n++ {
					add(string(rs[a : a+n]))
				}
			}
		case tWord:
			var words []string
			for j := i; j < len(toks) && len(words) < maxWords; j++ {
				if toks[j].kind == tPunct && toks[j].text != "." && toks[j].text != "-" {
					break
				}
				if toks[j].kind == tHan {
					break
				}
				if toks[j].kind == tWord {
					words = append(words, toks[j].text)
					add(gazetteer.Key(strings.Join(words, " ")))
				}
			}
		}
	}
}

// groundPlace resolves a place the model named and reports whether the
// text names it: the model's words appear in the text, or the entry it
// resolves to is one the text's words stand for.
func (m *mergeState) groundPlace(name, role string) (Place, bool) {
	name = strings.TrimSpace(name)
	k := gazetteer.Key(name)
	if k == "" {
		return Place{}, false
	}
	inText := strings.Contains(gazetteer.Key(m.d.clean), k)
	if p, ok := m.l.resolvePlace(name, role, m.d); ok {
		if inText {
			return p, true
		}
		for gp := range m.aliases {
			if gp.Name == p.Name && gp.CountryCode == p.CountryCode {
				return p, true
			}
		}
		return Place{}, false
	}
	if inText && !isWishWord(name) {
		return Place{Role: role, Text: name, Name: name}, true
	}
	return Place{}, false
}

// places merges the origin and the destinations.
func (m *mergeState) places() {
	x, b := m.x, &m.b
	if x.Origin != "" {
		p, ok := m.groundPlace(x.Origin, "origin")
		switch {
		case !ok:
			m.note("the model's origin %q does not appear in the request; dropped", x.Origin)
		case b.Origin == "" && slices.ContainsFunc(b.Destinations, func(n string) bool { return samePlace(n, p.Name) }):
			m.note("origin: the model reads %s, which the text names as a destination; not used", p.Name)
		case b.Origin == "":
			b.Origin = p.Name
			m.r.Places = append(m.r.Places, p)
			m.filled = append(m.filled, "origin")
		case !samePlace(b.Origin, p.Name):
			m.disagree("origin", b.Origin, p.Name)
		}
	}
	var got []Place
	seen := map[string]bool{}
	for _, n := range x.Destinations {
		p, ok := m.groundPlace(n, "destination")
		switch {
		case !ok && isWishWord(strings.TrimSpace(n)):
			m.note("the model's destination %q is a wish, not a place; dropped", n)
			continue
		case !ok:
			m.note("the model's destination %q does not appear in the request; dropped", n)
			continue
		}
		if !seen[p.Name] && !samePlace(p.Name, b.Origin) {
			seen[p.Name] = true
			got = append(got, p)
		}
	}
	if len(got) == 0 {
		return
	}
	// the rules' destinations stand unless they are none, or only names kept
	// as written that the model resolved, or a wish's discovered candidates
	weak := len(b.Destinations) == 0
	if !weak && len(m.d.dests) == 0 && len(m.r.Alternatives) == 0 && !m.d.base {
		weak = true
		for _, p := range m.r.Places {
			if p.Role == "destination" && p.Resolved {
				weak = false
			}
		}
		if weak {
			resolved := false
			for _, p := range got {
				resolved = resolved || p.Resolved
			}
			weak = resolved
		}
	}
	names := make([]string, len(got))
	for i, p := range got {
		names[i] = p.Name
	}
	if !weak {
		if !sameNames(b.Destinations, names) && !(m.d.regionDest || m.d.base || len(m.r.Alternatives) > 0) {
			m.disagree("destinations", strings.Join(b.Destinations, ", "), strings.Join(names, ", "))
		}
		return
	}
	if len(names) > orchestrator.MaxCities {
		names, got = names[:orchestrator.MaxCities], got[:orchestrator.MaxCities]
	}
	var kept []Place
	for _, p := range m.r.Places {
		if p.Role != "destination" {
			kept = append(kept, p)
		}
	}
	m.r.Places = append(kept, got...)
	b.Destinations = names
	b.CityCount = 0
	m.r.Alternatives = nil
	m.filled = append(m.filled, "destinations")
	m.r.Notes = slices.DeleteFunc(m.r.Notes, func(n string) bool {
		return strings.HasPrefix(n, "destination ") && strings.HasSuffix(n, "is not in the gazetteer; it is kept as written")
	})
}

func samePlace(a, b string) bool {
	return a != "" && b != "" && orchestrator.CanonicalCity(a) == orchestrator.CanonicalCity(b)
}

func sameNames(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !samePlace(a[i], b[i]) {
			return false
		}
	}
	return true
}

// dates merges dates and the trip length.
func (m *mergeState) dates() {
	x, b, f := m.x, &m.b, &m.d.when
	rulesDated := b.StartDate != ""
	assumed := f.month != "" || slices.ContainsFunc(f.notes, func(n string) bool { return strings.HasPrefix(n, "dates assumed") })
	if x.DateText != "" {
		if !strings.Contains(gazetteer.Key(m.d.clean), gazetteer.Key(x.DateText)) && !strings.Contains(m.d.clean, x.DateText) {
			m.note("the model's date words %q do not appear in the request; dropped", x.DateText)
		} else {
			dd := newDoc(cleanText(x.DateText), m.now, m.l.gaz)
			dd.dests, dd.lang = m.d.dests, m.d.lang
			dd.findDates()
			mf := dd.when
			switch {
			case mf.start.IsZero():
				if !rulesDated && b.Days == 0 {
					m.note("the model's date words %q name no date this service understands", x.DateText)
				}
			case !rulesDated || assumed && mf.month == "" && !slices.ContainsFunc(mf.notes, func(n string) bool { return strings.HasPrefix(n, "dates assumed") }):
				old := b.StartDate
				b.StartDate = mf.start.Format(orchestrator.DateLayout)
				b.EndDate = ""
				if !mf.end.IsZero() {
					b.EndDate = mf.end.Format(orchestrator.DateLayout)
					if !f.end.IsZero() || f.days == 0 || f.holidayDays {
						b.Days = 0
					}
				}
				if f.days > 0 && !f.holidayDays && b.EndDate == "" {
					b.Days = f.days
				} else if mf.days > 0 && b.EndDate == "" && (f.days == 0 || f.holidayDays) {
					b.Days = mf.days
				}
				if mf.holiday != "" {
					m.r.Holiday = mf.holiday
				}
				m.r.TravelMonth = mf.month
				if old != "" {
					m.note("dates: the rules assumed a start of %s, the model's date words %q give %s", old, x.DateText, b.StartDate)
				}
				m.filled = append(m.filled, "dates")
			default:
				if got := mf.start.Format(orchestrator.DateLayout); got != b.StartDate {
					m.disagree("start date", b.StartDate, got+" (from \""+x.DateText+"\")")
				}
			}
		}
	}
	m.days()
}

// days merges the trip length: the text's duration or date range first,
// then the model's (a number in the text, else inferred), then a holiday's
// length.
func (m *mergeState) days() {
	x, b, f := m.x, &m.b, &m.d.when
	days := x.Days
	if days == 0 && x.Nights > 0 {
		days = x.Nights + 1
	}
	if days == 0 {
		return
	}
	span := 0
	if b.StartDate != "" && b.EndDate != "" {
		s, err1 := time.Parse(orchestrator.DateLayout, b.StartDate)
		e, err2 := time.Parse(orchestrator.DateLayout, b.EndDate)
		if err1 == nil && err2 == nil {
			span = int(e.Sub(s).Hours()/24) + 1
		}
	}
	stated := f.days > 0 && !f.holidayDays
	switch {
	case stated || span > 0 && !f.holidayDays:
		have := b.Days
		if have == 0 {
			have = span
		}
		if have != days && !(x.Days == 0 && x.Nights+1 == have) && !(x.Nights > 0 && x.Nights+1 == have) {
			m.disagree("trip length", itoa(have)+" days", itoa(days)+" days")
		}
		return
	}
	inText := x.Days > 0 && m.numberWith(float64(x.Days), dayUnits) || x.Days == 0 && m.numberWith(float64(x.Nights), nightUnits) ||
		days == 7 && m.d.weekWord()
	if !inText {
		// the request does not say it: a guess, offered, never applied
		m.propose("days", itoa(days))
		return
	}
	if f.holidayDays {
		if days == b.Days || days == span {
			return
		}
		m.note("trip length: the %s lasts %d days, the text and the model read %d; the stated length is kept (a holiday's length is only a default)", m.r.Holiday, f.days, days)
	}
	b.Days = days
	if b.StartDate != "" {
		b.EndDate = ""
	}
	m.filled = append(m.filled, "days")
}

// propose records a number the model gave that the request does not
// contain, for a field the text leaves open or fills only by default: it
// is listed in Result.Inferred and offered as a choice of the field's
// question, never written into the brief.
func (m *mergeState) propose(field, value string) {
	m.inferred = append(m.inferred, Inferred{Field: field, Value: value})
	m.note("%s: the model inferred %s, which the request does not say; offered, not applied", field, value)
}

// Units that must follow a number for it to be a count of days, nights or
// people (Latin ones as word prefixes).
var (
	dayUnits    = []string{"天", "日", "day", "-day"}
	nightUnits  = []string{"晚", "夜", "night", "-night"}
	peopleUnits = []string{"人", "位", "个人", "个大人", "大人", "成人", "口", "名", "adult", "people", "person", "traveler", "traveller", "of us", "guest", "pax"}
	// a budget's number is none of these
	notMoneyUnits = []string{"天", "日", "晚", "夜", "月", "号", "年", "点", "人", "位", "个", "岁", "%", "day", "night", "adult", "people", "person",
		"traveler", "traveller", "of us", "year", "st", "nd", "rd", "th", "am", "pm", ":", "km", "mile", "hour", "minute"}
)

// weekWord reports whether the text says "a week" or 一周 (seven days).
func (d *doc) weekWord() bool {
	return d.zhAny("一周", "一个星期", "一星期", "一礼拜", "周游") || d.enAny("week", "a week", "one week")
}

// people merges the party.
func (m *mergeState) people() {
	x, b := m.x, &m.b
	if x.Adults == 0 && x.Children == 0 {
		return
	}
	a, c := x.Adults, x.Children
	if a == 0 {
		a = 1
	}
	if b.Travelers.Adults > 0 || b.Travelers.Children > 0 {
		if a != b.Travelers.Adults || c != b.Travelers.Children {
			m.disagree("travelers", partyString(b.Travelers.Adults, b.Travelers.Children), partyString(a, c))
		}
		return
	}
	if !m.numberWith(float64(a+c), peopleUnits) && !(m.numberWith(float64(a), peopleUnits) && (c == 0 || m.inText(float64(c)))) {
		m.propose("travelers", partyString(a, c))
		return
	}
	b.Travelers.Adults, b.Travelers.Children = a, c
	m.filled = append(m.filled, "travelers")
}

func partyString(a, c int) string {
	s := itoa(a) + " adult"
	if a != 1 {
		s += "s"
	}
	if c > 0 {
		s += " and " + itoa(c) + " child"
		if c != 1 {
			s += "ren"
		}
	}
	return s
}

// budget merges the budget: a number the text contains, in a currency
// that is ISO 4217.
func (m *mergeState) budget() {
	x, b := m.x, &m.b
	if x.BudgetAmount <= 0 {
		return
	}
	amount := strconv.FormatFloat(x.BudgetAmount, 'f', -1, 64)
	if b.Budget != nil {
		if b.Budget.Amount != x.BudgetAmount && !(m.inText(b.Budget.Amount) && b.Budget.Amount == x.BudgetAmount*float64(max(1, b.Travelers.Adults+b.Travelers.Children))) {
			m.disagree("budget", strconv.FormatFloat(b.Budget.Amount, 'f', -1, 64)+" "+b.Budget.Currency, amount+" "+x.BudgetCurrency)
		}
		if code, ok := orchestrator.CurrencyCode(x.BudgetCurrency); ok && x.BudgetCurrency != "" && code != b.Budget.Currency && orchestrator.IsCurrencyCode(b.Budget.Currency) {
			m.disagree("budget currency", b.Budget.Currency, code)
		}
		return
	}
	if !m.numberWithout(x.BudgetAmount, notMoneyUnits) {
		m.note("budget: %s is not an amount in the request; dropped (a budget is never inferred)", amount)
		return
	}
	mo := &money{amount: x.BudgetAmount, perPerson: x.BudgetPerPerson}
	if cur := strings.TrimSpace(x.BudgetCurrency); cur != "" {
		code, ok := orchestrator.CurrencyCode(cur)
		if !ok {
			if c, sym, ok2 := currencyOf(cur); ok2 && orchestrator.IsCurrencyCode(c) {
				code, ok = c, true
				mo.symbol = sym
			}
		}
		if ok {
			mo.currency = code
		} else {
			m.note("budget currency: the model's %q is not an ISO 4217 code; dropped", cur)
		}
	}
	b.Budget = m.d.resolveBudget(mo, b)
	m.filled = append(m.filled, "budget")
}

// numOcc is a number written in the text and the byte where it ends.
type numOcc struct {
	v   float64
	end int
}

// inText reports whether v is a number the text writes (digits, Chinese
// numerals, English number words, 1.5万 and 2k forms).
func (m *mergeState) inText(v float64) bool {
	return m.numberAt(v, func(string) bool { return true })
}

// numberWith reports whether v is written in the text followed by one of
// units ("3天", "3 days", "two adults").
func (m *mergeState) numberWith(v float64, units []string) bool {
	return m.numberAt(v, func(after string) bool { return hasUnit(after, units) })
}

// numberWithout reports whether v is written in the text not followed by
// any of units.
func (m *mergeState) numberWithout(v float64, units []string) bool {
	return m.numberAt(v, func(after string) bool { return !hasUnit(after, units) })
}

func hasUnit(after string, units []string) bool {
	for _, u := range units {
		if strings.HasPrefix(after, u) {
			return true
		}
	}
	return false
}

func (m *mergeState) numberAt(v float64, ok func(after string) bool) bool {
	if v <= 0 {
		return false
	}
	if m.numbers == nil {
		m.numbers = textNumbers(m.d)
	}
	for _, o := range m.numbers {
		if o.v != v {
			continue
		}
		after := strings.TrimLeft(m.d.low[o.end:], " -")
		if ok(after) {
			return true
		}
	}
	return false
}

// textNumbers collects every number written in the text.
func textNumbers(d *doc) []numOcc {
	var out []numOcc
	s := d.clean
	for i := 0; i < len(s); {
		r, sz := utf8.DecodeRuneInString(s[i:])
		_, cn := cnDigit[r]
		if r >= '0' && r <= '9' || cn || r == '十' {
			if v, n, _ := parseNumber(s[i:]); n > 0 {
				out = append(out, numOcc{v, i + n})
				i += n
				continue
			}
		}
		i += sz
	}
	for i := range d.toks {
		t := &d.toks[i]
		if t.kind != tWord {
			continue
		}
		if n := wordNumber(t.low); n > 0 {
			out = append(out, numOcc{float64(n), t.end})
		}
		switch t.low {
		case "couple", "pair", "both":
			out = append(out, numOcc{2, t.start})
		case "solo", "alone", "myself":
			out = append(out, numOcc{1, t.start})
		}
	}
	for _, w := range []struct {
		s string
		v float64
	}{{"俩", 2}, {"两口", 2}, {"情侣", 2}, {"夫妻", 2}, {"仨", 3}, {"一个人", 1}, {"独自", 1}} {
		if i := strings.Index(s, w.s); i >= 0 {
			out = append(out, numOcc{w.v, i})
		}
	}
	return out
}

// prefs merges interests, cuisines, pace and constraints: the rules' lists
// stand when they have any; otherwise the model's grounded items fill them.
func (m *mergeState) prefs() {
	x, b := m.x, &m.b
	m.list("interests", &b.Interests, x.Interests, concepts.Sight, interestTerms)
	m.list("cuisines", &b.Constraints.Cuisines, x.Cuisines, concepts.Cuisine, cuisineTerms)
	enum := func(field string, have *string, v string) {
		switch {
		case v == "" || v == *have:
		case !m.groundEnum(v):
			m.note("the model's %s %q has no word in the request; dropped", field, v)
		case *have == "":
			*have = v
			m.filled = append(m.filled, field)
		default:
			m.disagree(field, *have, v)
		}
	}
	enum("pace", &b.Pace, x.Pace)
	enum("room_type", &b.Constraints.RoomType, x.RoomType)
	enumList := func(field string, have *[]string, in []string) {
		var v []string
		for _, it := range dedupe(in) {
			if m.groundEnum(it) {
				v = append(v, it)
			} else {
				m.note("the model's %s item %q has no word in the request; dropped", field, it)
			}
		}
		switch {
		case len(v) == 0 || slices.Equal(*have, v):
		case len(*have) == 0:
			*have = v
			m.filled = append(m.filled, field)
		default:
			m.disagree(field, strings.Join(*have, ", "), strings.Join(v, ", "))
		}
	}
	enumList("house_rules", &b.Constraints.HouseRules, x.HouseRules)
	enumList("accessibility", &b.Constraints.Accessibility, x.Accessibility)
	enumList("transport_exclude", &b.Constraints.TransportExclude, x.TransportExclude)
	var prefer []string
	for _, v := range dedupe(x.TransportPrefer) {
		if !slices.Contains(b.Constraints.TransportExclude, v) {
			prefer = append(prefer, v)
		}
	}
	enumList("transport_prefer", &b.Constraints.TransportPrefer, prefer)
}

// enumWords are words that must stand in the text for a model's value of
// an enumerated constraint to be kept (Latin ones as word prefixes).
var enumWords = map[string][]string{
	"pets":              {"pet", "dog", "cat", "puppy", "宠物", "狗", "猫"},
	"smoking":           {"smok", "smoke", "吸烟", "抽烟", "烟"},
	"parties":           {"part", "派对", "聚会", "开趴", "轰趴"},
	"children_under_10": {"child", "kid", "toddler", "baby", "year-old", "孩子", "小孩", "儿童", "宝宝", "娃", "岁"},
	"visitors":          {"visitor", "guest", "访客", "朋友来", "客人"},
	"entire_home":       {"entire", "whole", "apartment", "house", "整套", "整租", "独栋", "公寓"},
	"private_room":      {"private", "own room", "单间", "独立房间", "私人房间"},
	"shared_room":       {"shared", "share", "dorm", "hostel", "合住", "拼房", "青旅", "床位"},
	"not_shared_room":   {"shar", "dorm", "hostel", "private", "合住", "拼房", "青旅", "单间"},
	"wheelchair":        {"wheel", "轮椅"},
	"step_free":         {"step", "stair", "elevator", "accessib", "barrier", "无障碍", "电梯", "爬楼"},
	"limited_mobility":  {"mobility", "walk", "knee", "行动", "腿脚", "走不"},
}

// groundEnum reports whether an enumerated value (a pace, transport mode,
// house rule, room type or access need) has a word in the text.
func (m *mergeState) groundEnum(v string) bool {
	var words []string
	for _, terms := range [][]term{transportTerms, paceTerms} {
		for _, t := range terms {
			if t.value == v {
				words = append(words, t.zh...)
				words = append(words, t.en...)
			}
		}
	}
	words = append(words, enumWords[v]...)
	words = append(words, strings.ReplaceAll(v, "_", " "))
	for _, w := range words {
		if isASCII(w) {
			if strings.Contains(m.d.low, w) {
				return true
			}
		} else if strings.Contains(m.d.clean, w) {
			return true
		}
	}
	return false
}

// list merges an interest or cuisine list: an item is grounded when a
// concept or lexicon term it names has a word in the text, not negated.
func (m *mergeState) list(field string, have *[]string, items []string, kind string, terms []term) {
	var got []string
	for _, it := range dedupe(items) {
		if v, ok := m.groundTerm(it, kind, terms); ok {
			if !slices.Contains(got, v) {
				got = append(got, v)
			}
		} else {
			m.note("the model's %s item %q has no word in the request; dropped", strings.TrimSuffix(field, "s"), it)
		}
	}
	switch {
	case len(got) == 0:
	case len(*have) == 0:
		*have = got
		m.filled = append(m.filled, field)
	default:
		var extra []string
		for _, v := range got {
			if !slices.ContainsFunc(*have, func(h string) bool { return strings.EqualFold(h, v) }) {
				extra = append(extra, v)
			}
		}
		if len(extra) > 0 {
			m.disagree(field, strings.Join(*have, ", "), strings.Join(got, ", "))
		}
	}
}

// groundTerm finds the lexicon term or concept an item names and reports
// whether one of its words stands, not negated, in the text. It returns the
// value to keep: the lexicon's canonical value, else the item.
func (m *mergeState) groundTerm(item, kind string, terms []term) (string, bool) {
	low := strings.ToLower(strings.TrimSpace(item))
	var words []string
	value := item
	for _, t := range terms {
		if strings.EqualFold(t.value, low) || slices.Contains(t.en, low) || slices.Contains(t.zh, item) {
			words = append(words, t.zh...)
			words = append(words, t.en...)
			value = t.value
		}
	}
	if c := concepts.Lookup(item, kind); c != nil && !c.Literal() {
		words = append(words, c.Aliases...)
	}
	for _, c := range concepts.All(kind) {
		// the concept the item names by its id or a label ("Hubei" → hubei)
		if c.ID == low || slices.Contains(c.Labels, low) {
			words = append(words, c.Aliases...)
		}
	}
	words = append(words, low)
	for _, w := range words {
		if m.wordAt(w) {
			return value, true
		}
	}
	return "", false
}

// wordAt reports whether w stands in the text (a whole word for Latin
// words) and is not negated there.
func (m *mergeState) wordAt(w string) bool {
	d := m.d
	if w == "" {
		return false
	}
	if isASCII(w) {
		for _, i := range d.findEN(w) {
			if !negatedEN(d, i) {
				return true
			}
		}
		return false
	}
	for k := 0; ; {
		i := strings.Index(d.clean[k:], w)
		if i < 0 {
			return false
		}
		i += k
		if !negatedZH(d.clean, i) {
			return true
		}
		k = i + len(w)
	}
}
