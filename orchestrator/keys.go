package orchestrator

import (
	"context"
	"time"
)

// Scopes an API key can hold.
const (
	ScopePlansRead  = "plans:read"  // read plans the key owns (or shared with a token)
	ScopePlansWrite = "plans:write" // make, answer, share and delete plans
	ScopeAdmin      = "admin"       // everything, every plan, /metrics and /providers
)

// APIKey is a stored API key: never its secret, only a hash of it.
type APIKey struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Hash      []byte     `json:"-"`
	Scopes    []string   `json:"scopes"`
	CreatedAt time.Time  `json:"created_at"`
	RevokedAt *time.Time `json:"revoked_at,omitempty"`
}

// Has reports whether the key holds scope (admin holds every scope).
func (k *APIKey) Has(scope string) bool {
	for _, s := range k.Scopes {
		if s == scope || s == ScopeAdmin {
			return true
		}
	}
	return false
}

// KeyStore keeps API keys and who owns which plan. Its ownership records
// are written before the plan they name, so every acknowledged plan has its
// owner.
type KeyStore interface {
	// CreateKey stores k (its ID must be new).
	CreateKey(ctx context.Context, k *APIKey) error
	// Key returns key id, revoked or not, or an ENOTFOUND *Error.
	Key(ctx context.Context, id string) (*APIKey, error)
	// ListKeys returns every key, oldest first.
	ListKeys(ctx context.Context) ([]APIKey, error)
	// RevokeKey marks key id revoked at t, or returns an ENOTFOUND *Error.
	RevokeKey(ctx context.Context, id string, t time.Time) error
	// SetPlanOwner records that key keyID owns plan planID.
	SetPlanOwner(ctx context.Context, planID, keyID string) error
	// PlanOwner returns the owner of plan planID and the hash of its share
	// token (nil when none); an unknown plan is an ENOTFOUND *Error.
	PlanOwner(ctx context.Context, planID string) (keyID string, shareHash []byte, err error)
	// SetShareHash replaces the hash of plan planID's share token.
	SetShareHash(ctx context.Context, planID string, hash []byte) error
}

type callerKey struct{}

// WithCaller returns ctx carrying the API key of the request it serves.
func WithCaller(ctx context.Context, k *APIKey) context.Context {
	return context.WithValue(ctx, callerKey{}, k)
}

// Caller returns the API key ctx carries, or nil (authentication off, or a
// share token).
func Caller(ctx context.Context) *APIKey {
	k, _ := ctx.Value(callerKey{}).(*APIKey)
	return k
}
