package dag_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator/algorithms/dag"
)

var errBoom = errors.New("boom")

func TestRunDiamond(t *testing.T) {
	g := dag.New[int]()
	var gotIDs []string
	mustAdd(t, g,
		dag.Node[int]{ID: "a", Run: ret(2)},
		dag.Node[int]{ID: "b", Deps: []string{"a"}, Run: func(_ context.Context, d dag.Deps[int]) (int, error) {
			a, _ := d.Value("a")
			return a * 10, nil
		}},
		dag.Node[int]{ID: "c", Deps: []string{"a"}, Run: func(_ context.Context, d dag.Deps[int]) (int, error) {
			a, _ := d.Value("a")
			return a + 1, nil
		}},
		dag.Node[int]{ID: "d", Deps: []string{"c", "b"}, Run: func(_ context.Context, d dag.Deps[int]) (int, error) {
			gotIDs = d.IDs()
			if _, ok := d.Value("a"); ok {
				return 0, errors.New("Value of a non-dependency reported ok")
			}
			b, okB := d.Value("b")
			c, okC := d.Value("c")
			if !okB || !okC || d.Err("b") != nil || d.Err("c") != nil {
				return 0, errors.New("dependency missing")
			}
			return b + c, nil
		}},
	)
	res, err := mustCompile(t, g, nil).Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	want := map[string]int{"a": 2, "b": 20, "c": 3, "d": 23}
	if !reflect.DeepEqual(res.Values, want) {
		t.Errorf("Values = %v, want %v", res.Values, want)
	}
	if len(res.Errors) != 0 {
		t.Errorf("Errors = %v, want none", res.Errors)
	}
	if !slices.Equal(gotIDs, []string{"c", "b"}) {
		t.Errorf("Deps.IDs() = %v, want [c b] (declared order)", gotIDs)
	}
	if got := traceNodes(res.Trace); !slices.Equal(got, []string{"a", "b", "c", "d"}) {
		t.Errorf("trace = %v, want [a b c d]", got)
	}
	for _, s := range res.Trace {
		if s.Attempts != 1 || s.Err != nil || s.Start.IsZero() {
			t.Errorf("span %+v: want 1 attempt, no error, a start time", s)
		}
	}
}

func traceNodes(spans []dag.Span) []string {
	var ids []string
	for _, s := range spans {
		ids = append(ids, s.Node)
	}
	return ids
}

// inflight counts running nodes, in total and per route, and keeps maxima.
type inflight struct {
	mu       sync.Mutex
	now      map[string]int
	max      map[string]int
	total    int
	maxTotal int
}

func newInflight() *inflight {
	return &inflight{now: map[string]int{}, max: map[string]int{}}
}

func (f *inflight) enter(route string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now[route]++
	f.total++
	f.max[route] = max(f.max[route], f.now[route])
	f.maxTotal = max(f.maxTotal, f.total)
}

func (f *inflight) leave(route string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now[route]--
	f.total--
}

func TestConcurrencyBounds(t *testing.T) {
	tests := []struct {
		name      string
		opts      dag.Options
		perRoute  map[string]int // nodes per route, all independent
		wantTotal int
		wantRoute map[string]int
	}{
		{
			name:      "global only",
			opts:      dag.Options{MaxConcurrency: 3},
			perRoute:  map[string]int{"": 12},
			wantTotal: 3,
			wantRoute: map[string]int{"": 3},
		},
		{
			name:      "route bound under a loose global bound",
			opts:      dag.Options{MaxConcurrency: 10, RouteLimits: map[string]int{"mcp": 2}},
			perRoute:  map[string]int{"mcp": 8, "web": 6},
			wantTotal: 8,
			wantRoute: map[string]int{"mcp": 2, "web": 6},
		},
		{
			name:      "global and two route bounds",
			opts:      dag.Options{MaxConcurrency: 4, RouteLimits: map[string]int{"mcp": 2, "browser": 1, "unused": 3}},
			perRoute:  map[string]int{"mcp": 8, "browser": 4, "": 6},
			wantTotal: 4,
			wantRoute: map[string]int{"mcp": 2, "browser": 1, "": 4},
		},
		{
			name:      "route limit above the global bound",
			opts:      dag.Options{MaxConcurrency: 2, RouteLimits: map[string]int{"mcp": 5}},
			perRoute:  map[string]int{"mcp": 6},
			wantTotal: 2,
			wantRoute: map[string]int{"mcp": 2},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newInflight()
			g := dag.New[int]()
			for route, count := range tt.perRoute {
				for i := range count {
					mustAdd(t, g, dag.Node[int]{
						ID:    fmt.Sprintf("%s-%02d", route, i),
						Route: route,
						Run: func(ctx context.Context, _ dag.Deps[int]) (int, error) {
							f.enter(route)
							defer f.leave(route)
							time.Sleep(15 * time.Millisecond)
							return i, nil
						},
					})
				}
			}
			res, err := mustCompile(t, g, &tt.opts).Run(context.Background(), nil)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if len(res.Values) != len(res.Trace) || len(res.Errors) != 0 {
				t.Fatalf("got %d values, %d spans, errors %v", len(res.Values), len(res.Trace), res.Errors)
			}
			if f.maxTotal != tt.wantTotal {
				t.Errorf("max in flight = %d, want %d", f.maxTotal, tt.wantTotal)
			}
			if !reflect.DeepEqual(f.max, tt.wantRoute) {
				t.Errorf("max in flight per route = %v, want %v", f.max, tt.wantRoute)
			}
		})
	}
}

// TestNoHeadOfLineBlocking checks that nodes waiting for a full route do not
// hold global slots: the slow route's nodes can only finish after every fast
// node has, which deadlocks if waiting slow nodes hold the global slots.
func TestNoHeadOfLineBlocking(t *testing.T) {
	fastDone := make(chan struct{})
	var fastLeft atomic.Int32
	fastLeft.Store(4)
	g := dag.New[int]()
	for i := range 4 {
		mustAdd(t, g, dag.Node[int]{
			ID: fmt.Sprintf("a-slow-%d", i), Route: "slow", // sorted first: queued ahead of fast
			Run: func(ctx context.Context, _ dag.Deps[int]) (int, error) {
				select {
				case <-fastDone:
					return i, nil
				case <-time.After(5 * time.Second):
					return 0, errors.New("blocked: fast nodes never finished")
				}
			},
		})
		mustAdd(t, g, dag.Node[int]{
			ID: fmt.Sprintf("b-fast-%d", i), Route: "fast",
			Run: func(ctx context.Context, _ dag.Deps[int]) (int, error) {
				time.Sleep(2 * time.Millisecond)
				if fastLeft.Add(-1) == 0 {
					close(fastDone)
				}
				return i, nil
			},
		})
	}
	opts := &dag.Options{MaxConcurrency: 2, RouteLimits: map[string]int{"slow": 1}}
	res, err := mustCompile(t, g, opts).Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(res.Values) != 8 {
		t.Errorf("got %d values, want 8", len(res.Values))
	}
}

func TestOptionalFailure(t *testing.T) {
	g := dag.New[string]()
	var sawErr error
	var sawOK bool
	mustAdd(t, g,
		node("a"),
		dag.Node[string]{ID: "opt", Deps: []string{"a"}, Optional: true, Route: "mcp",
			Run: func(context.Context, dag.Deps[string]) (string, error) { return "ignored", errBoom }},
		dag.Node[string]{ID: "after", Deps: []string{"opt", "a"}, Run: func(_ context.Context, d dag.Deps[string]) (string, error) {
			_, sawOK = d.Value("opt")
			sawErr = d.Err("opt")
			a, _ := d.Value("a")
			return a + "+after", nil
		}},
	)
	res, err := mustCompile(t, g, nil).Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if sawOK || !errors.Is(sawErr, errBoom) {
		t.Errorf("dependent saw Value ok=%v, Err=%v; want false, boom", sawOK, sawErr)
	}
	want := map[string]string{"a": "a", "after": "a+after"}
	if !reflect.DeepEqual(res.Values, want) {
		t.Errorf("Values = %v, want %v", res.Values, want)
	}
	if len(res.Errors) != 1 || !errors.Is(res.Errors["opt"], errBoom) {
		t.Errorf("Errors = %v, want opt: boom", res.Errors)
	}
	span := res.Trace[slices.IndexFunc(res.Trace, func(s dag.Span) bool { return s.Node == "opt" })]
	if !span.Optional || !errors.Is(span.Err, errBoom) || span.Route != "mcp" {
		t.Errorf("span = %+v, want optional, route mcp, error boom", span)
	}
}

func TestRequiredFailureStopsRun(t *testing.T) {
	g := dag.New[string]()
	var mu sync.Mutex
	seen := map[string]error{} // what the siblings saw
	started := make(chan struct{}, 2)
	sibling := func(id string) dag.Node[string] {
		return dag.Node[string]{ID: id, Deps: []string{"root"}, Run: func(ctx context.Context, _ dag.Deps[string]) (string, error) {
			started <- struct{}{}
			select {
			case <-ctx.Done():
			case <-time.After(5 * time.Second):
			}
			mu.Lock()
			seen[id] = context.Cause(ctx)
			mu.Unlock()
			return "", ctx.Err()
		}}
	}
	mustAdd(t, g,
		node("root"),
		sibling("slow-1"), sibling("slow-2"),
		dag.Node[string]{ID: "bad", Deps: []string{"root"}, Run: func(ctx context.Context, _ dag.Deps[string]) (string, error) {
			<-started
			<-started
			return "", errBoom
		}},
		node("child", "bad"),
		node("after-slow", "slow-1"),
	)
	begin := time.Now()
	res, err := mustCompile(t, g, nil).Run(context.Background(), nil)
	if elapsed := time.Since(begin); elapsed > 2*time.Second {
		t.Errorf("Run took %v, want a prompt stop", elapsed)
	}
	var ne *dag.NodeError
	if !errors.As(err, &ne) || ne.Node != "bad" || !errors.Is(err, errBoom) {
		t.Fatalf("Run error = %v, want *NodeError for node bad wrapping boom", err)
	}
	if got, want := err.Error(), `dag: node "bad": boom`; got != want {
		t.Errorf("Run error = %q, want %q", got, want)
	}
	for _, id := range []string{"slow-1", "slow-2"} {
		var cause *dag.NodeError
		if !errors.As(seen[id], &cause) || cause.Node != "bad" {
			t.Errorf("%s saw cancellation cause %v, want the NodeError of bad", id, seen[id])
		}
		if !errors.Is(res.Errors[id], context.Canceled) {
			t.Errorf("Errors[%s] = %v, want context.Canceled", id, res.Errors[id])
		}
	}
	if got := res.Values; !reflect.DeepEqual(got, map[string]string{"root": "root"}) {
		t.Errorf("Values = %v, want only root", got)
	}
	for _, id := range []string{"child", "after-slow"} {
		if !errors.Is(res.Errors[id], dag.ErrNotRun) || !errors.Is(res.Errors[id], errBoom) {
			t.Errorf("Errors[%s] = %v, want ErrNotRun wrapping the stop reason", id, res.Errors[id])
		}
	}
	if got, want := traceNodes(res.Trace), []string{"root", "bad", "slow-1", "slow-2"}; !slices.Equal(got, want) {
		t.Errorf("trace = %v, want %v (nodes that started, compiled order)", got, want)
	}
}

func TestRetries(t *testing.T) {
	tests := []struct {
		name         string
		retry        dag.Retry
		defaultRetry dag.Retry
		failures     int   // attempts that fail before one succeeds
		err          error // the failing attempts' error
		wantAttempts int
		wantErr      bool
	}{
		{"transient then success", dag.Retry{Attempts: 3}, dag.Retry{}, 2, dag.Transient(errBoom), 3, false},
		{"transient exhausts attempts", dag.Retry{Attempts: 3}, dag.Retry{}, 10, dag.Transient(errBoom), 3, true},
		{"non-transient not retried", dag.Retry{Attempts: 5}, dag.Retry{}, 10, errBoom, 1, true},
		{"Transient method", dag.Retry{Attempts: 4}, dag.Retry{}, 1, fmt.Errorf("get: %w", tempErr(true)), 2, false},
		{"default is one attempt", dag.Retry{}, dag.Retry{}, 1, dag.Transient(errBoom), 1, true},
		{"options default retry", dag.Retry{}, dag.Retry{Attempts: 2}, 1, dag.Transient(errBoom), 2, false},
		{"node overrides default", dag.Retry{Attempts: 1}, dag.Retry{Attempts: 5}, 1, dag.Transient(errBoom), 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			g := dag.New[string]()
			mustAdd(t, g, dag.Node[string]{ID: "n", Optional: true, Retry: tt.retry,
				Run: func(context.Context, dag.Deps[string]) (string, error) {
					if int(calls.Add(1)) <= tt.failures {
						return "", tt.err
					}
					return "ok", nil
				}})
			r := mustCompile(t, g, &dag.Options{DefaultRetry: tt.defaultRetry})
			res, err := r.Run(context.Background(), nil)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if got := int(calls.Load()); got != tt.wantAttempts {
				t.Errorf("calls = %d, want %d", got, tt.wantAttempts)
			}
			if got := res.Trace[0].Attempts; got != tt.wantAttempts {
				t.Errorf("span Attempts = %d, want %d", got, tt.wantAttempts)
			}
			if gotErr := res.Errors["n"] != nil; gotErr != tt.wantErr {
				t.Errorf("Errors[n] = %v, want error %v", res.Errors["n"], tt.wantErr)
			}
			if !tt.wantErr && res.Values["n"] != "ok" {
				t.Errorf("Values[n] = %q, want ok", res.Values["n"])
			}
		})
	}
}

func TestBackoffSequence(t *testing.T) {
	var mu sync.Mutex
	var waits []time.Duration
	opts := &dag.Options{Jitter: func(d time.Duration) time.Duration {
		mu.Lock()
		waits = append(waits, d)
		mu.Unlock()
		return d / 1000 // keep the test fast; the sequence is what is checked
	}}
	g := dag.New[string]()
	mustAdd(t, g, dag.Node[string]{ID: "n", Optional: true,
		Retry: dag.Retry{Attempts: 6, Base: 100 * time.Millisecond, Max: 500 * time.Millisecond},
		Run: func(context.Context, dag.Deps[string]) (string, error) {
			return "", dag.Transient(errBoom)
		}})
	res, err := mustCompile(t, g, opts).Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	want := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond,
		500 * time.Millisecond, 500 * time.Millisecond}
	if !slices.Equal(waits, want) {
		t.Errorf("backoffs = %v, want %v", waits, want)
	}
	if res.Trace[0].Attempts != 6 || !errors.Is(res.Errors["n"], errBoom) {
		t.Errorf("span = %+v, want 6 attempts ending in boom", res.Trace[0])
	}
}

func TestBackoffSleepAbortsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	g := dag.New[string]()
	mustAdd(t, g, dag.Node[string]{ID: "n",
		Retry: dag.Retry{Attempts: 3, Base: time.Hour},
		Run: func(context.Context, dag.Deps[string]) (string, error) {
			time.AfterFunc(10*time.Millisecond, cancel)
			return "", dag.Transient(errBoom)
		}})
	begin := time.Now()
	res, err := mustCompile(t, g, &dag.Options{Jitter: func(d time.Duration) time.Duration { return d }}).
		Run(ctx, nil)
	if elapsed := time.Since(begin); elapsed > 2*time.Second {
		t.Fatalf("Run took %v, want the backoff sleep aborted", elapsed)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run error = %v, want context.Canceled", err)
	}
	if e := res.Errors["n"]; !errors.Is(e, errBoom) || !errors.Is(e, context.Canceled) || res.Trace[0].Attempts != 1 {
		t.Errorf("Errors[n] = %v after %d attempts, want boom and canceled after 1", e, res.Trace[0].Attempts)
	}
}

func TestTimeout(t *testing.T) {
	blocking := func(ctx context.Context, _ dag.Deps[string]) (string, error) {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(5 * time.Second):
			return "late", nil
		}
	}
	var calls atomic.Int32
	g := dag.New[string]()
	mustAdd(t, g,
		dag.Node[string]{ID: "own", Optional: true, Timeout: 20 * time.Millisecond, Run: blocking},
		dag.Node[string]{ID: "default", Optional: true, Run: blocking},
		dag.Node[string]{ID: "none", Timeout: -1, Run: func(ctx context.Context, _ dag.Deps[string]) (string, error) {
			time.Sleep(60 * time.Millisecond) // longer than the default, but exempt
			return "done", ctx.Err()
		}},
		dag.Node[string]{ID: "retried", Optional: true, Timeout: 10 * time.Millisecond, Retry: dag.Retry{Attempts: 3},
			Run: func(ctx context.Context, d dag.Deps[string]) (string, error) {
				if calls.Add(1) < 3 {
					return blocking(ctx, d)
				}
				return "third time", nil
			}},
		node("after", "own", "default"),
	)
	begin := time.Now()
	res, err := mustCompile(t, g, &dag.Options{DefaultTimeout: 30 * time.Millisecond}).Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if elapsed := time.Since(begin); elapsed > 2*time.Second {
		t.Errorf("Run took %v, want the deadlines to apply", elapsed)
	}
	for _, id := range []string{"own", "default"} {
		e := res.Errors[id]
		if !errors.Is(e, context.DeadlineExceeded) || !strings.Contains(e.Error(), "timed out after") {
			t.Errorf("Errors[%s] = %v, want a timeout", id, e)
		}
	}
	want := map[string]string{"none": "done", "retried": "third time", "after": "after"}
	if !reflect.DeepEqual(res.Values, want) {
		t.Errorf("Values = %v, want %v", res.Values, want)
	}
	if calls.Load() != 3 {
		t.Errorf("retried node called %d times, want 3 (timeouts are retried)", calls.Load())
	}
}

func TestCancelMidRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var sawCancel atomic.Int32
	var running sync.WaitGroup
	running.Add(3)
	g := dag.New[string]()
	mustAdd(t, g, node("root"))
	for i := range 3 {
		mustAdd(t, g, dag.Node[string]{ID: fmt.Sprintf("wait-%d", i), Deps: []string{"root"}, Optional: i == 0,
			Run: func(ctx context.Context, _ dag.Deps[string]) (string, error) {
				running.Done()
				select {
				case <-ctx.Done():
					if errors.Is(ctx.Err(), context.Canceled) {
						sawCancel.Add(1)
					}
					return "", ctx.Err()
				case <-time.After(5 * time.Second):
					return "not cancelled", nil
				}
			}})
	}
	mustAdd(t, g, node("end", "wait-0", "wait-1", "wait-2"))
	go func() {
		running.Wait()
		cancel()
	}()
	begin := time.Now()
	res, err := mustCompile(t, g, nil).Run(ctx, nil)
	if elapsed := time.Since(begin); elapsed > time.Second {
		t.Errorf("Run took %v after cancel, want prompt", elapsed)
	}
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "dag: run stopped: ") {
		t.Fatalf("Run error = %v, want wrapped context.Canceled", err)
	}
	var ne *dag.NodeError
	if errors.As(err, &ne) {
		t.Errorf("Run error = %v, want the ctx error, not a node's", err)
	}
	if sawCancel.Load() != 3 {
		t.Errorf("%d nodes saw cancellation, want 3", sawCancel.Load())
	}
	if !errors.Is(res.Errors["end"], dag.ErrNotRun) {
		t.Errorf("Errors[end] = %v, want ErrNotRun", res.Errors["end"])
	}
	if res.Values["root"] != "root" || len(res.Values) != 1 {
		t.Errorf("Values = %v, want only root", res.Values)
	}
}

func TestCancelledBeforeRun(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("client went away")
	cancel(cause)
	g := dag.New[string]()
	var called atomic.Bool
	mustAdd(t, g, dag.Node[string]{ID: "a", Run: func(context.Context, dag.Deps[string]) (string, error) {
		called.Store(true)
		return "a", nil
	}})
	res, err := mustCompile(t, g, nil).Run(ctx, nil)
	if !errors.Is(err, context.Canceled) || !errors.Is(err, cause) {
		t.Errorf("Run error = %v, want context.Canceled with its cause", err)
	}
	if called.Load() || len(res.Trace) != 0 || !errors.Is(res.Errors["a"], dag.ErrNotRun) {
		t.Errorf("called=%v trace=%v errors=%v, want nothing run", called.Load(), res.Trace, res.Errors)
	}
}

func TestPanicBecomesError(t *testing.T) {
	panicErr := errors.New("typed panic")
	tests := []struct {
		name     string
		value    any
		optional bool
		wantIs   []error
		wantMsg  string
	}{
		{"string value, required", "kaboom", false, []error{dag.ErrPanic}, "panic: kaboom [stack: dag_test.panicky"},
		{"error value", panicErr, false, []error{dag.ErrPanic, panicErr}, "panic: typed panic [stack: dag_test.panicky"},
		{"optional node", "kaboom", true, []error{dag.ErrPanic}, "panic: kaboom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := dag.New[string]()
			mustAdd(t, g,
				dag.Node[string]{ID: "p", Optional: tt.optional, Run: func(context.Context, dag.Deps[string]) (string, error) {
					panicky(tt.value)
					return "unreachable", nil
				}},
				node("after", "p"),
			)
			res, err := mustCompile(t, g, nil).Run(context.Background(), nil)
			nodeErr := res.Errors["p"]
			for _, target := range tt.wantIs {
				if !errors.Is(nodeErr, target) {
					t.Errorf("Errors[p] = %v, want errors.Is %v", nodeErr, target)
				}
			}
			if nodeErr == nil || !strings.Contains(nodeErr.Error(), tt.wantMsg) {
				t.Errorf("Errors[p] = %q, want it to contain %q", nodeErr, tt.wantMsg)
			}
			if strings.Contains(nodeErr.Error(), "\n") {
				t.Errorf("Errors[p] = %q, want one line", nodeErr)
			}
			if tt.optional {
				if err != nil || res.Values["after"] != "after" {
					t.Errorf("Run = %v, values %v; want the run to continue", err, res.Values)
				}
				return
			}
			var ne *dag.NodeError
			if !errors.As(err, &ne) || ne.Node != "p" || !errors.Is(err, dag.ErrPanic) {
				t.Errorf("Run error = %v, want NodeError for p wrapping ErrPanic", err)
			}
		})
	}
}

//go:noinline
func panicky(v any) { panic(v) }

func TestDeterministicAcrossRuns(t *testing.T) {
	g := dag.New[string]()
	layer := func(prefix string, count int, deps []string) []string {
		var ids []string
		for i := range count {
			id := fmt.Sprintf("%s%d", prefix, i)
			ids = append(ids, id)
			mustAdd(t, g, dag.Node[string]{ID: id, Deps: deps, Optional: id == "b3",
				Run: func(_ context.Context, d dag.Deps[string]) (string, error) {
					time.Sleep(time.Duration(rand.IntN(1500)) * time.Microsecond) // shuffle completion order
					if id == "b3" {
						return "", errBoom
					}
					var parts []string
					for _, dep := range d.IDs() {
						v, ok := d.Value(dep)
						if !ok {
							v = "!" + dep
						}
						parts = append(parts, v)
					}
					return id + "(" + strings.Join(parts, ",") + ")", nil
				}})
		}
		return ids
	}
	a := layer("a", 3, nil)
	b := layer("b", 5, a)
	c := layer("c", 4, b)
	layer("d", 1, c)
	r := mustCompile(t, g, &dag.Options{MaxConcurrency: 4})

	type summary struct {
		values map[string]string
		errors map[string]string
		trace  []string
	}
	summarize := func(res *dag.Result[string]) summary {
		s := summary{values: res.Values, errors: map[string]string{}}
		for id, err := range res.Errors {
			s.errors[id] = err.Error()
		}
		for _, sp := range res.Trace {
			s.trace = append(s.trace, fmt.Sprintf("%s/%d/%v", sp.Node, sp.Attempts, sp.Err))
		}
		return s
	}
	var first summary
	for run := range 50 {
		res, err := r.Run(context.Background(), nil)
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		got := summarize(res)
		if run == 0 {
			first = got
			if len(got.values) != 12 || len(got.errors) != 1 {
				t.Fatalf("first run: %d values, errors %v; want 12 and b3", len(got.values), got.errors)
			}
			continue
		}
		if !reflect.DeepEqual(got, first) {
			t.Fatalf("run %d differs:\n got %+v\nwant %+v", run, got, first)
		}
	}
	if got, want := first.trace[0], "a0/1/<nil>"; got != want {
		t.Errorf("trace[0] = %q, want %q", got, want)
	}
	if got := first.values["d0"]; !strings.Contains(got, "!b3") {
		t.Errorf("d0 = %q, want it to show the optional failure", got)
	}
}

func TestConcurrentRunsShareRunnable(t *testing.T) {
	g := dag.New[int]()
	mustAdd(t, g, dag.Node[int]{ID: "root", Run: ret(1)})
	for i := range 10 {
		mustAdd(t, g, dag.Node[int]{ID: fmt.Sprintf("n%d", i), Deps: []string{"root"},
			Run: func(_ context.Context, d dag.Deps[int]) (int, error) {
				v, _ := d.Value("root")
				return v + i, nil
			}})
	}
	r := mustCompile(t, g, &dag.Options{MaxConcurrency: 3})
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			for range 20 {
				res, err := r.Run(context.Background(), nil)
				if err != nil {
					errs <- err
					return
				}
				if len(res.Values) != 11 || res.Values["n9"] != 10 {
					errs <- fmt.Errorf("values %v", res.Values)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestHooksMarksAndClock(t *testing.T) {
	epoch := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	var ticks atomic.Int64
	now := func() time.Time { return epoch.Add(time.Duration(ticks.Add(1)) * time.Millisecond) }

	g := dag.New[string]()
	mustAdd(t, g,
		dag.Node[string]{ID: "cached", Route: "cache", Run: func(ctx context.Context, _ dag.Deps[string]) (string, error) {
			dag.MarkCacheHit(ctx)
			return "hit", nil
		}},
		dag.Node[string]{ID: "fallback", Route: "mcp", Run: func(ctx context.Context, _ dag.Deps[string]) (string, error) {
			dag.SetRoute(ctx, "browser")
			return "scraped", nil
		}},
		dag.Node[string]{ID: "plain", Route: "compute", Deps: []string{"cached", "fallback"}, Run: ret("p")},
	)
	var mu sync.Mutex
	var starts []string
	var finishes []dag.Span
	hooks := &dag.Hooks{
		OnStart: func(node, route string) {
			mu.Lock()
			starts = append(starts, node+"@"+route)
			mu.Unlock()
		},
		OnFinish: func(s dag.Span) {
			mu.Lock()
			finishes = append(finishes, s)
			mu.Unlock()
		},
	}
	res, err := mustCompile(t, g, &dag.Options{Now: now}).Run(context.Background(), hooks)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	slices.Sort(starts)
	if want := []string{"cached@cache", "fallback@mcp", "plain@compute"}; !slices.Equal(starts, want) {
		t.Errorf("OnStart calls = %v, want %v", starts, want)
	}
	if len(finishes) != 3 {
		t.Errorf("OnFinish called %d times, want 3", len(finishes))
	}
	type brief struct {
		Node, Route string
		CacheHit    bool
	}
	var got []brief
	for _, s := range res.Trace {
		got = append(got, brief{s.Node, s.Route, s.CacheHit})
		if !s.Start.After(epoch) || s.Start.After(epoch.Add(time.Second)) || s.Duration <= 0 {
			t.Errorf("span %s: start %v, duration %v; want times from the injected clock", s.Node, s.Start, s.Duration)
		}
	}
	want := []brief{{"cached", "cache", true}, {"fallback", "browser", false}, {"plain", "compute", false}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("trace = %+v, want %+v", got, want)
	}
	if res.Duration <= 0 || res.Duration > time.Second {
		t.Errorf("Duration = %v, want a few injected milliseconds", res.Duration)
	}
	dag.MarkCacheHit(context.Background()) // outside a node: no effect, no panic
	dag.SetRoute(context.Background(), "x")
}

func TestHookPanicReraised(t *testing.T) {
	g := dag.New[string]()
	mustAdd(t, g, node("a"), node("b", "a"))
	r := mustCompile(t, g, nil)
	defer func() {
		if p := recover(); p == nil {
			t.Error("Run did not re-raise the hook's panic")
		}
	}()
	_, _ = r.Run(context.Background(), &dag.Hooks{OnFinish: func(dag.Span) { panic("hook bug") }})
}

func TestNoGoroutineOutlivesRun(t *testing.T) {
	base := runtime.NumGoroutine()
	g := dag.New[string]()
	mustAdd(t, g, node("root"))
	for i := range 20 {
		mustAdd(t, g, dag.Node[string]{ID: fmt.Sprintf("n%02d", i), Deps: []string{"root"},
			Retry: dag.Retry{Attempts: 3, Base: time.Millisecond},
			Run: func(ctx context.Context, _ dag.Deps[string]) (string, error) {
				if i == 7 {
					return "", errBoom
				}
				select {
				case <-ctx.Done():
					return "", dag.Transient(ctx.Err())
				case <-time.After(time.Duration(i) * time.Millisecond):
					return "", dag.Transient(errBoom)
				}
			}})
	}
	r := mustCompile(t, g, nil)
	for range 5 {
		if _, err := r.Run(context.Background(), nil); err == nil {
			t.Fatal("Run succeeded, want n07's error")
		}
	}
	// Run has returned, so every node goroutine has exited; only the
	// runtime's own bookkeeping (timers) may lag a moment.
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base {
		t.Errorf("%d goroutines after Run, %d before", n, base)
	}
}

// TestDepsManyDependencies covers the hashed lookup used above eight
// dependencies.
func TestDepsManyDependencies(t *testing.T) {
	g := dag.New[int]()
	var deps []string
	for i := range 12 {
		id := fmt.Sprintf("d%02d", i)
		deps = append(deps, id)
		mustAdd(t, g, dag.Node[int]{ID: id, Optional: i == 5, Run: func(context.Context, dag.Deps[int]) (int, error) {
			if i == 5 {
				return 0, errBoom
			}
			return i, nil
		}})
	}
	mustAdd(t, g, dag.Node[int]{ID: "other", Run: ret(100)})
	var problems []string
	mustAdd(t, g, dag.Node[int]{ID: "sum", Deps: deps, Run: func(_ context.Context, d dag.Deps[int]) (int, error) {
		if _, ok := d.Value("other"); ok {
			problems = append(problems, "Value(other) ok for a node that is not a dependency")
		}
		if _, ok := d.Value("ghost"); ok || d.Err("ghost") != nil {
			problems = append(problems, "unknown ID reported")
		}
		if !errors.Is(d.Err("d05"), errBoom) {
			problems = append(problems, fmt.Sprintf("Err(d05) = %v", d.Err("d05")))
		}
		sum := 0
		for _, id := range d.IDs() {
			v, _ := d.Value(id)
			sum += v
		}
		return sum, nil
	}})
	res, err := mustCompile(t, g, nil).Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(problems) > 0 {
		t.Errorf("Deps: %v", problems)
	}
	if got, want := res.Values["sum"], 66-5; got != want {
		t.Errorf("sum = %d, want %d", got, want)
	}
}

// TestInlineNodes: inline nodes answer on the scheduler's goroutine,
// attempted once with no per-attempt deadline and no route slot, next to
// nodes that run in goroutines of their own.
func TestInlineNodes(t *testing.T) {
	release := make(chan struct{})
	var inlineDeadline atomic.Pointer[time.Time]
	var attempts atomic.Int32
	g := dag.New[int]()
	mustAdd(t, g,
		// a, of route r (one slot), waits for the inline node b of the
		// same route: b runs first, on the scheduler's goroutine.
		dag.Node[int]{ID: "a", Route: "r", Run: func(ctx context.Context, _ dag.Deps[int]) (int, error) {
			select {
			case <-release:
				return 1, nil
			case <-ctx.Done():
				return 0, ctx.Err()
			}
		}},
		dag.Node[int]{ID: "b", Route: "r", Inline: true, Run: func(ctx context.Context, _ dag.Deps[int]) (int, error) {
			d, _ := ctx.Deadline()
			inlineDeadline.Store(&d)
			close(release)
			return 2, nil
		}},
		dag.Node[int]{ID: "c", Inline: true, Optional: true, Run: func(context.Context, dag.Deps[int]) (int, error) {
			attempts.Add(1)
			return 0, dag.Transient(errBoom)
		}},
		dag.Node[int]{ID: "d", Deps: []string{"a", "b", "c"}, Run: func(_ context.Context, d dag.Deps[int]) (int, error) {
			a, _ := d.Value("a")
			b, _ := d.Value("b")
			return a + b, nil
		}},
	)
	r := mustCompile(t, g, &dag.Options{RouteLimits: map[string]int{"r": 1}, DefaultTimeout: time.Minute,
		DefaultRetry: dag.Retry{Attempts: 3}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := r.Run(ctx, nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if got := res.Values["d"]; got != 3 {
		t.Errorf("d = %d, want 3", got)
	}
	if want, _ := ctx.Deadline(); !inlineDeadline.Load().Equal(want) {
		t.Errorf("an inline node's deadline is %v, want the run's %v", inlineDeadline.Load(), want)
	}
	if n := attempts.Load(); n != 1 {
		t.Errorf("inline node attempted %d times, want 1", n)
	}
	if len(res.Trace) != 4 {
		t.Errorf("trace has %d spans, want 4", len(res.Trace))
	}
}

// TestInlineHookPanicReraised: a hook's panic on the scheduler's goroutine
// is re-raised by Run like one from a node's goroutine.
func TestInlineHookPanicReraised(t *testing.T) {
	g := dag.New[string]()
	mustAdd(t, g, dag.Node[string]{ID: "a", Inline: true, Run: ret("a")}, node("b", "a"))
	r := mustCompile(t, g, nil)
	defer func() {
		if p := recover(); p == nil {
			t.Error("Run did not re-raise the hook's panic")
		}
	}()
	_, _ = r.Run(context.Background(), &dag.Hooks{OnStart: func(string, string) { panic("hook bug") }})
}

// TestDepsID checks that one Func serving several nodes learns which node
// it runs for from Deps.ID, and that the zero Deps has none.
func TestDepsID(t *testing.T) {
	var mu sync.Mutex
	ran := map[string]string{}
	shared := func(_ context.Context, d dag.Deps[int]) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		ran[d.ID()] = strings.Join(d.IDs(), ",")
		return len(d.ID()), nil
	}
	g := dag.New[int]()
	mustAdd(t, g,
		dag.Node[int]{ID: "a", Run: shared},
		dag.Node[int]{ID: "bb", Deps: []string{"a"}, Run: shared},
		dag.Node[int]{ID: "ccc", Deps: []string{"bb", "a"}, Run: shared, Inline: true},
	)
	res, err := mustCompile(t, g, nil).Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if want := map[string]string{"a": "", "bb": "a", "ccc": "bb,a"}; !reflect.DeepEqual(ran, want) {
		t.Errorf("nodes run: got %v, want %v", ran, want)
	}
	if want := map[string]int{"a": 1, "bb": 2, "ccc": 3}; !reflect.DeepEqual(res.Values, want) {
		t.Errorf("Values = %v, want %v", res.Values, want)
	}
	if id := (dag.Deps[int]{}).ID(); id != "" {
		t.Errorf("zero Deps ID: got %q, want none", id)
	}
}
