// Package openmeteotest replays the recorded Open-Meteo responses in
// agents/openmeteo/testdata from an httptest server, for tests of the
// client and of the tools built on it. It reads the fixtures from the
// source tree, so it works only where the module's source is present.
package openmeteotest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/internal/replay"
)

// Dir returns the fixture directory, agents/openmeteo/testdata.
func Dir() string { return replay.TestdataDir() }

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	return replay.ReadFixture(t, Dir(), name)
}

// Clock returns the time the fixtures were recorded at (testdata/clock.txt):
// the forecast fixtures cover the days after it.
func Clock(t testing.TB) time.Time {
	t.Helper()
	now, err := time.Parse(time.RFC3339, strings.TrimSpace(string(Fixture(t, "clock.txt"))))
	if err != nil {
		t.Fatalf("openmeteotest: clock.txt: %v", err)
	}
	return now
}

// FirstDate returns daily.time[0] of a daily fixture.
func FirstDate(t testing.TB, name string) string {
	t.Helper()
	var d struct {
		Daily struct {
			Time []string `json:"time"`
		} `json:"daily"`
	}
	if err := json.Unmarshal(Fixture(t, name), &d); err != nil || len(d.Daily.Time) == 0 {
		t.Fatalf("openmeteotest: %s has no daily.time: %v", name, err)
	}
	return d.Daily.Time[0]
}

// LastDate returns the last daily.time of a daily fixture.
func LastDate(t testing.TB, name string) string {
	t.Helper()
	var d struct {
		Daily struct {
			Time []string `json:"time"`
		} `json:"daily"`
	}
	if err := json.Unmarshal(Fixture(t, name), &d); err != nil || len(d.Daily.Time) == 0 {
		t.Fatalf("openmeteotest: %s has no daily.time: %v", name, err)
	}
	return d.Daily.Time[len(d.Daily.Time)-1]
}

// Server is an httptest server answering like Open-Meteo from the fixtures:
//
//   - /v1/search: name "Shanghai" → geocode_shanghai_en.json; name
//     "Chengdu" or "成都" → geocode_chengdu_zh.json for
//     language zh, geocode_chengdu_en.json otherwise; count outside 1–100 →
//     400 geocode_400.json; any other name → geocode_miss.json.
//   - /v1/forecast: start_date of forecast_chengdu.json or
//     forecast_nulls.json → that file; any other → 400 forecast_400_range.json.
//   - /v1/archive: start_date of archive_chengdu_{1,2,3}y.json → that file;
//     any other → 400 out of range.
//
// Missing required parameters are a 400 as upstream. Fail overrides all of
// that for one API.
type Server struct {
	*httptest.Server

	fixtures replay.Fixtures
	byStart  map[string]string // "forecast|2026-06-02" → fixture name
	requests replay.Recorder[string]

	mu   sync.Mutex
	fail map[string]replay.Failure // by API, each sticky
}

// NewServer starts a Server closed at the end of t.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{fixtures: replay.LoadFixtures(t, Dir(), ".json"), byStart: map[string]string{}, fail: map[string]replay.Failure{}}
	for _, name := range []string{"forecast_chengdu.json", "forecast_nulls.json"} {
		s.byStart["forecast|"+FirstDate(t, name)] = name
	}
	for k := 1; k <= 3; k++ {
		name := fmt.Sprintf("archive_chengdu_%dy.json", k)
		s.byStart["archive|"+FirstDate(t, name)] = name
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// GeocodingURL, ForecastURL and ArchiveURL are the endpoints to configure a
// client with.
func (s *Server) GeocodingURL() string { return s.URL + "/v1/search" }
func (s *Server) ForecastURL() string  { return s.URL + "/v1/forecast" }
func (s *Server) ArchiveURL() string   { return s.URL + "/v1/archive" }

// Fail makes every later request to api ("search", "forecast" or "archive")
// answer status with body; status 0 restores normal answers.
func (s *Server) Fail(api string, status int, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if status == 0 {
		delete(s.fail, api)
		return
	}
	s.fail[api] = replay.Failure{Status: status, Body: []byte(body)}
}

// Requests returns the path and query of every request served so far.
func (s *Server) Requests() []string { return s.requests.All() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	api := strings.TrimPrefix(r.URL.Path, "/v1/")
	s.requests.Record(r.URL.RequestURI())
	s.mu.Lock()
	f, failing := s.fail[api]
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if failing {
		f.Write(w)
		return
	}
	q := r.URL.Query()
	switch api {
	case "search":
		s.search(w, q)
	case "forecast", "archive":
		s.daily(w, api, q)
	default:
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":true,"reason":"Not Found"}`)
	}
}

func (s *Server) search(w http.ResponseWriter, q map[string][]string) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	if c := get("count"); c != "" {
		if n, err := strconv.Atoi(c); err != nil || n < 1 || n > 100 {
			s.fixtures.Write(w, http.StatusBadRequest, "geocode_400.json")
			return
		}
	}
	switch strings.ToLower(strings.TrimSpace(get("name"))) {
	case "chengdu", "成都":
		if get("language") == "zh" {
			s.fixtures.Write(w, http.StatusOK, "geocode_chengdu_zh.json")
		} else {
			s.fixtures.Write(w, http.StatusOK, "geocode_chengdu_en.json")
		}
	case "shanghai":
		s.fixtures.Write(w, http.StatusOK, "geocode_shanghai_en.json")
	default:
		s.fixtures.Write(w, http.StatusOK, "geocode_miss.json")
	}
}

func (s *Server) daily(w http.ResponseWriter, api string, q map[string][]string) {
	for _, k := range []string{"latitude", "longitude", "start_date", "end_date", "daily", "timezone"} {
		if len(q[k]) == 0 || q[k][0] == "" {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"error":true,"reason":"Parameter '%s' is required"}`, k)
			return
		}
	}
	if api == "archive" && strings.Contains(q["daily"][0], "precipitation_probability") {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":true,"reason":"Cannot initialize ArchiveVariable from invalid String value precipitation_probability_max for key daily"}`)
		return
	}
	name, ok := s.byStart[api+"|"+q["start_date"][0]]
	switch {
	case ok:
		s.fixtures.Write(w, http.StatusOK, name)
	case api == "forecast":
		s.fixtures.Write(w, http.StatusBadRequest, "forecast_400_range.json")
	default:
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":true,"reason":"Parameter 'end_date' is out of allowed range from 1940-01-01 to 2026-05-25"}`)
	}
}
