package upstream

import (
	"context"
	"sync/atomic"
)

type callsKey struct{}

// WithCalls returns ctx counting into n every request a Client sends to a
// provider on its behalf (each attempt, retries included): a tool learns
// so whether its answer cost a provider call or came from what its
// clients keep.
func WithCalls(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, callsKey{}, n)
}
