package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/agents/toolclient"
	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/datasets"
	"github.com/tripweave/tripweave/orchestrator/ginserver"
	"github.com/tripweave/tripweave/orchestrator/pipeline"
	"github.com/tripweave/tripweave/templates"
)

// App is the wired orchestrator: knowledge cache, plan store, agent tools,
// planning service and HTTP API. End-to-end tests build it the same way
// main does.
type App struct {
	Config  Config
	Logger  *slog.Logger
	KB      *knowledgebase.Store
	Store   orchestrator.PlanStore
	Tools   *toolclient.Client
	Service *pipeline.Service
	Metrics *ginserver.Metrics
	Server  *ginserver.Server
	Parser  *queryParser

	closers []func() error
}

// Open wires an App from cfg. Every embedded default logs one line saying
// what it replaced. On error, whatever was opened is closed again.
func Open(ctx context.Context, cfg Config, logger *slog.Logger) (a *App, err error) {
	a = &App{Config: cfg, Logger: logger}
	defer func() {
		if err != nil {
			_ = a.Close()
			a = nil
		}
	}()
	policy, err := cfg.policy()
	if err != nil {
		return nil, err
	}

	rdb, closeRedis, err := knowledgebase.Connect(ctx, cfg.RedisURL, logger)
	if err != nil {
		return nil, err
	}
	a.closers = append(a.closers, closeRedis)
	a.KB = knowledgebase.New(rdb, &knowledgebase.Options{Prefix: cfg.KBPrefix, Now: cfg.Now, Logger: logger})
	a.closers = append(a.closers, a.KB.Close)
	imports, err := parseImports(cfg.Imports)
	if err != nil {
		return nil, err
	}
	for _, im := range imports {
		sum, err := importDataset(ctx, a.KB, im[0], im[1], datasets.DefaultImportTTL, cfg.Now)
		if err != nil {
			return nil, err
		}
		logger.Info("imported dataset", "format", im[0], "dir", im[1], "cities", sum.Cities, "entries", sum.Entries)
	}

	if a.Store, err = openStore(ctx, cfg, logger); err != nil {
		return nil, err
	}
	a.closers = append(a.closers, a.Store.Close)
	if cfg.Store.PlanTTL > 0 {
		a.closers = append(a.closers, retention(a.Store, cfg.Store.PlanTTL, cfg.now(), logger))
	}

	var usage func() []agents.QuotaUsage // in-process agents' provider quotas
	if cfg.AgentsURL != "" {
		a.Tools, err = toolclient.ConnectHTTP(ctx, cfg.AgentsURL, &http.Client{Timeout: 2 * time.Minute})
		if err != nil {
			return nil, fmt.Errorf("agents at %s: %w", cfg.AgentsURL, err)
		}
	} else {
		ac := cfg.Agents
		if ac.Now == nil {
			ac.Now = cfg.Now
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
		servers := set.Servers
		a.Tools, err = toolclient.ConnectInMemory(ctx, servers...)
		if err != nil {
			return nil, err
		}
		logger.Info("agents run in-process over the in-memory MCP transport; set TRIPWEAVE_AGENTS_URL to use an agents server")
	}
	a.closers = append(a.closers, a.Tools.Close)
	logger.Info("agent tools", "tools", a.Tools.Tools())

	a.Metrics = ginserver.NewMetrics()
	if usage != nil {
		if err := a.Metrics.Register(quotaCollector{usage}); err != nil {
			return nil, err
		}
	}
	down := map[orchestrator.Route]bool{}
	if !a.Tools.Has("scrape_prices") {
		down[orchestrator.RouteBrowser] = true
	}
	a.Service = pipeline.New(a.KB, a.Tools, a.Store, pipeline.Options{
		Policy:         policy,
		Local:          pipeline.PlannerSteps(),
		MaxConcurrency: cfg.MaxNodes,
		NodeTimeout:    cfg.NodeTime,
		Deadline:       cfg.Deadline,
		Observer:       a.Metrics,
		Logger:         logger,
		Down:           down,
		Now:            cfg.Now,
	})
	a.Parser, err = newQueryParser(a.KB, cfg.Now, logger)
	if err != nil {
		return nil, err
	}
	renderer, err := templates.New()
	if err != nil {
		return nil, err
	}
	a.Server = ginserver.New(ginserver.Config{
		Planner:  a.Service,
		Store:    a.Store,
		Parser:   a.Parser,
		Ready:    map[string]ginserver.Pinger{"redis": a.KB, "store": a.Store},
		Metrics:  a.Metrics,
		Logger:   logger,
		Now:      cfg.Now,
		Renderer: renderer,
	})
	a.mountDelegate()
	return a, nil
}

// Close releases everything Open acquired, in reverse order.
func (a *App) Close() error {
	var errs []error
	for i := len(a.closers) - 1; i >= 0; i-- {
		errs = append(errs, a.closers[i]())
	}
	a.closers = nil
	return errors.Join(errs...)
}

// Serve answers HTTP on ln until ctx ends, then shuts down gracefully,
// letting requests in flight finish for up to 15 seconds.
func (a *App) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           a.Server.Handler(),
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
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	err := srv.Shutdown(shutdownCtx)
	<-errc
	a.Logger.Info("shut down")
	return err
}
