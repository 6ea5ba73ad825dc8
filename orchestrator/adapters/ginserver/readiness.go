package ginserver

import (
	"context"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
)

// ReadyTimeout is each readiness check's own deadline: one frozen
// dependency makes /readyz slow by at most this, and names itself.
const ReadyTimeout = time.Second

// PingFunc adapts a function to Pinger.
type PingFunc func(ctx context.Context) error

// Ping calls f.
func (f PingFunc) Ping(ctx context.Context) error { return f(ctx) }

// readyCheck is one dependency's result in /readyz.
type readyCheck struct {
	Status     string  `json:"status"` // ok, failed or timeout
	Error      string  `json:"error,omitempty"`
	DurationMS float64 `json:"duration_ms"`
}

// readyz runs every readiness check at once, each under ReadyTimeout, and
// answers 200 when all pass, otherwise 503 naming the ones that failed and
// why. The Degraded checks run beside them: one that fails is listed under
// "degraded" (status "degraded" when everything else is ready) and the
// answer stays 200, since liveness and readiness do not hang on it.
func (s *Server) readyz(c *gin.Context) {
	names := make([]string, 0, len(s.cfg.Ready)+len(s.cfg.Degraded))
	for name := range s.cfg.Ready {
		names = append(names, name)
	}
	for name := range s.cfg.Degraded {
		if _, dup := s.cfg.Ready[name]; !dup {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	results := make([]readyCheck, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(c.Request.Context(), ReadyTimeout)
			defer cancel()
			start := time.Now()
			p, ok := s.cfg.Ready[name]
			if !ok {
				p = s.cfg.Degraded[name]
			}
			err := p.Ping(ctx)
			r := readyCheck{Status: "ok", DurationMS: float64(time.Since(start).Microseconds()) / 1000}
			switch {
			case err != nil && ctx.Err() != nil:
				r.Status, r.Error = "timeout", "no answer within "+ReadyTimeout.String()
			case err != nil:
				r.Status, r.Error = "failed", orchestrator.ErrorMessage(err)
				if orchestrator.ErrorCode(err) == orchestrator.EINTERNAL {
					r.Error = err.Error() // operators read /readyz; the cause helps them
				}
			}
			results[i] = r
		})
	}
	wg.Wait()
	checks := make(map[string]readyCheck, len(names))
	var failed, degraded []string
	for i, name := range names {
		checks[name] = results[i]
		if results[i].Status == "ok" {
			continue
		}
		if _, ok := s.cfg.Ready[name]; !ok {
			degraded = append(degraded, name)
			continue
		}
		failed = append(failed, name)
		s.log.WarnContext(c.Request.Context(), "readiness check failed", "dependency", name, "status", results[i].Status, "err", results[i].Error)
	}
	if len(failed) > 0 {
		c.Header("Retry-After", "5")
		body := gin.H{"status": "not_ready", "failed": failed, "checks": checks}
		if degraded != nil {
			body["degraded"] = degraded
		}
		c.JSON(http.StatusServiceUnavailable, body)
		return
	}
	if degraded != nil {
		c.JSON(http.StatusOK, gin.H{"status": "degraded", "degraded": degraded, "checks": checks})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ready", "checks": checks})
}
