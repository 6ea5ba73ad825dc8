package verifier

import (
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// mustVisit checks that every must_visit sight the trip data holds is
// visited. A name is looked up fuzzily (concepts.Resolve: exact, a
// landmark's names across languages, containment) among the attractions
// of the cities the plan visits and, failing that, of every city of the
// trip; a sight the data does not hold is a warning, not a failure.
func (v *verifier) mustVisit() {
	if len(v.b.MustVisit) == 0 {
		v.na(CheckMustVisit)
		return
	}
	n := 0
	for _, d := range v.it.Days {
		n += len(d.Stops)
	}
	stops := make([]concepts.Candidate, 0, n)
	for _, d := range v.it.Days {
		for _, s := range d.Stops {
			if a := v.attraction(s.AttractionID); a != nil {
				stops = append(stops, concepts.Candidate{Name: a.Name, Popularity: a.Popularity})
			}
		}
	}
	visited := map[string]bool{}
	for _, c := range v.it.Cities {
		visited[v.canon(c.City)] = true
	}
	found := 0
	for _, name := range v.b.MustVisit {
		inData := ""
		where := ""
		for i := range v.cities {
			cd := v.cities[i].data
			if cd.Attractions == nil {
				continue
			}
			if j := v.cities[i].attractions.Resolve(name, cd.Attractions.Value); j >= 0 && (inData == "" || visited[v.canon(cd.Name)] && !visited[v.canon(where)]) {
				inData, where = cd.Attractions.Value[j].Name, cd.Name
			}
		}
		if inData == "" {
			v.findings = append(v.findings, orchestrator.Finding{
				Code: "must_visit_not_found", Severity: orchestrator.SeverityWarning, Check: CheckMustVisit, Subject: name,
				Message: name + " is not among the attractions of the trip data; it could not be checked",
			})
			continue
		}
		found++
		if i, _ := concepts.Resolve(name, stops); i >= 0 {
			continue
		}
		if !visited[v.canon(where)] {
			v.fail(CheckMustVisit, 0, name, "%s (%s) is in %s, which the plan does not visit", name, inData, where)
			continue
		}
		v.fail(CheckMustVisit, 0, name, "%s (%s in %s) is not visited", name, inData, where)
	}
	if found == 0 {
		v.na(CheckMustVisit)
	}
}

// transportRequire checks the explicit modes: every intercity leg uses a
// required mode, and every train is a high-speed one when asked for.
func (v *verifier) transportRequire() {
	c := v.b.Constraints
	if len(c.TransportRequire) == 0 && !c.HighSpeedRail {
		v.na(CheckRequire)
		return
	}
	for _, d := range v.it.Days {
		// A journey is judged whole: a road hop to or from the airport or
		// station of a required mode is part of the way
		// (orchestrator.Constraints.JourneyAllowed).
		spec := func(l orchestrator.Leg) orchestrator.LegSpec {
			if o := v.option(l); o != nil {
				return orchestrator.LegSpec{Mode: o.Mode, Number: o.Number, Class: o.Class}
			}
			return orchestrator.LegSpec{Mode: l.Mode, Number: l.Number, Class: l.Class}
		}
		journeys := map[int][]orchestrator.LegSpec{}
		for _, l := range d.Legs {
			if l.Journey > 0 {
				journeys[l.Journey] = append(journeys[l.Journey], spec(l))
			}
		}
		for _, l := range d.Legs {
			if l.Journey > 0 && c.JourneyAllowed(journeys[l.Journey]) {
				continue
			}
			s := spec(l)
			mode, number, class := s.Mode, s.Number, s.Class
			if !c.LegAllowed(mode, number, class) {
				want := strings.Join(c.TransportRequire, " or ")
				if c.HighSpeedRail {
					want = strings.TrimPrefix(want+", high-speed trains (G/D/C)", ", ")
				}
				v.fail(CheckRequire, d.Day, strings.TrimSpace(mode+" "+number), "day %d travels by %s %s, the brief requires %s", d.Day, mode, number, want)
			}
		}
	}
}
