package sqlite

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestSizeCapRefusesWithUnavailable fills a store capped at 1 MiB: once full,
// SavePlan and CheckWrite fail with an EUNAVAILABLE StoreFullError, and every
// plan acknowledged before reads back.
func TestSizeCapRefusesWithUnavailable(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "capped.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.LimitSize(ctx, 1<<20); err != nil {
		t.Fatal(err)
	}
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
