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
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Dir returns the fixture directory, agents/frankfurter/testdata.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata")
}

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(), name))
	if err != nil {
		t.Fatalf("frankfurtertest: %v", err)
	}
	return b
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

	fixtures map[string][]byte
	known    map[string]bool

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
	s := &Server{fixtures: map[string][]byte{}, known: map[string]bool{"EUR": true}}
	entries, err := os.ReadDir(Dir())
	if err != nil {
		t.Fatalf("frankfurtertest: %v", err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			s.fixtures[e.Name()] = Fixture(t, e.Name())
		}
	}
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
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	if f != nil {
		for k, v := range f.header {
			w.Header()[k] = v
		}
		w.WriteHeader(f.status)
		fmt.Fprint(w, f.body)
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
		s.write(w, http.StatusUnprocessableEntity, "bad_currency_pair.json")
		return
	}
	for _, c := range append([]string{base}, syms...) {
		if !s.known[c] {
			s.write(w, http.StatusNotFound, "not_found.json")
			return
		}
	}
	if d := strings.TrimPrefix(r.URL.Path, "/v1/"); len(d) >= 10 && d[:10] < "1999-01-04" {
		s.write(w, http.StatusNotFound, "not_found.json")
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
	s.write(w, http.StatusOK, name)
}

func (s *Server) write(w http.ResponseWriter, status int, name string) {
	w.WriteHeader(status)
	w.Write(s.fixtures[name])
}
