package quality

import (
	"os"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality/tripindex"
)

// The best hour the scorer keeps per catalog (scorer.hour, through the
// shared index) is BestHour of every attraction of the sandbox, on the
// first read and on the kept one, and for a catalog without a content
// address too.
func TestKeptHourIsBestHour(t *testing.T) {
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
	nights, mornings := 0, 0
	for _, name := range cat.Cities() {
		c, _ := cat.City(name)
		for _, ref := range []string{"", "test-kept-hour-" + name} {
			src := &orchestrator.Sourced[[]orchestrator.Attraction]{Value: c.Attractions, Ref: ref}
			x := tripindex.AttractionsOf(src)
			if x.Shared() != (ref != "") {
				t.Fatalf("%s: index shared %v with ref %q", name, x.Shared(), ref)
			}
			for pass := range 2 {
				for i := range c.Attractions {
					a := &c.Attractions[i]
					s := &scorer{}
					s.attractions.add(a.ID)
					s.attractions.vals[0] = attractionEntry{a: a, f: x.Facts(i, a), x: x, i: i}
					want := BestHour(a.Name, a.Category, a.Tags, a.Indoor)
					if got := s.hour(a.ID, a, s.attractions.vals[0].f); got != want {
						t.Fatalf("%s %q (ref %q, pass %d): kept hour %v, BestHour %v", name, a.Name, ref, pass, got, want)
					}
					if pass == 0 && ref == "" {
						switch want {
						case Night:
							nights++
						case Morning:
							mornings++
						}
					}
				}
			}
		}
	}
	if nights == 0 || mornings == 0 {
		t.Fatalf("the sandbox gives %d night and %d morning sights: the test tells little", nights, mornings)
	}
}
