package replan

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

// TestRepairPropertiesTravelPlanner repairs plans on TravelPlanner's US
// sandbox (dated flights, restaurants without hours) with every event kind
// drawn from each plan, seeded: the properties of repair (no new failing
// check, days before now untouched, changes named, determinism) hold on a
// second dataset too.
func TestRepairPropertiesTravelPlanner(t *testing.T) {
	dir, err := datasets.Locate("travelplanner")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset travelplanner missing: %v", err)
		}
		t.Skipf("dataset travelplanner not present: %v", err)
	}
	cat, err := datasets.LoadTravelPlanner(dir)
	if err != nil {
		t.Fatal(err)
	}
	cs := cat.Cities()
	r := rand.New(rand.NewPCG(5, 2))
	for k := range 80 {
		from, to := cs[r.IntN(len(cs))], cs[r.IntN(len(cs))]
		if from == to {
			continue
		}
		b := orchestrator.Brief{Origin: from, Destinations: []string{to}, StartDate: "2022-03-16", Days: 3 + r.IntN(3), Travelers: orchestrator.Travelers{Adults: 1 + r.IntN(4)}, Language: "en", Now: "2022-03-01T00:00:00-05:00"}
		if err := b.Normalize(at("2022-03-01T00:00:00Z")); err != nil {
			continue
		}
		trip, err := cat.Trip(b.Origin, b.Cities())
		if err != nil {
			continue
		}
		it, err := planner.Plan(&b, trip, planner.Options{})
		if err != nil || it == nil || len(it.Days) < 3 {
			continue
		}
		rep := verifier.Verify(&b, trip, it)
		it.Report = &rep
		p := &orchestrator.Plan{Brief: b, Trip: *trip, Itinerary: it, Status: "complete"}
		d := it.Days[1]
		evs := []Event{{Kind: Weather, Date: d.Date, Condition: "rain"}, {Kind: LateStart, Date: d.Date, Time: "11:00"}}
		if len(d.Stops) > 0 {
			evs = append(evs, Event{Kind: Closed, Place: d.Stops[0].Name, Date: d.Date}, Event{Kind: Skip, Place: d.Stops[len(d.Stops)-1].Name})
		}
		if len(d.Meals) > 0 {
			evs = append(evs, Event{Kind: Closed, Place: d.Meals[0].Name, Date: d.Date})
		}
		last := it.Days[len(it.Days)-1]
		if l := last.Legs; len(l) > 0 && l[0].Number != "" {
			evs = append(evs, Event{Kind: Cancelled, Leg: LegRef(l[0].Number), Date: last.Date}, Event{Kind: Delayed, Leg: LegRef(l[0].Number), Date: last.Date, Minutes: 45})
		}
		for _, ev := range evs {
			t.Run(fmt.Sprintf("%d %s-%s %s", k, from, to, ev.Kind), func(t *testing.T) { repair(t, p, "2022-03-16T20:00:00-05:00", ev) })
		}
	}
}
