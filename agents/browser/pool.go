package browser

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os/exec"
	"sync"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tripweave/tripweave/orchestrator"
)

// Pool timings.
const (
	browserStartTimeout = 30 * time.Second
	tabOpenTimeout      = 15 * time.Second
	browserCloseTimeout = 5 * time.Second
	// startBackoff is how long a failed browser start is remembered: calls
	// in that window fail at once with unavailable instead of each trying.
	startBackoff = 5 * time.Second
)

// poolConfig configures a pool.
type poolConfig struct {
	execPath   string
	tabs       int
	userAgent  string
	maxTabUses int
	maxBytes   int64
	flags      map[string]any
	// egress is what the browser may connect to at all (every allowed
	// host); the pool runs an egressProxy enforcing it.
	egress *policy
}

// pool is one lazily started Chromium with a bounded set of reused tabs. A
// tab is used by one page run at a time. A crashed, hung or timed-out tab is
// closed and replaced; a dead browser is restarted on the next acquire.
type pool struct {
	cfg    poolConfig
	logger *slog.Logger

	sem chan struct{} // one slot per tab in use

	mu         sync.Mutex
	closed     bool
	br         *browserProc
	gen        int
	idle       []*tab
	busy       map[*tab]bool
	startErr   error
	startErrAt time.Time
	proxy      *egressProxy
	restarts   int
	tabsOpened int

	// closing is canceled by close: in-flight pages abort.
	closing     context.Context
	cancelClose context.CancelFunc
	inflight    sync.WaitGroup // acquired tabs not yet released
	bg          sync.WaitGroup // tab closes running in the background
}

// browserProc is one running Chromium.
type browserProc struct {
	gen         int
	ctx         context.Context // the browser's chromedp context
	cancel      context.CancelFunc
	allocCancel context.CancelFunc
	pid         int
}

func newPool(cfg poolConfig, logger *slog.Logger) *pool {
	closing, cancel := context.WithCancel(context.Background())
	return &pool{cfg: cfg, logger: logger, sem: make(chan struct{}, cfg.tabs), busy: map[*tab]bool{}, closing: closing, cancelClose: cancel}
}

var errPoolClosed = &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "the browser pool is closed", Provider: Provider}

// acquire returns a tab for one page run, starting the browser if needed.
// It blocks while every tab is in use, until ctx ends. Every tab acquired
// must be released.
func (p *pool) acquire(ctx context.Context) (*tab, error) {
	select {
	case p.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, waitError(ctx, "waiting for a free browser tab")
	case <-p.closing.Done():
		return nil, errPoolClosed
	}
	t, err := p.take(ctx)
	if err != nil {
		<-p.sem
		return nil, err
	}
	return t, nil
}

func (p *pool) take(ctx context.Context) (*tab, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, errPoolClosed
	}
	br, err := p.browserLocked(ctx)
	if err != nil {
		p.mu.Unlock()
		return nil, err
	}
	var t *tab
	for len(p.idle) > 0 && t == nil {
		c := p.idle[len(p.idle)-1]
		p.idle = p.idle[:len(p.idle)-1]
		if c.gen == br.gen && c.alive() {
			t = c
		} else {
			p.closeTabLocked(c)
		}
	}
	p.inflight.Add(1)
	if t != nil {
		p.busy[t] = true
	}
	p.mu.Unlock()
	if t != nil {
		return t, nil
	}
	begun := time.Now()
	octx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(p.closing, cancel) // Close does not wait for a slow tab
	t, err = openTab(octx, br, p.cfg.maxBytes, p.logger)
	stop()
	cancel()
	p.logger.Debug("tab opened", "took", time.Since(begun).Round(time.Millisecond), "error", err)
	if err != nil {
		p.inflight.Done()
		if br.ctx.Err() == nil && octx.Err() == nil {
			// The browser is up but cannot open a tab: treat it as hung.
			p.logger.Warn("browser cannot open a tab; restarting it", "error", err)
			p.mu.Lock()
			p.killLocked(br)
			p.mu.Unlock()
		}
		if ctx.Err() != nil {
			return nil, waitError(ctx, "opening a browser tab")
		}
		if p.closing.Err() != nil {
			return nil, errPoolClosed
		}
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "cannot open a browser tab", Retryable: true, Provider: Provider}
	}
	p.mu.Lock()
	p.tabsOpened++
	p.busy[t] = true
	p.mu.Unlock()
	return t, nil
}

// release returns t to the pool. An unhealthy tab, a tab of an older
// browser, or one used maxTabUses times is closed instead.
func (p *pool) release(t *tab, healthy bool) {
	defer func() { <-p.sem }()
	defer p.inflight.Done()
	t.uses++
	if healthy {
		healthy = t.reset()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.busy, t)
	if !healthy || p.closed || p.br == nil || t.gen != p.br.gen || t.uses >= p.cfg.maxTabUses || !t.alive() {
		p.closeTabLocked(t)
		return
	}
	p.idle = append(p.idle, t)
}

// closeTabLocked closes t in the background; close waits for it.
func (p *pool) closeTabLocked(t *tab) {
	p.bg.Add(1)
	go func() {
		defer p.bg.Done()
		t.close()
	}()
}

// browserLocked returns the running browser, starting one if there is none
// or the last one died. p.mu is held.
func (p *pool) browserLocked(ctx context.Context) (*browserProc, error) {
	if p.br != nil && p.br.ctx.Err() == nil {
		return p.br, nil
	}
	if p.br != nil {
		p.logger.Warn("browser died; restarting it", "pid", p.br.pid)
		p.stopLocked(p.br)
		p.br = nil
		p.restarts++
	}
	if p.startErr != nil && time.Since(p.startErrAt) < startBackoff {
		return nil, p.startErr
	}
	br, err := p.start(ctx)
	if err != nil {
		p.startErr, p.startErrAt = err, time.Now()
		return nil, err
	}
	p.startErr = nil
	p.br = br
	return br, nil
}

// start launches Chromium. The browser's life is bound to the pool, not to
// ctx; ctx only bounds the wait.
func (p *pool) start(ctx context.Context) (*browserProc, error) {
	if _, err := exec.LookPath(p.cfg.execPath); err != nil {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE,
			Message: fmt.Sprintf("Chromium is not installed (%s not found)", p.cfg.execPath), Provider: Provider}
	}
	if p.proxy == nil {
		px, err := startProxy(p.cfg.egress, p.logger)
		if err != nil {
			return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "cannot start the egress proxy", Retryable: true, Provider: Provider}
		}
		p.proxy = px
	}
	opts := append([]chromedp.ExecAllocatorOption{}, chromedp.DefaultExecAllocatorOptions[:]...)
	opts = append(opts,
		chromedp.ExecPath(p.cfg.execPath),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.WindowSize(1280, 900),
	)
	if p.cfg.userAgent != "" {
		opts = append(opts, chromedp.UserAgent(p.cfg.userAgent))
	}
	for k, v := range p.cfg.flags {
		opts = append(opts, chromedp.Flag(k, v))
	}
	opts = append(opts,
		chromedp.ProxyServer("http://"+p.proxy.addr()),
		chromedp.Flag("proxy-bypass-list", "<-loopback>"), // loopback through the proxy too
		chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
	)
	p.gen++
	begun := time.Now()
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(allocCtx)
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(bctx) }()
	wait := time.NewTimer(browserStartTimeout)
	defer wait.Stop()
	var err error
	select {
	case err = <-started:
	case <-wait.C:
		err = errors.New("start timed out")
	case <-ctx.Done():
		err = ctx.Err()
	case <-p.closing.Done():
		err = errPoolClosed
	}
	if err != nil {
		bcancel()
		allocCancel()
		<-started
		if ctx.Err() != nil {
			return nil, waitError(ctx, "starting the browser")
		}
		p.logger.Error("browser failed to start", "path", p.cfg.execPath, "error", err)
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "the browser failed to start", Retryable: true, Provider: Provider}
	}
	br := &browserProc{gen: p.gen, ctx: bctx, cancel: bcancel, allocCancel: allocCancel}
	if c := chromedp.FromContext(bctx); c != nil && c.Browser != nil && c.Browser.Process() != nil {
		br.pid = c.Browser.Process().Pid
	}
	p.logger.Info("browser started", "pid", br.pid, "path", p.cfg.execPath, "generation", br.gen, "took", time.Since(begun).Round(time.Millisecond))
	return br, nil
}

// killLocked ends br so the next acquire starts a new browser.
func (p *pool) killLocked(br *browserProc) {
	if p.br == br {
		p.stopLocked(br)
		p.br = nil
		p.restarts++
	}
}

// stopLocked closes br gracefully (bounded), then kills what is left and
// waits for the allocator to remove its temporary profile.
func (p *pool) stopLocked(br *browserProc) {
	for _, t := range p.idle {
		if t.gen == br.gen {
			p.closeTabLocked(t)
		}
	}
	p.idle = slicesDeleteGen(p.idle, br.gen)
	if br.ctx.Err() == nil {
		ctx, cancel := context.WithTimeout(br.ctx, browserCloseTimeout)
		if err := chromedp.Cancel(ctx); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
			p.logger.Debug("browser close", "error", err)
		}
		cancel()
	}
	br.cancel()
	br.allocCancel() // waits for the process and removes the profile
}

func slicesDeleteGen(ts []*tab, gen int) []*tab {
	out := ts[:0]
	for _, t := range ts {
		if t.gen != gen {
			out = append(out, t)
		}
	}
	return out
}

// close aborts in-flight pages, waits for them, closes every tab and the
// browser, and waits until the browser's processes are gone and its
// temporary profile is removed. It is idempotent.
func (p *pool) close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	p.cancelClose()
	p.mu.Unlock()
	p.inflight.Wait()
	p.mu.Lock()
	for _, t := range p.idle {
		p.closeTabLocked(t)
	}
	p.idle = nil
	p.mu.Unlock()
	p.bg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.br != nil {
		p.stopLocked(p.br)
		p.br = nil
	}
	if p.proxy != nil {
		p.proxy.close()
		p.proxy = nil
	}
	return nil
}

// PoolStats describes the browser pool.
type PoolStats struct {
	// Running is whether a browser process is up.
	Running bool `json:"running"`
	// PID is the browser's main process, 0 when not running.
	PID int `json:"pid,omitempty"`
	// Tabs is the pool's size; Idle the open tabs waiting for work.
	Tabs int `json:"tabs"`
	Idle int `json:"idle"`
	// InUse counts the tabs running a page now.
	InUse int `json:"in_use"`
	// Restarts counts browser restarts after a crash or hang.
	Restarts int `json:"restarts"`
	// TabsOpened counts tabs opened since start.
	TabsOpened int `json:"tabs_opened"`
}

func (p *pool) stats() PoolStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := PoolStats{Tabs: p.cfg.tabs, Idle: len(p.idle), InUse: len(p.busy), Restarts: p.restarts, TabsOpened: p.tabsOpened}
	if p.br != nil && p.br.ctx.Err() == nil {
		s.Running, s.PID = true, p.br.pid
	}
	return s
}

// waitError reports the end of ctx while waiting for what: timeout for a
// deadline, unavailable for a cancellation.
func waitError(ctx context.Context, what string) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &orchestrator.UpstreamError{Type: orchestrator.ETIMEOUT, Message: "deadline exceeded " + what, Retryable: true, Provider: Provider}
	}
	return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "canceled " + what, Provider: Provider}
}
