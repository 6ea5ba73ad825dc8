package postgres

import (
	"context"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// ghostStores opens a store through a proxy the test cuts and one straight
// to the same schema, to see what the database really holds.
func ghostStores(t *testing.T) (via, direct *Store, proxy *pgtest.Proxy) {
	t.Helper()
	url, schema := pgtest.Schema(t)
	proxy, viaURL := pgtest.NewProxy(t, url)
	ctx := context.Background()
	var err error
	// One connection: the save after warm runs on the connection warm
	// prepared, so that the fault meets the batch's answer, not a prepare.
	if via, err = Open(ctx, viaURL, &Options{Schema: schema, MaxConns: 1}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { via.Close() })
	if direct, err = Open(ctx, url, &Options{Schema: schema, MaxConns: 2}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { direct.Close() })
	return via, direct, proxy
}

// warm saves a plan so that the next save finds a fresh connection in the
// pool (no ping on acquire that the fault could hit instead).
func warm(t *testing.T, s *Store, id string) {
	t.Helper()
	run := &orchestrator.Run{PlanID: id, Spans: []orchestrator.Span{{Node: "n", Kind: "geocode", Status: "ok"}}}
	if err := s.SavePlan(context.Background(), storetest.NewPlan(id, time.Now(), orchestrator.PlanComplete), run); err != nil {
		t.Fatal(err)
	}
}

func tripped(t *testing.T, c <-chan struct{}) {
	t.Helper()
	select {
	case <-c:
	default:
		t.Fatal("the fault never struck the save")
	}
}

// TestNoGhostWhenReplyLost: PostgreSQL commits a plan but the answer is
// lost (the connection is cut after the COMMIT reached the server). The
// save is settled before it answers: the client is told it is stored, and
// it is.
func TestNoGhostWhenReplyLost(t *testing.T) {
	via, direct, proxy := ghostStores(t)
	ctx := context.Background()
	warm(t, via, "p_ghost_warm000001")
	fault := proxy.CutOnReply()
	p := storetest.NewPlan("p_ghost_reply00001", time.Now(), orchestrator.PlanComplete)
	err := via.SavePlan(ctx, p, &orchestrator.Run{PlanID: p.ID, Spans: []orchestrator.Span{{Node: "n", Kind: "geocode", Status: "ok"}}})
	tripped(t, fault)
	if err != nil {
		t.Fatalf("SavePlan whose commit happened but whose answer was lost: %v; want it acknowledged", err)
	}
	if _, err := direct.Plan(ctx, p.ID); err != nil {
		t.Errorf("acknowledged plan not stored: %v", err)
	}
	if r, err := direct.Run(ctx, p.ID); err != nil || len(r.Spans) != 1 {
		t.Errorf("its trace: %+v, %v", r, err)
	}
}

// TestNoGhostWhenRequestLost: the batch never reaches the server. The save
// fails as unavailable and the plan never appears.
func TestNoGhostWhenRequestLost(t *testing.T) {
	via, direct, proxy := ghostStores(t)
	ctx := context.Background()
	warm(t, via, "p_ghost_warm000002")
	fault := proxy.CutOnRequest()
	p := storetest.NewPlan("p_ghost_req000001", time.Now(), orchestrator.PlanComplete)
	err := via.SavePlan(ctx, p, &orchestrator.Run{PlanID: p.ID, Spans: []orchestrator.Span{{Node: "n", Kind: "geocode", Status: "ok"}}})
	tripped(t, fault)
	if code := orchestrator.ErrorCode(err); code != orchestrator.EUNAVAILABLE {
		t.Fatalf("SavePlan whose request was lost: code %q (%v), want %q", code, err, orchestrator.EUNAVAILABLE)
	}
	time.Sleep(300 * time.Millisecond)
	if _, err := direct.Plan(ctx, p.ID); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		t.Errorf("plan answered as failed is readable (a ghost): %v", err)
	}
}

// TestNoGhostWhenOutageHidesTheOutcome: the commit happens, the answer is
// lost and the database stays out of reach, so nobody can tell whether the
// plan is stored: the save fails (unavailable) and, once the database is
// back, the plan it stored is removed so that the failure stays true.
func TestNoGhostWhenOutageHidesTheOutcome(t *testing.T) {
	via, direct, proxy := ghostStores(t)
	ctx := context.Background()
	warm(t, via, "p_ghost_warm000003")
	fault := proxy.OutageOnReply()
	p := storetest.NewPlan("p_ghost_doubt00001", time.Now(), orchestrator.PlanComplete)
	err := via.SavePlan(ctx, p, &orchestrator.Run{PlanID: p.ID, Spans: []orchestrator.Span{{Node: "n", Kind: "geocode", Status: "ok"}}})
	tripped(t, fault)
	if code := orchestrator.ErrorCode(err); code != orchestrator.EUNAVAILABLE {
		t.Fatalf("SavePlan with the outcome out of reach: code %q (%v), want %q", code, err, orchestrator.EUNAVAILABLE)
	}
	if _, err := direct.Plan(ctx, p.ID); err != nil {
		t.Fatalf("the commit should have happened (the fault cuts only the answer): %v", err)
	}
	proxy.Restore()
	deadline := time.Now().Add(15 * time.Second)
	for {
		_, err := direct.Plan(ctx, p.ID)
		if orchestrator.ErrorCode(err) == orchestrator.ENOTFOUND {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a plan answered as failed is still readable 15 s after the database came back: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The acknowledged plan is untouched.
	if _, err := direct.Plan(ctx, "p_ghost_warm000003"); err != nil {
		t.Errorf("acknowledged plan: %v", err)
	}
}
