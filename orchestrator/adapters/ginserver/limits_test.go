package ginserver_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/adapters/sqlite"
	"github.com/tripweave/tripweave/orchestrator/app/auth"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
	"github.com/tripweave/tripweave/orchestrator/platform/ratelimit"
)

func postKey(t *testing.T, url, key, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// TestRateLimitPerKey: each key has its own allowance; past it the answer
// is 429 with Retry-After and the RateLimit headers, other keys and the
// probes are untouched, and the plan quota counts plans only.
func TestRateLimitPerKey(t *testing.T) {
	ctx := context.Background()
	keys, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "keys.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer keys.Close()
	newKey := func(name string) (string, string) {
		secret, k, err := auth.NewKey(name, []string{orchestrator.ScopePlansRead, orchestrator.ScopePlansWrite}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := keys.CreateKey(ctx, k); err != nil {
			t.Fatal(err)
		}
		return secret, k.ID
	}
	alice, _ := newKey("alice")
	bob, bobID := newKey("bob")
	st := &memStore{}
	m := ginserver.NewMetrics()
	s := ginserver.New(ginserver.Config{Planner: &countingPlanner{store: st}, Store: st, Metrics: m,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: march})
	s.SetAuth(auth.NewAuthenticator(keys, nil), keys)
	s.SetLimits(ginserver.Limits{
		Limiter:  ratelimit.NewLocal(nil),
		Requests: ratelimit.Rule{Rate: 3, Period: time.Minute, Burst: 3},
		Plans:    ratelimit.Rule{Rate: 2, Period: time.Hour, Burst: 2},
		PerKey:   map[string]ratelimit.Rule{bobID: {Rate: 100, Period: time.Minute, Burst: 100}},
	})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	var codes []int
	for range 4 {
		resp := postKey(t, srv.URL+"/v1/plans", alice, kyotoBrief)
		codes = append(codes, resp.StatusCode)
		if resp.StatusCode == 429 {
			ra, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			if ra < 1 || ra > 3600 || resp.Header.Get("RateLimit-Limit") == "" || resp.Header.Get("RateLimit-Remaining") != "0" {
				t.Errorf("429 headers: %v", resp.Header)
			}
		} else if resp.Header.Get("RateLimit-Remaining") == "" || resp.Header.Get("RateLimit-Policy") == "" {
			t.Errorf("%d without RateLimit headers: %v", resp.StatusCode, resp.Header)
		}
	}
	// Plans 1 and 2 pass, the quota stops the third; the fourth is past
	// the request rate too.
	if want := []int{201, 201, 429, 429}; !slices.Equal(codes, want) {
		t.Errorf("alice: %v, want %v", codes, want)
	}
	if code, _ := do(t, "GET", srv.URL+"/healthz", "", ""); code != 200 {
		t.Errorf("/healthz after the limit: %d", code)
	}
	for i := range 5 { // bob's own rate is higher, but plans share the quota rule
		want := 201
		if i >= 2 {
			want = 429
		}
		if resp := postKey(t, srv.URL+"/v1/plans", bob, kyotoBrief); resp.StatusCode != want {
			t.Errorf("bob's plan %d: %d, want %d", i, resp.StatusCode, want)
		}
	}
	if code, _ := do(t, "GET", srv.URL+"/v1/plans/pl_4", bob, ""); code != 200 {
		t.Errorf("bob reads his plan under his own rate: %d", code)
	}
}

// march is the clock of these tests: kyotoBrief lies a month ahead.
func march() time.Time { return time.Date(2026, 3, 3, 2, 0, 0, 0, time.UTC) }

// TestRateLimitByAddressWithoutAuth: with authentication off the limits
// count the client's address.
func TestRateLimitByAddressWithoutAuth(t *testing.T) {
	st := &memStore{}
	s := ginserver.New(ginserver.Config{Planner: &countingPlanner{store: st}, Store: st,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: march})
	s.SetLimits(ginserver.Limits{Limiter: ratelimit.NewLocal(nil), Requests: ratelimit.Rule{Rate: 2, Period: time.Minute, Burst: 2}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	var codes []int
	for range 3 {
		codes = append(codes, postKey(t, srv.URL+"/v1/plans", "", kyotoBrief).StatusCode)
	}
	if want := []int{201, 201, 429}; !slices.Equal(codes, want) {
		t.Errorf("%v, want %v", codes, want)
	}
}

// gatePlanner holds every plan until the gate opens.
type gatePlanner struct {
	countingPlanner
	gate    chan struct{}
	started chan struct{}
}

func (p *gatePlanner) Plan(ctx context.Context, req pipeline.Request) (*orchestrator.Plan, *orchestrator.Run, error) {
	p.started <- struct{}{}
	select {
	case <-p.gate:
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	return p.countingPlanner.Plan(ctx, req)
}

// TestAdmissionBound: beyond the plans in flight, a request waits at most
// the admission wait and then gets 503 with Retry-After; reads are not
// bounded; the admitted plans finish once the planner moves.
func TestAdmissionBound(t *testing.T) {
	st := &memStore{}
	p := &gatePlanner{countingPlanner: countingPlanner{store: st}, gate: make(chan struct{}), started: make(chan struct{}, 8)}
	adm := ginserver.NewAdmission(2, 50*time.Millisecond)
	s := ginserver.New(ginserver.Config{Planner: p, Store: st, Metrics: ginserver.NewMetrics(),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: march})
	s.SetLimits(ginserver.Limits{Admission: adm})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range 2 {
		wg.Go(func() { codes[i] = postKey(t, srv.URL+"/v1/plans", "", kyotoBrief).StatusCode })
	}
	<-p.started
	<-p.started
	if adm.InFlight() != 2 {
		t.Fatalf("in flight %d, want 2", adm.InFlight())
	}
	start := time.Now()
	resp := postKey(t, srv.URL+"/v1/plans", "", kyotoBrief)
	waited := time.Since(start)
	if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" {
		t.Errorf("third plan: %d %v, want 503 with Retry-After", resp.StatusCode, resp.Header)
	}
	if waited < 50*time.Millisecond || waited > 2*time.Second {
		t.Errorf("the refusal took %v, want the admission wait (50ms) and little more", waited)
	}
	if code, _ := do(t, "GET", srv.URL+"/healthz", "", ""); code != 200 {
		t.Errorf("a read while full: %d", code)
	}
	close(p.gate)
	wg.Wait()
	if codes[0] != 201 || codes[1] != 201 {
		t.Errorf("admitted plans: %v", codes)
	}
	if adm.InFlight() != 0 || adm.Rejected() != 1 {
		t.Errorf("after: in flight %d, rejected %d", adm.InFlight(), adm.Rejected())
	}
}
