package supabase

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
	"github.com/tripweave/tripweave/orchestrator/adapters/supabase/pgrsttest"
)

const testKey = "service-role-test-key"

// openTest migrates a schema of its own in the real PostgreSQL, serves it
// over the PostgREST-compatible server and opens a store on it.
func openTest(t testing.TB, opts *Options) (*Store, *pgrsttest.Server) {
	t.Helper()
	url, schema := pgtest.Schema(t)
	if _, _, err := postgres.Migrate(context.Background(), url, &postgres.Options{Schema: schema}); err != nil {
		t.Fatal(err)
	}
	srv := pgrsttest.New(t, url, testKey, schema)
	o := Options{Schema: schema}
	if opts != nil {
		o.Timeout, o.MaxInFlight = opts.Timeout, opts.MaxInFlight
	}
	s, err := Open(context.Background(), srv.URL, testKey, &o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, srv
}

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) orchestrator.PlanStore {
		s, _ := openTest(t, nil)
		return s
	})
}

// TestRequests checks what the store sends: explicit order directions
// (supabase-go's nil options sort descending), the save as one RPC (by
// reference), the
// service key, and the schema as the profile.
func TestRequests(t *testing.T) {
	s, srv := openTest(t, nil)
	ctx := context.Background()
	p := storetest.NewPlan("pl_req", time.Unix(1796000000, 0).UTC(), orchestrator.PlanComplete)
	if err := s.SavePlan(ctx, p, storetest.NewRun(p.ID, 2)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Run(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ListPlans(ctx, orchestrator.PlanFilter{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	reqs := strings.Join(srv.Requests(), "\n")
	for _, want := range []string{
		"POST /rest/v1/rpc/tripweave_save_lean",
		"order=created_ns.desc.nullslast%2Cid.desc.nullslast",
		"limit=2",
	} {
		if !strings.Contains(reqs, want) {
			t.Errorf("requests lack %q:\n%s", want, reqs)
		}
	}
}

// TestPoisonedClient drops one connection: supabase-go's Rpc keeps the
// network error on its shared client, failing every later call; the store
// replaces the client and the next call works.
func TestPoisonedClient(t *testing.T) {
	s, srv := openTest(t, nil)
	ctx := context.Background()
	drop := func(r *http.Request) bool { return !strings.Contains(r.URL.Path, "/rpc/") }
	srv.Hook.Store(&drop)
	p := storetest.NewPlan("pl_poison", time.Unix(1796000000, 0).UTC(), orchestrator.PlanComplete)
	err := s.SavePlan(ctx, p, nil)
	if code := orchestrator.ErrorCode(err); code != orchestrator.EUNAVAILABLE {
		t.Fatalf("save over a dropped connection: %v (code %s), want unavailable", err, code)
	}
	srv.Hook.Store(nil)
	// The save and the call settling its outcome (see lean.go) each
	// failed on the network.
	if s.Rebuilt() != 2 {
		t.Errorf("client replaced %d times, want 2", s.Rebuilt())
	}
	if err := s.SavePlan(ctx, p, nil); err != nil {
		t.Fatalf("save after the failure: %v (the poisoned client was kept)", err)
	}
	if _, err := s.Plan(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
}

// TestTimeout bounds a call that supabase-go would wait on forever.
func TestTimeout(t *testing.T) {
	// The timeout also bounds Open's schema check, which a loaded two-core
	// machine may take longer than a fraction of a second to answer.
	s, srv := openTest(t, &Options{Timeout: 2 * time.Second, MaxInFlight: 2})
	release := make(chan struct{})
	slow := func(r *http.Request) bool { <-release; return true }
	srv.Hook.Store(&slow)
	defer close(release)
	start := time.Now()
	_, err := s.Plan(context.Background(), "pl_slow")
	if code := orchestrator.ErrorCode(err); code != orchestrator.EUNAVAILABLE || time.Since(start) > 10*time.Second {
		t.Fatalf("slow call: %v after %v, want unavailable after about 2s", err, time.Since(start))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Plan(ctx, "pl_slow"); err == nil {
		t.Error("cancelled context: no error")
	}
}

func TestOpenErrors(t *testing.T) {
	url, schema := pgtest.Schema(t)
	srv := pgrsttest.New(t, url, testKey, schema)
	ctx := context.Background()
	if _, err := Open(ctx, srv.URL, testKey, &Options{Schema: schema}); err == nil || !strings.Contains(err.Error(), "orchestrator migrate") {
		t.Errorf("unmigrated schema: %v, want advice to migrate", err)
	}
	if _, _, err := postgres.Migrate(ctx, url, &postgres.Options{Schema: schema}); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, srv.URL, "wrong-key", &Options{Schema: schema}); err == nil || !strings.Contains(err.Error(), "Invalid API key") {
		t.Errorf("wrong key: %v", err)
	}
	if _, err := Open(ctx, srv.URL, testKey, &Options{Schema: "public_other"}); err == nil || !strings.Contains(err.Error(), "PGRST106") {
		t.Errorf("schema not exposed: %v", err)
	}
	if _, err := Open(ctx, "ftp://x", testKey, nil); err == nil || !strings.Contains(err.Error(), "SUPABASE_URL") {
		t.Errorf("bad URL: %v", err)
	}
	if _, err := Open(ctx, srv.URL, "", nil); err == nil || !strings.Contains(err.Error(), "SUPABASE_SERVICE_KEY") {
		t.Errorf("no key: %v", err)
	}
}

// TestPlanJSONBytes: PlanJSON of a plan saved by reference is byte for
// byte json.Marshal of the plan (its values spliced in as stored, not
// decoded and encoded again), as is Plan's plan encoded.
func TestPlanJSONBytes(t *testing.T) {
	s, srv := openTest(t, nil)
	ctx := context.Background()
	p := benchPlan("pl_bytes", 40)
	p.Trip.Cities = append(p.Trip.Cities, p.Trip.Cities[0]) // the same sections twice
	if err := s.SavePlan(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(p)
	before := len(srv.Requests())
	got, err := s.PlanJSON(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("PlanJSON differs from json.Marshal:\ngot  %s\nwant %s", got, want)
	}
	if n := len(srv.Requests()) - before; n != 1 {
		t.Errorf("PlanJSON made %d requests, want 1", n)
	}
	q, err := s.Plan(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := json.Marshal(q); !bytes.Equal(again, want) {
		t.Fatalf("json.Marshal(Plan) differs from the plan saved")
	}
}

// TestReadSavedWhole: a plan saved whole (before migration 5: doc only, no
// lean) reads back whole, as JSON and lean (equal as JSON: JSONB reorders
// the keys of a section's raw payload).
func TestReadSavedWhole(t *testing.T) {
	s, _ := openTest(t, nil)
	ctx := context.Background()
	p := benchPlan("pl_whole", 3)
	full, _ := json.Marshal(p)
	conn, err := pgx.Connect(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `INSERT INTO `+pgx.Identifier{s.opts.Schema, "plans"}.Sanitize()+
		` (id, created_ns, created_at, status, brief_key, doc) VALUES ($1, $2, $3, $4, 'k', $5::jsonb)`,
		p.ID, p.CreatedAt.UnixNano(), p.CreatedAt, p.Status, string(full)); err != nil {
		t.Fatal(err)
	}
	same := func(what string, got, want []byte) {
		t.Helper()
		var g, w any
		if err := json.Unmarshal(got, &g); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		_ = json.Unmarshal(want, &w)
		if !reflect.DeepEqual(g, w) {
			t.Fatalf("%s of a plan saved whole differs:\ngot  %s\nwant %s", what, got, want)
		}
	}
	got, err := s.Plan(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := json.Marshal(got)
	same("Plan", doc, full)
	if doc, err = s.PlanJSON(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	same("PlanJSON", doc, full)
	lean, _ := json.Marshal(orchestrator.LeanPlan{Plan: p})
	if doc, _, err = s.LeanPlanJSON(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	same("LeanPlanJSON", doc, lean)
}
