package sqlite

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestSizeCapRefusesWithUnavailable fills a store capped at 1 MiB: once full,
// SavePlan and CheckWrite fail with an EUNAVAILABLE StoreFullError, and every
// plan acknowledged before reads back.
func TestSizeCapRefusesWithUnavailable(t *testing.T) {
	ctx := context.Background()
	s := openCapped(t)
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatalf("empty store: CheckWrite: %v", err)
	}
	var saved []string
	var full error
	for i := 0; i < 100 && full == nil; i++ {
		p, r := testPlan(fmt.Sprintf("pl_%03d", i))
		p.Query = strings.Repeat("x", 60<<10) // 60 KiB a plan
		if err := s.SavePlan(ctx, p, r); err != nil {
			full = err
			break
		}
		saved = append(saved, p.ID)
	}
	var sfe *StoreFullError
	if full == nil || !errors.As(full, &sfe) || orchestrator.ErrorCode(full) != orchestrator.EUNAVAILABLE || sfe.RetryAfter() <= 0 {
		t.Fatalf("after %d plans: got %v, want an EUNAVAILABLE StoreFullError", len(saved), full)
	}
	if len(saved) < 5 {
		t.Errorf("only %d plans fitted in 1 MiB", len(saved))
	}
	if err := s.CheckWrite(ctx); orchestrator.ErrorCode(err) != orchestrator.EUNAVAILABLE {
		t.Errorf("full store: CheckWrite: %v, want EUNAVAILABLE", err)
	}
	for _, id := range saved {
		if _, err := s.PlanJSON(ctx, id); err != nil {
			t.Errorf("acknowledged plan %s: %v", id, err)
		}
	}
}

// TestFullStoreRecoversByDeleting: plans acknowledged while the store
// filled up stay readable; deleting old plans makes room, the pending ones
// are written, deleted too when the deletion selects them, and new plans
// are taken again.
func TestFullStoreRecoversByDeleting(t *testing.T) {
	ctx := context.Background()
	s := openCapped(t)
	var saved []*orchestrator.Plan
	var full error
	for i := 0; i < 100 && full == nil; i++ {
		p, r := testPlan(fmt.Sprintf("pl_%03d", i))
		p.CreatedAt = p.CreatedAt.Add(time.Duration(i) * time.Minute)
		p.Query = strings.Repeat("x", 60<<10)
		if full = s.SavePlan(ctx, p, r); full == nil {
			saved = append(saved, p)
		}
	}
	if orchestrator.ErrorCode(full) != orchestrator.EUNAVAILABLE {
		t.Fatalf("store never full: %v", full)
	}
	if s.queued() == 0 {
		t.Fatal("no acknowledged plan waits to be written in the full store")
	}
	// More plans were acknowledged than the cap holds (they wait in the
	// journal); deleting all but the last three makes room for those.
	keep := len(saved) - 3
	n, err := s.DeletePlansBefore(ctx, saved[keep].CreatedAt)
	if err != nil || n != keep {
		t.Fatalf("DeletePlansBefore = %d, %v; want %d", n, err, keep)
	}
	for i, p := range saved {
		_, err := s.PlanJSON(ctx, p.ID)
		if i < keep && orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
			t.Errorf("deleted plan %s: %v", p.ID, err)
		}
		if i >= keep && err != nil {
			t.Errorf("kept plan %s: %v", p.ID, err)
		}
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatalf("Flush after making room: %v", err)
	}
	p, r := testPlan("pl_after")
	if err := s.SavePlan(ctx, p, r); err != nil {
		t.Fatalf("a plan after making room: %v", err)
	}
}

// openCapped opens a store of its own capped at 1 MiB.
func openCapped(t *testing.T) *Store {
	t.Helper()
	s := openTest(t)
	if err := s.LimitSize(context.Background(), 1<<20); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFullIsReportedDeterministically: once a write is refused for lack of
// space, CheckWrite reports the store full even when a small write would
// still fit, every time, until space is freed.
func TestFullIsReportedDeterministically(t *testing.T) {
	ctx := context.Background()
	s := openCapped(t)
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatalf("an empty capped store: %v", err)
	}
	// Plans of 300 KB: the last refused leaves room for the probe's
	// smaller size... or not; either way the answer must not vary.
	var refused error
	for i := 0; i < 20 && refused == nil; i++ {
		p, r := testPlan(fmt.Sprintf("pl_big%02d", i))
		p.Query = strings.Repeat("y", 300<<10)
		refused = s.SavePlan(ctx, p, r)
	}
	if refused == nil {
		t.Fatal("the 1 MiB store took every plan")
	}
	_ = s.Flush(ctx)
	for i := range 5 {
		if err := s.CheckWrite(ctx); !isFull(err) {
			t.Fatalf("check %d after a refused write: %v, want full", i, err)
		}
	}
	if _, err := s.DeletePlansBefore(ctx, time.Now().Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatalf("Flush after deleting: %v", err)
	}
	if err := s.CheckWrite(ctx); err != nil {
		t.Errorf("after deleting every plan: %v, want writable", err)
	}
}
