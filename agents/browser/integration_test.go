package browser_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/browser"
	"github.com/tripweave/tripweave/agents/browser/browsertest"
	"github.com/tripweave/tripweave/orchestrator"
)

// fixedNow is the injected clock of every test agent.
var fixedNow = time.Date(2026, 6, 1, 8, 30, 0, 0, time.UTC)

// chromiumPath returns the Chromium to test with, or skips (fails when
// TRIPWEAVE_REQUIRE_INTEGRATION=1).
func chromiumPath(t testing.TB) string {
	t.Helper()
	path := os.Getenv("TRIPWEAVE_CHROMIUM")
	if path == "" {
		path = browser.DefaultChromiumPath
	}
	if _, err := exec.LookPath(path); err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("Chromium not found at %s and TRIPWEAVE_REQUIRE_INTEGRATION=1: %v", path, err)
		}
		t.Skipf("Chromium not found at %s (install it with apt-get install chromium): %v", path, err)
	}
	return path
}

// fakeFX converts at fixed rates.
type fakeFX map[string]float64

func (f fakeFX) Rate(_ context.Context, from, to string) (float64, time.Time, error) {
	if r, ok := f[from+to]; ok {
		return r, time.Date(2026, 5, 29, 0, 0, 0, 0, time.UTC), nil
	}
	return 0, time.Time{}, errors.New("no rate")
}

func testLogger(t testing.TB) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// shared is the agent most tests use, on one fixture site; TestMain
// closes it and checks that nothing is left behind.
var shared struct {
	once  sync.Once
	site  *browsertest.Site
	agent *browser.Agent
	err   error
}

// sharedAgent returns the shared agent and its site. Tests using it run in
// parallel.
func sharedAgent(t *testing.T) (*browser.Agent, *browsertest.Site) {
	t.Helper()
	path := chromiumPath(t)
	shared.once.Do(func() {
		shared.site = browsertest.NewSite()
		var recipes []browser.Recipe
		if recipes, shared.err = shared.site.Recipes(); shared.err != nil {
			return
		}
		shared.agent, shared.err = browser.New(testConfig(path, recipes), testLogger(t))
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	t.Parallel()
	return shared.agent, shared.site
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.agent != nil {
		if problems := closeAndCheck(shared.agent); len(problems) > 0 {
			for _, p := range problems {
				fmt.Fprintln(os.Stderr, "shared agent:", p)
			}
			code = 1
		}
		shared.site.Close()
	}
	os.Exit(code)
}

func testConfig(path string, recipes []browser.Recipe) browser.Config {
	return browser.Config{
		ChromiumPath: path,
		Tabs:         4,
		NavTimeout:   10 * time.Second,
		PageTimeout:  30 * time.Second,
		AllowPrivate: true, // the fixture site is on 127.0.0.1
		Recipes:      recipes,
		Now:          func() time.Time { return fixedNow },
		FX:           fakeFX{"USDCNY": 7.2, "CNYUSD": 1 / 7.2},
	}
}

// newAgent starts an agent on site's recipes; Close runs at cleanup and
// checks that no browser process and no profile directory is left.
func newAgent(t testing.TB, site *browsertest.Site, mod func(*browser.Config)) *browser.Agent {
	t.Helper()
	path := chromiumPath(t)
	recipes, err := site.Recipes()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(path, recipes)
	cfg.Tabs = 2
	if mod != nil {
		mod(&cfg)
	}
	a, err := browser.New(cfg, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, p := range closeAndCheck(a) {
			t.Error(p)
		}
	})
	return a
}

// closeAndCheck closes a and returns what is wrong: browser processes or
// a temporary profile left behind.
func closeAndCheck(a *browser.Agent) []string {
	var problems []string
	pids := a.BrowserPIDs()
	var dataDir string
	if len(pids) > 0 {
		dataDir = userDataDir(pids[0])
	}
	if err := a.Close(); err != nil {
		problems = append(problems, fmt.Sprintf("Close: %v", err))
	}
	if s := a.Stats(); s.Running {
		problems = append(problems, "after Close, Stats().Running = true")
	}
	deadline := time.Now().Add(3 * time.Second)
	for _, pid := range pids {
		for processAlive(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if processAlive(pid) {
			problems = append(problems, fmt.Sprintf("after Close, browser process %d is still running: %s", pid, cmdline(pid)))
		}
	}
	if len(pids) > 0 && dataDir == "" {
		problems = append(problems, "no --user-data-dir on the browser's command line")
	}
	if dataDir != "" {
		if _, err := os.Stat(dataDir); !errors.Is(err, os.ErrNotExist) {
			problems = append(problems, fmt.Sprintf("after Close, the profile %s still exists (stat: %v)", dataDir, err))
		}
		if stray := processesUsing(dataDir); len(stray) > 0 {
			problems = append(problems, fmt.Sprintf("after Close, processes still use %s: %v", dataDir, stray))
		}
	}
	return problems
}

// processAlive reports whether pid runs (a zombie waiting to be reaped by
// init counts as gone).
func processAlive(pid int) bool {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || !strings.HasPrefix(strings.TrimSpace(s[i+1:]), "Z")
}

func cmdline(pid int) string {
	data, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	return strings.ReplaceAll(string(data), "\x00", " ")
}

func userDataDir(pid int) string {
	for _, arg := range strings.Split(cmdline(pid), " ") {
		if v, ok := strings.CutPrefix(arg, "--user-data-dir="); ok {
			return v
		}
	}
	return ""
}

func processesUsing(dir string) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || !processAlive(pid) {
			continue
		}
		if strings.Contains(cmdline(pid), dir) {
			out = append(out, pid)
		}
	}
	return out
}

// upstreamError returns err as an UpstreamError or fails.
func upstreamError(t testing.TB, err error) *orchestrator.UpstreamError {
	t.Helper()
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		t.Fatalf("error = %v (%T), want an *orchestrator.UpstreamError", err, err)
	}
	return ue
}

func hotelParams() map[string]string {
	return map[string]string{"city": "chengdu", "checkin": "2026-06-19", "checkout": "2026-06-22", "nights": "3", "guests": "2+1"}
}

func TestScrapeHotelsRenderedLateAndPaginated(t *testing.T) {
	a, site := sharedAgent(t)
	ctx := context.Background()

	res, err := a.Scrape(ctx, browser.ScrapeRequest{Recipe: "fixture-hotels", Params: hotelParams()})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(res.Items), 12; got != want {
		t.Fatalf("items = %d, want %d: %+v", got, want, res.Items)
	}
	if got := res.Recipes[0].Pages; got != 3 {
		t.Errorf("pages = %d, want 3", got)
	}
	if got := res.Recipes[0].URLs; len(got) != 3 {
		t.Errorf("urls = %v, want 3 pages", got)
	}
	wantDist := []int64{12000, 19900, 36800, 39900, 45000, 56000, 64000, 72000, 86000, 98000, 128000, 215000}
	if !equalInts(res.Distribution, wantDist) {
		t.Errorf("distribution = %v, want %v", res.Distribution, wantDist)
	}
	if res.Economy == nil || res.Mid == nil || res.Comfort == nil {
		t.Fatalf("figures missing: %+v", res)
	}
	for _, c := range []struct {
		name      string
		got, want orchestrator.Money
	}{
		{"economy", *res.Economy, orchestrator.Money{Cents: 39125, Currency: "CNY"}},
		{"mid", *res.Mid, orchestrator.Money{Cents: 60000, Currency: "CNY"}},
		{"comfort", *res.Comfort, orchestrator.Money{Cents: 89000, Currency: "CNY"}},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	first := res.Items[0]
	if first.Name != "Riverside Hostel" || first.Basis != browser.BasisPerNight || first.Room != "Dorm bed" {
		t.Errorf("first item = %+v", first)
	}
	if want := site.URL + "/h/riverside"; first.URL != want {
		t.Errorf("url = %q, want %q", first.URL, want)
	}
	if !strings.HasPrefix(first.SourceURL, site.URL+"/hotels?") || !strings.Contains(first.SourceURL, "page=2") {
		t.Errorf("source url = %q, want page 2 of /hotels", first.SourceURL)
	}
	if !first.FetchedAt.Equal(fixedNow) {
		t.Errorf("fetched_at = %v, want %v", first.FetchedAt, fixedNow)
	}
	for _, it := range res.Items {
		if it.Name == "Jinjiang Hotel" && it.Rating != 4.6 {
			t.Errorf("Jinjiang rating = %v, want 4.6 (9.2/10)", it.Rating)
		}
		if it.Name == "Kuanzhai Courtyard" && it.Price.Cents != 98000 {
			t.Errorf("Kuanzhai price = %v, want the low end of the range, 980.00", it.Price)
		}
	}
	p := res.Provenance
	if p.Source != "browser:fixture-hotels" || !p.FetchedAt.Equal(fixedNow) || p.TTL != 1200 || p.Attribution == nil ||
		p.Attribution.Text != "Prices from Fixture Hotels" || p.Attribution.URL != site.URL+"/" {
		t.Errorf("provenance = %+v (attribution %+v)", p, p.Attribution)
	}
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestScrapeKindMergesAndConverts(t *testing.T) {
	a, _ := sharedAgent(t)
	res, err := a.Scrape(context.Background(), browser.ScrapeRequest{Kind: "hotels", Currency: "CNY", Params: hotelParams()})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res.Count, 14; got != want {
		t.Fatalf("count = %d, want %d", got, want)
	}
	byName := map[string]browser.Item{}
	for _, it := range res.Items {
		byName[it.Name] = it
	}
	for _, c := range []struct {
		name   string
		price  orchestrator.Money
		listed orchestrator.Money
	}{
		// US$ 240 for 3 nights = 80 USD a night = 576 CNY at 7.2.
		{"Downtown Studio", orchestrator.Money{Cents: 57600, Currency: "CNY"}, orchestrator.Money{Cents: 24000, Currency: "USD"}},
		{"Loft by the River", orchestrator.Money{Cents: 36000, Currency: "CNY"}, orchestrator.Money{Cents: 15000, Currency: "USD"}},
		{"Jinjiang Hotel", orchestrator.Money{Cents: 128000, Currency: "CNY"}, orchestrator.Money{Cents: 128000, Currency: "CNY"}},
	} {
		it, ok := byName[c.name]
		if !ok {
			t.Errorf("no item %q", c.name)
			continue
		}
		if it.Price != c.price || it.Listed != c.listed || it.Basis != browser.BasisPerNight {
			t.Errorf("%s: price %v listed %v basis %s, want %v, %v, per_night", c.name, it.Price, it.Listed, it.Basis, c.price, c.listed)
		}
	}
	if len(res.FX) != 1 || res.FX[0].From != "USD" || res.FX[0].To != "CNY" || res.FX[0].Rate != 7.2 {
		t.Errorf("fx = %+v", res.FX)
	}
	if got, want := res.Provenance.Source, "browser:fixture-hotels+browser:fixture-hotels-usd"; got != want {
		t.Errorf("source = %q, want %q", got, want)
	}
	if got := res.Provenance.TTL; got != 600 {
		t.Errorf("ttl = %d, want the smaller TTL, 600", got)
	}
	if len(res.Distribution) != 14 {
		t.Errorf("distribution has %d prices, want 14", len(res.Distribution))
	}

	// No rate to EUR: prices stay in their currency and out of the figures.
	res, err = a.Scrape(context.Background(), browser.ScrapeRequest{Recipe: "fixture-hotels-usd", Currency: "EUR", Params: hotelParams()})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Items) != 2 || !res.Items[0].Unconverted || res.Items[0].Price.Currency != "USD" || res.Economy != nil ||
		len(res.Distribution) != 0 || !strings.Contains(strings.Join(res.Notes, "\n"), "not converted") {
		t.Errorf("unconvertible prices: %+v", res)
	}

	// A city no recipe covers: every recipe reports not_found.
	p := hotelParams()
	p["city"] = "lhasa"
	_, err = a.Scrape(context.Background(), browser.ScrapeRequest{Recipe: "fixture-hotels", Params: p})
	if ue := upstreamError(t, err); ue.Type != orchestrator.ENOTFOUND {
		t.Errorf("uncovered city: errorType %s, want not_found (%s)", ue.Type, ue.Message)
	}
}

func TestScrapeTransport(t *testing.T) {
	a, _ := sharedAgent(t)
	params := func(exclude string) map[string]string {
		p := map[string]string{"from": "shanghai", "to": "chengdu", "date": "2026-06-19", "guests": "2+1"}
		if exclude != "" {
			p["exclude"] = exclude
		}
		return p
	}

	res, err := a.Scrape(context.Background(), browser.ScrapeRequest{Kind: "transport", Params: params("flight,self_driving")})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		number, mode, depart, arrive string
		offset, minutes              int
		cents                        int64
	}
	var got []row
	for _, it := range res.Items {
		got = append(got, row{it.Number, it.Mode, it.Depart, it.Arrive, it.ArriveDayOffset, it.DurationMinutes, it.Price.Cents})
	}
	want := []row{
		{"K290", "train", "21:30", "10:05", 1, 755, 18900},
		{"", "bus", "08:00", "22:00", 0, 840, 32000},
		{"D352", "train", "09:15", "17:40", 0, 505, 43800},
		{"G1234", "train", "07:00", "13:30", 0, 390, 55650},
	}
	if len(got) != len(want) {
		t.Fatalf("items = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("item %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if res.Basis != browser.BasisPerPerson {
		t.Errorf("basis = %s", res.Basis)
	}
	var flights *browser.RecipeRun
	for i := range res.Recipes {
		if res.Recipes[i].Recipe == "fixture-flights" {
			flights = &res.Recipes[i]
		}
	}
	if flights == nil || flights.Error == nil || flights.Error.Type != orchestrator.ENOTFOUND || flights.Pages != 0 {
		t.Errorf("fixture-flights run = %+v, want skipped as not_found", flights)
	}
	if flights != nil && len(flights.URLs) != 0 {
		t.Errorf("the flight site was fetched although flights are excluded: %v", flights.URLs)
	}

	// Excluding bus drops the coach; allowing flights adds the flight at a
	// third of the group fare.
	res, err = a.Scrape(context.Background(), browser.ScrapeRequest{Kind: "transport", Params: params("bus")})
	if err != nil {
		t.Fatal(err)
	}
	modes := map[string]int64{}
	for _, it := range res.Items {
		modes[it.Mode+" "+it.Number] = it.Price.Cents
	}
	if _, ok := modes["bus "]; ok || len(res.Items) != 4 || modes["flight MU5401"] != 150000 {
		t.Errorf("items by mode = %v, want 3 trains and the flight at 1500.00 per person", modes)
	}
}

func TestScrapeClickPagination(t *testing.T) {
	a, _ := sharedAgent(t)
	res, err := a.Scrape(context.Background(), browser.ScrapeRequest{Recipe: "fixture-click"})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, it := range res.Items {
		names = append(names, it.Name)
	}
	if got, want := strings.Join(names, ","), "First Page Hotel,Second Page Hotel"; got != want {
		t.Errorf("names = %s, want %s", got, want)
	}
	if res.Recipes[0].Pages != 2 {
		t.Errorf("pages = %d, want 2", res.Recipes[0].Pages)
	}
	if !strings.Contains(strings.Join(res.Notes, "\n"), "one adult assumed") {
		t.Errorf("notes = %q, want the one-adult assumption", res.Notes)
	}
}

func TestScrapeFailures(t *testing.T) {
	site := browsertest.NewSite()
	defer site.Close()
	a := newAgent(t, site, func(c *browser.Config) {
		c.NavTimeout = 2 * time.Second
		c.MaxPageBytes = 1 << 20
	})
	tests := []struct {
		recipe    string
		params    map[string]string
		errorType string
		retryable bool
		message   string
	}{
		{"fixture-blocked", nil, browser.ErrBlocked, false, "CAPTCHA"},
		{"fixture-challenge", nil, browser.ErrBlocked, false, "checking your browser"},
		{"fixture-forbidden", nil, browser.ErrBlocked, false, "403"},
		{"fixture-ratelimit", nil, browser.ErrBlocked, true, "429"},
		{"fixture-empty", nil, orchestrator.ENOTFOUND, false, "no results"},
		{"fixture-slow", nil, orchestrator.ETIMEOUT, true, ""},
		{"fixture-hang", nil, orchestrator.ETIMEOUT, true, ""},
		{"fixture-big", nil, orchestrator.EBADRESPONSE, false, "larger than"},
		{"no-such-recipe", nil, orchestrator.ENOTFOUND, false, "no recipe"},
		{"fixture-hotels", map[string]string{"city": "chengdu", "checkin": "2026-06-31"}, orchestrator.EINVALIDARG, false, "checkin"},
		{"fixture-hotels", map[string]string{"city": "chengdu", "guests": "two"}, orchestrator.EINVALIDARG, false, "guests"},
	}
	for _, tt := range tests {
		t.Run(tt.recipe+"/"+tt.errorType, func(t *testing.T) {
			start := time.Now()
			res, err := a.Scrape(context.Background(), browser.ScrapeRequest{Recipe: tt.recipe, Params: tt.params})
			if err == nil {
				t.Fatalf("got %d items, want a %s error", len(res.Items), tt.errorType)
			}
			ue := upstreamError(t, err)
			if ue.Type != tt.errorType || ue.Retryable != tt.retryable || !strings.Contains(ue.Message, tt.message) {
				t.Errorf("error = %+v, want type %s, retryable %v, message containing %q", ue, tt.errorType, tt.retryable, tt.message)
			}
			t.Logf("%s: %s in %v", tt.recipe, ue, time.Since(start).Round(time.Millisecond))
		})
	}
	// After hangs and timeouts the pool still serves.
	if _, err := a.Scrape(context.Background(), browser.ScrapeRequest{Recipe: "fixture-hotels", Params: hotelParams()}); err != nil {
		t.Fatalf("scrape after failures: %v", err)
	}
}

func TestHostileMarkupIsPlainText(t *testing.T) {
	a, site := sharedAgent(t)
	res, err := a.Scrape(context.Background(), browser.ScrapeRequest{Recipe: "fixture-hostile"})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, url string }{
		{"Grand Hotel", ""}, // markup rendered away, the javascript: link dropped
		{"<img src=x onerror=alert(1)> Plaza", site.URL + "/h/plaza"}, // escaped markup stays literal text
		{"Sneaky Inn", site.URL + "/h/sneaky"},                        // hidden text skipped
		{"Bidievil Hotel", site.URL + "/h/bidi"},                      // bidi and zero-width controls removed
		{strings.Repeat("Long", 50) + "…", site.URL + "/h/long"},      // capped at 200 characters
	}
	if len(res.Items) != len(want) {
		t.Fatalf("items = %+v, want %d", res.Items, len(want))
	}
	for i, w := range want {
		if got := res.Items[i]; got.Name != w.name || got.URL != w.url {
			t.Errorf("item %d = %q %q, want %q %q", i, got.Name, got.URL, w.name, w.url)
		}
	}
	if got := res.Recipes[0].Dropped; got != 1 {
		t.Errorf("dropped = %d, want 1 (the item without a price)", got)
	}
	for _, it := range res.Items {
		if strings.Contains(it.Name, "<b>") || strings.Contains(it.Name, "INSTRUCTIONS") || strings.Contains(it.Name, "pwned") {
			t.Errorf("name %q carries markup or hidden text", it.Name)
		}
	}
}

func TestSafety(t *testing.T) {
	a, site := sharedAgent(t)
	evil := browsertest.NewSite() // another host:port, not in any allow-list
	defer evil.Close()
	ctx := context.Background()

	forbiddenURLs := []string{
		"http://example.com/",
		evil.URL + "/article",
		"file:///etc/passwd",
		"chrome://crash",
		"javascript:alert(1)",
		"http://user:pw@" + strings.TrimPrefix(site.URL, "http://") + "/article",
	}
	for _, u := range forbiddenURLs {
		_, err := a.Extract(ctx, browser.ExtractRequest{URL: u})
		ue := upstreamError(t, err)
		if ue.Type != orchestrator.EINVALIDARG || !strings.HasPrefix(ue.Message, browser.ForbiddenPrefix) {
			t.Errorf("extract %s: %+v, want invalid_argument %q…", u, ue, browser.ForbiddenPrefix)
		}
	}

	// A redirect to a host outside the allow-list is refused before the
	// request leaves the browser.
	_, err := a.Scrape(ctx, browser.ScrapeRequest{Recipe: "fixture-redirect", Params: map[string]string{"target": evil.URL + "/hotels?city=cd"}})
	if ue := upstreamError(t, err); ue.Type != orchestrator.EINVALIDARG || !strings.Contains(ue.Message, "not in the allow-list") {
		t.Errorf("redirect to another host: %+v, want forbidden", ue)
	}
	if n := evil.Hits("/hotels"); n != 0 {
		t.Errorf("the disallowed host received %d requests", n)
	}
	// A redirect within the allowed host is followed.
	res, err := a.Scrape(ctx, browser.ScrapeRequest{Recipe: "fixture-redirect", Params: map[string]string{"target": "/hotels?city=cd&delay=0"}})
	if err != nil {
		t.Fatalf("redirect within the host: %v", err)
	}
	if len(res.Items) != 4 {
		t.Errorf("redirect within the host: %d items, want 4", len(res.Items))
	}

	// The page's own requests to another host are refused too: fetch,
	// images, frames, beacons and WebSockets.
	if _, err := a.Extract(ctx, browser.ExtractRequest{URL: site.URL + "/beacon?to=" + evil.URL, WaitFor: "#done"}); err != nil {
		t.Fatalf("beacon page: %v", err)
	}
	time.Sleep(200 * time.Millisecond)
	for _, p := range []string{"/ws", "/fetch", "/img", "/frame", "/beacon-post"} {
		if n := evil.Hits(p); n != 0 {
			t.Errorf("the page reached the disallowed host: %d requests to %s", n, p)
		}
	}

	// Without AllowPrivate, loopback is refused even when allow-listed.
	strict := newAgent(t, site, func(c *browser.Config) {
		c.AllowPrivate = false
		c.AllowHosts = []string{"169.254.169.254", "localhost"}
	})
	for _, u := range []string{site.URL + "/article", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://localhost:1/"} {
		_, err := strict.Extract(ctx, browser.ExtractRequest{URL: u})
		ue := upstreamError(t, err)
		if ue.Type != orchestrator.EINVALIDARG || !strings.HasPrefix(ue.Message, browser.ForbiddenPrefix) {
			t.Errorf("strict extract %s: %+v, want forbidden", u, ue)
		}
	}
	_, err = strict.Scrape(ctx, browser.ScrapeRequest{Recipe: "fixture-hotels", Params: hotelParams()})
	if ue := upstreamError(t, err); ue.Type != orchestrator.EINVALIDARG || !strings.Contains(ue.Message, "private") {
		t.Errorf("strict scrape of a loopback site: %+v, want forbidden private address", ue)
	}
	if s := strict.Stats(); s.Running {
		t.Errorf("refused requests started the browser")
	}
}

func TestExtractPage(t *testing.T) {
	a, site := sharedAgent(t)
	res, err := a.Extract(context.Background(), browser.ExtractRequest{URL: site.URL + "/article"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Title != "Chengdu in three days" || res.Status != 200 || res.FinalURL != site.URL+"/article" {
		t.Errorf("title %q status %d final %q", res.Title, res.Status, res.FinalURL)
	}
	wantText := "Chengdu in three days\nDay one: the Giant Panda Base early in the morning.\nDay two: Wenshu Monastery & Kuanzhai Alley.\nHotels Out JS Hotels again"
	if res.Text != wantText {
		t.Errorf("text = %q, want %q", res.Text, wantText)
	}
	wantLinks := []browser.Link{{Text: "Hotels", URL: site.URL + "/hotels?city=cd"}, {Text: "Out", URL: "https://example.com/out"}}
	if len(res.Links) != len(wantLinks) || res.Links[0] != wantLinks[0] || res.Links[1] != wantLinks[1] {
		t.Errorf("links = %+v, want %+v", res.Links, wantLinks)
	}
	if p := res.Provenance; p.Source != "browser:extract_page" || p.TTL != 3600 || !p.FetchedAt.Equal(fixedNow) || p.Attribution == nil {
		t.Errorf("provenance = %+v", p)
	}
	short, err := a.Extract(context.Background(), browser.ExtractRequest{URL: site.URL + "/article", WaitFor: "#main p", MaxChars: 10, MaxLinks: 1})
	if err != nil {
		t.Fatal(err)
	}
	if short.Text != "Chengdu in" || !short.Truncated || len(short.Links) != 1 {
		t.Errorf("capped: text %q truncated %v links %d", short.Text, short.Truncated, len(short.Links))
	}
}

func TestPoolRecoversAndBoundsTabs(t *testing.T) {
	site := browsertest.NewSite()
	defer site.Close()
	a := newAgent(t, site, func(c *browser.Config) { c.NavTimeout = 3 * time.Second })
	ctx := context.Background()

	// A page that never yields hangs its renderer: the tab is replaced.
	if _, err := a.Scrape(ctx, browser.ScrapeRequest{Recipe: "fixture-hang"}); err == nil {
		t.Fatal("hang: no error")
	}
	if _, err := a.Scrape(ctx, browser.ScrapeRequest{Recipe: "fixture-hotels", Params: hotelParams()}); err != nil {
		t.Fatalf("after a hung tab: %v", err)
	}

	// The browser dies: the next call starts a new one.
	pid := a.Stats().PID
	if pid == 0 {
		t.Fatal("no browser pid")
	}
	p, _ := os.FindProcess(pid)
	if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for a.Stats().Running && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := a.Scrape(ctx, browser.ScrapeRequest{Recipe: "fixture-hotels", Params: hotelParams()}); err != nil {
		t.Fatalf("after the browser died: %v", err)
	}
	if s := a.Stats(); !s.Running || s.PID == pid || s.Restarts != 1 {
		t.Errorf("stats after the restart = %+v, want a new pid and 1 restart", s)
	}

	// Six parallel scrapes share two tabs.
	errs := make(chan error, 6)
	for range 6 {
		go func() {
			_, err := a.Scrape(ctx, browser.ScrapeRequest{Recipe: "fixture-bench", Params: map[string]string{"city": "x"}})
			errs <- err
		}()
	}
	for range 6 {
		if err := <-errs; err != nil {
			t.Errorf("parallel scrape: %v", err)
		}
	}
	if s := a.Stats(); s.Idle > 2 {
		t.Errorf("idle tabs = %d, want at most 2", s.Idle)
	}
}

func TestNoChromium(t *testing.T) {
	site := browsertest.NewSite()
	defer site.Close()
	recipes, err := site.Recipes()
	if err != nil {
		t.Fatal(err)
	}
	a, err := browser.New(browser.Config{ChromiumPath: "/nonexistent/chromium", Recipes: recipes, AllowPrivate: true}, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	_, err = a.Scrape(context.Background(), browser.ScrapeRequest{Kind: "hotels", Params: hotelParams()})
	if ue := upstreamError(t, err); ue.Type != orchestrator.EUNAVAILABLE || !strings.Contains(ue.Message, "not installed") {
		t.Errorf("error = %+v, want unavailable: not installed", ue)
	}
}

func TestCloseAbortsInFlight(t *testing.T) {
	site := browsertest.NewSite()
	defer site.Close()
	path := chromiumPath(t)
	recipes, _ := site.Recipes()
	a, err := browser.New(browser.Config{ChromiumPath: path, Recipes: recipes, AllowPrivate: true, NavTimeout: time.Minute, PageTimeout: time.Minute}, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := a.Scrape(context.Background(), browser.ScrapeRequest{Recipe: "fixture-slow"})
		done <- err
	}()
	for a.Stats().TabsOpened == 0 {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	for _, p := range closeAndCheck(a) {
		t.Error(p)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Close took %v", d)
	}
	err = <-done
	if ue := upstreamError(t, err); ue.Type != orchestrator.EUNAVAILABLE {
		t.Errorf("in-flight scrape: %+v, want unavailable", ue)
	}
	_, err = a.Scrape(context.Background(), browser.ScrapeRequest{Recipe: "fixture-hotels", Params: hotelParams()})
	if ue := upstreamError(t, err); ue.Type != orchestrator.EUNAVAILABLE {
		t.Errorf("scrape after Close: %+v, want unavailable", ue)
	}
}
