package pipeline_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
	"github.com/tripweave/tripweave/templates"
)

// TestWeatherRangeUnleased plans while another process holds the
// knowledge cache's lease of the brief's weather range (as a replica
// fetching the same range does): the weather tool, which slices a range
// from what its agent keeps, is asked at once instead of after that lease,
// and its answer is written back.
func TestWeatherRangeUnleased(t *testing.T) {
	var client redis.UniversalClient
	if url := os.Getenv("REDIS_URL"); url != "" {
		c, closeFn, err := knowledgebase.Connect(context.Background(), url, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatalf("REDIS_URL: %v", err)
		}
		t.Cleanup(func() { _ = closeFn() })
		client = c
	} else {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatal("REDIS_URL is not set but TRIPWEAVE_REQUIRE_INTEGRATION=1")
		}
		client = redis.NewClient(&redis.Options{Addr: miniredis.RunT(t).Addr()})
		t.Cleanup(func() { _ = client.Close() })
	}
	ctx := context.Background()
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "test:pipeline:unleased:" + hex.EncodeToString(b[:]) + ":"
	clk := &clock{t: time.Date(2026, 6, 10, 2, 0, 0, 0, time.UTC)}
	kb := knowledgebase.New(client, &knowledgebase.Options{Prefix: prefix, Now: clk.Now, Lease: time.Minute,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(func() {
		_ = kb.Close()
		iter := client.Scan(ctx, 0, prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			client.Del(ctx, iter.Val())
		}
	})
	tools := newTools(clk.Now)
	svc := pipeline.New(kb, tools, &memStore{}, pipeline.Options{Now: clk.Now, PlanWithoutCatalogs: true,
		Jitter: func(d time.Duration) time.Duration { return d }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Words: templates.Words{}, NodeTimeout: 5 * time.Second})
	br := brief(t)
	var weather orchestrator.Subtask
	for _, st := range orchestrator.Decompose(&br) {
		if st.Kind == orchestrator.KindWeather {
			weather = st
		}
	}
	if weather.ID == "" {
		t.Fatal("the brief has no weather subtask")
	}
	lease := prefix + "lease:" + string(weather.Kind) + ":" + weather.Hash()
	if err := client.Set(ctx, lease, "another-replica", time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	plan, _, err := svc.Plan(ctx, pipeline.Request{Brief: br})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("plan took %s behind another process's lease of the weather range", took)
	}
	if w := plan.Trip.Cities[0].Weather; w == nil || len(w.Value.Days) != 3 {
		t.Fatalf("weather: %+v, want the range's 3 days", w)
	}
	if tools.count("weather") != 1 {
		t.Errorf("weather tool called %d times, want 1", tools.count("weather"))
	}
	got, err := kb.Lookup(ctx, []knowledgebase.Key{{Kind: string(weather.Kind), Hash: weather.Hash()}})
	if err != nil || got[0].State != knowledgebase.Fresh {
		t.Errorf("weather range written back: %+v, %v", got, err)
	}
	if v, _ := client.Get(ctx, lease).Result(); v != "another-replica" {
		t.Errorf("the other process's lease is %q, want it untouched", v)
	}
}
