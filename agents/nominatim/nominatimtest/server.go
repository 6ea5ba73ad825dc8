// Package nominatimtest replays the recorded Nominatim responses in
// agents/nominatim/testdata from an httptest server, for tests of the
// client and of the tools built on it. It reads the fixtures from the
// source tree, so it works only where the module's source is present.
package nominatimtest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Dir returns the fixture directory, agents/nominatim/testdata.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata")
}

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(), name))
	if err != nil {
		t.Fatalf("nominatimtest: %v", err)
	}
	return b
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

	fixtures map[string][]byte

	mu       sync.Mutex
	fails    []Failure
	requests []Request
}

// NewServer starts a Server closed at the end of t.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{fixtures: map[string][]byte{}}
	entries, err := os.ReadDir(Dir())
	if err != nil {
		t.Fatalf("nominatimtest: %v", err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			s.fixtures[e.Name()] = Fixture(t, e.Name())
		}
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// SearchURL is the endpoint to configure a client with.
func (s *Server) SearchURL() string { return s.URL + "/search" }

// Fail makes the next len(fs) requests answer fs in order.
func (s *Server) Fail(fs ...Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fails = append(s.fails, fs...)
}

// Requests returns the requests served so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.mu.Lock()
	s.requests = append(s.requests, Request{At: time.Now(), Query: r.URL.RawQuery, UserAgent: r.UserAgent()})
	var fail *Failure
	if len(s.fails) > 0 {
		fail = &s.fails[0]
		s.fails = s.fails[1:]
	}
	s.mu.Unlock()
	if fail != nil {
		for k, vs := range fail.Header {
			w.Header()[k] = vs
		}
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
		}
		w.WriteHeader(fail.Status)
		w.Write(fail.Body)
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
