package agents

import (
	"strings"
	"testing"
)

func TestQuotasFromEnv(t *testing.T) {
	env := map[string]string{"TRIPWEAVE_BROWSER": "off", "OPENMETEO_QUOTA_DAILY": "2500", "OVERPASS_QUOTA_DAILY": "4000",
		"AMAP_QUOTA_POI": "1000", "AMAP_KEY": "k"}
	cfg, err := ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Quotas.OpenMeteoDaily != 2500 || cfg.Quotas.OpenMeteoHourly != 0 || cfg.Quotas.OverpassDaily != 4000 ||
		cfg.Travel.AmapQuotaPOI != 1000 || cfg.Travel.AmapQuotaService != 0 {
		t.Fatalf("quotas = %+v, amap %d/%d", cfg.Quotas, cfg.Travel.AmapQuotaPOI, cfg.Travel.AmapQuotaService)
	}
	for _, bad := range []string{"OPENMETEO_QUOTA_HOURLY", "AMAP_QUOTA_SERVICE"} {
		for _, v := range []string{"0", "-5", "lots"} {
			_, err := ConfigFromEnv(func(k string) string {
				if k == bad {
					return v
				}
				return ""
			})
			if err == nil || !strings.Contains(err.Error(), bad) {
				t.Errorf("%s=%s: %v, want an error naming the variable", bad, v, err)
			}
		}
	}

	// The overrides reach the clients: Usage reports them, Amap's daily
	// place searches among them.
	f := newFakes(t)
	c := testConfig(t, f)
	c.Quotas = cfg.Quotas
	c.Travel.AmapKey, c.Travel.AmapQuotaPOI = "k", 1000
	set, err := Open(c, discard)
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	limits := map[string]int{}
	for _, u := range set.Usage() {
		limits[u.Provider+"/"+u.Name] = u.Limit
		if u.Used != 0 || u.ResetsAt.IsZero() {
			t.Errorf("%s/%s: used %d, resets %v", u.Provider, u.Name, u.Used, u.ResetsAt)
		}
	}
	for name, want := range map[string]int{"open-meteo/Open-Meteo daily": 2500, "open-meteo/Open-Meteo hourly": 5000, "overpass/Overpass daily": 4000} {
		if limits[name] != want {
			t.Errorf("%s limit %d, want %d (all: %v)", name, limits[name], want, limits)
		}
	}
	amapPOI := false
	for name, l := range limits {
		if strings.HasPrefix(name, "amap/") && strings.Contains(strings.ToLower(name), "poi") && l == 1000 {
			amapPOI = true
		}
	}
	if !amapPOI {
		t.Errorf("no Amap place-search quota of 1000 in %v", limits)
	}
}
