package main

import (
	"net/http"

	"github.com/tripweave/tripweave/orchestrator/delegate"
)

// mountDelegate serves tripweave to other agents beside the JSON API: the
// MCP endpoint (plan_trip, get_plan, parse_request) at /mcp.
func (a *App) mountDelegate() {
	svc := delegate.NewService(delegate.Config{Planner: a.Service, Store: a.Store, Parser: a.Parser, Now: a.Config.Now, Logger: a.Logger})
	a.Server.Mount(delegate.MCPHandler(delegate.NewMCPServer(svc)), "/mcp", http.MethodPost, http.MethodGet, http.MethodDelete)
}
