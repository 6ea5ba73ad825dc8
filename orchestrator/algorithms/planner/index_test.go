package planner_test

import (
	"bytes"
	"fmt"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// withRefs returns a copy of trip whose values carry their content
// address, as the pipeline's trips do (orchestrator.WithContentRefs).
func withRefs(tb testing.TB, trip *orchestrator.Trip) *orchestrator.Trip {
	tb.Helper()
	out, err := orchestrator.WithContentRefs(trip)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// variedBriefs are briefs over the same catalogs that differ in what the
// planner reads from the brief: dates, days, travellers, budget and its
// currency, interests, cuisines, must-see sights, pace, room and rules.
func variedBriefs(t testing.TB, n int) []*orchestrator.Brief {
	t.Helper()
	interests := [][]string{nil, {"history"}, {"gardens", "food"}, {"panda", "temples"}, {"museums"}}
	cuisines := [][]string{nil, {"hot pot"}, {"sichuan", "tea"}, nil}
	must := [][]string{nil, {"大熊猫繁育研究基地"}, {"宽窄巷子", "武侯祠"}}
	paces := []string{"", "relaxed", "packed"}
	var out []*orchestrator.Brief
	start := time.Date(2026, 5, 2, 0, 0, 0, 0, time.UTC)
	for i := range n {
		b := &orchestrator.Brief{
			Origin: "Shanghai", Destinations: []string{"Chengdu"},
			Days:        2 + i%3,
			StartDate:   start.AddDate(0, 0, i*7%60).Format(orchestrator.DateLayout),
			Travelers:   orchestrator.Travelers{Adults: 1 + i%3, Children: i % 2},
			Budget:      &orchestrator.Budget{Amount: float64(1500 + 250*(i%7)), Currency: "CNY", PerPerson: true},
			Interests:   interests[i%len(interests)],
			MustVisit:   must[i%len(must)],
			Pace:        paces[i%len(paces)],
			Constraints: orchestrator.Constraints{TransportPrefer: []string{"train"}, Cuisines: cuisines[i%len(cuisines)]},
			Language:    "en",
			Now:         "2026-05-01T09:00:00+08:00",
		}
		if i%5 == 4 {
			b.Budget = nil
		}
		if i%4 == 3 {
			b.Constraints.HouseRules = []string{"children_under_10"}
		}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// The catalog index changes nothing a plan says: varied briefs planned
// from catalogs with their content address (facts shared by plans, built
// by the first and read by the others, concurrently) give the bytes the
// same briefs give from the same catalogs without one (facts computed
// afresh for each plan).
func TestCatalogIndexSameBytes(t *testing.T) {
	cat := loadChina(t)
	briefs := variedBriefs(t, 24)
	fresh, err := cat.Trip("Shanghai", []string{"Chengdu"})
	if err != nil {
		t.Fatal(err)
	}
	shared := withRefs(t, fresh)
	plan := func(b *orchestrator.Brief, trip *orchestrator.Trip) []byte { return planBytes(t, b, trip) }
	want := make([][]byte, len(briefs))
	for i, b := range briefs {
		want[i] = plan(b, fresh)
	}
	// Twice over, four plans at a time: the first round builds the facts
	// (racing to), the second reads them.
	for round := range 2 {
		got := make([][]byte, len(briefs))
		var wg sync.WaitGroup
		sem := make(chan struct{}, 4)
		for i, b := range briefs {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				got[i] = plan(b, shared)
			}()
		}
		wg.Wait()
		for i := range briefs {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("round %d, brief %d: the plan from shared catalog facts differs from the fresh one:\n got %.300s\nwant %.300s", round, i, got[i], want[i])
			}
		}
	}
	// The catalogs in another currency (exchange rates gathered): prices
	// convert, the index's ranking in the data's currency no longer
	// applies, and still nothing differs.
	usd := func(trip *orchestrator.Trip) *orchestrator.Trip {
		out := *trip
		out.FX = &orchestrator.Sourced[orchestrator.FXRates]{Value: orchestrator.FXRates{Base: "CNY", Rates: map[string]float64{"USD": 0.14}}}
		return &out
	}
	b := *briefs[1]
	b.Budget = &orchestrator.Budget{Amount: 400, Currency: "USD", PerPerson: true}
	if got, want := plan(&b, usd(shared)), plan(&b, usd(fresh)); !bytes.Equal(got, want) {
		t.Fatalf("USD plan differs:\n got %.300s\nwant %.300s", got, want)
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPlanVaried plans a different brief every iteration (dates,
// days, travellers, budget, interests, cuisines, must-see sights) for
// Shanghai → Chengdu: "fresh" computes the catalog facts in every plan
// (catalogs without a content address), "indexed" takes them from the
// catalog index as plans in the service do.
func BenchmarkPlanVaried(b *testing.B) {
	cat := loadChina(b)
	briefs := variedBriefs(b, 60)
	fresh, err := cat.Trip("Shanghai", []string{"Chengdu"})
	if err != nil {
		b.Fatal(err)
	}
	shared := withRefs(b, fresh)
	for _, c := range []struct {
		name string
		trip *orchestrator.Trip
	}{{"fresh", fresh}, {"indexed", shared}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := cpuTime()
			i := 0
			for b.Loop() {
				if _, err := planner.Plan(briefs[i%len(briefs)], c.trip, planner.Options{}); err != nil {
					b.Fatal(fmt.Errorf("brief %d: %w", i%len(briefs), err))
				}
				i++
			}
			// CPU time, not only wall time: the machines this runs on are
			// shared, and a loaded one stretches the wall time.
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(i), "cpu-ms/op")
		})
	}
}

// Two versions of the same city's catalogs — the restaurants moved,
// re-priced and with other hours, the hotels and sights moved — keep apart
// in the catalog index: plans from either version, interleaved and
// concurrent, give the bytes the same version gives with its facts
// computed afresh.
func TestCatalogIndexVersionsApart(t *testing.T) {
	cat := loadChina(t)
	briefs := variedBriefs(t, 12)
	fresh, err := cat.Trip("Shanghai", []string{"Chengdu"})
	if err != nil {
		t.Fatal(err)
	}
	// The other version: every catalog a changed copy.
	other := *fresh
	other.Cities = append([]orchestrator.CityData(nil), fresh.Cities...)
	cd := &other.Cities[0]
	move := func(p *orchestrator.GeoPoint, i int) *orchestrator.GeoPoint {
		if p == nil {
			return nil
		}
		return &orchestrator.GeoPoint{Lat: p.Lat + 0.003*float64(i%7-3), Lon: p.Lon - 0.002*float64(i%5-2)}
	}
	rs := *cd.Restaurants
	rs.Value = append([]orchestrator.Restaurant(nil), rs.Value...)
	for i := range rs.Value {
		r := &rs.Value[i]
		r.Location = move(r.Location, i)
		r.Price.Cents = r.Price.Cents * int64(7+i%5) / 9
		if i%4 == 0 {
			r.Hours = []orchestrator.OpeningHours{{Open: "10:00", Close: "14:30"}, {Weekdays: []int{5, 6}, Open: "17:00", Close: "22:00"}}
		}
	}
	cd.Restaurants = &rs
	as := *cd.Attractions
	as.Value = append([]orchestrator.Attraction(nil), as.Value...)
	for i := range as.Value {
		as.Value[i].Location = move(as.Value[i].Location, i+1)
	}
	cd.Attractions = &as
	hs := *cd.Hotels
	hs.Value = append([]orchestrator.Accommodation(nil), hs.Value...)
	for i := range hs.Value {
		hs.Value[i].Location = move(hs.Value[i].Location, i+2)
	}
	cd.Hotels = &hs
	plan := func(b *orchestrator.Brief, trip *orchestrator.Trip) []byte { return planBytes(t, b, trip) }
	trips := []*orchestrator.Trip{fresh, &other}
	shared := []*orchestrator.Trip{withRefs(t, fresh), withRefs(t, &other)}
	if shared[0].Cities[0].Restaurants.Ref == shared[1].Cities[0].Restaurants.Ref {
		t.Fatal("the two versions have the same content address")
	}
	want := make([][][]byte, 2)
	differ := 0
	for v := range trips {
		for _, b := range briefs {
			want[v] = append(want[v], plan(b, trips[v]))
		}
	}
	for i := range briefs {
		if !bytes.Equal(want[0][i], want[1][i]) {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("the two versions give the same plans: the test tells nothing")
	}
	var wg sync.WaitGroup
	got := [2][][]byte{make([][]byte, len(briefs)), make([][]byte, len(briefs))}
	for i, b := range briefs {
		for v := range shared {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[v][i] = plan(b, shared[v])
			}()
		}
	}
	wg.Wait()
	for v := range shared {
		for i := range briefs {
			if !bytes.Equal(got[v][i], want[v][i]) {
				t.Fatalf("version %d, brief %d: the plan from shared facts differs from the fresh one:\n got %.300s\nwant %.300s", v, i, got[v][i], want[v][i])
			}
		}
	}
}
