package prewarmq

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
)

// Warmer warms the given kinds of one city; *pipeline.Service implements
// it.
type Warmer interface {
	PrewarmKinds(ctx context.Context, city, language string, kinds []orchestrator.Kind) pipeline.PrewarmResult
}

// WorkerOptions configures a Worker; zero fields mean the defaults.
type WorkerOptions struct {
	Options
	// Concurrency is the number of tasks run at once; 0 → 4.
	Concurrency int
	// Backoff is the delay before retry n (1-based) of a failed task; nil →
	// 1 s × 2^(n-1), at most 1 min, with ±20 % jitter.
	Backoff func(n int) time.Duration
	// PollInterval is how often an idle worker looks for tasks; 0 → 1 s.
	PollInterval time.Duration
	// AdoptEvery is how often the worker looks for tasks orphaned by a
	// dead worker (see adopt.go); 0 → DefaultAdoptEvery, negative never.
	AdoptEvery time.Duration
	// RefreshEvery, when positive, re-warms every key a job warmed before
	// that long has passed, and again and again (see TaskRefresh); set it
	// to the static-knowledge TTL. 0 never refreshes.
	RefreshEvery time.Duration
	// OrphanAfter is how long a task's lease must have gone without
	// extension before it is adopted; 0 → DefaultOrphanAfter (asynq
	// extends leases every 5 s).
	OrphanAfter time.Duration
	Logger      *slog.Logger
}

// Worker runs pre-warm tasks from the queue.
type Worker struct {
	q      *Queue
	warmer Warmer
	opts   WorkerOptions
	log    *slog.Logger
	srv    *asynq.Server
	rdb    redis.UniversalClient
}

// NewWorker returns a worker taking tasks from the queue over rdb and
// warming them with warmer.
func NewWorker(rdb redis.UniversalClient, warmer Warmer, opts *WorkerOptions) *Worker {
	var o WorkerOptions
	if opts != nil {
		o = *opts
	}
	o.Options = o.withDefaults()
	if o.Concurrency <= 0 {
		o.Concurrency = 4
	}
	if o.Backoff == nil {
		o.Backoff = func(n int) time.Duration {
			d := min(time.Second<<min(max(n-1, 0), 6), time.Minute) // n is 0 on a first retry
			return time.Duration(float64(d) * (0.8 + 0.4*rand.Float64()))
		}
	}
	if o.PollInterval <= 0 {
		o.PollInterval = time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.AdoptEvery == 0 {
		o.AdoptEvery = DefaultAdoptEvery
	}
	if o.OrphanAfter <= 0 {
		o.OrphanAfter = DefaultOrphanAfter
	}
	w := &Worker{q: New(rdb, &o.Options), warmer: warmer, opts: o, log: o.Logger, rdb: rdb}
	w.srv = asynq.NewServerFromRedisClient(rdb, asynq.Config{
		Concurrency:              o.Concurrency,
		Queues:                   map[string]int{o.Queue: 1},
		TaskCheckInterval:        o.PollInterval,
		DelayedTaskCheckInterval: o.PollInterval,
		RetryDelayFunc:           func(n int, _ error, _ *asynq.Task) time.Duration { return o.Backoff(n) },
		Logger:                   asynqLogger{o.Logger},
		LogLevel:                 asynq.WarnLevel,
		ShutdownTimeout:          10 * time.Second,
	})
	return w
}

// Run processes tasks until ctx ends, then lets the tasks in progress
// finish (up to 10 s; the rest are redelivered to another worker) and
// returns. Meanwhile it adopts tasks orphaned by dead workers (adopt.go).
func (w *Worker) Run(ctx context.Context) error {
	mux := asynq.NewServeMux()
	mux.Use(w.recoverPanics, traced)
	mux.HandleFunc(TaskWarm, w.handle)
	mux.HandleFunc(TaskRefresh, w.handleRefresh)
	if err := w.srv.Start(mux); err != nil {
		return fmt.Errorf("prewarm worker: %w", err)
	}
	var wg sync.WaitGroup
	if w.opts.AdoptEvery > 0 {
		wg.Go(func() { w.adoptOrphans(ctx, w.rdb) })
	}
	<-ctx.Done()
	wg.Wait()
	w.srv.Shutdown()
	return w.q.Close()
}

// recoverPanics turns a handler's panic into the task's error (retried as
// any failure), logged with its stack under the task's ID; asynq would
// recover it too, but without the stack.
func (w *Worker) recoverPanics(h asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) (err error) {
		defer func() {
			if v := recover(); v != nil {
				id, _ := asynq.GetTaskID(ctx)
				err = orchestrator.Recovered(orchestrator.WithRequestID(ctx, id), w.opts.Logger, "prewarm task "+t.Type(), v)
			}
		}()
		return h.ProcessTask(ctx, t)
	})
}

// handle warms one task. A failure is retried with backoff while it may
// pass and retries remain; then it counts as failed in its job.
func (w *Worker) handle(ctx context.Context, t *asynq.Task) error {
	var p payload
	if err := json.Unmarshal(t.Payload(), &p); err != nil || p.Job == "" || p.City == "" {
		return fmt.Errorf("prewarm task: malformed payload %q: %w", t.Payload(), asynq.SkipRetry)
	}
	r := w.warmer.PrewarmKinds(ctx, p.City, p.Language, []orchestrator.Kind{p.Kind})
	if r.Failed == 0 {
		if err := w.q.finish(ctx, p, false, r.CacheHits, r.Fetched, ""); err != nil {
			return fmt.Errorf("prewarm %s: record: %w", p.key(), err)
		}
		if err := w.scheduleRefresh(ctx, p); err != nil {
			w.log.Warn("prewarm: refresh not scheduled", "task", p.key(), "err", err)
		}
		return nil
	}
	msg := describe(r)
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	if r.Transient && retried < maxRetry && ctx.Err() == nil {
		return fmt.Errorf("prewarm %s: %s", p.key(), msg)
	}
	if err := w.q.finish(context.WithoutCancel(ctx), p, true, r.CacheHits, r.Fetched, msg); err != nil {
		return fmt.Errorf("prewarm %s: record: %w", p.key(), err)
	}
	w.log.Warn("prewarm task failed", "job", p.Job, "task", p.key(), "attempts", retried+1, "err", msg)
	return fmt.Errorf("prewarm %s: %s: %w", p.key(), msg, asynq.SkipRetry)
}

// describe joins a result's errors in a stable order.
func describe(r pipeline.PrewarmResult) string {
	var parts []string
	for node, msg := range r.Errors {
		parts = append(parts, node+": "+msg)
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}

// asynqLogger sends asynq's log lines to slog.
type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...any) { a.l.Debug(fmt.Sprint(args...), "component", "asynq") }
func (a asynqLogger) Info(args ...any)  { a.l.Info(fmt.Sprint(args...), "component", "asynq") }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn(fmt.Sprint(args...), "component", "asynq") }
func (a asynqLogger) Error(args ...any) { a.l.Error(fmt.Sprint(args...), "component", "asynq") }
func (a asynqLogger) Fatal(args ...any) { a.l.Error(fmt.Sprint(args...), "component", "asynq") }

// traced runs a task under a span, child of the trace of whoever enqueued
// it (the trace context travels in the task's headers); nothing when
// tracing is off.
func traced(h asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		if !tracing.Enabled() {
			return h.ProcessTask(ctx, t)
		}
		ctx, span := tracing.Start(tracing.Extract(ctx, t.Headers()), "prewarm "+t.Type())
		err := h.ProcessTask(ctx, t)
		tracing.End(span, err)
		return err
	})
}
