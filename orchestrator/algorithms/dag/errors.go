package dag

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
)

// Build and compile errors. Compile and Add wrap them with details, so test
// them with errors.Is.
var (
	// ErrCycle reports a dependency cycle. The message names the loop in
	// data-flow order, starting at its smallest ID: "dag: cycle: a -> b -> a"
	// means b depends on a and a depends on b.
	ErrCycle = errors.New("dag: cycle")
	// ErrDuplicateNode reports a second node with an ID already added.
	ErrDuplicateNode = errors.New("dag: duplicate node")
	// ErrUnknownDep reports a dependency on an ID that no node has.
	ErrUnknownDep = errors.New("dag: unknown dependency")
	// ErrEmptyGraph reports a Compile of a graph without nodes.
	ErrEmptyGraph = errors.New("dag: empty graph")
	// ErrInvalidNode reports a node that cannot run: empty ID, nil Run, an
	// empty or repeated dependency, a negative retry setting.
	ErrInvalidNode = errors.New("dag: invalid node")
	// ErrInvalidOptions reports Options that cannot work, such as a negative
	// MaxConcurrency or a route limit below 1.
	ErrInvalidOptions = errors.New("dag: invalid options")
)

// Node-level errors. They appear inside a NodeError, in Result.Errors and in
// Span.Err, so their text carries no "dag:" prefix.
var (
	// ErrPanic is wrapped by the error of a node whose Func panicked. The
	// message holds the panic value and a short stack; when the panic value
	// is an error it is wrapped too.
	ErrPanic = errors.New("panic")
	// ErrNotRun is wrapped, together with the reason the run stopped, by the
	// Result.Errors entry of each node that never started.
	ErrNotRun = errors.New("not run")
)

// NodeError is the error of one node: Run returns it when a required node
// fails.
type NodeError struct {
	Node string // the failing node's ID
	Err  error  // what the node's Func returned (or its panic, or timeout)
}

// Error returns `dag: node "<id>": <err>`.
func (e *NodeError) Error() string {
	return fmt.Sprintf("dag: node %q: %v", e.Node, e.Err)
}

// Unwrap returns the node's error.
func (e *NodeError) Unwrap() error { return e.Err }

// Transient wraps err so that the engine retries it (up to the node's
// Retry.Attempts). The message is err's unchanged. Transient(nil) is nil.
func Transient(err error) error {
	if err == nil {
		return nil
	}
	return &transientError{err: err}
}

type transientError struct{ err error }

func (e *transientError) Error() string   { return e.err.Error() }
func (e *transientError) Unwrap() error   { return e.err }
func (e *transientError) Transient() bool { return true }

// IsTransient reports whether any error in err's chain (followed through
// both Unwrap() error and Unwrap() []error) has a method Transient() bool
// that returns true, as errors made by Transient do.
func IsTransient(err error) bool {
	for err != nil {
		if t, ok := err.(interface{ Transient() bool }); ok && t.Transient() {
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if IsTransient(e) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

// maxPanicFrames bounds the stack quoted in a panic's error message.
const maxPanicFrames = 6

// callFramePrefix is how the stack frames of call (the generic function that
// invokes a node's Func) are named; the quoted stack stops there.
var callFramePrefix = reflect.TypeFor[NodeError]().PkgPath() + ".call["

// panicError turns a recovered panic value into an error wrapping ErrPanic
// with a short, one-line stack of the panicking goroutine. It must be called
// from the deferred function that recovered.
func panicError(v any) error {
	var pcs [64]uintptr
	n := runtime.Callers(3, pcs[:]) // skip Callers, panicError, the deferred func
	frames := runtime.CallersFrames(pcs[:n])
	var b strings.Builder
	count := 0
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, callFramePrefix) {
			break
		}
		if f.Function != "" && !strings.HasPrefix(f.Function, "runtime.") {
			if count > 0 {
				b.WriteString(" < ")
			}
			fn := f.Function
			if i := strings.LastIndexByte(fn, '/'); i >= 0 {
				fn = fn[i+1:]
			}
			fmt.Fprintf(&b, "%s (%s:%d)", fn, filepath.Base(f.File), f.Line)
			count++
			if count == maxPanicFrames {
				break
			}
		}
		if !more {
			break
		}
	}
	if e, ok := v.(error); ok {
		return fmt.Errorf("%w: %w [stack: %s]", ErrPanic, e, b.String())
	}
	return fmt.Errorf("%w: %v [stack: %s]", ErrPanic, v, b.String())
}
