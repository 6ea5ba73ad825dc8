package travelplanner

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"slices"
	"sync"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// CacheGetter reads the knowledge-cache entry of a subtask: its payload and
// provenance, or nil for both on a miss.
type CacheGetter func(ctx context.Context, s orchestrator.Subtask) (json.RawMessage, *orchestrator.Provenance, error)

// CacheLookup reads the entries of several subtasks in one round trip
// (knowledgebase.Store.Lookup): payloads and provenances in the order of
// the subtasks, nil for both on a miss.
type CacheLookup func(ctx context.Context, ss []orchestrator.Subtask) ([]json.RawMessage, []*orchestrator.Provenance, error)

// StoreLookup is a CacheLookup over a knowledge cache: one
// knowledgebase.Store.Lookup (one MGET) for all the subtasks.
func StoreLookup(kb *knowledgebase.Store) CacheLookup {
	return func(ctx context.Context, ss []orchestrator.Subtask) ([]json.RawMessage, []*orchestrator.Provenance, error) {
		keys := make([]knowledgebase.Key, len(ss))
		for i, s := range ss {
			keys[i] = knowledgebase.Key{Kind: string(s.Kind), Hash: s.Hash()}
		}
		ls, err := kb.Lookup(ctx, keys)
		if err != nil {
			return nil, nil, err
		}
		payloads := make([]json.RawMessage, len(ss))
		provs := make([]*orchestrator.Provenance, len(ss))
		for i, l := range ls {
			if l.State != knowledgebase.Miss {
				e := l.Entry
				payloads[i], provs[i] = e.Payload, &e.Provenance
			}
		}
		return payloads, provs, nil
	}
}

// CacheTrips returns a BatchOptions.Trips function that assembles a query's
// trip from the entries datasets.Catalog.Import wrote: each city's
// attractions, restaurants and hotels, and the transport legs between the
// origin and the candidate cities. It reads them one by one; CacheTripsBatch
// reads them in one round trip.
func CacheTrips(get CacheGetter) func(context.Context, *Query, []string) (*orchestrator.Trip, error) {
	return CacheTripsBatch(func(ctx context.Context, ss []orchestrator.Subtask) ([]json.RawMessage, []*orchestrator.Provenance, error) {
		payloads := make([]json.RawMessage, len(ss))
		provs := make([]*orchestrator.Provenance, len(ss))
		for i, s := range ss {
			p, prov, err := get(ctx, s)
			if err != nil {
				return nil, nil, err
			}
			payloads[i], provs[i] = p, prov
		}
		return payloads, provs, nil
	})
}

// CacheTripsBatch is CacheTrips reading every entry of a query's trip with
// one lookup. Decoded payloads are memoized by subtask and payload
// checksum: the queries of a batch share cities, and decoding a catalog
// costs more than planning with it. Each trip gets its own slices
// (Adapter.Restrict filters them in place); the elements are shared and
// read-only.
func CacheTripsBatch(lookup CacheLookup) func(context.Context, *Query, []string) (*orchestrator.Trip, error) {
	type decoded struct {
		sum   uint64
		value any
	}
	var mu sync.Mutex
	memo := map[string]decoded{}
	decode := func(s orchestrator.Subtask, payload json.RawMessage, fresh func() any) (any, error) {
		h := fnv.New64a()
		h.Write(payload)
		sum := h.Sum64()
		mu.Lock()
		d, ok := memo[s.ID]
		mu.Unlock()
		if ok && d.sum == sum {
			return d.value, nil
		}
		v := fresh()
		if err := json.Unmarshal(payload, v); err != nil {
			return nil, err
		}
		mu.Lock()
		memo[s.ID] = decoded{sum, v}
		mu.Unlock()
		return v, nil
	}
	return func(ctx context.Context, q *Query, cities []string) (*orchestrator.Trip, error) {
		var ss []orchestrator.Subtask
		for _, c := range cities {
			for _, k := range orchestrator.CatalogKinds {
				ss = append(ss, datasets.CatalogSubtask(k, c))
			}
		}
		stops := append([]string{q.Org}, cities...)
		for _, a := range stops {
			for _, b := range stops {
				if a != b {
					ss = append(ss, datasets.TransportSubtask(a, b))
				}
			}
		}
		payloads, provs, err := lookup(ctx, ss)
		if err != nil {
			return nil, err
		}
		trip := &orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion}
		i := 0
		for _, c := range cities {
			cd := orchestrator.CityData{Name: c}
			for k := 0; k < 3; k, i = k+1, i+1 {
				if provs[i] == nil {
					continue
				}
				prov := *provs[i]
				switch k {
				case 0:
					v, err := decode(ss[i], payloads[i], func() any { return &[]orchestrator.Attraction{} })
					if err != nil {
						return nil, err
					}
					cd.Attractions = &orchestrator.Sourced[[]orchestrator.Attraction]{Value: slices.Clone(*v.(*[]orchestrator.Attraction)), Provenance: prov}
				case 1:
					v, err := decode(ss[i], payloads[i], func() any { return &[]orchestrator.Restaurant{} })
					if err != nil {
						return nil, err
					}
					cd.Restaurants = &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: slices.Clone(*v.(*[]orchestrator.Restaurant)), Provenance: prov}
				case 2:
					v, err := decode(ss[i], payloads[i], func() any { return &[]orchestrator.Accommodation{} })
					if err != nil {
						return nil, err
					}
					cd.Hotels = &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: slices.Clone(*v.(*[]orchestrator.Accommodation)), Provenance: prov}
				}
			}
			trip.Cities = append(trip.Cities, cd)
		}
		for ; i < len(ss); i++ {
			if provs[i] == nil {
				continue
			}
			v, err := decode(ss[i], payloads[i], func() any { return &orchestrator.TransportLeg{} })
			if err != nil {
				return nil, err
			}
			leg := *v.(*orchestrator.TransportLeg)
			leg.Options = slices.Clone(leg.Options)
			trip.Transport = append(trip.Transport, orchestrator.Sourced[orchestrator.TransportLeg]{Value: leg, Provenance: *provs[i]})
		}
		return trip, nil
	}
}
