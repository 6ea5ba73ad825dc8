// Package amap is a client for the Amap (高德) Web Service API — POI search
// (v3 keyword, v5 around), weather, geocoding and driving, walking and
// transit directions — built on package upstream. It needs a "Web服务" key.
//
// Amap speaks GCJ-02 and every answer is string-typed JSON with [] for
// empty values; this package converts coordinates to and from WGS-84 at its
// boundary (coord.go) and decodes tolerantly (String, Object, List), so
// nothing leaving it is GCJ-02 or stringly typed.
//
// Amap reports failures inside HTTP 200 bodies: {"status":"0","info":…,
// "infocode":…}. InfocodeError types them: key problems are auth; daily
// quotas (10003, 10044) are rate_limited and not retryable (they reset at
// midnight); per-second limits (10004, 10014, 10019–10021) are
// rate_limited and retried with backoff. A personal key gets 100 POI
// searches and 5,000 calls of each other service a day and a few queries a
// second, so the client paces requests 350 ms apart, one at a time, and
// counts each service's calls against its daily quota (DefaultQuotas),
// refusing them unsent once it is used up, until 00:00 China time.
package amap

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// Provider is the provider name in errors and provenance.
const Provider = "amap"

// DefaultURL is the Web Service API host.
const DefaultURL = "https://restapi.amap.com"

// Provenance sources and freshness. Amap's terms restrict storing its data
// (unverified here), so caches stay short.
const (
	SourcePlaceText   = "amap:place_text"
	SourcePlaceAround = "amap:place_around"
	SourceWeatherLive = "amap:weather_live"
	SourceWeather     = "amap:weather_forecast"
	SourceGeocode     = "amap:geocode"
	SourceDirection   = "amap:direction"

	POITTL       = 24 * time.Hour
	WeatherTTL   = time.Hour
	LiveTTL      = 20 * time.Minute
	GeocodeTTL   = 24 * time.Hour
	DirectionTTL = time.Hour
)

// Attribution credits Amap next to its data.
var Attribution = orchestrator.Attribution{Text: "Map data © 高德地图 AutoNavi", URL: "https://lbs.amap.com"}

// DefaultLimit paces a personal key: one request at a time, 350 ms apart.
var DefaultLimit = upstream.Limit{Requests: 20, Interval: 7 * time.Second, Concurrent: 1}

// Quota buckets: Amap counts a key's daily calls per service, and get puts
// each request in its service's bucket by path (bucketOf).
const (
	BucketPOI       = "poi"       // POI search: /v3/place/*, /v5/place/*
	BucketGeocode   = "geocode"   // /v3/geocode/geo
	BucketRegeo     = "regeo"     // /v3/geocode/regeo
	BucketDirection = "direction" // route planning, every mode: /v3/direction/*, /v4/…, /v5/…
	BucketDistance  = "distance"  // /v3/distance
	BucketWeather   = "weather"   // /v3/weather/*
	BucketInputTips = "inputtips" // /v3/assistant/inputtips
	BucketDistrict  = "district"  // /v3/config/district
	BucketOther     = "other"     // any other path
)

// buckets maps path prefixes to buckets, first match wins.
var buckets = []struct{ prefix, bucket string }{
	{"/v3/place/", BucketPOI}, {"/v5/place/", BucketPOI},
	{"/v3/geocode/geo", BucketGeocode}, {"/v3/geocode/regeo", BucketRegeo},
	{"/v3/direction/", BucketDirection}, {"/v4/direction/", BucketDirection}, {"/v5/direction/", BucketDirection},
	{"/v3/distance", BucketDistance},
	{"/v3/weather/", BucketWeather},
	{"/v3/assistant/inputtips", BucketInputTips},
	{"/v3/config/district", BucketDistrict},
}

// bucketOf returns the quota bucket of an API path.
func bucketOf(path string) string {
	for _, b := range buckets {
		if strings.HasPrefix(path, b.prefix) {
			return b.bucket
		}
	}
	return BucketOther
}

// A personal certified key's daily quotas: POI search and each other
// service (apis.md §5; an enterprise key gets 1,000 POI searches).
const (
	DefaultPOIQuota     = 100
	DefaultServiceQuota = 5000
)

// chinaTime is China Standard Time (no daylight saving since 1991), when
// Amap's daily quotas reset.
var chinaTime = time.FixedZone("CST", 8*60*60)

// Quotas returns daily quotas of poi POI searches and perService calls of
// each other service (all route planning modes share one), resetting at
// 00:00 China time like Amap's own. A count of zero or less leaves that
// quota out. Counting is per process: with several replicas, divide the
// budgets among them.
func Quotas(poi, perService int) []upstream.Quota {
	reset := upstream.DailyReset(chinaTime)
	qs := []upstream.Quota{{Name: "Amap POI search daily", Bucket: BucketPOI, Limit: poi, Reset: reset}}
	for _, b := range []string{BucketGeocode, BucketRegeo, BucketDirection, BucketDistance, BucketWeather, BucketInputTips, BucketDistrict, BucketOther} {
		qs = append(qs, upstream.Quota{Name: "Amap " + b + " daily", Bucket: b, Limit: perService, Reset: reset})
	}
	return qs
}

// DefaultQuotas returns a personal key's quotas: Quotas(DefaultPOIQuota,
// DefaultServiceQuota). Once one is used up, requests to that service fail
// at once, unsent, with a non-retryable rate_limited *upstream.QuotaError
// instead of Amap's 10003 DAILY_QUERY_OVER_LIMIT.
func DefaultQuotas() []upstream.Quota {
	return Quotas(DefaultPOIQuota, DefaultServiceQuota)
}

// Options configure a Client.
type Options struct {
	// URL is the API host; default DefaultURL.
	URL string
	// Key is the Web Service key; required.
	Key string
	// Upstream configures the HTTP layer. New sets Provider, Limit and
	// CheckBody where they are zero, and Quotas to DefaultQuotas() when
	// Limit and Quotas are both unset: a caller that sets its own Limit (a
	// commercial key) sets its own Quotas too, e.g. Quotas(1000, 30000). A
	// non-nil empty Quotas means none.
	Upstream upstream.Options
}

// Client calls Amap. It is safe for concurrent use; its limit covers every
// endpoint, so share one Client per key.
type Client struct {
	url string
	key string
	up  *upstream.Client
}

// New returns a Client, or an error when the key is missing or the URL is
// not an absolute http(s) URL.
func New(opts Options) (*Client, error) {
	if strings.TrimSpace(opts.Key) == "" {
		return nil, errors.New("amap: no key")
	}
	c := &Client{url: strings.TrimRight(opts.URL, "/"), key: strings.TrimSpace(opts.Key)}
	if c.url == "" {
		c.url = DefaultURL
	}
	if u, err := url.Parse(c.url); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("amap: invalid URL %q", opts.URL)
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
	if uo.CheckBody == nil {
		uo.CheckBody = CheckBody
	}
	c.up = upstream.New(uo)
	return c, nil
}

// Usage reports the Client's quotas (see DefaultQuotas): used, limit and
// reset time of each, for metrics.
func (c *Client) Usage() []upstream.QuotaUsage { return c.up.Usage() }

// envelope is the part of every answer that says whether it failed.
type envelope struct {
	Status   String `json:"status"`
	Info     String `json:"info"`
	Infocode String `json:"infocode"`
	Count    String `json:"count"`
}

// CheckBody types an answer whose status is not "1" by its infocode (see
// InfocodeError); a body that is not an Amap envelope is a bad_response.
func CheckBody(body []byte) *orchestrator.UpstreamError {
	var e envelope
	if err := json.Unmarshal(body, &e); err != nil {
		return &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: fmt.Sprintf("undecodable answer: %v", err)}
	}
	switch e.Status {
	case "1":
		return nil
	case "0":
		return InfocodeError(string(e.Infocode), string(e.Info))
	}
	return &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: fmt.Sprintf("answer has status %q", string(e.Status))}
}

// InfocodeError maps an Amap infocode and info to a typed error.
func InfocodeError(code, info string) *orchestrator.UpstreamError {
	e := &orchestrator.UpstreamError{Message: strings.TrimSpace(info + " (infocode " + code + ")"), Provider: Provider}
	switch code {
	case "10001", "10005", "10006", "10007", "10008", "10009", "10011", "10012", "10013", "10026", "10041":
		e.Type = orchestrator.EAUTH
	case "10003", "10010", "10029", "10044", "10045":
		e.Type = orchestrator.ERATELIMITED // a daily quota: retrying before midnight cannot help
	case "10004", "10014", "10019", "10020", "10021":
		e.Type, e.Retryable = orchestrator.ERATELIMITED, true
	case "10015":
		e.Type, e.Retryable = orchestrator.ETIMEOUT, true
	case "10016", "10017", "20003":
		e.Type, e.Retryable = orchestrator.EUNAVAILABLE, true
	case "10002":
		e.Type = orchestrator.EUNAVAILABLE // the service is not enabled for this key
	case "20000", "20001", "20002", "20011", "20012", "20803":
		e.Type = orchestrator.EINVALIDARG
	case "20800", "20801", "20802":
		e.Type = orchestrator.ENOTFOUND
	default:
		if strings.HasPrefix(code, "3") && len(code) == 5 {
			e.Type, e.Retryable = orchestrator.EUNAVAILABLE, true // routing engine errors
		} else {
			e.Type = orchestrator.EUNAVAILABLE
		}
	}
	return e
}

// get calls path with q (plus the key) and decodes the answer into v;
// upstream's CheckBody has already turned a failure envelope into an
// error. The request counts against its service's quota (bucketOf).
func (c *Client) get(ctx context.Context, path string, q url.Values, v any) error {
	q.Set("key", c.key)
	q.Set("output", "JSON")
	body, err := c.up.Do(ctx, upstream.Request{URL: c.url + path, Query: q, Bucket: bucketOf(path)})
	if err != nil {
		return scrubKey(err, c.key)
	}
	if err := json.Unmarshal(body, v); err != nil {
		return errorf(orchestrator.EBADRESPONSE, "undecodable %s answer: %v", path, err)
	}
	return nil
}

// scrubKey removes the key from an error's message (a transport error can
// quote the URL).
func scrubKey(err error, key string) error {
	var ue *orchestrator.UpstreamError
	if errors.As(err, &ue) && strings.Contains(ue.Message, key) {
		out := *ue
		out.Message = strings.ReplaceAll(out.Message, key, "…")
		return &out
	}
	return err
}

func errorf(typ, format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: typ, Message: fmt.Sprintf(format, args...), Provider: Provider}
}
