package knowledgebase

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestLookupHeadsHeld: with Options.HoldTTL, what LookupHeads read — a
// shared entry's header, a small value read whole — is answered from
// memory for HoldTTL of wall-clock time: another Store's write is seen only
// after it, while this Store's own Put and Delete are seen at once. A held
// read is classified again by the lookup's clock; a miss is held too.
func TestLookupHeadsHeld(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now, HoldTTL: time.Second})
		wall := time.Date(2026, 6, 19, 8, 0, 0, 0, time.UTC)
		s.held.now = func() time.Time { return wall }
		other := New(b.client, &Options{Prefix: s.prefix, Now: clk.Now, Logger: discardLogger()})
		defer other.Close()
		if b.pipeline {
			other.pipeline = true
		}
		ctx := context.Background()
		prov := orchestrator.Provenance{Source: "dataset:chinatravel", FetchedAt: clk.Now().Add(-time.Minute),
			Attribution: &orchestrator.Attribution{Text: "credit"}}
		large := func(n int) json.RawMessage {
			return json.RawMessage(`[{"name":"` + strings.Repeat("宽窄巷子 ", 2000+n) + `"}]`)
		}
		small := func(n int) json.RawMessage { return json.RawMessage(`{"price":` + string(rune('0'+n)) + `}`) }
		keys := []Key{{"attractions", "held"}, {"hotel_prices", "held"}}
		heads := []bool{true, false}
		lookup := func() [2]Lookup {
			t.Helper()
			got, err := s.LookupHeads(ctx, keys, heads)
			if err != nil {
				t.Fatal(err)
			}
			if got[0].State != Miss && got[0].Entry.Payload != nil {
				t.Fatalf("head lookup returned the payload")
			}
			return [2]Lookup{got[0], got[1]}
		}
		put := func(st *Store, a, p int) {
			t.Helper()
			if err := st.Put(ctx, keys[0], Entry{Payload: large(a), Provenance: prov}, time.Hour); err != nil {
				t.Fatal(err)
			}
			if err := st.Put(ctx, keys[1], Entry{Payload: small(p), Provenance: prov}, time.Hour); err != nil {
				t.Fatal(err)
			}
		}
		want := func(what string, got [2]Lookup, a, p int) {
			t.Helper()
			if got[0].State != Fresh || got[0].Sum != Checksum(large(a)) {
				t.Errorf("%s: header %v sum %d, want fresh %d", what, got[0].State, got[0].Sum, Checksum(large(a)))
			}
			if got[1].State != Fresh || string(got[1].Entry.Payload) != string(small(p)) {
				t.Errorf("%s: whole %v %s, want fresh %s", what, got[1].State, got[1].Entry.Payload, small(p))
			}
		}

		// A miss is held like a value: another store's write is found
		// HoldTTL later.
		if got := lookup(); got[0].State != Miss || got[1].State != Miss {
			t.Fatalf("empty cache: %v %v, want misses", got[0].State, got[1].State)
		}
		put(other, 0, 0)
		if got := lookup(); got[0].State != Miss || got[1].State != Miss {
			t.Errorf("within HoldTTL of another store's first write: %v %v, want the held misses", got[0].State, got[1].State)
		}
		wall = wall.Add(time.Second)
		want("HoldTTL after another store's first write", lookup(), 0, 0)

		// A held value is the caller's to read: appending to its payload
		// changes no later lookup's.
		got0 := lookup()
		_ = append(got0[1].Entry.Payload, 'x')
		want("after appending to a held value's payload", lookup(), 0, 0)

		// A held header's attribution is the caller's own.
		got := lookup()
		got[0].Entry.Provenance.Attribution.Text = "changed"
		if a := lookup()[0].Entry.Provenance.Attribution; a == nil || a.Text != "credit" {
			t.Errorf("held attribution = %+v, want credit", a)
		}

		put(other, 1, 1)
		want("within HoldTTL of another store's write", lookup(), 0, 0)
		wall = wall.Add(time.Second)
		want("HoldTTL after another store's write", lookup(), 1, 1)

		// Held reads are classified again: stale once the lookup's clock
		// passes their expiry.
		clk.Add(time.Hour)
		if got := lookup(); got[0].State != Stale || got[1].State != Stale {
			t.Errorf("past expiry: %v %v, want stale", got[0].State, got[1].State)
		}
		clk.Add(-time.Hour)

		put(s, 2, 2)
		want("after this store's own write", lookup(), 2, 2)
		if err := s.Delete(ctx, keys...); err != nil {
			t.Fatal(err)
		}
		if got := lookup(); got[0].State != Miss || got[1].State != Miss {
			t.Errorf("after this store's delete: %v %v, want misses", got[0].State, got[1].State)
		}
	})
}

// TestHeldReadsFull: a full hold drops the reads that outlived HoldTTL and
// keeps the younger ones; it empties itself only when that frees too little.
func TestHeldReadsFull(t *testing.T) {
	c := newHeldReads(time.Second)
	t0 := time.Date(2026, 6, 19, 8, 0, 0, 0, time.UTC)
	key := func(i int) string {
		return "k" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + time.Duration(i).String()
	}
	for i := range heldSize / 2 {
		c.keepMiss(key(i), t0, 0)
	}
	for i := heldSize / 2; i < heldSize; i++ {
		c.keepMiss(key(i), t0.Add(1500*time.Millisecond), 0)
	}
	c.keepMiss("new", t0.Add(2*time.Second), 0)
	if got, want := len(c.m), heldSize/2+1; got != want {
		t.Fatalf("after the sweep: %d reads held, want %d (the younger half and the new one)", got, want)
	}
	if _, ok := c.get(key(heldSize-1), true, t0.Add(2*time.Second)); !ok {
		t.Errorf("a read younger than HoldTTL was dropped")
	}
	for i := len(c.m); i < heldSize; i++ {
		c.keepMiss(key(heldSize+i), t0.Add(2*time.Second), 0)
	}
	c.keepMiss("newer", t0.Add(2100*time.Millisecond), 0)
	if got := len(c.m); got != 1 {
		t.Errorf("full of young reads: %d held after one more, want 1 (emptied)", got)
	}
}
