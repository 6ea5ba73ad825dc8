// Package postgres is tripweave's PostgreSQL plan store: an
// orchestrator.PlanStore over pgx v5's connection pool, for deployments
// where several replicas share one system of record (PostgreSQL itself or
// Supabase's Postgres connection string).
//
// Plans are JSONB documents next to indexed columns (id, created_ns,
// status, brief_key); each span of a run's trace is a row of spans, deleted
// with its plan. The schema is versioned (Migrations) and brought up to
// date by Open, under an advisory lock so that replicas starting together
// migrate once; `orchestrator migrate` does the same on its own.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tripweave/tripweave/orchestrator"
)

// Options configures Open. The zero value (or nil) uses the schema of the
// connection's search_path and pgx's pool defaults.
type Options struct {
	// Schema, when set, holds the tables (created if missing) and becomes
	// the connections' search_path. Tests give each run its own.
	Schema string
	// MaxConns bounds the pool; 0 keeps pgx's default (max(4, CPUs)) or the
	// URL's pool_max_conns.
	MaxConns int32
}

// Store is a PlanStore in PostgreSQL. It is safe for concurrent use; Close
// it when done.
type Store struct {
	pool   *pgxpool.Pool
	schema string
	blobs  KnownRefs
	group  groupCommit
	doubt  Doubts[doubt]
}

var _ orchestrator.PlanStore = (*Store)(nil)

// Open connects to the database at url (postgres://user:pass@host:5432/db?
// sslmode=…, any form pgx accepts), migrates the schema and returns the
// store. It fails when the database is unreachable or its schema is newer
// than this package's.
func Open(ctx context.Context, url string, opts *Options) (*Store, error) {
	pool, schema, err := connect(ctx, url, opts)
	if err != nil {
		return nil, err
	}
	if _, _, err := migrate(ctx, pool, schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open plan store: %w", classify(err))
	}
	s := &Store{pool: pool, schema: schema}
	s.doubt.Settle, s.doubt.What = s.settleDoubts, "writes"
	return s, nil
}

// Migrate connects to url, applies the migrations this program has and the
// database lacks, and returns the schema versions before and after.
func Migrate(ctx context.Context, url string, opts *Options) (from, to int, err error) {
	pool, schema, err := connect(ctx, url, opts)
	if err != nil {
		return 0, 0, err
	}
	defer pool.Close()
	return migrate(ctx, pool, schema)
}

func connect(ctx context.Context, url string, opts *Options) (*pgxpool.Pool, string, error) {
	if opts == nil {
		opts = &Options{}
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's message can quote the URL, password included.
		return nil, "", errors.New("open plan store: DATABASE_URL is not a valid PostgreSQL URL")
	}
	if opts.Schema != "" {
		cfg.ConnConfig.RuntimeParams["search_path"] = opts.Schema
	}
	if opts.MaxConns > 0 {
		cfg.MaxConns = opts.MaxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, "", fmt.Errorf("open plan store: %w", classify(err))
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, "", fmt.Errorf("open plan store: %s:%d: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Port, classify(err))
	}
	return pool, opts.Schema, nil
}

// SavePlan stores p and its trace atomically, replacing any plan with the
// same ID and its trace: by reference, in one round trip (SaveLeanPlan).
func (s *Store) SavePlan(ctx context.Context, p *orchestrator.Plan, r *orchestrator.Run) error {
	return s.SaveLeanPlan(ctx, p, nil, r)
}

// spanColumns is a trace laid out column by column, for unnest.
type spanColumns struct {
	seq, attempts                    []int32
	node, kind, route, start, status []string
	err                              []string
	cacheHit                         []bool
	duration                         []float64
}

func newSpanColumns(spans []orchestrator.Span) spanColumns {
	var c spanColumns
	for i, sp := range spans {
		c.seq = append(c.seq, int32(i))
		c.node = append(c.node, sp.Node)
		c.kind = append(c.kind, string(sp.Kind))
		c.route = append(c.route, sp.Route)
		c.cacheHit = append(c.cacheHit, sp.CacheHit)
		c.attempts = append(c.attempts, int32(sp.Attempts))
		c.start = append(c.start, sp.Start.Format(time.RFC3339Nano))
		c.duration = append(c.duration, sp.DurationMS)
		c.status = append(c.status, sp.Status)
		c.err = append(c.err, sp.Error)
	}
	return c
}

// Plan returns the plan with id, or an ENOTFOUND *orchestrator.Error.
func (s *Store) Plan(ctx context.Context, id string) (*orchestrator.Plan, error) {
	return s.readPlan(ctx, id)
}

// PlanJSON returns plan id encoded as json.Marshal encodes a Plan (JSONB
// does not keep the bytes it was given: keys are reordered), or an
// ENOTFOUND *orchestrator.Error. A plan saved by reference is spliced
// from its stored parts, its values not decoded (SpliceJSON).
func (s *Store) PlanJSON(ctx context.Context, id string) ([]byte, error) {
	return s.planJSON(ctx, id)
}

// Run returns the trace of plan planID, or an ENOTFOUND
// *orchestrator.Error when there is no such plan.
func (s *Store) Run(ctx context.Context, planID string) (*orchestrator.Run, error) {
	// The plan row comes first: no row at all means no plan, a row of
	// nulls a plan without a trace.
	rows, err := s.pool.Query(ctx, `SELECT s.node, s.kind, s.route, s.cache_hit, s.attempts, s.start, s.duration_ms, s.status, s.error
		FROM plans p LEFT JOIN spans s ON s.plan_id = p.id WHERE p.id = $1 ORDER BY s.seq`, planID)
	if err != nil {
		return nil, fmt.Errorf("read run %s: %w", planID, classify(err))
	}
	defer rows.Close()
	run := &orchestrator.Run{PlanID: planID, Spans: []orchestrator.Span{}}
	found := false
	for rows.Next() {
		found = true
		var node, kind, route, start, status, msg *string
		var cacheHit *bool
		var attempts *int
		var dur *float64
		if err := rows.Scan(&node, &kind, &route, &cacheHit, &attempts, &start, &dur, &status, &msg); err != nil {
			return nil, fmt.Errorf("read run %s: %w", planID, classify(err))
		}
		if node == nil {
			continue
		}
		sp := orchestrator.Span{Node: *node, Kind: orchestrator.Kind(*kind), Route: *route, CacheHit: *cacheHit,
			Attempts: *attempts, DurationMS: *dur, Status: *status, Error: *msg}
		if sp.Start, err = time.Parse(time.RFC3339Nano, *start); err != nil {
			return nil, fmt.Errorf("read run %s: span %s: %w", planID, sp.Node, err)
		}
		run.Spans = append(run.Spans, sp)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read run %s: %w", planID, classify(err))
	}
	if !found {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "run of plan %q not found", planID)
	}
	return run, nil
}

// ListPlans returns one page of the plans matching f, newest first, ties
// broken by descending id, through the (status,) created_ns, id indexes.
func (s *Store) ListPlans(ctx context.Context, f orchestrator.PlanFilter) (orchestrator.PlanPage, error) {
	cur, err := f.Validate()
	if err != nil {
		return orchestrator.PlanPage{}, err
	}
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if f.Status != "" {
		where = append(where, "status = "+arg(f.Status))
	}
	if !f.CreatedFrom.IsZero() {
		where = append(where, "created_ns >= "+arg(f.CreatedFrom.UnixNano()))
	}
	if !f.CreatedTo.IsZero() {
		where = append(where, "created_ns < "+arg(f.CreatedTo.UnixNano()))
	}
	if !cur.IsZero() {
		where = append(where, fmt.Sprintf("(created_ns, id) < (%s, %s)", arg(cur.CreatedAt.UnixNano()), arg(cur.ID)))
	}
	q := `SELECT id, created_ns, status, coalesce(doc->>'query', ''), coalesce(doc->'brief'->'destinations', '[]'),
		coalesce(doc->'brief'->>'start_date', ''), coalesce((doc->'brief'->>'days')::integer, 0), coalesce(doc->>'replaces', '') FROM plans`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY created_ns DESC, id DESC LIMIT " + arg(f.Limit+1)
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return orchestrator.PlanPage{}, fmt.Errorf("list plans: %w", classify(err))
	}
	defer rows.Close()
	var out []orchestrator.PlanSummary
	for rows.Next() {
		var sum orchestrator.PlanSummary
		var ns int64
		if err := rows.Scan(&sum.ID, &ns, &sum.Status, &sum.Query, &sum.Destinations, &sum.StartDate, &sum.Days, &sum.Replaces); err != nil {
			return orchestrator.PlanPage{}, fmt.Errorf("list plans: %w", classify(err))
		}
		sum.CreatedAt = time.Unix(0, ns).UTC()
		if sum.Destinations == nil {
			sum.Destinations = []string{}
		}
		out = append(out, sum)
	}
	if err := rows.Err(); err != nil {
		return orchestrator.PlanPage{}, fmt.Errorf("list plans: %w", classify(err))
	}
	return orchestrator.NextPage(out, f.Limit), nil
}

// DeletePlan removes plan id and its trace, and the trip values no other
// plan refers to, or returns an ENOTFOUND *orchestrator.Error.
func (s *Store) DeletePlan(ctx context.Context, id string) error {
	n, err := s.deletePlans(ctx, map[string]any{"id": id})
	if err != nil {
		return fmt.Errorf("delete plan %s: %w", id, classify(err))
	}
	if n == 0 {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "plan %q not found", id)
	}
	return nil
}

// DeletePlansBefore removes the plans created before t, with their traces,
// collects the trip values no plan refers to any more, and returns how
// many plans it removed.
func (s *Store) DeletePlansBefore(ctx context.Context, t time.Time) (int, error) {
	n, err := s.deletePlans(ctx, map[string]any{"before_ns": t.UnixNano()})
	if err != nil {
		return 0, fmt.Errorf("delete plans before %s: %w", t.Format(time.RFC3339), classify(err))
	}
	return n, nil
}

// deletePlans runs tripweave_delete_plans (migration 5): the plans go and
// the values no plan refers to any more are collected, in one transaction
// holding the blobs lock exclusive, so that no save can refer to a value
// being collected.
func (s *Store) deletePlans(ctx context.Context, args map[string]any) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT tripweave_delete_plans($1::jsonb)`, args).Scan(&n)
	return n, err
}

// TripValues returns how many trip values (blobs) are stored.
func (s *Store) TripValues(ctx context.Context) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM blobs`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count trip values: %w", classify(err))
	}
	return n, nil
}

// Version returns the schema version the database is at.
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.pool.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM tripweave_schema`).Scan(&v)
	return v, err
}

// Ping reports whether the database answers and holds the schema.
func (s *Store) Ping(ctx context.Context) error {
	if _, err := s.Version(ctx); err != nil {
		return fmt.Errorf("ping plan store: %w", classify(err))
	}
	return nil
}

// Close closes the pool, waiting for connections in use to be returned.
func (s *Store) Close() error {
	s.group.wg.Wait() // the plans being committed
	s.doubt.Close()
	s.pool.Close()
	return nil
}
