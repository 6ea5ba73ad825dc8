// Package delegate makes tripweave something other agents can hand a trip
// to: an MCP server with the tools plan_trip, get_plan and parse_request
// (progress notifications while a plan runs), and an A2A agent (agent
// card, message/send, message/stream, the input-required state for
// clarifying questions, the itinerary as artifacts). Both speak through one
// Service, the conversation a traveller has with the JSON API: a request
// in, questions back when essentials are missing, answers in, a plan out.
package delegate

import (
	"context"
	"log/slog"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/replan"
	"github.com/tripweave/tripweave/orchestrator/app/intake"
)

// MaxDeadline bounds a caller's deadline for one plan.
const MaxDeadline = intake.MaxDeadline

// Planner makes plans; *pipeline.Service implements it.
type Planner = intake.Planner

// Replanner repairs a stored plan (see package replan); *pipeline.Service
// implements it.
type Replanner = intake.Replanner

// Config wires a Service. Intake is the plan service the calls go through;
// nil makes one of Planner, Store, Parser, Now and Logger. Parser nil
// accepts structured briefs only; Now nil means time.Now; Logger nil means
// slog.Default().
type Config struct {
	Intake  *intake.Service
	Planner Planner
	Store   orchestrator.PlanStore
	Parser  orchestrator.QueryParser
	Now     func() time.Time
	Logger  *slog.Logger
}

// Service is the planning conversation shared by the MCP tools and the A2A
// agent: it translates their calls to intake. It is safe for concurrent
// use.
type Service struct {
	cfg    Config
	intake *intake.Service
	keys   orchestrator.KeyStore // set: API keys are required, plans have owners
}

// SetKeys makes the Service keep plans to their owners: every call must
// carry its API key (orchestrator.WithCaller), new plans are recorded as the
// key's before they are stored, and a key other than the owner (or an
// admin key) finds no plan. Call it before serving.
func (s *Service) SetKeys(ks orchestrator.KeyStore) {
	s.keys = ks
	s.intake.SetKeys(ks)
}

// NewService returns a Service over cfg.
func NewService(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Intake == nil {
		cfg.Intake = intake.New(intake.Config{Planner: cfg.Planner, Store: cfg.Store, Parser: cfg.Parser, Now: cfg.Now, Logger: cfg.Logger})
	}
	if cfg.Store == nil {
		cfg.Store = cfg.Intake.Store()
	}
	return &Service{cfg: cfg, intake: cfg.Intake}
}

// Request asks for a plan: a Query or a Brief, or answers to the questions
// of the pending plan PlanID.
type Request struct {
	Query string
	Brief *orchestrator.Brief
	// PlanID and Answers resume a plan that asked questions; Answers are
	// free text keyed by the question's field.
	PlanID  string
	Answers map[string]string
	// Now is the reference time (RFC 3339) for relative dates; empty means
	// the server clock.
	Now string
	// Deadline bounds the run when positive (at most MaxDeadline).
	Deadline time.Duration
	// Progress observes the run.
	Progress *orchestrator.Progress
	// Events, when set, repair plan PlanID (A2A: a message with events on
	// the plan's task, or naming plan_id) instead of planning anew.
	Events []replan.Event
}

// Outcome is a plan, or the questions to answer before there can be one
// (Plan then holds the pending plan, status needs_input).
type Outcome = intake.Outcome

// Plan runs the conversation one step: it reads the request (or merges the
// answers), stores a pending plan with questions when essentials are
// missing, and otherwise plans the trip. Errors are *orchestrator.Error
// naming the field at fault where there is one.
//
// A panic anywhere below is recovered into an internal error naming an
// incident, logged with its stack: no request takes the process down.
func (s *Service) Plan(ctx context.Context, req Request) (*Outcome, error) {
	if req.PlanID != "" || len(req.Answers) > 0 {
		if req.Query != "" || req.Brief != nil {
			return nil, orchestrator.FieldErrorf("plan_id", "answer a pending plan, or send a new query or brief, not both")
		}
		return s.intake.Answer(ctx, intake.Answers{PlanID: req.PlanID, Answers: req.Answers, Now: req.Now, Deadline: req.Deadline}, req.Progress, false)
	}
	return s.intake.Start(ctx, intake.Request{Query: req.Query, Brief: req.Brief, Now: req.Now, Deadline: req.Deadline}, req.Progress, false)
}

// Get returns the stored plan id (to its owner, with keys set).
func (s *Service) Get(ctx context.Context, id string) (*orchestrator.Plan, error) {
	return s.intake.Get(ctx, id)
}

// Replan repairs plan id (to its owner, with keys set) for req's events
// and returns the new plan that replaces it, owned by the same caller.
func (s *Service) Replan(ctx context.Context, id string, req replan.Request) (*orchestrator.Plan, error) {
	return s.intake.Replan(ctx, id, req)
}

// Parse reads a request into a brief without planning it.
func (s *Service) Parse(ctx context.Context, query, now string) (*orchestrator.ParsedQuery, error) {
	return s.intake.Parse(ctx, query, now)
}
