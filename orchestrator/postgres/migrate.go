package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Migrations are the schema changes, applied in order: Migrations[i] takes
// the schema from version i to i+1. Append only; never edit a shipped
// entry. They are plain SQL, so an operator can also apply them by hand
// (Supabase's SQL editor, psql).
var Migrations = []string{
	// 1: plans as JSONB documents next to indexed columns; one row per span.
	// created_ns orders and filters exactly (nanoseconds, like the plan's
	// own created_at); created_at is there for people reading the table.
	`CREATE TABLE plans (
		id         text PRIMARY KEY,
		created_ns bigint NOT NULL,
		created_at timestamptz NOT NULL,
		status     text NOT NULL,
		brief_key  text NOT NULL,
		doc        jsonb NOT NULL
	);
	CREATE INDEX plans_created ON plans (created_ns DESC, id DESC);
	CREATE INDEX plans_status_created ON plans (status, created_ns DESC, id DESC);
	CREATE INDEX plans_brief_key ON plans (brief_key, created_ns DESC);
	CREATE TABLE spans (
		plan_id     text NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
		seq         integer NOT NULL,
		node        text NOT NULL,
		kind        text NOT NULL,
		route       text NOT NULL,
		cache_hit   boolean NOT NULL,
		attempts    integer NOT NULL,
		start       text NOT NULL, -- RFC 3339 with nanoseconds and the original offset
		duration_ms double precision NOT NULL,
		status      text NOT NULL,
		error       text NOT NULL,
		PRIMARY KEY (plan_id, seq)
	);`,
	// 2: the Supabase REST path saves a plan and its trace in one call
	// (PostgREST runs each RPC in a transaction); the function takes the
	// request body as its single jsonb argument.
	`CREATE FUNCTION tripweave_save_plan(jsonb) RETURNS void LANGUAGE sql AS $$
		INSERT INTO plans (id, created_ns, created_at, status, brief_key, doc)
		VALUES ($1->>'id', ($1->>'created_ns')::bigint, ($1->>'created_at')::timestamptz,
			$1->>'status', $1->>'brief_key', $1->'doc')
		ON CONFLICT (id) DO UPDATE SET created_ns = excluded.created_ns, created_at = excluded.created_at,
			status = excluded.status, brief_key = excluded.brief_key, doc = excluded.doc;
		DELETE FROM spans WHERE plan_id = $1->>'id';
		INSERT INTO spans (plan_id, seq, node, kind, route, cache_hit, attempts, start, duration_ms, status, error)
		SELECT $1->>'id', s.seq, s.node, s.kind, s.route, s.cache_hit, s.attempts, s.start, s.duration_ms, s.status, s.error
		FROM jsonb_to_recordset(coalesce($1->'spans', '[]')) AS s(seq integer, node text, kind text, route text,
			cache_hit boolean, attempts integer, start text, duration_ms double precision, status text, error text);
	$$;`,
	// 3: tripweave_save_plan answers the plan's id, so that a REST client
	// tells a save that happened (a JSON string) from a call that never
	// reached the database (supabase-go's Rpc returns "" for both a void
	// result and a network error).
	`DROP FUNCTION tripweave_save_plan(jsonb);
	CREATE FUNCTION tripweave_save_plan(jsonb) RETURNS text LANGUAGE sql AS $$
		INSERT INTO plans (id, created_ns, created_at, status, brief_key, doc)
		VALUES ($1->>'id', ($1->>'created_ns')::bigint, ($1->>'created_at')::timestamptz,
			$1->>'status', $1->>'brief_key', $1->'doc')
		ON CONFLICT (id) DO UPDATE SET created_ns = excluded.created_ns, created_at = excluded.created_at,
			status = excluded.status, brief_key = excluded.brief_key, doc = excluded.doc;
		DELETE FROM spans WHERE plan_id = $1->>'id';
		INSERT INTO spans (plan_id, seq, node, kind, route, cache_hit, attempts, start, duration_ms, status, error)
		SELECT $1->>'id', s.seq, s.node, s.kind, s.route, s.cache_hit, s.attempts, s.start, s.duration_ms, s.status, s.error
		FROM jsonb_to_recordset(coalesce($1->'spans', '[]')) AS s(seq integer, node text, kind text, route text,
			cache_hit boolean, attempts integer, start text, duration_ms double precision, status text, error text);
		SELECT $1->>'id';
	$$;`,
	// 4: plans by reference (SaveLeanPlan): the lean plan's bytes as the
	// API sends them, the trip without its large values, the refs of those
	// values and a tag over all of it; each large value (a city's catalog,
	// matrix or guide, a transport leg) once in blobs under its content
	// address. doc then holds only the plan's query and brief, for
	// ListPlans. Rows with a NULL lean are whole plans in doc, as before.
	`ALTER TABLE plans ADD COLUMN lean bytea, ADD COLUMN trip bytea, ADD COLUMN refs text[], ADD COLUMN tag text;
	CREATE TABLE blobs (
		ref   text PRIMARY KEY,
		value bytea NOT NULL
	);`,
}

// migrate brings the schema to len(Migrations) in one transaction under an
// advisory lock, so that replicas starting together apply each step once.
// It returns the versions before and after. A schema newer than this
// program's is refused.
func migrate(ctx context.Context, pool *pgxpool.Pool, schema string) (from, to int, err error) {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return 0, 0, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('tripweave migrate ' || $1))`, schema); err != nil {
		return 0, 0, fmt.Errorf("lock: %w", err)
	}
	if schema != "" {
		if _, err := tx.Exec(ctx, `CREATE SCHEMA IF NOT EXISTS `+pgx.Identifier{schema}.Sanitize()); err != nil {
			return 0, 0, fmt.Errorf("create schema %s: %w", schema, err)
		}
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS tripweave_schema (
		version    integer PRIMARY KEY,
		applied_at timestamptz NOT NULL DEFAULT now()
	)`); err != nil {
		return 0, 0, fmt.Errorf("create tripweave_schema: %w", err)
	}
	if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM tripweave_schema`).Scan(&from); err != nil {
		return 0, 0, fmt.Errorf("read schema version: %w", err)
	}
	if from > len(Migrations) {
		return from, from, fmt.Errorf("schema version %d is newer than this program's %d", from, len(Migrations))
	}
	for i := from; i < len(Migrations); i++ {
		if _, err := tx.Exec(ctx, Migrations[i]); err != nil {
			return from, i, fmt.Errorf("migrate schema to version %d: %w", i+1, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO tripweave_schema (version) VALUES ($1)`, i+1); err != nil {
			return from, i, fmt.Errorf("record schema version %d: %w", i+1, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return from, from, fmt.Errorf("commit migrations: %w", err)
	}
	return from, len(Migrations), nil
}
