package browser

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestTabCrash crashes renderers with Page.crash, once while a page runs
// and once in an idle tab: the run fails fast as unavailable (retryable),
// the crashed tabs are replaced, and the next scrapes succeed.
func TestTabCrash(t *testing.T) {
	path := os.Getenv("TRIPWEAVE_CHROMIUM")
	if path == "" {
		path = DefaultChromiumPath
	}
	if _, err := exec.LookPath(path); err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("Chromium not found at %s: %v", path, err)
		}
		t.Skipf("Chromium not found at %s: %v", path, err)
	}
	site := newCrashSite(t)
	a, err := New(Config{ChromiumPath: path, Tabs: 1, AllowPrivate: true, NavTimeout: 20 * time.Second, PageTimeout: 30 * time.Second,
		Recipes: []Recipe{site}}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ctx := context.Background()

	// Crash the tab in the middle of a page run: the page renders after 5 s.
	done := make(chan error, 1)
	go func() {
		_, err := a.Scrape(ctx, ScrapeRequest{Recipe: "crash", Params: map[string]string{"delay": "5000"}})
		done <- err
	}()
	busy := waitBusyTab(t, a)
	time.Sleep(100 * time.Millisecond)
	crashed := time.Now()
	crash(t, busy)
	err = <-done
	var ue *orchestrator.UpstreamError
	if !asUpstreamError(err, &ue) || ue.Type != orchestrator.EUNAVAILABLE || !ue.Retryable {
		t.Fatalf("scrape during a crash: %v, want unavailable, retryable", err)
	}
	if d := time.Since(crashed); d > 3*time.Second {
		t.Errorf("the crash was noticed after %v, want well before the page's 5 s delay", d)
	}
	if _, err := a.Scrape(ctx, ScrapeRequest{Recipe: "crash", Params: map[string]string{"delay": "0"}}); err != nil {
		t.Fatalf("scrape after a crash: %v", err)
	}

	// Crash the idle tab.
	a.pool.mu.Lock()
	idle := append([]*tab{}, a.pool.idle...)
	a.pool.mu.Unlock()
	if len(idle) != 1 {
		t.Fatalf("idle tabs = %d, want 1", len(idle))
	}
	crash(t, idle[0])
	deadline := time.Now().Add(5 * time.Second)
	for !idle[0].crashed.Load() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	opened := a.Stats().TabsOpened
	if _, err := a.Scrape(ctx, ScrapeRequest{Recipe: "crash", Params: map[string]string{"delay": "0"}}); err != nil {
		t.Fatalf("scrape after an idle crash: %v", err)
	}
	if got := a.Stats().TabsOpened; got != opened+1 {
		t.Errorf("tabs opened = %d, want %d (the crashed tab replaced)", got, opened+1)
	}
}

func asUpstreamError(err error, ue **orchestrator.UpstreamError) bool {
	e, ok := err.(*orchestrator.UpstreamError)
	*ue = e
	return ok
}

// waitBusyTab returns the tab of the page run in progress once its
// document has arrived (so the crash hits the renderer showing it).
func waitBusyTab(t *testing.T, a *Agent) *tab {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if tb := a.busyTab(); tb != nil {
			return tb
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("no page run started")
	return nil
}

// crash crashes tb's renderer. Page.crash gets no answer (the renderer is
// gone), so its error is ignored.
func crash(t *testing.T, tb *tab) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, time.Second)
	defer cancel()
	chromedp.Call(ctx, page.Crash, cdp.Empty{})
}

func newCrashSite(t *testing.T) Recipe {
	t.Helper()
	srv := newTestServer(t)
	r, err := ParseRecipe([]byte(`{"id": "crash", "name": "Crash", "kind": "hotels", "url": "` + srv + `/?delay={delay}",
		"items": "li", "fields": {"name": ".n", "price": ".p"}, "price": {"currency": "CNY"}, "politeness": {"requests_per_minute": 60000}}`))
	if err != nil {
		t.Fatal(err)
	}
	return *r
}

// busyTab returns a tab whose page run has loaded its document, or nil.
func (a *Agent) busyTab() *tab {
	a.pool.mu.Lock()
	defer a.pool.mu.Unlock()
	for tb := range a.pool.busy {
		tb.mu.Lock()
		running := tb.cur != nil && tb.cur.status == 200
		tb.mu.Unlock()
		if running {
			return tb
		}
	}
	return nil
}

// newTestServer serves two items rendered after ?delay= milliseconds.
func newTestServer(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><body><ul id="r"></ul><script>
setTimeout(function () { document.getElementById("r").innerHTML = '<li><b class="n">A</b> <i class="p">¥100</i></li><li><b class="n">B</b> <i class="p">¥200</i></li>'; }, %q);
</script></body></html>`, r.URL.Query().Get("delay"))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestHTTPSThroughProxy loads an https page: the browser reaches it through
// the egress proxy's CONNECT tunnel. (The test server's certificate is
// self-signed, so this browser ignores certificate errors; production
// browsers do not.)
func TestHTTPSThroughProxy(t *testing.T) {
	path := os.Getenv("TRIPWEAVE_CHROMIUM")
	if path == "" {
		path = DefaultChromiumPath
	}
	if _, err := exec.LookPath(path); err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("Chromium not found at %s: %v", path, err)
		}
		t.Skipf("Chromium not found at %s: %v", path, err)
	}
	var hits atomic.Int64
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><head><title>Secure</title></head><body><p id="x">over TLS</p></body></html>`)
	}))
	defer srv.Close()
	a, err := New(Config{ChromiumPath: path, AllowPrivate: true, AllowHosts: []string{srv.Listener.Addr().String()}},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	a.pool.cfg.flags["ignore-certificate-errors"] = true
	res, err := a.Extract(context.Background(), ExtractRequest{URL: srv.URL + "/", WaitFor: "#x"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != "over TLS" || res.FinalURL != srv.URL+"/" || hits.Load() == 0 {
		t.Errorf("text %q final %q hits %d", res.Text, res.FinalURL, hits.Load())
	}
}
