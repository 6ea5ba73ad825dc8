package pipeline

import (
	"context"
	"errors"
	"fmt"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
)

// joiner builds a trip from finished subtasks: each kind's handler joins
// its typed value (see handler.join).
type joiner struct {
	svc     *Service // its caches of shared values
	brief   *orchestrator.Brief
	trip    orchestrator.Trip
	notes   []orchestrator.Note
	cities  []string
	byCity  map[string]int    // canonical → index in trip.Cities
	display map[string]string // canonical → the brief's spelling
}

// city returns the index of the subtask's city in the trip.
func (j *joiner) city(st orchestrator.Subtask) (int, bool) {
	i, ok := j.byCity[st.Params["city"]]
	return i, ok
}

// section keeps a payload the trip has no typed field for.
func (j *joiner) section(st orchestrator.Subtask, v nodeValue) {
	if j.trip.Sections == nil {
		j.trip.Sections = map[string]orchestrator.Section{}
	}
	j.trip.Sections[st.ID] = orchestrator.Section{Kind: st.Kind, Payload: v.payload, Provenance: v.prov}
}

// assemble builds the trip data and notes from a run's results, walking the
// subtasks in decomposition order so the output is deterministic.
func (s *Service) assemble(b *orchestrator.Brief, subtasks []orchestrator.Subtask, values map[string]nodeValue, errs map[string]error) (orchestrator.Trip, []orchestrator.Note) {
	j := s.newJoiner(b)
	for _, st := range subtasks {
		v, ok := values[st.ID]
		if !ok {
			err := errs[st.ID]
			if err == nil {
				err = &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "not run"}
			}
			if st.Speculative {
				continue // a hub leg the data lacks: no connection there, nothing missing
			}
			j.notes = append(j.notes, noteFor(st, unwrapNode(err)))
			continue
		}
		if v.prov.Stale {
			j.notes = append(j.notes, orchestrator.Note{Subtask: st.ID, Kind: st.Kind, Level: "warning", Code: "stale",
				Message: fmt.Sprintf("%s data is older than its freshness limit (fetched %s); a refresh was not possible", st.Kind, v.prov.FetchedAt.Format("2006-01-02 15:04 MST"))})
		}
		j.add(st, v)
	}
	for i := range j.notes {
		for k := range subtasks {
			if subtasks[k].ID == j.notes[i].Subtask {
				j.notes[i].Places = notePlaces(b, &subtasks[k])
				break
			}
		}
	}
	if s.opts.Words == nil {
		return j.trip, j.notes
	}
	return j.trip, s.opts.Words.TravellerNotes(j.notes, b.Language)
}

// newJoiner starts the trip of brief b: its cities, with their days when
// every city is visited.
func (s *Service) newJoiner(b *orchestrator.Brief) *joiner {
	cities := b.Cities()
	j := &joiner{
		svc:     s,
		brief:   b,
		trip:    orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion, Cities: make([]orchestrator.CityData, 0, len(cities))},
		notes:   []orchestrator.Note{},
		cities:  cities,
		byCity:  make(map[string]int, len(cities)),
		display: make(map[string]string, len(cities)+1),
	}
	nights := orchestrator.SplitNights(max(b.Days-1, 0), len(cities))
	if b.Origin != "" {
		j.display[orchestrator.CanonicalCity(b.Origin)] = b.Origin
	}
	choosing := b.Choosing()
	for i, c := range cities {
		canon := orchestrator.CanonicalCity(c)
		if _, ok := j.display[canon]; !ok {
			j.display[canon] = c
		}
		// A city's days follow from the split only when every city is
		// visited; candidates (Brief.Choosing) get theirs from the planner.
		cd := orchestrator.CityData{Name: c}
		if !choosing {
			cd.Days = nights[i] + 1
		}
		j.trip.Cities = append(j.trip.Cities, cd)
		if _, ok := j.byCity[canon]; !ok {
			j.byCity[canon] = i
		}
	}
	return j
}

// add joins subtask st's value to the trip with its kind's handler.
func (j *joiner) add(st orchestrator.Subtask, v nodeValue) {
	if h := handlers[st.Kind]; h.join != nil {
		h.join(j, st, v)
	} else {
		j.section(st, v)
	}
}

// notePlaces names the city a subtask is about, or its journey's two ends,
// as the brief spells them (subtask parameters hold canonical names).
func notePlaces(b *orchestrator.Brief, st *orchestrator.Subtask) []string {
	spell := func(canon string) string {
		if b.Origin != "" && orchestrator.CanonicalCity(b.Origin) == canon {
			return b.Origin
		}
		for _, c := range b.Cities() {
			if orchestrator.CanonicalCity(c) == canon {
				return c
			}
		}
		return canon
	}
	switch {
	case st.Params["city"] != "":
		return []string{spell(st.Params["city"])}
	case st.Params["from"] != "" && st.Params["to"] != "":
		return []string{spell(st.Params["from"]), spell(st.Params["to"])}
	}
	return nil
}

func noteFor(st orchestrator.Subtask, err error) orchestrator.Note {
	err = domainError(err)
	code := orchestrator.ErrorCode(err)
	level := "warning"
	if code == orchestrator.EUNAVAILABLE {
		level = "info"
	}
	what := string(st.Kind)
	if c := st.Params["city"]; c != "" {
		what += " for " + c
	} else if st.Params["from"] != "" {
		what += " " + st.Params["from"] + " → " + st.Params["to"]
	}
	msg := orchestrator.ErrorMessage(err)
	if code == orchestrator.EINVALIDARG {
		// A tool refused the arguments the pipeline built: a bug of ours,
		// logged with the tool's words (Service.observe). The traveller
		// reads what is missing, never a schema validator's message.
		msg = "the data source refused the request (a fault on our side, logged for the operators)"
	}
	n := orchestrator.Note{Subtask: st.ID, Kind: st.Kind, Level: level, Code: code,
		Message: fmt.Sprintf("%s unavailable: %s", what, msg)}
	if orchestrator.Kinds[st.Kind].Enrichment && isConfiguration(err) {
		// The itinerary is whole without it, and it stays missing as long
		// as the deployment is set up so: the operator's to know.
		n.Audience = orchestrator.NoteOperator
	}
	return n
}

// domainError gives errors from outside the domain (deadlines, panics) a
// code and a message fit for a note.
func domainError(err error) error {
	if _, ok := errors.AsType[*orchestrator.Error](err); ok {
		return err
	}
	if _, ok := errors.AsType[*orchestrator.UpstreamError](err); ok {
		return err
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &orchestrator.Error{Code: orchestrator.ETIMEOUT, Message: "timed out"}
	case errors.Is(err, context.Canceled):
		return &orchestrator.Error{Code: orchestrator.ECANCELED, Message: "cancelled"}
	case errors.Is(err, dag.ErrPanic):
		return &orchestrator.Error{Code: orchestrator.EINTERNAL, Message: "failed unexpectedly (a bug; see the server log)"}
	}
	return &orchestrator.Error{Code: orchestrator.EINTERNAL, Message: "failed unexpectedly"}
}
