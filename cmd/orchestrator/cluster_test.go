package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/tripweave/tripweave/knowledgebase/kbtest"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
)

// clusterChild makes the test binary the orchestrator: TestCluster
// re-executes it with this variable set and the command's arguments.
const clusterChild = "TRIPWEAVE_CLUSTER_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(clusterChild) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// providerRates are the per-second request budgets the cluster is given
// and the recorded providers check.
var providerRates = map[string]int{"open-meteo": 6, "wikivoyage": 6, "overpass": 10}

// recordedProviders answers like Open-Meteo geocoding, Wikivoyage's parse
// and Overpass for any city, from the Chengdu recordings in the providers'
// testdata (names and coordinates substituted, formats untouched), and
// counts the requests each provider receives per clock second.
type recordedProviders struct {
	geocode, parse                 map[string]any
	attractions, restaurants, beds map[string]any

	// delay, when set, is each answer's latency.
	delay time.Duration

	mu        sync.Mutex
	perSecond map[string]map[int64]int
	total     map[string]int
	seen      map[string]int // identical requests, by provider and query
}

func loadFixture(t testing.TB, path string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", path))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func newRecordedProviders(t testing.TB) (*recordedProviders, *httptest.Server) {
	p := &recordedProviders{
		geocode:     loadFixture(t, "agents/openmeteo/testdata/geocode_chengdu_en.json"),
		parse:       loadFixture(t, "agents/wikivoyage/testdata/parse_chengdu_en.json"),
		attractions: loadFixture(t, "agents/overpass/testdata/attractions_chengdu.json"),
		restaurants: loadFixture(t, "agents/overpass/testdata/restaurants_chengdu.json"),
		beds:        loadFixture(t, "agents/overpass/testdata/lodging_chengdu.json"),
		perSecond:   map[string]map[int64]int{},
		total:       map[string]int{},
		seen:        map[string]int{},
	}
	srv := httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(srv.Close)
	return p, srv
}

// offset places a city deterministically away from Chengdu (30.67,
// 104.07), so that every city has coordinates of its own.
func offset(city string) (dlat, dlon float64) {
	h := fnv.New32a()
	h.Write([]byte(city))
	v := h.Sum32()
	return float64(v%2000)/100 - 10, float64((v/2000)%4000)/100 - 20
}

// clone deep-copies a decoded fixture.
func clone(v map[string]any) map[string]any {
	b, _ := json.Marshal(v)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

// shift moves every lat/lon pair in v by (dlat, dlon).
func shift(v any, dlat, dlon float64) {
	switch x := v.(type) {
	case map[string]any:
		if lat, ok := x["lat"].(float64); ok {
			x["lat"] = lat + dlat
		}
		if lon, ok := x["lon"].(float64); ok {
			x["lon"] = lon + dlon
		}
		for _, c := range x {
			shift(c, dlat, dlon)
		}
	case []any:
		for _, c := range x {
			shift(c, dlat, dlon)
		}
	}
}

func (p *recordedProviders) count(provider string, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seen[provider+" "+r.URL.Path+" "+r.Form.Encode()]++
	sec := time.Now().Unix()
	if p.perSecond[provider] == nil {
		p.perSecond[provider] = map[int64]int{}
	}
	p.perSecond[provider][sec]++
	p.total[provider]++
}

func (p *recordedProviders) serve(w http.ResponseWriter, r *http.Request) {
	if p.delay > 0 {
		time.Sleep(p.delay)
	}
	_ = r.ParseForm()
	q := r.Form
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	var out any
	switch {
	case r.URL.Path == "/om/v1/search":
		p.count("open-meteo", r)
		name := q.Get("name")
		g := clone(p.geocode)
		res := g["results"].([]any)[0].(map[string]any)
		dlat, dlon := offset(name)
		res["name"], res["latitude"], res["longitude"] = name, res["latitude"].(float64)+dlat, res["longitude"].(float64)+dlon
		g["results"] = []any{res}
		out = g
	case strings.HasPrefix(r.URL.Path, "/om/"):
		p.count("open-meteo", r)
		w.WriteHeader(http.StatusBadRequest)
		out = map[string]any{"error": true, "reason": "Parameter 'start_date' is out of allowed range"}
	case r.URL.Path == "/wv/en/w/api.php":
		p.count("wikivoyage", r)
		if q.Get("action") != "parse" {
			out = map[string]any{"batchcomplete": true, "query": map[string]any{"pages": []any{map[string]any{"title": q.Get("titles"), "missing": true}}}}
			break
		}
		pg := clone(p.parse)
		inner := pg["parse"].(map[string]any)
		inner["title"] = q.Get("page")
		inner["wikitext"] = strings.ReplaceAll(inner["wikitext"].(string), "Chengdu", q.Get("page"))
		out = pg
	case r.URL.Path == "/op/api/interpreter":
		p.count("overpass", r)
		data := q.Get("data")
		fix := p.attractions
		switch {
		case strings.Contains(data, "hotel|hostel"):
			fix = p.beds
		case strings.Contains(data, `"amenity"`):
			fix = p.restaurants
		}
		// The query's centre is the geocoded city: shift the recording
		// there.
		var lat, lon float64
		if i := strings.Index(data, "around:"); i >= 0 {
			var radius float64
			fmt.Sscanf(data[i+len("around:"):], "%f,%f,%f", &radius, &lat, &lon)
		}
		o := clone(fix)
		shift(o["elements"], lat-30.66667, lon-104.06667)
		out = o
	case r.URL.Path == "/nm/search":
		p.count("nominatim", r)
		out = []any{}
	default:
		w.WriteHeader(http.StatusNotFound)
		out = map[string]any{"error": "no recording"}
	}
	_ = json.NewEncoder(w).Encode(out)
}

// check fails t when a provider received more requests in one clock second
// than its rate allows.
func (p *recordedProviders) check(t *testing.T) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for provider, limit := range providerRates {
		peak := 0
		for sec, n := range p.perSecond[provider] {
			peak = max(peak, n)
			if n > limit {
				t.Errorf("%s received %d requests in second %d, more than its %d", provider, n, sec, limit)
			}
		}
		t.Logf("%s: %d requests, at most %d in one second (limit %d)", provider, p.total[provider], peak, limit)
	}
}

// duplicates returns the requests sent more than once.
func (p *recordedProviders) duplicates() map[string]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]int{}
	for k, n := range p.seen {
		if n > 1 {
			out[k] = n
		}
	}
	return out
}

// proc is one orchestrator process of the cluster.
type proc struct {
	name string
	cmd  *exec.Cmd
	out  *bytes.Buffer
	done chan struct{}
}

func startProc(t *testing.T, name string, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), env...), clusterChild+"=1")
	var out bytes.Buffer
	sw := &syncWriter{w: &out}
	cmd.Stdout, cmd.Stderr = sw, sw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{name: name, cmd: cmd, out: &out, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-p.done
		}
		if t.Failed() || os.Getenv("TRIPWEAVE_TEST_LOG") != "" {
			t.Logf("--- %s output:\n%s", name, tail(out.String(), 3000))
		}
	})
	return p
}

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func waitHealthy(t *testing.T, base string, p *proc) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-p.done:
			t.Fatalf("%s exited before serving", p.name)
		default:
		}
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s not healthy after 60s", p.name)
}

func prewarmStatus(t *testing.T, base, job string) orchestrator.PrewarmStatus {
	t.Helper()
	code, body := getJSON(t, base+"/v1/prewarm/"+job)
	var st orchestrator.PrewarmStatus
	if code != http.StatusOK || json.Unmarshal(body, &st) != nil {
		t.Fatalf("GET /v1/prewarm/%s = %d %s", job, code, body)
	}
	return st
}

// TestCluster runs the production shape as real processes: two API
// replicas and two workers on the real Redis and PostgreSQL (a schema, key
// prefix and queue of their own), pre-warming 50 cities against recorded
// providers with shared per-second budgets. One worker is SIGKILLed mid-
// run; the job still completes on the other. Plans written through either
// replica are read through the other.
func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("starts four processes")
	}
	redisURL := os.Getenv("REDIS_URL")
	if redisURL == "" {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatal("REDIS_URL is not set but TRIPWEAVE_REQUIRE_INTEGRATION=1")
		}
		t.Skip("REDIS_URL is not set: the cluster shares a real Redis")
	}
	dbURL, schema := pgtest.Schema(t)
	rdb, _ := kbtest.Client(t)
	prefix := kbtest.Prefix(t, rdb, "cluster")
	queue := kbtest.Name("test_cluster")
	job := kbtest.Name("cluster_job")
	t.Cleanup(func() {
		_ = asynq.NewInspectorFromRedisClient(rdb).DeleteQueue(queue, true)
		kbtest.Delete(rdb, "asynq:{"+queue+"}:")
		kbtest.Delete(rdb, "tw:prewarm:{"+job+"}:")
	})
	provs, ps := newRecordedProviders(t)
	var rates []string
	for name, n := range providerRates {
		rates = append(rates, fmt.Sprintf("%s=%d/1s", name, n))
	}
	env := []string{
		"REDIS_URL=" + redisURL, "DATABASE_URL=" + dbURL, "TRIPWEAVE_PG_SCHEMA=" + schema,
		"TRIPWEAVE_CACHE_PREFIX=" + prefix, "TRIPWEAVE_PREWARM_QUEUE=" + queue,
		"TRIPWEAVE_PROVIDER_RATES=" + strings.Join(rates, ","),
		"OPENMETEO_GEOCODING_URL=" + ps.URL + "/om/v1/search", "OPENMETEO_FORECAST_URL=" + ps.URL + "/om/v1/forecast",
		"OPENMETEO_ARCHIVE_URL=" + ps.URL + "/om/v1/archive", "WIKIVOYAGE_EN_URL=" + ps.URL + "/wv/en/w/api.php",
		"WIKIVOYAGE_ZH_URL=" + ps.URL + "/wv/zh/w/api.php", "OVERPASS_URL=" + ps.URL + "/op/api/interpreter",
		"NOMINATIM_URL=" + ps.URL + "/nm/search", "FRANKFURTER_URL=" + ps.URL + "/fx",
		"OSRM_URL=none", "OSRM_WALKING_URL=none", "OSRM_CYCLING_URL=none", "TRIPWEAVE_BROWSER=off",
		"TRIPWEAVE_PLAN_DEADLINE=20s", "TRIPWEAVE_LOG_LEVEL=warn", "TRIPWEAVE_DB_PATH=" + filepath.Join(t.TempDir(), "unused.db"),
	}
	// Migrate once, as a deployment would before rolling replicas out.
	mig := startProc(t, "migrate", env, "migrate")
	<-mig.done
	if !mig.cmd.ProcessState.Success() {
		t.Fatalf("migrate: %s", mig.out.String())
	}
	addrA, addrB := freeAddr(t), freeAddr(t)
	apiA := startProc(t, "api-a", env, "serve", "--addr", addrA)
	apiB := startProc(t, "api-b", env, "serve", "--addr", addrB)
	w1 := startProc(t, "worker-1", env, "worker", "--concurrency", "4")
	startProc(t, "worker-2", env, "worker", "--concurrency", "4")
	baseA, baseB := "http://"+addrA, "http://"+addrB
	waitHealthy(t, baseA, apiA)
	waitHealthy(t, baseB, apiB)

	var cities []string
	for i := range 50 {
		cities = append(cities, fmt.Sprintf("Testville %02d", i))
	}
	body, _ := json.Marshal(map[string]any{"job": job, "cities": cities})
	code, resp := postJSON(t, baseA+"/v1/prewarm", string(body))
	if code != http.StatusAccepted {
		t.Fatalf("POST /v1/prewarm = %d %s", code, resp)
	}

	// Kill a worker once the job is under way.
	deadline := time.Now().Add(100 * time.Second)
	for {
		st := prewarmStatus(t, baseB, job)
		if st.Done >= st.Total/2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("job made no progress: %+v", st)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := w1.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-w1.done
	killedAt := prewarmStatus(t, baseB, job)
	t.Logf("worker-1 killed at %d/%d tasks", killedAt.Done, killedAt.Total)

	// The killed worker's tasks finish on the other one: adopted once their
	// lease stops being extended (about 17 s), or, should the killed worker
	// have held an adoption claim itself, redelivered by asynq's recoverer
	// (lease + its one-minute sweep): the wait allows for both on a loaded
	// machine.
	deadline = time.Now().Add(150 * time.Second)
	var st orchestrator.PrewarmStatus
	for {
		st = prewarmStatus(t, baseA, job)
		if st.State == "done" || time.Now().After(deadline) {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	if st.State != "done" || st.Done != st.Total || st.Failed != 0 || st.Total != 50*(len(orchestrator.StaticKinds("X", "en"))+1) {
		t.Fatalf("job after the kill: %+v, want every task done and none failed", st)
	}
	provs.check(t)
	// Every city's six tasks are spread over both workers and share its
	// coordinates and its Wikivoyage article: identical requests reach a
	// provider once (the knowledge cache's lease while a subtask is in
	// flight, and the upstream layer's shared GETs for the article three
	// kinds read). The only repeats allowed are the killed worker's
	// requests in flight (its concurrency), whose answers died with it.
	dups := map[string]int{}
	for req, n := range provs.duplicates() {
		provider, _, _ := strings.Cut(req, " ")
		dups[provider] += n - 1
		t.Logf("%dx %s", n, tail(req, 160))
	}
	for provider := range providerRates {
		if dups[provider] > 4 {
			t.Errorf("%s received %d repeated identical requests, more than the killed worker's 4 in flight", provider, dups[provider])
		}
	}
	if provs.total["open-meteo"] < 50 || provs.total["overpass"] < 50 {
		t.Errorf("providers saw %v: the cities were not fetched", provs.total)
	}

	provs.mu.Lock()
	before := fmt.Sprint(provs.total)
	provs.mu.Unlock()

	// Plans written through one replica are read through the other.
	var ids []string
	for i, base := range []string{baseA, baseB, baseA, baseB} {
		brief := fmt.Sprintf(`{"brief": {"destinations": [%q], "start_date": "2027-03-02", "days": 2, "travelers": {"adults": 1}, "language": "en"}}`, cities[i])
		code, body := postJSON(t, base+"/v1/plans", brief)
		var p struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		}
		if code >= 300 || json.Unmarshal(body, &p) != nil || p.ID == "" {
			t.Fatalf("POST /v1/plans on %s = %d %s", base, code, tail(string(body), 500))
		}
		ids = append(ids, p.ID)
	}
	for i, id := range ids {
		other := []string{baseB, baseA}[i%2]
		code, body := getJSON(t, other+"/v1/plans/"+id)
		var p struct{ ID string }
		if code != http.StatusOK || json.Unmarshal(body, &p) != nil || p.ID != id {
			t.Errorf("plan %s written on one replica: GET on the other = %d %s", id, code, tail(string(body), 300))
		}
	}
	code, list := getJSON(t, baseB+"/v1/plans?limit=10")
	var page orchestrator.PlanPage
	if code != http.StatusOK || json.Unmarshal(list, &page) != nil || len(page.Plans) != len(ids) {
		t.Errorf("GET /v1/plans on replica B = %d %s, want the %d plans", code, tail(string(list), 300), len(ids))
	}
	provs.mu.Lock()
	t.Logf("provider requests after the job: %s; after the plans: %v", before, provs.total)
	provs.mu.Unlock()
	provs.check(t)
}
