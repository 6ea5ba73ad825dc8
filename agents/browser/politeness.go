package browser

import (
	"context"
	"sync"
	"time"
)

// limiter spaces navigations to each host: a host gets at most one
// navigation per interval, across every tab. Waiters are served in arrival
// order. The zero value is not usable; use newLimiter.
type limiter struct {
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) error

	mu   sync.Mutex
	next map[string]time.Time // host → earliest next navigation
}

func newLimiter() *limiter {
	return &limiter{now: time.Now, sleep: sleepCtx, next: map[string]time.Time{}}
}

// wait blocks until host's next slot, or until ctx ends (then it returns
// ctx's error and gives the slot back if nobody took a later one).
func (l *limiter) wait(ctx context.Context, host string, interval time.Duration) error {
	if interval <= 0 {
		return ctx.Err()
	}
	l.mu.Lock()
	now := l.now()
	at := l.next[host]
	if at.Before(now) {
		at = now
	}
	l.next[host] = at.Add(interval)
	if len(l.next) > 10000 { // forget hosts whose slots passed
		for h, t := range l.next {
			if t.Before(now) {
				delete(l.next, h)
			}
		}
	}
	l.mu.Unlock()
	if err := l.sleep(ctx, at.Sub(now)); err != nil {
		l.mu.Lock()
		if l.next[host].Equal(at.Add(interval)) {
			l.next[host] = at
		}
		l.mu.Unlock()
		return err
	}
	return nil
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// perMinute is the gap between navigations for a rate per minute.
func perMinute(n int) time.Duration {
	if n <= 0 {
		return 0
	}
	return time.Minute / time.Duration(n)
}
