package travelplanner

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

// dataDir returns the TravelPlanner dataset directory, skipping the test
// when it is absent unless TRIPWEAVE_REQUIRE_INTEGRATION=1.
func dataDir(t testing.TB) string {
	t.Helper()
	dir, err := datasets.Locate("travelplanner")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("dataset missing: %v", err)
		}
		t.Skipf("TravelPlanner dataset not present at %s", dir)
	}
	return dir
}

var (
	loadOnce sync.Once
	shared   struct {
		sb  *Sandbox
		ad  *Adapter
		qs  []*Query
		err error
	}
)

func load(t testing.TB) (*Sandbox, *Adapter, []*Query) {
	t.Helper()
	dir := dataDir(t)
	loadOnce.Do(func() {
		s := &shared
		if s.sb, s.err = LoadSandbox(dir); s.err != nil {
			return
		}
		var cat *datasets.Catalog
		if cat, s.err = datasets.LoadTravelPlanner(dir); s.err != nil {
			return
		}
		s.ad = NewAdapter(cat, s.sb)
		s.qs, s.err = ReadQueriesFile(filepath.Join(dir, "train", "train_queries.jsonl"))
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.sb, shared.ad, shared.qs
}

func TestGoldPlansPass(t *testing.T) {
	sb, _, qs := load(t)
	if len(qs) != 45 {
		t.Fatalf("%d training queries, want 45", len(qs))
	}
	results := make([]Result, len(qs))
	for i, q := range qs {
		results[i] = sb.Evaluate(q, q.Plan)
		if !results[i].FinalPass() {
			t.Errorf("gold plan %d fails: %v", q.Idx, results[i].Reasons)
		}
	}
	m := Score(qs, results)
	want := Metrics{N: 45, Delivered: 45, DeliveryRate: 1, CommonsensePassed: 360, CommonsenseMicro: 1, CommonsensePlans: 45,
		CommonsenseMacro: 1, HardPassed: 105, HardTotal: 105, HardMicro: 1, HardPlans: 45, HardMacro: 1, FinalPlans: 45, FinalPassRate: 1}
	if m != want {
		t.Errorf("gold metrics = %+v, want %+v", m, want)
	}
}

func TestTrainQueriesPass(t *testing.T) {
	sb, ad, qs := load(t)
	results := make([]Result, len(qs))
	for i, q := range qs {
		b, err := q.Brief()
		if err != nil {
			t.Fatal(err)
		}
		trip, err := ad.Trip(q)
		if err != nil {
			t.Fatal(err)
		}
		it, err := planner.Plan(b, trip, q.PlanOptions())
		if err != nil {
			t.Errorf("query %d: %v", q.Idx, err)
			continue
		}
		if rep := verifier.Verify(b, trip, it); !rep.Passed {
			t.Errorf("query %d: verifier: %+v", q.Idx, rep.Findings)
		}
		results[i] = sb.Evaluate(q, Maps(Export(it)))
		if !results[i].FinalPass() {
			t.Errorf("query %d fails: %v", q.Idx, results[i].Reasons)
		}
	}
	m := Score(qs, results)
	t.Logf("training queries:\n%s", m)
	if m.FinalPassRate != 1 || m.HardMicro != 1 || m.CommonsenseMicro != 1 {
		t.Errorf("metrics %+v, want 100%%", m)
	}
}

func TestRunBatch(t *testing.T) {
	_, ad, qs := load(t)
	dir := t.TempDir()
	// Every training query, and one with a fixed route taken from query 5's
	// gold plan reversed.
	queries := filepath.Join(dir, "queries.jsonl")
	f, err := os.Create(queries)
	if err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(f)
	for _, q := range qs {
		if err := enc.Encode(q); err != nil {
			t.Fatal(err)
		}
	}
	routed := *qs[5]
	routed.Plan = nil
	routed.Route = []string{"Houston", "Dallas"}
	if err := enc.Encode(&routed); err != nil {
		t.Fatal(err)
	}
	f.Close()

	out := filepath.Join(dir, "sub.jsonl")
	var log strings.Builder
	sum, err := RunBatch(context.Background(), BatchOptions{QueriesFile: queries, OutFile: out, Adapter: ad, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Queries != 46 || sum.Planned != 46 || len(sum.Failures) != 0 {
		t.Fatalf("summary %+v", sum)
	}
	if sum.Plan.P95 <= 0 || sum.Plan.P95 > sum.Plan.Max || !strings.Contains(log.String(), "p95") {
		t.Errorf("timings %+v, log %q", sum.Plan, log.String())
	}
	t.Logf("%s", log.String())

	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 46 {
		t.Fatalf("%d lines, want 46", len(lines))
	}
	for i, line := range lines {
		var sl struct {
			Idx   int              `json:"idx"`
			Query string           `json:"query"`
			Plan  []map[string]any `json:"plan"`
		}
		if err := json.Unmarshal([]byte(line), &sl); err != nil {
			t.Fatal(err)
		}
		if sl.Idx != i+1 || (i < 45 && sl.Query != qs[i].Query) || len(sl.Plan) == 0 {
			t.Errorf("line %d: idx %d, query %.30q, %d days", i+1, sl.Idx, sl.Query, len(sl.Plan))
		}
	}
	var routedPlan []PlanDay
	var last SubmissionLine
	if err := json.Unmarshal([]byte(lines[45]), &last); err != nil {
		t.Fatal(err)
	}
	routedPlan = last.Plan
	if got := routedPlan[0].CurrentCity; got != "from Orlando to Houston" {
		t.Errorf("routed plan starts %q, want from Orlando to Houston", got)
	}

	// The first 45 lines score 100% against the training queries.
	trainOut := filepath.Join(dir, "train.jsonl")
	if err := os.WriteFile(trainOut, []byte(strings.Join(lines[:45], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, _, err := EvaluateFiles(EvalOptions{Sandbox: shared.sb, QueriesFile: filepath.Join(dataDir(t), "train", "train_queries.jsonl"), SubmissionFile: trainOut})
	if err != nil {
		t.Fatal(err)
	}
	if m.FinalPassRate != 1 {
		t.Errorf("batch output scores %+v", m)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RunBatch(ctx, BatchOptions{QueriesFile: queries, OutFile: out, Adapter: ad}); err == nil {
		t.Error("a cancelled batch returned no error")
	}
}

// gold returns a deep copy of query idx's gold plan.
func gold(t *testing.T, q *Query) []map[string]any {
	t.Helper()
	data, err := json.Marshal(q.Plan)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEvaluatorRejects(t *testing.T) {
	sb, _, qs := load(t)
	// Query 0: St. Petersburg → Rockford, 3 days, flights. Query 10:
	// Houston → Utah, 7 days, 3 cities by car.
	minNightsAcc := func() string {
		for _, i := range sb.accByCity["Rockford"] {
			a := sb.accommodations[i]
			if a.minNights > 2 && len(sb.findAcc(a.name, "Rockford")) == 1 {
				return a.name + ", Rockford"
			}
		}
		t.Fatal("no Rockford accommodation with a long minimum stay")
		return ""
	}
	str := func(s string) *string { return &s }
	tests := []struct {
		name   string
		idx    int
		query  func(q *Query)
		mutate func(p []map[string]any)
		fail   string
		// hardSkipped: hard checks are not evaluated at all.
		hardSkipped bool
	}{
		{"invented restaurant", 0, nil, func(p []map[string]any) { p[1]["lunch"] = "Chez Nobody, Rockford" }, CheckWithinSandbox, true},
		{"flight on another route", 0, nil, func(p []map[string]any) {
			p[0]["transportation"] = strings.Replace(p[0]["transportation"].(string), "Rockford", "Chicago", 1)
		}, CheckWithinSandbox, true},
		{"a day missing", 0, nil, func(p []map[string]any) { p[1] = map[string]any{} }, CheckCompleteInfo, true},
		{"no attraction on a full day", 0, nil, func(p []map[string]any) { p[1]["attraction"] = "-" }, CheckCompleteInfo, true},
		{"no accommodation", 0, nil, func(p []map[string]any) { p[1]["accommodation"] = "-" }, CheckCompleteInfo, true},
		{"too many cities", 0, func(q *Query) { q.VisitingCityNumber = 2 }, nil, CheckCompleteInfo, true},
		{"meal in a third city on a travel day", 10, nil, func(p []map[string]any) { p[2]["lunch"] = "Foodies Park, Vernal(Utah)" }, CheckWithinCurrentCity, false},
		{"city revisited", 10, nil, func(p []map[string]any) {
			p[5]["current_city"] = "Salt Lake City(Utah)"
		}, CheckReasonableRoute, false},
		{"route not closed", 0, nil, func(p []map[string]any) {
			p[2]["current_city"] = "from Rockford to Chicago"
		}, CheckReasonableRoute, true},
		{"repeated restaurant", 0, nil, func(p []map[string]any) { p[1]["dinner"] = p[1]["lunch"] }, CheckDiverseRestaurant, false},
		{"repeated attraction", 0, nil, func(p []map[string]any) { p[2]["attraction"] = p[1]["attraction"] }, CheckDiverseAttraction, false},
		{"self-driving after a flight", 0, nil, func(p []map[string]any) {
			p[2]["transportation"] = "Self-driving, from Rockford to St. Petersburg, duration: 1 hour, distance: 1 km, cost: 0"
		}, CheckNonConflictTrans, true}, // the drive is not in the sandbox either
		{"no transportation on day 1", 0, nil, func(p []map[string]any) { p[0]["transportation"] = "-" }, CheckNonConflictTrans, true},
		{"below minimum nights", 0, nil, func(p []map[string]any) {
			acc := minNightsAcc()
			p[0]["accommodation"], p[1]["accommodation"] = acc, acc
		}, CheckMinimumNights, false},
		{"over budget", 0, func(q *Query) { q.Budget = 100 }, nil, HardBudget, false},
		{"room rule", 17, func(q *Query) { q.LocalConstraint.HouseRule = str("visitors") }, nil, HardRoomRule, false},
		{"room type", 0, func(q *Query) { q.Level = "hard"; q.LocalConstraint.RoomType = str("shared room") }, nil, HardRoomType, false},
		{"cuisine", 0, func(q *Query) {
			q.Level = "hard"
			q.LocalConstraint.Cuisine = []string{"Mexican", "French", "Chinese", "Italian"}
		}, nil, HardCuisine, false},
		{"no flight", 0, func(q *Query) { q.Level = "hard"; q.LocalConstraint.Transportation = str("no flight") }, nil, HardTransport, false},
		{"no self-driving", 10, func(q *Query) { q.Level = "hard"; q.LocalConstraint.Transportation = str("no self-driving") }, nil, HardTransport, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := *qs[tt.idx]
			lc := q.LocalConstraint
			q.LocalConstraint = lc
			if tt.query != nil {
				tt.query(&q)
			}
			p := gold(t, &q)
			if tt.mutate != nil {
				tt.mutate(p)
			}
			r := sb.Evaluate(&q, p)
			if r.FinalPass() {
				t.Fatal("passed")
			}
			failed, isHard := r.Commonsense[tt.fail], false
			if slices.Contains(HardChecks, tt.fail) {
				failed, isHard = r.Hard[tt.fail], true
			}
			if _, present := r.Hard[tt.fail]; isHard && !present {
				t.Fatalf("%s not evaluated: %+v", tt.fail, r)
			}
			if failed {
				t.Errorf("%s passed; reasons %v", tt.fail, r.Reasons)
			}
			if r.HardEvaluated == tt.hardSkipped {
				t.Errorf("hard evaluated = %v, want %v", r.HardEvaluated, !tt.hardSkipped)
			}
		})
	}
}

func TestEvaluatorQuirks(t *testing.T) {
	sb, _, qs := load(t)
	q := *qs[15] // Fort Lauderdale → Norfolk, cuisines American and French
	p := gold(t, &q)
	if r := sb.Evaluate(&q, p); !r.Hard[HardCuisine] {
		t.Fatalf("gold cuisine check fails: %v", r.Reasons)
	}
	// A meal in the origin city ends the scan of its day: every meal of
	// every day placed after an origin-city breakfast is ignored.
	for _, d := range p {
		d["breakfast"] = "Subway, Fort Lauderdale"
	}
	if r := sb.Evaluate(&q, p); r.Hard[HardCuisine] {
		t.Error("cuisines still met although every day's scan stops at breakfast")
	}

	// An undelivered plan: nothing passes, and the metric denominators
	// still count it.
	r := sb.Evaluate(qs[0], nil)
	if r.Delivered || r.FinalPass() {
		t.Errorf("empty plan: %+v", r)
	}
	m := Score(qs[:2], []Result{r, sb.Evaluate(qs[1], qs[1].Plan)})
	if m.DeliveryRate != 0.5 || m.CommonsenseMicro != 0.5 || m.HardTotal != 2 || m.HardMicro != 0.5 || m.FinalPassRate != 0.5 {
		t.Errorf("metrics %+v", m)
	}
	// Padding after the last day is ignored.
	padded := append(gold(t, qs[0]), map[string]any{}, map[string]any{})
	if r := sb.Evaluate(qs[0], padded); !r.FinalPass() {
		t.Errorf("padded gold plan fails: %v", r.Reasons)
	}
}

func TestParsing(t *testing.T) {
	tests := []struct{ in, a, b string }{
		{"from St. Petersburg to Rockford", "St. Petersburg", "Rockford"},
		{"Flight Number: F1, from A B to C D, Departure Time: 1", "A B", "C D"},
		{"from Houston to Salt Lake City(Utah)", "Houston", "Salt Lake City"},
		{"from Toronto to Tokyo", "Toronto", "Tokyo"},
	}
	for _, tt := range tests {
		a, b, ok := fromTo(tt.in)
		if !ok || a != tt.a || b != tt.b {
			t.Errorf("fromTo(%q) = %q, %q, %v; want %q, %q", tt.in, a, b, ok, tt.a, tt.b)
		}
	}
	names := []struct{ in, name, city string }{
		{"Coco Bambu, Rockford", "Coco Bambu", "Rockford"},
		{"Clean sm room, with shared space.  Great location., Vernal(Utah)", "Clean sm room, with shared space.  Great location.", "Vernal"},
		{"No comma", "-", "-"},
	}
	for _, tt := range names {
		if n, c := nameCity(tt.in); n != tt.name || c != tt.city {
			t.Errorf("nameCity(%q) = %q, %q", tt.in, n, c)
		}
	}
	if got := attractionList("A, X;B, X;"); !slices.Equal(got, []string{"A, X", "B, X"}) {
		t.Errorf("attractionList = %q", got)
	}
}

func TestQueryBrief(t *testing.T) {
	s := func(v string) *string { return &v }
	q := Query{Org: "Houston", Dest: "Texas", Days: 5, VisitingCityNumber: 2, PeopleNumber: 3, Budget: 2500,
		Date: []string{"2022-03-10", "2022-03-11", "2022-03-12", "2022-03-13", "2022-03-14"},
		LocalConstraint: LocalConstraint{HouseRule: s("children under 10"), RoomType: s("not shared room"),
			Cuisine: []string{"Indian", "Chinese"}, Transportation: s("no self-driving")}}
	b, err := q.Brief()
	if err != nil {
		t.Fatal(err)
	}
	if b.Origin != "Houston" || !slices.Equal(b.Destinations, []string{"Texas"}) || b.StartDate != "2022-03-10" || b.EndDate != "2022-03-14" ||
		b.Travelers.Adults != 3 || b.Budget.Amount != 2500 || b.Budget.Currency != "USD" || b.Budget.PerPerson {
		t.Errorf("brief %+v", b)
	}
	c := b.Constraints
	if !slices.Equal(c.HouseRules, []string{"children_under_10"}) || c.RoomType != "not_shared_room" ||
		!slices.Equal(c.Cuisines, []string{"Indian", "Chinese"}) || !slices.Equal(c.TransportExclude, []string{"self_driving"}) {
		t.Errorf("constraints %+v", c)
	}
	if q.PlanOptions().Cities != 2 {
		t.Error("plan options lose the city count")
	}
	q.LocalConstraint.Transportation = s("by camel")
	if _, err := q.Brief(); orchestrator.ErrorField(err) != "local_constraint.transportation" {
		t.Errorf("bad constraint: err = %v", err)
	}
}

func TestExport(t *testing.T) {
	usd := func(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "USD"} }
	it := &orchestrator.Itinerary{Days: []orchestrator.Day{
		{Day: 1, City: "Dallas", From: "Houston",
			Legs:  []orchestrator.Leg{{Mode: "self_driving", From: "Houston", To: "Dallas", DurationMinutes: 218, DistanceKM: 1384, Cost: usd(6900)}},
			Meals: []orchestrator.Meal{{Slot: "dinner", Name: "Grill", City: "Dallas"}},
			Stay:  &orchestrator.StayRef{Name: "Loft, downtown", City: "Dallas"}},
		{Day: 2, City: "Dallas",
			Stops: []orchestrator.Stop{{Name: "Museum", City: "Dallas"}, {Name: "Park", City: "Dallas"}},
			Meals: []orchestrator.Meal{{Slot: "breakfast", Name: "Cafe", City: "Dallas"}, {Slot: "lunch", Name: "Deli", City: "Dallas"}}},
		{Day: 3, City: "Houston", From: "Dallas",
			Legs: []orchestrator.Leg{{Mode: "flight", Number: "F123", From: "Dallas", To: "Houston", Depart: "09:05", Arrive: "10:10"}}},
	}}
	got := Export(it)
	want := []PlanDay{
		{Days: 1, CurrentCity: "from Houston to Dallas", Transportation: "Self-driving, from Houston to Dallas, duration: 3 hours 38 mins, distance: 1,384 km, cost: 69",
			Breakfast: "-", Attraction: "-", Lunch: "-", Dinner: "Grill, Dallas", Accommodation: "Loft, downtown, Dallas"},
		{Days: 2, CurrentCity: "Dallas", Transportation: "-", Breakfast: "Cafe, Dallas", Attraction: "Museum, Dallas;Park, Dallas;",
			Lunch: "Deli, Dallas", Dinner: "-", Accommodation: "-"},
		{Days: 3, CurrentCity: "from Dallas to Houston", Transportation: "Flight Number: F123, from Dallas to Houston, Departure Time: 09:05, Arrival Time: 10:10",
			Breakfast: "-", Attraction: "-", Lunch: "-", Dinner: "-", Accommodation: "-"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Export =\n%+v\nwant\n%+v", got, want)
	}
}

func TestReadSubmission(t *testing.T) {
	in := `{"idx": 1, "query": "q", "plan": [{"days": 1}, {}, 3]}
{"idx": 2, "query": "q", "plan": null}
`
	plans, err := ReadSubmission(bufio.NewReader(strings.NewReader(in)))
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) != 2 || len(plans[0]) != 3 || plans[1] != nil || len(plans[0][2]) != 0 {
		t.Errorf("plans = %v", plans)
	}
}

func TestPercentiles(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	got := Percentiles(ds)
	if got.P50 != 50*time.Millisecond || got.P95 != 95*time.Millisecond || got.Max != 100*time.Millisecond || got.Mean != 50500*time.Microsecond {
		t.Errorf("Percentiles = %+v", got)
	}
}

// BenchmarkPlanTrainQueries plans the 45 training queries with the data
// loaded; it reports the 95th percentile of planner.Plan per query.
func BenchmarkPlanTrainQueries(b *testing.B) {
	_, ad, qs := load(b)
	type prepared struct {
		b    *orchestrator.Brief
		trip *orchestrator.Trip
		opts planner.Options
	}
	var ps []prepared
	for _, q := range qs {
		br, err := q.Brief()
		if err != nil {
			b.Fatal(err)
		}
		trip, err := ad.Trip(q)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, prepared{br, trip, q.PlanOptions()})
	}
	var durs []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			t0 := time.Now()
			if _, err := planner.Plan(p.b, p.trip, p.opts); err != nil {
				b.Fatal(err)
			}
			durs = append(durs, time.Since(t0))
		}
	}
	b.StopTimer()
	pc := Percentiles(durs)
	b.ReportMetric(float64(pc.P50.Microseconds())/1000, "p50-ms/query")
	b.ReportMetric(float64(pc.P95.Microseconds())/1000, "p95-ms/query")
	b.ReportMetric(float64(pc.Max.Microseconds())/1000, "max-ms/query")
}

// BenchmarkQueryEndToEnd adds assembling the query's trip data and
// exporting the plan to planning.
func BenchmarkQueryEndToEnd(b *testing.B) {
	_, ad, qs := load(b)
	var durs []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, q := range qs {
			t0 := time.Now()
			if _, _, err := ad.Plan(q); err != nil {
				b.Fatal(err)
			}
			durs = append(durs, time.Since(t0))
		}
	}
	b.StopTimer()
	pc := Percentiles(durs)
	b.ReportMetric(float64(pc.P95.Microseconds())/1000, "p95-ms/query")
}
