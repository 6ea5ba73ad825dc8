// Package auth makes and checks API keys and share tokens. A key reads
// "tw_<id>_<secret>": the id is public (it names the key in listings and
// logs), the secret is 32 random bytes, and the store keeps only the
// SHA-256 of the whole key. Share tokens are random too and stored hashed.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"sync"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// Scopes lists every scope a key may hold.
var Scopes = []string{orchestrator.ScopePlansRead, orchestrator.ScopePlansWrite, orchestrator.ScopeAdmin}

// NewKey draws a new key named name with scopes, returning the key to hand
// to its holder (shown once, never stored) and the record to store.
func NewKey(name string, scopes []string, now time.Time) (string, *orchestrator.APIKey, error) {
	if name == "" {
		return "", nil, orchestrator.FieldErrorf("name", "a key needs a name")
	}
	if len(scopes) == 0 {
		return "", nil, orchestrator.FieldErrorf("scopes", "a key needs at least one scope (%s)", strings.Join(Scopes, ", "))
	}
	for _, s := range scopes {
		if !validScope(s) {
			return "", nil, orchestrator.FieldErrorf("scopes", "unknown scope %q (want %s)", s, strings.Join(Scopes, ", "))
		}
	}
	id := "k" + randomHex(6)
	secret := "tw_" + id + "_" + randomB64(32)
	return secret, &orchestrator.APIKey{ID: id, Name: name, Hash: Hash(secret), Scopes: scopes, CreatedAt: now.UTC()}, nil
}

func validScope(s string) bool {
	for _, v := range Scopes {
		if s == v {
			return true
		}
	}
	return false
}

// Hash returns the SHA-256 of a key or share token, as stored.
func Hash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// NewShareToken draws a share token and returns it with its hash.
func NewShareToken() (string, []byte) {
	t := "sh_" + randomB64(24)
	return t, Hash(t)
}

// SameHash compares a token with a stored hash in constant time.
func SameHash(token string, hash []byte) bool {
	return len(hash) == sha256.Size && subtle.ConstantTimeCompare(Hash(token), hash) == 1
}

// keyID returns the id part of a key, or false when token is not a key.
func keyID(token string) (string, bool) {
	rest, ok := strings.CutPrefix(token, "tw_")
	if !ok {
		return "", false
	}
	id, secret, ok := strings.Cut(rest, "_")
	return id, ok && id != "" && secret != ""
}

// CacheTTL is how long an Authenticator trusts a looked-up key: a revoked
// key stops working on every replica within it.
const CacheTTL = 10 * time.Second

// Authenticator checks presented keys against a KeyStore, caching lookups
// for CacheTTL. It is safe for concurrent use.
type Authenticator struct {
	store orchestrator.KeyStore
	now   func() time.Time

	mu    sync.Mutex
	cache map[string]cached
}

type cached struct {
	key     *orchestrator.APIKey // nil: no such key
	expires time.Time
}

// NewAuthenticator returns an Authenticator over store; now nil means
// time.Now.
func NewAuthenticator(store orchestrator.KeyStore, now func() time.Time) *Authenticator {
	if now == nil {
		now = time.Now
	}
	return &Authenticator{store: store, now: now, cache: map[string]cached{}}
}

// Authenticate returns the key token presents. A malformed, unknown, wrong
// or revoked key is an EUNAUTHORIZED *orchestrator.Error; a store failure is
// returned as it is.
func (a *Authenticator) Authenticate(ctx context.Context, token string) (*orchestrator.APIKey, error) {
	id, ok := keyID(token)
	if !ok {
		return nil, orchestrator.Errorf(orchestrator.EUNAUTHORIZED, "the API key is malformed (want tw_<id>_<secret>)")
	}
	now := a.now()
	a.mu.Lock()
	c, hit := a.cache[id]
	a.mu.Unlock()
	if !hit || now.After(c.expires) {
		k, err := a.store.Key(ctx, id)
		switch {
		case orchestrator.ErrorCode(err) == orchestrator.ENOTFOUND:
			k = nil
		case err != nil:
			return nil, err
		}
		c = cached{key: k, expires: now.Add(CacheTTL)}
		a.mu.Lock()
		if len(a.cache) > 10000 { // bound memory under key-guessing
			clear(a.cache)
		}
		a.cache[id] = c
		a.mu.Unlock()
	}
	if c.key == nil || !SameHash(token, c.key.Hash) {
		return nil, orchestrator.Errorf(orchestrator.EUNAUTHORIZED, "unknown API key")
	}
	if c.key.RevokedAt != nil {
		return nil, orchestrator.Errorf(orchestrator.EUNAUTHORIZED, "API key %s was revoked", c.key.ID)
	}
	return c.key, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails: crypto/rand crashes the program instead
	return hex.EncodeToString(b)
}

func randomB64(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
