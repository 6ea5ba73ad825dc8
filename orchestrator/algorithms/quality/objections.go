package quality

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality/tripindex"
)

// Objections a traveller raises reading a plan that passes every check.
// Each is counted by Objections and lowers the score through its own
// component (see Score).
const (
	// ObjShortFlight: a flight where a train the data holds is no slower
	// door to door (DoorToDoor).
	ObjShortFlight = "short_flight"
	// ObjLongTrain: a train of LongTrainMinutes or more (or overnight)
	// when a flight at a sensible hour saves LongTrainSaving door to door
	// and keeps the plan within the budget, trains not asked for.
	ObjLongTrain = "long_train"
	// ObjIdle: IdleGap minutes or more with nothing planned between 09:00
	// and 18:00 (or the departure) while an unvisited sight of the city is
	// open and fits the gap.
	ObjIdle = "idle_gap"
	// ObjFoodMissed: a food asked for (Wishes) that a restaurant of the
	// trip serves and no meal does.
	ObjFoodMissed = "food_missed"
	// ObjWrongHour: a sight away from its best hour (BestHour).
	ObjWrongHour = "wrong_hour"
	// ObjPace: more stops on a day than the pace allows (PaceCap).
	ObjPace = "pace"
	// ObjStay: a hostel bed or capsule for a party with children, or too
	// few beds for the party.
	ObjStay = "stay_unfit"
	// ObjMissingMeal: no lunch, or no dinner, on a day the traveller
	// spends that meal's hours in a trip city.
	ObjMissingMeal = "missing_meal"
	// ObjTimetable: a leg whose times contradict its length (an overnight
	// arrival read as the same day) or whose speed is impossible.
	ObjTimetable = "timetable"
	// ObjRepeat: the same experience twice in one trip: a second sight of
	// a once-per-trip kind (a river cruise or night boat tour from another
	// pier, concepts.OnceGroup), neither must-see nor of a kind the
	// traveller asked for, or a sight that is the same visit as an earlier
	// one under another name (concepts.SameSite).
	ObjRepeat = "repeat_experience"
	// ObjUnreachableMeal: a lunch or dinner that starts sooner after the
	// place before it (the last visit or meal of the day in that city)
	// than the city's travel time between them (MealTravel).
	ObjUnreachableMeal = "unreachable_meal"
	// ObjOddHour: a leg that asks the party to leave the day's place
	// before its earliest leave or arrives after its latest arrival
	// (OddLimits: 07:00 and 22:00 for a gentle party) while another
	// option of the leg that day keeps the hours and the budget.
	ObjOddHour = "odd_hour"
	// ObjNotLocal: the local specialties asked for, a lunch or dinner
	// serving neither a signature dish nor the city's own cooking while a
	// restaurant that does is open then within LocalReachKM (notLocal).
	ObjNotLocal = "not_local"
	// ObjVenue: a lunch or dinner at a place that does not fit the meal
	// or the party: a bar, pub, KTV or nightclub for a party with
	// children, or light fare only (desserts, drinks, coffee, milk tea)
	// serving nothing the brief asks for (UnfitVenue).
	ObjVenue = "venue_unfit"
	// ObjSightUnfit: a sight unfit for the party (UnfitSight: a hike or
	// a water park for older travellers or a small child) it did not ask
	// for, or a visit ending after KidsLatest with a child under
	// GentleChildAge.
	ObjSightUnfit = "sight_unfit"
	// ObjAvoided: a lunch or dinner at a restaurant serving a food the
	// brief declines (Constraints.AvoidFoods: 孩子不能吃辣, 不要火锅, "no
	// seafood"), matched as a wish is (Food.Serves).
	ObjAvoided = "food_avoided"
	// ObjKindMissed: a kind of sight asked for by its kind (a zoo, an
	// aquarium, a museum, a theme park, a temple, a night market, a hot
	// spring: SightKind) that no stop is while a trip city's data has
	// one.
	ObjKindMissed = "kind_missed"
)

// ObjectionKinds lists the kinds in report order.
var ObjectionKinds = []string{ObjShortFlight, ObjLongTrain, ObjIdle, ObjFoodMissed, ObjWrongHour, ObjPace, ObjStay, ObjMissingMeal, ObjTimetable, ObjRepeat, ObjUnreachableMeal, ObjOddHour, ObjNotLocal, ObjVenue, ObjSightUnfit, ObjAvoided, ObjMustMissed, ObjFullDayShort, ObjKindMissed, ObjSlowTrain, ObjTightConnection, ObjRoomWaste, ObjSmallHours, ObjMealHour, ObjCuisineRow, ObjForeignMeal, ObjMealUnfit}

// Objection is one thing a traveller would change.
type Objection struct {
	Kind   string `json:"kind"`
	Day    int    `json:"day,omitempty"`
	Detail string `json:"detail"`
}

// Idle gaps, minutes.
const (
	IdleGap        = 180
	IdleGapRelaxed = 240
	idleFrom       = 9 * 60
	idleTo         = 18 * 60
	mealDayEnd     = 21*60 + 30
)

// PaceCap is the most stops a day holds at a pace: 3 relaxed (also for
// travellers who asked for a slow pace because of age or children), 5
// moderate, 6 packed.
func PaceCap(pace string) int {
	switch pace {
	case "relaxed":
		return 3
	case "packed":
		return 6
	}
	return 5
}

// hostelWords mark a dormitory bed or a capsule in a stay's name or room.
// (A capsule coffee machine in a hotel room is no capsule hotel.)
var hostelWords = []string{"青年旅舍", "青年旅社", "青旅", "胶囊酒店", "胶囊旅馆", "胶囊公寓", "胶囊舱", "太空舱青年", "太空舱酒店", "太空舱公寓",
	"床位", "多人间", "宿舍", "女生间", "男生间", "混合间", "hostel", "capsule hotel", "capsule room", "dorm", "bunk"}

// UnfitForChildren reports whether a lodging is a hostel bed or capsule.
func UnfitForChildren(name, room, kind string) bool {
	s := strings.ToLower(name + " " + room)
	return kind == "hostel" || hasAny(s, hostelWords)
}

// Objections lists what a traveller would change in it, in day order,
// kinds in ObjectionKinds order within a day. It never fails.
func Objections(b *orchestrator.Brief, trip *orchestrator.Trip, it *orchestrator.Itinerary) []Objection {
	if b == nil || it == nil {
		return nil
	}
	s := newScorer(b, trip, it)
	defer s.release()
	return analyze(s).out
}

// analyze finds the objections to the scorer's itinerary, and what the
// score's parts need; the places of its stops and meals are the scorer's.
func analyze(s *scorer) *objector {
	b, trip, it := s.b, s.trip, s.it
	o := &objector{b: b, trip: trip, it: it, night: WantsNight(b)}
	o.index(s)
	o.legs()
	o.foods()
	o.mealsFit(s)
	o.mealChoice(s)
	o.stays()
	if len(b.VisitTimes) > 0 {
		o.visitTimes()
	}
	o.legsAndRooms()
	for i := range it.Days {
		o.day(&it.Days[i])
	}
	o.repeats(s)
	o.mustSees()
	o.sightKinds()
	slices.SortStableFunc(o.out, func(x, y Objection) int { return x.Day - y.Day })
	return o
}

// Count returns the objections of each kind.
func Count(os []Objection) map[string]int {
	m := make(map[string]int, len(ObjectionKinds))
	for _, x := range os {
		m[x.Kind]++
	}
	return m
}

type objector struct {
	b    *orchestrator.Brief
	trip *orchestrator.Trip
	it   *orchestrator.Itinerary
	out  []Objection
	// attractions and restaurants are the trip's places of the plan's
	// stops and meals, by ID (few: searched in turn).
	attractions places[orchestrator.Attraction]
	// hours holds, by the position of attractions, their best hours
	// (BestHour; AnyHour for one without data).
	hours       []Hour
	restaurants places[orchestrator.Restaurant]
	// night is set when the brief asks for night views (WantsNight).
	night bool
	// sought and served count the food wishes the data serves and those
	// a meal serves.
	sought, served int
	// timed holds the attraction IDs of the stops the brief's visit_times
	// name: their time is the traveller's, not BestHour's.
	timed []string
	// untimely counts the visit times not honoured.
	untimely int
	// localCD and localFacts keep the last city's localFactsOf (asked
	// per meal by several objections): the trip is not changed while
	// it is read.
	localCD    *orchestrator.CityData
	localFacts []LocalFact
}

// localFactsOf is localFactsOf(cd), kept for the next call on cd.
func (o *objector) localFactsOf(cd *orchestrator.CityData) []LocalFact {
	if cd == nil || cd != o.localCD {
		o.localCD, o.localFacts = cd, localFactsOf(cd)
	}
	return o.localFacts
}

// must reports whether a is one of the brief's must-see sights.
func (o *objector) must(a *orchestrator.Attraction) bool {
	for _, m := range o.b.MustVisit {
		if m != "" && (strings.Contains(a.Name, m) || strings.Contains(m, a.Name)) {
			return true
		}
		// by any name Resolve knows ("West Lake boat" for 西湖游船)
		if i, _ := concepts.Resolve(m, []concepts.Candidate{{Name: a.Name}}); m != "" && i == 0 {
			return true
		}
	}
	return false
}

// bothNamed reports whether two must-see names of the brief pick a and b,
// each against the other (concepts.Resolve over the two): the traveller
// asked for both sections (八达岭长城 and 慕田峪长城), not the landmark once
// ("Great Wall" picks one of them).
func (o *objector) bothNamed(a, b *orchestrator.Attraction) bool { return namedBoth(o.b, a, b) }

// namedBoth is bothNamed for a brief.
func namedBoth(br *orchestrator.Brief, a, b *orchestrator.Attraction) bool {
	cands := []concepts.Candidate{{Name: a.Name, Popularity: a.Popularity}, {Name: b.Name, Popularity: b.Popularity}}
	var got [2]bool
	for _, m := range br.MustVisit {
		if m == "" {
			continue
		}
		if i, _ := concepts.Resolve(m, cands); i >= 0 {
			got[i] = true
		}
	}
	return got[0] && got[1]
}

func (o *objector) add(kind string, day int, format string, args ...any) {
	o.out = append(o.out, Objection{Kind: kind, Day: day, Detail: fmt.Sprintf(format, args...)})
}

// places holds the data behind a few IDs.
type places[T any] struct {
	ids  []string
	vals []*T
}

func (p *places[T]) want(id string) {
	if !slices.Contains(p.ids, id) {
		p.ids = append(p.ids, id)
		p.vals = append(p.vals, nil)
	}
}

// get returns the data of id, nil when none.
func (p *places[T]) get(id string) *T {
	if i := slices.Index(p.ids, id); i >= 0 {
		return p.vals[i]
	}
	return nil
}

func (o *objector) index(s *scorer) {
	for _, d := range o.it.Days {
		for _, st := range d.Stops {
			o.attractions.want(st.AttractionID)
		}
		for _, m := range d.Meals {
			o.restaurants.want(m.RestaurantID)
		}
	}
	o.hours = make([]Hour, len(o.attractions.ids))
	for i, id := range o.attractions.ids {
		e := s.attractions.get(id)
		o.attractions.vals[i] = e.a
		if e.a != nil {
			o.hours[i] = s.hour(id, e.a, e.f)
		}
	}
	for i, id := range o.restaurants.ids {
		o.restaurants.vals[i] = s.restaurants.get(id).r
	}
}

// cityData returns the trip's data of a city, nil when it has none.
func (o *objector) cityData(name string) *orchestrator.CityData {
	if o.trip == nil {
		return nil
	}
	for i := range o.trip.Cities {
		if orchestrator.SameCity(o.trip.Cities[i].Name, name) {
			return &o.trip.Cities[i]
		}
	}
	return nil
}

func (o *objector) atHome(city string) bool {
	return o.b.Origin != "" && orchestrator.SameCity(city, o.b.Origin)
}

// options yields the trip's transport options from one city to another,
// in the trip's order, in place (not copied).
func (o *objector) options(from, to string) iter.Seq[*orchestrator.TransportOption] {
	return func(yield func(*orchestrator.TransportOption) bool) {
		if o.trip == nil {
			return
		}
		for _, t := range o.trip.Transport {
			if orchestrator.SameCity(t.Value.From, from) && orchestrator.SameCity(t.Value.To, to) {
				for i := range t.Value.Options {
					if !yield(&t.Value.Options[i]) {
						return
					}
				}
			}
		}
	}
}

// allowed reports whether the brief lets a mode (and train number) be
// booked.
func (o *objector) allowed(mode, number string) bool {
	c := &o.b.Constraints
	return !slices.Contains(c.TransportExclude, mode) && c.LegAllowed(mode, number, "")
}

// wantsTrains reports whether the traveller asked for trains.
func (o *objector) wantsTrains() bool {
	c := o.b.Constraints
	return c.HighSpeedRail || slices.Contains(c.TransportPrefer, "train") || slices.Contains(c.TransportRequire, "train")
}

// sensible reports whether an option runs at sensible hours on a date.
func sensible(op *orchestrator.TransportOption, date string) bool {
	if op.Date != "" && date != "" && op.Date != date {
		return false
	}
	dep, ok1 := orchestrator.ParseClock(op.Depart)
	arr, ok2 := orchestrator.ParseClock(op.Arrive)
	return ok1 && ok2 && op.ArriveDayOffset == 0 && dep >= 6*60+30 && arr <= 23*60+30 && arr > dep
}

func (o *objector) planCost() int64 {
	var c int64
	for _, d := range o.it.Days {
		c += d.Cost.Cents
	}
	return c
}

func (o *objector) legs() {
	for _, d := range o.it.Days {
		for _, l := range d.Legs {
			o.timetable(d.Day, l)
			o.oddHour(d.Day, l)
			switch l.Mode {
			case "flight":
				o.shortFlight(d.Day, l)
			case "train":
				o.longTrain(d.Day, l)
			}
		}
	}
}

func (o *objector) timetable(day int, l orchestrator.Leg) {
	dep, ok1 := orchestrator.ParseClock(l.Depart)
	arr, ok2 := orchestrator.ParseClock(l.Arrive)
	if ok1 && ok2 && (l.Mode == "train" || l.Mode == "flight") {
		span := arr + 1440*l.ArriveDayOffset - dep
		if span <= 0 || (l.DurationMinutes > 0 && abs(span-l.DurationMinutes) > 60) {
			o.add(ObjTimetable, day, "%s %s %s→%s runs %s–%s but takes %d min", l.Mode, l.Number, l.Depart, l.Arrive, l.Depart, l.Arrive, l.DurationMinutes)
			return
		}
	}
	if l.DistanceKM > 0 && l.DurationMinutes > 0 {
		kmh := l.DistanceKM / (float64(l.DurationMinutes) / 60)
		if (l.Mode == "train" && kmh > MaxRailKMH) || (l.Mode == "flight" && kmh > MaxFlightKMH) {
			o.add(ObjTimetable, day, "%s %s covers %.0f km in %d min (%.0f km/h)", l.Mode, l.Number, l.DistanceKM, l.DurationMinutes, kmh)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (o *objector) shortFlight(day int, l orchestrator.Leg) {
	if !o.allowed("train", "G") && !o.allowed("train", "K") {
		return
	}
	fly := DoorToDoor("flight", l.DurationMinutes)
	for op := range o.options(l.From, l.To) {
		if op.Mode != "train" || !o.allowed("train", op.Number) && o.b.Constraints.LegAllowed(op.Mode, op.Number, op.Class) || !sensible(op, l.Date) {
			continue
		}
		if t := DoorToDoor("train", op.DurationMinutes); t <= fly {
			o.add(ObjShortFlight, day, "flight %s %s→%s: %d min door to door; train %s: %d min", l.Number, l.From, l.To, fly, op.Number, t)
			return
		}
	}
}

func (o *objector) longTrain(day int, l orchestrator.Leg) {
	if (l.DurationMinutes < LongTrainMinutes && l.ArriveDayOffset == 0) || o.wantsTrains() || !o.allowed("flight", "") {
		return
	}
	train := DoorToDoor("train", l.DurationMinutes)
	var limit int64 = -1
	if lim := o.it.Budget.Limit; lim != nil && lim.Cents > 0 {
		limit = lim.Cents
	}
	cost := o.planCost()
	for op := range o.options(l.From, l.To) {
		if op.Mode != "flight" || !sensible(op, l.Date) {
			continue
		}
		if DoorToDoor("flight", op.DurationMinutes)+LongTrainSaving > train {
			continue
		}
		if limit >= 0 && cost-l.Cost.Cents+op.Price.Cents*int64(op.Units(o.it.People)) > limit {
			continue
		}
		o.add(ObjLongTrain, day, "train %s %s→%s: %d min; flight %s fits the budget and takes %d min door to door", l.Number, l.From, l.To, l.DurationMinutes, op.Number, DoorToDoor("flight", op.DurationMinutes))
		return
	}
}

func (o *objector) foods() {
	wishes := Wishes(o.b)
	if len(wishes) == 0 || o.trip == nil {
		return
	}
	for _, w := range wishes {
		f := NewFood(w)
		if f.Local() {
			o.localFood()
			continue
		}
		sought := false
		for _, cv := range o.it.Cities {
			if cd := o.cityData(cv.City); cd != nil && cd.Restaurants != nil && !o.atHome(cv.City) && f.Sought(cd.Restaurants.Value) {
				sought = true
				break
			}
		}
		if !sought {
			continue
		}
		o.sought++
		served := false
		for _, d := range o.it.Days {
			for _, m := range d.Meals {
				if r := o.restaurants.get(m.RestaurantID); r != nil && f.Serves(r) {
					served = true
				}
			}
		}
		if served {
			o.served++
		} else {
			o.add(ObjFoodMissed, 0, "%s is served in the data but at no meal", w)
		}
	}
}

func (o *objector) stays() {
	people := o.b.Travelers.Total()
	for _, s := range o.it.Stays {
		var h *orchestrator.Accommodation
		if cd := o.cityData(s.City); cd != nil && cd.Hotels != nil && cd.Hotels.Ref != "" {
			if j, ok := tripindex.HotelsFirstOf(cd.Hotels).Find(s.AccommodationID); ok {
				h = &cd.Hotels.Value[j]
			}
		} else if cd != nil && cd.Hotels != nil {
			for j := range cd.Hotels.Value {
				if cd.Hotels.Value[j].ID == s.AccommodationID {
					h = &cd.Hotels.Value[j]
					break
				}
			}
		}
		kind, room, occ := "", s.RoomType, 0
		if h != nil {
			kind, room, occ = h.Kind, h.RoomName, h.MaxOccupancy
		}
		if o.b.Travelers.Children > 0 && UnfitForChildren(s.Name, room, kind) {
			o.add(ObjStay, s.FirstNight, "%s (%s) for a party with children", s.Name, room)
			continue
		}
		if occ > 0 && s.Rooms*occ < people {
			o.add(ObjStay, s.FirstNight, "%s: %d rooms for %d sleep %d people", s.Name, s.Rooms, occ, people)
		}
	}
}

// span is a time of a day spent in one city, minutes after midnight.
type span struct {
	city       string
	start, end int
}

// spans are the times of a day spent in trip cities (not at home): the
// whole day without a leg, else before the first departure and after the
// last arrival, less the door-to-door times.
func (o *objector) spans(d *orchestrator.Day) []span {
	var out []span
	add := func(city string, s, e int) {
		if city != "" && !o.atHome(city) && e > s {
			out = append(out, span{city, s, e})
		}
	}
	if len(d.Legs) == 0 {
		add(d.City, 0, 24*60)
		return out
	}
	first, last := d.Legs[0], d.Legs[len(d.Legs)-1]
	if dep, ok := orchestrator.ParseClock(first.Depart); ok {
		add(first.From, 0, dep-Before(first.Mode))
	}
	if arr, ok := orchestrator.ParseClock(last.Arrive); ok && last.ArriveDayOffset == 0 {
		add(last.To, arr+After(last.Mode), 24*60)
	}
	return out
}

// EarlyDinner is the earliest dinner, before a departure in the evening
// (18:00–20:30 by the timetable) after an afternoon in a city: 17:00,
// when Chinese restaurants open for dinner (most from 16:30–17:00) and
// early enough to reach the station or airport (docs/plan-quality.md).
const EarlyDinner = 17 * 60

// departsEvening reports whether the day's first leg leaves span s's city
// between 18:00 and 20:30 and arrives after 20:00 (or the next day): a
// traveller who had no dinner before it eats late or not at all.
func (o *objector) departsEvening(d *orchestrator.Day, s span) bool {
	if len(d.Legs) == 0 || !orchestrator.SameCity(d.Legs[0].From, s.city) {
		return false
	}
	l := d.Legs[len(d.Legs)-1]
	dep, ok1 := orchestrator.ParseClock(d.Legs[0].Depart)
	arr, ok2 := orchestrator.ParseClock(l.Arrive)
	return ok1 && ok2 && dep >= 18*60 && dep <= 20*60+30 && (arr >= 20*60 || l.ArriveDayOffset > 0)
}

func (o *objector) day(d *orchestrator.Day) {
	hasLunch, hasDinner := false, false
	for _, m := range d.Meals {
		hasLunch = hasLunch || m.Slot == orchestrator.Lunch
		hasDinner = hasDinner || m.Slot == orchestrator.Dinner
	}
	spans := o.spans(d)
	for _, s := range spans {
		if !hasLunch && s.start <= 11*60+45 && s.end >= 13*60+30 {
			o.add(ObjMissingMeal, d.Day, "no lunch in %s", s.city)
		}
		if !hasDinner && s.start <= 17*60+45 && s.end >= 19*60+30 {
			o.add(ObjMissingMeal, d.Day, "no dinner in %s", s.city)
		} else if !hasDinner && s.start <= EarlyDinner && s.end >= EarlyDinner+orchestrator.DinnerMinutes && o.departsEvening(d, s) {
			o.add(ObjMissingMeal, d.Day, "no dinner in %s before an evening departure", s.city)
		}
	}
	o.idle(d, spans)
	o.mealsReached(d)
	for _, st := range d.Stops {
		k := slices.Index(o.attractions.ids, st.AttractionID)
		if k < 0 || o.attractions.vals[k] == nil {
			continue
		}
		a := o.attractions.vals[k]
		start, _ := orchestrator.ParseClock(st.Start)
		if slices.Contains(o.timed, st.AttractionID) {
			continue
		}
		if h := o.hours[k]; !FitsHour(h, start) {
			o.add(ObjWrongHour, d.Day, "%s at %s (best in the %s)", st.Name, st.Start, h)
		} else if o.night && start < NightFrom && (o.must(a) && NightView(a.Name, a.Tags, a.Indoor, a.Hours) || FamousNightView(a.Name, a.Hours)) {
			o.add(ObjWrongHour, d.Day, "%s at %s: a night view the traveller asked to see, by day", st.Name, st.Start)
		}
	}
	o.sightsUnfit(d)
	if c := PaceCap(o.b.Pace); len(d.Stops) > c {
		o.add(ObjPace, d.Day, "%d stops at a %s pace (at most %d)", len(d.Stops), o.b.Pace, c)
	}
}

// idle finds a gap of IdleGap minutes or more between 09:00 and 18:00 in
// the day's spans while an unvisited sight of the city is open and fits.
func (o *objector) idle(d *orchestrator.Day, spans []span) {
	gap := IdleGap
	if o.b.Pace == "relaxed" {
		gap = IdleGapRelaxed
	}
	wd := orchestrator.Weekday(d.Date)
	for _, s := range spans {
		lo, hi := max(s.start, idleFrom), min(s.end, idleTo)
		if hi-lo < gap {
			continue
		}
		busy := make([][2]int, 0, len(d.Stops)+len(d.Meals))
		for _, st := range d.Stops {
			a, _ := orchestrator.ParseClock(st.Start)
			e, _ := orchestrator.ParseClock(st.End)
			busy = append(busy, [2]int{a - st.TravelMinutes, e})
		}
		for _, m := range d.Meals {
			a, _ := orchestrator.ParseClock(m.Time)
			busy = append(busy, [2]int{a - 15, a + orchestrator.MealMinutes(m.Slot)})
		}
		slices.SortFunc(busy, func(x, y [2]int) int { return x[0] - y[0] })
		at := lo
		for i := 0; i <= len(busy); i++ {
			next := hi
			if i < len(busy) {
				next = min(hi, busy[i][0])
			}
			if next-at >= gap && o.sightFits(s.city, wd, at, next) {
				o.add(ObjIdle, d.Day, "%s–%s free in %s while sights are open", orchestrator.FormatClock(at), orchestrator.FormatClock(next), s.city)
				return
			}
			if i < len(busy) {
				at = max(at, busy[i][1])
			}
		}
	}
}

// sightFits reports whether an unvisited sight of city is open for a visit
// within [from+30, to].
func (o *objector) sightFits(city string, wd, from, to int) bool {
	cd := o.cityData(city)
	if cd == nil || cd.Attractions == nil {
		return false
	}
	for i := range cd.Attractions.Value {
		a := &cd.Attractions.Value[i]
		if slices.Contains(o.attractions.ids, a.ID) {
			continue // visited
		}
		visit := max(a.VisitMinMinutes, 60)
		if from+30+visit > to {
			continue
		}
		if orchestrator.OpenDuring(a.Hours, wd, from+30, from+30+visit) {
			return true
		}
	}
	return false
}

// count counts the objections of the kinds.
func (o *objector) count(kinds ...string) int {
	n := 0
	for _, x := range o.out {
		if slices.Contains(kinds, x.Kind) {
			n++
		}
	}
	return n
}

// part is a score part that loses step for each of n objections.
func part(n int, step float64, detail string) orchestrator.QualityComponent {
	return orchestrator.QualityComponent{Applicable: true, Value: 1 - step*float64(n), Detail: detail}
}

// legsPart: 1, less a half for each short flight, day-long train,
// timetable slip or leg at an odd hour; applies to plans with legs.
func (o *objector) legsPart() orchestrator.QualityComponent {
	legs := 0
	for _, d := range o.it.Days {
		legs += len(d.Legs)
	}
	if legs == 0 {
		return orchestrator.QualityComponent{}
	}
	short, long, slip, odd := o.count(ObjShortFlight), o.count(ObjLongTrain), o.count(ObjTimetable), o.count(ObjOddHour)
	odd += o.count(ObjSmallHours)
	if c := o.legsMore(legs, short, long, slip, odd); c.Applicable {
		return c // slow trains or tight connections (legs.go)
	}
	return part(short+long+slip+odd, 0.5, detailf("%d legs: %d short flights a train beats door to door, %d day-long trains where a flight fits, %d timetable slips, %d at odd hours", legs, short, long, slip, odd))
}

// foodsPart: the share of the foods asked for that the data serves which
// a meal serves, less a quarter per meal not local, a dish away from its
// meal, a cuisine twice in a row or food from abroad unasked, and a half
// per meal of a food declined or unfit for the party (mealChoice); applies
// when the data serves a food asked for or a meal is objected to.
func (o *objector) foodsPart() orchestrator.QualityComponent {
	av := o.count(ObjAvoided)
	hr, row, fo, un := o.count(ObjMealHour), o.count(ObjCuisineRow), o.count(ObjForeignMeal), o.count(ObjMealUnfit)
	more := hr + row + fo + un
	if o.sought == 0 && av == 0 && more == 0 {
		return orchestrator.QualityComponent{}
	}
	nl := o.count(ObjNotLocal)
	less := 0.25*float64(nl+hr+row+fo) + 0.5*float64(av+un)
	if o.sought == 0 {
		c := orchestrator.QualityComponent{Applicable: true, Value: max(0, 1-less), Detail: detailf("%d meals of a food declined", av)}
		if more > 0 {
			c.Detail = detailf("%d meals of a food declined, %d dishes away from their meal, %d cuisines twice in a row, %d meals from abroad unasked, %d meals unfit for the party", av, hr, row, fo, un)
		}
		return c
	}
	c := orchestrator.QualityComponent{Applicable: true, Value: max(0, float64(o.served)/float64(o.sought)-less),
		Detail: detailf("%d of %d foods asked for served, %d meals not local where local food was near", o.served, o.sought, nl)}
	if more > 0 {
		c.Detail = detailf("%d of %d foods asked for served, %d meals not local where local food was near, %d meals of a food declined, %d dishes away from their meal, %d cuisines twice in a row, %d meals from abroad unasked, %d meals unfit for the party", o.served, o.sought, nl, av, hr, row, fo, un)
	} else if av > 0 {
		c.Detail = detailf("%d of %d foods asked for served, %d meals not local where local food was near, %d meals of a food declined", o.served, o.sought, nl, av)
	}
	return c
}

// fullDaysPart: 1, less a third for each idle gap; applies to plans with
// a day in a trip city.
func (o *objector) fullDaysPart() orchestrator.QualityComponent {
	n := o.count(ObjIdle)
	if short := o.count(ObjFullDayShort); short > 0 {
		// a day-scale theme park seen in a few hours (issue 28)
		return part(n+short, 1.0/3, detailf("%d gaps of %d hours or more with a sight open, %d must-see theme parks seen for less than most of a day", n, o.idleGap()/60, short))
	}
	return part(n, 1.0/3, detailf("%d gaps of %d hours or more with a sight open", n, o.idleGap()/60))
}

func (o *objector) idleGap() int {
	if o.b.Pace == "relaxed" {
		return IdleGapRelaxed
	}
	return IdleGap
}

// pacePart: 1, less a half for each day over the pace's cap and each stay
// unfit for the party.
func (o *objector) pacePart() orchestrator.QualityComponent {
	p, st, ve, si := o.count(ObjPace), o.count(ObjStay, ObjRoomWaste), o.count(ObjVenue), o.count(ObjSightUnfit)
	return part(p+st+ve+si, 0.5, detailf("%d days over %d stops, %d stays, %d meal places and %d sights unfit for the party", p, PaceCap(o.b.Pace), st, ve, si))
}

// sightsUnfit objects to the day's sights unfit for the party
// (UnfitSight) that it did not ask for, and to a visit ending after
// KidsLatest with a child under GentleChildAge.
func (o *objector) sightsUnfit(d *orchestrator.Day) {
	kids := KidsHours(o.b)
	for _, st := range d.Stops {
		if end, ok := orchestrator.ParseClock(st.End); ok && kids && end > KidsLatest {
			o.add(ObjSightUnfit, d.Day, "%s until %s with a young child", st.Name, st.End)
			continue
		}
		why := UnfitSight(o.b, st.Name)
		if why == "" {
			continue
		}
		k := slices.Index(o.attractions.ids, st.AttractionID)
		if k >= 0 && o.attractions.vals[k] != nil && (o.must(o.attractions.vals[k]) || o.asked(o.attractions.vals[k])) {
			continue
		}
		o.add(ObjSightUnfit, d.Day, "%s: %s for the party", st.Name, why)
	}
}

// asked reports whether a sight meets one of the brief's interests.
func (o *objector) asked(a *orchestrator.Attraction) bool {
	p := concepts.AttractionPlace(a.Name, a.Category, a.Tags)
	for _, in := range o.b.Interests {
		if c := concepts.Lookup(in, concepts.Sight); c != nil && c.MatchAttraction(p) {
			return true
		}
	}
	return false
}

// mealsPart: 1, less a half for each lunch or dinner missing on a day in
// a trip city and each one not reachable in the time given.
func (o *objector) mealsPart() orchestrator.QualityComponent {
	n, u := o.count(ObjMissingMeal), o.count(ObjUnreachableMeal)
	return part(n+u, 0.5, detailf("%d lunches or dinners missing, %d not reachable in the time given", n, u))
}

// repeats objects to each sight of a once-per-trip kind after the trip's
// first (concepts.OnceGroup), unless it is must-see or the brief's
// interests ask for that kind, and to each sight that is the same visit
// as an earlier one under another name (concepts.SameSite: the palace and
// its gate, the panda base and its museum).
func (o *objector) repeats(s *scorer) {
	type seenSight struct {
		a    *orchestrator.Attraction
		core string
		x    *tripindex.Attractions // the shared index a is at i of (nil: none)
		i    int
	}
	// On the stack for trips of up to 24 stops: Score runs this on every
	// variant the planner weighs.
	var gbuf [4]string
	var sbuf [24]seenSight
	var kbuf [24]string
	groups, before := gbuf[:0], sbuf[:0]
	// keys holds, beside before, each sight's LandmarkKey: a second
	// section of the Great Wall or a second gate of a park is the same
	// experience again, unless the traveller named both.
	keys := kbuf[:0]
	for _, d := range o.it.Days {
		for _, st := range d.Stops {
			if o.attractions.get(st.AttractionID) == nil {
				continue
			}
			a, f := s.attraction(st) // the index's facts: core and once group computed once
			var x *tripindex.Attractions
			i := 0
			if e := s.attractions.get(st.AttractionID); e.a == a && e.x.Shared() {
				x, i = e.x, e.i
			}
			dup := false
			for _, b := range before {
				if b.a.ID == a.ID {
					continue
				}
				var same bool
				if x != nil && b.x == x {
					same = x.SameSite(i, b.i) // the index's row: the same answer, kept
				} else {
					km := -1.0
					if a.Location != nil && b.a.Location != nil {
						km = a.Location.DistanceKM(*b.a.Location)
					}
					same = concepts.SameSiteCore(f.Core, b.core, km)
				}
				if same {
					o.add(ObjRepeat, d.Day, "%s is the visit to %s again", a.Name, b.a.Name)
					dup = true
					break
				}
			}
			key := LandmarkKey(a.Name)
			if key != "" && !dup {
				for j, b := range before {
					if keys[j] == key && b.a.ID != a.ID && !o.bothNamed(a, b.a) {
						o.add(ObjRepeat, d.Day, "%s is a second section of %s", a.Name, b.a.Name)
						break
					}
				}
			}
			before = append(before, seenSight{a, f.Core, x, i})
			keys = append(keys, key)
			g := f.Once
			if g == "" || o.must(a) || o.askedFor(g) {
				continue
			}
			if slices.Contains(groups, g) {
				o.add(ObjRepeat, d.Day, "%s repeats a %s the trip already has", a.Name, g)
				continue
			}
			groups = append(groups, g)
		}
	}
}

// askedFor reports whether an interest of the brief is the sight concept
// of that ID.
func (o *objector) askedFor(id string) bool {
	for _, in := range o.b.Interests {
		if c := concepts.Lookup(in, concepts.Sight); c != nil && c.ID == id {
			return true
		}
	}
	return false
}

// oddHour objects to a leg at an odd hour for the party (OddLeg,
// OddLimits) when another option of the leg that day, allowed by the
// brief, leaves and arrives within the party's hours with the typical
// door-to-door times (and departs at 06:30 or later, arrives by 23:30),
// is no day-long train in place of a shorter leg, and keeps the plan
// within the budget; or to a short hop before 07:00 (EarlyHop) when a
// later one of the hop (LaterHop) does the same.
func (o *objector) oddHour(day int, l orchestrator.Leg) {
	leave, arrive := OddLimits(o.b)
	odd := OddLeg(&l, leave, arrive)
	if !odd && !EarlyHop(&l) {
		return
	}
	var limit int64 = -1
	if lim := o.it.Budget.Limit; lim != nil && lim.Cents > 0 {
		limit = lim.Cents
	}
	cost := o.planCost()
	for op := range o.options(l.From, l.To) {
		if op.Mode == l.Mode && op.Number == l.Number || !sensible(op, l.Date) || !o.allowed(op.Mode, op.Number) || !o.b.Constraints.LegAllowed(op.Mode, op.Number, op.Class) {
			continue
		}
		dep, _ := orchestrator.ParseClock(op.Depart)
		arr, _ := orchestrator.ParseClock(op.Arrive)
		if dep-Before(op.Mode) < leave || arr > arrive {
			continue
		}
		if !odd && !LaterHop(&l, op, o.it.People) {
			continue // an early short hop: a later one at a like fare (EarlyHop)
		}
		if op.Mode == "train" && op.DurationMinutes >= LongTrainMinutes && l.DurationMinutes < LongTrainMinutes {
			continue // a day-long train is no better (long_train)
		}
		if limit >= 0 && cost-l.Cost.Cents+op.Price.Cents*int64(op.Units(o.it.People)) > limit {
			continue
		}
		o.add(ObjOddHour, day, "%s %s %s→%s %s–%s: leave by %s; %s %s %s–%s keeps the party's hours", l.Mode, l.Number, l.From, l.To, l.Depart, l.Arrive,
			orchestrator.FormatClock(oddLeave(&l)), op.Mode, op.Number, op.Depart, op.Arrive)
		return
	}
}

// oddLeave is when a leg asks the traveller to leave the day's place,
// minutes after midnight (may be negative: the evening before).
func oddLeave(l *orchestrator.Leg) int {
	dep, _ := orchestrator.ParseClock(l.Depart)
	before := l.BeforeMinutes
	if before <= 0 {
		before = Before(l.Mode)
	}
	return (dep - before + 1440) % 1440
}

// Objections to the must-see wishes (issue 28).
const (
	// ObjMustMissed: a must-see sight that a city of the trip holds
	// (concepts.Resolve: any name the alias tables know, "Mutianyu" for
	// 慕田峪长城) and that no stop visits, neither it nor the same site
	// under another name (concepts.SameSite) nor, for a kind of outing, a
	// sight of its once-per-trip kind the name also means (another pier's
	// night cruise).
	ObjMustMissed = "must_missed"
	// ObjFullDayShort: a must-see theme park of a day's scale
	// (concepts.FullDay) visited for less than concepts.FullDayLeast
	// minutes.
	ObjFullDayShort = "full_day_short"
)

// mustSees objects to each must-see sight the data holds that the plan
// misses, and to a day-scale theme park seen for less than most of a day.
func (o *objector) mustSees() {
	if o.trip == nil {
		return
	}
	for _, name := range o.b.MustVisit {
		var held *orchestrator.Attraction
		for i := range o.trip.Cities {
			cd := &o.trip.Cities[i]
			if cd.Attractions == nil {
				continue
			}
			if j := tripindex.Resolve(cd.Attractions, name); j >= 0 {
				held = &cd.Attractions.Value[j]
				break
			}
		}
		if held == nil {
			continue
		}
		if d, st := o.visitOf(name, held); st == nil {
			o.add(ObjMustMissed, 0, "%s (%s) is not visited", name, held.Name)
		} else if concepts.FullDay(held) {
			from, ok1 := orchestrator.ParseClock(st.Start)
			to, ok2 := orchestrator.ParseClock(st.End)
			if ok1 && ok2 && to-from < concepts.FullDayLeast {
				o.add(ObjFullDayShort, d, "%s for %d minutes, not most of a day", st.Name, to-from)
			}
		}
	}
}

// visitOf returns the stop (and its day) that visits must-see name, held
// by the data as a, or nil.
func (o *objector) visitOf(name string, a *orchestrator.Attraction) (int, *orchestrator.Stop) {
	once := concepts.OnceGroup(a.Name, a.Category, a.Tags)
	for _, d := range o.it.Days {
		for k := range d.Stops {
			st := &d.Stops[k]
			stOnce := concepts.OnceGroup(st.Name, "", nil)
			if st.AttractionID == a.ID || stOnce == once && concepts.SameSite(st.Name, a.Name, -1) {
				// (the lake is not the boat on it: 西湖 and 西湖游船)
				return d.Day, st
			}
			if once != "" && stOnce == once {
				if i, _ := concepts.Resolve(name, []concepts.Candidate{{Name: st.Name}}); i == 0 {
					return d.Day, st
				}
			}
		}
	}
	return 0, nil
}
