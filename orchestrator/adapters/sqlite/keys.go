package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

var _ orchestrator.KeyStore = (*Store)(nil)

// keySchema holds API keys and plan ownership. It lives beside the
// migrations of the plan tables, created if missing, so that it never
// competes with their numbering.
const keySchema = `CREATE TABLE IF NOT EXISTS api_keys (
		id         TEXT PRIMARY KEY,
		name       TEXT NOT NULL,
		hash       BLOB NOT NULL,
		scopes     TEXT NOT NULL, -- space-separated
		created_at TEXT NOT NULL,
		revoked_at TEXT           -- NULL while the key is valid
	) STRICT;
	CREATE TABLE IF NOT EXISTS plan_owners (
		plan_id    TEXT PRIMARY KEY,
		key_id     TEXT NOT NULL,
		share_hash BLOB
	) STRICT;`

// keys creates the key tables once per Store.
func (s *Store) keys(ctx context.Context) error {
	s.keysMu.Lock()
	defer s.keysMu.Unlock()
	if s.keysReady {
		return nil
	}
	if _, err := s.w.ExecContext(ctx, keySchema); err != nil {
		return writeError(fmt.Errorf("create key tables: %w", err))
	}
	s.keysReady = true
	return nil
}

// CreateKey stores k.
func (s *Store) CreateKey(ctx context.Context, k *orchestrator.APIKey) error {
	if err := s.keys(ctx); err != nil {
		return err
	}
	_, err := s.w.ExecContext(ctx, `INSERT INTO api_keys (id, name, hash, scopes, created_at) VALUES (?, ?, ?, ?, ?)`,
		k.ID, k.Name, k.Hash, strings.Join(k.Scopes, " "), k.CreatedAt.UTC().Format(timeLayout))
	if err != nil {
		return writeError(fmt.Errorf("create key %s: %w", k.ID, err))
	}
	return nil
}

// Key returns key id or an ENOTFOUND *orchestrator.Error.
func (s *Store) Key(ctx context.Context, id string) (*orchestrator.APIKey, error) {
	if err := s.keys(ctx); err != nil {
		return nil, err
	}
	row := s.r.QueryRowContext(ctx, `SELECT id, name, hash, scopes, created_at, revoked_at FROM api_keys WHERE id = ?`, id)
	k, err := scanKey(row.Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no key %q", id)
	}
	return k, err
}

// ListKeys returns every key, oldest first.
func (s *Store) ListKeys(ctx context.Context) ([]orchestrator.APIKey, error) {
	if err := s.keys(ctx); err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id, name, hash, scopes, created_at, revoked_at FROM api_keys ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	defer rows.Close()
	out := []orchestrator.APIKey{}
	for rows.Next() {
		k, err := scanKey(rows.Scan)
		if err != nil {
			return nil, err
		}
		out = append(out, *k)
	}
	return out, rows.Err()
}

func scanKey(scan func(...any) error) (*orchestrator.APIKey, error) {
	var k orchestrator.APIKey
	var scopes, created string
	var revoked sql.NullString
	if err := scan(&k.ID, &k.Name, &k.Hash, &scopes, &created, &revoked); err != nil {
		return nil, err
	}
	k.Scopes = strings.Fields(scopes)
	var err error
	if k.CreatedAt, err = time.Parse(timeLayout, created); err != nil {
		return nil, fmt.Errorf("key %s: created_at: %w", k.ID, err)
	}
	if revoked.Valid {
		t, err := time.Parse(timeLayout, revoked.String)
		if err != nil {
			return nil, fmt.Errorf("key %s: revoked_at: %w", k.ID, err)
		}
		k.RevokedAt = &t
	}
	return &k, nil
}

// RevokeKey marks key id revoked at t.
func (s *Store) RevokeKey(ctx context.Context, id string, t time.Time) error {
	if err := s.keys(ctx); err != nil {
		return err
	}
	res, err := s.w.ExecContext(ctx, `UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?`, t.UTC().Format(timeLayout), id)
	if err != nil {
		return writeError(fmt.Errorf("revoke key %s: %w", id, err))
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "no key %q", id)
	}
	return nil
}

// SetPlanOwner records that keyID owns planID.
func (s *Store) SetPlanOwner(ctx context.Context, planID, keyID string) error {
	if err := s.keys(ctx); err != nil {
		return err
	}
	_, err := s.w.ExecContext(ctx, `INSERT INTO plan_owners (plan_id, key_id) VALUES (?, ?)
		ON CONFLICT (plan_id) DO UPDATE SET key_id = excluded.key_id`, planID, keyID)
	if err != nil {
		return writeError(fmt.Errorf("set owner of plan %s: %w", planID, err))
	}
	return nil
}

// PlanOwner returns the owner of planID and its share hash.
func (s *Store) PlanOwner(ctx context.Context, planID string) (string, []byte, error) {
	if err := s.keys(ctx); err != nil {
		return "", nil, err
	}
	var owner string
	var share []byte
	err := s.r.QueryRowContext(ctx, `SELECT key_id, share_hash FROM plan_owners WHERE plan_id = ?`, planID).Scan(&owner, &share)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no owner of plan %q", planID)
	}
	if err != nil {
		return "", nil, fmt.Errorf("owner of plan %s: %w", planID, err)
	}
	return owner, share, nil
}

// SetShareHash replaces the hash of planID's share token.
func (s *Store) SetShareHash(ctx context.Context, planID string, hash []byte) error {
	if err := s.keys(ctx); err != nil {
		return err
	}
	res, err := s.w.ExecContext(ctx, `UPDATE plan_owners SET share_hash = ? WHERE plan_id = ?`, hash, planID)
	if err != nil {
		return writeError(fmt.Errorf("share plan %s: %w", planID, err))
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "no owner of plan %q", planID)
	}
	return nil
}
