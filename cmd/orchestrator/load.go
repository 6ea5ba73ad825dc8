package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/agents/standin"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// loadReport is what `orchestrator load` prints: the plans' throughput and
// latency next to a no-op gin handler's, measured in the same run with the
// same client, connections and duration. Its top-level figures are the
// first phase run (repeat, or unique with --unique); UniquePhase holds the
// unique phase when both ran.
type loadReport struct {
	// Phase names the phase of the top-level figures: "repeat" (the
	// warmed briefs round robin) or "unique" (every request a brief of its
	// own).
	Phase       string  `json:"phase"`
	Briefs      int     `json:"briefs"`
	Concurrency int     `json:"concurrency"`
	DurationS   float64 `json:"duration_s"`
	Plans       int64   `json:"plans"`
	PlansPerSec float64 `json:"plans_per_s"`
	P50MS       float64 `json:"p50_ms"`
	P99MS       float64 `json:"p99_ms"`
	Non2xx      int64   `json:"non_2xx"`
	BaselineRPS float64 `json:"noop_gin_requests_per_s"`
	BaselineP50 float64 `json:"noop_gin_p50_ms"`
	Ratio       float64 `json:"ratio"`
	MeanBytes   int64   `json:"mean_response_bytes"`
	// Unique is set when every request was a brief of its own (--unique),
	// so that no plan reused another's itinerary.
	Unique bool `json:"unique"`
	// MemoHits and MemoMisses count the in-process server's local-step
	// memo over the measured phase (three steps per plan).
	MemoHits   int64 `json:"memo_hits,omitempty"`
	MemoMisses int64 `json:"memo_misses,omitempty"`
	// UniquePhase is the unique phase's figures when both phases ran.
	UniquePhase *phaseReport `json:"unique_phase,omitempty"`
	// Providers is how the providers answered: "offline" (a closed port:
	// fail fast) or "standin" (agents/standin on loopback, answering every
	// provider in its recorded format for any city and date).
	Providers string `json:"providers,omitempty"`
	// MaxMS and Over2s are the slowest plan and the plans slower than 2 s
	// of the top-level phase.
	MaxMS  float64 `json:"max_ms"`
	Over2s int64   `json:"over_2s"`
	// ProviderCallsPerPlan is the top-level phase's provider calls per
	// plan, by kind (pipeline.Service.ProviderCalls: a tool that asked its
	// provider), with "all" their sum; in-process server only.
	ProviderCallsPerPlan map[string]float64 `json:"provider_calls_per_plan,omitempty"`
	// StandinRequestsPerPlan is the HTTP requests the stand-in received
	// per plan of the top-level phase, by provider (standin mode only).
	StandinRequestsPerPlan map[string]float64 `json:"standin_requests_per_plan,omitempty"`
	// CPUMSPerPlan is the process's CPU time (user and system) per plan
	// of the top-level phase, the load generator's included, and
	// BaselineCPUMS the same per no-op request. CPURatio is
	// BaselineCPUMS / CPUMSPerPlan: the ratio a machine that gave the
	// process all its cores would show. On a shared, loaded machine the
	// wall-clock ratio swings with the neighbours; this one hardly does.
	CPUMSPerPlan  float64 `json:"cpu_ms_per_plan,omitempty"`
	BaselineCPUMS float64 `json:"noop_gin_cpu_ms_per_request,omitempty"`
	CPURatio      float64 `json:"cpu_ratio,omitempty"`
}

// phaseReport is one phase's figures, with its ratio to the same run's
// no-op baseline.
type phaseReport struct {
	Plans       int64   `json:"plans"`
	PlansPerSec float64 `json:"plans_per_s"`
	P50MS       float64 `json:"p50_ms"`
	P99MS       float64 `json:"p99_ms"`
	Non2xx      int64   `json:"non_2xx"`
	Ratio       float64 `json:"ratio"`
	MeanBytes   int64   `json:"mean_response_bytes"`
	MemoHits    int64   `json:"memo_hits,omitempty"`
	MemoMisses  int64   `json:"memo_misses,omitempty"`
	MaxMS       float64 `json:"max_ms"`
	Over2s      int64   `json:"over_2s"`
	// CPUMSPerPlan and CPURatio: as loadReport's.
	CPUMSPerPlan float64 `json:"cpu_ms_per_plan,omitempty"`
	CPURatio     float64 `json:"cpu_ratio,omitempty"`
	// ProviderCallsPerPlan and StandinRequestsPerPlan: as loadReport's.
	ProviderCallsPerPlan   map[string]float64 `json:"provider_calls_per_plan,omitempty"`
	StandinRequestsPerPlan map[string]float64 `json:"standin_requests_per_plan,omitempty"`
}

// cmdLoad runs the load generator: varied briefs (cities, dates,
// travellers, budgets — no two identical) posted to /v1/plans of a warm
// server by concurrent workers for a fixed time, then the same against a
// no-op gin handler on loopback, and prints plans/s, p50/p99 and the ratio.
// Without --url it opens the orchestrator in process as `serve` would
// (imports from TRIPWEAVE_IMPORT, or the ChinaTravel sandbox with --data)
// and warms it by planning every brief twice first. Two phases run by
// default: "repeat" posts the warmed briefs round robin (a warm server's
// popular requests: the memo answers them), "unique" posts briefs drawn
// afresh — cities, dates, days, travellers, budget — none posted before, so
// every plan is planned anew; --unique runs the unique phase alone.
func cmdLoad(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	o, err := parseLoadFlags(args, stderr)
	if err != nil {
		return err
	}
	t := &loadTarget{base: strings.TrimRight(o.url, "/"),
		cities: []string{"Beijing", "Shanghai", "Chengdu", "Hangzhou", "Nanjing", "Suzhou", "Guangzhou", "Shenzhen", "Wuhan", "Chongqing"}}
	if t.base == "" {
		// The server in process runs as `serve` would, with its memory
		// limit and collector target (unless GOMEMLIMIT or GOGC say
		// otherwise).
		defer serveRuntime(os.Getenv)()
		closeTarget, err := t.open(ctx, cfg, o, stderr)
		if err != nil {
			return err
		}
		defer closeTarget()
	}
	// The briefs carry their reference time ("now"), as a client that wants
	// reproducible plans sends it: the same brief then gives the same plan.
	now := time.Now().UTC().Format(time.RFC3339)
	briefs := loadBriefsAt(t.cities, o.briefs, now)
	body := func(i int64) []byte { return briefs[int(i)%len(briefs)] }
	client := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: o.conc, MaxConnsPerHost: o.conc}}
	if o.url == "" {
		t.warm(ctx, client, briefs, o, stderr)
	}
	if o.cpuprofile != "" {
		f, err := os.Create(o.cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	var results []loadPhase
	for _, name := range o.phases {
		b := body
		if name == "unique" {
			b = uniqueBriefs(t.cities, briefs, now)
		}
		results = append(results, t.measure(ctx, client, name, b, o, stderr))
	}
	if o.cpuprofile != "" {
		pprof.StopCPUProfile()
	}
	if o.memprofile != "" {
		if err := writeHeapProfile(o.memprofile); err != nil {
			return err
		}
	}
	bl, err := noopBaseline(ctx, body, o, stderr)
	if err != nil {
		return err
	}
	rep := newLoadReport(results, bl, len(briefs), o)
	printLoad(results, bl, rep, stderr)
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return err
	}
	for _, r := range results {
		if r.p.non2xx > 0 {
			return fmt.Errorf("%s: %d plans answered non-2xx (first: %s)", r.name, r.p.non2xx, r.p.firstErr)
		}
	}
	return nil
}

// writeHeapProfile writes the heap profile to path after a collection, so
// that its live heap is current.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// loadOptions are cmdLoad's flags.
type loadOptions struct {
	url, data, providers, cpuprofile string
	// memprofile names the file for a heap profile taken after the
	// measured phases (allocations since the start, and what is live).
	memprofile   string
	dur          time.Duration
	conc, briefs int
	// phases are the phases to run, in order.
	phases []string
}

// parseLoadFlags parses and checks cmdLoad's flags.
func parseLoadFlags(args []string, stderr io.Writer) (*loadOptions, error) {
	fs := newFlags("load", stderr)
	url := fs.String("url", "", "base URL of a running, warm server; empty: the orchestrator in process")
	data := fs.String("data", "", "ChinaTravel sandbox directory to import (in-process server only)")
	dur := fs.Duration("duration", 10*time.Second, "how long each phase (plans, then the no-op baseline) runs")
	conc := fs.Int("concurrency", 32, "concurrent connections")
	n := fs.Int("briefs", 400, "distinct briefs, posted round robin")
	offline := fs.Bool("offline", true, "in-process server only: point the providers at a closed loopback port, so data not in the cache fails fast (--providers offline)")
	providers := fs.String("providers", "", "in-process server only: offline (a closed port: what the cache lacks fails fast) or standin "+
		"(agents/standin on loopback answers every provider in its recorded format for any city and date; each city is pre-warmed first); default offline, or as --offline says")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the plans phase to this file")
	memprofile := fs.String("memprofile", "", "write a heap profile (allocations and live heap) after the plans phases to this file")
	unique := fs.Bool("unique", false, "run the unique phase alone: every request a brief of its own (cities, dates, days, travellers, budget), none posted before")
	phases := fs.String("phases", "repeat,unique", "the phases to run, in order: repeat (the warmed briefs round robin), unique (every request a new brief)")
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if *conc < 1 || *conc > 1024 || *n < 1 || *dur <= 0 {
		return nil, &usageError{"load: --concurrency 1-1024, --briefs ≥ 1, --duration > 0"}
	}
	o := &loadOptions{url: *url, data: *data, providers: *providers, cpuprofile: *cpuprofile, memprofile: *memprofile, dur: *dur, conc: *conc, briefs: *n}
	if *unique {
		o.phases = []string{"unique"}
	} else {
		for _, p := range strings.Split(*phases, ",") {
			switch p = strings.TrimSpace(p); p {
			case "repeat", "unique":
				if !slices.Contains(o.phases, p) {
					o.phases = append(o.phases, p)
				}
			case "":
			default:
				return nil, &usageError{"load: --phases takes repeat and/or unique"}
			}
		}
		if len(o.phases) == 0 {
			return nil, &usageError{"load: --phases takes repeat and/or unique"}
		}
	}
	switch o.providers {
	case "":
		o.providers = "offline"
		if !*offline {
			o.providers = "live"
		}
	case "offline", "standin", "live":
	default:
		return nil, &usageError{"load: --providers takes offline, standin or live"}
	}
	return o, nil
}

// loadTarget is the server the load is posted to, and what cmdLoad reads
// of it when it runs in process (nil funcs otherwise).
type loadTarget struct {
	base   string
	cities []string
	// memo reads the local-step memo's hits and misses.
	memo func() (int64, int64)
	// calls reads the plans and their provider calls by kind.
	calls func() (int64, map[orchestrator.Kind]int64)
	// stand is the providers' stand-in (--providers standin).
	stand   *standin.Server
	prewarm func(cities []string)
}

// open opens the orchestrator in process, as `serve` would, with the
// providers o names, imports o.data when set, and serves it on loopback.
// The returned func closes all of it.
func (t *loadTarget) open(ctx context.Context, cfg Config, o *loadOptions, stderr io.Writer) (func(), error) {
	var closers []func()
	closeAll := func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	switch o.providers {
	case "offline":
		cfg.Agents = offlineAgents(cfg.Agents)
	case "standin":
		var err error
		if t.stand, err = standin.Start(&standin.Options{Now: cfg.Now}); err != nil {
			return nil, err
		}
		closers = append(closers, func() { t.stand.Close() })
		cfg.Agents = t.stand.Configure(cfg.Agents)
		cfg.Agents.Browser = nil
	}
	app, err := Open(ctx, cfg, newLogger(stderr, "error"))
	if err != nil {
		closeAll()
		return nil, err
	}
	closers = append(closers, func() { app.Close() })
	t.memo = app.Service.MemoStats
	t.calls = app.Service.ProviderCalls
	t.prewarm = func(cities []string) {
		for _, r := range app.Service.Prewarm(ctx, cities, "en", 4, nil) {
			if r.Failed > 0 {
				fmt.Fprintf(stderr, "warming: pre-warm of %s: %d of %d subtasks failed %v\n", r.City, r.Failed, r.Subtasks, r.Errors)
			}
		}
	}
	if o.data != "" {
		cat, err := datasets.LoadChinaTravel(o.data)
		if err != nil {
			closeAll()
			return nil, err
		}
		if _, err := importDataset(ctx, app.KB, "chinatravel", o.data, datasets.DefaultImportTTL, cfg.Now); err != nil {
			closeAll()
			return nil, err
		}
		t.cities = cat.Cities()
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		closeAll()
		return nil, err
	}
	srv := &http.Server{Handler: app.Server.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	closers = append(closers, func() { srv.Close() })
	t.base = "http://" + ln.Addr().String()
	return closeAll, nil
}

// warm readies the in-process server: in stand-in mode it pre-warms every
// city, then it plans every brief twice.
func (t *loadTarget) warm(ctx context.Context, client *http.Client, briefs [][]byte, o *loadOptions, stderr io.Writer) {
	if o.providers == "standin" {
		// Pre-warm every city as an operator does (`prewarm`): its static
		// knowledge and its weather — the forecast window and climate
		// normals every date is sliced from.
		fmt.Fprintf(stderr, "warming: pre-warming %d cities\n", len(t.cities))
		t.prewarm(t.cities)
	}
	// Twice: the first round fetches what the import does not hold
	// (and caches it), the second plans from the cache alone, as a
	// warm server does.
	fmt.Fprintf(stderr, "warming: planning %d briefs twice\n", len(briefs))
	for range 2 {
		warm := hammer(ctx, client, t.base+"/v1/plans", func(i int64) []byte { return briefs[int(i)%len(briefs)] }, min(o.conc, 8), 0, len(briefs))
		if warm.non2xx > 0 {
			fmt.Fprintf(stderr, "warming: %d of %d plans failed (first: %s)\n", warm.non2xx, len(briefs), warm.firstErr)
		}
	}
}

// loadReading is what the target had counted at one moment: plans,
// provider calls by kind, and the stand-in's requests by provider.
type loadReading struct {
	plans int64
	calls map[orchestrator.Kind]int64
	reqs  map[string]int64
}

func (t *loadTarget) read() loadReading {
	var r loadReading
	if t.calls != nil {
		r.plans, r.calls = t.calls()
	}
	if t.stand != nil {
		r.reqs = t.stand.Calls()
	}
	return r
}

// perPlan returns the provider calls (and stand-in requests) per plan
// between two readings, with "all" their sum; nil when the target counts
// none.
func (t *loadTarget) perPlan(a, b loadReading) (map[string]float64, map[string]float64) {
	n := b.plans - a.plans
	if t.calls == nil || n <= 0 {
		return nil, nil
	}
	pc := map[string]float64{"all": 0}
	for k, v := range b.calls {
		if d := v - a.calls[k]; d > 0 {
			pc[string(k)] = float64(d) / float64(n)
			pc["all"] += float64(d) / float64(n)
		}
	}
	var sr map[string]float64
	if t.stand != nil {
		sr = map[string]float64{"all": 0}
		for k, v := range b.reqs {
			if d := v - a.reqs[k]; d > 0 {
				sr[k] = float64(d) / float64(n)
				sr["all"] += float64(d) / float64(n)
			}
		}
	}
	return pc, sr
}

// loadPhase is one measured phase.
type loadPhase struct {
	name         string
	p            *phase
	hits, misses int64
	calls, reqs  map[string]float64
}

// measure runs one phase: body posted by o.conc connections for o.dur.
func (t *loadTarget) measure(ctx context.Context, client *http.Client, name string, body func(int64) []byte, o *loadOptions, stderr io.Writer) loadPhase {
	fmt.Fprintf(stderr, "plans (%s): %d connections for %s\n", name, o.conc, o.dur)
	var h0, m0 int64
	if t.memo != nil {
		h0, m0 = t.memo()
	}
	r0 := t.read()
	r := loadPhase{name: name}
	r.p = hammer(ctx, client, t.base+"/v1/plans", body, o.conc, o.dur, 0)
	r.calls, r.reqs = t.perPlan(r0, t.read())
	if t.memo != nil {
		h, m := t.memo()
		r.hits, r.misses = h-h0, m-m0
	}
	return r
}

// noopBaseline measures a no-op gin handler on loopback with the plans'
// client shape, connections and duration.
func noopBaseline(ctx context.Context, body func(int64) []byte, o *loadOptions, stderr io.Writer) (*phase, error) {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.POST("/noop", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	noop := &http.Server{Handler: e, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = noop.Serve(ln) }()
	defer noop.Close()
	fmt.Fprintf(stderr, "baseline: no-op gin handler, %d connections for %s\n", o.conc, o.dur)
	baseClient := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: o.conc, MaxConnsPerHost: o.conc}}
	return hammer(ctx, baseClient, "http://"+ln.Addr().String()+"/noop", body, o.conc, o.dur, 0), nil
}

// figures returns r's figures, with its ratio to the baseline bl.
func (r loadPhase) figures(bl *phase) phaseReport {
	f := phaseReport{Plans: r.p.done, PlansPerSec: r.p.rate(), P50MS: r.p.quantile(0.50), P99MS: r.p.quantile(0.99),
		Non2xx: r.p.non2xx, MemoHits: r.hits, MemoMisses: r.misses, MaxMS: r.p.quantile(1), Over2s: r.p.over(2 * time.Second),
		ProviderCallsPerPlan: r.calls, StandinRequestsPerPlan: r.reqs}
	if r.p.done > 0 {
		f.MeanBytes = r.p.bytes / r.p.done
	}
	if bl.rate() > 0 {
		f.Ratio = f.PlansPerSec / bl.rate()
	}
	if f.CPUMSPerPlan = r.p.cpuPer(); f.CPUMSPerPlan > 0 {
		f.CPURatio = bl.cpuPer() / f.CPUMSPerPlan
	}
	return f
}

// newLoadReport returns the report of the phases run: the first at the
// top level, the second (the unique phase) in UniquePhase.
func newLoadReport(results []loadPhase, bl *phase, briefs int, o *loadOptions) loadReport {
	first := results[0].figures(bl)
	rep := loadReport{
		Phase: results[0].name, Briefs: briefs, Concurrency: o.conc, DurationS: results[0].p.elapsed.Seconds(),
		Plans: first.Plans, PlansPerSec: first.PlansPerSec, P50MS: first.P50MS, P99MS: first.P99MS,
		Non2xx: first.Non2xx, BaselineRPS: bl.rate(), BaselineP50: bl.quantile(0.50), Ratio: first.Ratio,
		MeanBytes: first.MeanBytes, Unique: results[0].name == "unique", MemoHits: first.MemoHits, MemoMisses: first.MemoMisses,
		Providers: o.providers, MaxMS: first.MaxMS, Over2s: first.Over2s,
		ProviderCallsPerPlan: first.ProviderCallsPerPlan, StandinRequestsPerPlan: first.StandinRequestsPerPlan,
		CPUMSPerPlan: first.CPUMSPerPlan, BaselineCPUMS: bl.cpuPer(), CPURatio: first.CPURatio,
	}
	for _, r := range results[1:] {
		f := r.figures(bl)
		rep.UniquePhase = &f
	}
	return rep
}

// printLoad prints each phase's figures and the load average to stderr.
func printLoad(results []loadPhase, bl *phase, rep loadReport, stderr io.Writer) {
	for _, r := range results {
		f := r.figures(bl)
		fmt.Fprintf(stderr, "%-6s %.1f plans/s (p50 %.2f ms, p99 %.2f ms, max %.0f ms, %d over 2 s, %d non-2xx, memo %d hits %d misses), no-op gin %.0f req/s: ratio %.4f; "+
			"CPU %.3f ms/plan vs %.4f ms/no-op request: cpu ratio %.4f; provider calls per plan %.4f\n",
			r.name, f.PlansPerSec, f.P50MS, f.P99MS, f.MaxMS, f.Over2s, f.Non2xx, f.MemoHits, f.MemoMisses, rep.BaselineRPS, f.Ratio,
			f.CPUMSPerPlan, rep.BaselineCPUMS, f.CPURatio, f.ProviderCallsPerPlan["all"])
	}
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Fprintf(stderr, "load average: %s", load)
	}
}

// uniqueBriefs returns the request bodies of the unique phase: the i-th
// call draws a brief — origin and destination, start date, days,
// travellers and budget, as loadBriefs does — that no earlier call, and
// none of warmed, returned, so every plan is planned anew. Safe for
// concurrent use.
func uniqueBriefs(cities []string, warmed [][]byte, now string) func(int64) []byte {
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(13, uint64(time.Now().UnixNano())))
	seen := make(map[string]bool, len(warmed))
	for _, b := range warmed {
		seen[string(b)] = true
	}
	var extra int64
	return func(int64) []byte {
		mu.Lock()
		defer mu.Unlock()
		for tries := 0; tries < 1000; tries++ {
			if body, ok := drawBrief(rng, cities, now); ok && !seen[body] {
				seen[body] = true
				return []byte(body)
			}
		}
		// The draws are nearly exhausted (a handful of cities): a budget
		// of its own, in cents.
		for {
			extra++
			body, ok := drawBrief(rng, cities, now)
			if !ok {
				continue
			}
			body = strings.Replace(body, `,"currency"`, fmt.Sprintf(`.%02d,"currency"`, extra%100), 1)
			body = strings.Replace(body, `"amount":`, fmt.Sprintf(`"amount":%d`, extra/100+1), 1)
			if !seen[body] {
				seen[body] = true
				return []byte(body)
			}
		}
	}
}

// offlineAgents points every provider at a closed loopback port, so that
// whatever is not in the knowledge cache fails at once (as a dead provider
// behind an open circuit does) instead of waiting on the network.
func offlineAgents(a agents.Config) agents.Config {
	const dead = "http://127.0.0.1:9"
	a.OpenMeteoGeocodingURL, a.OpenMeteoForecastURL, a.OpenMeteoArchiveURL = dead, dead, dead
	a.WikivoyageENURL, a.WikivoyageZHURL, a.OverpassURL, a.NominatimURL = dead, dead, dead, dead
	a.Travel.FrankfurterURL, a.Travel.OSRMURL, a.Travel.OSRMWalkingURL, a.Travel.OSRMCyclingURL = dead, "none", "none", "none"
	a.Browser = nil
	return a
}

// loadBriefs returns n distinct plan requests over cities: origin and
// destination, start date, days, travellers and budget drawn from a fixed
// seed, so every run posts the same briefs.
func loadBriefs(cities []string, n int) [][]byte { return loadBriefsAt(cities, n, "") }

// loadBriefsAt is loadBriefs with each brief's reference time ("now"),
// when now is not empty, as a client that wants reproducible plans sends
// it.
func loadBriefsAt(cities []string, n int, now string) [][]byte {
	rng := rand.New(rand.NewPCG(13, 2026))
	seen := map[string]bool{}
	var out [][]byte
	for tries := 0; len(out) < n && tries < n*50; tries++ {
		body, ok := drawBrief(rng, cities, now)
		if ok && !seen[body] {
			seen[body] = true
			out = append(out, []byte(body))
		}
	}
	return out
}

// drawBrief draws one plan request over cities: origin and destination
// (ok is false when they coincide), a start date in the 90 days from
// 2027-03-01, 2–4 days, 1–4 adults and 0–2 children, a budget of 1,000–
// 5,000 CNY per person; now, when not empty, is its reference time.
func drawBrief(rng *rand.Rand, cities []string, now string) (string, bool) {
	start := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	nowField := ""
	if now != "" {
		nowField = fmt.Sprintf(`,"now":%q`, now)
	}
	from, to := cities[rng.IntN(len(cities))], cities[rng.IntN(len(cities))]
	if from == to {
		return "", false
	}
	return fmt.Sprintf(`{"brief":{"origin":%q,"destinations":[%q],"start_date":%q,"days":%d,`+
		`"travelers":{"adults":%d,"children":%d},"budget":{"amount":%d,"currency":"CNY","per_person":true},"language":"en"%s}}`,
		from, to, start.AddDate(0, 0, rng.IntN(90)).Format("2006-01-02"), 2+rng.IntN(3),
		1+rng.IntN(4), rng.IntN(3), 1000+500*rng.IntN(9), nowField), true
}

// phase is one measured run of the generator.
type phase struct {
	done, non2xx, bytes int64
	elapsed             time.Duration
	// cpu is the process's CPU time over the phase (processCPU).
	cpu      time.Duration
	lat      []time.Duration
	firstErr string
}

// cpuPer returns the process's CPU milliseconds per request of the phase.
func (p *phase) cpuPer() float64 {
	if p.done == 0 {
		return 0
	}
	return float64(p.cpu.Microseconds()) / 1000 / float64(p.done)
}

// processCPU returns the process's user and system CPU time so far (0 when
// the system does not say).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func (p *phase) rate() float64 {
	if p.elapsed <= 0 {
		return 0
	}
	return float64(p.done) / p.elapsed.Seconds()
}

// over returns the requests slower than d.
func (p *phase) over(d time.Duration) int64 {
	i, _ := slices.BinarySearch(p.lat, d+1)
	return int64(len(p.lat) - i)
}

func (p *phase) quantile(q float64) float64 {
	if len(p.lat) == 0 {
		return 0
	}
	i := min(int(q*float64(len(p.lat))), len(p.lat)-1)
	return float64(p.lat[i].Microseconds()) / 1000
}

// hammer posts bodies round robin to url from conc workers, for dur or,
// when dur is 0, until count requests were sent.
func hammer(ctx context.Context, client *http.Client, url string, body func(i int64) []byte, conc int, dur time.Duration, count int) *phase {
	var next atomic.Int64
	var mu sync.Mutex
	p := &phase{}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if dur > 0 {
		ctx, cancel = context.WithTimeout(ctx, dur)
		defer cancel()
	}
	start, cpu0 := time.Now(), processCPU()
	var wg sync.WaitGroup
	for range conc {
		wg.Go(func() {
			var lat []time.Duration
			var done, non2xx, size int64
			var firstErr string
			for ctx.Err() == nil {
				i := next.Add(1) - 1
				if count > 0 && i >= int64(count) {
					break
				}
				t0 := time.Now()
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body(i)))
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				if err != nil {
					if ctx.Err() != nil {
						break // the phase ended mid-request
					}
					non2xx++
					firstErr = err.Error()
					continue
				}
				n, _ := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode/100 != 2 {
					non2xx++
					if firstErr == "" {
						firstErr = resp.Status
					}
				}
				done++
				size += n
				lat = append(lat, time.Since(t0))
			}
			mu.Lock()
			p.done += done
			p.non2xx += non2xx
			p.bytes += size
			p.lat = append(p.lat, lat...)
			if p.firstErr == "" {
				p.firstErr = firstErr
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	p.elapsed, p.cpu = time.Since(start), processCPU()-cpu0
	slices.Sort(p.lat)
	return p
}
