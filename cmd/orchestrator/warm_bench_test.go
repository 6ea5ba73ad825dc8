package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/datasets"
)

// warmBrief is a three-day, one-city plan (Shanghai → Chengdu by train) on
// the ChinaTravel sandbox data; weather, guide and exchange rates come from
// the replayed providers on the first plan and from the cache afterwards.
const warmBrief = `{"brief": {"origin": "Shanghai", "destinations": ["Chengdu"], "start_date": "2026-06-02", "days": 3,
  "travelers": {"adults": 2}, "budget": {"amount": 2000, "currency": "CNY", "per_person": true},
  "constraints": {"transport_prefer": ["train"]}, "language": "en"}}`

// warmApp opens the real App (real Redis when REDIS_URL is set, a SQLite
// file, in-process agents replaying recorded providers) with the ChinaTravel
// sandbox imported for Shanghai and Chengdu, and plans warmBrief once so
// that every cacheable subtask is in the knowledge cache.
func warmApp(tb testing.TB) *App {
	tb.Helper()
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		tb.Skipf("dataset missing: %v", err)
	}
	cfg := testConfig(tb, openmeteotest.NewServer(tb))
	app, err := Open(context.Background(), cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = app.Close() })
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		tb.Fatal(err)
	}
	put := func(ctx context.Context, kind, hash string, p json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error {
		return app.KB.Put(ctx, knowledgebase.Key{Kind: kind, Hash: hash}, knowledgebase.Entry{Payload: p, Provenance: prov}, ttl)
	}
	if _, err := cat.Import(context.Background(), put, datasets.ImportOptions{Cities: []string{"chengdu", "shanghai"}, Now: cfg.Now}); err != nil {
		tb.Fatal(err)
	}
	if code, body := postPlan(app.Server.Handler(), warmBrief); code != http.StatusCreated {
		tb.Fatalf("warm-up plan: %d %s", code, body)
	}
	return app
}

func postPlan(h http.Handler, body string) (int, []byte) {
	req := httptest.NewRequest(http.MethodPost, "/v1/plans", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code, w.Body.Bytes()
}

// BenchmarkWarmPlanHTTP measures one warm plan through the HTTP handler:
// request decoding, the brief, one knowledge-cache round trip to real Redis
// (REDIS_URL), the DAG, the planner and verifier, storing the plan in SQLite
// before the 201, and the response. It reports the response size.
func BenchmarkWarmPlanHTTP(b *testing.B) {
	if os.Getenv("REDIS_URL") == "" {
		b.Log("REDIS_URL unset: the knowledge cache is the in-process miniredis")
	}
	app := warmApp(b)
	h := app.Server.Handler()
	var size int
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		code, body := postPlan(h, warmBrief)
		if code != http.StatusCreated {
			b.Fatalf("plan: %d %s", code, body)
		}
		size = len(body)
	}
	b.ReportMetric(float64(size), "resp-bytes")
}
