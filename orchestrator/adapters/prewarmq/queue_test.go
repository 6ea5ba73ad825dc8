package prewarmq_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/knowledgebase/kbtest"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/prewarmq"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// warmer is a Warmer that counts its calls per task; a city named
// "Flaky…" fails transiently on its first attempt, "Atlantis" for good.
type warmer struct {
	mu    sync.Mutex
	calls map[string]int
	delay time.Duration
}

func (w *warmer) PrewarmKinds(ctx context.Context, city, language string, kinds []orchestrator.Kind) pipeline.PrewarmResult {
	key := fmt.Sprintf("%s|%s|%v", city, language, kinds)
	w.mu.Lock()
	if w.calls == nil {
		w.calls = map[string]int{}
	}
	w.calls[key]++
	n := w.calls[key]
	w.mu.Unlock()
	if w.delay > 0 {
		select {
		case <-time.After(w.delay):
		case <-ctx.Done():
		}
	}
	r := pipeline.PrewarmResult{City: city, Subtasks: 2}
	switch {
	case city == "Atlantis":
		r.Failed, r.Errors = 1, map[string]string{"geocode:x": "no place named Atlantis"}
	case len(city) > 5 && city[:5] == "Flaky" && n == 1:
		r.Failed, r.Errors, r.Transient = 1, map[string]string{"geocode:x": "upstream timeout"}, true
	case n == 1:
		r.CacheHits, r.Fetched = 1, 1
	default:
		r.CacheHits = 2
	}
	return r
}

func (w *warmer) total() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, c := range w.calls {
		n += c
	}
	return n
}

// setup returns a Redis client and queue options of this test's own,
// removed when it ends.
func setup(t testing.TB) (redis.UniversalClient, prewarmq.Options) {
	c, _ := kbtest.Client(t)
	opts := prewarmq.Options{Queue: kbtest.Name("test_prewarm"), Prefix: kbtest.Prefix(t, c, "prewarm"), MaxRetry: 3}
	t.Cleanup(func() {
		insp := asynq.NewInspectorFromRedisClient(c)
		if err := insp.DeleteQueue(opts.Queue, true); err != nil {
			t.Logf("delete queue %s: %v", opts.Queue, err)
		}
		kbtest.Delete(c, "asynq:{"+opts.Queue+"}:")
	})
	return c, opts
}

func startWorker(t testing.TB, c redis.UniversalClient, w prewarmq.Warmer, opts prewarmq.Options, conc int) context.CancelFunc {
	t.Helper()
	wk := prewarmq.NewWorker(c, w, &prewarmq.WorkerOptions{Options: opts, Concurrency: conc, PollInterval: 50 * time.Millisecond,
		Backoff: func(int) time.Duration { return 50 * time.Millisecond }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- wk.Run(ctx) }()
	stop := func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("worker: %v", err)
		}
	}
	t.Cleanup(func() {
		select {
		case <-ctx.Done():
		default:
			stop()
		}
	})
	return stop
}

func waitDone(t testing.TB, q *prewarmq.Queue, job string) orchestrator.PrewarmStatus {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s, err := q.Status(context.Background(), job)
		if err != nil {
			t.Fatal(err)
		}
		if s.State == "done" {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("job not done after 30 s: %+v", s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestJob(t *testing.T) {
	c, opts := setup(t)
	q := prewarmq.New(c, &opts)
	defer q.Close()
	ctx := context.Background()
	kinds := orchestrator.StaticKinds("Kyoto", "en")
	if len(kinds) < 3 {
		t.Fatalf("StaticKinds = %v, want geocode, guide, POIs …", kinds)
	}
	cities := []string{"Kyoto", "Chengdu", "FlakyTown", "Atlantis", "Lisbon", "Kyoto"}
	st, err := q.Enqueue(ctx, orchestrator.PrewarmJob{ID: "job_1", Cities: cities})
	if err != nil {
		t.Fatal(err)
	}
	kinds = append(kinds, orchestrator.KindWeather) // a job's default kinds
	want := 5 * len(kinds)
	if st.Total != want || st.Done != 0 || st.State != "running" {
		t.Fatalf("after enqueue: %+v, want %d pending tasks", st, want)
	}

	w := &warmer{}
	startWorker(t, c, w, opts, 3)
	startWorker(t, c, w, opts, 3)
	st = waitDone(t, q, "job_1")
	if st.Done != want || st.Failed != len(kinds) || st.Pending != 0 {
		t.Errorf("done: %+v, want %d done of which Atlantis's %d failed", st, want, len(kinds))
	}
	for k := range st.Failures {
		if k[:8] != "Atlantis" {
			t.Errorf("failure %q is not Atlantis's", k)
		}
	}
	// Every task ran once, FlakyTown's twice (one retry), Atlantis's once
	// (a final failure is not retried).
	if got := w.total(); got != want+len(kinds) {
		t.Errorf("warmer calls = %d, want %d", got, want+len(kinds))
	}
	// Kyoto, Chengdu and Lisbon: a hit and a fetch each; FlakyTown's retry:
	// two hits; Atlantis: nothing.
	if st.Fetched != 3*len(kinds) || st.CacheHits != 5*len(kinds) {
		t.Errorf("counts: %+v", st)
	}

	// Enqueueing the same job again is a no-op: its tasks are known.
	again, err := q.Enqueue(ctx, orchestrator.PrewarmJob{ID: "job_1", Cities: cities})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if again.Total != want || w.total() != want+len(kinds) {
		t.Errorf("re-enqueue: %+v, %d calls; want nothing new", again, w.total())
	}
	// Resuming with one more city adds just its tasks.
	st, err = q.Enqueue(ctx, orchestrator.PrewarmJob{ID: "job_1", Cities: append(cities, "Porto")})
	if err != nil || st.Total != want+len(kinds) {
		t.Fatalf("resume: %+v, %v", st, err)
	}
	st = waitDone(t, q, "job_1")
	if w.total() != want+2*len(kinds) {
		t.Errorf("after resume: %d calls, want %d", w.total(), want+2*len(kinds))
	}
}

func TestJobValidation(t *testing.T) {
	c, opts := setup(t)
	q := prewarmq.New(c, &opts)
	defer q.Close()
	for _, tc := range []struct {
		job   orchestrator.PrewarmJob
		field string
	}{
		{orchestrator.PrewarmJob{}, "cities"},
		{orchestrator.PrewarmJob{Cities: []string{"Kyoto", " "}}, "cities[1]"},
		{orchestrator.PrewarmJob{Cities: []string{"Kyoto"}, Language: "fr"}, "language"},
		{orchestrator.PrewarmJob{Cities: []string{"Kyoto"}, ID: "a b"}, "job"},
		{orchestrator.PrewarmJob{Cities: []string{"Kyoto"}, Kinds: []orchestrator.Kind{orchestrator.KindWeather}}, "kinds[0]"},
	} {
		_, err := q.Enqueue(context.Background(), tc.job)
		if orchestrator.ErrorCode(err) != orchestrator.EINVALID || orchestrator.ErrorField(err) != tc.field {
			t.Errorf("Enqueue(%+v) = %v, want invalid %s", tc.job, err, tc.field)
		}
	}
	if _, err := q.Status(context.Background(), "pw_nothing"); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		t.Errorf("Status of an unknown job: %v", err)
	}
	st, err := q.Enqueue(context.Background(), orchestrator.PrewarmJob{Cities: []string{"Kyoto"}, Kinds: []orchestrator.Kind{orchestrator.KindGeocode}})
	if err != nil || st.Total != 1 || len(st.Job) < 4 {
		t.Errorf("job with a drawn id: %+v, %v", st, err)
	}
}
