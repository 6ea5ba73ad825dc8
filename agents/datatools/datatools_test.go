package datatools

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
)

var fetched = time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)

type fakeGeocoder struct {
	mu    sync.Mutex
	calls []string
	err   error
	panic bool
}

func (f *fakeGeocoder) Geocode(_ context.Context, name, language string, count int) ([]orchestrator.Place, error) {
	f.mu.Lock()
	f.calls = append(f.calls, name+"|"+language+"|"+string(rune('0'+count)))
	f.mu.Unlock()
	if f.panic {
		panic("boom")
	}
	if f.err != nil {
		return nil, f.err
	}
	return []orchestrator.Place{{Name: "Chengdu", CountryCode: "CN", Latitude: 30.66667, Longitude: 104.06667, SourceID: "1815286"}}, nil
}

type fakeForecaster struct {
	estimate []bool // per day
	err      error
	calls    int
}

func (f *fakeForecaster) Forecast(_ context.Context, lat, lon float64, start, end string) (orchestrator.Forecast, error) {
	f.calls++
	if f.err != nil {
		return orchestrator.Forecast{}, f.err
	}
	out := orchestrator.Forecast{Timezone: "Asia/Shanghai"}
	d, _ := time.Parse(orchestrator.DateLayout, start)
	for _, est := range f.estimate {
		out.Days = append(out.Days, orchestrator.WeatherDay{Date: d.Format(orchestrator.DateLayout), Estimate: est})
		d = d.AddDate(0, 0, 1)
	}
	return out, nil
}

var testOpts = Options{
	Geocoding: Source{Name: "test:geocoding", TTL: 14 * 24 * time.Hour, Attribution: &orchestrator.Attribution{Text: "Location data based on GeoNames"}},
	Forecast:  Source{Name: "test:forecast", TTL: 3 * time.Hour, Attribution: &orchestrator.Attribution{Text: "Weather data by Test"}},
	Climate:   Source{Name: "test:archive", TTL: 7 * 24 * time.Hour, Attribution: &orchestrator.Attribution{Text: "Weather data by Test"}},
	Now:       func() time.Time { return fetched.In(time.FixedZone("CST", 8*3600)) },
	Logger:    slog.New(slog.NewTextHandler(io.Discard, nil)),
}

func connect(t *testing.T, opts Options) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "data", Version: "test"}, nil)
	if err := Register(s, opts); err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, tool string, args any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", tool, err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	var tm map[string]any
	if err := json.Unmarshal([]byte(text), &tm); err != nil {
		t.Fatalf("text content %q is not JSON: %v", text, err)
	}
	return res, m
}

func wantError(t *testing.T, res *mcp.CallToolResult, m map[string]any, typ string, retryable bool) {
	t.Helper()
	if !res.IsError {
		t.Fatalf("IsError = false, want an error result; got %v", m)
	}
	if m["errorType"] != typ || m["retryable"] != retryable || m["message"] == "" {
		t.Errorf("error = %v, want errorType %s retryable %v and a message", m, typ, retryable)
	}
}

func TestListTools(t *testing.T) {
	opts := testOpts
	opts.Geocoder, opts.Forecaster = &fakeGeocoder{}, &fakeForecaster{}
	cs := connect(t, opts)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		out, _ := json.Marshal(tool.OutputSchema)
		if !strings.Contains(string(out), `"provenance"`) {
			t.Errorf("%s output schema lacks provenance: %s", tool.Name, out)
		}
	}
	if got := strings.Join(names, ","); got != "geocode,weather" {
		t.Errorf("tools = %s, want geocode,weather", got)
	}

	only := testOpts
	only.Geocoder = &fakeGeocoder{}
	res, err = connect(t, only).ListTools(context.Background(), nil)
	if err != nil || len(res.Tools) != 1 || res.Tools[0].Name != "geocode" {
		t.Errorf("with only a geocoder: tools %v, err %v; want geocode alone", res, err)
	}
}

func TestGeocode(t *testing.T) {
	g := &fakeGeocoder{}
	opts := testOpts
	opts.Geocoder = g
	cs := connect(t, opts)
	res, m := call(t, cs, "geocode", map[string]any{"name": "  Chengdu ", "language": "ZH", "count": 3})
	if res.IsError {
		t.Fatalf("error result: %v", m)
	}
	if got := g.calls[0]; got != "Chengdu|zh|3" {
		t.Errorf("geocoder called with %s, want Chengdu|zh|3", got)
	}
	var out GeocodeOutput
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	want := orchestrator.Provenance{Source: "test:geocoding", FetchedAt: fetched, TTL: 14 * 24 * 3600,
		Attribution: &orchestrator.Attribution{Text: "Location data based on GeoNames"}}
	if out.Provenance.Source != want.Source || !out.Provenance.FetchedAt.Equal(want.FetchedAt) || out.Provenance.TTL != want.TTL ||
		out.Provenance.Attribution.Text != want.Attribution.Text || out.Provenance.Estimate {
		t.Errorf("provenance = %+v, want %+v", out.Provenance, want)
	}
	if !strings.Contains(string(b), `"fetched_at":"2026-06-01T04:00:00Z"`) {
		t.Errorf("fetched_at not in UTC: %s", b)
	}
	if len(out.Places) != 1 || out.Places[0].SourceID != "1815286" {
		t.Errorf("places = %+v", out.Places)
	}

	_, _ = call(t, cs, "geocode", map[string]any{"name": "成都"})
	if got := g.calls[1]; got != "成都|en|0" {
		t.Errorf("defaults: geocoder called with %s, want 成都|en|0", got)
	}
}

func TestWeatherProvenance(t *testing.T) {
	tests := []struct {
		name         string
		estimate     []bool
		wantSource   string
		wantTTL      float64
		wantEstimate bool
	}{
		{"forecast", []bool{false, false}, "test:forecast", 10800, false},
		{"climate", []bool{true, true}, "test:archive", 604800, true},
		{"mixed", []bool{false, true}, "test:forecast+test:archive", 10800, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := testOpts
			opts.Forecaster = &fakeForecaster{estimate: tt.estimate}
			res, m := call(t, connect(t, opts), "weather",
				map[string]any{"latitude": 30.67, "longitude": 104.07, "start_date": "2026-06-19", "end_date": "2026-06-20"})
			if res.IsError {
				t.Fatalf("error result: %v", m)
			}
			p := m["provenance"].(map[string]any)
			if p["source"] != tt.wantSource || p["ttl"] != tt.wantTTL || (p["estimate"] == true) != tt.wantEstimate ||
				p["fetched_at"] != "2026-06-01T04:00:00Z" {
				t.Errorf("provenance = %v, want source %s ttl %v estimate %v", p, tt.wantSource, tt.wantTTL, tt.wantEstimate)
			}
			if a := p["attribution"].(map[string]any); a["text"] != "Weather data by Test" {
				t.Errorf("attribution = %v", a)
			}
			if days := m["forecast"].(map[string]any)["days"].([]any); len(days) != 2 {
				t.Errorf("days = %v, want 2", days)
			}
		})
	}
}

func TestInvalidArguments(t *testing.T) {
	g, f := &fakeGeocoder{}, &fakeForecaster{estimate: []bool{false}}
	opts := testOpts
	opts.Geocoder, opts.Forecaster = g, f
	cs := connect(t, opts)
	w := func(lat, lon any, s, e string) map[string]any {
		return map[string]any{"latitude": lat, "longitude": lon, "start_date": s, "end_date": e}
	}
	tests := []struct {
		tool string
		args any
	}{
		{"geocode", map[string]any{}},
		{"geocode", map[string]any{"name": ""}},
		{"geocode", map[string]any{"name": "   "}},
		{"geocode", map[string]any{"name": strings.Repeat("x", 101)}},
		{"geocode", map[string]any{"name": "Paris", "count": 101}},
		{"geocode", map[string]any{"name": "Paris", "count": -1}},
		{"geocode", map[string]any{"name": "Paris", "language": "english"}},
		{"geocode", map[string]any{"name": 42}},
		{"geocode", map[string]any{"name": "Paris", "extra": true}},
		{"weather", w(91, 0, "2026-06-01", "2026-06-02")},
		{"weather", w(-90.5, 0, "2026-06-01", "2026-06-02")},
		{"weather", w(0, 180.1, "2026-06-01", "2026-06-02")},
		{"weather", w("north", 0, "2026-06-01", "2026-06-02")},
		{"weather", w(0, 0, "2026/06/01", "2026-06-02")},
		{"weather", w(0, 0, "2026-06-01", "2026-06-31")},
		{"weather", w(0, 0, "2026-06-02", "2026-06-01")},
		{"weather", w(0, 0, "2026-06-01", "2026-07-02")},
		{"weather", map[string]any{"latitude": 0, "longitude": 0, "start_date": "2026-06-01"}},
	}
	for _, tt := range tests {
		res, m := call(t, cs, tt.tool, tt.args)
		wantError(t, res, m, "invalid_argument", false)
	}
	if len(g.calls) != 0 || f.calls != 0 {
		t.Errorf("providers called %d and %d times with invalid arguments", len(g.calls), f.calls)
	}
	// The longest allowed range passes.
	res, m := call(t, cs, "weather", w(0, 0, "2026-06-01", "2026-07-01"))
	if res.IsError {
		t.Errorf("31 days rejected: %v", m)
	}
}

func TestProviderErrors(t *testing.T) {
	tests := []struct {
		name          string
		err           error
		panic         bool
		wantType      string
		wantRetryable bool
		wantMessage   string
	}{
		{"not found", &orchestrator.UpstreamError{Type: "not_found", Message: `no place named "Atlantis" found`, Provider: "open-meteo"},
			false, "not_found", false, `no place named "Atlantis" found`},
		{"unavailable", &orchestrator.UpstreamError{Type: "unavailable", Message: "HTTP 500", Retryable: true, Provider: "open-meteo"},
			false, "unavailable", true, "HTTP 500"},
		{"wrapped", errors.Join(errors.New("ctx"), &orchestrator.UpstreamError{Type: "rate_limited", Message: "slow down", Retryable: true}),
			false, "rate_limited", true, "slow down"},
		{"domain error", orchestrator.Errorf(orchestrator.EINVALID, "bad"), false, "invalid_argument", false, "bad"},
		{"deadline", context.DeadlineExceeded, false, "timeout", true, "deadline exceeded"},
		{"plain error hides details", errors.New("secret dsn"), false, "internal", false, "internal error"},
		{"panic", nil, true, "internal", false, "internal error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := testOpts
			opts.Geocoder = &fakeGeocoder{err: tt.err, panic: tt.panic}
			res, m := call(t, connect(t, opts), "geocode", map[string]any{"name": "Atlantis"})
			wantError(t, res, m, tt.wantType, tt.wantRetryable)
			if m["message"] != tt.wantMessage {
				t.Errorf("message = %v, want %q", m["message"], tt.wantMessage)
			}
		})
	}
}
