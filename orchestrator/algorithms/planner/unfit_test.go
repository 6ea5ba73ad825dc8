package planner

import (
	"os"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// The hostel test kept per catalog (hotelFacts.unfitForChildren) is
// quality.UnfitForChildren of every hotel of the sandbox, for a shared
// catalog (on the first read and the kept one) and one without a content
// address.
func TestUnfitForChildrenKept(t *testing.T) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset chinatravel missing: %v", err)
		}
		t.Skipf("dataset chinatravel not present at %s", dir)
	}
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	unfit, all := 0, 0
	for _, name := range cat.Cities() {
		c, _ := cat.City(name)
		for _, ref := range []string{"", "test-unfit-" + name} {
			src := &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: c.Hotels, Ref: ref}
			for pass := range 2 {
				got := hotelFactsFor(src, nil).unfitForChildren(c.Hotels)
				if len(got) != len(c.Hotels) {
					t.Fatalf("%s: %d answers for %d hotels", name, len(got), len(c.Hotels))
				}
				for i := range c.Hotels {
					h := &c.Hotels[i]
					if want := quality.UnfitForChildren(h.Name, h.RoomName, h.Kind); got[i] != want {
						t.Fatalf("%s %q (ref %q, pass %d): kept %v, UnfitForChildren %v", name, h.Name, ref, pass, got[i], want)
					}
					if ref == "" && pass == 0 {
						all++
						if got[i] {
							unfit++
						}
					}
				}
			}
		}
	}
	if unfit == 0 || unfit == all {
		t.Fatalf("%d of %d sandbox hotels unfit for children: the test tells little", unfit, all)
	}
	t.Logf("%d of %d sandbox hotels unfit for children", unfit, all)
}
