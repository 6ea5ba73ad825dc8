package travelplanner

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/brief"
	"github.com/tripweave/tripweave/orchestrator"
)

// rulesReader reads a row's text with the rule-based parser, as the CLI
// does.
func rulesReader(text string) (*Query, error) {
	r := brief.ParseRules(text, time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC))
	if len(r.Questions) > 0 {
		return nil, orchestrator.FieldErrorf(r.Questions[0].Field, "%s", r.Questions[0].Text)
	}
	region := ""
	for _, p := range r.Places {
		if p.Role == "destination" && p.Kind != "city" {
			region = p.Name
		}
	}
	return FromBrief(text, &r.Brief, region, r.Brief.CityCount)
}

// TestRunBatchFromText plans the training queries from their text alone
// (the two-stage setting) and scores them with the official checks: they
// must pass at the rate the structured fields give (100%). A row whose
// text names no trip is a parse failure, counted apart from planning
// failures.
func TestRunBatchFromText(t *testing.T) {
	_, ad, qs := load(t)
	dir := t.TempDir()
	queries := filepath.Join(dir, "text.jsonl")
	var b strings.Builder
	for _, q := range qs {
		line, _ := json.Marshal(map[string]any{"idx": q.Idx, "query": q.Query, "level": q.Level})
		b.Write(line)
		b.WriteByte('\n')
	}
	b.WriteString(`{"query": "Please plan something nice."}` + "\n")
	if err := os.WriteFile(queries, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "sub.jsonl")
	var log strings.Builder
	sum, err := RunBatch(context.Background(), BatchOptions{QueriesFile: queries, OutFile: out, Adapter: ad, Log: &log, Read: rulesReader})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", log.String())
	if sum.FromText != 45 || len(sum.ParseFailures) != 1 || sum.ParseFailures[0].Idx != 46 || len(sum.Failures) != 0 || sum.Planned != 45 {
		t.Fatalf("summary: from text %d, parse failures %+v, planning failures %+v, planned %d", sum.FromText, sum.ParseFailures, sum.Failures, sum.Planned)
	}
	if !strings.Contains(log.String(), "parse failures: 1") {
		t.Errorf("log does not count parse failures apart: %q", log.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 46 {
		t.Fatalf("%d lines, want 46", len(lines))
	}
	sub := filepath.Join(dir, "train.jsonl")
	if err := os.WriteFile(sub, []byte(strings.Join(lines[:45], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, _, err := EvaluateFiles(EvalOptions{Sandbox: shared.sb, QueriesFile: filepath.Join(dataDir(t), "train", "train_queries.jsonl"), SubmissionFile: sub})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("from text: %s", m)
	if m.FinalPassRate != 1 {
		t.Errorf("plans from text pass %.1f%%, want 100%% as from the structured fields", 100*m.FinalPassRate)
	}

	// Without a reader every text-only row is a parse failure.
	sum, err = RunBatch(context.Background(), BatchOptions{QueriesFile: queries, OutFile: out, Adapter: ad})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.ParseFailures) != 46 || sum.Planned != 0 {
		t.Errorf("no reader: %d parse failures, %d planned", len(sum.ParseFailures), sum.Planned)
	}
}

func TestFromBrief(t *testing.T) {
	b := &orchestrator.Brief{Origin: "Austin", Destinations: []string{"Dallas"}, StartDate: "2022-03-01", Days: 3,
		Travelers: orchestrator.Travelers{Adults: 2}, Budget: &orchestrator.Budget{Amount: 500, Currency: "USD", PerPerson: true},
		Constraints: orchestrator.Constraints{TransportExclude: []string{"flight"}, RoomType: "not_shared_room", HouseRules: []string{"pets"}}}
	if err := b.Normalize(time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	q, err := FromBrief("text", b, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	lc := q.LocalConstraint
	if q.Org != "Austin" || q.Dest != "Dallas" || q.Budget != 1000 || len(q.Date) != 3 || q.VisitingCityNumber != 1 ||
		lc.Transportation == nil || *lc.Transportation != "no flight" || lc.RoomType == nil || *lc.RoomType != "not shared room" ||
		lc.HouseRule == nil || *lc.HouseRule != "pets" {
		t.Errorf("got %+v", q)
	}
	b.Budget.Currency = "EUR"
	if _, err := FromBrief("text", b, "", 0); orchestrator.ErrorField(err) != "budget" {
		t.Errorf("EUR budget: %v", err)
	}
}
