package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/decision"
	"github.com/tripweave/tripweave/orchestrator"
)

// Config is the orchestrator's configuration. DefaultConfig gives the
// embedded defaults; FromEnv overrides them from the environment.
type Config struct {
	Addr      string        // TRIPWEAVE_ADDR
	RedisURL  string        // REDIS_URL; "" → in-process miniredis
	KBPrefix  string        // TRIPWEAVE_CACHE_PREFIX; key prefix of the knowledge cache
	KBHold    time.Duration // TRIPWEAVE_CACHE_HOLD_TTL; lookups held in memory (knowledgebase.Options.HoldTTL); 0 → off
	DBPath    string        // TRIPWEAVE_DB_PATH; SQLite file
	AgentsURL string        // TRIPWEAVE_AGENTS_URL; "" → in-process agents
	Imports   string        // TRIPWEAVE_IMPORT: FORMAT:DIR,… datasets loaded into the cache at start
	TTLs      string        // TRIPWEAVE_TTLS, e.g. "static_knowledge=168h,live_condition=1h"
	Deadline  time.Duration // TRIPWEAVE_PLAN_DEADLINE
	NodeTime  time.Duration // TRIPWEAVE_NODE_TIMEOUT
	MaxNodes  int           // TRIPWEAVE_MAX_CONCURRENCY
	LogLevel  string        // TRIPWEAVE_LOG_LEVEL: debug, info, warn, error
	Drain     time.Duration // TRIPWEAVE_DRAIN_TIMEOUT; 0 → plan deadline + 15 s
	Auth      string        // TRIPWEAVE_AUTH: "" (off on loopback only) or "required"

	// Hardening: access control, limits, browser policy (hardening.go).
	Hardening HardeningConfig

	// Scale configures the shared parts of a deployment of several
	// processes: plan store, pre-warm queue, shared quotas (scale.go).
	Scale ScaleConfig

	// Agents configures the in-process agents (provider endpoints, keys,
	// the browser): agents.ConfigFromEnv.
	Agents agents.Config

	// Now is the clock (tests inject one); nil → time.Now.
	Now func() time.Time
}

// DefaultConfig returns the embedded defaults: everything runs in one
// process with no external service.
func DefaultConfig() Config {
	return Config{
		Addr:     "127.0.0.1:8080",
		DBPath:   "data/tripweave.db",
		KBPrefix: "kb:v1:",
		// One second: another process's write to the cache reaches this
		// one's plans at most a second later (docs/benchmarks.md).
		KBHold:   time.Second,
		Deadline: 60 * time.Second,
		NodeTime: 15 * time.Second,
		MaxNodes: 32,
		LogLevel: "info",
	}
}

// FromEnv overrides c from the environment; getenv is os.Getenv in
// production. Malformed values are errors naming the variable.
func (c Config) FromEnv(getenv func(string) string) (Config, error) {
	str := func(name string, dst *string) {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			*dst = v
		}
	}
	str("TRIPWEAVE_ADDR", &c.Addr)
	str("REDIS_URL", &c.RedisURL)
	str("TRIPWEAVE_CACHE_PREFIX", &c.KBPrefix)
	str("TRIPWEAVE_DB_PATH", &c.DBPath)
	str("TRIPWEAVE_AGENTS_URL", &c.AgentsURL)
	str("TRIPWEAVE_TTLS", &c.TTLs)
	str("TRIPWEAVE_IMPORT", &c.Imports)
	str("TRIPWEAVE_LOG_LEVEL", &c.LogLevel)
	str("TRIPWEAVE_AUTH", &c.Auth)
	if c.Auth != "" && c.Auth != "required" {
		return c, fmt.Errorf("TRIPWEAVE_AUTH: %q is not \"required\" (unset, authentication is off on loopback listeners only)", c.Auth)
	}
	c, err := c.storeFromEnv(getenv)
	if err != nil {
		return c, err
	}
	ac, err := agents.ConfigFromEnv(getenv)
	if err != nil {
		return c, err
	}
	c.Agents = ac
	for name, dst := range map[string]*time.Duration{"TRIPWEAVE_PLAN_DEADLINE": &c.Deadline, "TRIPWEAVE_NODE_TIMEOUT": &c.NodeTime, "TRIPWEAVE_DRAIN_TIMEOUT": &c.Drain} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return c, fmt.Errorf("%s: %q is not a positive duration such as 30s", name, v)
			}
			*dst = d
		}
	}
	if v := strings.TrimSpace(getenv("TRIPWEAVE_CACHE_HOLD_TTL")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return c, fmt.Errorf("TRIPWEAVE_CACHE_HOLD_TTL: %q is not a duration such as 1s (0 turns it off)", v)
		}
		c.KBHold = d
	}
	if v := strings.TrimSpace(getenv("TRIPWEAVE_MAX_CONCURRENCY")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 4096 {
			return c, fmt.Errorf("TRIPWEAVE_MAX_CONCURRENCY: %q is not a number from 1 to 4096", v)
		}
		c.MaxNodes = n
	}
	if _, err := parseImports(c.Imports); err != nil {
		return c, err
	}
	if c.Hardening, err = c.Hardening.fromEnv(getenv); err != nil {
		return c, err
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return c, fmt.Errorf("TRIPWEAVE_LOG_LEVEL: %q is not one of debug, info, warn, error", c.LogLevel)
	}
	return c, nil
}

// policy returns the decision policy with TRIPWEAVE_TTLS applied.
func (c Config) policy() (decision.Policy, error) {
	p := decision.DefaultPolicy()
	if c.TTLs == "" {
		return p, nil
	}
	ttls, err := decision.ParseTTLs(c.TTLs)
	if err != nil {
		return p, fmt.Errorf("TRIPWEAVE_TTLS: %w", err)
	}
	merged := map[orchestrator.Category]time.Duration{}
	for k, v := range p.TTL {
		merged[k] = v
	}
	for k, v := range ttls {
		merged[k] = v
	}
	p.TTL = merged
	return p, nil
}

// getenv is the process environment; tests substitute their own.
var getenv = os.Getenv
