package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres"
	"github.com/tripweave/tripweave/orchestrator/adapters/sqlite"
	"github.com/tripweave/tripweave/orchestrator/adapters/supabase"
	"github.com/tripweave/tripweave/orchestrator/app/intake"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// ScaleConfig configures what several processes share: the plan store
// (PostgreSQL when DatabaseURL is set, Supabase REST when SupabaseURL and
// SupabaseKey are, otherwise the SQLite file at Config.DBPath) and the
// pre-warm queue.
type ScaleConfig struct {
	DatabaseURL  string        // DATABASE_URL: postgres://… (PostgreSQL or Supabase's Postgres)
	SupabaseURL  string        // SUPABASE_URL: https://PROJECT.supabase.co (the REST path)
	SupabaseKey  string        // SUPABASE_SERVICE_KEY: the project's service-role key
	PGSchema     string        // TRIPWEAVE_PG_SCHEMA: schema holding the tables; "" → the URL's search_path
	PlanTTL      time.Duration // TRIPWEAVE_PLAN_TTL: plans older than this are deleted; 0 keeps them
	PrewarmQueue string        // TRIPWEAVE_PREWARM_QUEUE: asynq queue of pre-warm tasks
	// PrewarmRefresh is TRIPWEAVE_PREWARM_REFRESH: how often workers
	// re-warm the keys of pre-warm jobs; 0 → the static-knowledge TTL,
	// negative ("off") never.
	PrewarmRefresh time.Duration
}

// storeFromEnv reads the variables of ScaleConfig.
func (c Config) storeFromEnv(getenv func(string) string) (Config, error) {
	if v := strings.TrimSpace(getenv("TRIPWEAVE_PREWARM_QUEUE")); v != "" {
		c.Scale.PrewarmQueue = v
	}
	if v := strings.TrimSpace(getenv("DATABASE_URL")); v != "" {
		c.Scale.DatabaseURL = v
	}
	c.Scale.SupabaseURL = strings.TrimSpace(getenv("SUPABASE_URL"))
	c.Scale.SupabaseKey = strings.TrimSpace(getenv("SUPABASE_SERVICE_KEY"))
	if (c.Scale.SupabaseURL == "") != (c.Scale.SupabaseKey == "") {
		return c, fmt.Errorf("SUPABASE_URL and SUPABASE_SERVICE_KEY go together: set both for the Supabase REST store, or neither")
	}
	if v := strings.TrimSpace(getenv("TRIPWEAVE_PG_SCHEMA")); v != "" {
		c.Scale.PGSchema = v
	}
	if v := strings.TrimSpace(getenv("TRIPWEAVE_PREWARM_REFRESH")); v != "" {
		if v == "off" {
			c.Scale.PrewarmRefresh = -1
		} else if d, err := time.ParseDuration(v); err != nil || d < time.Second {
			return c, fmt.Errorf("TRIPWEAVE_PREWARM_REFRESH: %q is not a duration of a second or more such as 168h, or off", v)
		} else {
			c.Scale.PrewarmRefresh = d
		}
	}
	if v := strings.TrimSpace(getenv("TRIPWEAVE_PLAN_TTL")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Minute {
			return c, fmt.Errorf("TRIPWEAVE_PLAN_TTL: %q is not a duration of a minute or more such as 720h", v)
		}
		c.Scale.PlanTTL = d
	}
	return c, nil
}

// openStore opens the configured plan store and logs which one it is.
func openStore(ctx context.Context, cfg Config, logger *slog.Logger) (orchestrator.PlanStore, error) {
	if u := cfg.Scale.DatabaseURL; u != "" {
		s, err := postgres.Open(ctx, u, &postgres.Options{Schema: cfg.Scale.PGSchema})
		if err != nil {
			return nil, err
		}
		logger.Info("plan store: PostgreSQL (DATABASE_URL)", "schema", cfg.Scale.PGSchema)
		if cfg.Scale.SupabaseURL != "" {
			logger.Info("SUPABASE_URL is ignored: DATABASE_URL (a direct connection) wins")
		}
		return s, nil
	}
	if u := cfg.Scale.SupabaseURL; u != "" {
		s, err := supabase.Open(ctx, u, cfg.Scale.SupabaseKey, &supabase.Options{Schema: cfg.Scale.PGSchema})
		if err != nil {
			return nil, err
		}
		logger.Info("plan store: Supabase REST (SUPABASE_URL)", "schema", cfg.Scale.PGSchema)
		return s, nil
	}
	s, err := sqlite.Open(ctx, cfg.DBPath)
	if err != nil {
		return nil, fmt.Errorf("plan store %s: %w", cfg.DBPath, err)
	}
	logger.Info("plan store: SQLite file (embedded default; set DATABASE_URL for PostgreSQL)", "path", cfg.DBPath)
	return s, nil
}

// The SQLite store takes the lean plan the pipeline encoded, and the API
// answers with those bytes.
var (
	_ pipeline.LeanSaver = (*sqlite.Store)(nil)
	_ intake.LeanPlanner = (*pipeline.Service)(nil)
)

// retention deletes plans older than ttl from store at start and then every
// interval until stop is called; stop waits for the sweep in progress.
func retention(store orchestrator.PlanStore, ttl time.Duration, now func() time.Time, logger *slog.Logger) (stop func() error) {
	interval := min(max(ttl/4, time.Second), 10*time.Minute)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			cutoff := now().Add(-ttl)
			n, err := store.DeletePlansBefore(ctx, cutoff)
			switch {
			case err != nil && ctx.Err() == nil:
				logger.Warn("plan retention sweep failed", "err", err)
			case n > 0:
				logger.Info("plan retention: deleted expired plans", "plans", n, "created_before", cutoff)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() error {
		cancel()
		wg.Wait()
		return nil
	}
}

// cmdMigrate brings the PostgreSQL schema at DATABASE_URL up to date and
// says what it did. Open does the same at start; this is for deployments
// that migrate before rolling replicas out.
func cmdMigrate(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("migrate", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{"migrate takes no arguments\n" + usage}
	}
	if cfg.Scale.DatabaseURL == "" {
		return &usageError{"migrate needs DATABASE_URL (the SQLite store migrates itself when opened)"}
	}
	from, to, err := postgres.Migrate(ctx, cfg.Scale.DatabaseURL, &postgres.Options{Schema: cfg.Scale.PGSchema})
	if err != nil {
		return err
	}
	if from == to {
		fmt.Fprintf(stdout, "schema is at version %d: nothing to do\n", to)
		return nil
	}
	fmt.Fprintf(stdout, "migrated schema from version %d to %d\n", from, to)
	return nil
}

// now returns the configured clock, time.Now when none is injected.
func (c Config) now() func() time.Time {
	if c.Now != nil {
		return c.Now
	}
	return time.Now
}
