// Package overpass finds points of interest — attractions and places to eat
// — in OpenStreetMap through the Overpass API, built on package upstream.
// It speaks the domain vocabulary: orchestrator.Attraction and
// orchestrator.Restaurant, ranked deterministically.
//
// The public instance allows 2 concurrent queries per IP (429 beyond) and
// about 10,000 queries a day; the Client keeps to both (DefaultRateLimit,
// DefaultQuotas) and sends queries as POST forms. Data is ODbL: credit
// "© OpenStreetMap contributors" (Attribution).
package overpass

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// Provider is the provider name in errors and provenance.
const Provider = "overpass"

// DefaultURL is the main public instance's interpreter.
const DefaultURL = "https://overpass-api.de/api/interpreter"

// Provenance of POIs: source, a suggested freshness (OSM data changes
// slowly; apis.md suggests days to weeks) and the ODbL credit.
const (
	SourcePOIs = "overpass:interpreter"
	POITTL     = 7 * 24 * time.Hour
)

// Attribution is the credit the ODbL requires next to OSM data.
var Attribution = orchestrator.Attribution{
	Text: "© OpenStreetMap contributors", URL: "https://www.openstreetmap.org/copyright", License: "ODbL 1.0",
}

// DefaultRateLimit paces queries for the public instance: 2 in flight (its
// per-IP slots) and one every 2 seconds on average, in bursts of up to 20.
// The daily budget is DefaultQuotas'.
var DefaultRateLimit = upstream.Limit{Requests: 30, Interval: time.Minute, Burst: 20, Concurrent: 2}

// DefaultDailyQuota is the public instance's fair-use guideline: about
// 10,000 queries a day.
const DefaultDailyQuota = 10000

// DefaultQuotas returns the public instance's daily budget
// (DefaultDailyQuota) over fixed UTC days: once it is spent, queries fail
// at once with a non-retryable rate_limited *upstream.QuotaError until
// 00:00 UTC. Counting is per process: with several replicas, divide the
// budget among them.
func DefaultQuotas() []upstream.Quota {
	return Quotas(DefaultDailyQuota)
}

// Quotas returns a budget of daily queries per UTC day, for a deployment
// with other limits (another instance, several replicas); zero or less
// means none.
func Quotas(daily int) []upstream.Quota {
	return []upstream.Quota{{Name: "Overpass daily", Limit: daily, Window: 24 * time.Hour}}
}

// Defaults of the HTTP layer that suit Overpass: queries run for up to
// QueryTimeout on the server, so an attempt may take longer than
// upstream's default; a busy server frees a slot only when a query ends,
// so retries start later.
const (
	DefaultQueryTimeout = 25 * time.Second
	DefaultHTTPTimeout  = 35 * time.Second
	DefaultBaseDelay    = 2 * time.Second
	DefaultMaxBody      = 16 << 20
)

// Options configure a Client. Zero fields mean the defaults.
type Options struct {
	// URL is the interpreter endpoint.
	URL string
	// QueryTimeout is the [timeout:] asked of the server.
	QueryTimeout time.Duration
	// Upstream configures the HTTP layer. New sets Provider to "overpass",
	// Limit to DefaultRateLimit, MapError to MapError, Timeout to
	// DefaultHTTPTimeout, BaseDelay to DefaultBaseDelay and MaxBody to
	// DefaultMaxBody where they are zero, and Quotas to DefaultQuotas()
	// when Limit and Quotas are both unset: a caller that sets its own
	// Limit (its own instance) sets its own Quotas too. A non-nil empty
	// Quotas means none.
	Upstream upstream.Options
}

// Client queries Overpass. It is safe for concurrent use; share one per
// process so its limits hold.
type Client struct {
	url          string
	queryTimeout time.Duration
	up           *upstream.Client
}

// New returns a Client with opts.
func New(opts Options) *Client {
	c := &Client{url: opts.URL, queryTimeout: opts.QueryTimeout}
	if c.url == "" {
		c.url = DefaultURL
	}
	if c.queryTimeout <= 0 {
		c.queryTimeout = DefaultQueryTimeout
	}
	uo := opts.Upstream
	if uo.Provider == "" {
		uo.Provider = Provider
	}
	if uo.Limit == (upstream.Limit{}) {
		uo.Limit = DefaultRateLimit
		if uo.Quotas == nil {
			uo.Quotas = DefaultQuotas()
		}
	}
	if uo.MapError == nil {
		uo.MapError = MapError
	}
	if uo.Timeout <= 0 {
		uo.Timeout = DefaultHTTPTimeout
	}
	if uo.BaseDelay <= 0 {
		uo.BaseDelay = DefaultBaseDelay
	}
	if uo.MaxBody <= 0 {
		uo.MaxBody = DefaultMaxBody
	}
	c.up = upstream.New(uo)
	return c
}

// Usage reports the Client's quotas (see DefaultQuotas): used, limit and
// reset time of each, for metrics.
func (c *Client) Usage() []upstream.QuotaUsage { return c.up.Usage() }

// Response is the interpreter's JSON answer.
type Response struct {
	Version   float64 `json:"version"`
	Generator string  `json:"generator"`
	OSM3S     struct {
		TimestampOSMBase string `json:"timestamp_osm_base"`
		Copyright        string `json:"copyright"`
	} `json:"osm3s"`
	Elements []Element `json:"elements"`
	// Remark reports a runtime error (a timeout, memory exhaustion) that
	// the server answered with HTTP 200 and partial or no elements.
	Remark string `json:"remark"`
}

// Element is one OSM object. Nodes carry Lat and Lon; ways and relations
// carry Center with "out center".
type Element struct {
	Type   string            `json:"type"`
	ID     int64             `json:"id"`
	Lat    *float64          `json:"lat"`
	Lon    *float64          `json:"lon"`
	Center *Point            `json:"center"`
	Tags   map[string]string `json:"tags"`
}

// Point is a position in an Overpass answer.
type Point struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// query runs an Overpass QL query, sent as the POST form data=… (long
// queries do not fit URLs), and decodes its answer. A remark that reports a
// timeout is a retryable timeout error; another runtime error is
// unavailable. Queries only read, so retrying them is safe.
func (c *Client) query(ctx context.Context, ql string) (*Response, error) {
	body, err := c.up.Do(ctx, upstream.Request{
		Method: http.MethodPost,
		URL:    c.url,
		Header: http.Header{"Content-Type": {"application/x-www-form-urlencoded"}},
		Body:   []byte(url.Values{"data": {ql}}.Encode()),
	})
	if err != nil {
		return nil, err
	}
	return decode(body)
}

// decode parses an interpreter answer, checking its remark.
func decode(body []byte) (*Response, error) {
	var r Response
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Provider: Provider,
			Message: fmt.Sprintf("undecodable Overpass response: %v", err)}
	}
	if r.Elements == nil && r.Remark == "" && r.Version == 0 {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Provider: Provider,
			Message: "Overpass response without elements"}
	}
	if rem := strings.ToLower(r.Remark); strings.Contains(rem, "error") {
		ue := &orchestrator.UpstreamError{Provider: Provider, Message: strings.TrimSpace(r.Remark)}
		if strings.Contains(rem, "timed out") || strings.Contains(rem, "timeout") {
			ue.Type, ue.Retryable = orchestrator.ETIMEOUT, true
		} else {
			ue.Type = orchestrator.EUNAVAILABLE
		}
		return nil, ue
	}
	return &r, nil
}

var htmlErrorRE = regexp.MustCompile(`(?s)<strong[^>]*>Error</strong>:\s*(.*?)</p>`)

// MapError maps the interpreter's error pages (HTML with "Error: …"): 429
// (all of this IP's slots busy) → rate_limited, 504 (server too busy) →
// unavailable, both retryable; 400 (a query the server rejects) →
// invalid_argument. The message is the page's error text.
func MapError(status int, _ http.Header, body []byte) *orchestrator.UpstreamError {
	msg := ""
	if m := htmlErrorRE.FindSubmatch(body); m != nil {
		msg = strings.Join(strings.Fields(html.UnescapeString(string(m[1]))), " ")
	}
	switch {
	case status == http.StatusTooManyRequests:
		if msg == "" {
			msg = "all query slots of this client are busy"
		}
		return &orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Retryable: true, Message: msg}
	case status == http.StatusGatewayTimeout:
		if msg == "" {
			msg = "the server is too busy"
		}
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Retryable: true, Message: msg}
	case msg != "" && status == http.StatusBadRequest:
		return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: msg}
	case msg != "":
		return &orchestrator.UpstreamError{Message: msg}
	}
	return nil
}
