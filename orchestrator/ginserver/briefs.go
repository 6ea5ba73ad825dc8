package ginserver

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/pipeline"
)

// briefRequest is the body of POST /v1/briefs.
type briefRequest struct {
	Query string `json:"query"`
	Now   string `json:"now,omitempty"`
}

// briefResponse is the parse-only answer: the brief (the public contract),
// which parser produced it, and any pending questions.
type briefResponse struct {
	Brief     orchestrator.Brief `json:"brief"`
	Parser    string             `json:"parser"`
	Questions []Question         `json:"questions,omitempty"`
	Notes     []string           `json:"notes,omitempty"`
}

// parseBrief reads a request into a brief without planning it.
func (s *Server) parseBrief(c *gin.Context) {
	var req briefRequest
	if err := decodeJSON(c, &req); err != nil {
		writeError(c, s.log, err)
		return
	}
	if strings.TrimSpace(req.Query) == "" {
		writeError(c, s.log, orchestrator.FieldErrorf("query", "send the request text in query"))
		return
	}
	parsed, _, ok := s.parseQuery(c, req.Query, req.Now)
	if !ok {
		return
	}
	c.JSON(http.StatusOK, briefResponse{Brief: parsed.Brief, Parser: parsed.Parser, Questions: parsed.Questions, Notes: parsed.Notes})
}

// parseQuery runs the configured parser with the request's reference time,
// writing the error response itself when it fails.
func (s *Server) parseQuery(c *gin.Context, query, now string) (*ParsedQuery, time.Time, bool) {
	if s.cfg.Parser == nil {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "no query parser is configured; send a structured brief"))
		return nil, time.Time{}, false
	}
	ref, err := s.referenceTime(now)
	if err != nil {
		writeError(c, s.log, err)
		return nil, time.Time{}, false
	}
	parsed, err := s.cfg.Parser.ParseQuery(c.Request.Context(), query, ref)
	if err != nil {
		writeError(c, s.log, err)
		return nil, time.Time{}, false
	}
	return parsed, ref, true
}

func (s *Server) referenceTime(now string) (time.Time, error) {
	t, err := orchestrator.ReferenceTime(now, s.cfg.Now())
	if err != nil || now == "" {
		return t, err
	}
	if err := s.checkNow("now", t); err != nil {
		return time.Time{}, err
	}
	return t, nil
}

// askQuestions stores a pending plan holding the partial brief and answers
// 422 needs_input with the questions and the plan's ID.
func (s *Server) askQuestions(c *gin.Context, id, query string, parsed *ParsedQuery) {
	pending := &orchestrator.Plan{
		ID: id, CreatedAt: s.cfg.Now().UTC(), Query: query, Brief: parsed.Brief,
		Status: orchestrator.PlanNeedsInput, Questions: parsed.Questions,
		Trip:  orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion, Cities: []orchestrator.CityData{}},
		Notes: []orchestrator.Note{},
	}
	if err := s.cfg.Store.SavePlan(c.Request.Context(), pending, &orchestrator.Run{PlanID: id}); err != nil {
		writeError(c, s.log, err)
		return
	}
	c.Header("Location", "/v1/plans/"+id)
	writeError(c, s.log, &needsInput{questions: parsed.Questions, planID: id})
}

// answersRequest is the body of POST /v1/plans/{id}/answers: free text per
// question field.
type answersRequest struct {
	Answers map[string]string `json:"answers"`
	Now     string            `json:"now,omitempty"`
	Options *planOptions      `json:"options,omitempty"`
}

// answerPlan merges answers into a pending plan's brief and plans it under
// the same ID, or asks again when essentials are still missing.
func (s *Server) answerPlan(c *gin.Context) {
	ctx := c.Request.Context()
	id := c.Param("id")
	if !planIDPattern.MatchString(id) {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id))
		return
	}
	var req answersRequest
	if err := decodeJSON(c, &req); err != nil {
		writeError(c, s.log, err)
		return
	}
	if len(req.Answers) == 0 {
		writeError(c, s.log, orchestrator.FieldErrorf("answers", "give at least one answer, keyed by the question's field"))
		return
	}
	if s.cfg.Parser == nil {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "no query parser is configured"))
		return
	}
	prev, err := s.cfg.Store.Plan(ctx, id)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	if prev.Status != orchestrator.PlanNeedsInput {
		writeError(c, s.log, orchestrator.Errorf(orchestrator.ECONFLICT, "plan %s has no pending questions", id))
		return
	}
	ref, err := s.referenceTime(req.Now)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	parsed, err := s.cfg.Parser.Answer(ctx, prev.Brief, req.Answers, ref)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	if len(parsed.Questions) > 0 {
		s.askQuestions(c, id, prev.Query, parsed)
		return
	}
	b := parsed.Brief
	if err := b.Normalize(ref); err != nil {
		writeError(c, s.log, prefixField("brief", err))
		return
	}
	pr := pipeline.Request{ID: id, Brief: b, Query: prev.Query}
	if o := req.Options; o != nil && o.DeadlineMS != 0 {
		if o.DeadlineMS < 1 || o.DeadlineMS > 120000 {
			writeError(c, s.log, orchestrator.FieldErrorf("options.deadline_ms", "must be between 1 and 120000"))
			return
		}
		pr.Deadline = time.Duration(o.DeadlineMS) * time.Millisecond
	}
	plan, lean, err := s.plan(c, pr)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	s.created(c, plan, lean)
}
