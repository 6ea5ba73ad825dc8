package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents"
	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing/tracingtest"
)

// TestTraceAcrossAgentsOverHTTP plans through the API with the agents
// served over streamable HTTP and OTEL_EXPORTER_OTLP_ENDPOINT set: the
// request's traceparent, the plan, its DAG nodes, the MCP calls, the
// agents' tool spans (their context carried over HTTP in _meta) and the
// provider calls arrive at an OTLP/HTTP receiver as one trace.
func TestTraceAcrossAgentsOverHTTP(t *testing.T) {
	rcv := &tracingtest.Receiver{}
	collector := httptest.NewServer(rcv)
	defer collector.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", collector.URL)
	t.Setenv("OTEL_BSP_SCHEDULE_DELAY", "10")
	shutdown, err := tracing.Setup(context.Background(), "tripweave-test")
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(context.Background())

	om := openmeteotest.NewServer(t)
	cfg := testConfig(t, om)
	servers, err := agents.Servers(cfg.Agents, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	h := agents.Handler(servers)
	t.Cleanup(func() { h.Close() })
	as := httptest.NewServer(h)
	t.Cleanup(as.Close)
	cfg.AgentsURL = as.URL + "/mcp"
	base := startServer(t, cfg)

	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	req, _ := http.NewRequest(http.MethodPost, base+"/v1/plans", strings.NewReader(chengduBrief))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST /v1/plans: %d %s", resp.StatusCode, data)
	}
	// The server span ends when the handler returns, just after the
	// client has its answer.
	time.Sleep(200 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := shutdown(ctx); err != nil {
		t.Fatalf("flush: %v", err)
	}

	spans := rcv.Spans()
	seen := map[string]int{}
	for _, s := range spans {
		if strings.EqualFold(hexID(s.TraceId), traceID) {
			seen[strings.Fields(s.Name)[0]]++
		}
	}
	t.Logf("spans in the request's trace by kind: %v (of %d received)", seen, len(spans))
	for _, kind := range []string{"POST", "plan", "node", "mcp.call", "mcp.tool", "provider"} {
		if seen[kind] == 0 {
			t.Errorf("no %q span in the request's trace", kind)
		}
	}
}

func hexID(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}
