package delegate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/replan"
)

// MCP tool names.
const (
	ToolPlanTrip     = "plan_trip"
	ToolGetPlan      = "get_plan"
	ToolParseRequest = "parse_request"
	ToolReplanTrip   = "replan_trip"
)

// Version is reported at MCP initialization and in the agent card.
const Version = "0.1.0"

// PlanTripInput is plan_trip's arguments.
type PlanTripInput struct {
	Query string `json:"query,omitempty" jsonschema:"the travel request in Chinese or English, e.g. '3 days in Kyoto in April, $1500, temples and food'"`
	// Brief is a structured brief (tripweave's brief JSON); it is decoded
	// strictly, so unknown fields are errors naming the field.
	Brief   map[string]any    `json:"brief,omitempty" jsonschema:"a structured brief instead of query: origin, destinations, start_date, days, travelers{adults,children}, budget{amount,currency,per_person}, interests, pace, constraints, language"`
	PlanID  string            `json:"plan_id,omitempty" jsonschema:"with answers: the pending plan whose questions are answered"`
	Answers map[string]string `json:"answers,omitempty" jsonschema:"free-text answers keyed by the question's field, e.g. {\"dates\": \"April 3 to April 5\"}"`
	Now     string            `json:"now,omitempty" jsonschema:"reference time (RFC 3339) for relative dates; default the server clock"`
	// DeadlineMS bounds the run (1 … 120000 ms).
	DeadlineMS int `json:"deadline_ms,omitempty" jsonschema:"deadline of the run in milliseconds (1 to 120000)"`
}

// PlanResult is what plan_trip and get_plan answer: the plan's ID and
// status, a summary in the traveller's language, pending questions, notes
// for the traveller and links to the plan's documents.
type PlanResult struct {
	ID        string                  `json:"id"`
	Status    string                  `json:"status" jsonschema:"complete, partial or needs_input"`
	Summary   string                  `json:"summary"`
	Questions []orchestrator.Question `json:"questions,omitempty" jsonschema:"when status is needs_input: answer them with plan_trip's plan_id and answers"`
	Notes     []string                `json:"notes,omitempty" jsonschema:"what is missing, estimated or stale, for the traveller"`
	Links     map[string]string       `json:"links"`
	// Replaces and Changes are set on a repaired plan (replan_trip).
	Replaces string                `json:"replaces,omitempty" jsonschema:"the plan this one repairs"`
	Changes  []orchestrator.Change `json:"changes,omitempty" jsonschema:"what the repair removed, added, moved or shifted, and why"`
}

// GetPlanInput is get_plan's arguments.
type GetPlanInput struct {
	ID string `json:"id" jsonschema:"the plan ID, e.g. pl_0123456789abcdef"`
	// Full asks for the whole plan (brief, itinerary, notes) as well.
	Full bool `json:"full,omitempty" jsonschema:"also return the whole plan JSON (brief, itinerary, notes) as a second content block"`
}

// ReplanTripInput is replan_trip's arguments.
type ReplanTripInput struct {
	PlanID string         `json:"plan_id" jsonschema:"the plan to repair, e.g. pl_0123456789abcdef"`
	Events []replan.Event `json:"events" jsonschema:"what changed: closed, cancelled, delayed, weather, late_start, skip or add events"`
	Now    string         `json:"now" jsonschema:"the moment of the repair (RFC 3339, the trip's local offset); what lies before it is kept"`
}

// ParseRequestInput is parse_request's arguments.
type ParseRequestInput struct {
	Query string `json:"query" jsonschema:"the travel request to read"`
	Now   string `json:"now,omitempty" jsonschema:"reference time (RFC 3339) for relative dates"`
}

// ParseRequestOutput is parse_request's answer; Brief is tripweave's brief
// JSON.
type ParseRequestOutput struct {
	Brief     orchestrator.Brief      `json:"brief"`
	Parser    string                  `json:"parser"`
	Questions []orchestrator.Question `json:"questions,omitempty"`
	Notes     []string                `json:"notes,omitempty"`
}

// baseHeader carries the request's own origin from MCPHandler to the tools,
// for absolute links; a client's value is replaced.
const baseHeader = "X-Tripweave-Origin"

// NewMCPServer returns tripweave's MCP server: plan_trip, get_plan and
// parse_request over svc.
func NewMCPServer(svc *Service) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "tripweave", Title: "tripweave trip planner", Version: Version},
		&mcp.ServerOptions{Instructions: "Plans verified day-by-day trips. Call plan_trip with a request in Chinese or English " +
			"(or a structured brief); when it answers status needs_input, call it again with plan_id and answers to its questions. " +
			"get_plan fetches a plan by ID, parse_request reads a request into a brief without planning."})
	mcp.AddTool(s, &mcp.Tool{
		Name:  ToolPlanTrip,
		Title: "Plan a trip",
		Description: "Plan a trip from a request or a structured brief, or resume a plan that asked questions (plan_id + answers). " +
			"Sends progress notifications while the plan's data is gathered when the call carries a progress token. " +
			"Answers the plan's ID, status, a summary, pending questions, notes and links to its JSON, HTML, Markdown, iCalendar and GeoJSON.",
		Annotations: &mcp.ToolAnnotations{OpenWorldHint: ptr(true)},
	}, safeTool(svc, ToolPlanTrip, func(ctx context.Context, req *mcp.CallToolRequest, in PlanTripInput) (*mcp.CallToolResult, PlanResult, error) {
		ctx = withCaller(ctx, req)
		r := Request{Query: in.Query, PlanID: in.PlanID, Answers: in.Answers, Now: in.Now,
			Deadline: msDuration(in.DeadlineMS)}
		if in.Brief != nil {
			b, err := decodeBrief(in.Brief)
			if err != nil {
				return nil, PlanResult{}, toolError(err)
			}
			r.Brief = b
		}
		if token := req.Params.GetProgressToken(); token != nil && req.Session != nil {
			progress(ctx, req.Session, token, &r)
		}
		o, err := svc.Plan(ctx, r)
		if err != nil {
			return nil, PlanResult{}, toolError(err)
		}
		return nil, result(origin(req), o.Plan), nil
	}))
	mcp.AddTool(s, &mcp.Tool{
		Name:        ToolGetPlan,
		Title:       "Get a plan",
		Description: "Fetch a stored plan by ID: status, summary, questions, notes and links; with full, the whole plan JSON too.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, safeTool(svc, ToolGetPlan, func(ctx context.Context, req *mcp.CallToolRequest, in GetPlanInput) (*mcp.CallToolResult, PlanResult, error) {
		ctx = withCaller(ctx, req)
		p, err := svc.Get(ctx, in.ID)
		if err != nil {
			return nil, PlanResult{}, toolError(err)
		}
		out := result(origin(req), p)
		if !in.Full {
			return nil, out, nil
		}
		summary, _ := json.Marshal(out)
		full, err := json.Marshal(p)
		if err != nil {
			return nil, PlanResult{}, toolError(err)
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(summary)}, &mcp.TextContent{Text: string(full)}}}, out, nil
	}))
	mcp.AddTool(s, &mcp.Tool{
		Name:  ToolReplanTrip,
		Title: "Repair a trip when something changed",
		Description: "Repair a stored plan for events — a sight or restaurant closed, a leg cancelled or delayed, rain, a late start, " +
			"a place to skip or add — keeping everything before now and what still works. Answers the new plan (its own ID, " +
			"replacing the old one, which stays readable) with its changes in the summary and notes.",
		Annotations: &mcp.ToolAnnotations{OpenWorldHint: ptr(false)},
	}, safeTool(svc, ToolReplanTrip, func(ctx context.Context, req *mcp.CallToolRequest, in ReplanTripInput) (*mcp.CallToolResult, PlanResult, error) {
		ctx = withCaller(ctx, req)
		p, err := svc.Replan(ctx, in.PlanID, replan.Request{Events: in.Events, Now: in.Now})
		if err != nil {
			return nil, PlanResult{}, toolError(err)
		}
		return nil, result(origin(req), p), nil
	}))
	mcp.AddTool(s, &mcp.Tool{
		Name:        ToolParseRequest,
		Title:       "Read a travel request",
		Description: "Read a travel request (Chinese or English) into tripweave's structured brief without planning it: the brief, which parser read it, pending questions and notes.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, safeTool(svc, ToolParseRequest, func(ctx context.Context, req *mcp.CallToolRequest, in ParseRequestInput) (*mcp.CallToolResult, ParseRequestOutput, error) {
		parsed, err := svc.Parse(ctx, in.Query, in.Now)
		if err != nil {
			return nil, ParseRequestOutput{}, toolError(err)
		}
		return nil, ParseRequestOutput{Brief: parsed.Brief, Parser: parsed.Parser, Questions: parsed.Questions, Notes: parsed.Notes}, nil
	}))
	return s
}

// MCPHandler serves s over streamable HTTP, stateless (any replica can
// answer) with SSE replies, so progress notifications reach the caller
// while plan_trip runs.
func MCPHandler(s *mcp.Server) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Set(baseHeader, requestOrigin(r))
		r.Header.Del(callerHeader) // only the server says who calls
		if k := orchestrator.Caller(r.Context()); k != nil {
			r.Header.Set(callerHeader, k.ID+";"+strings.Join(k.Scopes, ","))
		}
		h.ServeHTTP(w, r)
	})
}

// callerHeader carries the authenticated API key (id and scopes) from
// MCPHandler to the tools; a client's value is removed.
const callerHeader = "X-Tripweave-Caller"

// withCaller returns ctx carrying the API key MCPHandler found on the
// request, if any.
func withCaller(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	if req.Extra == nil || req.Extra.Header == nil {
		return ctx
	}
	v := req.Extra.Header.Get(callerHeader)
	if v == "" {
		return ctx
	}
	id, scopes, _ := strings.Cut(v, ";")
	return orchestrator.WithCaller(ctx, &orchestrator.APIKey{ID: id, Scopes: strings.Split(scopes, ",")})
}

// requestOrigin is the scheme and host the request was sent to.
func requestOrigin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func origin(req *mcp.CallToolRequest) string {
	if req.Extra != nil && req.Extra.Header != nil {
		return req.Extra.Header.Get(baseHeader)
	}
	return ""
}

// result is the PlanResult of p with links under base.
func result(base string, p *orchestrator.Plan) PlanResult {
	out := PlanResult{ID: p.ID, Status: p.Status, Summary: Summary(p), Questions: p.Questions, Links: Links(base, p),
		Replaces: p.Replaces, Changes: p.Changes}
	for _, n := range p.Notes {
		if n.Audience == orchestrator.NoteOperator {
			continue // configuration: in the plan JSON, not the traveller's summary
		}
		out.Notes = append(out.Notes, n.Message)
	}
	return out
}

// progress makes r report each finished node to the caller as an MCP
// progress notification (progress = nodes done, total = nodes).
func progress(ctx context.Context, ss *mcp.ServerSession, token any, r *Request) {
	var mu sync.Mutex
	total, done := 0, 0
	r.Progress = &orchestrator.Progress{
		Begin: func(subtasks []orchestrator.Subtask) {
			mu.Lock()
			total = len(subtasks)
			mu.Unlock()
			_ = ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Total: float64(len(subtasks)), Message: "planning"})
		},
		Finished: func(d orchestrator.NodeDone) {
			mu.Lock()
			defer mu.Unlock() // notifications in order
			done++
			msg := string(d.Kind) + " done"
			if d.Err != nil {
				msg = string(d.Kind) + " failed"
			}
			_ = ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: float64(done), Total: float64(max(total, done)), Message: msg})
		},
	}
}

// decodeBrief decodes a brief given as a JSON object strictly.
func decodeBrief(m map[string]any) (*orchestrator.Brief, error) {
	data, err := json.Marshal(m)
	if err != nil {
		return nil, orchestrator.FieldErrorf("brief", "cannot be read")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b orchestrator.Brief
	if err := dec.Decode(&b); err != nil {
		return nil, orchestrator.FieldErrorf("brief", "%v", err)
	}
	if err := orchestrator.CheckParty(data); err != nil {
		return nil, orchestrator.PrefixField("brief", err)
	}
	return &b, nil
}

// toolError is err as a tool failure: its code, message and field, with
// internal details withheld.
// safeTool wraps a tool handler so that a panic in it becomes the tool's
// internal error, logged with its stack, instead of ending the process: the
// MCP library runs handlers on its own goroutines and does not recover.
func safeTool[In, Out any](svc *Service, name string, h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if v := recover(); v != nil {
				var zero Out
				res, out, err = nil, zero, toolError(orchestrator.Recovered(ctx, svc.cfg.Logger, "mcp "+name, v))
			}
		}()
		return h(ctx, req, in)
	}
}

func toolError(err error) error {
	code := orchestrator.ErrorCode(err)
	msg := orchestrator.ErrorMessage(err)
	if f := orchestrator.ErrorField(err); f != "" {
		return fmt.Errorf("%s: %s (field %s)", code, msg, f)
	}
	return fmt.Errorf("%s: %s", code, msg)
}

func ptr[T any](v T) *T { return &v }

// msDuration is n milliseconds.
func msDuration(n int) time.Duration { return time.Duration(n) * time.Millisecond }
