package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tripweave/tripweave/orchestrator"
)

// Waiting for content.
const (
	// pollInterval is how often a page is probed.
	pollInterval = 50 * time.Millisecond
	// markerGrace is how long a loaded page may show a block marker and no
	// items before it counts as a block page.
	markerGrace = 1500 * time.Millisecond
)

// captchaSelectors mark CAPTCHA and challenge widgets: a page showing one is
// a block page even if it shows items too.
var captchaSelectors = []string{
	`iframe[src*="recaptcha"]`, `iframe[src*="hcaptcha"]`, `iframe[src*="challenges.cloudflare.com"]`,
	`.g-recaptcha`, `.h-captcha`, `.cf-turnstile`, `#challenge-form`, `#cf-challenge-running`,
	`#px-captcha`, `.geetest_panel`, `.geetest_holder`, `#nc_1_wrapper`, `#captcha-container`,
}

// blockMarkers are lower-case texts of block pages; they count only on a
// page with no items, since "captcha" can appear in any page's text.
var blockMarkers = []string{
	"captcha", "are you a robot", "are you human", "verify you are human", "unusual traffic",
	"access denied", "request blocked", "too many requests", "checking your browser", "attention required",
	"security check", "验证码", "人机验证", "安全验证", "滑动验证", "访问过于频繁", "请求过于频繁", "拒绝访问",
}

// driver runs the steps of one page run on one tab.
type driver struct {
	t          *tab
	guard      *pageGuard
	ctx        context.Context // the page run: canceled on abort, closes, caller's end
	navTimeout time.Duration
	limiter    *limiter
	interval   time.Duration // politeness: minimum gap between navigations to a host
}

// navigate loads rawURL in the tab and waits for its DOM (not for every
// subresource: a hanging analytics request must not hold the page). It
// checks the URL first, waits for the host's politeness slot, and reports
// the document's HTTP status as an error when it is not a success.
func (d *driver) navigate(rawURL string) error {
	if err := d.guard.check(d.ctx, rawURL); err != nil {
		return err
	}
	u, _ := url.Parse(rawURL)
	if err := d.limiter.wait(d.ctx, strings.ToLower(u.Host), d.interval); err != nil {
		return d.fail(d.ctx, err)
	}
	ctx, cancel := context.WithTimeoutCause(d.ctx, d.navTimeout, errNavTime)
	defer cancel()
	if err := d.t.unpark(ctx); err != nil {
		return d.fail(ctx, err)
	}
	d.t.setStatus(0)
	loaded := chromedp.Events(ctx, page.DomContentEventFired)
	res, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: rawURL})
	if err != nil {
		return d.fail(ctx, err)
	}
	if res.ErrorText != "" {
		if _, v := d.t.state(); v != nil {
			return v
		}
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "navigation failed: " + res.ErrorText, Retryable: true, Provider: Provider}
	}
	for _, err := range loaded {
		if err != nil {
			return d.fail(ctx, err)
		}
		break
	}
	return d.statusError()
}

// statusError maps the main document's HTTP status to an error: 403 and
// 429 are blocks, 404 and 410 not_found, other 4xx bad_response, 5xx
// unavailable.
func (d *driver) statusError() error {
	status, v := d.t.state()
	if v != nil {
		return v
	}
	switch {
	case status == 403:
		return &orchestrator.UpstreamError{Type: ErrBlocked, Message: "the site refused the request (HTTP 403)", Provider: Provider}
	case status == 429:
		return &orchestrator.UpstreamError{Type: ErrBlocked, Message: "the site is rate limiting (HTTP 429)", Retryable: true, Provider: Provider}
	case status == 404 || status == 410:
		return &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: fmt.Sprintf("the page does not exist (HTTP %d)", status), Provider: Provider}
	case status >= 500:
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("the site failed (HTTP %d)", status), Retryable: true, Provider: Provider}
	case status >= 400:
		return &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: fmt.Sprintf("the site answered HTTP %d", status), Provider: Provider}
	}
	return nil
}

// fail turns an error of a step run under ctx into the error to report:
// the cause the tab recorded (crash, forbidden, too large, time cap), a
// refused navigation, a timeout, or unavailable.
func (d *driver) fail(ctx context.Context, err error) error {
	var ue *orchestrator.UpstreamError
	if errors.As(err, &ue) {
		return ue
	}
	if _, v := d.t.state(); v != nil {
		return v
	}
	if ctx.Err() != nil {
		cause := context.Cause(ctx)
		if errors.As(cause, &ue) {
			return ue
		}
		if errors.Is(cause, context.DeadlineExceeded) {
			return &orchestrator.UpstreamError{Type: orchestrator.ETIMEOUT, Message: "deadline exceeded", Retryable: true, Provider: Provider}
		}
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "the page run was canceled", Provider: Provider}
	}
	if d.t.crashed.Load() {
		return errCrashed
	}
	if !d.t.alive() {
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "the browser went away", Retryable: true, Provider: Provider}
	}
	var ee *chromedp.ExceptionError
	if errors.As(err, &ee) {
		return &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: "page script error: " + ee.Error(), Provider: Provider}
	}
	return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "browser error: " + err.Error(), Retryable: true, Provider: Provider}
}

// probe is what the page shows while waiting.
type probe struct {
	N       int    `json:"n"`
	Empty   bool   `json:"empty"`
	Captcha bool   `json:"captcha"`
	Marker  string `json:"marker"`
	Ready   string `json:"ready"`
	Sig     string `json:"sig"`
	Text    int    `json:"text"`
	Href    string `json:"href"`
	Error   string `json:"error"`
}

// probeSpec is the input of probeJS.
type probeSpec struct {
	Wait    string   `json:"wait"`
	Empty   string   `json:"empty"`
	Captcha []string `json:"captcha"`
	Markers []string `json:"markers"`
	// Text asks for the length of the page's text even when items show.
	Text bool `json:"text"`
}

const probeJS = `(function (s) {
  const one = (sel) => { try { return document.querySelector(sel); } catch (e) { return null; } };
  let n = 0, sig = "";
  if (s.wait) {
    let all;
    try { all = document.querySelectorAll(s.wait); } catch (e) { return {error: "invalid selector " + s.wait}; }
    n = all.length;
    if (n > 0) sig = n + ":" + (all[0].textContent || "").slice(0, 200);
  }
  const empty = s.empty ? !!one(s.empty) : false;
  let captcha = false;
  for (const sel of s.captcha || []) { if (one(sel)) { captcha = true; break; } }
  // innerText forces a layout: read it only when it matters.
  let marker = "", textLen = 0;
  if (n === 0 || captcha || s.text) {
    const body = document.body ? (document.body.innerText || "") : "";
    textLen = body.length;
    if (n === 0 || captcha) {
      const text = ((document.title || "") + " " + body.slice(0, 20000)).toLowerCase();
      for (const m of s.markers || []) { if (text.includes(m)) { marker = m; break; } }
    }
  }
  return {n: n, empty: empty, captcha: captcha, marker: marker, ready: document.readyState, sig: sig, text: textLen, href: location.href};
})`

// evalJS runs fn (a JS function expression) on arg, JSON-encoded into the
// call so page input never becomes code.
func evalJS[T any](ctx context.Context, fn string, arg any) (T, error) {
	b, err := json.Marshal(arg)
	if err != nil {
		var zero T
		return zero, err
	}
	return chromedp.Run(ctx, chromedp.Evaluate[T](fn+"("+string(b)+")"))
}

// waitUntil probes the page every pollInterval until done says so, the
// page shows a CAPTCHA, or the step's time runs out. On timeout it reports
// blocked when the page shows a block marker and no items.
func (d *driver) waitUntil(spec probeSpec, done func(probe) bool) (probe, error) {
	ctx, cancel := context.WithTimeoutCause(d.ctx, d.navTimeout, errNavTime)
	defer cancel()
	var last probe
	var markedAt time.Time
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	for {
		p, err := evalJS[probe](ctx, probeJS, spec)
		switch {
		case err == nil:
			last = p
			if p.Error != "" {
				return p, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: "recipe error: " + p.Error, Provider: Provider}
			}
			if p.Captcha {
				return p, blockedError("the site shows a CAPTCHA")
			}
			if done(p) {
				return p, nil
			}
			// A loaded page with a block marker and no items is a block
			// page once it stays so for markerGrace (challenge pages often
			// redirect by themselves).
			if p.Marker != "" && p.N == 0 && p.Ready == "complete" {
				if markedAt.IsZero() {
					markedAt = time.Now()
				} else if time.Since(markedAt) >= markerGrace {
					return p, blockedError(fmt.Sprintf("the site shows a block page (%q)", p.Marker))
				}
			} else {
				markedAt = time.Time{}
			}
		case ctx.Err() != nil || !d.t.alive():
			if last.Marker != "" && last.N == 0 {
				return last, blockedError(fmt.Sprintf("the site shows a block page (%q)", last.Marker))
			}
			return last, d.fail(ctx, err)
		}
		// Other errors (the document being replaced) are retried.
		select {
		case <-ctx.Done():
			if last.Marker != "" && last.N == 0 {
				return last, blockedError(fmt.Sprintf("the site shows a block page (%q)", last.Marker))
			}
			return last, d.fail(ctx, ctx.Err())
		case <-tick.C:
		}
	}
}

func blockedError(msg string) error {
	return &orchestrator.UpstreamError{Type: ErrBlocked, Message: msg, Provider: Provider}
}

// checkFinal re-checks the URL the page ended on (after redirects and
// script navigations), as the last probe saw it.
func (d *driver) checkFinal(p probe) (string, error) {
	if p.Href == "" {
		return "", d.fail(d.ctx, errors.New("cannot read the page location"))
	}
	if err := d.guard.check(d.ctx, p.Href); err != nil {
		return p.Href, err
	}
	return p.Href, nil
}
