// Package frankfurter is a client for the Frankfurter exchange-rate API
// (v1: the European Central Bank's daily reference rates), built on package
// upstream. It speaks the domain vocabulary: orchestrator.FXRates.
//
// Frankfurter needs no key and publishes no quota; its answers are
// CDN-cached for a day. The ECB publishes once per working day at about
// 16:00 CET, so a date without rates (a weekend, a TARGET holiday, today
// before publication) answers with the latest business day before it, and
// the answer's Date says which. v1 covers the ECB's ~30 currencies (CNY,
// HKD, JPY, KRW, USD, GBP, THB, SGD among them; not TWD or VND).
package frankfurter

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// Provider is the provider name in errors and provenance.
const Provider = "frankfurter"

// DefaultURL is the v1 (ECB-only) API root.
const DefaultURL = "https://api.frankfurter.dev/v1"

// Provenance of Frankfurter data.
const (
	SourceLatest     = "frankfurter:latest"
	SourceHistorical = "frankfurter:historical"

	// LatestTTL is the freshness of the latest rates: the ECB publishes
	// once per working day.
	LatestTTL = 6 * time.Hour
	// HistoricalTTL is the freshness of rates for a past date, which never
	// change.
	HistoricalTTL = 365 * 24 * time.Hour
)

// Attribution credits the rates' source.
var Attribution = orchestrator.Attribution{
	Text: "Exchange rates by Frankfurter (European Central Bank reference rates)",
	URL:  "https://frankfurter.dev",
}

// DefaultLimit is a polite budget for a free API without a published quota:
// at most 5 requests a second, 2 at a time.
var DefaultLimit = upstream.Limit{Requests: 5, Interval: time.Second, Concurrent: 2}

// FirstDate is the first day with ECB reference rates.
const FirstDate = "1999-01-04"

// Options configure a Client. Zero fields mean the defaults.
type Options struct {
	// URL is the API root, e.g. DefaultURL or a self-hosted
	// "http://localhost:8080/v1".
	URL string
	// Upstream configures the HTTP layer. New sets Provider, Limit and
	// MapError where they are zero.
	Upstream upstream.Options
}

// Client calls Frankfurter. It is safe for concurrent use.
type Client struct {
	url string
	up  *upstream.Client
}

// New returns a Client with opts.
func New(opts Options) *Client {
	c := &Client{url: strings.TrimRight(opts.URL, "/")}
	if c.url == "" {
		c.url = DefaultURL
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
	c.up = upstream.New(uo)
	return c
}

// MapError maps Frankfurter's error body {"message":"..."}: 404 ("not
// found": an unknown currency or no data for the date) → not_found, 422
// ("bad currency pair", "invalid amount", an unparsable date) →
// invalid_argument. Other bodies fall back to upstream's default mapping.
func MapError(status int, _ http.Header, body []byte) *orchestrator.UpstreamError {
	var e struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &e) != nil || e.Message == "" {
		return nil
	}
	switch status {
	case http.StatusNotFound:
		return &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: e.Message + " (unknown currency or no rates for that date)"}
	case http.StatusUnprocessableEntity:
		return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: e.Message}
	}
	return &orchestrator.UpstreamError{Message: e.Message}
}

var codeRE = regexp.MustCompile(`^[A-Z]{3}$`)

// Rates returns the reference rates from base (an ISO 4217 code, any case)
// to symbols (all currencies when empty) on date (YYYY-MM-DD; empty means
// the latest). FXRates.Date is the business day the rates are from, which
// for a weekend or holiday is the one before. An unknown currency is a
// not_found *orchestrator.UpstreamError; base as its own only symbol an
// invalid_argument one.
func (c *Client) Rates(ctx context.Context, base string, symbols []string, date string) (orchestrator.FXRates, error) {
	base, syms, err := normalize(base, symbols)
	if err != nil {
		return orchestrator.FXRates{}, err
	}
	path := "/latest"
	if date != "" {
		if _, err := time.Parse(orchestrator.DateLayout, date); err != nil {
			return orchestrator.FXRates{}, errorf(orchestrator.EINVALIDARG, "date %q is not a YYYY-MM-DD date", date)
		}
		path = "/" + date
	}
	body, err := c.up.Get(ctx, c.url+path, query(base, syms))
	if err != nil {
		return orchestrator.FXRates{}, err
	}
	return ParseRates(body, base)
}

// Series are daily rates over a date range, keyed by business day.
type Series struct {
	Base      string                        `json:"base"`
	StartDate string                        `json:"start_date"`
	EndDate   string                        `json:"end_date"`
	Rates     map[string]map[string]float64 `json:"rates"`
}

// Series returns the rates from base to symbols for every business day
// from start to end (YYYY-MM-DD, inclusive). Errors are as for Rates.
func (c *Client) Series(ctx context.Context, base string, symbols []string, start, end string) (Series, error) {
	base, syms, err := normalize(base, symbols)
	if err != nil {
		return Series{}, err
	}
	s, err1 := time.Parse(orchestrator.DateLayout, start)
	e, err2 := time.Parse(orchestrator.DateLayout, end)
	if err1 != nil || err2 != nil || e.Before(s) {
		return Series{}, errorf(orchestrator.EINVALIDARG, "%q..%q is not a range of YYYY-MM-DD dates", start, end)
	}
	body, err := c.up.Get(ctx, c.url+"/"+start+".."+end, query(base, syms))
	if err != nil {
		return Series{}, err
	}
	return ParseSeries(body, base)
}

func normalize(base string, symbols []string) (string, []string, error) {
	base = strings.ToUpper(strings.TrimSpace(base))
	if !codeRE.MatchString(base) {
		return "", nil, errorf(orchestrator.EINVALIDARG, "base %q is not a 3-letter currency code", base)
	}
	var syms []string
	for _, s := range symbols {
		s = strings.ToUpper(strings.TrimSpace(s))
		if s == "" {
			continue
		}
		if !codeRE.MatchString(s) {
			return "", nil, errorf(orchestrator.EINVALIDARG, "symbol %q is not a 3-letter currency code", s)
		}
		if !slices.Contains(syms, s) {
			syms = append(syms, s)
		}
	}
	slices.Sort(syms)
	return base, syms, nil
}

func query(base string, syms []string) url.Values {
	q := url.Values{"base": {base}}
	if len(syms) > 0 {
		q.Set("symbols", strings.Join(syms, ","))
	}
	return q
}

// ParseRates decodes a /latest or /{date} body for base. A body that is not
// such an answer (no date, no rates, another base, a non-positive rate) is a
// bad_response.
func ParseRates(body []byte, base string) (orchestrator.FXRates, error) {
	var r struct {
		Base  string             `json:"base"`
		Date  string             `json:"date"`
		Rates map[string]float64 `json:"rates"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return orchestrator.FXRates{}, errorf(orchestrator.EBADRESPONSE, "undecodable rates: %v", err)
	}
	if r.Base != base {
		return orchestrator.FXRates{}, errorf(orchestrator.EBADRESPONSE, "answer is for base %q, not %q", r.Base, base)
	}
	if _, err := time.Parse(orchestrator.DateLayout, r.Date); err != nil {
		return orchestrator.FXRates{}, errorf(orchestrator.EBADRESPONSE, "answer has no valid date (%q)", r.Date)
	}
	if err := checkRates(r.Rates); err != nil {
		return orchestrator.FXRates{}, err
	}
	return orchestrator.FXRates{Base: r.Base, Date: r.Date, Rates: r.Rates}, nil
}

// ParseSeries decodes a /{start}..{end} body for base; see ParseRates.
func ParseSeries(body []byte, base string) (Series, error) {
	var s Series
	if err := json.Unmarshal(body, &s); err != nil {
		return Series{}, errorf(orchestrator.EBADRESPONSE, "undecodable rate series: %v", err)
	}
	if s.Base != base {
		return Series{}, errorf(orchestrator.EBADRESPONSE, "answer is for base %q, not %q", s.Base, base)
	}
	if len(s.Rates) == 0 {
		return Series{}, errorf(orchestrator.EBADRESPONSE, "answer holds no rates")
	}
	for d, rates := range s.Rates {
		if _, err := time.Parse(orchestrator.DateLayout, d); err != nil {
			return Series{}, errorf(orchestrator.EBADRESPONSE, "answer has an invalid date %q", d)
		}
		if err := checkRates(rates); err != nil {
			return Series{}, err
		}
	}
	return s, nil
}

func checkRates(rates map[string]float64) error {
	if len(rates) == 0 {
		return errorf(orchestrator.EBADRESPONSE, "answer holds no rates")
	}
	for k, v := range rates {
		if !codeRE.MatchString(k) || !(v > 0) || math.IsInf(v, 0) {
			return errorf(orchestrator.EBADRESPONSE, "answer holds an invalid rate %q: %v", k, v)
		}
	}
	return nil
}

// TTL returns how long rates asked for date (empty for the latest) stay
// fresh at now: rates for a day before today (UTC) are final.
func TTL(date string, now time.Time) time.Duration {
	if date == "" {
		return LatestTTL
	}
	d, err := time.Parse(orchestrator.DateLayout, date)
	today := now.UTC().Truncate(24 * time.Hour)
	if err != nil || !d.Before(today) {
		return LatestTTL
	}
	return HistoricalTTL
}

// Source returns the provenance source for rates asked for date.
func Source(date string, now time.Time) string {
	if TTL(date, now) == HistoricalTTL {
		return SourceHistorical
	}
	return SourceLatest
}

func errorf(typ, format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: typ, Message: fmt.Sprintf(format, args...), Provider: Provider}
}
