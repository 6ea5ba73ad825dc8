package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
	"github.com/tripweave/tripweave/orchestrator/platform/ratelimit"
)

// startGuarded runs the real App with API keys enforced, listening on addr
// ("0.0.0.0:0" is a listener beyond loopback), until the test ends; it
// returns a loopback URL to reach it.
func startGuarded(t *testing.T, cfg Config, addr string) string {
	t.Helper()
	var w io.Writer = io.Discard
	if os.Getenv("TRIPWEAVE_TEST_LOG") != "" {
		w = os.Stderr
	}
	app, err := Open(context.Background(), cfg, slog.New(slog.NewJSONHandler(w, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if err := app.enableAuth(context.Background(), addr); err != nil {
		app.Close()
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		app.Close()
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		<-done
		_ = app.Close()
	})
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return "http://127.0.0.1:" + port
}

func getWithKey(t *testing.T, url, key string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
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

// TestKeyOverItsRateOnEitherReplica runs two replicas sharing one Redis (the
// real one at REDIS_URL under a prefix of this test's own, or a miniredis
// both reach) and one key store, one of them listening beyond loopback: a
// request without a key gets 401, and a key that spent its rate on the two
// together gets 429 with Retry-After from either, while another key still
// passes.
func TestKeyOverItsRateOnEitherReplica(t *testing.T) {
	om := openmeteotest.NewServer(t)
	cfg := testConfig(t, om)
	if cfg.RedisURL == "" {
		cfg.RedisURL = "redis://" + miniredis.RunT(t).Addr() + "/0"
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	cfg.Hardening.RatePrefix = "test:rate:" + hex.EncodeToString(b[:]) + ":"
	cfg.Hardening.RateLimit, cfg.Hardening.RateLimitSet = ratelimit.Rule{Rate: 4, Period: time.Minute, Burst: 4}, true
	t.Cleanup(func() { cleanRedis(t, cfg.RedisURL, "rate:"+cfg.Hardening.RatePrefix) })
	ctx := context.Background()
	var out, errOut strings.Builder
	if err := cmdKeys(ctx, cfg, []string{"create", "--name", "alice"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	alice := strings.TrimSpace(out.String())
	out.Reset()
	if err := cmdKeys(ctx, cfg, []string{"create", "--name", "bob"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	bob := strings.TrimSpace(out.String())
	cfg.Auth = "required" // B listens on loopback
	a := startGuarded(t, cfg, "0.0.0.0:0")
	bURL := startGuarded(t, cfg, "127.0.0.1:0")

	if resp := getWithKey(t, a+"/v1/plans/pl_0000000000000000", ""); resp.StatusCode != http.StatusUnauthorized || resp.Header.Get("WWW-Authenticate") == "" {
		t.Fatalf("no key on the listener beyond loopback: %d, want 401 with WWW-Authenticate", resp.StatusCode)
	}
	var codes []int
	for i := range 8 {
		url := a
		if i%2 == 1 {
			url = bURL
		}
		resp := getWithKey(t, url+"/v1/plans/pl_0000000000000000", alice)
		codes = append(codes, resp.StatusCode)
		if resp.StatusCode == http.StatusTooManyRequests && (resp.Header.Get("Retry-After") == "" || resp.Header.Get("RateLimit-Remaining") != "0") {
			t.Errorf("429 without Retry-After or RateLimit headers: %v", resp.Header)
		}
	}
	want := []int{404, 404, 404, 404, 429, 429, 429, 429} // 4 a minute over both replicas
	for i := range want {
		if codes[i] != want[i] {
			t.Fatalf("alice on replicas A,B,A,B…: %v, want %v", codes, want)
		}
	}
	for _, url := range []string{a, bURL} {
		if resp := getWithKey(t, url+"/v1/plans/pl_0000000000000000", bob); resp.StatusCode != http.StatusNotFound {
			t.Errorf("bob on %s: %d, want 404 (his own allowance)", url, resp.StatusCode)
		}
	}
}

// cleanRedis deletes the keys under prefix.
func cleanRedis(t *testing.T, url, prefix string) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Errorf("clean redis: %v", err)
		return
	}
	c := redis.NewClient(opt)
	defer c.Close()
	ctx := context.Background()
	iter := c.Scan(ctx, 0, prefix+"*", 100).Iterator()
	for iter.Next(ctx) {
		c.Del(ctx, iter.Val())
	}
}

// TestKeysOnPostgres: with DATABASE_URL the keys live in PostgreSQL, so a
// server requiring keys starts, and plans stay with their owners.
func TestKeysOnPostgres(t *testing.T) {
	url, schema := pgtest.Schema(t)
	cfg := testConfig(t, openmeteotest.NewServer(t))
	cfg.Scale = ScaleConfig{DatabaseURL: url, PGSchema: schema}
	cfg.Auth = "required"
	alice := newKey(t, cfg, "alice", "plans:read,plans:write")
	bob := newKey(t, cfg, "bob", "plans:read,plans:write")
	base := startGuarded(t, cfg, "127.0.0.1:0")
	req, _ := http.NewRequest("POST", base+"/v1/plans", strings.NewReader(chengduBrief))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+alice)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		ID string `json:"id"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&p)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("alice's plan: %d", resp.StatusCode)
	}
	if r := getWithKey(t, base+"/v1/plans/"+p.ID, alice); r.StatusCode != http.StatusOK {
		t.Errorf("alice reads her plan: %d", r.StatusCode)
	}
	if r := getWithKey(t, base+"/v1/plans/"+p.ID, bob); r.StatusCode != http.StatusNotFound {
		t.Errorf("bob reads alice's plan: %d, want 404", r.StatusCode)
	}
	if r := getWithKey(t, base+"/v1/plans/"+p.ID, ""); r.StatusCode != http.StatusUnauthorized {
		t.Errorf("no key: %d, want 401", r.StatusCode)
	}
}
