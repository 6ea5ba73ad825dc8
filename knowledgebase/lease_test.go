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
