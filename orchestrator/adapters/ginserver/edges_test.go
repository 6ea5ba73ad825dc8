package ginserver_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
	"github.com/tripweave/tripweave/orchestrator/platform/breaker"
)

const kyotoBrief = `{"brief": {"destinations": ["Kyoto"], "start_date": "2026-04-03", "days": 3}}`

func TestNosniffOnEveryResponse(t *testing.T) {
	srv, _, _ := newServer(t)
	for _, path := range []string{"/healthz", "/v1/plans/pl_missing", "/nowhere", "/"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s (%d): X-Content-Type-Options %q, want nosniff", path, resp.StatusCode, got)
		}
	}
}

func TestMediaTypes(t *testing.T) {
	srv, _, _ := newServer(t)
	for _, tc := range []struct {
		ct   string
		want int
	}{
		{"application/json", http.StatusCreated},
		{"Application/JSON", http.StatusCreated},
		{"application/json; charset=UTF-8", http.StatusCreated},
		{"APPLICATION/JSON;charset=utf-8", http.StatusCreated},
		{"", http.StatusUnsupportedMediaType},
		{"application/x-www-form-urlencoded", http.StatusUnsupportedMediaType},
		{"text/plain", http.StatusUnsupportedMediaType},
	} {
		req, _ := http.NewRequest("POST", srv.URL+"/v1/plans", strings.NewReader(kyotoBrief))
		if tc.ct != "" {
			req.Header.Set("Content-Type", tc.ct)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("Content-Type %q: got %d %s, want %d", tc.ct, resp.StatusCode, body, tc.want)
		}
	}
}

func TestNowWindow(t *testing.T) {
	srv, _, _ := newServer(t) // server clock 2026-03-03
	for _, tc := range []struct {
		body, field string
		want        int
	}{
		{`{"brief": {"destinations": ["Kyoto"], "start_date": "1970-01-02", "days": 2, "now": "1970-01-01T00:00:00Z"}}`, "brief.now", 400},
		{`{"brief": {"destinations": ["Kyoto"], "start_date": "9999-12-31", "days": 3}, "now": "9999-12-30T00:00:00Z"}`, "now", 400},
		{`{"query": "3 days in Kyoto", "now": "2031-01-01T00:00:00Z"}`, "now", 400},
		{`{"brief": {"destinations": ["Kyoto"], "start_date": "2026-04-03", "days": 3, "now": "2026-02-01T00:00:00Z"}}`, "", 201},
	} {
		resp, data := post(t, srv.URL+"/v1/plans", tc.body)
		if resp.StatusCode != tc.want {
			t.Errorf("%s: got %d %s, want %d", tc.body, resp.StatusCode, data, tc.want)
			continue
		}
		if tc.field != "" && !strings.Contains(string(data), `"field":"`+tc.field+`"`) {
			t.Errorf("%s: got %s, want field %s", tc.body, data, tc.field)
		}
	}
}

func TestCORSAllowList(t *testing.T) {
	st := &memStore{}
	s := ginserver.New(ginserver.Config{
		Planner: &planner{store: st}, Store: st,
		Logger:    slog.New(slog.NewTextHandler(io.Discard, nil)),
		Hardening: ginserver.Hardening{CORSOrigins: []string{"https://app.example.com"}},
	})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	preflight := func(origin string) *http.Response {
		req, _ := http.NewRequest("OPTIONS", srv.URL+"/v1/plans", nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		req.Header.Set("Access-Control-Request-Headers", "content-type, authorization")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := preflight("https://app.example.com"); resp.StatusCode != http.StatusNoContent ||
		resp.Header.Get("Access-Control-Allow-Origin") != "https://app.example.com" ||
		!strings.Contains(resp.Header.Get("Access-Control-Allow-Headers"), "Authorization") {
		t.Errorf("allowed preflight: %d %v", resp.StatusCode, resp.Header)
	}
	if resp := preflight("https://evil.example"); resp.StatusCode != http.StatusForbidden || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("refused preflight: %d %v", resp.StatusCode, resp.Header)
	}
	req, _ := http.NewRequest("GET", srv.URL+"/healthz", nil)
	req.Header.Set("Origin", "https://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("a simple request from an unlisted origin got %q", resp.Header.Get("Access-Control-Allow-Origin"))
	}
}

// blockingPlanner waits for its caller to leave, then fails with what the
// pipeline returns then.
type blockingPlanner struct {
	started chan struct{}
	err     func(ctx context.Context) error
}

func (p *blockingPlanner) NewID() string { return "pl_x" }

func (p *blockingPlanner) Plan(ctx context.Context, _ pipeline.Request) (*orchestrator.Plan, *orchestrator.Run, error) {
	close(p.started)
	<-ctx.Done()
	return nil, nil, p.err(ctx)
}

func TestClientDisconnectIs499(t *testing.T) {
	for name, fail := range map[string]func(ctx context.Context) error{
		"canceled": func(ctx context.Context) error {
			return orchestrator.Errorf(orchestrator.ECANCELED, "the request was cancelled")
		},
		"store internal": func(ctx context.Context) error { return ctx.Err() },
	} {
		t.Run(name, func(t *testing.T) {
			pl := &blockingPlanner{started: make(chan struct{}), err: fail}
			m := ginserver.NewMetrics()
			var logs strings.Builder
			s := ginserver.New(ginserver.Config{Planner: pl, Store: &memStore{}, Metrics: m,
				Logger: slog.New(slog.NewJSONHandler(&logs, nil)),
				Now:    func() time.Time { return time.Date(2026, 3, 3, 2, 0, 0, 0, time.UTC) }})
			srv := httptest.NewServer(s.Handler())
			defer srv.Close()
			ctx, cancel := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/v1/plans", strings.NewReader(kyotoBrief))
			req.Header.Set("Content-Type", "application/json")
			done := make(chan struct{})
			go func() {
				defer close(done)
				if resp, err := http.DefaultClient.Do(req); err == nil {
					resp.Body.Close()
				}
			}()
			select {
			case <-pl.started:
			case <-done:
				t.Fatal("the request ended before planning started")
			}
			cancel()
			<-done
			srv.Close() // waits for the handler
			rec := httptest.NewRecorder()
			m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
			if !strings.Contains(rec.Body.String(), `route="/v1/plans",status="499"`) {
				t.Errorf("metrics have no 499 for the cancelled request:\n%s", grepLines(rec.Body.String(), "tripweave_http_request_duration_seconds_count"))
			}
			if strings.Contains(logs.String(), `"level":"ERROR"`) || !strings.Contains(logs.String(), `"status":499`) {
				t.Errorf("logs: %s", logs.String())
			}
		})
	}
}

// fullErr is what a store that ran out of space returns.
type fullErr struct{}

func (fullErr) Error() string { return "disk full" }
func (fullErr) Unwrap() error {
	return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "the plan store is full"}
}
func (fullErr) RetryAfter() time.Duration { return 30 * time.Second }

func TestUnavailableCarriesRetryAfter(t *testing.T) {
	srv, pl, _ := newServer(t)
	pl.err = fullErr{}
	resp, data := post(t, srv.URL+"/v1/plans", kyotoBrief)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "30" {
		t.Errorf("got %d Retry-After %q %s", resp.StatusCode, resp.Header.Get("Retry-After"), data)
	}
	pl.err = orchestrator.Errorf(orchestrator.EUNAVAILABLE, "redis down")
	resp, _ = post(t, srv.URL+"/v1/plans", kyotoBrief)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "5" {
		t.Errorf("default: got %d Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
}

func grepLines(s, sub string) string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func TestProvidersShowCircuits(t *testing.T) {
	b := breaker.New(breaker.Options{Threshold: 1})
	done, _ := b.Allow("render_itinerary")
	done(context.Background(), &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "down"})
	m := ginserver.NewMetrics()
	if err := m.Register(ginserver.CircuitCollector(b)); err != nil {
		t.Fatal(err)
	}
	st := &memStore{}
	s := ginserver.New(ginserver.Config{Planner: &planner{store: st}, Store: st, Metrics: m,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Hardening: ginserver.Hardening{Circuits: b}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/providers")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"name":"render_itinerary","state":"open"`) {
		t.Errorf("/providers: %d %s", resp.StatusCode, body)
	}
	resp, err = http.Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `tripweave_circuit_state{tool="render_itinerary"} 2`) {
		t.Errorf("metrics: %s", grepLines(string(body), "circuit"))
	}
}
