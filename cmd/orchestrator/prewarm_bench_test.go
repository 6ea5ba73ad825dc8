package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/agents/traveltools"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/knowledgebase/kbtest"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/prewarmq"
)

// providerLatency is what each recorded provider answer waits, standing in
// for the providers' real latency.
const providerLatency = 200 * time.Millisecond

// BenchmarkPrewarmWorkers measures pre-warm throughput (tasks/s) through
// the real pipeline and agents with one and with two workers, each its
// own App (own provider clients and their per-process concurrency limits,
// as separate processes have) on the shared Redis, against recorded
// providers that answer after providerLatency. Every iteration is a job of
// new cities, all cache misses, enqueued together before the clock runs. The ratio of tasks/s between workers=2 and
// workers=1 is the scaling the queue gives. Run with -p 1 and REDIS_URL.
func BenchmarkPrewarmWorkers(b *testing.B) {
	if _, url := kbtest.Client(b); url == "" {
		b.Skip("needs REDIS_URL")
	}
	provs, ps := newRecordedProviders(b)
	provs.delay = providerLatency
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			rdb, redisURL := kbtest.Client(b)
			prefix := kbtest.Prefix(b, rdb, "prewarm_bench")
			opts := prewarmq.Options{Queue: kbtest.Name("test_prewarm_bench"), Prefix: prefix + "jobs:"}
			b.Cleanup(func() {
				_ = asynq.NewInspectorFromRedisClient(rdb).DeleteQueue(opts.Queue, true)
				kbtest.Delete(rdb, "asynq:{"+opts.Queue+"}:")
			})
			cfg := DefaultConfig()
			cfg.RedisURL, cfg.KBPrefix, cfg.LogLevel = redisURL, prefix, "error"
			cfg.DBPath = filepath.Join(b.TempDir(), "plans.db")
			cfg.Agents = agents.Config{
				OpenMeteoGeocodingURL: ps.URL + "/om/v1/search", OpenMeteoForecastURL: ps.URL + "/om/v1/forecast",
				OpenMeteoArchiveURL: ps.URL + "/om/v1/archive", WikivoyageENURL: ps.URL + "/wv/en/w/api.php",
				WikivoyageZHURL: ps.URL + "/wv/zh/w/api.php", OverpassURL: ps.URL + "/op/api/interpreter", NominatimURL: ps.URL + "/nm/search",
				Travel: traveltools.Config{FrankfurterURL: ps.URL + "/fx", OSRMURL: "none", OSRMWalkingURL: "none", OSRMCyclingURL: "none"},
				// The providers' default concurrency per process, and rates
				// that do not bind: latency is what limits a worker.
				Rates: map[string]upstream.Limit{"open-meteo": {Requests: 1000, Interval: time.Second},
					"overpass": {Requests: 1000, Interval: time.Second}, "wikivoyage": {Requests: 1000, Interval: time.Second}},
			}
			logger := slog.New(slog.NewTextHandler(io.Discard, nil))
			for w := range workers {
				app, err := Open(context.Background(), cfg, logger)
				if err != nil {
					b.Fatal(err)
				}
				wk := prewarmq.NewWorker(app.Redis, app.Service, &prewarmq.WorkerOptions{Options: opts, Concurrency: 4,
					PollInterval: 20 * time.Millisecond, Logger: logger})
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan error, 1)
				go func() { done <- wk.Run(ctx) }()
				b.Cleanup(func() {
					cancel()
					if err := <-done; err != nil {
						b.Errorf("worker %d: %v", w, err)
					}
					_ = app.Close()
				})
			}
			q := prewarmq.New(rdb, &opts)
			const cities = 16
			tasks := 0
			b.ResetTimer()
			start := time.Now()
			// Every job is enqueued at once, so the workers never wait
			// for work: the figure is steady-state throughput, with one
			// tail at the end.
			var jobs []string
			for i := range b.N {
				var names []string
				for j := range cities {
					names = append(names, fmt.Sprintf("Benchville %d %d %d", workers, i, j))
				}
				job := fmt.Sprintf("bench_%d_%d", workers, i)
				if _, err := q.Enqueue(context.Background(), orchestrator.PrewarmJob{ID: job, Cities: names}); err != nil {
					b.Fatal(err)
				}
				jobs = append(jobs, job)
			}
			for _, job := range jobs {
				for {
					st, err := q.Status(context.Background(), job)
					if err != nil {
						b.Fatal(err)
					}
					if st.State == "done" {
						if st.Failed > 0 {
							b.Fatalf("job %s: %+v", job, st)
						}
						tasks += st.Total
						break
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
			b.ReportMetric(float64(tasks)/time.Since(start).Seconds(), "tasks/s")
		})
	}
}
