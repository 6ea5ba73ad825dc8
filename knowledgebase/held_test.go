package knowledgebase

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestLookupHeadsHeld: with Options.HeadTTL, a header LookupHeads read is
// answered from memory for HeadTTL — another Store's write is seen only
// after it — while this Store's own Put and Delete are seen at once.
func TestLookupHeadsHeld(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now, HeadTTL: time.Second})
		other := New(b.client, &Options{Prefix: s.prefix, Now: clk.Now, Logger: discardLogger()})
		defer other.Close()
		if b.pipeline {
			other.pipeline = true
		}
		ctx := context.Background()
		prov := orchestrator.Provenance{Source: "dataset:chinatravel", FetchedAt: clk.Now().Add(-time.Minute),
			Attribution: &orchestrator.Attribution{Text: "credit"}}
		value := func(n int) json.RawMessage {
			return json.RawMessage(`[{"name":"` + strings.Repeat("宽窄巷子 ", 2000+n) + `"}]`)
		}
		key := []Key{{"attractions", "held"}}
		sum := func() (State, uint32) {
			t.Helper()
			got, err := s.LookupHeads(ctx, key, []bool{true})
			if err != nil {
				t.Fatal(err)
			}
			if got[0].Entry.Payload != nil {
				t.Fatalf("head lookup returned the payload")
			}
			return got[0].State, got[0].Sum
		}
		if err := s.Put(ctx, key[0], Entry{Payload: value(0), Provenance: prov}, time.Hour); err != nil {
			t.Fatal(err)
		}
		if st, got := sum(); st != Fresh || got != Checksum(value(0)) {
			t.Fatalf("first lookup: %v sum %d, want fresh %d", st, got, Checksum(value(0)))
		}
		// A held header's attribution is the caller's own.
		got, _ := s.LookupHeads(ctx, key, []bool{true})
		got[0].Entry.Provenance.Attribution.Text = "changed"
		got, _ = s.LookupHeads(ctx, key, []bool{true})
		if a := got[0].Entry.Provenance.Attribution; a == nil || a.Text != "credit" {
			t.Errorf("held attribution = %+v, want credit", a)
		}

		if err := other.Put(ctx, key[0], Entry{Payload: value(1), Provenance: prov}, time.Hour); err != nil {
			t.Fatal(err)
		}
		if _, got := sum(); got != Checksum(value(0)) {
			t.Errorf("within HeadTTL of another store's write: sum %d, want the held %d", got, Checksum(value(0)))
		}
		clk.Add(time.Second)
		if _, got := sum(); got != Checksum(value(1)) {
			t.Errorf("HeadTTL after another store's write: sum %d, want %d", got, Checksum(value(1)))
		}

		if err := s.Put(ctx, key[0], Entry{Payload: value(2), Provenance: prov}, time.Hour); err != nil {
			t.Fatal(err)
		}
		if _, got := sum(); got != Checksum(value(2)) {
			t.Errorf("after this store's own write: sum %d, want %d", got, Checksum(value(2)))
		}
		if err := s.Delete(ctx, key[0]); err != nil {
			t.Fatal(err)
		}
		if st, _ := sum(); st != Miss {
			t.Errorf("after this store's delete: %v, want a miss", st)
		}
	})
}
