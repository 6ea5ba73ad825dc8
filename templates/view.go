package templates

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// view is what the HTML and Markdown templates render: every string from the
// plan already cleaned (see clean) and passed through the format's text
// function, every number formatted, every shape computed.
type view struct {
	L            *labels
	Lang         string
	Title        string
	DateRange    string
	Facts        []fact
	Partial      bool
	HasItinerary bool
	Questions    []string
	Days         []dayView
	Stays        []stayView
	Budget       *budgetView
	Weather      []weatherView
	Packing      []string
	Report       *reportView
	Findings     []findingView
	Notes        []noteView
	Cities       []cityView
	FX           *fxView
	Sources      []sourceView
	Attributions []attributionView
	PlanID       string
	Created      string
	HasEstimates bool
	// Replan is a repaired plan's changes and the "something changed?"
	// form; nil for an undated itinerary.
	Replan *replanView
}

type fact struct{ Label, Value string }

type dayView struct {
	N       int
	Anchor  string
	Title   string
	Date    string
	City    string
	From    string
	Travel  bool
	Weather *weatherView
	Items   []itemView
	Map     *routeMap
	Cost    string
}

// itemView is one entry of a day's timeline.
type itemView struct {
	Kind string // leg, stop, meal or stay
	// Time is the start, or "start–end" (in HTML with a zero-width space
	// after the dash so narrow screens can break it).
	Time     string
	Label    string
	Name     string
	Detail   string
	Cost     string
	Marker   int
	Estimate bool
	// Changed marks an item a repair added, moved or replaced.
	Changed bool
	sortKey int
	order   int
}

type stayView struct {
	Name, City, Nights, Rooms, RoomType, Cost string
}

type budgetView struct {
	People string
	Limit  string
	// Unapplied says why the brief's budget is not compared with the
	// tiers; "" when it is, or when there is none.
	Unapplied string
	Rows      []tierRow
	Chart     *budgetChart
}

type tierRow struct {
	Tier                                                    string
	Chosen, Lean                                            bool
	Transport, Lodging, Food, Attractions, Total, PerPerson string
	// Within is "within", "over" or "" (no budget).
	Within string
}

type weatherView struct {
	Date, City, Text   string
	Temp, Precip, Wind string
	Risks              []string
	Estimate           bool
}

type reportView struct {
	Passed  bool
	Checks  []checkView
	Quality *qualityView
}

type checkView struct{ Name, Kind, Status, Class string }

type findingView struct {
	Severity, SeverityLabel, Code, Day, Subject, Message, Shortfall string
}

type noteView struct {
	Class, KindLabel, Level, LevelLabel, Message string
}

type cityView struct {
	Name, Days, Place, Coordinates, Timezone string
	Attractions, Restaurants, Hotels         []string
	NAttractions, NRestaurants, NHotels      int
}

type fxView struct {
	Base, Date string
	Rates      []fact
}

type sourceView struct {
	Source, Fetched, FreshFor, Mode string
	Facts                           int
	Stale, Estimate                 bool
}

type attributionView struct{ Text, URL, License string }

// builder turns a plan into a view; txt prepares every plan string for the
// output format (identity for HTML, whose templates escape; mdEscape for
// Markdown).
type builder struct {
	p   *orchestrator.Plan
	l   *labels
	txt func(string) string
	// link prepares a safe URL for the format.
	link func(string) string
	// dash joins the ends of a time span.
	dash string
}

func newView(p *orchestrator.Plan, txt, link func(string) string, dash string) *view {
	b := &builder{p: p, l: labelsFor(p.Brief.Language), txt: txt, link: link, dash: dash}
	return b.build()
}

func (b *builder) s(v string) string { return b.txt(clean(v)) }

// place is a place name in the page's language (PlaceName: Chinese pages
// use the gazetteer's Chinese names).
func (b *builder) place(v string) string { return b.txt(clean(PlaceName(clean(v), b.l.Lang))) }

// places is place of each name.
func (b *builder) places(names []string) []string { return localNames(names, b.l.Lang) }

// localNames is PlaceName of each (cleaned) name.
func localNames(names []string, lang string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = PlaceName(clean(n), lang)
	}
	return out
}

// span formats a time span "07:30–10:35".
func (b *builder) span(start, end string) string {
	if end == "" {
		return b.s(start)
	}
	return b.txt(clean(start) + b.dash + clean(end))
}

func (b *builder) build() *view {
	p, l := b.p, b.l
	v := &view{
		L:            l,
		Lang:         l.Lang,
		Title:        b.txt(l.title(b.places(p.Brief.Cities()), p.Brief.Days)),
		DateRange:    b.txt(l.dateRange(&p.Brief)),
		Partial:      p.Status == orchestrator.PlanPartial || p.Itinerary == nil,
		HasItinerary: p.Itinerary != nil,
		PlanID:       b.s(p.ID),
	}
	if !p.CreatedAt.IsZero() {
		v.Created = p.CreatedAt.UTC().Format("2006-01-02 15:04 UTC")
	}
	v.Facts = b.facts()
	for _, q := range p.Questions {
		v.Questions = append(v.Questions, b.s(q.Text))
	}
	if it := p.Itinerary; it != nil {
		v.Days = b.days(it, v)
		v.Stays = b.stays(it)
		for _, s := range it.Stays {
			v.HasEstimates = v.HasEstimates || s.Estimate
		}
		v.Budget = b.budget(&it.Budget)
		v.Report, v.Findings = b.report(it)
		v.Replan = b.replan(v)
	}
	v.Weather = b.weather()
	v.Packing = packing(p, l)
	v.Notes = b.notes()
	v.Cities = b.cities()
	v.FX = b.fx()
	v.Sources, v.Attributions = b.sources()
	return v
}

func (b *builder) facts() []fact {
	p, l := b.p, b.l
	var out []fact
	add := func(label, value string) {
		if value != "" {
			out = append(out, fact{label, value})
		}
	}
	if p.Brief.Origin != "" {
		add(l.Origin, b.place(p.Brief.Origin))
	}
	add(l.Dates, b.txt(l.dateRange(&p.Brief)))
	add(l.Travellers, b.txt(l.travellers(p.Brief.Travelers)))
	add(l.Budget, b.txt(l.budget(p.Brief.Budget)))
	if it := p.Itinerary; it != nil && it.Tier != "" {
		t := word(l.Tiers, it.Tier, string(it.Tier))
		if it.Lean {
			t += " (" + l.Lean + ")"
		}
		add(l.Tier, b.txt(t))
	}
	if p.Brief.Pace != "" {
		add(l.Pace, b.txt(word(l.Paces, p.Brief.Pace, p.Brief.Pace)))
	}
	if len(p.Brief.Interests) > 0 {
		add(l.Interests, b.txt(l.list(b.words(p.Brief.Interests))))
	}
	if len(p.Brief.Constraints.Cuisines) > 0 {
		add(l.Cuisines, b.txt(l.list(b.words(p.Brief.Constraints.Cuisines))))
	}
	if len(p.Brief.Alternatives) > 0 {
		add(l.Alternatives, b.txt(l.list(b.places(p.Brief.Alternatives))))
	}
	add(l.Status, b.txt(word(l.Statuses, p.Status, p.Status)))
	if p.Query != "" {
		add(l.Request, b.s(p.Query))
	}
	return out
}

// words are request terms (interests, cuisines) in the page's language
// (concepts.Word).
func (b *builder) words(terms []string) []string {
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		if t = clean(t); t != "" {
			out = append(out, clean(concepts.Word(t, b.l.Lang)))
		}
	}
	return out
}

// dayWeather returns the weather of the city where a day is spent — that of
// its first visit, else the city it ends in, else the one it leaves — with
// the city's name.
func dayWeather(t *orchestrator.Trip, d *orchestrator.Day) (*orchestrator.WeatherDay, *orchestrator.Forecast, string) {
	if d.Date == "" {
		return nil, nil, ""
	}
	cands := make([]string, 0, 3)
	if len(d.Stops) > 0 && d.Stops[0].City != "" {
		cands = append(cands, d.Stops[0].City)
	}
	cands = append(cands, d.City, d.From)
	for _, city := range cands {
		if city == "" {
			continue
		}
		for i := range t.Cities {
			c := &t.Cities[i]
			if c.Weather == nil || (c.Name != city && !orchestrator.SameCity(c.Name, city)) {
				continue
			}
			for j := range c.Weather.Value.Days {
				if c.Weather.Value.Days[j].Date == d.Date {
					return &c.Weather.Value.Days[j], &c.Weather.Value, city
				}
			}
		}
	}
	return nil, nil, ""
}

func (b *builder) days(it *orchestrator.Itinerary, v *view) []dayView {
	l := b.l
	stays := map[string]*orchestrator.Stay{}
	for i := range it.Stays {
		stays[it.Stays[i].AccommodationID] = &it.Stays[i]
	}
	out := make([]dayView, 0, len(it.Days))
	var prevStay *orchestrator.StayRef
	for di := range it.Days {
		d := &it.Days[di]
		dv := dayView{
			N:      d.Day,
			Anchor: "day-" + strconv.Itoa(d.Day),
			Title:  l.dayTitle(d.Day),
			Date:   b.txt(l.date(d.Date, false)),
			City:   b.place(d.City),
			From:   b.place(d.From),
			Travel: d.Travel(),
			Cost:   b.txt(money(d.Cost)),
		}
		if wd, f, city := dayWeather(&b.p.Trip, d); wd != nil {
			w := b.weatherDay(wd, f, city)
			dv.Weather = &w
		}
		items := b.legItems(d, v)
		items = append(items, b.stopItems(d, v)...)
		items = append(items, b.mealItems(d, v)...)
		slices.SortStableFunc(items, func(x, y itemView) int {
			return cmp.Or(cmp.Compare(x.sortKey, y.sortKey), cmp.Compare(x.order, y.order))
		})
		pts := make([]mapPoint, 0, len(items)+2)
		n := 0
		for i := range items {
			if items[i].Marker == -1 {
				n++
				items[i].Marker = n
				pts = append(pts, mapPoint{Pos: location(d, items[i].order), Label: strconv.Itoa(n), Title: items[i].Name})
			}
		}
		if d.Stay != nil {
			st := stays[d.Stay.AccommodationID]
			items = append(items, itemView{Kind: "stay", Label: l.Night, Name: b.s(d.Stay.Name), Detail: b.place(d.Stay.City)})
			if st != nil && st.Location != nil {
				pts = append(pts, mapPoint{Pos: *st.Location, Label: "H", Title: b.s(st.Name), Hotel: true})
			}
		}
		if prevStay != nil && (d.Stay == nil || prevStay.AccommodationID != d.Stay.AccommodationID) && orchestrator.SameCity(prevStay.City, d.City) {
			if st := stays[prevStay.AccommodationID]; st != nil && st.Location != nil {
				pts = append(pts, mapPoint{Pos: *st.Location, Label: "H", Title: b.s(st.Name), Hotel: true})
			}
		}
		prevStay = d.Stay
		dv.Items = items
		dv.Map = newRouteMap(pts, l)
		out = append(out, dv)
	}
	return out
}

// legItems are the timeline items of a day's legs.
func (b *builder) legItems(d *orchestrator.Day, v *view) []itemView {
	l := b.l
	var items []itemView
	for i, lg := range d.Legs {
		label := word(l.Modes, lg.Mode, lg.Mode)
		if lg.Number != "" {
			label += " " + clean(lg.Number)
		}
		detail := PlaceName(clean(lg.From), l.Lang) + " → " + PlaceName(clean(lg.To), l.Lang)
		if lg.FromStation != "" || lg.ToStation != "" {
			detail += " (" + clean(lg.FromStation) + " → " + clean(lg.ToStation) + ")"
		}
		if lg.DurationMinutes > 0 {
			detail += " · " + l.minutes(lg.DurationMinutes)
		}
		if lg.Class != "" {
			detail += " · " + clean(lg.Class)
		}
		if lg.Journey > 0 && lg.TransferMinutes > 0 {
			// A later leg of a connection: the change before it.
			detail = l.Change + " " + l.minutes(lg.TransferMinutes) + " · " + detail
		}
		key := -1
		if m, ok := clockMinutes(lg.Depart); ok {
			key = m
		}
		cost := money(lg.Cost)
		if lg.Estimate {
			cost = "≈ " + cost
			v.HasEstimates = true
		}
		access := accessDetail(l, &lg)
		v.HasEstimates = v.HasEstimates || access != ""
		items = append(items, itemView{Kind: "leg", Time: b.span(lg.Depart, lg.Arrive), Label: b.txt(label),
			Name: b.txt(detail), Detail: b.txt(access), Cost: b.txt(cost), Estimate: lg.Estimate, sortKey: key, order: i})
	}
	return items
}

// stopItems are the timeline items of a day's stops.
func (b *builder) stopItems(d *orchestrator.Day, v *view) []itemView {
	l := b.l
	var items []itemView
	for i, s := range d.Stops {
		key := 24 * 60
		if m, ok := clockMinutes(s.Start); ok {
			key = m
		}
		detail := ""
		if s.TravelMinutes > 0 {
			detail = "+" + l.minutes(s.TravelMinutes)
			if s.TravelEstimate {
				detail = "≈ " + detail
				v.HasEstimates = true
			}
		}
		if s.VisitEstimate {
			// The visit's length is the planner's, longer than the
			// data's recommended time (planner.visitFloor).
			if detail != "" {
				detail += " · "
			}
			detail += l.VisitEstimate
			v.HasEstimates = true
		}
		it := itemView{Kind: "stop", Time: b.span(s.Start, s.End), Label: l.Stop, Name: b.s(s.Name),
			Detail: b.txt(detail), Estimate: s.TravelEstimate || s.VisitEstimate, sortKey: key, order: 100 + i}
		if s.Cost.Cents > 0 {
			it.Cost = b.txt(money(s.Cost))
		}
		if s.Location != nil {
			it.Marker = -1
		}
		items = append(items, it)
	}
	return items
}

// mealItems are the timeline items of a day's meals.
func (b *builder) mealItems(d *orchestrator.Day, v *view) []itemView {
	l := b.l
	var items []itemView
	for i, m := range d.Meals {
		key := 24 * 60
		if t, ok := clockMinutes(m.Time); ok {
			key = t
		}
		var cuisines []string
		for _, c := range m.Cuisines {
			if c = clean(c); c != "" {
				cuisines = append(cuisines, c)
			}
		}
		detail := strings.Join(cuisines, ", ")
		if len(m.Serves) > 0 {
			// The foods asked for that this meal serves.
			intro, sep := "as asked: ", ", "
			serves := m.Serves
			if b.l.Lang == "zh" {
				intro, sep = "想吃的：", "、"
				serves = make([]string, len(m.Serves))
				for k, f := range m.Serves {
					if serves[k] = f; concepts.LocalWish(f) {
						serves[k] = "当地特色菜" // the canonical wish, in the page's language
					}
				}
			}
			if detail != "" {
				detail += " · "
			}
			detail += intro + strings.Join(serves, sep)
		}
		it := itemView{Kind: "meal", Time: b.s(m.Time), Label: b.txt(word(l.Slots, m.Slot, m.Slot)), Name: b.s(m.Name),
			Detail: b.txt(detail), sortKey: key, order: 200 + i}
		if m.Cost.Cents > 0 {
			cost := money(m.Cost)
			if m.Estimate {
				cost = "≈ " + cost
				it.Estimate, v.HasEstimates = true, true
			}
			it.Cost = b.txt(cost)
		}
		if m.Location != nil {
			it.Marker = -1
		}
		items = append(items, it)
	}
	return items
}

// location returns the position of the stop (order 100+i) or meal (order
// 200+i) of a located timeline item.
func location(d *orchestrator.Day, order int) orchestrator.GeoPoint {
	switch {
	case order >= 200 && d.Meals[order-200].Location != nil:
		return *d.Meals[order-200].Location
	case order >= 100 && order < 200 && d.Stops[order-100].Location != nil:
		return *d.Stops[order-100].Location
	}
	return orchestrator.GeoPoint{}
}

func (b *builder) stays(it *orchestrator.Itinerary) []stayView {
	l := b.l
	out := make([]stayView, 0, len(it.Stays))
	for _, s := range it.Stays {
		cost := money(s.Cost)
		if s.Estimate {
			cost = "≈ " + cost
		}
		out = append(out, stayView{
			Name: b.s(s.Name), City: b.place(s.City), Nights: b.txt(l.nights(s.Nights)),
			Rooms: strconv.Itoa(s.Rooms), RoomType: b.txt(word(l.RoomTypes, s.RoomType, strings.ReplaceAll(clean(s.RoomType), "_", " "))), Cost: b.txt(cost),
		})
	}
	return out
}

func (b *builder) budget(bb *orchestrator.BudgetBreakdown) *budgetView {
	if len(bb.Tiers) == 0 {
		return nil
	}
	l := b.l
	v := &budgetView{People: strconv.Itoa(bb.People)}
	if bb.Limit != nil {
		v.Limit = b.txt(money(*bb.Limit))
	} else if bu := b.p.Brief.Budget; bu != nil {
		// The brief has a budget the plan could not apply (no exchange
		// rate to the prices' currency): say so, never "no budget".
		v.Unapplied = b.txt(l.unapplied(bu))
	}
	for _, t := range bb.Tiers {
		r := tierRow{
			Tier: b.txt(word(l.Tiers, t.Tier, string(t.Tier))), Chosen: t.Tier == bb.Chosen, Lean: t.Lean,
			Transport: b.txt(money(t.Transport)), Lodging: b.txt(money(t.Lodging)), Food: b.txt(money(t.Food)),
			Attractions: b.txt(money(t.Attractions)), Total: b.txt(money(t.Total)), PerPerson: b.txt(money(t.PerPerson)),
		}
		if t.WithinBudget != nil {
			r.Within = "over"
			if *t.WithinBudget {
				r.Within = "within"
			}
		}
		v.Rows = append(v.Rows, r)
	}
	v.Chart = newBudgetChart(bb, l)
	return v
}

func (b *builder) report(it *orchestrator.Itinerary) (*reportView, []findingView) {
	l := b.l
	var rv *reportView
	findings := append([]orchestrator.Finding(nil), it.Findings...)
	if r := it.Report; r != nil {
		rv = &reportView{Passed: r.Passed}
		for _, c := range r.Checks {
			rv.Checks = append(rv.Checks, checkView{
				Name: b.txt(b.checkName(c.Name)), Kind: b.txt(b.checkKind(c.Kind)),
				Status: b.txt(word(l.CheckStatus, c.Status, c.Status)), Class: cssClass(c.Status),
			})
		}
		findings = append(findings, r.Findings...)
		rv.Quality = b.quality(r.Quality, it.Quality)
	}
	var out []findingView
	seen := map[string]bool{}
	for _, f := range findings {
		key := f.Code + "\x00" + f.Subject + "\x00" + strconv.Itoa(f.Day) + "\x00" + f.Message
		if seen[key] {
			continue
		}
		seen[key] = true
		fv := findingView{
			Severity: cssClass(f.Severity), SeverityLabel: b.txt(word(l.Levels, f.Severity, f.Severity)),
			Code: b.s(f.Code), Subject: b.place(f.Subject), Message: b.txt(b.findingMessage(f)),
		}
		if l.Lang == "zh" {
			fv.Subject = "" // the Chinese wording names it
		}
		if f.Day > 0 {
			fv.Day = l.dayTitle(f.Day)
		}
		if f.Shortfall != nil {
			fv.Shortfall = b.txt(money(*f.Shortfall))
		}
		out = append(out, fv)
	}
	return rv, out
}

// cssClass keeps only [a-z0-9_-] of s, for class names built from data.
func cssClass(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s) && len(out) < 32; i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '_', c == '-':
			out = append(out, c)
		case c >= 'A' && c <= 'Z':
			out = append(out, c+'a'-'A')
		}
	}
	return string(out)
}

func (b *builder) weatherDay(d *orchestrator.WeatherDay, f *orchestrator.Forecast, city string) weatherView {
	l := b.l
	units := orchestrator.WeatherUnits{Temperature: "°C", Precipitation: "mm", Wind: "km/h"}
	if f != nil && f.Units != nil {
		if f.Units.Temperature != "" {
			units.Temperature = clean(f.Units.Temperature)
		}
		if f.Units.Precipitation != "" {
			units.Precipitation = clean(f.Units.Precipitation)
		}
		if f.Units.Wind != "" {
			units.Wind = clean(f.Units.Wind)
		}
	}
	w := weatherView{Date: b.txt(l.date(d.Date, false)), City: b.place(city), Estimate: d.Estimate}
	text := clean(d.Text)
	if d.Code != nil {
		if t, ok := l.WMO[*d.Code]; ok && (text == "" || l.Lang != "en") {
			text = t
		}
	}
	w.Text = b.txt(text)
	switch {
	case d.TempMin != nil && d.TempMax != nil:
		w.Temp = fnum(*d.TempMin, 0) + "–" + fnum(*d.TempMax, 0) + " " + units.Temperature
	case d.TempMax != nil:
		w.Temp = "≤ " + fnum(*d.TempMax, 0) + " " + units.Temperature
	case d.TempMin != nil:
		w.Temp = "≥ " + fnum(*d.TempMin, 0) + " " + units.Temperature
	}
	w.Temp = b.txt(w.Temp)
	var pr []string
	if d.PrecipitationMM != nil {
		pr = append(pr, fnum(*d.PrecipitationMM, 1)+" "+units.Precipitation)
	}
	if d.PrecipitationPct != nil {
		pr = append(pr, fnum(*d.PrecipitationPct, 0)+"%")
	}
	w.Precip = b.txt(strings.Join(pr, " · "))
	if d.WindMaxKMH != nil {
		w.Wind = b.txt(fnum(*d.WindMaxKMH, 0) + " " + units.Wind)
	}
	for _, r := range d.Risks {
		w.Risks = append(w.Risks, b.txt(word(l.Risks, r, strings.ReplaceAll(r, "_", " "))))
	}
	return w
}

// weather lists the weather of the itinerary's days, or of every city's
// forecast when there is no itinerary.
func (b *builder) weather() []weatherView {
	var out []weatherView
	if it := b.p.Itinerary; it != nil {
		for i := range it.Days {
			if wd, f, city := dayWeather(&b.p.Trip, &it.Days[i]); wd != nil {
				out = append(out, b.weatherDay(wd, f, city))
			}
		}
		return out
	}
	for _, c := range b.p.Trip.Cities {
		if c.Weather == nil {
			continue
		}
		for i := range c.Weather.Value.Days {
			out = append(out, b.weatherDay(&c.Weather.Value.Days[i], &c.Weather.Value, c.Name))
		}
	}
	return out
}

func noteClass(n orchestrator.Note) string {
	switch n.Code {
	case "estimate", "estimated":
		return "estimated"
	case "stale":
		return "stale"
	case orchestrator.EUNAVAILABLE, orchestrator.ENOTFOUND, orchestrator.ETIMEOUT, orchestrator.EINTERNAL,
		orchestrator.ECANCELED, orchestrator.EBADRESPONSE, orchestrator.EAUTH, orchestrator.ERATELIMITED, orchestrator.EUNPROCESSABLE, "blocked", "missing":
		return "missing"
	}
	return "other"
}

func (b *builder) notes() []noteView {
	l := b.l
	out := make([]noteView, 0, len(b.p.Notes))
	for _, n := range b.p.Notes {
		if n.Audience == orchestrator.NoteOperator {
			continue // configuration, for operators: never on the itinerary
		}
		c := noteClass(n)
		// The traveller's wording only: Message is technical detail
		// (see NoteText).
		out = append(out, noteView{
			Class: c, KindLabel: l.NoteKind[c], Level: cssClass(n.Level), LevelLabel: b.txt(word(l.Levels, n.Level, n.Level)),
			Message: b.txt(NoteText(n, l.Lang)),
		})
	}
	return out
}

const maxListed = 5

func (b *builder) cities() []cityView {
	l := b.l
	var out []cityView
	for _, c := range b.p.Trip.Cities {
		cv := cityView{Name: b.place(c.Name)}
		if c.Days > 0 {
			cv.Days = l.days(c.Days)
		}
		if c.Place != nil {
			pl := c.Place.Value
			var parts []string
			for _, s := range []string{pl.Name, pl.Admin1, pl.Country} {
				if s = clean(s); s != "" {
					parts = append(parts, s)
				}
			}
			cv.Place = b.txt(strings.Join(parts, ", "))
			cv.Coordinates = fnum(pl.Latitude, 4) + ", " + fnum(pl.Longitude, 4)
			cv.Timezone = b.s(pl.Timezone)
		}
		if c.Attractions != nil {
			cv.NAttractions = len(c.Attractions.Value)
			for i := 0; i < len(c.Attractions.Value) && i < maxListed; i++ {
				cv.Attractions = append(cv.Attractions, b.s(c.Attractions.Value[i].Name))
			}
		}
		if c.Restaurants != nil {
			cv.NRestaurants = len(c.Restaurants.Value)
			for i := 0; i < len(c.Restaurants.Value) && i < maxListed; i++ {
				cv.Restaurants = append(cv.Restaurants, b.s(c.Restaurants.Value[i].Name))
			}
		}
		if c.Hotels != nil {
			cv.NHotels = len(c.Hotels.Value)
			for i := 0; i < len(c.Hotels.Value) && i < maxListed; i++ {
				cv.Hotels = append(cv.Hotels, b.s(c.Hotels.Value[i].Name))
			}
		}
		out = append(out, cv)
	}
	return out
}

// fx shows the rates of the currencies the plan uses.
func (b *builder) fx() *fxView {
	fx := b.p.Trip.FX
	if fx == nil || len(fx.Value.Rates) == 0 {
		return nil
	}
	want := map[string]bool{}
	if bu := b.p.Brief.Budget; bu != nil {
		want[bu.Currency] = true
	}
	if it := b.p.Itinerary; it != nil {
		want[it.Currency] = true
	}
	v := &fxView{Base: b.s(fx.Value.Base), Date: b.s(fx.Value.Date)}
	codes := make([]string, 0, len(fx.Value.Rates))
	for k := range fx.Value.Rates {
		if want[k] || len(want) == 0 {
			codes = append(codes, k)
		}
	}
	slices.Sort(codes)
	for _, k := range codes {
		v.Rates = append(v.Rates, fact{b.s(k), fnum(fx.Value.Rates[k], 4)})
	}
	if len(v.Rates) == 0 {
		return nil
	}
	return v
}

// provenances lists every provenance in the trip, in a fixed order.
func provenances(t *orchestrator.Trip) []orchestrator.Provenance {
	var out []orchestrator.Provenance
	if t.Origin != nil {
		out = append(out, t.Origin.Provenance)
	}
	for _, c := range t.Cities {
		if c.Place != nil {
			out = append(out, c.Place.Provenance)
		}
		if c.Weather != nil {
			out = append(out, c.Weather.Provenance)
		}
		if c.Attractions != nil {
			out = append(out, c.Attractions.Provenance)
		}
		if c.Restaurants != nil {
			out = append(out, c.Restaurants.Provenance)
		}
		if c.Hotels != nil {
			out = append(out, c.Hotels.Provenance)
		}
		if c.Matrix != nil {
			out = append(out, c.Matrix.Provenance)
		}
	}
	if t.FX != nil {
		out = append(out, t.FX.Provenance)
	}
	for _, tr := range t.Transport {
		out = append(out, tr.Provenance)
	}
	keys := make([]string, 0, len(t.Sections))
	for k := range t.Sections {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		out = append(out, t.Sections[k].Provenance)
	}
	return out
}

func (b *builder) sources() ([]sourceView, []attributionView) {
	l := b.l
	type agg struct {
		facts, hits  int
		latest       time.Time
		ttl          int64
		stale, estim bool
	}
	bySource := map[string]*agg{}
	attrs := map[attributionView]bool{}
	for _, pv := range provenances(&b.p.Trip) {
		name := clean(pv.Source)
		if name == "" {
			name = "?"
		}
		a := bySource[name]
		if a == nil {
			a = &agg{}
			bySource[name] = a
		}
		a.facts++
		if pv.CacheHit {
			a.hits++
		}
		if pv.FetchedAt.After(a.latest) {
			a.latest = pv.FetchedAt
		}
		a.ttl = max(a.ttl, pv.TTL)
		a.stale = a.stale || pv.Stale
		a.estim = a.estim || pv.Estimate
		if at := pv.Attribution; at != nil && clean(at.Text) != "" {
			attrs[attributionView{Text: b.s(at.Text), URL: b.link(safeURL(at.URL)), License: b.s(at.License)}] = true
		}
	}
	names := make([]string, 0, len(bySource))
	for k := range bySource {
		names = append(names, k)
	}
	slices.Sort(names)
	var out []sourceView
	for _, n := range names {
		a := bySource[n]
		sv := sourceView{Source: b.txt(n), Facts: a.facts, FreshFor: b.txt(l.duration(a.ttl)), Stale: a.stale, Estimate: a.estim}
		if !a.latest.IsZero() {
			sv.Fetched = a.latest.UTC().Format("2006-01-02 15:04 UTC")
		}
		switch {
		case a.hits == a.facts:
			sv.Mode = l.Cached
		case a.hits == 0:
			sv.Mode = l.Live
		default:
			sv.Mode = l.Cached + " + " + l.Live
		}
		out = append(out, sv)
	}
	var at []attributionView
	for a := range attrs {
		at = append(at, a)
	}
	slices.SortFunc(at, func(x, y attributionView) int {
		return cmp.Or(cmp.Compare(x.Text, y.Text), cmp.Compare(x.URL, y.URL), cmp.Compare(x.License, y.License))
	})
	return out, at
}

// accessDetail words a leg's door-to-door estimates (Leg.BeforeMinutes,
// Leg.AfterMinutes): when to leave the day's last place to reach the
// station or airport and board, and how long from the arrival to the next
// place. Marked ≈: they are estimates.
func accessDetail(l *labels, lg *orchestrator.Leg) string {
	if !lg.AccessEstimate || (lg.BeforeMinutes <= 0 && lg.AfterMinutes <= 0) {
		return ""
	}
	zh := l.Lang == "zh"
	var parts []string
	if dep, ok := clockMinutes(lg.Depart); ok && lg.BeforeMinutes > 0 {
		by := orchestrator.FormatClock(((dep-lg.BeforeMinutes)%1440 + 1440) % 1440)
		from := PlaceName(clean(lg.BeforeFrom), l.Lang)
		switch {
		case zh && from != "":
			parts = append(parts, "≈ "+by+"前从"+from+"出发（到站、安检和登乘约"+l.minutes(lg.BeforeMinutes)+"）")
		case zh:
			parts = append(parts, "≈ "+by+"前出发（到站、安检和登乘约"+l.minutes(lg.BeforeMinutes)+"）")
		case from != "":
			parts = append(parts, "≈ leave "+from+" by "+by+" ("+l.minutes(lg.BeforeMinutes)+" to reach the station, check in and board)")
		default:
			parts = append(parts, "≈ leave by "+by+" ("+l.minutes(lg.BeforeMinutes)+" to reach the station, check in and board)")
		}
	}
	if lg.AfterMinutes > 0 {
		to := PlaceName(clean(lg.AfterTo), l.Lang)
		switch {
		case zh && to != "":
			parts = append(parts, "到达后≈"+l.minutes(lg.AfterMinutes)+"到"+to)
		case zh:
			parts = append(parts, "到达后≈"+l.minutes(lg.AfterMinutes)+"出站进城")
		case to != "":
			parts = append(parts, "≈ "+l.minutes(lg.AfterMinutes)+" from arrival to "+to)
		default:
			parts = append(parts, "≈ "+l.minutes(lg.AfterMinutes)+" from arrival into town")
		}
	}
	return strings.Join(parts, " · ")
}
