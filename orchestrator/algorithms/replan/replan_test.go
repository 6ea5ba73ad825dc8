package replan

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

var chinaCatalog *datasets.Catalog

func loadChina(t testing.TB) *datasets.Catalog {
	t.Helper()
	if chinaCatalog != nil {
		return chinaCatalog
	}
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset chinatravel missing: %v", err)
		}
		t.Skipf("dataset chinatravel not present: %v", err)
	}
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	chinaCatalog = cat
	return cat
}

// sandboxPlan plans brief on the ChinaTravel sandbox as the pipeline does:
// itinerary, quality and the verifier's report.
func sandboxPlan(t testing.TB, b orchestrator.Brief) *orchestrator.Plan {
	t.Helper()
	cat := loadChina(t)
	if err := b.Normalize(time.Time{}); err != nil {
		t.Fatal(err)
	}
	trip, err := cat.Trip(b.Origin, b.Cities())
	if err != nil {
		t.Fatal(err)
	}
	it, err := planner.Plan(&b, trip, planner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rep := verifier.Verify(&b, trip, it)
	it.Report = &rep
	return &orchestrator.Plan{ID: "pl_test", Brief: b, Trip: *trip, Itinerary: it, Status: orchestrator.PlanComplete}
}

// chengdu is a four-day trip from Shanghai, the first day 2026-06-03.
func chengdu(t testing.TB, lang string, must ...string) *orchestrator.Plan {
	return sandboxPlan(t, orchestrator.Brief{Origin: "上海", Destinations: []string{"成都"}, StartDate: "2026-06-03", Days: 4,
		Travelers: orchestrator.Travelers{Adults: 2}, Budget: &orchestrator.Budget{Amount: 6000, Currency: "CNY", PerPerson: true},
		MustVisit: must, Language: lang, Now: "2026-05-20T09:00:00+08:00"})
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// failedChecks lists the report's failed check names.
func failedChecks(rep *orchestrator.Report) []string {
	var out []string
	for _, c := range rep.Checks {
		if c.Status == orchestrator.CheckFail {
			out = append(out, c.Name)
		}
	}
	return out
}

// repair runs Repair and checks what every repair must hold: the verifier
// passes what it passed before, changes are named, the days before now are
// unchanged, and the same input gives the same bytes.
func repair(t *testing.T, p *orchestrator.Plan, now string, events ...Event) *Result {
	t.Helper()
	res, err := Repair(p, events, at(now))
	if err != nil {
		t.Fatalf("Repair: %v", err)
	}
	if len(res.Changes) == 0 {
		t.Error("no changes")
	}
	for _, c := range res.Changes {
		if c.Reason == "" || c.Name == "" || c.Day == 0 {
			t.Errorf("change without name, day or reason: %+v", c)
		}
	}
	before := failedChecks(p.Itinerary.Report)
	for _, f := range failedChecks(res.Itinerary.Report) {
		if !slices.Contains(before, f) {
			t.Errorf("check %s fails after the repair: %+v", f, res.Itinerary.Report.Findings)
		}
	}
	nowDate := at(now).Format("2006-01-02")
	for i, d := range p.Itinerary.Days {
		if d.Date < nowDate {
			a, _ := json.Marshal(d)
			b, _ := json.Marshal(res.Itinerary.Days[i])
			if !bytes.Equal(a, b) {
				t.Errorf("day %d (before now) changed:\n%s\n%s", d.Day, a, b)
			}
		}
	}
	again, err := Repair(p, events, at(now))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(res)
	b, _ := json.Marshal(again)
	if !bytes.Equal(a, b) {
		t.Error("two repairs of the same plan, events and now differ")
	}
	return res
}

func stopNames(d orchestrator.Day) []string {
	var out []string
	for _, s := range d.Stops {
		out = append(out, s.Name)
	}
	return out
}

func TestClosedSight(t *testing.T) {
	p := chengdu(t, "en")
	d := p.Itinerary.Days[2]
	if len(d.Stops) == 0 {
		t.Fatal("day 3 has no stops")
	}
	closed := d.Stops[0].Name
	res := repair(t, p, "2026-06-04T20:00:00+08:00", Event{Kind: Closed, Place: closed, Date: d.Date})
	if slices.Contains(stopNames(res.Itinerary.Days[2]), closed) {
		t.Errorf("%s is still visited on %s: %v", closed, d.Date, stopNames(res.Itinerary.Days[2]))
	}
	if !strings.Contains(res.Changes[0].Reason, "closed") {
		t.Errorf("reason %q", res.Changes[0].Reason)
	}
	// the other days are untouched
	for _, i := range []int{0, 1, 3} {
		a, _ := json.Marshal(p.Itinerary.Days[i])
		b, _ := json.Marshal(res.Itinerary.Days[i])
		if !bytes.Equal(a, b) {
			t.Errorf("day %d changed", i+1)
		}
	}
}

func TestClosedMustSeeMovesToAnotherDay(t *testing.T) {
	base := chengdu(t, "zh")
	d := base.Itinerary.Days[1]
	must := d.Stops[0].Name
	p := chengdu(t, "zh", must)
	di := -1
	for i, d := range p.Itinerary.Days {
		if slices.Contains(stopNames(d), must) {
			di = i
		}
	}
	if di < 0 {
		t.Fatalf("must-see %s not planned", must)
	}
	res := repair(t, p, "2026-06-02T20:00:00+08:00", Event{Kind: Closed, Place: must, Date: p.Itinerary.Days[di].Date})
	kept := false
	for i, d := range res.Itinerary.Days {
		if i != di && slices.Contains(stopNames(d), must) {
			kept = true
		}
	}
	if !kept {
		t.Errorf("must-see %s was dropped, changes %+v", must, res.Changes)
	}
	moved := false
	for _, c := range res.Changes {
		moved = moved || (c.Action == orchestrator.ChangeMoved && c.Name == must)
	}
	if !moved {
		t.Errorf("no move recorded: %+v", res.Changes)
	}
}

func TestCancelledOutboundLeg(t *testing.T) {
	p := chengdu(t, "en")
	d := p.Itinerary.Days[0]
	if len(d.Legs) == 0 {
		t.Fatal("day 1 has no leg")
	}
	l := d.Legs[0]
	res := repair(t, p, "2026-06-02T20:00:00+08:00", Event{Kind: Cancelled, Leg: LegRef(l.Number), Date: d.Date})
	nd := res.Itinerary.Days[0]
	if len(nd.Legs) == 0 {
		t.Fatalf("no leg after the repair; findings %+v", res.Findings)
	}
	for _, x := range nd.Legs {
		if x.Number == l.Number {
			t.Errorf("the cancelled %s is still taken", l.Number)
		}
	}
	if nd.Legs[0].From != l.From && nd.Legs[0].From != d.From {
		t.Errorf("replacement leaves from %s", nd.Legs[0].From)
	}
}

func TestDelayedLeg(t *testing.T) {
	p := chengdu(t, "en")
	d := p.Itinerary.Days[0]
	l := d.Legs[0]
	res := repair(t, p, "2026-06-03T06:00:00+08:00", Event{Kind: Delayed, Leg: LegRef(l.Number), Date: d.Date, Minutes: 150})
	nl := res.Itinerary.Days[0].Legs[0]
	dep, _ := orchestrator.ParseClock(l.Depart)
	ndep, _ := orchestrator.ParseClock(nl.Depart)
	if ndep != dep+150 {
		t.Errorf("departs %s, want %s + 150 min", nl.Depart, l.Depart)
	}
}

func TestRainMovesOutdoorSights(t *testing.T) {
	p := chengdu(t, "en")
	di := -1
	for i, d := range p.Itinerary.Days {
		for _, s := range d.Stops {
			if s.Indoor != nil && !*s.Indoor && i > 0 {
				di = i
			}
		}
	}
	if di < 0 {
		t.Skip("no outdoor sight in the plan")
	}
	d := p.Itinerary.Days[di]
	res := repair(t, p, "2026-06-02T20:00:00+08:00", Event{Kind: Weather, Date: d.Date, Condition: "rain"})
	for _, s := range res.Itinerary.Days[di].Stops {
		if s.Indoor != nil && !*s.Indoor {
			t.Errorf("outdoor %s still on the rainy day", s.Name)
		}
	}
}

func TestLateStart(t *testing.T) {
	p := chengdu(t, "zh")
	d := p.Itinerary.Days[1]
	res := repair(t, p, "2026-06-04T07:00:00+08:00", Event{Kind: LateStart, Date: d.Date, Time: "13:00"})
	nd := res.Itinerary.Days[1]
	for _, s := range nd.Stops {
		if st, _ := orchestrator.ParseClock(s.Start); st < 13*60 {
			t.Errorf("%s starts at %s, before the late start", s.Name, s.Start)
		}
	}
	for _, m := range nd.Meals {
		if st, _ := orchestrator.ParseClock(m.Time); st < 13*60 {
			t.Errorf("%s at %s, before the late start", m.Name, m.Time)
		}
	}
	if !strings.Contains(res.Changes[0].Reason, "13:00") {
		t.Errorf("reason %q", res.Changes[0].Reason)
	}
}

func TestSkipAndAdd(t *testing.T) {
	p := chengdu(t, "en")
	skip := p.Itinerary.Days[2].Stops[0].Name
	var add string
	for _, a := range p.Trip.Cities[0].Attractions.Value {
		used := false
		for _, d := range p.Itinerary.Days {
			used = used || slices.Contains(stopNames(d), a.Name)
		}
		if !used && a.City == "成都" && a.VisitMinMinutes <= 120 && len(a.Hours) > 0 {
			add = a.Name
			break
		}
	}
	res := repair(t, p, "2026-06-02T20:00:00+08:00", Event{Kind: Skip, Place: skip}, Event{Kind: Add, Place: add})
	found := false
	for _, d := range res.Itinerary.Days {
		if slices.Contains(stopNames(d), skip) {
			t.Errorf("skipped %s is still visited", skip)
		}
		found = found || slices.Contains(stopNames(d), add)
	}
	if !found {
		t.Errorf("added %s is not visited; findings %+v", add, res.Findings)
	}
}

// TestThreeRepairs walks a plan through three successive repairs, each on
// the result of the one before, as a trip goes on.
func TestThreeRepairs(t *testing.T) {
	p := chengdu(t, "zh")
	steps := []struct {
		now string
		ev  func(p *orchestrator.Plan) Event
	}{
		{"2026-06-02T20:00:00+08:00", func(p *orchestrator.Plan) Event {
			return Event{Kind: Delayed, Leg: LegRef(p.Itinerary.Days[0].Legs[0].Number), Date: p.Itinerary.Days[0].Date, Minutes: 60}
		}},
		{"2026-06-04T07:00:00+08:00", func(p *orchestrator.Plan) Event {
			return Event{Kind: LateStart, Date: p.Itinerary.Days[1].Date, Time: "11:00"}
		}},
		{"2026-06-05T07:00:00+08:00", func(p *orchestrator.Plan) Event {
			return Event{Kind: Closed, Place: p.Itinerary.Days[2].Stops[0].Name, Date: p.Itinerary.Days[2].Date}
		}},
	}
	for i, s := range steps {
		res := repair(t, p, s.now, s.ev(p))
		next := *p
		next.ID = p.ID + "x"
		next.Itinerary = res.Itinerary
		p = &next
		if i == 2 && len(p.Itinerary.Days) != 4 {
			t.Errorf("days = %d", len(p.Itinerary.Days))
		}
	}
}

func TestEventErrorsNameTheField(t *testing.T) {
	p := chengdu(t, "en")
	d := p.Itinerary.Days[1]
	now := at("2026-06-02T20:00:00+08:00")
	for _, c := range []struct {
		ev    Event
		field string
	}{
		{Event{Kind: "earthquake", Date: d.Date}, "events[0].kind"},
		{Event{Kind: Closed, Place: d.Stops[0].Name, Date: "2027-01-01"}, "events[0].date"},
		{Event{Kind: Closed, Place: "Nowhere Museum", Date: d.Date}, "events[0].place"},
		{Event{Kind: Cancelled, Leg: "Z9999", Date: p.Itinerary.Days[0].Date}, "events[0].leg"},
		{Event{Kind: Weather, Date: d.Date, Condition: "fog"}, "events[0].condition"},
		{Event{Kind: LateStart, Date: d.Date, Time: "25:00"}, "events[0].time"},
		{Event{Kind: Add, Place: "Eiffel Tower"}, "events[0].place"},
	} {
		_, err := Repair(p, []Event{c.ev}, now)
		if orchestrator.ErrorCode(err) != orchestrator.EUNPROCESSABLE || orchestrator.ErrorField(err) != c.field {
			t.Errorf("%+v: %v, want 422 on %s", c.ev, err, c.field)
		}
	}
	// a day already lived
	_, err := Repair(p, []Event{{Kind: Closed, Place: p.Itinerary.Days[0].Stops[0].Name, Date: p.Itinerary.Days[0].Date}}, at("2026-06-05T09:00:00+08:00"))
	if orchestrator.ErrorField(err) != "events[0].date" {
		t.Errorf("a past day: %v", err)
	}
}

func BenchmarkRepairVsPlan(b *testing.B) {
	p := chengdu(b, "en")
	d := p.Itinerary.Days[2]
	events := []Event{{Kind: Closed, Place: d.Stops[0].Name, Date: d.Date}}
	now := at("2026-06-04T20:00:00+08:00")
	b.Run("repair", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Repair(p, events, now); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("plan_anew", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			it, err := planner.Plan(&p.Brief, &p.Trip, planner.Options{})
			if err != nil {
				b.Fatal(err)
			}
			_ = verifier.Verify(&p.Brief, &p.Trip, it)
		}
	})
}

// TestNowOnTheTripsClock: the same moment written in UTC or in the trip's
// offset gives the same repair.
func TestNowOnTheTripsClock(t *testing.T) {
	p := chengdu(t, "en")
	d := p.Itinerary.Days[1]
	ev := []Event{{Kind: LateStart, Date: d.Date, Time: "12:00"}}
	a, err := Repair(p, ev, at(d.Date+"T09:30:00+08:00"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Repair(p, ev, at(d.Date+"T01:30:00Z"))
	if err != nil {
		t.Fatal(err)
	}
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	if !bytes.Equal(x, y) {
		t.Error("now in UTC and in the trip's offset repair differently")
	}
}

// TestCancelledHomeAddsANight cancels the journey home when nothing else
// runs that day (the trip's only other option runs the next day): the stay
// is extended by a night, the last day becomes a day in the city with its
// meals, and a new day takes the next morning's journey; the brief gets a
// day longer and the verifier passes what it passed before.
func TestCancelledHomeAddsANight(t *testing.T) {
	p := chengdu(t, "en")
	last := p.Itinerary.Days[len(p.Itinerary.Days)-1]
	if len(last.Legs) != 1 || last.Legs[0].Journey != 0 {
		t.Skipf("the last day's journey is not one direct leg: %+v", last.Legs)
	}
	l := last.Legs[0]
	next := at(last.Date+"T00:00:00+08:00").AddDate(0, 0, 1).Format("2006-01-02")
	// only the cancelled option runs that day; one other runs the next
	trip := p.Trip
	trip.Transport = slices.Clone(p.Trip.Transport)
	found := false
	for i := range trip.Transport {
		tl := trip.Transport[i].Value
		if tl.From != l.From || tl.To != l.To {
			continue
		}
		var keep []orchestrator.TransportOption
		for _, o := range tl.Options {
			if o.ID == l.OptionID {
				keep = append(keep, o)
			} else if !found && o.Depart != "" && o.Depart >= "08:00" && o.Arrive > o.Depart {
				o.Date, o.ID = next, o.ID+":next"
				keep = append(keep, o)
				found = true
			}
		}
		tl.Options = keep
		trip.Transport[i].Value = tl
	}
	if !found {
		t.Skip("no other option to move to the next day")
	}
	q := *p
	q.Trip = trip
	now := last.Date + "T06:00:00+08:00"
	res := repair(t, &q, now, Event{Kind: Cancelled, Leg: LegRef(l.Number), Date: last.Date})
	it := res.Itinerary
	if len(it.Days) != len(p.Itinerary.Days)+1 || res.Brief == nil || res.Brief.Days != p.Brief.Days+1 {
		t.Fatalf("days %d (brief %+v), want one more; changes %+v findings %+v", len(it.Days), res.Brief, res.Changes, res.Findings)
	}
	was := it.Days[len(it.Days)-2]
	if len(was.Legs) != 0 || was.Stay == nil || len(was.Meals) < 2 {
		t.Errorf("the old last day: legs %d, stay %v, meals %d", len(was.Legs), was.Stay, len(was.Meals))
	}
	home := it.Days[len(it.Days)-1]
	if home.Date != next || len(home.Legs) != 1 || home.Legs[0].Date != next || home.Legs[0].OptionID == l.OptionID {
		t.Errorf("the new last day %+v", home)
	}
	if !res.Itinerary.Report.Passed && p.Itinerary.Report.Passed {
		t.Errorf("verifier: %+v", res.Itinerary.Report.Findings)
	}
}

// TestRainNeverLosesAMustSee: an outdoor must-see on a rainy day moves to
// a dry day, or stays when none can hold it; it is never dropped.
func TestRainNeverLosesAMustSee(t *testing.T) {
	base := chengdu(t, "zh")
	var must string
	for _, d := range base.Itinerary.Days[1:] {
		for _, s := range d.Stops {
			if s.Indoor != nil && !*s.Indoor && must == "" {
				must = s.Name
			}
		}
	}
	if must == "" {
		t.Skip("no outdoor sight after day 1")
	}
	p := chengdu(t, "zh", must)
	for i, d := range p.Itinerary.Days {
		if !slices.Contains(stopNames(d), must) || i == 0 {
			continue
		}
		// rain on its day and on every other day but the first
		var evs []Event
		for _, x := range p.Itinerary.Days[1:] {
			evs = append(evs, Event{Kind: Weather, Date: x.Date, Condition: "rain"})
		}
		res := repair(t, p, "2026-06-03T06:00:00+08:00", evs...)
		kept := false
		for _, x := range res.Itinerary.Days {
			kept = kept || slices.Contains(stopNames(x), must)
		}
		if !kept {
			t.Errorf("must-see %s lost in the rain: %+v", must, res.Changes)
		}
	}
}

// TestRepairedLegsCarryAccess: a leg a repair books carries the planner's
// door-to-door estimates (access from the day's place, the mode's
// minimum), measured from the stay where the station has a position, and
// the day's first visit leaves that time after the arrival.
func TestRepairedLegsCarryAccess(t *testing.T) {
	p := chengdu(t, "en")
	d := p.Itinerary.Days[0]
	l := d.Legs[0]
	res := repair(t, p, "2026-06-02T20:00:00+08:00", Event{Kind: Cancelled, Leg: LegRef(l.Number), Date: d.Date})
	nd := res.Itinerary.Days[0]
	if len(nd.Legs) == 0 {
		t.Fatalf("no leg after the repair; findings %+v", res.Findings)
	}
	first, last := nd.Legs[0], nd.Legs[len(nd.Legs)-1]
	if !first.AccessEstimate || first.BeforeMinutes <= 0 || last.AfterMinutes <= 0 {
		t.Fatalf("replacement %s: before %d after %d estimate %v, want labelled access", first.Number, first.BeforeMinutes, last.AfterMinutes, first.AccessEstimate)
	}
	var o *orchestrator.TransportOption
	for _, tl := range p.Trip.Transport {
		for i := range tl.Value.Options {
			if tl.Value.Options[i].ID == last.OptionID {
				o = &tl.Value.Options[i]
			}
		}
	}
	var stay *orchestrator.Stay
	for i := range res.Itinerary.Stays {
		if s := &res.Itinerary.Stays[i]; s.FirstNight == nd.Day && s.Location != nil {
			stay = s
		}
	}
	if o == nil || o.ToPoint == nil || stay == nil {
		t.Fatalf("option %v or stay %v without a position: the sandbox locates both", o, stay)
	}
	want := quality.MinAfter(last.Mode) + quality.AccessMinutes(stay.Location.DistanceKM(*o.ToPoint))
	if last.AfterMinutes != want || last.AfterTo != stay.Name {
		t.Errorf("after %d to %q, want %d to the stay %q", last.AfterMinutes, last.AfterTo, want, stay.Name)
	}
	arr, _ := orchestrator.ParseClock(last.Arrive)
	for _, s := range nd.Stops {
		if st, _ := orchestrator.ParseClock(s.Start); st < arr+last.AfterMinutes && s.City == last.To {
			t.Errorf("%s at %s, before the arrival %s plus %d min", s.Name, s.Start, last.Arrive, last.AfterMinutes)
		}
	}
}
