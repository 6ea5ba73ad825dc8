package prewarmq_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/prewarmq"
)

// TestRefresh checks that a warmed key is warmed again every RefreshEvery,
// by whichever worker, and that its job's progress does not change.
func TestRefresh(t *testing.T) {
	c, opts := setup(t)
	q := prewarmq.New(c, &opts)
	w := &warmer{}
	for range 2 {
		wk := prewarmq.NewWorker(c, w, &prewarmq.WorkerOptions{Options: opts, Concurrency: 2, PollInterval: 50 * time.Millisecond,
			RefreshEvery: time.Second, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- wk.Run(ctx) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	job := orchestrator.PrewarmJob{ID: "job_refresh", Cities: []string{"Kyoto"}, Kinds: []orchestrator.Kind{orchestrator.KindGeocode}}
	if _, err := q.Enqueue(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	st := waitDone(t, q, job.ID)
	deadline := time.Now().Add(15 * time.Second)
	for w.total() < 3 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := w.total(); n < 3 {
		t.Fatalf("warmed %d times in %v, want the first run and at least two refreshes", n, 15*time.Second)
	}
	again, err := q.Status(context.Background(), job.ID)
	if err != nil || again.Done != st.Done || again.Total != st.Total {
		t.Errorf("job after refreshes: %+v (%v), want unchanged progress %+v", again, err, st)
	}
}
