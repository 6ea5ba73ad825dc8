// Package wikivoyage is a client for Wikivoyage's travel guides through the
// MediaWiki Action API (English and Chinese editions), built on package
// upstream. It speaks the domain vocabulary: orchestrator.Guide with its
// sections as plain text and its listings parsed from the listing templates.
//
// Wikimedia asks API clients for a descriptive User-Agent, at most 3
// concurrent requests, maxlag=5 and honouring Retry-After on 429 and on
// maxlag errors; the Client does all of that. Wikivoyage text is CC BY-SA
// 4.0: show it with a link to the article and the licence (Attribution).
package wikivoyage

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// Provider is the provider name in errors and provenance.
const Provider = "wikivoyage"

// Default endpoints of the Action API.
const (
	DefaultENURL = "https://en.wikivoyage.org/w/api.php"
	DefaultZHURL = "https://zh.wikivoyage.org/w/api.php"
)

// Provenance of guides: the source, a suggested freshness (articles change
// slowly; apis.md suggests 1–7 days) and the licence's credit, whose URL is
// the article's.
const (
	SourceGuide = "wikivoyage:parse"
	GuideTTL    = 3 * 24 * time.Hour
)

// Attribution is the credit Wikivoyage's licence requires, without the
// article URL, which AttributionFor adds.
var Attribution = orchestrator.Attribution{Text: "Wikivoyage contributors", License: "CC BY-SA 4.0"}

// AttributionFor returns Attribution linking to the article at articleURL.
func AttributionFor(articleURL string) orchestrator.Attribution {
	a := Attribution
	a.URL = articleURL
	return a
}

// DefaultLimit keeps within Wikimedia's etiquette: at most 3 requests in
// flight and 100 a minute, with bursts of 10.
var DefaultLimit = upstream.Limit{Requests: 100, Interval: time.Minute, Burst: 10, Concurrent: 3}

// DefaultMaxDistricts is how many district articles of a huge city a guide
// reads for their listings.
const DefaultMaxDistricts = 4

// Options configure a Client. Zero fields mean the defaults.
type Options struct {
	// ENURL and ZHURL are the api.php endpoints of the English and Chinese
	// editions.
	ENURL string
	ZHURL string
	// MaxDistricts bounds the district articles read per guide; zero means
	// DefaultMaxDistricts, negative means none.
	MaxDistricts int
	// Upstream configures the HTTP layer. New sets Provider to
	// "wikivoyage", Limit to DefaultLimit and MapError to MapError where
	// they are zero, and wraps HTTPClient's transport so that MediaWiki's
	// maxlag and ratelimited errors, which arrive as HTTP 200, are retried
	// after their Retry-After like a 503 and a 429.
	Upstream upstream.Options
}

// Client reads Wikivoyage guides. It is safe for concurrent use; its limits
// cover both editions, so share one Client per process.
type Client struct {
	endpoints    map[string]string // language → api.php
	maxDistricts int
	up           *upstream.Client
}

// Languages are the editions a Client reads.
var Languages = []string{"en", "zh"}

// New returns a Client with opts.
func New(opts Options) *Client {
	c := &Client{endpoints: map[string]string{"en": opts.ENURL, "zh": opts.ZHURL}, maxDistricts: opts.MaxDistricts}
	if c.endpoints["en"] == "" {
		c.endpoints["en"] = DefaultENURL
	}
	if c.endpoints["zh"] == "" {
		c.endpoints["zh"] = DefaultZHURL
	}
	if c.maxDistricts == 0 {
		c.maxDistricts = DefaultMaxDistricts
	}
	uo := opts.Upstream
	if uo.Provider == "" {
		uo.Provider = Provider
	}
	if uo.Limit == (upstream.Limit{}) {
		uo.Limit = DefaultLimit
	}
	if uo.MapError == nil {
		uo.MapError = MapError
	}
	uo.HTTPClient = withAPIErrorStatus(uo.HTTPClient)
	c.up = upstream.New(uo)
	return c
}

// ArticleURL returns the web address of title on the wiki whose api.php is
// apiURL: ".../w/api.php" becomes ".../wiki/Title_with_underscores".
func ArticleURL(apiURL, title string) string {
	base := apiURL
	if i := strings.Index(base, "?"); i >= 0 {
		base = base[:i]
	}
	if strings.HasSuffix(base, "/w/api.php") {
		base = strings.TrimSuffix(base, "/w/api.php")
	} else if u, err := url.Parse(base); err == nil {
		base = u.Scheme + "://" + u.Host
	}
	path := url.PathEscape(strings.ReplaceAll(title, " ", "_"))
	path = strings.NewReplacer("%2F", "/", "%3A", ":", "%2C", ",", "%27", "'").Replace(path)
	return base + "/wiki/" + path
}

// apiError is MediaWiki's error object: {"error":{"code","info",…}}.
type apiError struct {
	Code string `json:"code"`
	Info string `json:"info"`
	Lag  any    `json:"lag,omitempty"`
}

// upstreamError maps a MediaWiki error code to an UpstreamError.
func (e *apiError) upstreamError() *orchestrator.UpstreamError {
	msg := e.Code
	if e.Info != "" {
		msg += ": " + e.Info
	}
	ue := &orchestrator.UpstreamError{Message: msg, Provider: Provider}
	switch {
	case e.Code == "missingtitle" || e.Code == "missing" || e.Code == "nosuchpageid" || e.Code == "invalidtitle" ||
		e.Code == "pagecannotexist" || e.Code == "nosuchsection":
		ue.Type = orchestrator.ENOTFOUND
	case e.Code == "maxlag":
		ue.Type, ue.Retryable = orchestrator.EUNAVAILABLE, true
	case e.Code == "ratelimited":
		ue.Type, ue.Retryable = orchestrator.ERATELIMITED, true
	case e.Code == "readapidenied" || e.Code == "permissiondenied" || strings.HasPrefix(e.Code, "mwoauth"):
		ue.Type = orchestrator.EAUTH
	case strings.HasPrefix(e.Code, "internal_api_error"):
		ue.Type, ue.Retryable = orchestrator.EUNAVAILABLE, true
	case e.Code == "badvalue" || e.Code == "unknown_action" || strings.HasPrefix(e.Code, "missingparam") || e.Code == "invalidparammix":
		ue.Type = orchestrator.EINVALIDARG
	default:
		ue.Type = orchestrator.EBADRESPONSE
	}
	return ue
}

// MapError maps a non-2xx answer whose body is MediaWiki's error object to
// an UpstreamError carrying its code and info; other bodies (Wikimedia's
// HTML error pages) fall back to upstream's mapping by status.
func MapError(status int, _ http.Header, body []byte) *orchestrator.UpstreamError {
	var r struct {
		Error *apiError `json:"error"`
	}
	if json.Unmarshal(body, &r) != nil || r.Error == nil || r.Error.Code == "" {
		return nil
	}
	ue := r.Error.upstreamError()
	ue.Provider = ""
	switch {
	case status == http.StatusTooManyRequests:
		ue.Type, ue.Retryable = orchestrator.ERATELIMITED, true
	case status >= 500:
		ue.Type, ue.Retryable = orchestrator.EUNAVAILABLE, true
	}
	return ue
}

// call sends one Action API request to the edition lang and decodes the
// body into v. A MediaWiki error object in a 2xx body is returned as an
// UpstreamError.
func (c *Client) call(ctx context.Context, lang string, q url.Values, v any) error {
	q.Set("format", "json")
	q.Set("formatversion", "2")
	q.Set("maxlag", "5")
	body, err := c.up.Get(ctx, c.endpoints[lang], q)
	if err != nil {
		return err
	}
	var head struct {
		Error *apiError `json:"error"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		return badResponse("undecodable %s response: %v", q.Get("action"), err)
	}
	if head.Error != nil {
		return head.Error.upstreamError()
	}
	if err := json.Unmarshal(body, v); err != nil {
		return badResponse("undecodable %s response: %v", q.Get("action"), err)
	}
	return nil
}

func badResponse(format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: fmt.Sprintf(format, args...), Provider: Provider}
}

// withAPIErrorStatus returns a copy of hc (http.DefaultClient when nil)
// whose transport gives MediaWiki's maxlag and ratelimited errors, which
// the API sends with HTTP 200, the status they mean (503 and 429), so that
// package upstream retries them after their Retry-After. MediaWiki names
// the error of every failed API request in the MediaWiki-API-Error header.
func withAPIErrorStatus(hc *http.Client) *http.Client {
	if hc == nil {
		hc = http.DefaultClient
	}
	cp := *hc
	base := cp.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	cp.Transport = apiErrorStatus{base}
	return &cp
}

type apiErrorStatus struct{ base http.RoundTripper }

func (t apiErrorStatus) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		return resp, err
	}
	switch resp.Header.Get("MediaWiki-API-Error") {
	case "maxlag":
		resp.StatusCode, resp.Status = http.StatusServiceUnavailable, "503 Service Unavailable"
	case "ratelimited":
		resp.StatusCode, resp.Status = http.StatusTooManyRequests, "429 Too Many Requests"
	}
	return resp, nil
}
