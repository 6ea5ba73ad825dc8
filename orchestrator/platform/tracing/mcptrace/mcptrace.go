// Package mcptrace carries OpenTelemetry trace context over MCP: tool
// calls become client spans whose context travels in the request's _meta,
// and servers run the tool under a span joined to the caller's trace.
package mcptrace

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
)

// metaKeys are the trace-context fields carried in an MCP request's _meta
// (W3C trace context, as the MCP tracing convention does).
var metaKeys = []string{"traceparent", "tracestate", "baggage"}

// Sending is a client middleware: each tools/call becomes a client span
// and carries its trace context in the request's _meta, so the agents
// server's spans join the plan's trace. Off, it is the identity.
func Sending(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if !tracing.Enabled() || method != "tools/call" {
			return next(ctx, method, req)
		}
		p, ok := req.GetParams().(*mcp.CallToolParams)
		if !ok {
			return next(ctx, method, req)
		}
		ctx, span := tracing.Start(ctx, "mcp.call "+p.Name, trace.WithSpanKind(trace.SpanKindClient),
			trace.WithAttributes(attribute.String("mcp.tool", p.Name)))
		meta := map[string]any{}
		for k, v := range p.GetMeta() {
			meta[k] = v
		}
		for k, v := range tracing.Inject(ctx) {
			meta[k] = v
		}
		p.SetMeta(meta)
		res, err := next(ctx, method, req)
		if err == nil {
			if r, ok := res.(*mcp.CallToolResult); ok && r.IsError {
				span.SetAttributes(attribute.Bool("mcp.tool_error", true))
			}
		}
		tracing.End(span, err)
		return res, err
	}
}

// Receiving is a server middleware: a tools/call whose _meta carries a
// trace context runs under a server span, child of the caller's. Off, it
// is the identity.
func Receiving(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if !tracing.Enabled() || method != "tools/call" {
			return next(ctx, method, req)
		}
		name := ""
		if p, ok := req.GetParams().(*mcp.CallToolParamsRaw); ok {
			name = p.Name
		}
		carrier := map[string]string{}
		for _, k := range metaKeys {
			if v, ok := req.GetParams().GetMeta()[k].(string); ok {
				carrier[k] = v
			}
		}
		ctx = tracing.Extract(ctx, carrier)
		ctx, span := tracing.Start(ctx, "mcp.tool "+name, trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(attribute.String("mcp.tool", name)))
		res, err := next(ctx, method, req)
		tracing.End(span, err)
		return res, err
	}
}
