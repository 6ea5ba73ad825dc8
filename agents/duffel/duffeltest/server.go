// Package duffeltest replays the recorded Duffel responses in
// agents/duffel/testdata from an httptest server, for tests of the client
// and of the tools built on it. It reads the fixtures from the source tree,
// so it works only where the module's source is present.
package duffeltest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/agents/internal/replay"
)

// Token is the access token the Server accepts.
const Token = "duffel_test_fixture"

// Dir returns the fixture directory, agents/duffel/testdata.
func Dir() string { return replay.TestdataDir() }

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	return replay.ReadFixture(t, Dir(), name)
}

// Searches maps "origin→destination date" of a one-slice offer request to
// its fixture.
var Searches = map[string]string{
	"SHA→CTU 2026-06-12": "offer_request_pvg_ctu.json",
	"PVG→CTU 2026-06-12": "offer_request_pvg_ctu.json",
	"SHA→CTU 2026-06-13": "offer_request_empty.json",
	"PVG→CTU 2026-06-13": "offer_request_empty.json",
}

// Places maps a places/suggestions name (lower-case) to its fixture.
var Places = map[string]string{
	"shanghai": "places_shanghai.json",
	"chengdu":  "places_chengdu.json",
}

// Server answers like api.duffel.com from the fixtures:
//
//   - any request without "Authorization: Bearer " + Token → 401
//     error_401.json; without "Duffel-Version: v2" → 400;
//   - POST /air/offer_requests?return_offers=true with a body in Duffel's
//     shape: a search in Searches → its fixture (201); a departure date
//     before 2026-06-01 → 422 error_422.json; anything else → 500;
//   - GET /places/suggestions?name=…: a name in Places → its fixture, any
//     other → places_empty.json.
type Server struct {
	*httptest.Server

	fixtures replay.Fixtures

	fails    replay.Failures
	requests replay.Recorder[Request]
}

// Request is a request the Server saw.
type Request struct {
	Method, URI string
	Header      http.Header
	Body        string
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

// Requests returns every request served so far.
func (s *Server) Requests() []Request { return s.requests.All() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	body := string(b)
	s.requests.Record(Request{Method: r.Method, URI: r.URL.RequestURI(), Header: r.Header.Clone(), Body: body})
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if s.fails.Serve(w, r) {
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+Token {
		s.fixtures.Write(w, http.StatusUnauthorized, "error_401.json")
		return
	}
	if r.Header.Get("Duffel-Version") != "v2" {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"errors":[{"type":"invalid_request_error","code":"unsupported_version","title":"Unsupported version","message":"The Duffel-Version header is missing or not supported"}],"meta":{"status":400,"request_id":"duffeltest"}}`)
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/air/offer_requests":
		s.offerRequest(w, r, body)
	case r.Method == http.MethodGet && r.URL.Path == "/places/suggestions":
		name, ok := Places[strings.ToLower(r.URL.Query().Get("name"))]
		if !ok {
			name = "places_empty.json"
		}
		s.fixtures.Write(w, http.StatusOK, name)
	default:
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"errors":[{"type":"invalid_request_error","code":"not_found","title":"Not found","message":"The resource you are trying to access does not exist"}],"meta":{"status":404,"request_id":"duffeltest"}}`)
	}
}

func (s *Server) offerRequest(w http.ResponseWriter, r *http.Request, body string) {
	var req struct {
		Data struct {
			Slices []struct {
				Origin        string `json:"origin"`
				Destination   string `json:"destination"`
				DepartureDate string `json:"departure_date"`
			} `json:"slices"`
			Passengers []map[string]any `json:"passengers"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &req); err != nil || len(req.Data.Slices) != 1 || len(req.Data.Passengers) == 0 ||
		r.URL.Query().Get("return_offers") != "true" {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"errors":[{"type":"api_error","code":"no_fixture","title":"duffeltest","message":"no fixture for %s %q"}]}`, r.URL.RequestURI(), body)
		return
	}
	sl := req.Data.Slices[0]
	if sl.DepartureDate < "2026-06-01" {
		s.fixtures.Write(w, http.StatusUnprocessableEntity, "error_422.json")
		return
	}
	name, ok := Searches[sl.Origin+"→"+sl.Destination+" "+sl.DepartureDate]
	if !ok {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"errors":[{"type":"api_error","code":"no_fixture","title":"duffeltest","message":"no fixture for %s→%s %s"}]}`, sl.Origin, sl.Destination, sl.DepartureDate)
		return
	}
	s.fixtures.Write(w, http.StatusCreated, name)
}
