package upstream

import (
	"context"
	"sync"
	"time"
)

// Limit bounds how hard one provider is driven. The zero value imposes no
// limit.
type Limit struct {
	// Requests is the number of requests allowed per Interval; zero means
	// no rate limit. Requests are spread evenly: a token bucket of capacity
	// Burst refilled at Requests/Interval.
	Requests int
	Interval time.Duration
	// Burst is the bucket's capacity; zero means 1, so requests are evenly
	// spaced (600/min → one every 100 ms).
	Burst int
	// Concurrent is the number of requests allowed in flight at once; zero
	// means no limit.
	Concurrent int
}

// limiter enforces a Limit. It is safe for concurrent use.
type limiter struct {
	slots chan struct{} // nil when concurrency is unlimited

	mu     sync.Mutex
	rate   float64 // tokens per second; 0 when unlimited
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
	sleep  func(context.Context, time.Duration) error
}

func newLimiter(l Limit, now func() time.Time, sleep func(context.Context, time.Duration) error) *limiter {
	lim := &limiter{now: now, sleep: sleep}
	if l.Concurrent > 0 {
		lim.slots = make(chan struct{}, l.Concurrent)
	}
	if l.Requests > 0 && l.Interval > 0 {
		lim.rate = float64(l.Requests) / l.Interval.Seconds()
		lim.burst = float64(max(l.Burst, 1))
		lim.tokens = lim.burst
	}
	return lim
}

// wait blocks until the rate limit allows one more request or ctx ends.
// A request that gives up on ctx keeps its reservation: the bucket never
// runs ahead of the provider's real budget.
func (l *limiter) wait(ctx context.Context) error {
	if l.rate == 0 {
		return ctx.Err()
	}
	l.mu.Lock()
	now := l.now()
	if !l.last.IsZero() {
		l.tokens += now.Sub(l.last).Seconds() * l.rate
		if l.tokens > l.burst {
			l.tokens = l.burst
		}
	}
	l.last = now
	l.tokens--
	var d time.Duration
	if l.tokens < 0 {
		d = time.Duration(-l.tokens / l.rate * float64(time.Second))
	}
	l.mu.Unlock()
	if d <= 0 {
		return ctx.Err()
	}
	return l.sleep(ctx, d)
}

// acquire takes a concurrency slot, blocking until one is free or ctx ends.
// The returned func releases it.
func (l *limiter) acquire(ctx context.Context) (release func(), err error) {
	if l.slots == nil {
		return func() {}, ctx.Err()
	}
	select {
	case l.slots <- struct{}{}:
		return func() { <-l.slots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
