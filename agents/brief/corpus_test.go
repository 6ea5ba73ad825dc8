package brief

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// requestCorpus returns every request text we hold (datasets.RequestTexts
// over the shared datasets and this repository, which keeps the public
// requests that once crashed the parser in testdata/public_requests.jsonl).
// The datasets are required when TRIPWEAVE_REQUIRE_INTEGRATION=1.
func requestCorpus(t testing.TB) []string {
	t.Helper()
	texts, err := datasets.RequestCorpus()
	if err != nil && os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
		t.Fatalf("request corpus: %v", err)
	}
	return texts
}

// TestCorpusNeverFaults reads every request text we hold: no step of the
// rules panics (a recovered panic would hide here as a lost part), and
// Parse answers each without an internal error.
func TestCorpusNeverFaults(t *testing.T) {
	corpus := requestCorpus(t)
	if len(corpus) < 100 {
		t.Fatalf("only %d request texts found; the corpus is incomplete", len(corpus))
	}
	p, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range corpus {
		clean, gerr := guard(q)
		if gerr != nil {
			continue
		}
		if _, d := readRules(clean, refNow, p.gaz, nil); len(d.faults) > 0 {
			f := d.faults[0]
			t.Errorf("%q: stage %s panicked: %v\n%s", q, f.stage, f.value, f.stack)
		}
		if _, err := p.Parse(context.Background(), q, refNow); err != nil && strings.Contains(err.Error(), "internal") {
			t.Errorf("%q: %v", q, err)
		}
	}
}

// TestStagePanicKeepsTheRest checks the recover boundary itself: a step
// that panics leaves its part unread, is recorded with its stack, and the
// note names the part in the request's language.
func TestStagePanicKeepsTheRest(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"en", "part of the request could not be read (budget, dates)"},
		{"zh", "请求中有一部分未能读懂（budget、dates）"},
	} {
		d := &doc{lang: c.lang}
		ran := false
		d.stage("budget", func() { var m map[string]int; m["x"] = 1 })
		d.stage("dates", func() { panic("boom") })
		d.stage("budget", func() { panic("again") })
		d.stage("pace", func() { ran = true })
		if !ran || len(d.faults) != 3 || len(d.faults[0].stack) == 0 {
			t.Fatalf("ran %v, faults %+v", ran, d.faults)
		}
		if note := d.faultNote(); !strings.HasPrefix(note, c.want) {
			t.Errorf("%s note = %q, want prefix %q", c.lang, note, c.want)
		}
	}
}
