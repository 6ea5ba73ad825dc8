package orchestrator

import (
	"slices"
	"strings"
)

// Tier is a price level at which a plan is built.
type Tier string

// Price tiers, cheapest first.
const (
	TierEconomy Tier = "economy"
	TierMid     Tier = "mid"
	TierComfort Tier = "comfort"
)

// Tiers lists the tiers in a fixed order, cheapest first.
var Tiers = []Tier{TierEconomy, TierMid, TierComfort}

// Meal slots, in the order they happen in a day.
const (
	Breakfast = "breakfast"
	Lunch     = "lunch"
	Dinner    = "dinner"
)

// MealSlots lists the meal slots in day order.
var MealSlots = []string{Breakfast, Lunch, Dinner}

// Itinerary is a day-by-day plan built from a Brief and a Trip. Every
// entity it names carries the ID of the Trip record it came from, so the
// plan can be checked against the data it was built on.
type Itinerary struct {
	// Tier is the tier the days below are built at.
	Tier Tier `json:"tier"`
	// Lean is set when optional meals and visits on travel days were left
	// out to bring the plan within the budget.
	Lean     bool   `json:"lean,omitempty"`
	Currency string `json:"currency"`
	People   int    `json:"people"`
	Origin   string `json:"origin,omitempty"`
	// Cities is the visiting order with the days spent in each.
	Cities []CityVisit `json:"cities"`
	Days   []Day       `json:"days"`
	// Stays are the accommodation bookings, in order.
	Stays  []Stay          `json:"stays"`
	Budget BudgetBreakdown `json:"budget"`
	// Findings are what the planner itself flags (e.g. over_budget).
	Findings []Finding `json:"findings,omitempty"`
	// Quality is the planner's quality score of these days (see Quality).
	Quality *Quality `json:"quality,omitempty"`
	// Report is the verifier's report, attached by the caller.
	Report *Report `json:"report,omitempty"`
}

// CityVisit is one city of the route: the day the traveller arrives (1-based)
// and the nights spent there.
type CityVisit struct {
	City      string `json:"city"`
	ArriveDay int    `json:"arrive_day"`
	Nights    int    `json:"nights"`
}

// Day is one calendar day of the plan.
type Day struct {
	Day  int    `json:"day"`
	Date string `json:"date,omitempty"`
	// City is where the traveller ends the day (the destination on a
	// travel day, the origin on the way home).
	City string `json:"city"`
	// From is set on travel days: the city left.
	From string `json:"from,omitempty"`
	// Weather is "dry" or "wet" when a forecast was known.
	Weather string `json:"weather,omitempty"`
	Legs    []Leg  `json:"legs,omitempty"`
	// Journeys groups the legs of connections: one entry per journey of
	// two or more legs (a change at a hub, a ground hop to a station or
	// airport), priced and timed as one trip; its legs carry its number.
	Journeys []Journey `json:"journeys,omitempty"`
	Stops    []Stop    `json:"stops"`
	Meals    []Meal    `json:"meals"`
	// Stay is the night's accommodation; nil on the last day and on nights
	// spent travelling.
	Stay *StayRef `json:"stay,omitempty"`
	// Cost is what this day's legs, stops, meals and night cost the group.
	Cost Money `json:"cost"`
	// StartsAt is set when a repair starts the day late (a late_start
	// event, "HH:MM"): nothing is planned before it, breakfast included.
	StartsAt string `json:"starts_at,omitempty"`
}

// Travel reports whether the day moves between cities.
func (d *Day) Travel() bool { return len(d.Legs) > 0 }

// Stop is a visit to an attraction.
type Stop struct {
	AttractionID string    `json:"attraction_id"`
	Name         string    `json:"name"`
	City         string    `json:"city"`
	Location     *GeoPoint `json:"location,omitempty"`
	// Start and End are "HH:MM".
	Start string `json:"start"`
	End   string `json:"end"`
	// TravelMinutes is the time to get here from the previous place.
	TravelMinutes int `json:"travel_minutes"`
	// TravelEstimate is set when TravelMinutes is a straight-line estimate.
	TravelEstimate bool  `json:"travel_estimate,omitempty"`
	Indoor         *bool `json:"indoor,omitempty"`
	// Price is the ticket per person; Cost is what the group pays.
	Price Money `json:"price"`
	Cost  Money `json:"cost"`
	// VisitEstimate is set when the visit is longer than the data's
	// longest recommended time (the planner's visit floor for a major
	// sight, or a must-see given its day): Start–End is then the
	// planner's estimate, not the data's.
	VisitEstimate bool `json:"visit_estimate,omitempty"`
}

// Meal is a meal at a restaurant.
type Meal struct {
	// Slot is Breakfast, Lunch or Dinner.
	Slot         string    `json:"slot"`
	RestaurantID string    `json:"restaurant_id"`
	Name         string    `json:"name"`
	City         string    `json:"city"`
	Location     *GeoPoint `json:"location,omitempty"`
	Time         string    `json:"time"`
	Cuisines     []string  `json:"cuisines,omitempty"`
	Price        Money     `json:"price"`
	Cost         Money     `json:"cost"`
	// Estimate is set when the price comes from a model, not the place.
	Estimate bool `json:"estimate,omitempty"`
	// Serves names the foods the traveller asked for (Brief.Foods) that
	// this meal serves.
	Serves []string `json:"serves,omitempty"`
}

// Stay is one accommodation booking over consecutive nights.
type Stay struct {
	AccommodationID string    `json:"accommodation_id"`
	Name            string    `json:"name"`
	City            string    `json:"city"`
	Location        *GeoPoint `json:"location,omitempty"`
	// FirstNight is the day number of the first night.
	FirstNight int    `json:"first_night"`
	Nights     int    `json:"nights"`
	Rooms      int    `json:"rooms"`
	RoomType   string `json:"room_type"`
	// Price is per room per night; Cost is Price × Rooms × Nights.
	Price Money `json:"price"`
	Cost  Money `json:"cost"`
	// Estimate is set when the price comes from a model, not the place.
	Estimate bool `json:"estimate,omitempty"`
}

// StayRef names the accommodation of one night.
type StayRef struct {
	AccommodationID string `json:"accommodation_id"`
	Name            string `json:"name"`
	City            string `json:"city"`
}

// Leg is an intercity journey on a chosen transport option.
type Leg struct {
	OptionID    string `json:"option_id"`
	Mode        string `json:"mode"`
	Number      string `json:"number,omitempty"`
	Class       string `json:"class,omitempty"`
	From        string `json:"from"`
	To          string `json:"to"`
	FromStation string `json:"from_station,omitempty"`
	ToStation   string `json:"to_station,omitempty"`
	Date        string `json:"date,omitempty"`
	Depart      string `json:"depart"`
	Arrive      string `json:"arrive"`
	// ArriveDayOffset is 1 for an overnight journey arriving the next day.
	ArriveDayOffset int     `json:"arrive_day_offset,omitempty"`
	DurationMinutes int     `json:"duration_minutes"`
	DistanceKM      float64 `json:"distance_km,omitempty"`
	// Pricing is PerPerson or PerVehicle; Units is people or vehicles.
	Pricing string `json:"pricing"`
	Price   Money  `json:"price"`
	Units   int    `json:"units"`
	Cost    Money  `json:"cost"`
	// Estimate is set when the fare comes from a model.
	Estimate bool `json:"estimate,omitempty"`
	// Journey is the 1-based number of the day's journey (Day.Journeys)
	// this leg belongs to; zero for a direct leg.
	Journey int `json:"journey,omitempty"`
	// TransferMinutes is the time from the previous leg of the journey's
	// arrival to this departure, and MinTransferMinutes the minimum for
	// that kind of change (MinTransfer); both zero on a journey's first leg.
	TransferMinutes    int `json:"transfer_minutes,omitempty"`
	MinTransferMinutes int `json:"min_transfer_minutes,omitempty"`
	// DelayMinutes is set when a repair records the leg as late (a delayed
	// event): Depart and Arrive are the timetable's plus the delay.
	DelayMinutes int `json:"delay_minutes,omitempty"`
	// BeforeMinutes is the time from leaving BeforeFrom (the day's last
	// place in the city, else the stay or the city's centre) to the
	// departure: getting to the station or airport and the mode's
	// check-in and boarding minimum. AfterMinutes is the time from the
	// arrival to reaching AfterTo (the next place, else the stay or the
	// centre). Both are estimates (AccessEstimate): access is measured in
	// a straight line from the place to the station (quality.AccessMinutes)
	// or, where its position is unknown, is the mode's typical time. Zero
	// on a journey's inner legs.
	BeforeMinutes  int    `json:"before_minutes,omitempty"`
	BeforeFrom     string `json:"before_from,omitempty"`
	AfterMinutes   int    `json:"after_minutes,omitempty"`
	AfterTo        string `json:"after_to,omitempty"`
	AccessEstimate bool   `json:"access_estimate,omitempty"`
}

// Journey is a trip between two cities of the route made of several legs:
// a connection through hub cities, or a ground hop to a station or airport
// and a timetabled leg. Cost is the sum of its legs' costs.
type Journey struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Via lists the cities changed at, in order.
	Via             []string `json:"via"`
	Depart          string   `json:"depart"`
	Arrive          string   `json:"arrive"`
	ArriveDayOffset int      `json:"arrive_day_offset,omitempty"`
	DurationMinutes int      `json:"duration_minutes"`
	Legs            int      `json:"legs"`
	Cost            Money    `json:"cost"`
	// Estimate is set when a leg's fare comes from a model.
	Estimate bool `json:"estimate,omitempty"`
}

// BudgetBreakdown prices the plan at every tier, by category.
type BudgetBreakdown struct {
	Currency string `json:"currency"`
	People   int    `json:"people"`
	// Limit is the group's budget; nil when the brief gave none.
	Limit *Money `json:"limit,omitempty"`
	// Chosen is the tier the itinerary's days are built at.
	Chosen Tier       `json:"chosen"`
	Tiers  []TierCost `json:"tiers"`
}

// TierCost is what a plan costs the group at one tier.
type TierCost struct {
	Tier Tier `json:"tier"`
	// Lean marks the economy plan without optional travel-day extras.
	Lean        bool  `json:"lean,omitempty"`
	Transport   Money `json:"transport"`
	Lodging     Money `json:"lodging"`
	Food        Money `json:"food"`
	Attractions Money `json:"attractions"`
	Total       Money `json:"total"`
	// PerPerson is Total divided by the group size, rounded down.
	PerPerson Money `json:"per_person"`
	// WithinBudget is nil when there is no budget.
	WithinBudget *bool `json:"within_budget,omitempty"`
}

// Check kinds.
const (
	CheckHard        = "hard"
	CheckCommonsense = "commonsense"
)

// Check statuses.
const (
	CheckPass          = "pass"
	CheckFail          = "fail"
	CheckNotApplicable = "not_applicable"
)

// Finding severities.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
	SeverityInfo    = "info"
)

// Finding codes.
const (
	FindingOverBudget = "over_budget"
)

// Report is the verifier's account of an itinerary: every check with its
// status and the findings behind failures. It ships inside every plan.
type Report struct {
	// Passed is true when no check failed.
	Passed   bool      `json:"passed"`
	Checks   []Check   `json:"checks"`
	Findings []Finding `json:"findings,omitempty"`
	// Quality is the score recomputed by the verifier from the trip data.
	Quality *Quality `json:"quality,omitempty"`
}

// Check is one named rule and whether the itinerary meets it.
type Check struct {
	Name string `json:"name"`
	// Kind is CheckHard (the brief's constraints) or CheckCommonsense.
	Kind   string `json:"kind"`
	Status string `json:"status"`
}

// Finding is one problem or remark about an itinerary.
type Finding struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	// Check names the check that produced the finding, if any.
	Check   string `json:"check,omitempty"`
	Day     int    `json:"day,omitempty"`
	Subject string `json:"subject,omitempty"`
	Message string `json:"message"`
	// Shortfall is how much the plan exceeds the budget (over_budget).
	Shortfall *Money `json:"shortfall,omitempty"`
}

// HighSpeedTrain reports whether a train is a high-speed service: a G, D or
// C train by its number (G1234, D55, C3001), or a class the data calls
// high-speed (高铁, 动车, 城际, "high-speed").
func HighSpeedTrain(number, class string) bool {
	n := strings.TrimSpace(number)
	if n != "" {
		switch n[0] {
		case 'G', 'D', 'C', 'g', 'd', 'c':
			return len(n) > 1 && n[1] >= '0' && n[1] <= '9'
		}
		if n[0] >= 'A' && n[0] <= 'Z' || n[0] >= 'a' && n[0] <= 'z' {
			return false
		}
	}
	c := strings.ToLower(class)
	return strings.Contains(c, "高铁") || strings.Contains(c, "动车") || strings.Contains(c, "城际") || strings.Contains(c, "high-speed") || strings.Contains(c, "high speed")
}

// LegAllowed reports whether a leg of this mode, number and class meets
// the brief's explicit transport constraints: one of TransportRequire when
// any is given (not counting the short walks and transit inside a city),
// and a high-speed train when HighSpeedRail asks for one and the leg is a
// train.
func (c *Constraints) LegAllowed(mode, number, class string) bool {
	if len(c.TransportRequire) > 0 && !slices.Contains(c.TransportRequire, mode) {
		return false
	}
	if c.HighSpeedRail && mode == "train" && !HighSpeedTrain(number, class) {
		return false
	}
	return true
}

// LegSpec is what the explicit transport constraints look at in a leg.
type LegSpec struct{ Mode, Number, Class string }

// AccessHop reports whether mode is a road hop that can take a traveller
// to or from a station or airport in a neighbouring city: taxi or coach.
func AccessHop(mode string) bool { return mode == "taxi" || mode == "bus" }

// JourneyAllowed reports whether a journey's legs, in order, meet the
// explicit transport constraints: every leg meets LegAllowed, except that
// a road hop (AccessHop) at either end of a journey whose other legs use a
// required mode is the way to or from its station or airport — flying
// from Suzhou, which has no airport, starts with a taxi to Shanghai's. A
// single leg is judged by LegAllowed alone.
func (c *Constraints) JourneyAllowed(legs []LegSpec) bool {
	required := false
	for _, l := range legs {
		if len(c.TransportRequire) > 0 && slices.Contains(c.TransportRequire, l.Mode) && !AccessHop(l.Mode) {
			required = true
		}
	}
	for i, l := range legs {
		if c.LegAllowed(l.Mode, l.Number, l.Class) {
			continue
		}
		if len(legs) > 1 && required && (i == 0 || i == len(legs)-1) && AccessHop(l.Mode) {
			continue
		}
		return false
	}
	return true
}

// Quality is an itinerary's usefulness score: 0–100, the weighted mean of
// its applicable components (each 0–1). orchestrator/algorithms/quality documents and
// computes it from the itinerary, the brief and the trip data alone.
type Quality struct {
	Score      int                `json:"score"`
	Components []QualityComponent `json:"components"`
}

// QualityComponent is one part of the score.
type QualityComponent struct {
	Name string `json:"name"`
	// Value is 0–1; Weight its share of the score when Applicable.
	Value      float64 `json:"value"`
	Weight     int     `json:"weight"`
	Applicable bool    `json:"applicable"`
	// Detail says what was counted, e.g. "2 of 3 interests met".
	Detail string `json:"detail,omitempty"`
}
