package delegate

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// panicky panics in every call: a parser and a planner with a bug.
type panicky struct{}

func (panicky) ParseQuery(context.Context, string, time.Time) (*orchestrator.ParsedQuery, error) {
	var s []int
	_ = s[3] // index out of range, as the parser's slice bug was
	return nil, nil
}

func (panicky) Answer(context.Context, orchestrator.Brief, map[string]string, time.Time) (*orchestrator.ParsedQuery, error) {
	panic("answer bug")
}

func (panicky) Plan(context.Context, pipeline.Request) (*orchestrator.Plan, *orchestrator.Run, error) {
	panic("planner bug")
}

func (panicky) NewID() string { return "p_0123456789abcdef" }

// TestDoorsRecoverPanics drives MCP (parse_request, plan_trip with a query
// and with a brief) and A2A (message/send) into a parser and a planner that
// panic: every call answers an internal error naming an incident, the
// stack is logged, and the process (this test binary) lives on.
func TestDoorsRecoverPanics(t *testing.T) {
	var logs bytes.Buffer
	svc := NewService(Config{Planner: panicky{}, Parser: panicky{}, Store: nil,
		Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	ctx := context.Background()

	server := NewMCPServer(svc)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	brief := map[string]any{"destinations": []string{"成都"}, "days": 2, "travelers": map[string]any{"adults": 1},
		"now": "2026-06-01T12:00:00+08:00"}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{ToolParseRequest, map[string]any{"query": "成都三日游"}},
		{ToolPlanTrip, map[string]any{"query": "成都三日游"}},
		{ToolPlanTrip, map[string]any{"brief": brief}},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			t.Fatalf("%s: %v", c.tool, err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if !res.IsError || !strings.HasPrefix(text, "internal: internal error (incident ") {
			t.Errorf("%s %v: IsError %v, %q; want an internal error naming an incident", c.tool, c.args, res.IsError, text)
		}
	}

	rpc, _ := NewAgent(svc).Handlers()
	srv := httptest.NewServer(rpc)
	defer srv.Close()
	client, err := a2aclient.NewFromEndpoints(ctx, []a2a.AgentInterface{{URL: srv.URL, Transport: a2a.TransportProtocolJSONRPC}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := client.SendMessage(ctx, &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.TextPart{Text: "成都三日游"})})
	if err != nil {
		t.Fatal(err)
	}
	task, ok := res.(*a2a.Task)
	if !ok || task.Status.State != a2a.TaskStateFailed || task.Status.Message == nil {
		t.Fatalf("a2a answered %#v, want a failed task", res)
	}
	if txt := task.Status.Message.Parts[0].(a2a.TextPart).Text; !strings.Contains(txt, "incident") {
		t.Errorf("a2a message %q does not name the incident", txt)
	}

	for _, door := range []string{`"door":"parse_request"`, `"door":"plan"`} {
		if !strings.Contains(logs.String(), door) {
			t.Errorf("no panic logged for %s", door)
		}
	}
	if !strings.Contains(logs.String(), `"stack":"goroutine`) {
		t.Error("the panics are logged without their stack")
	}
}
