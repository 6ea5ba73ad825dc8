package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// TestLeanPlanSameBytes plans varied briefs on the ChinaTravel sandbox —
// routes, dates, days, travellers, budgets, English and Chinese, cities the
// data lacks (partial plans with notes) — and checks that the lean JSON the
// pipeline encodes by hand (orchestrator.MarshalLeanPlan, the bytes POST
// answers and the store keeps) is json.Marshal's of the plan it returns.
func TestLeanPlanSameBytes(t *testing.T) {
	app := warmApp(t)
	now := app.Config.Now().UTC().Format(time.RFC3339)
	briefs := append(loadBriefsAt([]string{"Shanghai", "Chengdu"}, 30, now), loadBriefsAt([]string{"Shanghai", "Chengdu", "Beijing"}, 10, now)...)
	for i := range len(briefs) / 2 {
		briefs = append(briefs, bytes.Replace(briefs[i], []byte(`"language":"en"`), []byte(`"language":"zh"`), 1))
	}
	briefs = append(briefs, []byte(warmBrief), []byte(strings.Replace(warmBrief, `"adults": 2`, `"adults": 3, "children": 1`, 1)))
	planned := 0
	for _, body := range briefs {
		var req struct{ Brief orchestrator.Brief }
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatal(err)
		}
		b := req.Brief
		if err := b.Normalize(app.Config.Now()); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		plan, doc, _, err := app.Service.PlanLean(context.Background(), pipeline.Request{Brief: b})
		if err != nil {
			continue // a city the sandbox lacks
		}
		planned++
		want, err := json.Marshal(orchestrator.LeanPlan{Plan: plan})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(doc, want) {
			t.Fatalf("%s: the lean JSON differs from json.Marshal's\n got %s\nwant %s", body, doc, want)
		}
	}
	if planned < len(briefs)/3 {
		t.Fatalf("only %d of %d briefs planned", planned, len(briefs))
	}
	t.Logf("%d of %d briefs planned, lean JSON identical", planned, len(briefs))
}
