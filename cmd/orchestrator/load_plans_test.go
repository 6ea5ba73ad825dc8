package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/standin"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// TestLoadPlansSameBytes plans the briefs `orchestrator load` posts — the
// ChinaTravel sandbox imported, every city pre-warmed from the stand-in, a
// fixed clock — through the whole service (decision, knowledge cache, DAG,
// planner, verifier, store, lean JSON) once to warm them, then once in
// order and once more all at once in the reverse order, and checks that every plan's JSON is the same
// bytes both times. With LOAD_PLANS_DUMP set to a directory it also writes
// the SHA-256 of every plan there (sums.txt) and the plans (plans.jsonl), so that two versions of the
// code can be compared plan by plan: a speed-up must not move a byte.
func TestLoadPlansSameBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("plans a few hundred briefs")
	}
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		t.Skipf("dataset missing: %v", err)
	}
	at := time.Date(2027, 2, 20, 9, 0, 0, 0, time.UTC)
	now := func() time.Time { return at }
	stand, err := standin.Start(&standin.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	defer stand.Close()
	cfg := DefaultConfig()
	cfg.LogLevel = "error"
	cfg.Now = now
	cfg.DBPath = filepath.Join(t.TempDir(), "plans.db")
	cfg.Agents = stand.Configure(cfg.Agents)
	cfg.Agents.Browser = nil
	app, err := Open(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := importDataset(context.Background(), app.KB, "chinatravel", dir, datasets.DefaultImportTTL, cfg.Now); err != nil {
		t.Fatal(err)
	}
	cities := cat.Cities()
	app.Service.Prewarm(context.Background(), cities, "en", 4, nil)

	bodies := loadBriefsAt(cities, 160, at.Format(time.RFC3339))
	for i := range 40 { // Chinese plans too
		bodies = append(bodies, bytes.Replace(bodies[i], []byte(`"language":"en"`), []byte(`"language":"zh"`), 1))
	}
	briefs := make([]orchestrator.Brief, len(bodies))
	for i, body := range bodies {
		var req struct{ Brief orchestrator.Brief }
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatal(err)
		}
		briefs[i] = req.Brief
		if err := briefs[i].Normalize(cfg.Now()); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
	}
	plan := func(i int, pass string) []byte {
		id := fmt.Sprintf("load-%s-%04d", pass, i)
		_, doc, _, err := app.Service.PlanLean(context.Background(), pipeline.Request{Brief: briefs[i], ID: id})
		if err != nil {
			return []byte("error: " + err.Error())
		}
		// The plan's own ID differs by design, and the stand-in's port
		// (in the guide's URL) from run to run.
		doc = bytes.ReplaceAll(doc, []byte(id), []byte("ID"))
		return bytes.ReplaceAll(doc, []byte(stand.URL), []byte("http://standin"))
	}
	// Once to warm what the pre-warm does not hold (a date range's
	// weather, a pair's legs), as `load` does: a plan's trace and sources
	// say where each value came from, which differs on a first fetch.
	for i := range briefs {
		plan(i, "w")
	}
	first := make([][]byte, len(briefs))
	for i := range briefs {
		first[i] = plan(i, "a")
	}
	again := make([][]byte, len(briefs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := len(briefs) - 1; i >= 0; i-- {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			again[i] = plan(i, "b")
		}()
	}
	wg.Wait()
	var sums bytes.Buffer
	planned := 0
	for i := range briefs {
		if !bytes.Equal(first[i], again[i]) {
			j := 0
			for j < len(first[i]) && j < len(again[i]) && first[i][j] == again[i][j] {
				j++
			}
			t.Fatalf("%s: planned again, the plan differs at byte %d:\n got …%.300s\nwant …%.300s", bodies[i], j, again[i][max(0, j-100):], first[i][max(0, j-100):])
		}
		if !bytes.HasPrefix(first[i], []byte("error: ")) {
			planned++
		}
		h := sha256.Sum256(first[i])
		fmt.Fprintf(&sums, "%d %s %s\n", i, hex.EncodeToString(h[:8]), bodies[i])
	}
	if planned < len(briefs)*9/10 {
		t.Fatalf("only %d of %d briefs planned", planned, len(briefs))
	}
	if out := os.Getenv("LOAD_PLANS_DUMP"); out != "" {
		if err := os.WriteFile(filepath.Join(out, "sums.txt"), sums.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, "plans.jsonl"), append(bytes.Join(first, []byte("\n")), '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d of %d briefs planned, the same bytes twice", planned, len(briefs))
}
