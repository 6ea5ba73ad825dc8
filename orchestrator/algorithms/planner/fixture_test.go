package planner

import (
	"fmt"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// fixture builds small synthetic trips for tests.
type fixture struct {
	trip *orchestrator.Trip
	prov orchestrator.Provenance
}

func newFixture() *fixture {
	return &fixture{
		trip: &orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion},
		prov: orchestrator.Provenance{Source: "test", FetchedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
	}
}

func usd(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "USD"} }

// city adds a city with n attractions around (lat, lon), restaurants with
// the given per-person prices (cents) and hotels with the given nightly
// prices (cents).
func (f *fixture) city(name string, lat, lon float64, attractions int, restaurants []int64, hotels []int64) *orchestrator.CityData {
	cd := orchestrator.CityData{Name: name}
	var as []orchestrator.Attraction
	for i := 0; i < attractions; i++ {
		as = append(as, orchestrator.Attraction{
			ID: fmt.Sprintf("%s-a%d", name, i), Name: fmt.Sprintf("%s Sight %d", name, i), City: name,
			Location: &orchestrator.GeoPoint{Lat: lat + 0.01*float64(i%4), Lon: lon + 0.01*float64(i/4)},
		})
	}
	cd.Attractions = &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as, Provenance: f.prov}
	var rs []orchestrator.Restaurant
	for i, p := range restaurants {
		rs = append(rs, orchestrator.Restaurant{
			ID: fmt.Sprintf("%s-r%d", name, i), Name: fmt.Sprintf("%s Diner %d", name, i), City: name,
			Price: usd(p), Cuisines: []string{"Local"},
		})
	}
	cd.Restaurants = &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: rs, Provenance: f.prov}
	var hs []orchestrator.Accommodation
	for i, p := range hotels {
		hs = append(hs, orchestrator.Accommodation{
			ID: fmt.Sprintf("%s-h%d", name, i), Name: fmt.Sprintf("%s Inn %d", name, i), City: name,
			RoomType: "private_room", Price: usd(p), MaxOccupancy: 2, MinNights: 1,
			HouseRules: &orchestrator.HouseRuleSet{Forbidden: []string{}},
		})
	}
	cd.Hotels = &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: hs, Provenance: f.prov}
	f.trip.Cities = append(f.trip.Cities, cd)
	return &f.trip.Cities[len(f.trip.Cities)-1]
}

// leg adds transport options from one city to another.
func (f *fixture) leg(from, to string, opts ...orchestrator.TransportOption) {
	for i := range opts {
		opts[i].From, opts[i].To = from, to
		if opts[i].ID == "" {
			opts[i].ID = fmt.Sprintf("%s-%s-%s-%d", opts[i].Mode, from, to, i)
		}
		if opts[i].Pricing == "" {
			opts[i].Pricing = orchestrator.PerPerson
		}
	}
	f.trip.Transport = append(f.trip.Transport, orchestrator.Sourced[orchestrator.TransportLeg]{
		Value: orchestrator.TransportLeg{From: from, To: to, Options: opts}, Provenance: f.prov,
	})
}

// both adds the same options both ways.
func (f *fixture) both(a, b string, opts ...orchestrator.TransportOption) {
	back := make([]orchestrator.TransportOption, len(opts))
	copy(back, opts)
	for i := range back {
		back[i].ID = ""
	}
	f.leg(a, b, opts...)
	f.leg(b, a, back...)
}

func flight(price int64, dep, arr string) orchestrator.TransportOption {
	d, _ := orchestrator.ParseClock(dep)
	a, _ := orchestrator.ParseClock(arr)
	return orchestrator.TransportOption{Mode: "flight", Number: "F" + dep[:2], Depart: dep, Arrive: arr, DurationMinutes: a - d, Price: usd(price)}
}

func drive(mode string, perVehicle int64, capacity, minutes int) orchestrator.TransportOption {
	return orchestrator.TransportOption{Mode: mode, DurationMinutes: minutes, Pricing: orchestrator.PerVehicle, Price: usd(perVehicle), VehicleCapacity: capacity, PriceEstimate: true}
}

// brief returns a normalized brief.
func brief(t testing.TB, b orchestrator.Brief) *orchestrator.Brief {
	t.Helper()
	if b.Now == "" {
		b.Now = "2026-03-01T00:00:00Z"
	}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatalf("normalize: %v", err)
	}
	return &b
}

// prices returns n prices starting at from, step apart.
func prices(n int, from, step int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = from + int64(i)*step
	}
	return out
}
