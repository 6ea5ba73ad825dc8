package delegate

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2asrv"
	"github.com/a2aproject/a2a-go/a2asrv/eventqueue"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/replan"
)

// A2APath is where the A2A agent answers JSON-RPC (message/send,
// message/stream, tasks/get, tasks/cancel); its card is at
// a2asrv.WellKnownAgentCardPath.
const A2APath = "/a2a"

// A2AProtocolVersion is the A2A protocol version the card declares.
const A2AProtocolVersion = "0.3.0"

// Agent is tripweave as an A2A agent: a message carrying a travel request
// (text parts; or a data part with "brief", "answers", "now") becomes a
// task that plans it. Missing essentials end the turn in input-required
// with the questions; the next message on the same task answers them. A
// finished plan's summary, plan data and documents come back as artifacts.
type Agent struct {
	svc   *Service
	tasks *taskStore // tasks and their owners (API key IDs, with keys set)
}

// NewAgent returns the A2A agent over svc, its tasks bounded by the
// default TaskLimits.
func NewAgent(svc *Service) *Agent { return NewAgentWithLimits(svc, TaskLimits{}) }

// NewAgentWithLimits returns the A2A agent over svc keeping its tasks and
// their owners within l: a task expires l.TTL after its last change, the
// oldest go first beyond l.MaxTasks or l.MaxBytes, and a finished task's
// plan is read back from the plan store rather than kept.
func NewAgentWithLimits(svc *Service, l TaskLimits) *Agent {
	var plans func(context.Context, string) (*orchestrator.Plan, error)
	if svc.cfg.Store != nil {
		plans = svc.cfg.Store.Plan
	}
	return &Agent{svc: svc, tasks: newTaskStore(l, svc.cfg.Now, plans)}
}

// ownerCheck keeps tasks to the key that started them when the Service
// has keys: tasks/get, tasks/cancel, resubscription and messages on an
// existing task from another key (not admin) find no task.
type ownerCheck struct {
	a2asrv.PassthroughCallInterceptor
	a *Agent
}

func (o ownerCheck) Before(ctx context.Context, _ *a2asrv.CallContext, req *a2asrv.Request) (context.Context, error) {
	var id a2a.TaskID
	switch p := req.Payload.(type) {
	case *a2a.TaskQueryParams:
		id = p.ID
	case *a2a.TaskIDParams:
		id = p.ID
	case *a2a.MessageSendParams:
		if p.Message != nil {
			id = p.Message.TaskID
		}
	case *a2a.GetTaskPushConfigParams:
		id = p.TaskID
	case *a2a.ListTaskPushConfigParams:
		id = p.TaskID
	case *a2a.TaskPushConfig:
		id = p.TaskID
	case *a2a.DeleteTaskPushConfigParams:
		id = p.TaskID
	}
	if id == "" || o.a.svc.keys == nil {
		return ctx, nil
	}
	k := orchestrator.Caller(ctx)
	if k == nil {
		return ctx, a2a.ErrTaskNotFound
	}
	if k.Has(orchestrator.ScopeAdmin) {
		return ctx, nil
	}
	if owner := o.a.tasks.Owner(id); owner == "" || owner != k.ID {
		return ctx, a2a.ErrTaskNotFound
	}
	return ctx, nil
}

// Handlers returns the agent's JSON-RPC endpoint (serve it at A2APath) and
// its card (serve it at a2asrv.WellKnownAgentCardPath), which names the
// endpoint on the host the card was asked from. Tasks are kept in memory by
// the process that created them, within the agent's TaskLimits.
func (a *Agent) Handlers() (rpc, card http.Handler) {
	h := a2asrv.NewJSONRPCHandler(a2asrv.NewHandler(a, a2asrv.WithLogger(a.svc.cfg.Logger),
		a2asrv.WithCallInterceptor(ownerCheck{a: a}), a2asrv.WithTaskStore(a.tasks)))
	rpc = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), originKey{}, requestOrigin(r))))
	})
	card = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a2asrv.NewStaticAgentCardHandler(Card(requestOrigin(r))).ServeHTTP(w, r)
	})
	return rpc, card
}

type originKey struct{}

// Card is the agent card for an agent served under base
// ("http://host:8080").
func Card(base string) *a2a.AgentCard {
	return &a2a.AgentCard{
		Name: "tripweave",
		Description: "Turns a travel request in Chinese or English into a verified day-by-day trip with an HTML itinerary. " +
			"Asks for what is missing (input-required) instead of guessing.",
		URL:                base + A2APath,
		PreferredTransport: a2a.TransportProtocolJSONRPC,
		ProtocolVersion:    A2AProtocolVersion,
		Version:            Version,
		DocumentationURL:   base + "/openapi.json",
		Capabilities:       a2a.AgentCapabilities{Streaming: true},
		DefaultInputModes:  []string{"text/plain", "application/json"},
		DefaultOutputModes: []string{"text/plain", "application/json", "text/html"},
		Skills: []a2a.AgentSkill{{
			ID:   "plan_trip",
			Name: "Plan a trip",
			Description: "Plan a trip from a request (or a structured brief in a data part under \"brief\"): places, dates, " +
				"budget, travellers, interests and constraints are read, live and cached facts gathered, and a day-by-day " +
				"itinerary built and verified. Answers are the summary, the plan as data and links to its HTML, Markdown, " +
				"iCalendar and GeoJSON.",
			Tags:     []string{"travel", "itinerary", "trip planning", "旅行规划"},
			Examples: []string{"3 days in Kyoto in April, $1500, temples and food", "成都三日游，端午节去，预算人均2000"},
		}},
	}
}

// Execute plans the request of reqCtx's message, or answers the questions
// of the task's pending plan, writing the task's events to q.
//
// A panic while executing ends the task as failed with an internal error
// naming an incident (logged with its stack); it never ends the process.
func (a *Agent) Execute(ctx context.Context, reqCtx *a2asrv.RequestContext, q eventqueue.Queue) (err error) {
	defer func() {
		if v := recover(); v != nil {
			perr := orchestrator.Recovered(ctx, a.svc.cfg.Logger, "a2a execute", v)
			err = finish(ctx, q, reqCtx, a2a.TaskStateFailed, errorMessage(reqCtx, perr))
		}
	}()
	if k := orchestrator.Caller(ctx); k != nil {
		a.tasks.SetOwner(reqCtx.TaskID, k.ID) // before the client learns the task's ID
	}
	if reqCtx.StoredTask == nil {
		if err := q.Write(ctx, a2a.NewStatusUpdateEvent(reqCtx, a2a.TaskStateSubmitted, nil)); err != nil {
			return err
		}
	}
	req, err := readMessage(reqCtx)
	if err != nil {
		return finish(ctx, q, reqCtx, a2a.TaskStateRejected, errorMessage(reqCtx, err))
	}
	if err := q.Write(ctx, a2a.NewStatusUpdateEvent(reqCtx, a2a.TaskStateWorking, nil)); err != nil {
		return err
	}
	var mu sync.Mutex
	total, done := 0, 0
	req.Progress = &orchestrator.Progress{
		Begin: func(subtasks []orchestrator.Subtask) { total = len(subtasks) },
		Finished: func(d orchestrator.NodeDone) {
			mu.Lock()
			defer mu.Unlock()
			done++
			status := "done"
			if d.Err != nil {
				status = "failed"
			}
			msg := a2a.NewMessageForTask(a2a.MessageRoleAgent, reqCtx, a2a.TextPart{Text: fmt.Sprintf("%s %s (%d/%d)", d.Kind, status, done, max(total, done))})
			_ = q.Write(ctx, a2a.NewStatusUpdateEvent(reqCtx, a2a.TaskStateWorking, msg))
		},
	}
	var o *Outcome
	if len(req.Events) > 0 {
		var p *orchestrator.Plan
		p, err = a.svc.Replan(ctx, req.PlanID, replan.Request{Events: req.Events, Now: req.Now})
		if err == nil {
			o = &Outcome{Plan: p}
		}
	} else {
		o, err = a.svc.Plan(ctx, req)
	}
	if err != nil {
		state := a2a.TaskStateFailed
		switch orchestrator.ErrorCode(err) {
		case orchestrator.EINVALID, orchestrator.EUNPROCESSABLE, orchestrator.ENOTFOUND, orchestrator.ECONFLICT:
			state = a2a.TaskStateRejected
		}
		return finish(ctx, q, reqCtx, state, errorMessage(reqCtx, err))
	}
	base, _ := ctx.Value(originKey{}).(string)
	p := o.Plan
	res := result(base, p)
	if o.NeedsInput() {
		msg := a2a.NewMessageForTask(a2a.MessageRoleAgent, reqCtx,
			a2a.TextPart{Text: res.Summary},
			a2a.DataPart{Data: map[string]any{"plan_id": p.ID, "questions": questionsData(o.Questions)}})
		return finish(ctx, q, reqCtx, a2a.TaskStateInputRequired, msg)
	}
	summary := a2a.NewArtifactEvent(reqCtx, a2a.TextPart{Text: res.Summary}, a2a.DataPart{Data: toMap(res)})
	summary.Artifact.Name, summary.Artifact.Description = "summary", "The plan's ID, status, summary, notes and links."
	if err := q.Write(ctx, summary); err != nil {
		return err
	}
	plan := a2a.NewArtifactEvent(reqCtx, a2a.DataPart{Data: toMap(p)})
	plan.Artifact.Name, plan.Artifact.Description = planArtifact, "The plan JSON: brief, itinerary, notes (as GET /v1/plans/{id})."
	if err := q.Write(ctx, plan); err != nil {
		return err
	}
	if html := res.Links["html"]; html != "" {
		doc := a2a.NewArtifactEvent(reqCtx, a2a.FilePart{File: a2a.FileURI{FileMeta: a2a.FileMeta{MimeType: "text/html", Name: p.ID + ".html"}, URI: html}})
		doc.Artifact.Name, doc.Artifact.Description = "itinerary", "The printable HTML itinerary."
		if err := q.Write(ctx, doc); err != nil {
			return err
		}
	}
	return finish(ctx, q, reqCtx, a2a.TaskStateCompleted, a2a.NewMessageForTask(a2a.MessageRoleAgent, reqCtx, a2a.TextPart{Text: res.Summary}))
}

// Cancel ends the task as canceled; a plan in flight stops when the
// execution's context is cancelled.
func (a *Agent) Cancel(ctx context.Context, reqCtx *a2asrv.RequestContext, q eventqueue.Queue) error {
	return finish(ctx, q, reqCtx, a2a.TaskStateCanceled, nil)
}

// finish writes the task's final status.
func finish(ctx context.Context, q eventqueue.Queue, reqCtx *a2asrv.RequestContext, state a2a.TaskState, msg *a2a.Message) error {
	ev := a2a.NewStatusUpdateEvent(reqCtx, state, msg)
	ev.Final = true
	return q.Write(ctx, ev)
}

// readMessage turns the message into a Request: text parts are the query;
// a data part may carry "brief", "answers", "now" and "deadline_ms". On a
// task waiting for input, the message answers the pending plan's questions:
// a data part's "answers" as given, otherwise the text for every question.
func readMessage(reqCtx *a2asrv.RequestContext) (Request, error) {
	var req Request
	var texts []string
	var data map[string]any
	if reqCtx.Message != nil {
		for _, part := range reqCtx.Message.Parts {
			switch p := part.(type) {
			case a2a.TextPart:
				texts = append(texts, p.Text)
			case a2a.DataPart:
				data = p.Data
			}
		}
	}
	text := strings.TrimSpace(strings.Join(texts, "\n"))
	var in a2aInput
	if data != nil {
		raw, _ := json.Marshal(data)
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil {
			return req, orchestrator.FieldErrorf("data", "%v", err)
		}
	}
	req.Now = in.Now
	req.Deadline = msDuration(in.DeadlineMS)
	if len(in.Events) > 0 {
		// a repair: of the plan named, or of the task's own plan
		req.Events, req.PlanID = in.Events, in.PlanID
		if req.PlanID == "" && reqCtx.StoredTask != nil {
			req.PlanID = planOf(reqCtx.StoredTask)
		}
		if req.PlanID == "" {
			return req, orchestrator.FieldErrorf("plan_id", "name the plan to repair, or send the events on its task")
		}
		return req, nil
	}
	if t := reqCtx.StoredTask; t != nil && t.Status.State == a2a.TaskStateInputRequired {
		id, questions := pendingOf(t)
		req.PlanID, req.Answers = id, in.Answers
		if len(req.Answers) == 0 && text != "" {
			req.Answers = map[string]string{}
			for _, f := range questions {
				req.Answers[f] = text
			}
		}
		return req, nil
	}
	req.Query = text
	if in.Query != "" {
		req.Query = in.Query
	}
	if in.Brief != nil {
		b, err := decodeBrief(in.Brief)
		if err != nil {
			return req, err
		}
		req.Brief = b
	}
	req.PlanID, req.Answers = in.PlanID, in.Answers
	return req, nil
}

// a2aInput is a message's data part: plan_trip's arguments, or events to
// repair a plan (replan_trip's).
type a2aInput struct {
	PlanTripInput
	Events []replan.Event `json:"events,omitempty"`
}

// planOf returns the ID of the plan a finished task produced (its summary
// artifact's data), or of the plan it waits on.
func planOf(t *a2a.Task) string {
	for _, art := range t.Artifacts {
		for _, part := range art.Parts {
			if p, ok := part.(a2a.DataPart); ok {
				if id, _ := p.Data["id"].(string); id != "" {
					return id
				}
			}
		}
	}
	id, _ := pendingOf(t)
	return id
}

// pendingOf reads the pending plan's ID and question fields from the data
// part of the input-required status message.
func pendingOf(t *a2a.Task) (id string, fields []string) {
	if t.Status.Message == nil {
		return "", nil
	}
	for _, part := range t.Status.Message.Parts {
		p, ok := part.(a2a.DataPart)
		if !ok {
			continue
		}
		id, _ = p.Data["plan_id"].(string)
		qs, _ := p.Data["questions"].([]any)
		for _, q := range qs {
			if m, ok := q.(map[string]any); ok {
				if f, ok := m["field"].(string); ok {
					fields = append(fields, f)
				}
			}
		}
	}
	return id, fields
}

func questionsData(qs []orchestrator.Question) []any {
	out := make([]any, len(qs))
	for i, q := range qs {
		out[i] = map[string]any{"field": q.Field, "text": q.Text}
	}
	return out
}

// errorMessage is err for the caller: code, message and field as text and
// data; internal details are withheld.
func errorMessage(reqCtx *a2asrv.RequestContext, err error) *a2a.Message {
	data := map[string]any{"code": orchestrator.ErrorCode(err), "message": orchestrator.ErrorMessage(err)}
	if f := orchestrator.ErrorField(err); f != "" {
		data["field"] = f
	}
	return a2a.NewMessageForTask(a2a.MessageRoleAgent, reqCtx, a2a.TextPart{Text: toolError(err).Error()}, a2a.DataPart{Data: data})
}

// toMap is v's JSON as a map, for data parts.
func toMap(v any) map[string]any {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return m
}

var _ a2asrv.AgentExecutor = (*Agent)(nil)
