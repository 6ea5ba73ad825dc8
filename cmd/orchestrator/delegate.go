package main

import (
	"net/http"

	"github.com/a2aproject/a2a-go/a2asrv"

	"github.com/tripweave/tripweave/docs"
	"github.com/tripweave/tripweave/orchestrator/adapters/delegate"
)

// mountInterfaces serves what other programs plug into beside the JSON
// API: the MCP endpoint (plan_trip, get_plan, parse_request) at /mcp, the
// A2A agent at /a2a with its card at /.well-known/agent-card.json, and the
// OpenAPI description at /openapi.json.
func (a *App) mountInterfaces() {
	svc := delegate.NewService(delegate.Config{Intake: a.Intake, Now: a.Config.Now, Logger: a.Logger})
	a.Delegate = svc
	a.Server.Mount(delegate.MCPHandler(delegate.NewMCPServer(svc)), "/mcp", http.MethodPost, http.MethodGet, http.MethodDelete)
	rpc, card := delegate.NewAgent(svc).Handlers()
	a.Server.Mount(rpc, delegate.A2APath, http.MethodPost)
	a.Server.Mount(card, a2asrv.WellKnownAgentCardPath, http.MethodGet)
	a.Server.Mount(http.HandlerFunc(serveOpenAPI), "/openapi.json", http.MethodGet)
}

// serveOpenAPI answers GET /openapi.json with docs/openapi.yaml as JSON.
func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	doc, err := docs.OpenAPIJSON()
	if err != nil {
		http.Error(w, "the API description cannot be read", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(doc)
}
