package nominatim

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/internal/replay"
	"github.com/tripweave/tripweave/agents/nominatim/nominatimtest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const testUA = "tripweave-test/1.0 (+https://example.org/contact)"

// clock is a fake clock that sleeping advances.
type clock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	c.sleeps = append(c.sleeps, d)
	c.now = c.now.Add(d)
	c.mu.Unlock()
	return ctx.Err()
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func newClient(url string, retries int) (*Client, *clock) {
	clk := &clock{now: time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)}
	return New(Options{URL: url, Now: clk.Now, Upstream: upstream.Options{
		UserAgent: testUA, Retries: retries, Now: clk.Now, Sleep: clk.Sleep,
		Jitter: func(d time.Duration) time.Duration { return d },
	}}), clk
}

func golden(t *testing.T, name string, v any) {
	t.Helper()
	replay.GoldenJSON(t, name, v, *update)
}

func wantUpstream(t *testing.T, err error, typ string, retryable bool) *orchestrator.UpstreamError {
	t.Helper()
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		t.Fatalf("error = %v (%T), want *orchestrator.UpstreamError", err, err)
	}
	if ue.Type != typ || ue.Retryable != retryable || ue.Provider != Provider {
		t.Errorf("error = %+v, want type %s retryable %v provider %s", ue, typ, retryable, Provider)
	}
	return ue
}

func TestGeocode(t *testing.T) {
	srv := nominatimtest.NewServer(t)
	c, _ := newClient(srv.SearchURL(), -1)
	for _, tt := range []struct{ q, lang, golden string }{
		{"Chengdu", "en", "chengdu_en.json"},
		{"成都", "zh", "chengdu_zh.json"},
	} {
		got, err := c.Geocode(context.Background(), tt.q, tt.lang, 2)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, tt.golden, got)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	if want := "accept-language=en&addressdetails=1&extratags=1&format=jsonv2&limit=2&q=Chengdu"; reqs[0].Query != want || reqs[0].UserAgent != testUA {
		t.Errorf("request %q UA %q, want %q", reqs[0].Query, reqs[0].UserAgent, want)
	}
	got, _ := c.Geocode(context.Background(), "chengdu", "en", 2)
	if p := got[0]; p.Name != "Chengdu" || p.CountryCode != "CN" || p.Admin1 != "Sichuan" || p.Population != 20937757 ||
		p.SourceID != "osm:relation/2110264" || p.Latitude != 30.6598628 || p.Timezone != "" {
		t.Errorf("place = %+v", p)
	}
	if got[1].Population != 20937757 {
		t.Errorf("population with spaces = %d", got[1].Population)
	}
}

func TestGeocodeErrors(t *testing.T) {
	tests := []struct {
		name      string
		query     string
		fail      *nominatimtest.Failure
		typ       string
		retryable bool
		msg       string
	}{
		{"no match", "Qxzvtlandia", nil, "not_found", false, `no place named "Qxzvtlandia" found`},
		{"400 error object", "Chengdu", &nominatimtest.Failure{Status: 400, Body: mustFixture(t, "search_400.json")}, "invalid_argument", false, "Parameter 'limit' must be a number."},
		{"unable to geocode", "Chengdu", &nominatimtest.Failure{Status: 200, Body: mustFixture(t, "reverse_unable.json")}, "not_found", false, "Chengdu"},
		{"429", "Chengdu", &nominatimtest.Failure{Status: 429, Body: []byte("Too Many Requests")}, "rate_limited", false, "429"},
		{"403 blocked", "Chengdu", &nominatimtest.Failure{Status: 403, Body: []byte("<html>Access blocked</html>"), Header: http.Header{"Content-Type": {"text/html"}}}, "auth", false, "403"},
		{"503", "Chengdu", &nominatimtest.Failure{Status: 503, Body: []byte(`{"error":{"code":503,"message":"Service Unavailable"}}`)}, "unavailable", false, "Service Unavailable"},
		{"html", "Chengdu", &nominatimtest.Failure{Status: 200, Body: []byte("<!DOCTYPE html><html>")}, "bad_response", false, "undecodable"},
		{"other error object", "Chengdu", &nominatimtest.Failure{Status: 200, Body: []byte(`{"error":{"code":7,"message":"odd"}}`)}, "bad_response", false, "odd"},
		{"no coordinates", "Chengdu", &nominatimtest.Failure{Status: 200, Body: []byte(`[{"name":"X","lat":"north","lon":"104"},{"name":"Y","lat":"95","lon":"0"}]`)}, "bad_response", false, "coordinates"},
		{"numbers instead of strings", "Chengdu", &nominatimtest.Failure{Status: 200, Body: []byte(`[{"name":"X","lat":30.6,"lon":104}]`)}, "bad_response", false, "undecodable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := nominatimtest.NewServer(t)
			c, _ := newClient(srv.SearchURL(), -1)
			if tt.fail != nil {
				srv.Fail(*tt.fail)
			}
			_, err := c.Geocode(context.Background(), tt.query, "en", 1)
			if ue := wantUpstream(t, err, tt.typ, tt.retryable); !strings.Contains(ue.Message, tt.msg) {
				t.Errorf("message = %q, want it to contain %q", ue.Message, tt.msg)
			}
		})
	}
}

func mustFixture(t *testing.T, name string) []byte { return nominatimtest.Fixture(t, name) }

func TestInvalid(t *testing.T) {
	srv := nominatimtest.NewServer(t)
	c, _ := newClient(srv.SearchURL(), -1)
	for _, q := range []string{"", "  ", strings.Repeat("x", 101)} {
		_, err := c.Geocode(context.Background(), q, "en", 1)
		wantUpstream(t, err, "invalid_argument", false)
	}
	if _, err := c.Geocode(context.Background(), "chengdu", "en", 100); err != nil {
		t.Fatal(err)
	}
	if q := srv.Requests()[0].Query; !strings.Contains(q, "limit=40") {
		t.Errorf("count 100 sent as %q, want limit=40 (the server's maximum)", q)
	}
}

// TestPolicy checks the public server's usage policy: one request a second,
// answers cached (misses too), identical concurrent searches sharing one
// request.
func TestPolicy(t *testing.T) {
	srv := nominatimtest.NewServer(t)
	c, clk := newClient(srv.SearchURL(), -1)
	ctx := context.Background()
	for _, q := range []string{"chengdu", "成都", "atlantis", "Chengdu ", "CHENGDU", "atlantis"} {
		c.Geocode(ctx, q, "en", 1)
	}
	if n := len(srv.Requests()); n != 3 {
		t.Errorf("%d requests, want 3 (chengdu, 成都, atlantis; the rest cached)", n)
	}
	if want := []time.Duration{time.Second, time.Second}; fmt.Sprint(clk.sleeps) != fmt.Sprint(want) {
		t.Errorf("waits = %v, want %v: at most one request a second", clk.sleeps, want)
	}
	// A miss is cached for a day, a hit for two weeks.
	clk.Advance(25 * time.Hour)
	c.Geocode(ctx, "atlantis", "en", 1)
	c.Geocode(ctx, "chengdu", "en", 1)
	if n := len(srv.Requests()); n != 4 {
		t.Errorf("after a day: %d requests, want 4 (atlantis again)", n)
	}
	clk.Advance(14 * 24 * time.Hour)
	c.Geocode(ctx, "chengdu", "en", 1)
	if n := len(srv.Requests()); n != 5 {
		t.Errorf("after two weeks: %d requests, want 5", n)
	}
	// The language and count are part of the key.
	c.Geocode(ctx, "chengdu", "zh", 1)
	c.Geocode(ctx, "chengdu", "en", 2)
	if n := len(srv.Requests()); n != 7 {
		t.Errorf("%d requests, want 7", n)
	}
	// Transient failures are not cached.
	srv.Fail(nominatimtest.Failure{Status: 500, Body: []byte("oops")})
	c.Geocode(ctx, "lhasa", "en", 1)
	c.Geocode(ctx, "lhasa", "en", 1)
	if n := len(srv.Requests()); n != 9 {
		t.Errorf("%d requests, want 9", n)
	}
}

func TestCacheBound(t *testing.T) {
	srv := nominatimtest.NewServer(t)
	clk := &clock{now: time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)}
	c := New(Options{URL: srv.SearchURL(), CacheSize: 2, Now: clk.Now, Upstream: upstream.Options{Retries: -1, Now: clk.Now, Sleep: clk.Sleep}})
	ctx := context.Background()
	for _, q := range []string{"a", "b", "a", "c", "a", "b"} {
		c.Geocode(ctx, q, "", 1)
	}
	// a, b, (a cached), c evicts b, (a cached), b again.
	if n := len(srv.Requests()); n != 4 {
		t.Errorf("%d requests, want 4", n)
	}
	off := New(Options{URL: srv.SearchURL(), CacheSize: -1, Now: clk.Now, Upstream: upstream.Options{Retries: -1, Now: clk.Now, Sleep: clk.Sleep}})
	off.Geocode(ctx, "a", "", 1)
	off.Geocode(ctx, "a", "", 1)
	if n := len(srv.Requests()); n != 6 {
		t.Errorf("without a cache: %d requests, want 6", n)
	}
}

func TestConcurrentIdenticalSearches(t *testing.T) {
	var hits atomic.Int32
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		<-release
		w.Write(nominatimtest.Fixture(t, "search_chengdu_en.json"))
	}))
	defer srv.Close()
	c := New(Options{URL: srv.URL, Upstream: upstream.Options{Retries: -1}})
	var wg sync.WaitGroup
	results := make([][]orchestrator.Place, 5)
	for i := range results {
		wg.Go(func() {
			p, err := c.Geocode(context.Background(), "Chengdu", "en", 1)
			if err != nil {
				t.Error(err)
			}
			results[i] = p
		})
	}
	for hits.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // let the others join the search
	close(release)
	wg.Wait()
	if n := hits.Load(); n != 1 {
		t.Errorf("%d requests for 5 identical searches, want 1", n)
	}
	for _, r := range results {
		if len(r) == 0 || r[0].Name != "Chengdu" {
			t.Errorf("result = %v", r)
		}
	}
	results[0][0].Name = "changed"
	if again, _ := c.Geocode(context.Background(), "Chengdu", "en", 1); again[0].Name != "Chengdu" {
		t.Error("callers share the cached slice")
	}
}
