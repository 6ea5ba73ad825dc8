package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// TestReplicasSharePostgres runs two API processes' Apps on one PostgreSQL
// schema: a plan created through one is read, traced, rendered, listed and
// deleted through the other.
func TestReplicasSharePostgres(t *testing.T) {
	url, schema := pgtest.Schema(t)
	om := openmeteotest.NewServer(t)
	cfg := testConfig(t, om)
	cfg.Scale = ScaleConfig{DatabaseURL: url, PGSchema: schema}
	a, b := startServer(t, cfg), startServer(t, cfg)

	status, data := postJSON(t, a+"/v1/plans", chengduBrief)
	if status != http.StatusCreated {
		t.Fatalf("POST /v1/plans on replica A: %d %s", status, data)
	}
	var created orchestrator.Plan
	if err := json.Unmarshal(data, &created); err != nil {
		t.Fatal(err)
	}
	createdJSON := data // the lean plan as A answered it
	status, data = getJSON(t, b+"/v1/plans/"+created.ID)
	if status != http.StatusOK {
		t.Fatalf("GET on replica B: %d %s", status, data)
	}
	// JSONB keeps values, not key order inside raw sections: compare values.
	var read, made any
	if err := json.Unmarshal(data, &read); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(createdJSON, &made)
	if !reflect.DeepEqual(read, made) {
		t.Errorf("plan read on B differs from the one A created")
	}
	if status, data = getJSON(t, b+"/v1/plans/"+created.ID+"/trace"); status != http.StatusOK || !strings.Contains(string(data), `"spans":[{`) {
		t.Errorf("trace on B: %d %.200s", status, data)
	}
	if status, data = getJSON(t, b+"/v1/plans/"+created.ID+".html"); status != http.StatusOK || !strings.Contains(string(data), "Chengdu") {
		t.Errorf("HTML on B: %d %.200s", status, data)
	}
	var page orchestrator.PlanPage
	status, data = getJSON(t, b+"/v1/plans?status="+created.Status)
	if err := json.Unmarshal(data, &page); status != http.StatusOK || err != nil || len(page.Plans) != 1 || page.Plans[0].ID != created.ID {
		t.Errorf("list on B: %d %s", status, data)
	}
	req, _ := http.NewRequest(http.MethodDelete, a+"/v1/plans/"+created.ID, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("DELETE on A: %d", resp.StatusCode)
	}
	if status, _ = getJSON(t, b+"/v1/plans/"+created.ID); status != http.StatusNotFound {
		t.Errorf("GET on B after delete on A: %d, want 404", status)
	}
}

func TestMigrateCommand(t *testing.T) {
	url, schema := pgtest.Schema(t)
	env := map[string]string{"DATABASE_URL": url, "TRIPWEAVE_PG_SCHEMA": schema}
	old := getenv
	getenv = func(k string) string { return env[k] }
	t.Cleanup(func() { getenv = old })
	for _, want := range []string{"migrated schema from version 0 to", "nothing to do"} {
		var out, errb bytes.Buffer
		if err := run(context.Background(), []string{"migrate"}, nil, &out, &errb); err != nil {
			t.Fatalf("migrate: %v %s", err, errb.String())
		}
		if !strings.Contains(out.String(), want) {
			t.Errorf("migrate said %q, want %q", out.String(), want)
		}
	}
	env = map[string]string{}
	err := run(context.Background(), []string{"migrate"}, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
		t.Errorf("migrate without DATABASE_URL: %v", err)
	}
}

// TestRetention opens a store holding an old and a new plan with a TTL
// between their ages: the sweep at start removes the old one only.
func TestRetention(t *testing.T) {
	url, schema := pgtest.Schema(t)
	ctx := context.Background()
	s, err := postgres.Open(ctx, url, &postgres.Options{Schema: schema})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	for _, p := range []*orchestrator.Plan{
		storetest.NewPlan("pl_old", now.Add(-48*time.Hour), orchestrator.PlanComplete),
		storetest.NewPlan("pl_new", now.Add(-time.Hour), orchestrator.PlanComplete),
	} {
		if err := s.SavePlan(ctx, p, nil); err != nil {
			t.Fatal(err)
		}
	}
	stop := retention(s, 24*time.Hour, func() time.Time { return now }, slog.New(slog.NewTextHandler(io.Discard, nil)))
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, err := s.Plan(ctx, "pl_old")
		if orchestrator.ErrorCode(err) == orchestrator.ENOTFOUND {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the expired plan is still there after 5 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	_ = stop()
	if _, err := s.Plan(ctx, "pl_new"); err != nil {
		t.Errorf("the fresh plan: %v", err)
	}
	cfg, err := DefaultConfig().FromEnv(func(k string) string { return map[string]string{"TRIPWEAVE_PLAN_TTL": "30s"}[k] })
	if err == nil || !strings.Contains(err.Error(), "TRIPWEAVE_PLAN_TTL") {
		t.Errorf("TTL of 30s: %+v, %v; want an error naming TRIPWEAVE_PLAN_TTL", cfg.Scale, err)
	}
	cfg, err = DefaultConfig().FromEnv(func(k string) string { return map[string]string{"TRIPWEAVE_PLAN_TTL": "720h"}[k] })
	if err != nil || cfg.Scale.PlanTTL != 720*time.Hour {
		t.Errorf("TTL of 720h: %+v, %v", cfg.Scale, err)
	}
}
