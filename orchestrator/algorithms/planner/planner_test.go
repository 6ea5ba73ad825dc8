package planner

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

func TestSplitNights(t *testing.T) {
	tests := []struct {
		nights, n int
		want      []int
	}{
		{2, 1, []int{2}},
		{4, 2, []int{2, 2}},
		{5, 2, []int{3, 2}},
		{6, 3, []int{2, 2, 2}},
		{7, 3, []int{3, 2, 2}},
		{0, 0, nil},
	}
	for _, tt := range tests {
		if got := SplitNights(tt.nights, tt.n); !slices.Equal(got, tt.want) {
			t.Errorf("SplitNights(%d, %d) = %v, want %v", tt.nights, tt.n, got, tt.want)
		}
	}
}

func TestCompositions(t *testing.T) {
	levels := compositions(6, 3)
	total := 0
	for _, l := range levels {
		total += len(l)
	}
	if total != 10 { // C(5,2)
		t.Fatalf("compositions(6,3) has %d splits, want 10", total)
	}
	if got := levels[0]; len(got) != 1 || !slices.Equal(got[0], []int{2, 2, 2}) {
		t.Errorf("most balanced level = %v, want [[2 2 2]]", got)
	}
	if compositions(2, 3) != nil {
		t.Errorf("compositions(2,3) should be nil")
	}
}

// bruteRestaurants returns the least total weight of m distinct restaurants
// whose cuisines cover exactly mask, by enumerating subsets.
func bruteRestaurants(rs []*restaurant, weight []int64, m, mask int) int64 {
	best := int64(-1)
	n := len(rs)
	for sub := 0; sub < 1<<n; sub++ {
		cnt, u, w := 0, 0, int64(0)
		for i := 0; i < n; i++ {
			if sub&(1<<i) != 0 {
				cnt++
				u |= rs[i].mask
				w += weight[i]
			}
		}
		if cnt == m && u == mask && (best < 0 || w < best) {
			best = w
		}
	}
	return best
}

func TestRestaurantChoiceIsOptimal(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for trial := 0; trial < 200; trial++ {
		n := 1 + rng.Intn(10)
		nc := rng.Intn(4)
		rs := make([]*restaurant, n)
		weight := make([]int64, n)
		for i := range rs {
			rs[i] = &restaurant{idx: i, mask: rng.Intn(1 << nc)}
			if rng.Intn(3) == 0 {
				rs[i].mask = 0
			}
			weight[i] = int64(1 + rng.Intn(20))
		}
		m := 1 + rng.Intn(n)
		table := restaurantTable(rs, weight, m, nc)
		for mask := 0; mask < 1<<nc; mask++ {
			want := bruteRestaurants(rs, weight, m, mask)
			if table[mask] != want {
				t.Fatalf("trial %d: table[%b] = %d, brute force %d", trial, mask, table[mask], want)
			}
			pick := pickRestaurants(rs, weight, m, nc, mask)
			if want < 0 {
				if pick != nil {
					t.Fatalf("trial %d: picked %v for an impossible mask", trial, pick)
				}
				continue
			}
			u, w := 0, int64(0)
			seen := map[int]bool{}
			for _, i := range pick {
				if seen[i] {
					t.Fatalf("trial %d: restaurant %d picked twice", trial, i)
				}
				seen[i] = true
				u |= rs[i].mask
				w += weight[i]
			}
			if len(pick) != m || u != mask || w != want {
				t.Fatalf("trial %d mask %b: picked %v (n=%d, mask %b, weight %d), want n=%d weight %d", trial, mask, pick, len(pick), u, w, m, want)
			}
		}
	}
}

func TestCoverMasks(t *testing.T) {
	// Two cities, two cuisines: city 0 covers cuisine 0 cheaply, city 1
	// covers cuisine 1 cheaply; covering both in one city is dearer.
	tables := [][]int64{
		{10, 12, 40, 50},
		{10, 45, 13, 60},
	}
	masks, covered := coverMasks(tables, 2)
	if covered != 3 || !slices.Equal(masks, []int{1, 2}) {
		t.Errorf("coverMasks = %v covering %b, want [1 2] covering 11", masks, covered)
	}
}

func TestOrderStops(t *testing.T) {
	c := &city{}
	pt := func(lat, lon float64) *orchestrator.GeoPoint { return &orchestrator.GeoPoint{Lat: lat, Lon: lon} }
	mk := func(id string, p *orchestrator.GeoPoint, idx int) *attraction {
		return &attraction{a: &orchestrator.Attraction{ID: id, Location: p}, idx: idx}
	}
	// Points on a line east of the start, given out of order.
	stops := []*attraction{mk("c", pt(0, 0.03), 0), mk("a", pt(0, 0.01), 1), mk("d", pt(0, 0.04), 2), mk("b", pt(0, 0.02), 3)}
	got := c.orderStops(place{id: "start", loc: pt(0, 0)}, stops)
	var ids []string
	for _, a := range got {
		ids = append(ids, a.a.ID)
	}
	if want := []string{"a", "b", "c", "d"}; !slices.Equal(ids, want) {
		t.Errorf("order = %v, want %v", ids, want)
	}
}

// basicTrip is Home → Alpha with a cheap and a dear flight each way.
func basicTrip() *fixture {
	f := newFixture()
	f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 100), []int64{8000, 12000, 20000})
	f.both("Home", "Alpha", flight(15000, "08:00", "10:00"), flight(30000, "12:00", "13:00"))
	return f
}

func TestPlanSingleCity(t *testing.T) {
	f := basicTrip()
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(it.Days) != 3 {
		t.Fatalf("got %d days, want 3", len(it.Days))
	}
	if got := it.Days[1]; len(got.Stops) != 3 || len(got.Meals) != 3 || got.Stay == nil {
		t.Errorf("full day: %d stops, %d meals, stay %v; want 3, 3, a stay", len(got.Stops), len(got.Meals), got.Stay)
	}
	if it.Days[0].Legs[0].From != "Home" || it.Days[2].Legs[0].To != "Home" {
		t.Errorf("legs do not leave from and return to Home: %+v / %+v", it.Days[0].Legs, it.Days[2].Legs)
	}
	if it.Days[2].Stay != nil {
		t.Errorf("the last day books a night")
	}
	if len(it.Stays) != 1 || it.Stays[0].Nights != 2 {
		t.Errorf("stays = %+v, want one stay of 2 nights", it.Stays)
	}
	if it.Tier != orchestrator.TierMid {
		t.Errorf("tier without budget = %s, want mid", it.Tier)
	}
	if len(it.Budget.Tiers) != 3 {
		t.Errorf("tiers = %d, want 3", len(it.Budget.Tiers))
	}
	for i := 1; i < len(it.Budget.Tiers); i++ {
		if it.Budget.Tiers[i].Total.Cents < it.Budget.Tiers[0].Total.Cents {
			t.Errorf("%s tier (%s) is cheaper than economy (%s)", it.Budget.Tiers[i].Tier, it.Budget.Tiers[i].Total, it.Budget.Tiers[0].Total)
		}
	}
	rep := verifier.Verify(b, f.trip, it)
	if !rep.Passed {
		t.Errorf("verifier: %+v", rep.Findings)
	}
}

func TestPlanBudget(t *testing.T) {
	f := basicTrip()
	// Lean cost: flights 150+150, 2 nights at 80, 3 meals 10+11+12.
	const lean = 15000 + 15000 + 2*8000 + 1000 + 1100 + 1200
	tests := []struct {
		name      string
		budget    float64
		wantOver  bool
		wantShort int64
	}{
		{"roomy", 5000, false, 0},
		{"exactly the cheapest plan", float64(lean) / 100, false, 0},
		{"one cent short", float64(lean-1) / 100, true, 1},
		{"far too little", 100, true, lean - 10000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
				Budget: &orchestrator.Budget{Amount: tt.budget, Currency: "USD"}})
			it, err := Plan(b, f.trip, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var total int64
			for _, d := range it.Days {
				total += d.Cost.Cents
			}
			limit := int64(tt.budget*100 + 0.5)
			var over *orchestrator.Finding
			for i := range it.Findings {
				if it.Findings[i].Code == orchestrator.FindingOverBudget {
					over = &it.Findings[i]
				}
			}
			if tt.wantOver {
				if over == nil || over.Shortfall == nil || over.Shortfall.Cents != tt.wantShort {
					t.Fatalf("over_budget finding = %+v, want shortfall %d", over, tt.wantShort)
				}
				if total != lean {
					t.Errorf("over budget, the plan costs %d, want the cheapest plan (%d)", total, lean)
				}
			} else {
				if over != nil {
					t.Errorf("unexpected over_budget finding %+v", over)
				}
				if total > limit {
					t.Errorf("plan costs %d, over the %d budget", total, limit)
				}
			}
			rep := verifier.Verify(b, f.trip, it)
			budgetFailed := slices.ContainsFunc(rep.Checks, func(c orchestrator.Check) bool {
				return c.Name == verifier.CheckBudget && c.Status == orchestrator.CheckFail
			})
			if budgetFailed != tt.wantOver {
				t.Errorf("verifier budget failed = %v, want %v", budgetFailed, tt.wantOver)
			}
		})
	}
}

func TestPlanPicksCitiesThatFitTheBudget(t *testing.T) {
	f := newFixture()
	f.city("Dear", 40, -75, 6, prices(6, 5000, 100), []int64{90000})
	f.city("Cheap", 41, -75, 6, prices(6, 1000, 100), []int64{5000})
	f.city("Far", 42, -75, 6, prices(6, 1000, 100), []int64{5000})
	f.both("Home", "Dear", flight(10000, "08:00", "09:00"))
	f.both("Home", "Cheap", flight(10000, "08:00", "09:00"))
	// Far has no transport at all.
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Region"}, StartDate: "2026-03-10", Days: 3,
		Budget: &orchestrator.Budget{Amount: 600, Currency: "USD"}})
	it, err := Plan(b, f.trip, Options{Cities: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := it.Cities[0].City; got != "Cheap" {
		t.Errorf("visited %s, want Cheap", got)
	}
}

func TestPlanMultiCityFixedRoute(t *testing.T) {
	f := newFixture()
	for _, c := range []string{"A", "B", "C"} {
		f.city(c, 40, -75, 8, prices(10, 1000, 100), []int64{6000})
	}
	for _, p := range [][2]string{{"Home", "A"}, {"A", "B"}, {"B", "C"}, {"C", "Home"}, {"Home", "C"}, {"C", "A"}} {
		f.leg(p[0], p[1], flight(10000, "07:00", "08:00"))
	}
	b := brief(t, orchestrator.Brief{Origin: "Home", Route: []string{"A", "B", "C"}, StartDate: "2026-03-10", Days: 7})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var route []string
	for _, c := range it.Cities {
		route = append(route, c.City)
	}
	if !slices.Equal(route, []string{"A", "B", "C"}) {
		t.Fatalf("route = %v, want A B C", route)
	}
	wantLegDays := map[int]string{1: "Home→A", 3: "A→B", 5: "B→C", 7: "C→Home"}
	for _, d := range it.Days {
		want, travel := wantLegDays[d.Day]
		if travel != (len(d.Legs) > 0) {
			t.Errorf("day %d: legs %v, want travel=%v", d.Day, d.Legs, travel)
			continue
		}
		if travel {
			if got := d.Legs[0].From + "→" + d.Legs[0].To; got != want {
				t.Errorf("day %d: leg %s, want %s", d.Day, got, want)
			}
		}
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Errorf("verifier: %+v", rep.Findings)
	}
}

func TestPlanChoosesOrderWithoutRoute(t *testing.T) {
	f := newFixture()
	f.city("A", 40, -75, 6, prices(6, 1000, 100), []int64{6000})
	f.city("B", 41, -75, 6, prices(6, 1000, 100), []int64{6000})
	// Only Home→B→A→Home is served.
	f.leg("Home", "B", flight(10000, "07:00", "08:00"))
	f.leg("B", "A", flight(10000, "07:00", "08:00"))
	f.leg("A", "Home", flight(10000, "07:00", "08:00"))
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"A", "B"}, StartDate: "2026-03-10", Days: 5})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{it.Cities[0].City, it.Cities[1].City}; !slices.Equal(got, []string{"B", "A"}) {
		t.Errorf("order = %v, want B A", got)
	}
}

func TestPlanTransportModes(t *testing.T) {
	// Outbound: flying is cheapest; back: driving is cheapest. A plan must
	// not mix them, and exclusions must hold.
	mk := func() *fixture {
		f := newFixture()
		f.city("Alpha", 40, -75, 6, prices(6, 1000, 100), []int64{6000})
		f.leg("Home", "Alpha", flight(5000, "08:00", "10:00"), drive("self_driving", 30000, 5, 300), drive("taxi", 40000, 4, 300))
		f.leg("Alpha", "Home", flight(50000, "18:00", "20:00"), drive("self_driving", 1000, 5, 300), drive("taxi", 4000, 4, 300))
		return f
	}
	tests := []struct {
		name    string
		exclude []string
		want    []string // modes out, back
	}{
		// Flight 50+ taxi 40 (public) = 90 beats driving 300+10 = 310.
		{"cheapest consistent", nil, []string{"flight", "taxi"}},
		// Taxis 400+40 lose to driving 300+10.
		{"no flight", []string{"flight"}, []string{"self_driving", "self_driving"}},
		{"no flight no self-driving", []string{"flight", "self_driving"}, []string{"taxi", "taxi"}},
		{"no self-driving", []string{"self_driving"}, []string{"flight", "taxi"}},
		{"no flight no taxi", []string{"flight", "taxi"}, []string{"self_driving", "self_driving"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mk()
			b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
				Budget: &orchestrator.Budget{Amount: 10000, Currency: "USD"}, Constraints: orchestrator.Constraints{TransportExclude: tt.exclude}})
			it, err := Plan(b, f.trip, Options{Tier: orchestrator.TierEconomy})
			if err != nil {
				t.Fatal(err)
			}
			got := []string{it.Days[0].Legs[0].Mode, it.Days[2].Legs[0].Mode}
			if !slices.Equal(got, tt.want) {
				t.Errorf("modes = %v, want %v", got, tt.want)
			}
			if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
				t.Errorf("verifier: %+v", rep.Findings)
			}
		})
	}
}

func TestPlanPerVehiclePricingAndRooms(t *testing.T) {
	f := newFixture()
	cd := f.city("Alpha", 40, -75, 6, prices(6, 1000, 100), nil)
	cd.Hotels.Value = []orchestrator.Accommodation{
		{ID: "h-small", Name: "Small", City: "Alpha", RoomType: "private_room", Price: usd(5000), MaxOccupancy: 2, HouseRules: &orchestrator.HouseRuleSet{}},
		{ID: "h-big", Name: "Big", City: "Alpha", RoomType: "entire_home", Price: usd(16000), MaxOccupancy: 6, HouseRules: &orchestrator.HouseRuleSet{}},
	}
	f.both("Home", "Alpha", drive("taxi", 2000, 4, 120))
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Travelers: orchestrator.Travelers{Adults: 5}, Budget: &orchestrator.Budget{Amount: 100000, Currency: "USD"}})
	it, err := Plan(b, f.trip, Options{Tier: orchestrator.TierEconomy})
	if err != nil {
		t.Fatal(err)
	}
	leg := it.Days[0].Legs[0]
	if leg.Units != 2 || leg.Cost.Cents != 4000 {
		t.Errorf("taxi for 5: %d cabs costing %s, want 2 cabs costing 40.00", leg.Units, leg.Cost)
	}
	// Small: 3 rooms × 50 = 150 a night; Big: 1 × 160. Small is cheaper.
	st := it.Stays[0]
	if st.AccommodationID != "h-small" || st.Rooms != 3 || st.Cost.Cents != 2*3*5000 {
		t.Errorf("stay = %s × %d rooms costing %s, want Small × 3 costing 300.00", st.Name, st.Rooms, st.Cost)
	}
	if m := it.Days[1].Meals[0]; m.Cost.Cents != 5*m.Price.Cents {
		t.Errorf("meal for 5 costs %s at %s a head", m.Cost, m.Price)
	}
}

func TestPlanAccommodationConstraints(t *testing.T) {
	rules := func(forbid ...string) *orchestrator.HouseRuleSet {
		return &orchestrator.HouseRuleSet{Forbidden: forbid}
	}
	hotels := []orchestrator.Accommodation{
		{ID: "cheap-nopets", Name: "NoPets", RoomType: "entire_home", Price: usd(3000), MaxOccupancy: 2, HouseRules: rules("pets")},
		{ID: "cheap-shared", Name: "Shared", RoomType: "shared_room", Price: usd(3500), MaxOccupancy: 2, HouseRules: rules()},
		{ID: "long-stay", Name: "Monthly", RoomType: "entire_home", Price: usd(2000), MaxOccupancy: 2, MinNights: 30, HouseRules: rules()},
		{ID: "unknown-rules", Name: "Unknown", RoomType: "entire_home", Price: usd(2500), MaxOccupancy: 2},
		{ID: "ok", Name: "Fine", RoomType: "entire_home", Price: usd(6000), MaxOccupancy: 2, HouseRules: rules("smoking")},
	}
	tests := []struct {
		name string
		c    orchestrator.Constraints
		// drop lists hotels left out of the data for the case.
		drop     []string
		want     string
		wantFail bool
		// note is set when the stay's rules are unknown, so the plan must
		// ask the traveller to confirm them.
		note bool
	}{
		{"no constraint: cheapest allowed (min nights)", orchestrator.Constraints{}, nil, "unknown-rules", false, false},
		{"pets: known to allow before cheaper unknown", orchestrator.Constraints{HouseRules: []string{"pets"}}, nil, "cheap-shared", false, false},
		{"pets, not shared", orchestrator.Constraints{HouseRules: []string{"pets"}, RoomType: "not_shared_room"}, nil, "ok", false, false},
		{"smoking, entire home: only unknown rules", orchestrator.Constraints{HouseRules: []string{"smoking", "pets"}, RoomType: "entire_home"}, nil, "unknown-rules", false, true},
		{"children, no known rules at all", orchestrator.Constraints{HouseRules: []string{"children_under_10"}, RoomType: "entire_home"}, []string{"cheap-nopets", "ok"}, "unknown-rules", false, true},
		{"pets, entire home: known to forbid", orchestrator.Constraints{HouseRules: []string{"pets"}, RoomType: "entire_home"}, []string{"unknown-rules", "ok"}, "", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture()
			cd := f.city("Alpha", 40, -75, 6, prices(6, 1000, 100), nil)
			cd.Hotels.Value = nil
			for _, h := range hotels {
				if !slices.Contains(tt.drop, h.ID) {
					h.City = "Alpha"
					cd.Hotels.Value = append(cd.Hotels.Value, h)
				}
			}
			f.both("Home", "Alpha", flight(10000, "08:00", "09:00"))
			b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3, Constraints: tt.c})
			it, err := Plan(b, f.trip, Options{Tier: orchestrator.TierEconomy})
			if tt.wantFail {
				if orchestrator.ErrorCode(err) != orchestrator.EUNPROCESSABLE {
					t.Fatalf("err = %v, want unprocessable", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := it.Stays[0].AccommodationID; got != tt.want {
				t.Errorf("stay = %s, want %s", got, tt.want)
			}
			noted := slices.ContainsFunc(it.Findings, func(f orchestrator.Finding) bool {
				return f.Code == FindingHouseRulesUnconfirmed && f.Subject == it.Stays[0].Name && f.Severity == orchestrator.SeverityWarning
			})
			if noted != tt.note {
				t.Errorf("house_rules_unconfirmed finding = %v, want %v; findings %+v", noted, tt.note, it.Findings)
			}
			rep := verifier.Verify(b, f.trip, it)
			if !rep.Passed {
				t.Errorf("verifier: %+v", rep.Findings)
			}
			unverified := slices.ContainsFunc(rep.Findings, func(f orchestrator.Finding) bool { return f.Code == verifier.FindingHouseRulesUnverified })
			if unverified != tt.note {
				t.Errorf("verifier house_rules_unverified = %v, want %v", unverified, tt.note)
			}
		})
	}
}

func TestPlanCuisines(t *testing.T) {
	f := newFixture()
	cd := f.city("Alpha", 40, -75, 6, prices(8, 1000, 100), []int64{5000})
	cd.Restaurants.Value[7].Cuisines = []string{"French", "Italian"}
	cd.Restaurants.Value[7].Price = usd(9000)
	cd.Restaurants.Value[6].Cuisines = []string{"Italian"}
	f.both("Home", "Alpha", flight(10000, "08:00", "09:00"))
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Constraints: orchestrator.Constraints{Cuisines: []string{"french", "Italian"}}})
	it, err := Plan(b, f.trip, Options{Tier: orchestrator.TierEconomy})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range it.Days {
		for _, m := range d.Meals {
			ids = append(ids, m.RestaurantID)
		}
	}
	if !slices.Contains(ids, "Alpha-r7") {
		t.Errorf("meals %v miss the only French restaurant", ids)
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Errorf("verifier: %+v", rep.Findings)
	}
}

func TestPlanNeverRepeatsRestaurants(t *testing.T) {
	f := newFixture()
	f.city("Alpha", 40, -75, 20, prices(4, 1000, 100), []int64{5000})
	f.both("Home", "Alpha", flight(10000, "06:00", "07:00"))
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 4})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	n := 0
	for _, d := range it.Days {
		for _, m := range d.Meals {
			if seen[m.RestaurantID] {
				t.Errorf("restaurant %s used twice", m.RestaurantID)
			}
			seen[m.RestaurantID] = true
			n++
		}
	}
	if n != 4 {
		t.Errorf("%d meals with 4 restaurants, want all 4 used once", n)
	}
	if !slices.ContainsFunc(it.Findings, func(f orchestrator.Finding) bool { return f.Code == "no_restaurant" }) {
		t.Errorf("no finding about meals left without a restaurant: %+v", it.Findings)
	}
}

func TestPlanHours(t *testing.T) {
	f := newFixture()
	cd := f.city("Alpha", 40, -75, 3, prices(6, 1000, 100), []int64{5000})
	// Sight 0 opens only in the afternoon, sight 1 closes at 10:00.
	cd.Attractions.Value[0].Hours = []orchestrator.OpeningHours{{Open: "14:00", Close: "18:00"}}
	cd.Attractions.Value[0].VisitMinMinutes, cd.Attractions.Value[0].VisitMaxMinutes = 60, 60
	cd.Attractions.Value[1].Hours = []orchestrator.OpeningHours{{Open: "06:00", Close: "10:00"}}
	cd.Attractions.Value[1].VisitMinMinutes, cd.Attractions.Value[1].VisitMaxMinutes = 60, 60
	// Restaurant 0 (the cheapest) only serves dinner.
	cd.Restaurants.Value[0].Hours = []orchestrator.OpeningHours{{Open: "17:00", Close: "23:00"}}
	f.both("Home", "Alpha", flight(10000, "06:00", "07:00"))
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 2, Pace: "packed"})
	it, err := Plan(b, f.trip, Options{Tier: orchestrator.TierEconomy})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range it.Days {
		for _, s := range d.Stops {
			switch s.AttractionID {
			case "Alpha-a0":
				if s.Start < "14:00" {
					t.Errorf("%s visited at %s before it opens", s.Name, s.Start)
				}
			case "Alpha-a1":
				if s.End > "10:00" {
					t.Errorf("%s visited until %s after it closes", s.Name, s.End)
				}
			}
		}
		for _, m := range d.Meals {
			if m.RestaurantID == "Alpha-r0" && m.Slot != orchestrator.Dinner {
				t.Errorf("dinner-only restaurant booked for %s", m.Slot)
			}
		}
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Errorf("verifier: %+v", rep.Findings)
	}
}

func TestPlanWeather(t *testing.T) {
	f := newFixture()
	cd := f.city("Alpha", 40, -75, 6, prices(12, 1000, 100), []int64{5000})
	yes, no := true, false
	for i := range cd.Attractions.Value {
		if i < 3 {
			cd.Attractions.Value[i].Indoor = &no
			cd.Attractions.Value[i].Rating = 5 // outdoor ones rank first
		} else {
			cd.Attractions.Value[i].Indoor = &yes
		}
	}
	rain := 20.0
	cd.Weather = &orchestrator.Sourced[orchestrator.Forecast]{Value: orchestrator.Forecast{Days: []orchestrator.WeatherDay{
		{Date: "2026-03-11", PrecipitationMM: &rain},
		{Date: "2026-03-12"},
	}}}
	f.both("Home", "Alpha", flight(10000, "05:00", "06:00"))
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 4})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range it.Days {
		if d.Date == "2026-03-11" {
			if d.Weather != "wet" {
				t.Errorf("day %s weather = %q, want wet", d.Date, d.Weather)
			}
			for _, s := range d.Stops {
				if s.Indoor != nil && !*s.Indoor {
					t.Errorf("outdoor %s scheduled on the wet day", s.Name)
				}
			}
		}
	}
}

func TestPlanDayTripAndNoOrigin(t *testing.T) {
	f := basicTrip()
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 1})
	f.leg("Alpha", "Home", flight(20000, "18:00", "19:00"))
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(it.Days) != 1 || len(it.Days[0].Legs) != 2 || len(it.Stays) != 0 {
		t.Fatalf("day trip: %d days, legs %v, stays %v", len(it.Days), it.Days[0].Legs, it.Stays)
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Errorf("verifier (day trip): %+v", rep.Findings)
	}

	b = brief(t, orchestrator.Brief{Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3})
	it, err = Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range it.Days {
		if len(d.Legs) != 0 || len(d.Stops) == 0 {
			t.Errorf("no-origin day %d: legs %v, %d stops", d.Day, d.Legs, len(d.Stops))
		}
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Errorf("verifier (no origin): %+v", rep.Findings)
	}
}

func TestPlanErrors(t *testing.T) {
	f := basicTrip()
	tests := []struct {
		name string
		b    orchestrator.Brief
	}{
		{"unknown city", orchestrator.Brief{Origin: "Home", Destinations: []string{"Nowhere"}, Route: []string{"Nowhere"}, Days: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Plan(brief(t, tt.b), f.trip, Options{})
			var e *orchestrator.Error
			if !errors.As(err, &e) || e.Code != orchestrator.EUNPROCESSABLE {
				t.Errorf("err = %v, want an unprocessable *Error", err)
			}
		})
	}
	if _, err := Plan(brief(t, orchestrator.Brief{Destinations: []string{"Alpha"}, Days: 2}), nil, Options{}); err == nil {
		t.Error("nil trip: no error")
	}
}

func TestPlanCurrency(t *testing.T) {
	f := basicTrip()
	// A budget in EUR: converted with the trip's rates, else planned in
	// USD with the budget flagged unchecked.
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Budget: &orchestrator.Budget{Amount: 1000, Currency: "EUR"}})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if it.Currency != "USD" || !slices.ContainsFunc(it.Findings, func(f orchestrator.Finding) bool { return f.Code == "budget_unchecked" }) {
		t.Errorf("without rates: currency %s, findings %+v", it.Currency, it.Findings)
	}
	f.trip.FX = &orchestrator.Sourced[orchestrator.FXRates]{Value: orchestrator.FXRates{Base: "EUR", Rates: map[string]float64{"USD": 1.25}}}
	it, err = Plan(b, f.trip, Options{Tier: orchestrator.TierEconomy})
	if err != nil {
		t.Fatal(err)
	}
	if it.Currency != "EUR" || it.Days[0].Legs[0].Cost.Cents != 12000 { // 150 USD = 120 EUR
		t.Errorf("with rates: currency %s, flight %s, want EUR 120.00", it.Currency, it.Days[0].Legs[0].Cost)
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Errorf("verifier: %+v", rep.Findings)
	}
}

func TestPlanDeterministic(t *testing.T) {
	mk := func() []byte {
		f := newFixture()
		for _, c := range []string{"A", "B", "C", "D"} {
			f.city(c, 40, -75, 12, prices(12, 1000, 0), []int64{5000, 5000, 5000})
		}
		for _, a := range []string{"Home", "A", "B", "C", "D"} {
			for _, z := range []string{"Home", "A", "B", "C", "D"} {
				if a != z {
					f.leg(a, z, flight(10000, "07:00", "08:00"), flight(10000, "09:00", "10:00"))
				}
			}
		}
		b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Region"}, StartDate: "2026-03-10", Days: 7})
		it, err := Plan(b, f.trip, Options{Cities: 3})
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(it)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	first := mk()
	for i := 0; i < 5; i++ {
		if again := mk(); !bytes.Equal(first, again) {
			t.Fatalf("run %d differs from the first", i+2)
		}
	}
}

// A lean plan (no meals on travel days) is cheaper, but must not win when
// it leaves a requested cuisine uncovered.
func TestPlanLeanNeverDropsConstraints(t *testing.T) {
	f := newFixture()
	cd := f.city("Alpha", 40, -75, 4, prices(6, 1000, 100), []int64{5000})
	cd.Restaurants.Value[5].Cuisines = []string{"Thai"}
	f.both("Home", "Alpha", flight(10000, "07:00", "08:00"))
	f.trip.Transport[1].Value.Options[0].Depart, f.trip.Transport[1].Value.Options[0].Arrive = "19:00", "20:00"
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 2,
		Budget: &orchestrator.Budget{Amount: 1000, Currency: "USD"}, Constraints: orchestrator.Constraints{Cuisines: []string{"Thai"}}})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if it.Lean {
		t.Errorf("the lean plan was chosen")
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Errorf("verifier: %+v", rep.Findings)
	}
}

func TestMinutes(t *testing.T) {
	tests := map[string]int{"00:00": 0, "9:05": 545, "17:30": 1050, "24:00": 1440}
	for in, want := range tests {
		if got, ok := orchestrator.ParseClock(in); !ok || got != want {
			t.Errorf("orchestrator.ParseClock(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "24:01", "7", "12:3", "ab:cd", "123:00", "-1:00"} {
		if _, ok := orchestrator.ParseClock(bad); ok {
			t.Errorf("orchestrator.ParseClock(%q) succeeded", bad)
		}
	}
}

func TestPlanUnpricedAndUnconvertible(t *testing.T) {
	f := basicTrip()
	alpha := &f.trip.Cities[0]
	// A hotel in a currency the rates lack, one without any price, and a
	// restaurant without a price (OpenStreetMap, no estimate).
	alpha.Hotels.Value = append(alpha.Hotels.Value,
		orchestrator.Accommodation{ID: "xts", Name: "Odd Inn", City: "Alpha", RoomType: "private_room", MaxOccupancy: 2,
			Price: orchestrator.Money{Cents: 1, Currency: "XTS"}, HouseRules: &orchestrator.HouseRuleSet{Forbidden: []string{}}},
		orchestrator.Accommodation{ID: "free", Name: "Nowhere Inn", City: "Alpha", RoomType: "private_room", MaxOccupancy: 2,
			HouseRules: &orchestrator.HouseRuleSet{Forbidden: []string{}}})
	alpha.Restaurants.Value = append(alpha.Restaurants.Value, orchestrator.Restaurant{ID: "osm", Name: "Unpriced", City: "Alpha"})
	f.trip.FX = &orchestrator.Sourced[orchestrator.FXRates]{Value: orchestrator.FXRates{Base: "EUR", Rates: map[string]float64{"USD": 1.25}}}
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Budget: &orchestrator.Budget{Amount: 2000, Currency: "EUR"}})
	it, err := Plan(b, f.trip, Options{Tier: orchestrator.TierEconomy})
	if err != nil {
		t.Fatalf("an unconvertible price failed the plan: %v", err)
	}
	for _, s := range it.Stays {
		if s.AccommodationID == "xts" || s.AccommodationID == "free" {
			t.Errorf("stay at %s, which has no usable price", s.AccommodationID)
		}
	}
	// The unpriced restaurant costs the city's median, as an estimate.
	c, err := newWorld(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	city, err := c.newCity(alpha)
	if err != nil {
		t.Fatal(err)
	}
	for _, rs := range city.restaurants {
		if rs.r.ID == "osm" && (!rs.estimate || rs.price == 0) {
			t.Errorf("unpriced restaurant: price %d estimate %v, want the median as an estimate", rs.price, rs.estimate)
		}
	}
	if !slices.ContainsFunc(it.Findings, func(f orchestrator.Finding) bool {
		return f.Code == "price_unconvertible" && strings.Contains(f.Message, "XTS")
	}) {
		t.Errorf("no price_unconvertible finding: %+v", it.Findings)
	}

	// A city where no restaurant is priced: meals are planned, and the
	// budget says they are not counted.
	g := basicTrip()
	for i := range g.trip.Cities[0].Restaurants.Value {
		g.trip.Cities[0].Restaurants.Value[i].Price = orchestrator.Money{}
	}
	it, err = Plan(brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3}), g.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(it.Days[1].Meals) == 0 || !slices.ContainsFunc(it.Findings, func(f orchestrator.Finding) bool { return f.Code == "meals_unpriced" }) {
		t.Errorf("meals %d, findings %+v; want meals and a meals_unpriced finding", len(it.Days[1].Meals), it.Findings)
	}
}
