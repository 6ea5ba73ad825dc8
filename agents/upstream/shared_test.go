package upstream

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/knowledgebase/kbtest"
)

// arrivals is a provider that records when each request arrived.
type arrivals struct {
	mu sync.Mutex
	at []time.Time
}

func (a *arrivals) server(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		a.at = append(a.at, time.Now())
		a.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestSharedQuota has three Clients (three processes' worth) spend one
// shared daily budget: together they send exactly the budget, and every
// Client's Usage shows the shared figure.
func TestSharedQuota(t *testing.T) {
	rdb, _ := kbtest.Client(t)
	shared := NewRedisShared(rdb, kbtest.Prefix(t, rdb, "quota"))
	var a arrivals
	srv := a.server(t)
	var clients []*Client
	for range 3 {
		clients = append(clients, New(Options{Provider: "test-provider", Shared: shared, Retries: -1, Coalesce: -1,
			Quotas: []Quota{{Name: "daily", Limit: 7, Window: 24 * time.Hour}}}))
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	refused := 0
	for i := range 15 {
		wg.Go(func() {
			err := clients[i%3].GetJSON(context.Background(), srv.URL, nil, &struct{}{})
			var qe *QuotaError
			if errors.As(err, &qe) {
				mu.Lock()
				refused++
				mu.Unlock()
			} else if err != nil {
				t.Errorf("request %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if len(a.at) != 7 || refused != 8 {
		t.Errorf("provider got %d requests and %d were refused, want 7 and 8", len(a.at), refused)
	}
	for i, c := range clients {
		if u := c.Usage(); len(u) != 1 || u[0].Used != 7 || u[0].Limit != 7 {
			t.Errorf("client %d Usage = %+v, want the shared 7 of 7", i, u)
		}
	}
}

// TestSharedPace has two Clients, each allowed 5 requests per 400 ms on
// its own, send 16 requests: the provider never sees more than 5 in any
// 400 ms, because the cap is shared.
func TestSharedPace(t *testing.T) {
	rdb, _ := kbtest.Client(t)
	shared := NewRedisShared(rdb, kbtest.Prefix(t, rdb, "pace"))
	var a arrivals
	srv := a.server(t)
	lim := Limit{Requests: 5, Interval: 400 * time.Millisecond, Burst: 5}
	c1 := New(Options{Provider: "paced", Shared: shared, Limit: lim, Coalesce: -1})
	c2 := New(Options{Provider: "paced", Shared: shared, Limit: lim, Coalesce: -1})
	var wg sync.WaitGroup
	for i := range 16 {
		c := c1
		if i%2 == 1 {
			c = c2
		}
		wg.Go(func() {
			if err := c.GetJSON(context.Background(), srv.URL, nil, &struct{}{}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	sort.Slice(a.at, func(i, j int) bool { return a.at[i].Before(a.at[j]) })
	if len(a.at) != 16 {
		t.Fatalf("provider got %d requests, want 16", len(a.at))
	}
	for i := range a.at {
		n := 0
		for j := i; j < len(a.at) && a.at[j].Sub(a.at[i]) < lim.Interval; j++ {
			n++
		}
		if n > lim.Requests {
			t.Fatalf("%d requests within %v from arrival %d, want at most %d", n, lim.Interval, i, lim.Requests)
		}
	}
	// Without the shared cap the two Clients' bursts would arrive together.
	if span := a.at[15].Sub(a.at[0]); span < 3*lim.Interval {
		t.Errorf("16 requests took %v, want at least 3 intervals", span)
	}
}

// TestSharedFallback keeps counting in process when the store fails.
func TestSharedFallback(t *testing.T) {
	var a arrivals
	srv := a.server(t)
	c := New(Options{Provider: "p", Shared: failing{}, Retries: -1, Quotas: []Quota{{Name: "hourly", Limit: 2, Window: time.Hour}},
		Limit: Limit{Requests: 100, Interval: time.Second, Burst: 100}})
	for i := range 3 {
		err := c.GetJSON(context.Background(), srv.URL, nil, &struct{}{})
		if (i < 2) != (err == nil) {
			t.Errorf("request %d: %v", i, err)
		}
	}
}

type failing struct{}

var errDown = errors.New("store down")

func (failing) Reserve(context.Context, []SharedWindow, int) ([]int, bool, error) {
	return nil, false, errDown
}
func (failing) Used(context.Context, []SharedWindow) ([]int, error) { return nil, errDown }
func (failing) Pace(context.Context, string, int, time.Duration) (time.Duration, error) {
	return 0, errDown
}

func (failing) Once(ctx context.Context, _ string, _ time.Duration, fetch func(context.Context) ([]byte, error)) ([]byte, bool, error) {
	b, err := fetch(ctx)
	return b, false, err
}

// TestSharedOnce has two Clients (two processes) send the same GET at
// once: the provider answers once and both get the body.
func TestSharedOnce(t *testing.T) {
	rdb, _ := kbtest.Client(t)
	shared := NewRedisShared(rdb, kbtest.Prefix(t, rdb, "once"))
	var mu sync.Mutex
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls++
		mu.Unlock()
		time.Sleep(100 * time.Millisecond)
		_, _ = w.Write([]byte(`{"page":"` + r.URL.Query().Get("page") + `"}`))
	}))
	defer srv.Close()
	c1 := New(Options{Provider: "once", Shared: shared})
	c2 := New(Options{Provider: "once", Shared: shared})
	var wg sync.WaitGroup
	bodies := make([]string, 4)
	for i := range 4 {
		c := []*Client{c1, c2}[i%2]
		wg.Go(func() {
			b, err := c.Get(context.Background(), srv.URL, url.Values{"page": {"Lyon"}})
			if err != nil {
				t.Error(err)
			}
			bodies[i] = string(b)
		})
	}
	wg.Wait()
	if calls != 1 {
		t.Errorf("provider called %d times for one URL from two processes, want 1", calls)
	}
	for i, b := range bodies {
		if b != `{"page":"Lyon"}` {
			t.Errorf("caller %d got %s", i, b)
		}
	}
	// Another URL is its own call; a failure is not shared.
	if _, err := c1.Get(context.Background(), srv.URL, url.Values{"page": {"Nice"}}); err != nil || calls != 2 {
		t.Errorf("second URL: %v, calls %d", err, calls)
	}
}
