package prewarmq

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/hibiken/asynq"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
)

// TaskRefresh is the asynq task type that re-warms one pre-warmed (city,
// language, kind) before its cache entries' TTL ends.
//
// Pre-warmed keys stay warm without anyone asking: when a worker finishes
// a task of a job, it schedules (asynq ProcessAt) a refresh of the same key
// at 90 % of WorkerOptions.RefreshEvery (the static-knowledge TTL). The
// refresh runs the same pipeline step with its lookups a fifth of the TTL
// ahead (knowledgebase.WithRefreshAhead): the entry, a tenth of its TTL
// from expiry, counts as stale for this run only, so the pipeline
// revalidates it in the background while plans keep getting it fresh.
// Each refresh schedules the next, so the key is re-warmed every 90 % of
// RefreshEvery for as long as its job's record lives (JobTTL after the job
// last changed) — a job enqueued again keeps its destinations warm. Task
// IDs carry the refresh's generation, so that two workers finishing the
// same key (an adopted orphan) schedule it once.
const TaskRefresh = "tripweave:prewarm:refresh"

// refreshID is the asynq ID of refresh p (its generation included).
func refreshID(p payload) string {
	sum := sha256.Sum256([]byte(p.key()))
	return "pr:" + p.Job + ":" + hex.EncodeToString(sum[:12]) + ":" + strconv.Itoa(p.Gen)
}

// scheduleRefresh puts the refresh after p (a warm task, or a refresh of
// generation p.Gen) on the queue; it does nothing when refreshing is off
// or the job is gone.
func (w *Worker) scheduleRefresh(ctx context.Context, p payload) error {
	if w.opts.RefreshEvery <= 0 {
		return nil
	}
	if n, err := w.rdb.Exists(ctx, w.q.keys(p.Job).job).Result(); err != nil || n == 0 {
		return err // a job forgotten (JobTTL) stops its refreshes
	}
	due := w.opts.Now().Add(w.opts.RefreshEvery * 9 / 10)
	p.Gen++
	body, _ := json.Marshal(p)
	_, err := w.q.client.EnqueueContext(ctx, asynq.NewTaskWithHeaders(TaskRefresh, body, tracing.Inject(ctx)),
		asynq.TaskID(refreshID(p)), asynq.Queue(w.opts.Queue), asynq.ProcessAt(due),
		asynq.MaxRetry(w.opts.MaxRetry), asynq.Timeout(w.opts.Timeout), asynq.Retention(time.Hour))
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		return fmt.Errorf("schedule refresh of %s: %w", p.key(), err)
	}
	return nil
}

// handleRefresh re-warms one key and schedules the next refresh. A
// failure is retried by asynq; when retries are spent the key waits for
// the next pre-warm or plan.
func (w *Worker) handleRefresh(ctx context.Context, t *asynq.Task) error {
	var p payload
	if err := json.Unmarshal(t.Payload(), &p); err != nil || p.Job == "" || p.City == "" {
		return fmt.Errorf("prewarm refresh: malformed payload %q: %w", t.Payload(), asynq.SkipRetry)
	}
	ahead := knowledgebase.WithRefreshAhead(ctx, w.opts.RefreshEvery/5)
	r := w.warmer.PrewarmKinds(ahead, p.City, p.Language, []orchestrator.Kind{p.Kind})
	if r.Failed > 0 {
		return fmt.Errorf("prewarm refresh %s: %s", p.key(), describe(r))
	}
	if err := w.scheduleRefresh(ctx, p); err != nil {
		w.log.Warn("prewarm: next refresh not scheduled", "task", p.key(), "err", err)
	}
	return nil
}
