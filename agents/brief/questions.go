package brief

import (
	"context"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// Question is a pending question about a missing or wrong essential, in
// the request's language. Field names what the answer fills: destinations,
// dates, days, or the brief field at fault.
type Question struct {
	Field string `json:"field"`
	Text  string `json:"text"`
	// Choices are the likely answers when the answer is one of a few
	// options (a currency code; a trip length the model inferred), each a
	// valid answer for Answer as it stands.
	Choices []string `json:"choices,omitempty"`
}

// question builds the question for field; detail is the validation message
// when a value was wrong rather than missing.
func question(field, lang, detail string) Question {
	zh := lang == "zh"
	var text string
	switch {
	case field == "destinations" && detail == "":
		text = pick(zh, "你想去哪里？请告诉我目的地城市。", "Where would you like to go? Please name the destination city or cities.")
	case field == "dates" && detail == "":
		text = pick(zh, "你打算什么时候出发、玩几天？", "When are you travelling, or for how many days?")
	case field == "days" && detail == "":
		text = pick(zh, "这次打算玩几天？", "How many days will the trip last?")
	case field == "dates" && strings.Contains(detail, "in the past"):
		text = pick(zh, "你给出的出发日期已经过去了，请告诉我新的出行日期。", "The dates you gave are in the past ("+detail+"). When are you travelling?")
	case field == "dates" && strings.Contains(detail, "two years ahead"):
		text = pick(zh, "出发日期太远了（最多只能提前两年规划），请换个日期。", "The start date is too far ahead ("+detail+"). Please give dates within two years.")
	case field == "dates" && strings.Contains(detail, "does not match"):
		text = pick(zh, "天数和日期对不上，请确认出行日期和天数。", "The number of days does not match the dates ("+detail+"). Which is right?")
	case field == "dates" && strings.Contains(detail, "at most"):
		text = pick(zh, "行程最长30天，请缩短行程。", "Trips are at most 30 days. Please give a shorter trip.")
	case field == "days" && strings.Contains(detail, "cities need"):
		text = pick(zh, "城市比天数还多，请增加天数或减少城市。", "There are more cities than days ("+detail+"). Please add days or drop a city.")
	case field == "travelers" && strings.Contains(detail, "children"):
		text = pick(zh, "同行的孩子有几位？各几岁？", "How many children are travelling, and how old are they?")
	case field == "budget.currency":
		text = pick(zh, "预算用的是哪种货币？请用货币代码（如 CNY、USD）。", "Which currency is the budget in ("+detail+")? Please give an ISO 4217 code such as USD or EUR.")
	case field == "dates":
		text = pick(zh, "请确认出行日期和天数。", "Please check the dates: "+detail+".")
	case field == "query" && strings.Contains(detail, "instructions"):
		text = pick(zh, "这个请求包含针对系统的指令，无法处理。请只描述你的旅行需求。", "This request cannot be processed: "+detail+".")
	case field == "query" && strings.Contains(detail, "only plans trips"):
		text = pick(zh, "本服务只规划旅行，无法处理这个请求。请描述你的旅行需求。", "This request cannot be processed: "+detail+". Please describe a trip.")
	case field == "query":
		text = pick(zh, "这个请求无法处理，请描述你的旅行需求。", "This request cannot be processed: "+detail+". Please describe the trip.")
	default:
		text = pick(zh, "请补充或更正“"+field+"”："+detail, "Please check "+field+": "+detail+".")
	}
	return Question{Field: field, Text: text}
}

func pick(zh bool, a, b string) string {
	if zh {
		return a
	}
	return b
}

// answerFields are the fields Answer accepts.
var answerFields = map[string]bool{"destinations": true, "destination": true, "dates": true, "days": true,
	"start_date": true, "end_date": true, "origin": true, "travelers": true, "budget": true, "budget.currency": true}

// Answer merges free-text answers to pending questions into prev and
// returns the result, with new questions if essentials are still missing.
// Each answer is read by the same rules as a request ("成都", "5月1日到3日",
// "3 days", "2 adults"); keys are question fields (destinations, dates,
// days, origin, travelers, budget). An unknown field or a refused answer
// is an *orchestrator.Error naming "answers.<field>".
func (p *Parser) Answer(ctx context.Context, prev orchestrator.Brief, answers map[string]string, now time.Time) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b := cloneBrief(prev)
	if b.Destinations == nil {
		b.Destinations = []string{}
	}
	ref := b.ReferenceTime(now)
	b.Now = ref.Format(time.RFC3339)
	if b.Language == "" {
		b.Language = "en"
	}
	keys := make([]string, 0, len(answers))
	for k := range answers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	r := &Result{Parser: ParserRules}
	for _, k := range keys {
		field := "answers." + k
		if !answerFields[k] {
			return nil, &orchestrator.Error{Code: orchestrator.EINVALID, Field: field, Message: "no question asks for " + k}
		}
		clean, err := guard(answers[k])
		if err != nil {
			e := &orchestrator.Error{Code: orchestrator.ErrorCode(err), Field: field, Message: orchestrator.ErrorMessage(err)}
			return nil, e
		}
		d := newDoc(clean, ref, p.gaz)
		if b.Language == "zh" || d.lang == "zh" {
			d.lang = detectLanguage(clean)
		}
		var aerr error
		switch k {
		case "destinations", "destination":
			aerr = p.answerDestinations(d, clean, field, r, &b)
		case "origin":
			answerOrigin(d, clean, &b)
		case "dates", "days", "start_date", "end_date":
			aerr = answerDates(d, field, r, &b)
		case "travelers":
			aerr = answerTravelers(d, field, &b)
		case "budget.currency":
			aerr = answerCurrency(clean, field, &b)
		case "budget":
			aerr = answerBudget(d, clean, field, &b)
		}
		if aerr != nil {
			return nil, aerr
		}
		r.Notes = append(r.Notes, d.notes...)
	}
	b.Places = keptPlaces(b, r.Places, p.gaz)
	finish(r, b, ref)
	return r, nil
}

// answerDestinations reads an answer naming the destinations.
func (p *Parser) answerDestinations(d *doc, clean, field string, r *Result, b *orchestrator.Brief) error {
	d.findPlaces()
	var names []string
	for _, pl := range d.dests {
		names = append(names, pl.Name)
		r.Places = append(r.Places, pl)
	}
	if d.origin != nil && b.Origin == "" {
		b.Origin = d.origin.Name
	}
	if len(names) == 0 {
		if name := d.unresolvedDestination(); name != "" {
			names = []string{name}
		} else if n := utf8.RuneCountInString(clean); n <= 40 && !strings.ContainsAny(clean, "0123456789<>{}\\") {
			names = splitNames(clean)
		}
	}
	if len(names) == 0 {
		return &orchestrator.Error{Code: orchestrator.EINVALID, Field: field, Message: "no destination found in the answer"}
	}
	b.Destinations = names
	b.CityCount = 0
	d.cityCount = d.cities()
	d.applyCityCount(r, b)
	return nil
}

// answerOrigin reads an answer naming the origin.
func answerOrigin(d *doc, clean string, b *orchestrator.Brief) {
	d.findPlaces()
	switch {
	case d.origin != nil:
		b.Origin = d.origin.Name
	case len(d.dests) > 0:
		b.Origin = d.dests[0].Name
	default:
		b.Origin = clean
	}
}

// answerDates reads an answer giving dates or a number of days.
func answerDates(d *doc, field string, r *Result, b *orchestrator.Brief) error {
	d.findPlaces()
	d.findDates()
	f := d.when
	if f.start.IsZero() && f.days == 0 {
		// a bare number answers "how many days?"
		if n := wordNumber(strings.TrimSpace(d.low)); n > 0 && n <= orchestrator.MaxTripDays {
			f.days = n
		}
	}
	if f.start.IsZero() && f.days == 0 {
		return &orchestrator.Error{Code: orchestrator.EINVALID, Field: field, Message: "no dates or number of days found in the answer"}
	}
	prevLen := b.Days
	if s, e, ok := briefSpan(*b); ok && prevLen == 0 {
		prevLen = int(e.Sub(s).Hours()/24) + 1
	}
	if !f.start.IsZero() {
		b.StartDate, b.EndDate, b.Days = "", "", 0
	} else if b.EndDate != "" && b.StartDate != "" {
		b.EndDate = "" // a new length replaces the end date
	}
	d.when = f
	d.applyDates(b)
	if b.Days == 0 && f.days > 0 {
		b.Days = f.days
	}
	if b.Days == 0 && b.EndDate == "" && prevLen > 0 {
		b.Days = prevLen // a start alone (one of the choices offered) keeps the trip's length
	}
	r.Holiday = f.holiday
	r.Notes = append(r.Notes, f.notes...)
	return nil
}

// answerTravelers reads an answer giving the party.
func answerTravelers(d *doc, field string, b *orchestrator.Brief) error {
	pp := d.people()
	a, c := pp.resolve()
	if a == 0 {
		if n := wordNumber(strings.TrimSpace(d.low)); n > 0 {
			a = n
		} else {
			return &orchestrator.Error{Code: orchestrator.EINVALID, Field: field, Message: "no number of travellers found in the answer"}
		}
	}
	b.Travelers = orchestrator.Travelers{Adults: a, Children: c}
	if ages := d.childAges(); len(ages) > 0 {
		b.Travelers.Children = max(c, len(ages))
		b.Travelers.ChildAges = ages
	}
	return nil
}

// answerCurrency reads an answer giving the budget's currency code.
func answerCurrency(clean, field string, b *orchestrator.Brief) error {
	code, ok := orchestrator.CurrencyCode(clean)
	if !ok {
		return &orchestrator.Error{Code: orchestrator.EINVALID, Field: field, Message: "not an ISO 4217 currency code such as USD or CNY"}
	}
	if b.Budget == nil {
		return &orchestrator.Error{Code: orchestrator.EINVALID, Field: field, Message: "the brief has no budget"}
	}
	b.Budget.Currency = code
	return nil
}

// answerBudget reads an answer giving the budget.
func answerBudget(d *doc, clean, field string, b *orchestrator.Brief) error {
	m := d.budget()
	if m == nil {
		if v, n, _ := parseNumber(strings.TrimSpace(clean)); n > 0 && v > 0 {
			m = &money{amount: v}
		} else {
			return &orchestrator.Error{Code: orchestrator.EINVALID, Field: field, Message: "no amount found in the answer"}
		}
	}
	d.lang = b.Language
	b.Budget = d.resolveBudget(m, b)
	return nil
}

// keptPlaces are the resolved places of b still naming one of its cities,
// and the answers' new ones.
func keptPlaces(b orchestrator.Brief, answered []Place, gaz *gazetteer.Gazetteer) []orchestrator.Place {
	keep := b.Places[:0:0]
	for _, pl := range b.Places {
		if orchestrator.CanonicalCity(pl.Name) == orchestrator.CanonicalCity(b.Origin) || slices.ContainsFunc(b.Destinations, func(n string) bool {
			return orchestrator.CanonicalCity(n) == orchestrator.CanonicalCity(pl.Name)
		}) {
			keep = append(keep, pl)
		}
	}
	for _, pl := range briefPlaces(&b, answered, gaz) {
		if _, ok := (&orchestrator.Brief{Places: keep}).Place(pl.Name); !ok {
			keep = append(keep, pl)
		}
	}
	return keep
}

// briefSpan returns the brief's start and end dates when both are set.
func briefSpan(b orchestrator.Brief) (time.Time, time.Time, bool) {
	s, err1 := time.Parse(orchestrator.DateLayout, b.StartDate)
	e, err2 := time.Parse(orchestrator.DateLayout, b.EndDate)
	return s, e, err1 == nil && err2 == nil && !e.Before(s)
}

// splitNames splits a free-text list of names ("Kyoto, Osaka").
func splitNames(s string) []string {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '、' || r == '，' || r == ';' || r == '/' })
	var out []string
	for _, x := range f {
		x = strings.TrimSpace(x)
		x = strings.TrimSuffix(strings.TrimPrefix(x, "and "), ".")
		if x != "" {
			out = append(out, x)
		}
	}
	if len(out) > orchestrator.MaxCities {
		out = out[:orchestrator.MaxCities]
	}
	return out
}
