// Package openmeteo is a client for the Open-Meteo geocoding, forecast and
// historical-weather (archive) APIs, built on package upstream. It speaks the
// domain vocabulary: orchestrator.Place and orchestrator.Forecast.
//
// Open-Meteo's free tier is for non-commercial use: at most 600 calls a
// minute (5,000 an hour, 10,000 a day) and one request at a time per IP;
// the Client paces requests to the first and refuses them beyond the
// others (DefaultQuotas). Data is CC BY 4.0 and must be credited
// "Weather data by Open-Meteo.com"; geocoding results are based on
// GeoNames.
package openmeteo

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// Provider is the provider name in errors and provenance.
const Provider = "open-meteo"

// Default endpoints.
const (
	DefaultGeocodingURL = "https://geocoding-api.open-meteo.com/v1/search"
	DefaultForecastURL  = "https://api.open-meteo.com/v1/forecast"
	DefaultArchiveURL   = "https://archive-api.open-meteo.com/v1/archive"
)

// Provenance of Open-Meteo data: sources, suggested freshness and the
// credit its CC BY 4.0 licence requires.
const (
	SourceGeocoding = "open-meteo:geocoding"
	SourceForecast  = "open-meteo:forecast"
	SourceArchive   = "open-meteo:archive"

	GeocodingTTL = 14 * 24 * time.Hour // places hardly move
	ForecastTTL  = 3 * time.Hour       // models update hourly to 6-hourly
	ClimateTTL   = 7 * 24 * time.Hour  // a 3-year average changes slowly
)

// Attribution is the credit for weather data; GeocodingAttribution the one
// for geocoding results, which come from GeoNames.
var (
	Attribution = orchestrator.Attribution{
		Text: "Weather data by Open-Meteo.com", URL: "https://open-meteo.com/", License: "CC BY 4.0",
	}
	GeocodingAttribution = orchestrator.Attribution{
		Text: "Location data based on GeoNames, via Open-Meteo.com", URL: "https://open-meteo.com/", License: "CC BY 4.0",
	}
)

// DefaultLimit is the free tier's pace: one request in flight and at most
// 600 a minute, evenly spaced.
var DefaultLimit = upstream.Limit{Requests: 600, Interval: time.Minute, Concurrent: 1}

// Free-tier budgets enforced by DefaultQuotas.
const (
	DefaultHourlyQuota = 5000
	DefaultDailyQuota  = 10000
)

// DefaultQuotas returns the free tier's hourly and daily budgets
// (DefaultHourlyQuota, DefaultDailyQuota): once one is spent, requests fail
// at once with a non-retryable rate_limited *upstream.QuotaError until the
// window ends, instead of drawing Open-Meteo's 429s and risking a block.
// The windows are fixed UTC clock hours and days (Open-Meteo does not say
// how it aligns its own), and each HTTP request counts as one call, while
// Open-Meteo counts a request for more than 14 days or more than 10
// variables as more (a 31-day forecast as about 2.2): the budgets are a
// guard, and a 429 from Open-Meteo is still reported as a non-retryable
// rate_limited error. Counting is per process: with several replicas,
// divide the budgets among them.
func DefaultQuotas() []upstream.Quota {
	return Quotas(DefaultHourlyQuota, DefaultDailyQuota)
}

// Quotas returns budgets of hourly calls per UTC hour and daily calls per
// UTC day, for a deployment with other limits (a paid plan, several
// replicas); a count of zero or less leaves that quota out.
func Quotas(hourly, daily int) []upstream.Quota {
	return []upstream.Quota{
		{Name: "Open-Meteo hourly", Limit: hourly, Window: time.Hour},
		{Name: "Open-Meteo daily", Limit: daily, Window: 24 * time.Hour},
	}
}

// Options configure a Client. Zero fields mean the defaults.
type Options struct {
	GeocodingURL string
	ForecastURL  string
	ArchiveURL   string
	// Now is the clock that places the 16-day forecast horizon; default
	// time.Now.
	Now func() time.Time
	// Knowledge, when set, keeps each place's climate normals and forecast
	// window (see Knowledge), so that Forecast slices any date range of a
	// known place from them instead of asking Open-Meteo for that range;
	// nil asks per range, as recorded fixtures expect.
	Knowledge Knowledge
	// Upstream configures the HTTP layer. New sets Provider to "open-meteo",
	// Limit to DefaultLimit and MapError to MapError where they are zero,
	// and Quotas to DefaultQuotas() when Limit and Quotas are both unset:
	// a caller that sets its own Limit (a commercial key, its own server)
	// sets its own Quotas too. A non-nil empty Quotas means none.
	Upstream upstream.Options
}

// Client calls Open-Meteo. It is safe for concurrent use; one Client's
// limits cover all three APIs, so share one Client per process.
type Client struct {
	geocodingURL, forecastURL, archiveURL string
	now                                   func() time.Time
	up                                    *upstream.Client
	knowledge                             Knowledge
	held                                  heldMemo
}

// New returns a Client with opts.
func New(opts Options) *Client {
	c := &Client{
		geocodingURL: opts.GeocodingURL,
		forecastURL:  opts.ForecastURL,
		archiveURL:   opts.ArchiveURL,
		now:          opts.Now,
		knowledge:    opts.Knowledge,
	}
	if c.geocodingURL == "" {
		c.geocodingURL = DefaultGeocodingURL
	}
	if c.forecastURL == "" {
		c.forecastURL = DefaultForecastURL
	}
	if c.archiveURL == "" {
		c.archiveURL = DefaultArchiveURL
	}
	if c.now == nil {
		c.now = time.Now
	}
	uo := opts.Upstream
	if uo.Provider == "" {
		uo.Provider = Provider
	}
	if uo.Limit == (upstream.Limit{}) {
		uo.Limit = DefaultLimit
		if uo.Quotas == nil {
			uo.Quotas = DefaultQuotas()
		}
	}
	if uo.MapError == nil {
		uo.MapError = MapError
	}
	c.up = upstream.New(uo)
	return c
}

// Usage reports the Client's quotas (see DefaultQuotas): used, limit and
// reset time of each, for metrics.
func (c *Client) Usage() []upstream.QuotaUsage { return c.up.Usage() }

// MapError maps Open-Meteo's error body {"error":true,"reason":"..."} to an
// UpstreamError carrying the reason: 400 → invalid_argument, 429 →
// rate_limited (retryable only for the per-minute and concurrency limits),
// 5xx → unavailable. Other bodies fall back to upstream's default mapping.
func MapError(status int, _ http.Header, body []byte) *orchestrator.UpstreamError {
	var e struct {
		Error  bool   `json:"error"`
		Reason string `json:"reason"`
	}
	if json.Unmarshal(body, &e) != nil || e.Reason == "" {
		return nil
	}
	switch {
	case status == http.StatusTooManyRequests:
		r := strings.ToLower(e.Reason)
		retryable := !strings.Contains(r, "hourly") && !strings.Contains(r, "daily")
		return &orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Message: e.Reason, Retryable: retryable}
	case status >= 500:
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: e.Reason, Retryable: true}
	case status == http.StatusBadRequest:
		return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: e.Reason}
	}
	return &orchestrator.UpstreamError{Message: e.Reason}
}

func (c *Client) errorf(typ, msg string) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: typ, Message: msg, Provider: Provider}
}
