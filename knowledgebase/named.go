package knowledgebase

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// NamedKey returns the Key of the fact kind names by name — knowledge a
// provider client keeps per place rather than per request (a city's climate
// normals, its forecast window): Hash is 16 hex digits of SHA-256 over
// name.
func NamedKey(kind, name string) Key {
	sum := sha256.Sum256([]byte(name))
	return Key{Kind: kind, Hash: hex.EncodeToString(sum[:8])}
}

// FetchNamed returns the value kept under NamedKey(kind, name) while it is
// fresh; otherwise it calls fetch through Fetch (coalesced in process and,
// with a lease, across processes) and keeps the result for ttl. fetchedAt is
// when the value was fetched. A Redis failure on the read falls through to
// fetch. It implements the Knowledge of provider clients
// (openmeteo.Knowledge).
func (s *Store) FetchNamed(ctx context.Context, kind, name string, ttl time.Duration, fetch func(ctx context.Context) (json.RawMessage, error)) (value json.RawMessage, fetchedAt time.Time, err error) {
	key := NamedKey(kind, name)
	if l, err := s.Get(ctx, key); err == nil && l.State == Fresh {
		return l.Entry.Payload, l.Entry.Provenance.FetchedAt, nil
	}
	e, err := s.Fetch(ctx, key, ttl, func(ctx context.Context) (json.RawMessage, orchestrator.Provenance, error) {
		v, err := fetch(ctx)
		return v, orchestrator.Provenance{Source: "knowledge:" + kind, FetchedAt: s.now().UTC()}, err
	})
	if err != nil {
		return nil, time.Time{}, err
	}
	return e.Payload, e.Provenance.FetchedAt, nil
}
