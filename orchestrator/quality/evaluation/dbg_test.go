package evaluation

import (
	"bytes"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator/datasets"
	"github.com/tripweave/tripweave/orchestrator/planner"
)

func TestDbg(t *testing.T) {
	ids := os.Getenv("DBG_IDS")
	reqs, _ := ReadRequests(bytes.NewReader(Requests))
	dir, _ := datasets.Locate("travelplanner")
	tp, _ := datasets.LoadTravelPlanner(dir)
	dir, _ = datasets.Locate("chinatravel")
	ct, _ := datasets.LoadChinaTravel(dir)
	for _, q := range reqs {
		if !bytes.Contains([]byte(ids), []byte(q.ID)) {
			continue
		}
		cat := ct
		if q.Dataset == "travelplanner" {
			cat = tp
		}
		b := q.Brief
		b.Normalize(time.Time{})
		trip, _ := cat.Trip(b.Origin, b.Cities())
		it, err := planner.Plan(&b, trip, planner.Options{Cities: b.CityCount})
		if err != nil {
			fmt.Println(q.ID, err)
			continue
		}
		fmt.Println("==", q.ID, it.Tier, it.Lean, "limit", it.Budget.Limit)
		for _, tc := range it.Budget.Tiers {
			fmt.Println("  ", tc.Tier, tc.Lean, "T", tc.Transport, "L", tc.Lodging, "F", tc.Food, "A", tc.Attractions, "=", tc.Total)
		}
		for _, f := range it.Findings {
			fmt.Println("  finding", f.Code, f.Message)
		}
		if os.Getenv("DBG_DAYS") != "" {
			for _, d := range it.Days {
				for _, l := range d.Legs {
					fmt.Println(d.Day, l.Mode, l.Number, l.From, l.To, l.Depart, l.Arrive, l.Cost)
				}
				for _, s := range d.Stops {
					fmt.Println(d.Day, "  ", s.Start, s.End, s.Name)
				}
				for _, m := range d.Meals {
					fmt.Println(d.Day, "    ", m.Slot, m.Time, m.Name, m.Cuisines, m.Cost)
				}
			}
		}
	}
}
