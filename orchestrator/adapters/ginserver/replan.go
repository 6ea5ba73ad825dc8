package ginserver

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/replan"
	"github.com/tripweave/tripweave/orchestrator/app/intake"
)

// Replanner repairs a stored plan when something changed (see package
// replan); *pipeline.Service implements it.
type Replanner = intake.Replanner

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
	if _, ok := s.cfg.Planner.(Replanner); !ok {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "re-planning is not available on this server"))
		return
	}
	var req replan.Request
	form := strings.HasPrefix(c.ContentType(), "application/x-www-form-urlencoded")
	if form {
		// the itinerary page's "something changed?" form: one event, now
		// on the trip's clock unless given
		ev, now, err := s.formEvent(c, id)
		if err != nil {
			writeError(c, s.log, err)
			return
		}
		req = replan.Request{Events: []replan.Event{ev}, Now: now}
	} else if err := decodeJSON(c, &req); err != nil {
		writeError(c, s.log, err)
		return
	}
	plan, err := s.intake.Replan(c.Request.Context(), id, req)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	if form {
		// back to the page: the new version, its changes highlighted
		c.Redirect(http.StatusSeeOther, "/v1/plans/"+plan.ID+".html")
		return
	}
	c.Header("Location", "/v1/plans/"+plan.ID)
	c.JSON(http.StatusCreated, planBody(c, plan))
}

// formEvent reads the page form's fields (kind, date, place, leg,
// minutes, condition, time, now) into one event.
func (s *Server) formEvent(c *gin.Context, id string) (replan.Event, string, error) {
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, 16<<10)
	if err := c.Request.ParseForm(); err != nil {
		return replan.Event{}, "", orchestrator.FieldErrorf("form", "cannot read the form: %v", err)
	}
	f := c.Request.PostForm
	ev := replan.Event{Kind: f.Get("kind"), Date: f.Get("date"), Place: strings.TrimSpace(f.Get("place")),
		Leg: replan.LegRef(strings.TrimSpace(f.Get("leg"))), Condition: f.Get("condition"), Time: f.Get("time")}
	if m := strings.TrimSpace(f.Get("minutes")); m != "" {
		n, err := strconv.Atoi(m)
		if err != nil {
			return ev, "", orchestrator.FieldErrorf("minutes", "must be a whole number of minutes")
		}
		ev.Minutes = n
	}
	if ev.Kind == replan.Skip || ev.Kind == replan.Add {
		ev.Date = "" // the whole trip after now unless a date matters
	}
	now := f.Get("now")
	if now == "" {
		p, err := s.cfg.Store.Plan(c.Request.Context(), id)
		if err != nil {
			return ev, "", err
		}
		now = replan.LocalNow(p, s.cfg.Now()).Format(time.RFC3339)
	}
	return ev, now, nil
}
