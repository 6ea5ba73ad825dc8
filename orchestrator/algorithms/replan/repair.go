package replan

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

// Day bounds for a repaired day: nothing placed before dayStart unless it
// was there already, nothing after dayEnd; a gap shorter than minGap is
// not filled.
const (
	dayStart = 8 * 60
	dayEnd   = 22 * 60
	minGap   = 120
	fillFrom = 9 * 60
	fillTo   = 18 * 60
	// maxFillTravel bounds the travel to and from a sight added to fill a
	// gap, in minutes: a filler is a sight nearby, not a day trip.
	maxFillTravel = 45
)

// Result is a repaired itinerary and the changes that made it.
type Result struct {
	Itinerary *orchestrator.Itinerary
	Changes   []orchestrator.Change
	// Findings say what could not be repaired (a cancelled leg with no
	// other journey that day): the plan is then partial.
	Findings []orchestrator.Finding
	// Brief is set when the repair made the trip longer (an extra night
	// when no journey home works on the last day): the brief with its new
	// days and end date, which the repaired plan answers.
	Brief *orchestrator.Brief
}

// Repair applies events to the plan's itinerary at now, read on the trip's
// local clock (LocalNow) whatever offset it was written with. It returns an
// EUNPROCESSABLE *orchestrator.Error naming the event and field for an
// unknown kind, a date outside the trip or before now, and a place or leg
// the plan does not hold. The plan is not modified.
func Repair(p *orchestrator.Plan, events []Event, now time.Time) (*Result, error) {
	if p == nil || p.Itinerary == nil || len(p.Itinerary.Days) == 0 {
		return nil, &orchestrator.Error{Code: orchestrator.ECONFLICT, Message: "the plan has no itinerary to repair"}
	}
	if len(events) == 0 {
		return nil, orchestrator.FieldErrorf("events", "send at least one event")
	}
	if len(events) > MaxEvents {
		return nil, orchestrator.FieldErrorf("events", "at most %d events", MaxEvents)
	}
	r := newRepairer(p, LocalNow(p, now))
	for i := range events {
		if err := r.check(i, &events[i]); err != nil {
			return nil, err
		}
	}
	for i := range events {
		before := len(r.changes) + len(r.findings)
		if err := r.apply(i, &events[i]); err != nil {
			return nil, err
		}
		if len(r.changes)+len(r.findings) == before {
			r.kept(i, &events[i])
		}
	}
	r.relabel()
	r.reprice()
	it := r.it
	it.Findings = append(it.Findings, r.findings...)
	q := quality.Score(r.b, &p.Trip, it)
	it.Quality = &q
	rep := verifier.Verify(r.b, &p.Trip, it)
	it.Report = &rep
	res := &Result{Itinerary: it, Changes: r.changes, Findings: r.findings}
	if r.briefChanged {
		res.Brief = r.b
	}
	return res, nil
}

// repairer holds one repair's state.
type repairer struct {
	b       *orchestrator.Brief
	trip    *orchestrator.Trip
	it      *orchestrator.Itinerary
	nowDate string
	nowMin  int
	people  int
	zh      bool

	cityAttr map[string][]*orchestrator.Attraction // best first, filled on first use
	matrices map[string]*orchestrator.TravelMatrix

	banned   map[int]map[string]bool // day index → place IDs closed that day
	reserved map[string]bool         // sights an add event places: not used to fill
	skipped  map[string]bool
	wet      map[int]bool // day index → rain, storm or snow

	changes  []orchestrator.Change
	findings []orchestrator.Finding
	// mustNames are the attraction names the brief's must_visit resolve
	// to, filled on first use (see mustSee).
	mustNames map[string]bool
	// briefChanged is set when the repair made the trip longer (an extra
	// night): r.b is then a copy with the new days.
	briefChanged bool
	// options indexes the trip's transport options by ID, filled on
	// first use (see option).
	options map[string]*orchestrator.TransportOption
}

func newRepairer(p *orchestrator.Plan, now time.Time) *repairer {
	r := &repairer{b: &p.Brief, trip: &p.Trip, it: cloneItinerary(p.Itinerary),
		nowDate: now.Format("2006-01-02"), nowMin: now.Hour()*60 + now.Minute(),
		people: max(1, p.Brief.Travelers.Total()), zh: p.Brief.Language == "zh",
		cityAttr: map[string][]*orchestrator.Attraction{}, matrices: map[string]*orchestrator.TravelMatrix{},
		banned: map[int]map[string]bool{}, reserved: map[string]bool{}, skipped: map[string]bool{}, wet: map[int]bool{}}
	for ci := range p.Trip.Cities {
		c := &p.Trip.Cities[ci]
		if c.Matrix != nil {
			r.matrices[c.Name] = &c.Matrix.Value
		}
	}
	return r
}

// cityData returns the trip's data of city, or nil.
func (r *repairer) cityData(city string) *orchestrator.CityData {
	for i := range r.trip.Cities {
		if r.trip.Cities[i].Name == city {
			return &r.trip.Cities[i]
		}
	}
	return nil
}

// attraction returns sight id of city (any city when city is empty), or
// nil: a scan, as a repair looks up a handful.
func (r *repairer) attraction(city, id string) *orchestrator.Attraction {
	for i := range r.trip.Cities {
		c := &r.trip.Cities[i]
		if (city != "" && c.Name != city) || c.Attractions == nil {
			continue
		}
		for k := range c.Attractions.Value {
			if c.Attractions.Value[k].ID == id {
				return &c.Attractions.Value[k]
			}
		}
	}
	if city != "" {
		return r.attraction("", id)
	}
	return nil
}

// restaurant returns restaurant id of city, or nil.
func (r *repairer) restaurant(city, id string) *orchestrator.Restaurant {
	if c := r.cityData(city); c != nil && c.Restaurants != nil {
		for k := range c.Restaurants.Value {
			if c.Restaurants.Value[k].ID == id {
				return &c.Restaurants.Value[k]
			}
		}
	}
	return nil
}

// sights returns city's attractions, best rated first.
func (r *repairer) sights(city string) []*orchestrator.Attraction {
	if out, ok := r.cityAttr[city]; ok {
		return out
	}
	var out []*orchestrator.Attraction
	if c := r.cityData(city); c != nil && c.Attractions != nil {
		out = make([]*orchestrator.Attraction, len(c.Attractions.Value))
		for k := range c.Attractions.Value {
			out[k] = &c.Attractions.Value[k]
		}
		slices.SortStableFunc(out, func(x, y *orchestrator.Attraction) int {
			if c := cmp.Compare(attrScore(y), attrScore(x)); c != 0 {
				return c
			}
			return strings.Compare(x.ID, y.ID)
		})
	}
	r.cityAttr[city] = out
	return out
}

// attrScore orders candidate sights: rating first, then popularity.
func attrScore(a *orchestrator.Attraction) float64 {
	return a.Rating*1000 + math.Min(a.Popularity, 999)
}

// cloneItinerary copies what a repair edits: days and their stops, meals,
// legs and journeys, stays and the budget's tiers. Quality and Report are
// recomputed by the caller.
func cloneItinerary(src *orchestrator.Itinerary) *orchestrator.Itinerary {
	it := *src
	it.Days = slices.Clone(src.Days)
	for i := range it.Days {
		d := &it.Days[i]
		d.Stops = slices.Clone(d.Stops)
		d.Meals = slices.Clone(d.Meals)
		d.Legs = slices.Clone(d.Legs)
		d.Journeys = slices.Clone(d.Journeys)
	}
	it.Stays = slices.Clone(src.Stays)
	it.Budget.Tiers = slices.Clone(src.Budget.Tiers)
	it.Findings = slices.Clone(src.Findings)
	it.Quality, it.Report = nil, nil
	return &it
}

// dayOf returns the index of the day on date, or -1.
func (r *repairer) dayOf(date string) int {
	for i := range r.it.Days {
		if r.it.Days[i].Date == date {
			return i
		}
	}
	return -1
}

// frozenDay reports whether day i lies wholly before now.
func (r *repairer) frozenDay(i int) bool { return r.it.Days[i].Date < r.nowDate }

// frozenAt reports whether something starting at minute t on day i has
// begun by now.
func (r *repairer) frozenAt(i, t int) bool {
	d := r.it.Days[i].Date
	return d < r.nowDate || (d == r.nowDate && t < r.nowMin)
}

// check validates event i against the plan before anything is applied.
func (r *repairer) check(i int, e *Event) error {
	if !slices.Contains(Kinds, e.Kind) {
		return eventError(i, "kind", "unknown event kind %q: one of %s", e.Kind, strings.Join(Kinds, ", "))
	}
	di := -1
	if e.Date != "" || (e.Kind != Skip && e.Kind != Add) {
		if _, err := time.Parse("2006-01-02", e.Date); err != nil {
			return eventError(i, "date", "must be a date YYYY-MM-DD within the trip")
		}
		if di = r.dayOf(e.Date); di < 0 {
			return eventError(i, "date", "%s is not a day of this trip (%s to %s)", e.Date, r.it.Days[0].Date, r.it.Days[len(r.it.Days)-1].Date)
		}
		if r.frozenDay(di) {
			return eventError(i, "date", "%s is before now (%s): days already lived are kept", e.Date, r.nowDate)
		}
	}
	switch e.Kind {
	case Closed:
		if e.Place == "" {
			return eventError(i, "place", "name the sight or restaurant that is closed")
		}
		if !r.holdsOn(di, e.Place) {
			return eventError(i, "place", "the plan does not visit %q on %s", e.Place, e.Date)
		}
	case Skip:
		if e.Place == "" {
			return eventError(i, "place", "name the place to skip")
		}
		if !r.holdsAfterNow(di, e.Place) {
			return eventError(i, "place", "the plan does not visit %q after now", e.Place)
		}
	case Add:
		if e.Place == "" {
			return eventError(i, "place", "name the sight to add")
		}
		a := r.findAttraction(e.Place)
		if a == nil {
			return eventError(i, "place", "this trip's data holds no sight %q", e.Place)
		}
		if day := r.visitDay(a); day > 0 {
			return eventError(i, "place", "the plan already visits %s on day %d", a.Name, day)
		}
		if !r.staysIn(a.City, di) {
			return eventError(i, "place", "%s is in %s, where the trip spends no day after now", a.Name, a.City)
		}
		r.reserved[a.ID] = true
	case Cancelled, Delayed:
		if e.Leg == "" {
			return eventError(i, "leg", "give the flight or train number")
		}
		li := r.legOn(di, string(e.Leg))
		if li < 0 {
			return eventError(i, "leg", "the plan takes no leg %s on %s", e.Leg, e.Date)
		}
		dep, _ := orchestrator.ParseClock(r.it.Days[di].Legs[li].Depart)
		if e.Kind == Cancelled && r.frozenAt(di, dep) {
			return eventError(i, "leg", "leg %s left at %s, before now", e.Leg, r.it.Days[di].Legs[li].Depart)
		}
		if e.Kind == Delayed && (e.Minutes <= 0 || e.Minutes > 720) {
			return eventError(i, "minutes", "must be between 1 and 720; a longer delay is a cancellation")
		}
	case Weather:
		if !slices.Contains(Conditions, e.Condition) {
			return eventError(i, "condition", "must be one of %s", strings.Join(Conditions, ", "))
		}
	case LateStart:
		if _, ok := orchestrator.ParseClock(e.Time); !ok {
			return eventError(i, "time", "must be a time HH:MM")
		}
	}
	return nil
}

// matches reports whether place (a name or an ID) names id or name.
func matches(place, id, name string) bool {
	return place == id || strings.EqualFold(strings.TrimSpace(place), name)
}

func (r *repairer) holdsOn(di int, place string) bool {
	d := &r.it.Days[di]
	for _, s := range d.Stops {
		if matches(place, s.AttractionID, s.Name) {
			return true
		}
	}
	for _, m := range d.Meals {
		if matches(place, m.RestaurantID, m.Name) {
			return true
		}
	}
	return false
}

func (r *repairer) holdsAfterNow(di int, place string) bool {
	for i := range r.it.Days {
		if (di >= 0 && i != di) || r.frozenDay(i) {
			continue
		}
		for _, s := range r.it.Days[i].Stops {
			if st, _ := orchestrator.ParseClock(s.Start); matches(place, s.AttractionID, s.Name) && !r.frozenAt(i, st) {
				return true
			}
		}
	}
	return false
}

func (r *repairer) findAttraction(place string) *orchestrator.Attraction {
	if a := r.attraction("", place); a != nil {
		return a
	}
	for ci := range r.trip.Cities {
		for _, a := range r.sights(r.trip.Cities[ci].Name) {
			if strings.EqualFold(strings.TrimSpace(place), a.Name) {
				return a
			}
		}
	}
	return nil
}

// legOn returns the index of the leg numbered n on day di, or -1.
func (r *repairer) legOn(di int, n string) int {
	for i, l := range r.it.Days[di].Legs {
		if strings.EqualFold(l.Number, n) || l.OptionID == n {
			return i
		}
	}
	return -1
}

// apply carries out event i.
func (r *repairer) apply(i int, e *Event) error {
	di := r.dayOf(e.Date)
	switch e.Kind {
	case Closed:
		r.closed(i, di, e.Place)
	case Skip:
		r.skip(i, di, e.Place)
	case Add:
		r.add(i, di, r.findAttraction(e.Place))
	case LateStart:
		t, _ := orchestrator.ParseClock(e.Time)
		r.it.Days[di].StartsAt = orchestrator.FormatClock(t)
		r.reflow(i, di, t, r.say("the day starts at "+e.Time, "当天"+e.Time+"才开始"))
		if len(r.it.Days[di].Stops) == 0 {
			r.fill(i, di, r.wet[di], r.say("the day starts at "+e.Time, "当天"+e.Time+"才开始"))
		}
	case Delayed:
		r.delayed(i, di, string(e.Leg), e.Minutes)
	case Cancelled:
		r.cancelled(i, di, string(e.Leg))
	case Weather:
		r.weather(i, di, e.Condition)
	}
	return nil
}

// kept records that event i needed no edit.
func (r *repairer) kept(i int, e *Event) {
	di := r.dayOf(e.Date)
	if di < 0 {
		di = 0
		for di < len(r.it.Days)-1 && r.frozenDay(di) {
			di++
		}
	}
	d := &r.it.Days[di]
	r.change(orchestrator.Change{Action: orchestrator.ChangeKept, What: "day", Name: d.City, Day: d.Day, Event: i,
		Reason: r.say("nothing planned on "+d.Date+" is affected by the "+strings.ReplaceAll(e.Kind, "_", " "), d.Date+"的安排不受影响，保持不变")})
}

// say returns the English or Chinese wording, as the brief's language asks.
func (r *repairer) say(en, zh string) string {
	if r.zh {
		return zh
	}
	return en
}

func (r *repairer) change(c orchestrator.Change) { r.changes = append(r.changes, c) }

func (r *repairer) ban(di int, id string) {
	if r.banned[di] == nil {
		r.banned[di] = map[string]bool{}
	}
	r.banned[di][id] = true
}

func (r *repairer) closed(ev, di int, place string) {
	d := &r.it.Days[di]
	reason := r.say(place+" is closed on "+d.Date, place+"在"+d.Date+"关闭")
	for si := len(d.Stops) - 1; si >= 0; si-- {
		s := d.Stops[si]
		if !matches(place, s.AttractionID, s.Name) {
			continue
		}
		r.ban(di, s.AttractionID)
		r.removeStop(ev, di, si, reason)
		if r.mustSee(s.Name) {
			r.moveElsewhere(ev, di, s.AttractionID, reason)
		}
	}
	for mi := range d.Meals {
		m := &d.Meals[mi]
		if !matches(place, m.RestaurantID, m.Name) {
			continue
		}
		r.ban(di, m.RestaurantID)
		r.replaceMeal(ev, di, mi, reason)
	}
	r.fill(ev, di, false, r.say("fills the time "+place+" left free", "填补"+place+"空出的时间"))
}

func (r *repairer) skip(ev, di int, place string) {
	reason := r.say("you asked to skip "+place, "按您的要求不去"+place)
	for i := range r.it.Days {
		if (di >= 0 && i != di) || r.frozenDay(i) {
			continue
		}
		d := &r.it.Days[i]
		hit := false
		for si := len(d.Stops) - 1; si >= 0; si-- {
			s := d.Stops[si]
			if st, _ := orchestrator.ParseClock(s.Start); matches(place, s.AttractionID, s.Name) && !r.frozenAt(i, st) {
				r.skipped[s.AttractionID] = true
				r.removeStop(ev, i, si, reason)
				hit = true
			}
		}
		if hit {
			r.fill(ev, i, r.wet[i], r.say("fills the time "+place+" left free", "填补"+place+"空出的时间"))
		}
	}
}

func (r *repairer) add(ev, di int, a *orchestrator.Attraction) {
	delete(r.skipped, a.ID)
	reason := r.say("you asked to add "+a.Name, "按您的要求加入"+a.Name)
	days := []int{di}
	if di < 0 {
		days = days[:0]
		for i := range r.it.Days {
			if !r.frozenDay(i) && r.cityAt(i) == a.City {
				days = append(days, i)
			}
		}
	}
	for _, i := range days {
		if r.insert(ev, i, a, reason, orchestrator.ChangeAdded) {
			return
		}
	}
	// No day has room: make it on the first, dropping its least valued stop.
	for _, i := range days {
		if v := r.cheapestStop(i); v >= 0 {
			r.removeStop(ev, i, v, r.say("makes room for "+a.Name, "为"+a.Name+"腾出时间"))
			if r.insert(ev, i, a, reason, orchestrator.ChangeAdded) {
				return
			}
		}
	}
	why := r.say(a.Name+" fits no remaining day of the trip (its opening hours or visit length)", a.Name+"在剩余行程中安排不下（开放时间或游览时长）")
	r.findings = append(r.findings, orchestrator.Finding{Severity: orchestrator.SeverityWarning, Code: "replan_not_placed", Message: why})
	first := 0
	if len(days) > 0 {
		first = days[0]
	}
	r.change(orchestrator.Change{Action: orchestrator.ChangeKept, What: "stop", Name: a.Name, Day: r.it.Days[first].Day, Event: ev, Reason: why})
}

func (r *repairer) weather(ev, di int, cond string) {
	d := &r.it.Days[di]
	wet := cond != "heat"
	if wet {
		r.wet[di] = true
		d.Weather = "wet"
	}
	reason := r.say(cond+" on "+d.Date+": an outdoor sight is moved or swapped", d.Date+"有"+zhCondition(cond)+"：户外景点改期或换成室内")
	for si := len(d.Stops) - 1; si >= 0; si-- {
		s := d.Stops[si]
		st, _ := orchestrator.ParseClock(s.Start)
		en, _ := orchestrator.ParseClock(s.End)
		if r.frozenAt(di, st) || s.Indoor == nil || *s.Indoor {
			continue
		}
		if !wet && (en <= 11*60 || st >= 16*60) {
			continue // heat: only the midday hours
		}
		r.removeStop(ev, di, si, reason)
		r.moveElsewhere(ev, di, s.AttractionID, reason)
		if r.mustSee(s.Name) && r.findStop(di, s.AttractionID) == nil && !r.visitedElsewhere(di, s.AttractionID) {
			// a must-see no dry day can hold stays, rain or not
			d.Stops = slices.Insert(d.Stops, si, s)
			r.retravelAt(di, si+1)
			for k := len(r.changes) - 1; k >= 0; k-- {
				c := &r.changes[k]
				if c.Action == orchestrator.ChangeRemoved && c.What == "stop" && c.Name == s.Name && c.Day == d.Day {
					c.Action, c.From = orchestrator.ChangeKept, ""
					c.Reason = r.say(s.Name+" is a must-see no dry day can hold: kept in the "+cond, s.Name+"是必去景点，其他晴天排不下：雨天照常保留")
					break
				}
			}
		}
	}
	r.fill(ev, di, true, r.say("an indoor sight for the "+cond, "下雨天换成室内景点"))
}

func zhCondition(c string) string {
	switch c {
	case "rain":
		return "雨"
	case "storm":
		return "暴风雨"
	case "snow":
		return "雪"
	}
	return "高温"
}

// mustSee reports whether the brief insists on the sight named name: a
// must_visit name resolved against the trip's attractions as the planner
// and the verifier resolve it (concepts.Resolve: a landmark's names in any
// language, exact, containment), so that 熊猫基地 is 成都大熊猫繁育研究基地.
func (r *repairer) mustSee(name string) bool {
	if len(r.b.MustVisit) == 0 {
		return false
	}
	if r.mustNames == nil {
		r.mustNames = map[string]bool{}
		for ci := range r.trip.Cities {
			c := &r.trip.Cities[ci]
			if c.Attractions == nil {
				continue
			}
			cands := concepts.AttractionCandidates(c.Attractions.Value)
			for _, m := range r.b.MustVisit {
				if j, _ := concepts.Resolve(m, cands); j >= 0 {
					r.mustNames[c.Attractions.Value[j].Name] = true
				}
			}
		}
	}
	if r.mustNames[name] {
		return true
	}
	for _, m := range r.b.MustVisit {
		if m != "" && (strings.EqualFold(m, name) || strings.Contains(name, m)) {
			return true
		}
	}
	return false
}

// moveElsewhere puts sight id, just removed from day from, on another day
// in the same city that is not wet and lies after now; the removal
// becomes a move.
func (r *repairer) moveElsewhere(ev, from int, id, reason string) {
	a := r.attraction(r.it.Days[from].City, id)
	if a == nil {
		return
	}
	var days []int
	for i := range r.it.Days {
		if i != from && !r.frozenDay(i) && !r.wet[i] && r.cityAt(i) == a.City && !r.banned[i][id] {
			days = append(days, i)
		}
	}
	// a day with room first; else, for a must-see, room made on the first
	// day by dropping its least valued stop
	for pass := range 2 {
		for _, i := range days {
			if pass == 1 {
				if !r.mustSee(a.Name) {
					return
				}
				v := r.cheapestStop(i)
				if v < 0 {
					continue
				}
				saved, nchanges := slices.Clone(r.it.Days[i].Stops), len(r.changes)
				r.removeStop(ev, i, v, r.say("makes room for "+a.Name, "为"+a.Name+"腾出时间"))
				if r.moveTo(ev, from, i, a, reason) {
					return
				}
				// the room made did not fit it: the day stays as it was
				r.it.Days[i].Stops, r.changes = saved, r.changes[:nchanges]
				continue
			}
			if r.moveTo(ev, from, i, a, reason) {
				return
			}
		}
	}
}

// moveTo inserts sight a, removed from day from, on day i and turns the
// removal into a move.
func (r *repairer) moveTo(ev, from, i int, a *orchestrator.Attraction, reason string) bool {
	if !r.insert(ev, i, a, reason, "") {
		return false
	}
	for k := len(r.changes) - 1; k >= 0; k-- {
		c := &r.changes[k]
		if c.Action == orchestrator.ChangeRemoved && c.What == "stop" && c.Name == a.Name && c.Day == r.it.Days[from].Day {
			c.Action, c.ToDay = orchestrator.ChangeMoved, r.it.Days[i].Day
			if placed := r.findStop(i, a.ID); placed != nil {
				c.To = placed.Start
			}
			break
		}
	}
	return true
}

// visitedElsewhere reports whether sight id is on a day other than di.
func (r *repairer) visitedElsewhere(di int, id string) bool {
	for i := range r.it.Days {
		if i != di && r.findStop(i, id) != nil {
			return true
		}
	}
	return false
}

func (r *repairer) findStop(di int, id string) *orchestrator.Stop {
	for k := range r.it.Days[di].Stops {
		if r.it.Days[di].Stops[k].AttractionID == id {
			return &r.it.Days[di].Stops[k]
		}
	}
	return nil
}

// cityAt returns the city the traveller spends day i's daytime in: the
// day's city, or the one left on a travel day departing after noon.
func (r *repairer) cityAt(i int) string {
	d := &r.it.Days[i]
	if d.From != "" && len(d.Legs) > 0 {
		if dep, ok := orchestrator.ParseClock(d.Legs[0].Depart); ok && dep >= 14*60 {
			return d.From
		}
	}
	return d.City
}

// staysIn reports whether a day after now (day di, when di >= 0) is spent
// in city.
func (r *repairer) staysIn(city string, di int) bool {
	for i := range r.it.Days {
		if (di < 0 || i == di) && !r.frozenDay(i) && r.cityAt(i) == city {
			return true
		}
	}
	return false
}

// visitDay returns the day (1-based) the plan visits sight a, or 0.
func (r *repairer) visitDay(a *orchestrator.Attraction) int {
	for _, d := range r.it.Days {
		for _, s := range d.Stops {
			if s.AttractionID == a.ID || s.Name == a.Name {
				return d.Day
			}
		}
	}
	return 0
}

// used reports whether sight a (or one of its name) is on any day of the plan.
func (r *repairer) used(a *orchestrator.Attraction) bool { return r.visitDay(a) > 0 }

func (r *repairer) removeStop(ev, di, si int, reason string) {
	d := &r.it.Days[di]
	s := d.Stops[si]
	d.Stops = slices.Delete(d.Stops, si, si+1)
	r.change(orchestrator.Change{Action: orchestrator.ChangeRemoved, What: "stop", Name: s.Name, Day: d.Day, From: s.Start, Event: ev, Reason: reason})
	r.retravelAt(di, si)
}

func (r *repairer) removeMeal(ev, di, mi int, reason string) {
	d := &r.it.Days[di]
	m := d.Meals[mi]
	d.Meals = slices.Delete(d.Meals, mi, mi+1)
	r.change(orchestrator.Change{Action: orchestrator.ChangeRemoved, What: "meal", Name: m.Name, Day: d.Day, From: m.Time, Event: ev, Reason: reason})
}

// replaceMeal swaps meal mi of day di for another restaurant in the same
// city, open for the meal, not eaten at that day, closest in price; with
// none, the meal is removed.
func (r *repairer) replaceMeal(ev, di, mi int, reason string) {
	d := &r.it.Days[di]
	m := d.Meals[mi]
	t, _ := orchestrator.ParseClock(m.Time)
	n := orchestrator.MealMinutes(m.Slot)
	wd := orchestrator.Weekday(d.Date)
	old := r.restaurant(m.City, m.RestaurantID)
	var best *orchestrator.Restaurant
	var bestDiff int64
	var list []orchestrator.Restaurant
	if c := r.cityData(m.City); c != nil && c.Restaurants != nil {
		list = c.Restaurants.Value
	}
	for k := range list {
		x := &list[k]
		if x.ID == m.RestaurantID || r.banned[di][x.ID] || r.mealUsed(x) || !orchestrator.OpenDuring(x.Hours, wd, t, t+n) {
			continue
		}
		unit, ok := r.convert(x.Price)
		if !ok {
			continue
		}
		var diff int64
		if old != nil {
			if ou, ok := r.convert(old.Price); ok {
				diff = abs(unit - ou)
			}
		}
		if best == nil || diff < bestDiff || (diff == bestDiff && x.ID < best.ID) {
			best, bestDiff = x, diff
		}
	}
	if best == nil {
		r.removeMeal(ev, di, mi, reason)
		return
	}
	unit, _ := r.convert(best.Price)
	d.Meals[mi] = orchestrator.Meal{Slot: m.Slot, RestaurantID: best.ID, Name: best.Name, City: best.City, Location: best.Location,
		Time: m.Time, Cuisines: best.Cuisines, Price: best.Price, Cost: orchestrator.Money{Cents: unit * int64(r.people), Currency: r.it.Currency},
		Estimate: best.PriceEstimate}
	r.change(orchestrator.Change{Action: orchestrator.ChangeReplaced, What: "meal", Name: best.Name, Day: d.Day, From: m.Time, To: m.Time, Event: ev,
		Reason: r.say("instead of "+m.Name+": "+reason, "代替"+m.Name+"："+reason)})
}

// mealUsed reports whether restaurant x (or one of its name) is eaten at
// on any day of the plan.
func (r *repairer) mealUsed(x *orchestrator.Restaurant) bool {
	for _, d := range r.it.Days {
		for _, m := range d.Meals {
			if m.RestaurantID == x.ID || m.Name == x.Name {
				return true
			}
		}
	}
	return false
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// convert turns m into the itinerary's currency at the trip's rates, as
// the verifier does.
func (r *repairer) convert(m orchestrator.Money) (int64, bool) {
	return orchestrator.Convert(m, r.it.Currency, r.trip.FX)
}
