package ginserver

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/platform/ratelimit"
)

// Limits are the fair-use limits of Hardening: a request rate and a plan
// quota per caller (an API key, or the client's address when
// authentication is off), decided by Limiter (shared by every replica when
// it is Redis), and the bound on plans in flight in this process.
type Limits struct {
	// Limiter decides the rates; nil applies none.
	Limiter ratelimit.Limiter
	// Requests is each caller's rate over every route but /healthz and
	// /readyz.
	Requests ratelimit.Rule
	// Plans is each caller's quota of plans (POST /v1/plans, its stream,
	// answers, and the agent endpoints).
	Plans ratelimit.Rule
	// PerKey overrides Requests for the API keys it names (by key ID).
	PerKey map[string]ratelimit.Rule
	// Admission bounds the plans in flight; nil bounds nothing.
	Admission *Admission
	// PlanGate, when set, is asked before each plan request: an error
	// (e.g. an imported dataset being loaded again) answers in its place,
	// so plans are refused with a clear status rather than made without
	// their data.
	PlanGate func(ctx context.Context) error
}

// rateLimited is a 429: its RetryAfter sets the Retry-After header.
type rateLimited struct {
	msg  string
	wait time.Duration
}

func (e *rateLimited) Error() string             { return e.msg }
func (e *rateLimited) RetryAfter() time.Duration { return e.wait }
func (e *rateLimited) Unwrap() error {
	return &orchestrator.Error{Code: orchestrator.ERATELIMITED, Message: e.msg}
}

// overloaded is a 503 for a request refused because too many plans are in
// flight.
type overloaded struct {
	msg  string
	wait time.Duration
}

func (e *overloaded) Error() string             { return e.msg }
func (e *overloaded) RetryAfter() time.Duration { return e.wait }
func (e *overloaded) Unwrap() error {
	return &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: e.msg}
}

func exemptFromLimits(path string) bool { return path == "/healthz" || path == "/readyz" }

// planRoute reports whether the request makes plans.
func planRoute(c *gin.Context) bool {
	route := c.FullPath()
	if route == "" {
		route = c.Request.URL.Path
	}
	return c.Request.Method == http.MethodPost && planPaths[route]
}

// planPaths are the routes that make plans: the quota and the admission
// bound apply to them.
var planPaths = map[string]bool{
	"/v1/plans": true, "/v1/plans/stream": true, "/v1/plans/:id/answers": true, "/mcp": true, "/a2a": true,
}

// callerID names whom the limits count: the API key, or the client's
// address (never a forwarded header, which a client can forge).
func callerID(c *gin.Context, key *orchestrator.APIKey) string {
	if key != nil {
		return "key:" + key.ID
	}
	host, _, err := net.SplitHostPort(c.Request.RemoteAddr)
	if err != nil {
		host = c.Request.RemoteAddr
	}
	return "ip:" + host
}

// limit applies the caller's request rate and, on plan routes, the plan
// quota; it sets the RateLimit headers and answers 429 with Retry-After
// when one is spent. It reports whether the request may go on.
func (s *Server) limit(c *gin.Context, key *orchestrator.APIKey) bool {
	l := s.cfg.Limits
	if l.Limiter == nil || exemptFromLimits(c.Request.URL.Path) || c.Request.Method == http.MethodOptions {
		return true
	}
	who := callerID(c, key)
	rule := l.Requests
	if key != nil {
		if r, ok := l.PerKey[key.ID]; ok {
			rule = r
		}
	}
	checks := []struct {
		name string
		rule ratelimit.Rule
	}{{"requests", rule}}
	if !l.Plans.Off() && planRoute(c) {
		checks = append(checks, struct {
			name string
			rule ratelimit.Rule
		}{"plans", l.Plans})
	}
	for _, ch := range checks {
		if ch.rule.Off() {
			continue
		}
		d, _ := l.Limiter.Allow(c.Request.Context(), ch.name+":"+who, ch.rule)
		setRateHeaders(c, ch.rule, d)
		if !d.Allowed {
			if s.cfg.Metrics != nil {
				s.cfg.Metrics.observeLimited(ch.name)
			}
			what := "request rate"
			if ch.name == "plans" {
				what = "plan quota"
			}
			writeError(c, s.log, &rateLimited{wait: d.RetryAfter,
				msg: "the " + what + " of " + who + " (" + ch.rule.String() + ") is spent; retry after the time in Retry-After"})
			return false
		}
	}
	return true
}

// setRateHeaders sets the RateLimit-* headers (IETF draft
// httpapi-ratelimit-headers): the burst, what remains of it, seconds until
// it is whole, and the policy (quota;w=window seconds).
func setRateHeaders(c *gin.Context, r ratelimit.Rule, d ratelimit.Decision) {
	h := c.Writer.Header()
	h.Set("RateLimit-Limit", strconv.Itoa(d.Limit))
	h.Set("RateLimit-Remaining", strconv.Itoa(d.Remaining))
	h.Set("RateLimit-Reset", strconv.Itoa(ceilSeconds(d.Reset)))
	h.Set("RateLimit-Policy", strconv.Itoa(r.Rate)+";w="+strconv.Itoa(ceilSeconds(r.Period))+";burst="+strconv.Itoa(r.Burst))
}

func ceilSeconds(d time.Duration) int { return int((d + time.Second - 1) / time.Second) }

// Admission bounds the plans being made at once in a process: planning
// holds memory (several MB a plan) and CPU, so beyond the bound a request
// waits at most Wait for a slot and is then refused with 503 and
// Retry-After, instead of queueing past the plan deadline. It is safe for
// concurrent use.
type Admission struct {
	slots    chan struct{}
	wait     time.Duration
	retry    time.Duration
	rejected atomic.Int64
}

// NewAdmission returns a bound of max plans in flight, each extra request
// waiting at most wait for a slot (0: refused at once).
func NewAdmission(max int, wait time.Duration) *Admission {
	return &Admission{slots: make(chan struct{}, max), wait: wait, retry: time.Second}
}

// InFlight returns the plans being made now.
func (a *Admission) InFlight() int { return len(a.slots) }

// Max returns the bound.
func (a *Admission) Max() int { return cap(a.slots) }

// Rejected returns how many requests were refused so far.
func (a *Admission) Rejected() int64 { return a.rejected.Load() }

// acquire takes a slot, waiting at most a.wait or until ctx ends.
func (a *Admission) acquire(ctx context.Context) bool {
	select {
	case a.slots <- struct{}{}:
		return true
	default:
	}
	if a.wait <= 0 {
		return false
	}
	t := time.NewTimer(a.wait)
	defer t.Stop()
	select {
	case a.slots <- struct{}{}:
		return true
	case <-t.C:
	case <-ctx.Done():
	}
	return false
}

func (a *Admission) release() { <-a.slots }

// admit takes a slot of the in-flight bound for a plan route; beyond the
// bound it answers 503 with Retry-After. It returns the release to call
// when the request ends, and whether the request may go on.
func (s *Server) admit(c *gin.Context) (func(), bool) {
	if !planRoute(c) {
		return func() {}, true
	}
	if g := s.cfg.Limits.PlanGate; g != nil {
		if err := g(c.Request.Context()); err != nil {
			writeError(c, s.log, err)
			return nil, false
		}
	}
	a := s.cfg.Limits.Admission
	if a == nil {
		return func() {}, true
	}
	if !a.acquire(c.Request.Context()) {
		a.rejected.Add(1)
		if s.cfg.Metrics != nil {
			s.cfg.Metrics.observeRejected()
		}
		writeError(c, s.log, &overloaded{wait: a.retry,
			msg: "too many plans in flight (" + strconv.Itoa(a.Max()) + "); try again shortly"})
		return nil, false
	}
	return a.release, true
}
