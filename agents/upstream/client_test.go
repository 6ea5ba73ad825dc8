package upstream

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// sleeps records the delays a Client asked for, without sleeping.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeps) got() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}

var fixedNow = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// testClient returns a Client for tests: no real sleeping, identity jitter,
// a fixed clock.
func testClient(opts Options) (*Client, *sleeps) {
	s := &sleeps{}
	if opts.Provider == "" {
		opts.Provider = "test"
	}
	opts.Sleep = s.sleep
	opts.Jitter = func(d time.Duration) time.Duration { return d }
	if opts.Now == nil {
		opts.Now = func() time.Time { return fixedNow }
	}
	return New(opts), s
}

// script serves the given responses in order (repeating the last one) and
// counts requests.
type script struct {
	hits  atomic.Int32
	steps []func(w http.ResponseWriter, r *http.Request)
}

func (s *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i := int(s.hits.Add(1)) - 1
	if i >= len(s.steps) {
		i = len(s.steps) - 1
	}
	s.steps[i](w, r)
}

func status(code int, body string, header ...string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.WriteHeader(code)
		fmt.Fprint(w, body)
	}
}

func upstreamErr(t *testing.T, err error) *orchestrator.UpstreamError {
	t.Helper()
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		t.Fatalf("error %v (%T) is not an *orchestrator.UpstreamError", err, err)
	}
	return ue
}

func TestGetJSONSuccess(t *testing.T) {
	var gotUA, gotQuery string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotUA = r.Header.Get("User-Agent")
		gotQuery = r.URL.RawQuery
		fmt.Fprint(w, `{"a":1}`)
	}))
	defer srv.Close()
	c, _ := testClient(Options{})
	var v struct{ A int }
	if err := c.GetJSON(context.Background(), srv.URL+"/x?fixed=1", url.Values{"b": {"2"}, "a": {"x y"}}, &v); err != nil {
		t.Fatal(err)
	}
	if v.A != 1 {
		t.Errorf("A = %d, want 1", v.A)
	}
	if gotUA != DefaultUserAgent {
		t.Errorf("User-Agent = %q, want %q", gotUA, DefaultUserAgent)
	}
	if want := "a=x+y&b=2&fixed=1"; gotQuery != want {
		t.Errorf("query = %q, want %q", gotQuery, want)
	}
}

func TestGetJSONErrors(t *testing.T) {
	big := strings.Repeat("x", 2048)
	tests := []struct {
		name          string
		steps         []func(http.ResponseWriter, *http.Request)
		opts          Options
		wantType      string
		wantRetryable bool
		wantHits      int32
		wantSleeps    []time.Duration
		wantMsg       string
	}{
		{name: "401", steps: sl(status(401, "nope")), wantType: "auth", wantHits: 1},
		{name: "403", steps: sl(status(403, "")), wantType: "auth", wantHits: 1},
		{name: "404", steps: sl(status(404, "")), wantType: "not_found", wantHits: 1},
		{name: "400", steps: sl(status(400, "bad param")), wantType: "invalid_argument", wantHits: 1, wantMsg: "HTTP 400: bad param"},
		{name: "422", steps: sl(status(422, "")), wantType: "invalid_argument", wantHits: 1},
		{name: "500 three times", steps: sl(status(500, "boom")), wantType: "unavailable", wantRetryable: false,
			wantHits: 3, wantSleeps: []time.Duration{250 * time.Millisecond, 500 * time.Millisecond}},
		{name: "502 no retries", opts: Options{Retries: -1}, steps: sl(status(502, "")), wantType: "unavailable",
			wantRetryable: false, wantHits: 1},
		{name: "408", opts: Options{Retries: -1}, steps: sl(status(408, "")), wantType: "timeout", wantRetryable: false, wantHits: 1},
		{name: "429 without Retry-After backs off", steps: sl(status(429, "")), wantType: "rate_limited", wantRetryable: false,
			wantHits: 3, wantSleeps: []time.Duration{250 * time.Millisecond, 500 * time.Millisecond}},
		{name: "429 Retry-After seconds", steps: sl(status(429, "", "Retry-After", "7")), wantType: "rate_limited",
			wantRetryable: false, wantHits: 3, wantSleeps: []time.Duration{7 * time.Second, 7 * time.Second}},
		{name: "429 Retry-After HTTP-date", steps: sl(status(429, "", "Retry-After", fixedNow.Add(20*time.Second).Format(http.TimeFormat))),
			wantType: "rate_limited", wantRetryable: false, wantHits: 3, wantSleeps: []time.Duration{20 * time.Second, 20 * time.Second}},
		{name: "429 Retry-After too long", steps: sl(status(429, "", "Retry-After", "3600")), wantType: "rate_limited",
			wantRetryable: true, wantHits: 1},
		{name: "503 Retry-After honoured", steps: sl(status(503, "", "Retry-After", "2")), opts: Options{Retries: 1},
			wantType: "unavailable", wantRetryable: false, wantHits: 2, wantSleeps: []time.Duration{2 * time.Second}},
		{name: "backoff capped", opts: Options{Retries: 4, BaseDelay: time.Second, MaxDelay: 3 * time.Second},
			steps: sl(status(500, "")), wantType: "unavailable", wantRetryable: false, wantHits: 5,
			wantSleeps: []time.Duration{time.Second, 2 * time.Second, 3 * time.Second, 3 * time.Second}},
		{name: "garbage 200", steps: sl(status(200, "<html>hi</html>")), wantType: "bad_response", wantHits: 1},
		{name: "oversized", opts: Options{MaxBody: 1024}, steps: sl(status(200, big)), wantType: "bad_response", wantHits: 1,
			wantMsg: "response larger than 1024 bytes"},
		{name: "oversized error body", opts: Options{MaxBody: 1024}, steps: sl(status(500, big)), wantType: "bad_response", wantHits: 1},
		{name: "redirect loop not followed", opts: Options{HTTPClient: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		}}}, steps: sl(status(302, "", "Location", "/elsewhere")), wantType: "bad_response", wantHits: 1},
		{name: "mapper", opts: Options{MapError: func(st int, h http.Header, body []byte) *orchestrator.UpstreamError {
			if st == 400 && strings.Contains(string(body), "reason") {
				return &orchestrator.UpstreamError{Type: "not_found", Message: "mapped"}
			}
			return nil
		}}, steps: sl(status(400, `{"reason":"x"}`)), wantType: "not_found", wantHits: 1, wantMsg: "mapped"},
		{name: "mapper keeps default type", opts: Options{MapError: func(int, http.Header, []byte) *orchestrator.UpstreamError {
			return &orchestrator.UpstreamError{Message: "custom"}
		}}, steps: sl(status(503, "")), wantType: "unavailable", wantRetryable: false, wantHits: 3, wantMsg: "custom",
			wantSleeps: []time.Duration{250 * time.Millisecond, 500 * time.Millisecond}},
		{name: "recovers after 500", steps: sl(status(500, ""), status(200, `{}`)), wantHits: 2,
			wantSleeps: []time.Duration{250 * time.Millisecond}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &script{steps: tt.steps}
			srv := httptest.NewServer(s)
			defer srv.Close()
			c, sl := testClient(tt.opts)
			var v map[string]any
			err := c.GetJSON(context.Background(), srv.URL, nil, &v)
			if got := s.hits.Load(); got != tt.wantHits {
				t.Errorf("hits = %d, want %d", got, tt.wantHits)
			}
			if got := sl.got(); fmt.Sprint(got) != fmt.Sprint(tt.wantSleeps) {
				t.Errorf("sleeps = %v, want %v", got, tt.wantSleeps)
			}
			if tt.wantType == "" {
				if err != nil {
					t.Fatalf("err = %v, want nil", err)
				}
				return
			}
			ue := upstreamErr(t, err)
			if ue.Type != tt.wantType || ue.Retryable != tt.wantRetryable || ue.Provider != "test" {
				t.Errorf("got %+v, want type %s retryable %v provider test", ue, tt.wantType, tt.wantRetryable)
			}
			if tt.wantMsg != "" && ue.Message != tt.wantMsg {
				t.Errorf("message = %q, want %q", ue.Message, tt.wantMsg)
			}
		})
	}
}

func sl(f ...func(http.ResponseWriter, *http.Request)) []func(http.ResponseWriter, *http.Request) {
	return f
}

func TestAttemptTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	c, sl := testClient(Options{Timeout: 30 * time.Millisecond, Retries: 1})
	err := c.GetJSON(context.Background(), srv.URL, nil, new(any))
	ue := upstreamErr(t, err)
	// Retries spent: the error is no longer retryable, so no layer above
	// sends the request again.
	if ue.Type != "timeout" || ue.Retryable {
		t.Errorf("got %+v, want a timeout no longer retryable", ue)
	}
	if got := len(sl.got()); got != 1 {
		t.Errorf("retries = %d, want 1", got)
	}
}

func TestConnectionRefused(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	addr := srv.URL
	srv.Close()
	c, _ := testClient(Options{Retries: -1})
	ue := upstreamErr(t, c.GetJSON(context.Background(), addr, nil, new(any)))
	if ue.Type != "unavailable" || ue.Retryable {
		t.Errorf("got %+v, want unavailable, no longer retryable", ue)
	}
}

func TestCallerContext(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	defer srv.Close()
	c, _ := testClient(Options{Now: time.Now})

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	ue := upstreamErr(t, c.GetJSON(ctx, srv.URL, nil, new(any)))
	if ue.Type != "timeout" {
		t.Errorf("deadline: got %+v, want timeout", ue)
	}

	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	ue = upstreamErr(t, c.GetJSON(ctx, srv.URL, nil, new(any)))
	if ue.Type != "unavailable" || ue.Retryable {
		t.Errorf("cancel: got %+v, want non-retryable unavailable", ue)
	}
}

func TestInvalidURL(t *testing.T) {
	c, _ := testClient(Options{})
	for _, u := range []string{"", "ftp://x/y", "://bad", "/relative"} {
		ue := upstreamErr(t, c.GetJSON(context.Background(), u, nil, new(any)))
		if ue.Type != "invalid_argument" {
			t.Errorf("%q: type = %s, want invalid_argument", u, ue.Type)
		}
	}
}

func TestConcurrencyLimit(t *testing.T) {
	var inflight, peak atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inflight.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
		inflight.Add(-1)
		fmt.Fprint(w, "{}")
	}))
	defer srv.Close()
	c := New(Options{Provider: "test", Limit: Limit{Concurrent: 1}})
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			if err := c.GetJSON(context.Background(), srv.URL, nil, new(any)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := peak.Load(); got != 1 {
		t.Errorf("peak concurrency = %d, want 1", got)
	}
}

func TestRateLimiter(t *testing.T) {
	now := fixedNow
	s := &sleeps{}
	l := newLimiter(Limit{Requests: 600, Interval: time.Minute}, func() time.Time { return now }, s.sleep)
	for range 3 {
		if err := l.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	want := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}
	if got := s.got(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sleeps = %v, want %v", got, want)
	}
	// After a quiet second the bucket is full again (burst 1): no wait.
	now = now.Add(time.Second)
	if err := l.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := len(s.got()); got != 2 {
		t.Errorf("sleeps after refill = %d, want 2", got)
	}
}

func TestRateLimiterBurst(t *testing.T) {
	s := &sleeps{}
	l := newLimiter(Limit{Requests: 2, Interval: time.Second, Burst: 2}, func() time.Time { return fixedNow }, s.sleep)
	for range 3 {
		_ = l.wait(context.Background())
	}
	want := []time.Duration{500 * time.Millisecond}
	if got := s.got(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sleeps = %v, want %v", got, want)
	}
}

func TestParseRetryAfter(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"", 0},
		{"0", 0},
		{"-3", 0},
		{"120", 2 * time.Minute},
		{" 5 ", 5 * time.Second},
		{"12abc", 0},
		{fixedNow.Add(time.Minute).Format(http.TimeFormat), time.Minute},
		{fixedNow.Add(-time.Minute).Format(http.TimeFormat), 0},
		{"Wed, 99 Foo", 0},
	}
	for _, tt := range tests {
		if got := parseRetryAfter(tt.in, fixedNow); got != tt.want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestHalfJitter(t *testing.T) {
	for range 100 {
		d := halfJitter(time.Second)
		if d < 500*time.Millisecond || d > time.Second {
			t.Fatalf("halfJitter(1s) = %v, want within [0.5s, 1s]", d)
		}
	}
}
