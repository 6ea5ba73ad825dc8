// Package orchestrator holds tripweave's domain vocabulary — the brief, the
// subtasks it decomposes into, the trip data with provenance and the plan —
// free of any dependency's types. Adapters (gin, go-redis, MCP, SQLite …)
// live in other packages and speak only this vocabulary.
package orchestrator

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Brief is the typed reading of a travel request. Its JSON is a public
// contract: fields may be added, never renamed.
type Brief struct {
	Origin       string    `json:"origin,omitempty"`
	Destinations []string  `json:"destinations"`
	Route        []string  `json:"route,omitempty"`
	CityCount    int       `json:"city_count,omitempty"` // how many destinations to visit; 0: all (see Choosing)
	StartDate    string    `json:"start_date,omitempty"`
	EndDate      string    `json:"end_date,omitempty"`
	Days         int       `json:"days,omitempty"`
	Travelers    Travelers `json:"travelers"`
	Budget       *Budget   `json:"budget,omitempty"`
	Interests    []string  `json:"interests,omitempty"`
	// MustVisit names sights the traveller insists on ("想去拙政园和寒山寺",
	// "must see the Louvre"); the planner resolves them against the
	// catalogs and treats each as a hard constraint.
	MustVisit []string `json:"must_visit,omitempty"`
	// Foods names dishes and foods the traveller asks for (盐水鸭, 热干面,
	// "dim sum", "vinegar fish"): particular dishes, distinct from the
	// cuisines of Constraints.Cuisines. The planner serves each at least
	// once where a restaurant's name, cuisine or recommended dishes hold it.
	Foods []string `json:"foods,omitempty"`
	// VisitTimes are the hours the traveller asks for at particular sights
	// ("故宫一早去", "the Bund at night", "sunrise at Mount Tai"): each
	// names a sight (as MustVisit does) and a time of day from VisitWhens.
	// The planner schedules the sight at that time where its hours allow.
	VisitTimes []VisitTime `json:"visit_times,omitempty"`
	// Alternatives are other destinations that fit the request as well,
	// when the destination was chosen for a wish that named none
	// (想去海边玩三天): the runners-up the traveller may pick instead.
	// Informational; planning ignores them.
	Alternatives []string `json:"alternatives,omitempty"`
	// Comfort steers the price tier: one of Tiers ("economy" for "as cheap
	// as possible", "comfort" for "想住舒服点"), or empty to let the budget
	// decide.
	Comfort     string      `json:"comfort,omitempty"`
	Pace        string      `json:"pace,omitempty"`
	Constraints Constraints `json:"constraints"`
	Language    string      `json:"language,omitempty"`
	// Now is the reference time (RFC 3339) against which relative dates were
	// resolved and dates are checked; empty means the server clock.
	Now string `json:"now,omitempty"`
	// Places are the resolved identities of the brief's cities when the
	// reader knows them (the parser's gazetteer: GeoNames id in SourceID,
	// coordinates, time zone), so a known city need not be geocoded again.
	// Each Name is the origin, a destination or a route city.
	Places []Place `json:"places,omitempty"`
}

// Place returns the resolved place the brief carries for city name, if
// any (names compared as CanonicalCity does).
func (b *Brief) Place(name string) (Place, bool) {
	c := CanonicalCity(name)
	for _, p := range b.Places {
		if CanonicalCity(p.Name) == c {
			return p, true
		}
	}
	return Place{}, false
}

// checkPlaces validates Places: each names a city of the brief, once, with
// coordinates on the globe.
func (b *Brief) checkPlaces() error {
	if len(b.Places) > 2*MaxCities+1 {
		return FieldErrorf("places", "at most %d places", 2*MaxCities+1)
	}
	names := map[string]bool{CanonicalCity(b.Origin): b.Origin != ""}
	for _, n := range b.Destinations {
		names[CanonicalCity(n)] = true
	}
	for _, n := range b.Route {
		names[CanonicalCity(n)] = true
	}
	seen := map[string]bool{}
	for i := range b.Places {
		p := &b.Places[i]
		f := "places[" + strconv.Itoa(i) + "]"
		p.Name = cleanName(p.Name)
		c := CanonicalCity(p.Name)
		switch {
		case p.Name == "":
			return FieldErrorf(f+".name", "must not be empty")
		case !names[c]:
			return FieldErrorf(f+".name", "%q is not the origin, a destination or a route city", p.Name)
		case seen[c]:
			return FieldErrorf(f+".name", "%q is given twice", p.Name)
		case p.Latitude < -90 || p.Latitude > 90 || p.Latitude != p.Latitude:
			return FieldErrorf(f+".latitude", "must lie between -90 and 90")
		case p.Longitude < -180 || p.Longitude > 180 || p.Longitude != p.Longitude:
			return FieldErrorf(f+".longitude", "must lie between -180 and 180")
		}
		seen[c] = true
		if err := checkName(f+".name", p.Name); err != nil {
			return err
		}
	}
	return nil
}

// Travelers counts the group.
// VisitTime is a time of day the traveller asks for at one sight.
type VisitTime struct {
	Sight string `json:"sight"`
	// When is one of VisitWhens.
	When string `json:"when"`
}

// VisitWhens are the times of day a VisitTime may ask for, in day order:
// "early morning" before 09:00, "morning" before noon, "afternoon" 12–17,
// "sunset" and "evening" 17–21, "night" after dark, "sunrise" at dawn.
var VisitWhens = []string{"sunrise", "early morning", "morning", "afternoon", "sunset", "evening", "night"}

type Travelers struct {
	Adults   int `json:"adults"`
	Children int `json:"children,omitempty"`
	// ChildAges holds the children's ages in years when the request gives
	// them; at most Children entries (a child under 10 drives the
	// children_under_10 house rule).
	ChildAges []int `json:"child_ages,omitempty"`
}

// Total is the number of people travelling.
func (t Travelers) Total() int { return t.Adults + t.Children }

// Budget is the money available, in whole or minor units of Currency.
type Budget struct {
	Amount    float64 `json:"amount"`
	Currency  string  `json:"currency"`
	PerPerson bool    `json:"per_person"`
}

// Constraints are the brief's hard constraints.
type Constraints struct {
	// TransportExclude lists modes that must not be used (see TransportModes).
	TransportExclude []string `json:"transport_exclude,omitempty"`
	// TransportPrefer lists modes the traveller asked for (e.g. train for 坐高铁).
	TransportPrefer []string `json:"transport_prefer,omitempty"`
	// TransportRequire lists modes the traveller fixed explicitly ("坐高铁",
	// "fly"): intercity legs must use one of them when any is given.
	TransportRequire []string `json:"transport_require,omitempty"`
	// HighSpeedRail restricts trains to high-speed services (G, D and C
	// trains in China), as "坐高铁" or "by high-speed train" ask.
	HighSpeedRail bool `json:"high_speed_rail,omitempty"`
	// HouseRules lists what the group needs allowed (see HouseRules).
	HouseRules []string `json:"house_rules,omitempty"`
	// RoomType is one of RoomTypes, or empty for any.
	RoomType string   `json:"room_type,omitempty"`
	Cuisines []string `json:"cuisines,omitempty"`
	// AvoidFoods lists foods the party must not be served ("spicy food"
	// for 孩子不能吃辣, "Hot Pot" for 不要火锅, "Seafood" for "no seafood"):
	// no lunch or dinner is planned where they are the fare while another
	// restaurant is open.
	AvoidFoods []string `json:"avoid_foods,omitempty"`
	// Accessibility lists needs such as "wheelchair" or "step_free".
	Accessibility []string `json:"accessibility,omitempty"`
}

// Allowed values of enumerated brief fields.
var (
	TransportModes = []string{"flight", "train", "bus", "taxi", "self_driving", "ferry", "walk", "transit"}
	HouseRules     = []string{"pets", "smoking", "parties", "children_under_10", "visitors"}
	RoomTypes      = []string{"entire_home", "private_room", "shared_room", "not_shared_room"}
	Paces          = []string{"relaxed", "moderate", "packed"}
	Languages      = []string{"en", "zh"}
)

// Limits on brief sizes; beyond them a brief is rejected, not truncated.
const (
	MaxTripDays     = 30
	MaxCities       = 10
	MaxCandidates   = 6 // destinations a city_count chooses among (each ordered pair is a transport subtask)
	MaxTravelers    = 50
	MaxListItems    = 20
	MaxNameRunes    = 100
	DateLayout      = "2006-01-02"
	maxPlanAheadDay = 2 * 366
)

// Cities returns the cities to visit in order: the fixed route when given,
// otherwise the destinations. When CityCount chooses among the
// destinations (see Choosing) these are the candidates, not the visit.
func (b *Brief) Cities() []string {
	if len(b.Route) > 0 {
		return b.Route
	}
	return b.Destinations
}

// Choosing reports whether the brief's CityCount asks the planner to choose
// that many of the destinations, in an order it picks (a region's candidate
// cities, "visit 2 of Suzhou, Hangzhou, Nanjing"), rather than visit all of
// them.
func (b *Brief) Choosing() bool {
	return len(b.Route) == 0 && b.CityCount > 0 && b.CityCount < len(b.Destinations)
}

// Visits returns how many cities the plan visits: the route's length, else
// CityCount when set, else the number of destinations.
func (b *Brief) Visits() int {
	switch {
	case len(b.Route) > 0:
		return len(b.Route)
	case b.CityCount > 0:
		return b.CityCount
	}
	return len(b.Destinations)
}

// ReferenceTime returns the brief's Now, or fallback when Now is empty or
// malformed (Validate reports the latter).
func (b *Brief) ReferenceTime(fallback time.Time) time.Time {
	if b.Now == "" {
		return fallback
	}
	t, err := time.Parse(time.RFC3339, b.Now)
	if err != nil {
		return fallback
	}
	return t
}

// Normalize validates b and fills in what follows from it: end date or days
// from the other two date fields, destinations from a route, one adult by
// default, lower-cased enumerations, upper-cased currency, moderate pace and
// English by default. now is the server clock, used when b.Now is empty; it
// is recorded in b.Now so the brief alone reproduces the plan. city_count,
// when set, must lie between 1 and the number of destinations (at most
// MaxCandidates of them when it chooses among them), equal the route's
// length when a route is fixed, and leave a day per city. The first
// problem found is returned as an *Error naming the field.
func (b *Brief) Normalize(now time.Time) error {
	if b.Now == "" {
		b.Now = now.Format(time.RFC3339)
	}
	ref, err := time.Parse(time.RFC3339, b.Now)
	if err != nil {
		return FieldErrorf("now", "now must be an RFC 3339 time such as 2026-03-03T10:00:00+08:00")
	}
	if err := b.normalizeCities(); err != nil {
		return err
	}
	if err := b.normalizeDates(ref); err != nil {
		return err
	}
	if err := b.checkDaysPerCity(); err != nil {
		return err
	}
	if err := b.normalizeTravelers(); err != nil {
		return err
	}
	if err := b.normalizeBudget(); err != nil {
		return err
	}
	if err := b.normalizePreferences(); err != nil {
		return err
	}
	return b.normalizeConstraints()
}

// normalizeCities cleans and checks the origin, destinations, route,
// alternatives, city_count and places, and takes the destinations from the
// route when none are given.
func (b *Brief) normalizeCities() error {
	if b.Origin = cleanName(b.Origin); b.Origin != "" {
		if err := checkName("origin", b.Origin); err != nil {
			return err
		}
	}
	if err := cleanNames("destinations", b.Destinations); err != nil {
		return err
	}
	if err := cleanNames("route", b.Route); err != nil {
		return err
	}
	if err := cleanNames("alternatives", b.Alternatives); err != nil {
		return err
	}
	if len(b.Alternatives) > MaxCandidates {
		return FieldErrorf("alternatives", "at most %d alternatives", MaxCandidates)
	}
	if len(b.Destinations) == 0 && len(b.Route) > 0 {
		b.Destinations = append([]string(nil), b.Route...)
	}
	if len(b.Destinations) == 0 {
		return &Error{Code: EINVALID, Field: "destinations", Message: "at least one destination is required"}
	}
	if len(b.Destinations) > MaxCities {
		return FieldErrorf("destinations", "at most %d destinations", MaxCities)
	}
	if len(b.Route) > MaxCities {
		return FieldErrorf("route", "at most %d cities in a route", MaxCities)
	}
	if err := b.checkCityCount(); err != nil {
		return err
	}
	return b.checkPlaces()
}

// checkDaysPerCity checks that the trip leaves a day per city visited.
func (b *Brief) checkDaysPerCity() error {
	if b.CityCount > 0 && b.CityCount > b.Days {
		return FieldErrorf("city_count", "%d cities need at least %d days, the trip has %d", b.CityCount, b.CityCount, b.Days)
	}
	if b.CityCount == 0 && len(b.Cities()) > b.Days {
		return FieldErrorf("days", "%d cities need at least %d days", len(b.Cities()), len(b.Cities()))
	}
	return nil
}

// normalizeTravelers checks the party's size and the children's ages, one
// adult by default.
func (b *Brief) normalizeTravelers() error {
	t := &b.Travelers
	switch {
	case t.Adults < 0:
		return FieldErrorf("travelers.adults", "the number of adults cannot be negative (%d given)", t.Adults)
	case t.Children < 0:
		return FieldErrorf("travelers.children", "the number of children cannot be negative (%d given)", t.Children)
	case t.Adults > MaxTravelers:
		return FieldErrorf("travelers.adults", "%d adults is more than one plan is made for (at most %d travellers); plan a large group as several parties", t.Adults, MaxTravelers)
	case t.Children > MaxTravelers:
		return FieldErrorf("travelers.children", "%d children is more than one plan is made for (at most %d travellers); plan a large group as several parties", t.Children, MaxTravelers)
	case t.Adults == 0 && t.Children == 0:
		t.Adults = 1
	case t.Adults == 0:
		return FieldErrorf("travelers.adults", "children need at least one adult")
	}
	if t.Total() > MaxTravelers {
		return FieldErrorf("travelers", "%d travellers is more than one plan is made for (at most %d); plan a large group as several parties", t.Total(), MaxTravelers)
	}
	if len(t.ChildAges) > t.Children {
		return FieldErrorf("travelers.child_ages", "%d ages given for %d children", len(t.ChildAges), t.Children)
	}
	for i, a := range t.ChildAges {
		if a < 0 || a > 17 {
			return FieldErrorf("travelers.child_ages["+strconv.Itoa(i)+"]", "a child's age must be between 0 and 17")
		}
	}
	return nil
}

// normalizeBudget checks the budget's amount, when there is a budget, and
// replaces its currency by the ISO 4217 code.
func (b *Brief) normalizeBudget() error {
	bu := b.Budget
	if bu == nil {
		return nil
	}
	switch {
	case bu.Amount != bu.Amount || math.IsInf(bu.Amount, 0):
		return FieldErrorf("budget.amount", "must be an amount of money, such as 1500")
	case bu.Amount < 0:
		return FieldErrorf("budget.amount", "a budget cannot be negative (%s given); send the amount you can spend, such as %s", plainAmount(bu.Amount), plainAmount(-bu.Amount))
	case bu.Amount == 0:
		return FieldErrorf("budget.amount", "a budget of 0 leaves nothing to spend; send the amount you can spend, or leave budget out")
	case bu.Amount > MaxBudget:
		return FieldErrorf("budget.amount", "%s is more than any trip costs; the largest budget planned for is %s", plainAmount(bu.Amount), plainAmount(MaxBudget))
	}
	code, ok := CurrencyCode(bu.Currency)
	if !ok {
		return FieldErrorf("budget.currency", "%q is not an ISO 4217 currency code (such as CNY, USD or EUR) or a known alias (RMB, 元)", bu.Currency)
	}
	bu.Currency = code
	return nil
}

// normalizePreferences cleans the interests, must-visit sights and foods
// and checks comfort, pace and language, moderate pace and English by
// default.
func (b *Brief) normalizePreferences() error {
	if err := cleanTerms("interests", b.Interests, nil); err != nil {
		return err
	}
	if len(b.MustVisit) > MaxListItems {
		return FieldErrorf("must_visit", "at most %d items", MaxListItems)
	}
	if err := cleanNames("must_visit", b.MustVisit); err != nil {
		return err
	}
	if len(b.Foods) > MaxListItems {
		return FieldErrorf("foods", "at most %d items", MaxListItems)
	}
	if err := cleanNames("foods", b.Foods); err != nil {
		return err
	}
	if err := cleanVisitTimes(b.VisitTimes); err != nil {
		return err
	}
	b.Comfort = strings.ToLower(strings.TrimSpace(b.Comfort))
	if b.Comfort != "" && !slices.Contains(Tiers, Tier(b.Comfort)) {
		return FieldErrorf("comfort", "must be one of economy, mid, comfort")
	}
	b.Pace = strings.ToLower(strings.TrimSpace(b.Pace))
	if b.Pace == "" {
		b.Pace = "moderate"
	}
	if !slices.Contains(Paces, b.Pace) {
		return FieldErrorf("pace", "must be one of %s", strings.Join(Paces, ", "))
	}
	b.Language = strings.ToLower(strings.TrimSpace(b.Language))
	if b.Language == "" {
		b.Language = "en"
	}
	if !slices.Contains(Languages, b.Language) {
		return FieldErrorf("language", "must be one of %s", strings.Join(Languages, ", "))
	}
	return nil
}

// normalizeConstraints cleans and checks the hard constraints: transport
// modes that contradict each other, house rules, room type, cuisines and
// accessibility needs.
func (b *Brief) normalizeConstraints() error {
	c := &b.Constraints
	if err := cleanTerms("constraints.transport_exclude", c.TransportExclude, TransportModes); err != nil {
		return err
	}
	if err := cleanTerms("constraints.transport_prefer", c.TransportPrefer, TransportModes); err != nil {
		return err
	}
	for _, m := range c.TransportPrefer {
		if slices.Contains(c.TransportExclude, m) {
			return FieldErrorf("constraints.transport_prefer", "%s is both preferred and excluded", m)
		}
	}
	if err := cleanTerms("constraints.transport_require", c.TransportRequire, TransportModes); err != nil {
		return err
	}
	for _, m := range c.TransportRequire {
		if slices.Contains(c.TransportExclude, m) {
			return FieldErrorf("constraints.transport_require", "%s is both required and excluded", m)
		}
	}
	if c.HighSpeedRail && slices.Contains(c.TransportExclude, "train") {
		return FieldErrorf("constraints.high_speed_rail", "high-speed rail asked for while trains are excluded")
	}
	if err := cleanTerms("constraints.house_rules", c.HouseRules, HouseRules); err != nil {
		return err
	}
	c.RoomType = strings.ToLower(strings.TrimSpace(c.RoomType))
	if c.RoomType != "" && !slices.Contains(RoomTypes, c.RoomType) {
		return FieldErrorf("constraints.room_type", "must be one of %s", strings.Join(RoomTypes, ", "))
	}
	if err := cleanTerms("constraints.avoid_foods", c.AvoidFoods, nil); err != nil {
		return err
	}
	if err := cleanTerms("constraints.cuisines", c.Cuisines, nil); err != nil {
		return err
	}
	if err := cleanTerms("constraints.accessibility", c.Accessibility, nil); err != nil {
		return err
	}
	return nil
}

// checkCityCount validates CityCount against the destinations and route.
func (b *Brief) checkCityCount() error {
	n := b.CityCount
	switch {
	case n == 0:
		return nil
	case n < 0:
		return FieldErrorf("city_count", "must not be negative")
	case n > len(b.Destinations):
		return FieldErrorf("city_count", "%d cities asked for but only %d destinations given", n, len(b.Destinations))
	case len(b.Route) > 0 && n != len(b.Route):
		return FieldErrorf("city_count", "%d cities asked for but the route fixes %d", n, len(b.Route))
	case len(b.Route) == 0 && n < len(b.Destinations) && len(b.Destinations) > MaxCandidates:
		return FieldErrorf("city_count", "at most %d destinations to choose %d from, %d given", MaxCandidates, n, len(b.Destinations))
	}
	return nil
}

func (b *Brief) normalizeDates(ref time.Time) error {
	if b.Days < 0 {
		return FieldErrorf("days", "must not be negative")
	}
	if b.Days > MaxTripDays {
		return FieldErrorf("days", "at most %d days", MaxTripDays)
	}
	var start, end time.Time
	var err error
	if b.StartDate != "" {
		if start, err = time.Parse(DateLayout, b.StartDate); err != nil {
			return FieldErrorf("start_date", "must be a date in YYYY-MM-DD form")
		}
	}
	if b.EndDate != "" {
		if end, err = time.Parse(DateLayout, b.EndDate); err != nil {
			return FieldErrorf("end_date", "must be a date in YYYY-MM-DD form")
		}
		if b.StartDate == "" {
			if b.Days == 0 {
				return FieldErrorf("start_date", "an end date needs a start date or a number of days")
			}
			start = end.AddDate(0, 0, -(b.Days - 1))
			b.StartDate = start.Format(DateLayout)
		}
	}
	switch {
	case b.StartDate == "" && b.Days == 0:
		return &Error{Code: EINVALID, Field: "days", Message: "give dates or a number of days"}
	case b.StartDate == "":
		return nil // a duration without dates: planned as day 1..N
	case b.EndDate == "" && b.Days == 0:
		return FieldErrorf("days", "a start date needs an end date or a number of days")
	case b.EndDate == "":
		end = start.AddDate(0, 0, b.Days-1)
		if end.Year() > 9999 {
			return FieldErrorf("days", "start date %s plus %d days ends after 9999-12-31", b.StartDate, b.Days)
		}
		b.EndDate = end.Format(DateLayout)
	}
	if end.Before(start) {
		return FieldErrorf("end_date", "end date %s is before start date %s", b.EndDate, b.StartDate)
	}
	days := int(end.Sub(start).Hours()/24) + 1
	if b.Days != 0 && b.Days != days {
		return FieldErrorf("days", "%d days does not match %s to %s (%d days)", b.Days, b.StartDate, b.EndDate, days)
	}
	if days > MaxTripDays {
		return FieldErrorf("end_date", "trips are at most %d days", MaxTripDays)
	}
	b.Days = days
	today, _ := time.Parse(DateLayout, ref.Format(DateLayout))
	if start.Before(today) {
		return FieldErrorf("start_date", "%s is in the past (reference date %s)", b.StartDate, today.Format(DateLayout))
	}
	if start.Sub(today) > maxPlanAheadDay*24*time.Hour {
		return FieldErrorf("start_date", "%s is more than two years ahead", b.StartDate)
	}
	return nil
}

// Dates returns the trip's calendar days, or nil when the brief has only a
// duration.
func (b *Brief) Dates() []string {
	start, err := time.Parse(DateLayout, b.StartDate)
	if err != nil || b.Days <= 0 {
		return nil
	}
	out := make([]string, b.Days)
	for i := range out {
		out[i] = start.AddDate(0, 0, i).Format(DateLayout)
	}
	return out
}

// CheckParty refuses a structured brief, given as its JSON, whose
// travelers say there is no one: "adults": 0 with no children. A brief that
// leaves travelers out is planned for one adult (Normalize); one that says
// 0 is not silently read as 1. Doors call it on the briefs clients send,
// before decoding loses the difference.
func CheckParty(briefJSON []byte) error {
	var b struct {
		Travelers *struct {
			Adults   *int `json:"adults"`
			Children *int `json:"children"`
		} `json:"travelers"`
	}
	if json.Unmarshal(briefJSON, &b) != nil || b.Travelers == nil || b.Travelers.Adults == nil {
		return nil
	}
	if *b.Travelers.Adults == 0 && (b.Travelers.Children == nil || *b.Travelers.Children == 0) {
		return FieldErrorf("travelers.adults", "0 adults and no children: a trip needs at least one traveller (leave travelers out to plan for one adult)")
	}
	return nil
}

// MaxBudget is the largest budget amount a brief may name.
const MaxBudget = 1e9

// plainAmount writes an amount as people do: digits, no exponent, at most
// two decimals.
func plainAmount(v float64) string {
	if math.Abs(v) >= 1e16 {
		// A 309-digit number printed whole says less than its size does.
		return "a " + strconv.Itoa(int(math.Floor(math.Log10(math.Abs(v))))+1) + "-digit number"
	}
	if v == math.Trunc(v) {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func checkName(field, s string) error {
	if !utf8.ValidString(s) {
		return FieldErrorf(field, "must be valid UTF-8")
	}
	if utf8.RuneCountInString(s) > MaxNameRunes {
		return FieldErrorf(field, "at most %d characters", MaxNameRunes)
	}
	if strings.ContainsAny(s, "<>{}\\") {
		return FieldErrorf(field, "a place name cannot contain < > { } or \\")
	}
	return nil
}

func cleanNames(field string, names []string) error {
	for i := range names {
		f := field + "[" + strconv.Itoa(i) + "]"
		names[i] = cleanName(names[i])
		if names[i] == "" {
			return FieldErrorf(f, "must not be empty")
		}
		if err := checkName(f, names[i]); err != nil {
			return err
		}
	}
	return nil
}

// cleanTerms trims and lower-cases list items (free text keeps its case),
// drops duplicates and, when allowed is non-nil, checks membership.
// cleanVisitTimes cleans each visit time's sight and checks its time of
// day against VisitWhens.
func cleanVisitTimes(vs []VisitTime) error {
	if len(vs) > MaxListItems {
		return FieldErrorf("visit_times", "at most %d items", MaxListItems)
	}
	for i := range vs {
		f := "visit_times[" + strconv.Itoa(i) + "]"
		if vs[i].Sight = cleanName(vs[i].Sight); vs[i].Sight == "" {
			return FieldErrorf(f+".sight", "must not be empty")
		}
		if err := checkName(f+".sight", vs[i].Sight); err != nil {
			return err
		}
		vs[i].When = strings.ToLower(strings.TrimSpace(vs[i].When))
		if !slices.Contains(VisitWhens, vs[i].When) {
			return FieldErrorf(f+".when", "%q is not one of %s", vs[i].When, strings.Join(VisitWhens, ", "))
		}
	}
	return nil
}

func cleanTerms(field string, items []string, allowed []string) error {
	if len(items) > MaxListItems {
		return FieldErrorf(field, "at most %d items", MaxListItems)
	}
	for i := range items {
		items[i] = cleanName(items[i])
		if allowed != nil {
			items[i] = strings.ToLower(items[i])
		}
		f := field + "[" + strconv.Itoa(i) + "]"
		if items[i] == "" {
			return FieldErrorf(f, "must not be empty")
		}
		if err := checkName(f, items[i]); err != nil {
			return err
		}
		if allowed != nil && !slices.Contains(allowed, items[i]) {
			return FieldErrorf(f, "%q is not one of %s", items[i], strings.Join(allowed, ", "))
		}
	}
	return nil
}
