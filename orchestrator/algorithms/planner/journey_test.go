package planner

import (
	"slices"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

// train returns a timetabled train between two named stations.
func train(price int64, number, dep, arr, fromStation, toStation string) orchestrator.TransportOption {
	d, _ := orchestrator.ParseClock(dep)
	a, _ := orchestrator.ParseClock(arr)
	return orchestrator.TransportOption{Mode: "train", Number: number, Depart: dep, Arrive: arr, DurationMinutes: a - d,
		FromStation: fromStation, ToStation: toStation, Price: usd(price)}
}

// failed lists the checks a report fails.
func failed(rep orchestrator.Report) []string {
	var out []string
	for _, c := range rep.Checks {
		if c.Status == orchestrator.CheckFail {
			out = append(out, c.Name)
		}
	}
	return out
}

// railTrip: Home and Alpha have no direct service; trains change at Hub,
// some too tight to make.
func railTrip() *fixture {
	f := newFixture()
	f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 100), []int64{8000})
	f.leg("Home", "Hub", train(3000, "G1", "08:00", "09:00", "Home Central", "Hub South"))
	f.leg("Hub", "Alpha",
		train(2000, "G2", "09:10", "10:00", "Hub South", "Alpha Central"), // 10 min at one station: too tight
		train(2000, "G3", "09:30", "10:30", "Hub South", "Alpha Central"))
	f.leg("Alpha", "Hub", train(2000, "G4", "17:00", "18:00", "Alpha Central", "Hub East"))
	f.leg("Hub", "Home",
		train(3000, "G5", "18:30", "19:30", "Hub South", "Home Central"), // 30 min across stations: too tight
		train(3000, "G6", "19:10", "20:10", "Hub South", "Home Central"))
	return f
}

func TestJourneyRailRail(t *testing.T) {
	f := railTrip()
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	numbers := func(d orchestrator.Day) []string {
		var out []string
		for _, l := range d.Legs {
			out = append(out, l.Number)
		}
		return out
	}
	if got := numbers(it.Days[0]); !slices.Equal(got, []string{"G1", "G3"}) {
		t.Errorf("day 1 legs %v, want G1 then G3 (G2 leaves 10 minutes after G1 arrives; a change at one station needs %d)", got, orchestrator.TransferSameStation)
	}
	if got := numbers(it.Days[2]); !slices.Equal(got, []string{"G4", "G6"}) {
		t.Errorf("day 3 legs %v, want G4 then G6 (G5 leaves 30 minutes after G4 arrives at another station; that change needs %d)", got, orchestrator.TransferCityStations)
	}
	js := it.Days[0].Journeys
	if len(js) != 1 || !slices.Equal(js[0].Via, []string{"Hub"}) || js[0].Legs != 2 || js[0].Depart != "08:00" || js[0].Arrive != "10:30" || js[0].Cost.Cents != 5000 {
		t.Errorf("day 1 journeys %+v, want one via Hub 08:00–10:30 costing 50.00", js)
	}
	if l := it.Days[0].Legs[1]; l.Journey != 1 || l.TransferMinutes != 30 || l.MinTransferMinutes != orchestrator.TransferSameStation {
		t.Errorf("second leg %+v: want journey 1, a 30-minute change against a minimum of %d", l, orchestrator.TransferSameStation)
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Fatalf("verifier: %+v", rep.Findings)
	}

	// The verifier rejects a change that is too tight: G2 in place of G3.
	bad := *it
	bad.Days = slices.Clone(it.Days)
	bad.Days[0].Legs = slices.Clone(it.Days[0].Legs)
	l := &bad.Days[0].Legs[1]
	l.OptionID, l.Number, l.Depart, l.Arrive = "train-Hub-Alpha-0", "G2", "09:10", "10:00"
	bad.Days[0].Journeys = slices.Clone(it.Days[0].Journeys)
	bad.Days[0].Journeys[0].Arrive = "10:00"
	rep := verifier.Verify(b, f.trip, &bad)
	if !slices.Contains(failed(rep), verifier.CheckLegs) {
		t.Fatalf("a 10-minute change passed: %v %+v", failed(rep), rep.Findings)
	}
	if !slices.ContainsFunc(rep.Findings, func(f orchestrator.Finding) bool {
		return strings.Contains(f.Message, "in 10 minutes") && strings.Contains(f.Message, "same station")
	}) {
		t.Errorf("no finding naming the 10-minute change at one station: %+v", rep.Findings)
	}
}

// groundAirTrip: Suzhou (no airport in the data) to Alpha by flights from
// Shanghai; Suzhou and Shanghai are located by the hub table.
func groundAirTrip() *fixture {
	f := newFixture()
	f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 100), []int64{8000})
	fl := flight(20000, "12:00", "14:00")
	fl.FromStation, fl.ToStation = "PVG", "ALP"
	f.leg("Shanghai", "Alpha", fl)
	back := flight(20000, "15:00", "17:00")
	back.FromStation, back.ToStation = "ALP", "PVG"
	f.leg("Alpha", "Shanghai", back)
	return f
}

func TestJourneyGroundAir(t *testing.T) {
	f := groundAirTrip()
	b := brief(t, orchestrator.Brief{Origin: "Suzhou", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Travelers: orchestrator.Travelers{Adults: 2}})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out, back := it.Days[0].Legs, it.Days[2].Legs
	if len(out) != 2 || !orchestrator.IsGround(out[0].Mode) || out[1].Mode != "flight" || len(back) != 2 || back[0].Mode != "flight" || !orchestrator.IsGround(back[1].Mode) {
		t.Fatalf("legs out %+v back %+v, want a road hop then the flight, the flight then a road hop", out, back)
	}
	hop := out[0]
	if !strings.HasPrefix(hop.OptionID, orchestrator.GroundPrefix) || !hop.Estimate || hop.DistanceKM <= 0 {
		t.Errorf("hop %+v: want a modelled hop marked as an estimate", hop)
	}
	// Timed to reach the 12:00 flight with the check-in minimum.
	arr, _ := orchestrator.ParseClock(hop.Arrive)
	if got := 12*60 - arr; got != orchestrator.TransferGroundToAir || out[1].TransferMinutes != got {
		t.Errorf("taxi arrives %s, %d minutes before the flight; want %d", hop.Arrive, got, orchestrator.TransferGroundToAir)
	}
	want, ok := orchestrator.GroundHop(hop.Mode, "Suzhou", "Shanghai", hop.DistanceKM, "USD")
	if !ok || hop.Cost.Cents != want.Price.Cents*int64(want.Units(2)) || hop.DurationMinutes != want.DurationMinutes {
		t.Errorf("%s costs %s over %d min, the fare model says %s × %d over %d", hop.Mode, hop.Cost, hop.DurationMinutes, want.Price, want.Units(2), want.DurationMinutes)
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Fatalf("verifier: %+v", rep.Findings)
	}
	// The verifier checks exclusions on every leg of a journey.
	b2 := *b
	b2.Constraints.TransportExclude = []string{hop.Mode}
	if rep := verifier.Verify(&b2, f.trip, it); !slices.Contains(failed(rep), verifier.CheckTransport) {
		t.Errorf("a %s inside a journey passed a brief excluding it: %v", hop.Mode, failed(rep))
	}
	// A fare that is not the model's fails.
	bad := *it
	bad.Days = slices.Clone(it.Days)
	bad.Days[0].Legs = slices.Clone(it.Days[0].Legs)
	bad.Days[0].Legs[0].DistanceKM = 10
	bad.Days[0].Legs[0].OptionID = orchestrator.GroundPrefix + "taxi:suzhou:nowhere"
	if rep := verifier.Verify(b, f.trip, &bad); rep.Passed {
		t.Error("a hop to a city the trip cannot locate passed")
	}
}

func TestJourneyExcludedMode(t *testing.T) {
	// One road mode excluded: the hop to the airport is the other.
	for _, tc := range [][2]string{{"taxi", "bus"}, {"bus", "taxi"}} {
		f := groundAirTrip()
		b := brief(t, orchestrator.Brief{Origin: "Suzhou", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
			Constraints: orchestrator.Constraints{TransportExclude: []string{tc[0]}}})
		it, err := Plan(b, f.trip, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range it.Days {
			for _, l := range d.Legs {
				if l.Mode == tc[0] {
					t.Errorf("day %d travels by %s, which the brief excludes", d.Day, tc[0])
				}
			}
		}
		if out := it.Days[0].Legs; len(out) != 2 || out[0].Mode != tc[1] {
			t.Fatalf("%s excluded: legs %+v, want a %s to the flight", tc[0], out, tc[1])
		}
		if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
			t.Fatalf("verifier: %+v", rep.Findings)
		}
	}

	// Trains excluded: the rail connection is not booked.
	f := railTrip()
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Constraints: orchestrator.Constraints{TransportExclude: []string{"train"}}})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range it.Days {
		if len(d.Legs) > 0 {
			t.Errorf("day %d has legs %+v though trains are excluded", d.Day, d.Legs)
		}
	}
}

// TestJourneyNothingWorks: when no service covers a leg, the plan is
// partial and a finding names the missing link and the nearest
// alternative.
func TestJourneyNothingWorks(t *testing.T) {
	f := groundAirTrip()
	b := brief(t, orchestrator.Brief{Origin: "Suzhou", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Constraints: orchestrator.Constraints{TransportExclude: []string{"taxi", "bus"}}})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatalf("no partial plan: %v", err)
	}
	if len(it.Days) != 3 || len(it.Stays) != 1 {
		t.Fatalf("partial plan: %d days, stays %+v", len(it.Days), it.Stays)
	}
	var msgs []string
	for _, f := range it.Findings {
		if f.Code == FindingNoRoute {
			msgs = append(msgs, f.Message)
			if f.Severity != orchestrator.SeverityError || (f.Subject != "Suzhou → Alpha" && f.Subject != "Alpha → Suzhou") {
				t.Errorf("finding %+v", f)
			}
		}
	}
	if len(msgs) != 2 {
		t.Fatalf("no_route findings %q, want one per direction", msgs)
	}
	for _, m := range msgs {
		if !strings.Contains(m, "via Shanghai") || !strings.Contains(m, "the brief excludes taxi, bus") || !strings.Contains(m, "the closest is") {
			t.Errorf("finding %q does not name the alternative through Shanghai and why it was not booked", m)
		}
	}
	if rep := verifier.Verify(b, f.trip, it); rep.Passed || !slices.Contains(failed(rep), verifier.CheckLegs) {
		t.Errorf("the partial plan passed the legs check: %v", failed(rep))
	}

	// No data at all between the cities.
	f = newFixture()
	f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 100), []int64{8000})
	b = brief(t, orchestrator.Brief{Origin: "Elsewhere", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3})
	it, err = Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(it.Findings, func(f orchestrator.Finding) bool { return f.Code == FindingNoRoute })
	if i < 0 || !strings.Contains(it.Findings[i].Message, "no service between them on any day") {
		t.Errorf("findings %+v, want no_route saying there is no service at all", it.Findings)
	}
	// The TravelPlanner rules (direct legs only) keep the error.
	if _, err := Plan(b, f.trip, Options{Direct: true}); orchestrator.ErrorCode(err) != orchestrator.EUNPROCESSABLE {
		t.Errorf("direct-only: err = %v, want unprocessable", err)
	}
}

// TestRouteReorder: the planner chooses the order of the cities: named B
// first, the data serves Home → A → B → Home directly and the other order
// only through connections.
func TestRouteReorder(t *testing.T) {
	f := newFixture()
	f.city("Beta", 41.0, -75.0, 10, prices(12, 1000, 100), []int64{8000})
	f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 100), []int64{8000})
	f.leg("Home", "Alpha", flight(15000, "08:00", "10:00"))
	f.leg("Alpha", "Beta", flight(15000, "09:00", "10:00"), flight(15000, "13:00", "14:00"))
	f.leg("Beta", "Home", flight(15000, "17:00", "19:00"))
	late := flight(15000, "20:30", "21:30")
	late.ID = "flight-Home-Alpha-late" // the fixture would number it as the 08:00 one
	f.leg("Home", "Alpha", late)
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Beta", "Alpha"}, StartDate: "2026-03-10", Days: 5})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(it.Cities) != 2 || it.Cities[0].City != "Alpha" || it.Cities[1].City != "Beta" {
		t.Fatalf("order %+v, want Alpha then Beta", it.Cities)
	}
	for _, d := range it.Days {
		if len(d.Journeys) > 0 {
			t.Errorf("day %d books a connection %+v", d.Day, d.Journeys)
		}
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Fatalf("verifier: %+v", rep.Findings)
	}
	// A fixed route keeps its order, through connections.
	b = brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Beta", "Alpha"}, Route: []string{"Beta", "Alpha"}, StartDate: "2026-03-10", Days: 5})
	it, err = Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if it.Cities[0].City != "Beta" || len(it.Days[0].Journeys) != 1 || !slices.Equal(it.Days[0].Journeys[0].Via, []string{"Alpha"}) {
		t.Fatalf("fixed route: cities %+v, day 1 journeys %+v", it.Cities, it.Days[0].Journeys)
	}
}

// TestRouteManyCities: six cities named out of order along a line served
// only between neighbours are ordered by the heuristic (the nearest first).
func TestRouteManyCities(t *testing.T) {
	f := newFixture()
	names := []string{"C1", "C2", "C3", "C4", "C5", "C6"}
	for i, n := range names {
		f.city(n, 40.0, -75.0+float64(i+1), 6, prices(8, 1000, 100), []int64{8000})
	}
	prev := "Home"
	for _, n := range names {
		f.both(prev, n, flight(10000, "09:00", "10:00"))
		prev = n
	}
	f.leg("C6", "Home", flight(10000, "18:00", "20:00"))
	f.trip.Origin = &orchestrator.Sourced[orchestrator.Place]{Value: orchestrator.Place{Name: "Home", Latitude: 40, Longitude: -75}}
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"C4", "C2", "C6", "C1", "C5", "C3"}, StartDate: "2026-03-10", Days: 7})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range it.Cities {
		got = append(got, c.City)
	}
	if !slices.Equal(got, names) {
		t.Errorf("order %v, want %v", got, names)
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Fatalf("verifier: %+v", rep.Findings)
	}
}

// TestMealTime: a lunch at a restaurant farther from the previous stop
// than the slot allowed starts when the traveller can be there, if the
// meal and the way on still fit; otherwise, and near by, the slot's time.
func TestMealTime(t *testing.T) {
	c := &city{}
	wall := &orchestrator.GeoPoint{Lat: 40.36, Lon: 116.02}
	square := &orchestrator.GeoPoint{Lat: 39.91, Lon: 116.40}
	far := &restaurant{r: &orchestrator.Restaurant{ID: "far", Location: &orchestrator.GeoPoint{Lat: 40.23, Lon: 116.19}}}
	near := &restaurant{r: &orchestrator.Restaurant{ID: "near", Location: &orchestrator.GeoPoint{Lat: 40.361, Lon: 116.021}}}
	s := mealSlot{slot: orchestrator.Lunch, wd: -1, time: 13*60 + 32, free: 13*60 + 12, at: place{id: "wall", loc: wall}, next: square, until: 17*60 + 26}
	in, _ := c.travel(s.at, place{id: "far", loc: far.r.Location})
	if got, want := c.mealTime(s, far), s.free+in; got != want || in <= mealTravel {
		t.Errorf("far lunch at %s, want %s (%d minutes away)", orchestrator.FormatClock(got), orchestrator.FormatClock(want), in)
	}
	if got := c.mealTime(s, near); got != s.time {
		t.Errorf("near lunch moved to %s", orchestrator.FormatClock(got))
	}
	tight := s
	tight.until = 15 * 60
	if got := c.mealTime(tight, far); got != s.time {
		t.Errorf("a lunch that cannot fit before the next stop moved to %s", orchestrator.FormatClock(got))
	}
	breakfast := s
	breakfast.slot = orchestrator.Breakfast
	if got := c.mealTime(breakfast, far); got != s.time {
		t.Errorf("breakfast moved to %s", orchestrator.FormatClock(got))
	}
}

// TestJourneyBeatsModelledFlight: a flight only a fare model proposes (no
// timetable, estimated fare) gives way to a connection on real timetables.
func TestJourneyBeatsModelledFlight(t *testing.T) {
	f := railTrip()
	est := orchestrator.TransportOption{ID: "est:flight:home-alpha", Mode: "flight", DurationMinutes: 90, Price: usd(9000), PriceEstimate: true}
	f.leg("Home", "Alpha", est)
	back := est
	back.ID = "est:flight:alpha-home"
	f.leg("Alpha", "Home", back)
	b := brief(t, orchestrator.Brief{Origin: "Home", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []orchestrator.Day{it.Days[0], it.Days[2]} {
		if len(d.Journeys) != 1 || len(d.Legs) != 2 || d.Legs[0].Mode != "train" {
			t.Errorf("day %d legs %+v, want the rail connection", d.Day, d.Legs)
		}
	}
	// Without a connection the modelled flight is still booked.
	f = newFixture()
	f.city("Alpha", 40.0, -75.0, 10, prices(12, 1000, 100), []int64{8000})
	f.leg("Home", "Alpha", est)
	f.leg("Alpha", "Home", back)
	it, err = Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l := it.Days[0].Legs; len(l) != 1 || l[0].OptionID != est.ID {
		t.Errorf("legs %+v, want the modelled flight", l)
	}
}

// TestJourneyRequiredModeWithAccessHop: "fly" from a city without an
// airport is met by a road hop to the neighbouring city's airport and the
// flight — the hop is the way to the required mode, not a breach of it —
// while a road hop alone never meets it.
func TestJourneyRequiredModeWithAccessHop(t *testing.T) {
	f := groundAirTrip()
	b := brief(t, orchestrator.Brief{Origin: "Suzhou", Destinations: []string{"Alpha"}, StartDate: "2026-03-10", Days: 3,
		Constraints: orchestrator.Constraints{TransportRequire: []string{"flight"}}})
	it, err := Plan(b, f.trip, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out, back := it.Days[0].Legs, it.Days[2].Legs
	if len(out) != 2 || !orchestrator.AccessHop(out[0].Mode) || out[1].Mode != "flight" || len(back) != 2 || back[0].Mode != "flight" {
		t.Fatalf("legs out %+v back %+v, want a road hop to the flight and back", out, back)
	}
	for _, fd := range it.Findings {
		if fd.Code == FindingTransportRequireUnmet {
			t.Errorf("requirement reported unmet: %+v", fd)
		}
	}
	if rep := verifier.Verify(b, f.trip, it); !rep.Passed {
		t.Fatalf("verifier: %v %+v", failed(rep), rep.Findings)
	}
	// The same hop outside a journey with a flight breaks the requirement.
	bad := *it
	bad.Days = slices.Clone(it.Days)
	bad.Days[0].Legs = slices.Clone(it.Days[0].Legs[:1])
	bad.Days[0].Legs[0].Journey = 0
	if rep := verifier.Verify(b, f.trip, &bad); !slices.Contains(failed(rep), verifier.CheckRequire) {
		t.Errorf("a lone %s passed a brief requiring flights: %v", bad.Days[0].Legs[0].Mode, failed(rep))
	}

	c := orchestrator.Constraints{TransportRequire: []string{"flight"}}
	for _, tc := range []struct {
		legs []orchestrator.LegSpec
		ok   bool
	}{
		{[]orchestrator.LegSpec{{Mode: "taxi"}, {Mode: "flight"}}, true},
		{[]orchestrator.LegSpec{{Mode: "flight"}, {Mode: "bus"}}, true},
		{[]orchestrator.LegSpec{{Mode: "taxi"}}, false},
		{[]orchestrator.LegSpec{{Mode: "taxi"}, {Mode: "train"}}, false},
		{[]orchestrator.LegSpec{{Mode: "flight"}, {Mode: "train"}, {Mode: "flight"}}, false},
		{[]orchestrator.LegSpec{{Mode: "flight"}, {Mode: "taxi"}, {Mode: "flight"}}, false}, // a hop between flights is not at an end
	} {
		if got := c.JourneyAllowed(tc.legs); got != tc.ok {
			t.Errorf("JourneyAllowed(%v) = %v, want %v", tc.legs, got, tc.ok)
		}
	}
}
