package datasets

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
)

// store returns a knowledge cache on an in-process miniredis with a fixed
// clock, and a PutFunc writing to it.
func store(t *testing.T, now time.Time) (*knowledgebase.Store, PutFunc) {
	t.Helper()
	mr := miniredis.RunT(t)
	client := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { client.Close() })
	kb := knowledgebase.New(client, &knowledgebase.Options{
		Now: func() time.Time { return now }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	t.Cleanup(func() { kb.Close() })
	put := func(ctx context.Context, kind, hash string, p json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error {
		return kb.Put(ctx, knowledgebase.Key{Kind: kind, Hash: hash}, knowledgebase.Entry{Payload: p, Provenance: prov}, ttl)
	}
	return kb, put
}

func TestImportChinaTravel(t *testing.T) {
	c := chinaTravel(t)
	now := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
	kb, put := store(t, now)
	ctx := context.Background()
	sum, err := c.Import(ctx, put, ImportOptions{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	// 10 cities × 2 names (Chinese, and the shared English/pinyin form) ×
	// 3 kinds; 88 connected pairs × 4 name combinations; 1 index.
	if sum.Cities != 10 || sum.Entries != 10*2*3+88*4+1 {
		t.Errorf("summary %+v", sum)
	}

	// The keys are exactly what Decompose asks for.
	b := &orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu"}, Days: 3, Now: "2026-05-01T00:00:00Z"}
	if err := b.Normalize(now); err != nil {
		t.Fatal(err)
	}
	var attractions, restaurants *orchestrator.Subtask
	for _, s := range orchestrator.Decompose(b) {
		s := s
		switch s.Kind {
		case orchestrator.KindAttractions:
			attractions = &s
		case orchestrator.KindRestaurants:
			restaurants = &s
		}
	}
	if attractions == nil || restaurants == nil {
		t.Fatal("Decompose emitted no attractions or restaurants subtask")
	}
	for _, tc := range []struct {
		s    orchestrator.Subtask
		want int
	}{
		{*attractions, 329},
		{*restaurants, 465},
		{CatalogSubtask(orchestrator.KindHotels, "Chengdu"), 404},
		{CatalogSubtask(orchestrator.KindAttractions, "成都"), 329},
	} {
		got, err := kb.Get(ctx, knowledgebase.Key{Kind: string(tc.s.Kind), Hash: tc.s.Hash()})
		if err != nil {
			t.Fatal(err)
		}
		if got.State != knowledgebase.Fresh {
			t.Errorf("%s: %s", tc.s.ID, got.State)
			continue
		}
		var items []json.RawMessage
		if err := json.Unmarshal(got.Entry.Payload, &items); err != nil || len(items) != tc.want {
			t.Errorf("%s: %d items (%v), want %d", tc.s.ID, len(items), err, tc.want)
		}
		if p := got.Entry.Provenance; p.Source != "chinatravel:sandbox" || !p.FetchedAt.Equal(now) || p.TTL != int64(DefaultImportTTL/time.Second) || p.Attribution == nil {
			t.Errorf("%s: provenance %+v", tc.s.ID, p)
		}
	}

	got, err := kb.Get(ctx, knowledgebase.Key{Kind: string(orchestrator.KindTransport), Hash: TransportSubtask("shanghai", "CHENGDU").Hash()})
	if err != nil || got.State != knowledgebase.Fresh {
		t.Fatalf("transport entry: %v %v", got.State, err)
	}
	var leg orchestrator.TransportLeg
	if err := json.Unmarshal(got.Entry.Payload, &leg); err != nil {
		t.Fatal(err)
	}
	if leg.From != "上海" || leg.To != "成都" || len(leg.Options) != 25 || !got.Entry.Provenance.Estimate {
		t.Errorf("leg %s → %s with %d options, estimate %v", leg.From, leg.To, len(leg.Options), got.Entry.Provenance.Estimate)
	}

	got, err = kb.Get(ctx, knowledgebase.Key{Kind: KindDataset, Hash: "chinatravel"})
	if err != nil || got.State != knowledgebase.Fresh {
		t.Fatalf("index entry: %v %v", got.State, err)
	}
	var idx DatasetIndex
	if err := json.Unmarshal(got.Entry.Payload, &idx); err != nil {
		t.Fatal(err)
	}
	if len(idx.Cities) != 10 || len(idx.Regions["江苏"]) != 2 {
		t.Errorf("index %+v", idx)
	}
}

func TestImportSelectedCities(t *testing.T) {
	c := travelPlanner(t)
	now := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
	kb, put := store(t, now)
	ctx := context.Background()
	sum, err := c.Import(ctx, put, ImportOptions{Cities: []string{"Rockford", "St. Petersburg"}, TTL: time.Hour, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Cities != 2 {
		t.Errorf("summary %+v", sum)
	}
	got, err := kb.Get(ctx, knowledgebase.Key{Kind: string(orchestrator.KindTransport), Hash: TransportSubtask("St. Petersburg", "Rockford").Hash()})
	if err != nil || got.State != knowledgebase.Fresh {
		t.Fatalf("transport: %v %v", got.State, err)
	}
	var leg orchestrator.TransportLeg
	if err := json.Unmarshal(got.Entry.Payload, &leg); err != nil {
		t.Fatal(err)
	}
	modes := map[string]int{}
	for _, o := range leg.Options {
		modes[o.Mode]++
	}
	if modes["flight"] == 0 {
		t.Errorf("modes %v", modes)
	}
	if _, err := c.Import(ctx, put, ImportOptions{Cities: []string{"Atlantis"}}); !errors.Is(err, ErrUnknownCity) {
		t.Errorf("unknown city: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.Import(cctx, put, ImportOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled import: %v", err)
	}
}
