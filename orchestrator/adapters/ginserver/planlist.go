package ginserver

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
)

// listParams are the query parameters GET /v1/plans accepts.
var listParams = map[string]bool{"status": true, "created_from": true, "created_to": true, "limit": true, "cursor": true}

// listPlans answers GET /v1/plans: one page of plan summaries, newest
// first, filtered by status and creation time, with the cursor of the next
// page. Unknown parameters and malformed values are 400s naming them.
func (s *Server) listPlans(c *gin.Context) {
	f, err := planFilter(c.Request.URL.Query())
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	page, err := s.cfg.Store.ListPlans(c.Request.Context(), f)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	c.JSON(http.StatusOK, page)
}

// planFilter reads GET /v1/plans's query.
func planFilter(q map[string][]string) (orchestrator.PlanFilter, error) {
	var f orchestrator.PlanFilter
	for name, vs := range q {
		if !listParams[name] {
			return f, orchestrator.FieldErrorf(name, "unknown query parameter; use status, created_from, created_to, limit or cursor")
		}
		if len(vs) != 1 {
			return f, orchestrator.FieldErrorf(name, "given %d times, want once", len(vs))
		}
	}
	get := func(name string) string {
		if vs := q[name]; len(vs) > 0 {
			return strings.TrimSpace(vs[0])
		}
		return ""
	}
	f.Status = get("status")
	f.Cursor = get("cursor")
	if v := get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return f, orchestrator.FieldErrorf("limit", "%q is not a number from 1 to %d", v, orchestrator.MaxListLimit)
		}
		f.Limit = n
	}
	for _, p := range []struct {
		name string
		dst  *time.Time
	}{{"created_from", &f.CreatedFrom}, {"created_to", &f.CreatedTo}} {
		v := get(p.name)
		if v == "" {
			continue
		}
		t, err := parseInstant(v)
		if err != nil {
			return f, orchestrator.FieldErrorf(p.name, "%q is not an RFC 3339 time (2026-12-01T08:00:00Z) or a date (2026-12-01, UTC)", v)
		}
		*p.dst = t
	}
	return f, nil
}

// parseInstant reads an RFC 3339 time or a date, taken as its midnight UTC.
func parseInstant(v string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		return t, nil
	}
	return time.Parse(time.DateOnly, v)
}

// deletePlan answers DELETE /v1/plans/{id}: 204 once the plan and its
// trace are gone, 404 when there was no such plan.
func (s *Server) deletePlan(c *gin.Context) {
	id := c.Param("id")
	if !planIDPattern.MatchString(id) {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id))
		return
	}
	if err := s.cfg.Store.DeletePlan(c.Request.Context(), id); err != nil {
		writeError(c, s.log, err)
		return
	}
	c.Status(http.StatusNoContent)
	c.Writer.WriteHeaderNow()
}
