package ratelimit

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"
)

// RedisOptions configures a Redis limiter. Its zero value is usable.
type RedisOptions struct {
	// Prefix goes before every caller key (redis_rate adds "rate:" in
	// front of it); tests give each their own.
	Prefix string
	// Timeout bounds one decision in Redis; past it the request is decided
	// in process. Zero means DefaultTimeout.
	Timeout time.Duration
	// Backoff is how long, after a Redis failure, decisions stay in process
	// before Redis is tried again. Zero means DefaultBackoff.
	Backoff time.Duration
	// Now is the clock of the fallback; nil means time.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// Defaults of RedisOptions.
const (
	DefaultTimeout = 250 * time.Millisecond
	DefaultBackoff = 2 * time.Second
)

// Redis decides in Redis, so every replica sharing it counts a caller's
// requests together. When Redis fails or is slow it falls back to an
// in-process bucket for Backoff, so a frozen Redis costs at most Timeout
// per Backoff, never a stalled API.
type Redis struct {
	lim      *redis_rate.Limiter
	local    *Local
	opts     RedisOptions
	mu       sync.Mutex
	downTill time.Time
}

// NewRedis returns a limiter over rdb.
func NewRedis(rdb redis.UniversalClient, opts RedisOptions) *Redis {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Backoff <= 0 {
		opts.Backoff = DefaultBackoff
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Redis{lim: redis_rate.NewLimiter(rdb), local: NewLocal(opts.Now), opts: opts}
}

// Allow takes one request from key's allowance under r, in Redis when it
// answers, otherwise in process (Decision.Shared false). It returns no
// error: a limiter failure must not fail the request.
func (l *Redis) Allow(ctx context.Context, key string, r Rule) (Decision, error) {
	if r.Off() {
		return Decision{Allowed: true, Shared: true}, nil
	}
	now := time.Now()
	l.mu.Lock()
	down := now.Before(l.downTill)
	l.mu.Unlock()
	if !down {
		rctx, cancel := context.WithTimeout(ctx, l.opts.Timeout)
		res, err := l.lim.Allow(rctx, l.opts.Prefix+key, redis_rate.Limit{Rate: r.Rate, Period: r.Period, Burst: r.Burst})
		cancel()
		if err == nil {
			d := Decision{Allowed: res.Allowed > 0, Limit: r.Burst, Remaining: res.Remaining, Reset: max(0, res.ResetAfter), Shared: true}
			if !d.Allowed {
				d.RetryAfter = max(res.RetryAfter, time.Millisecond)
			}
			return d, nil
		}
		if ctx.Err() == nil { // Redis failed, not the caller
			l.mu.Lock()
			if !now.Before(l.downTill) {
				l.opts.Logger.Warn("rate limits: Redis failed; deciding in process for a while", "backoff", l.opts.Backoff.String(), "err", err)
			}
			l.downTill = now.Add(l.opts.Backoff)
			l.mu.Unlock()
		}
	}
	return l.local.Allow(ctx, key, r)
}

var _ Limiter = (*Redis)(nil)
