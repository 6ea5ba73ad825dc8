package ratelimit

import (
	"context"
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// maxLocalKeys bounds the buckets a Local keeps; past it the idle ones are
// dropped (a dropped bucket starts full again).
const maxLocalKeys = 50000

// Local keeps a token bucket per caller key in this process. It is the
// limiter without Redis and the fallback while Redis does not answer; its
// counts are not shared with other replicas.
type Local struct {
	now func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	rule Rule
	lim  *rate.Limiter
	used time.Time
}

// NewLocal returns an in-process limiter; now nil means time.Now.
func NewLocal(now func() time.Time) *Local {
	if now == nil {
		now = time.Now
	}
	return &Local{now: now, buckets: map[string]*bucket{}}
}

// Allow takes one request from key's bucket under r.
func (l *Local) Allow(_ context.Context, key string, r Rule) (Decision, error) {
	if r.Off() {
		return Decision{Allowed: true}, nil
	}
	now := l.now()
	every := rate.Every(r.Period / time.Duration(r.Rate))
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[key]
	if b == nil || b.rule != r {
		if len(l.buckets) >= maxLocalKeys {
			l.sweep(now)
		}
		b = &bucket{rule: r, lim: rate.NewLimiter(every, r.Burst)}
		l.buckets[key] = b
	}
	b.used = now
	d := Decision{Limit: r.Burst}
	res := b.lim.ReserveN(now, 1)
	if wait := res.DelayFrom(now); wait > 0 {
		res.CancelAt(now)
		d.RetryAfter = wait
	} else {
		d.Allowed = true
	}
	tokens := b.lim.TokensAt(now)
	d.Remaining = max(0, int(math.Floor(tokens)))
	d.Reset = time.Duration((float64(r.Burst) - tokens) / float64(every) * float64(time.Second))
	return d, nil
}

// sweep drops buckets idle for long enough to be full again; if that frees
// nothing, it drops them all.
func (l *Local) sweep(now time.Time) {
	for k, b := range l.buckets {
		if now.Sub(b.used) > b.rule.Period*time.Duration(max(1, b.rule.Burst/max(1, b.rule.Rate))) {
			delete(l.buckets, k)
		}
	}
	if len(l.buckets) >= maxLocalKeys {
		clear(l.buckets)
	}
}

var _ Limiter = (*Local)(nil)
