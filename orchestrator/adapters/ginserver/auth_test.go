package ginserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/adapters/sqlite"
	"github.com/tripweave/tripweave/orchestrator/app/auth"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// countingPlanner draws distinct plan IDs.
type countingPlanner struct {
	store *memStore
	mu    sync.Mutex
	n     int
}

func (p *countingPlanner) NewID() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	return fmt.Sprintf("pl_%d", p.n)
}

func (p *countingPlanner) Plan(ctx context.Context, req pipeline.Request) (*orchestrator.Plan, *orchestrator.Run, error) {
	if req.ID == "" {
		req.ID = p.NewID()
	}
	plan := &orchestrator.Plan{ID: req.ID, Brief: req.Brief, Status: orchestrator.PlanComplete, Notes: []orchestrator.Note{}}
	return plan, &orchestrator.Run{PlanID: plan.ID}, p.store.SavePlan(ctx, plan, nil)
}

func do(t *testing.T, method, url, key, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

func TestAPIKeysScopesOwnershipAndSharing(t *testing.T) {
	ctx := context.Background()
	keys, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "keys.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer keys.Close()
	var mu sync.Mutex
	now := time.Date(2026, 3, 3, 2, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	newKey := func(name string, scopes ...string) (string, *orchestrator.APIKey) {
		secret, k, err := auth.NewKey(name, scopes, clock())
		if err != nil {
			t.Fatal(err)
		}
		if err := keys.CreateKey(ctx, k); err != nil {
			t.Fatal(err)
		}
		return secret, k
	}
	alice, aliceKey := newKey("alice", orchestrator.ScopePlansRead, orchestrator.ScopePlansWrite)
	bob, _ := newKey("bob", orchestrator.ScopePlansRead, orchestrator.ScopePlansWrite)
	reader, _ := newKey("reader", orchestrator.ScopePlansRead)
	admin, _ := newKey("ops", orchestrator.ScopeAdmin)

	st := &memStore{}
	s := ginserver.New(ginserver.Config{
		Planner: &countingPlanner{store: st}, Store: st, Metrics: ginserver.NewMetrics(),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: clock,
	})
	s.SetAuth(auth.NewAuthenticator(keys, clock), keys)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	u := srv.URL

	for _, tc := range []struct{ key, want string }{{"", "401"}, {"tw_kdeadbeef_nope", "401"}, {"garbage", "401"}} {
		if code, body := do(t, "POST", u+"/v1/plans", tc.key, kyotoBrief); fmt.Sprint(code) != tc.want {
			t.Errorf("key %q: %d %s, want %s", tc.key, code, body, tc.want)
		}
	}
	if code, _ := do(t, "GET", u+"/healthz", "", ""); code != 200 {
		t.Errorf("/healthz without a key: %d", code)
	}
	code, body := do(t, "POST", u+"/v1/plans", alice, kyotoBrief)
	if code != 201 {
		t.Fatalf("alice plans: %d %s", code, body)
	}
	var plan struct{ ID string }
	_ = json.Unmarshal([]byte(body), &plan)
	if owner, _, err := keys.PlanOwner(ctx, plan.ID); err != nil || owner != aliceKey.ID {
		t.Errorf("owner of %s: %q %v, want %s", plan.ID, owner, err, aliceKey.ID)
	}
	checks := []struct {
		method, path, key string
		want              int
	}{
		{"GET", "/v1/plans/" + plan.ID, alice, 200},
		{"GET", "/v1/plans/" + plan.ID + "/trace", alice, 200},
		{"GET", "/v1/plans/" + plan.ID, bob, 404},
		{"GET", "/v1/plans/" + plan.ID + "/trace", bob, 404},
		{"DELETE", "/v1/plans/" + plan.ID, bob, 404},
		{"GET", "/v1/plans/" + plan.ID, reader, 404},
		{"GET", "/v1/plans/" + plan.ID, admin, 200},
		{"GET", "/v1/plans/" + plan.ID, "", 401},
		{"POST", "/v1/plans", reader, 403},
		{"GET", "/metrics", alice, 403},
		{"GET", "/metrics", admin, 200},
		{"GET", "/providers", bob, 403},
		{"GET", "/v1/plans", alice, 403},
	}
	for _, c := range checks {
		b := ""
		if c.method == "POST" {
			b = kyotoBrief
		}
		if code, body := do(t, c.method, u+c.path, c.key, b); code != c.want {
			t.Errorf("%s %s as %.12s: %d %s, want %d", c.method, c.path, c.key, code, body, c.want)
		}
	}
	// Sharing: only the owner mints a token; it opens GETs of that plan alone.
	if code, _ := do(t, "POST", u+"/v1/plans/"+plan.ID+"/share", bob, "{}"); code != 404 {
		t.Errorf("bob shares alice's plan: %d", code)
	}
	code, body = do(t, "POST", u+"/v1/plans/"+plan.ID+"/share", alice, "{}")
	var share struct {
		Token string `json:"share_token"`
		URL   string `json:"url"`
	}
	if code != 201 || json.Unmarshal([]byte(body), &share) != nil || share.Token == "" {
		t.Fatalf("share: %d %s", code, body)
	}
	if code, body := do(t, "GET", u+share.URL, "", ""); code != 200 || !strings.Contains(body, plan.ID) {
		t.Errorf("GET %s: %d %s", share.URL, code, body)
	}
	if code, _ := do(t, "GET", u+"/v1/plans/"+plan.ID+"?share=sh_wrong", "", ""); code != 401 {
		t.Errorf("wrong share token: %d", code)
	}
	if code, _ := do(t, "DELETE", u+share.URL, "", ""); code != 401 {
		t.Errorf("a share token deleted: %d", code)
	}
	// Revocation takes effect once the cache entry expires.
	if err := keys.RevokeKey(ctx, aliceKey.ID, clock()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	now = now.Add(auth.CacheTTL + time.Second)
	mu.Unlock()
	if code, _ := do(t, "GET", u+"/v1/plans/"+plan.ID, alice, ""); code != 401 {
		t.Errorf("revoked key: %d, want 401", code)
	}
}
