package datatools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
)

// addTool registers a typed tool whose every failure is an error result
// carrying a JSON orchestrator.UpstreamError, both as structured content and
// as text. Arguments are validated against the schema inferred from In
// (required fields, types, no unknown fields) here rather than by the SDK,
// whose validation errors would be plain text. Panics in h become internal
// error results.
func addTool[In, Out any](s *mcp.Server, t *mcp.Tool, logger *slog.Logger, h func(context.Context, In) (Out, error)) error {
	inSchema, err := jsonschema.For[In](nil)
	if err != nil {
		return fmt.Errorf("datatools: tool %s: input schema: %w", t.Name, err)
	}
	outSchema, err := jsonschema.For[Out](nil)
	if err != nil {
		return fmt.Errorf("datatools: tool %s: output schema: %w", t.Name, err)
	}
	resolved, err := inSchema.Resolve(nil)
	if err != nil {
		return fmt.Errorf("datatools: tool %s: resolving input schema: %w", t.Name, err)
	}
	tool := *t
	tool.InputSchema = inSchema
	tool.OutputSchema = outSchema
	s.AddTool(&tool, func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, _ error) {
		defer func() {
			if p := recover(); p != nil {
				logger.ErrorContext(ctx, "tool panicked", "tool", tool.Name, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				res = errorResult(&orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error"})
			}
		}()
		args := json.RawMessage(`{}`)
		if req.Params != nil && len(bytes.TrimSpace(req.Params.Arguments)) > 0 && string(bytes.TrimSpace(req.Params.Arguments)) != "null" {
			args = req.Params.Arguments
		}
		var raw any
		if err := json.Unmarshal(args, &raw); err != nil {
			return errorResult(invalidf("arguments are not JSON: %v", err)), nil
		}
		if err := resolved.Validate(raw); err != nil {
			return errorResult(invalidf("arguments: %v", err)), nil
		}
		var in In
		if err := json.Unmarshal(args, &in); err != nil {
			return errorResult(invalidf("arguments: %v", err)), nil
		}
		out, err := h(ctx, in)
		if err != nil {
			ue := asUpstream(ctx, err)
			if ue.Type == orchestrator.EINTERNAL {
				logger.ErrorContext(ctx, "tool failed", "tool", tool.Name, "error", err)
			}
			return errorResult(ue), nil
		}
		body, err := json.Marshal(out)
		if err != nil {
			logger.ErrorContext(ctx, "tool output not marshalable", "tool", tool.Name, "error", err)
			return errorResult(&orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error"}), nil
		}
		return &mcp.CallToolResult{
			StructuredContent: json.RawMessage(body),
			Content:           []mcp.Content{&mcp.TextContent{Text: string(body)}},
		}, nil
	})
	return nil
}

// errorResult is the tool error result for ue: IsError, with the error as
// JSON {"errorType","message","retryable"[,"provider"]} in both the
// structured content and the text.
func errorResult(ue *orchestrator.UpstreamError) *mcp.CallToolResult {
	body, _ := json.Marshal(ue) // plain strings and a bool: cannot fail
	return &mcp.CallToolResult{
		IsError:           true,
		StructuredContent: json.RawMessage(body),
		Content:           []mcp.Content{&mcp.TextContent{Text: string(body)}},
	}
}

// asUpstream returns err as an UpstreamError: itself if it is one, timeout
// or unavailable for the end of ctx, internal (with a generic message) for
// anything else.
func asUpstream(ctx context.Context, err error) *orchestrator.UpstreamError {
	var ue *orchestrator.UpstreamError
	if errors.As(err, &ue) {
		return ue
	}
	var de *orchestrator.Error
	if errors.As(err, &de) {
		typ := de.Code
		if typ == orchestrator.EINVALID {
			typ = orchestrator.EINVALIDARG
		}
		return &orchestrator.UpstreamError{Type: typ, Message: de.Message}
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &orchestrator.UpstreamError{Type: orchestrator.ETIMEOUT, Message: "deadline exceeded", Retryable: true}
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "request canceled"}
	}
	return &orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error"}
}

func invalidf(format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: fmt.Sprintf(format, args...)}
}
