package toolclient

import (
	"context"
	"encoding/json"
	"fmt"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/tripweave/tripweave/agents/mcptool"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing"
)

// callDirect calls an in-memory agent's tool as a Go function, without
// the JSON-RPC round trip (marshalling the request and the result both
// ways, the SDK's schema checks, the transport's goroutines): the
// in-process profile of issue 29 put that round trip at about 8 % of a
// new plan's CPU. It keeps what the MCP path does around the tool: the
// client and server spans mcptrace makes (the server span a child of the
// client span), the provider calls of the result's _meta, the error
// results decoded as UpstreamErrors, and the end of ctx reported as the
// MCP path reports it. The tool's own validation and caching are the
// same function's.
func callDirect(ctx context.Context, a *agent, tool string, d mcptool.Direct, args any) (json.RawMessage, error) {
	if ctx.Err() != nil {
		return nil, callError(ctx, a, ctx.Err())
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG,
			Message: fmt.Sprintf("tool %s: arguments: %v", tool, err)}
	}
	var client, server trace.Span
	if tracing.Enabled() {
		attrs := trace.WithAttributes(attribute.String("mcp.tool", tool))
		ctx, client = tracing.Start(ctx, "mcp.call "+tool, trace.WithSpanKind(trace.SpanKindClient), attrs)
		ctx, server = tracing.Start(ctx, "mcp.tool "+tool, trace.WithSpanKind(trace.SpanKindServer), attrs)
	}
	res := d(ctx, raw)
	if server != nil {
		tracing.End(server, nil)
		if res.IsError {
			client.SetAttributes(attribute.Bool("mcp.tool_error", true))
		}
		tracing.End(client, nil)
	}
	orchestrator.AddProviderCalls(ctx, providerCalls(res))
	if ctx.Err() != nil {
		// The MCP path returns no result once ctx has ended.
		return nil, callError(ctx, a, ctx.Err())
	}
	if res.IsError {
		return nil, toolError(res)
	}
	if body, ok := res.StructuredContent.(json.RawMessage); ok {
		return body, nil
	}
	return structured(res)
}
