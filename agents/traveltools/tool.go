package traveltools

import (
	"context"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/mcptool"
	"github.com/tripweave/tripweave/orchestrator"
)

// Number and Integer are tool arguments that accept a JSON number or a
// string holding one: the orchestrator sends most values as strings.
type (
	Number  = mcptool.Number
	Integer = mcptool.Integer
)

// addTool registers a typed tool with the error contract of mcptool.Add.
func addTool[In, Out any](s *mcp.Server, t *mcp.Tool, logger *slog.Logger, h func(context.Context, In) (Out, error)) error {
	return mcptool.Add(s, t, logger, h)
}

func invalidf(format string, args ...any) *orchestrator.UpstreamError {
	return mcptool.Invalidf(format, args...)
}
