package prewarmq

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/orchestrator"
)

// A worker killed mid-task (SIGKILL, a lost machine) leaves its tasks
// active in asynq until their lease has been expired for 30 s and another
// server's recoverer, which runs once a minute, notices: up to two minutes
// and more during which a job looks stuck. Workers shorten that by
// adopting orphans: every AdoptEvery, a worker looks for active tasks of
// its queue whose lease has not been extended for OrphanAfter (a live
// asynq server extends its tasks' 30 s leases every 5 s), claims each one
// once across workers, and runs it. Tasks are idempotent (a fresh key is a
// cache hit, a task's outcome is counted once), so when asynq later
// redelivers the orphan, that run is a no-op.

// leaseDuration is asynq's task lease (internal/rdb.LeaseDuration).
const leaseDuration = 30 * time.Second

// Orphan adoption defaults.
const (
	DefaultAdoptEvery  = 5 * time.Second
	DefaultOrphanAfter = 12 * time.Second
)

// adoptOrphans runs the sweep every o.AdoptEvery until ctx ends.
func (w *Worker) adoptOrphans(ctx context.Context, rdb redis.UniversalClient) {
	insp := asynq.NewInspectorFromRedisClient(rdb)
	t := time.NewTicker(w.opts.AdoptEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		w.sweep(ctx, rdb, insp)
	}
}

// sweep adopts the orphans found now and returns how many it ran.
func (w *Worker) sweep(ctx context.Context, rdb redis.UniversalClient, insp *asynq.Inspector) int {
	// A lease ending before now+30s−OrphanAfter was last extended more
	// than OrphanAfter ago.
	cutoff := w.opts.Now().Add(leaseDuration - w.opts.OrphanAfter).Unix()
	ids, err := rdb.ZRangeByScore(ctx, "asynq:{"+w.opts.Queue+"}:lease", &redis.ZRangeBy{Min: "-inf", Max: strconv.FormatInt(cutoff, 10)}).Result()
	if err != nil {
		if ctx.Err() == nil {
			w.log.Warn("prewarm: orphan sweep failed", "err", err)
		}
		return 0
	}
	n := 0
	for _, id := range ids {
		info, err := insp.GetTaskInfo(w.opts.Queue, id)
		if err != nil || info.State != asynq.TaskStateActive || (info.Type != TaskWarm && info.Type != TaskRefresh) {
			continue
		}
		// One worker adopts each orphan.
		ok, err := rdb.SetNX(ctx, w.opts.Prefix+"adopted:"+id, "1", 2*leaseDuration+time.Minute).Result()
		if err != nil || !ok {
			continue
		}
		var p payload
		if json.Unmarshal(info.Payload, &p) != nil || p.Job == "" {
			continue
		}
		w.log.Warn("prewarm: adopting a task whose worker stopped extending its lease", "task", id, "job", p.Job, "key", p.key())
		tctx, cancel := context.WithTimeout(ctx, w.opts.Timeout)
		r := w.warmer.PrewarmKinds(tctx, p.City, p.Language, []orchestrator.Kind{p.Kind})
		cancel()
		// Only a success is recorded: a failure stays with asynq, which
		// redelivers the task with its retries and backoff.
		if r.Failed == 0 {
			if err := w.q.finish(ctx, p, false, r.CacheHits, r.Fetched, ""); err != nil {
				w.log.Warn("prewarm: adopted task not recorded", "task", id, "err", err)
			}
			if err := w.scheduleRefresh(ctx, p); err != nil {
				w.log.Warn("prewarm: refresh not scheduled", "task", id, "err", err)
			}
		}
		n++
	}
	return n
}
