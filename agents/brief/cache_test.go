package brief

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/knowledgebase"
)

// testKB returns a knowledge cache on the Redis at REDIS_URL (an in-process
// miniredis when it is unset, unless TRIPWEAVE_REQUIRE_INTEGRATION=1) under
// a key prefix of its own, deleted when the test ends.
func testKB(t *testing.T) (*knowledgebase.Store, redis.UniversalClient, string) {
	t.Helper()
	u := os.Getenv("REDIS_URL")
	if u == "" && os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
		t.Fatal("REDIS_URL is not set and TRIPWEAVE_REQUIRE_INTEGRATION=1")
	}
	log := slog.New(slog.DiscardHandler)
	c, closeFn, err := knowledgebase.Connect(context.Background(), u, log)
	if err != nil {
		t.Fatal(err)
	}
	var r [6]byte
	rand.Read(r[:])
	prefix := "brieftest:" + hex.EncodeToString(r[:]) + ":"
	kb := knowledgebase.New(c, &knowledgebase.Options{Prefix: prefix, Logger: log})
	t.Cleanup(func() {
		_ = kb.Close()
		ctx := context.Background()
		iter := c.Scan(ctx, 0, prefix+"*", 1000).Iterator()
		var keys []string
		for iter.Next(ctx) {
			keys = append(keys, iter.Val())
		}
		if len(keys) > 0 {
			c.Del(ctx, keys...)
		}
		_ = closeFn()
	})
	return kb, c, prefix
}

// TestLLMRedisCache: a repeated request (same normalised text, same
// reference date, same model) is answered from Redis without a model call;
// another model or date asks again; the entry has a TTL.
func TestLLMRedisCache(t *testing.T) {
	kb, client, prefix := testKB(t)
	f := newFakeLLM(t, reply{status: 200, file: "chat_ok.json"}, reply{status: 200, file: "chat_ok.json"}, reply{status: 200, file: "chat_ok.json"})
	newParser := func(model string) *Parser {
		p, err := New(Options{Cache: &KBCache{KB: kb, TTL: time.Hour},
			LLM: &LLMConfig{BaseURL: f.srv.URL + "/v1", APIKey: "sk-test", Model: model, Timeout: 2 * time.Second, HTTPClient: f.srv.Client()}})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	ctx := context.Background()
	p := newParser("gpt-test")
	r1, err := p.Parse(ctx, llmQuery, refNow)
	if err != nil {
		t.Fatal(err)
	}
	later := refNow.Add(2 * time.Hour)
	r2, err := p.Parse(ctx, "  "+strings.Replace(llmQuery, "成都", "成\u200b都", 1)+"  ", later)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(f.requests()); n != 1 {
		t.Fatalf("model called %d times for a repeated request, want 1", n)
	}
	if r2.Parser != ParserLLM || summary(r2) != summary(r1) || r2.Brief.Now != later.Format(time.RFC3339) {
		t.Errorf("cached result differs:\n got %s (now %s)\nwant %s", summary(r2), r2.Brief.Now, summary(r1))
	}
	key := prefix + "brief:" + strings.TrimPrefix(CacheKey(llmQuery, refNow, "gpt-test"), "brief:v2:")
	if ttl := client.TTL(ctx, key).Val(); ttl <= 0 {
		t.Errorf("cache entry %s has TTL %v, want one", key, ttl)
	}
	// another model, another reference date: asked again
	if _, err := newParser("qwen-plus").Parse(ctx, llmQuery, refNow); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Parse(ctx, llmQuery, refNow.AddDate(0, 0, 1)); err != nil {
		t.Fatal(err)
	}
	if n := len(f.requests()); n != 3 {
		t.Errorf("model called %d times, want 3 (one per model and date)", n)
	}
}
