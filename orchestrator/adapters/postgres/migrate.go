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
	// 5: trip values are collected when no plan refers to them any more
	// (blob retention), safely against concurrent saves: a save holds the
	// store's blobs lock shared and checks that the values it did not send
	// are stored (tripweave_check_refs, SQLSTATE TW001 when one is not); a
	// deletion holds it exclusive while it deletes plans and collects
	// (tripweave_delete_plans, tripweave_collect). plans_refs finds the
	// plans referring to a value. The Supabase REST path saves and reads by
	// reference in one call each (tripweave_save_lean, tripweave_read_plan:
	// json, not jsonb, so that the stored bytes come back as they were; with
	// spans, the trace instead of the plan; PL/pgSQL, whose plans are
	// cached, unlike a LANGUAGE sql function's that is not inlined)
	// and settles a save whose answer was lost (tripweave_settle): a save
	// that plan_fences names was given up and can never commit. attempt
	// names the save that wrote a row (a random ID per save), so that a
	// save is told apart from another of the same plan and content.
	`ALTER TABLE plans ADD COLUMN attempt text;
	CREATE INDEX plans_refs ON plans USING gin (refs);
	CREATE TABLE plan_fences (
		attempt text PRIMARY KEY,
		at      timestamptz NOT NULL DEFAULT now()
	);
	CREATE FUNCTION tripweave_blobs_lock() RETURNS bigint LANGUAGE sql STABLE AS $$
		SELECT hashtextextended('tripweave blobs ' || current_schema(), 0);
	$$;
	CREATE FUNCTION tripweave_check_refs(text[]) RETURNS void LANGUAGE plpgsql AS $$
	DECLARE
		missing text;
	BEGIN
		SELECT r INTO missing FROM unnest($1) AS r WHERE NOT EXISTS (SELECT 1 FROM blobs WHERE ref = r) LIMIT 1;
		IF missing IS NOT NULL THEN
			RAISE EXCEPTION 'trip value % is not stored', missing USING ERRCODE = 'TW001';
		END IF;
	END $$;
	CREATE FUNCTION tripweave_collect(text[]) RETURNS integer LANGUAGE sql AS $$
		WITH d AS (
			DELETE FROM blobs b WHERE ($1 IS NULL OR b.ref = ANY($1))
				AND NOT EXISTS (SELECT 1 FROM plans p WHERE p.refs @> ARRAY[b.ref])
			RETURNING 1)
		SELECT count(*)::integer FROM d;
	$$;
	CREATE FUNCTION tripweave_delete_plans(jsonb) RETURNS integer LANGUAGE plpgsql AS $$
	DECLARE
		n integer;
		gone text[];
	BEGIN
		PERFORM pg_advisory_xact_lock(tripweave_blobs_lock());
		IF $1 ? 'id' THEN
			WITH d AS (DELETE FROM plans WHERE id = $1->>'id' RETURNING coalesce(refs, '{}') AS refs)
			SELECT count(*)::integer, coalesce((SELECT array_agg(DISTINCT r) FROM d, unnest(d.refs) AS r), '{}')
			INTO n, gone FROM d;
			PERFORM tripweave_collect(gone);
		ELSE
			DELETE FROM plans WHERE created_ns < ($1->>'before_ns')::bigint;
			GET DIAGNOSTICS n = ROW_COUNT;
			PERFORM tripweave_collect(NULL);
			DELETE FROM plan_fences WHERE at < now() - interval '1 day';
		END IF;
		RETURN n;
	END $$;
	CREATE FUNCTION tripweave_save_lean(jsonb) RETURNS text LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM pg_advisory_xact_lock(hashtextextended($1->>'id', 0));
		PERFORM pg_advisory_xact_lock_shared(tripweave_blobs_lock());
		IF EXISTS (SELECT 1 FROM plan_fences WHERE attempt = $1->>'attempt') THEN
			RAISE EXCEPTION 'this save of plan % was given up', $1->>'id' USING ERRCODE = 'TW002';
		END IF;
		INSERT INTO blobs (ref, value)
		SELECT key, convert_to(value, 'UTF8') FROM jsonb_each_text(coalesce($1->'values', '{}'))
		ON CONFLICT (ref) DO NOTHING;
		PERFORM tripweave_check_refs(ARRAY(SELECT jsonb_array_elements_text(coalesce($1->'refs', '[]'))));
		INSERT INTO plans (id, created_ns, created_at, status, brief_key, doc, lean, trip, refs, tag, attempt)
		VALUES ($1->>'id', ($1->>'created_ns')::bigint, ($1->>'created_at')::timestamptz, $1->>'status', $1->>'brief_key',
			$1->'doc', convert_to($1->>'lean', 'UTF8'), convert_to($1->>'trip', 'UTF8'),
			ARRAY(SELECT jsonb_array_elements_text(coalesce($1->'refs', '[]'))), $1->>'tag', $1->>'attempt')
		ON CONFLICT (id) DO UPDATE SET created_ns = excluded.created_ns, created_at = excluded.created_at,
			status = excluded.status, brief_key = excluded.brief_key, doc = excluded.doc, lean = excluded.lean,
			trip = excluded.trip, refs = excluded.refs, tag = excluded.tag, attempt = excluded.attempt;
		DELETE FROM spans WHERE plan_id = $1->>'id';
		INSERT INTO spans (plan_id, seq, node, kind, route, cache_hit, attempts, start, duration_ms, status, error)
		SELECT $1->>'id', s.seq, s.node, s.kind, s.route, s.cache_hit, s.attempts, s.start, s.duration_ms, s.status, s.error
		FROM jsonb_to_recordset(coalesce($1->'spans', '[]')) AS s(seq integer, node text, kind text, route text,
			cache_hit boolean, attempts integer, start text, duration_ms double precision, status text, error text);
		RETURN $1->>'id';
	END $$;
	CREATE FUNCTION tripweave_read_plan(jsonb) RETURNS json LANGUAGE plpgsql STABLE AS $$
	BEGIN
		RETURN (SELECT json_build_object('lean', convert_from(p.lean, 'UTF8')::json, 'trip', convert_from(p.trip, 'UTF8')::json,
			'tag', p.tag, 'doc', CASE WHEN p.lean IS NULL AND NOT coalesce(($1->>'spans')::boolean, false) THEN p.doc END,
			'spans', CASE WHEN coalesce(($1->>'spans')::boolean, false) THEN
				(SELECT coalesce(json_agg(s ORDER BY s.seq), '[]') FROM (SELECT seq, node, kind, route, cache_hit, attempts, start,
					duration_ms, status, error FROM spans WHERE plan_id = p.id) AS s) END,
			'values', CASE WHEN coalesce(($1->>'lean_only')::boolean, false) OR coalesce(($1->>'spans')::boolean, false) THEN '{}'::json ELSE
				(SELECT coalesce(json_object_agg(b.ref, convert_from(b.value, 'UTF8')::json), '{}') FROM blobs b WHERE b.ref = ANY(p.refs)) END)
		FROM plans p WHERE p.id = $1->>'id');
	END $$;
	CREATE FUNCTION tripweave_settle(jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM pg_advisory_xact_lock(hashtextextended($1->>'id', 0));
		INSERT INTO plan_fences (attempt) VALUES ($1->>'attempt') ON CONFLICT DO NOTHING;
		IF NOT EXISTS (SELECT 1 FROM plans WHERE id = $1->>'id' AND attempt = $1->>'attempt') THEN
			RETURN false;
		END IF;
		IF coalesce(($1->>'undo')::boolean, false) THEN
			DELETE FROM plans WHERE id = $1->>'id' AND attempt = $1->>'attempt';
			RETURN false;
		END IF;
		RETURN true;
	END $$;`,
	// 6: the Supabase REST path reads a whole plan with its values grouped
	// by the kind of section that refers to them (tripweave_read_whole), so
	// that the client decodes each value once, straight into its type,
	// rather than finding it in the answer and decoding it again. A value
	// referred to by no section it knows (a kind added later) comes under
	// "values", as tripweave_read_plan answers them. Storage is unchanged;
	// tripweave_read_plan stays for the lean read and the trace.
	`CREATE FUNCTION tripweave_read_whole(jsonb) RETURNS json LANGUAGE plpgsql STABLE AS $$
	BEGIN
		RETURN (WITH p AS (SELECT * FROM plans WHERE id = $1->>'id'),
			t AS (SELECT convert_from(p.trip, 'UTF8')::jsonb AS j FROM p),
			k AS (SELECT 'transport' AS kind, l->>'ref' AS ref FROM t, jsonb_array_elements(coalesce(t.j->'transport', '[]')) AS l
				UNION SELECT s.kind, c->s.kind->>'ref' FROM t, jsonb_array_elements(coalesce(t.j->'cities', '[]')) AS c,
					unnest(ARRAY['attractions', 'restaurants', 'hotels', 'matrix', 'guide']) AS s(kind)),
			g AS (SELECT k.kind, json_object_agg(b.ref, convert_from(b.value, 'UTF8')::json) AS vals
				FROM p, k JOIN blobs b ON b.ref = k.ref WHERE b.ref = ANY(p.refs) GROUP BY k.kind)
			SELECT json_build_object('lean', convert_from(p.lean, 'UTF8')::json, 'trip', convert_from(p.trip, 'UTF8')::json,
				'tag', p.tag, 'doc', CASE WHEN p.lean IS NULL THEN p.doc END,
				'kinds', (SELECT coalesce(json_object_agg(kind, vals), '{}') FROM g),
				'values', (SELECT coalesce(json_object_agg(b.ref, convert_from(b.value, 'UTF8')::json), '{}') FROM blobs b
					WHERE b.ref = ANY(p.refs) AND NOT EXISTS (SELECT 1 FROM k WHERE k.ref = b.ref)))
			FROM p);
	END $$;`,
	// 7: a plan's trace is one JSON array on its row (trace: the spans as
	// tripweave_read_plan answers them, {seq, node, kind, route, cache_hit,
	// attempts, start, duration_ms, status, error}), not a row per span.
	// Thirty rows of spans, each checked against its plan's key, cost a
	// save about 0.8 ms of the server's CPU more than one column (measured
	// with psql on the development machine: 1.0 ms against 0.2 ms a plan).
	// Plans saved before keep their rows, which Run and tripweave_read_plan
	// still read when trace is NULL; a save deletes its plan's old rows.
	`ALTER TABLE plans ADD COLUMN trace text;
	CREATE OR REPLACE FUNCTION tripweave_save_lean(jsonb) RETURNS text LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM pg_advisory_xact_lock(hashtextextended($1->>'id', 0));
		PERFORM pg_advisory_xact_lock_shared(tripweave_blobs_lock());
		IF EXISTS (SELECT 1 FROM plan_fences WHERE attempt = $1->>'attempt') THEN
			RAISE EXCEPTION 'this save of plan % was given up', $1->>'id' USING ERRCODE = 'TW002';
		END IF;
		INSERT INTO blobs (ref, value)
		SELECT key, convert_to(value, 'UTF8') FROM jsonb_each_text(coalesce($1->'values', '{}'))
		ON CONFLICT (ref) DO NOTHING;
		PERFORM tripweave_check_refs(ARRAY(SELECT jsonb_array_elements_text(coalesce($1->'refs', '[]'))));
		INSERT INTO plans (id, created_ns, created_at, status, brief_key, doc, lean, trip, refs, tag, attempt, trace)
		VALUES ($1->>'id', ($1->>'created_ns')::bigint, ($1->>'created_at')::timestamptz, $1->>'status', $1->>'brief_key',
			$1->'doc', convert_to($1->>'lean', 'UTF8'), convert_to($1->>'trip', 'UTF8'),
			ARRAY(SELECT jsonb_array_elements_text(coalesce($1->'refs', '[]'))), $1->>'tag', $1->>'attempt',
			coalesce($1->'spans', '[]')::text)
		ON CONFLICT (id) DO UPDATE SET created_ns = excluded.created_ns, created_at = excluded.created_at,
			status = excluded.status, brief_key = excluded.brief_key, doc = excluded.doc, lean = excluded.lean,
			trip = excluded.trip, refs = excluded.refs, tag = excluded.tag, attempt = excluded.attempt, trace = excluded.trace;
		DELETE FROM spans WHERE plan_id = $1->>'id';
		RETURN $1->>'id';
	END $$;
	CREATE OR REPLACE FUNCTION tripweave_read_plan(jsonb) RETURNS json LANGUAGE plpgsql STABLE AS $$
	BEGIN
		RETURN (SELECT json_build_object('lean', convert_from(p.lean, 'UTF8')::json, 'trip', convert_from(p.trip, 'UTF8')::json,
			'tag', p.tag, 'doc', CASE WHEN p.lean IS NULL AND NOT coalesce(($1->>'spans')::boolean, false) THEN p.doc END,
			'spans', CASE WHEN coalesce(($1->>'spans')::boolean, false) THEN coalesce(p.trace::json,
				(SELECT coalesce(json_agg(s ORDER BY s.seq), '[]') FROM (SELECT seq, node, kind, route, cache_hit, attempts, start,
					duration_ms, status, error FROM spans WHERE plan_id = p.id) AS s)) END,
			'values', CASE WHEN coalesce(($1->>'lean_only')::boolean, false) OR coalesce(($1->>'spans')::boolean, false) THEN '{}'::json ELSE
				(SELECT coalesce(json_object_agg(b.ref, convert_from(b.value, 'UTF8')::json), '{}') FROM blobs b WHERE b.ref = ANY(p.refs)) END)
		FROM plans p WHERE p.id = $1->>'id');
	END $$;`,
	// 8: the large columns are compressed with LZ4, not pglz, when the
	// server has it (PostgreSQL 14 and later built with lz4, as Debian's and
	// Supabase's are). pglz took about 0.3 ms of the server's CPU a plan
	// save, the largest part of a save's statements besides the WAL flush
	// (replaying real plan rows with synchronous_commit=off on the
	// development machine: 0.72 ms a save with pglz, 0.41 ms with LZ4).
	// Rows stored before keep pglz; both are read alike. A server without
	// lz4 keeps pglz: the migration is then a no-op.
	`DO $$
	BEGIN
		ALTER TABLE plans ALTER COLUMN lean SET COMPRESSION lz4, ALTER COLUMN trip SET COMPRESSION lz4,
			ALTER COLUMN trace SET COMPRESSION lz4, ALTER COLUMN doc SET COMPRESSION lz4;
		ALTER TABLE blobs ALTER COLUMN value SET COMPRESSION lz4;
	EXCEPTION WHEN feature_not_supported OR invalid_parameter_value OR syntax_error THEN
		RAISE NOTICE 'lz4 is not available: the plan columns keep pglz';
	END $$;`,
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
