package planner_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

// datasetDir returns a shared dataset directory, skipping the test when it
// is absent unless TRIPWEAVE_REQUIRE_INTEGRATION=1.
func datasetDir(t testing.TB, name string) string {
	t.Helper()
	dir, err := datasets.Locate(name)
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset %s missing: %v", name, err)
		}
		t.Skipf("dataset %s not present at %s", name, dir)
	}
	return dir
}

var chinaCatalog *datasets.Catalog

// planOnSandbox plans the normalised brief b on a sandbox catalog and returns
// the itinerary and the trip it was planned from.
func planOnSandbox(t testing.TB, cat *datasets.Catalog, b *orchestrator.Brief) (*orchestrator.Itinerary, *orchestrator.Trip) {
	t.Helper()
	trip, err := cat.Trip(b.Origin, b.Cities())
	if err != nil {
		t.Fatal(err)
	}
	it, err := planner.Plan(b, trip, planner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return it, trip
}

func loadChina(t testing.TB) *datasets.Catalog {
	t.Helper()
	if chinaCatalog == nil {
		cat, err := datasets.LoadChinaTravel(datasetDir(t, "chinatravel"))
		if err != nil {
			t.Fatal(err)
		}
		chinaCatalog = cat
	}
	return chinaCatalog
}

// chengduBrief is "成都三日游，从上海出发，坐高铁，人均2000" as a brief.
func chengduBrief(t testing.TB) *orchestrator.Brief {
	t.Helper()
	b := &orchestrator.Brief{
		Origin:       "Shanghai",
		Destinations: []string{"Chengdu"},
		Days:         3,
		Travelers:    orchestrator.Travelers{Adults: 1},
		Budget:       &orchestrator.Budget{Amount: 2000, Currency: "CNY", PerPerson: true},
		Constraints:  orchestrator.Constraints{TransportPrefer: []string{"train"}},
		Language:     "zh",
		Now:          "2026-05-01T09:00:00+08:00",
	}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestChinaTravelChengdu(t *testing.T) {
	cat := loadChina(t)
	b := chengduBrief(t)
	it, trip := planOnSandbox(t, cat, b)
	chengdu, _ := cat.City("成都")
	ids := map[string]bool{}
	for _, a := range chengdu.Attractions {
		ids[a.ID] = true
	}
	for _, r := range chengdu.Restaurants {
		ids[r.ID] = true
	}
	for _, h := range chengdu.Hotels {
		ids[h.ID] = true
	}
	if len(it.Days) != 3 {
		t.Fatalf("%d days, want 3", len(it.Days))
	}
	var stops, meals int
	for _, d := range it.Days {
		for _, s := range d.Stops {
			stops++
			if !ids[s.AttractionID] || !strings.HasPrefix(s.AttractionID, "chinatravel:chengdu:attraction:") {
				t.Errorf("stop %s (%s) is not a Chengdu attraction of the dataset", s.Name, s.AttractionID)
			}
		}
		for _, m := range d.Meals {
			meals++
			if !ids[m.RestaurantID] {
				t.Errorf("meal at %s (%s) is not a Chengdu restaurant of the dataset", m.Name, m.RestaurantID)
			}
		}
		if d.Stay != nil && !ids[d.Stay.AccommodationID] {
			t.Errorf("night at %s is not a Chengdu hotel of the dataset", d.Stay.Name)
		}
	}
	full := it.Days[1]
	if len(full.Stops) == 0 || len(full.Meals) != 3 || full.Stay == nil {
		t.Errorf("day 2: %d stops, %d meals, stay %v", len(full.Stops), len(full.Meals), full.Stay)
	}
	out, back := it.Days[0].Legs, it.Days[2].Legs
	if len(out) != 1 || len(back) != 1 || out[0].Mode != "train" || back[0].Mode != "train" {
		t.Fatalf("legs: out %+v back %+v, want one train each way", out, back)
	}
	if out[0].FromStation == "" || !strings.HasPrefix(out[0].ToStation, "成都") || !out[0].Estimate {
		t.Errorf("outbound train %+v: want stations and an estimated fare", out[0])
	}
	if len(it.Stays) != 1 || it.Stays[0].Nights != 2 {
		t.Errorf("stays %+v, want one hotel for 2 nights", it.Stays)
	}
	if it.Budget.Limit == nil || it.Budget.Limit.Cents != 200000 || it.Budget.Currency != "CNY" {
		t.Errorf("limit %v %s, want 2000 CNY", it.Budget.Limit, it.Budget.Currency)
	}
	var total int64
	for _, d := range it.Days {
		total += d.Cost.Cents
	}
	if total > 200000 {
		t.Errorf("plan costs %d fen, over the 2000 CNY budget", total)
	}
	rep := verifier.Verify(b, trip, it)
	if !rep.Passed {
		t.Errorf("verifier: %+v", rep.Findings)
	}
	t.Logf("tier %s, %d stops, %d meals, total %s; train %s %s→%s %s–%s %s", it.Tier, stops, meals,
		orchestrator.Money{Cents: total, Currency: "CNY"}, out[0].Number, out[0].FromStation, out[0].ToStation, out[0].Depart, out[0].Arrive, out[0].Cost)
}

func TestChinaTravelDeterministic(t *testing.T) {
	cat := loadChina(t)
	var first []byte
	for i := 0; i < 3; i++ {
		b := chengduBrief(t)
		it, _ := planOnSandbox(t, cat, b)
		data, err := json.Marshal(it)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = data
		} else if !bytes.Equal(first, data) {
			t.Fatalf("run %d gave different JSON", i+1)
		}
	}
}

func BenchmarkPlanChengdu(b *testing.B) {
	cat := loadChina(b)
	br := chengduBrief(b)
	trip, err := cat.Trip(br.Origin, br.Cities())
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := planner.Plan(br, trip, planner.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// Four days from Shanghai to Hangzhou and Suzhou, order left to the
// planner, by train.
func TestChinaTravelTwoCities(t *testing.T) {
	cat := loadChina(t)
	b := &orchestrator.Brief{
		Origin: "上海", Destinations: []string{"杭州", "苏州"}, Days: 4, StartDate: "2026-05-02",
		Travelers:   orchestrator.Travelers{Adults: 2, Children: 1},
		Budget:      &orchestrator.Budget{Amount: 3000, Currency: "CNY", PerPerson: true},
		Constraints: orchestrator.Constraints{TransportPrefer: []string{"train"}},
		Interests:   []string{"history", "园林"},
		Now:         "2026-05-01T09:00:00+08:00",
	}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	it, trip := planOnSandbox(t, cat, b)
	if len(it.Cities) != 2 {
		t.Fatalf("cities %+v", it.Cities)
	}
	for _, d := range it.Days {
		for _, l := range d.Legs {
			if l.Mode != "train" {
				t.Errorf("day %d travels by %s", d.Day, l.Mode)
			}
		}
	}
	// Two adults and a child of no given age share a family room when one
	// is near; else two rooms for two: beds for all, no room wasted.
	for _, o := range quality.Objections(b, trip, it) {
		if o.Kind == quality.ObjStay || o.Kind == quality.ObjRoomWaste {
			t.Errorf("%s: %s", o.Kind, o.Detail)
		}
	}
	for _, st := range it.Stays {
		if st.Rooms < 1 || st.Rooms > 2 {
			t.Errorf("%s: %d rooms for 3 people", st.Name, st.Rooms)
		}
	}
	if rep := verifier.Verify(b, trip, it); !rep.Passed {
		t.Errorf("verifier: %+v", rep.Findings)
	}
}
