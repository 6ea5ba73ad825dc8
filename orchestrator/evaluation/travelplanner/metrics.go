package travelplanner

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// Metrics are the benchmark's scores over N queries (see the dataset
// README): rates in [0, 1], with the counts behind them.
type Metrics struct {
	N                 int     `json:"n"`
	Delivered         int     `json:"delivered"`
	DeliveryRate      float64 `json:"delivery_rate"`
	CommonsensePassed int     `json:"commonsense_passed"`
	CommonsenseMicro  float64 `json:"commonsense_micro"`
	CommonsensePlans  int     `json:"commonsense_plans"`
	CommonsenseMacro  float64 `json:"commonsense_macro"`
	HardPassed        int     `json:"hard_passed"`
	HardTotal         int     `json:"hard_total"`
	HardMicro         float64 `json:"hard_micro"`
	HardPlans         int     `json:"hard_plans"`
	HardMacro         float64 `json:"hard_macro"`
	FinalPlans        int     `json:"final_plans"`
	FinalPassRate     float64 `json:"final_pass_rate"`
}

// Score aggregates results (results[i] for queries[i]) into the metrics.
func Score(queries []*Query, results []Result) Metrics {
	m := Metrics{N: len(queries)}
	for i, q := range queries {
		r := results[i]
		m.HardTotal += len(q.applicable())
		if !r.Delivered {
			continue
		}
		m.Delivered++
		for _, c := range CommonsenseChecks {
			if r.Commonsense[c] {
				m.CommonsensePassed++
			}
		}
		if r.CommonsensePass() {
			m.CommonsensePlans++
		}
		if r.HardEvaluated {
			for _, h := range q.applicable() {
				if r.Hard[h] {
					m.HardPassed++
				}
			}
		}
		if r.HardPass() {
			m.HardPlans++
		}
		if r.FinalPass() {
			m.FinalPlans++
		}
	}
	if m.N > 0 {
		n := float64(m.N)
		m.DeliveryRate = float64(m.Delivered) / n
		m.CommonsenseMicro = float64(m.CommonsensePassed) / (8 * n)
		m.CommonsenseMacro = float64(m.CommonsensePlans) / n
		m.HardMacro = float64(m.HardPlans) / n
		m.FinalPassRate = float64(m.FinalPlans) / n
	}
	if m.HardTotal > 0 {
		m.HardMicro = float64(m.HardPassed) / float64(m.HardTotal)
	}
	return m
}

// String formats the metrics as a short report.
func (m Metrics) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "delivery rate      %6.2f%% (%d/%d)\n", 100*m.DeliveryRate, m.Delivered, m.N)
	fmt.Fprintf(&b, "commonsense micro  %6.2f%% (%d/%d)\n", 100*m.CommonsenseMicro, m.CommonsensePassed, 8*m.N)
	fmt.Fprintf(&b, "commonsense macro  %6.2f%% (%d/%d)\n", 100*m.CommonsenseMacro, m.CommonsensePlans, m.N)
	fmt.Fprintf(&b, "hard micro         %6.2f%% (%d/%d)\n", 100*m.HardMicro, m.HardPassed, m.HardTotal)
	fmt.Fprintf(&b, "hard macro         %6.2f%% (%d/%d)\n", 100*m.HardMacro, m.HardPlans, m.N)
	fmt.Fprintf(&b, "final pass rate    %6.2f%% (%d/%d)\n", 100*m.FinalPassRate, m.FinalPlans, m.N)
	return b.String()
}

// ReadSubmission reads a submission file: one {"idx","query","plan"} line
// per query, in query order. A null or missing plan is an undelivered plan;
// padding entries ({}) are kept (the evaluator examines only the first
// `days` entries).
func ReadSubmission(r io.Reader) ([][]map[string]any, error) {
	var out [][]map[string]any
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var in submissionIn
		if err := json.Unmarshal([]byte(text), &in); err != nil {
			return nil, fmt.Errorf("submission line %d: %w", line, err)
		}
		var plan []map[string]any
		for _, raw := range in.Plan {
			d := map[string]any{}
			if err := json.Unmarshal(raw, &d); err != nil {
				d = map[string]any{} // a non-object entry counts as an empty day
			}
			plan = append(plan, d)
		}
		out = append(out, plan)
	}
	return out, sc.Err()
}

// EvalOptions names the files of an evaluation.
type EvalOptions struct {
	// DataDir is the TravelPlanner dataset directory (or its database/).
	DataDir string
	// QueriesFile holds the queries, SubmissionFile the plans, line by line
	// in the same order.
	QueriesFile    string
	SubmissionFile string
	// Sandbox, when set, is used instead of loading DataDir.
	Sandbox *Sandbox
}

// EvaluateFiles scores a submission file against a query file, returning
// the metrics and the per-query results.
func EvaluateFiles(opts EvalOptions) (Metrics, []Result, error) {
	sb := opts.Sandbox
	if sb == nil {
		var err error
		if sb, err = LoadSandbox(opts.DataDir); err != nil {
			return Metrics{}, nil, err
		}
	}
	qs, err := ReadQueriesFile(opts.QueriesFile)
	if err != nil {
		return Metrics{}, nil, err
	}
	f, err := os.Open(opts.SubmissionFile)
	if err != nil {
		return Metrics{}, nil, err
	}
	defer f.Close()
	plans, err := ReadSubmission(f)
	if err != nil {
		return Metrics{}, nil, err
	}
	if len(plans) != len(qs) {
		return Metrics{}, nil, fmt.Errorf("%d plans for %d queries", len(plans), len(qs))
	}
	results := make([]Result, len(qs))
	for i, q := range qs {
		results[i] = sb.Evaluate(q, plans[i])
	}
	return Score(qs, results), results, nil
}
