// Package replay holds what the providers' replay test servers
// (agents/*/…test) share: their fixtures loaded from testdata, the failures
// they answer instead of a fixture, the requests they record and the delay
// and concurrency count some of them keep.
package replay

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestdataDir returns the testdata directory beside the directory of the
// calling file: agents/amap/testdata for agents/amap/amaptest/server.go.
func TestdataDir() string {
	_, file, _, _ := runtime.Caller(1)
	return filepath.Join(filepath.Dir(file), "..", "testdata")
}

// ReadFixture returns the bytes of the file name in dir, failing t if it is
// missing.
func ReadFixture(t testing.TB, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	return b
}

// Fixtures maps a fixture's file name to its bytes.
type Fixtures map[string][]byte

// LoadFixtures reads every file of dir whose name ends in one of exts (every
// file when exts is empty; subdirectories are skipped), failing t on error.
func LoadFixtures(t testing.TB, dir string, exts ...string) Fixtures {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	fs := Fixtures{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || len(exts) > 0 && !slices.ContainsFunc(exts, func(x string) bool { return strings.HasSuffix(name, x) }) {
			continue
		}
		fs[name] = ReadFixture(t, dir, name)
	}
	return fs
}

// Write answers status with the named fixture's bytes.
func (fs Fixtures) Write(w http.ResponseWriter, status int, name string) {
	w.WriteHeader(status)
	w.Write(fs[name])
}

// Failure is an answer served instead of a fixture.
type Failure struct {
	Status int
	Body   []byte
	Header http.Header
}

// Header builds a header from name, value pairs; an odd last name is
// dropped.
func Header(pairs ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(pairs); i += 2 {
		h.Set(pairs[i], pairs[i+1])
	}
	return h
}

// Write answers f: its headers (replacing any set before), status and body.
func (f Failure) Write(w http.ResponseWriter) {
	for k, vs := range f.Header {
		w.Header()[k] = vs
	}
	w.WriteHeader(f.Status)
	w.Write(f.Body)
}

// Failures is a queue of failures a server answers, in order, before its
// fixtures. A failure may be limited to one path (the requests to other
// paths then answer normally and leave it queued), and the last one may be
// sticky: it then answers every later request. The zero value is an empty
// queue; it is safe for concurrent use.
type Failures struct {
	mu     sync.Mutex
	queue  []queued
	sticky bool
}

type queued struct {
	Failure
	path string // "" matches every path
}

// Set replaces every pending failure with f for the next n requests to path
// ("" for any path), or for every later one when n ≤ 0. A status of 0 only
// clears the queue.
func (fs *Failures) Set(path string, n int, f Failure) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.queue, fs.sticky = nil, false
	if f.Status == 0 {
		return
	}
	if n <= 0 {
		n, fs.sticky = 1, true
	}
	for range n {
		fs.queue = append(fs.queue, queued{f, path})
	}
}

// Add queues f to answer the next requests, one each, after those pending.
func (fs *Failures) Add(f ...Failure) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for _, x := range f {
		fs.queue = append(fs.queue, queued{x, ""})
	}
}

// Next takes the failure a request to path answers, if one is due; a
// sticky last failure stays queued.
func (fs *Failures) Next(path string) (Failure, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if len(fs.queue) == 0 || fs.queue[0].path != "" && fs.queue[0].path != path {
		return Failure{}, false
	}
	f := fs.queue[0].Failure
	if !fs.sticky || len(fs.queue) > 1 {
		fs.queue = fs.queue[1:]
	}
	return f, true
}

// Serve answers r with the failure due for its path, if any, and reports
// whether it did.
func (fs *Failures) Serve(w http.ResponseWriter, r *http.Request) bool {
	f, ok := fs.Next(r.URL.Path)
	if ok {
		f.Write(w)
	}
	return ok
}

// Recorder keeps what a server records of each request. The zero value is
// empty; it is safe for concurrent use.
type Recorder[T any] struct {
	mu    sync.Mutex
	items []T
}

// Record appends v.
func (r *Recorder[T]) Record(v T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.items = append(r.items, v)
}

// All returns a copy of everything recorded so far, in order.
func (r *Recorder[T]) All() []T {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.items)
}

// Gate delays every answer by a settable time and counts the requests
// being served at once. The zero value has no delay; it is safe for
// concurrent use.
type Gate struct {
	mu       sync.Mutex
	inFlight int
	maxIn    int
	delay    time.Duration
}

// SetDelay makes every later request wait d.
func (g *Gate) SetDelay(d time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.delay = d
}

// MaxInFlight returns the most requests that were ever in the gate at once.
func (g *Gate) MaxInFlight() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.maxIn
}

// Enter counts a request in and waits the delay. It returns the function
// that counts the request out (call it when the answer is written, also
// when ok is false) and false if ctx ended during the wait.
func (g *Gate) Enter(ctx context.Context) (leave func(), ok bool) {
	g.mu.Lock()
	g.inFlight++
	g.maxIn = max(g.maxIn, g.inFlight)
	delay := g.delay
	g.mu.Unlock()
	leave = func() {
		g.mu.Lock()
		g.inFlight--
		g.mu.Unlock()
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return leave, false
		}
	}
	return leave, true
}
