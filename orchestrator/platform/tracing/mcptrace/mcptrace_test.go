package mcptrace

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing/tracingtest"
)

// byName indexes the spans rcv received by name.
func byName(rcv *tracingtest.Receiver) map[string]*tracepb.Span {
	m := map[string]*tracepb.Span{}
	for _, s := range rcv.Spans() {
		m[s.Name] = s
	}
	return m
}

// TestSpansReachOTLPReceiver: with OTEL_EXPORTER_OTLP_ENDPOINT set, a node
// span, the MCP call it makes and the tool's span on the serving side (the
// trace context carried in _meta), a provider span under it, and a task's
// span from headers all reach an OTLP/HTTP receiver, in one trace with the
// right parents. Without the variables Setup does nothing.
func TestSpansReachOTLPReceiver(t *testing.T) {
	if tracing.Configured(func(string) string { return "" }) {
		t.Fatal("configured with no OTEL_* variables")
	}
	rcv := &tracingtest.Receiver{}
	srv := httptest.NewServer(rcv)
	defer srv.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", srv.URL)
	t.Setenv("OTEL_BSP_SCHEDULE_DELAY", "10")
	ctx := context.Background()
	shutdown, err := tracing.Setup(ctx, "tripweave-test")
	if err != nil {
		t.Fatal(err)
	}
	if !tracing.Enabled() {
		t.Fatal("Setup with an endpoint did not enable tracing")
	}

	server := mcp.NewServer(&mcp.Implementation{Name: "agents", Version: "1"}, nil)
	server.AddReceivingMiddleware(Receiving)
	server.AddTool(&mcp.Tool{Name: "weather", InputSchema: map[string]any{"type": "object"}},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			_, span := tracing.Start(ctx, "provider open-meteo")
			tracing.End(span, nil)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
		})
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "orchestrator", Version: "1"}, nil)
	client.AddSendingMiddleware(Sending)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	nctx, node := tracing.Start(ctx, "node weather")
	if _, err := cs.CallTool(nctx, &mcp.CallToolParams{Name: "weather", Arguments: map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	headers := tracing.Inject(nctx)
	tracing.End(node, nil)
	_, task := tracing.Start(tracing.Extract(context.Background(), headers), "prewarm warm")
	tracing.End(task, nil)
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := shutdown(sctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}

	got := byName(rcv)
	for _, name := range []string{"node weather", "mcp.call weather", "mcp.tool weather", "provider open-meteo", "prewarm warm"} {
		if got[name] == nil {
			t.Fatalf("span %q did not reach the receiver; got %d spans", name, len(got))
		}
	}
	trace := string(got["node weather"].TraceId)
	parent := map[string]string{"mcp.call weather": "node weather", "mcp.tool weather": "mcp.call weather",
		"provider open-meteo": "mcp.tool weather", "prewarm warm": "node weather"}
	for child, p := range parent {
		c := got[child]
		if string(c.TraceId) != trace || string(c.ParentSpanId) != string(got[p].SpanId) {
			t.Errorf("span %q: not a child of %q in the plan's trace", child, p)
		}
	}
	if tracing.Enabled() {
		t.Error("still enabled after shutdown")
	}
}
