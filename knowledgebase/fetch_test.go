package knowledgebase

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// blockingFetch is an upstream that counts its calls and answers once
// released (or when its ctx ends).
type blockingFetch struct {
	calls   atomic.Int32
	release chan struct{}
	payload json.RawMessage
	err     error
	ctxErr  chan error // the ctx error seen by a call that was cancelled
	once    sync.Once
}

// newBlockingFetch returns a blocked upstream, released at the latest when
// the test ends (before its Store is closed), so a failing test does not
// hang in Close.
func newBlockingFetch(tb testing.TB, payload string, err error) *blockingFetch {
	f := &blockingFetch{release: make(chan struct{}), payload: json.RawMessage(payload), err: err, ctxErr: make(chan error, 16)}
	tb.Cleanup(f.Release)
	return f
}

// Release lets every call, current and future, answer.
func (f *blockingFetch) Release() { f.once.Do(func() { close(f.release) }) }

func (f *blockingFetch) fetch(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
	f.calls.Add(1)
	select {
	case <-f.release:
	case <-ctx.Done():
		f.ctxErr <- ctx.Err()
		return nil, orchestrator.Provenance{}, ctx.Err()
	}
	if f.err != nil {
		return nil, orchestrator.Provenance{}, f.err
	}
	return f.payload, orchestrator.Provenance{Source: "test:upstream"}, nil
}

type fetchResult struct {
	entry Entry
	err   error
}

// fetchAll starts n concurrent Fetches of key and returns their results
// once all have joined one call and f has been released.
func fetchAll(t *testing.T, s *Store, key Key, n int, f *blockingFetch) []fetchResult {
	t.Helper()
	before := s.Stats().Coalesced
	results := make([]fetchResult, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			e, err := s.Fetch(context.Background(), key, time.Hour, f.fetch)
			results[i] = fetchResult{e, err}
		})
	}
	waitFor(t, "all callers to join", func() bool { return s.Stats().Coalesced-before == uint64(n-1) })
	f.Release()
	wg.Wait()
	return results
}

func TestFetchCoalesces(t *testing.T) {
	const n = 16
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now})
		key := Key{"guide", "kyoto"}
		f := newBlockingFetch(t, `{"title":"Kyoto"}`, nil)
		results := fetchAll(t, s, key, n, f)
		if got := f.calls.Load(); got != 1 {
			t.Errorf("upstream called %d times, want 1", got)
		}
		want := Entry{
			Payload:    json.RawMessage(`{"title":"Kyoto"}`),
			Provenance: orchestrator.Provenance{Source: "test:upstream", FetchedAt: clk.Now(), TTL: 3600},
			ExpiresAt:  clk.Now().Add(time.Hour),
		}
		for i, r := range results {
			if r.err != nil || !reflect.DeepEqual(r.entry, want) {
				t.Errorf("caller %d got %+v, %v; want %+v, nil", i, r.entry, r.err, want)
			}
		}
		got, err := s.Get(context.Background(), key)
		if err != nil || got.State != Fresh || string(got.Entry.Payload) != `{"title":"Kyoto"}` {
			t.Errorf("after Fetch, Get = %+v, %v; want the fetched entry, fresh", got, err)
		}
		if st := s.Stats(); st.Fetches != 1 || st.Coalesced != n-1 || st.Writes != 1 {
			t.Errorf("Stats = %+v, want Fetches 1, Coalesced %d, Writes 1", st, n-1)
		}
	})
}

func TestFetchErrorSharedNotCached(t *testing.T) {
	const n = 8
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		key := Key{"hotel-prices", "x"}
		boom := &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "down", Retryable: true}
		f := newBlockingFetch(t, "", boom)
		for i, r := range fetchAll(t, s, key, n, f) {
			var ue *orchestrator.UpstreamError
			if !errors.As(r.err, &ue) || ue != boom {
				t.Errorf("caller %d error = %v, want the upstream error", i, r.err)
			}
		}
		if got := f.calls.Load(); got != 1 {
			t.Errorf("upstream called %d times, want 1", got)
		}
		// Not cached: the next Fetch calls upstream again.
		f2 := newBlockingFetch(t, `1`, nil)
		f2.Release()
		if _, err := s.Fetch(context.Background(), key, time.Hour, f2.fetch); err != nil || f2.calls.Load() != 1 {
			t.Errorf("Fetch after a failure = %v with %d upstream calls; want success with 1", err, f2.calls.Load())
		}
		if st := s.Stats(); st.Errors != 1 || st.Fetches != 2 {
			t.Errorf("Stats = %+v, want Errors 1, Fetches 2", st)
		}
	})
}

func TestFetchWaitersLeave(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		key := Key{"pois", "chengdu"}
		f := newBlockingFetch(t, `[]`, nil)
		ctx1, cancel1 := context.WithCancel(context.Background())
		ctx2, cancel2 := context.WithCancel(context.Background())
		defer cancel2()
		errs := make(chan error, 2)
		go func() { _, err := s.Fetch(ctx1, key, time.Hour, f.fetch); errs <- err }()
		waitFor(t, "the first caller to start the call", func() bool { return f.calls.Load() == 1 })
		go func() { _, err := s.Fetch(ctx2, key, time.Hour, f.fetch); errs <- err }()
		waitFor(t, "the second caller to join", func() bool { return s.Stats().Coalesced == 1 })

		cancel1()
		if err := <-errs; !errors.Is(err, context.Canceled) {
			t.Errorf("leaving caller: error = %v, want context.Canceled", err)
		}
		select {
		case err := <-f.ctxErr:
			t.Fatalf("shared call cancelled (%v) while a caller still waits", err)
		case <-time.After(20 * time.Millisecond):
		}

		cancel2()
		if err := <-errs; !errors.Is(err, context.Canceled) {
			t.Errorf("second caller: error = %v, want context.Canceled", err)
		}
		select {
		case err := <-f.ctxErr:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("shared call ctx error = %v, want context.Canceled", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("shared call not cancelled after every caller left")
		}

		// A new caller starts a new call rather than joining the cancelled one.
		f2 := newBlockingFetch(t, `[1]`, nil)
		f2.Release()
		e, err := s.Fetch(context.Background(), key, time.Hour, f2.fetch)
		if err != nil || string(e.Payload) != `[1]` {
			t.Errorf("Fetch after the abandoned call = %s, %v; want [1], nil", e.Payload, err)
		}
	})
}

func TestFetchSurvivesLeavingCaller(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		key := Key{"pois", "lhasa"}
		f := newBlockingFetch(t, `["Potala"]`, nil)
		ctx1, cancel1 := context.WithCancel(context.Background())
		errs := make(chan error, 1)
		go func() { _, err := s.Fetch(ctx1, key, time.Hour, f.fetch); errs <- err }()
		waitFor(t, "the call to start", func() bool { return f.calls.Load() == 1 })
		results := make(chan fetchResult, 1)
		go func() {
			e, err := s.Fetch(context.Background(), key, time.Hour, f.fetch)
			results <- fetchResult{e, err}
		}()
		waitFor(t, "the second caller to join", func() bool { return s.Stats().Coalesced == 1 })
		cancel1() // the caller that started the call leaves
		if err := <-errs; !errors.Is(err, context.Canceled) {
			t.Errorf("leaving caller: error = %v, want context.Canceled", err)
		}
		f.Release()
		r := <-results
		if r.err != nil || string(r.entry.Payload) != `["Potala"]` {
			t.Errorf("remaining caller got %s, %v; want the fetched entry", r.entry.Payload, r.err)
		}
		if f.calls.Load() != 1 {
			t.Errorf("upstream called %d times, want 1", f.calls.Load())
		}
	})
}

func TestFetchContext(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{FetchTimeout: 30 * time.Millisecond})
		type ctxKey struct{}
		ctx := context.WithValue(context.Background(), ctxKey{}, "trace-1")
		var seen any
		_, err := s.Fetch(ctx, Key{"k", "timeout"}, time.Hour, func(fctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
			seen = fctx.Value(ctxKey{})
			<-fctx.Done()
			return nil, orchestrator.Provenance{}, fctx.Err()
		})
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("error = %v, want context.DeadlineExceeded from FetchTimeout", err)
		}
		if seen != "trace-1" {
			t.Errorf("fetch ctx value = %v, want the caller's value", seen)
		}
	})
}

func TestFetchPanicIsError(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		_, err := s.Fetch(context.Background(), Key{"k", "panic"}, time.Hour, func(context.Context) (json.RawMessage, orchestrator.Provenance, error) {
			panic("provider adapter bug")
		})
		if err == nil || !strings.Contains(err.Error(), "provider adapter bug") {
			t.Errorf("error = %v, want one naming the panic", err)
		}
	})
}

func TestFetchNoTTLNotWritten(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		key := Key{"compute", "x"}
		e, err := s.Fetch(context.Background(), key, 0, func(context.Context) (json.RawMessage, orchestrator.Provenance, error) {
			return json.RawMessage(`7`), orchestrator.Provenance{Source: "local"}, nil
		})
		if err != nil || string(e.Payload) != `7` {
			t.Fatalf("Fetch = %s, %v", e.Payload, err)
		}
		if got, _ := s.Get(context.Background(), key); got.State != Miss {
			t.Errorf("ttl 0 entry was cached (state %v)", got.State)
		}
		if w := s.Stats().Writes; w != 0 {
			t.Errorf("Writes = %d, want 0", w)
		}
	})
}

func TestFetchAfterClose(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		called := false
		_, err := s.Fetch(context.Background(), Key{"k", "v"}, time.Hour, func(context.Context) (json.RawMessage, orchestrator.Provenance, error) {
			called = true
			return json.RawMessage(`1`), orchestrator.Provenance{}, nil
		})
		if !errors.Is(err, ErrClosed) || called {
			t.Errorf("Fetch after Close = %v (upstream called: %v), want ErrClosed and no call", err, called)
		}
		s.Revalidate(Key{"k", "v"}, time.Hour, func(context.Context) (json.RawMessage, orchestrator.Provenance, error) {
			called = true
			return json.RawMessage(`1`), orchestrator.Provenance{}, nil
		})
		if st := s.Stats(); st.Revalidations != 0 || st.Fetches != 0 || called {
			t.Errorf("Revalidate after Close started work: %+v", st)
		}
	})
}

func TestRevalidate(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		clk := newClock()
		s := newTestStore(t, b, Options{Now: clk.Now})
		ctx := context.Background()
		kyoto, lhasa := Key{"guide", "kyoto"}, Key{"guide", "lhasa"}
		old := Entry{Payload: json.RawMessage(`"old"`), Provenance: orchestrator.Provenance{FetchedAt: clk.Now().Add(-2 * time.Hour)}}
		if err := s.Put(ctx, kyoto, old, time.Hour); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, kyoto); got.State != Stale {
			t.Fatalf("state before revalidation = %v, want stale", got.State)
		}

		fk := newBlockingFetch(t, `"new"`, nil)
		fl := newBlockingFetch(t, `"lhasa"`, nil)
		for range 5 {
			s.Revalidate(kyoto, time.Hour, fk.fetch) // returns at once
		}
		s.Revalidate(lhasa, time.Hour, fl.fetch)
		waitFor(t, "both refreshes to start", func() bool { return fk.calls.Load() == 1 && fl.calls.Load() == 1 })
		if st := s.Stats(); st.Revalidations != 2 || st.Fetches != 2 {
			t.Errorf("Stats = %+v, want Revalidations 2, Fetches 2", st)
		}
		// A Fetch of a key being revalidated joins the refresh.
		joined := make(chan fetchResult, 1)
		go func() {
			e, err := s.Fetch(ctx, kyoto, time.Hour, fk.fetch)
			joined <- fetchResult{e, err}
		}()
		waitFor(t, "the Fetch to join", func() bool { return s.Stats().Coalesced == 1 })

		closed := make(chan struct{})
		go func() {
			_ = s.Close()
			close(closed)
		}()
		select {
		case <-closed:
			t.Fatal("Close returned while revalidations were running")
		case <-time.After(20 * time.Millisecond):
		}
		fk.Release()
		fl.Release()
		select {
		case <-closed:
		case <-time.After(5 * time.Second):
			t.Fatal("Close did not return after the revalidations finished")
		}
		if r := <-joined; r.err != nil || string(r.entry.Payload) != `"new"` {
			t.Errorf("joined Fetch = %s, %v; want the refreshed entry", r.entry.Payload, r.err)
		}
		if n := fk.calls.Load(); n != 1 {
			t.Errorf("kyoto upstream called %d times, want 1", n)
		}
		for key, want := range map[Key]string{kyoto: `"new"`, lhasa: `"lhasa"`} {
			got, err := s.Get(ctx, key)
			if err != nil || got.State != Fresh || string(got.Entry.Payload) != want {
				t.Errorf("after Close, Get %s = %v %s, %v; want fresh %s", key, got.State, got.Entry.Payload, err, want)
			}
		}
	})
}

// TestRevalidateOutlivesCallers checks that a refresh pinned by Revalidate
// is not cancelled when the Fetch callers that started it leave.
func TestRevalidateOutlivesCallers(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		key := Key{"guide", "pinned"}
		f := newBlockingFetch(t, `"v"`, nil)
		ctx, cancel := context.WithCancel(context.Background())
		errs := make(chan error, 1)
		go func() { _, err := s.Fetch(ctx, key, time.Hour, f.fetch); errs <- err }()
		waitFor(t, "the call to start", func() bool { return f.calls.Load() == 1 })
		s.Revalidate(key, time.Hour, f.fetch) // joins, pins
		cancel()
		<-errs
		select {
		case err := <-f.ctxErr:
			t.Fatalf("pinned call cancelled: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
		f.Release()
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(context.Background(), key); got.State != Fresh {
			t.Errorf("state = %v, want fresh (the pinned call wrote back)", got.State)
		}
		if st := s.Stats(); st.Revalidations != 0 || f.calls.Load() != 1 {
			t.Errorf("Revalidations = %d, upstream calls = %d; want 0 (joined, not started) and 1", st.Revalidations, f.calls.Load())
		}
	})
}

func TestRevalidateFailureLogged(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		var logs logBuffer
		s := newTestStore(t, b, Options{Logger: logs.logger()})
		key := Key{"weather", "x"}
		s.Revalidate(key, time.Hour, func(context.Context) (json.RawMessage, orchestrator.Provenance, error) {
			return nil, orchestrator.Provenance{}, errors.New("open-meteo: 503")
		})
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(logs.String(), "revalidation failed") || !strings.Contains(logs.String(), "open-meteo: 503") {
			t.Errorf("log does not report the failed revalidation:\n%s", logs.String())
		}
		if got, _ := s.Get(context.Background(), key); got.State != Miss {
			t.Errorf("state = %v, want miss (errors are not cached)", got.State)
		}
		if st := s.Stats(); st.Errors != 1 || st.Revalidations != 1 {
			t.Errorf("Stats = %+v, want Errors 1, Revalidations 1", st)
		}
	})
}

func TestFetchDoneContext(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		f := newBlockingFetch(t, `1`, nil)
		if _, err := s.Fetch(ctx, Key{"k", "v"}, time.Hour, f.fetch); !errors.Is(err, context.Canceled) {
			t.Errorf("error = %v, want context.Canceled", err)
		}
		if n := f.calls.Load(); n != 0 {
			t.Errorf("upstream called %d times with a done ctx, want 0", n)
		}
	})
}

func TestFetchInvalidPayload(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		s := newTestStore(t, b, Options{})
		for _, payload := range []string{"", "{", "not json"} {
			_, err := s.Fetch(context.Background(), Key{"k", "bad"}, time.Hour, func(context.Context) (json.RawMessage, orchestrator.Provenance, error) {
				return json.RawMessage(payload), orchestrator.Provenance{}, nil
			})
			if err == nil || !strings.Contains(err.Error(), "not valid JSON") {
				t.Errorf("payload %q: error = %v, want not valid JSON", payload, err)
			}
		}
		if got, _ := s.Get(context.Background(), Key{"k", "bad"}); got.State != Miss {
			t.Errorf("invalid payload cached (state %v)", got.State)
		}
	})
}
