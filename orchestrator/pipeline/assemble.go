package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/dag"
)

// assemble builds the trip data and notes from a run's results, walking the
// subtasks in decomposition order so the output is deterministic.
func assemble(b *orchestrator.Brief, subtasks []orchestrator.Subtask, values map[string]nodeValue, errs map[string]error) (orchestrator.Trip, []orchestrator.Note) {
	trip := orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion, Cities: []orchestrator.CityData{}}
	notes := []orchestrator.Note{}
	cities := b.Cities()
	stays := orchestrator.SplitDays(b.Days, len(cities))
	byCity := map[string]int{}
	for i, c := range cities {
		trip.Cities = append(trip.Cities, orchestrator.CityData{Name: c, Days: stays[i]})
		if _, ok := byCity[orchestrator.CanonicalCity(c)]; !ok {
			byCity[orchestrator.CanonicalCity(c)] = i
		}
	}
	for _, st := range subtasks {
		v, ok := values[st.ID]
		if !ok {
			err := errs[st.ID]
			if err == nil {
				err = &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "not run"}
			}
			notes = append(notes, noteFor(st, unwrapNode(err)))
			continue
		}
		if v.prov.Stale {
			notes = append(notes, orchestrator.Note{Subtask: st.ID, Kind: st.Kind, Level: "warning", Code: "stale",
				Message: fmt.Sprintf("%s data is older than its freshness limit (fetched %s); a refresh was not possible", st.Kind, v.prov.FetchedAt.Format("2006-01-02 15:04 MST"))})
		}
		ci, inCity := byCity[st.Params["city"]]
		switch {
		case st.Kind == orchestrator.KindGeocode:
			pl, ok := decodePlace(v.payload)
			if !ok {
				continue
			}
			sp := &orchestrator.Sourced[orchestrator.Place]{Value: pl, Provenance: v.prov}
			if inCity {
				for i, c := range cities {
					if orchestrator.CanonicalCity(c) == st.Params["city"] {
						trip.Cities[i].Place = sp
					}
				}
			}
			if b.Origin != "" && orchestrator.CanonicalCity(b.Origin) == st.Params["city"] {
				trip.Origin = sp
			}
		case st.Kind == orchestrator.KindWeather && inCity:
			var out struct {
				Forecast orchestrator.Forecast `json:"forecast"`
			}
			if json.Unmarshal(v.payload, &out) == nil {
				trip.Cities[ci].Weather = &orchestrator.Sourced[orchestrator.Forecast]{Value: out.Forecast, Provenance: v.prov}
				for _, d := range out.Forecast.Days {
					if d.Estimate {
						notes = append(notes, orchestrator.Note{Subtask: st.ID, Kind: st.Kind, Level: "info", Code: "estimate",
							Message: fmt.Sprintf("weather for %s is a climate estimate from past years, not a forecast", cities[ci])})
						break
					}
				}
			}
		case st.Kind == orchestrator.KindFX:
			var out orchestrator.FXRates
			if json.Unmarshal(v.payload, &out) == nil && out.Base != "" {
				trip.FX = &orchestrator.Sourced[orchestrator.FXRates]{Value: out, Provenance: v.prov}
			}
		case st.Kind == orchestrator.KindItinerary:
			// The itinerary goes to Plan.Itinerary.
		default:
			if trip.Sections == nil {
				trip.Sections = map[string]orchestrator.Section{}
			}
			trip.Sections[st.ID] = orchestrator.Section{Kind: st.Kind, Payload: v.payload, Provenance: v.prov}
		}
	}
	return trip, notes
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
	return orchestrator.Note{Subtask: st.ID, Kind: st.Kind, Level: level, Code: code,
		Message: fmt.Sprintf("%s unavailable: %s", what, orchestrator.ErrorMessage(err))}
}

// domainError gives errors from outside the domain (deadlines, panics) a
// code and a message fit for a note.
func domainError(err error) error {
	var de *orchestrator.Error
	var ue *orchestrator.UpstreamError
	switch {
	case errors.As(err, &de), errors.As(err, &ue):
		return err
	case errors.Is(err, context.DeadlineExceeded):
		return &orchestrator.Error{Code: orchestrator.ETIMEOUT, Message: "timed out"}
	case errors.Is(err, context.Canceled):
		return &orchestrator.Error{Code: orchestrator.ECANCELED, Message: "cancelled"}
	case errors.Is(err, dag.ErrPanic):
		return &orchestrator.Error{Code: orchestrator.EINTERNAL, Message: "failed unexpectedly (a bug; see the server log)"}
	}
	return &orchestrator.Error{Code: orchestrator.EINTERNAL, Message: "failed unexpectedly"}
}
