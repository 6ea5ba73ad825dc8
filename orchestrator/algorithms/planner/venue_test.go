package planner

import (
	"strings"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestFamilyNoBarMeals: where the best-rated restaurants of a city are
// KTV grills (a bar by name, quality.Bar), adults eat there and a party
// with a child never has lunch or dinner at one.
func TestFamilyNoBarMeals(t *testing.T) {
	f := newFixture()
	cd := f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 10), []int64{8000})
	for i := range cd.Restaurants.Value {
		r := &cd.Restaurants.Value[i]
		r.Rating = 2
		if i%2 == 0 {
			r.Name, r.Cuisines, r.Rating = "Alpha KTV Grill "+r.ID, []string{"BBQ"}, 5
		}
	}
	f.both("Home", "Alpha", flight(5000, "08:00", "09:00"), flight(5000, "19:00", "20:00"))
	bars := func(children int) int {
		b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
			Travelers: orchestrator.Travelers{Adults: 2, Children: children}})
		it, err := Plan(b, f.trip, Options{})
		if err != nil {
			t.Fatal(err)
		}
		n, meals := 0, 0
		for _, d := range it.Days {
			for _, m := range d.Meals {
				if m.Slot == orchestrator.Breakfast {
					continue
				}
				meals++
				if strings.Contains(m.Name, "KTV") {
					n++
				}
			}
		}
		if meals == 0 {
			t.Fatalf("children %d: no lunch or dinner planned", children)
		}
		return n
	}
	if n := bars(0); n == 0 {
		t.Errorf("adults: no meal at the best-rated places, the test shows nothing")
	}
	if n := bars(1); n != 0 {
		t.Errorf("party with a child: %d lunches or dinners at a KTV", n)
	}
}
