package planner_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// TestOneBoatTourATrip: river cruises and night boat tours from other
// piers (珠江夜游 from two piers, 重庆夜游 and a cruise) are one outing a
// trip, across cities too, unless the traveller asks for cruises; and a
// site's parts never come with the site (the Palace Museum and 午门).
func TestOneBoatTourATrip(t *testing.T) {
	for _, b := range []*orchestrator.Brief{
		{Origin: "Shenzhen", Destinations: []string{"Guangzhou"}, Days: 3, Travelers: orchestrator.Travelers{Adults: 2}},
		{Origin: "Shanghai", Destinations: []string{"Chongqing"}, Days: 4, Travelers: orchestrator.Travelers{Adults: 2}, Interests: []string{"night views"}},
		{Origin: "Wuhan", Destinations: []string{"Chongqing"}, Days: 3, Travelers: orchestrator.Travelers{Adults: 2}},
		{Origin: "Beijing", Destinations: []string{"Hangzhou", "Shanghai"}, Days: 4, Travelers: orchestrator.Travelers{Adults: 2}, Interests: []string{"tea", "night views"}},
		{Origin: "Shanghai", Destinations: []string{"Wuhan"}, Days: 3, Travelers: orchestrator.Travelers{Adults: 1}},
		{Origin: "Shenzhen", Destinations: []string{"Beijing"}, Days: 5, Travelers: orchestrator.Travelers{Adults: 2}},
		{Origin: "Guangzhou", Destinations: []string{"Chengdu"}, Days: 4, Travelers: orchestrator.Travelers{Adults: 2, Children: 2, ChildAges: []int{7, 10}}, Interests: []string{"pandas"}},
	} {
		it, rep := planChina(t, b)
		if !rep.Passed {
			t.Errorf("%s → %v: hard checks fail", b.Origin, b.Destinations)
		}
		var tours []string
		var seen []orchestrator.Stop
		for _, d := range it.Days {
			for _, s := range d.Stops {
				if concepts.OnceGroup(s.Name, "", nil) == "cruise" {
					tours = append(tours, s.Name)
				}
				for _, x := range seen {
					km := -1.0
					if x.Location != nil && s.Location != nil {
						km = x.Location.DistanceKM(*s.Location)
					}
					if concepts.SameSite(x.Name, s.Name, km) {
						t.Errorf("%s → %v: %s and %s are one visit", b.Origin, b.Destinations, x.Name, s.Name)
					}
				}
				seen = append(seen, s)
			}
		}
		if len(tours) > 1 {
			t.Errorf("%s → %v: boat tours %q, want one", b.Origin, b.Destinations, tours)
		}
	}
}
