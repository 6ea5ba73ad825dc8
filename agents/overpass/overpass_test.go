package overpass

import (
	"context"
	"errors"
	"flag"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/internal/replay"
	"github.com/tripweave/tripweave/agents/overpass/overpasstest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const testUA = "tripweave-test/1.0 (+https://example.org/contact)"

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

func newClient(srv *overpasstest.Server, retries int) (*Client, *sleeps) {
	s := &sleeps{}
	return New(Options{URL: srv.InterpreterURL(), Upstream: upstream.Options{
		UserAgent: testUA, Retries: retries, Limit: upstream.Limit{Concurrent: 2},
		Sleep: s.sleep, Jitter: func(d time.Duration) time.Duration { return d },
	}}), s
}

var chengdu = Search{City: "chengdu", Center: orchestrator.GeoPoint{Lat: overpasstest.ChengduLat, Lon: overpasstest.ChengduLon}}

func golden(t *testing.T, name string, v any) {
	t.Helper()
	replay.GoldenJSON(t, name, v, *update)
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

func TestAttractions(t *testing.T) {
	srv := overpasstest.NewServer(t)
	c, _ := newClient(srv, -1)
	for _, lang := range []string{"", "en", "zh"} {
		s := chengdu
		s.Language = lang
		got, err := c.Attractions(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "attractions_chengdu_"+cmpOr(lang, "local")+".json", got)
	}
	req := srv.Requests()[0]
	if req.Method != "POST" || req.ContentType != "application/x-www-form-urlencoded" || req.UserAgent != testUA {
		t.Errorf("request %s %s UA %q, want a POST form with the User-Agent", req.Method, req.ContentType, req.UserAgent)
	}
	for _, want := range []string{`[out:json][timeout:25];`, `(around:8000,30.660000,104.070000)`, `nwr["historic"]["name"]`,
		`nwr["leisure"="park"]["name"]`, `"^(attraction|museum|viewpoint|gallery|zoo|theme_park)$"`, `out center tags 2000;`} {
		if !strings.Contains(req.Query, want) {
			t.Errorf("query lacks %s:\n%s", want, req.Query)
		}
	}
}

func cmpOr(a, b string) string {
	if a == "" {
		return b
	}
	return a
}

func TestAttractionsRanking(t *testing.T) {
	srv := overpasstest.NewServer(t)
	c, _ := newClient(srv, -1)
	s := chengdu
	s.Language = "en"
	got, err := c.Attractions(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range got {
		names = append(names, a.Name)
	}
	// Unnamed elements are dropped; the zoo mapped as a way and a node
	// appears once (the better-tagged way); linked, famous places lead.
	if slices.Contains(names, "") || slices.Contains(names, "成都动物园") || !slices.Contains(names, "Chengdu Zoo") || names[0] != "Wenshu Monastery" {
		t.Errorf("names = %q", names)
	}
	byName := map[string]orchestrator.Attraction{}
	for _, a := range got {
		byName[a.Name] = a
	}
	if a := byName["Sichuan Museum"]; a.Indoor == nil || !*a.Indoor || a.Price == nil || a.Price.Cents != 0 || len(a.Hours) != 1 ||
		a.Address != "浣花南路251号" || a.Website != "https://www.scmuseum.cn/" || a.Category != "museum" {
		t.Errorf("museum = %+v", a)
	}
	if a := byName["Wuhou Shrine"]; a.ID != "osm:relation/3456789" || a.Price == nil || *a.Price != (orchestrator.Money{Cents: 5000, Currency: "CNY"}) || a.Location == nil {
		t.Errorf("shrine = %+v", a)
	}
	if a := byName["A4 Art Museum"]; a.Hours != nil {
		t.Errorf("unparsable hours kept: %+v", a.Hours)
	}
	s.Limit = 3
	top3, _ := c.Attractions(context.Background(), s)
	if len(top3) != 3 || top3[0].ID != got[0].ID || top3[2].ID != got[2].ID {
		t.Errorf("limit 3 = %v", top3)
	}
}

func TestRestaurants(t *testing.T) {
	srv := overpasstest.NewServer(t)
	c, _ := newClient(srv, -1)
	s := chengdu
	s.Language = "en"
	got, err := c.Restaurants(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "restaurants_chengdu_en.json", got)
	if len(got) != 6 || !slices.Equal(got[0].Cuisines, []string{"sichuan", "chinese"}) {
		t.Errorf("restaurants = %+v", got)
	}
	if q := srv.Requests()[0].Query; !strings.Contains(q, `nwr["amenity"~"^(restaurant|cafe|fast_food)$"]["name"](around:8000,30.660000,104.070000);`) {
		t.Errorf("query = %s", q)
	}
}

func TestEmpty(t *testing.T) {
	srv := overpasstest.NewServer(t)
	c, _ := newClient(srv, -1)
	s := Search{City: "nowhere", Center: orchestrator.GeoPoint{Lat: -45, Lon: 170}, RadiusM: 25000, Limit: 200}
	a, err := c.Attractions(context.Background(), s)
	if err != nil || a == nil || len(a) != 0 {
		t.Errorf("attractions = %v, %v; want an empty list", a, err)
	}
	r, err := c.Restaurants(context.Background(), s)
	if err != nil || r == nil || len(r) != 0 {
		t.Errorf("restaurants = %v, %v; want an empty list", r, err)
	}
	if q := srv.Requests()[0].Query; !strings.Contains(q, "(around:25000,-45.000000,170.000000)") {
		t.Errorf("query = %s", q)
	}
}

func TestInvalidSearch(t *testing.T) {
	srv := overpasstest.NewServer(t)
	c, _ := newClient(srv, -1)
	for _, s := range []Search{
		{City: "", Center: chengdu.Center},
		{City: "x", Center: orchestrator.GeoPoint{Lat: 91}},
		{City: "x", Center: orchestrator.GeoPoint{Lon: -181}},
		{City: "x", Center: chengdu.Center, RadiusM: 25001},
		{City: "x", Center: chengdu.Center, RadiusM: 99},
		{City: "x", Center: chengdu.Center, RadiusM: -1},
		{City: "x", Center: chengdu.Center, Limit: 201},
		{City: "x", Center: chengdu.Center, Limit: -1},
	} {
		_, err := c.Attractions(context.Background(), s)
		wantUpstream(t, err, "invalid_argument", false)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests for invalid searches", n)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name      string
		fail      func(*overpasstest.Server) overpasstest.Failure
		typ       string
		retryable bool
		msg       string
	}{
		{"remark timeout", (*overpasstest.Server).TimedOut, "timeout", true, "Query timed out"},
		{"remark out of memory", func(*overpasstest.Server) overpasstest.Failure {
			return overpasstest.Failure{Status: 200, Body: []byte(`{"version":0.6,"elements":[],"remark":"runtime error: Query run out of memory using about 2048 MB of RAM."}`)}
		}, "unavailable", false, "out of memory"},
		{"429", (*overpasstest.Server).RateLimited, "rate_limited", false, "rate_limited. Please check /api/status"},
		{"504", (*overpasstest.Server).Busy, "unavailable", false, "too busy"},
		{"400 page", func(*overpasstest.Server) overpasstest.Failure {
			return overpasstest.Failure{Status: 400, Body: []byte(`<p><strong style="color:#FF0000">Error</strong>: line 3: parse error: Unknown type &quot;nwx&quot; </p>`)}
		}, "invalid_argument", false, `Unknown type "nwx"`},
		{"html 200", func(*overpasstest.Server) overpasstest.Failure {
			return overpasstest.Failure{Status: 200, Body: []byte("<html>maintenance</html>")}
		}, "bad_response", false, "undecodable"},
		{"empty object", func(*overpasstest.Server) overpasstest.Failure {
			return overpasstest.Failure{Status: 200, Body: []byte("{}")}
		},
			"bad_response", false, "without elements"},
		{"tags of the wrong type", func(*overpasstest.Server) overpasstest.Failure {
			return overpasstest.Failure{Status: 200, Body: []byte(`{"elements":[{"type":"node","id":1,"tags":{"name":5}}]}`)}
		}, "bad_response", false, "undecodable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := overpasstest.NewServer(t)
			c, _ := newClient(srv, -1)
			srv.Fail(tt.fail(srv))
			_, err := c.Attractions(context.Background(), chengdu)
			if ue := wantUpstream(t, err, tt.typ, tt.retryable); !strings.Contains(ue.Message, tt.msg) {
				t.Errorf("message = %q, want it to contain %q", ue.Message, tt.msg)
			}
		})
	}
}

func TestRetries(t *testing.T) {
	srv := overpasstest.NewServer(t)
	c, s := newClient(srv, 2)
	srv.Fail(srv.RateLimited(), srv.Busy())
	got, err := c.Attractions(context.Background(), chengdu)
	if err != nil || len(got) == 0 {
		t.Fatalf("after a 429 and a 504: %v, %v", got, err)
	}
	if !slices.Equal(s.d, []time.Duration{2 * time.Second, 4 * time.Second}) {
		t.Errorf("backoff = %v, want [2s 4s]", s.d)
	}
	for _, r := range srv.Requests() {
		if r.Method != "POST" || !strings.Contains(r.Query, "[out:json]") {
			t.Errorf("retry sent %s %q", r.Method, r.Query)
		}
	}
}

func TestConcurrencyLimit(t *testing.T) {
	srv := overpasstest.NewServer(t)
	srv.SetDelay(20 * time.Millisecond)
	c := New(Options{URL: srv.InterpreterURL(), Upstream: upstream.Options{UserAgent: testUA, Retries: -1}})
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			if _, err := c.Restaurants(context.Background(), chengdu); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := srv.MaxInFlight(); got != 2 {
		t.Errorf("max in flight = %d, want 2 (the public instance's slots)", got)
	}
}

func TestGarbageElements(t *testing.T) {
	// Elements the ranking must survive: no id, unknown type, no location,
	// coordinates out of range.
	body := `{"version":0.6,"elements":[
		{"type":"node","id":0,"lat":30.6,"lon":104,"tags":{"name":"no id","tourism":"museum"}},
		{"type":"area","id":5,"tags":{"name":"an area","tourism":"museum"}},
		{"type":"way","id":6,"tags":{"name":"no centre","tourism":"museum"}},
		{"type":"node","id":7,"lat":95,"lon":104,"tags":{"name":"off the globe","tourism":"museum"}},
		{"type":"node","id":8,"lat":30.6,"lon":104.1,"tags":{"name":"fine","tourism":"museum"}},
		{"type":"node","id":9,"lat":30.6,"lon":104.1}]}`
	r, err := decode([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	got := Attractions(r, chengdu)
	var ids []string
	for _, a := range got {
		ids = append(ids, a.ID)
		if a.ID == "osm:way/6" && a.Location != nil || a.ID == "osm:node/7" && a.Location != nil {
			t.Errorf("%s has location %v", a.ID, a.Location)
		}
	}
	if want := []string{"osm:node/8", "osm:node/7", "osm:way/6"}; !slices.Equal(ids, want) {
		t.Errorf("ids = %q, want %q", ids, want)
	}
}

// TestAreaSearch: a bounding box replaces the circle in the query; the
// centre still ranks the results.
func TestAreaSearch(t *testing.T) {
	srv := overpasstest.NewServer(t)
	c, _ := newClient(srv, -1)
	s := chengdu
	s.BBox = &orchestrator.BBox{South: 30.6, West: 104.0, North: 30.7, East: 104.1}
	got, err := c.Attractions(context.Background(), s)
	if err != nil || len(got) == 0 {
		t.Fatalf("attractions in the box: %d, %v", len(got), err)
	}
	q := srv.Requests()[0].Query
	if !strings.Contains(q, `(30.600000,104.000000,30.700000,104.100000)`) || strings.Contains(q, "around:") {
		t.Errorf("query does not search the box:\n%s", q)
	}
	for _, bad := range []orchestrator.BBox{
		{South: 30.7, West: 104.0, North: 30.6, East: 104.1}, // south above north
		{South: 30.0, West: 104.0, North: 31.5, East: 104.1}, // 1.5° tall
		{South: 30.6, West: 104.0, North: 30.7, East: 181},
	} {
		s.BBox = &bad
		_, err := c.Attractions(context.Background(), s)
		if ue := wantUpstream(t, err, "invalid_argument", false); !strings.Contains(ue.Message, "bbox") {
			t.Errorf("%+v: %v", bad, ue)
		}
	}
}
