package planner_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

var sandboxCities = []string{"北京", "上海", "杭州", "苏州", "南京", "成都", "重庆", "武汉", "广州", "深圳"}

// planSandbox plans three days in dest for two from the next sandbox city.
func planSandbox(t *testing.T, i int, budget float64, comfort string) *orchestrator.Itinerary {
	t.Helper()
	b := &orchestrator.Brief{Origin: sandboxCities[(i+1)%len(sandboxCities)], Destinations: []string{sandboxCities[i]}, Days: 3,
		Travelers: orchestrator.Travelers{Adults: 2}, Language: "zh", Now: "2026-05-01T09:00:00+08:00", Comfort: comfort}
	if budget > 0 {
		b.Budget = &orchestrator.Budget{Amount: budget, Currency: "CNY"}
	}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	it, _ := planOnSandbox(t, loadChina(t), b)
	return it
}

func tierTotal(it *orchestrator.Itinerary, tier orchestrator.Tier) int64 {
	for _, tc := range it.Budget.Tiers {
		if tc.Tier == tier && !tc.Lean {
			return tc.Total.Cents
		}
	}
	return -1
}

func spent(it *orchestrator.Itinerary) int64 {
	var n int64
	for _, d := range it.Days {
		n += d.Cost.Cents
	}
	return n
}

// TestBudgetBetweenTiers gives each sandbox city a budget halfway between
// its economy and mid plans: the plan must fit it and spend at least the
// share the quality score counts as well used (60%) — where the economy
// plan spends less, a plan between the tiers — and a comfortable stay asked for on a budget
// just short of the comfort plan keeps a comfort or mid stay, never the
// economy one.
func TestBudgetBetweenTiers(t *testing.T) {
	for i, dest := range sandboxCities {
		free := planSandbox(t, i, 0, "")
		eco, mid, comfort := tierTotal(free, orchestrator.TierEconomy), tierTotal(free, orchestrator.TierMid), tierTotal(free, orchestrator.TierComfort)
		if eco <= 0 || mid <= eco || comfort <= mid {
			t.Errorf("%s: tiers economy %d, mid %d, comfort %d are not increasing", dest, eco, mid, comfort)
			continue
		}
		budget := float64(eco+mid) / 2 / 100
		it := planSandbox(t, i, budget, "")
		cost := spent(it)
		if float64(cost) > budget*100 {
			t.Errorf("%s: plan costs %d, over the budget %.0f", dest, cost/100, budget)
		}
		if float64(cost) < 0.6*budget*100 {
			t.Errorf("%s: budget %.0f between economy %d and mid %d, plan spends only %d (tier %s)", dest, budget, eco/100, mid/100, cost/100, it.Tier)
		}
		near := float64(comfort) * 0.95 / 100
		it = planSandbox(t, i, near, "comfort")
		if it.Tier == orchestrator.TierEconomy || spent(it) > int64(near*100) {
			t.Errorf("%s: comfort asked, budget %.0f just short of comfort %d: tier %s spending %d", dest, near, comfort/100, it.Tier, spent(it)/100)
		}
		t.Logf("%s: economy %d, mid %d, comfort %d; between → %d (%.0f%%); comfort at 95%% → %s", dest, eco/100, mid/100, comfort/100,
			cost/100, 100*float64(cost)/(budget*100), it.Tier)
	}
}

// TestComfortSteers holds that the comfort words steer the tier when the
// budget allows every tier.
func TestComfortSteers(t *testing.T) {
	for i := range sandboxCities[:4] {
		for _, want := range orchestrator.Tiers {
			if it := planSandbox(t, i, 200000, string(want)); it.Tier != want {
				t.Errorf("%s: comfort %q planned tier %s", sandboxCities[i], want, it.Tier)
			}
		}
	}
}

// TestBudgetTooSmall holds that a budget no plan meets gets a finding that
// names the cheapest feasible cost.
func TestBudgetTooSmall(t *testing.T) {
	it := planSandbox(t, 0, 10, "")
	cheapest := int64(-1)
	for _, tc := range it.Budget.Tiers {
		if cheapest < 0 || tc.Total.Cents < cheapest {
			cheapest = tc.Total.Cents
		}
	}
	for _, f := range it.Findings {
		if f.Code == orchestrator.FindingOverBudget {
			want := orchestrator.Money{Cents: cheapest, Currency: "CNY"}.String()
			if !strings.Contains(f.Message, "cheapest feasible plan costs "+want) || f.Shortfall == nil || f.Shortfall.Cents != cheapest-1000 {
				t.Errorf("over-budget finding %q (shortfall %v), want the cheapest cost %s", f.Message, f.Shortfall, want)
			}
			return
		}
	}
	t.Errorf("no over-budget finding for a 10 CNY budget: %+v", it.Findings)
}

// TestDeterministicVariants plans briefs that exercise the budget-fitted
// tiers, meal variety, early-closing interests and evening sights three
// times each: the plans must be byte-identical.
func TestDeterministicVariants(t *testing.T) {
	cat := loadChina(t)
	for i, dest := range sandboxCities {
		var first []byte
		for run := 0; run < 3; run++ {
			b := &orchestrator.Brief{Origin: sandboxCities[(i+3)%len(sandboxCities)], Destinations: []string{dest}, Days: 3,
				Travelers: orchestrator.Travelers{Adults: 2, Children: 1}, Language: "en", Now: "2026-05-01T09:00:00+08:00",
				Interests: []string{"night views", "pandas", "tea", "museums"}, Comfort: "comfort",
				Budget:      &orchestrator.Budget{Amount: 5000, Currency: "CNY"},
				Constraints: orchestrator.Constraints{Cuisines: []string{"hot pot"}}}
			if err := b.Normalize(time.Time{}); err != nil {
				t.Fatal(err)
			}
			it, _ := planOnSandbox(t, cat, b)
			data, err := json.Marshal(it)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = data
			} else if !bytes.Equal(first, data) {
				t.Fatalf("%s: run %d gave a different plan", dest, run+1)
			}
		}
	}
}
