package planner_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// clock reads "HH:MM" as minutes after midnight.
func clock(t *testing.T, s string) int {
	t.Helper()
	tm, err := time.Parse("15:04", s)
	if err != nil {
		t.Fatalf("time %q: %v", s, err)
	}
	return tm.Hour()*60 + tm.Minute()
}

// transitValue is the plan's transit component (1 − share of waking hours
// in transit ÷ 0.5, see orchestrator/algorithms/quality): higher is less in transit.
func transitValue(t *testing.T, it *orchestrator.Itinerary) float64 {
	t.Helper()
	if it.Quality == nil {
		t.Fatal("no quality score")
	}
	for _, c := range it.Quality.Components {
		if c.Name == "transit" {
			return c.Value
		}
	}
	t.Fatal("no transit component")
	return 0
}

// travelSpan is a travel day's first departure to last arrival, with the
// modes of its legs.
func travelSpan(t *testing.T, d orchestrator.Day) (dep, arr int, modes []string) {
	t.Helper()
	if len(d.Legs) == 0 {
		t.Fatalf("day %d has no legs", d.Day)
	}
	dep = clock(t, d.Legs[0].Depart)
	last := d.Legs[len(d.Legs)-1]
	arr = clock(t, last.Arrive) + 1440*last.ArriveDayOffset
	for _, l := range d.Legs {
		modes = append(modes, l.Mode+" "+l.Number)
	}
	return dep, arr, modes
}

// TestConnectionsBeatLongDirectLegs plans sandbox trips with and without
// connections (Options.Direct) and checks the leg utility's choice: from a
// city without an airport to a far one (苏州→重庆, 苏州→成都: 10–12 hours by
// direct train) a short hop to the hub and a flight arrive hours earlier
// and the plan's share of waking hours in transit drops; where direct
// service is good (上海→杭州 by train, 上海→成都 and 南京→重庆 by air) the
// direct leg stays; an explicit mode (trains, high-speed trains, no
// flights) keeps every leg of a connection to it.
func TestConnectionsBeatLongDirectLegs(t *testing.T) {
	cat := loadChina(t)
	cases := []struct {
		name     string
		from, to string
		days     int
		c        orchestrator.Constraints
		// connect: the outbound and return days book a connection that
		// arrives by arriveBy and saves at least two hours door to door.
		connect  bool
		arriveBy string
		// modes every leg's mode must have ("" for any); hsr: G/D/C only.
		mode string
		hsr  bool
	}{
		{name: "苏州→重庆 3 days", from: "苏州", to: "重庆", days: 3, connect: true, arriveBy: "16:00"},
		{name: "苏州→重庆 4 days", from: "苏州", to: "重庆", days: 4, connect: true, arriveBy: "16:00"},
		{name: "苏州→成都 3 days", from: "苏州", to: "成都", days: 3, connect: true, arriveBy: "16:00"},
		{name: "上海→杭州 direct train", from: "上海", to: "杭州", days: 3},
		{name: "上海→成都 direct flight", from: "上海", to: "成都", days: 3},
		{name: "南京→重庆 direct flight", from: "南京", to: "重庆", days: 3},
		{name: "苏州→重庆 trains required", from: "苏州", to: "重庆", days: 3, c: orchestrator.Constraints{TransportRequire: []string{"train"}}, mode: "train"},
		{name: "苏州→成都 high-speed", from: "苏州", to: "成都", days: 3, c: orchestrator.Constraints{HighSpeedRail: true}, mode: "train", hsr: true},
		{name: "苏州→重庆 no flights", from: "苏州", to: "重庆", days: 3, c: orchestrator.Constraints{TransportExclude: []string{"flight"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := &orchestrator.Brief{Origin: tc.from, Destinations: []string{tc.to}, Days: tc.days, StartDate: "2026-05-08",
				Travelers: orchestrator.Travelers{Adults: 2}, Constraints: tc.c, Now: "2026-05-01T09:00:00+08:00"}
			if err := b.Normalize(time.Time{}); err != nil {
				t.Fatal(err)
			}
			plan := func(o planner.Options) *orchestrator.Itinerary {
				it, err := planner.Plan(b, hubTrip(t, cat, b.Origin, b.Cities()...), o)
				if err != nil {
					t.Fatal(err)
				}
				return it
			}
			it, direct := plan(planner.Options{}), plan(planner.Options{Direct: true})
			a, _ := json.Marshal(it)
			again, _ := json.Marshal(plan(planner.Options{}))
			if !bytes.Equal(a, again) {
				t.Error("the same brief and data planned twice give different plans")
			}
			for _, d := range []int{0, tc.days - 1} {
				day, dday := it.Days[d], direct.Days[d]
				dep, arr, modes := travelSpan(t, day)
				ddep, darr, dmodes := travelSpan(t, dday)
				for _, l := range day.Legs {
					if l.Mode == "flight" && slices.Contains(tc.c.TransportExclude, "flight") {
						t.Errorf("day %d: flight %s although the brief excludes flights", d+1, l.Number)
					}
					if tc.mode != "" && l.Mode != tc.mode {
						t.Errorf("day %d: %s %s, the brief requires %s", d+1, l.Mode, l.Number, tc.mode)
					}
					if tc.hsr && !strings.ContainsAny(l.Number[:1], "GDC") {
						t.Errorf("day %d: train %s is not high-speed", d+1, l.Number)
					}
				}
				if !tc.connect {
					if len(day.Journeys) != 0 || strings.Join(modes, ",") != strings.Join(dmodes, ",") {
						t.Errorf("day %d: %v, want the direct choice %v", d+1, modes, dmodes)
					}
					continue
				}
				if len(day.Journeys) != 1 || len(day.Legs) < 2 {
					t.Fatalf("day %d: legs %v, want a connection through a hub", d+1, modes)
				}
				if (arr-dep)+120 > darr-ddep {
					t.Errorf("day %d: %v takes %d min, direct %v %d min: want two hours saved", d+1, modes, arr-dep, dmodes, darr-ddep)
				}
				if d == 0 && arr > clock(t, tc.arriveBy) {
					t.Errorf("day 1: %v arrives at %s, want by %s", modes, orchestrator.FormatMinutes(arr), tc.arriveBy)
				}
			}
			if tc.connect && transitValue(t, it) <= transitValue(t, direct)+0.2 {
				t.Errorf("transit score %.2f with connections, %.2f direct: want the share in transit to drop", transitValue(t, it), transitValue(t, direct))
			}
		})
	}
}
