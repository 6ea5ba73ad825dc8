package ginserver

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/intake"
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
	parsed, err := s.intake.Parse(c.Request.Context(), req.Query, req.Now)
	if err != nil {
		writeError(c, s.log, err)
		return
	}
	c.JSON(http.StatusOK, briefResponse{Brief: parsed.Brief, Parser: parsed.Parser, Questions: parsed.Questions, Notes: parsed.Notes})
}

// askQuestions answers 422 needs_input with the questions of o and the ID
// of its pending plan (intake stored it).
func (s *Server) askQuestions(c *gin.Context, o *intake.Outcome) {
	c.Header("Location", "/v1/plans/"+o.Plan.ID)
	writeError(c, s.log, &needsInput{questions: o.Questions, planID: o.Plan.ID})
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
	ar := intake.Answers{PlanID: id, Answers: req.Answers, Now: req.Now}
	if o := req.Options; o != nil && o.DeadlineMS != 0 {
		ar.Deadline = intake.Deadline(o.DeadlineMS)
	}
	o, err := s.intake.Answer(c.Request.Context(), ar, nil, !includeTrip(c))
	switch {
	case err != nil:
		writeError(c, s.log, optionsField(err))
	case o.NeedsInput():
		s.askQuestions(c, o)
	default:
		s.created(c, o.Plan, o.Lean)
	}
}
