package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// migrations are the schema changes, applied in order; migrations[i] takes
// the schema from version i to i+1. Append only: never edit a shipped entry.
var migrations = []string{
	// 1: plans as JSON documents with indexed columns; spans one row each.
	`CREATE TABLE plans (
		id         TEXT PRIMARY KEY,
		created_at TEXT NOT NULL, -- UTC, fixed width (see timeLayout), so it sorts by time
		status     TEXT NOT NULL,
		brief_key  TEXT NOT NULL,
		doc        TEXT NOT NULL  -- the plan's JSON exactly as marshalled
	) STRICT;
	CREATE INDEX plans_created_at ON plans (created_at);
	CREATE INDEX plans_status ON plans (status, created_at);
	CREATE INDEX plans_brief_key ON plans (brief_key, created_at);
	CREATE TABLE spans (
		plan_id     TEXT NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
		seq         INTEGER NOT NULL, -- position in Run.Spans
		node        TEXT NOT NULL,
		kind        TEXT NOT NULL,
		route       TEXT NOT NULL,
		cache_hit   INTEGER NOT NULL,
		attempts    INTEGER NOT NULL,
		start       TEXT NOT NULL,    -- RFC 3339 with nanoseconds and the original offset
		duration_ms REAL NOT NULL,
		status      TEXT NOT NULL,
		error       TEXT NOT NULL,
		PRIMARY KEY (plan_id, seq)
	) STRICT, WITHOUT ROWID;`,
	// 2: listing pages newest first with ties broken by id, overall and by
	// status, without a sort step.
	`DROP INDEX plans_created_at;
	DROP INDEX plans_status;
	CREATE INDEX plans_created_id ON plans (created_at, id);
	CREATE INDEX plans_status_created_id ON plans (status, created_at, id);`,
	// 3: plans by reference. A trip's large values shared by many plans (a
	// city's catalogs and matrix, orchestrator.Sourced.Ref) are kept once
	// in blobs, by content address; doc holds the plan without its trip
	// (orchestrator.LeanPlan) and trip the trip without those values
	// (orchestrator.SplitTrip). A NULL trip marks a row written before
	// version 3, whose doc is the whole plan.
	`ALTER TABLE plans ADD COLUMN trip TEXT;
	CREATE TABLE blobs (
		ref TEXT PRIMARY KEY, -- orchestrator.ContentRef(doc)
		doc TEXT NOT NULL
	) STRICT, WITHOUT ROWID;
	CREATE TABLE plan_blobs (
		plan_id TEXT NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
		ref     TEXT NOT NULL REFERENCES blobs (ref),
		PRIMARY KEY (plan_id, ref)
	) STRICT, WITHOUT ROWID;
	CREATE INDEX plan_blobs_ref ON plan_blobs (ref);`,
	// 4: a run's spans as one JSON array in the plan's row (one write per
	// plan instead of one per span). A NULL spans marks a row written
	// before version 4, whose spans are rows of the spans table.
	`ALTER TABLE plans ADD COLUMN spans TEXT;`,
	// 5: a plan's references as a JSON array in its row (one write per
	// plan); blobs no row references are found with json_each.
	`ALTER TABLE plans ADD COLUMN refs TEXT;
	UPDATE plans SET refs = (SELECT json_group_array(ref) FROM plan_blobs WHERE plan_id = plans.id) WHERE trip IS NOT NULL;
	DROP TABLE plan_blobs;`,
	// 6: blobs with their refs in an index of their own, so that checking
	// that a plan's values are stored reads the index, never the values
	// (a WITHOUT ROWID table keeps each value in its key's record).
	`CREATE TABLE blobs6 (
		ref TEXT NOT NULL UNIQUE, -- orchestrator.ContentRef(doc)
		doc TEXT NOT NULL
	) STRICT;
	INSERT INTO blobs6 (ref, doc) SELECT ref, doc FROM blobs;
	DROP TABLE blobs;
	ALTER TABLE blobs6 RENAME TO blobs;`,
}

// unversioned are schema changes that need no new version: each is
// idempotent, and a binary of the current version that does not make it
// still reads and writes the result (so it can open the database after a
// rollback). migrate runs them after the versioned migrations, every time.
//
// plans_brief_key (version 1) indexes plans by brief_key, which no query
// reads; every plan inserted wrote a leaf page of it, at a random place,
// to the WAL and again at the checkpoint. The column stays (older binaries
// write it).
var unversioned = []string{
	`DROP INDEX IF EXISTS plans_brief_key`,
}

// migrate brings db's schema to version len(migrations) in one transaction. A database
// written by a newer version of this package is refused.
func migrate(ctx context.Context, db *sql.DB) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		id      INTEGER PRIMARY KEY CHECK (id = 1),
		version INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("create schema_version: %w", err)
	}
	var version int
	err = tx.QueryRowContext(ctx, `SELECT version FROM schema_version WHERE id = 1`).Scan(&version)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		version = 0
	case err != nil:
		return fmt.Errorf("read schema version: %w", err)
	}
	if version > len(migrations) {
		return fmt.Errorf("schema version %d is newer than this program's %d", version, len(migrations))
	}
	for i := version; i < len(migrations); i++ {
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migrate schema to version %d: %w", i+1, err)
		}
	}
	for _, stmt := range unversioned {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("update schema: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (id, version) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET version = excluded.version`, len(migrations)); err != nil {
		return fmt.Errorf("record schema version: %w", err)
	}
	return tx.Commit()
}
