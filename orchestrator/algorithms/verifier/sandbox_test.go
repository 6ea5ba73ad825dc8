package verifier_test

import (
	"bytes"
	"encoding/json"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

// sandboxCase is a plan of the ChinaTravel sandbox: the brief, the trip it
// was planned from (fresh: no catalog carries its content address; shared:
// every catalog and leg does, as in the pipeline's trips) and the
// itinerary.
type sandboxCase struct {
	b             *orchestrator.Brief
	fresh, shared *orchestrator.Trip
	it            *orchestrator.Itinerary
}

var sandboxCat *datasets.Catalog

// sandboxPlans plans n varied briefs over the ChinaTravel sandbox, one- and
// two-city trips from Shanghai, Suzhou and Beijing, skipping when the
// dataset is absent unless TRIPWEAVE_REQUIRE_INTEGRATION=1.
func sandboxPlans(tb testing.TB, n int) []sandboxCase {
	tb.Helper()
	if sandboxCat == nil {
		dir, err := datasets.Locate("chinatravel")
		if err != nil {
			if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
				tb.Fatalf("dataset chinatravel missing: %v", err)
			}
			tb.Skipf("dataset chinatravel not present: %v", err)
		}
		if sandboxCat, err = datasets.LoadChinaTravel(dir); err != nil {
			tb.Fatal(err)
		}
	}
	routes := []struct {
		origin string
		dests  []string
	}{
		{"Shanghai", []string{"Chengdu"}},
		{"Suzhou", []string{"Chongqing"}},
		{"Beijing", []string{"Hangzhou", "Shanghai"}},
		{"Shanghai", []string{"Chengdu", "Chongqing"}},
		{"Guangzhou", []string{"Wuhan"}},
	}
	interests := [][]string{nil, {"history"}, {"gardens", "food"}, {"panda", "temples"}, {"museums"}}
	cuisines := [][]string{nil, {"hot pot"}, {"sichuan", "tea"}, nil}
	must := [][]string{nil, {"大熊猫繁育研究基地"}, {"宽窄巷子", "武侯祠"}, {"West Lake"}}
	paces := []string{"", "relaxed", "packed"}
	start := time.Date(2026, 5, 2, 0, 0, 0, 0, time.UTC)
	var out []sandboxCase
	for i := range n {
		r := routes[i%len(routes)]
		b := &orchestrator.Brief{
			Origin: r.origin, Destinations: r.dests,
			Days:        2 + i%4,
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
		switch i % 6 {
		case 4:
			b.Budget = nil
		case 5:
			b.Budget = &orchestrator.Budget{Amount: 300, Currency: "USD", PerPerson: true}
		}
		if i%4 == 3 {
			b.Constraints.HouseRules = []string{"children_under_10"}
		}
		if i%7 == 2 {
			b.Constraints.TransportExclude = []string{"flight"}
		}
		if i%8 == 6 {
			b.Constraints.HighSpeedRail = true
			b.Constraints.RoomType = "private_room"
		}
		if len(r.dests) > 1 {
			b.Days = max(b.Days, 3)
		}
		if len(r.dests) > 1 && i%3 == 0 {
			b.CityCount = 1
		}
		if err := b.Normalize(time.Time{}); err != nil {
			tb.Fatal(err)
		}
		fresh, err := sandboxCat.Trip(b.Origin, b.Cities())
		if err != nil {
			tb.Fatal(err)
		}
		if b.Budget != nil && b.Budget.Currency == "USD" {
			fresh.FX = &orchestrator.Sourced[orchestrator.FXRates]{Value: orchestrator.FXRates{Base: "USD", Rates: map[string]float64{"CNY": 7.1}}}
		}
		it, err := planner.Plan(b, fresh, planner.Options{Cities: b.CityCount})
		if err != nil {
			tb.Logf("brief %d: %v", i, err)
			continue
		}
		out = append(out, sandboxCase{b: b, fresh: fresh, shared: withRefs(tb, fresh), it: it})
	}
	return out
}

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

// BenchmarkVerify verifies (and scores) plans of the sandbox, one plan per
// op, from trips whose catalogs carry their content address (shared, as in
// the pipeline) and from trips without (fresh, a trip built by hand).
func BenchmarkVerify(b *testing.B) {
	cases := sandboxPlans(b, 24)
	for _, mode := range []string{"shared", "fresh"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				c := cases[i%len(cases)]
				trip := c.shared
				if mode == "fresh" {
					trip = c.fresh
				}
				_ = verifier.Verify(c.b, trip, c.it)
				i++
			}
		})
	}
}

// BenchmarkScore scores plans of the sandbox, one plan per op.
func BenchmarkScore(b *testing.B) {
	cases := sandboxPlans(b, 24)
	for _, mode := range []string{"shared", "fresh"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				c := cases[i%len(cases)]
				trip := c.shared
				if mode == "fresh" {
					trip = c.fresh
				}
				_ = quality.Score(c.b, trip, c.it)
				i++
			}
		})
	}
}

// mutations are itineraries a planner would not return, for the
// verifier's failing checks: each is a deep copy of it with one thing
// wrong.
func mutations(t testing.TB, trip *orchestrator.Trip, it *orchestrator.Itinerary) []*orchestrator.Itinerary {
	t.Helper()
	clone := func() *orchestrator.Itinerary {
		doc, err := json.Marshal(it)
		if err != nil {
			t.Fatal(err)
		}
		var out orchestrator.Itinerary
		if err := json.Unmarshal(doc, &out); err != nil {
			t.Fatal(err)
		}
		return &out
	}
	var out []*orchestrator.Itinerary
	add := func(f func(m *orchestrator.Itinerary) bool) {
		if m := clone(); f(m) {
			out = append(out, m)
		}
	}
	// A restaurant and an attraction of another city (the origin's, the
	// last city's), an unknown place, a repeated sight.
	other := func(name string) *orchestrator.CityData {
		for i := len(trip.Cities) - 1; i >= 0; i-- {
			if c := &trip.Cities[i]; orchestrator.CanonicalCity(c.Name) != orchestrator.CanonicalCity(name) && c.Restaurants != nil && c.Attractions != nil {
				return c
			}
		}
		return nil
	}
	add(func(m *orchestrator.Itinerary) bool {
		for i := range m.Days {
			d := &m.Days[i]
			if c := other(d.City); c != nil && len(d.Meals) > 0 && len(d.Stops) > 0 {
				r, a := c.Restaurants.Value[len(c.Restaurants.Value)/2], c.Attractions.Value[0]
				d.Meals[0].RestaurantID, d.Meals[0].Name = r.ID, r.Name
				d.Stops[0].AttractionID, d.Stops[0].Name = a.ID, a.Name
				return true
			}
		}
		return false
	})
	add(func(m *orchestrator.Itinerary) bool {
		for i := range m.Days {
			if d := &m.Days[i]; len(d.Stops) > 0 && len(d.Meals) > 1 {
				d.Stops[0].AttractionID = "nowhere"
				d.Meals[1].RestaurantID = d.Meals[0].RestaurantID
				d.Stops[0].Start, d.Stops[0].End = "03:00", "03:10"
				return true
			}
		}
		return false
	})
	add(func(m *orchestrator.Itinerary) bool {
		var first string
		for i := range m.Days {
			for j := range m.Days[i].Stops {
				if first == "" {
					first = m.Days[i].Stops[j].AttractionID
				} else {
					m.Days[i].Stops[j].AttractionID = first
					return true
				}
			}
		}
		return false
	})
	// Legs: another option of the same pair, a wrong mode, a leg of a
	// pair the trip does not hold, a self-driving leg.
	add(func(m *orchestrator.Itinerary) bool {
		for i := range m.Days {
			d := &m.Days[i]
			for j := range d.Legs {
				l := &d.Legs[j]
				for _, tl := range trip.Transport {
					if orchestrator.CanonicalCity(tl.Value.From) == orchestrator.CanonicalCity(l.From) &&
						orchestrator.CanonicalCity(tl.Value.To) == orchestrator.CanonicalCity(l.To) && len(tl.Value.Options) > 1 {
						o := tl.Value.Options[len(tl.Value.Options)-1]
						if o.ID != l.OptionID {
							l.OptionID = o.ID
							l.Mode = "self_driving"
							return true
						}
					}
				}
			}
		}
		return false
	})
	add(func(m *orchestrator.Itinerary) bool {
		for i := range m.Days {
			if d := &m.Days[i]; len(d.Legs) > 0 {
				d.Legs[0].To = "Atlantis"
				d.Legs[0].Depart, d.Legs[0].Arrive = "25:00", "xx"
				d.Legs[0].Units++
				return true
			}
		}
		return false
	})
	// The route: a city of no data, the first city twice.
	add(func(m *orchestrator.Itinerary) bool {
		if len(m.Cities) == 0 {
			return false
		}
		m.Cities = append(m.Cities, m.Cities[0], orchestrator.CityVisit{City: "Atlantis", ArriveDay: 2, Nights: 1})
		return true
	})
	// Sums, stays and days.
	add(func(m *orchestrator.Itinerary) bool {
		if len(m.Stays) == 0 {
			return false
		}
		m.Stays[0].Rooms += 2
		m.Stays[0].Nights++
		m.Days[0].Cost.Cents += 100
		if len(m.Budget.Tiers) > 0 {
			m.Budget.Tiers[0].Total.Cents++
		}
		return true
	})
	add(func(m *orchestrator.Itinerary) bool {
		if len(m.Days) < 2 {
			return false
		}
		m.Days = m.Days[:len(m.Days)-1]
		m.Days[0].Date = "2020-01-01"
		m.Currency = "EUR"
		return true
	})
	return out
}

// The shared index changes nothing the verifier or the quality score
// says: varied plans of the sandbox, and the same plans with one thing
// wrong, give the same report bytes from catalogs with their content
// address (indexes shared by plans, built by the first and read by the
// others, concurrently) as from catalogs without one (indexed afresh).
func TestSharedIndexSameBytes(t *testing.T) {
	cases := sandboxPlans(t, 24)
	type job struct {
		b             *orchestrator.Brief
		fresh, shared *orchestrator.Trip
		it            *orchestrator.Itinerary
	}
	var jobs []job
	for _, c := range cases {
		jobs = append(jobs, job{c.b, c.fresh, c.shared, c.it})
		for _, m := range mutations(t, c.fresh, c.it) {
			jobs = append(jobs, job{c.b, c.fresh, c.shared, m})
		}
	}
	report := func(j job, trip *orchestrator.Trip) []byte {
		rep := verifier.Verify(j.b, trip, j.it)
		q := quality.Score(j.b, trip, j.it)
		doc, err := json.Marshal(struct {
			Report  orchestrator.Report  `json:"report"`
			Quality orchestrator.Quality `json:"quality"`
		}{rep, q})
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	want := make([][]byte, len(jobs))
	failed := 0
	for i, j := range jobs {
		want[i] = report(j, j.fresh)
		if !bytes.Contains(want[i], []byte(`"passed":true`)) {
			failed++
		}
	}
	if failed < len(jobs)-len(cases) {
		t.Errorf("%d of %d reports fail; every mutation should", failed, len(jobs))
	}
	// Twice over, four plans at a time: the first round builds the
	// indexes (racing to), the second reads them.
	for round := range 2 {
		got := make([][]byte, len(jobs))
		var wg sync.WaitGroup
		sem := make(chan struct{}, 4)
		for i, j := range jobs {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				got[i] = report(j, j.shared)
			}()
		}
		wg.Wait()
		for i := range jobs {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("round %d, plan %d: the report from shared indexes differs from the fresh one:\n got %s\nwant %s", round, i, got[i], want[i])
			}
		}
	}
}
