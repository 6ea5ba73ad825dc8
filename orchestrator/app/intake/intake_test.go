package intake_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/sqlite"
	"github.com/tripweave/tripweave/orchestrator/app/intake"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

var clock = time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)

// planner records what reaches it: the intake's only way to the planner.
type planner struct {
	mu   sync.Mutex
	reqs []pipeline.Request
	n    int
}

func (p *planner) NewID() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	return "pl_" + string(rune('a'+p.n))
}

func (p *planner) Plan(_ context.Context, req pipeline.Request) (*orchestrator.Plan, *orchestrator.Run, error) {
	p.mu.Lock()
	p.reqs = append(p.reqs, req)
	p.mu.Unlock()
	id := req.ID
	if id == "" {
		id = "pl_drawn"
	}
	return &orchestrator.Plan{ID: id, Brief: req.Brief, Query: req.Query, Status: orchestrator.PlanComplete}, nil, nil
}

// parser reads "ask" as a request missing its destination and anything
// else as a trip to the text's city.
type parser struct{}

func (parser) ParseQuery(_ context.Context, q string, now time.Time) (*orchestrator.ParsedQuery, error) {
	if strings.Contains(q, "panic") {
		panic("parser fault")
	}
	if q == "ask" {
		return &orchestrator.ParsedQuery{Brief: orchestrator.Brief{Days: 2},
			Questions: []orchestrator.Question{{Field: "destinations", Text: "Where to?"}}}, nil
	}
	return &orchestrator.ParsedQuery{Brief: orchestrator.Brief{Destinations: []string{q}, Days: 2, Now: now.Format(time.RFC3339)}}, nil
}

func (parser) Answer(_ context.Context, prev orchestrator.Brief, answers map[string]string, _ time.Time) (*orchestrator.ParsedQuery, error) {
	prev.Destinations = []string{answers["destinations"]}
	return &orchestrator.ParsedQuery{Brief: prev}, nil
}

func newService(t *testing.T) (*intake.Service, *planner, *sqlite.Store) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "plans.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	p := &planner{}
	return intake.New(intake.Config{Planner: p, Store: st, Parser: parser{}, Now: func() time.Time { return clock }}), p, st
}

func field(err error) string { return orchestrator.ErrorField(err) }

func TestStartNormalizesOnce(t *testing.T) {
	svc, p, _ := newService(t)
	o, err := svc.Start(context.Background(), intake.Request{Query: "Chengdu", Now: "2026-06-02T10:00:00+08:00"}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if o.NeedsInput() || o.Plan == nil {
		t.Fatalf("outcome %+v", o)
	}
	got := p.reqs[0]
	if got.Query != "Chengdu" || got.Brief.Pace != "moderate" || got.Brief.Travelers.Adults != 1 {
		t.Errorf("the planner got an unnormalised brief: %+v", got.Brief)
	}
}

func TestAdmitRefusals(t *testing.T) {
	svc, p, _ := newService(t)
	ctx := context.Background()
	brief := &orchestrator.Brief{Destinations: []string{"Chengdu"}, Days: 2}
	cases := []struct {
		name  string
		req   intake.Request
		field string
		code  string
	}{
		{"nothing", intake.Request{}, "query", orchestrator.EINVALID},
		{"both", intake.Request{Query: "x", Brief: brief}, "query", orchestrator.EINVALID},
		{"deadline too long", intake.Request{Query: "Chengdu", Deadline: intake.Deadline(120001)}, "deadline_ms", orchestrator.EINVALID},
		{"deadline negative", intake.Request{Query: "Chengdu", Deadline: intake.Deadline(-5)}, "deadline_ms", orchestrator.EINVALID},
		{"now malformed", intake.Request{Query: "Chengdu", Now: "tomorrow"}, "now", orchestrator.EINVALID},
		{"now far away", intake.Request{Query: "Chengdu", Now: "2031-01-01T00:00:00Z"}, "now", orchestrator.EINVALID},
		{"brief now far away", intake.Request{Brief: &orchestrator.Brief{Destinations: []string{"Chengdu"}, Days: 2, Now: "2019-01-01T00:00:00Z"}}, "brief.now", orchestrator.EINVALID},
		{"party of no one", intake.Request{Brief: brief, BriefJSON: json.RawMessage(`{"destinations":["Chengdu"],"days":2,"travelers":{"adults":0}}`)}, "brief.travelers", ""},
		{"bad brief", intake.Request{Brief: &orchestrator.Brief{Destinations: []string{"Chengdu"}, Days: -1}}, "brief.days", ""},
		{"parser panics", intake.Request{Query: "panic please"}, "", orchestrator.EINTERNAL},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := svc.Admit(ctx, c.req)
			if err == nil {
				t.Fatal("admitted")
			}
			if c.field != "" && !strings.HasPrefix(field(err), c.field) {
				t.Errorf("field %q, want %q (%v)", field(err), c.field, err)
			}
			if c.code != "" && orchestrator.ErrorCode(err) != c.code {
				t.Errorf("code %q, want %q (%v)", orchestrator.ErrorCode(err), c.code, err)
			}
		})
	}
	if len(p.reqs) != 0 {
		t.Errorf("a refused request reached the planner: %d", len(p.reqs))
	}
}

func TestQuestionsThenAnswers(t *testing.T) {
	svc, p, st := newService(t)
	ctx := context.Background()
	o, err := svc.Start(ctx, intake.Request{Query: "ask"}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if !o.NeedsInput() || o.Plan.Status != orchestrator.PlanNeedsInput {
		t.Fatalf("no questions: %+v", o)
	}
	stored, err := st.Plan(ctx, o.Plan.ID)
	if err != nil || stored.Status != orchestrator.PlanNeedsInput {
		t.Fatalf("pending plan not stored: %v %+v", err, stored)
	}
	if _, err := svc.Answer(ctx, intake.Answers{PlanID: o.Plan.ID}, nil, false); field(err) != "answers" {
		t.Errorf("no answers: %v", err)
	}
	done, err := svc.Answer(ctx, intake.Answers{PlanID: o.Plan.ID, Answers: map[string]string{"destinations": "Chengdu"}}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if done.Plan.ID != o.Plan.ID || p.reqs[0].Brief.Destinations[0] != "Chengdu" || p.reqs[0].Query != "ask" {
		t.Errorf("answered plan %+v from %+v", done.Plan, p.reqs[0])
	}
	if p.reqs[0].Brief.Now == "" {
		t.Error("the answered brief was not normalised")
	}
}

// keys is an in-memory ownership table.
type keys struct {
	orchestrator.KeyStore
	mu     sync.Mutex
	owners map[string]string
}

func (k *keys) SetPlanOwner(_ context.Context, plan, key string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.owners[plan] = key
	return nil
}

func (k *keys) PlanOwner(_ context.Context, plan string) (string, []byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if o, ok := k.owners[plan]; ok {
		return o, nil, nil
	}
	return "", nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan")
}

func TestOwnersClaimAndKeep(t *testing.T) {
	svc, p, _ := newService(t)
	ks := &keys{owners: map[string]string{}}
	svc.SetKeys(ks)
	ctx := context.Background()
	if _, err := svc.Start(ctx, intake.Request{Query: "Chengdu"}, nil, false); orchestrator.ErrorCode(err) != orchestrator.EUNAUTHORIZED {
		t.Fatalf("no key: %v", err)
	}
	alice := orchestrator.WithCaller(ctx, &orchestrator.APIKey{ID: "alice"})
	o, err := svc.Start(alice, intake.Request{Query: "Chengdu"}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if p.reqs[0].ID == "" || ks.owners[p.reqs[0].ID] != "alice" {
		t.Fatalf("plan %q not claimed before planning: %v", p.reqs[0].ID, ks.owners)
	}
	bob := orchestrator.WithCaller(ctx, &orchestrator.APIKey{ID: "bob"})
	if _, err := svc.Get(bob, o.Plan.ID); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		t.Errorf("another key read the plan: %v", err)
	}
}

func TestProgressReachesThePlanner(t *testing.T) {
	svc, p, _ := newService(t)
	prog := &orchestrator.Progress{Begin: func([]orchestrator.Subtask) {}}
	if _, err := svc.Start(context.Background(), intake.Request{Query: "Chengdu", Deadline: intake.Deadline(2500)}, prog, false); err != nil {
		t.Fatal(err)
	}
	if p.reqs[0].Progress != prog || p.reqs[0].Deadline != 2500*time.Millisecond {
		t.Errorf("request %+v", p.reqs[0])
	}
}
