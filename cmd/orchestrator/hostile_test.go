package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"
	"github.com/a2aproject/a2a-go/a2aclient/agentcard"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator/adapters/delegate"
)

// hostileTexts are variants of the corpus's texts no client should send:
// control characters, bytes that are not UTF-8, a megabyte of text.
func hostileTexts(texts []string) map[string]string {
	seed := texts[0]
	return map[string]string{
		"nul":          seed[:len(seed)/2] + "\x00" + seed[len(seed)/2:],
		"invalid utf8": seed + " \xff\xfe\xc3(",
		"megabyte":     strings.Repeat(seed+" ", (1<<20)/(len(seed)+1)+1),
		"controls":     "\x1b[31m" + seed + "\a\b\x7f",
		"only nul":     "\x00\x00\x00",
	}
}

// hostileBodies are structured requests with impossible or malicious
// values, each with the field a 4xx answer must name ("" when any answer
// but a 5xx will do).
func hostileBodies(seed string) []struct{ name, body, field string } {
	// Under the 64 KB body limit, so that the JSON decoder meets them.
	nested := strings.Repeat(`{"a":`, 9000) + "1" + strings.Repeat("}", 9000)
	return []struct{ name, body, field string }{
		{"deeply nested", `{"query":` + jsonString(seed) + `,"brief":` + nested + `}`, ""},
		{"deeply nested array", `{"query":` + jsonString(seed) + `,"x":` + strings.Repeat("[", 25000) + strings.Repeat("]", 25000) + `}`, ""},
		{"huge days", `{"brief":{"destinations":["Chengdu"],"days":1e308}}`, "days"},
		{"negative days", `{"brief":{"destinations":["Chengdu"],"days":-3}}`, "days"},
		{"huge budget", `{"brief":{"destinations":["Chengdu"],"days":2,"budget":{"amount":1e308,"currency":"CNY"}}}`, "budget"},
		{"negative adults", `{"brief":{"destinations":["Chengdu"],"days":2,"travelers":{"adults":-1}}}`, "adults"},
		{"huge adults", `{"brief":{"destinations":["Chengdu"],"days":2,"travelers":{"adults":99999999999999999999}}}`, "adults"},
		{"nul in query", `{"query":"3 days in Chengdu\u0000"}`, "query"},
		{"not an object", `[1,2,3]`, ""},
		{"truncated", `{"query":"3 days in`, ""},
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestHostileInputsThroughEveryDoor sends the hostile variants through
// REST, MCP, A2A and the CLI: no answer is a 5xx other than 503/504 or an
// internal error, a 4xx names the field at fault when there is one, and
// the server lives on.
func TestHostileInputsThroughEveryDoor(t *testing.T) {
	base := startServer(t, testConfig(t, openmeteotest.NewServer(t)))
	ctx := context.Background()
	const now = "2026-06-01T12:00:00+08:00"
	texts := doorCorpus(t)
	hostile := hostileTexts(texts)

	check := func(what string, status int, data []byte, field string) {
		t.Helper()
		if testing.Verbose() && !strings.HasPrefix(what, "corpus") {
			t.Logf("%s: %d %.160s", what, status, bytes.TrimSpace(data))
		}
		if status >= 500 && status != http.StatusServiceUnavailable && status != http.StatusGatewayTimeout {
			t.Errorf("%s: %d %.300s", what, status, data)
			return
		}
		if status >= 400 && field != "" {
			var e struct {
				Error struct {
					Field   string `json:"field"`
					Message string `json:"message"`
				} `json:"error"`
			}
			_ = json.Unmarshal(data, &e)
			if !strings.Contains(e.Error.Field, field) {
				t.Errorf("%s: %d with field %q (%s), want the field naming %q", what, status, e.Error.Field, e.Error.Message, field)
			}
		}
	}
	post := func(what, path, body, field string) {
		t.Helper()
		resp, err := http.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatalf("%s: POST %s: %v", what, path, err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		check(what+" POST "+path, resp.StatusCode, data, field)
	}
	for name, q := range hostile {
		body, _ := json.Marshal(map[string]any{"query": q, "now": now, "options": map[string]any{"deadline_ms": 3000}})
		field := ""
		if strings.Contains(name, "nul") {
			field = "query"
		}
		brief, _ := json.Marshal(map[string]any{"query": q, "now": now})
		post(name, "/v1/briefs", string(brief), field)
		post(name, "/v1/plans", string(body), field)
	}
	// Every text of the corpus, spoiled: with a NUL a plan is refused
	// before any work (400 naming the query, on every store alike); bytes
	// that are not UTF-8 and control characters are read around.
	for i, q := range texts {
		cut := len(q) / 2
		nul, _ := json.Marshal(map[string]any{"query": q[:cut] + "\x00" + q[cut:], "now": now, "options": map[string]any{"deadline_ms": 3000}})
		post(fmt.Sprintf("corpus %d with a NUL", i), "/v1/plans", string(nul), "query")
		bad, _ := json.Marshal(map[string]any{"query": "\x1b[1m" + q[:cut] + "\xff\xfe" + q[cut:] + "\a", "now": now})
		post(fmt.Sprintf("corpus %d not UTF-8", i), "/v1/briefs", string(bad), "")
	}
	for _, b := range hostileBodies(texts[0]) {
		if !strings.Contains(b.body, `"brief"`) {
			post(b.name, "/v1/briefs", b.body, b.field)
		}
		post(b.name, "/v1/plans", b.body, b.field)
	}

	cs, err := mcp.NewClient(&mcp.Implementation{Name: "hostile", Version: "1"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	for name, q := range hostile {
		for _, tool := range []string{delegate.ToolParseRequest, delegate.ToolPlanTrip} {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: map[string]any{"query": q, "now": now, "deadline_ms": 3000}})
			if err != nil {
				// A transport-level refusal (the body is too large) is an answer, not a crash.
				if !strings.Contains(err.Error(), "too large") && !strings.Contains(err.Error(), "413") {
					t.Errorf("mcp %s %s: %v", tool, name, err)
				}
				continue
			}
			if res.IsError {
				if txt := res.Content[0].(*mcp.TextContent).Text; strings.HasPrefix(txt, "internal") {
					t.Errorf("mcp %s %s: %s", tool, name, txt)
				}
			}
		}
	}
	for _, b := range hostileBodies(texts[0])[2:8] {
		var args map[string]any
		if json.Unmarshal([]byte(b.body), &args) != nil {
			continue
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: delegate.ToolPlanTrip, Arguments: args})
		if err != nil {
			continue // refused by the tool's input schema: an answer
		}
		if res.IsError {
			if txt := res.Content[0].(*mcp.TextContent).Text; strings.HasPrefix(txt, "internal") {
				t.Errorf("mcp plan_trip %s: %s", b.name, txt)
			}
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
	for name, q := range hostile {
		res, err := client.SendMessage(ctx, &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser,
			a2a.TextPart{Text: q}, a2a.DataPart{Data: map[string]any{"now": now, "deadline_ms": 3000}})})
		if err != nil {
			if strings.Contains(err.Error(), "internal") {
				t.Errorf("a2a %s: %v", name, err)
			}
			continue
		}
		if task, ok := res.(*a2a.Task); ok && task.Status.Message != nil {
			if txt, _ := task.Status.Message.Parts[0].(a2a.TextPart); strings.Contains(txt.Text, "internal error") {
				t.Errorf("a2a %s: %s", name, txt.Text)
			}
		}
	}

	for name, q := range hostile {
		var out, errOut bytes.Buffer
		err := run(ctx, []string{"brief", "--now", now, q}, strings.NewReader(""), &out, &errOut)
		if err != nil && strings.Contains(err.Error(), "internal") {
			t.Errorf("cli brief %s: %v", name, err)
		}
	}
	resp, err := http.Get(base + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the server did not survive: %v", err)
	}
	resp.Body.Close()
}
