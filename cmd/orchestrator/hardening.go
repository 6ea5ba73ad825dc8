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
	"github.com/tripweave/tripweave/orchestrator/ginserver"
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
}

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
	return h, nil
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

// readiness lists what /readyz checks: Redis, the plan store, and whether
// the store can still take a plan when it can tell (SQLite's write probe).
func readiness(a *App) map[string]ginserver.Pinger {
	r := map[string]ginserver.Pinger{"redis": a.KB, "store": a.Store}
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
