package orchestrator

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Money is an exact amount in the minor unit (cents, fen) of a currency.
// Arithmetic on Money is integer arithmetic on Cents; amounts in different
// currencies are never added without an explicit conversion.
type Money struct {
	Cents    int64  `json:"cents"`
	Currency string `json:"currency"`
}

// MoneyFromFloat returns amount (in whole units of currency) as Money,
// rounded half away from zero to the cent.
func MoneyFromFloat(amount float64, currency string) Money {
	return Money{Cents: int64(math.Round(amount * 100)), Currency: currency}
}

// String formats m as "123.45 USD".
func (m Money) String() string {
	sign := ""
	c := m.Cents
	if c < 0 {
		sign, c = "-", -c
	}
	frac := strconv.FormatInt(c%100, 10)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	s := sign + strconv.FormatInt(c/100, 10) + "." + frac
	if m.Currency != "" {
		s += " " + m.Currency
	}
	return s
}

// GeoPoint is a WGS-84 position in decimal degrees.
type GeoPoint struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// OpeningHours is one span during which a place is open. Open and Close are
// "HH:MM" local times; a Close at or before Open means the span runs past
// midnight. Weekdays lists the days it applies to (0 = Sunday … 6 =
// Saturday); empty means every day.
type OpeningHours struct {
	Weekdays []int  `json:"weekdays,omitempty"`
	Open     string `json:"open"`
	Close    string `json:"close"`
}

// BBox is an area between two parallels and two meridians, WGS-84 degrees.
// It does not cross the antimeridian: West < East.
type BBox struct {
	South float64 `json:"south"`
	West  float64 `json:"west"`
	North float64 `json:"north"`
	East  float64 `json:"east"`
}

// Center is the box's middle.
func (b BBox) Center() GeoPoint {
	return GeoPoint{Lat: (b.South + b.North) / 2, Lon: (b.West + b.East) / 2}
}

// ParseBBox reads "south,west,north,east" (Overpass's order) and checks it:
// numbers in range, south below north, west of east, and no side longer
// than maxDeg degrees (0: no limit).
func ParseBBox(text string, maxDeg float64) (BBox, error) {
	parts := strings.Split(text, ",")
	if len(parts) != 4 {
		return BBox{}, fmt.Errorf("%q is not south,west,north,east", text)
	}
	var v [4]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return BBox{}, fmt.Errorf("%q is not south,west,north,east: %q is not a number", text, strings.TrimSpace(p))
		}
		v[i] = f
	}
	b := BBox{South: v[0], West: v[1], North: v[2], East: v[3]}
	switch {
	case b.South < -90 || b.North > 90 || b.West < -180 || b.East > 180:
		return BBox{}, fmt.Errorf("%q is out of range (latitudes -90..90, longitudes -180..180)", text)
	case b.South >= b.North || b.West >= b.East:
		return BBox{}, fmt.Errorf("%q: south must be below north and west of east", text)
	case maxDeg > 0 && (b.North-b.South > maxDeg || b.East-b.West > maxDeg):
		return BBox{}, fmt.Errorf("%q is larger than %g° on a side", text, maxDeg)
	}
	return b, nil
}

// HanName reports whether s has a letter and all its letters are Han
// characters (成都, 重庆·渝中): a name a Chinese-language source can resolve.
func HanName(s string) bool {
	seen := false
	for _, r := range s {
		if unicode.IsLetter(r) {
			if !unicode.Is(unicode.Han, r) {
				return false
			}
			seen = true
		}
	}
	return seen
}

// MinuteSpan is an opening span in minutes after midnight; Close may pass
// 1440 for a span that ends after midnight.
type MinuteSpan struct{ Open, Close int }

// GroupHours turns a week of opening spans (index 0 = Sunday) into
// OpeningHours: days with the same span share one entry, entries ordered by
// opening then closing time, weekdays sorted, and nil weekdays for a span
// open every day. A close past midnight is written as the next day's time.
// It returns nil when no day has a span.
func GroupHours(week [7][]MinuteSpan) []OpeningHours {
	type key struct{ open, close string }
	byKey := map[key][]int{}
	var keys []key
	for _, d := range []int{1, 2, 3, 4, 5, 6, 0} {
		for _, s := range week[d] {
			k := key{FormatClock(s.Open), FormatClock(s.Close)}
			if s.Close > 1440 {
				k.close = FormatClock(s.Close - 1440)
			}
			if _, seen := byKey[k]; !seen {
				keys = append(keys, k)
			}
			if !slices.Contains(byKey[k], d) {
				byKey[k] = append(byKey[k], d)
			}
		}
	}
	if len(keys) == 0 {
		return nil
	}
	slices.SortStableFunc(keys, func(a, b key) int {
		if c := strings.Compare(a.open, b.open); c != 0 {
			return c
		}
		return strings.Compare(a.close, b.close)
	})
	out := make([]OpeningHours, 0, len(keys))
	for _, k := range keys {
		days := byKey[k]
		slices.Sort(days)
		if len(days) == 7 {
			days = nil
		}
		out = append(out, OpeningHours{Weekdays: days, Open: k.open, Close: k.close})
	}
	return out
}

// Attraction is a sight or activity in a city.
type Attraction struct {
	// ID is unique within its source, e.g. "chinatravel:chengdu:attraction:0".
	ID   string `json:"id"`
	Name string `json:"name"`
	City string `json:"city"`
	// Category is the source's type, e.g. "历史古迹" or "museum".
	Category string    `json:"category,omitempty"`
	Tags     []string  `json:"tags,omitempty"`
	Location *GeoPoint `json:"location,omitempty"`
	Address  string    `json:"address,omitempty"`
	Phone    string    `json:"phone,omitempty"`
	Website  string    `json:"website,omitempty"`
	// Price is the ticket per person; nil when unknown (not the same as free).
	Price *Money         `json:"price,omitempty"`
	Hours []OpeningHours `json:"hours,omitempty"`
	// Season describes when the place operates, as the source words it
	// (e.g. "全年", all year).
	Season string `json:"season,omitempty"`
	// VisitMinMinutes and VisitMaxMinutes are the recommended visit length;
	// zero when unknown.
	VisitMinMinutes int `json:"visit_min_minutes,omitempty"`
	VisitMaxMinutes int `json:"visit_max_minutes,omitempty"`
	// Indoor is nil when unknown.
	Indoor *bool `json:"indoor,omitempty"`
	// Rating is on a 0–5 scale; zero when unknown.
	Rating float64 `json:"rating,omitempty"`
	// Popularity is the source's popularity score; zero when unknown.
	Popularity float64 `json:"popularity,omitempty"`
}

// Restaurant is a place to eat.
type Restaurant struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	City     string    `json:"city"`
	Location *GeoPoint `json:"location,omitempty"`
	Cuisines []string  `json:"cuisines,omitempty"`
	// Price is the average cost per person per meal.
	Price  Money          `json:"price"`
	Rating float64        `json:"rating,omitempty"`
	Hours  []OpeningHours `json:"hours,omitempty"`
	Dishes []string       `json:"dishes,omitempty"`
	// PriceEstimate is set when Price comes from a model (e.g. the median
	// of the city guide's listings in the same price tier), not from the
	// restaurant itself.
	PriceEstimate bool `json:"price_estimate,omitempty"`
}

// Accommodation is a bookable room type at a hotel or rental.
type Accommodation struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// NameAlt is the name in another language when the source gives one.
	NameAlt string `json:"name_alt,omitempty"`
	City    string `json:"city"`
	// Area is the district or satellite town within the city, if known.
	Area     string    `json:"area,omitempty"`
	Location *GeoPoint `json:"location,omitempty"`
	// RoomType is one of RoomTypes except not_shared_room.
	RoomType string `json:"room_type"`
	// RoomName is the source's name for the room, e.g. "豪华双床房".
	RoomName string `json:"room_name,omitempty"`
	// Price is per room per night.
	Price     Money `json:"price"`
	MinNights int   `json:"min_nights,omitempty"`
	// MaxOccupancy is how many people one room sleeps.
	MaxOccupancy int `json:"max_occupancy"`
	// OccupancyEstimate is set when MaxOccupancy was inferred, not given.
	OccupancyEstimate bool `json:"occupancy_estimate,omitempty"`
	// HouseRules is nil when the rules are unknown.
	HouseRules *HouseRuleSet `json:"house_rules,omitempty"`
	Rating     float64       `json:"rating,omitempty"`
	Reviews    int           `json:"reviews,omitempty"`
	// Kind is the source's type of lodging: hotel, hostel, guest_house,
	// motel, apartment…; empty when unknown.
	Kind string `json:"kind,omitempty"`
	// Stars is the official or source star rating, 1–5; zero when unknown.
	Stars int `json:"stars,omitempty"`
	// PriceEstimate is set when Price comes from a model (e.g. the median
	// of the city guide's listings in the same price tier), not from the
	// place itself.
	PriceEstimate bool `json:"price_estimate,omitempty"`
}

// HouseRuleSet says what a place forbids.
type HouseRuleSet struct {
	// Forbidden lists members of HouseRules that are not allowed, sorted.
	Forbidden []string `json:"forbidden"`
	// Text is the rules as the source words them.
	Text string `json:"text,omitempty"`
}

// Allows reports whether rule (one of HouseRules) is allowed by a known
// rule set; unknown rules (nil) allow nothing.
func (h *HouseRuleSet) Allows(rule string) bool {
	if h == nil {
		return false
	}
	for _, f := range h.Forbidden {
		if f == rule {
			return false
		}
	}
	return true
}

// RoomTypeSatisfies reports whether a room of type have meets a request for
// want (one of RoomTypes; empty accepts anything).
func RoomTypeSatisfies(have, want string) bool {
	switch want {
	case "":
		return true
	case "not_shared_room":
		return have != "" && have != "shared_room"
	default:
		return have == want
	}
}

// Pricing says how a transport fare scales with the group.
const (
	PerPerson  = "per_person"
	PerVehicle = "per_vehicle"
)

// TransportOption is one way to cover an intercity leg: a scheduled flight
// or train, or a flexible drive or taxi.
type TransportOption struct {
	ID string `json:"id"`
	// Mode is one of TransportModes.
	Mode string `json:"mode"`
	// Number is the flight or train number.
	Number string `json:"number,omitempty"`
	// Class is the source's service type, e.g. "高铁" (high-speed rail).
	Class       string `json:"class,omitempty"`
	From        string `json:"from"`
	To          string `json:"to"`
	FromStation string `json:"from_station,omitempty"`
	ToStation   string `json:"to_station,omitempty"`
	// FromPoint and ToPoint are the stations' or airports' positions,
	// when the source gives them: the planner measures the time to reach
	// them from the day's places (nil: a mode's typical access time).
	FromPoint *GeoPoint `json:"from_point,omitempty"`
	ToPoint   *GeoPoint `json:"to_point,omitempty"`
	// Date is the travel date (YYYY-MM-DD); empty means any day.
	Date string `json:"date,omitempty"`
	// Depart and Arrive are "HH:MM" local times; empty Depart means the
	// traveller chooses (driving, taxi).
	Depart string `json:"depart,omitempty"`
	Arrive string `json:"arrive,omitempty"`
	// ArriveDayOffset is how many days after departure the arrival falls.
	ArriveDayOffset int     `json:"arrive_day_offset,omitempty"`
	DurationMinutes int     `json:"duration_minutes"`
	DistanceKM      float64 `json:"distance_km,omitempty"`
	// Pricing is PerPerson or PerVehicle.
	Pricing string `json:"pricing"`
	// Price is per person or per vehicle, as Pricing says.
	Price Money `json:"price"`
	// VehicleCapacity is the number of people per vehicle for PerVehicle.
	VehicleCapacity int `json:"vehicle_capacity,omitempty"`
	// PriceEstimate is set when Price comes from a model, not a fare table.
	PriceEstimate bool `json:"price_estimate,omitempty"`
}

// Units returns how many fares a group of people pays: people for PerPerson,
// vehicles (people / capacity, rounded up) for PerVehicle.
func (o TransportOption) Units(people int) int {
	if o.Pricing == PerVehicle {
		c := o.VehicleCapacity
		if c <= 0 {
			c = 1
		}
		return (people + c - 1) / c
	}
	return people
}

// TransportLeg is every known option between two cities.
type TransportLeg struct {
	From    string            `json:"from"`
	To      string            `json:"to"`
	Options []TransportOption `json:"options"`
}

// TravelMatrix holds travel times and distances between places of one city,
// row-major over IDs (attraction, restaurant or accommodation IDs).
type TravelMatrix struct {
	Mode    string   `json:"mode"`
	IDs     []string `json:"ids"`
	Seconds [][]int  `json:"seconds"`
	Meters  [][]int  `json:"meters,omitempty"`
}

// Index returns the row of id in m, or -1.
func (m *TravelMatrix) Index(id string) int {
	if m == nil {
		return -1
	}
	for i, x := range m.IDs {
		if x == id {
			return i
		}
	}
	return -1
}

// SameCity reports whether two city names denote the same city, comparing
// canonical forms and ignoring a "(State)" suffix.
func SameCity(a, b string) bool {
	return sameCanonicalCity(stripParen(a), stripParen(b))
}

func stripParen(s string) string {
	if i := strings.IndexByte(s, '('); i > 0 {
		return s[:i]
	}
	return s
}

// earthRadiusKM is the mean Earth radius used for great-circle distances.
const earthRadiusKM = 6371.0088

// DistanceKM returns the great-circle (haversine) distance from p to q.
func (p GeoPoint) DistanceKM(q GeoPoint) float64 {
	const rad = math.Pi / 180
	dLat := (q.Lat - p.Lat) * rad
	dLon := (q.Lon - p.Lon) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(p.Lat*rad)*math.Cos(q.Lat*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusKM * math.Asin(math.Min(1, math.Sqrt(a)))
}
