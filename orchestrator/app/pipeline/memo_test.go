package pipeline_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/tripweave/tripweave/knowledgebase"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// TestMemo: a plan whose inputs are all the same as an earlier plan's
// reuses its itinerary, budget and report, byte-identical to planning
// afresh; a changed brief field or refreshed data misses.
func TestMemo(t *testing.T) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset missing: %v", err)
		}
		t.Skipf("dataset missing: %v", err)
	}
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, pipeline.Options{Local: pipeline.PlannerSteps()})
	ctx := context.Background()
	imp := func() {
		put := func(ctx context.Context, kind, hash string, p json.RawMessage, prov orchestrator.Provenance, ttl time.Duration) error {
			return f.kb.Put(ctx, knowledgebase.Key{Kind: kind, Hash: hash}, knowledgebase.Entry{Payload: p, Provenance: prov}, ttl)
		}
		if _, err := cat.Import(ctx, put, datasets.ImportOptions{Cities: []string{"chengdu", "shanghai"}, Now: f.clk.Now}); err != nil {
			t.Fatal(err)
		}
	}
	imp()
	mk := func(amount float64) orchestrator.Brief {
		b := orchestrator.Brief{Origin: "Shanghai", Destinations: []string{"Chengdu"}, StartDate: "2026-06-19", Days: 3,
			Budget:      &orchestrator.Budget{Amount: amount, Currency: "CNY", PerPerson: true},
			Constraints: orchestrator.Constraints{TransportPrefer: []string{"train"}}, Language: "en", Now: "2026-06-10T10:00:00+08:00"}
		if err := b.Normalize(f.clk.Now()); err != nil {
			t.Fatal(err)
		}
		return b
	}
	plan := func(b orchestrator.Brief) []byte {
		t.Helper()
		p, _, err := f.svc.Plan(ctx, pipeline.Request{Brief: b})
		if err != nil {
			t.Fatal(err)
		}
		if p.Itinerary == nil || p.Itinerary.Report == nil {
			t.Fatalf("no itinerary or report: %+v", p.Notes)
		}
		out, _ := json.Marshal(p.Itinerary)
		return out
	}
	step := func(what string, wantHits, wantMisses int64) {
		t.Helper()
		h, m := f.svc.MemoStats()
		if h != wantHits || m != wantMisses {
			t.Fatalf("%s: memo hits %d misses %d, want %d and %d", what, h, m, wantHits, wantMisses)
		}
	}
	// The first plan fetches places and weather live; from the second on
	// everything comes from the cache (provenance says so: another key).
	plan(mk(2000))
	first := plan(mk(2000))
	step("warm plan", 0, 6) // itinerary, budget, verify each time
	again := plan(mk(2000))
	step("same brief, same data", 3, 6)
	if !bytes.Equal(first, again) {
		t.Errorf("memoized itinerary differs:\n%s\n%s", first, again)
	}
	plan(mk(2100))
	step("another budget", 3, 9)

	// Planned afresh by a service without a memo: the same bytes.
	fresh := pipeline.New(f.kb, f.tools, nil, pipeline.Options{Local: pipeline.PlannerSteps(), MemoSize: -1, Now: f.clk.Now})
	p, _, err := fresh.Plan(ctx, pipeline.Request{Brief: mk(2000)})
	if err != nil {
		t.Fatal(err)
	}
	if out, _ := json.Marshal(p.Itinerary); !bytes.Equal(out, first) {
		t.Errorf("memoized itinerary differs from one planned afresh")
	}

	// The data refreshed (a new fetch of every catalog): a miss.
	f.clk.Add(time.Minute)
	imp()
	plan(mk(2000))
	step("refreshed data", 3, 12)
}
