package traveltools

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/duffel"
	"github.com/tripweave/tripweave/agents/frankfurter"
	"github.com/tripweave/tripweave/agents/osrm"
	"github.com/tripweave/tripweave/agents/upstream"
)

// Config configures the travel tools' clients. The zero value is usable:
// public endpoints, no flights, no Amap.
type Config struct {
	// FrankfurterURL is the Frankfurter v1 root; empty means
	// frankfurter.DefaultURL.
	FrankfurterURL string
	// OSRMURL serves driving; OSRMWalkingURL and OSRMCyclingURL the other
	// profiles. Empty means the public servers (osrm.DemoURL, FootURL,
	// BikeURL); "none" turns a profile's server off, so its matrices are
	// estimates.
	OSRMURL        string
	OSRMWalkingURL string
	OSRMCyclingURL string
	// DuffelURL is the Duffel API root; DuffelToken enables flight_offers.
	DuffelURL   string
	DuffelToken string
	// AmapURL is the Amap API host; AmapKey enables the amap_* tools.
	AmapURL string
	AmapKey string
	// AmapQuotaPOI and AmapQuotaService override the daily budgets of a
	// personal key (100 place searches, 5,000 calls of each other service);
	// zero keeps the default. Env AMAP_QUOTA_POI, AMAP_QUOTA_SERVICE (read by
	// agents.ConfigFromEnv, which checks them).
	AmapQuotaPOI, AmapQuotaService int

	// UserAgent is sent to every provider; default upstream.DefaultUserAgent.
	UserAgent string
	// HTTPClient sends provider requests; nil means http.DefaultClient.
	HTTPClient *http.Client
	// Timeout bounds each provider request (Duffel's searches get at least
	// duffel.DefaultTimeout); zero means upstream.DefaultTimeout.
	Timeout time.Duration
	// Retries after a transient provider failure; zero means
	// upstream.DefaultRetries, negative none.
	Retries int
	// Now is the clock for provenance, offer expiry and flight dates; nil
	// means time.Now.
	Now func() time.Time
	// Shared counts the providers' quotas and rates across processes
	// (upstream.Options.Shared); nil counts per process.
	Shared upstream.Shared
}

// ConfigFromEnv reads FRANKFURTER_URL, OSRM_URL, OSRM_WALKING_URL,
// OSRM_CYCLING_URL, DUFFEL_URL, DUFFEL_TOKEN, AMAP_URL and AMAP_KEY through
// getenv (os.Getenv in production). Other fields stay zero.
func ConfigFromEnv(getenv func(string) string) Config {
	get := func(k string) string { return strings.TrimSpace(getenv(k)) }
	return Config{
		FrankfurterURL: get("FRANKFURTER_URL"),
		OSRMURL:        get("OSRM_URL"),
		OSRMWalkingURL: get("OSRM_WALKING_URL"),
		OSRMCyclingURL: get("OSRM_CYCLING_URL"),
		DuffelURL:      get("DUFFEL_URL"),
		DuffelToken:    get("DUFFEL_TOKEN"),
		AmapURL:        get("AMAP_URL"),
		AmapKey:        get("AMAP_KEY"),
	}
}

// New builds the clients cfg describes into Options for Register:
// Frankfurter and OSRM always, Duffel only with a token, Amap only with a
// key (their fields stay nil otherwise). It returns an error for an invalid
// URL. logger nil means slog.Default(); it logs one line per provider left
// out.
func New(cfg Config, logger *slog.Logger) (Options, error) {
	if logger == nil {
		logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	up := func() upstream.Options {
		return upstream.Options{UserAgent: cfg.UserAgent, HTTPClient: cfg.HTTPClient, Timeout: cfg.Timeout, Retries: cfg.Retries, Logger: logger, Shared: cfg.Shared}
	}
	if err := checkURL("Frankfurter", cfg.FrankfurterURL); err != nil {
		return Options{}, err
	}
	opts := Options{Now: cfg.Now, Logger: logger}
	opts.FX = frankfurter.New(frankfurter.Options{URL: cfg.FrankfurterURL, Upstream: up()})
	m, err := osrm.New(osrm.Options{DrivingURL: cfg.OSRMURL, WalkingURL: cfg.OSRMWalkingURL, CyclingURL: cfg.OSRMCyclingURL, Upstream: up(), Logger: logger})
	if err != nil {
		return Options{}, fmt.Errorf("traveltools: %w", err)
	}
	opts.Matrix = m
	if cfg.DuffelToken != "" {
		uo := up()
		uo.Timeout = max(uo.Timeout, duffel.DefaultTimeout)
		d, err := duffel.New(duffel.Options{URL: cfg.DuffelURL, Token: cfg.DuffelToken, Now: cfg.Now, Upstream: uo})
		if err != nil {
			return Options{}, fmt.Errorf("traveltools: %w", err)
		}
		opts.Flights = d
	} else {
		logger.Info("flight_offers disabled: no DUFFEL_TOKEN")
	}
	if cfg.AmapKey != "" {
		uo := up()
		if cfg.AmapQuotaPOI != 0 || cfg.AmapQuotaService != 0 {
			poi, svc := cfg.AmapQuotaPOI, cfg.AmapQuotaService
			if poi == 0 {
				poi = amap.DefaultPOIQuota
			}
			if svc == 0 {
				svc = amap.DefaultServiceQuota
			}
			uo.Quotas = amap.Quotas(poi, svc)
		}
		a, err := amap.New(amap.Options{URL: cfg.AmapURL, Key: cfg.AmapKey, Upstream: uo})
		if err != nil {
			return Options{}, fmt.Errorf("traveltools: %w", err)
		}
		opts.Amap = a
	} else {
		logger.Info("amap tools disabled: no AMAP_KEY")
	}
	return opts, nil
}

func checkURL(name, raw string) error {
	if raw == "" {
		return nil
	}
	if u, err := url.Parse(raw); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("traveltools: invalid %s URL %q", name, raw)
	}
	return nil
}
