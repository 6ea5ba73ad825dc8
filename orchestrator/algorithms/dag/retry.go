package dag

import (
	"context"
	"math/rand/v2"
	"time"
)

// backoff returns the wait after the failed attempt number attempt (from
// 1): base doubled attempt-1 times, capped at max when max > 0.
func backoff(base, max time.Duration, attempt int) time.Duration {
	d := base
	for k := 1; k < attempt; k++ {
		if (max > 0 && d >= max) || d > (1<<62)/2 {
			break
		}
		d *= 2
	}
	if max > 0 && d > max {
		d = max
	}
	return d
}

// fullJitter returns a uniformly random duration in [0, d] ("full jitter").
func fullJitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return time.Duration(rand.Int64N(int64(d) + 1))
}

// sleep waits d or until ctx ends, and reports whether it waited the full d.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
