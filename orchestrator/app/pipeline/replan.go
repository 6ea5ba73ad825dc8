package pipeline

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/replan"
)

// Replan repairs stored plan id for req's events at req's now (see package
// replan) and stores the result as a new plan: its own ID (newID, or a
// fresh one when empty), Replaces naming id, Changes saying what moved and
// why. The old plan stays as it was. It reuses the stored trip's catalogs,
// matrices and transport options and makes no provider call. The new plan
// is complete when the old one was, the verifier passes and every event
// could be repaired; otherwise partial, its findings saying why.
func (s *Service) Replan(ctx context.Context, id, newID string, req replan.Request) (*orchestrator.Plan, error) {
	now, err := replan.ParseNow(req.Now)
	if err != nil {
		return nil, err
	}
	if s.store == nil {
		return nil, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "no plan store is configured")
	}
	old, err := s.store.Plan(ctx, id)
	if err != nil {
		return nil, err
	}
	if old.Status == orchestrator.PlanNeedsInput {
		return nil, orchestrator.Errorf(orchestrator.ECONFLICT, "plan %s is waiting for answers; answer its questions first", id)
	}
	res, err := replan.Repair(old, req.Events, now)
	if err != nil {
		return nil, err
	}
	if newID == "" {
		newID = s.opts.NewID()
	}
	plan := &orchestrator.Plan{ID: newID, CreatedAt: s.opts.Now().UTC(), Query: old.Query, Brief: old.Brief, Trip: old.Trip,
		Itinerary: res.Itinerary, Notes: old.Notes, Trace: old.Trace, Sources: old.Sources, Replaces: old.ID, Changes: res.Changes}
	if res.Brief != nil {
		plan.Brief = *res.Brief // an extra night made the trip longer
	}
	plan.Status = orchestrator.PlanComplete
	if old.Status != orchestrator.PlanComplete || len(res.Findings) > 0 || (res.Itinerary.Report != nil && !res.Itinerary.Report.Passed) {
		plan.Status = orchestrator.PlanPartial
	}
	if ls, ok := s.store.(LeanSaver); ok {
		briefJSON, err := json.Marshal(&plan.Brief)
		if err != nil {
			return nil, err
		}
		doc, err := orchestrator.MarshalLeanPlan(plan, briefJSON)
		if err != nil {
			return nil, fmt.Errorf("encode plan: %w", err)
		}
		err = ls.SaveLeanPlan(ctx, plan, doc, nil)
		if err != nil {
			return nil, fmt.Errorf("store plan: %w", err)
		}
		return plan, nil
	}
	if err := s.store.SavePlan(ctx, plan, nil); err != nil {
		return nil, fmt.Errorf("store plan: %w", err)
	}
	return plan, nil
}
