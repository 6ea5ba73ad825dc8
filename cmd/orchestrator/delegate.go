package main

import (
	"net/http"

	"github.com/a2aproject/a2a-go/a2asrv"

	"github.com/tripweave/tripweave/orchestrator/delegate"
)

// mountDelegate serves tripweave to other agents beside the JSON API: the
// MCP endpoint (plan_trip, get_plan, parse_request) at /mcp and the A2A
// agent at /a2a with its card at /.well-known/agent-card.json.
func (a *App) mountDelegate() {
	svc := delegate.NewService(delegate.Config{Planner: a.Service, Store: a.Store, Parser: a.Parser, Now: a.Config.Now, Logger: a.Logger})
	a.Server.Mount(delegate.MCPHandler(delegate.NewMCPServer(svc)), "/mcp", http.MethodPost, http.MethodGet, http.MethodDelete)
	rpc, card := delegate.NewAgent(svc).Handlers()
	a.Server.Mount(rpc, delegate.A2APath, http.MethodPost)
	a.Server.Mount(card, a2asrv.WellKnownAgentCardPath, http.MethodGet)
}
