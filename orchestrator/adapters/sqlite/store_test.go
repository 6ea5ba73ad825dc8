package sqlite

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

func ptr[T any](v T) *T { return &v }

// testPlan returns a plan that exercises the JSON round trip: time zones,
// pointers, maps, raw JSON with insignificant spaces, HTML-sensitive and
// non-ASCII text.
func testPlan(id string) (*orchestrator.Plan, *orchestrator.Run) {
	cst := time.FixedZone("CST", 8*3600)
	fetched := time.Date(2026, 5, 30, 9, 15, 0, 123456789, cst)
	prov := orchestrator.Provenance{Source: "open-meteo:forecast", FetchedAt: fetched, TTL: 3600,
		Attribution: &orchestrator.Attribution{Text: "Weather data by Open-Meteo.com", URL: "https://open-meteo.com/", License: "CC BY 4.0"}}
	p := &orchestrator.Plan{
		ID:        id,
		CreatedAt: time.Date(2026, 5, 30, 10, 0, 0, 42, cst),
		Query:     "成都三日游，端午节去，预算人均2000 <script>&",
		Brief: orchestrator.Brief{
			Destinations: []string{"成都"}, StartDate: "2026-06-19", EndDate: "2026-06-21", Days: 3,
			Travelers: orchestrator.Travelers{Adults: 2, Children: 1},
			Budget:    &orchestrator.Budget{Amount: 2000, Currency: "CNY", PerPerson: true},
			Interests: []string{"food", "pandas"}, Pace: "moderate", Language: "zh",
			Constraints: orchestrator.Constraints{TransportExclude: []string{"flight"}},
			Now:         "2026-05-30T10:00:00+08:00",
		},
		Status: orchestrator.PlanPartial,
		Trip: orchestrator.Trip{
			SchemaVersion: orchestrator.TripSchemaVersion,
			Cities: []orchestrator.CityData{{
				Name: "成都", Days: 3,
				Place: &orchestrator.Sourced[orchestrator.Place]{
					Value:      orchestrator.Place{Name: "成都", CountryCode: "CN", Latitude: 30.66667, Longitude: 104.06667, Timezone: "Asia/Shanghai"},
					Provenance: prov,
				},
				Weather: &orchestrator.Sourced[orchestrator.Forecast]{
					Value: orchestrator.Forecast{Days: []orchestrator.WeatherDay{{
						Date: "2026-06-19", Code: ptr(61), TempMax: ptr(29.4), TempMin: ptr(21.0000001),
						PrecipitationMM: ptr(0.1), Risks: []string{"heavy_rain"},
					}}},
					Provenance: prov,
				},
			}},
			FX: &orchestrator.Sourced[orchestrator.FXRates]{
				Value:      orchestrator.FXRates{Base: "CNY", Date: "2026-05-29", Rates: map[string]float64{"USD": 0.1389, "EUR": 0.12807, "JPY": 21.7}},
				Provenance: orchestrator.Provenance{Source: "frankfurter", FetchedAt: fetched.UTC(), TTL: 3600, CacheHit: true, Stale: true},
			},
			Sections: map[string]orchestrator.Section{
				"guide:abc":  {Kind: orchestrator.KindGuide, Payload: json.RawMessage(`{ "text" : "See <b>pandas</b> & eat hotpot" }`), Provenance: prov},
				"hotels:def": {Kind: orchestrator.KindHotels, Payload: json.RawMessage(`[1, 2.50, 3e2]`), Provenance: prov},
			},
		},
		Itinerary: &orchestrator.Itinerary{Tier: orchestrator.TierMid, Currency: "CNY", People: 2, Days: []orchestrator.Day{{Day: 1, City: "Chengdu"}}},
		Notes: []orchestrator.Note{{Subtask: "hotels:def", Kind: orchestrator.KindHotels, Level: "warning",
			Code: orchestrator.EUNAVAILABLE, Message: "no Chromium: hotel prices unavailable"}},
		Trace: orchestrator.TraceSummary{Nodes: 3, CacheHits: 1, Failed: 1, DurationMS: 812.25,
			Routes: map[string]int{"cache": 1, "mcp": 1, "none": 1}},
	}
	start := time.Date(2026, 5, 30, 10, 0, 0, 1000, cst)
	r := &orchestrator.Run{PlanID: id, Spans: []orchestrator.Span{
		{Node: "geocode:1", Kind: orchestrator.KindGeocode, Route: "cache", CacheHit: true, Attempts: 1,
			Start: start, DurationMS: 0.8, Status: "ok"},
		{Node: "weather:2", Kind: orchestrator.KindWeather, Route: "mcp", Attempts: 2,
			Start: start.Add(time.Millisecond).UTC(), DurationMS: 812.25, Status: "ok"},
		{Node: "hotels:def", Kind: orchestrator.KindHotels, Route: "none", Attempts: 0,
			Start: time.Time{}, DurationMS: 0, Status: "failed", Error: "unavailable: no Chromium"},
	}}
	return p, r
}

func openTest(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "plans.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	p, r := testPlan("p1")
	want := mustJSON(t, p)
	if err := s.SavePlan(ctx, p, r); err != nil {
		t.Fatal(err)
	}

	got, err := s.Plan(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if gotJSON := mustJSON(t, got); !bytes.Equal(gotJSON, want) {
		t.Errorf("plan JSON changed in the round trip:\ngot  %s\nwant %s", gotJSON, want)
	}
	raw, err := s.PlanJSON(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(raw, want) {
		t.Errorf("PlanJSON = %s\nwant %s", raw, want)
	}
	if !got.CreatedAt.Equal(p.CreatedAt) {
		t.Errorf("CreatedAt = %v, want %v", got.CreatedAt, p.CreatedAt)
	}

	gotRun, err := s.Run(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if g, w := mustJSON(t, gotRun), mustJSON(t, r); !bytes.Equal(g, w) {
		t.Errorf("run changed in the round trip:\ngot  %s\nwant %s", g, w)
	}
	for i := range r.Spans {
		if !gotRun.Spans[i].Start.Equal(r.Spans[i].Start) {
			t.Errorf("span %d start = %v, want %v", i, gotRun.Spans[i].Start, r.Spans[i].Start)
		}
	}

	// The indexed columns, once the plan is applied from the journal.
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	var createdAt, status, briefKey string
	if err := s.r.QueryRow(`SELECT created_at, status, brief_key FROM plans WHERE id = 'p1'`).
		Scan(&createdAt, &status, &briefKey); err != nil {
		t.Fatal(err)
	}
	if want := "2026-05-30T02:00:00.000000042Z"; createdAt != want {
		t.Errorf("created_at = %q, want %q", createdAt, want)
	}
	if status != orchestrator.PlanPartial || briefKey != orchestrator.BriefKey(&p.Brief) {
		t.Errorf("status, brief_key = %q, %q; want %q, %q", status, briefKey, orchestrator.PlanPartial, orchestrator.BriefKey(&p.Brief))
	}
}

func TestSaveReplacesPlanAndTrace(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	p, r := testPlan("p1")
	if err := s.SavePlan(ctx, p, r); err != nil {
		t.Fatal(err)
	}
	p.Status = orchestrator.PlanComplete
	r.Spans = r.Spans[:1]
	if err := s.SavePlan(ctx, p, r); err != nil {
		t.Fatal(err)
	}
	got, err := s.Plan(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != orchestrator.PlanComplete {
		t.Errorf("status = %q after replace, want %q", got.Status, orchestrator.PlanComplete)
	}
	run, err := s.Run(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Spans) != 1 {
		t.Errorf("got %d spans after replace, want 1", len(run.Spans))
	}

	// Saving without a run keeps the plan and clears the trace.
	if err := s.SavePlan(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	run, err = s.Run(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(mustJSON(t, run)); got != `{"plan_id":"p1","spans":[]}` {
		t.Errorf("run without trace = %s", got)
	}
}

func TestNotFound(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	p, r := testPlan("p1")
	if err := s.SavePlan(ctx, p, r); err != nil {
		t.Fatal(err)
	}
	_, errPlan := s.Plan(ctx, "nope")
	_, errJSON := s.PlanJSON(ctx, "nope")
	_, errRun := s.Run(ctx, "nope")
	for name, err := range map[string]error{"Plan": errPlan, "PlanJSON": errJSON, "Run": errRun} {
		var e *orchestrator.Error
		if !errors.As(err, &e) || e.Code != orchestrator.ENOTFOUND {
			t.Errorf("%s(unknown id) error = %v, want an ENOTFOUND *orchestrator.Error", name, err)
			continue
		}
		if !strings.Contains(e.Message, `"nope"`) {
			t.Errorf("%s(unknown id) message %q does not name the id", name, e.Message)
		}
	}
}

func TestSaveInvalid(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	p, r := testPlan("p1")
	noID := *p
	noID.ID = ""
	otherRun := *r
	otherRun.PlanID = "p2"
	nanRun := &orchestrator.Run{PlanID: "p1", Spans: []orchestrator.Span{{Node: "a"}, {Node: "b", DurationMS: math.NaN()}}}
	tests := []struct {
		name  string
		p     *orchestrator.Plan
		r     *orchestrator.Run
		field string
	}{
		{"nil plan", nil, nil, ""},
		{"no id", &noID, r, "id"},
		{"run of another plan", p, &otherRun, "plan_id"},
		{"NaN duration", p, nanRun, "spans[1].duration_ms"},
	}
	for _, tt := range tests {
		err := s.SavePlan(ctx, tt.p, tt.r)
		var e *orchestrator.Error
		if !errors.As(err, &e) || e.Code != orchestrator.EINVALID || e.Field != tt.field {
			t.Errorf("%s: error = %#v, want EINVALID naming field %q", tt.name, err, tt.field)
		}
	}
	var n int
	if err := s.r.QueryRow(`SELECT count(*) FROM plans`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d plans stored after invalid saves (err %v), want 0", n, err)
	}
}

func TestSaveCanceled(t *testing.T) {
	s := openTest(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, r := testPlan("p1")
	if err := s.SavePlan(ctx, p, r); !errors.Is(err, context.Canceled) {
		t.Errorf("SavePlan with a canceled context = %v, want context.Canceled", err)
	}
	if _, err := s.Plan(context.Background(), "p1"); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		t.Errorf("plan stored by a canceled save: %v", err)
	}
}

// TestConcurrentSaves saves from 8 goroutines while others read.
func TestConcurrentSaves(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	const writers, each = 8, 25
	var wg sync.WaitGroup
	errs := make(chan error, writers*each*2)
	for w := range writers {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := range each {
				p, r := testPlan(fmt.Sprintf("w%d-%d", w, i))
				if err := s.SavePlan(ctx, p, r); err != nil {
					errs <- err
				}
			}
		}()
		go func() { // a reader racing the writers
			defer wg.Done()
			for i := range each {
				_, err := s.Plan(ctx, fmt.Sprintf("w%d-%d", (w+1)%writers, i))
				if err != nil && orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	if err := s.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	var plans, spans int
	if err := s.r.QueryRow(`SELECT (SELECT count(*) FROM plans), (SELECT sum(json_array_length(spans)) FROM plans)`).Scan(&plans, &spans); err != nil {
		t.Fatal(err)
	}
	if plans != writers*each || spans != writers*each*3 {
		t.Errorf("stored %d plans and %d spans, want %d and %d", plans, spans, writers*each, writers*each*3)
	}
	for w := range writers {
		id := fmt.Sprintf("w%d-%d", w, each-1)
		got, err := s.Plan(ctx, id)
		if err != nil || got.ID != id {
			t.Errorf("Plan(%s) = %v, %v", id, got, err)
		}
	}
}

func TestReopenKeepsData(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "nested", "dir with space #1", "plans?.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	p, r := testPlan("p1")
	if err := s.SavePlan(ctx, p, r); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database file not at the path given: %v", err)
	}

	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Plan(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(mustJSON(t, got), mustJSON(t, p)) {
		t.Error("plan changed across reopen")
	}
	run, err := s.Run(ctx, "p1")
	if err != nil || len(run.Spans) != 3 {
		t.Errorf("Run after reopen = %v, %v; want 3 spans", run, err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping = %v", err)
	}
}

func TestPragmasAndSchema(t *testing.T) {
	s := openTest(t)
	var mode string
	var fk, version int
	if err := s.w.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q (%v), want wal", mode, err)
	}
	if err := s.w.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys = %d (%v), want 1", fk, err)
	}
	// Commits reach the WAL before SavePlan returns (a process crash
	// keeps them) but are not fsynced by default; SyncFull fsyncs.
	var syncMode int
	if err := s.w.QueryRow(`PRAGMA synchronous`).Scan(&syncMode); err != nil || syncMode != 1 {
		t.Errorf("synchronous = %d (%v), want 1 (NORMAL)", syncMode, err)
	}
	full, err := OpenWith(context.Background(), filepath.Join(t.TempDir(), "full.db"), &Options{SyncFull: true})
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	if err := full.w.QueryRow(`PRAGMA synchronous`).Scan(&syncMode); err != nil || syncMode != 2 {
		t.Errorf("SyncFull: synchronous = %d (%v), want 2 (FULL)", syncMode, err)
	}
	if err := s.r.QueryRow(`SELECT version FROM schema_version`).Scan(&version); err != nil || version != len(migrations) {
		t.Errorf("schema version = %d (%v), want %d", version, err, len(migrations))
	}
	// Readers cannot write.
	if _, err := s.r.Exec(`DELETE FROM plans`); err == nil {
		t.Error("a read connection could write")
	}
	// Deleting a plan deletes its trace.
	ctx := context.Background()
	p, r := testPlan("p1")
	if err := s.SavePlan(ctx, p, r); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(`DELETE FROM plans WHERE id = 'p1'`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Run(ctx, "p1"); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		t.Errorf("Run after deleting the plan = %v, want ENOTFOUND", err)
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	if err := os.WriteFile(notDir, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, bytes.Repeat([]byte("not a database, "), 512), 0o600); err != nil {
		t.Fatal(err)
	}
	newer := filepath.Join(dir, "newer.db")
	s, err := Open(ctx, newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(`UPDATE schema_version SET version = 99`); err != nil {
		t.Fatal(err)
	}
	s.Close()

	tests := []struct {
		path string
		want []string // substrings of the error
	}{
		{"", []string{"empty path"}},
		{filepath.Join(notDir, "plans.db"), []string{notDir, "create directory", "not a directory"}},
		{dir, []string{dir, "is a directory"}},
		{garbage, []string{garbage, "not a database"}},
		{newer, []string{newer, fmt.Sprintf("schema version 99 is newer than this program's %d", len(migrations))}},
	}
	for _, tt := range tests {
		s, err := Open(ctx, tt.path)
		if err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded, want an error", tt.path)
			continue
		}
		t.Logf("Open(%q): %v", tt.path, err)
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Open(%q) error %q does not contain %q", tt.path, err, w)
			}
		}
	}
}

func TestClosed(t *testing.T) {
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "plans.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(context.Background()); err == nil {
		t.Error("Ping after Close succeeded")
	}
	p, r := testPlan("p1")
	if err := s.SavePlan(context.Background(), p, r); err == nil {
		t.Error("SavePlan after Close succeeded")
	}
}

// benchPlan returns a plan and run of realistic size: 40 spans and a few kB
// of sections.
func benchPlan(id string) (*orchestrator.Plan, *orchestrator.Run) {
	p, r := testPlan(id)
	payload := json.RawMessage(`{"items":[` + strings.Repeat(`{"name":"Wenshu Monastery","lat":30.6752,"lon":104.0722},`, 30) + `{}]}`)
	for i := range 8 {
		p.Trip.Sections[fmt.Sprintf("attractions:%d", i)] = orchestrator.Section{Kind: orchestrator.KindAttractions, Payload: payload}
	}
	span := r.Spans[1]
	r.Spans = r.Spans[:0]
	for i := range 40 {
		span.Node = fmt.Sprintf("node:%d", i)
		r.Spans = append(r.Spans, span)
	}
	return p, r
}

func BenchmarkSavePlan(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	p, r := benchPlan("")
	b.SetBytes(int64(len(mustJSON(b, p))))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p.ID = fmt.Sprintf("plan-%d", i)
		r.PlanID = p.ID
		i++
		if err := s.SavePlan(ctx, p, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSavePlanConcurrent saves plans from 32 goroutines: with group
// commit (plans waiting together share a transaction and its fsync) and,
// as the same-run baseline, with one commit per plan.
func BenchmarkSavePlanConcurrent(b *testing.B) {
	for _, mode := range []struct {
		name  string
		batch int
	}{{"group-commit", maxBatch}, {"commit-per-plan", 1}} {
		b.Run(mode.name, func(b *testing.B) {
			ctx := context.Background()
			s := openTest(b)
			s.batch = mode.batch
			var n atomic.Int64
			b.SetParallelism(16) // 32 goroutines on 2 cores
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				p, r := benchPlan("")
				for pb.Next() {
					p.ID = fmt.Sprintf("plan-%d", n.Add(1))
					r.PlanID = p.ID
					if err := s.SavePlan(ctx, p, r); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

func BenchmarkPlan(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	p, r := benchPlan("p1")
	if err := s.SavePlan(ctx, p, r); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Plan(ctx, "p1"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlanJSON reads the stored bytes without decoding; compare with
// BenchmarkPlan.
func BenchmarkPlanJSON(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	p, r := benchPlan("p1")
	if err := s.SavePlan(ctx, p, r); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.PlanJSON(ctx, "p1"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLingerOnlyUnderLoad: plans saved one after another never wait for
// company, however long the writer would linger; plans saved together
// are all stored.
func TestLingerOnlyUnderLoad(t *testing.T) {
	s := openTest(t)
	s.linger = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i := range 5 {
		p, r := testPlan(fmt.Sprintf("seq-%d", i))
		if err := s.SavePlan(ctx, p, r); err != nil {
			t.Fatalf("save %d one after another: %v", i, err)
		}
	}

	s.linger = 20 * time.Millisecond
	var wg sync.WaitGroup
	for i := range 3 * maxBatch {
		wg.Go(func() {
			p, r := testPlan(fmt.Sprintf("par-%d", i))
			if err := s.SavePlan(ctx, p, r); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := count(t, s, `SELECT count(*) FROM plans`); n != 5+3*maxBatch {
		t.Errorf("stored %d plans, want %d", n, 5+3*maxBatch)
	}
}
