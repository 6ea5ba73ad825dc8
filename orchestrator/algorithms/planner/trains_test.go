package planner

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestTrainLengthByClock: a train's duration field that contradicts its
// clock times (08:00 → 14:00 listed as 60 minutes) is read by the clock,
// so the leg choice books the train that is really quicker. Without
// parseOption's clock reading the 60-minute slip wins on time.
func TestTrainLengthByClock(t *testing.T) {
	f := newFixture()
	f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 100), []int64{8000, 12000, 20000})
	train := func(number, dep, arr string, listed int) orchestrator.TransportOption {
		return orchestrator.TransportOption{Mode: "train", Number: number, Depart: dep, Arrive: arr, DurationMinutes: listed, Price: usd(3000)}
	}
	f.both("Home", "Alpha", train("G1", "08:00", "14:00", 60), train("G2", "08:20", "09:50", 90),
		train("G3", "17:00", "23:10", 60), train("G4", "17:20", "18:50", 90))
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range it.Days {
		for _, l := range d.Legs {
			if l.Number == "G1" || l.Number == "G3" {
				t.Errorf("day %d books %s %s–%s (listed as 60 minutes, six hours by the clock)", d.Day, l.Number, l.Depart, l.Arrive)
			}
			if dep, _ := orchestrator.ParseClock(l.Depart); l.DurationMinutes <= 0 || l.DurationMinutes > 24*60 || dep < 0 {
				t.Errorf("day %d: %s takes %d minutes", d.Day, l.Number, l.DurationMinutes)
			}
		}
	}
}

// TestSlowTrainGivesWay: the leg choice books the high-speed train that
// outpaces a cheaper conventional one at comparable hours, and keeps the
// conventional one when no high-speed train runs near its hours.
func TestSlowTrainGivesWay(t *testing.T) {
	f := newFixture()
	f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 100), []int64{8000, 12000, 20000})
	train := func(number, dep, arr string, price int64) orchestrator.TransportOption {
		d, _ := orchestrator.ParseClock(dep)
		a, _ := orchestrator.ParseClock(arr)
		return orchestrator.TransportOption{Mode: "train", Number: number, Depart: dep, Arrive: arr, DurationMinutes: a - d, Price: usd(price)}
	}
	f.leg("Home", "Alpha", train("K1", "08:00", "11:30", 1000), train("G1", "08:30", "09:40", 4000))
	f.leg("Alpha", "Home", train("K2", "17:00", "20:30", 1000), train("G2", "07:00", "08:10", 4000))
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Travelers: orchestrator.Travelers{Adults: 2}, Comfort: "economy"})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}
	for _, d := range it.Days {
		for _, l := range d.Legs {
			got[d.Day] = l.Number
		}
	}
	if got[1] != "G1" {
		t.Errorf("out: %s, want G1 (08:30–09:40 beside K1 08:00–11:30)", got[1])
	}
	if got[3] != "K2" {
		t.Errorf("home: %s, want K2 (the only train of the afternoon)", got[3])
	}
}

// TestSmallHoursGiveWay: when only the cheapest legs keep a plan within
// its budget and the cheapest train home arrives in the small hours
// (02:56 the next day), the planner weighs the cheapest that arrives
// outside them (05:11) and books it when it fits the budget. (G9 at a
// sensible hour, the economy tier's own choice, is over the budget.)
func TestSmallHoursGiveWay(t *testing.T) {
	f := newFixture()
	f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 100), []int64{8000, 12000, 20000})
	train := func(number, dep, arr string, offset, dur int, price int64) orchestrator.TransportOption {
		return orchestrator.TransportOption{Mode: "train", Number: number, Depart: dep, Arrive: arr, ArriveDayOffset: offset, DurationMinutes: dur, Price: usd(price)}
	}
	f.leg("Home", "Alpha", train("T1", "07:00", "10:00", 0, 180, 4000), flight(40000, "08:00", "09:00"))
	f.leg("Alpha", "Home", train("N1", "11:56", "02:56", 1, 900, 4000), train("N2", "19:21", "05:11", 1, 590, 4500), train("G9", "15:00", "17:00", 0, 120, 10000))
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Travelers: orchestrator.Travelers{Adults: 1}, Budget: &orchestrator.Budget{Amount: 338, Currency: "USD"}})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	last := it.Days[len(it.Days)-1]
	if len(last.Legs) == 0 || last.Legs[0].Number != "N2" {
		t.Errorf("home: %+v, want N2 (19:21–05:11), not N1 arriving 02:56", last.Legs)
	}
	var total int64
	for _, d := range it.Days {
		total += d.Cost.Cents
	}
	if total > 33800 {
		t.Errorf("plan costs %d, over the budget", total)
	}
}
