package agents

import (
	"strings"
	"testing"

	"github.com/tripweave/tripweave/agents/browser"
)

// TestOpenErrors checks that Open reports a bad configuration as an error
// naming the problem, with no set, instead of panicking.
func TestOpenErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(c *Config)
		want string
	}{
		{"forecast URL", func(c *Config) { c.OpenMeteoForecastURL = "ftp://example.org/v1" }, "invalid Open-Meteo URL"},
		{"guide URL", func(c *Config) { c.WikivoyageZHURL = "relative/path" }, "invalid Wikivoyage URL"},
		{"overpass URL", func(c *Config) { c.OverpassURL = "http:///no-host" }, "invalid Overpass URL"},
		{"nominatim URL", func(c *Config) { c.NominatimURL = "mailto:a@example.org" }, "invalid Nominatim URL"},
		{"browser recipe", func(c *Config) { c.Browser = &browser.Config{Recipes: []browser.Recipe{{}}} }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c Config
			tc.set(&c)
			set, err := Open(c, discard)
			if err == nil || set != nil {
				t.Fatalf("got set %v, error %v; want no set and an error", set, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}
