package planner

import (
	"slices"
	"testing"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// TestSignatureDishes: the sandbox's Nanjing restaurants that recommend
// its signature dishes (盐水鸭, 鸭血粉丝汤) are marked local, and chains'
// branches are marked.
func TestSignatureDishes(t *testing.T) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		t.Skipf("dataset chinatravel not present at %s", dir)
	}
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	trip, err := cat.Trip("上海", []string{"南京"})
	if err != nil {
		t.Fatal(err)
	}
	rs := trip.Cities[0].Restaurants.Value
	items := make([]restFact, len(rs))
	localFacts("南京", rs, "", items)
	local, chains, duck := 0, 0, 0
	for i := range rs {
		if items[i].local > 0 {
			local++
		}
		if items[i].chain {
			chains++
		}
		if slices.ContainsFunc(rs[i].Dishes, func(d string) bool { return dishKey(d) == "盐水鸭" }) && items[i].local == 0 {
			t.Errorf("%s recommends 盐水鸭 but is not marked local", rs[i].Name)
		}
		if slices.ContainsFunc(rs[i].Dishes, func(d string) bool { return dishKey(d) == "盐水鸭" }) {
			duck++
		}
	}
	t.Logf("%d restaurants: %d local, %d chain branches, %d recommend 盐水鸭", len(rs), local, chains, duck)
	if local == 0 || local == len(rs) || chains == 0 {
		t.Errorf("local %d, chains %d of %d", local, chains, len(rs))
	}
}
