package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"
	"github.com/a2aproject/a2a-go/a2aclient/agentcard"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator/adapters/delegate"
)

// TestMCPPlanTrip drives `orchestrator serve`'s MCP endpoint with a stock
// go-sdk client: it lists the tools, plans a trip from a request with
// progress notifications, asks questions for a vague one and plans it once
// they are answered, fetches a plan and parses a request.
func TestMCPPlanTrip(t *testing.T) {
	base := startServer(t, testConfig(t, openmeteotest.NewServer(t)))
	ctx := context.Background()

	var mu sync.Mutex
	var progress []*mcp.ProgressNotificationParams
	client := mcp.NewClient(&mcp.Implementation{Name: "stock-client", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			progress = append(progress, req.Params)
			mu.Unlock()
		},
	})
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	if strings.Join(names, ",") != "get_plan,parse_request,plan_trip,replan_trip" {
		t.Errorf("tools = %v", names)
	}

	call := func(name string, args map[string]any, token any) delegate.PlanResult {
		t.Helper()
		p := &mcp.CallToolParams{Name: name, Arguments: args}
		if token != nil {
			p.SetProgressToken(token)
		}
		res, err := cs.CallTool(ctx, p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if res.IsError {
			t.Fatalf("%s failed: %s", name, res.Content[0].(*mcp.TextContent).Text)
		}
		var out delegate.PlanResult
		data, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(data, &out); err != nil {
			t.Fatalf("%s: %v in %s", name, err, data)
		}
		return out
	}

	const now = "2026-06-01T12:00:00+08:00"
	plan := call(delegate.ToolPlanTrip, map[string]any{"query": "成都三日游，6月3日出发，两大一小", "now": now}, "tok-1")
	if plan.Status != "complete" && plan.Status != "partial" {
		t.Fatalf("plan_trip = %+v", plan)
	}
	if !strings.HasPrefix(plan.ID, "pl_") || plan.Links["html"] != base+"/v1/plans/"+plan.ID+".html" || !strings.Contains(plan.Summary, "成都") {
		t.Errorf("plan_trip = %+v", plan)
	}
	// The client hands notifications to its handler asynchronously: the
	// last ones may still be on their way when the result is back.
	var got []*mcp.ProgressNotificationParams
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		got = slices.Clone(progress)
		mu.Unlock()
		if n := len(got); (n > 0 && got[n-1].Total > 0 && got[n-1].Progress == got[n-1].Total) || time.Now().After(deadline) {
			break
		}
	}
	if len(got) < 3 {
		t.Fatalf("progress notifications = %d, want one per node", len(got))
	}
	last := got[len(got)-1]
	if last.ProgressToken != "tok-1" || last.Total == 0 || last.Progress != last.Total {
		t.Errorf("last progress = %+v", last)
	}
	for i := 1; i < len(got); i++ {
		if got[i].Progress < got[i-1].Progress {
			t.Errorf("progress went back: %v then %v", got[i-1].Progress, got[i].Progress)
		}
	}

	// A vague request asks; answering resumes the same plan.
	ask := call(delegate.ToolPlanTrip, map[string]any{"query": "I want a relaxing holiday", "now": now}, nil)
	if ask.Status != "needs_input" || len(ask.Questions) == 0 || ask.Links["answers"] == "" {
		t.Fatalf("vague plan_trip = %+v", ask)
	}
	done := call(delegate.ToolPlanTrip, map[string]any{"plan_id": ask.ID, "now": now,
		"answers": map[string]string{"destinations": "Chengdu", "dates": "June 2 to June 4"}}, nil)
	if done.ID != ask.ID || (done.Status != "complete" && done.Status != "partial") {
		t.Errorf("answered plan_trip = %+v", done)
	}

	got2 := call(delegate.ToolGetPlan, map[string]any{"id": plan.ID}, nil)
	if got2.ID != plan.ID || got2.Summary != plan.Summary {
		t.Errorf("get_plan = %+v, want %+v", got2, plan)
	}

	// Errors are tool errors naming what is wrong.
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{delegate.ToolGetPlan, map[string]any{"id": "pl_nope"}, "not_found"},
		{delegate.ToolPlanTrip, map[string]any{"brief": map[string]any{"destinations": []string{"Chengdu"}, "colour": "red"}}, "brief"},
		{delegate.ToolPlanTrip, map[string]any{}, "query"},
		{delegate.ToolPlanTrip, map[string]any{"plan_id": plan.ID, "answers": map[string]string{"dates": "June 3"}}, "conflict"},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		if err != nil {
			t.Fatalf("%s %v: %v", tc.tool, tc.args, err)
		}
		if !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, tc.want) {
			t.Errorf("%s %v = %+v, want an error naming %s", tc.tool, tc.args, res.Content, tc.want)
		}
	}

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: delegate.ToolParseRequest,
		Arguments: map[string]any{"query": "3 days in Kyoto in April, $1500, temples and food", "now": "2026-03-03T10:00:00+09:00"}})
	if err != nil || res.IsError {
		t.Fatalf("parse_request: %v %+v", err, res)
	}
	var parsed delegate.ParseRequestOutput
	data, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(data, &parsed); err != nil || !slices.Contains(parsed.Brief.Destinations, "Kyoto") || parsed.Parser == "" {
		t.Errorf("parse_request = %s (%v)", data, err)
	}
}

// TestA2AAgent drives the A2A agent with a2a-go's own client: it resolves
// the card, gets a plan through message/send, answers an input-required
// question on the same task, and streams a plan through message/stream.
func TestA2AAgent(t *testing.T) {
	base := startServer(t, testConfig(t, openmeteotest.NewServer(t)))
	ctx := context.Background()

	card, err := agentcard.DefaultResolver.Resolve(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	if card.URL != base+"/a2a" || !card.Capabilities.Streaming || len(card.Skills) == 0 {
		t.Fatalf("card = %+v", card)
	}
	client, err := a2aclient.NewFromCard(ctx, card)
	if err != nil {
		t.Fatal(err)
	}
	const now = "2026-06-01T12:00:00+08:00"
	send := func(msg *a2a.Message) *a2a.Task {
		t.Helper()
		res, err := client.SendMessage(ctx, &a2a.MessageSendParams{Message: msg})
		if err != nil {
			t.Fatal(err)
		}
		task, ok := res.(*a2a.Task)
		if !ok {
			t.Fatalf("message/send answered %T, want a task", res)
		}
		return task
	}

	// message/send plans a request and returns the plan as artifacts.
	task := send(a2a.NewMessage(a2a.MessageRoleUser, a2a.TextPart{Text: "成都三日游，6月3日出发，两大一小"}, a2a.DataPart{Data: map[string]any{"now": now}}))
	if task.Status.State != a2a.TaskStateCompleted {
		t.Fatalf("state = %s, message %+v", task.Status.State, task.Status.Message)
	}
	checkPlanArtifacts(t, base, task)

	// A vague request ends in input-required; the answer on the same task
	// finishes the plan.
	task = send(a2a.NewMessage(a2a.MessageRoleUser, a2a.TextPart{Text: "I want a relaxing holiday"}, a2a.DataPart{Data: map[string]any{"now": now}}))
	if task.Status.State != a2a.TaskStateInputRequired || task.Status.Message == nil {
		t.Fatalf("vague request: state %s", task.Status.State)
	}
	reply := a2a.NewMessageForTask(a2a.MessageRoleUser, task, a2a.TextPart{Text: "Chengdu, June 2 to June 4"}, a2a.DataPart{Data: map[string]any{"now": now}})
	answered := send(reply)
	if answered.ID != task.ID || answered.Status.State != a2a.TaskStateCompleted {
		t.Fatalf("answered: task %s state %s, message %+v", answered.ID, answered.Status.State, answered.Status.Message)
	}
	checkPlanArtifacts(t, base, answered)

	// message/stream reports progress, then the artifacts and completion.
	var states []a2a.TaskState
	artifacts := 0
	msg := a2a.NewMessage(a2a.MessageRoleUser, a2a.TextPart{Text: "成都三日游，6月3日出发，两大一小"}, a2a.DataPart{Data: map[string]any{"now": now}})
	for ev, err := range client.SendStreamingMessage(ctx, &a2a.MessageSendParams{Message: msg}) {
		if err != nil {
			t.Fatal(err)
		}
		switch e := ev.(type) {
		case *a2a.TaskStatusUpdateEvent:
			states = append(states, e.Status.State)
		case *a2a.TaskArtifactUpdateEvent:
			artifacts++
		}
	}
	working := 0
	for _, s := range states {
		if s == a2a.TaskStateWorking {
			working++
		}
	}
	if len(states) == 0 || states[len(states)-1] != a2a.TaskStateCompleted || working < 3 || artifacts < 2 {
		t.Errorf("stream: states %v, %d artifacts; want progress, artifacts, completed", states, artifacts)
	}

	// Bad input is rejected with the field at fault.
	task = send(a2a.NewMessage(a2a.MessageRoleUser, a2a.DataPart{Data: map[string]any{"brief": map[string]any{"destinations": []string{"Chengdu"}, "colour": "red"}}}))
	if task.Status.State != a2a.TaskStateRejected {
		t.Errorf("bad brief: state %s", task.Status.State)
	}
}

// checkPlanArtifacts checks a completed task's artifacts: a summary, the
// plan JSON and a link to its HTML itinerary that serves it.
func checkPlanArtifacts(t *testing.T, base string, task *a2a.Task) {
	t.Helper()
	names := map[string]*a2a.Artifact{}
	for _, a := range task.Artifacts {
		names[a.Name] = a
	}
	if names["summary"] == nil || names["plan"] == nil || names["itinerary"] == nil {
		t.Fatalf("artifacts = %v", names)
	}
	data := names["plan"].Parts[0].(a2a.DataPart).Data
	if data["id"] == nil || data["itinerary"] == nil {
		t.Errorf("plan artifact lacks id or itinerary: %v", data["id"])
	}
	file := names["itinerary"].Parts[0].(a2a.FilePart).File.(a2a.FileURI)
	if !strings.HasPrefix(file.URI, base+"/v1/plans/") {
		t.Errorf("itinerary URI = %s", file.URI)
	}
	if status, body := getJSON(t, file.URI); status != 200 || !strings.Contains(string(body), "<html") {
		t.Errorf("GET %s = %d", file.URI, status)
	}
}
