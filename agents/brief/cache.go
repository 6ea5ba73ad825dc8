package brief

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
)

// DefaultCacheTTL is how long a model's reading of a request is reused.
const DefaultCacheTTL = 7 * 24 * time.Hour

// KBCache keeps parse results in the knowledge cache (Redis) under the
// kind "brief", keyed by CacheKey (normalised text, reference date, model,
// prompt version), for TTL. It implements Cache.
type KBCache struct {
	KB  *knowledgebase.Store
	TTL time.Duration    // 0: DefaultCacheTTL
	Now func() time.Time // nil: time.Now
	Log *slog.Logger     // nil: discard
}

func kbKey(key string) knowledgebase.Key {
	_, hash, _ := strings.Cut(strings.TrimPrefix(key, "brief:"), ":")
	return knowledgebase.Key{Kind: "brief", Hash: hash}
}

// GetBrief returns a fresh cached result.
func (c *KBCache) GetBrief(ctx context.Context, key string) (*Result, bool) {
	l, err := c.KB.Get(ctx, kbKey(key))
	if err != nil || l.State != knowledgebase.Fresh {
		return nil, false
	}
	var r Result
	if err := json.Unmarshal(l.Entry.Payload, &r); err != nil {
		return nil, false
	}
	return &r, true
}

// PutBrief stores a result; a failed write is logged, never an error.
func (c *KBCache) PutBrief(ctx context.Context, key string, r *Result) {
	data, err := json.Marshal(r)
	if err != nil {
		return
	}
	now, ttl := time.Now, c.TTL
	if c.Now != nil {
		now = c.Now
	}
	if ttl <= 0 {
		ttl = DefaultCacheTTL
	}
	e := knowledgebase.Entry{Payload: data, Provenance: orchestrator.Provenance{Source: "brief:" + r.Parser, FetchedAt: now().UTC()}}
	if err := c.KB.Put(ctx, kbKey(key), e, ttl); err != nil && c.Log != nil {
		c.Log.WarnContext(ctx, "brief cache write failed", "err", err)
	}
}
