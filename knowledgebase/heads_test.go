package knowledgebase

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestLookupHeads: a large entry asked for its head comes back without its
// payload but with the payload's checksum and its provenance; a small one,
// or one not asked for its head, comes back whole; absent and expired
// entries are misses.
func TestLookupHeads(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now})
		ctx := context.Background()
		big := json.RawMessage(`[{"name":"` + strings.Repeat("宽窄巷子 ", 2000) + `"}]`)
		small := json.RawMessage(`{"lat":30.66}`)
		prov := orchestrator.Provenance{Source: "dataset:chinatravel", FetchedAt: clk.Now().Add(-time.Minute)}
		for k, p := range map[Key]json.RawMessage{{"attractions", "big"}: big, {"attractions", "big2"}: big, {"geocode", "small"}: small} {
			if err := s.Put(ctx, k, Entry{Payload: p, Provenance: prov}, time.Hour); err != nil {
				t.Fatal(err)
			}
		}
		keys := []Key{{"attractions", "big"}, {"geocode", "small"}, {"attractions", "big2"}, {"attractions", "absent"}}
		got, err := s.LookupHeads(ctx, keys, []bool{true, true, false, true})
		if err != nil {
			t.Fatal(err)
		}
		want := prov
		want.TTL, want.CacheHit = 3600, true
		if g := got[0]; g.State != Fresh || g.Entry.Payload != nil || g.Sum != Checksum(big) || g.Entry.Provenance != want {
			t.Errorf("head of a large entry = %+v (sum %d), want fresh, no payload, sum %d, %+v", g.Entry.Provenance, g.Sum, Checksum(big), want)
		}
		if g := got[1]; g.State != Fresh || string(g.Entry.Payload) != string(small) || g.Sum != Checksum(small) {
			t.Errorf("head of a small entry = %+v, want it whole", g)
		}
		if g := got[2]; g.State != Fresh || string(g.Entry.Payload) != string(big) || g.Sum != Checksum(big) {
			t.Errorf("whole large entry: state %v, %d payload bytes, sum %d", g.State, len(g.Entry.Payload), g.Sum)
		}
		if got[3].State != Miss {
			t.Errorf("absent = %+v, want a miss", got[3])
		}
		clk.Add(time.Hour + 8*24*time.Hour)
		got, err = s.LookupHeads(ctx, keys[:1], []bool{true})
		if err != nil || got[0].State != Miss {
			t.Errorf("past the stale window = %+v, %v; want a miss", got, err)
		}
		if _, err := s.LookupHeads(ctx, keys, nil); err == nil {
			t.Error("LookupHeads with no flags: no error")
		}
	})
}

// TestLookupHeadsLongHeaders: a header longer than the first read (a long
// attribution) is read again in full, and every later head in full at
// once; a large value without a checksummed header comes back whole.
func TestLookupHeadsLongHeaders(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now})
		ctx := context.Background()
		big := json.RawMessage(`[{"name":"` + strings.Repeat("宽窄巷子 ", 2000) + `"}]`)
		short := orchestrator.Provenance{Source: "dataset:chinatravel", FetchedAt: clk.Now().Add(-time.Minute)}
		long := short
		long.Attribution = &orchestrator.Attribution{Text: strings.Repeat("A long credit line. ", 25), URL: "https://example.org/", License: "CC BY 4.0"}
		for k, prov := range map[Key]orchestrator.Provenance{{"attractions", "short"}: short, {"attractions", "long"}: long} {
			if err := s.Put(ctx, k, Entry{Payload: big, Provenance: prov}, time.Hour); err != nil {
				t.Fatal(err)
			}
		}
		// Written by another tool: an Entry's JSON without a checksum.
		raw, _ := json.Marshal(Entry{Payload: big, Provenance: short, ExpiresAt: clk.Now().Add(time.Hour)})
		if err := b.client.Set(ctx, s.redisKey(Key{"attractions", "plain"}), raw, time.Hour).Err(); err != nil {
			t.Fatal(err)
		}
		keys := []Key{{"attractions", "short"}, {"attractions", "long"}, {"attractions", "plain"}}
		for round := range 2 {
			got, err := s.LookupHeads(ctx, keys, []bool{true, true, true})
			if err != nil {
				t.Fatal(err)
			}
			for i, prov := range []orchestrator.Provenance{short, long} {
				want := prov
				want.TTL, want.CacheHit = 3600, true
				g := got[i]
				if g.State != Fresh || g.Entry.Payload != nil || g.Sum != Checksum(big) || g.Entry.Provenance.Source != want.Source ||
					(want.Attribution != nil) != (g.Entry.Provenance.Attribution != nil) {
					t.Errorf("round %d, %s: %+v (sum %d), want its head", round, keys[i].Hash, g, g.Sum)
				}
			}
			if g := got[2]; g.State != Fresh || string(g.Entry.Payload) != string(big) {
				t.Errorf("round %d, a value without a checksum: state %v, %d payload bytes; want it whole", round, g.State, len(g.Entry.Payload))
			}
			if s.headLong.Load() != 1 {
				t.Errorf("round %d: the store does not read long heads after meeting one", round)
			}
		}
	})
}
