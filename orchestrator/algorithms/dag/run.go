package dag

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sourcegraph/conc"
	"github.com/sourcegraph/conc/panics"
)

// Runnable is a compiled graph. It is immutable: Run may be called any
// number of times, also concurrently.
type Runnable[T any] struct {
	nodes     []cnode[T]       // in topological order (ties by ID)
	index     map[string]int32 // ID → insertion index
	pos       []int32          // insertion index → position in nodes
	roots     []int32          // nodes without dependencies
	limits    []int            // per scheduling class; class 0 has only the global bound
	classSize []int32          // nodes per class
	maxConc   int
	jitter    func(time.Duration) time.Duration
	now       func() time.Time
}

// cnode is a node with its defaults resolved and its edges as indices.
type cnode[T any] struct {
	id       string
	route    string
	deps     []string // declared order
	depIdx   []int32  // deps as positions, declared order
	children []int32  // dependents, ascending
	indeg    int32
	class    int32
	optional bool
	inline   bool          // run on the scheduler's goroutine (Node.Inline)
	timeout  time.Duration // ≤ 0: none
	attempts int
	base     time.Duration
	max      time.Duration
	run      Func[T]
}

// Result is what a run produced. Every node is in exactly one of Values and
// Errors.
type Result[T any] struct {
	Values   map[string]T     // successful nodes, keyed by node ID
	Errors   map[string]error // failed nodes, and nodes not run (wrapping ErrNotRun) because the run stopped
	Trace    []Span           // one per node that started, in the compiled topological order (ties by ID)
	Duration time.Duration    // of the whole run, by Options.Now
}

// Order returns the node IDs in the compiled topological order, the order of
// Result.Trace.
func (r *Runnable[T]) Order() []string {
	ids := make([]string, len(r.nodes))
	for i := range r.nodes {
		ids[i] = r.nodes[i].id
	}
	return ids
}

// runState is one run's state, shared by the scheduler and the nodes.
type runState[T any] struct {
	r     *Runnable[T]
	slots []slot[T]
}

// slot is one node's outcome. The node's goroutine writes it; the scheduler
// and dependents read it after the node reported completion.
type slot[T any] struct {
	val  T
	err  error
	span Span
	ran  bool
	mark mark
	ctx  nodeCtx // the node's context, carrying mark
}

// nodeCtx is the context a node runs with: the run's, with the node's
// mark as the value of markKey. It lives in the node's slot, so that
// starting a node allocates no context (context.WithValue would).
type nodeCtx struct {
	context.Context
	mark *mark
}

// Value returns the node's mark for markKey and asks the run's context
// for any other key.
func (c *nodeCtx) Value(key any) any {
	if key == (markKey{}) {
		return c.mark
	}
	return c.Context.Value(key)
}

type readyItem struct {
	node int32
	seq  uint32 // readiness order, for FIFO across classes
}

// queue holds the ready nodes of one scheduling class. Each node is pushed
// once per run, so buf never grows.
type queue struct {
	buf        []readyItem
	head, tail int32
	running    int
}

// errHookPanic marks a node whose hook panicked; Run re-raises the panic.
var errHookPanic = errors.New("hook panicked")

// Run executes the graph and returns its Result. It blocks until every node
// it started has returned: no goroutine outlives the call.
//
// When a required node fails, Run cancels the others, waits for them and
// returns the partial Result with a *NodeError naming the node. When ctx
// ends first, Run returns the partial Result with an error wrapping ctx's
// error (and its cause). hooks may be nil. Run panics only if a hook panics.
func (r *Runnable[T]) Run(ctx context.Context, hooks *Hooks) (*Result[T], error) {
	start := r.now()
	n := len(r.nodes)
	st := &runState[T]{r: r, slots: make([]slot[T], n)}
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	pending := make([]int32, n)
	for i := range r.nodes {
		pending[i] = r.nodes[i].indeg
	}
	qs := make([]queue, len(r.limits))
	buf := make([]readyItem, n)
	off := int32(0)
	for c := range qs {
		qs[c].buf = buf[off : off+r.classSize[c]]
		off += r.classSize[c]
	}
	var seq uint32
	var inline []int32 // ready inline nodes, FIFO
	push := func(i int32) {
		if r.nodes[i].inline {
			inline = append(inline, i)
			return
		}
		q := &qs[r.nodes[i].class]
		q.buf[q.tail] = readyItem{node: i, seq: seq}
		q.tail++
		seq++
	}
	for _, i := range r.roots {
		push(i)
	}

	done := make(chan int32, n) // never blocks a finishing node
	var wg conc.WaitGroup
	var pc panics.Catcher // hooks' panics on the scheduler's goroutine
	running := 0
	var runErr error
	ctxDone := ctx.Done()
	// complete records that node i finished: a required node's failure
	// stops the run, a success readies the dependents.
	complete := func(i int32) {
		running--
		if !r.nodes[i].inline {
			qs[r.nodes[i].class].running--
		}
		if st.slots[i].err != nil && !r.nodes[i].optional {
			if runErr == nil {
				if ctx.Err() != nil {
					runErr = stopError(ctx)
				} else {
					runErr = &NodeError{Node: r.nodes[i].id, Err: st.slots[i].err}
				}
				ctxDone = nil
				cancel(runErr)
			}
			return
		}
		if runErr != nil {
			return
		}
		for _, c := range r.nodes[i].children {
			if pending[c]--; pending[c] == 0 {
				push(c)
			}
		}
	}
	// here runs node i on the scheduler's goroutine and completes it.
	here := func(i int32) {
		running++
		pc.Try(func() { r.exec(runCtx, st, i, hooks, nil) })
		complete(i)
	}
	for {
		if runErr == nil && ctx.Err() != nil {
			runErr, ctxDone = stopError(ctx), nil
		}
		if runErr == nil {
			if len(inline) > 0 {
				i := inline[0]
				inline = inline[1:]
				here(i)
				continue
			}
			if running == 0 {
				// A node ready alone while nothing runs: the scheduler
				// would only wait for its goroutine.
				if i, ok := lone(qs); ok {
					here(i)
					continue
				}
			}
			running += r.launch(qs, running, func(i int32) {
				wg.Go(func() { r.exec(runCtx, st, i, hooks, done) })
			})
		}
		if running == 0 {
			break
		}
		select {
		case i := <-done:
			complete(i)
		case <-ctxDone:
			ctxDone = nil // the next step sees ctx.Err()
		}
	}
	wg.Wait()
	pc.Repanic()

	failed := 0
	for i := range st.slots {
		if !st.slots[i].ran || st.slots[i].err != nil {
			failed++
		}
	}
	res := &Result[T]{
		Values: make(map[string]T, n-failed),
		Errors: make(map[string]error, failed),
		Trace:  make([]Span, 0, n),
	}
	for i := range r.nodes {
		s := &st.slots[i]
		id := r.nodes[i].id
		switch {
		case !s.ran:
			if runErr != nil {
				res.Errors[id] = fmt.Errorf("%w: %w", ErrNotRun, runErr)
			} else {
				res.Errors[id] = ErrNotRun
			}
		case s.err != nil:
			res.Trace = append(res.Trace, s.span)
			res.Errors[id] = s.err
		default:
			res.Trace = append(res.Trace, s.span)
			res.Values[id] = s.val
		}
	}
	res.Duration = r.now().Sub(start)
	return res, runErr
}

// launch starts ready nodes, oldest first, while the global bound and their
// class bound allow, and returns how many it started. A node whose class is
// full is skipped without taking a global slot, so it never blocks others.
func (r *Runnable[T]) launch(qs []queue, running int, start func(int32)) int {
	started := 0
	for running+started < r.maxConc {
		best := -1
		for c := range qs {
			q := &qs[c]
			if q.head == q.tail || (c > 0 && q.running >= r.limits[c]) {
				continue
			}
			if best < 0 || q.buf[q.head].seq < qs[best].buf[qs[best].head].seq {
				best = c
			}
		}
		if best < 0 {
			break
		}
		q := &qs[best]
		i := q.buf[q.head].node
		q.head++
		q.running++
		started++
		start(i)
	}
	return started
}

// lone takes the only ready node, when exactly one is ready, off its
// queue and counts it as running in its class.
func lone(qs []queue) (int32, bool) {
	only := -1
	for c := range qs {
		switch qs[c].tail - qs[c].head {
		case 0:
			continue
		case 1:
			if only < 0 {
				only = c
				continue
			}
		}
		return 0, false
	}
	if only < 0 {
		return 0, false
	}
	q := &qs[only]
	i := q.buf[q.head].node
	q.head++
	q.running++
	return i, true
}

// exec runs node i and reports its completion on done — nil when it runs
// on the scheduler's goroutine — also when a hook panics.
func (r *Runnable[T]) exec(ctx context.Context, st *runState[T], i int32, hooks *Hooks, done chan<- int32) {
	n := &r.nodes[i]
	s := &st.slots[i]
	s.ran = true
	finished := false
	defer func() {
		if !finished {
			s.err = errHookPanic
		}
		if done != nil {
			done <- i
		}
	}()
	if hooks != nil && hooks.OnStart != nil {
		hooks.OnStart(n.id, n.route)
	}
	begin := r.now()
	s.ctx = nodeCtx{Context: ctx, mark: &s.mark}
	attempts, val, err := r.attempt(&s.ctx, n, Deps[T]{st: st, node: i})
	route := n.route
	if r, ok := s.mark.answered(); ok {
		route = r
	}
	s.val, s.err = val, err
	s.span = Span{
		Node:     n.id,
		Route:    route,
		CacheHit: s.mark.cacheHit.Load(),
		Attempts: attempts,
		Start:    begin,
		Duration: r.now().Sub(begin),
		Err:      err,
		Optional: n.optional,
	}
	finished = true
	if hooks != nil && hooks.OnFinish != nil {
		hooks.OnFinish(s.span)
	}
}

// attempt calls the node's Func until it succeeds, fails for good, or runs
// out of attempts, and returns the number of attempts made.
func (r *Runnable[T]) attempt(ctx context.Context, n *cnode[T], deps Deps[T]) (int, T, error) {
	var zero T
	for a := 1; ; a++ {
		actx, cancel := ctx, context.CancelFunc(nil)
		if n.timeout > 0 {
			actx, cancel = context.WithTimeout(ctx, n.timeout)
		}
		v, err := call(actx, n.run, deps)
		timedOut := false
		if cancel != nil {
			timedOut = err != nil && ctx.Err() == nil && errors.Is(actx.Err(), context.DeadlineExceeded)
			cancel()
		}
		if err == nil {
			return a, v, nil
		}
		if timedOut {
			err = fmt.Errorf("attempt timed out after %s: %w", n.timeout, err)
		}
		if a >= n.attempts || ctx.Err() != nil || !(timedOut || IsTransient(err)) {
			return a, zero, err
		}
		if d := backoff(n.base, n.max, a); d > 0 {
			d = r.jitter(d)
			if !sleep(ctx, d) {
				return a, zero, fmt.Errorf("%w (retry abandoned: %w)", err, context.Cause(ctx))
			}
		}
	}
}

// call invokes f, turning a panic into an error wrapping ErrPanic.
func call[T any](ctx context.Context, f Func[T], deps Deps[T]) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			var zero T
			v, err = zero, panicError(p)
		}
	}()
	return f(ctx, deps)
}

// stopError is Run's error when ctx ended.
func stopError(ctx context.Context) error {
	err := ctx.Err()
	if cause := context.Cause(ctx); cause != nil && cause != err {
		return fmt.Errorf("dag: run stopped: %w: %w", err, cause)
	}
	return fmt.Errorf("dag: run stopped: %w", err)
}
