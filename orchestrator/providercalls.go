package orchestrator

import (
	"context"
	"sync/atomic"
)

// MetaProviderCalls is the key of a tool result's _meta under which an
// agent reports how many requests the call sent to providers (0: answered
// from what the agent keeps, or computed).
const MetaProviderCalls = "tripweave.dev/provider_calls"

type providerCallsKey struct{}

// WithProviderCalls returns ctx counting into n the provider calls of the
// tool calls made with it (AddProviderCalls).
func WithProviderCalls(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, providerCallsKey{}, n)
}

// AddProviderCalls adds n to the counter ctx carries, if any: a tool
// client calls it with the provider calls an agent reported.
func AddProviderCalls(ctx context.Context, n int64) {
	if c, ok := ctx.Value(providerCallsKey{}).(*atomic.Int64); ok {
		c.Add(n)
	}
}
