package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator"
)

// chromiumPath returns the Chromium binary, skipping the test when there is
// none (failing it when TRIPWEAVE_REQUIRE_INTEGRATION=1).
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("CHROMIUM_PATH"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"} {
		if p == "" {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
		t.Fatal("no Chromium found but TRIPWEAVE_REQUIRE_INTEGRATION=1")
	}
	t.Skip("no Chromium (install chromium or set CHROMIUM_PATH)")
	return ""
}

// TestBrowser drives the page at / in headless Chromium against the real
// server, agents and recorded Open-Meteo responses: it submits a brief,
// watches the DAG's progress, opens the itinerary and checks its sections at
// a desktop and a phone width, saving screenshots under the test's temp dir.
func TestBrowser(t *testing.T) {
	chromium := chromiumPath(t)
	if testing.Short() {
		t.Skip("browser test in -short mode")
	}
	om := openmeteotest.NewServer(t)
	base := startServer(t, testConfig(t, om))
	// Screenshots go to the test's temp dir, or to TRIPWEAVE_SCREENSHOTS to
	// keep them.
	shots := t.TempDir()
	if dir := os.Getenv("TRIPWEAVE_SCREENSHOTS"); dir != "" {
		shots = dir
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	actx := newAllocator(t, ctx, chromium)
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}

	for _, vp := range []struct {
		name     string
		w, h     int64
		phone    bool
		autoOpen bool
		minWidth int
	}{
		{name: "desktop", w: 1280, h: 900, autoOpen: true},
		{name: "phone", w: 390, h: 844, phone: true},
	} {
		t.Run(vp.name, func(t *testing.T) {
			tab, closeTab := chromedp.NewContext(bctx)
			defer closeTab()
			var opts []chromedp.EmulateViewportOption
			if vp.phone {
				opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
			}
			if err := chromedp.Do(tab,
				chromedp.EmulateViewport(vp.w, vp.h, opts...),
				chromedp.Navigate(base+"/"),
				chromedp.WaitVisible(chromedp.ID("request")),
			); err != nil {
				t.Fatal(err)
			}
			steps := []chromedp.Action[chromedp.Void]{chromedp.SetValue(chromedp.ID("request"), chengduBrief)}
			if !vp.autoOpen {
				steps = append(steps, chromedp.Click(chromedp.ID("autoopen")))
			}
			steps = append(steps, chromedp.Click(chromedp.ID("submit")))
			if err := chromedp.Do(tab, steps...); err != nil {
				t.Fatal(err)
			}

			if !vp.autoOpen {
				// The progress stays on the page: every node is listed with
				// its outcome, and a link leads to the itinerary.
				if err := chromedp.Do(tab, chromedp.WaitVisible(chromedp.ID("open"))); err != nil {
					t.Fatalf("waiting for the plan: %v", err)
				}
				finished, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#nodes li.ok, #nodes li.unavailable, #nodes li.failed").length`))
				if err != nil || finished < 5 {
					t.Errorf("%d finished nodes listed (%v)", finished, err)
				}
				pending, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#nodes li.running, #nodes li.pending").length`))
				if pending != 0 {
					t.Errorf("%d nodes still shown as pending or running after the plan", pending)
				}
				status, _ := chromedp.Run(tab, chromedp.Text(chromedp.ID("status")))
				if !strings.HasPrefix(status, "Done") {
					t.Errorf("status %q", status)
				}
				if w, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); w > int(vp.w) {
					t.Errorf("the progress page is %d px wide in a %d px viewport", w, vp.w)
				}
				saveScreenshot(t, tab, filepath.Join(shots, vp.name+"-progress.png"))
				if err := chromedp.Do(tab, chromedp.Click(chromedp.ID("open"))); err != nil {
					t.Fatal(err)
				}
			}
			if err := chromedp.Do(tab, chromedp.WaitVisible(chromedp.ID("overview"))); err != nil {
				t.Fatalf("waiting for the itinerary: %v", err)
			}
			loc, _ := chromedp.Run(tab, chromedp.Location())
			if !strings.HasPrefix(loc, base+"/v1/plans/") || !strings.HasSuffix(loc, ".html") {
				t.Errorf("itinerary at %s", loc)
			}
			ids, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("header[id], section[id]")).map(e => e.id)`))
			if err != nil {
				t.Fatal(err)
			}
			hasItinerary, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`document.body.dataset.itinerary === "true"`))
			want := []string{"overview", "weather", "notes", "sources"}
			if hasItinerary {
				want = append(want, "days", "budget", "findings")
			} else {
				want = append(want, "trip")
			}
			for _, id := range want {
				if !slices.Contains(ids, id) {
					t.Errorf("itinerary (with days: %v) lacks #%s; has %v", hasItinerary, id, ids)
				}
			}
			title, _ := chromedp.Run(tab, chromedp.Text(chromedp.CSS("h1")))
			if !strings.Contains(title, "Chengdu") {
				t.Errorf("title %q", title)
			}
			weatherRows, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#weather tbody tr").length`))
			if weatherRows != 3 {
				t.Errorf("%d weather rows, want 3", weatherRows)
			}
			attribution, _ := chromedp.Run(tab, chromedp.Text(chromedp.ID("sources")))
			if !strings.Contains(attribution, "Open-Meteo") {
				t.Errorf("sources lack the Open-Meteo attribution: %q", attribution)
			}
			// Nothing is wider than the screen: tables scroll inside their box.
			fits, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth <= window.innerWidth`))
			if !fits {
				w, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
				t.Errorf("the page is %d px wide in a %d px viewport", w, vp.w)
			}
			// The notes speak to the traveller: none of the plan's technical
			// note messages (provider errors, tool refusals) is on the page.
			id := strings.TrimSuffix(strings.TrimPrefix(loc, base+"/v1/plans/"), ".html")
			var stored struct {
				Notes []struct{ Message, Traveller, Audience string } `json:"notes"`
			}
			if code, data := getJSON(t, base+"/v1/plans/"+id); code != 200 || json.Unmarshal(data, &stored) != nil {
				t.Fatalf("GET the plan: %d %s", code, data)
			}
			body, _ := chromedp.Run(tab, chromedp.Text(chromedp.CSS("body")))
			if len(stored.Notes) == 0 {
				t.Fatal("the plan has no notes: the test server's agents leave some subtasks unserved, so it should")
			}
			for _, n := range stored.Notes {
				if n.Message != "" && strings.Contains(body, n.Message) {
					t.Errorf("the itinerary shows a note's technical message %q", n.Message)
				}
				switch {
				case n.Audience == orchestrator.NoteOperator:
					// Configuration, for operators: never on the page.
					if n.Traveller != "" {
						t.Errorf("an operator note has traveller wording: %q", n.Traveller)
					}
				case n.Traveller == "":
					t.Errorf("a note has no traveller wording: %q", n.Message)
				case !strings.Contains(body, n.Traveller):
					t.Errorf("the itinerary lacks the note %q", n.Traveller)
				}
			}
			// Every table cell stays readable: not squeezed to a few
			// characters per line, not clipped, not off the screen (on a
			// phone the wide tables reflow into cards).
			bad, err := chromedp.Run(tab, chromedp.Evaluate[[]string](cellProblemsJS))
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range bad {
				t.Errorf("%s: %s", vp.name, b)
			}
			if vp.phone {
				cards, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`getComputedStyle(document.querySelector("table.cards td")).display !== "table-cell"`))
				if !cards {
					t.Errorf("the wide tables do not reflow into cards at %d px", vp.w)
				}
			}
			saveScreenshot(t, tab, filepath.Join(shots, vp.name+"-itinerary.png"))
		})
	}
}

// cellProblemsJS lists the visible table cells a reader cannot read: text
// squeezed into a column under 48 px, content clipped by its cell, or a cell
// reaching past the right edge of the viewport.
const cellProblemsJS = `(() => {
  const bad = [];
  document.querySelectorAll("td").forEach(td => {
    if (td.closest("details:not([open])")) return;
    const r = td.getBoundingClientRect();
    const text = td.textContent.trim();
    if (!text || (r.width === 0 && r.height === 0)) return;
    const what = JSON.stringify(text.slice(0, 30));
    if ([...text].length >= 3 && r.width < 48) bad.push("cell " + what + " is " + Math.round(r.width) + " px wide");
    if (td.scrollWidth > td.clientWidth + 1) bad.push("cell " + what + " is clipped");
    if (r.right > window.innerWidth + 1) bad.push("cell " + what + " ends at " + Math.round(r.right) + " px, past the viewport");
  });
  return bad;
})()`

func saveScreenshot(t *testing.T, tab context.Context, path string) {
	t.Helper()
	png, err := chromedp.Run(tab, chromedp.FullScreenshot(100)) // quality 100: PNG
	if err != nil {
		t.Errorf("screenshot: %v", err)
		return
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Error(err)
		return
	}
	t.Logf("screenshot %s (%d bytes)", path, len(png))
}

// newAllocator starts allocating headless Chromium tabs for the test, with
// a user-data directory of its own; the test's end stops it.
func newAllocator(t *testing.T, ctx context.Context, chromium string) context.Context {
	t.Helper()
	actx, acancel := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(chromium),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true), chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()))
	t.Cleanup(acancel)
	return actx
}
