package knowledgebase

import (
	"context"
	"time"
)

type refreshAheadKey struct{}

// WithRefreshAhead returns a context in which Lookup, LookupHeads and Get
// classify entries as if d had passed: an entry with less than d of
// freshness left is Stale. A caller refreshing keys ahead of their expiry
// (the pre-warm workers' periodic refresh) uses it so that its run
// revalidates them, while every other caller still sees them fresh.
func WithRefreshAhead(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, refreshAheadKey{}, d)
}

// lookupNow is the instant lookups under ctx classify entries at.
func (s *Store) lookupNow(ctx context.Context) time.Time {
	now := s.now()
	if d, ok := ctx.Value(refreshAheadKey{}).(time.Duration); ok && d > 0 {
		now = now.Add(d)
	}
	return now
}
