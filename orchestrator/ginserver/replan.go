package ginserver

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/replan"
)

// Replanner repairs a stored plan when something changed (see package
// replan); *pipeline.Service implements it.
type Replanner interface {
	Replan(ctx context.Context, id, newID string, req replan.Request) (*orchestrator.Plan, error)
}

// replanPlan answers POST /v1/plans/{id}/replan: {"events": [...], "now":
// RFC 3339} → 201 with the repaired plan, a new plan that replaces id
// (its Location names it). Unknown event kinds, dates outside the trip and
// places or legs the plan does not hold are 422 naming the event's field.
func (s *Server) replanPlan(c *gin.Context) {
	id := c.Param("id")
	if !planIDPattern.MatchString(id) {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id))
		return
	}
	rp, ok := s.cfg.Planner.(Replanner)
	if !ok {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "re-planning is not available on this server"))
		return
	}
	var req replan.Request
	if err := decodeJSON(c, &req); err != nil {
		writeError(c, s.log, err)
		return
	}
	newID := s.cfg.Planner.NewID()
	if err := s.claimID(c, newID); err != nil {
		writeError(c, s.log, err)
		return
	}
	plan, err := rp.Replan(c.Request.Context(), id, newID, req)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	c.Header("Location", "/v1/plans/"+plan.ID)
	c.JSON(http.StatusCreated, planBody(c, plan))
}
