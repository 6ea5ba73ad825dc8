package wikivoyage

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/internal/replay"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/agents/wikivoyage/wikivoyagetest"
	"github.com/tripweave/tripweave/orchestrator"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const testUA = "tripweave-test/1.0 (+https://example.org/contact)"

// sleeps records the waits the HTTP layer asks for, without waiting.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeps) got() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.d)
}

func newClient(srv *wikivoyagetest.Server, retries int) (*Client, *sleeps) {
	s := &sleeps{}
	return New(Options{
		ENURL: srv.ENURL(),
		ZHURL: srv.ZHURL(),
		Upstream: upstream.Options{
			UserAgent: testUA,
			Retries:   retries,
			Limit:     upstream.Limit{Concurrent: 3},
			Sleep:     s.sleep,
			Jitter:    func(d time.Duration) time.Duration { return d },
		},
	}), s
}

func golden(t *testing.T, name string, v any) {
	t.Helper()
	replay.GoldenJSON(t, name, v, *update)
}

// normalize replaces the test server's address in URLs for golden files.
func normalize(srv *wikivoyagetest.Server, g orchestrator.Guide) orchestrator.Guide {
	g.URL = strings.Replace(g.URL, srv.URL, "http://wikivoyage.test", 1)
	for i := range g.Articles {
		g.Articles[i].URL = strings.Replace(g.Articles[i].URL, srv.URL, "http://wikivoyage.test", 1)
	}
	return g
}

func wantUpstream(t *testing.T, err error, typ string, retryable bool) *orchestrator.UpstreamError {
	t.Helper()
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		t.Fatalf("error = %v (%T), want *orchestrator.UpstreamError", err, err)
	}
	if ue.Type != typ || ue.Retryable != retryable || ue.Provider != Provider {
		t.Errorf("error = %+v, want type %s retryable %v provider %s", ue, typ, retryable, Provider)
	}
	return ue
}

func TestGuide(t *testing.T) {
	tests := []struct {
		city, lang, golden string
		requests           []string
	}{
		{"chengdu", "en", "chengdu_en.json", []string{
			"/en/w/api.php action=parse&format=json&formatversion=2&maxlag=5&page=Chengdu&prop=wikitext|revid&redirects=1",
		}},
		{"成都", "zh", "chengdu_zh.json", []string{
			"/zh/w/api.php action=parse&format=json&formatversion=2&maxlag=5&page=成都&prop=wikitext|revid&redirects=1",
			"/zh/w/api.php action=query&explaintext=1&exsectionformat=wiki&format=json&formatversion=2&maxlag=5&prop=extracts&redirects=1&titles=成都&variant=zh-cn",
		}},
		// A Latin name on the Chinese edition goes through the English
		// article's interlanguage link.
		{"chengdu", "zh", "chengdu_zh.json", []string{
			"/zh/w/api.php action=parse&format=json&formatversion=2&maxlag=5&page=Chengdu&prop=wikitext|revid&redirects=1",
			"/en/w/api.php action=query&format=json&formatversion=2&lllang=zh&maxlag=5&prop=langlinks&redirects=1&titles=Chengdu",
			"/zh/w/api.php action=parse&format=json&formatversion=2&maxlag=5&page=成都&prop=wikitext|revid&redirects=1",
			"/zh/w/api.php action=query&explaintext=1&exsectionformat=wiki&format=json&formatversion=2&maxlag=5&prop=extracts&redirects=1&titles=成都&variant=zh-cn",
		}},
		// A huge city: its listings come from at most 4 district articles,
		// read in the order the Districts section lists them.
		{"beijing", "en", "beijing_en.json", []string{
			"/en/w/api.php action=parse&format=json&formatversion=2&maxlag=5&page=Beijing&prop=wikitext|revid&redirects=1",
			"/en/w/api.php action=parse&format=json&formatversion=2&maxlag=5&page=Beijing/Dongcheng&prop=wikitext|revid&redirects=1",
			"/en/w/api.php action=parse&format=json&formatversion=2&maxlag=5&page=Beijing/Xicheng&prop=wikitext|revid&redirects=1",
			"/en/w/api.php action=parse&format=json&formatversion=2&maxlag=5&page=Beijing/Chaoyang&prop=wikitext|revid&redirects=1",
			"/en/w/api.php action=parse&format=json&formatversion=2&maxlag=5&page=Beijing/Haidian&prop=wikitext|revid&redirects=1",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.city+"_"+tt.lang, func(t *testing.T) {
			srv := wikivoyagetest.NewServer(t)
			c, _ := newClient(srv, -1)
			g, err := c.Guide(context.Background(), tt.city, tt.lang, nil)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tt.golden, normalize(srv, g))
			if got := srv.Requests(); !slices.Equal(got, tt.requests) {
				t.Errorf("requests:\ngot  %q\nwant %q", got, tt.requests)
			}
			for _, ua := range srv.UserAgents() {
				if ua != testUA {
					t.Errorf("User-Agent = %q, want %q", ua, testUA)
				}
			}
		})
	}
}

func TestGuideContent(t *testing.T) {
	srv := wikivoyagetest.NewServer(t)
	c, _ := newClient(srv, -1)
	g, err := c.Guide(context.Background(), "chengdu", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Language != "en" || g.Title != "Chengdu" || g.URL != srv.URL+"/en/wiki/Chengdu" || g.Location == nil || g.Location.Lat != 30.6586 {
		t.Errorf("guide = %s %s %s %v", g.Title, g.Language, g.URL, g.Location)
	}
	var names []string
	for _, s := range g.Sections {
		names = append(names, s.Name)
	}
	// Do, Drink and Sleep hold only listings: no prose, no section.
	if want := []string{"understand", "get in", "get around", "see", "buy", "eat", "stay safe"}; !slices.Equal(names, want) {
		t.Errorf("sections = %q, want %q", names, want)
	}
	for _, s := range g.Sections {
		if strings.ContainsAny(s.Text, "{}[]|") || strings.Contains(s.Text, "''") || strings.Contains(s.Text, "<") {
			t.Errorf("section %s keeps markup: %q", s.Name, s.Text)
		}
	}
	if got := g.Section("get around"); !strings.HasPrefix(got, "The metro covers") || strings.Contains(got, "prices checked") {
		t.Errorf("get around = %q", got)
	}
	if got := g.Section("see"); got != "Most sights are within the Second Ring Road." {
		t.Errorf("see = %q: listings belong in Listings, not the text", got)
	}
	types := map[string]int{}
	for _, l := range g.Listings {
		types[l.Type]++
	}
	if want := map[string]int{"go": 2, "see": 5, "do": 2, "eat": 4, "drink": 1, "sleep": 7}; fmt.Sprint(types) != fmt.Sprint(want) {
		t.Errorf("listing types = %v, want %v", types, want)
	}
}

func TestGuideNotFound(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		srv := wikivoyagetest.NewServer(t)
		c, _ := newClient(srv, -1)
		_, err := c.Guide(context.Background(), "atlantis", lang, nil)
		if ue := wantUpstream(t, err, "not_found", false); !strings.Contains(ue.Message, `"atlantis"`) {
			t.Errorf("%s: message %q does not name the city", lang, ue.Message)
		}
		// en: one title; zh: the zh title, the English interlanguage link,
		// then the English article.
		if want := map[string]int{"en": 1, "zh": 3}[lang]; len(srv.Requests()) != want {
			t.Errorf("%s: %d requests, want %d: %q", lang, len(srv.Requests()), want, srv.Requests())
		}
	}
	srv := wikivoyagetest.NewServer(t)
	c, _ := newClient(srv, -1)
	_, err := c.Guide(context.Background(), "new york city", "en", nil)
	wantUpstream(t, err, "not_found", false)
	if got := srv.Requests(); len(got) != 2 || !strings.Contains(got[0], "page=New York City&") || !strings.Contains(got[1], "page=New york city&") {
		t.Errorf("title candidates tried: %q", got)
	}
}

func TestGuideZHFallsBackToEnglish(t *testing.T) {
	srv := wikivoyagetest.NewServer(t)
	c, _ := newClient(srv, -1)
	g, err := c.Guide(context.Background(), "beijing", "zh", nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Language != "en" || g.Title != "Beijing" {
		t.Errorf("guide %s in %s, want the English Beijing", g.Title, g.Language)
	}
}

func TestGuideInvalid(t *testing.T) {
	srv := wikivoyagetest.NewServer(t)
	c, _ := newClient(srv, -1)
	for _, tt := range []struct{ city, lang string }{{"", "en"}, {"   ", "en"}, {strings.Repeat("x", 101), "en"}, {"paris", "fr"}} {
		_, err := c.Guide(context.Background(), tt.city, tt.lang, nil)
		wantUpstream(t, err, "invalid_argument", false)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests for invalid arguments", n)
	}
}

func TestGuideRetries(t *testing.T) {
	t.Run("429 Retry-After", func(t *testing.T) {
		srv := wikivoyagetest.NewServer(t)
		c, s := newClient(srv, 2)
		srv.Fail(srv.RateLimited(3))
		if _, err := c.Guide(context.Background(), "chengdu", "en", nil); err != nil {
			t.Fatal(err)
		}
		if got := s.got(); !slices.Equal(got, []time.Duration{3 * time.Second}) {
			t.Errorf("waits = %v, want [3s] from Retry-After", got)
		}
	})
	t.Run("maxlag as HTTP 200", func(t *testing.T) {
		srv := wikivoyagetest.NewServer(t)
		c, s := newClient(srv, 2)
		srv.Fail(srv.MaxLag(5))
		if _, err := c.Guide(context.Background(), "chengdu", "en", nil); err != nil {
			t.Fatal(err)
		}
		if got := s.got(); !slices.Equal(got, []time.Duration{5 * time.Second}) {
			t.Errorf("waits = %v, want [5s] from Retry-After", got)
		}
	})
	t.Run("429 too long to wait", func(t *testing.T) {
		srv := wikivoyagetest.NewServer(t)
		c, _ := newClient(srv, 2)
		srv.Fail(srv.RateLimited(120))
		_, err := c.Guide(context.Background(), "chengdu", "en", nil)
		wantUpstream(t, err, "rate_limited", true)
	})
	t.Run("maxlag retries exhausted", func(t *testing.T) {
		srv := wikivoyagetest.NewServer(t)
		c, _ := newClient(srv, -1)
		srv.Fail(srv.MaxLag(5))
		_, err := c.Guide(context.Background(), "chengdu", "en", nil)
		if ue := wantUpstream(t, err, "unavailable", false); !strings.Contains(ue.Message, "maxlag") {
			t.Errorf("message = %q", ue.Message)
		}
	})
	t.Run("maxlag without the header", func(t *testing.T) {
		srv := wikivoyagetest.NewServer(t)
		c, _ := newClient(srv, -1)
		srv.Fail(wikivoyagetest.Failure{Status: 200, Body: wikivoyagetest.Fixture(t, "maxlag.json")})
		_, err := c.Guide(context.Background(), "chengdu", "en", nil)
		wantUpstream(t, err, "unavailable", true)
	})
}

func TestGuideBadResponses(t *testing.T) {
	tests := []struct {
		name      string
		fail      wikivoyagetest.Failure
		typ       string
		retryable bool
	}{
		{"html", wikivoyagetest.Failure{Status: 200, Body: []byte("<html>oops</html>")}, "bad_response", false},
		{"empty", wikivoyagetest.Failure{Status: 200, Body: nil}, "bad_response", false},
		{"no parse", wikivoyagetest.Failure{Status: 200, Body: []byte(`{"batchcomplete":true}`)}, "bad_response", false},
		{"wikitext of the wrong type", wikivoyagetest.Failure{Status: 200, Body: []byte(`{"parse":{"title":"Chengdu","wikitext":42}}`)}, "bad_response", false},
		{"error of the wrong type", wikivoyagetest.Failure{Status: 200, Body: []byte(`{"error":"boom"}`)}, "bad_response", false},
		{"unknown error code", wikivoyagetest.Failure{Status: 200, Body: []byte(`{"error":{"code":"weird","info":"?"}}`)}, "bad_response", false},
		{"ratelimited code", wikivoyagetest.Failure{Status: 200, Body: []byte(`{"error":{"code":"ratelimited","info":"You've exceeded your rate limit."}}`)}, "rate_limited", true},
		{"500", wikivoyagetest.Failure{Status: 500, Body: []byte("Internal error")}, "unavailable", false},
		{"403 blocked UA", wikivoyagetest.Failure{Status: 403, Body: []byte("Please set a user-agent")}, "auth", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := wikivoyagetest.NewServer(t)
			c, _ := newClient(srv, -1)
			srv.Fail(tt.fail)
			_, err := c.Guide(context.Background(), "chengdu", "en", nil)
			wantUpstream(t, err, tt.typ, tt.retryable)
		})
	}
}

func TestGuideDistrictFailures(t *testing.T) {
	srv := wikivoyagetest.NewServer(t)
	c, _ := newClient(srv, -1)
	ok := wikivoyagetest.Fixture(t, "parse_beijing_en.json")
	missing := wikivoyagetest.Fixture(t, "parse_missingtitle.json")
	// The first district is missing (skipped), the second fails with a 503:
	// the guide stops reading districts and keeps what it has.
	srv.Fail(wikivoyagetest.Failure{Status: 200, Body: ok},
		wikivoyagetest.Failure{Status: 200, Body: missing, Header: http.Header{"Mediawiki-Api-Error": {"missingtitle"}}},
		wikivoyagetest.Failure{Status: 503, Body: []byte("busy")})
	g, err := c.Guide(context.Background(), "beijing", "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Articles) != 1 || len(g.Listings) != 1 || len(srv.Requests()) != 3 {
		t.Errorf("articles %v, %d listings, %d requests; want the main article alone after 3 requests", g.Articles, len(g.Listings), len(srv.Requests()))
	}

	c2 := New(Options{ENURL: srv.ENURL(), MaxDistricts: -1, Upstream: upstream.Options{UserAgent: testUA, Retries: -1}})
	before := len(srv.Requests())
	if _, err := c2.Guide(context.Background(), "beijing", "en", nil); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Requests()) - before; n != 1 {
		t.Errorf("MaxDistricts -1: %d requests, want 1", n)
	}
}

func TestGuideConcurrencyLimit(t *testing.T) {
	srv := wikivoyagetest.NewServer(t)
	srv.SetDelay(20 * time.Millisecond)
	c := New(Options{ENURL: srv.ENURL(), ZHURL: srv.ZHURL(), Upstream: upstream.Options{UserAgent: testUA, Retries: -1}})
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			_, err := c.Guide(context.Background(), "chengdu", "en", nil)
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := srv.MaxInFlight(); got > 3 || got < 2 {
		t.Errorf("max in flight = %d, want at most 3 (and some parallelism)", got)
	}
}

// TestDisambiguation uses inline responses: a disambiguation page, the
// coordinates of the articles it lists, and the one chosen.
func TestDisambiguation(t *testing.T) {
	var mu sync.Mutex
	var reqs []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		mu.Lock()
		reqs = append(reqs, q.Get("action")+" "+q.Get("page")+q.Get("titles"))
		mu.Unlock()
		switch {
		case q.Get("action") == "parse" && q.Get("page") == "Cambridge":
			fmt.Fprint(w, `{"parse":{"title":"Cambridge","pageid":1,"revid":10,"redirects":[],"wikitext":"'''Cambridge''' may refer to:\n* [[Cambridge (England)]], a university city in [[East of England]]\n* [[Cambridge (Massachusetts)]], across the river from [[Boston]]\n* [[File:x.jpg]]\n{{disamb}}"}}`)
		case q.Get("action") == "query" && q.Get("prop") == "coordinates":
			fmt.Fprint(w, `{"batchcomplete":true,"query":{"pages":[{"pageid":2,"ns":0,"title":"Cambridge (England)","coordinates":[{"lat":52.205,"lon":0.119,"primary":true,"globe":"earth"}]},{"pageid":3,"ns":0,"title":"Cambridge (Massachusetts)","coordinates":[{"lat":42.373,"lon":-71.11,"primary":true,"globe":"earth"}]}]}}`)
		case q.Get("action") == "parse" && q.Get("page") == "Cambridge (Massachusetts)":
			fmt.Fprint(w, `{"parse":{"title":"Cambridge (Massachusetts)","pageid":3,"revid":30,"redirects":[],"wikitext":"==See==\n* {{see|name=Harvard Yard}}"}}`)
		default:
			w.Header().Set("MediaWiki-API-Error", "missingtitle")
			fmt.Fprint(w, `{"error":{"code":"missingtitle","info":"The page you specified doesn't exist."}}`)
		}
	}))
	defer srv.Close()
	c := New(Options{ENURL: srv.URL + "/w/api.php", Upstream: upstream.Options{UserAgent: testUA, Retries: -1}})
	g, err := c.Guide(context.Background(), "cambridge", "en", &orchestrator.GeoPoint{Lat: 42.37, Lon: -71.1})
	if err != nil {
		t.Fatal(err)
	}
	if g.Title != "Cambridge (Massachusetts)" || len(g.Listings) != 1 || g.Listings[0].Name != "Harvard Yard" {
		t.Errorf("guide = %+v", g)
	}
	if want := []string{"parse Cambridge", "query Cambridge (England)|Cambridge (Massachusetts)", "parse Cambridge (Massachusetts)"}; !slices.Equal(reqs, want) {
		t.Errorf("requests = %q, want %q", reqs, want)
	}
	_, err = c.Guide(context.Background(), "cambridge", "en", nil)
	if ue := wantUpstream(t, err, "not_found", false); !strings.Contains(ue.Message, "cambridge") {
		t.Errorf("no point: %v", err)
	}
	_, err = c.Guide(context.Background(), "cambridge", "en", &orchestrator.GeoPoint{Lat: 30.66, Lon: 104.07})
	wantUpstream(t, err, "not_found", false)
}

func TestArticleURL(t *testing.T) {
	tests := []struct{ api, title, want string }{
		{DefaultENURL, "Chengdu", "https://en.wikivoyage.org/wiki/Chengdu"},
		{DefaultENURL, "Beijing/Dongcheng", "https://en.wikivoyage.org/wiki/Beijing/Dongcheng"},
		{DefaultENURL, "Rio de Janeiro", "https://en.wikivoyage.org/wiki/Rio_de_Janeiro"},
		{DefaultENURL, "Xi'an", "https://en.wikivoyage.org/wiki/Xi'an"},
		{DefaultZHURL, "成都", "https://zh.wikivoyage.org/wiki/%E6%88%90%E9%83%BD"},
		{"http://127.0.0.1:9/custom/api", "A?b", "http://127.0.0.1:9/wiki/A%3Fb"},
	}
	for _, tt := range tests {
		if got := ArticleURL(tt.api, tt.title); got != tt.want {
			t.Errorf("ArticleURL(%q, %q) = %q, want %q", tt.api, tt.title, got, tt.want)
		}
	}
}

func TestTitleCandidates(t *testing.T) {
	tests := []struct {
		city, lang string
		want       []string
	}{
		{"chengdu", "en", []string{"Chengdu"}},
		{"new york city", "en", []string{"New York City", "New york city"}},
		{"rio de janeiro", "en", []string{"Rio de Janeiro", "Rio de janeiro"}},
		{"stratford-upon-avon", "en", []string{"Stratford-upon-Avon", "Stratford-upon-avon"}},
		{"xi'an", "en", []string{"Xi'an"}},
		{"成都市", "zh", []string{"成都市", "成都"}},
		{"成都", "en", []string{"成都"}},
	}
	for _, tt := range tests {
		if got := titleCandidates(tt.city, tt.lang); !slices.Equal(got, tt.want) {
			t.Errorf("titleCandidates(%q, %s) = %q, want %q", tt.city, tt.lang, got, tt.want)
		}
	}
}
