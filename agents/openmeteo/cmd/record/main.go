// Command record refreshes the Open-Meteo fixtures in
// agents/openmeteo/testdata from the live APIs. It needs the internet, so
// run it by hand on an online machine, then refresh the golden files:
//
//	go run ./agents/openmeteo/cmd/record
//	go test ./agents/openmeteo/ -update
//
// It writes clock.txt (the recording time, which the tests use as their
// clock) and every fixture except forecast_429_minutely.json, which cannot
// be provoked politely and stays as reconstructed from the documented body.
// forecast_nulls.json is recorded from the last days of the 16-day horizon,
// where the models leave values null; check that it still holds some nulls.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/tripweave/tripweave/agents/openmeteo"
	"github.com/tripweave/tripweave/agents/upstream"
)

const (
	forecastDaily = "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_speed_10m_max"
	archiveDaily  = "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,wind_speed_10m_max"
)

func main() {
	dir := flag.String("dir", filepath.Join("agents", "openmeteo", "testdata"), "fixture directory")
	lat := flag.Float64("lat", 30.66667, "latitude of the forecast fixtures (Chengdu)")
	lon := flag.Float64("lon", 104.06667, "longitude of the forecast fixtures (Chengdu)")
	flag.Parse()
	if err := record(context.Background(), *dir, *lat, *lon, time.Now().UTC().Truncate(time.Second)); err != nil {
		log.Fatal(err)
	}
}

type fixture struct {
	file, base string
	query      url.Values
}

func record(ctx context.Context, dir string, lat, lon float64, now time.Time) error {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	day := func(n int) string { return today.AddDate(0, 0, n).Format("2006-01-02") }
	ll := url.Values{"latitude": {strconv.FormatFloat(lat, 'f', -1, 64)}, "longitude": {strconv.FormatFloat(lon, 'f', -1, 64)}}
	daily := func(vars, start, end string) url.Values {
		q := url.Values{"daily": {vars}, "timezone": {"auto"}, "start_date": {start}, "end_date": {end}}
		for k, v := range ll {
			q[k] = v
		}
		return q
	}
	fixtures := []fixture{
		{"geocode_chengdu_en.json", openmeteo.DefaultGeocodingURL, url.Values{"name": {"Chengdu"}, "count": {"2"}, "language": {"en"}, "format": {"json"}}},
		{"geocode_chengdu_zh.json", openmeteo.DefaultGeocodingURL, url.Values{"name": {"成都"}, "count": {"1"}, "language": {"zh"}, "format": {"json"}}},
		{"geocode_shanghai_en.json", openmeteo.DefaultGeocodingURL, url.Values{"name": {"Shanghai"}, "count": {"1"}, "language": {"en"}, "format": {"json"}}},
		{"geocode_miss.json", openmeteo.DefaultGeocodingURL, url.Values{"name": {"Qxzvtlandia"}, "count": {"1"}, "language": {"en"}, "format": {"json"}}},
		{"geocode_400.json", openmeteo.DefaultGeocodingURL, url.Values{"name": {"Chengdu"}, "count": {"101"}, "format": {"json"}}},
		{"forecast_chengdu.json", openmeteo.DefaultForecastURL, daily(forecastDaily, day(1), day(3))},
		{"forecast_nulls.json", openmeteo.DefaultForecastURL, daily(forecastDaily, day(13), day(15))},
		{"forecast_400_range.json", openmeteo.DefaultForecastURL, daily(forecastDaily, day(30), day(32))},
	}
	// The climate window the tests ask for is the days 18–20 ahead; its
	// archive windows are the same dates 1, 2 and 3 years back.
	for k := 1; k <= 3; k++ {
		s := today.AddDate(-k, 0, 18).Format("2006-01-02")
		e := today.AddDate(-k, 0, 20).Format("2006-01-02")
		fixtures = append(fixtures, fixture{fmt.Sprintf("archive_chengdu_%dy.json", k), openmeteo.DefaultArchiveURL, daily(archiveDaily, s, e)})
	}
	client := &http.Client{Timeout: 30 * time.Second}
	for _, f := range fixtures {
		u := f.base + "?" + f.query.Encode()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("User-Agent", upstream.DefaultUserAgent)
		resp, err := client.Do(req)
		if err != nil {
			return fmt.Errorf("%s: %w", f.file, err)
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, upstream.DefaultMaxBody))
		resp.Body.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", f.file, err)
		}
		log.Printf("%s: HTTP %d, %d bytes", f.file, resp.StatusCode, len(body))
		if err := os.WriteFile(filepath.Join(dir, f.file), append(body, '\n'), 0o644); err != nil {
			return err
		}
		time.Sleep(200 * time.Millisecond) // well inside 600/min, one at a time
	}
	return os.WriteFile(filepath.Join(dir, "clock.txt"), []byte(now.Format(time.RFC3339)+"\n"), 0o644)
}
