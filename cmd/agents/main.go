// Command agents serves tripweave's agents as MCP servers over streamable
// HTTP: /mcp is one MCP server with every tool (GET /mcp with Accept:
// application/json lists the agents), /mcp/<agent> serves each (see package
// agents), and GET /healthz reports liveness.
//
// Usage:
//
//	agents [--addr HOST:PORT]
//
// Environment (flags win over it):
//
//	TRIPWEAVE_AGENTS_ADDR    listen address (default 127.0.0.1:8081)
//	TRIPWEAVE_AGENTS_TOKEN   bearer token required on every request but /healthz
//	OPENMETEO_GEOCODING_URL  Open-Meteo geocoding endpoint
//	OPENMETEO_FORECAST_URL   Open-Meteo forecast endpoint
//	OPENMETEO_ARCHIVE_URL    Open-Meteo archive endpoint
//	TRIPWEAVE_USER_AGENT     User-Agent sent to providers
//	TRIPWEAVE_LOG_LEVEL      debug, info (default), warn or error
//
// Logs are JSON lines on stderr. SIGINT or SIGTERM shuts the server down
// gracefully.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
)

// DefaultAddr is where the agents listen by default.
const DefaultAddr = "127.0.0.1:8081"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m := NewMain()
	if err := m.Configure(os.Args[1:], os.Getenv); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	stopTracing, err := tracing.Setup(ctx, "tripweave-agents") // OTEL_*; off when unset
	if err != nil {
		m.Logger.Error("OpenTelemetry (OTEL_*)", "error", err)
		os.Exit(2)
	}
	if err := m.Run(ctx); err != nil {
		m.Logger.Error("agents failed to start", "error", err)
		os.Exit(1)
	}
	<-ctx.Done()
	m.Logger.Info("agents shutting down")
	err = m.Close()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	_ = stopTracing(sctx)
	cancel()
	if err != nil {
		m.Logger.Error("agents shutdown", "error", err)
		os.Exit(1)
	}
}

// Main is the agents program: configuration with defaults, then Run and
// Close. End-to-end tests drive the same type.
type Main struct {
	// Addr is the listen address; "127.0.0.1:0" picks a free port.
	Addr string
	// Token, when set, is the bearer token every request must carry.
	Token string
	// RedisURL (env REDIS_URL), when set, shares the providers' quotas and
	// rates with every orchestrator and worker on that Redis, under
	// QuotaPrefix (TRIPWEAVE_CACHE_PREFIX + "quota:", as they use).
	RedisURL, QuotaPrefix string
	Config                agents.Config
	agents                *agents.Set
	handler               *agents.MCPHandler
	Logger                *slog.Logger
	// ShutdownTimeout bounds graceful shutdown; then connections are cut.
	ShutdownTimeout time.Duration
	// Stderr receives the logs and flag errors; default os.Stderr.
	Stderr io.Writer

	closeRedis func() error
	closeKB    func() error
	ln         net.Listener
	srv        *http.Server
	serve      chan error // the serving goroutine's result
}

// NewMain returns a Main with the defaults.
func NewMain() *Main {
	return &Main{
		Addr:            DefaultAddr,
		ShutdownTimeout: 10 * time.Second,
		Stderr:          os.Stderr,
	}
}

// Configure applies the environment, read through getenv, and then the
// command-line args.
func (m *Main) Configure(args []string, getenv func(string) string) error {
	cfg, err := agents.ConfigFromEnv(getenv)
	if err != nil {
		return fmt.Errorf("agents: %w", err)
	}
	m.Config = cfg
	level := applyEnv(m, getenv)
	fs := flag.NewFlagSet("agents", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.StringVar(&m.Addr, "addr", m.Addr, "listen address HOST:PORT (env TRIPWEAVE_AGENTS_ADDR)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("agents: unexpected arguments %q", fs.Args())
	}
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return fmt.Errorf("agents: TRIPWEAVE_LOG_LEVEL: %w", err)
	}
	m.Logger = slog.New(slog.NewJSONHandler(m.Stderr, &slog.HandlerOptions{Level: lv}))
	return nil
}

// applyEnv reads every environment override into m and returns the log
// level ("info" when unset).
func applyEnv(m *Main, getenv func(string) string) (level string) {
	set := func(dst *string, key string) {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			*dst = v
		}
	}
	set(&m.Addr, "TRIPWEAVE_AGENTS_ADDR")
	set(&m.Token, "TRIPWEAVE_AGENTS_TOKEN")
	set(&m.RedisURL, "REDIS_URL")
	m.QuotaPrefix = "kb:v1:"
	set(&m.QuotaPrefix, "TRIPWEAVE_CACHE_PREFIX")
	m.QuotaPrefix += "quota:"
	level = "info"
	set(&level, "TRIPWEAVE_LOG_LEVEL")
	return level
}

// Run builds the agents, starts listening and serves in the background. It
// returns once the listener is open; Close stops it. ctx bounds start-up
// only.
func (m *Main) Run(ctx context.Context) error {
	if m.Logger == nil {
		m.Logger = slog.New(slog.NewJSONHandler(m.Stderr, nil))
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if m.RedisURL != "" && m.Config.Shared == nil {
		rdb, closeRedis, err := knowledgebase.Connect(ctx, m.RedisURL, m.Logger)
		if err != nil {
			return fmt.Errorf("agents: %w", err)
		}
		m.closeRedis = closeRedis
		m.Config.Shared = upstream.NewRedisShared(rdb, m.QuotaPrefix)
		if m.Config.Knowledge == nil {
			// Each city's climate normals and forecast window, shared with
			// the orchestrators' knowledge cache (its default prefix).
			kb := knowledgebase.New(rdb, nil)
			m.closeKB = kb.Close
			m.Config.Knowledge = kb
		}
		m.Logger.Info("provider quotas and rates shared through REDIS_URL", "prefix", m.QuotaPrefix)
	}
	set, err := agents.Open(m.Config, m.Logger)
	if err != nil {
		return err
	}
	m.agents = set
	servers := set.Servers
	if m.Config.Browser == nil {
		m.Logger.Info("no Chromium (or TRIPWEAVE_BROWSER=off): the browser agent is not served")
	}
	mcpHandler, err := agents.NewHandler(servers)
	if err != nil {
		return fmt.Errorf("agents: %w", err)
	}
	m.handler = mcpHandler
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcpHandler)
	mux.Handle("/mcp/", mcpHandler)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]string{"status": "ok"})
	})
	mux.HandleFunc("GET /quotas", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"quotas": set.Usage()})
	})

	if err := checkExposure(m.Addr, m.Token); err != nil {
		return err
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", m.Addr)
	if err != nil {
		return fmt.Errorf("agents: listen %s: %w", m.Addr, err)
	}
	m.ln = ln
	m.srv = &http.Server{
		Handler:           requireToken(m.Token, mux),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(m.Logger.Handler(), slog.LevelWarn),
	}
	m.serve = make(chan error, 1)
	go func() { m.serve <- m.srv.Serve(ln) }()
	m.Logger.Info("agents listening", "addr", ln.Addr().String(), "mcp", m.URL()+"/mcp", "agents", len(servers))
	return nil
}

// URL returns the base URL the server answers on, e.g. http://127.0.0.1:8081.
func (m *Main) URL() string {
	if m.ln == nil {
		return ""
	}
	addr := m.ln.Addr().(*net.TCPAddr)
	host := addr.IP.String()
	if addr.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, fmt.Sprint(addr.Port))
}

// Close shuts the server down gracefully, waiting up to ShutdownTimeout for
// calls in flight, and waits for the serving goroutine. It is safe to call
// when Run was not.
func (m *Main) Close() error {
	if m.closeRedis != nil {
		defer m.closeRedis()
	}
	if m.closeKB != nil {
		defer m.closeKB()
	}
	if m.agents != nil {
		defer m.agents.Close()
	}
	if m.handler != nil {
		defer m.handler.Close()
	}
	if m.srv == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), m.ShutdownTimeout)
	defer cancel()
	err := m.srv.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		err = errors.Join(err, m.srv.Close())
	}
	if serr := <-m.serve; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	m.srv = nil
	return err
}
