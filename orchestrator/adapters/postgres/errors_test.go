package postgres

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/postgres/pgtest"
	"github.com/tripweave/tripweave/orchestrator/adapters/storetest"
)

// TestOutageIsUnavailable cuts the connection to PostgreSQL under an open
// store: saving, reading, listing, owning and pinging answer EUNAVAILABLE
// (503 with Retry-After at the API), never an internal error; once the
// connection is back the store works again.
func TestOutageIsUnavailable(t *testing.T) {
	url, schema := pgtest.Schema(t)
	proxy, via := pgtest.NewProxy(t, url)
	ctx := context.Background()
	s, err := Open(ctx, via, &Options{Schema: schema, MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p := storetest.NewPlan("p_outage0000000001", time.Now(), orchestrator.PlanComplete)
	if err := s.SavePlan(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	proxy.Cut()
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	calls := map[string]error{
		"SavePlan":     s.SavePlan(cctx, storetest.NewPlan("p_outage0000000002", time.Now(), orchestrator.PlanComplete), nil),
		"Ping":         s.Ping(cctx),
		"SetPlanOwner": s.SetPlanOwner(cctx, "p_outage0000000002", "k_1"),
	}
	_, calls["Plan"] = s.Plan(cctx, p.ID)
	_, calls["ListPlans"] = s.ListPlans(cctx, orchestrator.PlanFilter{})
	for name, err := range calls {
		if code := orchestrator.ErrorCode(err); code != orchestrator.EUNAVAILABLE {
			t.Errorf("%s with the database cut off: code %q (%v), want %q", name, code, err, orchestrator.EUNAVAILABLE)
		}
	}
	proxy.Restore()
	if _, err := s.Plan(ctx, p.ID); err != nil {
		t.Errorf("Plan after the connection is back: %v", err)
	}
}

// TestRefusedTextIsInvalid: a value PostgreSQL will not store in JSONB (a
// NUL character in a place name) is the caller's error, not a 500.
func TestRefusedTextIsInvalid(t *testing.T) {
	s := openTest(t)
	p := storetest.NewPlan("p_nul0000000000001", time.Now(), orchestrator.PlanComplete)
	p.Brief.Destinations = []string{"Ky\x00oto"}
	err := s.SavePlan(context.Background(), p, nil)
	if code := orchestrator.ErrorCode(err); code != orchestrator.EINVALID || !strings.Contains(orchestrator.ErrorMessage(err), "NUL") {
		t.Errorf("SavePlan with a NUL: code %q, message %q; want %q naming NUL", code, orchestrator.ErrorMessage(err), orchestrator.EINVALID)
	}
}
