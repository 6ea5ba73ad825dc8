package datatools

import (
	"context"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/mcptool"
	"github.com/tripweave/tripweave/orchestrator"
)

// addTool registers a typed tool with the error contract of mcptool.Add:
// every failure is an error result carrying a JSON
// orchestrator.UpstreamError, arguments are validated against the schema
// inferred from In, and panics become internal error results.
func addTool[In, Out any](s *mcp.Server, t *mcp.Tool, logger *slog.Logger, h func(context.Context, In) (Out, error)) error {
	return mcptool.Add(s, t, logger, h)
}

func invalidf(format string, args ...any) *orchestrator.UpstreamError {
	return mcptool.Invalidf(format, args...)
}
