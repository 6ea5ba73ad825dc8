package dag

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Func is the work of one node. ctx carries the node's per-attempt deadline
// and is cancelled when the run stops; deps gives the outcomes of the node's
// dependencies. A Func that ignores ctx is not preempted: the engine waits
// for it and takes whatever it returns.
type Func[T any] func(ctx context.Context, deps Deps[T]) (T, error)

// Retry says how often a node is attempted and how long it waits between
// attempts. Only errors for which IsTransient is true, and attempts that ran
// out of their own deadline, are retried. The n-th wait (n from 1) is
// min(Base·2^(n-1), Max) passed through Options.Jitter. A node keeps its
// concurrency slots while it waits.
type Retry struct {
	Attempts int           // total attempts including the first; 0 → Options default
	Base     time.Duration // first backoff; doubled each retry; 0 → Options default (0 there → retry at once)
	Max      time.Duration // cap of one backoff; 0 → Options default (0 there → no cap)
}

// Node is one unit of work in a Graph.
type Node[T any] struct {
	ID       string   // unique, non-empty
	Route    string   // name of the per-route concurrency bound; also shown in the trace
	Deps     []string // IDs of the nodes whose outcomes this node needs
	Optional bool     // failure leaves a note and the run continues
	// Timeout is the deadline of each attempt: 0 → Options.DefaultTimeout
	// (0 there → none); negative → none, whatever the default.
	Timeout time.Duration
	Retry   Retry
	Run     Func[T]
	// Inline runs the node on the scheduler's goroutine as soon as it is
	// ready, before any other ready node starts and without taking a
	// concurrency slot: for work that answers at once and never blocks (a
	// value already at hand). An inline node is attempted once, with no
	// per-attempt deadline: Timeout and Retry do not apply.
	Inline bool
}

// Options tunes a Runnable. The zero value, like a nil *Options, means
// defaults.
type Options struct {
	MaxConcurrency int                               // global bound on running nodes; 0 → 64
	RouteLimits    map[string]int                    // per-route bounds (route not listed → only the global bound)
	DefaultTimeout time.Duration                     // per-attempt deadline of nodes with Timeout 0; 0 → none
	DefaultRetry   Retry                             // zero → 1 attempt (no retry)
	Jitter         func(time.Duration) time.Duration // applied to each backoff; nil → full jitter; must be safe for concurrent use
	Now            func() time.Time                  // nil → time.Now (trace timestamps and durations)
}

// DefaultMaxConcurrency is the global bound used when Options.MaxConcurrency
// is 0.
const DefaultMaxConcurrency = 64

// Graph is a set of nodes under construction. Build it from one goroutine;
// it is not safe for concurrent use. The zero value is an empty graph ready
// to use.
type Graph[T any] struct {
	nodes []Node[T]
	index map[string]int32 // ID → position in nodes
	// deps backs the nodes' Deps, copied on Add: one array that grows
	// by appending, rather than a copy per node. A node's Deps is capped
	// at its length, so appending never writes into it.
	deps []string
	// indexShared says index is also the last compiled Runnable's: it is
	// copied before the graph changes it, so that Compile need not.
	indexShared bool
	err         error // first build error
}

// New returns an empty graph.
func New[T any]() *Graph[T] {
	return &Graph[T]{index: make(map[string]int32)}
}

// Grow makes room for n more nodes, so that adding them does not
// reallocate.
func (g *Graph[T]) Grow(n int) {
	g.nodes = slices.Grow(g.nodes, n)
	if len(g.index) == 0 {
		g.index = make(map[string]int32, len(g.nodes)+n)
	}
}

// GrowDeps makes room for n more dependency IDs, over the nodes still to
// be added, so that adding them does not reallocate.
func (g *Graph[T]) GrowDeps(n int) { g.deps = slices.Grow(g.deps, n) }

// Add adds n to the graph. It returns an error wrapping ErrInvalidNode for
// an empty ID, a nil Run, an empty dependency ID or a negative retry
// setting, and one wrapping ErrDuplicateNode for an ID already added. The
// first error is kept and returned again by Compile. Dependencies may name
// nodes added later; Compile checks them (and rejects a repeated one).
func (g *Graph[T]) Add(n Node[T]) error {
	err := g.add(n)
	if err != nil && g.err == nil {
		g.err = err
	}
	return err
}

func (g *Graph[T]) add(n Node[T]) error {
	switch {
	case n.ID == "":
		return fmt.Errorf("%w: empty ID", ErrInvalidNode)
	case n.Run == nil:
		return fmt.Errorf("%w: node %q: nil Run", ErrInvalidNode, n.ID)
	case n.Retry.Attempts < 0 || n.Retry.Base < 0 || n.Retry.Max < 0:
		return fmt.Errorf("%w: node %q: negative retry setting %+v", ErrInvalidNode, n.ID, n.Retry)
	}
	if slices.Contains(n.Deps, "") {
		return fmt.Errorf("%w: node %q: empty dependency ID", ErrInvalidNode, n.ID)
	}
	if g.index == nil {
		g.index = make(map[string]int32)
	}
	if _, dup := g.index[n.ID]; dup {
		return fmt.Errorf("%w %q", ErrDuplicateNode, n.ID)
	}
	if g.indexShared {
		g.index, g.indexShared = maps.Clone(g.index), false
	}
	if len(n.Deps) > 0 {
		start := len(g.deps)
		g.deps = append(g.deps, n.Deps...)
		n.Deps = g.deps[start:len(g.deps):len(g.deps)]
	}
	g.index[n.ID] = int32(len(g.nodes))
	g.nodes = append(g.nodes, n)
	return nil
}

// Compile checks the graph and returns a Runnable. It returns the first
// error Add reported, if any; otherwise an error wrapping ErrEmptyGraph,
// ErrInvalidOptions, ErrUnknownDep, ErrInvalidNode (a dependency listed
// twice) or ErrCycle (naming the loop). A nil opts
// means defaults. The Runnable does not change when the graph is added to
// later.
func (g *Graph[T]) Compile(opts *Options) (*Runnable[T], error) {
	if g.err != nil {
		return nil, g.err
	}
	n := len(g.nodes)
	if n == 0 {
		return nil, ErrEmptyGraph
	}
	var o Options
	if opts != nil {
		o = *opts
	}
	if err := o.validate(); err != nil {
		return nil, err
	}

	// Unknown and repeated dependencies, in insertion order; the edge count
	// and the dependents of each node (insertion indices), as CSR.
	edges := 0
	for i := range g.nodes {
		edges += len(g.nodes[i].Deps)
	}
	depIns := make([]int32, 0, edges) // every node's deps as insertion indices, flat
	childOff := make([]int32, n+1)
	seen := make([]int32, n) // seen[p] == i+1: node i already listed p
	for i := range g.nodes {
		for _, d := range g.nodes[i].Deps {
			p, ok := g.index[d]
			if !ok {
				return nil, fmt.Errorf("%w %q (needed by node %q)", ErrUnknownDep, d, g.nodes[i].ID)
			}
			if seen[p] == int32(i+1) {
				return nil, fmt.Errorf("%w: node %q: dependency %q listed twice", ErrInvalidNode, g.nodes[i].ID, d)
			}
			seen[p] = int32(i + 1)
			depIns = append(depIns, p)
			childOff[p+1]++
		}
	}
	for i := 0; i < n; i++ {
		childOff[i+1] += childOff[i]
	}
	children := make([]int32, edges)
	fill := slices.Clone(childOff[:n])
	indeg := make([]int32, n)
	depOff := make([]int32, n+1) // node i's deps are depIns[depOff[i]:depOff[i+1]]
	for i := range g.nodes {
		indeg[i] = int32(len(g.nodes[i].Deps))
		depOff[i+1] = depOff[i] + indeg[i]
		for _, p := range depIns[depOff[i]:depOff[i+1]] {
			children[fill[p]] = int32(i)
			fill[p]++
		}
	}

	// Kahn's algorithm, always taking the ready node with the smallest ID.
	order := make([]int32, 0, n)
	h := idHeap[T]{nodes: g.nodes, items: make([]int32, 0, n)}
	for i := range g.nodes {
		if indeg[i] == 0 {
			h.push(int32(i))
		}
	}
	for len(h.items) > 0 {
		i := h.pop()
		order = append(order, i)
		for _, c := range children[childOff[i]:childOff[i+1]] {
			indeg[c]--
			if indeg[c] == 0 {
				h.push(c)
			}
		}
	}
	if len(order) < n {
		return nil, fmt.Errorf("%w: %s", ErrCycle, g.findCycle(indeg))
	}

	return g.build(order, depIns, depOff, &o), nil
}

// build lays the nodes out in topological order with resolved defaults.
func (g *Graph[T]) build(order, depIns, depOff []int32, o *Options) *Runnable[T] {
	edges := len(depIns)
	n := len(order)
	r := &Runnable[T]{
		nodes:   make([]cnode[T], n),
		index:   g.index, // insertion indices; pos maps them
		pos:     make([]int32, n),
		maxConc: o.MaxConcurrency,
		jitter:  o.Jitter,
		now:     o.Now,
		limits:  []int{0},
	}
	g.indexShared = true // Add copies it before adding to it
	if r.maxConc == 0 {
		r.maxConc = DefaultMaxConcurrency
	}
	if r.jitter == nil {
		r.jitter = fullJitter
	}
	if r.now == nil {
		r.now = time.Now
	}
	pos := r.pos // insertion index → topological index
	for t, i := range order {
		pos[i] = int32(t)
	}
	var classOf map[string]int
	deps := make([]int32, 0, edges)
	childCount := make([]int32, n+1)
	for t, i := range order {
		src := &g.nodes[i]
		cn := &r.nodes[t]
		cn.id = src.ID
		cn.route = src.Route
		cn.deps = src.Deps
		cn.optional = src.Optional
		cn.run = src.Run
		start := len(deps)
		for _, ins := range depIns[depOff[i]:depOff[i+1]] {
			p := pos[ins]
			deps = append(deps, p)
			childCount[p+1]++
		}
		cn.depIdx = deps[start:len(deps):len(deps)]
		cn.indeg = int32(len(src.Deps))
		if cn.indeg == 0 {
			r.roots = append(r.roots, int32(t))
		}

		cn.timeout = src.Timeout
		if cn.timeout == 0 {
			cn.timeout = o.DefaultTimeout
		}
		cn.attempts = pick(src.Retry.Attempts, o.DefaultRetry.Attempts, 1)
		cn.base = pick(src.Retry.Base, o.DefaultRetry.Base, 0)
		cn.max = pick(src.Retry.Max, o.DefaultRetry.Max, 0)
		if src.Inline {
			cn.inline, cn.timeout, cn.attempts = true, 0, 1
		}

		if limit, ok := o.RouteLimits[src.Route]; ok && limit < r.maxConc {
			c, seen := classOf[src.Route]
			if !seen {
				if classOf == nil {
					classOf = make(map[string]int)
				}
				c = len(r.limits)
				classOf[src.Route] = c
				r.limits = append(r.limits, limit)
			}
			cn.class = int32(c)
		}
	}
	r.classSize = make([]int32, len(r.limits))
	for t := range r.nodes {
		r.classSize[r.nodes[t].class]++
	}
	// Dependents in topological order: iterating nodes in that order and
	// appending to each dependency keeps every list ascending.
	for t := 0; t < n; t++ {
		childCount[t+1] += childCount[t]
	}
	kids := make([]int32, edges)
	next := slices.Clone(childCount[:n])
	for t := range r.nodes {
		for _, p := range r.nodes[t].depIdx {
			kids[next[p]] = int32(t)
			next[p]++
		}
	}
	for t := range r.nodes {
		r.nodes[t].children = kids[childCount[t]:childCount[t+1]:childCount[t+1]]
	}
	return r
}

// findCycle names one cycle among the nodes Kahn's algorithm left behind
// (those with indeg > 0). Each of them has a dependency that was left behind
// too, so walking dependencies from any of them must loop.
func (g *Graph[T]) findCycle(indeg []int32) string {
	start := int32(-1)
	for i := range g.nodes {
		if indeg[i] > 0 && (start < 0 || g.nodes[i].ID < g.nodes[start].ID) {
			start = int32(i)
		}
	}
	seenAt := make(map[int32]int)
	var path []int32 // each element is a dependency of the one before
	cur := start
	for {
		seenAt[cur] = len(path)
		path = append(path, cur)
		next := int32(-1)
		for _, d := range g.nodes[cur].Deps {
			p := g.index[d]
			if indeg[p] > 0 && (next < 0 || g.nodes[p].ID < g.nodes[next].ID) {
				next = p
			}
		}
		if at, ok := seenAt[next]; ok {
			path = path[at:]
			break
		}
		cur = next
	}
	// Data-flow order is the reverse; rotate it to start at the smallest ID.
	slices.Reverse(path)
	first := 0
	for i, p := range path {
		if g.nodes[p].ID < g.nodes[path[first]].ID {
			first = i
		}
	}
	names := make([]string, 0, len(path)+1)
	for k := range path {
		names = append(names, g.nodes[path[(first+k)%len(path)]].ID)
	}
	names = append(names, names[0])
	return strings.Join(names, " -> ")
}

func (o *Options) validate() error {
	if o.MaxConcurrency < 0 {
		return fmt.Errorf("%w: MaxConcurrency %d is negative", ErrInvalidOptions, o.MaxConcurrency)
	}
	if o.DefaultRetry.Attempts < 0 || o.DefaultRetry.Base < 0 || o.DefaultRetry.Max < 0 {
		return fmt.Errorf("%w: negative DefaultRetry setting %+v", ErrInvalidOptions, o.DefaultRetry)
	}
	if o.DefaultTimeout < 0 {
		return fmt.Errorf("%w: DefaultTimeout %s is negative", ErrInvalidOptions, o.DefaultTimeout)
	}
	routes := make([]string, 0, len(o.RouteLimits))
	for route := range o.RouteLimits {
		routes = append(routes, route)
	}
	slices.Sort(routes)
	for _, route := range routes {
		if limit := o.RouteLimits[route]; limit < 1 {
			return fmt.Errorf("%w: route %q limit %d, want at least 1", ErrInvalidOptions, route, limit)
		}
	}
	return nil
}

// pick returns v, or def when v is zero, or last when both are.
func pick[V comparable](v, def, last V) V {
	var zero V
	if v != zero {
		return v
	}
	if def != zero {
		return def
	}
	return last
}

// idHeap is a min-heap of node indices ordered by node ID.
type idHeap[T any] struct {
	nodes []Node[T]
	items []int32
}

func (h *idHeap[T]) less(a, b int32) bool { return h.nodes[a].ID < h.nodes[b].ID }

func (h *idHeap[T]) push(i int32) {
	h.items = append(h.items, i)
	k := len(h.items) - 1
	for k > 0 {
		p := (k - 1) / 2
		if !h.less(h.items[k], h.items[p]) {
			break
		}
		h.items[k], h.items[p] = h.items[p], h.items[k]
		k = p
	}
}

func (h *idHeap[T]) pop() int32 {
	top := h.items[0]
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	k := 0
	for {
		l, r, m := 2*k+1, 2*k+2, k
		if l < last && h.less(h.items[l], h.items[m]) {
			m = l
		}
		if r < last && h.less(h.items[r], h.items[m]) {
			m = r
		}
		if m == k {
			return top
		}
		h.items[k], h.items[m] = h.items[m], h.items[k]
		k = m
	}
}
