package openmeteo

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/internal/replay"
	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const chengduLat, chengduLon = 30.66667, 104.06667

// newClient returns a Client against srv with the fixtures' clock and no
// real sleeping.
func newClient(t *testing.T, srv *openmeteotest.Server, now time.Time) *Client {
	t.Helper()
	return New(Options{
		GeocodingURL: srv.GeocodingURL(),
		ForecastURL:  srv.ForecastURL(),
		ArchiveURL:   srv.ArchiveURL(),
		Now:          func() time.Time { return now },
		Upstream: upstream.Options{
			Retries: -1,
			Limit:   upstream.Limit{Concurrent: 1},
			Sleep:   func(ctx context.Context, _ time.Duration) error { return ctx.Err() },
		},
	})
}

func golden(t *testing.T, name string, v any) {
	t.Helper()
	replay.GoldenJSON(t, name, v, *update)
}

func wantUpstream(t *testing.T, err error, typ string, retryable bool) *orchestrator.UpstreamError {
	t.Helper()
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		t.Fatalf("error = %v (%T), want *orchestrator.UpstreamError", err, err)
	}
	if ue.Type != typ || ue.Retryable != retryable || ue.Provider != Provider {
		t.Errorf("error = %+v, want type %s retryable %v provider %s", ue, typ, retryable, Provider)
	}
	return ue
}

func TestGeocode(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	c := newClient(t, srv, openmeteotest.Clock(t))
	tests := []struct {
		name, query, lang string
		wantFirst         string
		wantCountry       string
	}{
		{"en", "Chengdu", "en", "Chengdu", "China"},
		{"default language", "Chengdu", "", "Chengdu", "China"},
		{"zh", "成都", "zh", "成都", "中国"},
		{"zh upper-case language", "成都", "ZH", "成都", "中国"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			places, err := c.Geocode(context.Background(), tt.query, tt.lang, 5)
			if err != nil {
				t.Fatal(err)
			}
			if got := places[0]; !strings.HasPrefix(got.Name, tt.wantFirst) || got.Country != tt.wantCountry || got.CountryCode != "CN" ||
				got.Timezone != "Asia/Shanghai" || got.SourceID != "1815286" || got.Latitude != chengduLat {
				t.Errorf("first place = %+v, want %s, %s", got, tt.wantFirst, tt.wantCountry)
			}
			golden(t, "geocode_"+strings.ReplaceAll(tt.name, " ", "_")+".json", places)
		})
	}
	reqs := srv.Requests()
	if !strings.Contains(reqs[0], "count=5") || !strings.Contains(reqs[0], "language=en") || !strings.Contains(reqs[0], "format=json") {
		t.Errorf("request = %s, want count=5, language=en and format=json", reqs[0])
	}
}

func TestGeocodeOmittedFields(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	c := newClient(t, srv, openmeteotest.Clock(t))
	places, err := c.Geocode(context.Background(), "Chengdu", "en", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(places) != 2 {
		t.Fatalf("got %d places, want 2", len(places))
	}
	if p := places[1]; p.Population != 0 || p.Admin1 != "Chongqing" {
		t.Errorf("second place = %+v, want no population and admin1 Chongqing", p)
	}
	if !strings.Contains(srv.Requests()[0], "count=10") {
		t.Errorf("request %s lacks the default count=10", srv.Requests()[0])
	}
}

func TestGeocodeErrors(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	c := newClient(t, srv, openmeteotest.Clock(t))
	ctx := context.Background()

	_, err := c.Geocode(ctx, "Atlantis", "en", 1)
	if ue := wantUpstream(t, err, "not_found", false); !strings.Contains(ue.Message, `"Atlantis"`) {
		t.Errorf("message %q does not name the place", ue.Message)
	}

	for _, tc := range []struct {
		name  string
		count int
	}{{"", 1}, {"   ", 1}, {strings.Repeat("成", 101), 1}, {"Paris", 101}} {
		_, err := c.Geocode(ctx, tc.name, "en", tc.count)
		wantUpstream(t, err, "invalid_argument", false)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("invalid arguments reached the API: %d requests, want 1", n)
	}

	srv.Fail("search", http.StatusBadRequest, string(openmeteotest.Fixture(t, "geocode_400.json")))
	_, err = c.Geocode(ctx, "Chengdu", "en", 1)
	if ue := wantUpstream(t, err, "invalid_argument", false); ue.Message != "Parameter count must be between 1 and 100." {
		t.Errorf("message = %q, want the API's reason", ue.Message)
	}

	srv.Fail("search", http.StatusOK, `{"results":[{"id":1,"name":"X","latitude":300,"longitude":0}]}`)
	_, err = c.Geocode(ctx, "X", "en", 1)
	wantUpstream(t, err, "bad_response", false)

	srv.Fail("search", http.StatusOK, `<html>`)
	_, err = c.Geocode(ctx, "X", "en", 1)
	wantUpstream(t, err, "bad_response", false)
}

func TestForecast(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	c := newClient(t, srv, openmeteotest.Clock(t))
	for _, name := range []string{"forecast_chengdu.json", "forecast_nulls.json"} {
		t.Run(name, func(t *testing.T) {
			start, end := openmeteotest.FirstDate(t, name), openmeteotest.LastDate(t, name)
			f, err := c.Forecast(context.Background(), chengduLat, chengduLon, start, end)
			if err != nil {
				t.Fatal(err)
			}
			if f.Timezone != "Asia/Shanghai" || f.Units == nil || f.Units.Temperature != "°C" {
				t.Errorf("timezone %q units %+v, want Asia/Shanghai and °C", f.Timezone, f.Units)
			}
			if f.Days[0].Date != start || f.Days[len(f.Days)-1].Date != end {
				t.Errorf("days run %s..%s, want %s..%s", f.Days[0].Date, f.Days[len(f.Days)-1].Date, start, end)
			}
			for _, d := range f.Days {
				if d.Estimate {
					t.Errorf("%s marked estimate inside the horizon", d.Date)
				}
				if (d.Code == nil) != (d.Text == "") {
					t.Errorf("%s: code %v but text %q", d.Date, d.Code, d.Text)
				}
				if !slices.Equal(d.Risks, Risks(d)) {
					t.Errorf("%s: risks %v, want %v", d.Date, d.Risks, Risks(d))
				}
			}
			golden(t, strings.TrimSuffix(name, ".json")+".golden.json", f)
		})
	}
	q := srv.Requests()[0]
	for _, want := range []string{"timezone=auto", "daily=weather_code%2Ctemperature_2m_max%2Ctemperature_2m_min%2Cprecipitation_sum%2Cprecipitation_probability_max%2Cwind_speed_10m_max", "latitude=30.66667"} {
		if !strings.Contains(q, want) {
			t.Errorf("request %s lacks %s", q, want)
		}
	}
}

func TestForecastNulls(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	c := newClient(t, srv, openmeteotest.Clock(t))
	start, end := openmeteotest.FirstDate(t, "forecast_nulls.json"), openmeteotest.LastDate(t, "forecast_nulls.json")
	f, err := c.Forecast(context.Background(), chengduLat, chengduLon, start, end)
	if err != nil {
		t.Fatal(err)
	}
	last := f.Days[len(f.Days)-1]
	if last.Code != nil || last.TempMax != nil || last.PrecipitationPct != nil || last.Text != "" || last.Risks != nil {
		t.Errorf("all-null day = %+v, want nil values, no text, no risks", last)
	}
	if f.Days[0].PrecipitationPct != nil || f.Days[0].TempMax == nil {
		t.Errorf("first day = %+v, want a null probability and a max temperature", f.Days[0])
	}
}

// climateWindow returns the trip dates whose climate estimate the archive
// fixtures answer: the 1-year-back window moved forward a year.
func climateWindow(t *testing.T) (start, end string) {
	t.Helper()
	shift := func(d string) string {
		tm, err := time.Parse(orchestrator.DateLayout, d)
		if err != nil {
			t.Fatal(err)
		}
		return tm.AddDate(1, 0, 0).Format(orchestrator.DateLayout)
	}
	return shift(openmeteotest.FirstDate(t, "archive_chengdu_1y.json")), shift(openmeteotest.LastDate(t, "archive_chengdu_1y.json"))
}

func TestForecastClimateBeyondHorizon(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	now := openmeteotest.Clock(t)
	c := newClient(t, srv, now)
	start, end := climateWindow(t)
	f, err := c.Forecast(context.Background(), chengduLat, chengduLon, start, end)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Days {
		if !d.Estimate {
			t.Errorf("%s not marked estimate", d.Date)
		}
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("requests = %v, want 3 archive requests", reqs)
	}
	for _, r := range reqs {
		if !strings.HasPrefix(r, "/v1/archive?") || strings.Contains(r, "precipitation_probability") {
			t.Errorf("request %s, want an archive request without precipitation_probability", r)
		}
	}
	golden(t, "climate.golden.json", f)
}

func TestForecastClimateOnOutOfRange(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	start, end := climateWindow(t)
	s, _ := time.Parse(orchestrator.DateLayout, start)
	// A clock that places the window inside the horizon: the forecast API is
	// asked first, answers 400 out of allowed range, and the climate answers.
	c := newClient(t, srv, s.AddDate(0, 0, -9))
	f, err := c.Forecast(context.Background(), chengduLat, chengduLon, start, end)
	if err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) != 4 || !strings.HasPrefix(reqs[0], "/v1/forecast?") {
		t.Errorf("requests = %v, want a forecast then 3 archive requests", reqs)
	}
	golden(t, "climate.golden.json", f)
}

func TestForecastErrors(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	c := newClient(t, srv, openmeteotest.Clock(t))
	ctx := context.Background()
	start, end := openmeteotest.FirstDate(t, "forecast_chengdu.json"), openmeteotest.LastDate(t, "forecast_chengdu.json")

	for _, tc := range []struct {
		lat, lon   float64
		start, end string
	}{
		{91, 0, start, end}, {0, -181, start, end}, {0, 0, "2026-6-1", end},
		{0, 0, start, "tomorrow"}, {0, 0, end, start}, {0, 0, "2026-01-01", "2026-03-01"},
	} {
		_, err := c.Forecast(ctx, tc.lat, tc.lon, tc.start, tc.end)
		wantUpstream(t, err, "invalid_argument", false)
	}

	srv.Fail("forecast", http.StatusTooManyRequests, string(openmeteotest.Fixture(t, "forecast_429_minutely.json")))
	_, err := c.Forecast(ctx, chengduLat, chengduLon, start, end)
	if ue := wantUpstream(t, err, "rate_limited", false); !strings.Contains(ue.Message, "Minutely") {
		t.Errorf("message = %q, want the API's reason", ue.Message)
	}

	srv.Fail("forecast", http.StatusInternalServerError, "")
	_, err = c.Forecast(ctx, chengduLat, chengduLon, start, end)
	wantUpstream(t, err, "unavailable", false)

	srv.Fail("forecast", http.StatusOK, `{"daily":{"time":["`+start+`"],"temperature_2m_max":[1,2]}}`)
	_, err = c.Forecast(ctx, chengduLat, chengduLon, start, end)
	wantUpstream(t, err, "bad_response", false)

	srv.Fail("forecast", http.StatusOK, `{"daily":{"time":["1999-01-01"]}}`)
	_, err = c.Forecast(ctx, chengduLat, chengduLon, start, end)
	wantUpstream(t, err, "bad_response", false)

	srv.Fail("forecast", 0, "")
	cs, ce := climateWindow(t)
	srv.Fail("archive", http.StatusServiceUnavailable, `{"error":true,"reason":"maintenance"}`)
	_, err = c.Forecast(ctx, chengduLat, chengduLon, cs, ce)
	if ue := wantUpstream(t, err, "unavailable", false); ue.Message != "maintenance" {
		t.Errorf("message = %q, want maintenance", ue.Message)
	}
}

// synthetic answers any forecast or archive request with one day per date:
// temperature_2m_max is the day of the month, weather_code 61 on the archive
// and 3 on the forecast.
type synthetic struct {
	mu   sync.Mutex
	reqs []string
}

func (s *synthetic) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.reqs = append(s.reqs, r.URL.Path+" "+r.URL.Query().Get("start_date")+".."+r.URL.Query().Get("end_date"))
	s.mu.Unlock()
	q := r.URL.Query()
	a, _ := time.Parse(orchestrator.DateLayout, q.Get("start_date"))
	b, _ := time.Parse(orchestrator.DateLayout, q.Get("end_date"))
	code := 3
	if strings.HasSuffix(r.URL.Path, "archive") {
		code = 61
	}
	var times []string
	var codes, tmax []float64
	for d := a; !d.After(b); d = d.AddDate(0, 0, 1) {
		times = append(times, d.Format(orchestrator.DateLayout))
		codes = append(codes, float64(code))
		tmax = append(tmax, float64(d.Day()))
	}
	json.NewEncoder(w).Encode(map[string]any{
		"timezone": "UTC",
		"daily":    map[string]any{"time": times, "weather_code": codes, "temperature_2m_max": tmax},
	})
}

func TestForecastSegments(t *testing.T) {
	syn := &synthetic{}
	srv := httptest.NewServer(syn)
	defer srv.Close()
	now := time.Date(2026, 6, 1, 23, 0, 0, 0, time.UTC)
	c := New(Options{ForecastURL: srv.URL + "/forecast", ArchiveURL: srv.URL + "/archive",
		Now: func() time.Time { return now }, Upstream: upstream.Options{Retries: -1, Limit: upstream.Limit{Concurrent: 2}}})

	// 2026-02-27 and -28 are more than 92 days back: archive observations.
	// 2026-06-15 and -16 are the last forecast days; -17 and -18 are climate.
	f, err := c.Forecast(context.Background(), 1, 2, "2026-02-27", "2026-03-02")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range f.Days {
		got = append(got, fmt.Sprintf("%s:%d:%v", d.Date, *d.Code, d.Estimate))
	}
	want := []string{"2026-02-27:61:false", "2026-02-28:61:false", "2026-03-01:3:false", "2026-03-02:3:false"}
	if !slices.Equal(got, want) {
		t.Errorf("past days = %v, want %v", got, want)
	}

	f, err = c.Forecast(context.Background(), 1, 2, "2026-06-15", "2026-06-18")
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, d := range f.Days {
		got = append(got, fmt.Sprintf("%s:%d:%v:%v", d.Date, *d.Code, *d.TempMax, d.Estimate))
	}
	want = []string{"2026-06-15:3:15:false", "2026-06-16:3:16:false", "2026-06-17:61:17:true", "2026-06-18:61:18:true"}
	if !slices.Equal(got, want) {
		t.Errorf("days = %v, want %v", got, want)
	}
	wantReqs := []string{
		"/archive 2026-02-27..2026-02-28", "/forecast 2026-03-01..2026-03-02",
		"/forecast 2026-06-15..2026-06-16",
		"/archive 2025-06-17..2025-06-18", "/archive 2024-06-17..2024-06-18", "/archive 2023-06-17..2023-06-18",
	}
	if !slices.Equal(syn.reqs, wantReqs) {
		t.Errorf("requests = %v, want %v", syn.reqs, wantReqs)
	}

	// A window a year and more ahead skips the years the archive lacks.
	syn.reqs = nil
	if _, err := c.Forecast(context.Background(), 1, 2, "2027-06-01", "2027-06-02"); err != nil {
		t.Fatal(err)
	}
	wantReqs = []string{"/archive 2025-06-01..2025-06-02", "/archive 2024-06-01..2024-06-02", "/archive 2023-06-01..2023-06-02"}
	if !slices.Equal(syn.reqs, wantReqs) {
		t.Errorf("requests = %v, want %v", syn.reqs, wantReqs)
	}
}

func TestClimateAveraging(t *testing.T) {
	// Three years of one day: codes 61, 63, 3 (tie → 63), maxima 29.1, 28.2
	// and 31.0 (mean 29.4), precipitation 2.4, 9.6, 0.0 (mean 4.0, 2 of 3
	// wet → 67 %).
	years := map[string]string{
		"2025": `{"timezone":"Asia/Shanghai","daily":{"time":["2025-06-19"],"weather_code":[61],"temperature_2m_max":[29.1],"temperature_2m_min":[22.3],"precipitation_sum":[2.4],"wind_speed_10m_max":[10.8]}}`,
		"2024": `{"timezone":"Asia/Shanghai","daily":{"time":["2024-06-19"],"weather_code":[63],"temperature_2m_max":[28.2],"temperature_2m_min":[21.9],"precipitation_sum":[9.6],"wind_speed_10m_max":[11.5]}}`,
		"2023": `{"timezone":"Asia/Shanghai","daily":{"time":["2023-06-19"],"weather_code":[3],"temperature_2m_max":[31.0],"temperature_2m_min":[null],"precipitation_sum":[0.0],"wind_speed_10m_max":[9.1]}}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, years[r.URL.Query().Get("start_date")[:4]])
	}))
	defer srv.Close()
	c := New(Options{ArchiveURL: srv.URL, Now: func() time.Time { return time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) },
		Upstream: upstream.Options{Retries: -1}})
	f, err := c.Forecast(context.Background(), 30.67, 104.07, "2026-06-19", "2026-06-19")
	if err != nil {
		t.Fatal(err)
	}
	d := f.Days[0]
	got := fmt.Sprintf("%d %s max=%v min=%v p=%v pct=%v wind=%v est=%v tz=%s",
		*d.Code, d.Text, *d.TempMax, *d.TempMin, *d.PrecipitationMM, *d.PrecipitationPct, *d.WindMaxKMH, d.Estimate, f.Timezone)
	want := "63 Moderate rain max=29.4 min=22.1 p=4 pct=67 wind=10.5 est=true tz=Asia/Shanghai"
	if got != want {
		t.Errorf("climate day = %s, want %s", got, want)
	}
}

func ptr[T any](v T) *T { return &v }

func TestRisks(t *testing.T) {
	tests := []struct {
		name string
		day  orchestrator.WeatherDay
		want []string
	}{
		{"calm", orchestrator.WeatherDay{Code: ptr(1), TempMax: ptr(25.0), TempMin: ptr(15.0), PrecipitationMM: ptr(0.0), WindMaxKMH: ptr(10.0)}, nil},
		{"nothing known", orchestrator.WeatherDay{}, nil},
		{"heavy rain by amount", orchestrator.WeatherDay{Code: ptr(63), PrecipitationMM: ptr(20.0)}, []string{"heavy_rain"}},
		{"just under heavy rain", orchestrator.WeatherDay{Code: ptr(63), PrecipitationMM: ptr(19.9)}, nil},
		{"heavy rain by code", orchestrator.WeatherDay{Code: ptr(82)}, []string{"heavy_rain"}},
		{"storm with rain", orchestrator.WeatherDay{Code: ptr(95), PrecipitationMM: ptr(24.3)}, []string{"heavy_rain", "storm"}},
		{"hail", orchestrator.WeatherDay{Code: ptr(99)}, []string{"storm"}},
		{"heat", orchestrator.WeatherDay{TempMax: ptr(35.0)}, []string{"heat"}},
		{"cold min", orchestrator.WeatherDay{TempMin: ptr(-10.0)}, []string{"cold"}},
		{"cold max", orchestrator.WeatherDay{TempMax: ptr(-5.0), TempMin: ptr(-8.0)}, []string{"cold"}},
		{"mild frost", orchestrator.WeatherDay{TempMax: ptr(3.0), TempMin: ptr(-4.0)}, nil},
		{"snow", orchestrator.WeatherDay{Code: ptr(75), TempMin: ptr(-12.0)}, []string{"cold", "snow"}},
		{"snow showers", orchestrator.WeatherDay{Code: ptr(86)}, []string{"snow"}},
		{"freezing rain", orchestrator.WeatherDay{Code: ptr(67)}, []string{"heavy_rain", "ice"}},
		{"wind", orchestrator.WeatherDay{WindMaxKMH: ptr(50.0)}, []string{"wind"}},
	}
	for _, tt := range tests {
		if got := Risks(tt.day); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Risks = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestWeatherText(t *testing.T) {
	for code, want := range map[int]string{0: "Clear sky", 3: "Overcast", 63: "Moderate rain", 95: "Thunderstorm", 4: "", -1: ""} {
		if got := WeatherText(code); got != want {
			t.Errorf("WeatherText(%d) = %q, want %q", code, got, want)
		}
	}
}

func TestMapError(t *testing.T) {
	tests := []struct {
		status        int
		body          string
		wantNil       bool
		wantType      string
		wantRetryable bool
	}{
		{429, `{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}`, false, "rate_limited", true},
		{429, `{"error":true,"reason":"Hourly API request limit exceeded."}`, false, "rate_limited", false},
		{429, `{"error":true,"reason":"Daily API request limit exceeded. Please try again tomorrow."}`, false, "rate_limited", false},
		{429, `{"error":true,"reason":"Too many concurrent requests"}`, false, "rate_limited", true},
		{400, `{"error":true,"reason":"Parameter count must be between 1 and 100."}`, false, "invalid_argument", false},
		{502, `{"error":true,"reason":"Bad gateway"}`, false, "unavailable", true},
		{404, `{"error":true,"reason":"Not Found"}`, false, "", false},
		{500, `<html>`, true, "", false},
		{400, `{"error":true}`, true, "", false},
	}
	for _, tt := range tests {
		got := MapError(tt.status, nil, []byte(tt.body))
		if (got == nil) != tt.wantNil {
			t.Errorf("MapError(%d, %s) = %+v, want nil %v", tt.status, tt.body, got, tt.wantNil)
			continue
		}
		if got != nil && (got.Type != tt.wantType || got.Retryable != tt.wantRetryable) {
			t.Errorf("MapError(%d, %s) = %+v, want type %q retryable %v", tt.status, tt.body, got, tt.wantType, tt.wantRetryable)
		}
	}
}

func FuzzParseDaily(f *testing.F) {
	for _, name := range []string{"forecast_chengdu.json", "forecast_nulls.json", "archive_chengdu_1y.json", "forecast_400_range.json"} {
		f.Add(openmeteotest.Fixture(f, name))
	}
	f.Add([]byte(`{"daily":{"time":["2026-06-02"],"weather_code":[1e300]}}`))
	f.Add([]byte(`{"daily":{"time":["2026-06-02"],"weather_code":[-5]}}`))
	f.Add([]byte(`[{"daily":{}}]`))
	f.Add([]byte(`null`))
	s := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		d, err := parseDaily(body)
		if err != nil {
			var ue *orchestrator.UpstreamError
			if !errors.As(err, &ue) || ue.Type != "bad_response" {
				t.Fatalf("error %v is not a bad_response", err)
			}
			return
		}
		fc, err := d.forecast(s, s.AddDate(0, 0, 5))
		if err == nil && len(fc.Days) != 6 {
			t.Fatalf("got %d days, want 6", len(fc.Days))
		}
	})
}

func FuzzParseGeocode(f *testing.F) {
	for _, name := range []string{"geocode_chengdu_en.json", "geocode_chengdu_zh.json", "geocode_miss.json", "geocode_400.json"} {
		f.Add(openmeteotest.Fixture(f, name))
	}
	f.Add([]byte(`{"results":[{"name":"x","latitude":null}]}`))
	f.Add([]byte(`{"results":null}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		places, err := parseGeocode(body, "x")
		if err != nil {
			var ue *orchestrator.UpstreamError
			if !errors.As(err, &ue) {
				t.Fatalf("error %v is not an UpstreamError", err)
			}
			return
		}
		for _, p := range places {
			if p.Name == "" || !validLatLon(p.Latitude, p.Longitude) {
				t.Fatalf("invalid place %+v", p)
			}
		}
	})
}
