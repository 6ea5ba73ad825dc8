package mcptool

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Direct is a tool registered by Add, callable in process without MCP's
// JSON-RPC: args is the tool's arguments as a JSON object (empty or "null"
// for none). It returns the result an MCP call of the tool returns, with
// the same validation, error results, panic recovery and provider-call
// count in its _meta, and blocks as long as the tool does. It runs under
// ctx itself, so the tool sees the caller's deadline and values; it does
// not run the server's receiving middleware.
type Direct func(ctx context.Context, args json.RawMessage) *mcp.CallToolResult

// directs holds, per server, the tools Add registered on it. A server is
// kept for the life of the process: servers are built once at start.
var directs struct {
	mu sync.RWMutex
	m  map[*mcp.Server]map[string]Direct
}

func register(s *mcp.Server, name string, d Direct) {
	directs.mu.Lock()
	defer directs.mu.Unlock()
	if directs.m == nil {
		directs.m = map[*mcp.Server]map[string]Direct{}
	}
	if directs.m[s] == nil {
		directs.m[s] = map[string]Direct{}
	}
	directs.m[s][name] = d
}

// DirectTools returns the tools Add registered on s, by name, for a caller
// in the same process (toolclient.ConnectInMemory). A tool added to s some
// other way is not in it. The map is the caller's.
func DirectTools(s *mcp.Server) map[string]Direct {
	directs.mu.RLock()
	defer directs.mu.RUnlock()
	out := make(map[string]Direct, len(directs.m[s]))
	for name, d := range directs.m[s] {
		out[name] = d
	}
	return out
}
