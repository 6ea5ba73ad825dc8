package upstream

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// clock is a settable fake clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

var chinaTime = time.FixedZone("CST", 8*60*60)

func okServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, `{}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func quotaErr(t *testing.T, err error) *QuotaError {
	t.Helper()
	var qe *QuotaError
	if !errors.As(err, &qe) {
		t.Fatalf("error %v (%T) is not a *QuotaError", err, err)
	}
	return qe
}

func TestQuotaExhaustedSendsNothing(t *testing.T) {
	srv, hits := okServer(t)
	// A rate limit too: a refused request must not wait for its turn.
	c, slept := testClient(Options{
		Limit:  Limit{Requests: 1, Interval: time.Hour, Burst: 2},
		Quotas: []Quota{{Name: "Test daily", Limit: 2, Window: 24 * time.Hour}},
	})
	ctx := context.Background()
	for i := range 2 {
		if _, err := c.Get(ctx, srv.URL, nil); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	_, err := c.Get(ctx, srv.URL, nil)
	if got := hits.Load(); got != 2 {
		t.Errorf("hits = %d, want 2: the refused request reached the server", got)
	}
	if got := slept.got(); len(got) != 0 {
		t.Errorf("sleeps = %v, want none", got)
	}
	ue := upstreamErr(t, err)
	want := orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Retryable: false, Provider: "test",
		Message: "Test daily quota of 2 requests is used up; resets at 2026-06-02T00:00Z"}
	if *ue != want {
		t.Errorf("error = %+v, want %+v", *ue, want)
	}
	qe := quotaErr(t, err)
	wantReset := time.Date(2026, 6, 2, 0, 0, 0, 0, time.UTC)
	if qe.Quota != "Test daily" || qe.Limit != 2 || !qe.ResetsAt.Equal(wantReset) || qe.RetryAfter != 12*time.Hour {
		t.Errorf("QuotaError = %+v, want quota Test daily, limit 2, resets %v after 12h", qe, wantReset)
	}
	if err.Error() != "test: rate_limited: "+want.Message {
		t.Errorf("Error() = %q", err.Error())
	}
	// GetJSON and DoJSON report the same.
	quotaErr(t, c.GetJSON(ctx, srv.URL, nil, new(any)))
	quotaErr(t, c.DoJSON(ctx, Request{Method: http.MethodPost, URL: srv.URL, Body: []byte(`{}`)}, new(any)))
	if got := hits.Load(); got != 2 {
		t.Errorf("hits = %d, want 2", got)
	}
}

func TestQuotaWindowReset(t *testing.T) {
	srv, hits := okServer(t)
	clk := &clock{t: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)}
	c, _ := testClient(Options{Now: clk.now, Quotas: []Quota{
		{Name: "Test hourly", Limit: 1, Window: time.Hour},
		{Name: "Test China daily", Bucket: "cn", Limit: 2, Reset: DailyReset(chinaTime)},
	}})
	ctx := context.Background()
	get := func(bucket string) error {
		_, err := c.Do(ctx, Request{URL: srv.URL, Bucket: bucket})
		return err
	}
	steps := []struct {
		at      time.Time
		bucket  string
		wantMsg string // "" means sent
	}{
		{at: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)},
		{at: time.Date(2026, 6, 1, 12, 59, 59, 999e6, time.UTC),
			wantMsg: "Test hourly quota of 1 requests is used up; resets at 2026-06-01T13:00Z"},
		{at: time.Date(2026, 6, 1, 13, 0, 0, 0, time.UTC), bucket: "cn"},
		{at: time.Date(2026, 6, 1, 14, 30, 0, 0, time.UTC), bucket: "cn"},
		// 23:59:59 in China: the daily bucket is used up; it outlasts the hourly one.
		{at: time.Date(2026, 6, 1, 15, 59, 59, 0, time.UTC), bucket: "cn",
			wantMsg: "Test China daily quota of 2 requests is used up; resets at 2026-06-02T00:00+08:00"},
		// 00:00 in China: a new day.
		{at: time.Date(2026, 6, 1, 16, 0, 0, 0, time.UTC), bucket: "cn"},
	}
	wantHits := int32(0)
	for i, s := range steps {
		clk.set(s.at)
		err := get(s.bucket)
		if s.wantMsg == "" {
			wantHits++
			if err != nil {
				t.Fatalf("step %d at %v: %v", i, s.at, err)
			}
		} else if ue := upstreamErr(t, err); ue.Message != s.wantMsg {
			t.Errorf("step %d: message %q, want %q", i, ue.Message, s.wantMsg)
		}
		if got := hits.Load(); got != wantHits {
			t.Fatalf("step %d: hits = %d, want %d", i, got, wantHits)
		}
	}
}

func TestQuotaRefusalReportsLatestReset(t *testing.T) {
	srv, _ := okServer(t)
	clk := &clock{t: time.Date(2026, 11, 29, 10, 30, 0, 0, time.UTC)}
	c, _ := testClient(Options{Now: clk.now, Quotas: []Quota{
		{Name: "Open-Meteo hourly", Limit: 1, Window: time.Hour},
		{Name: "Open-Meteo daily", Limit: 1, Window: 24 * time.Hour},
	}})
	if _, err := c.Get(context.Background(), srv.URL, nil); err != nil {
		t.Fatal(err)
	}
	qe := quotaErr(t, func() error { _, err := c.Get(context.Background(), srv.URL, nil); return err }())
	if want := "Open-Meteo daily quota of 1 requests is used up; resets at 2026-11-30T00:00Z"; qe.Err.Message != want {
		t.Errorf("message %q, want %q", qe.Err.Message, want)
	}
	if qe.RetryAfter != 13*time.Hour+30*time.Minute {
		t.Errorf("RetryAfter = %v, want 13h30m", qe.RetryAfter)
	}
	// Once the hour turns, the daily quota still refuses.
	clk.set(time.Date(2026, 11, 29, 11, 0, 0, 0, time.UTC))
	quotaErr(t, func() error { _, err := c.Get(context.Background(), srv.URL, nil); return err }())
}

func TestQuotaBuckets(t *testing.T) {
	srv, hits := okServer(t)
	c, _ := testClient(Options{Quotas: []Quota{
		{Name: "all", Limit: 3, Window: 24 * time.Hour},
		{Name: "poi", Bucket: "poi", Limit: 1, Window: 24 * time.Hour},
	}})
	ctx := context.Background()
	do := func(bucket string) error {
		_, err := c.Do(ctx, Request{URL: srv.URL, Bucket: bucket})
		return err
	}
	if err := do("poi"); err != nil {
		t.Fatal(err)
	}
	if qe := quotaErr(t, do("poi")); qe.Quota != "poi" {
		t.Errorf("second POI request refused by %q, want poi", qe.Quota)
	}
	// Other buckets and none are only under "all", which counted the POI
	// request: two more go.
	for _, b := range []string{"", "geocode"} {
		if err := do(b); err != nil {
			t.Fatalf("bucket %q: %v", b, err)
		}
	}
	if qe := quotaErr(t, do("")); qe.Quota != "all" {
		t.Errorf("fourth request refused by %q, want all", qe.Quota)
	}
	if got := hits.Load(); got != 3 {
		t.Errorf("hits = %d, want 3", got)
	}
}

func TestQuotaCost(t *testing.T) {
	srv, hits := okServer(t)
	c, _ := testClient(Options{Quotas: []Quota{{Name: "units", Limit: 3, Window: time.Hour}}})
	ctx := context.Background()
	if _, err := c.Do(ctx, Request{URL: srv.URL, Cost: 2}); err != nil {
		t.Fatal(err)
	}
	_, err := c.Do(ctx, Request{URL: srv.URL, Cost: 2})
	if want := "units quota of 3 requests has 1 left, fewer than the 2 this request costs; resets at 2026-06-01T13:00Z"; upstreamErr(t, err).Message != want {
		t.Errorf("message %q, want %q", upstreamErr(t, err).Message, want)
	}
	if _, err := c.Do(ctx, Request{URL: srv.URL}); err != nil { // Cost 0 is 1
		t.Fatal(err)
	}
	if got := hits.Load(); got != 2 {
		t.Errorf("hits = %d, want 2", got)
	}
	if u := c.Usage(); len(u) != 1 || u[0].Used != 3 {
		t.Errorf("Usage = %+v, want 3 used", u)
	}
}

func TestQuotaCountsRetries(t *testing.T) {
	s := &script{steps: sl(status(500, "boom"))}
	srv := httptest.NewServer(s)
	defer srv.Close()
	c, slept := testClient(Options{Retries: 5, Quotas: []Quota{{Name: "Test daily", Limit: 3, Window: 24 * time.Hour}}})
	_, err := c.Get(context.Background(), srv.URL, nil)
	if got := s.hits.Load(); got != 3 {
		t.Errorf("hits = %d, want 3", got)
	}
	// Three attempts, three backoffs; the fourth attempt is refused.
	if got, want := slept.got(), []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second}; !reflect.DeepEqual(got, want) {
		t.Errorf("sleeps = %v, want %v", got, want)
	}
	if qe := quotaErr(t, err); qe.Err.Type != orchestrator.ERATELIMITED || qe.Err.Retryable {
		t.Errorf("error = %+v, want non-retryable rate_limited", qe.Err)
	}
	if u := c.Usage(); u[0].Used != 3 {
		t.Errorf("used = %d, want 3", u[0].Used)
	}
}

func TestQuotaConcurrent(t *testing.T) {
	srv, hits := okServer(t)
	c := New(Options{Provider: "test", Limit: Limit{Concurrent: 4}, Quotas: []Quota{
		{Name: "daily", Limit: 50, Window: 24 * time.Hour},
		{Name: "odd", Bucket: "odd", Limit: 10, Window: time.Hour},
	}})
	var ok, refused, oddOK atomic.Int32
	var wg sync.WaitGroup
	for g := range 20 {
		wg.Go(func() {
			for range 5 {
				bucket := ""
				if g%2 == 1 {
					bucket = "odd"
				}
				_, err := c.Do(context.Background(), Request{URL: srv.URL, Bucket: bucket})
				var qe *QuotaError
				switch {
				case err == nil:
					ok.Add(1)
					if bucket == "odd" {
						oddOK.Add(1)
					}
				case errors.As(err, &qe):
					refused.Add(1)
				default:
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	// Whatever the interleaving, exactly the daily budget goes out, and at
	// most 10 of it from the odd bucket.
	if ok.Load() != 50 || refused.Load() != 50 || hits.Load() != 50 || oddOK.Load() > 10 {
		t.Errorf("ok %d, refused %d, hits %d, odd ok %d; want 50, 50, 50, ≤ 10", ok.Load(), refused.Load(), hits.Load(), oddOK.Load())
	}
	u := c.Usage()
	if len(u) != 2 || u[0].Used != 50 || u[1].Used != int(oddOK.Load()) {
		t.Errorf("Usage = %+v, want 50 and %d used", u, oddOK.Load())
	}
}

func TestUsage(t *testing.T) {
	srv, _ := okServer(t)
	clk := &clock{t: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)}
	c, _ := testClient(Options{Now: clk.now, Quotas: []Quota{
		{Name: "hourly", Limit: 5, Window: time.Hour},
		{Name: "ignored", Limit: 0, Window: time.Hour},
		{Name: "poi", Bucket: "poi", Limit: 100, Reset: DailyReset(chinaTime)},
	}})
	ctx := context.Background()
	for _, b := range []string{"", "poi", "poi"} {
		if _, err := c.Do(ctx, Request{URL: srv.URL, Bucket: b}); err != nil {
			t.Fatal(err)
		}
	}
	want := []QuotaUsage{
		{Name: "hourly", Used: 3, Limit: 5, ResetsAt: time.Date(2026, 6, 1, 13, 0, 0, 0, time.UTC)},
		{Name: "poi", Bucket: "poi", Used: 2, Limit: 100, ResetsAt: time.Date(2026, 6, 2, 0, 0, 0, 0, chinaTime)},
	}
	if got := c.Usage(); !reflect.DeepEqual(got, want) {
		t.Errorf("Usage = %+v\nwant %+v", got, want)
	}
	// An hour later the hourly window has turned; the China day has not.
	clk.set(time.Date(2026, 6, 1, 13, 0, 0, 0, time.UTC))
	want[0].Used, want[0].ResetsAt = 0, time.Date(2026, 6, 1, 14, 0, 0, 0, time.UTC)
	if got := c.Usage(); !reflect.DeepEqual(got, want) {
		t.Errorf("Usage after an hour = %+v\nwant %+v", got, want)
	}
	if u := New(Options{}).Usage(); u != nil {
		t.Errorf("Usage without quotas = %+v, want nil", u)
	}
}

func TestQuotaWithoutWindowPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New accepted a quota with neither Window nor Reset")
		}
	}()
	New(Options{Quotas: []Quota{{Name: "broken", Limit: 1}}})
}

func TestDailyReset(t *testing.T) {
	reset := DailyReset(chinaTime)
	tests := []struct{ now, want time.Time }{
		{time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC), time.Date(2026, 6, 2, 0, 0, 0, 0, chinaTime)},
		{time.Date(2026, 6, 1, 15, 59, 59, 0, time.UTC), time.Date(2026, 6, 2, 0, 0, 0, 0, chinaTime)},
		{time.Date(2026, 6, 1, 16, 0, 0, 0, time.UTC), time.Date(2026, 6, 3, 0, 0, 0, 0, chinaTime)},
		{time.Date(2026, 12, 31, 17, 0, 0, 0, time.UTC), time.Date(2027, 1, 2, 0, 0, 0, 0, chinaTime)},
	}
	for _, tt := range tests {
		if got := reset(tt.now); !got.Equal(tt.want) {
			t.Errorf("DailyReset(CST)(%v) = %v, want %v", tt.now, got, tt.want)
		}
	}
}

// A Reset that does not move forward falls back to Window rather than
// opening a new window on every request.
func TestQuotaBadResetFallsBack(t *testing.T) {
	srv, hits := okServer(t)
	c, _ := testClient(Options{Quotas: []Quota{{Name: "stuck", Limit: 1, Window: time.Hour,
		Reset: func(now time.Time) time.Time { return now }}}})
	for range 3 {
		_, _ = c.Get(context.Background(), srv.URL, nil)
	}
	if got := hits.Load(); got != 1 {
		t.Errorf("hits = %d, want 1", got)
	}
}

// A request that passed the quota before waiting for the rate limit is
// checked again just before it is sent: another one may have spent the last
// unit meanwhile.
func TestQuotaRecheckedAfterRateWait(t *testing.T) {
	srv, hits := okServer(t)
	var c *Client
	var nested atomic.Bool
	var cErr error
	c = New(Options{
		Provider: "test",
		Now:      func() time.Time { return fixedNow },
		Limit:    Limit{Requests: 1, Interval: time.Second},
		Quotas:   []Quota{{Name: "q", Bucket: "q", Limit: 1, Window: time.Hour}},
		// While the first bucketed request waits for its turn, a second
		// one goes ahead and spends the quota.
		Sleep: func(ctx context.Context, d time.Duration) error {
			if nested.CompareAndSwap(false, true) {
				_, cErr = c.Do(ctx, Request{URL: srv.URL, Bucket: "q"})
			}
			return ctx.Err()
		},
	})
	ctx := context.Background()
	if _, err := c.Get(ctx, srv.URL, nil); err != nil { // takes the rate token, no quota
		t.Fatal(err)
	}
	_, err := c.Do(ctx, Request{URL: srv.URL, Bucket: "q"})
	if cErr != nil {
		t.Fatalf("request sent while the first waited: %v", cErr)
	}
	if qe := quotaErr(t, err); qe.Quota != "q" {
		t.Errorf("refused by %q, want q", qe.Quota)
	}
	if got := hits.Load(); got != 2 {
		t.Errorf("hits = %d, want 2", got)
	}
}

// BenchmarkQuotaReserve is the quota bookkeeping a request pays: the
// check before waiting and the spend before sending, against Amap's nine
// daily buckets, serially and from parallel callers.
func BenchmarkQuotaReserve(b *testing.B) {
	var qs []Quota
	for _, name := range []string{"poi", "geocode", "regeo", "direction", "distance", "weather", "inputtips", "district", "other"} {
		qs = append(qs, Quota{Name: name, Bucket: name, Limit: 1 << 62, Reset: DailyReset(chinaTime)})
	}
	c := New(Options{Quotas: qs, Now: func() time.Time { return fixedNow }})
	r := &Request{Bucket: "direction"}
	b.Run("serial", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if c.checkQuota(context.Background(), r, false) != nil || c.checkQuota(context.Background(), r, true) != nil {
				b.Fatal("refused")
			}
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if c.checkQuota(context.Background(), r, false) != nil || c.checkQuota(context.Background(), r, true) != nil {
					b.Fatal("refused")
				}
			}
		})
	})
}

// BenchmarkGetQuotas is one Get to a loopback server without quotas and
// with Amap's nine, to set the bookkeeping against a request's cost.
func BenchmarkGetQuotas(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) }))
	defer srv.Close()
	var nine []Quota
	for _, name := range []string{"poi", "geocode", "regeo", "direction", "distance", "weather", "inputtips", "district", "other"} {
		nine = append(nine, Quota{Name: name, Bucket: name, Limit: 1 << 62, Reset: DailyReset(chinaTime)})
	}
	for _, qs := range [][]Quota{nil, nine} {
		c := New(Options{Quotas: qs, HTTPClient: srv.Client()})
		b.Run(fmt.Sprintf("quotas=%d", len(qs)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.Do(context.Background(), Request{URL: srv.URL, Bucket: "direction"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
