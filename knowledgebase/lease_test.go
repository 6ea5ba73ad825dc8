package knowledgebase

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestFetchCoalescesAcrossProcesses has two Stores over one Redis and
// prefix (two replicas) fetch the same key at once: upstream is called
// once, and both get its entry.
func TestFetchCoalescesAcrossProcesses(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		a := newTestStore(t, b, Options{})
		other := New(b.client, &Options{Prefix: a.prefix, Logger: discardLogger()})
		t.Cleanup(func() { _ = other.Close() })
		var calls atomic.Int32
		fetch := func(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
			calls.Add(1)
			time.Sleep(150 * time.Millisecond)
			return json.RawMessage(`{"title":"Lyon"}`), orchestrator.Provenance{Source: "test:upstream"}, nil
		}
		key := Key{"guide", "lyon"}
		var wg sync.WaitGroup
		got := make([]string, 4)
		for i := range 4 {
			s := a
			if i%2 == 1 {
				s = other
			}
			wg.Go(func() {
				e, err := s.Fetch(context.Background(), key, time.Hour, fetch)
				if err != nil {
					t.Errorf("fetch %d: %v", i, err)
				}
				got[i] = string(e.Payload)
			})
		}
		wg.Wait()
		if n := calls.Load(); n != 1 {
			t.Errorf("upstream called %d times by two processes, want 1", n)
		}
		for i, g := range got {
			if g != `{"title":"Lyon"}` {
				t.Errorf("caller %d got %s", i, g)
			}
		}

		// A lease whose holder died (no entry, lease expired) does not
		// block the next fetch for longer than the lease.
		short := New(b.client, &Options{Prefix: a.prefix, Logger: discardLogger(), Lease: 300 * time.Millisecond})
		t.Cleanup(func() { _ = short.Close() })
		dead := Key{"guide", "dead"}
		if err := b.client.Set(context.Background(), a.prefix+"lease:guide:dead", "gone", 300*time.Millisecond).Err(); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		done := make(chan error, 1)
		go func() {
			_, err := short.Fetch(ctx, dead, time.Hour, fetch)
			done <- err
		}()
		for b.mr != nil && time.Since(start) < 5*time.Second {
			select {
			case err := <-done:
				done <- err
			case <-time.After(50 * time.Millisecond):
				b.mr.FastForward(100 * time.Millisecond)
				continue
			}
			break
		}
		if err := <-done; err != nil {
			t.Fatalf("fetch after a dead lease: %v", err)
		}
		if calls.Load() != 2 {
			t.Errorf("upstream calls = %d, want 2 (the dead lease's key fetched)", calls.Load())
		}
	})
}

// TestFetchUnleased checks that FetchUnleased takes no cross-process
// lease — a lease another process holds does not make it wait, and it
// leaves none — while it still coalesces in process and writes back.
func TestFetchUnleased(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		ctx := context.Background()
		// Another process holds the key's lease for a minute: Fetch
		// would wait on it, FetchUnleased does not.
		lk := s.prefix + "lease:weather:range"
		if err := b.client.Set(ctx, lk, "other", time.Minute).Err(); err != nil {
			t.Fatal(err)
		}
		var calls atomic.Int32
		sawLease := make(chan bool, 8)
		fetch := func(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
			calls.Add(1)
			n, _ := b.client.Exists(ctx, lk).Result()
			sawLease <- n == 1
			time.Sleep(50 * time.Millisecond)
			return json.RawMessage(`{"days":[]}`), orchestrator.Provenance{Source: "test:sliced"}, nil
		}
		key := Key{"weather", "range"}
		tctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				e, err := s.FetchUnleased(tctx, key, time.Hour, fetch)
				if err != nil || string(e.Payload) != `{"days":[]}` {
					t.Errorf("FetchUnleased = %s, %v", e.Payload, err)
				}
			})
		}
		wg.Wait()
		if n := calls.Load(); n != 1 {
			t.Errorf("upstream called %d times by three callers of one process, want 1", n)
		}
		if v, _ := b.client.Get(ctx, lk).Result(); v != "other" {
			t.Errorf("the other process's lease is %q, want it untouched", v)
		}
		got, err := s.Lookup(ctx, []Key{key})
		if err != nil || got[0].State != Fresh || string(got[0].Entry.Payload) != `{"days":[]}` {
			t.Errorf("written back: %+v, %v; want the fresh entry", got, err)
		}
		// Its own fetch took no lease of its own either.
		if err := b.client.Del(ctx, lk).Err(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.FetchUnleased(ctx, Key{"weather", "range"}, time.Hour, fetch); err != nil {
			t.Fatal(err)
		}
		<-sawLease // the first fetch's: the other process's lease
		if <-sawLease {
			t.Error("FetchUnleased took a lease")
		}
	})
}
