package agents

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/toolclient"
)

// Union is one MCP server that exposes every tool of several servers under
// its own name, so a stock MCP client connected to it sees all of them. A
// call is forwarded, arguments and result unchanged, to the server that
// owns the tool over an in-memory session that the Union keeps open until
// Close. It is safe for concurrent use.
type Union struct {
	// Server is the combined server; serve it over any transport.
	Server *mcp.Server
	// Owner maps each tool to the implementation name of the server that
	// owns it.
	Owner map[string]string

	mu       sync.Mutex
	clients  []*mcp.ClientSession
	sessions []*mcp.ServerSession
}

// NewUnion connects to servers in memory, lists their tools and registers
// each on a new server introduced as impl, with instructions that name the
// agents. It fails if two servers expose the same tool; on error nothing is
// left open. ctx bounds the handshakes only.
func NewUnion(ctx context.Context, impl *mcp.Implementation, servers ...*mcp.Server) (u *Union, err error) {
	u = &Union{Owner: map[string]string{}}
	defer func() {
		if err != nil {
			_ = u.Close()
			u = nil
		}
	}()
	type owned struct {
		tool *mcp.Tool
		cs   *mcp.ClientSession
	}
	var tools []owned
	var about []string
	for i, s := range servers {
		ct, st := mcp.NewInMemoryTransports()
		ss, err := s.Connect(ctx, st, nil)
		if err != nil {
			return nil, fmt.Errorf("agents: union: starting server %d: %w", i, err)
		}
		u.sessions = append(u.sessions, ss)
		cs, err := mcp.NewClient(toolclient.Implementation, nil).Connect(ctx, ct, nil)
		if err != nil {
			return nil, fmt.Errorf("agents: union: connecting to server %d: %w", i, err)
		}
		u.clients = append(u.clients, cs)
		name := fmt.Sprintf("agent%d", i+1)
		if r := cs.InitializeResult(); r != nil && r.ServerInfo != nil && r.ServerInfo.Name != "" {
			name = r.ServerInfo.Name
			if r.Instructions != "" {
				about = append(about, name+": "+r.Instructions)
			}
		}
		for t, err := range cs.Tools(ctx, nil) {
			if err != nil {
				return nil, fmt.Errorf("agents: union: listing the tools of %s: %w", name, err)
			}
			if prev, dup := u.Owner[t.Name]; dup {
				return nil, fmt.Errorf("agents: union: tool %q is exposed by both %s and %s", t.Name, prev, name)
			}
			u.Owner[t.Name] = name
			tools = append(tools, owned{t, cs})
		}
	}
	u.Server = mcp.NewServer(impl, &mcp.ServerOptions{Instructions: strings.Join(about, "\n")})
	for _, o := range tools {
		cs, name := o.cs, o.tool.Name
		u.Server.AddTool(o.tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			p := &mcp.CallToolParams{Name: name, Meta: req.Params.Meta}
			if len(req.Params.Arguments) > 0 {
				p.Arguments = req.Params.Arguments
			}
			return cs.CallTool(ctx, p)
		})
	}
	return u, nil
}

// Close ends the in-memory sessions; calls through Server fail afterwards.
// It is safe to call more than once.
func (u *Union) Close() error {
	u.mu.Lock()
	clients, sessions := u.clients, u.sessions
	u.clients, u.sessions = nil, nil
	u.mu.Unlock()
	var errs []error
	for _, cs := range clients {
		if err := cs.Close(); err != nil && !errors.Is(err, mcp.ErrConnectionClosed) {
			errs = append(errs, err)
		}
	}
	for _, ss := range sessions {
		_ = ss.Close()
		ss.Wait()
	}
	return errors.Join(errs...)
}
