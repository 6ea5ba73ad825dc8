package datasets

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// PutFunc writes one knowledge-cache entry: the payload with its provenance
// under (kind, hash), fresh for ttl. With a *knowledgebase.Store kb:
//
//	put := func(ctx context.Context, kind, hash string, p json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error {
//		return kb.Put(ctx, knowledgebase.Key{Kind: kind, Hash: hash}, knowledgebase.Entry{Payload: p, Provenance: prov}, ttl)
//	}
type PutFunc func(ctx context.Context, kind, hash string, payload json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error

// DefaultImportTTL is how long imported sandbox data stays fresh.
const DefaultImportTTL = 30 * 24 * time.Hour

// KindDataset is the cache kind of a dataset's index entry.
const KindDataset = "dataset"

// ImportOptions tune Import. The zero value imports every city for
// DefaultImportTTL at time.Now.
type ImportOptions struct {
	TTL time.Duration
	// Now stamps the provenance's FetchedAt; nil means time.Now.
	Now func() time.Time
	// Cities restricts the import to these cities (any alias); nil means
	// all. Transport is imported between the selected cities.
	Cities []string
}

// ImportSummary counts what Import wrote.
type ImportSummary struct {
	Cities  int   `json:"cities"`
	Entries int   `json:"entries"`
	Bytes   int64 `json:"bytes"`
	// Dropped counts the source rows left out at load, by reason
	// (Catalog.Dropped).
	Dropped map[string]int `json:"dropped,omitempty"`
}

// DatasetIndex is the payload of a dataset's index entry (kind "dataset",
// hash the catalog name): its cities with their aliases and regions, so a
// region such as "Texas" can be expanded to candidate cities.
type DatasetIndex struct {
	Name     string              `json:"name"`
	Currency string              `json:"currency"`
	Cities   []IndexedCity       `json:"cities"`
	Regions  map[string][]string `json:"regions"`
}

// IndexedCity is one city of a DatasetIndex.
type IndexedCity struct {
	Name        string   `json:"name"`
	Aliases     []string `json:"aliases,omitempty"`
	Region      string   `json:"region,omitempty"`
	Attractions int      `json:"attractions"`
	Restaurants int      `json:"restaurants"`
	Hotels      int      `json:"hotels"`
}

// CatalogSubtask is orchestrator.CatalogSubtask: the key the importers
// write a city's catalog under is the one Decompose looks up.
func CatalogSubtask(kind orchestrator.Kind, city string) orchestrator.Subtask {
	return orchestrator.CatalogSubtask(kind, city)
}

// TransportSubtask is orchestrator.TransportSubtask.
func TransportSubtask(from, to string) orchestrator.Subtask {
	return orchestrator.TransportSubtask(from, to)
}

// Import writes the catalog into the knowledge cache through put: for every
// city and each of its names (dataset name and aliases, canonicalised), its
// attractions, restaurants and hotels under CatalogSubtask; for every
// ordered pair of imported cities with options, the leg under
// TransportSubtask (once per pair of names); and one DatasetIndex entry
// (kind "dataset", hash c.Name). Modelled fares keep the catalog's estimate
// provenance. Entries are written one at a time in a fixed order; ctx is
// checked before each. The first error stops the import.
func (c *Catalog) Import(ctx context.Context, put PutFunc, opts ImportOptions) (ImportSummary, error) {
	sum := ImportSummary{Dropped: c.Dropped}
	ttl := opts.TTL
	if ttl <= 0 {
		ttl = DefaultImportTTL
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	at := now().UTC()
	stamp := func(p orchestrator.Provenance) orchestrator.Provenance {
		p.FetchedAt = at
		p.TTL = int64(ttl / time.Second)
		p.CacheHit = false
		return p
	}
	write := func(kind, hash string, v any, prov orchestrator.Provenance) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("import %s:%s: %w", kind, hash, err)
		}
		if err := put(ctx, kind, hash, data, stamp(prov), ttl); err != nil {
			return fmt.Errorf("import %s:%s: %w", kind, hash, err)
		}
		sum.Entries++
		sum.Bytes += int64(len(data))
		return nil
	}

	keys, err := c.selected(opts.Cities)
	if err != nil {
		return sum, err
	}
	names := c.names()
	index := DatasetIndex{Name: c.Name, Currency: c.Currency, Regions: map[string][]string{}}
	for _, k := range keys {
		ci := c.cities[k]
		for _, name := range names[k] {
			for _, part := range (orchestrator.CityCatalogs{Attractions: ci.Attractions, Restaurants: ci.Restaurants, Hotels: ci.Hotels}).Sections() {
				if part.Len == 0 {
					continue
				}
				s := CatalogSubtask(part.Kind, name)
				if err := write(string(s.Kind), s.Hash(), part.Value, c.Provenance); err != nil {
					return sum, err
				}
			}
		}
		sum.Cities++
		index.Cities = append(index.Cities, IndexedCity{Name: ci.Name, Aliases: ci.Aliases, Region: ci.Region,
			Attractions: len(ci.Attractions), Restaurants: len(ci.Restaurants), Hotels: len(ci.Hotels)})
		if ci.Region != "" {
			index.Regions[ci.Region] = append(index.Regions[ci.Region], ci.Name)
		}
	}
	selected := map[string]bool{}
	for _, k := range keys {
		selected[k] = true
	}
	for _, p := range c.Pairs() {
		if !selected[p.From] || !selected[p.To] {
			continue
		}
		opts := c.transport[p]
		from, to := c.cities[p.From].Name, c.cities[p.To].Name
		leg := orchestrator.TransportLeg{From: from, To: to, Options: opts}
		prov := c.Provenance
		for _, o := range opts {
			if o.PriceEstimate {
				prov = c.EstimateProvenance // the leg holds modelled fares
				break
			}
		}
		for _, fn := range names[p.From] {
			for _, tn := range names[p.To] {
				s := TransportSubtask(fn, tn)
				if err := write(string(s.Kind), s.Hash(), leg, prov); err != nil {
					return sum, err
				}
			}
		}
	}
	for r := range index.Regions {
		sort.Strings(index.Regions[r])
	}
	if err := write(KindDataset, c.Name, index, c.Provenance); err != nil {
		return sum, err
	}
	return sum, nil
}

// selected resolves the cities to import to canonical keys, sorted.
func (c *Catalog) selected(cities []string) ([]string, error) {
	var keys []string
	if cities == nil {
		for k := range c.cities {
			keys = append(keys, k)
		}
	} else {
		seen := map[string]bool{}
		for _, name := range cities {
			k, ok := c.key(name)
			if !ok {
				return nil, fmt.Errorf("import %q: %w", name, ErrUnknownCity)
			}
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	return keys, nil
}

// names maps each city key to the distinct canonical names it answers to,
// sorted.
func (c *Catalog) names() map[string][]string {
	out := map[string][]string{}
	for alias, k := range c.aliases {
		out[k] = append(out[k], alias)
	}
	for k := range out {
		sort.Strings(out[k])
	}
	return out
}
