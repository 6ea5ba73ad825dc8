package upstream

import (
	"context"
	"sync/atomic"
)

type callsKey struct{}

// callCounter is one counter of a ctx, with the counters of the ctx it was
// made from.
type callCounter struct {
	n      *atomic.Int64
	parent *callCounter
}

// WithCalls returns ctx counting into n every request a Client sends to a
// provider on its behalf (each attempt, retries included): a tool learns
// so whether its answer cost a provider call or came from what its
// clients keep. Counters nest: a request counts in every counter of ctx.
func WithCalls(ctx context.Context, n *atomic.Int64) context.Context {
	parent, _ := ctx.Value(callsKey{}).(*callCounter)
	return context.WithValue(ctx, callsKey{}, &callCounter{n: n, parent: parent})
}

// countCall counts one request in every counter of ctx.
func countCall(ctx context.Context) {
	c, _ := ctx.Value(callsKey{}).(*callCounter)
	for ; c != nil; c = c.parent {
		c.n.Add(1)
	}
}
