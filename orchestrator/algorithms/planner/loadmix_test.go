package planner_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// loadBrief is one brief of the load mix and the trip it is planned on.
type loadBrief struct {
	b    *orchestrator.Brief
	trip *orchestrator.Trip // catalogs and legs with their content address
	raw  *orchestrator.Trip // the same data without addresses
}

// loadTrips keeps the trips of the load mix by origin and cities, so that a
// benchmark measures the planner, not the trip's assembly.
var loadTrips sync.Map

// loadTrip returns the trip the pipeline gathers for origin and cities
// (hubTrip) twice: with every catalog, matrix and leg carrying its content
// address, as the service's trips do, and without.
func loadTrip(t testing.TB, cat *datasets.Catalog, origin string, cities []string) (shared, raw *orchestrator.Trip) {
	t.Helper()
	key := fmt.Sprint(origin, cities)
	if v, ok := loadTrips.Load(key); ok {
		p := v.([2]*orchestrator.Trip)
		return p[0], p[1]
	}
	raw = hubTrip(t, cat, origin, cities...)
	shared = withRefs(t, raw)
	loadTrips.Store(key, [2]*orchestrator.Trip{shared, raw})
	return shared, raw
}

// loadMixBriefs draws n briefs as `orchestrator load` does (drawBrief):
// origin and destination among the sandbox cities, a start within 90 days
// of 2027-03-01, 2–4 days, 1–4 adults and 0–2 children, 1000–5000 CNY a
// head in steps of 500, English. With extra set, a share of them vary
// further — a second destination, transport constraints, no budget, pace —
// for the same-bytes checks.
func loadMixBriefs(t testing.TB, n int, seed uint64, extra bool) []loadBrief {
	t.Helper()
	cat := loadChina(t)
	cities := cat.Cities()
	rng := rand.New(rand.NewPCG(13, seed))
	start := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	modes := []orchestrator.Constraints{
		{}, {TransportExclude: []string{"flight"}}, {TransportExclude: []string{"train"}},
		{HighSpeedRail: true}, {TransportPrefer: []string{"train"}}, {TransportPrefer: []string{"flight"}},
	}
	out := make([]loadBrief, 0, n)
	for len(out) < n {
		from, to := cities[rng.IntN(len(cities))], cities[rng.IntN(len(cities))]
		if from == to {
			continue
		}
		b := &orchestrator.Brief{
			Origin: from, Destinations: []string{to},
			StartDate: start.AddDate(0, 0, rng.IntN(90)).Format(orchestrator.DateLayout),
			Days:      2 + rng.IntN(3),
			Travelers: orchestrator.Travelers{Adults: 1 + rng.IntN(4), Children: rng.IntN(3)},
			Budget:    &orchestrator.Budget{Amount: float64(1000 + 500*rng.IntN(9)), Currency: "CNY", PerPerson: true},
			Language:  "en",
			Now:       "2027-02-20T09:00:00Z",
		}
		if extra {
			if rng.IntN(3) == 0 {
				if c := cities[rng.IntN(len(cities))]; c != from && c != to {
					b.Destinations = append(b.Destinations, c)
					b.Days += 2
				}
			}
			b.Constraints = modes[rng.IntN(len(modes))]
			if rng.IntN(6) == 0 {
				b.Budget = nil
			}
			b.Pace = []string{"", "", "relaxed", "packed"}[rng.IntN(4)]
			if rng.IntN(4) == 0 {
				b.Language = "zh"
			}
		}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		shared, raw := loadTrip(t, cat, b.Origin, b.Cities())
		out = append(out, loadBrief{b: b, trip: shared, raw: raw})
	}
	return out
}

// planBytes is the plan's JSON, or its error.
func planBytes(t testing.TB, b *orchestrator.Brief, trip *orchestrator.Trip) []byte {
	it, err := planner.Plan(b, trip, planner.Options{})
	if err != nil {
		return []byte("error: " + err.Error())
	}
	doc, err := json.Marshal(it)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// BenchmarkPlanLoadMix plans the briefs `orchestrator load` sends in its
// unique phase — every origin and destination of the sandbox, varied dates,
// days, travellers and budgets — with the catalog index warm, as the
// service's plans are.
func BenchmarkPlanLoadMix(b *testing.B) {
	briefs := loadMixBriefs(b, 200, 1, false)
	for _, lb := range briefs { // the catalog index warm
		if _, err := planner.Plan(lb.b, lb.trip, planner.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	i := 0
	for b.Loop() {
		lb := briefs[i%len(briefs)]
		if _, err := planner.Plan(lb.b, lb.trip, planner.Options{}); err != nil {
			b.Fatal(fmt.Errorf("brief %d: %w", i%len(briefs), err))
		}
		i++
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(i), "cpu-ms/op")
}

// TestLoadMixSameBytes plans varied briefs of the load mix (one and two
// destinations, every origin, transport constraints, budgets) three ways:
// from catalogs and legs without a content address (nothing shared between
// plans), from addressed ones in order, and from addressed ones again,
// concurrently and in another order. Whatever the planner keeps per
// catalog, leg or city pair must give the bytes the plan computed afresh
// gives.
func TestLoadMixSameBytes(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 40
	}
	briefs := loadMixBriefs(t, n, 7, true)
	want := make([][]byte, len(briefs))
	for i, lb := range briefs {
		want[i] = planBytes(t, lb.b, lb.raw)
	}
	for i, lb := range briefs {
		if got := planBytes(t, lb.b, lb.trip); !bytes.Equal(got, want[i]) {
			t.Fatalf("brief %d (%s → %v): the plan from shared data differs:\n got %.300s\nwant %.300s", i, lb.b.Origin, lb.b.Destinations, got, want[i])
		}
	}
	got := make([][]byte, len(briefs))
	var wg sync.WaitGroup
	for i := len(briefs) - 1; i >= 0; i-- {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = planBytes(t, briefs[i].b, briefs[i].trip)
		}()
	}
	wg.Wait()
	for i := range briefs {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("brief %d (%s → %v), concurrent: the plan differs:\n got %.300s\nwant %.300s", i, briefs[i].b.Origin, briefs[i].b.Destinations, got[i], want[i])
		}
	}
}

// TestLoadMixDump writes the plans of 400 load-mix briefs to the directory
// $PLANNER_DUMP (one file of hashes and the plans themselves), for
// comparing two versions of the planner byte for byte. Skipped without it.
func TestLoadMixDump(t *testing.T) {
	dir := os.Getenv("PLANNER_DUMP")
	if dir == "" {
		t.Skip("PLANNER_DUMP not set")
	}
	var sums, all bytes.Buffer
	for seed, extra := range []bool{false, true} {
		for i, lb := range loadMixBriefs(t, 200, uint64(100+seed), extra) {
			for _, trip := range []*orchestrator.Trip{lb.trip, lb.raw} {
				doc := planBytes(t, lb.b, trip)
				h := sha256.Sum256(doc)
				fmt.Fprintf(&sums, "%d %d %s %v %s\n", seed, i, lb.b.Origin, lb.b.Destinations, hex.EncodeToString(h[:8]))
				all.Write(doc)
				all.WriteByte('\n')
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "sums.txt"), sums.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plans.jsonl"), all.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Journeys shared by plans keep apart what the transport's content
// addresses do not say: the same legs planned for an origin spelt two ways
// (the journeys' labels), for other group sizes (their fares) and other
// transport constraints give, interleaved, the bytes each gives afresh.
func TestSharedJourneysKeepApart(t *testing.T) {
	cat := loadChina(t)
	type trial struct {
		origin, dest string
		people       int
		c            orchestrator.Constraints
	}
	var trials []trial
	for _, p := range [][2]string{{"苏州", "广州"}, {"Suzhou", "Guangzhou"}, {"苏州", "重庆"}, {"Suzhou", "Chongqing"}, {"suzhou", "Chongqing"}, {"SUZHOU", "Chongqing"}} {
		for _, people := range []int{1, 3} {
			for _, c := range []orchestrator.Constraints{{}, {TransportExclude: []string{"flight"}}, {HighSpeedRail: true}} {
				trials = append(trials, trial{p[0], p[1], people, c})
			}
		}
	}
	journeys := 0
	for _, tr := range trials {
		b := &orchestrator.Brief{Origin: tr.origin, Destinations: []string{tr.dest}, Days: 3, StartDate: "2027-03-10",
			Travelers: orchestrator.Travelers{Adults: tr.people}, Constraints: tr.c, Language: "en", Now: "2027-02-20T09:00:00Z"}
		if err := b.Normalize(time.Time{}); err != nil {
			t.Fatal(err)
		}
		shared, raw := loadTrip(t, cat, b.Origin, b.Cities())
		want := planBytes(t, b, raw)
		if got := planBytes(t, b, shared); !bytes.Equal(got, want) {
			t.Fatalf("%s → %s, %d people, %+v: the plan from shared journeys differs:\n got %.400s\nwant %.400s", tr.origin, tr.dest, tr.people, tr.c, got, want)
		}
		if bytes.Contains(want, []byte(`"journeys":[{`)) {
			journeys++
		}
	}
	if journeys == 0 {
		t.Fatal("no plan books a journey: the test tells nothing")
	}
	t.Logf("%d of %d plans book a journey", journeys, len(trials))
}
