package browser_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tripweave/tripweave/agents/browser"
	"github.com/tripweave/tripweave/agents/browser/browsertest"
)

// BenchmarkPages measures pages per second through the pool on the
// fixture site's /bench page (20 hotels rendered by JavaScript after 100 ms,
// one page per scrape) with 1, 2, 4 and 8 tabs, as many callers as tabs.
// It reports the peak and the idle memory of the browser's process tree
// (the sum of PSS over /proc/<pid>/smaps_rollup, sampled every 250 ms).
// Run it alone: go test -run '^$' -bench Pages -p 1 ./agents/browser/
func BenchmarkPages(b *testing.B) {
	site := browsertest.NewSite()
	defer site.Close()
	agents := map[int]*browser.Agent{}
	defer func() {
		for _, a := range agents {
			for _, p := range closeAndCheck(a) {
				b.Error(p)
			}
		}
	}()
	req := browser.ScrapeRequest{Recipe: "fixture-bench", Params: map[string]string{"city": "bench"}}
	for _, tabs := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("tabs=%d", tabs), func(b *testing.B) {
			// One browser at a time, so PSS is not shared with another tree.
			for n, other := range agents {
				if n != tabs {
					for _, p := range closeAndCheck(other) {
						b.Error(p)
					}
					delete(agents, n)
				}
			}
			a, ok := agents[tabs]
			if !ok {
				path := chromiumPath(b)
				recipes, err := site.Recipes()
				if err != nil {
					b.Fatal(err)
				}
				cfg := testConfig(path, recipes)
				cfg.Tabs = tabs
				cfg.NavTimeout, cfg.PageTimeout = 30*time.Second, time.Minute
				if a, err = browser.New(cfg, testLogger(b)); err != nil {
					b.Fatal(err)
				}
				agents[tabs] = a
				// Warm up: start the browser and open every tab.
				scrapeParallel(b, a, req, tabs, tabs)
			}
			var peak atomic.Int64
			stop := make(chan struct{})
			var sampler sync.WaitGroup
			sampler.Go(func() {
				t := time.NewTicker(250 * time.Millisecond)
				defer t.Stop()
				for {
					if m, err := a.Memory(); err == nil && m.PSSBytes > peak.Load() {
						peak.Store(m.PSSBytes)
					}
					select {
					case <-stop:
						return
					case <-t.C:
					}
				}
			})
			b.ResetTimer()
			start := time.Now()
			scrapeParallel(b, a, req, tabs, b.N)
			elapsed := time.Since(start)
			b.StopTimer()
			close(stop)
			sampler.Wait()
			idle, err := a.Memory()
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "pages/s")
			b.ReportMetric(float64(peak.Load())/(1<<20), "peak-PSS-MiB")
			b.ReportMetric(float64(idle.PSSBytes)/(1<<20), "idle-PSS-MiB")
			b.ReportMetric(float64(idle.Processes), "procs")
		})
	}
}

// scrapeParallel runs n scrapes with workers callers and fails on any
// error or on a page without the 20 hotels.
func scrapeParallel(b *testing.B, a *browser.Agent, req browser.ScrapeRequest, workers, n int) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for next.Add(1) <= int64(n) {
				res, err := a.Scrape(context.Background(), req)
				if err != nil {
					b.Error(err)
					return
				}
				if len(res.Items) != browsertest.BenchHotels {
					b.Errorf("%d items, want %d", len(res.Items), browsertest.BenchHotels)
					return
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkBaselineChromedp is the same page load without the agent: plain
// chromedp, long-lived tabs, Navigate, a poll for the items and one
// Evaluate, no request interception, no proxy, no politeness. The ratio to
// BenchmarkPages is the cost of the agent's safety and bookkeeping.
func BenchmarkBaselineChromedp(b *testing.B) {
	path := chromiumPath(b)
	site := browsertest.NewSite()
	defer site.Close()
	url := site.URL + "/bench?city=bench"
	for _, tabs := range []int{1, 8} {
		b.Run(fmt.Sprintf("tabs=%d", tabs), func(b *testing.B) {
			opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU)
			actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
			defer acancel()
			bctx, bcancel := chromedp.NewContext(actx)
			defer bcancel()
			if err := chromedp.Do(bctx); err != nil {
				b.Fatal(err)
			}
			ctxs := make([]context.Context, tabs)
			for i := range ctxs {
				c, cancel := chromedp.NewContext(bctx)
				defer cancel()
				if err := chromedp.Do(c); err != nil {
					b.Fatal(err)
				}
				ctxs[i] = c
			}
			load := func(ctx context.Context) error {
				if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
					return err
				}
				for {
					n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#results li.hotel").length`))
					if err != nil {
						return err
					}
					if n > 0 {
						break
					}
					time.Sleep(50 * time.Millisecond)
				}
				names, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#results li.hotel .name")).map(e => e.innerText)`))
				if err == nil && len(names) != browsertest.BenchHotels {
					err = fmt.Errorf("%d names", len(names))
				}
				return err
			}
			for _, c := range ctxs { // warm up
				if err := load(c); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			start := time.Now()
			var next atomic.Int64
			var wg sync.WaitGroup
			for _, c := range ctxs {
				wg.Go(func() {
					for next.Add(1) <= int64(b.N) {
						if err := load(c); err != nil {
							b.Error(err)
							return
						}
					}
				})
			}
			wg.Wait()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "pages/s")
		})
	}
}
