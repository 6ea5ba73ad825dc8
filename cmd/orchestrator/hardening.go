package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/platform/ratelimit"
)

// HardeningConfig is the configuration of access control, limits and
// browser policy, read from the environment by fromEnv.
type HardeningConfig struct {
	// CORSOrigins is TRIPWEAVE_CORS_ORIGINS: comma-separated browser
	// origins allowed to call the API ("*" for any).
	CORSOrigins []string
	// DBMaxBytes is TRIPWEAVE_DB_MAX_MB in bytes: the plan store's size cap
	// (0: none). A full store answers 503 with Retry-After.
	DBMaxBytes int64
	// AgentsToken is TRIPWEAVE_AGENTS_TOKEN: the bearer token sent to the
	// agents server.
	AgentsToken string

	// RateLimit is TRIPWEAVE_RATE_LIMIT: each caller's request rate (an
	// API key's, or a client address's with authentication off), e.g.
	// "20/s,burst=40". Unset: DefaultKeyRate once API keys are required,
	// none on an open loopback listener. "off": none.
	RateLimit    ratelimit.Rule
	RateLimitSet bool
	// PlanQuota is TRIPWEAVE_PLAN_QUOTA: each caller's plans, e.g.
	// "1000/d"; unset or "off": none.
	PlanQuota ratelimit.Rule
	// KeyRateLimits is TRIPWEAVE_KEY_RATE_LIMITS: "KEYID=RULE;KEYID=RULE",
	// request rates of named keys instead of RateLimit.
	KeyRateLimits map[string]ratelimit.Rule
	// RatePrefix is TRIPWEAVE_RATE_PREFIX: the Redis key prefix of the
	// shared limits (replicas of one deployment share it).
	RatePrefix string
	// MaxInFlight is TRIPWEAVE_MAX_PLANS_IN_FLIGHT: plans made at once by
	// this process (0: no bound); beyond it requests wait at most
	// AdmitWait (TRIPWEAVE_ADMIT_WAIT) and then get 503 with Retry-After.
	MaxInFlight int
	AdmitWait   time.Duration
}

// Defaults of the fair-use limits.
const (
	DefaultMaxInFlight = 32
	DefaultAdmitWait   = 100 * time.Millisecond
	DefaultRatePrefix  = "tripweave:"
)

// DefaultKeyRate is each API key's request rate when keys are required and
// TRIPWEAVE_RATE_LIMIT is unset.
var DefaultKeyRate = ratelimit.Rule{Rate: 20, Period: time.Second, Burst: 40}

// fromEnv overrides h from the environment.
func (h HardeningConfig) fromEnv(getenv func(string) string) (HardeningConfig, error) {
	if v := strings.TrimSpace(getenv("TRIPWEAVE_CORS_ORIGINS")); v != "" {
		h.CORSOrigins = nil
		for o := range strings.SplitSeq(v, ",") {
			if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
				if o != "*" && !strings.HasPrefix(o, "http://") && !strings.HasPrefix(o, "https://") {
					return h, fmt.Errorf("TRIPWEAVE_CORS_ORIGINS: %q is not an origin such as https://app.example.com", o)
				}
				h.CORSOrigins = append(h.CORSOrigins, o)
			}
		}
	}
	h.AgentsToken = strings.TrimSpace(getenv("TRIPWEAVE_AGENTS_TOKEN"))
	if v := strings.TrimSpace(getenv("TRIPWEAVE_DB_MAX_MB")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return h, fmt.Errorf("TRIPWEAVE_DB_MAX_MB: %q is not a whole number of megabytes", v)
		}
		h.DBMaxBytes = n << 20
	}
	if v := getenv("TRIPWEAVE_RATE_LIMIT"); strings.TrimSpace(v) != "" {
		r, err := ratelimit.ParseRule(v)
		if err != nil {
			return h, fmt.Errorf("TRIPWEAVE_RATE_LIMIT: %w", err)
		}
		h.RateLimit, h.RateLimitSet = r, true
	}
	if v := getenv("TRIPWEAVE_PLAN_QUOTA"); strings.TrimSpace(v) != "" {
		r, err := ratelimit.ParseRule(v)
		if err != nil {
			return h, fmt.Errorf("TRIPWEAVE_PLAN_QUOTA: %w", err)
		}
		h.PlanQuota = r
	}
	if v := strings.TrimSpace(getenv("TRIPWEAVE_KEY_RATE_LIMITS")); v != "" {
		h.KeyRateLimits = map[string]ratelimit.Rule{}
		for entry := range strings.SplitSeq(v, ";") {
			if entry = strings.TrimSpace(entry); entry == "" {
				continue
			}
			id, rule, ok := strings.Cut(entry, "=")
			r, err := ratelimit.ParseRule(rule)
			if !ok || strings.TrimSpace(id) == "" || err != nil {
				return h, fmt.Errorf("TRIPWEAVE_KEY_RATE_LIMITS: %q is not KEYID=RULE such as k1a2b3c4d5e6=5/s (%v)", entry, err)
			}
			h.KeyRateLimits[strings.TrimSpace(id)] = r
		}
	}
	h.RatePrefix = DefaultRatePrefix
	if v := strings.TrimSpace(getenv("TRIPWEAVE_RATE_PREFIX")); v != "" {
		h.RatePrefix = v
	}
	h.MaxInFlight, h.AdmitWait = DefaultMaxInFlight, DefaultAdmitWait
	if v := strings.TrimSpace(getenv("TRIPWEAVE_MAX_PLANS_IN_FLIGHT")); v != "" {
		n, err := strconv.Atoi(v)
		if v == "off" {
			n, err = 0, nil
		}
		if err != nil || n < 0 || n > 100000 {
			return h, fmt.Errorf("TRIPWEAVE_MAX_PLANS_IN_FLIGHT: %q is not a number of plans (or off)", v)
		}
		h.MaxInFlight = n
	}
	if v := strings.TrimSpace(getenv("TRIPWEAVE_ADMIT_WAIT")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > time.Minute {
			return h, fmt.Errorf("TRIPWEAVE_ADMIT_WAIT: %q is not a duration from 0s to 1m such as 100ms", v)
		}
		h.AdmitWait = d
	}
	return h, nil
}

// limits builds the server's fair-use limits: shared through Redis when
// REDIS_URL names one (every replica counts a caller together), in process
// otherwise.
func (a *App) limits() ginserver.Limits {
	h := a.Config.Hardening
	l := ginserver.Limits{Requests: h.RateLimit, Plans: h.PlanQuota, PerKey: h.KeyRateLimits}
	if a.Config.RedisURL != "" {
		l.Limiter = ratelimit.NewRedis(a.Redis, ratelimit.RedisOptions{Prefix: h.RatePrefix, Now: a.Config.Now, Logger: a.Logger})
	} else {
		l.Limiter = ratelimit.NewLocal(a.Config.Now)
	}
	if h.MaxInFlight > 0 {
		l.Admission = ginserver.NewAdmission(h.MaxInFlight, h.AdmitWait)
	}
	if a.datasets != nil {
		l.PlanGate = a.datasets.gate
	}
	return l
}

// drainTimeout is how long shutdown lets requests in flight finish: the
// configured one, or the plan deadline plus 15 s so that a plan started just
// before SIGTERM is still stored and answered.
func (c Config) drainTimeout() time.Duration {
	if c.Drain > 0 {
		return c.Drain
	}
	return c.Deadline + 15*time.Second
}

// limitStoreSize applies TRIPWEAVE_DB_MAX_MB to a store that supports a
// size cap (SQLite); for others a cap is an error saying so.
func limitStoreSize(ctx context.Context, store orchestrator.PlanStore, maxBytes int64) error {
	if maxBytes <= 0 {
		return nil
	}
	ls, ok := store.(interface {
		LimitSize(ctx context.Context, maxBytes int64) error
	})
	if !ok {
		return errors.New("TRIPWEAVE_DB_MAX_MB applies to the SQLite plan store only; size PostgreSQL with its own quotas")
	}
	if err := ls.LimitSize(ctx, maxBytes); err != nil {
		return fmt.Errorf("TRIPWEAVE_DB_MAX_MB: %w", err)
	}
	return nil
}

// readiness lists what /readyz checks: Redis, the plan store, whether the
// store can still take a plan when it can tell (SQLite's write probe), and
// whether the imported datasets are still in Redis.
func readiness(a *App) map[string]ginserver.Pinger {
	r := map[string]ginserver.Pinger{"redis": a.KB, "store": a.Store}
	if a.datasets != nil {
		r["datasets"] = a.datasets
	}
	if cw, ok := a.Store.(interface {
		CheckWrite(ctx context.Context) error
	}); ok {
		r["store_writable"] = ginserver.PingFunc(cw.CheckWrite)
	}
	return r
}

// bearerTransport adds "Authorization: Bearer token" to every request;
// an empty token means the default transport.
func bearerTransport(token string) http.RoundTripper {
	if token == "" {
		return http.DefaultTransport
	}
	return roundTripFunc(func(r *http.Request) (*http.Response, error) {
		r = r.Clone(r.Context())
		r.Header.Set("Authorization", "Bearer "+token)
		return http.DefaultTransport.RoundTrip(r)
	})
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
