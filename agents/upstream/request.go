package upstream

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/tripweave/tripweave/orchestrator"
)

// Request is one call for Client.Do. The zero Method means GET.
type Request struct {
	Method string
	URL    string
	// Query is merged into URL's own query.
	Query url.Values
	// Header is added to every attempt after the User-Agent and the
	// default "Accept: application/json", so it can override them.
	Header http.Header
	// Body is sent with every attempt; nil means none.
	Body []byte
	// Bucket names the quota bucket the request counts in: the Client's
	// quotas with this Bucket apply to it besides those with none (Amap
	// counts POI searches apart from its other services). "" means only
	// the latter.
	Bucket string
	// Cost is the units each attempt spends of every quota that applies;
	// zero or less means 1.
	Cost int
}

func (r *Request) cost() int {
	return max(r.Cost, 1)
}

func (r *Request) method() string {
	if r.Method == "" {
		return http.MethodGet
	}
	return r.Method
}

// Do sends r and returns the body of a 2xx response that CheckBody (if set)
// accepts. Every failure is an *orchestrator.UpstreamError; when a quota is
// used up (see Quota) nothing is sent and it comes wrapped in a
// *QuotaError, which tells when the quota resets. Retryable
// failures are retried, Body resent each time, so use Do only for requests
// that are safe to repeat (reads, searches). It blocks for the rate and
// concurrency limits, each attempt and the backoff between attempts, and
// returns early when ctx ends.
func (c *Client) Do(ctx context.Context, r Request) ([]byte, error) {
	u, err := url.Parse(r.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, c.errorf(orchestrator.EINVALIDARG, false, "invalid URL %q", r.URL)
	}
	if len(r.Query) > 0 {
		q := u.Query()
		for k, vs := range r.Query {
			q[k] = vs
		}
		u.RawQuery = q.Encode()
	}
	target := u.String()
	if c.opts.Shared != nil && c.opts.Coalesce >= 0 && r.method() == http.MethodGet {
		// Identical GETs from several processes at once reach the
		// provider once; the body is shared for a short while.
		keep := c.opts.Coalesce
		if keep == 0 {
			keep = DefaultCoalesce
		}
		var uerr error
		body, _, err := c.opts.Shared.Once(ctx, onceKey(c.opts.Provider, r.method(), target, r.Header), keep, func(ctx context.Context) ([]byte, error) {
			b, err := c.send(ctx, &r, target)
			uerr = err
			return b, err
		})
		if uerr != nil {
			return nil, uerr
		}
		if err != nil {
			return nil, c.ctxError(err)
		}
		return body, nil
	}
	return c.send(ctx, &r, target)
}

// send sends r to target with the Client's retries and backoff.
func (c *Client) send(ctx context.Context, r *Request, target string) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		body, retryAfter, uerr, qerr := c.attempt(ctx, r, target)
		if qerr != nil {
			return nil, qerr
		}
		if uerr == nil {
			return body, nil
		}
		if !uerr.Retryable || ctx.Err() != nil {
			return nil, uerr
		}
		if attempt >= c.opts.Retries {
			return nil, spent(uerr)
		}
		wait := c.backoff(attempt)
		if retryAfter > 0 {
			wait = retryAfter
		}
		if wait > c.opts.MaxRetryWait {
			return nil, uerr
		}
		if dl, ok := ctx.Deadline(); ok && c.opts.Now().Add(wait).After(dl) {
			return nil, spent(uerr)
		}
		if c.opts.Logger != nil {
			c.opts.Logger.DebugContext(ctx, "upstream retry", "provider", c.opts.Provider,
				"attempt", attempt+1, "wait", wait, "error", uerr.Error())
		}
		if err := c.opts.Sleep(ctx, wait); err != nil {
			return nil, uerr
		}
	}
}

// DoJSON sends r like Do and decodes the 2xx JSON body into v; an
// undecodable body is a bad_response.
func (c *Client) DoJSON(ctx context.Context, r Request, v any) error {
	body, err := c.Do(ctx, r)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return c.errorf(orchestrator.EBADRESPONSE, false, "undecodable JSON: %v", err)
	}
	return nil
}

// spent marks a retryable failure whose retries this layer has used up as
// no longer retryable: this client is the one retry layer of provider
// requests, so the callers above (the agent tool, the DAG node) must not
// send the request again.
func spent(uerr *orchestrator.UpstreamError) *orchestrator.UpstreamError {
	out := *uerr
	out.Retryable = false
	return &out
}
