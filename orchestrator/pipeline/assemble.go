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
	nights := orchestrator.SplitNights(max(b.Days-1, 0), len(cities))
	byCity := map[string]int{}
	display := map[string]string{} // canonical → the brief's spelling
	if b.Origin != "" {
		display[orchestrator.CanonicalCity(b.Origin)] = b.Origin
	}
	for _, c := range cities {
		if _, ok := display[orchestrator.CanonicalCity(c)]; !ok {
			display[orchestrator.CanonicalCity(c)] = c
		}
	}
	choosing := b.Choosing()
	for i, c := range cities {
		// A city's days follow from the split only when every city is
		// visited; candidates (Brief.Choosing) get theirs from the planner.
		cd := orchestrator.CityData{Name: c}
		if !choosing {
			cd.Days = nights[i] + 1
		}
		trip.Cities = append(trip.Cities, cd)
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
		case st.Kind == orchestrator.KindGuide && inCity:
			var out struct {
				Guide *orchestrator.Guide `json:"guide"`
			}
			if json.Unmarshal(v.payload, &out) == nil && out.Guide != nil {
				trip.Cities[ci].Guide = &orchestrator.Sourced[orchestrator.Guide]{Value: *out.Guide, Provenance: v.prov}
			}
		case st.Kind == orchestrator.KindAttractions && inCity:
			if x, ok := v.decoded(func() (any, bool) { return decodeList[orchestrator.Attraction](v.payload, "attractions") }); ok {
				trip.Cities[ci].Attractions = &orchestrator.Sourced[[]orchestrator.Attraction]{Value: x.([]orchestrator.Attraction), Provenance: v.prov}
			}
		case st.Kind == orchestrator.KindRestaurants && inCity:
			if x, ok := v.decoded(func() (any, bool) { return decodeList[orchestrator.Restaurant](v.payload, "restaurants") }); ok {
				trip.Cities[ci].Restaurants = &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: x.([]orchestrator.Restaurant), Provenance: v.prov}
			}
		case st.Kind == orchestrator.KindHotels && inCity:
			if x, ok := v.decoded(func() (any, bool) { return decodeList[orchestrator.Accommodation](v.payload, "hotels") }); ok {
				trip.Cities[ci].Hotels = &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: x.([]orchestrator.Accommodation), Provenance: v.prov}
			}
		case st.Kind == orchestrator.KindMatrix && inCity:
			var out struct {
				Matrix *orchestrator.TravelMatrix `json:"matrix"`
			}
			if json.Unmarshal(v.payload, &out) == nil && out.Matrix != nil {
				trip.Cities[ci].Matrix = &orchestrator.Sourced[orchestrator.TravelMatrix]{Value: *out.Matrix, Provenance: v.prov}
			}
		case st.Kind == orchestrator.KindTransport:
			var leg orchestrator.TransportLeg
			if decodeObject(v.payload, "leg", &leg) && leg.From != "" {
				// Name the leg's ends as the brief does (a source may use
				// another language or alias).
				from, to := display[st.Params["from"]], display[st.Params["to"]]
				for i := range leg.Options {
					o := &leg.Options[i]
					if o.From == leg.From {
						o.From = from
					}
					if o.To == leg.To {
						o.To = to
					}
				}
				leg.From, leg.To = from, to
				trip.Transport = append(trip.Transport, orchestrator.Sourced[orchestrator.TransportLeg]{Value: leg, Provenance: v.prov})
			}
		case st.Kind == orchestrator.KindFares && hasOptions(v.payload):
			// Live fares as bookable options (flight_offers): a leg of
			// their own, with the airline API's provenance, beside the
			// leg's static options.
			opts, _ := decodeList[orchestrator.TransportOption](v.payload, "options")
			from, to := display[st.Params["from"]], display[st.Params["to"]]
			for i := range opts {
				opts[i].From, opts[i].To = from, to
			}
			trip.Transport = append(trip.Transport, orchestrator.Sourced[orchestrator.TransportLeg]{
				Value: orchestrator.TransportLeg{From: from, To: to, Options: opts}, Provenance: v.prov})
		case st.Kind == orchestrator.KindItinerary, st.Kind == orchestrator.KindVerify:
			// These go to Plan.Itinerary and its Report.
		case st.Kind == orchestrator.KindRender:
			// The document itself is served by GET /v1/plans/{id}.html; the
			// trip records that it rendered and its entity tag.
			var out struct {
				ContentType string `json:"content_type"`
				Body        string `json:"body"`
				ETag        string `json:"etag"`
			}
			if json.Unmarshal(v.payload, &out) == nil {
				summary, _ := json.Marshal(map[string]any{"content_type": out.ContentType, "etag": out.ETag, "bytes": len(out.Body)})
				if trip.Sections == nil {
					trip.Sections = map[string]orchestrator.Section{}
				}
				trip.Sections[st.ID] = orchestrator.Section{Kind: st.Kind, Payload: summary, Provenance: v.prov}
			}
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

// decodeList reads a catalog payload: a bare JSON array (as the dataset
// importers write it) or an object holding the array under field (as agent
// tools return it, next to their provenance).
func decodeList[T any](payload json.RawMessage, field string) ([]T, bool) {
	var list []T
	if len(payload) > 0 && payload[0] == '[' {
		return list, json.Unmarshal(payload, &list) == nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(payload, &obj) != nil || obj[field] == nil {
		return nil, false
	}
	return list, json.Unmarshal(obj[field], &list) == nil
}

// decodeObject reads an object payload given bare or under field.
func decodeObject(payload json.RawMessage, field string, v any) bool {
	var obj map[string]json.RawMessage
	if json.Unmarshal(payload, &obj) != nil {
		return false
	}
	if inner, ok := obj[field]; ok {
		return json.Unmarshal(inner, v) == nil
	}
	return json.Unmarshal(payload, v) == nil
}

// hasOptions reports whether a payload carries transport options (the
// flight_offers tool's), as opposed to a browser price quote.
func hasOptions(payload json.RawMessage) bool {
	var probe struct {
		Options json.RawMessage `json:"options"`
	}
	return json.Unmarshal(payload, &probe) == nil && len(probe.Options) > 0 && probe.Options[0] == '['
}
