package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tripweave/tripweave/orchestrator"
)

var _ orchestrator.KeyStore = (*Store)(nil)

// KeyMigrations are the schema changes of the key tables, applied in order
// like Migrations but numbered in their own table (tripweave_keys_schema),
// so that they never compete with the plan tables' numbering. Append only.
var KeyMigrations = []string{
	// 1: API keys (only a hash of each) and who owns which plan. An owner
	// row is written before its plan, so it has no foreign key to plans.
	`CREATE TABLE api_keys (
		id         text PRIMARY KEY,
		name       text NOT NULL,
		hash       bytea NOT NULL,
		scopes     text[] NOT NULL,
		created_at timestamptz NOT NULL,
		revoked_at timestamptz
	);
	CREATE TABLE plan_owners (
		plan_id    text PRIMARY KEY,
		key_id     text NOT NULL,
		share_hash bytea
	);
	CREATE INDEX plan_owners_key ON plan_owners (key_id);`,
}

// keysReady remembers the Stores whose key tables are migrated.
var keysReady sync.Map // *Store → struct{}

// keys brings the key tables up to date once per Store, under an advisory
// lock so that replicas starting together apply each step once.
func (s *Store) keys(ctx context.Context) error {
	if _, ok := keysReady.Load(s); ok {
		return nil
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('tripweave keys migrate ' || $1))`, s.schema); err != nil {
			return fmt.Errorf("lock: %w", classify(err))
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS tripweave_keys_schema (
			version    integer PRIMARY KEY,
			applied_at timestamptz NOT NULL DEFAULT now()
		)`); err != nil {
			return fmt.Errorf("create tripweave_keys_schema: %w", classify(err))
		}
		var from int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM tripweave_keys_schema`).Scan(&from); err != nil {
			return fmt.Errorf("read key schema version: %w", classify(err))
		}
		if from > len(KeyMigrations) {
			return fmt.Errorf("key schema version %d is newer than this program's %d", from, len(KeyMigrations))
		}
		for i := from; i < len(KeyMigrations); i++ {
			if _, err := tx.Exec(ctx, KeyMigrations[i]); err != nil {
				return fmt.Errorf("migrate key schema to version %d: %w", i+1, classify(err))
			}
			if _, err := tx.Exec(ctx, `INSERT INTO tripweave_keys_schema (version) VALUES ($1)`, i+1); err != nil {
				return fmt.Errorf("record key schema version %d: %w", i+1, classify(err))
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("key tables: %w", classify(err))
	}
	keysReady.Store(s, struct{}{})
	return nil
}

// CreateKey stores k (its ID must be new).
func (s *Store) CreateKey(ctx context.Context, k *orchestrator.APIKey) error {
	if err := s.keys(ctx); err != nil {
		return err
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO api_keys (id, name, hash, scopes, created_at) VALUES ($1, $2, $3, $4, $5)`,
		k.ID, k.Name, k.Hash, k.Scopes, k.CreatedAt.UTC()); err != nil {
		return fmt.Errorf("create key %s: %w", k.ID, classify(err))
	}
	return nil
}

const keyColumns = `id, name, hash, scopes, created_at, revoked_at`

func scanKey(row pgx.Row) (*orchestrator.APIKey, error) {
	var k orchestrator.APIKey
	var revoked *time.Time
	if err := row.Scan(&k.ID, &k.Name, &k.Hash, &k.Scopes, &k.CreatedAt, &revoked); err != nil {
		return nil, err
	}
	k.CreatedAt = k.CreatedAt.UTC()
	if revoked != nil {
		t := revoked.UTC()
		k.RevokedAt = &t
	}
	return &k, nil
}

// Key returns key id, revoked or not, or an ENOTFOUND *orchestrator.Error.
func (s *Store) Key(ctx context.Context, id string) (*orchestrator.APIKey, error) {
	if err := s.keys(ctx); err != nil {
		return nil, err
	}
	k, err := scanKey(s.pool.QueryRow(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no key %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("key %s: %w", id, classify(err))
	}
	return k, nil
}

// ListKeys returns every key, oldest first.
func (s *Store) ListKeys(ctx context.Context) ([]orchestrator.APIKey, error) {
	if err := s.keys(ctx); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT `+keyColumns+` FROM api_keys ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("list keys: %w", classify(err))
	}
	defer rows.Close()
	out := []orchestrator.APIKey{}
	for rows.Next() {
		k, err := scanKey(rows)
		if err != nil {
			return nil, fmt.Errorf("list keys: %w", classify(err))
		}
		out = append(out, *k)
	}
	return out, rows.Err()
}

// RevokeKey marks key id revoked at t (the first revocation stands).
func (s *Store) RevokeKey(ctx context.Context, id string, t time.Time) error {
	if err := s.keys(ctx); err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `UPDATE api_keys SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2`, t.UTC(), id)
	if err != nil {
		return fmt.Errorf("revoke key %s: %w", id, classify(err))
	}
	if tag.RowsAffected() == 0 {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "no key %q", id)
	}
	return nil
}

// SetPlanOwner records that key keyID owns plan planID.
func (s *Store) SetPlanOwner(ctx context.Context, planID, keyID string) error {
	if err := s.keys(ctx); err != nil {
		return err
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO plan_owners (plan_id, key_id) VALUES ($1, $2)
		ON CONFLICT (plan_id) DO UPDATE SET key_id = excluded.key_id`, planID, keyID); err != nil {
		return fmt.Errorf("set owner of plan %s: %w", planID, classify(err))
	}
	return nil
}

// PlanOwner returns the owner of plan planID and the hash of its share
// token (nil when none), or an ENOTFOUND *orchestrator.Error.
func (s *Store) PlanOwner(ctx context.Context, planID string) (string, []byte, error) {
	if err := s.keys(ctx); err != nil {
		return "", nil, err
	}
	var owner string
	var share []byte
	err := s.pool.QueryRow(ctx, `SELECT key_id, share_hash FROM plan_owners WHERE plan_id = $1`, planID).Scan(&owner, &share)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no owner of plan %q", planID)
	}
	if err != nil {
		return "", nil, fmt.Errorf("owner of plan %s: %w", planID, classify(err))
	}
	return owner, share, nil
}

// SetShareHash replaces the hash of plan planID's share token.
func (s *Store) SetShareHash(ctx context.Context, planID string, hash []byte) error {
	if err := s.keys(ctx); err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `UPDATE plan_owners SET share_hash = $1 WHERE plan_id = $2`, hash, planID)
	if err != nil {
		return fmt.Errorf("share plan %s: %w", planID, classify(err))
	}
	if tag.RowsAffected() == 0 {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "no owner of plan %q", planID)
	}
	return nil
}
