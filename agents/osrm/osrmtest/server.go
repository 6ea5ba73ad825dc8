// Package osrmtest replays the recorded OSRM responses in agents/osrm/testdata
// from an httptest server, for tests of the client and of the tools built on
// it. It reads the fixtures from the source tree, so it works only where the
// module's source is present.
package osrmtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tripweave/tripweave/agents/internal/replay"
)

// Dir returns the fixture directory, agents/osrm/testdata.
func Dir() string { return replay.TestdataDir() }

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	return replay.ReadFixture(t, Dir(), name)
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
//   - more coordinates than two, not in Routes, some pair of which has a
//     two-point fixture → a table composed of the two-point fixtures (a
//     batch of road legs, agents/osrm's pairTable): each cell from the
//     fixture of its two points, in either order; null where none is
//     recorded;
//   - coordinates made Unplaceable → 400 NoSegment;
//   - more than 100 coordinates → 400 too_big.json;
//   - unparsable coordinates → 400 invalid_query.json;
//   - anything else → 500 "no fixture".
type Server struct {
	*httptest.Server

	fixtures replay.Fixtures

	fails    replay.Failures
	requests replay.Recorder[string]

	mu       sync.Mutex
	unplaced map[string]bool
}

// Unplaceable makes every later table naming coords (lon,lat as sent)
// answer 400 NoSegment, as OSRM does for a point it cannot snap to a road.
func (s *Server) Unplaceable(coords string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unplaced == nil {
		s.unplaced = map[string]bool{}
	}
	s.unplaced[coords] = true
}

func (s *Server) placed(pts []string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range pts {
		if s.unplaced[p] {
			return false
		}
	}
	return true
}

// NewServer starts a Server closed at the end of t.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{fixtures: replay.LoadFixtures(t, Dir(), ".json")}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Fail makes every later request answer status with body and the given
// header pairs; status 0 restores normal answers.
func (s *Server) Fail(status int, body string, header ...string) {
	s.fails.Set("", 0, replay.Failure{Status: status, Body: []byte(body), Header: replay.Header(header...)})
}

// FailWith is Fail with a fixture's body.
func (s *Server) FailWith(t testing.TB, status int, fixture string, header ...string) {
	s.Fail(status, string(Fixture(t, fixture)), header...)
}

// Requests returns the path and query of every request served so far.
func (s *Server) Requests() []string { return s.requests.All() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.requests.Record(r.URL.RequestURI())
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	if s.fails.Serve(w, r) {
		return
	}
	_, rest, ok := strings.Cut(r.URL.Path, "/table/v1/")
	_, coords, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 {
		s.fixtures.Write(w, http.StatusBadRequest, "invalid_query.json")
		return
	}
	coords = strings.TrimSuffix(coords, ".json")
	pairs := strings.Split(coords, ";")
	for _, p := range pairs {
		lon, lat, ok := strings.Cut(p, ",")
		_, err1 := strconv.ParseFloat(lon, 64)
		_, err2 := strconv.ParseFloat(lat, 64)
		if !ok || err1 != nil || err2 != nil {
			s.fixtures.Write(w, http.StatusBadRequest, "invalid_query.json")
			return
		}
	}
	if !s.placed(pairs) {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"code":"NoSegment","message":"Could not find a matching segment for coordinate 0"}`)
		return
	}
	if len(pairs) > 100 {
		s.fixtures.Write(w, http.StatusBadRequest, "too_big.json")
		return
	}
	name, ok := Routes[coords]
	if !ok && len(pairs) > 2 && r.URL.Query().Get("annotations") == "duration,distance" {
		if body, ok := s.compose(pairs); ok {
			_, _ = w.Write(body)
			return
		}
	}
	if !ok || r.URL.Query().Get("annotations") != "duration,distance" {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"code":"NoFixture","message":"osrmtest: no fixture for %s"}`, r.URL.RequestURI())
		return
	}
	s.fixtures.Write(w, http.StatusOK, name)
}

// compose returns the table between pts composed of the two-point
// fixtures, and false when no pair of pts has one.
func (s *Server) compose(pts []string) ([]byte, bool) {
	n := len(pts)
	durations, distances := make([][]*float64, n), make([][]*float64, n)
	zero := 0.0
	found := false
	for i := range pts {
		durations[i], distances[i] = make([]*float64, n), make([]*float64, n)
		for j := range pts {
			if i == j || pts[i] == pts[j] {
				durations[i][j], distances[i][j] = &zero, &zero
				continue
			}
			// The pair's fixture in either order: cell [0][1] or [1][0].
			for _, c := range []struct {
				coords string
				row    int
			}{{pts[i] + ";" + pts[j], 0}, {pts[j] + ";" + pts[i], 1}} {
				name, ok := Routes[c.coords]
				if !ok {
					continue
				}
				var t struct {
					Durations [][]*float64 `json:"durations"`
					Distances [][]*float64 `json:"distances"`
				}
				if json.Unmarshal(s.fixtures[name], &t) != nil || len(t.Durations) != 2 {
					continue
				}
				durations[i][j] = t.Durations[c.row][1-c.row]
				if len(t.Distances) == 2 {
					distances[i][j] = t.Distances[c.row][1-c.row]
				}
				found = true
				break
			}
		}
	}
	body, err := json.Marshal(map[string]any{"code": "Ok", "durations": durations, "distances": distances})
	return body, found && err == nil
}
