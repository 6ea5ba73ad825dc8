// Package ratelimit decides whether a caller (an API key, or a client
// address when authentication is off) may make one more request: a
// generic cell rate algorithm shared by every replica through Redis
// (github.com/go-redis/redis_rate), with an in-process token bucket
// (golang.org/x/time/rate) when there is no shared Redis or while it does
// not answer.
package ratelimit

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Rule is a rate: Rate events per Period, with bursts of up to Burst.
// The zero Rule is no limit.
type Rule struct {
	Rate   int
	Period time.Duration
	Burst  int
}

// Off reports whether r limits nothing.
func (r Rule) Off() bool { return r.Rate <= 0 || r.Period <= 0 }

// String is the rule as ParseRule reads it.
func (r Rule) String() string {
	if r.Off() {
		return "off"
	}
	return fmt.Sprintf("%d/%s,burst=%d", r.Rate, periodString(r.Period), r.Burst)
}

func periodString(d time.Duration) string {
	switch d {
	case time.Second:
		return "s"
	case time.Minute:
		return "m"
	case time.Hour:
		return "h"
	case 24 * time.Hour:
		return "d"
	}
	return d.String()
}

// ParseRule reads a rule such as "20/s", "600/m,burst=60", "1000/d" or
// "50/10s": a count, a period (s, m, h, d or a Go duration) and an optional
// burst (default: the count). "off" or "" is no limit.
func ParseRule(s string) (Rule, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "off" {
		return Rule{}, nil
	}
	spec, opts, _ := strings.Cut(s, ",")
	n, per, ok := strings.Cut(spec, "/")
	if !ok {
		return Rule{}, fmt.Errorf("%q is not COUNT/PERIOD such as 20/s or 1000/d", s)
	}
	rate, err := strconv.Atoi(strings.TrimSpace(n))
	if err != nil || rate < 1 {
		return Rule{}, fmt.Errorf("%q: the count must be a whole number of at least 1", s)
	}
	var period time.Duration
	switch p := strings.TrimSpace(per); p {
	case "s":
		period = time.Second
	case "m", "min":
		period = time.Minute
	case "h":
		period = time.Hour
	case "d":
		period = 24 * time.Hour
	default:
		period, err = time.ParseDuration(p)
		if err != nil || period < time.Millisecond {
			return Rule{}, fmt.Errorf("%q: the period must be s, m, h, d or a duration such as 10s", s)
		}
	}
	r := Rule{Rate: rate, Period: period, Burst: rate}
	if opts != "" {
		k, v, ok := strings.Cut(strings.TrimSpace(opts), "=")
		b, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || strings.TrimSpace(k) != "burst" || err != nil || b < 1 {
			return Rule{}, fmt.Errorf("%q: after the comma write burst=N (N ≥ 1)", s)
		}
		r.Burst = b
	}
	return r, nil
}

// Decision is the answer for one request.
type Decision struct {
	Allowed bool
	// Limit is the rule's burst: the requests that may be made at once.
	Limit int
	// Remaining is how many more requests may be made right now.
	Remaining int
	// RetryAfter is how long to wait before the next request is allowed
	// (zero when allowed).
	RetryAfter time.Duration
	// Reset is how long until the caller's allowance is whole again.
	Reset time.Duration
	// Shared is false when the decision was made in process only (no
	// shared Redis, or it failed).
	Shared bool
}

// Limiter decides for a caller key under a rule. Implementations are safe
// for concurrent use.
type Limiter interface {
	Allow(ctx context.Context, key string, r Rule) (Decision, error)
}
