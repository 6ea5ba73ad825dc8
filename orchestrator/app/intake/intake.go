// Package intake is tripweave's one way in: the plan service every door
// (the JSON API, MCP, A2A and the CLI) translates to and from. It owns what
// a request must pass before the planner sees it: the reference time and
// its window around the clock, parsing, the single normalisation of the
// brief (orchestrator.NormalBrief), the deadline's bounds and the claiming
// of plan IDs for their owners. Then it starts, answers, re-plans, reads
// and deletes plans.
//
// Errors are *orchestrator.Error naming the field at fault where there is
// one; a door only adds its own prefix (the JSON API's "options.").
package intake

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/replan"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// MaxDeadline bounds a caller's deadline for one plan.
const MaxDeadline = 120 * time.Second

// DefaultNowWindow is how far a client-supplied reference time ("now") may
// lie from the clock when Config.NowWindow is zero.
const DefaultNowWindow = 2 * 365 * 24 * time.Hour

// Planner makes plans; *pipeline.Service implements it.
type Planner interface {
	Plan(ctx context.Context, req pipeline.Request) (*orchestrator.Plan, *orchestrator.Run, error)
	NewID() string
}

// LeanPlanner is a Planner that also returns the plan's lean JSON as it
// was stored, so that a door answers with those bytes rather than a second
// encoding. *pipeline.Service implements it.
type LeanPlanner interface {
	PlanLean(ctx context.Context, req pipeline.Request) (*orchestrator.Plan, []byte, *orchestrator.Run, error)
}

// Replanner repairs a stored plan (see package replan); *pipeline.Service
// implements it.
type Replanner interface {
	Replan(ctx context.Context, id, newID string, req replan.Request) (*orchestrator.Plan, error)
}

// Config wires a Service. Parser nil accepts structured briefs only; Now
// nil means time.Now; Logger nil means slog.Default(); NowWindow zero means
// DefaultNowWindow.
type Config struct {
	Planner   Planner
	Store     orchestrator.PlanStore
	Parser    orchestrator.QueryParser
	Now       func() time.Time
	NowWindow time.Duration
	Logger    *slog.Logger
}

// Service is the plan service. It is safe for concurrent use.
type Service struct {
	cfg  Config
	keys orchestrator.KeyStore // set: API keys are required, plans have owners
}

// New returns a Service over cfg.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.NowWindow <= 0 {
		cfg.NowWindow = DefaultNowWindow
	}
	return &Service{cfg: cfg}
}

// SetKeys makes the Service keep plans to their owners: every call must
// carry its API key (orchestrator.WithCaller), new plans are recorded as the
// key's before they are stored, and a key other than the owner (or an
// admin key) finds no plan. Call it before serving.
func (s *Service) SetKeys(ks orchestrator.KeyStore) { s.keys = ks }

// Store returns the plan store the Service reads from.
func (s *Service) Store() orchestrator.PlanStore { return s.cfg.Store }

// Request asks for a plan: a Query or a Brief.
type Request struct {
	Query string
	Brief *orchestrator.Brief
	// BriefJSON is the brief as the caller sent it, when the door has it:
	// a party of no one is told apart from travellers left out.
	BriefJSON json.RawMessage
	// Now is the reference time (RFC 3339) for relative dates; empty means
	// the clock.
	Now string
	// Deadline bounds the run when positive (at most MaxDeadline); zero
	// means the planner's own.
	Deadline time.Duration
}

// Admitted is a request that passed intake: a normalised brief ready to
// plan under ID (empty: the planner draws one).
type Admitted struct {
	ID       string
	Brief    orchestrator.NormalBrief
	Query    string
	Deadline time.Duration
}

// Outcome is a plan, or the questions to answer before there can be one
// (Plan then holds the pending plan, status needs_input). Lean is the
// plan's lean JSON as stored, when it was asked for and the planner gives
// it.
type Outcome struct {
	Plan      *orchestrator.Plan
	Lean      []byte
	Questions []orchestrator.Question
}

// NeedsInput reports whether the outcome asks questions.
func (o *Outcome) NeedsInput() bool { return len(o.Questions) > 0 }

// Start reads req and plans it: the questions when essentials are missing
// (a pending plan is stored), otherwise the plan. p observes the run; lean
// asks for the plan's lean JSON.
func (s *Service) Start(ctx context.Context, req Request, p *orchestrator.Progress, lean bool) (o *Outcome, err error) {
	defer s.recover(ctx, "plan", &err)
	a, o, err := s.Admit(ctx, req)
	if err != nil || o != nil {
		return o, err
	}
	return s.Run(ctx, a, p, lean)
}

// Admit reads req without planning it: an Admitted request, or the
// Outcome asking questions (the pending plan stored).
func (s *Service) Admit(ctx context.Context, req Request) (a *Admitted, o *Outcome, err error) {
	defer s.recover(ctx, "plan", &err)
	if err := checkDeadline(req.Deadline); err != nil {
		return nil, nil, err
	}
	a = &Admitted{Deadline: req.Deadline}
	switch {
	case req.Brief != nil && strings.TrimSpace(req.Query) != "":
		return nil, nil, orchestrator.FieldErrorf("query", "send either query or brief, not both")
	case req.Brief != nil:
		if a.Brief, err = s.admitBrief(req); err != nil {
			return nil, nil, err
		}
	case strings.TrimSpace(req.Query) != "":
		// A text no store can keep is refused before any work, as every
		// store would refuse the plan at the end (CheckSave).
		if err := orchestrator.CheckStorableText(&orchestrator.Plan{Query: req.Query}); err != nil {
			return nil, nil, err
		}
		parsed, ref, err := s.parse(ctx, req.Query, req.Now)
		if err != nil {
			return nil, nil, err
		}
		if len(parsed.Questions) > 0 {
			id := s.cfg.Planner.NewID()
			if err := s.claim(ctx, id); err != nil {
				return nil, nil, err
			}
			o, err := s.ask(ctx, id, req.Query, parsed)
			return nil, o, err
		}
		if a.Brief, err = orchestrator.NormalizeBrief(parsed.Brief, ref); err != nil {
			return nil, nil, orchestrator.PrefixField("brief", err)
		}
		a.Query = req.Query
	default:
		return nil, nil, orchestrator.FieldErrorf("query", "send a query or a brief")
	}
	if err := s.claimNew(ctx, a); err != nil {
		return nil, nil, err
	}
	return a, nil, nil
}

// admitBrief checks and normalises a structured brief: a party of no one
// is refused, the brief's own now (or else the request's) must lie within
// the window, and the brief is normalised against the clock.
func (s *Service) admitBrief(req Request) (orchestrator.NormalBrief, error) {
	b := *req.Brief
	if t := b.Travelers; t.Adults == 0 && t.Children == 0 && req.BriefJSON != nil {
		if err := orchestrator.CheckParty(req.BriefJSON); err != nil {
			return orchestrator.NormalBrief{}, orchestrator.PrefixField("brief", err)
		}
	}
	field := "brief.now"
	if b.Now == "" && req.Now != "" {
		b.Now, field = req.Now, "now"
	}
	if t, err := time.Parse(time.RFC3339, b.Now); err == nil {
		if err := s.checkNow(field, t); err != nil {
			return orchestrator.NormalBrief{}, err
		}
	}
	nb, err := orchestrator.NormalizeBrief(b, s.cfg.Now())
	if err != nil {
		return orchestrator.NormalBrief{}, orchestrator.PrefixField("brief", err)
	}
	return nb, nil
}

// claimNew draws and claims the ID of a new plan when plans have owners.
func (s *Service) claimNew(ctx context.Context, a *Admitted) error {
	if a.ID != "" || s.keys == nil {
		return nil
	}
	a.ID = s.cfg.Planner.NewID()
	return s.claim(ctx, a.ID)
}

// Run plans an admitted request. p observes the run; lean asks for the
// plan's lean JSON when the planner gives it.
func (s *Service) Run(ctx context.Context, a *Admitted, p *orchestrator.Progress, lean bool) (o *Outcome, err error) {
	defer s.recover(ctx, "plan", &err)
	pr := pipeline.Request{ID: a.ID, Brief: a.Brief.Brief(), Query: a.Query, Deadline: a.Deadline, Progress: p}
	if lp, ok := s.cfg.Planner.(LeanPlanner); ok && lean {
		plan, doc, _, err := lp.PlanLean(ctx, pr)
		if err != nil {
			return nil, err
		}
		return &Outcome{Plan: plan, Lean: doc}, nil
	}
	plan, _, err := s.cfg.Planner.Plan(ctx, pr)
	if err != nil {
		return nil, err
	}
	return &Outcome{Plan: plan}, nil
}

// Answers resume the pending plan PlanID: free text keyed by the
// question's field.
type Answers struct {
	PlanID   string
	Answers  map[string]string
	Now      string
	Deadline time.Duration
}

// Answer merges answers into a pending plan's brief and plans it under the
// same ID, or stores and returns the questions still open.
func (s *Service) Answer(ctx context.Context, req Answers, p *orchestrator.Progress, lean bool) (o *Outcome, err error) {
	defer s.recover(ctx, "answer", &err)
	if err := checkDeadline(req.Deadline); err != nil {
		return nil, err
	}
	if req.PlanID == "" {
		return nil, orchestrator.FieldErrorf("plan_id", "name the pending plan the answers are for")
	}
	if len(req.Answers) == 0 {
		return nil, orchestrator.FieldErrorf("answers", "give at least one answer, keyed by the question's field")
	}
	if s.cfg.Parser == nil {
		return nil, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "no query parser is configured")
	}
	prev, err := s.Get(ctx, req.PlanID)
	if err != nil {
		return nil, err
	}
	if prev.Status != orchestrator.PlanNeedsInput {
		return nil, orchestrator.Errorf(orchestrator.ECONFLICT, "plan %s has no pending questions", req.PlanID)
	}
	ref, err := s.referenceTime(req.Now)
	if err != nil {
		return nil, err
	}
	parsed, err := s.cfg.Parser.Answer(ctx, prev.Brief, req.Answers, ref)
	if err != nil {
		return nil, err
	}
	if len(parsed.Questions) > 0 {
		return s.ask(ctx, req.PlanID, prev.Query, parsed)
	}
	nb, err := orchestrator.NormalizeBrief(parsed.Brief, ref)
	if err != nil {
		return nil, orchestrator.PrefixField("brief", err)
	}
	return s.Run(ctx, &Admitted{ID: req.PlanID, Brief: nb, Query: prev.Query, Deadline: req.Deadline}, p, lean)
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

// Parse reads a request into a brief without planning it.
func (s *Service) Parse(ctx context.Context, query, now string) (pq *orchestrator.ParsedQuery, err error) {
	defer s.recover(ctx, "parse_request", &err)
	if strings.TrimSpace(query) == "" {
		return nil, orchestrator.FieldErrorf("query", "send the request text in query")
	}
	pq, _, err = s.parse(ctx, query, now)
	return pq, err
}

// parse runs the parser with the request's reference time.
func (s *Service) parse(ctx context.Context, query, now string) (*orchestrator.ParsedQuery, time.Time, error) {
	if s.cfg.Parser == nil {
		return nil, time.Time{}, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "no query parser is configured; send a structured brief")
	}
	ref, err := s.referenceTime(now)
	if err != nil {
		return nil, time.Time{}, err
	}
	pq, err := s.cfg.Parser.ParseQuery(ctx, query, ref)
	return pq, ref, err
}

// Replan repairs plan id (to its owner, with keys set) for req's events
// and returns the new plan that replaces it, owned by the same caller.
func (s *Service) Replan(ctx context.Context, id string, req replan.Request) (p *orchestrator.Plan, err error) {
	defer s.recover(ctx, "replan", &err)
	if !ValidID(id) {
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

// Get returns the stored plan id (to its owner, with keys set).
func (s *Service) Get(ctx context.Context, id string) (p *orchestrator.Plan, err error) {
	defer s.recover(ctx, "get_plan", &err)
	if !ValidID(id) {
		return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id)
	}
	if err := s.authorize(ctx, id); err != nil {
		return nil, err
	}
	return s.cfg.Store.Plan(ctx, id)
}

// Delete deletes the stored plan id (its owner's, with keys set).
func (s *Service) Delete(ctx context.Context, id string) (err error) {
	defer s.recover(ctx, "delete_plan", &err)
	if !ValidID(id) {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %q", id)
	}
	if err := s.authorize(ctx, id); err != nil {
		return err
	}
	return s.cfg.Store.DeletePlan(ctx, id)
}

// List lists stored plans by filter.
func (s *Service) List(ctx context.Context, f orchestrator.PlanFilter) (page orchestrator.PlanPage, err error) {
	defer s.recover(ctx, "list_plans", &err)
	return s.cfg.Store.ListPlans(ctx, f)
}

// ReferenceTime reads a request's reference time ("now", RFC 3339; empty
// means the clock), which must lie within the window around the clock.
func (s *Service) ReferenceTime(now string) (time.Time, error) { return s.referenceTime(now) }

func (s *Service) referenceTime(now string) (time.Time, error) {
	t, err := orchestrator.ReferenceTime(now, s.cfg.Now())
	if err != nil || now == "" {
		return t, err
	}
	if err := s.checkNow("now", t); err != nil {
		return time.Time{}, err
	}
	return t, nil
}

// checkNow rejects a client-supplied reference time further than the
// window from the clock: dates are validated against it ("in the past",
// "two years ahead"), so an unbounded one would let any date through.
func (s *Service) checkNow(field string, t time.Time) error {
	w := s.cfg.NowWindow
	clock := s.cfg.Now()
	if d := t.Sub(clock); d > w || d < -w {
		return orchestrator.FieldErrorf(field, "must lie within %d days of the server clock (%s)", int(w.Hours()/24), clock.UTC().Format("2006-01-02"))
	}
	return nil
}

// checkDeadline bounds a caller's deadline: 1 ms to MaxDeadline, or zero
// for the planner's own.
func checkDeadline(d time.Duration) error {
	if d < 0 || d > MaxDeadline {
		return orchestrator.FieldErrorf("deadline_ms", "must be between 1 and %d", MaxDeadline.Milliseconds())
	}
	return nil
}

// Deadline is a caller's deadline in milliseconds as a duration; a value
// out of bounds becomes one that checkDeadline refuses.
func Deadline(ms int) time.Duration {
	if ms < 0 || ms > int(MaxDeadline.Milliseconds()) {
		return -1
	}
	return time.Duration(ms) * time.Millisecond
}

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

// recover turns a panic of the call it is deferred in into *err: no
// request takes the process down.
func (s *Service) recover(ctx context.Context, door string, err *error) {
	if v := recover(); v != nil {
		*err = orchestrator.Recovered(ctx, s.cfg.Logger, door, v)
	}
}

// ValidID reports whether id can be a plan ID.
func ValidID(id string) bool {
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
