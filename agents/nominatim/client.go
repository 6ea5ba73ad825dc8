// Package nominatim is a client for the search API of Nominatim, the
// OpenStreetMap geocoder, built on package upstream. It speaks the domain
// vocabulary: orchestrator.Place.
//
// The public server's policy is strict: at most 1 request a second for the
// whole application, an identifying User-Agent, results cached, no bulk or
// search-as-you-type use. The Client sends one request at a time, a second
// apart, and keeps a bounded in-memory cache of answers (misses included)
// keyed on the normalized query, language and count; concurrent identical
// searches share one request. Data is ODbL: credit "© OpenStreetMap
// contributors" (Attribution).
package nominatim

import (
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// Provider is the provider name in errors and provenance.
const Provider = "nominatim"

// DefaultURL is the public server's search endpoint.
const DefaultURL = "https://nominatim.openstreetmap.org/search"

// Provenance of search results: source, a suggested freshness (places
// rarely move) and the ODbL credit.
const (
	SourceSearch = "nominatim:search"
	SearchTTL    = 14 * 24 * time.Hour
)

// Attribution is the credit the ODbL requires next to OSM data.
var Attribution = orchestrator.Attribution{
	Text: "© OpenStreetMap contributors", URL: "https://www.openstreetmap.org/copyright", License: "ODbL 1.0",
}

// DefaultLimit is the public server's policy: one request in flight and at
// most one a second.
var DefaultLimit = upstream.Limit{Requests: 1, Interval: time.Second, Concurrent: 1}

// Limits on Geocode's arguments, and cache defaults.
const (
	MaxQueryLength   = 100 // characters
	MaxResults       = 40  // the server's own maximum
	DefaultResults   = 10
	DefaultCacheSize = 4096
	DefaultMissTTL   = 24 * time.Hour
)

// Options configure a Client. Zero fields mean the defaults.
type Options struct {
	// URL is the search endpoint.
	URL string
	// Email, when set, is sent as email= so the operators can reach the
	// application's maintainer, as the policy suggests for heavy users.
	Email string
	// CacheSize bounds the cached answers; zero means DefaultCacheSize,
	// negative disables the cache (the public server's policy requires
	// caching: only do that behind another cache).
	CacheSize int
	// CacheTTL is how long a found place is reused, MissTTL how long "not
	// found" is; zero means SearchTTL and DefaultMissTTL.
	CacheTTL time.Duration
	MissTTL  time.Duration
	// Now is the cache's clock; default time.Now.
	Now func() time.Time
	// Upstream configures the HTTP layer. New sets Provider to "nominatim",
	// Limit to DefaultLimit and MapError to MapError where they are zero.
	Upstream upstream.Options
}

// Client searches Nominatim. It is safe for concurrent use; share one per
// process, since the policy's 1 request a second is for the whole
// application.
type Client struct {
	url, email string
	cacheTTL   time.Duration
	missTTL    time.Duration
	now        func() time.Time
	up         *upstream.Client

	mu       sync.Mutex
	size     int
	entries  map[string]*list.Element // of *entry
	order    *list.List               // most recently used first
	inflight map[string]*call
}

type entry struct {
	key     string
	places  []orchestrator.Place
	err     *orchestrator.UpstreamError // a cached not_found
	expires time.Time
}

type call struct {
	done   chan struct{}
	places []orchestrator.Place
	err    error
}

// New returns a Client with opts.
func New(opts Options) *Client {
	c := &Client{url: opts.URL, email: opts.Email, cacheTTL: opts.CacheTTL, missTTL: opts.MissTTL, now: opts.Now,
		size: opts.CacheSize, entries: map[string]*list.Element{}, order: list.New(), inflight: map[string]*call{}}
	if c.url == "" {
		c.url = DefaultURL
	}
	if c.cacheTTL <= 0 {
		c.cacheTTL = SearchTTL
	}
	if c.missTTL <= 0 {
		c.missTTL = DefaultMissTTL
	}
	if c.now == nil {
		c.now = time.Now
	}
	if c.size == 0 {
		c.size = DefaultCacheSize
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

// Geocode searches for query (free text: "Chengdu", "成都", "Paris, France")
// and returns up to count places (≤ 0 means DefaultResults, at most
// MaxResults), best match first, named in language (accept-language; ""
// means the server's default, the local names). No match is a not_found
// *orchestrator.UpstreamError naming the query. Answers are cached; it
// blocks for the 1-request-a-second limit.
func (c *Client) Geocode(ctx context.Context, query, language string, count int) ([]orchestrator.Place, error) {
	query = strings.Join(strings.Fields(query), " ")
	language = strings.ToLower(strings.TrimSpace(language))
	switch {
	case query == "":
		return nil, c.errorf(orchestrator.EINVALIDARG, "query is empty")
	case utf8.RuneCountInString(query) > MaxQueryLength:
		return nil, c.errorf(orchestrator.EINVALIDARG, fmt.Sprintf("query is longer than %d characters", MaxQueryLength))
	case count > MaxResults:
		count = MaxResults
	case count <= 0:
		count = DefaultResults
	}
	key := strings.ToLower(query) + "\x00" + language + "\x00" + strconv.Itoa(count)
	if places, err, ok := c.cached(key); ok {
		return places, err
	}
	c.mu.Lock()
	if cl, ok := c.inflight[key]; ok {
		c.mu.Unlock()
		select {
		case <-cl.done:
			return clone(cl.places), cl.err
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return nil, &orchestrator.UpstreamError{Type: orchestrator.ETIMEOUT, Retryable: true, Provider: Provider,
					Message: "deadline exceeded while waiting for an identical search"}
			}
			return nil, c.errorf(orchestrator.EUNAVAILABLE, "request canceled")
		}
	}
	cl := &call{done: make(chan struct{})}
	c.inflight[key] = cl
	c.mu.Unlock()

	cl.places, cl.err = c.search(ctx, query, language, count)
	c.mu.Lock()
	delete(c.inflight, key)
	c.store(key, cl.places, cl.err)
	c.mu.Unlock()
	close(cl.done)
	return clone(cl.places), cl.err
}

// search sends one search request.
func (c *Client) search(ctx context.Context, query, language string, count int) ([]orchestrator.Place, error) {
	q := url.Values{
		"q":              {query},
		"format":         {"jsonv2"},
		"limit":          {strconv.Itoa(count)},
		"addressdetails": {"1"},
		"extratags":      {"1"},
	}
	if language != "" {
		q.Set("accept-language", language)
	}
	if c.email != "" {
		q.Set("email", c.email)
	}
	body, err := c.up.Get(ctx, c.url, q)
	if err != nil {
		return nil, err
	}
	places, err := Decode(body, query)
	if len(places) > count {
		places = places[:count]
	}
	return places, err
}

// cached returns a fresh cached answer.
func (c *Client) cached(key string) ([]orchestrator.Place, error, bool) {
	if c.size < 0 {
		return nil, nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok {
		return nil, nil, false
	}
	e := el.Value.(*entry)
	if !c.now().Before(e.expires) {
		c.order.Remove(el)
		delete(c.entries, key)
		return nil, nil, false
	}
	c.order.MoveToFront(el)
	if e.err != nil {
		return nil, e.err, true
	}
	return clone(e.places), nil, true
}

// store caches a search's answer: places, or a not_found. Other errors are
// not cached. c.mu is held.
func (c *Client) store(key string, places []orchestrator.Place, err error) {
	if c.size < 0 {
		return
	}
	e := &entry{key: key, places: places, expires: c.now().Add(c.cacheTTL)}
	if err != nil {
		var ue *orchestrator.UpstreamError
		if !errors.As(err, &ue) || ue.Type != orchestrator.ENOTFOUND {
			return
		}
		e.err, e.places, e.expires = ue, nil, c.now().Add(c.missTTL)
	}
	if el, ok := c.entries[key]; ok {
		c.order.Remove(el)
	}
	c.entries[key] = c.order.PushFront(e)
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.entries, last.Value.(*entry).key)
	}
}

func clone(places []orchestrator.Place) []orchestrator.Place {
	if places == nil {
		return nil
	}
	return append([]orchestrator.Place(nil), places...)
}

// result is one jsonv2 search result. lat, lon and boundingbox are strings.
type result struct {
	PlaceID     int64             `json:"place_id"`
	OSMType     string            `json:"osm_type"`
	OSMID       int64             `json:"osm_id"`
	Lat         string            `json:"lat"`
	Lon         string            `json:"lon"`
	Category    string            `json:"category"`
	Type        string            `json:"type"`
	Name        string            `json:"name"`
	DisplayName string            `json:"display_name"`
	Address     map[string]string `json:"address"`
	ExtraTags   map[string]string `json:"extratags"`
}

// Decode parses a jsonv2 search body: an array of results, [] for no
// match (a not_found naming query). An error object instead of the array
// is a not_found for {"error":"Unable to geocode"} and a bad_response
// otherwise, as is any other body or an array whose results all lack
// usable coordinates.
func Decode(body []byte, query string) ([]orchestrator.Place, error) {
	var rs []result
	if err := json.Unmarshal(body, &rs); err != nil {
		var e struct {
			Error json.RawMessage `json:"error"`
		}
		if json.Unmarshal(body, &e) == nil && len(e.Error) > 0 {
			var msg string
			if json.Unmarshal(e.Error, &msg) == nil && strings.Contains(strings.ToLower(msg), "unable to geocode") {
				return nil, notFound(query)
			}
			return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Provider: Provider,
				Message: "error answer: " + errorMessage(e.Error)}
		}
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Provider: Provider,
			Message: fmt.Sprintf("undecodable search response: %v", err)}
	}
	if len(rs) == 0 {
		return nil, notFound(query)
	}
	places := make([]orchestrator.Place, 0, len(rs))
	for _, r := range rs {
		lat, err1 := strconv.ParseFloat(strings.TrimSpace(r.Lat), 64)
		lon, err2 := strconv.ParseFloat(strings.TrimSpace(r.Lon), 64)
		if err1 != nil || err2 != nil || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
			continue
		}
		name := strings.TrimSpace(r.Name)
		if name == "" {
			name, _, _ = strings.Cut(r.DisplayName, ",")
			name = strings.TrimSpace(name)
		}
		if name == "" {
			continue
		}
		p := orchestrator.Place{
			Name:        name,
			Country:     r.Address["country"],
			CountryCode: strings.ToUpper(r.Address["country_code"]),
			Admin1:      firstOf(r.Address, "state", "province", "region"),
			Latitude:    lat,
			Longitude:   lon,
			Population:  population(r.ExtraTags["population"]),
		}
		if r.OSMID > 0 && r.OSMType != "" {
			p.SourceID = "osm:" + r.OSMType + "/" + strconv.FormatInt(r.OSMID, 10)
		}
		places = append(places, p)
	}
	if len(places) == 0 {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Provider: Provider,
			Message: "search results carry no usable coordinates"}
	}
	return places, nil
}

// population reads OSM's population tag ("20937757", "20 937 757",
// "20,937,757"); 0 when unreadable.
func population(s string) int64 {
	s = strings.NewReplacer(" ", "", ",", "", "\u00a0", "", "\u202f", "").Replace(strings.TrimSpace(s))
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

func firstOf(m map[string]string, keys ...string) string {
	for _, k := range keys {
		if v := strings.TrimSpace(m[k]); v != "" {
			return v
		}
	}
	return ""
}

func notFound(query string) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Provider: Provider, Message: fmt.Sprintf("no place named %q found", query)}
}

// errorMessage renders an error member, a string or {"code","message"}.
func errorMessage(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &o) == nil && o.Message != "" {
		return o.Message
	}
	return string(raw)
}

// MapError maps Nominatim's error object {"error":{"code":400,"message":…}}
// to an UpstreamError with its message: 400 → invalid_argument, 403 (a
// blocked client) → auth, 429 → rate_limited (retryable), 5xx →
// unavailable (retryable). Other bodies fall back to upstream's mapping.
func MapError(status int, _ http.Header, body []byte) *orchestrator.UpstreamError {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil || len(e.Error) == 0 {
		return nil
	}
	msg := errorMessage(e.Error)
	switch {
	case status == http.StatusTooManyRequests:
		return &orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Retryable: true, Message: msg}
	case status >= 500:
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Retryable: true, Message: msg}
	case status == http.StatusForbidden:
		return &orchestrator.UpstreamError{Type: orchestrator.EAUTH, Message: msg}
	case status == http.StatusBadRequest:
		return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: msg}
	}
	return &orchestrator.UpstreamError{Message: msg}
}

func (c *Client) errorf(typ, msg string) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: typ, Message: msg, Provider: Provider}
}
