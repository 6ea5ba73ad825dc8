// Package wikivoyagetest replays the recorded Wikivoyage (MediaWiki Action
// API) responses in agents/wikivoyage/testdata from an httptest server, for
// tests of the client and of the tools built on it. It reads the fixtures
// from the source tree, so it works only where the module's source is
// present.
package wikivoyagetest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/internal/replay"
)

// Dir returns the fixture directory, agents/wikivoyage/testdata.
func Dir() string { return replay.TestdataDir() }

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	return replay.ReadFixture(t, Dir(), name)
}

// Pages maps "lang|title" to the action=parse fixture the Server answers
// for that page.
var Pages = map[string]string{
	"en|Chengdu":           "parse_chengdu_en.json",
	"en|Beijing":           "parse_beijing_en.json",
	"en|Beijing/Dongcheng": "parse_beijing_dongcheng_en.json",
	"en|Beijing/Xicheng":   "parse_beijing_xicheng_en.json",
	"en|Beijing/Chaoyang":  "parse_beijing_chaoyang_en.json",
	"en|Beijing/Haidian":   "parse_beijing_haidian_en.json",
	"zh|成都":                "parse_chengdu_zh.json",
}

// Server is an httptest server answering like en.wikivoyage.org and
// zh.wikivoyage.org from the fixtures, at /en/w/api.php and /zh/w/api.php:
//
//   - action=parse: the page's fixture from Pages (MediaWiki capitalizes the
//     first letter of the title as the real API does); any other page →
//     parse_missingtitle.json, HTTP 200 with a MediaWiki-API-Error header.
//   - action=query&prop=langlinks: titles including Chengdu on en →
//     langlinks_chengdu_en.json; others → the pages marked missing.
//   - action=query&prop=extracts: 成都 on zh → extracts_chengdu_zh.json;
//     others → missing.
//
// Requests without format=json&formatversion=2 or without a User-Agent get
// a 400. Fail overrides the answers for the next requests.
type Server struct {
	*httptest.Server

	fixtures replay.Fixtures

	fails    replay.Failures
	requests replay.Recorder[request]
	gate     replay.Gate
}

// request is what the Server records of a request: path and decoded query,
// and User-Agent.
type request struct{ line, agent string }

// Failure is a scripted answer: status, body and headers.
type Failure struct {
	Status int
	Body   []byte
	Header http.Header
}

// NewServer starts a Server closed at the end of t.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{fixtures: replay.LoadFixtures(t, Dir())}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// ENURL and ZHURL are the api.php endpoints to configure a client with.
func (s *Server) ENURL() string { return s.URL + "/en/w/api.php" }
func (s *Server) ZHURL() string { return s.URL + "/zh/w/api.php" }

// Fail makes the next len(fs) requests answer fs in order.
func (s *Server) Fail(fs ...Failure) {
	for _, f := range fs {
		s.fails.Add(replay.Failure(f))
	}
}

// RateLimited is Wikimedia's 429 with Retry-After: seconds.
func (s *Server) RateLimited(seconds int) Failure {
	return Failure{Status: http.StatusTooManyRequests, Body: s.fixtures["ratelimited_429.html"],
		Header: http.Header{"Retry-After": {fmt.Sprint(seconds)}, "Content-Type": {"text/html; charset=utf-8"}}}
}

// MaxLag is MediaWiki's maxlag error: HTTP 200, Retry-After: seconds.
func (s *Server) MaxLag(seconds int) Failure {
	return Failure{Status: http.StatusOK, Body: s.fixtures["maxlag.json"],
		Header: http.Header{"Retry-After": {fmt.Sprint(seconds)}, "X-Database-Lag": {"6"}, "Mediawiki-Api-Error": {"maxlag"}}}
}

// SetDelay makes every answer wait d, to observe concurrency.
func (s *Server) SetDelay(d time.Duration) { s.gate.SetDelay(d) }

// Requests returns the path and decoded query of every request so far, as
// "/en/w/api.php action=parse&page=Chengdu&…" with sorted parameters.
func (s *Server) Requests() []string { return s.recorded(func(r request) string { return r.line }) }

// UserAgents returns the User-Agent of every request so far.
func (s *Server) UserAgents() []string { return s.recorded(func(r request) string { return r.agent }) }

func (s *Server) recorded(field func(request) string) []string {
	var out []string
	for _, r := range s.requests.All() {
		out = append(out, field(r))
	}
	return out
}

// MaxInFlight returns the most requests that were ever served at once.
func (s *Server) MaxInFlight() int { return s.gate.MaxInFlight() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	q := r.Form
	s.requests.Record(request{r.URL.Path + " " + unescape(q.Encode()), r.UserAgent()})
	fail, failing := s.fails.Next(r.URL.Path)
	leave, ok := s.gate.Enter(r.Context())
	defer leave()
	if !ok {
		return
	}
	if failing {
		if fail.Header.Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
		}
		fail.Write(w)
		return
	}
	lang := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/"), "/w/api.php")
	if lang != "en" && lang != "zh" {
		http.NotFound(w, r)
		return
	}
	if q.Get("format") != "json" || q.Get("formatversion") != "2" || r.UserAgent() == "" {
		http.Error(w, "this replay server wants format=json, formatversion=2 and a User-Agent", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	switch q.Get("action") {
	case "parse":
		if name, ok := Pages[lang+"|"+upperFirst(q.Get("page"))]; ok {
			w.Write(s.fixtures[name])
			return
		}
		w.Header().Set("MediaWiki-API-Error", "missingtitle")
		w.Write(s.fixtures["parse_missingtitle.json"])
	case "query":
		titles := strings.Split(q.Get("titles"), "|")
		switch {
		case q.Get("prop") == "langlinks" && lang == "en" && slices.Contains(titles, "Chengdu"):
			w.Write(s.fixtures["langlinks_chengdu_en.json"])
		case q.Get("prop") == "extracts" && lang == "zh" && slices.Contains(titles, "成都"):
			w.Write(s.fixtures["extracts_chengdu_zh.json"])
		default:
			w.Write(missingPages(titles))
		}
	default:
		w.Header().Set("MediaWiki-API-Error", "badvalue")
		fmt.Fprintf(w, `{"error":{"code":"badvalue","info":"Unrecognized value for parameter \"action\": %s.","docref":"See the API help."}}`, q.Get("action"))
	}
}

// missingPages is action=query's answer (formatversion=2) when none of
// titles exists.
func missingPages(titles []string) []byte {
	var b strings.Builder
	b.WriteString(`{"batchcomplete":true,"query":{"pages":[`)
	for i, t := range titles {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"ns":0,"title":%q,"missing":true}`, upperFirst(t))
	}
	b.WriteString(`]}}`)
	return []byte(b.String())
}

func upperFirst(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

func unescape(s string) string {
	if u, err := url.QueryUnescape(s); err == nil {
		return u
	}
	return s
}
