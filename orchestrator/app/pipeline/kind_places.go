package pipeline

import (
	"encoding/json"
	"fmt"

	"github.com/tripweave/tripweave/orchestrator"
)

// Handlers of the kinds about one place: geocode (the place itself),
// weather, guide, and the exchange rates of the budget's currency.
func init() {
	register(orchestrator.KindGeocode, handler{
		args: func(c *call, tool string) (map[string]any, error) {
			if tool == orchestrator.ToolAmapGeocode {
				return map[string]any{"address": c.st.Params["city"]}, nil
			}
			return map[string]any{"name": c.st.Params["city"], "language": c.st.Params["lang"], "count": 1}, nil
		},
		decode: func(p json.RawMessage) (any, bool) { return decodePlace(p) },
		shared: true,
		join: func(j *joiner, st orchestrator.Subtask, v nodeValue) {
			pl, ok := v.value.(orchestrator.Place)
			if !ok {
				return
			}
			sp := &orchestrator.Sourced[orchestrator.Place]{Value: pl, Provenance: v.prov}
			for i, c := range j.cities {
				if orchestrator.CanonicalCity(c) == st.Params["city"] {
					j.trip.Cities[i].Place = sp
				}
			}
			if j.brief.Origin != "" && orchestrator.CanonicalCity(j.brief.Origin) == st.Params["city"] {
				j.trip.Origin = sp
			}
		},
	})
	// weather and amap_weather take the same arguments; weather also the
	// city, which keys what the agent keeps of it (its forecast window and
	// climate normals, sliced for any dates).
	register(orchestrator.KindWeather, handler{
		args: func(c *call, tool string) (map[string]any, error) {
			pl, err := c.place()
			if err != nil {
				return nil, err
			}
			p := c.st.Params
			if p["start"] == "" {
				return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "weather needs travel dates; the brief gives only a duration"}
			}
			args := map[string]any{"latitude": pl.Latitude, "longitude": pl.Longitude, "start_date": p["start"], "end_date": p["end"]}
			if tool == orchestrator.ToolWeather {
				args["city"] = p["city"]
			}
			return args, nil
		},
		decode: func(p json.RawMessage) (any, bool) {
			var out struct {
				Forecast orchestrator.Forecast `json:"forecast"`
			}
			return out.Forecast, json.Unmarshal(p, &out) == nil
		},
		// Shared, in the decoded cache of live conditions (decodedOf):
		// there is one per city and date range, which among the catalogs
		// and legs would crowd them out.
		shared: true,
		// The weather tool slices a date range from the city's climate
		// normals and forecast window, which its agent keeps and fetches
		// under a lease of their own (openmeteo.Knowledge): a new range
		// is a cheap in-process call, and leasing it would cost three
		// cache round trips more than the call. Other weather tools ask
		// their provider per range, under the lease.
		unleased: func(tool string) bool { return tool == orchestrator.ToolWeather },
		join: func(j *joiner, st orchestrator.Subtask, v nodeValue) {
			ci, ok := j.city(st)
			f, okf := v.value.(orchestrator.Forecast)
			if !ok || !okf {
				return
			}
			j.trip.Cities[ci].Weather = &orchestrator.Sourced[orchestrator.Forecast]{Value: f, Provenance: v.prov}
			for _, d := range f.Days {
				if d.Estimate {
					j.notes = append(j.notes, orchestrator.Note{Subtask: st.ID, Kind: st.Kind, Level: "info", Code: "estimate",
						Message: fmt.Sprintf("weather for %s is a climate estimate from past years, not a forecast", j.cities[ci])})
					break
				}
			}
		},
	})
	register(orchestrator.KindGuide, handler{
		args: func(c *call, _ string) (map[string]any, error) {
			return withPlaceIfKnown(c, map[string]any{"city": c.st.Params["city"], "lang": c.st.Params["lang"]}), nil
		},
		decode: func(p json.RawMessage) (any, bool) {
			var out struct {
				Guide *orchestrator.Guide `json:"guide"`
			}
			return out.Guide, json.Unmarshal(p, &out) == nil && out.Guide != nil
		},
		shared: true,
		join: func(j *joiner, st orchestrator.Subtask, v nodeValue) {
			ci, ok := j.city(st)
			g, okg := v.value.(*orchestrator.Guide)
			if ok && okg {
				j.trip.Cities[ci].Guide = &orchestrator.Sourced[orchestrator.Guide]{Value: *g, Provenance: v.prov, Ref: v.ref()}
			}
		},
	})
	register(orchestrator.KindFX, handler{
		args: func(c *call, _ string) (map[string]any, error) {
			return map[string]any{"base": c.st.Params["base"]}, nil
		},
		decode: func(p json.RawMessage) (any, bool) {
			var out orchestrator.FXRates
			return out, json.Unmarshal(p, &out) == nil && out.Base != ""
		},
		shared: true,
		join: func(j *joiner, _ orchestrator.Subtask, v nodeValue) {
			if fx, ok := v.value.(orchestrator.FXRates); ok {
				j.trip.FX = &orchestrator.Sourced[orchestrator.FXRates]{Value: fx, Provenance: v.prov}
			}
		},
	})
}

// withPlaceIfKnown adds the coordinates of the subtask's geocoded city to
// args when it was located.
func withPlaceIfKnown(c *call, args map[string]any) map[string]any {
	for _, pl := range c.places() {
		if pl.Name != "" || pl.SourceID != "" {
			args["latitude"], args["longitude"] = pl.Latitude, pl.Longitude
			break
		}
	}
	return args
}

// geocodeOutput is the geocode tool's output.
type geocodeOutput struct {
	Places []orchestrator.Place `json:"places"`
}

func decodePlace(payload json.RawMessage) (orchestrator.Place, bool) {
	var out geocodeOutput
	if err := json.Unmarshal(payload, &out); err != nil || len(out.Places) == 0 {
		return orchestrator.Place{}, false
	}
	return out.Places[0], true
}

// places returns the geocoded places among the dependencies, in order; a
// place that could not be located is the zero Place.
func (c *call) places() []orchestrator.Place {
	var out []orchestrator.Place
	for _, d := range c.ofKind(orchestrator.KindGeocode) {
		pl, _ := d.v.value.(orchestrator.Place)
		out = append(out, pl)
	}
	return out
}

// place returns the one geocoded place the subtask concerns.
func (c *call) place() (orchestrator.Place, error) {
	for _, d := range c.ofKind(orchestrator.KindGeocode) {
		if pl, ok := d.v.value.(orchestrator.Place); ok {
			return pl, nil
		}
		if d.err != nil {
			return orchestrator.Place{}, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "the city could not be located: " + orchestrator.ErrorMessage(domainError(unwrapNode(d.err)))}
		}
	}
	return orchestrator.Place{}, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "the city could not be located"}
}

// isPlace reports whether kind locates a city (geocode): the place other
// kinds of the city depend on.
func isPlace(kind orchestrator.Kind) bool { return kind == orchestrator.KindGeocode }
