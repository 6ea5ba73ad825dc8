package travelplanner

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// cacheTrips reads trips from kb through CacheTrips.
func cacheTrips(kb *knowledgebase.Store) func(context.Context, *Query, []string) (*orchestrator.Trip, error) {
	return CacheTrips(func(ctx context.Context, s orchestrator.Subtask) (json.RawMessage, *orchestrator.Provenance, error) {
		got, err := kb.Get(ctx, knowledgebase.Key{Kind: string(s.Kind), Hash: s.Hash()})
		if err != nil || got.State == knowledgebase.Miss {
			return nil, nil, err
		}
		return got.Entry.Payload, &got.Entry.Provenance, nil
	})
}

// cacheTripsBatch reads trips from kb through CacheTripsBatch, one
// Lookup per trip.
func cacheTripsBatch(kb *knowledgebase.Store) func(context.Context, *Query, []string) (*orchestrator.Trip, error) {
	return CacheTripsBatch(StoreLookup(kb))
}

// TestRunBatchThroughCache imports the sandbox cities of a few queries into
// the knowledge cache and plans them from there.
func TestRunBatchThroughCache(t *testing.T) {
	sb, ad, qs := load(t)
	picked := []*Query{qs[0], qs[5], qs[31], qs[43]} // 3-day, Texas 5-day, hard 3-day, hard Texas 7-day
	names := map[string]bool{}
	for _, q := range picked {
		cities, err := ad.Cities(q)
		if err != nil {
			t.Fatal(err)
		}
		names[q.Org] = true
		for _, c := range cities {
			names[c] = true
		}
	}
	var list []string
	for n := range names {
		list = append(list, n)
	}
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	mr := miniredis.RunT(t)
	client := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	defer client.Close()
	kb := knowledgebase.New(client, &knowledgebase.Options{Now: func() time.Time { return now }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer kb.Close()
	put := func(ctx context.Context, kind, hash string, p json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error {
		return kb.Put(ctx, knowledgebase.Key{Kind: kind, Hash: hash}, knowledgebase.Entry{Payload: p, Provenance: prov}, ttl)
	}
	ctx := context.Background()
	if _, err := ad.Catalog.Import(ctx, put, datasets.ImportOptions{Cities: list, Now: func() time.Time { return now }}); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	queries, out := filepath.Join(dir, "q.jsonl"), filepath.Join(dir, "sub.jsonl")
	f, err := os.Create(queries)
	if err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(f)
	for _, q := range picked {
		if err := enc.Encode(q); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	// One lookup per trip gives the trips that reading entry by entry
	// does, and again from the memo of decoded catalogs.
	one, batch := cacheTrips(kb), cacheTripsBatch(kb)
	for _, q := range picked {
		cities, err := ad.Cities(q)
		if err != nil {
			t.Fatal(err)
		}
		a, err := one(ctx, q, cities)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			b, err := batch(ctx, q, cities)
			if err != nil {
				t.Fatal(err)
			}
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if string(ja) != string(jb) {
				t.Fatalf("query %d: CacheTripsBatch differs from CacheTrips", q.Idx)
			}
			NewAdapter(nil, sb).Restrict(b) // filters the trip's own slices, not the memo
		}
	}
	// A catalog-free adapter: the trips come from the cache only.
	sum, err := RunBatch(ctx, BatchOptions{QueriesFile: queries, OutFile: out, Adapter: NewAdapter(nil, sb), Trips: batch})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Planned != len(picked) {
		t.Fatalf("summary %+v", sum)
	}
	fh, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	plans, err := ReadSubmission(fh)
	if err != nil {
		t.Fatal(err)
	}
	for i, q := range picked {
		if r := sb.Evaluate(q, plans[i]); !r.FinalPass() {
			t.Errorf("query %d through the cache fails: %v", q.Idx, r.Reasons)
		}
	}
}
