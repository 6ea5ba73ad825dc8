package brief

import (
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// doc is one request being read by the rules.
type doc struct {
	faults     []fault  // panics recovered while reading (see stage)
	avoidFoods []string // foods declined (cuisines reads them)
	clean, low string
	toks       []token
	lang       string
	mixedCase  bool
	hasLatin   bool // the text has Latin letters: English phrases can match
	hasHanText bool // the text has Han characters: Chinese phrases can match
	gaz        *gazetteer.Gazetteer
	now        time.Time
	today      time.Time // now's calendar date, as UTC midnight

	origin     *Place
	dests      []Place
	regionDest bool
	base       bool // a place is named as the base of the trip (北京周边)
	cityCount  int
	when       dateFacts
	notes      []string
	pendingQ   []Question // questions found while reading (children without a number …)
	cuePos     []int      // budget cue positions, computed on first use
	placeSpans [][2]int   // byte spans of the places found
	// landmarkPlaces are place names taken as landmarks beside another
	// destination (都江堰 on a Chengdu trip): must-see sights, not places.
	landmarkPlaces []string
	// sights are the sights of the landmark gazetteer the text names.
	sights []sightHit
	// dishes are the dishes the text names (see dishHits).
	dishes     []dishHit
	dishesDone bool
	foodsRead  []string
	eventsRead []string // the ceremonies read into a sight (升旗, see timedEvents)
	// nightPrice is a price per night the text names ("$300 a night",
	// 每晚500): a hotel price, never the trip's budget (see money.go).
	nightPrice *money
	// declined are sights the request names but declines or has seen
	// (不去天安门, "been to the Bund"): noted, not skipped words.
	declined  []string
	covered   Coverage // destinations with data at hand (nil: unknown)
	keys      []string // gazetteer keys of the tokens, filled on first use
	keyed     []bool
	pairs     [12]uint64 // adjacent letter pairs of low (see mayHave)
	pairsDone bool
}

func newDoc(clean string, now time.Time, g *gazetteer.Gazetteer) *doc {
	d := &doc{clean: clean, low: lowerASCII(clean), gaz: g, now: now}
	d.today = time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	d.toks = tokenizeLow(clean, d.low)
	d.lang = detectLanguage(clean)
	hasUpper, hasLower := false, false
	for i := range d.toks {
		t := &d.toks[i]
		if t.kind != tWord {
			continue
		}
		for _, r := range t.text {
			if r >= 'A' && r <= 'Z' {
				hasUpper = true
			} else if r >= 'a' && r <= 'z' {
				hasLower = true
			}
		}
	}
	d.mixedCase = hasUpper && hasLower
	d.hasLatin = hasUpper || hasLower
	for i := range d.toks {
		if d.toks[i].kind == tHan {
			d.hasHanText = true
			break
		}
	}
	return d
}

// detectLanguage returns "zh" when Han characters carry the request and
// "en" otherwise (the only two itinerary languages).
func detectLanguage(s string) string {
	han, latin := 0, 0
	inWord := false
	for _, r := range s {
		switch {
		case isHan(r) || r >= 0x3040 && r <= 0x30ff:
			han++
			inWord = false
		case r < 0x250 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0xc0):
			if !inWord {
				latin++
			}
			inWord = true
		default:
			inWord = false
		}
	}
	if han >= 2 && han >= latin || han > 0 && latin == 0 {
		return "zh"
	}
	return "en"
}

// destCountry returns the country of the first destination, or "".
func (d *doc) destCountry() string {
	if len(d.dests) > 0 {
		return d.dests[0].CountryCode
	}
	return ""
}

// cities reads "2 cities in Texas", "visit 3 different cities", 三个城市.
func (d *doc) cities() int {
	for i := 0; i+1 < len(d.toks); i++ {
		n := wordNumber(d.toks[i].low)
		if n <= 1 || n > orchestrator.MaxCities {
			continue
		}
		j := i + 1
		for j < len(d.toks) && (d.toks[j].low == "different" || d.toks[j].low == "distinct" || d.toks[j].low == "separate" || d.toks[j].low == "unique" || d.toks[j].low == "other" || d.toks[j].low == "major") {
			j++
		}
		if j < len(d.toks) && (d.toks[j].low == "cities" || d.toks[j].low == "towns") {
			return n
		}
	}
	for _, w := range []string{"个城市", "座城市", "城"} {
		for i := strings.Index(d.clean, w); i >= 0; {
			if n, ns := readNumberBackAll(d.clean, i); ns < i && n > 1 && n <= orchestrator.MaxCities && (w != "城" || strings.HasPrefix(d.clean[i:], "城市") || strings.HasPrefix(d.clean[i:], "城游") || strings.HasSuffix(d.clean[:ns], "玩") || strings.HasSuffix(d.clean[:ns], "逛")) {
				return n
			}
			k := strings.Index(d.clean[i+len(w):], w)
			if k < 0 {
				break
			}
			i += len(w) + k
		}
	}
	return 0
}

// ParseRules reads a request with the rule-based parser alone: no model,
// no I/O, deterministic for a given query and reference time. It applies
// the same guardrails as Parser.Parse; a refused or empty request yields a
// Result with a question and a note instead of an error. It panics only if
// the embedded gazetteer is corrupt, which the package tests rule out.
func ParseRules(query string, now time.Time) *Result {
	g, err := gazetteer.Default()
	if err != nil {
		panic("brief: embedded gazetteer: " + err.Error())
	}
	clean, gerr := guard(query)
	if gerr != nil {
		lang := detectLanguage(cleanText(query))
		b := orchestrator.Brief{Destinations: []string{}, Language: lang, Now: now.Format(time.RFC3339)}
		return &Result{Brief: b, Parser: ParserRules, Questions: []Question{question("query", lang, orchestrator.ErrorMessage(gerr))},
			Notes: []string{"refused: " + orchestrator.ErrorMessage(gerr)}}
	}
	return parseClean(clean, now, g)
}

// parseClean runs the rules over a guarded request.
func parseClean(clean string, now time.Time, g *gazetteer.Gazetteer) *Result {
	r, _ := readRules(clean, now, g, nil)
	if r.refusal == nil {
		finish(r, r.Brief, now)
	}
	return r
}

// readRules runs the rules over a guarded request and stops before
// finish: the Result's Brief is the brief as read (not normalised), its
// Questions those found while reading. The doc keeps what the rules found
// and how (stated or assumed), for merging a model's reading. A refused
// request comes back finished, with refusal set.
func readRules(clean string, now time.Time, g *gazetteer.Gazetteer, covered Coverage) (*Result, *doc) {
	d := newDoc(clean, now, g)
	d.covered = covered
	d.stage("places", d.findPlaces)
	d.stage("city count", func() { d.cityCount = d.cities() })
	d.stage("dates", d.findDates)
	d.stage("nights per city", d.applyCityNights)
	d.stage("days per city", d.applyEachDays)
	d.stage("days per city", d.applyCityDays)
	b := orchestrator.Brief{Destinations: []string{}, Language: d.lang, Now: now.Format(time.RFC3339)}
	r := &Result{Parser: ParserRules}
	var places []Place
	if d.origin != nil {
		b.Origin = d.origin.Name
		places = append(places, *d.origin)
	}
	for _, p := range d.dests {
		b.Destinations = append(b.Destinations, p.Name)
		places = append(places, p)
	}
	if len(b.Destinations) == 0 {
		d.stage("destination", func() {
			if name := d.unresolvedDestination(); name != "" && !isWishWord(name) && (b.Origin == "" || !strings.EqualFold(name, b.Origin)) {
				b.Destinations = append(b.Destinations, name)
				places = append(places, Place{Role: "destination", Text: name, Name: name})
				d.notes = append(d.notes, "destination "+name+" is not in the gazetteer; it is kept as written")
			}
		})
	}
	if len(b.Destinations) > orchestrator.MaxCities {
		b.Destinations = b.Destinations[:orchestrator.MaxCities]
	}
	d.stage("dates", func() { d.applyDates(&b) })
	d.stage("travellers", func() { d.applyPeople(r, &b) })
	d.stage("budget", func() {
		if m := d.budget(); m != nil {
			b.Budget = d.resolveBudget(m, &b)
			d.scalePerDay(m, &b)
		}
		d.noteNightPrice()
	})
	d.stage("bounds", func() { d.checkBounds(&b) })
	if len(b.Destinations) == 0 {
		d.stage("destination", func() {
			d.placeWish(r, &b)
			places = append(places, r.Places...)
		})
	}
	d.stage("interests", func() { b.Interests = d.interests() })
	d.stage("pace", func() {
		if b.Pace = d.pace(); b.Pace == "" {
			b.Pace = d.elderPace()
		}
	})
	d.stage("constraints", func() {
		b.Constraints.TransportExclude, b.Constraints.TransportPrefer, _ = d.transport()
		b.Constraints.HouseRules = d.houseRules()
		b.Constraints.RoomType = d.roomType()
		b.Constraints.Cuisines = d.correctedCuisines(d.cuisines())
		b.Constraints.AvoidFoods = d.avoidFoods
		b.Foods = d.foods()
		d.foodsRead = b.Foods
		b.Constraints.Accessibility = d.accessibility()
	})
	d.stage("wishes", func() { d.applyWants(&b) })
	d.stage("city count", func() { d.applyCityCount(r, &b) })
	d.stage("route", func() { d.route(&b) })
	r.Places = places
	d.stage("places", func() { b.Places = briefPlaces(&b, places, d.gaz) })
	r.TravelMonth = d.when.month
	r.Holiday = d.when.holiday
	r.Notes = append(r.Notes, d.when.notes...)
	r.Notes = append(r.Notes, d.notes...)
	d.stage("left out", func() {
		if sk := d.skipped(b.MustVisit, b.Destinations); len(sk) > 0 {
			r.Notes = append(r.Notes, "not understood, left out: "+strings.Join(sk, ", "))
		}
	})
	if len(d.faults) > 0 {
		r.Notes = append(r.Notes, d.faultNote())
	}
	r.Questions = append(r.Questions, d.pendingQ...)
	if !d.aboutTravel() && (len(places) == 0 || d.asksSomethingElse()) {
		err := &orchestrator.Error{Code: orchestrator.EUNPROCESSABLE, Field: "query",
			Message: "this service only plans trips; the request names no place, trip or travel wish"}
		r.Brief = b
		r.refusal = err
		r.Questions = []Question{question("query", d.lang, err.Message)}
		r.Notes = append(r.Notes, "refused: "+err.Message)
		return r, d
	}
	r.Brief = b
	return r, d
}

// fault is a panic recovered in one stage of the reading.
type fault struct {
	stage string
	value any
	stack []byte
}

// stage runs one step of the reading behind a recover boundary: a panic in
// it is kept in d.faults, with its stack, and that step's part of the
// brief stays unread while the other steps read theirs. No request text
// takes the parser, or a process serving it, down.
func (d *doc) stage(name string, f func()) {
	defer func() {
		if v := recover(); v != nil {
			d.faults = append(d.faults, fault{stage: name, value: v, stack: debug.Stack()})
		}
	}()
	f()
}

// faultNote is the note that tells the traveller which parts of the
// request could not be read.
func (d *doc) faultNote() string {
	var names []string
	for _, f := range d.faults {
		if !slices.Contains(names, f.stage) {
			names = append(names, f.stage)
		}
	}
	if d.lang == "zh" {
		return "请求中有一部分未能读懂（" + strings.Join(names, "、") + "），其余照常读取；请核对行程要求"
	}
	return "part of the request could not be read (" + strings.Join(names, ", ") + "); the rest was read as usual: please check the brief"
}

// asksSomethingElse reports whether the text is a question or a task of
// another kind ("what is the capital of Peru?", 成都是什么时候建城的).
func (d *doc) asksSomethingElse() bool {
	if d.zhAny("是什么", "为什么", "什么是", "谁是", "怎么算", "帮我算", "解释一下", "多少年", "什么时候建", "有多少人口", "的历史是") {
		return true
	}
	for i := range d.toks {
		if d.toks[i].kind != tWord {
			continue
		}
		w := d.toks[i].low
		if k := strings.IndexByte(w, '\''); k > 0 {
			w = w[:k] // what's, who's
		}
		switch w {
		case "what", "who", "why", "how", "explain", "define", "calculate", "tell", "when", "where", "which":
			return true
		}
		return false
	}
	return false
}

// travelWordsZH and travelWordsEN mark a request as being about travel.
var (
	travelWordsZH = []string{"旅游", "旅行", "玩", "游", "去", "到", "行程", "出发", "度假", "景点", "酒店", "住", "机票", "攻略", "出行", "自驾",
		"逛", "飞", "火车", "高铁", "签证", "假期", "出门", "散心", "走走", "来", "回", "探亲", "出差", "民宿", "宾馆", "看看"}
	travelWordsEN = []string{"trip", "trips", "travel", "travelling", "traveling", "visit", "visiting", "vacation", "holiday", "holidays",
		"itinerary", "tour", "go", "going", "fly", "flight", "flights", "hotel", "hotels", "stay", "getaway", "destination", "weekend",
		"journey", "explore", "sightseeing", "honeymoon", "days", "nights", "week", "city", "cities", "beach", "drive", "train", "airbnb",
		"somewhere", "place", "country", "abroad", "backpacking", "cruise", "road", "leave", "leaving", "head", "heading", "spend"}
)

// aboutTravel reports whether the request says anything about a trip: a
// travel word, a duration, a wish or a date, budget or party together with
// a travel word. A request with none of these ("帮我算一下房贷", "what is
// the capital of Peru?") is refused rather than asked for a destination.
func (d *doc) aboutTravel() bool {
	if d.when.days > 0 || d.when.nights > 0 || d.when.holiday != "" {
		return true
	}
	if _, asks := d.wish(); asks {
		return true
	}
	return d.zhAny(travelWordsZH...) || d.enAny(travelWordsEN...)
}

// applyDates fills the brief's dates from what the request said.
func (d *doc) applyDates(b *orchestrator.Brief) {
	f := &d.when
	if !f.start.IsZero() {
		b.StartDate = f.start.Format(orchestrator.DateLayout)
	}
	if !f.end.IsZero() {
		b.EndDate = f.end.Format(orchestrator.DateLayout)
		span := int(f.end.Sub(f.start).Hours()/24) + 1
		switch {
		case f.days == 0 || f.days == span:
		case f.nights > 0 && f.nights+1 == span:
		case f.days == span-1 && f.nights == 0 && d.lang == "zh":
			// 5月1日到5日玩四天: keep the dates
			d.notes = append(d.notes, "the stated length ("+itoa(f.days)+" days) differs from the dates ("+itoa(span)+" days); the dates are kept")
		default:
			d.notes = append(d.notes, "the stated length ("+itoa(f.days)+" days) differs from the dates ("+itoa(span)+" days); the dates are kept")
		}
		return
	}
	b.Days = f.days
}

// resolveBudget settles the currency: as written, else from the language
// (Chinese requests count in yuan), the destination's country or the
// origin's, else US dollars.
func (d *doc) resolveBudget(m *money, b *orchestrator.Brief) *orchestrator.Budget {
	cur := m.currency
	if m.unknown != "" {
		q := question("budget.currency", d.lang, "'"+m.unknown+"' is not an ISO 4217 currency code")
		q.Choices = d.currencyChoices()
		d.pendingQ = append(d.pendingQ, q)
		d.notes = append(d.notes, "budget currency '"+m.unknown+"' is not an ISO 4217 code; which currency is meant?")
		return &orchestrator.Budget{Amount: m.amount, Currency: m.unknown, PerPerson: m.perPerson}
	}
	switch {
	case cur != "":
	case m.symbol == "¥":
		cur = "CNY"
		if d.lang == "en" && d.destCountry() == "JP" {
			cur = "JPY"
		}
	case d.lang == "zh":
		cur = "CNY"
		d.notes = append(d.notes, "budget currency assumed CNY (Chinese request without a currency)")
	default:
		cc := d.destCountry()
		if cc == "" && d.origin != nil {
			cc = d.origin.CountryCode
		}
		cur = "USD"
		if c := d.gaz.Country(cc); c != nil && c.Currency != "" {
			cur = c.Currency
		}
		d.notes = append(d.notes, "budget currency assumed "+cur+" from the destination")
	}
	return &orchestrator.Budget{Amount: m.amount, Currency: cur, PerPerson: m.perPerson}
}

// finish normalises the brief, or, when essentials are missing or wrong,
// keeps it as read and asks questions in the request's language.
func finish(r *Result, b orchestrator.Brief, now time.Time) {
	lang := b.Language
	if len(b.Destinations) == 0 {
		r.Questions = append(r.Questions, question("destinations", lang, ""))
	}
	switch {
	case b.StartDate == "" && b.EndDate == "" && b.Days == 0:
		r.Questions = append(r.Questions, question("dates", lang, ""))
	case b.StartDate != "" && b.EndDate == "" && b.Days == 0:
		r.Questions = append(r.Questions, question("days", lang, ""))
	}
	if len(r.Questions) > 0 {
		r.Brief = b
		return
	}
	nb := cloneBrief(b)
	if err := nb.Normalize(now); err != nil {
		field := orchestrator.ErrorField(err)
		msg := orchestrator.ErrorMessage(err)
		switch {
		case field == "days" && strings.Contains(msg, "cities need"):
		case field == "city_count" && strings.Contains(msg, "cities need"):
			field = "days"
		case field == "start_date", field == "end_date", field == "days":
			field = "dates"
		case field == "":
			field = "query"
		}
		r.Questions = append(r.Questions, question(field, lang, msg))
		if orchestrator.ErrorField(err) == "start_date" && strings.Contains(msg, "in the past") && b.Days == 0 && nb.Days > 0 {
			// dates in the past still say how long the trip is ("a 3-day
			// plan from March 10th to March 12th, 2022"): only when they
			// fall is asked
			b.Days = nb.Days
		}
		r.Brief = b
		return
	}
	r.Brief = nb
}

// cloneBrief copies b deeply enough that normalising the copy leaves b as
// it was.
func cloneBrief(b orchestrator.Brief) orchestrator.Brief {
	c := b
	c.Destinations = append([]string{}, b.Destinations...)
	if b.Route != nil {
		c.Route = append([]string(nil), b.Route...)
	}
	if b.Budget != nil {
		bu := *b.Budget
		c.Budget = &bu
	}
	c.Places = append([]orchestrator.Place(nil), b.Places...)
	c.Interests = append([]string(nil), b.Interests...)
	c.MustVisit = append([]string(nil), b.MustVisit...)
	if b.VisitTimes != nil {
		c.VisitTimes = append([]orchestrator.VisitTime(nil), b.VisitTimes...)
	}
	if b.Foods != nil {
		c.Foods = append([]string(nil), b.Foods...)
	}
	c.Travelers.ChildAges = append([]int(nil), b.Travelers.ChildAges...)
	c.Constraints.TransportRequire = append([]string(nil), b.Constraints.TransportRequire...)
	c.Constraints.TransportExclude = append([]string(nil), b.Constraints.TransportExclude...)
	c.Constraints.TransportPrefer = append([]string(nil), b.Constraints.TransportPrefer...)
	c.Constraints.HouseRules = append([]string(nil), b.Constraints.HouseRules...)
	c.Constraints.Cuisines = append([]string(nil), b.Constraints.Cuisines...)
	c.Constraints.Accessibility = append([]string(nil), b.Constraints.Accessibility...)
	c.Constraints.AvoidFoods = append([]string(nil), b.Constraints.AvoidFoods...)
	return c
}

// inPlace reports whether byte i lies inside a place name.
func (d *doc) inPlace(i int) bool {
	for _, sp := range d.placeSpans {
		if i >= sp[0] && i < sp[1] {
			return true
		}
	}
	return false
}

// zhAny reports whether the text contains any of the Chinese phrases.
func (d *doc) zhAny(subs ...string) bool { return d.hasHanText && hasAny(d.clean, subs...) }

// enAny reports whether the text contains any of the English phrases as
// whole words.
func (d *doc) enAny(phrases ...string) bool {
	if !d.hasLatin {
		return false
	}
	for _, p := range phrases {
		if d.mayHave(p) && hasWord(d.low, p) {
			return true
		}
	}
	return false
}

// findEN returns the offsets of the whole-word occurrences of the ASCII
// phrase w in the request (see findWord), with mayHave's quick check first.
func (d *doc) findEN(w string) []int {
	if !d.hasLatin || !d.mayHave(w) {
		return nil
	}
	return findWord(d.low, w)
}

// mayHave reports whether every pair of adjacent letters or spaces in
// the ASCII phrase p occurs in the request: a quick necessary condition
// for p to occur, checked before searching.
func (d *doc) mayHave(p string) bool {
	if !d.pairsDone {
		d.pairsDone = true
		for i := 0; i+1 < len(d.low); i++ {
			if a, b := pairIndex(d.low[i]), pairIndex(d.low[i+1]); a >= 0 && b >= 0 {
				k := a*27 + b
				d.pairs[k>>6] |= 1 << (k & 63)
			}
		}
	}
	for i := 0; i+1 < len(p); i++ {
		if a, b := pairIndex(p[i]), pairIndex(p[i+1]); a >= 0 && b >= 0 {
			k := a*27 + b
			if d.pairs[k>>6]&(1<<(k&63)) == 0 {
				return false
			}
		}
	}
	return true
}

// pairIndex maps a-z to 0–25, a space to 26 and anything else to -1.
func pairIndex(c byte) int {
	switch {
	case 'a' <= c && c <= 'z':
		return int(c - 'a')
	case c == ' ':
		return 26
	}
	return -1
}

// applyPeople fills the travellers: counts from the party, children's ages
// (each age written is a child), and a question when children are named
// without a number.
func (d *doc) applyPeople(r *Result, b *orchestrator.Brief) {
	p := d.people()
	a, c := p.resolve()
	ages := d.childAges()
	if len(ages) > c {
		if p.total > 0 && a-(len(ages)-c) >= 1 {
			a -= len(ages) - c
		}
		c = len(ages)
	}
	if c > 0 && a == 0 {
		a = 1
	}
	b.Travelers.Adults, b.Travelers.Children = a, c
	if len(ages) > 0 {
		b.Travelers.ChildAges = ages[:min(len(ages), c)]
	}
	if c == 0 && p.vagueKids && p.total == 0 {
		d.notes = append(d.notes, "children are mentioned without a number; none are counted (set travelers.children)")
	}
}

// placeWish fills the destinations of a request that names none: the
// cities around a base it names (杭州周边, for the planner to choose one),
// or a destination discovered from its wish (想去海边, somewhere warm).
func (d *doc) placeWish(r *Result, b *orchestrator.Brief) {
	concepts, asks := d.wish()
	if asks && d.discoverDestination(r, b, concepts) {
		return
	}
	if d.base && d.origin != nil {
		near := d.nearbyCities(d.origin, 4)
		if len(near) == 0 {
			return
		}
		var names []string
		for _, p := range near {
			names = append(names, p.Name)
			r.Places = append(r.Places, d.placeOf(&span{text: p.Name, pick: p}, "destination"))
		}
		b.Destinations = names
		if len(names) > 1 {
			b.CityCount = 1
		}
		d.notes = append(d.notes, "a trip around "+d.origin.Name+": the planner chooses one of the nearby cities "+strings.Join(names, ", "))
	}
}

// briefPlaces returns the resolved identities of the brief's cities: the
// parser's places that are cities with coordinates, and for candidate
// cities chosen from a region the gazetteer's entries.
func briefPlaces(b *orchestrator.Brief, places []Place, g *gazetteer.Gazetteer) []orchestrator.Place {
	var out []orchestrator.Place
	seen := map[string]bool{}
	add := func(p Place) {
		if !p.Resolved || p.Latitude == nil || p.Kind != gazetteer.City.String() || seen[p.Name] {
			return
		}
		seen[p.Name] = true
		out = append(out, orchestrator.Place{Name: p.Name, CountryCode: p.CountryCode, Admin1: p.Admin1, Latitude: *p.Latitude,
			Longitude: *p.Longitude, Timezone: p.Timezone, Population: p.Population, SourceID: p.GeoNamesID})
	}
	want := map[string]bool{b.Origin: b.Origin != ""}
	for _, n := range b.Destinations {
		want[n] = true
	}
	for _, p := range places {
		if want[p.Name] {
			add(p)
		}
	}
	// candidate cities a region or country became
	cc := ""
	for _, p := range places {
		if p.Role == "destination" && p.Kind != gazetteer.City.String() {
			cc = p.CountryCode
		}
	}
	if cc != "" {
		for _, n := range b.Destinations {
			if seen[n] {
				continue
			}
			for _, c := range g.Lookup(gazetteer.Key(n)) {
				if c.Place.Kind == gazetteer.City && c.Place.CountryCode == cc && c.Place.Name == n {
					sp := &span{text: n, pick: c.Place}
					add((&doc{}).placeOf(sp, "destination"))
					break
				}
			}
		}
	}
	return out
}

// currencyChoices are the likely currencies of a budget whose code is
// unknown: the destination's, the origin's, yuan for a Chinese request,
// then US dollars and euros.
func (d *doc) currencyChoices() []string {
	var out []string
	add := func(c string) {
		if c != "" && orchestrator.IsCurrencyCode(c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	if c := d.gaz.Country(d.destCountry()); c != nil {
		add(c.Currency)
	}
	if d.origin != nil {
		if c := d.gaz.Country(d.origin.CountryCode); c != nil {
			add(c.Currency)
		}
	}
	if d.lang == "zh" {
		add("CNY")
	}
	add("USD")
	add("EUR")
	return out
}
