package planner_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestMustCoveredByItsPart: "the Great Wall at Mutianyu" reads as two
// must-sees, "Great Wall" and "Mutianyu"; the plan makes one visit to the
// Great Wall, at Mutianyu, and reports neither as missed.
func TestMustCoveredByItsPart(t *testing.T) {
	cat := loadChina(t)
	for _, must := range [][]string{{"Great Wall", "Mutianyu", "Forbidden City"}, {"长城", "慕田峪", "故宫"}} {
		b := &orchestrator.Brief{
			Origin: "Shanghai", Destinations: []string{"Beijing"}, StartDate: "2027-01-15", EndDate: "2027-01-18", Days: 4,
			Travelers: orchestrator.Travelers{Adults: 2},
			Budget:    &orchestrator.Budget{Amount: 12000, Currency: "CNY"},
			MustVisit: must,
		}
		if err := b.Normalize(time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		var walls []string
		for _, d := range it.Days {
			for _, s := range d.Stops {
				if strings.Contains(s.Name, "长城") {
					walls = append(walls, s.Name)
				}
			}
		}
		if len(walls) != 1 || !strings.Contains(walls[0], "慕田峪") {
			t.Errorf("%v: Great Wall visits %v, want one, at Mutianyu", must, walls)
		}
		for _, f := range it.Findings {
			if strings.HasPrefix(f.Code, "must_visit") {
				t.Errorf("%v: %s %s", must, f.Code, f.Message)
			}
		}
	}
}

// TestSectionsNamedBothVisited: two sections of the Great Wall named as
// must-sees, each by its own name, are two wishes: both are visited
// (a section's name holds the landmark's, but is not its general name).
func TestSectionsNamedBothVisited(t *testing.T) {
	cat := loadChina(t)
	for _, must := range [][]string{{"八达岭长城", "慕田峪长城"}, {"Badaling Great Wall", "Mutianyu Great Wall"}, {"慕田峪长城", "八达岭长城", "故宫"}} {
		b := &orchestrator.Brief{
			Origin: "Shanghai", Destinations: []string{"Beijing"}, Days: 4,
			Travelers: orchestrator.Travelers{Adults: 2},
			MustVisit: must,
		}
		if err := b.Normalize(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		it, _ := planOnSandbox(t, cat, b)
		seen := map[string]bool{}
		for _, d := range it.Days {
			for _, s := range d.Stops {
				for _, w := range []string{"八达岭", "慕田峪"} {
					if strings.Contains(s.Name, w) {
						seen[w] = true
					}
				}
			}
		}
		if !seen["八达岭"] || !seen["慕田峪"] {
			t.Errorf("%v: sections visited %v, want both", must, seen)
		}
	}
}
