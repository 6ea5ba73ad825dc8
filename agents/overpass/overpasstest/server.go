// Package overpasstest replays the recorded Overpass API responses in
// agents/overpass/testdata from an httptest server, for tests of the client
// and of the tools built on it. It reads the fixtures from the source tree,
// so it works only where the module's source is present.
package overpasstest

import (
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/internal/replay"
)

// Dir returns the fixture directory, agents/overpass/testdata.
func Dir() string { return replay.TestdataDir() }

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	return replay.ReadFixture(t, Dir(), name)
}

// Chengdu is the point the Chengdu fixtures were recorded around.
const ChengduLat, ChengduLon = 30.66, 104.07

// Request is one query the Server received.
type Request struct {
	Method      string
	ContentType string
	UserAgent   string
	Query       string // the data= parameter
}

// Failure is a scripted answer.
type Failure struct {
	Status int
	Body   []byte
	Header http.Header
}

// Server is an httptest server answering like an Overpass interpreter at
// /api/interpreter, from the fixtures: a query whose around: filter (or
// bounding box's centre) lies within 50 km of Chengdu gets lodging_chengdu.json (lodging queries: tourism
// hotel|hostel|…), attractions_chengdu.json (other tourism queries) or
// restaurants_chengdu.json (amenity queries); any other gets empty.json.
// A request without data= or without [out:json] is a 400 error page like
// the real server's. Fail scripts the next answers.
type Server struct {
	*httptest.Server

	fixtures replay.Fixtures

	fails    replay.Failures
	requests replay.Recorder[Request]
	gate     replay.Gate
}

// NewServer starts a Server closed at the end of t.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{fixtures: replay.LoadFixtures(t, Dir())}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// InterpreterURL is the endpoint to configure a client with.
func (s *Server) InterpreterURL() string { return s.URL + "/api/interpreter" }

// Fail makes the next len(fs) requests answer fs in order.
func (s *Server) Fail(fs ...Failure) {
	for _, f := range fs {
		s.fails.Add(replay.Failure(f))
	}
}

// RateLimited is the interpreter's 429 page (all slots of this IP busy).
func (s *Server) RateLimited() Failure {
	return Failure{Status: http.StatusTooManyRequests, Body: s.fixtures["ratelimited_429.html"],
		Header: http.Header{"Content-Type": {"text/html; charset=utf-8"}}}
}

// Busy is the interpreter's 504 page (server too busy).
func (s *Server) Busy() Failure {
	return Failure{Status: http.StatusGatewayTimeout, Body: s.fixtures["busy_504.html"],
		Header: http.Header{"Content-Type": {"text/html; charset=utf-8"}}}
}

// TimedOut is a 200 answer whose remark reports a query timeout.
func (s *Server) TimedOut() Failure {
	return Failure{Status: http.StatusOK, Body: s.fixtures["remark_timeout.json"]}
}

// SetDelay makes every answer wait d, to observe concurrency.
func (s *Server) SetDelay(d time.Duration) { s.gate.SetDelay(d) }

// Requests returns the requests served so far.
func (s *Server) Requests() []Request { return s.requests.All() }

// MaxInFlight returns the most requests that were ever served at once.
func (s *Server) MaxInFlight() int { return s.gate.MaxInFlight() }

var aroundRE = regexp.MustCompile(`around:(\d+),(-?[\d.]+),(-?[\d.]+)\)`)

// boxRE matches a (south,west,north,east) filter.
var boxRE = regexp.MustCompile(`\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)`)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	data := r.Form.Get("data")
	s.requests.Record(Request{Method: r.Method, ContentType: r.Header.Get("Content-Type"), UserAgent: r.UserAgent(), Query: data})
	fail, failing := s.fails.Next(r.URL.Path)
	leave, ok := s.gate.Enter(r.Context())
	defer leave()
	if !ok {
		return
	}
	if failing {
		if fail.Header.Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "application/json")
		}
		fail.Write(w)
		return
	}
	if r.URL.Path != "/api/interpreter" {
		http.NotFound(w, r)
		return
	}
	if data == "" || !strings.Contains(data, "[out:json]") {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?>
<html><body>
<p><strong style="color:#FF0000">Error</strong>: line 1: parse error: this replay server expects an Overpass QL query with [out:json] in data= </p>
</body></html>
`)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	m := aroundRE.FindStringSubmatch(data)
	near := false
	if m != nil {
		lat, _ := strconv.ParseFloat(m[2], 64)
		lon, _ := strconv.ParseFloat(m[3], 64)
		near = math.Abs(lat-ChengduLat) < 0.45 && math.Abs(lon-ChengduLon) < 0.5
	} else if b := boxRE.FindStringSubmatch(data); b != nil {
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(b[i+1], 64)
		}
		lat, lon := (v[0]+v[2])/2, (v[1]+v[3])/2
		near = math.Abs(lat-ChengduLat) < 0.45 && math.Abs(lon-ChengduLon) < 0.5
	}
	switch {
	case near && strings.Contains(data, `hotel|hostel`):
		w.Write(s.fixtures["lodging_chengdu.json"])
	case near && strings.Contains(data, `"tourism"`):
		w.Write(s.fixtures["attractions_chengdu.json"])
	case near && strings.Contains(data, `"amenity"`):
		w.Write(s.fixtures["restaurants_chengdu.json"])
	default:
		w.Write(s.fixtures["empty.json"])
	}
}
