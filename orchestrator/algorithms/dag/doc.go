// Package dag runs a directed acyclic graph of functions with bounded
// concurrency, per-attempt deadlines, retries of transient errors, and a
// deterministic trace.
//
// The life cycle has three steps, after cloudwego/eino's compose package:
//
//   - Build: New returns an empty Graph; Add adds one Node. Add reports a bad
//     node (empty ID, nil Run, duplicate ID) at once and also keeps the first
//     such error, which Compile returns again.
//   - Compile: Compile checks the graph as a whole (unknown dependencies,
//     cycles, emptiness), fixes a topological order (ties broken by node ID)
//     and resolves defaults from Options. The Runnable it returns is immutable.
//   - Run: Runnable.Run executes the graph. It may be called many times, also
//     concurrently; each call has its own state.
//
// Scheduling. A node starts as soon as all of its dependencies have finished,
// bounded by Options.MaxConcurrency (global) and Options.RouteLimits (per
// Node.Route). A single scheduler goroutine, the caller of Run, owns the
// bounds: it starts a node only when both a global and a route slot are free,
// so a node waiting for its route never holds a global slot and nodes of
// other routes are not blocked behind it. Ready nodes wait in one FIFO queue
// per bounded route. The scheduler checks ctx at every step. Nodes that
// answer at once (Node.Inline: a value already at hand) run on the
// scheduler's goroutine as soon as they are ready, taking no slot; so does
// a node that is ready alone while nothing else runs, since the scheduler
// would only wait for it. A warm run whose values are all at hand starts no
// goroutine.
//
// Failure. A failing Optional node leaves its error in Result.Errors and the
// run goes on; its dependents still run and see the error through Deps.Err.
// A failing required node stops the run: nothing new is scheduled, the
// running nodes' contexts are cancelled (with the *NodeError as the cause),
// Run waits for them and returns the partial Result with that *NodeError.
// When the caller's ctx ends, Run likewise stops, cancels, waits, and returns
// the partial Result with the ctx error wrapped. A panic in a node becomes
// that node's error, wrapping ErrPanic.
//
// Concurrency is owned and scoped in the manner of sourcegraph/conc: every
// goroutine Run starts is waited for before Run returns, so no goroutine
// outlives the call. Results are keyed by node ID, never by completion order.
package dag
