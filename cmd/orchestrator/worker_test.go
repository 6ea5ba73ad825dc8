package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/knowledgebase/kbtest"
	"github.com/tripweave/tripweave/orchestrator"
)

// cliEnv is the environment that makes run() use cfg's Redis, prefix,
// plan store and replay servers.
func cliEnv(cfg Config) map[string]string {
	return map[string]string{
		"REDIS_URL": cfg.RedisURL, "TRIPWEAVE_CACHE_PREFIX": cfg.KBPrefix, "TRIPWEAVE_DB_PATH": cfg.DBPath,
		"OPENMETEO_GEOCODING_URL": cfg.Agents.OpenMeteoGeocodingURL, "OPENMETEO_FORECAST_URL": cfg.Agents.OpenMeteoForecastURL,
		"OPENMETEO_ARCHIVE_URL": cfg.Agents.OpenMeteoArchiveURL, "WIKIVOYAGE_EN_URL": cfg.Agents.WikivoyageENURL,
		"WIKIVOYAGE_ZH_URL": cfg.Agents.WikivoyageZHURL, "OVERPASS_URL": cfg.Agents.OverpassURL, "NOMINATIM_URL": cfg.Agents.NominatimURL,
		"FRANKFURTER_URL": cfg.Agents.Travel.FrankfurterURL, "OSRM_URL": cfg.Agents.Travel.OSRMURL,
		"OSRM_WALKING_URL": "none", "OSRM_CYCLING_URL": "none", "TRIPWEAVE_BROWSER": "off",
	}
}

// TestDistributedPrewarmCLI enqueues a job with `prewarm --enqueue`, runs
// `worker` until `prewarm --status --wait` says it is done, and checks
// that enqueueing it again changes nothing.
func TestDistributedPrewarmCLI(t *testing.T) {
	om := openmeteotest.NewServer(t)
	cfg := testConfig(t, om)
	if cfg.RedisURL == "" {
		t.Skip("REDIS_URL is not set: the queue needs a Redis shared by the CLI and the worker")
	}
	env := cliEnv(cfg)
	env["TRIPWEAVE_PREWARM_QUEUE"] = kbtest.Name("test_cli_prewarm")
	old := getenv
	getenv = func(k string) string { return env[k] }
	t.Cleanup(func() { getenv = old })
	rdb, _ := kbtest.Client(t)
	t.Cleanup(func() {
		_ = asynq.NewInspectorFromRedisClient(rdb).DeleteQueue(env["TRIPWEAVE_PREWARM_QUEUE"], true)
		kbtest.Delete(rdb, "asynq:{"+env["TRIPWEAVE_PREWARM_QUEUE"]+"}:")
	})
	job := kbtest.Name("job")
	t.Cleanup(func() { kbtest.Delete(rdb, "tw:prewarm:{"+job+"}:") })

	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"prewarm", "--enqueue", "--job", job, "--city", "Chengdu"}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("enqueue: %v %s", err, stderr.String())
	}
	var st orchestrator.PrewarmStatus
	if err := json.Unmarshal(stdout.Bytes(), &st); err != nil || st.Total != 7 || st.State != "running" {
		t.Fatalf("enqueue printed %s (%v), want 7 pending tasks (six static kinds and the weather)", stdout.String(), err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"worker", "--concurrency", "3"}, nil, io.Discard, io.Discard) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("worker: %v", err)
		}
	}()
	stdout.Reset()
	wctx, wcancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer wcancel()
	if err := run(wctx, []string{"prewarm", "--status", job, "--wait"}, nil, &stdout, io.Discard); err != nil {
		t.Fatalf("status --wait: %v %s", err, stdout.String())
	}
	if err := json.Unmarshal(stdout.Bytes(), &st); err != nil || st.State != "done" || st.Done != 7 || st.Failed != 0 || st.Fetched == 0 {
		t.Fatalf("status: %s", stdout.String())
	}
	fetched := st.Fetched
	stdout.Reset()
	if err := run(context.Background(), []string{"prewarm", "--enqueue", "--job", job, "--city", "Chengdu"}, nil, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(stdout.Bytes(), &st); err != nil || st.State != "done" || st.Fetched != fetched {
		t.Errorf("enqueue again: %s, want the finished job unchanged", stdout.String())
	}

	for _, args := range [][]string{{"prewarm", "--enqueue", "--status", "x"}, {"worker", "--concurrency", "0"}} {
		if _, ok := run(context.Background(), args, nil, io.Discard, io.Discard).(*usageError); !ok {
			t.Errorf("%q: want a usage error", args)
		}
	}
	env["REDIS_URL"] = ""
	if err := run(context.Background(), []string{"worker"}, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "REDIS_URL") {
		t.Errorf("worker without REDIS_URL: %v", err)
	}
}
