package toolclient

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/tripweave/tripweave/agents/mcptool"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing/tracingtest"
)

// TestDirectSpans: a tool called directly makes the spans the MCP path
// makes (mcptrace.Sending and Receiving): "mcp.call <tool>" under the
// caller's span, "mcp.tool <tool>" under it, and the tool's own spans
// under that, in the caller's trace.
func TestDirectSpans(t *testing.T) {
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
	s := mcp.NewServer(&mcp.Implementation{Name: "agents", Version: "1"}, nil)
	err = mcptool.Add(s, &mcp.Tool{Name: "weather"}, slog.New(slog.DiscardHandler), func(ctx context.Context, _ struct{}) (struct{}, error) {
		_, span := tracing.Start(ctx, "provider open-meteo")
		tracing.End(span, nil)
		return struct{}{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	c, err := ConnectInMemory(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, ok := c.direct["weather"]; !ok {
		t.Fatal("weather is not called directly")
	}
	nctx, node := tracing.Start(ctx, "node weather")
	if _, err := c.Call(nctx, "weather", nil); err != nil {
		t.Fatal(err)
	}
	tracing.End(node, nil)
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := shutdown(sctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}

	got := map[string]*tracepb.Span{}
	for _, sp := range rcv.Spans() {
		got[sp.Name] = sp
	}
	parent := map[string]string{"mcp.call weather": "node weather", "mcp.tool weather": "mcp.call weather",
		"provider open-meteo": "mcp.tool weather"}
	for child, p := range parent {
		c, ps := got[child], got[p]
		if c == nil || ps == nil {
			t.Fatalf("spans %q and %q: want both; got %d spans", child, p, len(got))
		}
		if string(c.TraceId) != string(got["node weather"].TraceId) || string(c.ParentSpanId) != string(ps.SpanId) {
			t.Errorf("span %q: not a child of %q in the caller's trace", child, p)
		}
	}
}
