package upstream

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// Quota is a provider's budget of requests per window: Open-Meteo's 10,000
// calls a day, Amap's 100 POI searches a day. Where Limit paces requests
// (a request waits for its turn), a Quota refuses them: once a window's
// budget is used, every request that the quota applies to fails at once,
// before anything is sent, with a *QuotaError, until the window ends.
//
// A request counts against a quota when it is sent, each attempt (retries
// included) costing Request.Cost units. Counters live in the Client, in
// process memory, unless Options.Shared is set: then they live in a store
// every process shares (Redis: RedisShared), and N replicas together keep
// one budget. In process, nothing is persisted and a restart starts from
// zero.
//
// Windows are fixed, not sliding: a quota with Window time.Hour allows
// Limit requests per clock hour (10:00–11:00 UTC), so up to twice Limit can
// go out in the hour around a boundary; pair it with a Limit rate (or a
// longer quota) where that matters. Memory is constant per quota.
type Quota struct {
	// Name identifies the quota in errors and in Usage, e.g.
	// "Open-Meteo daily".
	Name string
	// Bucket restricts the quota to requests whose Request.Bucket is the
	// same; "" applies it to every request of the Client.
	Bucket string
	// Limit is the number of request units a window allows; zero or less
	// means no quota (the entry is ignored).
	Limit int
	// Window is the length of a fixed window aligned to multiples of Window
	// since the zero time in UTC: time.Hour ends at each full UTC hour,
	// 24*time.Hour at 00:00 UTC.
	Window time.Duration
	// Reset, when set, is used instead of Window: given the instant a new
	// window opens, it returns when that window ends, which must be after
	// it (see DailyReset). A Reset that returns an earlier instant falls
	// back to Window, or to 24 hours when Window is zero.
	Reset func(now time.Time) time.Time
}

// DailyReset returns a Quota.Reset that ends each window at the next
// midnight in loc, e.g. 00:00 China Standard Time for Amap's daily quotas.
func DailyReset(loc *time.Location) func(now time.Time) time.Time {
	return func(now time.Time) time.Time {
		y, m, d := now.In(loc).Date()
		return time.Date(y, m, d+1, 0, 0, 0, 0, loc)
	}
}

// QuotaUsage is a quota's state at one instant, for metrics and status
// pages.
type QuotaUsage struct {
	Name   string `json:"name"`
	Bucket string `json:"bucket,omitempty"`
	// Used is the units spent in the current window, at most Limit.
	Used  int `json:"used"`
	Limit int `json:"limit"`
	// ResetsAt is when the current window ends and Used returns to zero.
	ResetsAt time.Time `json:"resets_at"`
}

// QuotaError is the error of a request refused because a Quota is used
// up; nothing was sent. It wraps an *orchestrator.UpstreamError
// (rate_limited, not retryable: retrying before ResetsAt cannot help), so
// errors.As finds either; callers that can wait, or defer work, read
// ResetsAt or RetryAfter.
type QuotaError struct {
	Err *orchestrator.UpstreamError
	// Quota is the name of the exhausted quota. When several are, it is
	// the one that resets last.
	Quota string
	Limit int
	// ResetsAt is when the quota's window ends; RetryAfter is how long that
	// was from the refusal (by the Client's clock).
	ResetsAt   time.Time
	RetryAfter time.Duration
}

// Error returns the wrapped UpstreamError's message.
func (e *QuotaError) Error() string { return e.Err.Error() }

// Unwrap returns the *orchestrator.UpstreamError.
func (e *QuotaError) Unwrap() error { return e.Err }

// quotaState is one quota's counter: the units used in the window that
// ends at resetsAt (zero until the quota is first consulted).
type quotaState struct {
	q        Quota
	used     int
	resetsAt time.Time
}

// roll opens a new window when now has reached the end of the current one.
func (s *quotaState) roll(now time.Time) {
	if !s.resetsAt.IsZero() && now.Before(s.resetsAt) {
		return
	}
	s.used = 0
	s.resetsAt = s.windowEnd(now)
}

func (s *quotaState) windowEnd(now time.Time) time.Time {
	if s.q.Reset != nil {
		if t := s.q.Reset(now); t.After(now) {
			return t
		}
	}
	if s.q.Window > 0 {
		return now.Truncate(s.q.Window).Add(s.q.Window).UTC()
	}
	return now.Add(24 * time.Hour).UTC()
}

func (s *quotaState) usage() QuotaUsage {
	return QuotaUsage{Name: s.q.Name, Bucket: s.q.Bucket, Used: s.used, Limit: s.q.Limit, ResetsAt: s.resetsAt}
}

// quotas are a Client's counters, behind one mutex. It is safe for
// concurrent use.
type quotas struct {
	mu  sync.Mutex
	all []*quotaState // declaration order
}

// newQuotas keeps the quotas with a positive Limit. It panics on a quota
// without a window: that is a programming error, like a nil map.
func newQuotas(qs []Quota) *quotas {
	out := &quotas{}
	for _, q := range qs {
		if q.Limit <= 0 {
			continue
		}
		if q.Window <= 0 && q.Reset == nil {
			panic(fmt.Sprintf("upstream: quota %q has neither Window nor Reset", q.Name))
		}
		out.all = append(out.all, &quotaState{q: q})
	}
	return out
}

// refusal describes the quota that refused a request.
type refusal struct {
	QuotaUsage
	cost int
}

// reserve checks that every quota that applies to bucket has cost units
// left at now and, if take is set, spends them, all or none. It returns
// nil when the request may go, or the blocking quota that resets last.
func (qs *quotas) reserve(bucket string, cost int, now time.Time, take bool) *refusal {
	if len(qs.all) == 0 {
		return nil
	}
	qs.mu.Lock()
	defer qs.mu.Unlock()
	var blocked *quotaState
	for _, s := range qs.all {
		if s.q.Bucket != "" && s.q.Bucket != bucket {
			continue
		}
		s.roll(now)
		if s.used+cost > s.q.Limit && (blocked == nil || s.resetsAt.After(blocked.resetsAt)) {
			blocked = s
		}
	}
	if blocked != nil {
		return &refusal{QuotaUsage: blocked.usage(), cost: cost}
	}
	if take {
		for _, s := range qs.all {
			if s.q.Bucket == "" || s.q.Bucket == bucket {
				s.used += cost
			}
		}
	}
	return nil
}

// usage returns every quota's state at now, in declaration order.
func (qs *quotas) usage(now time.Time) []QuotaUsage {
	qs.mu.Lock()
	defer qs.mu.Unlock()
	out := make([]QuotaUsage, 0, len(qs.all))
	for _, s := range qs.all {
		s.roll(now)
		out = append(out, s.usage())
	}
	return out
}

// Usage returns the state of the Client's quotas now (by its clock), in
// the order they were configured; nil when it has none. Each call opens
// the windows that are due, so Used is 0 for a quota whose window has
// ended.
func (c *Client) Usage() []QuotaUsage {
	if len(c.quotas.all) == 0 {
		return nil
	}
	now := c.opts.Now()
	if c.opts.Shared != nil {
		c.usageShared(now)
	}
	return c.quotas.usage(now)
}

// checkQuota reports whether r may be sent under the quotas at this
// instant, spending its cost when take is set.
func (c *Client) checkQuota(ctx context.Context, r *Request, take bool) *QuotaError {
	now := c.opts.Now()
	var ref *refusal
	handled := false
	if c.opts.Shared != nil {
		ref, handled = c.reserveShared(ctx, r.Bucket, r.cost(), now, take)
	}
	if !handled {
		ref = c.quotas.reserve(r.Bucket, r.cost(), now, take)
	}
	if ref == nil {
		return nil
	}
	var msg string
	if left := ref.Limit - ref.Used; left <= 0 {
		msg = fmt.Sprintf("%s quota of %d requests is used up; resets at %s", ref.Name, ref.Limit, formatReset(ref.ResetsAt))
	} else {
		msg = fmt.Sprintf("%s quota of %d requests has %d left, fewer than the %d this request costs; resets at %s",
			ref.Name, ref.Limit, left, ref.cost, formatReset(ref.ResetsAt))
	}
	return &QuotaError{
		Err:        c.errorf(orchestrator.ERATELIMITED, false, "%s", msg),
		Quota:      ref.Name,
		Limit:      ref.Limit,
		ResetsAt:   ref.ResetsAt,
		RetryAfter: max(ref.ResetsAt.Sub(now), 0),
	}
}

// formatReset writes a reset instant in its own zone, to the minute when
// it falls on one: 2026-11-30T00:00Z, 2026-12-01T00:00+08:00.
func formatReset(t time.Time) string {
	if t.Second() == 0 && t.Nanosecond() == 0 {
		return t.Format("2006-01-02T15:04Z07:00")
	}
	return t.Format(time.RFC3339)
}
