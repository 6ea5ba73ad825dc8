// Package postgres is tripweave's PostgreSQL plan store: an
// orchestrator.PlanStore over pgx v5's connection pool, for deployments
// where several replicas share one system of record (PostgreSQL itself or
// Supabase's Postgres connection string).
//
// Plans are JSONB documents next to indexed columns (id, created_ns,
// status, brief_key); a run's trace is one JSON array on its plan's row
// (before migration 7, a row of spans per span, deleted with its plan).
// The schema is versioned (Migrations) and brought up to date by Open, under an advisory lock so that replicas starting together
// migrate once; `orchestrator migrate` does the same on its own.
package postgres

import (
	"context"
	"encoding/json"
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

// traceRow is one span of a plan's trace as the trace column holds it
// (migration 7) and tripweave_read_plan answers it: the columns of a row of
// spans, which held it before.
type traceRow struct {
	Seq        int     `json:"seq"`
	Node       string  `json:"node"`
	Kind       string  `json:"kind"`
	Route      string  `json:"route"`
	CacheHit   bool    `json:"cache_hit"`
	Attempts   int     `json:"attempts"`
	Start      string  `json:"start"`
	DurationMS float64 `json:"duration_ms"`
	Status     string  `json:"status"`
	Error      string  `json:"error"`
}

// encodeTrace returns the trace column of spans: a JSON array of their
// rows, in order.
func encodeTrace(spans []orchestrator.Span) (string, error) {
	rows := make([]traceRow, len(spans))
	for i, sp := range spans {
		rows[i] = traceRow{Seq: i, Node: sp.Node, Kind: string(sp.Kind), Route: sp.Route, CacheHit: sp.CacheHit,
			Attempts: sp.Attempts, Start: sp.Start.Format(time.RFC3339Nano), DurationMS: sp.DurationMS, Status: sp.Status, Error: sp.Error}
	}
	doc, err := json.Marshal(rows)
	return string(doc), err
}

// span returns the span a trace row holds.
func (r *traceRow) span() (orchestrator.Span, error) {
	sp := orchestrator.Span{Node: r.Node, Kind: orchestrator.Kind(r.Kind), Route: r.Route, CacheHit: r.CacheHit,
		Attempts: r.Attempts, DurationMS: r.DurationMS, Status: r.Status, Error: r.Error}
	var err error
	sp.Start, err = time.Parse(time.RFC3339Nano, r.Start)
	return sp, err
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
	// nulls a plan without a trace. Its trace column holds the trace
	// (migration 7); the rows of spans hold one saved before.
	rows, err := s.pool.Query(ctx, `SELECT p.trace, s.seq, s.node, s.kind, s.route, s.cache_hit, s.attempts, s.start, s.duration_ms, s.status, s.error
		FROM plans p LEFT JOIN spans s ON s.plan_id = p.id AND p.trace IS NULL WHERE p.id = $1 ORDER BY s.seq`, planID)
	if err != nil {
		return nil, fmt.Errorf("read run %s: %w", planID, classify(err))
	}
	defer rows.Close()
	run := &orchestrator.Run{PlanID: planID, Spans: []orchestrator.Span{}}
	found := false
	var trace *string
	for rows.Next() {
		found = true
		var r struct {
			seq, attempts                         *int
			node, kind, route, start, status, msg *string
			cacheHit                              *bool
			dur                                   *float64
		}
		if err := rows.Scan(&trace, &r.seq, &r.node, &r.kind, &r.route, &r.cacheHit, &r.attempts, &r.start, &r.dur, &r.status, &r.msg); err != nil {
			return nil, fmt.Errorf("read run %s: %w", planID, classify(err))
		}
		if r.node == nil {
			continue
		}
		tr := traceRow{Node: *r.node, Kind: *r.kind, Route: *r.route, CacheHit: *r.cacheHit, Attempts: *r.attempts,
			Start: *r.start, DurationMS: *r.dur, Status: *r.status, Error: *r.msg}
		sp, err := tr.span()
		if err != nil {
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
	if trace != nil {
		var trs []traceRow
		if err := json.Unmarshal([]byte(*trace), &trs); err != nil {
			return nil, fmt.Errorf("read run %s: trace: %w", planID, err)
		}
		for i := range trs {
			sp, err := trs[i].span()
			if err != nil {
				return nil, fmt.Errorf("read run %s: span %s: %w", planID, sp.Node, err)
			}
			run.Spans = append(run.Spans, sp)
		}
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
