package browser

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/tripweave/tripweave/orchestrator"
)

// Causes of a page's abort, set by the tab's event listener.
var (
	errCrashed = &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "the browser tab crashed", Retryable: true, Provider: Provider}
	errNavTime = &orchestrator.UpstreamError{Type: orchestrator.ETIMEOUT, Message: "the page did not load in time", Retryable: true, Provider: Provider}
	errRunTime = &orchestrator.UpstreamError{Type: orchestrator.ETIMEOUT, Message: "the page run exceeded its time cap", Retryable: true, Provider: Provider}
)

// tab is one browser tab (its own window, so it is never throttled as a
// background tab) with request interception: every request the page makes
// is checked against the current page's guard, and everything is refused
// while no page runs.
type tab struct {
	ctx    context.Context // the tab's chromedp context
	cancel context.CancelFunc
	gen    int
	frame  cdp.FrameID // the main frame
	uses   int         // page runs; touched only by the pool under its rules
	parked bool        // scripts off while idle; touched by the run holding the tab

	maxBytes int64
	logger   *slog.Logger

	crashed  atomic.Bool
	loops    sync.WaitGroup // the opening and the interception goroutines
	closeOne sync.Once

	mu  sync.Mutex
	cur *pageRun // nil while idle
}

// pageRun is the state of one page run on a tab.
type pageRun struct {
	guard      *pageGuard
	blockTypes map[network.ResourceType]bool
	abort      context.CancelCauseFunc
	// set by the listener and the interceptor, read after the run
	status    int64 // main document's last HTTP status
	bytes     int64
	violation error // first refused main-frame navigation
	refused   int   // refused requests of any kind
}

// openTab opens a tab in br and enables interception. The tab lives until
// close or until the browser ends.
func openTab(ctx context.Context, br *browserProc, maxBytes int64, logger *slog.Logger) (*tab, error) {
	t := &tab{gen: br.gen, maxBytes: maxBytes, logger: logger}
	t.ctx, t.cancel = chromedp.NewContext(br.ctx, chromedp.WithListener(t.onEvent))
	// The first Do binds the tab's event loop to t.ctx, so it must run on
	// t.ctx itself; bound the wait from outside.
	done := make(chan error, 1)
	t.loops.Go(func() {
		err := chromedp.Do(t.ctx)
		if err == nil {
			c := chromedp.FromContext(t.ctx)
			t.mu.Lock()
			t.frame = cdp.FrameID(c.Target.TargetID)
			t.mu.Unlock()
			paused := chromedp.Events(t.ctx, fetch.RequestPaused)
			_, err = chromedp.Call(t.ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}})
			if err == nil {
				t.loops.Go(func() { t.intercept(paused) }) // counted while this goroutine still is
			}
		}
		done <- err
	})
	timer := time.NewTimer(tabOpenTimeout)
	defer timer.Stop()
	var err error
	select {
	case err = <-done:
	case <-timer.C:
		err = errors.New("opening a tab timed out")
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		t.close()
		return nil, fmt.Errorf("browser: open tab: %w", err)
	}
	return t, nil
}

// onEvent runs in the tab's message loop: it must not block or send
// commands.
func (t *tab) onEvent(ev any) {
	switch ev := ev.(type) {
	case *inspector.EventTargetCrashed:
		t.crashed.Store(true)
		t.abort(errCrashed)
	case *network.EventResponseReceived:
		// (The remote address is the egress proxy's, which vets the real
		// one.)
		t.mu.Lock()
		if r := t.cur; r != nil && ev.Type == network.ResourceTypeDocument && ev.FrameID == t.frame && ev.Response != nil {
			r.status = ev.Response.Status
		}
		t.mu.Unlock()
	case *network.EventDataReceived:
		t.mu.Lock()
		r := t.cur
		over := false
		if r != nil {
			r.bytes += max(ev.EncodedDataLength, ev.DataLength)
			over = t.maxBytes > 0 && r.bytes > t.maxBytes
		}
		t.mu.Unlock()
		if over {
			t.abort(&orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE,
				Message: fmt.Sprintf("the page is larger than %d bytes", t.maxBytes), Provider: Provider})
		}
	}
}

func (t *tab) abort(cause error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cur != nil && t.cur.abort != nil {
		t.cur.abort(cause)
	}
}

// intercept answers every paused request: continue when the current page's
// guard allows it, fail otherwise.
func (t *tab) intercept(paused iter.Seq2[fetch.EventRequestPaused, error]) {
	for ev, err := range paused {
		if err != nil {
			return
		}
		ok := t.allow(ev)
		ctx, cancel := context.WithTimeout(t.ctx, 5*time.Second)
		if ok {
			_, err = chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		} else {
			_, err = chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
		}
		cancel()
		if err != nil && t.ctx.Err() == nil {
			t.logger.Debug("answering a paused request", "error", err)
		}
	}
}

func (t *tab) allow(ev fetch.EventRequestPaused) bool {
	t.mu.Lock()
	r := t.cur
	t.mu.Unlock()
	if r == nil || ev.Request == nil {
		return false
	}
	if r.blockTypes[ev.ResourceType] {
		return false
	}
	err := r.guard.check(t.ctx, ev.Request.URL)
	if err == nil {
		return true
	}
	t.mu.Lock()
	r.refused++
	if ev.ResourceType == network.ResourceTypeDocument && ev.FrameID == t.frame && r.violation == nil {
		r.violation = err
	}
	t.mu.Unlock()
	return false
}

// begin starts a page run of at most timeout on t, ending early when parent
// ends or closing (the pool's) is canceled. end must be called.
func (t *tab) begin(parent, closing context.Context, timeout time.Duration, g *pageGuard, blockTypes map[network.ResourceType]bool) (context.Context, func() *pageRun) {
	ctx, cancel := context.WithCancelCause(t.ctx)
	tctx, tcancel := context.WithTimeoutCause(ctx, timeout, errRunTime)
	stop := context.AfterFunc(parent, func() { cancel(context.Cause(parent)) })
	stopClosing := context.AfterFunc(closing, func() { cancel(errPoolClosed) })
	r := &pageRun{guard: g, blockTypes: blockTypes, abort: cancel}
	t.mu.Lock()
	t.cur = r
	t.mu.Unlock()
	return tctx, func() *pageRun {
		stop()
		stopClosing()
		tcancel()
		cancel(nil)
		t.mu.Lock()
		t.cur = nil
		t.mu.Unlock()
		return r
	}
}

// state returns a copy of the current run's status fields.
func (t *tab) state() (status int64, violation error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cur == nil {
		return 0, nil
	}
	return t.cur.status, t.cur.violation
}

// setStatus sets the current run's main document status.
func (t *tab) setStatus(status int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cur != nil {
		t.cur.status = status
	}
}

// reset parks the tab between runs: the page's scripts are switched off, so an idle tab burns no CPU (its requests are refused
// anyway while no page runs). Navigating to about:blank instead would cost
// the next navigation a renderer swap, 0.2-0.5 s. False when the tab no
// longer answers.
func (t *tab) reset() bool {
	if !t.alive() {
		return false
	}
	ctx, cancel := context.WithTimeout(t.ctx, 3*time.Second)
	defer cancel()
	_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
	t.parked = err == nil
	return err == nil
}

// unpark switches scripts back on before a navigation.
func (t *tab) unpark(ctx context.Context) error {
	if !t.parked {
		return nil
	}
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: false}); err != nil {
		return err
	}
	t.parked = false
	return nil
}

func (t *tab) alive() bool { return t.ctx.Err() == nil && !t.crashed.Load() }

// close closes the tab and waits for its goroutines.
func (t *tab) close() {
	t.closeOne.Do(func() {
		t.cancel()
		t.loops.Wait()
	})
}
