package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// overloadPhase is one measured run of `orchestrator overload`: a fresh
// server process under clients concurrent connections for a fixed time.
type overloadPhase struct {
	Clients     int     `json:"clients"`
	MaxInFlight string  `json:"max_plans_in_flight"` // the server's bound, or "off"
	Requests    int     `json:"requests"`
	Created     int     `json:"created_201"`
	Refused503  int     `json:"refused_503"`
	Refused429  int     `json:"refused_429"`
	Other       int     `json:"other"`
	PlansPerSec float64 `json:"plans_per_s"`
	AdmittedP50 float64 `json:"admitted_p50_ms"`
	AdmittedP99 float64 `json:"admitted_p99_ms"`
	RefusedP99  float64 `json:"refused_p99_ms"`
	PeakRSSMB   float64 `json:"peak_rss_mb"` // the server's VmHWM
	DeadlineMS  float64 `json:"plan_deadline_ms"`
}

// cmdOverload measures admission control: for each client count it starts
// the API as a child process (the ChinaTravel sandbox imported, providers
// failing fast, so plans are CPU-bound) twice — with the bound on plans in
// flight and without it (the baseline) — drives it with that many
// connections posting varied briefs without pause, and reports the
// server's peak RSS, how fast excess load was refused, and the admitted
// plans' p50/p99 against the plan deadline.
func cmdOverload(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("overload", stderr)
	data := fs.String("data", "", "ChinaTravel sandbox directory to import (required)")
	clients := fs.String("clients", "64,256", "comma-separated client counts, one phase pair each")
	dur := fs.Duration("duration", 10*time.Second, "how long each phase runs")
	bound := fs.Int("max-in-flight", DefaultMaxInFlight, "the server's TRIPWEAVE_MAX_PLANS_IN_FLIGHT in the bounded phases")
	maxRSS := fs.Float64("max-rss-mb", 0, "fail when a bounded phase's peak RSS exceeds this (0: report only)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *data == "" {
		return &usageError{"overload needs --data DIR (the ChinaTravel sandbox)"}
	}
	cat, err := datasets.LoadChinaTravel(*data)
	if err != nil {
		return err
	}
	briefs := loadBriefs(cat.Cities(), 400)
	self, err := os.Executable()
	if err != nil {
		return err
	}
	var phases []overloadPhase
	var failures []string
	for _, c := range strings.Split(*clients, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(c))
		if err != nil || n < 1 || n > 4096 {
			return &usageError{"--clients: " + c + " is not a number from 1 to 4096"}
		}
		for _, limit := range []string{strconv.Itoa(*bound), "off"} {
			fmt.Fprintf(stderr, "phase: %d clients, max plans in flight %s, %s\n", n, limit, *dur)
			p, err := overloadRun(ctx, self, cfg, *data, limit, n, *dur, briefs, stderr)
			if err != nil {
				return err
			}
			fmt.Fprintf(stderr, "  %d requests: %d created (p50 %.1f ms, p99 %.1f ms), %d refused 503 (p99 %.1f ms), %d 429, %d other; peak RSS %.0f MB\n",
				p.Requests, p.Created, p.AdmittedP50, p.AdmittedP99, p.Refused503, p.RefusedP99, p.Refused429, p.Other, p.PeakRSSMB)
			phases = append(phases, p)
			if limit != "off" {
				if p.AdmittedP99 > p.DeadlineMS {
					failures = append(failures, fmt.Sprintf("%d clients: admitted p99 %.0f ms past the plan deadline", n, p.AdmittedP99))
				}
				if *maxRSS > 0 && p.PeakRSSMB > *maxRSS {
					failures = append(failures, fmt.Sprintf("%d clients: peak RSS %.0f MB over %.0f MB", n, p.PeakRSSMB, *maxRSS))
				}
				if p.Other > 0 {
					failures = append(failures, fmt.Sprintf("%d clients: %d answers neither 201, 503 nor 429", n, p.Other))
				}
			}
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(phases); err != nil {
		return err
	}
	if len(failures) > 0 {
		return fmt.Errorf("overload: %s", strings.Join(failures, "; "))
	}
	return nil
}

// overloadRun runs one phase against a fresh child server.
func overloadRun(ctx context.Context, self string, cfg Config, data, limit string, clients int, dur time.Duration, briefs [][]byte, stderr io.Writer) (overloadPhase, error) {
	p := overloadPhase{Clients: clients, MaxInFlight: limit, DeadlineMS: float64(cfg.Deadline.Milliseconds())}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return p, err
	}
	addr := ln.Addr().String()
	ln.Close()
	dir, err := os.MkdirTemp("", "tripweave-overload-")
	if err != nil {
		return p, err
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, self, "serve", "--addr", addr)
	const dead = "http://127.0.0.1:9"
	cmd.Env = append(overloadEnviron(), "TRIPWEAVE_IMPORT=chinatravel:"+data, "TRIPWEAVE_DB_PATH="+dir+"/plans.db",
		"TRIPWEAVE_MAX_PLANS_IN_FLIGHT="+limit, "TRIPWEAVE_RATE_LIMIT=off", "TRIPWEAVE_BROWSER=off", "TRIPWEAVE_LOG_LEVEL=error",
		"OPENMETEO_GEOCODING_URL="+dead, "OPENMETEO_FORECAST_URL="+dead, "OPENMETEO_ARCHIVE_URL="+dead,
		"WIKIVOYAGE_EN_URL="+dead, "WIKIVOYAGE_ZH_URL="+dead, "OVERPASS_URL="+dead, "NOMINATIM_URL="+dead,
		"FRANKFURTER_URL="+dead, "OSRM_URL=none", "OSRM_WALKING_URL=none", "OSRM_CYCLING_URL=none")
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Start(); err != nil {
		return p, err
	}
	defer func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}()
	base := "http://" + addr
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get(base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Since(start) > time.Minute {
			return p, fmt.Errorf("the server on %s was not ready within a minute", addr)
		}
	}
	// Warm the caches the way a running server is warm, unmeasured.
	warm := &http.Client{Timeout: time.Minute}
	for _, b := range briefs[:min(len(briefs), 40)] {
		if resp, err := warm.Post(base+"/v1/plans", "application/json", bytes.NewReader(b)); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	client := &http.Client{Timeout: 2 * cfg.Deadline, Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
	var mu sync.Mutex
	var admitted, refused []time.Duration
	var next atomic.Int64
	stop := time.Now().Add(dur)
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for time.Now().Before(stop) && ctx.Err() == nil {
				body := briefs[int(next.Add(1))%len(briefs)]
				t0 := time.Now()
				resp, err := client.Post(base+"/v1/plans", "application/json", bytes.NewReader(body))
				el := time.Since(t0)
				mu.Lock()
				p.Requests++
				if err != nil {
					p.Other++
					mu.Unlock()
					continue
				}
				switch resp.StatusCode {
				case http.StatusCreated:
					p.Created++
					admitted = append(admitted, el)
				case http.StatusServiceUnavailable:
					p.Refused503++
					refused = append(refused, el)
				case http.StatusTooManyRequests:
					p.Refused429++
					refused = append(refused, el)
				default:
					p.Other++
				}
				mu.Unlock()
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		})
	}
	wg.Wait()
	p.PlansPerSec = float64(p.Created) / dur.Seconds()
	p.AdmittedP50, p.AdmittedP99 = quantileMS(admitted, 0.5), quantileMS(admitted, 0.99)
	p.RefusedP99 = quantileMS(refused, 0.99)
	p.PeakRSSMB = peakRSSMB(cmd.Process.Pid)
	return p, nil
}

func quantileMS(d []time.Duration, q float64) float64 {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return float64(d[min(int(q*float64(len(d))), len(d)-1)].Microseconds()) / 1000
}

// peakRSSMB reads a process's peak resident set (VmHWM) in MB; 0 when it
// cannot be read (not Linux).
func peakRSSMB(pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				kb, _ := strconv.ParseFloat(f[0], 64)
				return kb / 1024
			}
		}
	}
	return 0
}

// overloadEnviron is the environment without shared stores: each phase's
// server keeps plans in a SQLite file of its own and its cache in the
// embedded Redis, so phases start alike and nothing lands in databases
// other runs share.
func overloadEnviron() []string { return environWithout(append(planStoreEnv, "REDIS_URL")...) }

// planStoreEnv are the variables that choose a shared plan store.
var planStoreEnv = []string{"DATABASE_URL", "TRIPWEAVE_PG_SCHEMA", "SUPABASE_URL", "SUPABASE_SERVICE_KEY"}

// environWithout is os.Environ() without the given variables.
func environWithout(keys ...string) []string {
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(keys, k) {
			out = append(out, kv)
		}
	}
	return out
}
