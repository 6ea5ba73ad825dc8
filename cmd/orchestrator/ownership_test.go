package main

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"
	"github.com/a2aproject/a2a-go/a2aclient/agentcard"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
)

// newKey makes an API key with `keys create` and returns it.
func newKey(t *testing.T, cfg Config, name, scopes string) string {
	t.Helper()
	var out, errOut strings.Builder
	if err := cmdKeys(context.Background(), cfg, []string{"create", "--name", name, "--scopes", scopes}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(out.String())
}

// TestAgentEndpointsKeepPlansToTheirOwners opens /mcp and /a2a to ordinary
// keys: a plan made through either belongs to the key that made it, so
// another key neither gets it from get_plan nor reads its task, nor reads
// it over the JSON API, while its owner does all three; a read-only key may
// not call the agents at all.
func TestAgentEndpointsKeepPlansToTheirOwners(t *testing.T) {
	cfg := testConfig(t, openmeteotest.NewServer(t))
	cfg.Auth = "required"
	alice := newKey(t, cfg, "alice", "plans:read,plans:write")
	bob := newKey(t, cfg, "bob", "plans:read,plans:write")
	reader := newKey(t, cfg, "reader", "plans:read")
	base := startGuarded(t, cfg, "127.0.0.1:0")
	ctx := context.Background()

	mcpAs := func(key string) *mcp.ClientSession {
		t.Helper()
		client := mcp.NewClient(&mcp.Implementation{Name: "owner-test", Version: "1"}, nil)
		cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp",
			HTTPClient: &http.Client{Transport: bearerTransport(key)}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	if _, err := mcp.NewClient(&mcp.Implementation{Name: "r", Version: "1"}, nil).Connect(ctx,
		&mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: &http.Client{Transport: bearerTransport(reader)}}, nil); err == nil {
		t.Error("a plans:read key connected to /mcp")
	}
	aliceMCP, bobMCP := mcpAs(alice), mcpAs(bob)
	res, err := aliceMCP.CallTool(ctx, &mcp.CallToolParams{Name: "plan_trip", Arguments: map[string]any{
		"query": "成都三日游，6月3日出发，两大一小", "now": "2026-06-01T12:00:00+08:00"}})
	if err != nil || res.IsError {
		t.Fatalf("alice plan_trip: %v %+v", err, res)
	}
	id, _ := res.StructuredContent.(map[string]any)["id"].(string)
	if !strings.HasPrefix(id, "pl_") {
		t.Fatalf("plan_trip answered %v", res.StructuredContent)
	}
	get := func(cs *mcp.ClientSession) *mcp.CallToolResult {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_plan", Arguments: map[string]any{"id": id}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if r := get(aliceMCP); r.IsError {
		t.Errorf("alice get_plan of her plan: %+v", r.Content)
	}
	if r := get(bobMCP); !r.IsError || !strings.Contains(r.Content[0].(*mcp.TextContent).Text, "not_found") {
		t.Errorf("bob get_plan of alice's plan: %+v, want not_found", r.Content)
	}
	if resp := getWithKey(t, base+"/v1/plans/"+id, bob); resp.StatusCode != http.StatusNotFound {
		t.Errorf("bob GET of alice's MCP plan: %d, want 404", resp.StatusCode)
	}
	if resp := getWithKey(t, base+"/v1/plans/"+id, alice); resp.StatusCode != http.StatusOK {
		t.Errorf("alice GET of her MCP plan: %d, want 200", resp.StatusCode)
	}

	card, err := agentcard.DefaultResolver.Resolve(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	a2aAs := func(key string) *a2aclient.Client {
		c, err := a2aclient.NewFromCard(ctx, card, a2aclient.WithJSONRPCTransport(&http.Client{Transport: bearerTransport(key)}))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	aliceA2A, bobA2A := a2aAs(alice), a2aAs(bob)
	sent, err := aliceA2A.SendMessage(ctx, &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser,
		a2a.TextPart{Text: "I want a relaxing holiday"}, a2a.DataPart{Data: map[string]any{"now": "2026-06-01T12:00:00+08:00"}})})
	if err != nil {
		t.Fatal(err)
	}
	task, ok := sent.(*a2a.Task)
	if !ok || task.Status.State != a2a.TaskStateInputRequired {
		t.Fatalf("alice message/send: %+v", sent)
	}
	if _, err := aliceA2A.GetTask(ctx, &a2a.TaskQueryParams{ID: task.ID}); err != nil {
		t.Errorf("alice tasks/get of her task: %v", err)
	}
	if got, err := bobA2A.GetTask(ctx, &a2a.TaskQueryParams{ID: task.ID}); err == nil {
		t.Errorf("bob tasks/get of alice's task: %+v, want task not found", got.Status)
	}
	reply := a2a.NewMessageForTask(a2a.MessageRoleUser, task, a2a.TextPart{Text: "Chengdu, June 2 to June 4"})
	if got, err := bobA2A.SendMessage(ctx, &a2a.MessageSendParams{Message: reply}); err == nil {
		t.Errorf("bob answered alice's task: %+v", got)
	}
	// Nor can bob answer alice's pending plan by its ID in a new task.
	pending, _ := task.Status.Message.Parts[1].(a2a.DataPart).Data["plan_id"].(string)
	res2, err := bobA2A.SendMessage(ctx, &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser,
		a2a.DataPart{Data: map[string]any{"plan_id": pending, "answers": map[string]any{"destinations": "Chengdu"}}})})
	if bt, ok := res2.(*a2a.Task); err == nil && (!ok || bt.Status.State != a2a.TaskStateRejected) {
		t.Errorf("bob answered alice's pending plan %s: %+v", pending, res2)
	}
}
