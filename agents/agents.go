// Package agents wires tripweave's agents: it builds one MCP server per agent
// from a Config and serves them over streamable HTTP: "data" — geocode
// (Open-Meteo, with Nominatim as fallback), weather (Open-Meteo),
// destination_guide (Wikivoyage) and find_pois (OpenStreetMap Overpass);
// "travel" — fx_rates, travel_matrix, flight_offers and amap_*; "render" —
// render_itinerary; and "browser" — scrape_prices and extract_page, when a
// browser agent is configured. The orchestrator reaches the same servers either in
// process (toolclient.ConnectInMemory) or over HTTP (toolclient.ConnectHTTP
// pointed at the Handler's /mcp).
//
// # HTTP layout
//
// Handler serves every tool as one MCP server at /mcp, every agent on its
// own streamable-HTTP endpoint, and lists the agents at /mcp:
//
//	POST /mcp          one MCP server ("tripweave-agents") with every agent's tools
//	GET  /mcp          {"agents":[{"name":"data","path":"data"}, ...]} (application/json)
//	POST /mcp/data     the "data" agent's MCP endpoint (stateless, JSON responses)
//	POST /mcp/<agent>  every further agent likewise
//
// A stock MCP client pointed at /mcp sees every tool; the orchestrator's
// toolclient reads the index (GET with Accept: application/json) and
// connects to each agent. An agent's path is relative to /mcp taken as a
// directory. The endpoints are stateless (no Mcp-Session-Id), so agent
// replicas can sit behind any load balancer and a restarted agent process
// needs no client reconnect.
package agents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/browser"
	"github.com/tripweave/tripweave/agents/datatools"
	"github.com/tripweave/tripweave/agents/nominatim"
	"github.com/tripweave/tripweave/agents/openmeteo"
	"github.com/tripweave/tripweave/agents/overpass"
	renderagent "github.com/tripweave/tripweave/agents/render"
	"github.com/tripweave/tripweave/agents/toolclient"
	"github.com/tripweave/tripweave/agents/traveltools"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/agents/wikivoyage"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing/mcptrace"
	"github.com/tripweave/tripweave/templates"
)

// Version is the agents' implementation version, reported at MCP
// initialization.
const Version = "0.1.0"

// Agent names.
const (
	AgentData    = "data"
	AgentTravel  = "travel"
	AgentRender  = "render"
	AgentBrowser = "browser"
)

// Config configures the agents. The zero value is usable: real provider
// endpoints, http.DefaultClient, the system clock.
type Config struct {
	// Open-Meteo endpoints; empty means the public ones.
	OpenMeteoGeocodingURL string
	OpenMeteoForecastURL  string
	OpenMeteoArchiveURL   string
	// Wikivoyage Action API endpoints (…/w/api.php) of the English and
	// Chinese editions; empty means the public ones. Env WIKIVOYAGE_EN_URL,
	// WIKIVOYAGE_ZH_URL.
	WikivoyageENURL string
	WikivoyageZHURL string
	// OverpassURL is the Overpass interpreter; empty means the main public
	// instance. Env OVERPASS_URL.
	OverpassURL string
	// NominatimURL is Nominatim's search endpoint, the geocoding fallback;
	// empty means the public server. Env NOMINATIM_URL.
	NominatimURL string

	// UserAgent is sent to every provider; default upstream.DefaultUserAgent.
	UserAgent string
	// HTTPClient sends provider requests; nil means http.DefaultClient.
	HTTPClient *http.Client
	// UpstreamTimeout bounds each provider request; zero means
	// upstream.DefaultTimeout.
	UpstreamTimeout time.Duration
	// UpstreamRetries is the retries after a transient provider failure;
	// zero means upstream.DefaultRetries, negative means none.
	UpstreamRetries int
	// Travel configures fx_rates, travel_matrix, flight_offers and amap_*
	// (see traveltools.ConfigFromEnv); its UserAgent, HTTPClient and clock
	// default to this Config's.
	Travel traveltools.Config
	// Browser, when set, configures the headless-browser agent
	// (scrape_prices, extract_page), started by Open; its FX converter
	// defaults to the travel agent's Frankfurter client. Nil leaves the
	// browser agent out.
	Browser *browser.Config
	// Quotas override the providers' default request budgets (zero keeps a
	// default). Each process counts on its own unless Shared is set.
	Quotas Quotas
	// Shared, when set, counts every provider's quotas and caps its request
	// rate across all processes using the same store (upstream.Shared;
	// Redis in production), so replicas and workers together keep one
	// key's budget. Nil counts per process.
	Shared upstream.Shared
	// Knowledge keeps what provider clients learn per place rather than
	// per request — Open-Meteo's climate normals and 16-day forecast window
	// of a city (openmeteo.Knowledge) — so that any date of a known city
	// is answered without a provider call. knowledgebase.Store implements
	// it over Redis (shared by every process); nil keeps it in process
	// (openmeteo.NewMemoryKnowledge).
	Knowledge openmeteo.Knowledge
	// Rates override providers' request rates, by provider name
	// (open-meteo, wikivoyage, overpass, nominatim): Requests per Interval,
	// shared across processes with Shared. The provider's default
	// concurrency and quotas stay. Env TRIPWEAVE_PROVIDER_RATES.
	Rates map[string]upstream.Limit
	// Now is the clock for forecast horizons and provenance; nil means
	// time.Now.
	Now func() time.Time
}

// Quotas are request budgets per provider (see package upstream). Amap's
// are in Travel.
type Quotas struct {
	// OpenMeteoHourly and OpenMeteoDaily: env OPENMETEO_QUOTA_HOURLY and
	// OPENMETEO_QUOTA_DAILY (free tier: 5,000 and 10,000).
	OpenMeteoHourly, OpenMeteoDaily int
	// OverpassDaily: env OVERPASS_QUOTA_DAILY (fair use: 10,000).
	OverpassDaily int
}

// Open builds one MCP server per agent, in a fixed order ("data" first),
// starting the browser agent when cfg.Browser is set. The servers share one
// client per provider, so provider limits hold across them. logger nil
// means slog.Default(). On error nothing is left running.
func Open(cfg Config, logger *slog.Logger) (set *Set, err error) {
	if logger == nil {
		logger = slog.Default()
	}
	set = &Set{}
	opened := set // the error returns below set set to nil
	defer func() {
		if err != nil {
			_ = opened.Close()
			set = nil
		}
	}()
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if err := checkURLs(&cfg); err != nil {
		return nil, err
	}
	data, err := set.openData(&cfg, logger)
	if err != nil {
		return nil, err
	}
	servers := []*mcp.Server{data}

	travel, fx, err := set.openTravel(&cfg, logger)
	if err != nil {
		return nil, err
	}
	servers = append(servers, travel)

	rs, err := openRender(&cfg, logger)
	if err != nil {
		return nil, err
	}
	servers = append(servers, rs)

	if cfg.Browser != nil {
		bs, err := set.openBrowser(&cfg, logger, fx)
		if err != nil {
			return nil, err
		}
		servers = append(servers, bs)
	}
	for _, s := range servers {
		s.AddReceivingMiddleware(mcptrace.Receiving) // joins the caller's trace (nothing when tracing is off)
	}
	set.Servers = servers
	return set, nil
}

// checkURLs checks that each provider URL cfg sets is an absolute http or
// https URL.
func checkURLs(cfg *Config) error {
	for _, u := range []struct{ name, url string }{
		{"Open-Meteo", cfg.OpenMeteoGeocodingURL}, {"Open-Meteo", cfg.OpenMeteoForecastURL}, {"Open-Meteo", cfg.OpenMeteoArchiveURL},
		{"Wikivoyage", cfg.WikivoyageENURL}, {"Wikivoyage", cfg.WikivoyageZHURL},
		{"Overpass", cfg.OverpassURL}, {"Nominatim", cfg.NominatimURL},
	} {
		if u.url == "" {
			continue
		}
		if p, err := url.Parse(u.url); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			return fmt.Errorf("agents: invalid %s URL %q", u.name, u.url)
		}
	}
	return nil
}

// upstreamFor is the HTTP layer's configuration for one provider; each
// provider package fills in its own limits and error mapping.
func upstreamFor(cfg *Config, logger *slog.Logger) upstream.Options {
	return upstream.Options{
		UserAgent:  cfg.UserAgent,
		HTTPClient: cfg.HTTPClient,
		Timeout:    cfg.UpstreamTimeout,
		Retries:    cfg.UpstreamRetries,
		Logger:     logger,
		Shared:     cfg.Shared,
	}
}

// overrideRate applies a Rates override over a provider's default limit.
func overrideRate(cfg *Config, uo *upstream.Options, provider string, def upstream.Limit) bool {
	r, ok := cfg.Rates[provider]
	if !ok {
		return false
	}
	uo.Limit = upstream.Limit{Requests: r.Requests, Interval: r.Interval, Burst: max(r.Burst, 1), Concurrent: def.Concurrent}
	return true
}

// openData builds the data agent's server over Open-Meteo, Nominatim,
// Wikivoyage and Overpass, and records their quota usage in set.
func (set *Set) openData(cfg *Config, logger *slog.Logger) (*mcp.Server, error) {
	omUp := upstreamFor(cfg, logger)
	if cfg.Quotas.OpenMeteoHourly != 0 || cfg.Quotas.OpenMeteoDaily != 0 || overrideRate(cfg, &omUp, openmeteo.Provider, openmeteo.DefaultLimit) {
		omUp.Quotas = openmeteo.Quotas(orDefault(cfg.Quotas.OpenMeteoHourly, openmeteo.DefaultHourlyQuota), orDefault(cfg.Quotas.OpenMeteoDaily, openmeteo.DefaultDailyQuota))
	}
	knowledge := cfg.Knowledge
	if knowledge == nil {
		knowledge = openmeteo.NewMemoryKnowledge(cfg.Now)
	}
	om := openmeteo.New(openmeteo.Options{
		GeocodingURL: cfg.OpenMeteoGeocodingURL,
		ForecastURL:  cfg.OpenMeteoForecastURL,
		ArchiveURL:   cfg.OpenMeteoArchiveURL,
		Now:          cfg.Now,
		Knowledge:    knowledge,
		Upstream:     omUp,
	})
	nomUp := upstreamFor(cfg, logger)
	overrideRate(cfg, &nomUp, nominatim.Provider, nominatim.DefaultLimit)
	nom := nominatim.New(nominatim.Options{URL: cfg.NominatimURL, Now: cfg.Now, Upstream: nomUp})
	wvUp := upstreamFor(cfg, logger)
	overrideRate(cfg, &wvUp, wikivoyage.Provider, wikivoyage.DefaultLimit)
	wv := wikivoyage.New(wikivoyage.Options{ENURL: cfg.WikivoyageENURL, ZHURL: cfg.WikivoyageZHURL, Upstream: wvUp})
	opUp := upstreamFor(cfg, logger)
	if cfg.Quotas.OverpassDaily != 0 || overrideRate(cfg, &opUp, overpass.Provider, overpass.DefaultRateLimit) {
		opUp.Quotas = overpass.Quotas(orDefault(cfg.Quotas.OverpassDaily, overpass.DefaultDailyQuota))
	}
	op := overpass.New(overpass.Options{URL: cfg.OverpassURL, Upstream: opUp})
	set.usage = append(set.usage, providerUsage{"open-meteo", om.Usage}, providerUsage{"overpass", op.Usage})
	data := mcp.NewServer(&mcp.Implementation{Name: AgentData, Title: "tripweave data tools", Version: Version},
		&mcp.ServerOptions{Instructions: "Geocoding (Open-Meteo, Nominatim as fallback), daily weather (Open-Meteo forecast, " +
			"or climate estimate beyond 16 days), travel guides with listings (Wikivoyage, CC BY-SA) and points of interest " +
			"(OpenStreetMap Overpass, ODbL)."})
	err := datatools.Register(data, datatools.Options{
		Geocoder:          om,
		Geocoding:         datatools.Source{Name: openmeteo.SourceGeocoding, TTL: openmeteo.GeocodingTTL, Attribution: ptr(openmeteo.GeocodingAttribution)},
		GeocodeFallback:   nom,
		GeocodingFallback: datatools.Source{Name: nominatim.SourceSearch, TTL: nominatim.SearchTTL, Attribution: ptr(nominatim.Attribution)},
		Forecaster:        om,
		Forecast:          datatools.Source{Name: openmeteo.SourceForecast, TTL: openmeteo.ForecastTTL, Attribution: ptr(openmeteo.Attribution)},
		Climate:           datatools.Source{Name: openmeteo.SourceArchive, TTL: openmeteo.ClimateTTL, Attribution: ptr(openmeteo.Attribution)},
		Guides:            wv,
		Guide:             datatools.Source{Name: wikivoyage.SourceGuide, TTL: wikivoyage.GuideTTL, Attribution: ptr(wikivoyage.Attribution)},
		POIs:              overpassPOIs{op},
		POI:               datatools.Source{Name: overpass.SourcePOIs, TTL: overpass.POITTL, Attribution: ptr(overpass.Attribution)},
		Lodging:           overpassPOIs{op},
		Hotels:            datatools.Source{Name: overpass.SourcePOIs, TTL: overpass.POITTL, Attribution: ptr(overpass.Attribution)},
		Prices:            wikivoyage.PriceReader{},
		Now:               cfg.Now,
		Logger:            logger.With("agent", AgentData),
	})
	if err != nil {
		return nil, err
	}
	return data, nil
}

// travelConfig is cfg.Travel with what it leaves unset taken from cfg.
func travelConfig(cfg *Config) traveltools.Config {
	tc := cfg.Travel
	if tc.UserAgent == "" {
		tc.UserAgent = cfg.UserAgent
	}
	if tc.HTTPClient == nil {
		tc.HTTPClient = cfg.HTTPClient
	}
	if tc.Now == nil {
		tc.Now = cfg.Now
	}
	if tc.Timeout == 0 {
		tc.Timeout = cfg.UpstreamTimeout
	}
	if tc.Retries == 0 {
		tc.Retries = cfg.UpstreamRetries
	}
	if tc.Shared == nil {
		tc.Shared = cfg.Shared
	}
	return tc
}

// openTravel builds the travel agent's server, records Amap's quota usage
// in set and returns the exchange-rate source for the browser agent.
func (set *Set) openTravel(cfg *Config, logger *slog.Logger) (*mcp.Server, traveltools.RatesSource, error) {
	topts, err := traveltools.New(travelConfig(cfg), logger.With("agent", AgentTravel))
	if err != nil {
		return nil, nil, err
	}
	if u, ok := topts.Amap.(interface{ Usage() []upstream.QuotaUsage }); ok {
		set.usage = append(set.usage, providerUsage{"amap", u.Usage})
	}
	travel := mcp.NewServer(&mcp.Implementation{Name: AgentTravel, Title: "tripweave travel tools", Version: Version},
		&mcp.ServerOptions{Instructions: "Exchange rates (Frankfurter), travel-time matrices (OSRM, haversine estimate as fallback), " +
			"flight offers (Duffel, when configured) and Amap POIs, weather, geocoding and directions (when configured)."})
	if err := traveltools.Register(travel, topts); err != nil {
		return nil, nil, err
	}
	return travel, topts.FX, nil
}

// openRender builds the renderer agent's server.
func openRender(cfg *Config, logger *slog.Logger) (*mcp.Server, error) {
	renderer, err := templates.New()
	if err != nil {
		return nil, err
	}
	rs := mcp.NewServer(&mcp.Implementation{Name: AgentRender, Title: "tripweave renderer", Version: Version},
		&mcp.ServerOptions{Instructions: "Renders a tripweave plan as a self-contained HTML itinerary, Markdown, iCalendar or GeoJSON."})
	if err := renderagent.Register(rs, renderer, renderagent.Options{Now: cfg.Now, Logger: logger.With("agent", AgentRender)}); err != nil {
		return nil, err
	}
	return rs, nil
}

// openBrowser starts the browser agent of cfg.Browser, converting prices
// with fx unless the config brings its own converter, and builds its
// server; set closes the agent.
func (set *Set) openBrowser(cfg *Config, logger *slog.Logger, fx traveltools.RatesSource) (*mcp.Server, error) {
	bc := *cfg.Browser
	if bc.FX == nil && fx != nil {
		bc.FX = FXConverter{Source: fx}
	}
	if bc.UserAgent == "" {
		bc.UserAgent = cfg.UserAgent
	}
	if bc.Now == nil {
		bc.Now = cfg.Now
	}
	ba, err := browser.New(bc, logger.With("agent", AgentBrowser))
	if err != nil {
		return nil, err
	}
	set.closers = append(set.closers, ba.Close)
	bs := mcp.NewServer(&mcp.Implementation{Name: AgentBrowser, Title: "tripweave browser", Version: Version},
		&mcp.ServerOptions{Instructions: "Prices from sites described by recipes, read by a headless Chromium (scrape_prices), and readable text of allow-listed pages (extract_page)."})
	ba.Register(bs)
	return bs, nil
}

// Set is the running agents: their MCP servers and what must be released
// when they stop (the browser).
type Set struct {
	Servers []*mcp.Server
	closers []func() error
	usage   []providerUsage
}

type providerUsage struct {
	provider string
	usage    func() []upstream.QuotaUsage
}

// QuotaUsage is one provider quota's state.
type QuotaUsage struct {
	Provider string `json:"provider"`
	upstream.QuotaUsage
}

// Usage reports the providers' quotas (Open-Meteo, Overpass, Amap when
// configured): what is spent in the current window, of how much, and when
// it resets. Counters are per process, or every process's with Shared.
func (s *Set) Usage() []QuotaUsage {
	var out []QuotaUsage
	for _, p := range s.usage {
		for _, u := range p.usage() {
			out = append(out, QuotaUsage{Provider: p.provider, QuotaUsage: u})
		}
	}
	return out
}

// orDefault returns v, or def when v is zero.
func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// Close releases the agents' resources (stops the browser and its tabs).
func (s *Set) Close() error {
	var errs []error
	for i := len(s.closers) - 1; i >= 0; i-- {
		errs = append(errs, s.closers[i]())
	}
	s.closers = nil
	return errors.Join(errs...)
}

// Servers builds the agents' MCP servers, without the browser agent (which
// needs closing; use Open for it).
func Servers(cfg Config, logger *slog.Logger) ([]*mcp.Server, error) {
	cfg.Browser = nil
	set, err := Open(cfg, logger)
	if err != nil {
		return nil, err
	}
	return set.Servers, nil
}

// FXConverter adapts a rates source (the Frankfurter client) to the browser
// agent's currency converter.
type FXConverter struct {
	Source traveltools.RatesSource
}

// Rate returns how many units of to one unit of from buys, and the rates' date.
func (c FXConverter) Rate(ctx context.Context, from, to string) (float64, time.Time, error) {
	r, err := c.Source.Rates(ctx, from, []string{to}, "")
	if err != nil {
		return 0, time.Time{}, err
	}
	v, ok := r.Rates[to]
	if !ok || v <= 0 {
		return 0, time.Time{}, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no " + from + "→" + to + " rate"}
	}
	d, _ := time.Parse("2006-01-02", r.Date)
	return v, d, nil
}

// MCPHandler serves agents over streamable HTTP as the package documentation
// describes. Close releases the in-memory sessions of its union server.
type MCPHandler struct {
	mux       *http.ServeMux
	union     *Union
	unionHTTP http.Handler // the union's streamable-HTTP endpoint
}

// ServeHTTP answers one request.
func (h *MCPHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

// Close releases what the handler holds open; it is safe to call more than
// once and on a nil handler.
func (h *MCPHandler) Close() error {
	if h == nil || h.union == nil {
		return nil
	}
	return h.union.Close()
}

// Handler is NewHandler for callers that cannot act on its error: when the
// servers cannot be united (two expose the same tool), POST /mcp answers
// 500 with the reason and the per-agent endpoints still work.
func Handler(servers []*mcp.Server) *MCPHandler {
	h, err := NewHandler(servers)
	if err != nil {
		h.mux.HandleFunc("POST /mcp", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		})
	}
	return h
}

// NewHandler serves servers over streamable HTTP under /mcp as the package
// documentation describes: all of their tools as one MCP server (a Union
// introduced as "tripweave-agents") at /mcp, and each server at
// /mcp/<its implementation name>. Two servers with the same name get the
// second one's index appended ("data-2"). It connects to each server in
// memory once to learn its name. On error the handler returned still
// serves the per-agent endpoints.
func NewHandler(servers []*mcp.Server) (*MCPHandler, error) {
	mux := http.NewServeMux()
	h := &MCPHandler{mux: mux}
	var idx toolclient.Index
	seen := map[string]bool{}
	for i, s := range servers {
		name := serverName(s, i)
		if seen[name] {
			name = fmt.Sprintf("%s-%d", name, i+1)
		}
		seen[name] = true
		idx.Agents = append(idx.Agents, toolclient.IndexEntry{Name: name, Path: url.PathEscape(name)})
		mux.Handle("/mcp/"+name, mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s },
			&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true}))
	}
	index, _ := json.Marshal(idx) // strings only: cannot fail
	mux.HandleFunc("GET /mcp", func(w http.ResponseWriter, r *http.Request) {
		if h.union != nil && wantsEventStream(r) {
			h.unionHTTP.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(index)
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	union, err := NewUnion(ctx, &mcp.Implementation{Name: UnionName, Title: "tripweave agents: every tool", Version: Version}, servers...)
	if err != nil {
		return h, err
	}
	h.union = union
	h.unionHTTP = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return union.Server },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	mux.Handle("/mcp", h.unionHTTP)
	return h, nil
}

// UnionName is the implementation name of the server at /mcp that exposes
// every agent's tools.
const UnionName = "tripweave-agents"

// wantsEventStream reports whether a GET asks for an SSE stream (an MCP
// client's standalone stream) rather than the JSON index.
func wantsEventStream(r *http.Request) bool {
	accept := r.Header.Get("Accept")
	return strings.Contains(accept, "text/event-stream") && !strings.Contains(accept, "application/json")
}

// serverName learns a server's implementation name through an in-memory
// handshake; "agent<i>" if that fails.
func serverName(s *mcp.Server, i int) string {
	fallback := fmt.Sprintf("agent%d", i+1)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return fallback
	}
	cs, err := mcp.NewClient(toolclient.Implementation, nil).Connect(ctx, ct, nil)
	if err != nil {
		ss.Close()
		return fallback
	}
	name := ""
	if r := cs.InitializeResult(); r != nil && r.ServerInfo != nil {
		name = r.ServerInfo.Name
	}
	if err := cs.Close(); err != nil && !errors.Is(err, mcp.ErrConnectionClosed) {
		ss.Close()
	}
	ss.Wait()
	if name == "" || url.PathEscape(name) != name {
		return fallback
	}
	return name
}

// overpassPOIs adapts the Overpass client to datatools.POIFinder.
type overpassPOIs struct{ c *overpass.Client }

func (o overpassPOIs) Attractions(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Attraction, error) {
	return o.c.Attractions(ctx, overpass.Search(q))
}

func (o overpassPOIs) Restaurants(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Restaurant, error) {
	return o.c.Restaurants(ctx, overpass.Search(q))
}

// TieredRestaurants is Restaurants with each restaurant's price tier (from
// its OSM tags), for pricing from the city guide.
func (o overpassPOIs) TieredRestaurants(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Restaurant, map[string]string, error) {
	return o.c.TieredRestaurants(ctx, overpass.Search(q))
}

// Lodging finds hotels, hostels, guest houses… around the query's centre.
func (o overpassPOIs) Lodging(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Accommodation, error) {
	return o.c.Lodging(ctx, overpass.Search(q))
}

var (
	_ datatools.POIFinder              = overpassPOIs{}
	_ datatools.TieredRestaurantFinder = overpassPOIs{}
	_ datatools.LodgingFinder          = overpassPOIs{}
)

func ptr[T any](v T) *T { return &v }
