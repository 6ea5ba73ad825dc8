package openmeteo

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator"
)

// BenchmarkParseForecast decodes a daily forecast body into the domain
// Forecast (parseDaily, then the days with their text and risks): the
// 3-day fixture, and the same shape stretched to the 16-day horizon and to
// MaxForecastDays.
func BenchmarkParseForecast(b *testing.B) {
	fixture := openmeteotest.Fixture(b, "forecast_chengdu.json")
	for _, n := range []int{3, HorizonDays, MaxForecastDays} {
		body := fixture
		if n != 3 {
			body = stretchDaily(b, fixture, n)
		}
		s, e := dailySpan(b, body)
		b.Run(fmt.Sprintf("days=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				d, err := parseDaily(body)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := d.forecast(s, e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseGeocode decodes a geocoding body into places: the
// two-result fixture, and DefaultCount and MaxCount results of the same
// shape.
func BenchmarkParseGeocode(b *testing.B) {
	fixture := openmeteotest.Fixture(b, "geocode_chengdu_en.json")
	for _, n := range []int{2, DefaultCount, MaxCount} {
		body := fixture
		if n != 2 {
			body = repeatResults(b, fixture, n)
		}
		b.Run(fmt.Sprintf("results=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				places, err := parseGeocode(body, "Chengdu")
				if err != nil || len(places) != n {
					b.Fatalf("parseGeocode = %d places, %v; want %d", len(places), err, n)
				}
			}
		})
	}
}

// stretchDaily returns a daily body with n days: the fixture's days
// repeated, dated on from its first day.
func stretchDaily(b *testing.B, body []byte, n int) []byte {
	b.Helper()
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		b.Fatal(err)
	}
	daily := v["daily"].(map[string]any)
	times := daily["time"].([]any)
	first, err := time.Parse(orchestrator.DateLayout, times[0].(string))
	if err != nil {
		b.Fatal(err)
	}
	for k, arr := range daily {
		src := arr.([]any)
		out := make([]any, n)
		for i := range out {
			if k == "time" {
				out[i] = first.AddDate(0, 0, i).Format(orchestrator.DateLayout)
			} else {
				out[i] = src[i%len(src)]
			}
		}
		daily[k] = out
	}
	out, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// repeatResults returns a geocoding body with n results: the fixture's
// cycled, each with its own id.
func repeatResults(b *testing.B, body []byte, n int) []byte {
	b.Helper()
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		b.Fatal(err)
	}
	src := v["results"].([]any)
	out := make([]any, n)
	for i := range out {
		r := map[string]any{}
		for k, x := range src[i%len(src)].(map[string]any) {
			r[k] = x
		}
		r["id"] = 1815286 + i
		out[i] = r
	}
	v["results"] = out
	enc, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	return enc
}

// dailySpan returns the first and last day of a daily body.
func dailySpan(b *testing.B, body []byte) (s, e time.Time) {
	b.Helper()
	d, err := parseDaily(body)
	if err != nil {
		b.Fatal(err)
	}
	t := d.Daily.Time
	s, _ = time.Parse(orchestrator.DateLayout, t[0])
	e, _ = time.Parse(orchestrator.DateLayout, t[len(t)-1])
	return s, e
}
