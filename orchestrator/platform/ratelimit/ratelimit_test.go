package ratelimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

func TestParseRule(t *testing.T) {
	for in, want := range map[string]Rule{
		"":                 {},
		"off":              {},
		"20/s":             {Rate: 20, Period: time.Second, Burst: 20},
		"600/m,burst=60":   {Rate: 600, Period: time.Minute, Burst: 60},
		"1000/d":           {Rate: 1000, Period: 24 * time.Hour, Burst: 1000},
		"50/10s, burst=5 ": {Rate: 50, Period: 10 * time.Second, Burst: 5},
	} {
		got, err := ParseRule(in)
		if err != nil || got != want {
			t.Errorf("ParseRule(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"20", "x/s", "0/s", "20/fortnight", "20/s,b=3", "20/s,burst=0", "-1/m"} {
		if _, err := ParseRule(bad); err == nil {
			t.Errorf("ParseRule(%q) accepted", bad)
		}
	}
}

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestLocalBurstThenRefill(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)}
	l := NewLocal(clk.now)
	r := Rule{Rate: 2, Period: time.Second, Burst: 3}
	ctx := context.Background()
	for i := range 3 {
		d, _ := l.Allow(ctx, "k1", r)
		if !d.Allowed || d.Remaining != 2-i || d.Limit != 3 {
			t.Fatalf("request %d: %+v", i, d)
		}
	}
	d, _ := l.Allow(ctx, "k1", r)
	if d.Allowed || d.RetryAfter != 500*time.Millisecond || d.Remaining != 0 {
		t.Fatalf("over the burst: %+v, want refused with retry 500ms", d)
	}
	if d2, _ := l.Allow(ctx, "k2", r); !d2.Allowed {
		t.Fatal("another key was refused")
	}
	clk.add(500 * time.Millisecond)
	if d, _ := l.Allow(ctx, "k1", r); !d.Allowed {
		t.Fatalf("after the wait: %+v", d)
	}
	if d, _ := l.Allow(ctx, "k1", Rule{}); !d.Allowed {
		t.Fatal("no rule refused")
	}
}

// testRedis returns a client on REDIS_URL (or miniredis without it) and a
// key prefix of this test's own, whose keys are deleted afterwards.
func testRedis(t *testing.T) (redis.UniversalClient, string) {
	t.Helper()
	var client redis.UniversalClient
	if url := os.Getenv("REDIS_URL"); url != "" {
		opt, err := redis.ParseURL(url)
		if err != nil {
			t.Fatal(err)
		}
		client = redis.NewClient(opt)
	} else {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatal("REDIS_URL is not set but TRIPWEAVE_REQUIRE_INTEGRATION=1")
		}
		client = redis.NewClient(&redis.Options{Addr: miniredis.RunT(t).Addr()})
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "test:ratelimit:" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		ctx := context.Background()
		iter := client.Scan(ctx, 0, "rate:"+prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			client.Del(ctx, iter.Val())
		}
		_ = client.Close()
	})
	return client, prefix
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestRedisIsShared: two limiters (two replicas, two connections) count one
// key's requests together.
func TestRedisIsShared(t *testing.T) {
	client, prefix := testRedis(t)
	other := redis.NewClient(client.(*redis.Client).Options())
	defer other.Close()
	a := NewRedis(client, RedisOptions{Prefix: prefix, Logger: quiet})
	b := NewRedis(other, RedisOptions{Prefix: prefix, Logger: quiet})
	r := Rule{Rate: 4, Period: time.Minute, Burst: 4}
	ctx := context.Background()
	allowed := 0
	for i := range 8 {
		l := a
		if i%2 == 1 {
			l = b
		}
		d, err := l.Allow(ctx, "key", r)
		if err != nil || !d.Shared {
			t.Fatalf("request %d: %+v %v", i, d, err)
		}
		if d.Allowed {
			allowed++
		} else if d.RetryAfter <= 0 || d.RetryAfter > 15*time.Second {
			t.Errorf("refused with retry %v, want about 15s", d.RetryAfter)
		}
	}
	if allowed != 4 {
		t.Errorf("two replicas allowed %d of 8 under a burst of 4, want 4", allowed)
	}
}

// TestRedisDownFallsBack: a dead Redis costs one bounded attempt, then
// requests are decided in process, still limited.
func TestRedisDownFallsBack(t *testing.T) {
	ln := closedAddr(t)
	client := redis.NewClient(&redis.Options{Addr: ln, MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	defer client.Close()
	l := NewRedis(client, RedisOptions{Timeout: 200 * time.Millisecond, Backoff: time.Minute, Logger: quiet})
	r := Rule{Rate: 2, Period: time.Minute, Burst: 2}
	start := time.Now()
	var got []bool
	for range 3 {
		d, err := l.Allow(context.Background(), "k", r)
		if err != nil || d.Shared {
			t.Fatalf("%+v %v", d, err)
		}
		got = append(got, d.Allowed)
	}
	if got[0] != true || got[1] != true || got[2] != false {
		t.Errorf("in-process fallback decisions %v, want [true true false]", got)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("three decisions with Redis down took %v", el)
	}
}

func closedAddr(t *testing.T) string {
	mr := miniredis.RunT(t)
	addr := mr.Addr()
	mr.Close()
	return addr
}
