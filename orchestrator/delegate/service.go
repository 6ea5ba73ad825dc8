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
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/dag"
	"github.com/tripweave/tripweave/orchestrator/pipeline"
	"github.com/tripweave/tripweave/orchestrator/replan"
)

// MaxDeadline bounds a caller's deadline for one plan.
const MaxDeadline = 120 * time.Second

// Planner makes plans; *pipeline.Service implements it.
type Planner interface {
	Plan(ctx context.Context, req pipeline.Request) (*orchestrator.Plan, *orchestrator.Run, error)
	NewID() string
}

// Config wires a Service. Parser nil accepts structured briefs only; Now
// nil means time.Now; Logger nil means slog.Default().
type Config struct {
	Planner Planner
	Store   orchestrator.PlanStore
	Parser  orchestrator.QueryParser
	Now     func() time.Time
	Logger  *slog.Logger
}

// Service is the planning conversation shared by the MCP tools and the A2A
// agent. It is safe for concurrent use.
type Service struct {
	cfg  Config
	keys orchestrator.KeyStore // set: API keys are required, plans have owners
}

// SetKeys makes the Service keep plans to their owners: every call must
// carry its API key (orchestrator.WithCaller), new plans are recorded as the
// key's before they are stored, and a key other than the owner (or an
// admin key) finds no plan. Call it before serving.
func (s *Service) SetKeys(ks orchestrator.KeyStore) { s.keys = ks }

// claim records the caller as the owner of new plan id.
func (s *Service) claim(ctx context.Context, id string) error {
	if s.keys == nil {
		return nil
	}
	k := orchestrator.Caller(ctx)
	if k == nil {
		return orchestrator.Errorf(orchestrator.EUNAUTHORIZED, "an API key is required")
	}
	return s.keys.SetPlanOwner(ctx, id, k.ID)
}

// authorize lets the caller at plan id only if it owns it or is an admin;
// for other keys the plan does not exist.
func (s *Service) authorize(ctx context.Context, id string) error {
	if s.keys == nil {
		return nil
	}
	k := orchestrator.Caller(ctx)
	if k == nil {
		return orchestrator.Errorf(orchestrator.EUNAUTHORIZED, "an API key is required")
	}
	if k.Has(orchestrator.ScopeAdmin) {
		return nil
	}
	owner, _, err := s.keys.PlanOwner(ctx, id)
	if err != nil && orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		return err
	}
	if owner != k.ID {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id)
	}
	return nil
}

// NewService returns a Service over cfg.
func NewService(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Service{cfg: cfg}
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
	// Hooks observe the run's nodes (progress).
	Hooks *dag.Hooks
	// OnStart, when set, is told how many nodes the run has before it
	// starts.
	OnStart func(nodes int)
	// Events, when set, repair plan PlanID (A2A: a message with events on
	// the plan's task, or naming plan_id) instead of planning anew.
	Events []replan.Event
}

// Outcome is a plan, or the questions to answer before there can be one
// (Plan then holds the pending plan, status needs_input).
type Outcome struct {
	Plan      *orchestrator.Plan
	Questions []orchestrator.Question
}

// NeedsInput reports whether the outcome asks questions.
func (o *Outcome) NeedsInput() bool { return len(o.Questions) > 0 }

// Plan runs the conversation one step: it reads the request (or merges the
// answers), stores a pending plan with questions when essentials are
// missing, and otherwise plans the trip. Errors are *orchestrator.Error
// naming the field at fault where there is one.
//
// A panic anywhere below is recovered into an internal error naming an
// incident, logged with its stack: no request takes the process down.
func (s *Service) Plan(ctx context.Context, req Request) (o *Outcome, err error) {
	defer s.recover(ctx, "plan", &err)
	if req.Deadline < 0 || req.Deadline > MaxDeadline {
		return nil, orchestrator.FieldErrorf("deadline_ms", "must be between 1 and %d", MaxDeadline.Milliseconds())
	}
	ref, err := s.referenceTime(req.Now)
	if err != nil {
		return nil, err
	}
	pr := pipeline.Request{Deadline: req.Deadline, Hooks: req.Hooks}
	switch {
	case req.PlanID != "" || len(req.Answers) > 0:
		if req.Query != "" || req.Brief != nil {
			return nil, orchestrator.FieldErrorf("plan_id", "answer a pending plan, or send a new query or brief, not both")
		}
		o, b, err := s.answer(ctx, req.PlanID, req.Answers, ref)
		if err != nil || o != nil {
			return o, err
		}
		pr.ID, pr.Brief, pr.Query = req.PlanID, b.Brief, b.Query
	case req.Brief != nil && strings.TrimSpace(req.Query) != "":
		return nil, orchestrator.FieldErrorf("query", "send either query or brief, not both")
	case req.Brief != nil:
		b := *req.Brief
		if b.Now == "" && req.Now != "" {
			b.Now = req.Now
		}
		if err := b.Normalize(ref); err != nil {
			return nil, orchestrator.PrefixField("brief", err)
		}
		pr.Brief = b
	case strings.TrimSpace(req.Query) != "":
		parsed, err := s.Parse(ctx, req.Query, req.Now)
		if err != nil {
			return nil, err
		}
		if len(parsed.Questions) > 0 {
			id := s.cfg.Planner.NewID()
			if err := s.claim(ctx, id); err != nil {
				return nil, err
			}
			return s.ask(ctx, id, req.Query, parsed)
		}
		b := parsed.Brief
		if err := b.Normalize(ref); err != nil {
			return nil, orchestrator.PrefixField("brief", err)
		}
		pr.Brief, pr.Query = b, req.Query
	default:
		return nil, orchestrator.FieldErrorf("query", "send a query or a brief")
	}
	if pr.ID == "" && s.keys != nil {
		pr.ID = s.cfg.Planner.NewID()
		if err := s.claim(ctx, pr.ID); err != nil {
			return nil, err
		}
	}
	if req.OnStart != nil {
		b := pr.Brief
		req.OnStart(len(orchestrator.Decompose(&b)))
	}
	plan, _, err := s.cfg.Planner.Plan(ctx, pr)
	if err != nil {
		return nil, err
	}
	return &Outcome{Plan: plan}, nil
}

// pendingBrief is a pending plan's brief after answers, ready to plan.
type pendingBrief struct {
	Brief orchestrator.Brief
	Query string
}

// answer merges answers into the pending plan id. It returns an Outcome
// when questions remain, otherwise the normalized brief to plan.
func (s *Service) answer(ctx context.Context, id string, answers map[string]string, ref time.Time) (*Outcome, *pendingBrief, error) {
	if id == "" {
		return nil, nil, orchestrator.FieldErrorf("plan_id", "name the pending plan the answers are for")
	}
	if len(answers) == 0 {
		return nil, nil, orchestrator.FieldErrorf("answers", "give at least one answer, keyed by the question's field")
	}
	if s.cfg.Parser == nil {
		return nil, nil, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "no query parser is configured")
	}
	prev, err := s.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if prev.Status != orchestrator.PlanNeedsInput {
		return nil, nil, orchestrator.Errorf(orchestrator.ECONFLICT, "plan %s has no pending questions", id)
	}
	parsed, err := s.cfg.Parser.Answer(ctx, prev.Brief, answers, ref)
	if err != nil {
		return nil, nil, err
	}
	if len(parsed.Questions) > 0 {
		o, err := s.ask(ctx, id, prev.Query, parsed)
		return o, nil, err
	}
	b := parsed.Brief
	if err := b.Normalize(ref); err != nil {
		return nil, nil, orchestrator.PrefixField("brief", err)
	}
	return nil, &pendingBrief{Brief: b, Query: prev.Query}, nil
}

// ask stores a pending plan holding the partial brief and its questions.
func (s *Service) ask(ctx context.Context, id, query string, parsed *orchestrator.ParsedQuery) (*Outcome, error) {
	pending := &orchestrator.Plan{
		ID: id, CreatedAt: s.cfg.Now().UTC(), Query: query, Brief: parsed.Brief,
		Status: orchestrator.PlanNeedsInput, Questions: parsed.Questions,
		Trip:  orchestrator.Trip{SchemaVersion: orchestrator.TripSchemaVersion, Cities: []orchestrator.CityData{}},
		Notes: []orchestrator.Note{},
	}
	if err := s.cfg.Store.SavePlan(ctx, pending, &orchestrator.Run{PlanID: id}); err != nil {
		return nil, err
	}
	return &Outcome{Plan: pending, Questions: parsed.Questions}, nil
}

// Get returns the stored plan id (to its owner, with keys set).
func (s *Service) Get(ctx context.Context, id string) (p *orchestrator.Plan, err error) {
	defer s.recover(ctx, "get_plan", &err)
	if !validID(id) {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id)
	}
	if err := s.authorize(ctx, id); err != nil {
		return nil, err
	}
	return s.cfg.Store.Plan(ctx, id)
}

// Replanner repairs a stored plan (see package replan); *pipeline.Service
// implements it.
type Replanner interface {
	Replan(ctx context.Context, id, newID string, req replan.Request) (*orchestrator.Plan, error)
}

// Replan repairs plan id (to its owner, with keys set) for req's events
// and returns the new plan that replaces it, owned by the same caller.
func (s *Service) Replan(ctx context.Context, id string, req replan.Request) (p *orchestrator.Plan, err error) {
	defer s.recover(ctx, "replan", &err)
	if !validID(id) {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id)
	}
	if err := s.authorize(ctx, id); err != nil {
		return nil, err
	}
	rp, ok := s.cfg.Planner.(Replanner)
	if !ok {
		return nil, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "re-planning is not available")
	}
	newID := s.cfg.Planner.NewID()
	if err := s.claim(ctx, newID); err != nil {
		return nil, err
	}
	return rp.Replan(ctx, id, newID, req)
}

// Parse reads a request into a brief without planning it.
func (s *Service) Parse(ctx context.Context, query, now string) (pq *orchestrator.ParsedQuery, err error) {
	defer s.recover(ctx, "parse_request", &err)
	if strings.TrimSpace(query) == "" {
		return nil, orchestrator.FieldErrorf("query", "send the request text in query")
	}
	if s.cfg.Parser == nil {
		return nil, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "no query parser is configured; send a structured brief")
	}
	ref, err := s.referenceTime(now)
	if err != nil {
		return nil, err
	}
	return s.cfg.Parser.ParseQuery(ctx, query, ref)
}

// recover turns a panic of the call it is deferred in into *err.
func (s *Service) recover(ctx context.Context, door string, err *error) {
	if v := recover(); v != nil {
		*err = orchestrator.Recovered(ctx, s.cfg.Logger, door, v)
	}
}

func (s *Service) referenceTime(now string) (time.Time, error) {
	return orchestrator.ReferenceTime(now, s.cfg.Now())
}

// validID reports whether id can be a plan ID.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}
