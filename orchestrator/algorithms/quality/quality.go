// Package quality scores how useful an itinerary is to a traveller — not
// whether it is valid (the verifier's checks), but whether it is a plan
// worth keeping. The score is deterministic and computed from the
// itinerary, the brief and the trip data alone (never from a planner's
// internals), so the planner can maximise it among feasible plans and the
// verifier can recompute it.
//
// The score is 0–100: the weighted mean of the applicable components, each
// 0–1, rounded to the nearest integer.
//
//	component      weight  value
//	interests        15    share of the brief's interests met by a stop (sight concepts) or a meal (cuisine concepts)
//	must_visit       15    share of the must_visit sights the data holds that are visited
//	meal_fit         15    per meal: 1, halved for a breakfast at a place that serves none and for a meal over 5 km
//	                       from the previous place; averaged, then 70% of it plus 30% cuisine coverage when cuisines are asked
//	time_of_day      10    share of stops at a fitting time: evening sights (night tours) from 18:00, others
//	                       by day, and no visit shorter than the data's recommended minimum
//	transit          10    1 − (hours in transit ÷ waking hours) ÷ 0.5: legs and the travel to every stop;
//	                       half the waking day in transit scores 0
//	edge_days        10    per travel day: 1 with a sight; else 1 − free hours in the city ÷ 4; halved for a
//	                       leg departing before 06:30 or arriving after 23:30
//	budget_use       15    1 when the plan spends 60–100% of the budget, spend ÷ 60% below that, 0 over it
//	variety          10    distinct sight categories ÷ min(stops, 4), less 0.25 for each pair of stops that
//	                       are the same site or repeat a once-per-trip sight (two river cruises)
//	meal_variety     10    1 − repeats ÷ lunches and dinners: a repeat is a meal whose restaurant category
//	                       (concepts.Category: 火锅, 川菜, Italian) was already eaten that day, or eaten more
//	                       than MealCap times on the trip (2, or a quarter of the meals on long trips);
//	                       applies from two lunches and dinners
//	door_to_door     10    1 − ½ per short flight a train beats door to door, day-long train where a
//	                       flight fits the budget, or timetable slip (Objections); plans with legs
//	foods            10    share of the foods asked for (Wishes) that the data serves and a meal serves
//	full_days        10    1 − ⅓ per gap of IdleGap (IdleGapRelaxed) between 09:00 and 18:00 or the
//	                       departure while a sight of the city is open
//	pace_party        5    1 − ½ per day over PaceCap stops, per stay and per sight unfit for the party
//	meals            10    1 − ½ per lunch or dinner missing on a day spent in a trip city
//
// time_of_day also counts a sight away from its best hour (BestHour: a
// panda base after 11:30) as unfitting.
// A component is not applicable when the brief gives it nothing to
// measure (no interests, no must_visit, no budget, no stops).
package quality

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality/tripindex"
)

// Component names.
const (
	Interests = "interests"
	MustVisit = "must_visit"
	MealFit   = "meal_fit"
	TimeOfDay = "time_of_day"
	Transit   = "transit"
	EdgeDays  = "edge_days"
	BudgetUse = "budget_use"
	Variety   = "variety"
	// MealVariety is the variety of restaurant categories across lunches
	// and dinners.
	MealVariety = "meal_variety"
	// The parts for the objections a traveller raises (Objections).
	DoorToDoorLegs = "door_to_door"
	FoodsServed    = "foods"
	FullDays       = "full_days"
	PaceAndParty   = "pace_party"
	MealsKept      = "meals"
)

// Weights are the components' shares of the score, in report order.
var Weights = []struct {
	Name   string
	Weight int
}{
	{Interests, 15}, {MustVisit, 15}, {MealFit, 15}, {TimeOfDay, 10},
	{Transit, 10}, {EdgeDays, 10}, {BudgetUse, 15}, {Variety, 10}, {MealVariety, 10},
	{DoorToDoorLegs, 10}, {FoodsServed, 10}, {FullDays, 10}, {PaceAndParty, 5}, {MealsKept, 10},
}

// Thresholds of the components.
const (
	wakingStart     = 8 * 60
	wakingEnd       = 22 * 60
	eveningFrom     = 18 * 60
	earliestDepart  = 6*60 + 30
	latestArrive    = 23*60 + 30
	dayEnd          = 21*60 + 30
	mealReachKM     = 5.0
	budgetFloor     = 0.6
	transitZero     = 0.5
	freeHoursWasted = 4.0
)

// Score computes the quality of it for b over trip. It never fails: a nil
// itinerary scores 0.
func Score(b *orchestrator.Brief, trip *orchestrator.Trip, it *orchestrator.Itinerary) orchestrator.Quality {
	if it == nil || b == nil {
		return orchestrator.Quality{}
	}
	s := newScorer(b, trip, it)
	o := analyze(s)
	vals := [...]orchestrator.QualityComponent{
		o.kindsPart(s.interests()), s.mustVisit(), s.mealFit(), o.untimelyPart(s.timeOfDay()),
		s.transit(), s.edgeDays(), s.budgetUse(), s.variety(), s.mealVariety(),
		o.legsPart(), o.foodsPart(), o.fullDaysPart(), o.pacePart(), o.mealsPart(),
	} // in the order of Weights
	s.release()
	q := orchestrator.Quality{Components: make([]orchestrator.QualityComponent, 0, len(Weights))}
	sum, wsum := 0.0, 0
	for i, w := range Weights {
		c := vals[i]
		c.Name, c.Weight = w.Name, w.Weight
		c.Value = math.Round(math.Max(0, math.Min(1, c.Value))*1000) / 1000
		if c.Applicable {
			sum += c.Value * float64(w.Weight)
			wsum += w.Weight
		}
		q.Components = append(q.Components, c)
	}
	if wsum > 0 {
		q.Score = int(math.Round(100 * sum / float64(wsum)))
	}
	return q
}

type scorer struct {
	b           *orchestrator.Brief
	trip        *orchestrator.Trip
	it          *orchestrator.Itinerary
	attractions entries[attractionEntry] // the itinerary's attraction IDs
	restaurants entries[restaurantEntry] // the itinerary's restaurant IDs
	// sights, cats, days and all are the components' lists (variety,
	// mealCategories, mealVariety), kept with the scorer for the next
	// score.
	sights []sight
	cats   []string
	days   [][]string
	all    []string
}

// sight is a stop for variety: its attraction and facts, the shared
// index of its catalog and its position there (x nil: none).
type sight struct {
	a *orchestrator.Attraction
	f *tripindex.AttractionFacts
	x *tripindex.Attractions
	i int
}

// entries maps the few IDs of an itinerary (its stops' or its meals') to
// their entries: a list searched in turn, cheaper than a map at that size.
type entries[E any] struct {
	ids  []string
	vals []E
	// byID indexes ids when there are many (scan).
	byID map[string]int
}

// manyEntries is the count of IDs from which a scan of a catalog looks
// them up in a map.
const manyEntries = 16

// scan prepares m for looking up every entry of a catalog.
func (m *entries[E]) scan() {
	if len(m.ids) > manyEntries && m.byID == nil {
		m.byID = make(map[string]int, len(m.ids))
		for i, id := range m.ids {
			m.byID[id] = i
		}
	}
}

// add adds id with a zero entry unless it is there.
func (m *entries[E]) add(id string) {
	if !slices.Contains(m.ids, id) {
		var zero E
		m.ids = append(m.ids, id)
		m.vals = append(m.vals, zero)
	}
}

// at returns the entry of id, nil when id is not there.
func (m *entries[E]) at(id string) *E {
	if m.byID != nil {
		if i, ok := m.byID[id]; ok {
			return &m.vals[i]
		}
		return nil
	}
	for i, x := range m.ids {
		if x == id {
			return &m.vals[i]
		}
	}
	return nil
}

// get returns the entry of id, the zero entry when id is not there.
func (m *entries[E]) get(id string) E {
	if e := m.at(id); e != nil {
		return *e
	}
	var zero E
	return zero
}

// attractionEntry is the data behind an attraction ID of the itinerary
// (a nil a when the trip has none) and its facts, at position i of the
// catalog x indexes.
type attractionEntry struct {
	a *orchestrator.Attraction
	f *tripindex.AttractionFacts
	x *tripindex.Attractions
	i int
}

// restaurantEntry is attractionEntry for a restaurant.
type restaurantEntry struct {
	r *orchestrator.Restaurant
	f *tripindex.RestaurantFacts
	x *tripindex.Restaurants
	i int
}

// scorers keeps released scorers, their entry lists emptied, for the
// next score: the planner scores several variants of every plan.
var scorers = sync.Pool{New: func() any { return new(scorer) }}

// newScorer returns a scorer of it from scorers; release returns it.
func newScorer(b *orchestrator.Brief, trip *orchestrator.Trip, it *orchestrator.Itinerary) *scorer {
	s := scorers.Get().(*scorer) // empty (release), its lists kept
	s.b, s.trip, s.it = b, trip, it
	for _, d := range it.Days {
		for _, st := range d.Stops {
			s.attractions.add(st.AttractionID)
		}
		for _, m := range d.Meals {
			s.restaurants.add(m.RestaurantID)
		}
	}
	if trip == nil {
		return s
	}
	for i := range trip.Cities {
		cd := &trip.Cities[i]
		// A catalog with a content address is looked up in its shared
		// index; another is scanned. Either way the last city listing an
		// ID, and its last entry there, is kept.
		switch {
		case cd.Attractions == nil:
		case cd.Attractions.Ref != "":
			x := tripindex.AttractionsOf(cd.Attractions)
			for k, id := range s.attractions.ids {
				if j, ok := x.Find(id); ok {
					s.attractions.vals[k] = attractionEntry{a: &cd.Attractions.Value[j], x: x, i: j}
				}
			}
		default:
			s.attractions.scan()
			for j := range cd.Attractions.Value {
				a := &cd.Attractions.Value[j]
				if e := s.attractions.at(a.ID); e != nil {
					*e = attractionEntry{a: a, i: j}
				}
			}
		}
		switch {
		case cd.Restaurants == nil:
		case cd.Restaurants.Ref != "":
			x := tripindex.RestaurantsOf(cd.Restaurants)
			for k, id := range s.restaurants.ids {
				if j, ok := x.Find(id); ok {
					s.restaurants.vals[k] = restaurantEntry{r: &cd.Restaurants.Value[j], x: x, i: j}
				}
			}
		default:
			s.restaurants.scan()
			for j := range cd.Restaurants.Value {
				r := &cd.Restaurants.Value[j]
				if e := s.restaurants.at(r.ID); e != nil {
					*e = restaurantEntry{r: r, i: j}
				}
			}
		}
	}
	// The facts of the places found, from the shared index (a nil x
	// computes them afresh).
	for k := range s.attractions.vals {
		if e := &s.attractions.vals[k]; e.a != nil {
			e.f = e.x.Facts(e.i, e.a)
		}
	}
	for k := range s.restaurants.vals {
		if e := &s.restaurants.vals[k]; e.r != nil {
			e.f = e.x.Facts(e.i, e.r)
		}
	}
	return s
}

// release clears s, so that it keeps no trip alive, and returns it to
// scorers. Nothing a score returns points into it.
func (s *scorer) release() {
	clear(s.attractions.ids)
	clear(s.attractions.vals)
	clear(s.restaurants.ids)
	clear(s.restaurants.vals)
	clear(s.sights[:cap(s.sights)])
	clear(s.cats[:cap(s.cats)])
	clear(s.days[:cap(s.days)])
	clear(s.all[:cap(s.all)])
	*s = scorer{
		attractions: entries[attractionEntry]{ids: s.attractions.ids[:0], vals: s.attractions.vals[:0]},
		restaurants: entries[restaurantEntry]{ids: s.restaurants.ids[:0], vals: s.restaurants.vals[:0]},
		sights:      s.sights[:0], cats: s.cats[:0], days: s.days[:0], all: s.all[:0],
	}
	scorers.Put(s)
}

// attraction returns the data behind a stop, or one made of the stop,
// with its facts.
func (s *scorer) attraction(st orchestrator.Stop) (*orchestrator.Attraction, *tripindex.AttractionFacts) {
	if e := s.attractions.get(st.AttractionID); e.a != nil {
		return e.a, e.f
	}
	a := &orchestrator.Attraction{ID: st.AttractionID, Name: st.Name, Location: st.Location}
	return a, tripindex.AttractionFactsOf(a)
}

// restaurant returns the data behind a meal, or one made of the meal,
// with its facts.
func (s *scorer) restaurant(m orchestrator.Meal) (*orchestrator.Restaurant, *tripindex.RestaurantFacts) {
	if e := s.restaurants.get(m.RestaurantID); e.r != nil {
		return e.r, e.f
	}
	r := &orchestrator.Restaurant{ID: m.RestaurantID, Name: m.Name, Cuisines: m.Cuisines, Location: m.Location}
	return r, tripindex.RestaurantFactsOf(r)
}

func (s *scorer) interests() orchestrator.QualityComponent {
	if len(s.b.Interests) == 0 {
		return orchestrator.QualityComponent{}
	}
	met := 0
	var missed []string
	for _, in := range s.b.Interests {
		c := concepts.Lookup(in, concepts.Sight)
		if c == nil {
			c = concepts.Lookup(in, concepts.Cuisine)
		}
		if c == nil {
			c = concepts.For(in, concepts.Sight)
		}
		ok := false
		for _, d := range s.it.Days {
			// MatchAttraction on the folded place is c.Attraction,
			// MatchRestaurant is c.Restaurant.
			for _, st := range d.Stops {
				if !ok && c.Kind != concepts.Cuisine {
					_, f := s.attraction(st)
					ok = c.MatchAttraction(f.Place)
				}
			}
			for _, m := range d.Meals {
				if !ok && c.Kind == concepts.Cuisine {
					_, f := s.restaurant(m)
					ok = c.MatchRestaurant(f.Place)
				}
			}
		}
		if ok {
			met++
		} else {
			missed = append(missed, in)
		}
	}
	detail := detailf("%d of %d interests met", met, len(s.b.Interests))
	if len(missed) > 0 {
		detail += "; not met: " + strings.Join(missed, ", ")
	}
	return orchestrator.QualityComponent{Applicable: true, Value: float64(met) / float64(len(s.b.Interests)), Detail: detail}
}

func (s *scorer) mustVisit() orchestrator.QualityComponent {
	if len(s.b.MustVisit) == 0 || s.trip == nil {
		return orchestrator.QualityComponent{}
	}
	var stops []concepts.Candidate
	for _, d := range s.it.Days {
		for _, st := range d.Stops {
			a, _ := s.attraction(st)
			stops = append(stops, concepts.Candidate{Name: a.Name})
		}
	}
	inData, visited := 0, 0
	for _, name := range s.b.MustVisit {
		held := ""
		for i := range s.trip.Cities {
			cd := &s.trip.Cities[i]
			if cd.Attractions == nil {
				continue
			}
			if j := tripindex.Resolve(cd.Attractions, name); j >= 0 {
				held = cd.Attractions.Value[j].Name
				break
			}
		}
		if held == "" {
			continue
		}
		inData++
		if i, _ := concepts.Resolve(name, stops); i >= 0 && !otherSection(name, held, stops[i].Name) {
			visited++
		}
	}
	if inData == 0 {
		return orchestrator.QualityComponent{Detail: "no must-see sight is in the data"}
	}
	return orchestrator.QualityComponent{Applicable: true, Value: float64(visited) / float64(inData),
		Detail: detailf("%d of %d must-see sights in the data visited", visited, inData)}
}

// otherSection reports whether the stop a must-see name resolves to is
// another section of the landmark than the one the name means in the data
// (慕田峪长城 for 八达岭长城): a section named is not seen at another. A
// landmark's general name ("Great Wall", 长城) is met by any section.
func otherSection(name, held, stop string) bool {
	if stop == held {
		return false
	}
	k := LandmarkKey(held)
	if k == "" || k != LandmarkKey(stop) {
		return false
	}
	if lm := concepts.Lookup(name, concepts.Landmark); lm != nil && slices.Contains(lm.Aliases, strings.Join(strings.Fields(strings.ToLower(name)), " ")) {
		return false
	}
	return true
}

func (s *scorer) mealFit() orchestrator.QualityComponent {
	n, sum := 0, 0.0
	badBreakfast, far := 0, 0
	for _, d := range s.it.Days {
		for _, m := range d.Meals {
			r, f := s.restaurant(m)
			fit := 1.0
			if m.Slot == orchestrator.Breakfast && !f.Breakfast {
				fit /= 2
				badBreakfast++
			}
			if prev := previousPlace(d, m.Time); prev != nil && r.Location != nil && prev.DistanceKM(*r.Location) > mealReachKM {
				fit /= 2
				far++
			}
			n++
			sum += fit
		}
	}
	if n == 0 {
		return orchestrator.QualityComponent{}
	}
	v := sum / float64(n)
	detail := detailf("%d meals: %d breakfasts where none is served, %d over %.0f km from the previous place", n, badBreakfast, far, mealReachKM)
	if cs := s.b.Constraints.Cuisines; len(cs) > 0 {
		met := 0
		for _, want := range cs {
			c := concepts.For(want, concepts.Cuisine)
			ok := false
			for _, d := range s.it.Days {
				for _, m := range d.Meals {
					if !ok {
						_, f := s.restaurant(m)
						ok = c.MatchRestaurant(f.Place)
					}
				}
			}
			if ok {
				met++
			}
		}
		v = 0.7*v + 0.3*float64(met)/float64(len(cs))
		detail += detailf("; %d of %d cuisines served", met, len(cs))
	}
	return orchestrator.QualityComponent{Applicable: true, Value: v, Detail: detail}
}

// previousPlace is where the traveller is before a meal at hhmm: the last
// stop ending by then.
func previousPlace(d orchestrator.Day, hhmm string) *orchestrator.GeoPoint {
	var at *orchestrator.GeoPoint
	for _, st := range d.Stops {
		if st.End <= hhmm && st.Location != nil {
			at = st.Location
		}
	}
	return at
}

func (s *scorer) timeOfDay() orchestrator.QualityComponent {
	n, ok := 0, 0
	for _, d := range s.it.Days {
		for _, st := range d.Stops {
			a, f := s.attraction(st)
			start, _ := clock(st.Start)
			end, _ := clock(st.End)
			fits := f.Evening == (start >= eveningFrom) || start >= eveningFrom
			if a.VisitMinMinutes > 0 && end-start < a.VisitMinMinutes {
				fits = false
			}
			if !FitsHour(s.hour(st.AttractionID, a, f), start) {
				fits = false // a panda base in the afternoon
			}
			n++
			if fits {
				ok++
			}
		}
	}
	if n == 0 {
		return orchestrator.QualityComponent{}
	}
	return orchestrator.QualityComponent{Applicable: true, Value: float64(ok) / float64(n), Detail: detailf("%d of %d stops at a fitting time and length", ok, n)}
}

func (s *scorer) transit() orchestrator.QualityComponent {
	minutes := 0
	for _, d := range s.it.Days {
		for _, l := range d.Legs {
			minutes += l.DurationMinutes
		}
		for _, st := range d.Stops {
			minutes += st.TravelMinutes
		}
	}
	waking := len(s.it.Days) * (wakingEnd - wakingStart)
	if waking == 0 {
		return orchestrator.QualityComponent{}
	}
	share := float64(minutes) / float64(waking)
	return orchestrator.QualityComponent{Applicable: true, Value: 1 - share/transitZero,
		Detail: detailf("%.1f of %d waking hours in transit (%.0f%%)", float64(minutes)/60, waking/60, 100*share)}
}

func (s *scorer) edgeDays() orchestrator.QualityComponent {
	n, sum := 0, 0.0
	odd := 0
	for _, d := range s.it.Days {
		if len(d.Legs) == 0 {
			continue
		}
		n++
		v := 1.0
		if len(d.Stops) == 0 {
			free := 0
			first, last := d.Legs[0], d.Legs[len(d.Legs)-1]
			if dep, ok := clock(first.Depart); ok && !sameCity(first.From, s.b.Origin) {
				free += max(0, dep-120-wakingStart)
			}
			if arr, ok := clock(last.Arrive); ok && last.ArriveDayOffset == 0 && !sameCity(last.To, s.b.Origin) {
				free += max(0, dayEnd-arr-60)
			}
			v = 1 - math.Min(1, float64(free)/60/freeHoursWasted)
		}
		for _, l := range d.Legs {
			dep, _ := clock(l.Depart)
			arr, _ := clock(l.Arrive)
			if dep < earliestDepart || l.ArriveDayOffset > 0 || arr > latestArrive {
				v /= 2
				odd++
				break
			}
		}
		sum += v
	}
	if n == 0 {
		return orchestrator.QualityComponent{}
	}
	return orchestrator.QualityComponent{Applicable: true, Value: sum / float64(n),
		Detail: detailf("%d travel days, %d with a leg at an odd hour", n, odd)}
}

func sameCity(a, b string) bool { return b != "" && orchestrator.SameCity(a, b) }

func (s *scorer) budgetUse() orchestrator.QualityComponent {
	lim := s.it.Budget.Limit
	if lim == nil || lim.Cents <= 0 {
		return orchestrator.QualityComponent{}
	}
	var total int64
	for _, d := range s.it.Days {
		total += d.Cost.Cents
	}
	ratio := float64(total) / float64(lim.Cents)
	v := 1.0
	switch {
	case ratio > 1:
		v = 0
	case ratio < budgetFloor:
		v = ratio / budgetFloor
	}
	return orchestrator.QualityComponent{Applicable: true, Value: v, Detail: detailf("spends %.0f%% of the budget", 100*ratio)}
}

func (s *scorer) variety() orchestrator.QualityComponent {
	n := 0
	for _, d := range s.it.Days {
		n += len(d.Stops)
	}
	if n == 0 {
		return orchestrator.QualityComponent{Applicable: true, Value: 0, Detail: "no sight at all"}
	}
	as := s.sights[:0]
	defer func() { s.sights = as }() // the array, for the next score
	for _, d := range s.it.Days {
		for _, st := range d.Stops {
			x := sight{}
			if e := s.attractions.get(st.AttractionID); e.a != nil && e.x.Shared() {
				x.x, x.i = e.x, e.i
			}
			x.a, x.f = s.attraction(st)
			as = append(as, x)
		}
	}
	// The distinct categories, few: counted by a search of those seen.
	cats := s.cats[:0]
	defer func() { s.cats = cats }()
	for _, x := range as {
		cat := x.a.Category
		if cat == "" {
			cat = x.a.Name
		}
		if !slices.Contains(cats, cat) {
			cats = append(cats, cat)
		}
	}
	v := float64(len(cats)) / float64(min(len(as), 4))
	// Each stop's landmark key (LandmarkKey), read once.
	var kbuf [24]string
	keys := kbuf[:0]
	for _, x := range as {
		keys = append(keys, LandmarkKey(x.a.Name))
	}
	dups := 0
	for i := range as {
		for j := i + 1; j < len(as); j++ {
			var same bool
			if as[i].x != nil && as[i].x == as[j].x {
				same = as[i].x.SameSite(as[i].i, as[j].i) // as computed below, kept by the index
			} else {
				d := -1.0
				if as[i].a.Location != nil && as[j].a.Location != nil {
					d = as[i].a.Location.DistanceKM(*as[j].a.Location)
				}
				same = concepts.SameSiteCore(as[i].f.Core, as[j].f.Core, d)
			}
			if same || as[i].f.Once != "" && as[i].f.Once == as[j].f.Once || keys[i] != "" && keys[i] == keys[j] && s.sections(as[i].a, as[j].a) {
				dups++
			}
		}
	}
	v -= 0.25 * float64(dups)
	return orchestrator.QualityComponent{Applicable: true, Value: v,
		Detail: detailf("%d stops in %d categories, %d pairs of the same site or a repeated once-per-trip sight", len(as), len(cats), dups)}
}

// sections reports whether a and b, two sections of one landmark or two
// gates of one park (LandmarkKey), are not both named by the brief
// (keys already found equal).
func (s *scorer) sections(a, b *orchestrator.Attraction) bool {
	return a.ID != b.ID && !namedBoth(s.b, a, b)
}

// clock parses "HH:MM" into minutes after midnight, as fmt.Sscanf's
// "%d:%d" reads it: orchestrator.ParseClockSpan's strict form without
// scanning, anything else through fmt.
func clock(s string) (int, bool) {
	if m, ok := orchestrator.ParseClockSpan(s); ok {
		return m, true
	}
	var h, m int
	if _, err := fmt.Sscanf(s, "%d:%d", &h, &m); err != nil {
		return 0, false
	}
	return h*60 + m, true
}

// MealCap is how many of a trip's n lunches and dinners may share a
// restaurant category: two, or a quarter of them on long trips.
func MealCap(n int) int { return max(2, (n+3)/4) }

// MealRepeats counts the repeats among a trip's lunches and dinners, given
// each day's restaurant categories in time order ("" for a meal of no
// known category, never a repeat): meals whose category was already eaten
// that day (sameDay), and the others beyond MealCap of their category on
// the trip (overCap).
func MealRepeats(days [][]string) (sameDay, overCap int) {
	return MealRepeatsOnce(days, nil)
}

// OnceCategories are restaurant categories (concepts.Category) a trip eats
// at most once unless the brief asks for them: hot pot, a long and heavy
// meal (issue 28: a Nanjing trip ate hot pot twice; a Chengdu one three
// times).
var OnceCategories = []string{"火锅", "hotpot", "hot pot"}

// OnceCategory returns the categories the brief's trip eats at most once
// (OnceCategories, unless its cuisines, foods or interests ask for hot
// pot), as a test for MealRepeatsOnce; nil when none.
func OnceCategory(b *orchestrator.Brief) func(string) bool {
	if b == nil || asksHotPot(b) {
		return nil
	}
	return func(k string) bool { return slices.Contains(OnceCategories, k) }
}

// hotPotWords are the concept table's words for hot pot (its hotpot
// cuisine row's aliases), read once.
var hotPotWords = sync.OnceValue(func() []string {
	var out []string
	if c := concepts.Lookup("火锅", concepts.Cuisine); c != nil {
		for _, a := range c.Aliases {
			out = append(out, strings.ToLower(a))
		}
	}
	return out
})

// asksHotPot reports whether the brief asks for hot pot: a cuisine, a food
// or an interest holding one of the concept table's words for it. It runs
// for every scored variant: a few string searches, no table scan.
func asksHotPot(b *orchestrator.Brief) bool {
	words := hotPotWords()
	for _, list := range [][]string{b.Constraints.Cuisines, b.Foods, b.Interests} {
		for _, x := range list {
			if hasAny(strings.ToLower(x), words) {
				return true
			}
		}
	}
	return false
}

// MealRepeatsOnce is MealRepeats with the categories once reports capped
// at one meal a trip.
func MealRepeatsOnce(days [][]string, once func(string) bool) (sameDay, overCap int) {
	n := 0
	for _, d := range days {
		n += len(d)
	}
	limit := MealCap(n)
	var trip tally
	for _, d := range days {
		for i, k := range d {
			if k == "" {
				continue
			}
			c := trip.inc(k)
			switch {
			case slices.Contains(d[:i], k): // already eaten today
				sameDay++
			case c > limit || c > 1 && once != nil && once(k):
				overCap++
			}
		}
	}
	return sameDay, overCap
}

// tally counts strings, few: the first ones in arrays searched in turn,
// a map past them. The zero value counts none.
type tally struct {
	keys [16]string
	n    [16]int
	len  int
	more map[string]int
}

// inc adds one to the count of k and returns it.
func (t *tally) inc(k string) int {
	for i := range t.len {
		if t.keys[i] == k {
			t.n[i]++
			return t.n[i]
		}
	}
	if t.len < len(t.keys) {
		t.keys[t.len], t.n[t.len] = k, 1
		t.len++
		return 1
	}
	if t.more == nil {
		t.more = map[string]int{}
	}
	t.more[k]++
	return t.more[k]
}

// MealCategories lists, per day of it, the restaurant categories of its
// lunches and dinners in time order, the restaurants' data looked up by
// restaurant (nil: the meal's own name and cuisines).
func MealCategories(it *orchestrator.Itinerary, restaurant func(orchestrator.Meal) *orchestrator.Restaurant) [][]string {
	out := make([][]string, 0, len(it.Days))
	for _, d := range it.Days {
		ms := make([]orchestrator.Meal, 0, len(d.Meals))
		for _, m := range d.Meals {
			if m.Slot != orchestrator.Breakfast {
				ms = append(ms, m)
			}
		}
		sort.SliceStable(ms, func(i, j int) bool { return ms[i].Time < ms[j].Time })
		var ks []string
		for _, m := range ms {
			name, cuisines := m.Name, m.Cuisines
			if restaurant != nil {
				if r := restaurant(m); r != nil {
					name, cuisines = r.Name, r.Cuisines
				}
			}
			ks = append(ks, concepts.Category(name, cuisines))
		}
		out = append(out, ks)
	}
	return out
}

func (s *scorer) mealVariety() orchestrator.QualityComponent {
	days := s.mealCategories()
	n := 0
	// The distinct categories, few: a search of those seen.
	kinds := s.cats[:0]
	defer func() { s.cats = kinds }()
	for _, d := range days {
		n += len(d)
		for _, k := range d {
			if k != "" && !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
	}
	if n < 2 {
		return orchestrator.QualityComponent{}
	}
	same, over := MealRepeatsOnce(days, OnceCategory(s.b))
	return orchestrator.QualityComponent{Applicable: true, Value: 1 - float64(same+over)/float64(n),
		Detail: detailf("%d lunches and dinners in %d categories: %d repeated the same day, %d over %d of a category", n, len(kinds), same, over, MealCap(n))}
}

// mealCategories is MealCategories(s.it, restaurant) with the categories
// from the restaurants' facts.
func (s *scorer) mealCategories() [][]string {
	n := 0
	for _, d := range s.it.Days {
		n += len(d.Meals)
	}
	// In the scorer's buffers: the days' lists are read before the next
	// score.
	out := s.days[:0]
	all := s.all[:0] // the days' categories, one after another
	if cap(all) < n {
		all = make([]string, 0, n)
	}
	defer func() { s.days, s.all = out, all }()
	var buf [8]int
	local := WantsLocal(s.b)
	for _, d := range s.it.Days {
		// The lunches and dinners by position, in time order.
		ms := buf[:0]
		for i := range d.Meals {
			if d.Meals[i].Slot != orchestrator.Breakfast {
				ms = append(ms, i)
			}
		}
		slices.SortStableFunc(ms, func(a, b int) int { return strings.Compare(d.Meals[a].Time, d.Meals[b].Time) })
		start := len(all)
		for _, i := range ms {
			_, f := s.restaurant(d.Meals[i])
			if local && localMeal(s.trip, d.Meals[i]) {
				all = append(all, "") // local food asked for: no repeat
				continue
			}
			all = append(all, f.Category)
		}
		var ks []string // nil for a day without lunch or dinner, as MealCategories
		if len(all) > start {
			ks = all[start:len(all):len(all)]
		}
		out = append(out, ks)
	}
	return out
}
