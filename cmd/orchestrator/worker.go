package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/prewarmq"
)

// prewarmQueue returns the shared pre-warm queue on rdb, or nil when the
// Redis is the embedded one (no other process can reach it).
func prewarmQueue(cfg Config, rdb redis.UniversalClient) *prewarmq.Queue {
	if cfg.RedisURL == "" {
		return nil
	}
	return prewarmq.New(rdb, &prewarmq.Options{Queue: cfg.Scale.PrewarmQueue, Now: cfg.Now})
}

// prewarmer keeps a nil queue a nil interface.
func prewarmer(q *prewarmq.Queue) orchestrator.Prewarmer {
	if q == nil {
		return nil
	}
	return q
}

// distributed reports whether prewarm's arguments ask for the queue
// (--enqueue or --status) rather than a run in this process.
func distributed(args []string) bool {
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "enqueue" || name == "status") {
			return true
		}
	}
	return false
}

// cmdPrewarmQueue is `prewarm --enqueue` (put a job on the shared queue)
// and `prewarm --status JOB` (its progress), as JSON on stdout; --wait
// follows the job until it is done.
func cmdPrewarmQueue(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("prewarm", stderr)
	enqueue := fs.Bool("enqueue", false, "put one task per destination and kind on the shared queue (REDIS_URL) for the workers")
	status := fs.String("status", "", "print the progress of pre-warm job JOB")
	jobID := fs.String("job", "", "job id for --enqueue (default: a new one; an existing one resumes or extends that job)")
	file := fs.String("file", "", "file with one destination per line (# comments allowed)")
	var cities, kinds multiFlag
	fs.Var(&cities, "city", "destination (repeatable)")
	fs.Var(&kinds, "kind", "static subtask kind to warm (repeatable; default: every one a trip needs)")
	lang := fs.String("lang", "en", "language of guides and names: en or zh")
	wait := fs.Bool("wait", false, "follow the job, printing progress on stderr, until it is done")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *enqueue == (*status != "") {
		return &usageError{"prewarm takes one of --enqueue or --status JOB\n" + usage}
	}
	if cfg.RedisURL == "" {
		return &usageError{"prewarm --enqueue/--status needs REDIS_URL: the queue lives in the Redis the workers share"}
	}
	logger := newLogger(stderr, "warn")
	rdb, closeRedis, err := knowledgebase.Connect(ctx, cfg.RedisURL, logger)
	if err != nil {
		return err
	}
	defer closeRedis()
	q := prewarmq.New(rdb, &prewarmq.Options{Queue: cfg.Scale.PrewarmQueue})
	defer q.Close()

	var st orchestrator.PrewarmStatus
	if *enqueue {
		cities = append(cities, fs.Args()...)
		if *file != "" {
			more, err := readLines(*file)
			if err != nil {
				return err
			}
			cities = append(cities, more...)
		}
		job := orchestrator.PrewarmJob{ID: *jobID, Cities: cities, Language: *lang}
		for _, k := range kinds {
			job.Kinds = append(job.Kinds, orchestrator.Kind(k))
		}
		if st, err = q.Enqueue(ctx, job); err != nil {
			return describe(err)
		}
		fmt.Fprintf(stderr, "enqueued job %s: %d tasks (%d already done)\n", st.Job, st.Total, st.Done)
	} else if st, err = q.Status(ctx, *status); err != nil {
		return describe(err)
	}
	for *wait && st.State != "done" {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
		if st, err = q.Status(ctx, st.Job); err != nil {
			return describe(err)
		}
		fmt.Fprintf(stderr, "[%d/%d] %d failed, %d cached, %d fetched\n", st.Done, st.Total, st.Failed, st.CacheHits, st.Fetched)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(st); err != nil {
		return err
	}
	if st.State == "done" && st.Failed > 0 {
		return fmt.Errorf("%d of %d pre-warm tasks failed", st.Failed, st.Total)
	}
	return nil
}

// cmdWorker runs pre-warm tasks from the shared queue until SIGINT or
// SIGTERM, through the same pipeline as the API.
func cmdWorker(ctx context.Context, cfg Config, args []string, stderr io.Writer) error {
	fs := newFlags("worker", stderr)
	conc := fs.Int("concurrency", 4, "tasks run at once")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *conc < 1 || *conc > 256 {
		return &usageError{"--concurrency must be 1 to 256"}
	}
	if cfg.RedisURL == "" {
		return &usageError{"worker needs REDIS_URL: the queue lives in the Redis the API and workers share"}
	}
	logger := newLogger(stderr, cfg.LogLevel)
	app, err := Open(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer app.Close()
	refresh := cfg.Scale.PrewarmRefresh
	if refresh == 0 {
		policy, err := cfg.policy()
		if err != nil {
			return err
		}
		refresh = policy.TTL[orchestrator.StaticKnowledge]
	}
	w := prewarmq.NewWorker(app.Redis, app.Service, &prewarmq.WorkerOptions{
		Options:      prewarmq.Options{Queue: cfg.Scale.PrewarmQueue, Now: cfg.Now},
		Concurrency:  *conc,
		RefreshEvery: refresh,
		Logger:       logger,
	})
	logger.Info("prewarm worker started", "queue", cmp.Or(cfg.Scale.PrewarmQueue, prewarmq.DefaultQueue), "concurrency", *conc,
		"refresh_every", refresh.String())
	return w.Run(ctx)
}
