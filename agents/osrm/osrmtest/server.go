// Package osrmtest replays the recorded OSRM responses in agents/osrm/testdata
// from an httptest server, for tests of the client and of the tools built on
// it. It reads the fixtures from the source tree, so it works only where the
// module's source is present.
package osrmtest

import (
	"fmt"
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
)

// Dir returns the fixture directory, agents/osrm/testdata.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata")
}

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(), name))
	if err != nil {
		t.Fatalf("osrmtest: %v", err)
	}
	return b
}

// Points of the fixtures, lon,lat as sent: three sights in central Chengdu
// and the panda base in the north-east, which table_null.json pretends is
// unreachable (its row and column are null).
const (
	Kuanzhai = "104.0557,30.6703"
	Wuhouci  = "104.0476,30.6458"
	Chunxi   = "104.0805,30.6573"
	Panda    = "104.1465,30.7352"
)

// Routes maps the coordinates of a table request to its fixture.
var Routes = map[string]string{
	Kuanzhai + ";" + Wuhouci + ";" + Chunxi:               "table_chengdu.json",
	Kuanzhai + ";" + Wuhouci + ";" + Chunxi + ";" + Panda: "table_null.json",
}

// Server answers like osrm-routed from the fixtures, under any path prefix
// (so one Server can stand in for several profile servers):
//
//   - GET {prefix}/table/v1/{profile}/{coords}?annotations=duration,distance
//     with coords in Routes → its fixture;
//   - more than 100 coordinates → 400 too_big.json;
//   - unparsable coordinates → 400 invalid_query.json;
//   - anything else → 500 "no fixture".
type Server struct {
	*httptest.Server

	fixtures map[string][]byte

	mu       sync.Mutex
	fail     *failure
	requests []string
}

type failure struct {
	status int
	body   string
	header http.Header
}

// NewServer starts a Server closed at the end of t.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{fixtures: map[string][]byte{}}
	entries, err := os.ReadDir(Dir())
	if err != nil {
		t.Fatalf("osrmtest: %v", err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			s.fixtures[e.Name()] = Fixture(t, e.Name())
		}
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Fail makes every later request answer status with body and the given
// header pairs; status 0 restores normal answers.
func (s *Server) Fail(status int, body string, header ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if status == 0 {
		s.fail = nil
		return
	}
	h := http.Header{}
	for i := 0; i+1 < len(header); i += 2 {
		h.Set(header[i], header[i+1])
	}
	s.fail = &failure{status, body, h}
}

// FailWith is Fail with a fixture's body.
func (s *Server) FailWith(t testing.TB, status int, fixture string, header ...string) {
	s.Fail(status, string(Fixture(t, fixture)), header...)
}

// Requests returns the path and query of every request served so far.
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests = append(s.requests, r.URL.RequestURI())
	f := s.fail
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	if f != nil {
		for k, v := range f.header {
			w.Header()[k] = v
		}
		w.WriteHeader(f.status)
		fmt.Fprint(w, f.body)
		return
	}
	_, rest, ok := strings.Cut(r.URL.Path, "/table/v1/")
	_, coords, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 {
		s.write(w, http.StatusBadRequest, "invalid_query.json")
		return
	}
	coords = strings.TrimSuffix(coords, ".json")
	pairs := strings.Split(coords, ";")
	for _, p := range pairs {
		lon, lat, ok := strings.Cut(p, ",")
		_, err1 := strconv.ParseFloat(lon, 64)
		_, err2 := strconv.ParseFloat(lat, 64)
		if !ok || err1 != nil || err2 != nil {
			s.write(w, http.StatusBadRequest, "invalid_query.json")
			return
		}
	}
	if len(pairs) > 100 {
		s.write(w, http.StatusBadRequest, "too_big.json")
		return
	}
	name, ok := Routes[coords]
	if !ok || r.URL.Query().Get("annotations") != "duration,distance" {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"code":"NoFixture","message":"osrmtest: no fixture for %s"}`, r.URL.RequestURI())
		return
	}
	s.write(w, http.StatusOK, name)
}

func (s *Server) write(w http.ResponseWriter, status int, name string) {
	w.WriteHeader(status)
	w.Write(s.fixtures[name])
}
