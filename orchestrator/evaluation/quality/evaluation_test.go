package evaluation_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/evaluation/quality"
)

func TestShippedRequests(t *testing.T) {
	reqs, err := evaluation.ReadRequests(bytes.NewReader(evaluation.Requests))
	if err != nil {
		t.Fatal(err)
	}
	if len(reqs) < 40 {
		t.Errorf("%d requests, want at least 40", len(reqs))
	}
	byData, byLang, cities := map[string]int{}, map[string]int{}, map[string]bool{}
	for _, q := range reqs {
		byData[q.Dataset]++
		byLang[q.Brief.Language]++
		if q.Dataset == "chinatravel" {
			for _, c := range q.Brief.Destinations {
				cities[c] = true
			}
		}
		for _, in := range q.Expect.Interests {
			if concepts.Lookup(in, "") == nil {
				t.Errorf("%s: expected interest %q is not in the concept table", q.ID, in)
			}
		}
	}
	if byData["chinatravel"] == 0 || byData["travelplanner"] == 0 || byLang["zh"] == 0 || byLang["en"] == 0 {
		t.Errorf("requests by dataset %v, by language %v: want both of each", byData, byLang)
	}
	if len(cities) < 10 {
		t.Errorf("ChinaTravel requests cover %d cities, want all ten", len(cities))
	}
}

// TestRunChinaTravel plans the ChinaTravel requests and holds the rules
// every plan must keep.
func TestRunChinaTravel(t *testing.T) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	reqs, _ := evaluation.ReadRequests(bytes.NewReader(evaluation.Requests))
	var ct []evaluation.Request
	for _, q := range reqs {
		if q.Dataset == "chinatravel" {
			ct = append(ct, q)
		}
	}
	sum, results, err := evaluation.Run(context.Background(), evaluation.Catalogs{ChinaTravel: cat}, ct)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Error != "" || !r.HardPass {
			t.Errorf("%s: error %q, failed checks %v", r.ID, r.Error, r.Failed)
		}
	}
	if sum.NoSight != 0 || sum.OddLegs > 1 || sum.LateMeals > 3 {
		t.Errorf("trips without a sight %d, odd legs %d, late meals %d", sum.NoSight, sum.OddLegs, sum.LateMeals)
	}
	for _, r := range results {
		if r.LateMeals > 0 && !farDayTripRows[r.ID] {
			t.Errorf("%s: %d meals unreachable in time", r.ID, r.LateMeals)
		}
	}
	for _, r := range results {
		if len(r.MustMissed) > 0 {
			t.Errorf("%s: must-see sights in the data left out: %v", r.ID, r.MustMissed)
		}
	}
	if sum.MealRepeats > len(ct)/10 {
		t.Errorf("%d lunches and dinners repeat a restaurant category that day or beyond the trip's cap", sum.MealRepeats)
	}
	if u := sum.BudgetUse; u.UnderHalf > 0 || u.Over > 0 {
		t.Errorf("spend ÷ budget: %d plans under half the budget (%v), %d over it", u.UnderHalf, u.UnderHalfRequests, u.Over)
	}
	if sum.Expected < 0.9 {
		t.Errorf("expected facts met %.2f, want ≥ 0.9", sum.Expected)
	}
}

// farDayTripRows are the requests whose far day trips still leave a meal
// the traveller cannot reach in time: 武隆 from Chongqing's centre on the
// departure day, with no restaurant of the sandbox near it and the sight
// not moved to a day that fits (issue 28, open). hz-omg-daytrip-en closed
// with the suburban leg of the travel estimate (quality.TravelEstimate:
// beyond 10 km at 50 km/h, not 25). Unreachable meals anywhere else fail
// the test.
var farDayTripRows = map[string]bool{"days-cq-wulong-dazu-en": true}
