package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/standin"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// The unique phase posts briefs that differ from each other and from the
// warmed ones in what is planned — cities, dates, days, travellers,
// budget — not in a budget's cents alone, even when few cities leave few
// draws.
func TestUniqueBriefs(t *testing.T) {
	for _, cities := range [][]string{
		{"Beijing", "Shanghai", "Chengdu", "Hangzhou", "Nanjing", "Suzhou", "Guangzhou", "Shenzhen", "Wuhan", "Chongqing"},
		{"Beijing", "Shanghai"},
	} {
		warmed := loadBriefsAt(cities, 400, "2027-02-01T00:00:00Z")
		next := uniqueBriefs(cities, warmed, "2027-02-01T00:00:00Z")
		seen := map[string]bool{}
		for _, b := range warmed {
			seen[string(b)] = true
		}
		type brief struct {
			Origin    string   `json:"origin"`
			Dest      []string `json:"destinations"`
			StartDate string   `json:"start_date"`
			Days      int      `json:"days"`
			Travelers struct {
				Adults, Children int
			} `json:"travelers"`
			Budget struct {
				Amount float64 `json:"amount"`
			} `json:"budget"`
		}
		fields := map[string]map[any]bool{"route": {}, "date": {}, "days": {}, "travellers": {}, "budget": {}}
		const n = 3000
		for i := range n {
			body := next(int64(i))
			if seen[string(body)] {
				t.Fatalf("cities %v: request %d repeats a brief: %s", cities, i, body)
			}
			seen[string(body)] = true
			var req struct{ Brief brief }
			if err := json.Unmarshal(body, &req); err != nil {
				t.Fatalf("%s: %v", body, err)
			}
			b := req.Brief
			if b.Origin == "" || len(b.Dest) != 1 || b.Days < 2 || b.Travelers.Adults < 1 || b.Budget.Amount <= 0 {
				t.Fatalf("not a plannable brief: %s", body)
			}
			fields["route"][b.Origin+">"+b.Dest[0]] = true
			fields["date"][b.StartDate] = true
			fields["days"][b.Days] = true
			fields["travellers"][b.Travelers] = true
			fields["budget"][b.Budget.Amount] = true
		}
		for f, vs := range fields {
			if len(vs) < 2 {
				t.Errorf("cities %v: the unique briefs do not vary their %s", cities, f)
			}
		}
	}
}

// TestLoadStandin runs `load --providers standin` briefly on the ChinaTravel
// sandbox: after the warm-up (pre-warm of every city, the briefs planned
// twice) the plans of both phases ask no provider — the stand-in receives no
// request and the pipeline counts no provider call — whatever their dates.
func TestLoadStandin(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of load")
	}
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		t.Skipf("dataset missing: %v", err)
	}
	cfg := DefaultConfig()
	cfg.LogLevel = "error"
	cfg.DBPath = filepath.Join(t.TempDir(), "plans.db")
	var stdout, stderr bytes.Buffer
	err = cmdLoad(context.Background(), cfg, []string{"--data", dir, "--providers", "standin", "--duration", "1s",
		"--concurrency", "4", "--briefs", "40"}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("load: %v\n%s", err, stderr.String())
	}
	var rep loadReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Providers != "standin" || rep.Plans == 0 || rep.UniquePhase == nil || rep.UniquePhase.Plans == 0 {
		t.Fatalf("report: %s", stdout.String())
	}
	for phase, f := range map[string]struct{ calls, reqs map[string]float64 }{
		"repeat": {rep.ProviderCallsPerPlan, rep.StandinRequestsPerPlan},
		"unique": {rep.UniquePhase.ProviderCallsPerPlan, rep.UniquePhase.StandinRequestsPerPlan},
	} {
		if f.calls["all"] != 0 || f.reqs["all"] != 0 {
			t.Errorf("%s: provider calls per plan %v, stand-in requests per plan %v; want none", phase, f.calls, f.reqs)
		}
	}
}

// TestPrewarmedCityAnyDate: once a city is pre-warmed, plans for any dates
// of it — over three months, the forecast window and beyond — ask no
// provider, while a city not pre-warmed is counted asking them.
func TestPrewarmedCityAnyDate(t *testing.T) {
	stand, err := standin.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer stand.Close()
	cfg := DefaultConfig()
	cfg.LogLevel = "error"
	cfg.DBPath = filepath.Join(t.TempDir(), "plans.db")
	cfg.Agents = stand.Configure(cfg.Agents)
	app, err := Open(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	for _, r := range app.Service.Prewarm(context.Background(), []string{"Chengdu"}, "en", 1, nil) {
		if r.Failed > 0 || r.Unwarmed > 0 {
			t.Fatalf("prewarm: %+v", r)
		}
	}
	plan := func(city string, start time.Time) {
		t.Helper()
		body := fmt.Sprintf(`{"brief":{"destinations":[%q],"start_date":%q,"days":3,"travelers":{"adults":2},"language":"en"}}`,
			city, start.Format("2006-01-02"))
		if code, resp := postPlan(app.Server.Handler(), body); code != http.StatusCreated {
			t.Fatalf("plan %s %s: %d %s", city, start.Format("2006-01-02"), code, resp)
		}
	}
	today := time.Now().UTC()
	before := stand.Total()
	_, calls0 := app.Service.ProviderCalls()
	for _, d := range []int{1, 9, 15, 20, 45, 70, 90} {
		plan("Chengdu", today.AddDate(0, 0, d))
	}
	_, calls := app.Service.ProviderCalls()
	if n := stand.Total() - before; n != 0 {
		t.Errorf("a pre-warmed city's plans sent %d provider requests (%v), want none", n, stand.Calls())
	}
	for k, v := range calls {
		if v != calls0[k] {
			t.Errorf("a pre-warmed city's plans counted %d %s provider calls, want none", v-calls0[k], k)
		}
	}
	b0 := stand.Calls()
	plan("Wuhan", today.AddDate(0, 0, 30))
	t.Logf("stand-in requests before %v after %v", b0, stand.Calls())
	if _, after := app.Service.ProviderCalls(); after[orchestrator.KindWeather] == calls[orchestrator.KindWeather] {
		t.Errorf("a cold city's plan counted no weather provider call: %v", after)
	}
}
