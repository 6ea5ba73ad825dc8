// Package openmeteo is a client for the Open-Meteo geocoding, forecast and
// historical-weather (archive) APIs, built on package upstream. It speaks the
// domain vocabulary: orchestrator.Place and orchestrator.Forecast.
//
// Open-Meteo's free tier is for non-commercial use: at most 600 calls a
// minute (5,000 an hour, 10,000 a day) and one request at a time per IP.
// Data is CC BY 4.0 and must be credited "Weather data by Open-Meteo.com";
// geocoding results are based on GeoNames.
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

// DefaultLimit is the free tier's budget: one request in flight and at most
// 600 a minute, evenly spaced. The hourly and daily budgets are not enforced
// here; a 429 for them is reported as a non-retryable rate_limited error.
var DefaultLimit = upstream.Limit{Requests: 600, Interval: time.Minute, Concurrent: 1}

// Options configure a Client. Zero fields mean the defaults.
type Options struct {
	GeocodingURL string
	ForecastURL  string
	ArchiveURL   string
	// Now is the clock that places the 16-day forecast horizon; default
	// time.Now.
	Now func() time.Time
	// Upstream configures the HTTP layer. New sets Provider to "open-meteo",
	// Limit to DefaultLimit and MapError to MapError where they are zero.
	Upstream upstream.Options
}

// Client calls Open-Meteo. It is safe for concurrent use; one Client's
// limits cover all three APIs, so share one Client per process.
type Client struct {
	geocodingURL, forecastURL, archiveURL string
	now                                   func() time.Time
	up                                    *upstream.Client
}

// New returns a Client with opts.
func New(opts Options) *Client {
	c := &Client{
		geocodingURL: opts.GeocodingURL,
		forecastURL:  opts.ForecastURL,
		archiveURL:   opts.ArchiveURL,
		now:          opts.Now,
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
	}
	if uo.MapError == nil {
		uo.MapError = MapError
	}
	c.up = upstream.New(uo)
	return c
}

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
