// Package kbtest gives tests a Redis: the real one at REDIS_URL when set,
// otherwise an in-process miniredis (a failure instead when
// TRIPWEAVE_REQUIRE_INTEGRATION=1), and key prefixes of their own that are
// deleted when the test ends, so that runs sharing one server never touch
// each other's keys.
package kbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/knowledgebase"
)

// Client returns a Redis client for t, closed when t ends, and the URL it
// connects to ("" for miniredis, whose address is then in the client's
// options).
func Client(t testing.TB) (redis.UniversalClient, string) {
	t.Helper()
	if url := os.Getenv("REDIS_URL"); url != "" {
		c, closeFn, err := knowledgebase.Connect(context.Background(), url, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatalf("REDIS_URL: %v", err)
		}
		t.Cleanup(func() { _ = closeFn() })
		return c, url
	}
	if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
		t.Fatal("REDIS_URL is not set but TRIPWEAVE_REQUIRE_INTEGRATION=1")
	}
	mr := miniredis.RunT(t)
	c := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { _ = c.Close() })
	return c, "redis://" + mr.Addr() + "/0"
}

// Name returns a name unique to this run, e.g. "test_ab12cd34ef56".
func Name(kind string) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return kind + "_" + hex.EncodeToString(b[:])
}

// Prefix returns a new key prefix ("test:<kind>:<random>:") whose keys
// are deleted from c when t ends.
func Prefix(t testing.TB, c redis.UniversalClient, kind string) string {
	t.Helper()
	prefix := "test:" + Name(kind) + ":"
	t.Cleanup(func() { Delete(c, prefix) })
	return prefix
}

// Delete removes every key of c that starts with prefix.
func Delete(c redis.UniversalClient, prefix string) {
	ctx := context.Background()
	iter := c.Scan(ctx, 0, prefix+"*", 200).Iterator()
	var keys []string
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	for _, k := range keys {
		c.Del(ctx, k)
	}
}
