// Package nominatimtest replays the recorded Nominatim responses in
// agents/nominatim/testdata from an httptest server, for tests of the
// client and of the tools built on it. It reads the fixtures from the
// source tree, so it works only where the module's source is present.
package nominatimtest

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/internal/replay"
)

// Dir returns the fixture directory, agents/nominatim/testdata.
func Dir() string { return replay.TestdataDir() }

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	return replay.ReadFixture(t, Dir(), name)
}

// Request is one search the Server received.
type Request struct {
	At        time.Time
	Query     string // the raw query string
	UserAgent string
}

// Failure is a scripted answer.
type Failure struct {
	Status int
	Body   []byte
	Header http.Header
}

// Server is an httptest server answering like nominatim.openstreetmap.org's
// /search from the fixtures: q "chengdu", "成都" or "chengdu, china" →
// search_chengdu_zh.json when accept-language starts with zh, else
// search_chengdu_en.json; any other q → search_empty.json ([]); a limit
// that is not a number → HTTP 400 search_400.json; a format other than
// jsonv2 → the HTML page the real server answers. Fail scripts the next
// answers.
type Server struct {
	*httptest.Server

	fixtures replay.Fixtures

	fails    replay.Failures
	requests replay.Recorder[Request]
}

// NewServer starts a Server closed at the end of t.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{fixtures: replay.LoadFixtures(t, Dir())}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// SearchURL is the endpoint to configure a client with.
func (s *Server) SearchURL() string { return s.URL + "/search" }

// Fail makes the next len(fs) requests answer fs in order.
func (s *Server) Fail(fs ...Failure) {
	for _, f := range fs {
		s.fails.Add(replay.Failure(f))
	}
}

// Requests returns the requests served so far.
func (s *Server) Requests() []Request { return s.requests.All() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.requests.Record(Request{At: time.Now(), Query: r.URL.RawQuery, UserAgent: r.UserAgent()})
	fail, failing := s.fails.Next(r.URL.Path)
	if failing {
		if fail.Header.Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
		}
		fail.Write(w)
		return
	}
	if r.URL.Path != "/search" {
		http.NotFound(w, r)
		return
	}
	if q.Get("format") != "jsonv2" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<!DOCTYPE html><html><head><title>Nominatim Demo</title></head><body>search page</body></html>\n"))
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	if l := q.Get("limit"); l != "" {
		if _, err := strconv.Atoi(l); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			w.Write(s.fixtures["search_400.json"])
			return
		}
	}
	switch strings.ToLower(strings.TrimSpace(q.Get("q"))) {
	case "chengdu", "成都", "chengdu, china":
		if strings.HasPrefix(q.Get("accept-language"), "zh") {
			w.Write(s.fixtures["search_chengdu_zh.json"])
		} else {
			w.Write(s.fixtures["search_chengdu_en.json"])
		}
	default:
		w.Write(s.fixtures["search_empty.json"])
	}
}
