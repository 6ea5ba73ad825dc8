package browser_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/browser"
)

// connect serves a's tools on an in-memory MCP session.
func connect(t *testing.T, a *browser.Agent) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "browser", Version: "test"}, nil)
	a.Register(s)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}

// call calls a tool and decodes its structured content (an error result's
// too) into a map.
func call(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any) (map[string]any, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%s: structured content %s: %v", tool, b, err)
	}
	if len(res.Content) != 1 {
		t.Fatalf("%s: %d content blocks, want 1", tool, len(res.Content))
	}
	var text map[string]any
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &text); err != nil {
		t.Errorf("%s: text is not the JSON of the result: %v", tool, err)
	}
	return out, res.IsError
}

func TestToolsOverMCP(t *testing.T) {
	a, site := sharedAgent(t)
	cs := connect(t, a)

	tools := map[string]bool{}
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		tools[tool.Name] = tool.OutputSchema != nil
	}
	if !tools[browser.ToolScrapePrices] || !tools[browser.ToolExtractPage] || len(tools) != 2 {
		t.Errorf("tools = %v, want scrape_prices and extract_page with output schemas", tools)
	}

	// The orchestrator's realtime_price arguments for a hotel subtask:
	// strings, coordinates as numbers, and parameters no recipe uses.
	out, isErr := call(t, cs, browser.ToolScrapePrices, map[string]any{
		"kind": "hotels", "city": "chengdu", "checkin": "2026-06-19", "checkout": "2026-06-22", "nights": "3",
		"guests": "2+1", "latitude": 30.66, "longitude": 104.06, "house_rules": "pets", "currency": "CNY",
	})
	if isErr {
		t.Fatalf("scrape_prices: error result %v", out)
	}
	prov, _ := out["provenance"].(map[string]any)
	if prov["source"] != "browser:fixture-hotels+browser:fixture-hotels-usd" || prov["fetched_at"] != "2026-06-01T08:30:00Z" {
		t.Errorf("provenance = %v", prov)
	}
	if items, _ := out["items"].([]any); len(items) != 14 {
		t.Errorf("items = %d, want 14", len(items))
	}
	if mid, _ := out["mid"].(map[string]any); mid["currency"] != "CNY" || mid["cents"] == nil {
		t.Errorf("mid = %v", out["mid"])
	}

	// Transport subtask arguments.
	out, isErr = call(t, cs, browser.ToolScrapePrices, map[string]any{
		"kind": "transport", "from": "shanghai", "to": "chengdu", "date": "2026-06-19", "guests": "2+1", "exclude": "flight,self_driving",
	})
	if isErr {
		t.Fatalf("scrape_prices transport: error result %v", out)
	}
	if items, _ := out["items"].([]any); len(items) != 4 {
		t.Errorf("transport items = %d, want 4", len(items))
	}

	out, isErr = call(t, cs, browser.ToolExtractPage, map[string]any{"url": site.URL + "/article"})
	if isErr {
		t.Fatalf("extract_page: error result %v", out)
	}
	if text, _ := out["text"].(string); !strings.Contains(text, "Giant Panda Base") || strings.Contains(text, "SYSTEM") {
		t.Errorf("extract_page text = %q", text)
	}
	if _, ok := out["provenance"].(map[string]any); !ok {
		t.Errorf("extract_page has no provenance: %v", out)
	}

	errorCases := []struct {
		tool      string
		args      map[string]any
		errorType string
	}{
		{browser.ToolScrapePrices, map[string]any{"kind": "hotels", "city": "chengdu", "nights": "two"}, "invalid_argument"},
		{browser.ToolScrapePrices, map[string]any{"kind": "boats"}, "invalid_argument"},
		{browser.ToolScrapePrices, map[string]any{"city": "chengdu"}, "invalid_argument"},
		{browser.ToolScrapePrices, map[string]any{"kind": "hotels", "city": []any{"x"}}, "invalid_argument"},
		{browser.ToolScrapePrices, map[string]any{"recipe": "fixture-blocked"}, browser.ErrBlocked},
		{browser.ToolScrapePrices, map[string]any{"recipe": "nope"}, "not_found"},
		{browser.ToolExtractPage, map[string]any{"url": "http://example.com/"}, "invalid_argument"},
		{browser.ToolExtractPage, map[string]any{}, "invalid_argument"},
		{browser.ToolExtractPage, map[string]any{"url": site.URL, "extra": 1}, "invalid_argument"},
	}
	for _, c := range errorCases {
		out, isErr := call(t, cs, c.tool, c.args)
		if !isErr || out["errorType"] != c.errorType || out["message"] == "" {
			t.Errorf("%s %v: isError %v, %v; want errorType %s", c.tool, c.args, isErr, out, c.errorType)
		}
		if _, ok := out["retryable"].(bool); !ok {
			t.Errorf("%s %v: no retryable flag in %v", c.tool, c.args, out)
		}
	}
}
