// Package prewarmq is tripweave's distributed pre-warm: a job puts one
// asynq task per destination and static subtask kind on a Redis queue, and
// any number of workers (orchestrator worker) run them through the
// pipeline's PrewarmKinds, with retries and backoff. Jobs are idempotent and
// resumable: a task's ID is derived from its job, city, language and kind,
// so enqueueing a job again adds only what it lacks, and a task whose cache
// entry is fresh is a cache hit, not a fetch. Progress is counted once per
// task in Redis, whatever the redeliveries (a worker killed mid-task hands
// its task to another after asynq's lease expires).
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
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
)

// TaskWarm is the asynq task type of one (city, language, kind) to warm.
const TaskWarm = "tripweave:prewarm"

// Defaults.
const (
	DefaultQueue    = "tripweave_prewarm"
	DefaultPrefix   = "tw:prewarm:"
	DefaultMaxRetry = 5
	DefaultTimeout  = 2 * time.Minute
	// JobTTL is how long a job's progress is kept after its last change.
	JobTTL = 7 * 24 * time.Hour
)

// Options configures a Queue and its Workers; nil or zero fields mean the
// defaults.
type Options struct {
	// Queue is the asynq queue name; tests use their own.
	Queue string
	// Prefix prefixes the Redis keys of job progress.
	Prefix string
	// MaxRetry is how often a failing task is retried before it counts as
	// failed.
	MaxRetry int
	// Timeout bounds one attempt of a task.
	Timeout time.Duration
	// Retention keeps finished tasks (and so their IDs) that long, so that
	// enqueueing a finished job again is a no-op; 0 → 24 h.
	Retention time.Duration
	Now       func() time.Time
}

func (o *Options) withDefaults() Options {
	var c Options
	if o != nil {
		c = *o
	}
	if c.Queue == "" {
		c.Queue = DefaultQueue
	}
	if c.Prefix == "" {
		c.Prefix = DefaultPrefix
	}
	if c.MaxRetry <= 0 {
		c.MaxRetry = DefaultMaxRetry
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.Retention <= 0 {
		c.Retention = 24 * time.Hour
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Queue enqueues pre-warm jobs and reports their progress. It is safe for
// concurrent use. It does not own the Redis client.
type Queue struct {
	rdb    redis.UniversalClient
	client *asynq.Client
	opts   Options
}

// New returns a Queue over rdb.
func New(rdb redis.UniversalClient, opts *Options) *Queue {
	return &Queue{rdb: rdb, client: asynq.NewClientFromRedisClient(rdb), opts: opts.withDefaults()}
}

// Close releases the queue. The Redis client stays open (its owner closes
// it; asynq refuses to close a shared one), so Close has nothing to do
// today and always returns nil.
func (q *Queue) Close() error { return nil }

// payload is one task's body.
type payload struct {
	Job      string            `json:"job"`
	City     string            `json:"city"`
	Language string            `json:"language"`
	Kind     orchestrator.Kind `json:"kind"`
	// Gen is a refresh's generation (TaskRefresh): 1 for the first after
	// the warm task, each refresh scheduling the next.
	Gen int `json:"gen,omitempty"`
}

// key identifies a task within its job.
func (p payload) key() string { return p.City + "|" + p.Language + "|" + string(p.Kind) }

// taskID is the asynq task ID: the same task of the same job always has
// the same one.
func (p payload) taskID() string {
	sum := sha256.Sum256([]byte(p.key()))
	return "pw:" + p.Job + ":" + hex.EncodeToString(sum[:12])
}

// Enqueue validates job, records it and puts its missing tasks on the
// queue; tasks already queued, running or finished (within Retention) are
// left alone. It returns the job's status after enqueueing.
func (q *Queue) Enqueue(ctx context.Context, job orchestrator.PrewarmJob) (orchestrator.PrewarmStatus, error) {
	if err := job.Validate(); err != nil {
		return orchestrator.PrewarmStatus{}, err
	}
	var tasks []payload
	for _, city := range job.Cities {
		kinds := job.Kinds
		if len(kinds) == 0 {
			// The static knowledge and the weather, whose warming keeps
			// the city's forecast window and climate normals for every
			// date (pipeline.WarmWeatherDays).
			kinds = orchestrator.PrewarmKinds(city, job.Language)
		}
		for _, k := range kinds {
			tasks = append(tasks, payload{Job: job.ID, City: city, Language: job.Language, Kind: k})
		}
	}
	keys := q.keys(job.ID)
	members := make([]any, len(tasks))
	for i, t := range tasks {
		members[i] = t.key()
	}
	now := q.opts.Now().UTC()
	_, err := q.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSetNX(ctx, keys.job, "created_at", now.Format(time.RFC3339Nano))
		p.HSet(ctx, keys.job, "language", job.Language, "updated_at", now.Format(time.RFC3339Nano))
		p.SAdd(ctx, keys.tasks, members...)
		for _, k := range keys.all() {
			p.Expire(ctx, k, JobTTL)
		}
		return nil
	})
	if err != nil {
		return orchestrator.PrewarmStatus{}, fmt.Errorf("prewarm job %s: record: %w", job.ID, err)
	}
	for _, t := range tasks {
		body, _ := json.Marshal(t)
		_, err := q.client.EnqueueContext(ctx, asynq.NewTaskWithHeaders(TaskWarm, body, tracing.Inject(ctx)),
			asynq.TaskID(t.taskID()), asynq.Queue(q.opts.Queue), asynq.MaxRetry(q.opts.MaxRetry),
			asynq.Timeout(q.opts.Timeout), asynq.Retention(q.opts.Retention))
		if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
			return orchestrator.PrewarmStatus{}, fmt.Errorf("prewarm job %s: enqueue %s: %w", job.ID, t.key(), err)
		}
	}
	return q.Status(ctx, job.ID)
}

// jobKeys are the Redis keys of one job, in one Cluster hash slot.
type jobKeys struct{ job, tasks, done, failed string }

func (q *Queue) keys(id string) jobKeys {
	p := q.opts.Prefix + "{" + id + "}:"
	return jobKeys{job: p + "job", tasks: p + "tasks", done: p + "done", failed: p + "failed"}
}

func (k jobKeys) all() []string { return []string{k.job, k.tasks, k.done, k.failed} }

// Status returns the progress of job id, or an ENOTFOUND
// *orchestrator.Error for a job this queue does not know (or forgot after
// JobTTL).
func (q *Queue) Status(ctx context.Context, id string) (orchestrator.PrewarmStatus, error) {
	if !orchestrator.ValidPrewarmJobID(id) {
		return orchestrator.PrewarmStatus{}, orchestrator.Errorf(orchestrator.ENOTFOUND, "no prewarm job %q", id)
	}
	keys := q.keys(id)
	var h *redis.MapStringStringCmd
	var total, done *redis.IntCmd
	var failed *redis.MapStringStringCmd
	_, err := q.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		h = p.HGetAll(ctx, keys.job)
		total = p.SCard(ctx, keys.tasks)
		done = p.SCard(ctx, keys.done)
		failed = p.HGetAll(ctx, keys.failed)
		return nil
	})
	if err != nil {
		return orchestrator.PrewarmStatus{}, fmt.Errorf("prewarm job %s: status: %w", id, err)
	}
	if len(h.Val()) == 0 {
		return orchestrator.PrewarmStatus{}, orchestrator.Errorf(orchestrator.ENOTFOUND, "no prewarm job %q", id)
	}
	s := orchestrator.PrewarmStatus{Job: id, Total: int(total.Val()), Done: int(done.Val()), Failed: len(failed.Val())}
	s.CacheHits, _ = strconv.Atoi(h.Val()["cache_hits"])
	s.Fetched, _ = strconv.Atoi(h.Val()["fetched"])
	s.CreatedAt, _ = time.Parse(time.RFC3339Nano, h.Val()["created_at"])
	s.UpdatedAt, _ = time.Parse(time.RFC3339Nano, h.Val()["updated_at"])
	s.Pending = s.Total - s.Done
	s.State = "running"
	if s.Pending <= 0 {
		s.State = "done"
	}
	for k, v := range failed.Val() {
		if len(s.Failures) == 50 {
			break
		}
		if s.Failures == nil {
			s.Failures = map[string]string{}
		}
		s.Failures[k] = v
	}
	return s, nil
}

// finishScript records a task's outcome once: a redelivered task that
// finishes again changes nothing. KEYS: job, done, failed. ARGV: task key,
// "ok" or "failed", cache hits, fetches, error, time, TTL in seconds.
var finishScript = redis.NewScript(`
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then return 0 end
if ARGV[2] == 'failed' then redis.call('HSET', KEYS[3], ARGV[1], ARGV[5]) end
redis.call('HINCRBY', KEYS[1], 'cache_hits', ARGV[3])
redis.call('HINCRBY', KEYS[1], 'fetched', ARGV[4])
redis.call('HSET', KEYS[1], 'updated_at', ARGV[6])
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ARGV[7]) end
return 1
`)

// finish records the outcome of task p.
func (q *Queue) finish(ctx context.Context, p payload, failed bool, hits, fetched int, msg string) error {
	keys := q.keys(p.Job)
	outcome := "ok"
	if failed {
		outcome = "failed"
	}
	return finishScript.Run(ctx, q.rdb, []string{keys.job, keys.done, keys.failed},
		p.key(), outcome, hits, fetched, msg, q.opts.Now().UTC().Format(time.RFC3339Nano), int(JobTTL.Seconds())).Err()
}

var _ orchestrator.Prewarmer = (*Queue)(nil)
