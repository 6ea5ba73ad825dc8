package dag

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Span is one node's entry in a run's trace.
type Span struct {
	Node     string
	Route    string // the node's Route, or what the node set with SetRoute
	CacheHit bool   // set by the node via MarkCacheHit
	Attempts int
	Start    time.Time // when the node started (Options.Now)
	Duration time.Duration
	Err      error // nil when the node succeeded
	Optional bool
}

// Hooks observe a run. All fields are optional. They are called from the
// goroutine running the node (the scheduler's for a node run inline),
// concurrently, and should return quickly. A panic in a
// hook is not turned into a node error: Run re-raises it, after every
// goroutine has finished, as sourcegraph/conc does.
type Hooks struct {
	OnStart  func(node, route string) // before a node's first attempt
	OnFinish func(Span)               // after a node's last attempt
}

// mark is what a running node reports about itself through its ctx. A
// node's goroutines may report after its attempt was abandoned, hence the
// atomic and the lock (a lock, not an atomic pointer, so that SetRoute
// does not allocate: every node of a plan sets its route).
type mark struct {
	cacheHit atomic.Bool
	mu       sync.Mutex
	route    string
	routeSet bool
}

// setRoute records route as the route that answered.
func (m *mark) setRoute(route string) {
	m.mu.Lock()
	m.route, m.routeSet = route, true
	m.mu.Unlock()
}

// answered returns the route SetRoute recorded, if any.
func (m *mark) answered() (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.route, m.routeSet
}

type markKey struct{}

// MarkCacheHit records in the span of the node running with ctx that its
// answer came from a cache. Outside a node it does nothing.
func MarkCacheHit(ctx context.Context) {
	if m, ok := ctx.Value(markKey{}).(*mark); ok {
		m.cacheHit.Store(true)
	}
}

// SetRoute records in the span of the node running with ctx the route that
// actually answered (for example a fallback), replacing Node.Route in the
// trace; it does not change scheduling. Outside a node it does nothing.
func SetRoute(ctx context.Context, route string) {
	if m, ok := ctx.Value(markKey{}).(*mark); ok {
		m.setRoute(route)
	}
}
