package knowledgebase

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// backend is one Redis the suite runs against.
type backend struct {
	name   string
	client redis.UniversalClient
	mr     *miniredis.Miniredis // nil for a real Redis
	// pipeline forces the Cluster code path (pipelines of single-key
	// commands) on a single-node client.
	pipeline bool
}

// advance makes d pass for the server: FastForward on miniredis, a real
// sleep on Redis (so keep d short).
func (b *backend) advance(d time.Duration) {
	if b.mr != nil {
		b.mr.FastForward(d)
		return
	}
	time.Sleep(d)
}

// forEachBackend runs fn against miniredis (through a plain client and
// through a Cluster client, miniredis being a one-node cluster) and, when
// REDIS_URL is set, against that Redis (plain and with pipelines forced).
// Without REDIS_URL the real-Redis subtests skip, or fail when
// TRIPWEAVE_REQUIRE_INTEGRATION=1.
func forEachBackend(t *testing.T, fn func(t *testing.T, b *backend)) {
	t.Helper()
	t.Run("miniredis", func(t *testing.T) {
		mr := miniredis.RunT(t)
		c := redis.NewClient(&redis.Options{Addr: mr.Addr()})
		t.Cleanup(func() { _ = c.Close() })
		fn(t, &backend{name: "miniredis", client: c, mr: mr})
	})
	t.Run("miniredis-cluster", func(t *testing.T) {
		mr := miniredis.RunT(t)
		c := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{mr.Addr()}})
		t.Cleanup(func() { _ = c.Close() })
		fn(t, &backend{name: "miniredis-cluster", client: c, mr: mr})
	})
	for _, pipeline := range []bool{false, true} {
		name := "redis"
		if pipeline {
			name = "redis-pipeline"
		}
		t.Run(name, func(t *testing.T) {
			c := realRedis(t)
			fn(t, &backend{name: name, client: c, pipeline: pipeline})
		})
	}
}

// realRedis connects to REDIS_URL or skips (fails under
// TRIPWEAVE_REQUIRE_INTEGRATION=1).
func realRedis(tb testing.TB) redis.UniversalClient {
	tb.Helper()
	u := os.Getenv("REDIS_URL")
	if u == "" {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			tb.Fatal("REDIS_URL is not set and TRIPWEAVE_REQUIRE_INTEGRATION=1")
		}
		tb.Skip("REDIS_URL is not set; set it (e.g. redis://127.0.0.1:6379/0) to run against a real Redis")
	}
	c, closeFn, err := Connect(context.Background(), u, discardLogger())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = closeFn() })
	return c
}

// newTestStore returns a Store on b with a unique key prefix whose keys are
// deleted (never flushed) when the test ends, after the Store is closed.
func newTestStore(tb testing.TB, b *backend, opts Options) *Store {
	tb.Helper()
	opts.Prefix = uniquePrefix(tb)
	if opts.Logger == nil {
		opts.Logger = discardLogger()
	}
	s := New(b.client, &opts)
	if b.pipeline {
		s.pipeline = true
	}
	tb.Cleanup(func() {
		_ = s.Close()
		deletePrefix(tb, b.client, opts.Prefix)
	})
	return s
}

func uniquePrefix(tb testing.TB) string {
	var r [6]byte
	if _, err := rand.Read(r[:]); err != nil {
		tb.Fatal(err)
	}
	return "kbtest:" + hex.EncodeToString(r[:]) + ":"
}

// deletePrefix deletes every key under prefix, one SCAN page at a time.
func deletePrefix(tb testing.TB, c redis.UniversalClient, prefix string) {
	tb.Helper()
	ctx := context.Background()
	var keys []string
	scan := func(ctx context.Context, cl *redis.Client) error {
		iter := cl.Scan(ctx, 0, prefix+"*", 1000).Iterator()
		for iter.Next(ctx) {
			keys = append(keys, iter.Val())
		}
		return iter.Err()
	}
	var err error
	if cc, ok := c.(*redis.ClusterClient); ok {
		var mu sync.Mutex
		err = cc.ForEachMaster(ctx, func(ctx context.Context, cl *redis.Client) error {
			mu.Lock()
			defer mu.Unlock()
			return scan(ctx, cl)
		})
	} else {
		err = scan(ctx, c.(*redis.Client))
	}
	if err != nil {
		tb.Errorf("cleanup: scan %s*: %v", prefix, err)
		return
	}
	for _, k := range keys {
		if err := c.Del(ctx, k).Err(); err != nil {
			tb.Errorf("cleanup: del %s: %v", k, err)
		}
	}
}

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// logBuffer is a concurrency-safe log sink for assertions on log lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// clock is an injectable, settable clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 6, 19, 8, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// opRecorder is a go-redis hook recording every command and pipeline the
// client processes, one line per call: "get", or "pipeline:get,get".
// Connection handshakes are left out.
type opRecorder struct {
	mu  sync.Mutex
	ops []string
}

var handshake = map[string]bool{"hello": true, "client": true, "auth": true, "select": true, "cluster": true, "ping": true}

func (r *opRecorder) DialHook(next redis.DialHook) redis.DialHook { return next }

func (r *opRecorder) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if !handshake[cmd.Name()] {
			r.record(cmd.Name())
		}
		return next(ctx, cmd)
	}
}

func (r *opRecorder) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		names := make([]string, 0, len(cmds))
		all := true
		for _, c := range cmds {
			names = append(names, c.Name())
			all = all && handshake[c.Name()]
		}
		if !all {
			r.record("pipeline:" + strings.Join(names, ","))
		}
		return next(ctx, cmds)
	}
}

func (r *opRecorder) record(op string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ops = append(r.ops, op)
}

func (r *opRecorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	ops := r.ops
	r.ops = nil
	return ops
}

// waitFor polls cond until it holds or 5 s pass.
func waitFor(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	// generous: a condition wait costs nothing when it holds, and the shared
	// two-core machines run several test binaries at once
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}
