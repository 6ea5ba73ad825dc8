package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"
	"github.com/a2aproject/a2a-go/a2aclient/agentcard"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/adapters/delegate"
)

// doorCorpus is every request text we hold: the shared datasets' and this
// repository's (agents/brief/testdata/public_requests.jsonl keeps the public
// requests that once crashed the parser).
func doorCorpus(t *testing.T) []string {
	t.Helper()
	texts, err := datasets.RequestCorpus()
	if err != nil && os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
		t.Fatalf("request corpus: %v", err)
	}
	if len(texts) < 50 {
		t.Fatalf("only %d request texts found", len(texts))
	}
	return texts
}

// TestEveryRequestThroughEveryDoor reads every request text we hold through
// each door — REST (POST /v1/briefs), MCP (parse_request) and the CLI
// (orchestrator brief) — and plans the texts that once crashed the parser
// through REST (POST /v1/plans), MCP (plan_trip) and A2A (message/send).
// No answer is an internal error, and the server (this process) lives on:
// a panic on an MCP goroutine would end the test binary.
func TestEveryRequestThroughEveryDoor(t *testing.T) {
	base := startServer(t, testConfig(t, openmeteotest.NewServer(t)))
	ctx := context.Background()
	const now = "2026-06-01T12:00:00+08:00"
	texts := doorCorpus(t)

	cs, err := mcp.NewClient(&mcp.Implementation{Name: "doors", Version: "1"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	mcpCall := func(tool string, args map[string]any) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
		if err != nil {
			t.Fatalf("mcp %s %q: %v", tool, args["query"], err)
		}
		if res.IsError {
			if txt := res.Content[0].(*mcp.TextContent).Text; strings.HasPrefix(txt, "internal") {
				t.Errorf("mcp %s %q: %s", tool, args["query"], txt)
			}
		}
	}
	// Plans get a short deadline: a request naming a region's many
	// candidate cities waits on the providers' rate limits (OSRM's one
	// request a second), and an honest 504 after the deadline is an answer
	// too — what may never come is a 500 or a dead process.
	const deadlineMS = 3000
	post := func(path, query string) {
		t.Helper()
		req := map[string]any{"query": query, "now": now}
		if path == "/v1/plans" {
			req["options"] = map[string]any{"deadline_ms": deadlineMS}
		}
		body, _ := json.Marshal(req)
		resp, err := http.Post(base+path, "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatalf("POST %s %q: %v", path, query, err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode >= 500 && resp.StatusCode != http.StatusServiceUnavailable && resp.StatusCode != http.StatusGatewayTimeout {
			t.Errorf("POST %s %q: %d %s", path, query, resp.StatusCode, data)
		}
	}

	for _, q := range texts {
		post("/v1/briefs", q)
		mcpCall(delegate.ToolParseRequest, map[string]any{"query": q, "now": now})
		var out, errOut bytes.Buffer
		if err := run(ctx, []string{"brief", "--now", now, q}, strings.NewReader(""), &out, &errOut); err != nil &&
			strings.Contains(err.Error(), "internal") {
			t.Errorf("cli brief %q: %v", q, err)
		}
	}

	card, err := agentcard.DefaultResolver.Resolve(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	client, err := a2aclient.NewFromCard(ctx, card)
	if err != nil {
		t.Fatal(err)
	}
	root, _ := datasets.ModuleRoot()
	for _, q := range datasets.RequestTexts(root + "/agents/brief/testdata") {
		post("/v1/plans", q)
		mcpCall(delegate.ToolPlanTrip, map[string]any{"query": q, "now": now, "deadline_ms": deadlineMS})
		res, err := client.SendMessage(ctx, &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser,
			a2a.TextPart{Text: q}, a2a.DataPart{Data: map[string]any{"now": now, "deadline_ms": deadlineMS}})})
		if err != nil {
			t.Fatalf("a2a %q: %v", q, err)
		}
		if task, ok := res.(*a2a.Task); ok && task.Status.Message != nil {
			if txt, _ := task.Status.Message.Parts[0].(a2a.TextPart); strings.Contains(txt.Text, "internal error") {
				t.Errorf("a2a %q: %s", q, txt.Text)
			}
		}
	}
	resp, err := http.Get(base + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the server did not survive: %v", err)
	}
	resp.Body.Close()
}
