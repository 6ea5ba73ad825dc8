package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator/delegate"
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
	if strings.Join(names, ",") != "get_plan,parse_request,plan_trip" {
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
	mu.Lock()
	got := progress
	mu.Unlock()
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
