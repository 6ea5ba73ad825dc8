package agents

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/browser"
	"github.com/tripweave/tripweave/agents/traveltools"
	"github.com/tripweave/tripweave/agents/upstream"
)

// DefaultChromium is where Debian installs Chromium.
const DefaultChromium = "/usr/bin/chromium"

// ConfigFromEnv reads the agents' configuration from the environment (both
// commands use it): provider endpoints (OPENMETEO_GEOCODING_URL,
// OPENMETEO_FORECAST_URL, OPENMETEO_ARCHIVE_URL, WIKIVOYAGE_EN_URL,
// WIKIVOYAGE_ZH_URL, OVERPASS_URL, NOMINATIM_URL, and the travel tools'
// FRANKFURTER_URL, OSRM_URL, OSRM_WALKING_URL, OSRM_CYCLING_URL,
// DUFFEL_URL, DUFFEL_TOKEN, AMAP_URL, AMAP_KEY), TRIPWEAVE_USER_AGENT, and
// the browser agent: TRIPWEAVE_BROWSER (auto, on or off; auto starts it
// when TRIPWEAVE_CHROMIUM, default /usr/bin/chromium, exists),
// TRIPWEAVE_BROWSER_TABS, TRIPWEAVE_RECIPE_DIRS and
// TRIPWEAVE_BROWSER_ALLOW_HOSTS (comma-separated). It reports malformed
// values naming the variable.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	get := func(k string) string { return strings.TrimSpace(getenv(k)) }
	cfg := Config{
		OpenMeteoGeocodingURL: get("OPENMETEO_GEOCODING_URL"),
		OpenMeteoForecastURL:  get("OPENMETEO_FORECAST_URL"),
		OpenMeteoArchiveURL:   get("OPENMETEO_ARCHIVE_URL"),
		WikivoyageENURL:       get("WIKIVOYAGE_EN_URL"),
		WikivoyageZHURL:       get("WIKIVOYAGE_ZH_URL"),
		OverpassURL:           get("OVERPASS_URL"),
		NominatimURL:          get("NOMINATIM_URL"),
		UserAgent:             get("TRIPWEAVE_USER_AGENT"),
		Travel:                traveltools.ConfigFromEnv(getenv),
	}
	for _, q := range []struct {
		env string
		dst *int
	}{
		{"OPENMETEO_QUOTA_HOURLY", &cfg.Quotas.OpenMeteoHourly}, {"OPENMETEO_QUOTA_DAILY", &cfg.Quotas.OpenMeteoDaily},
		{"OVERPASS_QUOTA_DAILY", &cfg.Quotas.OverpassDaily},
		{"AMAP_QUOTA_POI", &cfg.Travel.AmapQuotaPOI}, {"AMAP_QUOTA_SERVICE", &cfg.Travel.AmapQuotaService},
	} {
		if v := get(q.env); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return cfg, fmt.Errorf("%s: %q is not a positive number of requests", q.env, v)
			}
			*q.dst = n
		}
	}
	if v := get("TRIPWEAVE_PROVIDER_RATES"); v != "" {
		rates, err := parseRates(v)
		if err != nil {
			return cfg, fmt.Errorf("TRIPWEAVE_PROVIDER_RATES: %w", err)
		}
		cfg.Rates = rates
	}
	mode := get("TRIPWEAVE_BROWSER")
	switch mode {
	case "", "auto", "on", "off":
	default:
		return cfg, fmt.Errorf("TRIPWEAVE_BROWSER: %q is not auto, on or off", mode)
	}
	if mode == "off" {
		return cfg, nil
	}
	bc := browser.Config{ChromiumPath: get("TRIPWEAVE_CHROMIUM")}
	if bc.ChromiumPath == "" {
		bc.ChromiumPath = DefaultChromium
	}
	if _, err := os.Stat(bc.ChromiumPath); err != nil {
		if mode == "on" {
			return cfg, fmt.Errorf("TRIPWEAVE_CHROMIUM: %s: %w", bc.ChromiumPath, err)
		}
		return cfg, nil // auto without Chromium: price subtasks report unavailable
	}
	if v := get("TRIPWEAVE_BROWSER_TABS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 32 {
			return cfg, fmt.Errorf("TRIPWEAVE_BROWSER_TABS: %q is not a number from 1 to 32", v)
		}
		bc.Tabs = n
	}
	bc.RecipeDirs = list(get("TRIPWEAVE_RECIPE_DIRS"))
	bc.AllowHosts = list(get("TRIPWEAVE_BROWSER_ALLOW_HOSTS"))
	cfg.Browser = &bc
	return cfg, nil
}

func list(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// parseRates reads "open-meteo=600/1m,overpass=30/1m": requests per
// interval by provider.
func parseRates(v string) (map[string]upstream.Limit, error) {
	out := map[string]upstream.Limit{}
	for _, item := range strings.Split(v, ",") {
		name, spec, ok := strings.Cut(strings.TrimSpace(item), "=")
		n, per, ok2 := strings.Cut(spec, "/")
		if !ok || !ok2 || name == "" {
			return nil, fmt.Errorf("%q is not PROVIDER=REQUESTS/INTERVAL such as open-meteo=600/1m", item)
		}
		reqs, err := strconv.Atoi(n)
		if err != nil || reqs < 1 {
			return nil, fmt.Errorf("%q: %q is not a positive number of requests", item, n)
		}
		d, err := time.ParseDuration(per)
		if err != nil || d < 100*time.Millisecond {
			return nil, fmt.Errorf("%q: %q is not an interval of 100ms or more such as 1s or 1m", item, per)
		}
		out[name] = upstream.Limit{Requests: reqs, Interval: d}
	}
	return out, nil
}
