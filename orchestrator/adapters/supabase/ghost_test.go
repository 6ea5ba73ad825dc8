package supabase

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// TestNoGhostWhenAnswerLost: the save commits but its answer is lost. The
// store settles it before answering: the client is told it is stored, and
// it is.
func TestNoGhostWhenAnswerLost(t *testing.T) {
	s, srv := openTest(t, nil)
	ctx := context.Background()
	var lost atomic.Int32
	lose := func(r *http.Request) bool {
		return strings.HasSuffix(r.URL.Path, "/rpc/tripweave_save_lean") && lost.Add(1) == 1
	}
	srv.LoseAnswer.Store(&lose)
	p := storetest.WithCatalogs(storetest.NewPlan("pl_lost_answer", time.Unix(1796000000, 0).UTC(), orchestrator.PlanComplete), "g")
	if err := s.SavePlan(ctx, p, storetest.NewRun(p.ID, 2)); err != nil {
		t.Fatalf("save whose commit happened but whose answer was lost: %v; want it acknowledged", err)
	}
	if lost.Load() != 1 {
		t.Fatal("the answer was never lost")
	}
	srv.LoseAnswer.Store(nil)
	got, err := s.Plan(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != p.ID || len(got.Trip.Cities[0].Attractions.Value) != 2 {
		t.Errorf("stored plan %+v", got)
	}
}

// TestNoGhostWhenOutcomeUnknown: the save commits, its answer is lost and
// the store stays out of reach for the call that would settle it. The save
// fails (unavailable); once the store answers again the plan that save
// stored is removed, while a later save of the same plan stays.
func TestNoGhostWhenOutcomeUnknown(t *testing.T) {
	s, srv := openTest(t, nil)
	ctx := context.Background()
	lose := func(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, "/rpc/tripweave_save_lean") }
	drop := func(r *http.Request) bool { return !strings.HasSuffix(r.URL.Path, "/rpc/tripweave_settle") }
	srv.LoseAnswer.Store(&lose)
	srv.Hook.Store(&drop)
	p := storetest.NewPlan("pl_unknown", time.Unix(1796000000, 0).UTC(), orchestrator.PlanComplete)
	err := s.SavePlan(ctx, p, nil)
	if code := orchestrator.ErrorCode(err); code != orchestrator.EUNAVAILABLE {
		t.Fatalf("save with its outcome out of reach: %v (code %s), want unavailable", err, code)
	}
	// The store holds it for now: the commit happened.
	srv.Hook.Store(nil)
	srv.LoseAnswer.Store(nil)
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := s.Plan(ctx, p.ID)
		if orchestrator.ErrorCode(err) == orchestrator.ENOTFOUND {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a plan answered as failed is still readable 10 s after the store came back: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The client tries again: that save stays.
	if err := s.SavePlan(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * postgres.SweepEvery)
	if _, err := s.Plan(ctx, p.ID); err != nil {
		t.Errorf("the plan saved again was removed: %v", err)
	}
}
