package pipeline_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/browser"
	"github.com/tripweave/tripweave/agents/browser/browsertest"
	"github.com/tripweave/tripweave/agents/toolclient"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// routedTools sends the tools the real agents serve to them and the others
// to the in-memory fakes.
type routedTools struct {
	real *toolclient.Client
	fake *fakeTools
}

func (r routedTools) Has(tool string) bool { return r.real.Has(tool) || r.fake.Has(tool) }

func (r routedTools) Call(ctx context.Context, tool string, args any) (json.RawMessage, error) {
	if r.real.Has(tool) {
		return r.real.Call(ctx, tool, args)
	}
	return r.fake.Call(ctx, tool, args)
}

// TestBrowserRouteInPlan runs the browser route end to end inside a plan:
// the decision module sends the live hotel and fare prices to the scraper
// agent, which drives real Chromium (agents/browser) over the real MCP
// transport through a local fixture travel site, and the prices it read
// are in the plan. It skips without Chromium unless
// TRIPWEAVE_REQUIRE_INTEGRATION=1 makes that a failure.
func TestBrowserRouteInPlan(t *testing.T) {
	path := os.Getenv("TRIPWEAVE_CHROMIUM")
	if path == "" {
		path = browser.DefaultChromiumPath
	}
	if _, err := exec.LookPath(path); err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("Chromium not found at %s and TRIPWEAVE_REQUIRE_INTEGRATION=1: %v", path, err)
		}
		t.Skipf("Chromium not found at %s: %v", path, err)
	}
	site := browsertest.NewSite()
	t.Cleanup(site.Close)
	recipes, err := site.Recipes()
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, pipeline.Options{NodeTimeout: 90 * time.Second})
	agent, err := browser.New(browser.Config{ChromiumPath: path, Tabs: 2, AllowPrivate: true, Recipes: recipes,
		NavTimeout: 30 * time.Second, PageTimeout: 60 * time.Second, Now: f.clk.Now}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = agent.Close() })
	srv := mcp.NewServer(&mcp.Implementation{Name: "browser", Version: "test"}, nil)
	agent.Register(srv)
	ctx := context.Background()
	client, err := toolclient.ConnectInMemory(ctx, srv)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Close() })
	svc := pipeline.New(f.kb, routedTools{real: client, fake: f.tools}, f.store, pipeline.Options{
		Now: f.clk.Now, NodeTimeout: 90 * time.Second, Deadline: 3 * time.Minute, PlanWithoutCatalogs: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})

	plan, run, err := svc.Plan(ctx, pipeline.Request{Brief: brief(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range plan.Notes {
		if n.Kind == orchestrator.KindHotelPrices || n.Kind == orchestrator.KindFares {
			t.Errorf("live price note: %+v", n)
		}
	}
	routes := map[orchestrator.Kind]string{}
	for _, sp := range run.Spans {
		if sp.Kind == orchestrator.KindHotelPrices || sp.Kind == orchestrator.KindFares {
			routes[sp.Kind] = sp.Route + "/" + sp.Status
		}
	}
	if routes[orchestrator.KindHotelPrices] != "browser/ok" || routes[orchestrator.KindFares] != "browser/ok" {
		t.Errorf("live price routes = %v, want browser/ok for both", routes)
	}
	// The scraped pages' content is in the plan: Chengdu's hotels (by
	// JavaScript, over three pages) and the legs' trains.
	var hotels, fares string
	for id, s := range plan.Trip.Sections {
		switch s.Kind {
		case orchestrator.KindHotelPrices:
			hotels += string(s.Payload)
			if !strings.HasPrefix(s.Provenance.Source, "browser") {
				t.Errorf("section %s from %q", id, s.Provenance.Source)
			}
		case orchestrator.KindFares:
			fares += string(s.Payload)
		}
	}
	for _, name := range []string{"Jinjiang Hotel", "Wenshu Monastery Guesthouse"} {
		if !strings.Contains(hotels, name) {
			t.Errorf("hotel prices lack %q: %.300s", name, hotels)
		}
	}
	if !strings.Contains(fares, "G1234") {
		t.Errorf("fares lack the fixture's train G1234: %.300s", fares)
	}
	var listed bool
	for _, s := range plan.Sources {
		listed = listed || s.Kind == orchestrator.KindHotelPrices
	}
	if !listed {
		t.Errorf("the plan's sources do not list the scraped hotel prices: %+v", plan.Sources)
	}
	if site.Hits("/hotels") == 0 || site.Hits("/trains") == 0 {
		t.Errorf("fixture hits: hotels %d, trains %d", site.Hits("/hotels"), site.Hits("/trains"))
	}
}
