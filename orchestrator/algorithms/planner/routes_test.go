package planner_test

import (
	"slices"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

// hubTrip assembles a trip as the pipeline gathers it (Decompose): the
// catalog data of origin and cities, the transport of every ordered pair
// among them, and the legs to and from the hubs of each pair
// (orchestrator.HubsFor), without the hubs' own catalogs.
func hubTrip(t testing.TB, cat *datasets.Catalog, origin string, cities ...string) *orchestrator.Trip {
	t.Helper()
	places := append([]string{origin}, cities...)
	all := slices.Clone(cities)
	for _, a := range places {
		for _, b := range places {
			if a == b {
				continue
			}
			for _, h := range orchestrator.HubsFor(a, b) {
				if _, ok := cat.City(h); ok && !slices.ContainsFunc(all, func(c string) bool { return orchestrator.CanonicalCity(c) == orchestrator.CanonicalCity(h) }) && orchestrator.CanonicalCity(h) != orchestrator.CanonicalCity(origin) {
					all = append(all, h)
				}
			}
		}
	}
	trip, err := cat.Trip(origin, all)
	if err != nil {
		t.Fatal(err)
	}
	trip.Cities = trip.Cities[:len(cities)]
	return trip
}

// TestSandboxPairsWithoutDirectService plans a trip between every ordered
// pair of sandbox cities that the data does not serve directly under a
// brief's transport constraints (none; no flights; no trains; high-speed
// trains; trains only, high-speed), the pairs found from the data. Every
// such trip must be delivered: each travel day's legs chained from where
// the traveller is to where the day ends, with valid transfers, modes the
// brief allows and prices the data or the fare model give (the verifier).
func TestSandboxPairsWithoutDirectService(t *testing.T) {
	cat := loadChina(t)
	variants := []orchestrator.Constraints{
		{},
		{TransportExclude: []string{"flight"}},
		{TransportExclude: []string{"train"}},
		{HighSpeedRail: true},
		{TransportRequire: []string{"train"}, HighSpeedRail: true},
	}
	cases := 0
	for _, c := range variants {
		for _, from := range cat.Cities() {
			for _, to := range cat.Cities() {
				if from == to || servedDirectly(cat, from, to, c) && servedDirectly(cat, to, from, c) {
					continue
				}
				cases++
				b := &orchestrator.Brief{Origin: from, Destinations: []string{to}, Days: 3, StartDate: "2026-05-08",
					Travelers: orchestrator.Travelers{Adults: 2}, Constraints: c, Now: "2026-05-01T09:00:00+08:00"}
				if err := b.Normalize(time.Time{}); err != nil {
					t.Fatal(err)
				}
				trip := hubTrip(t, cat, b.Origin, b.Cities()...)
				it, err := planner.Plan(b, trip, planner.Options{})
				if err != nil {
					t.Errorf("%s → %s %+v: %v", from, to, c, err)
					continue
				}
				for _, f := range it.Findings {
					if f.Code == planner.FindingNoRoute {
						t.Errorf("%s → %s %+v: %s", from, to, c, f.Message)
					}
				}
				if rep := verifier.Verify(b, trip, it); !rep.Passed {
					t.Errorf("%s → %s %+v: verifier %+v", from, to, c, rep.Findings)
				}
				if len(it.Days[0].Legs) == 0 || len(it.Days[2].Legs) == 0 {
					t.Errorf("%s → %s %+v: no travel on the first or last day", from, to, c)
				}
			}
		}
	}
	if cases < 10 {
		t.Fatalf("only %d trips without direct service: the test would prove little", cases)
	}
	t.Logf("%d trips between sandbox cities without direct service planned", cases)
}

// servedDirectly reports whether the data has a direct option from one
// city to another that the constraints allow.
func servedDirectly(cat *datasets.Catalog, from, to string, c orchestrator.Constraints) bool {
	for _, o := range cat.Options(from, to) {
		if !slices.Contains(c.TransportExclude, o.Mode) && c.LegAllowed(o.Mode, o.Number, o.Class) {
			return true
		}
	}
	return false
}

// TestSandboxReorder: a two-city trip from each sandbox city to two others
// named in the order that needs a connection is planned in the order the
// data serves better: the planner's order never spends more than an hour
// (the route search's slack) longer on its legs than the named order fixed
// as a route.
func TestSandboxReorder(t *testing.T) {
	cat := loadChina(t)
	travel := func(it *orchestrator.Itinerary) int {
		total := 0
		for _, d := range it.Days {
			if len(d.Legs) == 0 {
				continue
			}
			dep, _ := time.Parse("15:04", d.Legs[0].Depart)
			arr, _ := time.Parse("15:04", d.Legs[len(d.Legs)-1].Arrive)
			total += int(arr.Sub(dep).Minutes()) + 1440*d.Legs[len(d.Legs)-1].ArriveDayOffset
		}
		return total
	}
	cases, reordered := 0, 0
	cities := cat.Cities()
	for _, o := range cities {
		for _, x := range cities {
			for _, y := range cities {
				if o == x || o == y || x == y {
					continue
				}
				// Only trips whose named order needs a connection.
				if servedDirectly(cat, o, x, orchestrator.Constraints{}) && servedDirectly(cat, y, o, orchestrator.Constraints{}) {
					continue
				}
				cases++
				mk := func(route []string) *orchestrator.Brief {
					b := &orchestrator.Brief{Origin: o, Destinations: []string{x, y}, Route: route, Days: 5, StartDate: "2026-05-08",
						Travelers: orchestrator.Travelers{Adults: 2}, Now: "2026-05-01T09:00:00+08:00"}
					if err := b.Normalize(time.Time{}); err != nil {
						t.Fatal(err)
					}
					return b
				}
				free, fixed := mk(nil), mk([]string{x, y})
				trip := hubTrip(t, cat, o, x, y)
				itFree, err := planner.Plan(free, trip, planner.Options{})
				if err != nil {
					t.Fatalf("%s → %s, %s: %v", o, x, y, err)
				}
				itFixed, err := planner.Plan(fixed, trip, planner.Options{})
				if err != nil {
					t.Fatalf("%s → %s, %s fixed: %v", o, x, y, err)
				}
				if itFixed.Cities[0].City != x {
					t.Errorf("%s: the fixed route starts in %s", o, itFixed.Cities[0].City)
				}
				if itFree.Cities[0].City != x {
					reordered++
				}
				if a, b := travel(itFree), travel(itFixed); a > b+60 {
					t.Errorf("%s → {%s, %s}: the planner's order %v travels %d min, the named order %d", o, x, y, itFree.Cities, a, b)
				}
				if rep := verifier.Verify(free, trip, itFree); !rep.Passed {
					t.Errorf("%s → {%s, %s}: verifier %+v", o, x, y, rep.Findings)
				}
			}
		}
	}
	if cases == 0 || reordered == 0 {
		t.Fatalf("%d trips named in an order needing a connection, %d reordered", cases, reordered)
	}
	t.Logf("%d trips named in an order needing a connection; %d reordered", cases, reordered)
}

// benchTrip plans a brief over a hub trip repeatedly.
func benchTrip(b *testing.B, origin string, days int, cities ...string) {
	cat := loadChina(b)
	br := &orchestrator.Brief{Origin: origin, Destinations: cities, Days: days, StartDate: "2026-05-08",
		Travelers: orchestrator.Travelers{Adults: 2}, Now: "2026-05-01T09:00:00+08:00"}
	if err := br.Normalize(time.Time{}); err != nil {
		b.Fatal(err)
	}
	trip := hubTrip(b, cat, origin, cities...)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := planner.Plan(br, trip, planner.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlanConnection: Suzhou → Guangzhou, no direct service, through
// hubs both ways.
func BenchmarkPlanConnection(b *testing.B) { benchTrip(b, "苏州", 3, "广州") }

// BenchmarkPlanReorder: Guangzhou → Hangzhou and Suzhou, order free, one
// leg needing a connection in every order.
func BenchmarkPlanReorder(b *testing.B) { benchTrip(b, "广州", 6, "杭州", "苏州") }
