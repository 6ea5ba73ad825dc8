package knowledgebase_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
)

// Example shows the decision module's use of the cache: look up, and on a
// miss fetch from upstream (coalesced) and write back.
func Example() {
	ctx := context.Background()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	client, closeRedis, err := knowledgebase.Connect(ctx, "", logger) // "" → in-process miniredis
	if err != nil {
		fmt.Println(err)
		return
	}
	defer closeRedis()
	now := time.Date(2026, 6, 19, 8, 0, 0, 0, time.UTC)
	kb := knowledgebase.New(client, &knowledgebase.Options{Logger: logger, Now: func() time.Time { return now }})
	defer kb.Close()

	key := knowledgebase.Key{Kind: "geocode", Hash: "chengdu"}
	geocode := func(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
		return json.RawMessage(`{"lat":30.66,"lon":104.06}`), orchestrator.Provenance{Source: "open-meteo:geocoding"}, nil
	}
	for range 2 {
		got, err := kb.Get(ctx, key)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("lookup:", got.State)
		if got.State == knowledgebase.Miss {
			e, err := kb.Fetch(ctx, key, 30*24*time.Hour, geocode)
			if err != nil {
				fmt.Println(err)
				return
			}
			fmt.Println("fetched:", string(e.Payload), "fresh until", e.ExpiresAt.Format(time.DateOnly))
		}
	}
	now = now.Add(31 * 24 * time.Hour)
	got, _ := kb.Get(ctx, key)
	fmt.Println("a month later:", got.State, "stale flag:", got.Entry.Provenance.Stale)
	st := kb.Stats()
	fmt.Printf("hits %d, misses %d, stale %d, writes %d\n", st.Hits, st.Misses, st.Stale, st.Writes)
	// Output:
	// lookup: miss
	// fetched: {"lat":30.66,"lon":104.06} fresh until 2026-07-19
	// lookup: fresh
	// a month later: stale stale flag: true
	// hits 1, misses 1, stale 1, writes 1
}
