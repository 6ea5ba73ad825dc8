package travelplanner

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
)

// BatchOptions configure RunBatch.
type BatchOptions struct {
	// DataDir is the TravelPlanner dataset directory (or its database/).
	DataDir string
	// QueriesFile is a JSON-lines file of queries (train_queries.jsonl
	// fields; an optional "route" list fixes the order of cities).
	QueriesFile string
	// OutFile receives one {"idx","query","plan"} line per query, in input
	// order; idx is the 1-based line number and plan is null when no plan
	// could be built.
	OutFile string
	// Adapter, when set, is used instead of loading DataDir.
	Adapter *Adapter
	// Trips, when set, assembles each query's trip data — for instance
	// from the knowledge cache after importing DataDir with
	// datasets.Catalog.Import — for the origin q.Org and the candidate
	// cities (Adapter.Cities). The batch restricts it with
	// Adapter.Restrict before planning. Nil assembles trips from the
	// catalog loaded from DataDir.
	Trips func(ctx context.Context, q *Query, cities []string) (*orchestrator.Trip, error)
	// Log, when set, receives one line per failed query and the timing
	// summary.
	Log io.Writer
	// Read reads rows that carry only their text (Query.TextOnly) into
	// structured fields; nil counts every such row as a parse failure.
	Read Reader
}

// Summary reports a batch run.
type Summary struct {
	Queries int `json:"queries"`
	Planned int `json:"planned"`
	// FromText counts the rows read from their text alone; ParseFailures
	// are those whose text could not be read (no plan attempted), apart
	// from Failures, the queries the planner could not plan.
	FromText      int           `json:"from_text,omitempty"`
	ParseFailures []Failure     `json:"parse_failures,omitempty"`
	Failures      []Failure     `json:"failures,omitempty"`
	LoadTime      time.Duration `json:"load_time"`
	// Plan times planner.Plan alone (the data already gathered); Total
	// adds assembling the query's trip data and exporting the plan.
	Plan  Timing `json:"plan"`
	Total Timing `json:"total"`
}

// Failure is a query that got no plan.
type Failure struct {
	Idx   int    `json:"idx"`
	Error string `json:"error"`
}

// Timing holds percentiles of per-query durations.
type Timing struct {
	P50  time.Duration `json:"p50"`
	P90  time.Duration `json:"p90"`
	P95  time.Duration `json:"p95"`
	P99  time.Duration `json:"p99"`
	Max  time.Duration `json:"max"`
	Mean time.Duration `json:"mean"`
}

// Percentiles summarises durations (nearest-rank percentiles).
func Percentiles(ds []time.Duration) Timing {
	if len(ds) == 0 {
		return Timing{}
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	rank := func(p float64) time.Duration {
		i := int(p*float64(len(s))+0.999999) - 1
		return s[min(max(i, 0), len(s)-1)]
	}
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	return Timing{P50: rank(0.50), P90: rank(0.90), P95: rank(0.95), P99: rank(0.99), Max: s[len(s)-1], Mean: sum / time.Duration(len(s))}
}

// String formats the timing percentiles.
func (t Timing) String() string {
	return fmt.Sprintf("p50 %v  p90 %v  p95 %v  p99 %v  max %v  mean %v", t.P50, t.P90, t.P95, t.P99, t.Max, t.Mean)
}

// RunBatch implements `orchestrator travelplanner --data DIR --queries
// FILE.jsonl --out SUB.jsonl`: it loads the sandbox at DIR (unless an
// Adapter is given), plans every query of FILE in order, writes one
// submission line per query and returns planning-time percentiles. A query
// that cannot be planned gets a null plan and a Failure; only I/O errors
// and cancellation stop the batch. ctx is checked between queries.
func RunBatch(ctx context.Context, opts BatchOptions) (Summary, error) {
	var sum Summary
	log := opts.Log
	if log == nil {
		log = io.Discard
	}
	qs, err := ReadQueriesFile(opts.QueriesFile)
	if err != nil {
		return sum, fmt.Errorf("travelplanner batch: %w", err)
	}
	sum.Queries = len(qs)
	ad := opts.Adapter
	if ad == nil {
		t0 := time.Now()
		sb, err := LoadSandbox(opts.DataDir)
		if err != nil {
			return sum, fmt.Errorf("travelplanner batch: %w", err)
		}
		var cat *datasets.Catalog
		if opts.Trips == nil {
			if cat, err = datasets.LoadTravelPlanner(opts.DataDir); err != nil {
				return sum, fmt.Errorf("travelplanner batch: %w", err)
			}
		}
		ad = NewAdapter(cat, sb)
		sum.LoadTime = time.Since(t0)
	}
	f, err := os.Create(opts.OutFile)
	if err != nil {
		return sum, fmt.Errorf("travelplanner batch: %w", err)
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var planT, totalT []time.Duration
	for i, q := range qs {
		if err := ctx.Err(); err != nil {
			f.Close()
			return sum, err
		}
		line := SubmissionLine{Idx: i + 1, Query: q.Query}
		if q.TextOnly() {
			read, err := readText(opts.Read, q)
			if err != nil {
				sum.ParseFailures = append(sum.ParseFailures, Failure{Idx: i + 1, Error: err.Error()})
				fmt.Fprintf(log, "query %d: not read: %v\n", i+1, err)
				if err := enc.Encode(line); err != nil {
					f.Close()
					return sum, fmt.Errorf("travelplanner batch: %w", err)
				}
				continue
			}
			sum.FromText++
			q = read
		}
		t0 := time.Now()
		days, planDur, err := planOne(ctx, ad, opts.Trips, q)
		total := time.Since(t0)
		if err != nil {
			sum.Failures = append(sum.Failures, Failure{Idx: i + 1, Error: err.Error()})
			fmt.Fprintf(log, "query %d: no plan: %v\n", i+1, err)
		} else {
			line.Plan = days
			sum.Planned++
			planT = append(planT, planDur)
			totalT = append(totalT, total)
		}
		if err := enc.Encode(line); err != nil {
			f.Close()
			return sum, fmt.Errorf("travelplanner batch: %w", err)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return sum, fmt.Errorf("travelplanner batch: %w", err)
	}
	if err := f.Close(); err != nil {
		return sum, fmt.Errorf("travelplanner batch: %w", err)
	}
	sum.Plan, sum.Total = Percentiles(planT), Percentiles(totalT)
	fmt.Fprintf(log, "planned %d/%d queries (data loaded in %v)\n", sum.Planned, sum.Queries, sum.LoadTime)
	if sum.FromText > 0 || len(sum.ParseFailures) > 0 {
		fmt.Fprintf(log, "read from text: %d, parse failures: %d, planning failures: %d\n", sum.FromText, len(sum.ParseFailures), len(sum.Failures))
	}
	fmt.Fprintf(log, "planning time per query: %s\n", sum.Plan)
	fmt.Fprintf(log, "with trip assembly and export: %s\n", sum.Total)
	return sum, nil
}

// planOne plans a query and reports how long planner.Plan took.
func planOne(ctx context.Context, ad *Adapter, trips func(context.Context, *Query, []string) (*orchestrator.Trip, error), q *Query) ([]PlanDay, time.Duration, error) {
	b, err := q.Brief()
	if err != nil {
		return nil, 0, err
	}
	var trip *orchestrator.Trip
	if trips == nil {
		trip, err = ad.Trip(q)
	} else {
		var cities []string
		if cities, err = ad.Cities(q); err == nil {
			if trip, err = trips(ctx, q, cities); err == nil {
				ad.Restrict(trip)
			}
		}
	}
	if err != nil {
		return nil, 0, err
	}
	t0 := time.Now()
	it, err := planner.Plan(b, trip, q.PlanOptions())
	d := time.Since(t0)
	if err != nil {
		return nil, d, err
	}
	return Export(it), d, nil
}

// readText reads a text-only row with read, keeping its index and text.
func readText(read Reader, q *Query) (*Query, error) {
	if read == nil {
		return nil, fmt.Errorf("the row has only its text and no reader is configured")
	}
	r, err := read(q.Query)
	if err != nil {
		return nil, err
	}
	out := *r
	out.Idx, out.Query, out.Level, out.Plan = q.Idx, q.Query, q.Level, q.Plan
	return &out, nil
}
