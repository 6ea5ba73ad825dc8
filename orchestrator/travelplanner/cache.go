package travelplanner

import (
	"context"
	"encoding/json"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/datasets"
)

// CacheGetter reads the knowledge-cache entry of a subtask: its payload and
// provenance, or nil for both on a miss.
type CacheGetter func(ctx context.Context, s orchestrator.Subtask) (json.RawMessage, *orchestrator.Provenance, error)

// CacheTrips returns a BatchOptions.Trips function that assembles a query's
// trip from the entries datasets.Catalog.Import wrote: each city's
// attractions, restaurants and hotels, and the transport legs between the
// origin and the candidate cities.
func CacheTrips(get CacheGetter) func(context.Context, *Query, []string) (*orchestrator.Trip, error) {
	read := func(ctx context.Context, s orchestrator.Subtask, v any) (*orchestrator.Provenance, error) {
		payload, prov, err := get(ctx, s)
		if err != nil || prov == nil {
			return nil, err
		}
		if err := json.Unmarshal(payload, v); err != nil {
			return nil, err
		}
		return prov, nil
	}
	return func(ctx context.Context, q *Query, cities []string) (*orchestrator.Trip, error) {
		trip := &orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion}
		for _, c := range cities {
			cd := orchestrator.CityData{Name: c}
			var as []orchestrator.Attraction
			var rs []orchestrator.Restaurant
			var hs []orchestrator.Accommodation
			if p, err := read(ctx, datasets.CatalogSubtask(orchestrator.KindAttractions, c), &as); err != nil {
				return nil, err
			} else if p != nil {
				cd.Attractions = &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as, Provenance: *p}
			}
			if p, err := read(ctx, datasets.CatalogSubtask(orchestrator.KindRestaurants, c), &rs); err != nil {
				return nil, err
			} else if p != nil {
				cd.Restaurants = &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: rs, Provenance: *p}
			}
			if p, err := read(ctx, datasets.CatalogSubtask(orchestrator.KindHotels, c), &hs); err != nil {
				return nil, err
			} else if p != nil {
				cd.Hotels = &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: hs, Provenance: *p}
			}
			trip.Cities = append(trip.Cities, cd)
		}
		stops := append([]string{q.Org}, cities...)
		for _, a := range stops {
			for _, b := range stops {
				if a == b {
					continue
				}
				var leg orchestrator.TransportLeg
				p, err := read(ctx, datasets.TransportSubtask(a, b), &leg)
				if err != nil {
					return nil, err
				}
				if p != nil {
					trip.Transport = append(trip.Transport, orchestrator.Sourced[orchestrator.TransportLeg]{Value: leg, Provenance: *p})
				}
			}
		}
		return trip, nil
	}
}
