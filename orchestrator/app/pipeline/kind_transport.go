package pipeline

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// Scrape kinds: what the browser agent's scrape_prices calls the two live
// price kinds (its "kind" argument selects the recipes to run).
const (
	scrapeHotels    = "hotels"
	scrapeTransport = "transport"
)

// Handlers of travel between cities — the leg's options (transport), its
// live fares (transport_prices: an airline API's offers, or the browser's
// fare pages) — and of live hotel prices for a stay (hotel_prices, the
// browser's hotel pages).
func init() {
	register(orchestrator.KindTransport, handler{
		args: func(c *call, _ string) (map[string]any, error) {
			p := c.st.Params
			places := c.places()
			if len(places) < 2 {
				// A hub leg (hubLeg): answered from the cache only.
				return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: hubLegWhy(c.st)}
			}
			if len(places) != 2 || places[0].Name == "" || places[1].Name == "" {
				return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("%s or %s could not be located", p["from"], p["to"])}
			}
			args := map[string]any{"from": p["from"], "to": p["to"],
				"from_latitude": places[0].Latitude, "from_longitude": places[0].Longitude,
				"to_latitude": places[1].Latitude, "to_longitude": places[1].Longitude}
			if cc := places[0].CountryCode; cc != "" {
				args["from_country"] = strings.ToUpper(cc)
			}
			if cc := places[1].CountryCode; cc != "" {
				args["to_country"] = strings.ToUpper(cc)
			}
			return args, nil
		},
		decode: func(p json.RawMessage) (any, bool) {
			var leg orchestrator.TransportLeg
			return leg, decodeObject(p, "leg", &leg) && leg.From != ""
		},
		shared:       true,
		cacheOnly:    hubLeg,
		cacheOnlyWhy: hubLegWhy,
		join: func(j *joiner, st orchestrator.Subtask, v nodeValue) {
			leg, ok := v.value.(orchestrator.TransportLeg)
			if !ok {
				return
			}
			from, to := j.display[st.Params["from"]], j.display[st.Params["to"]]
			if from == "" {
				from = leg.From // a hub the brief does not name
			}
			if to == "" {
				to = leg.To
			}
			j.trip.Transport = append(j.trip.Transport, j.svc.namedLeg(leg, v, from, to))
		},
	})
	register(orchestrator.KindFares, handler{
		args: func(c *call, tool string) (map[string]any, error) {
			p := c.st.Params
			if tool == orchestrator.ToolFlightOffers {
				tr := c.brief.Travelers // what the subtask's guests parameter was made from
				return map[string]any{"from": p["from"], "to": p["to"], "date": p["date"], "adults": max(tr.Adults, 1), "children": tr.Children}, nil
			}
			args := scrapeArgs(c, scrapeTransport)
			places := c.places()
			if len(places) == 2 && places[0].Name != "" && places[1].Name != "" {
				args["latitude"], args["longitude"] = places[1].Latitude, places[1].Longitude
			}
			return args, nil
		},
		// flight_offers' options join as a leg of their own; a browser
		// price quote stays a section.
		decode: func(p json.RawMessage) (any, bool) {
			var probe struct {
				Options json.RawMessage `json:"options"`
			}
			if json.Unmarshal(p, &probe) != nil || len(probe.Options) == 0 || probe.Options[0] != '[' {
				return nil, false
			}
			var opts []orchestrator.TransportOption
			return opts, json.Unmarshal(probe.Options, &opts) == nil
		},
		join: func(j *joiner, st orchestrator.Subtask, v nodeValue) {
			opts, ok := v.value.([]orchestrator.TransportOption)
			if !ok {
				j.section(st, v)
				return
			}
			from, to := j.display[st.Params["from"]], j.display[st.Params["to"]]
			out := make([]orchestrator.TransportOption, len(opts))
			for i, o := range opts {
				o.From, o.To = from, to
				out[i] = o
			}
			j.trip.Transport = append(j.trip.Transport, orchestrator.Sourced[orchestrator.TransportLeg]{
				Value: orchestrator.TransportLeg{From: from, To: to, Options: out}, Provenance: v.prov})
		},
	})
	register(orchestrator.KindHotelPrices, handler{
		args: func(c *call, _ string) (map[string]any, error) {
			args := scrapeArgs(c, scrapeHotels)
			if pl, err := c.place(); err == nil {
				args["latitude"], args["longitude"] = pl.Latitude, pl.Longitude
			}
			return args, nil
		},
	})
}

// hubLeg reports a leg to or from a hub a connection may change at
// (orchestrator.HubsFor, a speculative subtask): the hub is not geocoded,
// so no live source is asked; its options come from the cache (imported
// datasets) or not at all.
func hubLeg(st orchestrator.Subtask) bool { return st.Speculative }

// hubLegWhy says why a hub leg the cache cannot answer is unavailable.
func hubLegWhy(st orchestrator.Subtask) string {
	return "connections through " + st.Params["from"] + " → " + st.Params["to"] + " come from imported data only"
}

// scrapeArgs are scrape_prices' arguments for a live price subtask: its
// canonical parameters and the browser's kind of recipes.
func scrapeArgs(c *call, kind string) map[string]any {
	args := make(map[string]any, len(c.st.Params)+3)
	for k, v := range c.st.Params {
		args[k] = v
	}
	args["kind"] = kind
	return args
}

// namedLeg returns the leg with its ends named as the brief does (a source
// may use another language or alias). The decoded leg is shared, so its
// options are copied before renaming; the renamed leg and its content
// address are kept by the decoded cache too, so a hot leg is renamed and
// hashed once per process.
func (s *Service) namedLeg(leg orchestrator.TransportLeg, v nodeValue, from, to string) orchestrator.Sourced[orchestrator.TransportLeg] {
	ref := v.ref()
	key := decodedKey{id: ref, from: from, to: to}
	if ref != "" {
		if d, ok := s.decoded.get(key); ok {
			if named, ok := d.value.(orchestrator.TransportLeg); ok {
				return orchestrator.Sourced[orchestrator.TransportLeg]{Value: named, Provenance: v.prov, Ref: d.ref}
			}
		}
	}
	opts := make([]orchestrator.TransportOption, len(leg.Options))
	for i, o := range leg.Options {
		if o.From == leg.From {
			o.From = from
		}
		if o.To == leg.To {
			o.To = to
		}
		opts[i] = o
	}
	leg.From, leg.To, leg.Options = from, to, opts
	out := orchestrator.Sourced[orchestrator.TransportLeg]{Value: leg, Provenance: v.prov}
	if ref != "" {
		if doc, err := json.Marshal(leg); err == nil {
			out.Ref = orchestrator.ContentRef(doc)
			s.decoded.put(key, decoded{value: leg, ref: out.Ref})
		}
	}
	return out
}
