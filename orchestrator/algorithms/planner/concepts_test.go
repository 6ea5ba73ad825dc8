package planner_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

// planChina plans b over the ChinaTravel sandbox and verifies the plan.
func planChina(t *testing.T, b *orchestrator.Brief) (*orchestrator.Itinerary, orchestrator.Report) {
	t.Helper()
	if b.Now == "" {
		b.Now = "2026-05-01T09:00:00+08:00"
	}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	cat := loadChina(t)
	it, trip := planOnSandbox(t, cat, b)
	return it, verifier.Verify(b, trip, it)
}

func stopNames(it *orchestrator.Itinerary) []string {
	var out []string
	for _, d := range it.Days {
		for _, s := range d.Stops {
			out = append(out, s.Name)
		}
	}
	return out
}

func anyContains(names []string, sub string) bool {
	for _, n := range names {
		if strings.Contains(n, sub) {
			return true
		}
	}
	return false
}

func failed(rep orchestrator.Report, check string) bool {
	for _, c := range rep.Checks {
		if c.Name == check && c.Status == orchestrator.CheckFail {
			return true
		}
	}
	return false
}

// English interests and cuisines meet the sandbox's Chinese data through
// the concept table, and the verifier agrees.
func TestConceptsAcrossLanguages(t *testing.T) {
	b := &orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu"}, Days: 3,
		Travelers: orchestrator.Travelers{Adults: 2}, Interests: []string{"pandas"},
		Constraints: orchestrator.Constraints{Cuisines: []string{"Sichuan", "hot pot"}}}
	it, rep := planChina(t, b)
	if names := stopNames(it); !anyContains(names, "熊猫") {
		t.Errorf("pandas asked for, stops %v", names)
	}
	if failed(rep, verifier.CheckCuisines) {
		t.Errorf("cuisines reported not covered: %+v", rep.Findings)
	}
	for _, f := range it.Findings {
		if f.Code == "cuisine_not_covered" {
			t.Errorf("planner: %s", f.Message)
		}
	}

	b = &orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"苏州"}, Days: 2, Interests: []string{"园林"}}
	it, _ = planChina(t, b)
	if names := stopNames(it); !anyContains(names, "园") {
		t.Errorf("园林 asked for in Suzhou, stops %v", names)
	}
}

// A must-see sight is resolved fuzzily and visited; one the data lacks is
// a finding, not a silent drop.
func TestMustVisit(t *testing.T) {
	b := &orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Beijing"}, Days: 3,
		MustVisit: []string{"长城", "the Forbidden City", "the Louvre"}}
	it, rep := planChina(t, b)
	names := stopNames(it)
	if !anyContains(names, "长城") || !anyContains(names, "故宫") {
		t.Errorf("must-see sights missing: %v", names)
	}
	if failed(rep, verifier.CheckMustVisit) {
		t.Errorf("verifier: %+v", rep.Findings)
	}
	found := false
	for _, f := range it.Findings {
		found = found || (f.Code == planner.FindingMustVisitNotFound && f.Subject == "the Louvre")
	}
	if !found {
		t.Errorf("no finding for the Louvre: %+v", it.Findings)
	}
}

// "坐高铁" is strict: every train is a G, D or C train, and legs avoid odd
// hours when an alternative exists.
func TestHighSpeedAndLegHours(t *testing.T) {
	for _, dest := range []string{"Nanjing", "Wuhan", "Chengdu", "Beijing"} {
		b := &orchestrator.Brief{Origin: "Shanghai", Destinations: []string{dest}, Days: 3,
			Constraints: orchestrator.Constraints{TransportRequire: []string{"train"}, HighSpeedRail: true}}
		it, rep := planChina(t, b)
		if failed(rep, verifier.CheckRequire) {
			t.Errorf("%s: %+v", dest, rep.Findings)
		}
		for _, d := range it.Days {
			for _, l := range d.Legs {
				if l.Mode != "train" || !orchestrator.HighSpeedTrain(l.Number, l.Class) {
					t.Errorf("%s day %d: %s %s is not a high-speed train", dest, d.Day, l.Mode, l.Number)
				}
				if l.Depart < "06:30" || l.ArriveDayOffset > 0 || l.Arrive > "23:30" {
					t.Errorf("%s day %d: %s %s–%s at an odd hour", dest, d.Day, l.Number, l.Depart, l.Arrive)
				}
			}
		}
	}
}

func TestPlanContextCancelled(t *testing.T) {
	b := &orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu"}, Days: 3, Now: "2026-05-01T09:00:00+08:00"}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	trip, err := loadChina(t).Trip(b.Origin, b.Cities())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := planner.PlanContext(ctx, b, trip, planner.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("PlanContext on a cancelled context: %v, want context.Canceled", err)
	}
}

// A flight landing after midnight is a valid first day; a leg arriving the
// next evening is not.
func TestOvernightArrival(t *testing.T) {
	usd := func(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "USD"} }
	opt := func(id, dep, arr string, off int) orchestrator.TransportOption {
		return orchestrator.TransportOption{ID: id, Mode: "flight", Number: id, Depart: dep, Arrive: arr, ArriveDayOffset: off, Pricing: orchestrator.PerPerson, Price: usd(10000)}
	}
	trip := &orchestrator.Trip{
		Cities: []orchestrator.CityData{{Name: "Lakeside",
			Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: []orchestrator.Attraction{{ID: "a1", Name: "Castle"}, {ID: "a2", Name: "Harbour"}}},
			Restaurants: &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: []orchestrator.Restaurant{{ID: "r1", Name: "Diner", Price: usd(1000)}, {ID: "r2", Name: "Cafe", Price: usd(1000)}, {ID: "r3", Name: "Grill", Price: usd(1000)}}},
			Hotels:      &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: []orchestrator.Accommodation{{ID: "h1", Name: "Inn", RoomType: "private_room", MaxOccupancy: 2, Price: usd(8000), HouseRules: &orchestrator.HouseRuleSet{}}}},
		}},
		Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{
			{Value: orchestrator.TransportLeg{From: "Home", To: "Lakeside", Options: []orchestrator.TransportOption{opt("F1", "22:51", "00:42", 1), opt("F2", "20:00", "18:44", 1)}}},
			{Value: orchestrator.TransportLeg{From: "Lakeside", To: "Home", Options: []orchestrator.TransportOption{opt("F3", "17:00", "19:00", 0)}}},
		},
	}
	b := &orchestrator.Brief{Origin: "Home", Destinations: []string{"Lakeside"}, Days: 2, Now: "2026-05-01T09:00:00Z"}
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	it, err := planner.Plan(b, trip, planner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := it.Days[0].Legs[0]
	if l.OptionID != "F1" || l.ArriveDayOffset != 1 || l.Arrive != "00:42" {
		t.Errorf("first leg %+v, want F1 arriving 00:42 the next day", l)
	}
	if rep := verifier.Verify(b, trip, it); !rep.Passed {
		t.Errorf("verifier: %+v", rep.Findings)
	}
}
