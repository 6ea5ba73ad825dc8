package dag_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
)

// ret returns a Func that succeeds with v.
func ret[T any](v T) dag.Func[T] {
	return func(context.Context, dag.Deps[T]) (T, error) { return v, nil }
}

// node is a shorthand for a node returning its ID.
func node(id string, deps ...string) dag.Node[string] {
	return dag.Node[string]{ID: id, Deps: deps, Run: ret(id)}
}

func mustAdd[T any](t testing.TB, g *dag.Graph[T], nodes ...dag.Node[T]) {
	t.Helper()
	for _, n := range nodes {
		if err := g.Add(n); err != nil {
			t.Fatalf("Add(%q): %v", n.ID, err)
		}
	}
}

func mustCompile[T any](t testing.TB, g *dag.Graph[T], opts *dag.Options) *dag.Runnable[T] {
	t.Helper()
	r, err := g.Compile(opts)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	return r
}

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		name    string
		nodes   []dag.Node[string]
		opts    *dag.Options
		wantIs  error
		wantMsg string
	}{
		{
			name:    "three-node cycle",
			nodes:   []dag.Node[string]{node("c", "b"), node("b", "a"), node("a", "c")},
			wantIs:  dag.ErrCycle,
			wantMsg: "dag: cycle: a -> b -> c -> a",
		},
		{
			name:    "self loop",
			nodes:   []dag.Node[string]{node("root"), node("x", "root", "x")},
			wantIs:  dag.ErrCycle,
			wantMsg: "dag: cycle: x -> x",
		},
		{
			name: "cycle reached through a tail, rotated to smallest ID",
			nodes: []dag.Node[string]{
				node("start"), node("tail", "start", "z"), node("z", "y"), node("y", "m"), node("m", "z"),
				node("after", "tail"),
			},
			wantIs:  dag.ErrCycle,
			wantMsg: "dag: cycle: m -> y -> z -> m",
		},
		{
			name:    "unknown dependency",
			nodes:   []dag.Node[string]{node("a"), node("b", "a", "ghost")},
			wantIs:  dag.ErrUnknownDep,
			wantMsg: `dag: unknown dependency "ghost" (needed by node "b")`,
		},
		{
			name:    "empty graph",
			wantIs:  dag.ErrEmptyGraph,
			wantMsg: "dag: empty graph",
		},
		{
			name:    "duplicate node",
			nodes:   []dag.Node[string]{node("a"), node("a")},
			wantIs:  dag.ErrDuplicateNode,
			wantMsg: `dag: duplicate node "a"`,
		},
		{
			name:    "empty ID",
			nodes:   []dag.Node[string]{{Run: ret("")}},
			wantIs:  dag.ErrInvalidNode,
			wantMsg: "dag: invalid node: empty ID",
		},
		{
			name:    "nil Run",
			nodes:   []dag.Node[string]{{ID: "a"}},
			wantIs:  dag.ErrInvalidNode,
			wantMsg: `dag: invalid node: node "a": nil Run`,
		},
		{
			name:    "repeated dependency",
			nodes:   []dag.Node[string]{node("a"), node("b", "a", "a")},
			wantIs:  dag.ErrInvalidNode,
			wantMsg: `dag: invalid node: node "b": dependency "a" listed twice`,
		},
		{
			name:    "route limit zero",
			nodes:   []dag.Node[string]{node("a")},
			opts:    &dag.Options{RouteLimits: map[string]int{"mcp": 2, "browser": 0}},
			wantIs:  dag.ErrInvalidOptions,
			wantMsg: `dag: invalid options: route "browser" limit 0, want at least 1`,
		},
		{
			name:    "negative concurrency",
			nodes:   []dag.Node[string]{node("a")},
			opts:    &dag.Options{MaxConcurrency: -1},
			wantIs:  dag.ErrInvalidOptions,
			wantMsg: "dag: invalid options: MaxConcurrency -1 is negative",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := dag.New[string]()
			for _, n := range tt.nodes {
				_ = g.Add(n) // the first error must come back from Compile
			}
			r, err := g.Compile(tt.opts)
			if r != nil {
				t.Errorf("Compile returned a Runnable with error %v", err)
			}
			if !errors.Is(err, tt.wantIs) {
				t.Errorf("Compile error = %v, want errors.Is %v", err, tt.wantIs)
			}
			if err == nil || err.Error() != tt.wantMsg {
				t.Errorf("Compile error = %q, want %q", err, tt.wantMsg)
			}
		})
	}
}

func TestFirstBuildErrorKept(t *testing.T) {
	g := dag.New[string]()
	mustAdd(t, g, node("a"))
	first := g.Add(node("a"))
	if !errors.Is(first, dag.ErrDuplicateNode) {
		t.Fatalf("Add duplicate = %v, want ErrDuplicateNode", first)
	}
	second := g.Add(dag.Node[string]{ID: "b"})
	if !errors.Is(second, dag.ErrInvalidNode) {
		t.Fatalf("Add nil Run = %v, want ErrInvalidNode", second)
	}
	mustAdd(t, g, node("c", "a")) // a valid node after errors is still accepted
	_, err := g.Compile(nil)
	if err != first {
		t.Errorf("Compile error = %v, want the first build error %v", err, first)
	}
}

func TestZeroGraphUsable(t *testing.T) {
	var g dag.Graph[string]
	mustAdd(t, &g, node("a"))
	res, err := mustCompile(t, &g, nil).Run(context.Background(), nil)
	if err != nil || res.Values["a"] != "a" {
		t.Fatalf("Run = %v, %v; want a=a", res, err)
	}
}

func TestCompiledOrder(t *testing.T) {
	g := dag.New[string]()
	mustAdd(t, g,
		node("z-root"), node("a-root"),
		node("m", "z-root"), node("b", "a-root", "z-root"), node("k", "a-root"),
		node("end", "m", "b", "k"),
	)
	r := mustCompile(t, g, nil)
	got := r.Order()
	// a-root < z-root; after a-root, k is ready (b still waits on z-root);
	// after z-root, b and m are ready and b < m; end waits for m.
	want := []string{"a-root", "k", "z-root", "b", "m", "end"}
	if !slices.Equal(got, want) {
		t.Errorf("Order() = %v, want %v", got, want)
	}

	// Adding to the graph later does not change the Runnable.
	mustAdd(t, g, node("late", "end"))
	if got := r.Order(); !slices.Equal(got, want) {
		t.Errorf("Order() after Add = %v, want %v", got, want)
	}
}

func TestIsTransient(t *testing.T) {
	base := errors.New("boom")
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"plain", base, false},
		{"transient", dag.Transient(base), true},
		{"wrapped transient", errors.Join(errors.New("x"), wrap(dag.Transient(base))), true},
		{"method true", tempErr(true), true},
		{"method false", tempErr(false), false},
		{"method false wrapping transient", wrapTemp{false, dag.Transient(base)}, true},
		{"node error wrapping transient", &dag.NodeError{Node: "a", Err: dag.Transient(base)}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := dag.IsTransient(tt.err); got != tt.want {
				t.Errorf("IsTransient(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
	if dag.Transient(nil) != nil {
		t.Error("Transient(nil) != nil")
	}
	if got := dag.Transient(base).Error(); got != "boom" {
		t.Errorf("Transient(boom).Error() = %q, want boom", got)
	}
	if !errors.Is(dag.Transient(base), base) {
		t.Error("Transient(base) does not wrap base")
	}
}

type tempErr bool

func (e tempErr) Error() string   { return "temp" }
func (e tempErr) Transient() bool { return bool(e) }

type wrapTemp struct {
	temp bool
	err  error
}

func (e wrapTemp) Error() string   { return "wrap: " + e.err.Error() }
func (e wrapTemp) Unwrap() error   { return e.err }
func (e wrapTemp) Transient() bool { return e.temp }

func wrap(err error) error { return &wrapped{err} }

type wrapped struct{ err error }

func (e *wrapped) Error() string { return "wrapped: " + e.err.Error() }
func (e *wrapped) Unwrap() error { return e.err }

func TestNodeErrorMessage(t *testing.T) {
	inner := errors.New("upstream 503")
	err := error(&dag.NodeError{Node: "weather", Err: inner})
	if got, want := err.Error(), `dag: node "weather": upstream 503`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(err, inner) {
		t.Error("NodeError does not unwrap to its Err")
	}
}

// TestAddAfterCompileKeepsIndex checks that a Runnable keeps its own node
// index when the graph it was compiled from is added to (the graph copies
// the index it shares before adding): a node with more dependencies than
// are scanned in a line looks IDs up in the index.
func TestAddAfterCompileKeepsIndex(t *testing.T) {
	g := dag.New[int]()
	var deps []string
	for i := range 9 {
		id := fmt.Sprintf("d%d", i)
		deps = append(deps, id)
		mustAdd(t, g, dag.Node[int]{ID: id, Run: func(context.Context, dag.Deps[int]) (int, error) { return i, nil }})
	}
	var lateSeen bool
	mustAdd(t, g, dag.Node[int]{ID: "sum", Deps: deps, Run: func(_ context.Context, d dag.Deps[int]) (int, error) {
		_, lateSeen = d.Value("late")
		v, _ := d.Value("d8")
		return v, nil
	}})
	r := mustCompile(t, g, nil)
	mustAdd(t, g, dag.Node[int]{ID: "late", Run: func(context.Context, dag.Deps[int]) (int, error) { return 0, nil }})
	res, err := r.Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if lateSeen || res.Values["sum"] != 8 {
		t.Errorf("sum: got %d (late seen %v), want 8 and late unknown", res.Values["sum"], lateSeen)
	}
	if _, err := g.Compile(nil); err != nil {
		t.Errorf("Compile after Add: %v", err)
	}
}
