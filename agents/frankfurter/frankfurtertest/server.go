// Package frankfurtertest replays the recorded Frankfurter responses in
// agents/frankfurter/testdata from an httptest server, for tests of the
// client and of the tools built on it. It reads the fixtures from the
// source tree, so it works only where the module's source is present.
package frankfurtertest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/agents/internal/replay"
)

// Dir returns the fixture directory, agents/frankfurter/testdata.
func Dir() string { return replay.TestdataDir() }

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	return replay.ReadFixture(t, Dir(), name)
}

// Routes maps "path?base=B&symbols=S" (symbols sorted, omitted when none)
// to the fixture answering it; the recorder requests exactly these.
var Routes = map[string]string{
	"/v1/latest?base=EUR":                             "latest_eur.json",
	"/v1/latest?base=CNY":                             "latest_cny.json",
	"/v1/2026-05-16?base=CNY&symbols=EUR,USD":         "weekend_cny_usd_eur.json",
	"/v1/2026-05-11..2026-05-15?base=EUR&symbols=USD": "range_eur_usd.json",
}

// Server answers like api.frankfurter.dev/v1 from the fixtures:
//
//   - a request in Routes → its fixture (base defaults to EUR, from/to are
//     aliases of base/symbols, codes are upper-cased as upstream does);
//   - symbols equal to [base] → 422 bad_currency_pair.json;
//   - a currency the ECB does not quote (not in latest_eur.json) → 404
//     not_found.json;
//   - a date before 1999-01-04 → 404 not_found.json;
//   - anything else → 500 "no fixture", so a test never passes on an
//     answer nobody recorded.
type Server struct {
	*httptest.Server

	fixtures replay.Fixtures
	known    map[string]bool

	fails    replay.Failures
	requests replay.Recorder[string]
}

// NewServer starts a Server closed at the end of t.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{fixtures: replay.LoadFixtures(t, Dir(), ".json"), known: map[string]bool{"EUR": true}}
	var latest struct {
		Rates map[string]float64 `json:"rates"`
	}
	if err := json.Unmarshal(s.fixtures["latest_eur.json"], &latest); err != nil {
		t.Fatalf("frankfurtertest: latest_eur.json: %v", err)
	}
	for k := range latest.Rates {
		s.known[k] = true
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// URL returns the API root to configure a client with.
func (s *Server) URL() string { return s.Server.URL + "/v1" }

// Fail makes every later request answer status with body and the given
// header pairs; status 0 restores normal answers.
func (s *Server) Fail(status int, body string, header ...string) {
	s.fails.Set("", 0, replay.Failure{Status: status, Body: []byte(body), Header: replay.Header(header...)})
}

// Requests returns the path and query of every request served so far.
func (s *Server) Requests() []string { return s.requests.All() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.requests.Record(r.URL.RequestURI())
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	if s.fails.Serve(w, r) {
		return
	}
	q := r.URL.Query()
	first := func(keys ...string) string {
		for _, k := range keys {
			if v := q.Get(k); v != "" {
				return strings.ToUpper(v)
			}
		}
		return ""
	}
	base := first("from", "base")
	if base == "" {
		base = "EUR"
	}
	var syms []string
	if v := first("to", "symbols"); v != "" {
		syms = strings.Split(v, ",")
	}
	if len(syms) == 1 && syms[0] == base {
		s.fixtures.Write(w, http.StatusUnprocessableEntity, "bad_currency_pair.json")
		return
	}
	for _, c := range append([]string{base}, syms...) {
		if !s.known[c] {
			s.fixtures.Write(w, http.StatusNotFound, "not_found.json")
			return
		}
	}
	if d := strings.TrimPrefix(r.URL.Path, "/v1/"); len(d) >= 10 && d[:10] < "1999-01-04" {
		s.fixtures.Write(w, http.StatusNotFound, "not_found.json")
		return
	}
	slices.Sort(syms)
	key := r.URL.Path + "?base=" + base
	if len(syms) > 0 {
		key += "&symbols=" + strings.Join(syms, ",")
	}
	name, ok := Routes[key]
	if !ok {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"message":"frankfurtertest: no fixture for %s"}`, key)
		return
	}
	s.fixtures.Write(w, http.StatusOK, name)
}
