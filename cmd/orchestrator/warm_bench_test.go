package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
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
	if os.Getenv("DATABASE_URL") != "" {
		// The production store: PostgreSQL, in a schema of its own
		// dropped at the end.
		cfg.Scale.DatabaseURL, cfg.Scale.PGSchema = pgtest.Schema(tb)
	}
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

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func postPlan(h http.Handler, body string) (int, []byte) {
	req := httptest.NewRequest(http.MethodPost, "/v1/plans", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code, w.Body.Bytes()
}

// BenchmarkWarmPlanHTTP measures one warm plan through the HTTP handler:
// request decoding, the brief, the knowledge-cache round trip to real Redis
// (REDIS_URL), the DAG, the planner and verifier, storing the plan in SQLite
// — or PostgreSQL when DATABASE_URL is set, in a schema of its own — before
// the 201, and the response. It reports the median (p50-ms) next to
// the mean, and the response size. Sub-benchmarks, in one run:
//
//   - noop-gin: a no-op gin handler through the same recorder (the baseline);
//   - memo-hit: the same brief with its reference time pinned ("now"), so
//     every input of the planner is the same and its itinerary is reused;
//   - server-clock: the same brief on the server clock, whose "now" (part of
//     the memo key) changes every second;
//   - stored-read: GET /v1/plans/{id} of a stored plan;
//   - unique: a different budget every iteration: every plan misses the
//     memo and is planned afresh (its catalog facts from the planner's
//     catalog index); dates and travellers stay, as they key the live
//     subtasks (weather, prices) that would otherwise not be warm.
func BenchmarkWarmPlanHTTP(b *testing.B) {
	if os.Getenv("REDIS_URL") == "" {
		b.Log("REDIS_URL unset: the knowledge cache is the in-process miniredis")
	}
	app := warmApp(b)
	h := app.Server.Handler()
	gin.SetMode(gin.ReleaseMode)
	noop := gin.New()
	noop.POST("/v1/plans", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) })
	now := app.Config.Now().UTC().Format(time.RFC3339)
	pinned := strings.Replace(warmBrief, `"language": "en"`, `"language": "en", "now": "`+now+`"`, 1)
	run := func(b *testing.B, h http.Handler, body func(i int) string, want int) {
		var size int
		lat := make([]time.Duration, 0, b.N)
		b.ReportAllocs()
		b.ResetTimer()
		cpu0 := cpuTime()
		i := 0
		for b.Loop() {
			t0 := time.Now()
			code, resp := postPlan(h, body(i))
			lat = append(lat, time.Since(t0))
			if code != want {
				b.Fatalf("plan: %d %s", code, resp)
			}
			size = len(resp)
			i++
		}
		cpu := cpuTime() - cpu0
		slices.Sort(lat)
		if len(lat) > 0 {
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			// The process's CPU time per plan (the SQLite writer and
			// the Redis client included): on a shared, loaded machine
			// the wall time stretches, this does not.
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(lat)), "cpu-ms/op")
		}
		b.ReportMetric(float64(size), "resp-bytes")
	}
	b.Run("noop-gin", func(b *testing.B) { run(b, noop, func(int) string { return warmBrief }, http.StatusOK) })
	if code, body := postPlan(h, pinned); code != http.StatusCreated {
		b.Fatalf("pinned plan: %d %s", code, body)
	}
	b.Run("memo-hit", func(b *testing.B) { run(b, h, func(int) string { return pinned }, http.StatusCreated) })
	b.Run("server-clock", func(b *testing.B) { run(b, h, func(int) string { return warmBrief }, http.StatusCreated) })
	b.Run("stored-read", func(b *testing.B) {
		// GET /v1/plans/{id} of a stored plan: the lean plan from the
		// store (one round trip on PostgreSQL).
		code, body := postPlan(h, pinned)
		var p struct {
			ID string `json:"id"`
		}
		if code != http.StatusCreated || json.Unmarshal(body, &p) != nil || p.ID == "" {
			b.Fatalf("plan: %d %s", code, body)
		}
		get := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			req := httptest.NewRequest(http.MethodGet, "/v1/plans/"+p.ID, nil)
			h.ServeHTTP(w, req)
		})
		run(b, get, func(int) string { return "" }, http.StatusOK)
	})
	b.Run("unique", func(b *testing.B) {
		base := app.Config.Now().UnixNano() % 1e6 // no memo entry from an earlier run of b.Loop
		run(b, h, func(i int) string {
			return strings.Replace(pinned, `"amount": 2000`, fmt.Sprintf(`"amount": %d`, 2000+base+int64(i)), 1)
		}, http.StatusCreated)
	})
}
