package osrm_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/osrm"
	"github.com/tripweave/tripweave/agents/osrm/osrmtest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

var (
	kuanzhai = osrm.Point{ID: "kuanzhai", Lat: 30.6703, Lon: 104.0557}
	wuhouci  = osrm.Point{ID: "wuhouci", Lat: 30.6458, Lon: 104.0476}
	chunxi   = osrm.Point{ID: "chunxi", Lat: 30.6573, Lon: 104.0805}
	panda    = osrm.Point{ID: "panda", Lat: 30.7352, Lon: 104.1465}
)

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
	return append([]time.Duration(nil), s.d...)
}

// newClient returns a Client whose three profile servers are srv under
// different prefixes, with a fixed clock and recorded sleeps.
func newClient(t *testing.T, walking string) (*osrm.Client, *osrmtest.Server, *sleeps) {
	t.Helper()
	srv := osrmtest.NewServer(t)
	sl := &sleeps{}
	if walking == "" {
		walking = srv.URL + "/routed-foot"
	}
	now := time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)
	c, err := osrm.New(osrm.Options{
		DrivingURL: srv.URL,
		WalkingURL: walking,
		CyclingURL: srv.URL + "/routed-bike/",
		Upstream: upstream.Options{
			Sleep:  sl.sleep,
			Now:    func() time.Time { return now },
			Jitter: func(d time.Duration) time.Duration { return d },
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c, srv, sl
}

func upstreamErr(t *testing.T, err error) *orchestrator.UpstreamError {
	t.Helper()
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		t.Fatalf("error %v (%T) is not an *orchestrator.UpstreamError", err, err)
	}
	return ue
}

func TestMatrixFromOSRM(t *testing.T) {
	c, srv, _ := newClient(t, "")
	got, err := c.Matrix(context.Background(), osrm.Driving, []osrm.Point{kuanzhai, wuhouci, chunxi})
	if err != nil {
		t.Fatal(err)
	}
	want := osrm.Result{Matrix: orchestrator.TravelMatrix{
		Mode:    "driving",
		IDs:     []string{"kuanzhai", "wuhouci", "chunxi"},
		Seconds: [][]int{{0, 502, 531}, {483, 0, 516}, {430, 592, 0}}, // 501.7 → 502, 429.5 → 430
		Meters:  [][]int{{0, 3701, 3811}, {3821, 0, 4266}, {3473, 4274, 0}},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Matrix =\n%+v\nwant\n%+v", got, want)
	}
	if got.Source() != osrm.SourceTable || got.TTL() != osrm.TableTTL {
		t.Errorf("source %s ttl %v, want %s %v", got.Source(), got.TTL(), osrm.SourceTable, osrm.TableTTL)
	}
	wantReq := "/table/v1/driving/" + osrmtest.Kuanzhai + ";" + osrmtest.Wuhouci + ";" + osrmtest.Chunxi + "?annotations=duration%2Cdistance"
	if reqs := srv.Requests(); len(reqs) != 1 || reqs[0] != wantReq {
		t.Errorf("requests = %v, want [%s]", reqs, wantReq)
	}
}

func TestMatrixNullCellsEstimated(t *testing.T) {
	c, _, _ := newClient(t, "")
	pts := []osrm.Point{kuanzhai, wuhouci, chunxi, panda}
	got, err := c.Matrix(context.Background(), osrm.Driving, pts)
	if err != nil {
		t.Fatal(err)
	}
	wantCells := [][2]int{{0, 3}, {1, 3}, {2, 3}, {3, 0}, {3, 1}, {3, 2}}
	if !got.Estimate || !reflect.DeepEqual(got.EstimatedCells, wantCells) || got.Fallback != "" || got.Model == nil {
		t.Fatalf("estimate %v cells %v fallback %q model %v; want estimate, cells %v, no fallback, a model",
			got.Estimate, got.EstimatedCells, got.Fallback, got.Model, wantCells)
	}
	est := osrm.Estimate(osrm.Driving, pts)
	for _, c := range wantCells {
		i, j := c[0], c[1]
		if got.Matrix.Seconds[i][j] != est.Seconds[i][j] || got.Matrix.Meters[i][j] != est.Meters[i][j] || est.Seconds[i][j] == 0 {
			t.Errorf("cell %v = %ds %dm, want the estimate %ds %dm", c, got.Matrix.Seconds[i][j], got.Matrix.Meters[i][j], est.Seconds[i][j], est.Meters[i][j])
		}
	}
	if got.Matrix.Seconds[0][1] != 414 || got.Matrix.Meters[1][2] != 4618 {
		t.Errorf("OSRM cells = %d, %d; want 414 (414.4) and 4618 (4617.5)", got.Matrix.Seconds[0][1], got.Matrix.Meters[1][2])
	}
	if got.Source() != "osrm:table+haversine" || got.TTL() != osrm.EstimateTTL {
		t.Errorf("source %s ttl %v", got.Source(), got.TTL())
	}
}

func TestMatrixFallback(t *testing.T) {
	pts := []osrm.Point{kuanzhai, wuhouci, chunxi}
	tests := []struct {
		name         string
		profile      string
		walking      string
		status       int
		fixture      string
		body         string
		header       []string
		wantReason   string
		wantRequests int
	}{
		{name: "429 retried then estimate", profile: osrm.Driving, status: 429, fixture: "too_many_requests.json", header: []string{"Retry-After", "1"},
			wantReason: "OSRM rate_limited: Too Many Requests", wantRequests: 3},
		{name: "TooBig", profile: osrm.Driving, status: 400, fixture: "too_big.json", wantReason: "OSRM invalid_argument: TooBig: Too many table coordinates", wantRequests: 1},
		{name: "NoTable in a 200", profile: osrm.Driving, status: 200, fixture: "no_table.json", wantReason: "OSRM not_found: NoTable", wantRequests: 1},
		{name: "server down", profile: osrm.Cycling, status: 502, body: "<html>Bad Gateway</html>", wantReason: "OSRM unavailable: HTTP 502", wantRequests: 3},
		{name: "garbage", profile: osrm.Driving, status: 200, body: `{"code":"Ok","durations":[[0,1]]}`, wantReason: "OSRM bad_response: durations has 1 rows, want 3", wantRequests: 1},
		{name: "walking disabled", profile: osrm.Walking, walking: osrm.Disabled, wantReason: "OSRM unavailable: no OSRM server for the walking profile", wantRequests: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, srv, _ := newClient(t, tt.walking)
			switch {
			case tt.fixture != "":
				srv.FailWith(t, tt.status, tt.fixture, tt.header...)
			case tt.status != 0:
				srv.Fail(tt.status, tt.body, tt.header...)
			}
			got, err := c.Matrix(context.Background(), tt.profile, pts)
			if err != nil {
				t.Fatal(err)
			}
			want := osrm.Estimate(tt.profile, pts)
			if !reflect.DeepEqual(got.Matrix, want) || !got.Estimate || got.EstimatedCells != nil || got.Source() != osrm.SourceHaversine {
				t.Errorf("got %+v, want the whole estimate %+v", got, want)
			}
			if !strings.HasPrefix(got.Fallback, tt.wantReason) {
				t.Errorf("Fallback = %q, want prefix %q", got.Fallback, tt.wantReason)
			}
			if m := osrm.Estimates[tt.profile]; got.Model == nil || *got.Model != m {
				t.Errorf("Model = %v, want %v", got.Model, m)
			}
			if n := len(srv.Requests()); n != tt.wantRequests {
				t.Errorf("requests = %d, want %d", n, tt.wantRequests)
			}
		})
	}
}

func TestProfilesUseTheirServer(t *testing.T) {
	c, srv, _ := newClient(t, "")
	for _, p := range []string{osrm.Walking, osrm.Cycling} {
		if _, err := c.Matrix(context.Background(), p, []osrm.Point{kuanzhai, wuhouci, chunxi}); err != nil {
			t.Fatal(err)
		}
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || !strings.HasPrefix(reqs[0], "/routed-foot/table/v1/driving/") || !strings.HasPrefix(reqs[1], "/routed-bike/table/v1/driving/") {
		t.Errorf("requests = %v, want routed-foot then routed-bike", reqs)
	}
}

func TestOneRequestPerSecond(t *testing.T) {
	c, _, sl := newClient(t, "")
	pts := []osrm.Point{kuanzhai, wuhouci, chunxi}
	for range 3 {
		if _, err := c.Matrix(context.Background(), osrm.Driving, pts); err != nil {
			t.Fatal(err)
		}
	}
	// The clock is frozen, so the second and third calls each wait out
	// their place in the 1/s bucket: 1 s, then 2 s.
	if got, want := sl.got(), []time.Duration{time.Second, 2 * time.Second}; !reflect.DeepEqual(got, want) {
		t.Errorf("sleeps = %v, want %v", got, want)
	}
}

func TestMatrixInvalid(t *testing.T) {
	c, srv, _ := newClient(t, "")
	many := make([]osrm.Point, 101)
	for i := range many {
		many[i] = osrm.Point{ID: fmt.Sprint(i), Lat: 30, Lon: 104}
	}
	tests := []struct {
		name    string
		profile string
		pts     []osrm.Point
	}{
		{"one point", osrm.Driving, []osrm.Point{kuanzhai}},
		{"101 points", osrm.Driving, many},
		{"duplicate id", osrm.Driving, []osrm.Point{kuanzhai, kuanzhai}},
		{"empty id", osrm.Driving, []osrm.Point{kuanzhai, {Lat: 1, Lon: 1}}},
		{"latitude", osrm.Driving, []osrm.Point{kuanzhai, {ID: "x", Lat: 91, Lon: 1}}},
		{"NaN", osrm.Driving, []osrm.Point{kuanzhai, {ID: "x", Lat: math.NaN(), Lon: 1}}},
		{"profile", "flying", []osrm.Point{kuanzhai, wuhouci}},
	}
	for _, tt := range tests {
		_, err := c.Matrix(context.Background(), tt.profile, tt.pts)
		if ue := upstreamErr(t, err); ue.Type != orchestrator.EINVALIDARG {
			t.Errorf("%s: type %s, want invalid_argument", tt.name, ue.Type)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("requests = %d, want 0", n)
	}
}

func TestMatrixCanceled(t *testing.T) {
	c, _, _ := newClient(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Matrix(ctx, osrm.Driving, []osrm.Point{kuanzhai, wuhouci, chunxi}); err == nil {
		t.Error("Matrix with a canceled context succeeded; want an error, not an estimate")
	}
}

func TestEstimate(t *testing.T) {
	// One degree of latitude is 111.195 km on the mean sphere.
	pts := []osrm.Point{{ID: "a", Lat: 30, Lon: 104}, {ID: "b", Lat: 31, Lon: 104}}
	tests := []struct {
		profile      string
		meters, secs int
	}{
		{osrm.Driving, 144554, 17346},  // ×1.3 at 30 km/h
		{osrm.Walking, 138994, 104245}, // ×1.25 at 4.8 km/h
	}
	for _, tt := range tests {
		got := osrm.Estimate(tt.profile, pts)
		want := orchestrator.TravelMatrix{Mode: tt.profile, IDs: []string{"a", "b"},
			Seconds: [][]int{{0, tt.secs}, {tt.secs, 0}}, Meters: [][]int{{0, tt.meters}, {tt.meters, 0}}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Estimate(%s) = %+v, want %+v", tt.profile, got, want)
		}
	}
}

func TestMapError(t *testing.T) {
	tests := []struct {
		status    int
		body      string
		wantType  string
		retryable bool
	}{
		{400, `{"code":"InvalidQuery","message":"Query string malformed close to position 36"}`, orchestrator.EINVALIDARG, false},
		{400, `{"code":"TooBig","message":"Too many table coordinates"}`, orchestrator.EINVALIDARG, false},
		{400, `{"code":"NoSegment","message":"Could not find a matching segment for coordinate 1"}`, orchestrator.ENOTFOUND, false},
		{400, `{"code":"DisabledDataset","message":""}`, orchestrator.EUNAVAILABLE, false},
		{429, `{"message":"Too Many Requests"}`, orchestrator.ERATELIMITED, true},
	}
	for _, tt := range tests {
		got := osrm.MapError(tt.status, nil, []byte(tt.body))
		if got == nil || got.Type != tt.wantType || got.Retryable != tt.retryable {
			t.Errorf("MapError(%d, %s) = %+v, want %s retryable %v", tt.status, tt.body, got, tt.wantType, tt.retryable)
		}
	}
	if got := osrm.MapError(502, nil, []byte("<html>")); got != nil {
		t.Errorf("MapError(html) = %+v, want nil (default mapping)", got)
	}
}

func TestParseTableGarbage(t *testing.T) {
	for _, body := range []string{
		``, `[]`, `{}`, `{"code":"Ok"}`, `{"code":"Ok","durations":[[0,1],[1]]}`, `{"code":"Ok","durations":[[0,-1],[1,0]]}`,
		`{"code":"Ok","durations":[[0,1],[1,0]],"distances":[[0,1]]}`, `{"code":"Ok","durations":[[0,"1"],[1,0]]}`,
		`{"code":"Ok","durations":{"a":1}}`,
	} {
		_, err := osrm.ParseTable([]byte(body), 2)
		if ue := upstreamErr(t, err); ue.Type != orchestrator.EBADRESPONSE {
			t.Errorf("ParseTable(%q) type = %s, want bad_response", body, ue.Type)
		}
	}
}

func TestNewRejectsBadURL(t *testing.T) {
	if _, err := osrm.New(osrm.Options{DrivingURL: "router.project-osrm.org"}); err == nil {
		t.Error("New accepted a URL without a scheme")
	}
}

func BenchmarkParseTable(b *testing.B) {
	for _, n := range []int{4, 100} {
		body := osrmtest.Fixture(b, "table_null.json")
		if n == 100 {
			body = syntheticTable(n)
		}
		b.Run(fmt.Sprintf("points=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if _, err := osrm.ParseTable(body, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEstimate100(b *testing.B) {
	pts := make([]osrm.Point, 100)
	for i := range pts {
		pts[i] = osrm.Point{ID: fmt.Sprint(i), Lat: 30.6 + float64(i)*0.001, Lon: 104.0 + float64(i%10)*0.002}
	}
	b.ReportAllocs()
	for b.Loop() {
		osrm.Estimate(osrm.Driving, pts)
	}
}

// syntheticTable is an n×n answer shaped like table_chengdu.json.
func syntheticTable(n int) []byte {
	var sb strings.Builder
	row := func(scale float64) {
		sb.WriteByte('[')
		for i := range n {
			for j := range n {
				if j > 0 {
					sb.WriteByte(',')
				}
				fmt.Fprintf(&sb, "%.1f", float64((i*7+j*13)%997)*scale)
			}
			if i < n-1 {
				sb.WriteString("],[")
			}
		}
		sb.WriteByte(']')
	}
	sb.WriteString(`{"code":"Ok","durations":[`)
	row(1.7)
	sb.WriteString(`],"distances":[`)
	row(12.3)
	sb.WriteString(`],"sources":[`)
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"hint":"PAMAgEAAAAAAAAAAAAAAAAAAAAAKAAAAHgAAAAAAAAAAAAAAFQAAAB4AAAAAAAAAAAAAAAoAAAA=","location":[104.%06d,30.%06d],"name":"街道","distance":4.2}`, i, i)
	}
	sb.WriteString(`]}`)
	return []byte(sb.String())
}

// TestRoadLegsBatched asks for six road legs (two-point driving matrices)
// at once, as a request naming a region does: they go out as at most three
// table requests instead of six (the public servers take one a second):
// the first leg's, then those asked meanwhile — all of them unless a
// goroutine starts after the second batch left, whose legs go in a third.
// Each leg's matrix is the one it gets when asked on its own.
func TestRoadLegsBatched(t *testing.T) {
	pt := func(id, coords string) osrm.Point {
		lon, lat, _ := strings.Cut(coords, ",")
		var p osrm.Point
		p.ID = id
		fmt.Sscan(lon, &p.Lon)
		fmt.Sscan(lat, &p.Lat)
		return p
	}
	legs := [][]osrm.Point{
		{pt("from", osrmtest.Chengdu), pt("to", osrmtest.Dujiangyan)},
		{pt("from", osrmtest.Chengdu), pt("to", osrmtest.Chongqing)},
		{pt("from", osrmtest.Chengdu), pt("to", osrmtest.Xian)},
		{pt("from", osrmtest.Shanghai), pt("to", osrmtest.Beijing)},
		{pt("from", osrmtest.Shanghai), pt("to", osrmtest.Tokyo)},
		{pt("from", osrmtest.Shanghai), pt("to", osrmtest.Taipei)},
	}
	// Each leg on its own, one after another.
	alone, _, _ := newClient(t, "")
	want := make([]osrm.Result, len(legs))
	for i, leg := range legs {
		r, err := alone.Matrix(context.Background(), osrm.Driving, leg)
		if err != nil || r.Fallback != "" {
			t.Fatalf("leg %d alone: %+v, %v", i, r, err)
		}
		want[i] = r
	}
	// All at once, on a client whose limiter waits (really, briefly) for
	// its next request, as the public servers' one a second makes it.
	srv := osrmtest.NewServer(t)
	now := time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)
	c, err := osrm.New(osrm.Options{DrivingURL: srv.URL, Upstream: upstream.Options{
		Sleep: func(ctx context.Context, d time.Duration) error {
			select {
			case <-time.After(200 * time.Millisecond):
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		},
		Now:    func() time.Time { return now },
		Jitter: func(d time.Duration) time.Duration { return d },
	}})
	if err != nil {
		t.Fatal(err)
	}
	got := make([]osrm.Result, len(legs))
	var wg sync.WaitGroup
	for i, leg := range legs {
		wg.Go(func() {
			r, err := c.Matrix(context.Background(), osrm.Driving, leg)
			if err != nil {
				t.Errorf("leg %d: %v", i, err)
			}
			got[i] = r
		})
	}
	wg.Wait()
	for i := range legs {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("leg %d batched = %+v, want %+v (asked alone)", i, got[i], want[i])
		}
	}
	if reqs := srv.Requests(); len(reqs) > 3 {
		t.Errorf("%d table requests for %d legs, want at most 3: %v", len(reqs), len(legs), reqs)
	}
	// A leg asked on its own still sends its two points alone.
	if _, err := c.Matrix(context.Background(), osrm.Driving, legs[0]); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if last := reqs[len(reqs)-1]; !strings.Contains(last, "/"+osrmtest.Chengdu+";"+osrmtest.Dujiangyan+"?") {
		t.Errorf("a lone leg asked %s, want its two points", last)
	}
}

// TestRoadLegsBatchedBadPoint asks three legs at once, one of which ends at
// a point OSRM cannot place, while an earlier leg holds the server: the
// three go out as one batch, which OSRM refuses; they are asked again leg by
// leg, so only the bad point's leg falls back to the estimate.
func TestRoadLegsBatchedBadPoint(t *testing.T) {
	pt := func(id, coords string) osrm.Point {
		lon, lat, _ := strings.Cut(coords, ",")
		var p osrm.Point
		p.ID = id
		fmt.Sscan(lon, &p.Lon)
		fmt.Sscan(lat, &p.Lat)
		return p
	}
	legs := [][]osrm.Point{
		{pt("from", osrmtest.Chengdu), pt("to", osrmtest.Chongqing)},
		{pt("from", osrmtest.Shanghai), pt("to", osrmtest.Beijing)},
		{pt("from", osrmtest.Chengdu), pt("to", osrmtest.Xian)},
	}
	srv := osrmtest.NewServer(t)
	srv.Unplaceable(osrmtest.Xian)
	now := time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)
	c, err := osrm.New(osrm.Options{DrivingURL: srv.URL, Upstream: upstream.Options{
		Sleep: func(ctx context.Context, d time.Duration) error {
			select {
			case <-time.After(300 * time.Millisecond):
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		},
		Now:    func() time.Time { return now },
		Jitter: func(d time.Duration) time.Duration { return d },
	}})
	if err != nil {
		t.Fatal(err)
	}
	// The first request goes at once; the second waits 300 ms for the
	// limiter, holding the server while the three legs queue.
	dujiangyan := []osrm.Point{pt("from", osrmtest.Chengdu), pt("to", osrmtest.Dujiangyan)}
	if _, err := c.Matrix(context.Background(), osrm.Driving, dujiangyan); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Go(func() { _, _ = c.Matrix(context.Background(), osrm.Driving, dujiangyan) })
	time.Sleep(50 * time.Millisecond)
	got := make([]osrm.Result, len(legs))
	for i, leg := range legs {
		wg.Go(func() {
			r, err := c.Matrix(context.Background(), osrm.Driving, leg)
			if err != nil {
				t.Errorf("leg %d: %v", i, err)
			}
			got[i] = r
		})
	}
	wg.Wait()
	batched := false
	for _, r := range srv.Requests() {
		batched = batched || strings.Count(r, ";") == 4 && strings.Contains(r, osrmtest.Xian) // five points: Chengdu once
	}
	if !batched {
		t.Errorf("the three legs were not sent as one batch: %v", srv.Requests())
	}
	for i := range 2 {
		if got[i].Fallback != "" || got[i].Estimate {
			t.Errorf("leg %d: %+v, want OSRM's answer", i, got[i])
		}
	}
	if !strings.Contains(got[2].Fallback, "NoSegment") {
		t.Errorf("leg to the unplaceable point: fallback %q, want NoSegment", got[2].Fallback)
	}
	if got[0].Matrix.Seconds[0][1] != 13561 {
		t.Errorf("Chengdu → Chongqing: %d s, want the recorded 13561", got[0].Matrix.Seconds[0][1])
	}
}
