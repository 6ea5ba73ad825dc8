// Package mcptool registers typed MCP tools with tripweave's error
// contract: every failure is an error result carrying a JSON
// orchestrator.UpstreamError ({"errorType","message","retryable"}) both as
// structured content and as text; arguments are validated against the
// schema inferred from the input type (accepting numbers sent as strings
// for Number and Integer fields); panics become internal error results.
package mcptool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/upstream"

	"github.com/tripweave/tripweave/orchestrator"
)

// Number is a tool argument that accepts a JSON number or a string holding
// one ("30.67"): the orchestrator sends most values as strings.
type Number float64

// UnmarshalJSON implements json.Unmarshaler.
func (n *Number) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		b = []byte(strings.TrimSpace(s))
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Errorf("%q is not a number", b)
	}
	*n = Number(f)
	return nil
}

// Integer is a tool argument that accepts a JSON integer or a string
// holding one ("2").
type Integer int

// UnmarshalJSON implements json.Unmarshaler.
func (n *Integer) UnmarshalJSON(b []byte) error {
	var f Number
	if err := f.UnmarshalJSON(b); err != nil {
		return err
	}
	if f != Number(math.Trunc(float64(f))) || math.Abs(float64(f)) > 1e9 {
		return fmt.Errorf("%v is not an integer", float64(f))
	}
	*n = Integer(f)
	return nil
}

// TypeSchemas describe Number and Integer to the schema inference.
var TypeSchemas = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[Number]():  {Types: []string{"number", "string"}, Pattern: `^\s*-?[0-9]+(\.[0-9]+)?\s*$`},
	reflect.TypeFor[Integer](): {Types: []string{"integer", "string"}, Pattern: `^\s*-?[0-9]+\s*$`},
}

// Add registers a typed tool whose every failure is an error result
// carrying a JSON orchestrator.UpstreamError, both as structured content and
// as text.
// Arguments are validated against the schema inferred from In (required
// fields, types, no unknown fields) here rather than by the SDK, whose
// validation errors would be plain text. Panics in h become internal error
// results.
func Add[In, Out any](s *mcp.Server, t *mcp.Tool, logger *slog.Logger, h func(context.Context, In) (Out, error)) error {
	opts := &jsonschema.ForOptions{TypeSchemas: TypeSchemas}
	inSchema, err := jsonschema.For[In](opts)
	if err != nil {
		return fmt.Errorf("mcptool: tool %s: input schema: %w", t.Name, err)
	}
	outSchema, err := jsonschema.For[Out](opts)
	if err != nil {
		return fmt.Errorf("mcptool: tool %s: output schema: %w", t.Name, err)
	}
	resolved, err := inSchema.Resolve(nil)
	if err != nil {
		return fmt.Errorf("mcptool: tool %s: resolving input schema: %w", t.Name, err)
	}
	tool := *t
	tool.InputSchema = inSchema
	tool.OutputSchema = outSchema
	call := func(ctx context.Context, rawArgs json.RawMessage) (res *mcp.CallToolResult) {
		defer func() {
			if p := recover(); p != nil {
				logger.ErrorContext(ctx, "tool panicked", "tool", tool.Name, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				res = ErrorResult(&orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error"})
			}
		}()
		args := json.RawMessage(`{}`)
		if a := bytes.TrimSpace(rawArgs); len(a) > 0 && string(a) != "null" {
			args = a
		}
		var raw any
		if err := json.Unmarshal(args, &raw); err != nil {
			return ErrorResult(Invalidf("arguments are not JSON: %v", err))
		}
		if err := resolved.Validate(raw); err != nil {
			return ErrorResult(Invalidf("arguments: %v", err))
		}
		var in In
		if err := json.Unmarshal(args, &in); err != nil {
			return ErrorResult(Invalidf("arguments: %v", err))
		}
		// The requests the handler sends to providers, reported in the
		// result's _meta (orchestrator.MetaProviderCalls).
		var calls atomic.Int64
		out, err := h(upstream.WithCalls(ctx, &calls), in)
		meta := mcp.Meta{orchestrator.MetaProviderCalls: calls.Load()}
		if err != nil {
			ue := AsUpstream(ctx, err)
			if ue.Type == orchestrator.EINTERNAL {
				logger.ErrorContext(ctx, "tool failed", "tool", tool.Name, "error", err)
			}
			res := ErrorResult(ue)
			res.Meta = meta
			return res
		}
		body, err := json.Marshal(out)
		if err != nil {
			logger.ErrorContext(ctx, "tool output not marshalable", "tool", tool.Name, "error", err)
			return ErrorResult(&orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error"})
		}
		return &mcp.CallToolResult{
			Meta:              meta,
			StructuredContent: json.RawMessage(body),
			Content:           []mcp.Content{&mcp.TextContent{Text: string(body)}},
		}
	}
	s.AddTool(&tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args json.RawMessage
		if req.Params != nil {
			args = req.Params.Arguments
		}
		return call(ctx, args), nil
	})
	register(s, tool.Name, call)
	return nil
}

// ErrorResult is the tool error result for ue: IsError, with the error as
// JSON {"errorType","message","retryable"[,"provider"]} in both the
// structured content and the text.
func ErrorResult(ue *orchestrator.UpstreamError) *mcp.CallToolResult {
	body, _ := json.Marshal(ue) // plain strings and a bool: cannot fail
	return &mcp.CallToolResult{
		IsError:           true,
		StructuredContent: json.RawMessage(body),
		Content:           []mcp.Content{&mcp.TextContent{Text: string(body)}},
	}
}

// AsUpstream returns err as an UpstreamError: itself if it is one, timeout
// or unavailable for the end of ctx, internal (with a generic message) for
// anything else.
func AsUpstream(ctx context.Context, err error) *orchestrator.UpstreamError {
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

// Invalidf returns an invalid_argument error with a formatted message.
func Invalidf(format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: fmt.Sprintf(format, args...)}
}
