// Package datasets reads offline travel sandboxes — the TravelPlanner
// benchmark database (US cities) and the ChinaTravel sandbox (ten Chinese
// cities) — into the domain's catalog types, and assembles the Trip data a
// plan needs from them.
//
// A Catalog is immutable once loaded and safe for concurrent use.
package datasets

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// ErrUnknownCity is returned (wrapped) when a city is not in a catalog.
var ErrUnknownCity = errors.New("city not in dataset")

// Catalog is a whole dataset in domain types: every city's attractions,
// restaurants and accommodations, and the intercity transport options.
type Catalog struct {
	// Name is "travelplanner" or "chinatravel".
	Name string
	// Currency is the currency of every price in the dataset.
	Currency string
	// Provenance is stamped on every fact taken from the catalog; Source
	// names the dataset and FetchedAt is the data's snapshot date.
	Provenance orchestrator.Provenance
	// EstimateProvenance is used for modelled facts (derived fares).
	EstimateProvenance orchestrator.Provenance

	// Dropped counts the source rows left out at load by reason
	// ("train_speed", "flight_speed": faster than a plausible top speed
	// beside a plausible row of the same service), and DroppedIDs names
	// them, in load order.
	Dropped    map[string]int
	DroppedIDs []string

	cities    map[string]*City // canonical name → city
	aliases   map[string]string
	transport map[Pair][]orchestrator.TransportOption
	regions   map[string][]string
	optionIDs map[string]int
}

// City is one city of a catalog.
type City struct {
	// Name is the dataset's spelling (e.g. "St. Petersburg", "成都").
	Name string
	// Aliases are other names the city answers to (e.g. "Chengdu").
	Aliases []string
	// Region is the state or province.
	Region      string
	Attractions []orchestrator.Attraction
	Restaurants []orchestrator.Restaurant
	Hotels      []orchestrator.Accommodation
}

// Pair is an ordered pair of canonical city keys.
type Pair struct{ From, To string }

func newCatalog(name, currency string, prov, est orchestrator.Provenance) *Catalog {
	return &Catalog{
		Name: name, Currency: currency, Provenance: prov, EstimateProvenance: est,
		cities:    map[string]*City{},
		aliases:   map[string]string{},
		transport: map[Pair][]orchestrator.TransportOption{},
		regions:   map[string][]string{},
	}
}

func (c *Catalog) city(name string) *City {
	k := orchestrator.CanonicalCity(name)
	if ci, ok := c.cities[k]; ok {
		return ci
	}
	ci := &City{Name: name}
	c.cities[k] = ci
	c.aliases[k] = k
	return ci
}

func (c *Catalog) addAlias(alias, name string) {
	c.aliases[orchestrator.CanonicalCity(alias)] = orchestrator.CanonicalCity(name)
}

// addOption files an option under its city pair, making its ID unique
// (a train number can run twice a day between the same stations).
// drop counts a source row left out for reason.
func (c *Catalog) drop(reason, id string) {
	if c.Dropped == nil {
		c.Dropped = map[string]int{}
	}
	c.Dropped[reason]++
	c.DroppedIDs = append(c.DroppedIDs, id)
}

func (c *Catalog) addOption(o orchestrator.TransportOption) {
	p := Pair{orchestrator.CanonicalCity(o.From), orchestrator.CanonicalCity(o.To)}
	if c.optionIDs == nil {
		c.optionIDs = map[string]int{}
	}
	if n := c.optionIDs[o.ID]; n > 0 {
		c.optionIDs[o.ID] = n + 1
		o.ID += "#" + strconv.Itoa(n+1)
	} else {
		c.optionIDs[o.ID] = 1
	}
	c.transport[p] = append(c.transport[p], o)
}

// key resolves a city name or alias to its canonical key.
func (c *Catalog) key(name string) (string, bool) {
	k, ok := c.aliases[orchestrator.CanonicalCity(name)]
	return k, ok
}

// City returns the city called name (any alias, any case), if present.
func (c *Catalog) City(name string) (*City, bool) {
	k, ok := c.key(name)
	if !ok {
		return nil, false
	}
	ci, ok := c.cities[k]
	return ci, ok
}

// Cities returns every city's dataset name, sorted.
func (c *Catalog) Cities() []string {
	out := make([]string, 0, len(c.cities))
	for _, ci := range c.cities {
		out = append(out, ci.Name)
	}
	sort.Strings(out)
	return out
}

// Regions returns every region name, sorted.
func (c *Catalog) Regions() []string {
	out := make([]string, 0, len(c.regions))
	for r := range c.regions {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// CitiesIn returns the cities of region (exact name), sorted; nil when the
// region is unknown.
func (c *Catalog) CitiesIn(region string) []string {
	return append([]string(nil), c.regions[region]...)
}

// Options returns the transport options from one city to another, in
// dataset order. The slice must not be modified.
func (c *Catalog) Options(from, to string) []orchestrator.TransportOption {
	f, ok1 := c.key(from)
	t, ok2 := c.key(to)
	if !ok1 || !ok2 {
		return nil
	}
	return c.transport[Pair{f, t}]
}

// Pairs returns every ordered city pair with transport options, sorted.
func (c *Catalog) Pairs() []Pair {
	out := make([]Pair, 0, len(c.transport))
	for p := range c.transport {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].From != out[j].From {
			return out[i].From < out[j].From
		}
		return out[i].To < out[j].To
	})
	return out
}

// Trip assembles the data for planning a trip from origin to cities: each
// city's attractions, restaurants and hotels, and the transport options of
// every ordered pair among the origin and the cities. Names are resolved
// through aliases, and the Trip spells every city as the caller did, so a
// brief saying "Chengdu" gets a Trip about "Chengdu" built from "成都".
// origin may be empty. Every fact carries the catalog's provenance.
func (c *Catalog) Trip(origin string, cities []string) (*orchestrator.Trip, error) {
	trip := &orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion}
	type stop struct {
		as  string // the caller's spelling
		key string
	}
	var stops []stop
	if origin != "" {
		k, ok := c.key(origin)
		if !ok {
			return nil, fmt.Errorf("origin %q: %w", origin, ErrUnknownCity)
		}
		stops = append(stops, stop{origin, k})
	}
	seen := map[string]bool{}
	for _, name := range cities {
		k, ok := c.key(name)
		if !ok {
			return nil, fmt.Errorf("city %q: %w", name, ErrUnknownCity)
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		ci := c.cities[k]
		cd := orchestrator.CityData{Name: name, Region: ci.Region}
		if len(ci.Attractions) > 0 {
			v := make([]orchestrator.Attraction, len(ci.Attractions))
			copy(v, ci.Attractions)
			for i := range v {
				v[i].City = name
			}
			cd.Attractions = &orchestrator.Sourced[[]orchestrator.Attraction]{Value: v, Provenance: c.Provenance}
		}
		if len(ci.Restaurants) > 0 {
			v := make([]orchestrator.Restaurant, len(ci.Restaurants))
			copy(v, ci.Restaurants)
			for i := range v {
				v[i].City = name
			}
			cd.Restaurants = &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: v, Provenance: c.Provenance}
		}
		if len(ci.Hotels) > 0 {
			v := make([]orchestrator.Accommodation, len(ci.Hotels))
			copy(v, ci.Hotels)
			for i := range v {
				v[i].City = name
			}
			cd.Hotels = &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: v, Provenance: c.Provenance}
		}
		trip.Cities = append(trip.Cities, cd)
		if origin == "" || k != stops[0].key {
			stops = append(stops, stop{name, k})
		}
	}
	for _, a := range stops {
		for _, b := range stops {
			if a.key == b.key {
				continue
			}
			opts := c.transport[Pair{a.key, b.key}]
			if len(opts) == 0 {
				continue
			}
			// Observed fares and modelled ones go in separate legs, each
			// with its own provenance.
			var observed, modelled []orchestrator.TransportOption
			for _, o := range opts {
				o.From, o.To = a.as, b.as
				if o.PriceEstimate {
					modelled = append(modelled, o)
				} else {
					observed = append(observed, o)
				}
			}
			for _, part := range []struct {
				opts []orchestrator.TransportOption
				prov orchestrator.Provenance
			}{{observed, c.Provenance}, {modelled, c.EstimateProvenance}} {
				if len(part.opts) > 0 {
					trip.Transport = append(trip.Transport, orchestrator.Sourced[orchestrator.TransportLeg]{
						Value:      orchestrator.TransportLeg{From: a.as, To: b.as, Options: part.opts},
						Provenance: part.prov,
					})
				}
			}
		}
	}
	return trip, nil
}

// snapshot parses a fixed snapshot date.
func snapshot(date string) time.Time {
	t, err := time.Parse(orchestrator.DateLayout, date)
	if err != nil {
		panic(err) // constant input
	}
	return t.UTC()
}
