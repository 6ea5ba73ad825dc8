// Package upstream is the one HTTP layer every provider client uses: a
// per-attempt timeout, retries with exponential backoff and jitter on
// transient failures, Retry-After, a response-size cap, a descriptive
// User-Agent, per-provider rate and concurrency limits, request quotas per
// window (daily, hourly budgets), and failures typed as
// *orchestrator.UpstreamError.
package upstream

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
)

// Defaults applied to zero Options fields.
const (
	DefaultUserAgent    = "tripweave/0.1 (+https://github.com/tripweave/tripweave)"
	DefaultTimeout      = 10 * time.Second
	DefaultRetries      = 2
	DefaultBaseDelay    = 250 * time.Millisecond
	DefaultMaxDelay     = 5 * time.Second
	DefaultMaxRetryWait = 30 * time.Second
	DefaultMaxBody      = 4 << 20 // 4 MiB
)

// ErrorMapper inspects a non-2xx response (status, headers and at most
// MaxBody bytes of body) and returns the error to report, or nil to use the
// default mapping by status. Provider and a missing Type are filled in by the
// client; Retryable decides whether the client retries.
type ErrorMapper func(status int, header http.Header, body []byte) *orchestrator.UpstreamError

// Options configure a Client. Nil and zero fields mean the defaults.
type Options struct {
	// Provider names the upstream in errors and logs, e.g. "open-meteo".
	Provider string
	// UserAgent is sent with every request; default DefaultUserAgent.
	UserAgent string
	// HTTPClient sends the requests; default http.DefaultClient. Its own
	// Timeout, if any, applies on top of Timeout.
	HTTPClient *http.Client
	// Timeout bounds each attempt, body included; default DefaultTimeout.
	Timeout time.Duration
	// Retries is the number of extra attempts after a retryable failure;
	// zero means DefaultRetries, negative means none.
	Retries int
	// BaseDelay is the backoff before the first retry, doubled for each
	// further one up to MaxDelay; defaults DefaultBaseDelay, DefaultMaxDelay.
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// MaxRetryWait is the longest Retry-After the client waits for; a longer
	// one ends the call with a retryable rate_limited error. Default
	// DefaultMaxRetryWait.
	MaxRetryWait time.Duration
	// MaxBody caps the response body; a longer one is a bad_response.
	// Default DefaultMaxBody.
	MaxBody int64
	// Limit bounds the request rate and concurrency of this Client.
	Limit Limit
	// Quotas are budgets per window (see Quota) that refuse requests once
	// used up; nil or empty means none. Provider packages fill in their
	// defaults only when the caller sets neither Limit nor Quotas.
	Quotas []Quota
	// Shared, when set, counts Quotas and caps Limit's rate across every
	// process using the same store (see Shared); nil counts in process.
	// Identical GETs in flight in several processes then reach the
	// provider once (Shared.Once).
	Shared Shared
	// Coalesce is how long a GET's body is kept in Shared for other
	// processes asking the same; 0 → DefaultCoalesce, negative turns the
	// coalescing off.
	Coalesce time.Duration
	// MapError maps provider-specific error bodies; nil means the default.
	MapError ErrorMapper
	// CheckBody inspects every 2xx body and returns an error for providers
	// that report failures inside a 200 (Amap's status "0", MediaWiki's
	// error object), or nil to accept the body. A Retryable result is
	// retried like a transient HTTP failure. Provider is filled in.
	CheckBody func(body []byte) *orchestrator.UpstreamError
	// Logger receives a debug line per retry; nil means no logging.
	Logger *slog.Logger

	// Now, Sleep and Jitter are injectable for tests. Now defaults to
	// time.Now; Sleep to a timer that stops early with ctx's error; Jitter
	// maps a backoff d to a random duration in [d/2, d].
	Now    func() time.Time
	Sleep  func(ctx context.Context, d time.Duration) error
	Jitter func(d time.Duration) time.Duration
}

// Client sends GET requests to one provider. It is safe for concurrent use;
// its limits apply across all callers.
type Client struct {
	opts   Options
	lim    *limiter
	quotas *quotas
}

// New returns a Client with opts, defaults filled in. It panics on a Quota
// with a positive Limit but neither Window nor Reset.
func New(opts Options) *Client {
	if opts.UserAgent == "" {
		opts.UserAgent = DefaultUserAgent
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = http.DefaultClient
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Retries == 0 {
		opts.Retries = DefaultRetries
	} else if opts.Retries < 0 {
		opts.Retries = 0
	}
	if opts.BaseDelay <= 0 {
		opts.BaseDelay = DefaultBaseDelay
	}
	if opts.MaxDelay <= 0 {
		opts.MaxDelay = DefaultMaxDelay
	}
	if opts.MaxRetryWait <= 0 {
		opts.MaxRetryWait = DefaultMaxRetryWait
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Sleep == nil {
		opts.Sleep = sleep
	}
	if opts.Jitter == nil {
		opts.Jitter = halfJitter
	}
	return &Client{opts: opts, lim: newLimiter(opts.Limit, opts.Now, opts.Sleep), quotas: newQuotas(opts.Quotas)}
}

// Provider returns the provider name the Client reports in errors.
func (c *Client) Provider() string { return c.opts.Provider }

// GetJSON sends GET rawURL?query and decodes a 2xx JSON body into v. Every
// failure is an *orchestrator.UpstreamError (a used-up quota's one wrapped
// in a *QuotaError). It blocks for the rate and concurrency limits, each
// attempt and the backoff between attempts, and returns early when ctx
// ends.
func (c *Client) GetJSON(ctx context.Context, rawURL string, query url.Values, v any) error {
	body, err := c.Get(ctx, rawURL, query)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return c.errorf(orchestrator.EBADRESPONSE, false, "undecodable JSON: %v", err)
	}
	return nil
}

// Get sends GET rawURL?query and returns the body of a 2xx response, with
// the same retries, limits and errors as GetJSON.
func (c *Client) Get(ctx context.Context, rawURL string, query url.Values) ([]byte, error) {
	return c.Do(ctx, Request{URL: rawURL, Query: query})
}

// attempt sends one request under the limits and quotas. retryAfter is the
// delay the server asked for, if any. A used-up quota refuses the attempt
// at once (before the rate limit's wait) or, when others spent the last
// units during that wait, just before sending; either way nothing is sent
// and qerr is set.
func (c *Client) attempt(ctx context.Context, r *Request, target string) (body []byte, retryAfter time.Duration, perr *orchestrator.UpstreamError, qerr *QuotaError) {
	if qe := c.checkQuota(ctx, r, false); qe != nil {
		return nil, 0, qe.Err, qe
	}
	if err := c.lim.wait(ctx); err != nil {
		return nil, 0, c.ctxError(err), nil
	}
	release, err := c.lim.acquire(ctx)
	if err != nil {
		return nil, 0, c.ctxError(err), nil
	}
	defer release()

	actx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	actx, span := tracing.Start(actx, "provider "+c.opts.Provider) // a span per provider call (off: nothing)
	defer func() {
		if perr != nil {
			tracing.End(span, perr)
		} else {
			tracing.End(span, nil)
		}
	}()
	var reqBody io.Reader
	if r.Body != nil {
		reqBody = bytes.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(actx, r.method(), target, reqBody)
	if err != nil {
		return nil, 0, c.errorf(orchestrator.EINVALIDARG, false, "building request: %v", err), nil
	}
	countCall(ctx)
	req.Header.Set("User-Agent", c.opts.UserAgent)
	req.Header.Set("Accept", "application/json")
	for k, vs := range r.Header {
		req.Header[http.CanonicalHeaderKey(k)] = vs
	}
	// Paced across processes last, holding the concurrency slot, so that
	// the request starts right after its admission.
	if err := c.paceShared(ctx); err != nil {
		return nil, 0, c.ctxError(err), nil
	}
	if qe := c.checkQuota(ctx, r, true); qe != nil {
		return nil, 0, qe.Err, qe
	}
	resp, err := c.opts.HTTPClient.Do(req)
	if err != nil {
		return nil, 0, c.transportError(ctx, err), nil
	}
	defer resp.Body.Close()

	body, err = io.ReadAll(io.LimitReader(resp.Body, c.opts.MaxBody+1))
	if err != nil {
		return nil, 0, c.transportError(ctx, err), nil
	}
	if int64(len(body)) > c.opts.MaxBody {
		return nil, 0, c.errorf(orchestrator.EBADRESPONSE, false, "response larger than %d bytes", c.opts.MaxBody), nil
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		if c.opts.CheckBody != nil {
			if e := c.opts.CheckBody(body); e != nil {
				out := *e
				if out.Provider == "" {
					out.Provider = c.opts.Provider
				}
				if out.Type == "" {
					out.Type = orchestrator.EBADRESPONSE
				}
				return nil, 0, &out, nil
			}
		}
		return body, 0, nil, nil
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		retryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), c.opts.Now())
	}
	return nil, retryAfter, c.statusError(resp.StatusCode, resp.Header, body), nil
}

// statusError maps a non-2xx response to an UpstreamError.
func (c *Client) statusError(status int, header http.Header, body []byte) *orchestrator.UpstreamError {
	if c.opts.MapError != nil {
		if e := c.opts.MapError(status, header, body); e != nil {
			out := *e
			if out.Type == "" {
				out.Type, out.Retryable = statusType(status)
			}
			if out.Provider == "" {
				out.Provider = c.opts.Provider
			}
			if out.Message == "" {
				out.Message = fmt.Sprintf("HTTP %d", status)
			}
			return &out
		}
	}
	typ, retryable := statusType(status)
	msg := fmt.Sprintf("HTTP %d", status)
	if s := snippet(body); s != "" {
		msg += ": " + s
	}
	return &orchestrator.UpstreamError{Type: typ, Message: msg, Retryable: retryable, Provider: c.opts.Provider}
}

// statusType is the default mapping of an HTTP status to an error type and
// whether a retry may help.
func statusType(status int) (typ string, retryable bool) {
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return orchestrator.EAUTH, false
	case status == http.StatusNotFound || status == http.StatusGone:
		return orchestrator.ENOTFOUND, false
	case status == http.StatusRequestTimeout:
		return orchestrator.ETIMEOUT, true
	case status == http.StatusTooManyRequests:
		return orchestrator.ERATELIMITED, true
	case status >= 400 && status < 500:
		return orchestrator.EINVALIDARG, false
	case status >= 500:
		return orchestrator.EUNAVAILABLE, true
	default: // 1xx, 3xx not followed
		return orchestrator.EBADRESPONSE, false
	}
}

// transportError maps a failed round trip or body read. ctx is the caller's
// context, to tell its end from the attempt's own timeout.
func (c *Client) transportError(ctx context.Context, err error) *orchestrator.UpstreamError {
	if ctx.Err() != nil {
		return c.ctxError(ctx.Err())
	}
	var ne interface{ Timeout() bool }
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return c.errorf(orchestrator.ETIMEOUT, true, "no answer within %s", c.opts.Timeout)
	}
	// The cause goes to the log; callers (and API clients) get no resolver
	// addresses or other details of our network.
	if c.opts.Logger != nil {
		c.opts.Logger.WarnContext(ctx, "upstream request failed", "provider", c.opts.Provider, "err", unwrapURLError(err))
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return c.errorf(orchestrator.EUNAVAILABLE, true, "cannot resolve %s's host", c.providerName())
	}
	return c.errorf(orchestrator.EUNAVAILABLE, true, "cannot reach %s", c.providerName())
}

// ctxError reports the end of the caller's context.
func (c *Client) ctxError(err error) *orchestrator.UpstreamError {
	if errors.Is(err, context.DeadlineExceeded) {
		return c.errorf(orchestrator.ETIMEOUT, true, "deadline exceeded before %s answered", c.providerName())
	}
	return c.errorf(orchestrator.EUNAVAILABLE, false, "request canceled")
}

func (c *Client) providerName() string {
	if c.opts.Provider == "" {
		return "the upstream"
	}
	return c.opts.Provider
}

func (c *Client) errorf(typ string, retryable bool, format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: typ, Message: fmt.Sprintf(format, args...), Retryable: retryable, Provider: c.opts.Provider}
}

// backoff returns the jittered delay before retry number attempt+1.
func (c *Client) backoff(attempt int) time.Duration {
	d := c.opts.BaseDelay
	for i := 0; i < attempt && d < c.opts.MaxDelay; i++ {
		d *= 2
	}
	d = min(d, c.opts.MaxDelay)
	return c.opts.Jitter(d)
}

// parseRetryAfter reads a Retry-After value in seconds or as an HTTP-date;
// zero means absent or unusable.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs <= 0 {
			return 0
		}
		return time.Duration(min(secs, 1<<30)) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}

// snippet returns a short printable excerpt of an error body for messages.
func snippet(body []byte) string {
	s := strings.TrimSpace(string(bytes.ToValidUTF8(body, nil)))
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return s
}

func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func halfJitter(d time.Duration) time.Duration {
	if d <= 1 {
		return d
	}
	return d/2 + rand.N(d/2+1)
}
