// Package agents wires tripweave's agents: it builds one MCP server per agent
// from a Config and serves them over streamable HTTP. Today there is one
// agent, "data" (geocode and weather over Open-Meteo); "browser" and
// "renderer" come later. The orchestrator reaches the same servers either in
// process (toolclient.ConnectInMemory) or over HTTP (toolclient.ConnectHTTP
// pointed at the Handler's /mcp).
//
// # HTTP layout
//
// Handler serves every agent on its own streamable-HTTP endpoint and lists
// them at /mcp:
//
//	GET  /mcp          {"agents":[{"name":"data","path":"data"}, ...]} (application/json)
//	POST /mcp/data     the "data" agent's MCP endpoint (stateless, JSON responses)
//	POST /mcp/<agent>  every further agent likewise
//
// An agent's path is relative to /mcp taken as a directory. Other methods
// on /mcp itself answer 405: an MCP client that cannot read the index is
// pointed at one agent's endpoint. The endpoints are stateless (no
// Mcp-Session-Id), so agent replicas can sit behind any load balancer and a
// restarted agent process needs no client reconnect.
package agents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/datatools"
	"github.com/tripweave/tripweave/agents/openmeteo"
	"github.com/tripweave/tripweave/agents/toolclient"
	"github.com/tripweave/tripweave/agents/upstream"
)

// Version is the agents' implementation version, reported at MCP
// initialization.
const Version = "0.1.0"

// Agent names.
const (
	AgentData = "data"
)

// Config configures the agents. The zero value is usable: real provider
// endpoints, http.DefaultClient, the system clock.
type Config struct {
	// Open-Meteo endpoints; empty means the public ones.
	OpenMeteoGeocodingURL string
	OpenMeteoForecastURL  string
	OpenMeteoArchiveURL   string

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
	// Now is the clock for forecast horizons and provenance; nil means
	// time.Now.
	Now func() time.Time
}

// Servers returns one MCP server per agent, in a fixed order ("data"
// first). The servers share one client per provider, so provider limits hold
// across them. logger nil means slog.Default().
func Servers(cfg Config, logger *slog.Logger) ([]*mcp.Server, error) {
	if logger == nil {
		logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	for _, u := range []string{cfg.OpenMeteoGeocodingURL, cfg.OpenMeteoForecastURL, cfg.OpenMeteoArchiveURL} {
		if u == "" {
			continue
		}
		if p, err := url.Parse(u); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			return nil, fmt.Errorf("agents: invalid Open-Meteo URL %q", u)
		}
	}
	om := openmeteo.New(openmeteo.Options{
		GeocodingURL: cfg.OpenMeteoGeocodingURL,
		ForecastURL:  cfg.OpenMeteoForecastURL,
		ArchiveURL:   cfg.OpenMeteoArchiveURL,
		Now:          cfg.Now,
		Upstream: upstream.Options{
			UserAgent:  cfg.UserAgent,
			HTTPClient: cfg.HTTPClient,
			Timeout:    cfg.UpstreamTimeout,
			Retries:    cfg.UpstreamRetries,
			Logger:     logger,
		},
	})
	data := mcp.NewServer(&mcp.Implementation{Name: AgentData, Title: "tripweave data tools", Version: Version},
		&mcp.ServerOptions{Instructions: "Geocoding and daily weather (forecast, or climate estimate beyond 16 days) from Open-Meteo."})
	err := datatools.Register(data, datatools.Options{
		Geocoder:   om,
		Geocoding:  datatools.Source{Name: openmeteo.SourceGeocoding, TTL: openmeteo.GeocodingTTL, Attribution: ptr(openmeteo.GeocodingAttribution)},
		Forecaster: om,
		Forecast:   datatools.Source{Name: openmeteo.SourceForecast, TTL: openmeteo.ForecastTTL, Attribution: ptr(openmeteo.Attribution)},
		Climate:    datatools.Source{Name: openmeteo.SourceArchive, TTL: openmeteo.ClimateTTL, Attribution: ptr(openmeteo.Attribution)},
		Now:        cfg.Now,
		Logger:     logger.With("agent", AgentData),
	})
	if err != nil {
		return nil, err
	}
	return []*mcp.Server{data}, nil
}

// Handler serves servers over streamable HTTP under /mcp as the package
// documentation describes, each at /mcp/<its implementation name>. Two
// servers with the same name get the second one's index appended
// ("data-2"). Handler connects to each server in memory once to learn its
// name.
func Handler(servers []*mcp.Server) http.Handler {
	mux := http.NewServeMux()
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
		w.Header().Set("Content-Type", "application/json")
		w.Write(index)
	})
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", http.MethodGet)
		http.Error(w, "GET /mcp lists the agents; each is served at /mcp/<agent>", http.StatusMethodNotAllowed)
	})
	return mux
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

func ptr[T any](v T) *T { return &v }
