package knowledgebase

import (
	"cmp"
	"context"
	"encoding/json"
	"net"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

func TestConnectEmbedded(t *testing.T) {
	var logs logBuffer
	ctx := context.Background()
	client, closeFn, err := Connect(ctx, "", logs.logger())
	if err != nil {
		t.Fatalf("Connect(\"\"): %v", err)
	}
	s := New(client, &Options{Logger: discardLogger()})
	if err := s.Put(ctx, Key{"geocode", "x"}, Entry{Payload: json.RawMessage(`1`)}, time.Hour); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, Key{"geocode", "x"}); err != nil || got.State != Fresh {
		t.Errorf("Get = %v, %v; want fresh", got.State, err)
	}
	if n := strings.Count(logs.String(), "level=WARN"); n != 1 || !strings.Contains(logs.String(), "not durable") {
		t.Errorf("want exactly one warning saying the cache is not durable, got:\n%s", logs.String())
	}
	if err := closeFn(); err != nil {
		t.Errorf("close: %v", err)
	}
	if err := closeFn(); err != nil {
		t.Errorf("second close: %v", err)
	}
	if err := s.Ping(ctx); err == nil {
		t.Error("Ping after close: no error")
	}
}

// TestConnectEmbeddedExpires checks that the embedded server expires keys by
// the wall clock (miniredis alone only expires on FastForward).
func TestConnectEmbeddedExpires(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the embedded clock to tick")
	}
	ctx := context.Background()
	client, closeFn, err := Connect(ctx, "", discardLogger())
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	if err := client.Set(ctx, "kbtest:expiring", "1", 500*time.Millisecond).Err(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the embedded server to expire the key", func() bool {
		n, err := client.Exists(ctx, "kbtest:expiring").Result()
		return err == nil && n == 0
	})
}

func TestConnectCluster(t *testing.T) {
	mr := miniredis.RunT(t) // a one-node cluster as far as go-redis can tell
	ctx := context.Background()
	client, closeFn, err := Connect(ctx, "redis+cluster://"+mr.Addr(), discardLogger())
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	defer closeFn()
	if _, ok := client.(*redis.ClusterClient); !ok {
		t.Fatalf("client is %T, want *redis.ClusterClient", client)
	}
	s := New(client, &Options{Logger: discardLogger()})
	if !s.pipeline {
		t.Error("Store on a cluster client does not use pipelines")
	}
	if err := s.Put(ctx, Key{"a", "1"}, Entry{Payload: json.RawMessage(`1`)}, time.Hour); err != nil {
		t.Fatal(err)
	}
	got, err := s.Lookup(ctx, []Key{{"a", "1"}, {"b", "2"}})
	if err != nil || got[0].State != Fresh || got[1].State != Miss {
		t.Errorf("Lookup = %+v, %v; want fresh, miss", got, err)
	}
}

func TestConnectSingle(t *testing.T) {
	mr := miniredis.RunT(t)
	client, closeFn, err := Connect(context.Background(), "redis://"+mr.Addr()+"/0", discardLogger())
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	defer closeFn()
	if _, ok := client.(*redis.Client); !ok {
		t.Errorf("client is %T, want *redis.Client", client)
	}
}

func TestConnectErrors(t *testing.T) {
	// A port nobody listens on.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedAddr := l.Addr().String()
	l.Close()

	tests := []struct {
		name, url string
		want      []string      // substrings of the error
		timeout   time.Duration // 0: 10 s
	}{
		{"no scheme", "127.0.0.1:6379", []string{"REDIS_URL", "missing scheme"}, 0},
		{"bad scheme", "http://127.0.0.1:6379", []string{"REDIS_URL", `unsupported scheme "http"`}, 0},
		{"bad db", "redis://127.0.0.1:6379/x", []string{"REDIS_URL", "invalid database number"}, 0},
		{"bad option", "redis://127.0.0.1:6379/0?colour=blue", []string{"REDIS_URL", "colour"}, 0},
		{"malformed", "redis://:secret@[::1/0", []string{"REDIS_URL", "malformed"}, 0},
		{"sentinel without master", "redis+sentinel://127.0.0.1:26379", []string{"REDIS_URL", "master name"}, 0},
		{"sentinel db twice", "redis+sentinel://h:26379/m/1?db=2", []string{"REDIS_URL", "database given twice"}, 0},
		{"cluster without hosts", "redis+cluster://", []string{"REDIS_URL", "no hosts"}, 0},
		{"cluster with db", "redis+cluster://h1:7000/3", []string{"REDIS_URL", "no path"}, 0},
		{"unreachable", "redis://:secret@" + closedAddr + "/0", []string{"REDIS_URL", "unreachable", closedAddr}, 0},
		{"cluster unreachable", "redis+cluster://" + closedAddr, []string{"REDIS_URL", "unreachable"}, 0},
		{"sentinel unreachable", "redis+sentinel://" + closedAddr + "/mymaster", []string{"REDIS_URL", "unreachable", "sentinels " + closedAddr}, time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			timeout := cmp.Or(tt.timeout, 10*time.Second)
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			client, closeFn, err := Connect(ctx, tt.url, discardLogger())
			if err == nil {
				closeFn()
				t.Fatalf("Connect(%q) = %T, nil; want an error", tt.url, client)
			}
			t.Logf("Connect(%q): %v", tt.url, err)
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("error %q shows the password", err)
			}
		})
	}
}

func TestParseURL(t *testing.T) {
	tests := []struct {
		url  string
		want *target
	}{
		{"redis://:pw@10.0.0.1:6380/2", &target{mode: "single", single: &redis.Options{Network: "tcp", Addr: "10.0.0.1:6380", Password: "pw", DB: 2}}},
		{"redis+sentinel://app:pw@s1:26379,s2,[::1]:26380/mymaster/1?sentinel_password=sp&dial_timeout=2s", &target{mode: "sentinel", failover: &redis.FailoverOptions{
			MasterName:       "mymaster",
			SentinelAddrs:    []string{"s1:26379", "s2:26379", "[::1]:26380"},
			SentinelPassword: "sp",
			Username:         "app",
			Password:         "pw",
			DB:               1,
			DialTimeout:      2 * time.Second,
		}}},
		{"redis+sentinel://s1/mymaster?db=3", &target{mode: "sentinel", failover: &redis.FailoverOptions{
			MasterName:    "mymaster",
			SentinelAddrs: []string{"s1:26379"},
			DB:            3,
		}}},
		{"redis+cluster://:pw@h1:7000,h2:7001,h3?read_only=true", &target{mode: "cluster", cluster: &redis.ClusterOptions{
			Addrs:    []string{"h1:7000", "h2:7001", "h3:6379"},
			Password: "pw",
			ReadOnly: true,
		}}},
	}
	for _, tt := range tests {
		got, err := parseURL(tt.url)
		if err != nil {
			t.Errorf("parseURL(%q): %v", tt.url, err)
			continue
		}
		if got.mode != tt.want.mode {
			t.Errorf("parseURL(%q).mode = %q, want %q", tt.url, got.mode, tt.want.mode)
		}
		switch {
		case tt.want.single != nil:
			g, w := got.single, tt.want.single
			if g == nil || g.Addr != w.Addr || g.Password != w.Password || g.DB != w.DB {
				t.Errorf("parseURL(%q) = %+v, want %+v", tt.url, g, w)
			}
		case tt.want.failover != nil:
			g, w := got.failover, tt.want.failover
			if g == nil || g.MasterName != w.MasterName || !reflect.DeepEqual(g.SentinelAddrs, w.SentinelAddrs) ||
				g.SentinelUsername != w.SentinelUsername || g.SentinelPassword != w.SentinelPassword ||
				g.Username != w.Username || g.Password != w.Password || g.DB != w.DB || g.DialTimeout != w.DialTimeout {
				t.Errorf("parseURL(%q) = %+v, want %+v", tt.url, g, w)
			}
		case tt.want.cluster != nil:
			g, w := got.cluster, tt.want.cluster
			if g == nil || !reflect.DeepEqual(g.Addrs, w.Addrs) || g.Password != w.Password || g.ReadOnly != w.ReadOnly {
				t.Errorf("parseURL(%q) = %+v, want %+v", tt.url, g, w)
			}
		}
	}
}

func TestRedactURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"},
		{"redis://:secret@h:6379/0", "redis://:xxxxx@h:6379/0"},
		{"redis://user:secret@h:6379", "redis://user:xxxxx@h:6379"},
		{"redis://secret@h", "redis://xxxxx@h"},
		{"redis+sentinel://a:b@h1,h2/m?sentinel_password=s&db=1", "redis+sentinel://a:xxxxx@h1,h2/m?sentinel_password=xxxxx&db=1"},
		{"redis://:sec@ret@h/0", "redis://:xxxxx@h/0"},
		{"garbage", "garbage"},
		{"pw@host:6379", "xxxxx@host:6379"},
	}
	for _, tt := range tests {
		if got := redactURL(tt.in); got != tt.want {
			t.Errorf("redactURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
