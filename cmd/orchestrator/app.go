package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/agents/brief"
	"github.com/tripweave/tripweave/agents/toolclient"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/decision"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/delegate"
	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/adapters/prewarmq"
	"github.com/tripweave/tripweave/orchestrator/app/intake"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
	"github.com/tripweave/tripweave/orchestrator/platform/breaker"
	"github.com/tripweave/tripweave/templates"
)

// App is the wired orchestrator: knowledge cache, plan store, agent tools,
// planning service and HTTP API. End-to-end tests build it the same way
// main does.
type App struct {
	Config  Config
	Logger  *slog.Logger
	KB      *knowledgebase.Store
	Redis   redis.UniversalClient // the knowledge cache's client, shared with the pre-warm queue
	Prewarm *prewarmq.Queue       // nil without REDIS_URL
	Store   orchestrator.PlanStore
	Tools   *toolclient.Client
	Service *pipeline.Service
	Metrics *ginserver.Metrics
	Server  *ginserver.Server
	Parser  *queryParser
	// Circuits holds the providers' circuit breakers (GET /providers).
	Circuits *breaker.Set
	// Intake is the plan service every door goes through.
	Intake *intake.Service
	// Delegate is the planning conversation behind /mcp and /a2a.
	Delegate *delegate.Service
	// datasets keeps TRIPWEAVE_IMPORT's datasets in Redis (nil without).
	datasets *datasetGuard
	// reach probes the data providers (/readyz's degraded check).
	reach *reachability

	closers []func() error
}

// Open wires an App from cfg. Every embedded default logs one line saying
// what it replaced. On error, whatever was opened is closed again.
func Open(ctx context.Context, cfg Config, logger *slog.Logger) (a *App, err error) {
	app := &App{Config: cfg, Logger: logger}
	a = app // the returns below may nil a; the cleanup closes app
	defer func() {
		if err != nil {
			_ = app.Close()
			a = nil
		}
	}()
	policy, err := cfg.policy()
	if err != nil {
		return nil, err
	}
	if err := a.openStores(ctx, cfg, logger); err != nil {
		return nil, err
	}
	usage, err := a.connectAgents(ctx, cfg, logger)
	if err != nil {
		return nil, err
	}
	if err := a.openService(cfg, logger, policy, usage); err != nil {
		return nil, err
	}
	if err := a.openServer(cfg, logger); err != nil {
		return nil, err
	}
	a.mountInterfaces()
	return a, nil
}

// openStores opens the knowledge cache in Redis with TRIPWEAVE_IMPORT's
// datasets and the plan store, with its retention and size limit.
func (a *App) openStores(ctx context.Context, cfg Config, logger *slog.Logger) error {
	rdb, closeRedis, err := knowledgebase.Connect(ctx, cfg.RedisURL, logger)
	if err != nil {
		return err
	}
	a.closers = append(a.closers, closeRedis)
	a.Redis = rdb
	a.KB = knowledgebase.New(rdb, &knowledgebase.Options{Prefix: cfg.KBPrefix, HoldTTL: cfg.KBHold, Now: cfg.Now, Logger: logger})
	a.closers = append(a.closers, a.KB.Close)
	imports, err := parseImports(cfg.Imports)
	if err != nil {
		return err
	}
	if len(imports) > 0 {
		a.datasets = &datasetGuard{kb: a.KB, imports: imports, now: cfg.now(), log: logger}
		if err := a.datasets.importAll(ctx); err != nil {
			return err
		}
		a.closers = append(a.closers, a.datasets.start(DatasetCheckInterval))
	}

	if a.Store, err = openStore(ctx, cfg, logger); err != nil {
		return err
	}
	a.closers = append(a.closers, a.Store.Close)
	if cfg.Scale.PlanTTL > 0 {
		a.closers = append(a.closers, retention(a.Store, cfg.Scale.PlanTTL, cfg.now(), logger))
	}
	if err := limitStoreSize(ctx, a.Store, cfg.Hardening.DBMaxBytes); err != nil {
		return err
	}
	return nil
}

// connectAgents connects a.Tools to the agents server at cfg.AgentsURL,
// or to agents run in-process when there is none; usage then reports their
// providers' quotas (nil for a remote server).
func (a *App) connectAgents(ctx context.Context, cfg Config, logger *slog.Logger) (usage func() []agents.QuotaUsage, err error) {
	if cfg.AgentsURL != "" {
		a.Tools, err = toolclient.ConnectHTTP(ctx, cfg.AgentsURL, &http.Client{Timeout: 2 * time.Minute, Transport: bearerTransport(cfg.Hardening.AgentsToken)})
		if err != nil {
			return nil, fmt.Errorf("agents at %s: %w", cfg.AgentsURL, err)
		}
	} else if usage, err = a.openAgents(ctx, cfg, logger); err != nil {
		return nil, err
	}
	a.closers = append(a.closers, a.Tools.Close)
	logger.Info("agent tools", "tools", a.Tools.Tools())
	return usage, nil
}

// openAgents opens the agents in-process, sharing the knowledge cache's
// Redis and store, and connects a.Tools to them in memory.
func (a *App) openAgents(ctx context.Context, cfg Config, logger *slog.Logger) (usage func() []agents.QuotaUsage, err error) {
	ac := cfg.Agents
	if ac.Now == nil {
		ac.Now = cfg.Now
	}
	if cfg.RedisURL != "" && ac.Shared == nil {
		// Quotas and rates counted in the Redis every replica and
		// worker shares, next to the knowledge cache's keys.
		ac.Shared = upstream.NewRedisShared(a.Redis, cfg.KBPrefix+"quota:")
	}
	if ac.Knowledge == nil {
		// A city's climate normals and forecast window next to the
		// plans' facts, shared by every replica and worker.
		ac.Knowledge = a.KB
	}
	set, err := agents.Open(ac, logger)
	if err != nil {
		return nil, err
	}
	a.closers = append(a.closers, set.Close)
	usage = set.Usage
	if ac.Browser == nil {
		logger.Info("no Chromium (or TRIPWEAVE_BROWSER=off): live price subtasks report unavailable")
	}
	logOperatorFacts(logger, ac)
	servers := set.Servers
	a.Tools, err = toolclient.ConnectInMemory(ctx, servers...)
	if err != nil {
		return nil, err
	}
	logger.Info("agents run in-process over the in-memory MCP transport; set TRIPWEAVE_AGENTS_URL to use an agents server")
	return usage, nil
}

// openService opens the planning service: its metrics, the providers'
// circuit breakers and the pipeline.
func (a *App) openService(cfg Config, logger *slog.Logger, policy decision.Policy, usage func() []agents.QuotaUsage) error {
	a.Metrics = ginserver.NewMetrics()
	a.Circuits = breaker.New(breaker.Options{Now: cfg.Now})
	if err := a.Metrics.Register(ginserver.CircuitCollector(a.Circuits)); err != nil {
		return err
	}
	if usage != nil {
		if err := a.Metrics.Register(quotaCollector{usage}); err != nil {
			return err
		}
	}
	observer, err := newPlanObserver(a.Metrics)
	if err != nil {
		return err
	}
	down := map[orchestrator.Route]bool{}
	if !a.Tools.Has(orchestrator.ToolScrapePrices) {
		down[orchestrator.RouteBrowser] = true
	}
	a.Service = pipeline.New(a.KB, a.Tools, a.Store, pipeline.Options{
		Words:          templates.Words{},
		Policy:         policy,
		Local:          pipeline.PlannerSteps(),
		MaxConcurrency: cfg.MaxNodes,
		NodeTimeout:    cfg.NodeTime,
		Deadline:       cfg.Deadline,
		Observer:       observer,
		Logger:         logger,
		Down:           down,
		Breaker:        a.Circuits,
		Now:            cfg.Now,
	})
	return nil
}

// openServer opens the request parser, the renderer, the pre-warm queue
// and the HTTP API over the service.
func (a *App) openServer(cfg Config, logger *slog.Logger) (err error) {
	briefMetrics := brief.NewMetrics()
	for _, c := range briefMetrics.Collectors() {
		if err := a.Metrics.Register(c); err != nil {
			return err
		}
	}
	a.Parser, err = newQueryParser(a.KB, cfg.Now, logger, briefMetrics)
	if err != nil {
		return err
	}
	renderer, err := templates.New()
	if err != nil {
		return err
	}
	a.Prewarm = prewarmQueue(cfg, a.Redis)
	a.reach = newReachability(cfg)
	a.Intake = intake.New(intake.Config{Planner: a.Service, Store: a.Store, Parser: a.Parser, Now: cfg.Now, Logger: logger})
	a.Server = ginserver.New(ginserver.Config{
		Intake:    a.Intake,
		Planner:   a.Service,
		Store:     a.Store,
		Parser:    a.Parser,
		Ready:     readiness(a),
		Degraded:  map[string]ginserver.Pinger{"providers": a.reach},
		Hardening: ginserver.Hardening{CORSOrigins: cfg.Hardening.CORSOrigins, Circuits: a.Circuits},
		Metrics:   a.Metrics,
		Logger:    logger,
		Now:       cfg.Now,
		Renderer:  renderer,
		Prewarm:   prewarmer(a.Prewarm),
	})
	a.Server.SetLimits(a.limits())
	if adm := a.Server.Limits().Admission; adm != nil {
		if err := a.Metrics.Register(ginserver.AdmissionCollector(adm)); err != nil {
			return err
		}
	}
	return nil
}

// Close releases everything Open acquired, in reverse order. Close of a nil
// App does nothing.
func (a *App) Close() error {
	if a == nil {
		return nil
	}
	var errs []error
	for i := len(a.closers) - 1; i >= 0; i-- {
		errs = append(errs, a.closers[i]())
	}
	a.closers = nil
	return errors.Join(errs...)
}

// cancelGrace bounds the wait for cancelled handlers at shutdown.
const cancelGrace = 10 * time.Second

// Serve answers HTTP on ln until ctx ends, then shuts down in order: it
// stops accepting connections, lets requests in flight finish for up to the
// drain timeout (which covers the plan deadline, so a plan being made is
// stored and answered), cancels what is still running after that (those
// requests answer 503) and waits for their handlers to return. Only then
// does Serve return, so the caller closes the plan store after the last
// handler that could write to it.
func (a *App) Serve(ctx context.Context, ln net.Listener) error {
	base, stop := context.WithCancelCause(context.Background())
	defer stop(nil)
	var active atomic.Int64 // handlers running
	handler := a.Server.Handler()
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			active.Add(1)
			defer active.Add(-1)
			handler.ServeHTTP(w, r)
		}),
		BaseContext:       func(net.Listener) context.Context { return base },
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.Logger.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.Logger.Info("listening", "addr", ln.Addr().String())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	drain := a.Config.drainTimeout()
	a.Logger.Info("shutting down: draining requests in flight", "drain_timeout", drain.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	err := srv.Shutdown(shutdownCtx)
	<-errc
	if err != nil {
		a.Logger.Warn("drain timeout passed; cancelling the requests still running", "err", err)
		stop(ginserver.ErrShuttingDown)
	}
	// Cancelled handlers return within moments; the bound only keeps a
	// handler that ignores its context from holding the process forever.
	for wait := time.Now().Add(cancelGrace); active.Load() > 0 && time.Now().Before(wait); {
		time.Sleep(10 * time.Millisecond)
	}
	if n := active.Load(); n > 0 {
		a.Logger.Error("handlers still running after shutdown", "handlers", n)
	}
	a.Logger.Info("shut down")
	return nil
}
