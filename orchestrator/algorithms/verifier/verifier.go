// Package verifier checks an Itinerary against its Brief and the Trip data
// it claims to be built from, independently of the planner's code: every
// place, price and time is looked up again in the Trip and every sum is
// recomputed. The Report it returns ships inside every plan.
package verifier

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality/tripindex"
)

// Check names. Hard checks are the brief's constraints; commonsense checks
// are what any sound plan satisfies.
const (
	CheckCompleteDays   = "complete_days"
	CheckPlacesExist    = "places_exist"
	CheckWithinCity     = "within_city"
	CheckNoRepeats      = "no_repeats"
	CheckHours          = "hours"
	CheckNights         = "nights"
	CheckLegs           = "legs"
	CheckTransportModes = "transport_modes"
	CheckBudgetSums     = "budget_sums"

	CheckBudget     = "budget"
	CheckRoute      = "route"
	CheckRoomType   = "room_type"
	CheckHouseRules = "house_rules"
	CheckCuisines   = "cuisines"
	CheckTransport  = "transport_exclusions"
	CheckMustVisit  = "must_visit"
	CheckRequire    = "transport_require"
)

// Commonsense and Hard list the checks in report order.
var (
	Commonsense = []string{CheckCompleteDays, CheckPlacesExist, CheckWithinCity, CheckNoRepeats, CheckHours,
		CheckNights, CheckLegs, CheckTransportModes, CheckBudgetSums}
	Hard = []string{CheckBudget, CheckRoute, CheckRoomType, CheckHouseRules, CheckCuisines, CheckTransport, CheckMustVisit, CheckRequire}
)

// FindingHouseRulesUnverified is the warning for a stay whose house rules
// the data do not state while the brief needs some allowed.
const FindingHouseRulesUnverified = "house_rules_unverified"

// numChecks is how many checks there are: len(Commonsense) + len(Hard).
const numChecks = 17

// checkIndex numbers the checks for the verifier's tables (-1 for none).
func checkIndex(name string) int {
	switch name {
	case CheckCompleteDays:
		return 0
	case CheckPlacesExist:
		return 1
	case CheckWithinCity:
		return 2
	case CheckNoRepeats:
		return 3
	case CheckHours:
		return 4
	case CheckNights:
		return 5
	case CheckLegs:
		return 6
	case CheckTransportModes:
		return 7
	case CheckBudgetSums:
		return 8
	case CheckBudget:
		return 9
	case CheckRoute:
		return 10
	case CheckRoomType:
		return 11
	case CheckHouseRules:
		return 12
	case CheckCuisines:
		return 13
	case CheckTransport:
		return 14
	case CheckMustVisit:
		return 15
	case CheckRequire:
		return 16
	}
	return -1
}

// maxFindingsPerCheck bounds the findings one check reports.
const maxFindingsPerCheck = 20

// Verify checks it against b and trip and returns the report. It never
// fails: a missing itinerary is reported as failed checks.
func Verify(b *orchestrator.Brief, trip *orchestrator.Trip, it *orchestrator.Itinerary) orchestrator.Report {
	v := &verifier{b: b, trip: trip, it: it}
	v.canons = v.canonsBuf[:0]
	v.index()
	if it == nil {
		for _, c := range Commonsense {
			v.fail(c, 0, "", "no itinerary")
		}
	} else {
		v.completeDays()
		v.placesExist()
		v.withinCity()
		v.noRepeats()
		v.hours()
		v.nights()
		v.legs()
		v.transportModes()
		v.budgetSums()
		v.hard()
	}
	rep := orchestrator.Report{Passed: true, Findings: v.findings, Checks: make([]orchestrator.Check, 0, numChecks)}
	if it != nil {
		// Recomputed from the trip data, not copied from the planner.
		q := quality.Score(b, trip, it)
		rep.Quality = &q
	}
	for _, list := range [][]string{Commonsense, Hard} {
		kind := orchestrator.CheckCommonsense
		if list[0] == Hard[0] {
			kind = orchestrator.CheckHard
		}
		for _, name := range list {
			st := v.status[checkIndex(name)]
			if st == "" {
				st = orchestrator.CheckPass
			}
			if st == orchestrator.CheckFail {
				rep.Passed = false
			}
			rep.Checks = append(rep.Checks, orchestrator.Check{Name: name, Kind: kind, Status: st})
		}
	}
	return rep
}

type verifier struct {
	b    *orchestrator.Brief
	trip *orchestrator.Trip
	it   *orchestrator.Itinerary

	cities  []city               // trip.Cities, indexed
	options []*tripindex.Options // trip.Transport, indexed when first needed
	// hops holds the ground hops rebuilt from the fare model (option).
	hops map[optionKey]*orchestrator.TransportOption
	// canons memoizes CanonicalCity for the few names of a plan.
	canons    []canonical
	canonsBuf [8]canonical

	status   [numChecks]string
	counts   [numChecks]int
	findings []orchestrator.Finding
}

// city is a city of the trip with its catalogs' indexes (nil for a
// missing catalog).
type city struct {
	canon       string
	data        *orchestrator.CityData
	attractions *tripindex.Attractions
	restaurants *tripindex.Restaurants
	hotels      *tripindex.IDs
}

type optionKey struct{ id, from, to string }

type canonical struct{ name, canon string }

// index finds the indexes of the trip's catalogs: shared by plans for
// catalogs with a content address, built for this plan for the others.
// Lookups run over the cities from the last, so that an ID two cities
// list is found where a map filled in trip order would keep it.
func (v *verifier) index() {
	if v.trip == nil {
		return
	}
	v.cities = make([]city, len(v.trip.Cities))
	for i := range v.trip.Cities {
		cd := &v.trip.Cities[i]
		v.cities[i] = city{canon: v.canon(cd.Name), data: cd,
			attractions: tripindex.AttractionsOf(cd.Attractions),
			restaurants: tripindex.RestaurantsOf(cd.Restaurants),
			hotels:      tripindex.HotelsOf(cd.Hotels)}
	}
}

// attraction returns the trip's attraction with that ID, or nil.
func (v *verifier) attraction(id string) *orchestrator.Attraction {
	for i := len(v.cities) - 1; i >= 0; i-- {
		if j, ok := v.cities[i].attractions.Find(id); ok {
			return &v.cities[i].data.Attractions.Value[j]
		}
	}
	return nil
}

// restaurant returns the trip's restaurant with that ID, or nil.
func (v *verifier) restaurant(id string) *orchestrator.Restaurant {
	for i := len(v.cities) - 1; i >= 0; i-- {
		if j, ok := v.cities[i].restaurants.Find(id); ok {
			return &v.cities[i].data.Restaurants.Value[j]
		}
	}
	return nil
}

// hotel returns the trip's accommodation with that ID, or nil.
func (v *verifier) hotel(id string) *orchestrator.Accommodation {
	for i := len(v.cities) - 1; i >= 0; i-- {
		if j, ok := v.cities[i].hotels.Find(id); ok {
			return &v.cities[i].data.Hotels.Value[j]
		}
	}
	return nil
}

// cityOf returns the canonical city of an entity of the trip data: the
// last city listing the ID, as an attraction, restaurant or accommodation
// (the last of these three, in that order, when a city lists it as more).
func (v *verifier) cityOf(id string) (string, bool) {
	for i := len(v.cities) - 1; i >= 0; i-- {
		c := &v.cities[i]
		if _, ok := c.hotels.Find(id); ok {
			return c.canon, true
		}
		if _, ok := c.restaurants.Find(id); ok {
			return c.canon, true
		}
		if _, ok := c.attractions.Find(id); ok {
			return c.canon, true
		}
	}
	return "", false
}

// city returns the data of the city whose canonical name is k, or nil.
func (v *verifier) city(k string) *orchestrator.CityData {
	for i := len(v.cities) - 1; i >= 0; i-- {
		if v.cities[i].canon == k {
			return v.cities[i].data
		}
	}
	return nil
}

// canon is orchestrator.CanonicalCity, memoized for the plan.
func (v *verifier) canon(s string) string {
	for _, c := range v.canons {
		if c.name == s {
			return c.canon
		}
	}
	k := orchestrator.CanonicalCity(s)
	if len(v.canons) < 32 {
		v.canons = append(v.canons, canonical{s, k})
	}
	return k
}

// fail marks a check failed and records a finding.
func (v *verifier) fail(check string, day int, subject, format string, args ...any) {
	v.status[checkIndex(check)] = orchestrator.CheckFail
	v.counts[checkIndex(check)]++
	if v.counts[checkIndex(check)] > maxFindingsPerCheck {
		return
	}
	v.findings = append(v.findings, orchestrator.Finding{
		Code: check, Severity: orchestrator.SeverityError, Check: check, Day: day, Subject: subject,
		Message: fmt.Sprintf(format, args...),
	})
}

func (v *verifier) na(check string) {
	if v.status[checkIndex(check)] == "" {
		v.status[checkIndex(check)] = orchestrator.CheckNotApplicable
	}
}

// hasData reports whether the trip holds a kind of data for a city.
func (v *verifier) hasData(city, kind string) bool {
	cd := v.city(v.canon(city))
	if cd == nil {
		return false
	}
	switch kind {
	case "attractions":
		return cd.Attractions != nil && len(cd.Attractions.Value) > 0
	case "restaurants":
		return cd.Restaurants != nil && len(cd.Restaurants.Value) > 0
	case "hotels":
		return cd.Hotels != nil && len(cd.Hotels.Value) > 0
	}
	return false
}

func (v *verifier) completeDays() {
	it := v.it
	if len(it.Days) != v.b.Days {
		v.fail(CheckCompleteDays, 0, "", "%d days planned, the brief asks for %d", len(it.Days), v.b.Days)
	}
	dates := v.b.Dates()
	for i, d := range it.Days {
		if d.Day != i+1 {
			v.fail(CheckCompleteDays, i+1, "", "day %d is numbered %d", i+1, d.Day)
		}
		if dates != nil && i < len(dates) && d.Date != dates[i] {
			v.fail(CheckCompleteDays, i+1, "", "day %d is dated %q, expected %s", i+1, d.Date, dates[i])
		}
		if len(d.Legs) == 0 {
			if len(d.Stops) == 0 && v.hasData(d.City, "attractions") {
				v.fail(CheckCompleteDays, i+1, d.City, "day %d in %s has no attraction", i+1, d.City)
			}
			if v.hasData(d.City, "restaurants") {
				for _, slot := range orchestrator.MealSlots {
					if slot == orchestrator.Breakfast && lateStart(d.StartsAt) {
						continue // the day starts after breakfast (a repair's late start)
					}
					if !slices.ContainsFunc(d.Meals, func(m orchestrator.Meal) bool { return m.Slot == slot }) {
						v.fail(CheckCompleteDays, i+1, d.City, "day %d in %s has no %s", i+1, d.City, slot)
					}
				}
			}
		}
		if i < len(it.Days)-1 && d.Stay == nil && v.hasData(d.City, "hotels") {
			v.fail(CheckCompleteDays, i+1, d.City, "night %d in %s has no accommodation", i+1, d.City)
		}
		seen := map[string]bool{}
		for _, m := range d.Meals {
			if seen[m.Slot] {
				v.fail(CheckCompleteDays, i+1, m.Name, "day %d has two %s meals", i+1, m.Slot)
			}
			seen[m.Slot] = true
		}
	}
}

func (v *verifier) placesExist() {
	for _, d := range v.it.Days {
		for _, s := range d.Stops {
			if a := v.attraction(s.AttractionID); a == nil || a.Name != s.Name {
				v.fail(CheckPlacesExist, d.Day, s.Name, "attraction %q (%s) is not in the trip data", s.Name, s.AttractionID)
			}
		}
		for _, m := range d.Meals {
			if r := v.restaurant(m.RestaurantID); r == nil || r.Name != m.Name {
				v.fail(CheckPlacesExist, d.Day, m.Name, "restaurant %q (%s) is not in the trip data", m.Name, m.RestaurantID)
			}
		}
		if st := d.Stay; st != nil {
			if h := v.hotel(st.AccommodationID); h == nil || h.Name != st.Name {
				v.fail(CheckPlacesExist, d.Day, st.Name, "accommodation %q (%s) is not in the trip data", st.Name, st.AccommodationID)
			}
		}
		for _, l := range d.Legs {
			if v.option(l) == nil {
				v.fail(CheckPlacesExist, d.Day, l.OptionID, "transport option %s from %s to %s is not in the trip data", l.OptionID, l.From, l.To)
			}
		}
	}
	for _, st := range v.it.Stays {
		if h := v.hotel(st.AccommodationID); h == nil || h.Name != st.Name {
			v.fail(CheckPlacesExist, st.FirstNight, st.Name, "accommodation %q (%s) is not in the trip data", st.Name, st.AccommodationID)
		}
	}
}

func (v *verifier) option(l orchestrator.Leg) *orchestrator.TransportOption {
	from, to := v.canon(l.From), v.canon(l.To)
	if v.trip != nil && v.options == nil {
		v.options = make([]*tripindex.Options, len(v.trip.Transport))
		for i := range v.trip.Transport {
			v.options[i] = tripindex.OptionsOf(&v.trip.Transport[i])
		}
	}
	// The last leg listing the option, as a map filled in trip order
	// would keep it.
	for i := len(v.options) - 1; i >= 0; i-- {
		if x := v.options[i]; x.From == from && x.To == to {
			if j, ok := x.Find(l.OptionID); ok {
				return &v.trip.Transport[i].Value.Options[j]
			}
		}
	}
	key := optionKey{l.OptionID, from, to}
	if o, ok := v.hops[key]; ok {
		return o
	}
	if mode, gfrom, gto, ok := orchestrator.ParseGroundID(l.OptionID); ok && gfrom == from && gto == to {
		// A ground hop is not in the data: rebuild it from the documented
		// fare model over the distance between the cities' positions.
		a, ok1 := orchestrator.CityPosition(v.trip, l.From)
		b, ok2 := orchestrator.CityPosition(v.trip, l.To)
		if ok1 && ok2 && a.DistanceKM(b) <= orchestrator.GroundMaxKM {
			if o, ok := orchestrator.GroundHop(mode, l.From, l.To, orchestrator.GroundRoadKM(a, b), v.it.Currency); ok {
				if v.hops == nil {
					v.hops = map[optionKey]*orchestrator.TransportOption{}
				}
				v.hops[key] = &o
				return &o
			}
		}
	}
	return nil
}

// journeys checks the day's connections: each leg of a journey departs
// after the previous one arrives plus the minimum transfer for that kind
// of change (stations and modes from the data, orchestrator.MinTransfer),
// and each journey's summary matches its legs.
func (v *verifier) journeys(d *orchestrator.Day) {
	n := 0
	for j := range d.Legs {
		l := &d.Legs[j]
		if l.Journey == 0 {
			continue
		}
		n = max(n, l.Journey)
		if j == 0 || d.Legs[j-1].Journey != l.Journey {
			continue
		}
		p := &d.Legs[j-1]
		pm, ps, nm, ns := p.Mode, p.ToStation, l.Mode, l.FromStation
		if o := v.option(*p); o != nil {
			pm, ps = o.Mode, o.ToStation
		}
		if o := v.option(*l); o != nil {
			nm, ns = o.Mode, o.FromStation
		}
		arr, ok1 := orchestrator.ParseClock(p.Arrive)
		dep, ok2 := orchestrator.ParseClock(l.Depart)
		if !ok1 || !ok2 {
			continue
		}
		if p.ArriveDayOffset > 0 {
			v.fail(CheckLegs, d.Day, l.OptionID, "day %d changes to %s after an overnight leg", d.Day, l.OptionID)
			continue
		}
		need := orchestrator.MinTransfer(pm, ps, nm, ns)
		if dep-arr < need {
			v.fail(CheckLegs, d.Day, l.OptionID, "day %d changes from %s (arriving %s %s) to %s (departing %s %s) in %d minutes; a change %s needs %d",
				d.Day, p.OptionID, p.Arrive, ps, l.OptionID, l.Depart, ns, dep-arr, orchestrator.TransferKind(pm, ps, nm, ns), need)
		}
	}
	if n != len(d.Journeys) {
		v.fail(CheckLegs, d.Day, "", "day %d numbers %d journeys in its legs but lists %d", d.Day, n, len(d.Journeys))
		return
	}
	for i, jr := range d.Journeys {
		var legs []orchestrator.Leg
		var cost int64
		for _, l := range d.Legs {
			if l.Journey == i+1 {
				legs = append(legs, l)
				cost += l.Cost.Cents
			}
		}
		if len(legs) != jr.Legs || len(legs) < 2 || v.canon(legs[0].From) != v.canon(jr.From) || v.canon(legs[len(legs)-1].To) != v.canon(jr.To) ||
			legs[0].Depart != jr.Depart || legs[len(legs)-1].Arrive != jr.Arrive || cost != jr.Cost.Cents {
			v.fail(CheckLegs, d.Day, jr.From+" → "+jr.To, "day %d: the journey %s → %s does not match its legs", d.Day, jr.From, jr.To)
		}
	}
}

// inCity reports whether an entity of the trip data lies in one of cities.
func (v *verifier) inCity(id string, cities ...string) bool {
	k, ok := v.cityOf(id)
	if !ok {
		return false
	}
	for _, c := range cities {
		if v.canon(c) == k {
			return true
		}
	}
	return false
}

func (v *verifier) withinCity() {
	var allowed []string // one day's, reused
	for _, d := range v.it.Days {
		allowed = append(allowed[:0], d.City)
		if len(d.Legs) > 0 {
			allowed = append(allowed[:0], d.From, d.City)
			for _, l := range d.Legs {
				allowed = append(allowed, l.From, l.To)
			}
		}
		for _, s := range d.Stops {
			if v.attraction(s.AttractionID) != nil && !v.inCity(s.AttractionID, allowed...) {
				v.fail(CheckWithinCity, d.Day, s.Name, "day %d visits %s outside %s", d.Day, s.Name, strings.Join(allowed, "/"))
			}
		}
		for _, m := range d.Meals {
			if v.restaurant(m.RestaurantID) != nil && !v.inCity(m.RestaurantID, allowed...) {
				v.fail(CheckWithinCity, d.Day, m.Name, "day %d eats at %s outside %s", d.Day, m.Name, strings.Join(allowed, "/"))
			}
			if v.b.Origin != "" && v.inCity(m.RestaurantID, v.b.Origin) {
				v.fail(CheckWithinCity, d.Day, m.Name, "day %d plans a meal in the home city %s", d.Day, v.b.Origin)
			}
		}
		if st := d.Stay; st != nil && v.hotel(st.AccommodationID) != nil && !v.inCity(st.AccommodationID, d.City) {
			v.fail(CheckWithinCity, d.Day, st.Name, "night %d is spent at %s, not in %s", d.Day, st.Name, d.City)
		}
	}
}

func (v *verifier) noRepeats() {
	attractions, restaurants := map[string]int{}, map[string]int{}
	for _, d := range v.it.Days {
		for _, s := range d.Stops {
			if prev, ok := attractions[s.AttractionID]; ok {
				v.fail(CheckNoRepeats, d.Day, s.Name, "%s is visited on day %d and again on day %d", s.Name, prev, d.Day)
			}
			attractions[s.AttractionID] = d.Day
		}
		for _, m := range d.Meals {
			if prev, ok := restaurants[m.RestaurantID]; ok {
				v.fail(CheckNoRepeats, d.Day, m.Name, "%s is booked on day %d and again on day %d", m.Name, prev, d.Day)
			}
			restaurants[m.RestaurantID] = d.Day
		}
	}
}

// mealMinutes is how long the hours check expects a restaurant to stay
// open for a meal of slot (orchestrator.MealMinutes); 0 for a slot that
// is none of the three meals.
func mealMinutes(slot string) int {
	switch slot {
	case orchestrator.Breakfast, orchestrator.Lunch, orchestrator.Dinner:
		return orchestrator.MealMinutes(slot)
	}
	return 0
}

// span is a stretch of a day the hours check lays out: a visit, a meal
// or, with journey set, the journey from name.
type span struct {
	start, end int
	name       string
	journey    bool
}

// what names the span in a finding.
func (s span) what() string {
	if s.journey {
		return "the journey from " + s.name
	}
	return s.name
}

func (v *verifier) hours() {
	var spans []span // one day's, reused
	for _, d := range v.it.Days {
		wd := orchestrator.Weekday(d.Date)
		spans = spans[:0]
		prevEnd := -1
		for _, s := range d.Stops {
			st, ok1 := orchestrator.ParseClock(s.Start)
			en, ok2 := orchestrator.ParseClock(s.End)
			if !ok1 || !ok2 || en <= st {
				v.fail(CheckHours, d.Day, s.Name, "visit to %s has invalid times %s–%s", s.Name, s.Start, s.End)
				continue
			}
			if prevEnd >= 0 && st < prevEnd+s.TravelMinutes {
				v.fail(CheckHours, d.Day, s.Name, "%s starts at %s, before the previous visit ends plus %d minutes of travel", s.Name, s.Start, s.TravelMinutes)
			}
			prevEnd = en
			spans = append(spans, span{start: st, end: en, name: s.Name})
			if a := v.attraction(s.AttractionID); a != nil {
				if !orchestrator.OpenDuring(a.Hours, wd, st, en) {
					v.fail(CheckHours, d.Day, s.Name, "%s is not open %s–%s", s.Name, s.Start, s.End)
				}
				if a.VisitMinMinutes > 0 && en-st < a.VisitMinMinutes {
					v.fail(CheckHours, d.Day, s.Name, "%s gets %d minutes, at least %d recommended", s.Name, en-st, a.VisitMinMinutes)
				}
			}
		}
		for _, m := range d.Meals {
			t, ok := orchestrator.ParseClock(m.Time)
			if !ok {
				v.fail(CheckHours, d.Day, m.Name, "meal at %s has an invalid time %q", m.Name, m.Time)
				continue
			}
			n := mealMinutes(m.Slot)
			spans = append(spans, span{start: t, end: t + n, name: m.Name})
			if r := v.restaurant(m.RestaurantID); r != nil && !orchestrator.OpenDuring(r.Hours, wd, t, t+n) {
				v.fail(CheckHours, d.Day, m.Name, "%s is not open for %s at %s", m.Name, m.Slot, m.Time)
			}
		}
		for _, l := range d.Legs {
			dep, ok1 := orchestrator.ParseClock(l.Depart)
			arr, ok2 := orchestrator.ParseClock(l.Arrive)
			if !ok1 || !ok2 {
				continue // reported by the legs check
			}
			arr += 1440 * l.ArriveDayOffset
			spans = append(spans, span{start: dep, end: arr, name: l.From, journey: true})
		}
		slices.SortStableFunc(spans, func(a, b span) int { return a.start - b.start })
		for i := 1; i < len(spans); i++ {
			if spans[i].start < spans[i-1].end {
				what := spans[i].what()
				v.fail(CheckHours, d.Day, what, "%s overlaps %s on day %d", what, spans[i-1].what(), d.Day)
			}
		}
	}
}

func (v *verifier) people() int { return max(1, v.b.Travelers.Total()) }

func (v *verifier) nights() {
	it := v.it
	people := v.people()
	for _, st := range it.Stays {
		h := v.hotel(st.AccommodationID)
		if h == nil {
			continue // reported by places_exist
		}
		n := 0
		for _, d := range it.Days {
			if d.Stay != nil && d.Stay.AccommodationID == st.AccommodationID && d.Day >= st.FirstNight && d.Day < st.FirstNight+st.Nights {
				n++
			}
		}
		if n != st.Nights || st.Nights <= 0 {
			v.fail(CheckNights, st.FirstNight, st.Name, "%s is booked for %d nights but the days list it on %d", st.Name, st.Nights, n)
		}
		if h.MinNights > st.Nights {
			v.fail(CheckNights, st.FirstNight, st.Name, "%s requires at least %d nights, booked %d", st.Name, h.MinNights, st.Nights)
		}
		if h.MaxOccupancy <= 0 || st.Rooms*h.MaxOccupancy < people {
			v.fail(CheckNights, st.FirstNight, st.Name, "%d rooms of %d at %s do not sleep %d people", st.Rooms, h.MaxOccupancy, st.Name, people)
		} else if want := (people + h.MaxOccupancy - 1) / h.MaxOccupancy; st.Rooms != want {
			v.fail(CheckNights, st.FirstNight, st.Name, "%s: %d rooms booked, %d needed for %d people", st.Name, st.Rooms, want, people)
		}
	}
	// Every night refers to a booking.
	for _, d := range it.Days {
		if d.Stay == nil {
			continue
		}
		if !slices.ContainsFunc(it.Stays, func(st orchestrator.Stay) bool {
			return st.AccommodationID == d.Stay.AccommodationID && d.Day >= st.FirstNight && d.Day < st.FirstNight+st.Nights
		}) {
			v.fail(CheckNights, d.Day, d.Stay.Name, "night %d at %s is not part of any booking", d.Day, d.Stay.Name)
		}
	}
	if len(it.Days) > 0 && it.Days[len(it.Days)-1].Stay != nil && v.b.Origin != "" {
		v.fail(CheckNights, len(it.Days), "", "the last day books a night although the trip returns home")
	}
}

func (v *verifier) legs() {
	it := v.it
	origin := v.b.Origin
	where := origin // where the traveller is at the start of the day
	var first, last *orchestrator.Leg
	for i := range it.Days {
		d := &it.Days[i]
		if len(d.Legs) == 0 {
			if where != "" && v.canon(d.City) != v.canon(where) {
				v.fail(CheckLegs, d.Day, d.City, "day %d is in %s without travelling from %s", d.Day, d.City, where)
			}
			where = d.City
			continue
		}
		for j := range d.Legs {
			l := &d.Legs[j]
			if first == nil {
				first = l
			}
			last = l
			if where != "" && v.canon(l.From) != v.canon(where) {
				v.fail(CheckLegs, d.Day, l.From, "day %d leaves from %s but the traveller is in %s", d.Day, l.From, where)
			}
			where = l.To
			dep, ok1 := orchestrator.ParseClock(l.Depart)
			arr, ok2 := orchestrator.ParseClock(l.Arrive)
			if ok2 && l.ArriveDayOffset == 1 {
				arr += 1440 // an overnight journey arrives the next day
			}
			if !ok1 || !ok2 || arr < dep || l.ArriveDayOffset < 0 || l.ArriveDayOffset > 1 {
				v.fail(CheckLegs, d.Day, l.OptionID, "leg %s from %s to %s departs %s and arrives %s", l.OptionID, l.From, l.To, l.Depart, l.Arrive)
			} else if o := v.option(*l); o != nil && o.Depart == "" && arr-dep != l.DurationMinutes {
				// Timetabled legs keep local clock times across time zones;
				// flexible ones run for their duration.
				v.fail(CheckLegs, d.Day, l.OptionID, "leg %s takes %d minutes but runs %s–%s", l.OptionID, l.DurationMinutes, l.Depart, l.Arrive)
			}
			if o := v.option(*l); o != nil {
				if o.Date != "" && d.Date != "" && o.Date != d.Date {
					v.fail(CheckLegs, d.Day, l.OptionID, "%s runs on %s, not on %s", l.OptionID, o.Date, d.Date)
				}
				if o.Depart != "" && l.DelayMinutes > 0 {
					// a leg a repair recorded as late: the timetable plus the delay
					if od, ok := orchestrator.ParseClock(o.Depart); ok {
						oa, _ := orchestrator.ParseClock(o.Arrive)
						oa += 1440*o.ArriveDayOffset + l.DelayMinutes
						if od+l.DelayMinutes != dep || oa != arr {
							v.fail(CheckLegs, d.Day, l.OptionID, "%s is timetabled %s–%s (+%d days), %d minutes late, the plan says %s–%s", l.OptionID, o.Depart, o.Arrive, o.ArriveDayOffset, l.DelayMinutes, l.Depart, l.Arrive)
						}
					}
				} else if o.Depart != "" && (o.Depart != l.Depart || o.Arrive != l.Arrive || o.ArriveDayOffset != l.ArriveDayOffset && !(o.ArriveDayOffset == 0 && l.ArriveDayOffset == 1 && l.Arrive < l.Depart)) {
					v.fail(CheckLegs, d.Day, l.OptionID, "%s is timetabled %s–%s (+%d days), the plan says %s–%s", l.OptionID, o.Depart, o.Arrive, o.ArriveDayOffset, l.Depart, l.Arrive)
				}
				if o.Mode != l.Mode {
					v.fail(CheckLegs, d.Day, l.OptionID, "%s is a %s, the plan says %s", l.OptionID, o.Mode, l.Mode)
				}
			}
		}
		if v.canon(where) != v.canon(d.City) {
			v.fail(CheckLegs, d.Day, d.City, "day %d ends in %s but its legs end in %s", d.Day, d.City, where)
		}
		v.journeys(d)
		where = d.City
	}
	if origin != "" {
		if len(it.Days) == 0 || len(it.Days[0].Legs) == 0 || v.canon(first.From) != v.canon(origin) {
			v.fail(CheckLegs, 1, origin, "the trip does not leave from %s on day 1", origin)
		}
		if last == nil || v.canon(last.To) != v.canon(origin) || len(it.Days[len(it.Days)-1].Legs) == 0 {
			v.fail(CheckLegs, len(it.Days), origin, "the trip does not return to %s on the last day", origin)
		}
	}
}

func (v *verifier) transportModes() {
	modes := map[string]bool{}
	for _, d := range v.it.Days {
		for _, l := range d.Legs {
			modes[l.Mode] = true
		}
	}
	if modes["self_driving"] && len(modes) > 1 {
		var ms []string
		for m := range modes {
			ms = append(ms, m)
		}
		slices.Sort(ms)
		v.fail(CheckTransportModes, 0, "", "self-driving is mixed with %s", strings.Join(ms, ", "))
	}
}

// convert turns m into the itinerary's currency the way a price list
// would: exact when the currencies match, else through the trip's rates,
// rounded half away from zero to the cent.
func (v *verifier) convert(m orchestrator.Money) (int64, bool) {
	var fx *orchestrator.Sourced[orchestrator.FXRates]
	if v.trip != nil {
		fx = v.trip.FX
	}
	return orchestrator.Convert(m, v.it.Currency, fx)
}

func (v *verifier) budgetSums() {
	it := v.it
	people := int64(v.people())
	cur := it.Currency
	// expect checks a cost against the data's; the subject, prefix+name,
	// is only spelled out in a finding.
	expect := func(day int, prefix, name string, got orchestrator.Money, want int64) {
		if got.Cents != want || (got.Currency != cur && !(got.Currency == "" && got.Cents == 0)) {
			what := prefix + name
			v.fail(CheckBudgetSums, day, what, "%s costs %s, the data says %s", what, got, orchestrator.Money{Cents: want, Currency: cur})
		}
	}
	var transport, lodging, food, tickets int64
	for _, d := range it.Days {
		var day int64
		for _, l := range d.Legs {
			o := v.option(l)
			if o == nil {
				continue
			}
			unit, ok := v.convert(o.Price)
			if !ok {
				v.fail(CheckBudgetSums, d.Day, l.OptionID, "no exchange rate for %s", o.Price.Currency)
				continue
			}
			units := people
			if o.Pricing == orchestrator.PerVehicle {
				c := int64(max(1, o.VehicleCapacity))
				units = (people + c - 1) / c
			}
			if int64(l.Units) != units {
				v.fail(CheckBudgetSums, d.Day, l.OptionID, "%s is priced for %d units, the group needs %d", l.OptionID, l.Units, units)
			}
			expect(d.Day, "leg ", l.OptionID, l.Cost, unit*units)
			day += unit * units
			transport += unit * units
		}
		for _, s := range d.Stops {
			a := v.attraction(s.AttractionID)
			if a == nil {
				continue
			}
			var unit int64
			if a.Price != nil {
				var ok bool
				if unit, ok = v.convert(*a.Price); !ok {
					v.fail(CheckBudgetSums, d.Day, s.Name, "no exchange rate for %s", a.Price.Currency)
					continue
				}
			}
			expect(d.Day, "", s.Name, s.Cost, unit*people)
			day += unit * people
			tickets += unit * people
		}
		for _, m := range d.Meals {
			r := v.restaurant(m.RestaurantID)
			if r == nil {
				continue
			}
			unit, ok := v.convert(r.Price)
			if !ok {
				v.fail(CheckBudgetSums, d.Day, m.Name, "no exchange rate for %s", r.Price.Currency)
				continue
			}
			expect(d.Day, "", m.Name, m.Cost, unit*people)
			day += unit * people
			food += unit * people
		}
		if d.Stay != nil {
			for _, st := range it.Stays {
				if st.AccommodationID == d.Stay.AccommodationID && d.Day >= st.FirstNight && d.Day < st.FirstNight+st.Nights {
					if h := v.hotel(st.AccommodationID); h != nil {
						if unit, ok := v.convert(h.Price); ok {
							day += unit * int64(st.Rooms)
						}
					}
				}
			}
		}
		expect(d.Day, "day ", strconv.Itoa(d.Day), d.Cost, day)
	}
	for _, st := range it.Stays {
		h := v.hotel(st.AccommodationID)
		if h == nil {
			continue
		}
		unit, ok := v.convert(h.Price)
		if !ok {
			v.fail(CheckBudgetSums, st.FirstNight, st.Name, "no exchange rate for %s", h.Price.Currency)
			continue
		}
		want := unit * int64(st.Rooms) * int64(st.Nights)
		expect(st.FirstNight, "", st.Name, st.Cost, want)
		lodging += want
	}
	tc := v.chosenTier()
	if tc == nil {
		v.fail(CheckBudgetSums, 0, "", "the budget breakdown has no entry for the chosen tier %s", it.Budget.Chosen)
		return
	}
	expect(0, "", "transport", tc.Transport, transport)
	expect(0, "", "lodging", tc.Lodging, lodging)
	expect(0, "", "food", tc.Food, food)
	expect(0, "", "attractions", tc.Attractions, tickets)
	total := transport + lodging + food + tickets
	expect(0, "", "the total", tc.Total, total)
	expect(0, "", "the cost per person", tc.PerPerson, total/people)
	for _, t := range it.Budget.Tiers {
		sum := t.Transport.Cents + t.Lodging.Cents + t.Food.Cents + t.Attractions.Cents
		if t.Total.Cents != sum {
			v.fail(CheckBudgetSums, 0, string(t.Tier), "the %s tier totals %s but its categories sum to %s", t.Tier, t.Total, orchestrator.Money{Cents: sum, Currency: cur})
		}
	}
}

// lateStart reports whether a day starting at startsAt ("HH:MM", set by a
// repair's late start) starts too late to owe a breakfast: 09:30 or later.
func lateStart(startsAt string) bool {
	t, ok := orchestrator.ParseClock(startsAt)
	return ok && t >= 9*60+30
}

// chosenTier returns the breakdown entry the days were built at.
func (v *verifier) chosenTier() *orchestrator.TierCost {
	for i := range v.it.Budget.Tiers {
		t := &v.it.Budget.Tiers[i]
		if t.Tier == v.it.Tier && t.Lean == v.it.Lean {
			return t
		}
	}
	return nil
}

// limit returns the group's budget in the itinerary currency.
func (v *verifier) limit() (int64, bool) {
	bu := v.b.Budget
	if bu == nil {
		return 0, false
	}
	amount := bu.Amount
	if bu.PerPerson {
		amount *= float64(v.people())
	}
	c, ok := v.convert(orchestrator.Money{Cents: int64(math.Round(amount * 100)), Currency: bu.Currency})
	return c, ok
}

func (v *verifier) hard() {
	v.hardBudget()
	v.hardRoute()
	v.hardStays()
	v.hardCuisines()
	v.mustVisit()
	v.transportRequire()
	v.hardExcluded()
}

// hardBudget checks the plan's total against the budget.
func (v *verifier) hardBudget() {
	it := v.it
	b := v.b
	if limit, ok := v.limit(); !ok {
		if b.Budget == nil {
			v.na(CheckBudget)
		} else {
			v.fail(CheckBudget, 0, "", "no exchange rate from %s to %s", b.Budget.Currency, it.Currency)
		}
	} else {
		var total int64
		for _, d := range it.Days {
			total += d.Cost.Cents
		}
		if total > limit {
			short := orchestrator.Money{Cents: total - limit, Currency: it.Currency}
			v.status[checkIndex(CheckBudget)] = orchestrator.CheckFail
			v.findings = append(v.findings, orchestrator.Finding{
				Code: orchestrator.FindingOverBudget, Severity: orchestrator.SeverityError, Check: CheckBudget,
				Message: fmt.Sprintf("the plan costs %s, over the budget of %s by %s",
					orchestrator.Money{Cents: total, Currency: it.Currency}, orchestrator.Money{Cents: limit, Currency: it.Currency}, short),
				Shortfall: &short,
			})
		}
	}
}

// hardRoute checks the cities the plan visits against the brief's route,
// city_count or destinations.
func (v *verifier) hardRoute() {
	it := v.it
	b := v.b
	// Route: the fixed route in order, else city_count of the
	// destinations, else every named destination that has data.
	var visited []string
	for _, c := range it.Cities {
		visited = append(visited, v.canon(c.City))
	}
	if len(b.Route) > 0 {
		want := make([]string, len(b.Route))
		for i, c := range b.Route {
			want[i] = v.canon(c)
		}
		if !slices.Equal(visited, want) {
			v.fail(CheckRoute, 0, "", "the plan visits %s, the brief fixes %s", strings.Join(visited, " → "), strings.Join(want, " → "))
		}
	} else if b.CityCount > 0 {
		// The brief asks for city_count of its destinations, in any
		// order: as many distinct cities, each one of them (TravelPlanner's
		// visiting_city_number).
		distinct := map[string]bool{}
		for _, c := range it.Cities {
			k := v.canon(c.City)
			switch {
			case !slices.ContainsFunc(b.Destinations, func(d string) bool { return v.canon(d) == k }):
				v.fail(CheckRoute, c.ArriveDay, c.City, "the plan visits %s, which is not a destination", c.City)
			case v.city(k) == nil:
				v.fail(CheckRoute, c.ArriveDay, c.City, "the plan visits %s, for which the trip holds no data", c.City)
			case distinct[k]:
				v.fail(CheckRoute, c.ArriveDay, c.City, "the plan visits %s twice", c.City)
			}
			distinct[k] = true
		}
		if len(distinct) != b.CityCount {
			v.fail(CheckRoute, 0, "", "the plan visits %d cities (%s), the brief asks for %d of %s",
				len(distinct), strings.Join(visited, ", "), b.CityCount, strings.Join(b.Destinations, ", "))
		}
	} else {
		// When every destination is a city of the trip and the plan visits
		// as many cities, it must visit exactly those; otherwise a
		// destination names a region (New York the state, not the city)
		// and any city of the trip will do.
		all := len(it.Cities) == len(b.Destinations)
		for _, d := range b.Destinations {
			if v.city(v.canon(d)) == nil {
				all = false
			}
		}
		for _, c := range it.Cities {
			if v.city(v.canon(c.City)) == nil {
				v.fail(CheckRoute, c.ArriveDay, c.City, "the plan visits %s, for which the trip holds no data", c.City)
			} else if all && !slices.ContainsFunc(b.Destinations, func(d string) bool { return v.canon(d) == v.canon(c.City) }) {
				v.fail(CheckRoute, c.ArriveDay, c.City, "the plan visits %s, which is not a destination", c.City)
			}
		}
		if all {
			for _, d := range b.Destinations {
				if !slices.Contains(visited, v.canon(d)) {
					v.fail(CheckRoute, 0, d, "the plan does not visit %s", d)
				}
			}
		}
	}
}

// hardStays checks the stays' room type and house rules.
func (v *verifier) hardStays() {
	it := v.it
	c := v.b.Constraints
	if c.RoomType == "" {
		v.na(CheckRoomType)
	}
	if len(c.HouseRules) == 0 {
		v.na(CheckHouseRules)
	}
	for _, st := range it.Stays {
		h := v.hotel(st.AccommodationID)
		if h == nil {
			continue
		}
		if c.RoomType != "" && !orchestrator.RoomTypeSatisfies(h.RoomType, c.RoomType) {
			v.fail(CheckRoomType, st.FirstNight, st.Name, "%s is a %s, the brief asks for %s", st.Name, h.RoomType, c.RoomType)
		}
		for _, rule := range c.HouseRules {
			switch {
			case h.HouseRules == nil:
				// Unknown rules cannot be verified: a warning for the
				// traveller to confirm, not a failure.
				v.findings = append(v.findings, orchestrator.Finding{
					Code: FindingHouseRulesUnverified, Severity: orchestrator.SeverityWarning, Check: CheckHouseRules,
					Day: st.FirstNight, Subject: st.Name,
					Message: fmt.Sprintf("%s does not state whether %s is allowed; it could not be checked", st.Name, rule),
				})
			case !h.HouseRules.Allows(rule):
				v.fail(CheckHouseRules, st.FirstNight, st.Name, "%s forbids %s", st.Name, rule)
			}
		}
	}
}

// hardCuisines checks that each cuisine asked for is served at a
// restaurant away from home.
func (v *verifier) hardCuisines() {
	it := v.it
	b := v.b
	c := v.b.Constraints
	if len(c.Cuisines) == 0 {
		v.na(CheckCuisines)
	} else {
		// Through the concept table: 川菜 serves "Sichuan", a 火锅 place
		// serves "hot pot"; the restaurant's own labels decide.
		for _, want := range c.Cuisines {
			cc := concepts.For(want, concepts.Cuisine)
			served := false
			for _, d := range it.Days {
				for _, m := range d.Meals {
					r := v.restaurant(m.RestaurantID)
					if r == nil || (b.Origin != "" && v.inCity(r.ID, b.Origin)) {
						continue
					}
					served = served || cc.Restaurant(r.Name, r.Cuisines)
				}
			}
			if !served {
				v.fail(CheckCuisines, 0, want, "no meal is at a restaurant serving %s", want)
			}
		}
	}
}

// hardExcluded checks that no leg travels by an excluded mode.
func (v *verifier) hardExcluded() {
	it := v.it
	c := v.b.Constraints
	if len(c.TransportExclude) == 0 {
		v.na(CheckTransport)
	}
	for _, d := range it.Days {
		for _, l := range d.Legs {
			mode := l.Mode
			if o := v.option(l); o != nil {
				mode = o.Mode
			}
			if slices.Contains(c.TransportExclude, mode) {
				v.fail(CheckTransport, d.Day, l.OptionID, "day %d travels by %s, which the brief excludes", d.Day, mode)
			}
		}
	}
}
