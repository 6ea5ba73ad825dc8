// Package toolclient is the orchestrator's side of the agents: one Client
// over several MCP servers, in process (in-memory transports) or remote
// (streamable HTTP), that calls tools by name and turns their error results
// into *orchestrator.UpstreamError.
package toolclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/mcptool"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/platform/tracing/mcptrace"
)

// Implementation is how the Client introduces itself to the servers.
var Implementation = &mcp.Implementation{Name: "tripweave-orchestrator", Version: "0.1.0"}

// Index is the JSON a multi-agent endpoint answers to GET with Accept:
// application/json: the agents it serves and where, relative to the
// endpoint's own URL (see package agents).
type Index struct {
	Agents []IndexEntry `json:"agents"`
}

// IndexEntry is one agent of an Index.
type IndexEntry struct {
	Name string `json:"name"`
	// Path is the agent's MCP endpoint, resolved against the index URL taken
	// as a directory: "data" under http://host/mcp is http://host/mcp/data.
	Path string `json:"path"`
}

// Client calls the tools of several MCP servers ("agents") by name. It is
// safe for concurrent use. Close releases every session.
type Client struct {
	agents []*agent
	tools  map[string]*agent
	names  []string // sorted tool names
	// direct holds the tools of in-memory agents that Go can call without
	// JSON-RPC (mcptool.Add's tools); see callDirect.
	direct map[string]mcptool.Direct

	closed    atomic.Bool
	closeOnce sync.Once
	closeErr  error
}

// agent is one connected server.
type agent struct {
	name  string // the server's implementation name
	where string // "in-memory" or its endpoint URL
	// connect (re)opens the session; nil for in-memory agents, which
	// cannot lose theirs.
	connect func(ctx context.Context) (*mcp.ClientSession, error)
	server  *mcp.ServerSession // in-memory only

	mu     sync.Mutex
	cs     *mcp.ClientSession
	broken bool // reconnect before the next call
}

// ConnectInMemory connects to servers in process over in-memory transports.
// The tools a server registered through mcptool.Add are then called as Go
// functions, without the JSON-RPC round trip (see callDirect); its other
// tools go over the transport. It fails if servers is empty, if a server
// exposes no tools or if two expose the same tool.
func ConnectInMemory(ctx context.Context, servers ...*mcp.Server) (*Client, error) {
	if len(servers) == 0 {
		return nil, errors.New("agents: no servers to connect to")
	}
	c := &Client{}
	for i, s := range servers {
		if s == nil {
			c.Close()
			return nil, fmt.Errorf("agents: server %d is nil", i)
		}
		ct, st := mcp.NewInMemoryTransports()
		ss, err := s.Connect(ctx, st, nil)
		if err != nil {
			c.Close()
			return nil, fmt.Errorf("agents: starting in-memory server %d: %w", i, err)
		}
		cs, err := newClient().Connect(ctx, ct, nil)
		if err != nil {
			ss.Close()
			c.Close()
			return nil, fmt.Errorf("agents: connecting to in-memory server %d: %w", i, err)
		}
		a := &agent{name: serverName(cs, i), where: "in-memory", server: ss, cs: cs}
		c.agents = append(c.agents, a)
	}
	if err := c.index(ctx); err != nil {
		c.Close()
		return nil, err
	}
	c.direct = map[string]mcptool.Direct{}
	for i, s := range servers {
		for name, d := range mcptool.DirectTools(s) {
			if c.tools[name] == c.agents[i] { // listed by this very server
				c.direct[name] = d
			}
		}
	}
	return c, nil
}

// ConnectHTTP connects to the agents served at endpoint over streamable HTTP
// (no standalone SSE stream). If endpoint answers GET with an Index (as
// package agents' Handler does at /mcp), the Client connects to every agent
// it lists; otherwise endpoint is taken as a single MCP server. httpClient
// nil means http.DefaultClient. It fails if an agent cannot be reached,
// exposes no tools, or two agents expose the same tool.
func ConnectHTTP(ctx context.Context, endpoint string, httpClient *http.Client) (*Client, error) {
	if httpClient == nil {
		httpClient = http.DefaultClient
	}
	base, err := url.Parse(endpoint)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("agents: invalid agents URL %q", endpoint)
	}
	entries := discover(ctx, httpClient, base)
	if entries == nil {
		entries = []IndexEntry{{Path: base.String()}}
	}
	dir := *base
	if !strings.HasSuffix(dir.Path, "/") {
		dir.Path += "/"
		dir.RawPath = ""
	}
	c := &Client{}
	for _, e := range entries {
		ref, err := url.Parse(e.Path)
		if err != nil {
			c.Close()
			return nil, fmt.Errorf("agents: agent %q at %s: invalid path %q", e.Name, endpoint, e.Path)
		}
		where := dir.ResolveReference(ref).String()
		a := &agent{name: e.Name, where: where}
		a.connect = func(ctx context.Context) (*mcp.ClientSession, error) {
			return newClient().Connect(ctx, &mcp.StreamableClientTransport{
				Endpoint:             where,
				HTTPClient:           httpClient,
				DisableStandaloneSSE: true,
				MaxRetries:           -1,
			}, nil)
		}
		cs, err := a.connect(ctx)
		if err != nil {
			c.Close()
			if e.Name == "" {
				return nil, fmt.Errorf("agents: connecting to %s: %w", where, err)
			}
			return nil, fmt.Errorf("agents: connecting to agent %q at %s: %w", e.Name, where, err)
		}
		a.cs = cs
		if a.name == "" {
			a.name = serverName(cs, len(c.agents))
		}
		c.agents = append(c.agents, a)
	}
	if err := c.index(ctx); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// discover fetches endpoint's Index; nil means there is none.
func discover(ctx context.Context, hc *http.Client, endpoint *url.URL) []IndexEntry {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, endpoint.String(), nil)
	if err != nil {
		return nil
	}
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		return nil
	}
	var idx Index
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&idx); err != nil || len(idx.Agents) == 0 {
		return nil
	}
	return idx.Agents
}

func serverName(cs *mcp.ClientSession, i int) string {
	if r := cs.InitializeResult(); r != nil && r.ServerInfo != nil && r.ServerInfo.Name != "" {
		return r.ServerInfo.Name
	}
	return fmt.Sprintf("agent%d", i)
}

// index lists every agent's tools.
func (c *Client) index(ctx context.Context) error {
	c.tools = map[string]*agent{}
	for _, a := range c.agents {
		n := 0
		for t, err := range a.cs.Tools(ctx, nil) {
			if err != nil {
				return fmt.Errorf("agents: listing the tools of agent %q at %s: %w", a.name, a.where, err)
			}
			if prev, dup := c.tools[t.Name]; dup {
				return fmt.Errorf("agents: tool %q is exposed by both agent %q and agent %q", t.Name, prev.name, a.name)
			}
			c.tools[t.Name] = a
			n++
		}
		if n == 0 {
			return fmt.Errorf("agents: agent %q at %s exposes no tools", a.name, a.where)
		}
	}
	c.names = slices.Sorted(func(yield func(string) bool) {
		for name := range c.tools {
			if !yield(name) {
				return
			}
		}
	})
	return nil
}

// Tools returns the names of every tool, sorted.
func (c *Client) Tools() []string { return slices.Clone(c.names) }

// Has reports whether some agent exposes tool.
func (c *Client) Has(tool string) bool {
	_, ok := c.tools[tool]
	return ok
}

// Agent returns the name of the agent that exposes tool, or "".
func (c *Client) Agent(tool string) string {
	if a, ok := c.tools[tool]; ok {
		return a.name
	}
	return ""
}

// Call calls tool with args (anything that marshals to a JSON object; nil
// for none) and returns its structured output as JSON. A tool error result
// is returned as the *orchestrator.UpstreamError it carries; a tool no
// agent exposes is a non-retryable "unavailable" UpstreamError, and a
// transport failure a retryable one. Call blocks until the agent answers
// or ctx ends.
func (c *Client) Call(ctx context.Context, tool string, args any) (json.RawMessage, error) {
	if c.closed.Load() {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "agents client is closed"}
	}
	a, ok := c.tools[tool]
	if !ok {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("no agent exposes tool %q", tool)}
	}
	if args == nil {
		args = map[string]any{}
	}
	if d, ok := c.direct[tool]; ok {
		return callDirect(ctx, a, tool, d, args)
	}
	cs, err := a.session(ctx)
	if err != nil {
		return nil, callError(ctx, a, err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err == nil {
		orchestrator.AddProviderCalls(ctx, providerCalls(res))
	}
	if err != nil {
		if _, refused := serverRefusal(err); !refused && ctx.Err() == nil {
			a.markBroken(cs)
		}
		return nil, callError(ctx, a, err)
	}
	if res.IsError {
		return nil, toolError(res)
	}
	return structured(res)
}

// session returns a's session, reconnecting first if the last call broke it.
func (a *agent) session(ctx context.Context) (*mcp.ClientSession, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.broken || a.connect == nil {
		return a.cs, nil
	}
	cs, err := a.connect(ctx)
	if err != nil {
		return nil, err
	}
	old := a.cs
	a.cs, a.broken = cs, false
	_ = old.Close() // best effort: the old session is already dead
	return cs, nil
}

func (a *agent) markBroken(cs *mcp.ClientSession) {
	a.mu.Lock()
	if a.cs == cs {
		a.broken = true
	}
	a.mu.Unlock()
}

// callError maps a failed call that produced no tool result.
func callError(ctx context.Context, a *agent, err error) *orchestrator.UpstreamError {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return &orchestrator.UpstreamError{Type: orchestrator.ETIMEOUT, Retryable: true,
			Message: fmt.Sprintf("agent %q did not answer before the deadline", a.name)}
	case ctx.Err() != nil:
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "call canceled"}
	}
	if wire, ok := serverRefusal(err); ok {
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE,
			Message: fmt.Sprintf("agent %q refused the call: %s", a.name, wire.Message)}
	}
	return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Retryable: true,
		Message: fmt.Sprintf("agent %q at %s unreachable: %v", a.name, a.where, err)}
}

// codeRejected is the JSON-RPC code the SDK gives a message its transport
// could not deliver (jsonrpc2.ErrRejected).
const codeRejected = -32005

// serverRefusal returns the JSON-RPC error the server answered with, such
// as an unknown tool; a transport failure is not one.
func serverRefusal(err error) (*jsonrpc.Error, bool) {
	var wire *jsonrpc.Error
	if errors.As(err, &wire) && wire.Code != codeRejected {
		return wire, true
	}
	return nil, false
}

// toolError decodes the UpstreamError of an error result, from its
// structured content or else its first text. An error that does not follow
// the contract (such as an SDK argument-validation message) keeps its text:
// invalid_argument when it is about the arguments, bad_response otherwise.
func toolError(res *mcp.CallToolResult) *orchestrator.UpstreamError {
	var candidates [][]byte
	if res.StructuredContent != nil {
		if b, err := json.Marshal(res.StructuredContent); err == nil {
			candidates = append(candidates, b)
		}
	}
	text := firstText(res)
	candidates = append(candidates, []byte(text))
	for _, b := range candidates {
		var ue orchestrator.UpstreamError
		if json.Unmarshal(b, &ue) == nil && ue.Type != "" {
			return &ue
		}
	}
	if text == "" {
		text = "tool failed without a message"
	}
	if strings.Contains(text, "argument") {
		return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: text}
	}
	return &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: text}
}

// structured returns a successful result's structured content as JSON, or
// its first text when that is a JSON object.
func structured(res *mcp.CallToolResult) (json.RawMessage, error) {
	if res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: fmt.Sprintf("structured content: %v", err)}
		}
		return b, nil
	}
	if t := strings.TrimSpace(firstText(res)); strings.HasPrefix(t, "{") && json.Valid([]byte(t)) {
		return json.RawMessage(t), nil
	}
	return nil, &orchestrator.UpstreamError{Type: orchestrator.EBADRESPONSE, Message: "tool result has no structured content"}
}

func firstText(res *mcp.CallToolResult) string {
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			return t.Text
		}
	}
	return ""
}

// Close ends every session. Calls after Close fail with an "unavailable"
// error; Close itself is idempotent and waits for the sessions to end.
func (c *Client) Close() error {
	c.closeOnce.Do(func() {
		c.closed.Store(true)
		var errs []error
		for _, a := range c.agents {
			a.mu.Lock()
			if a.cs != nil {
				if err := a.cs.Close(); err != nil && !errors.Is(err, mcp.ErrConnectionClosed) {
					errs = append(errs, fmt.Errorf("agent %q: %w", a.name, err))
				}
			}
			a.mu.Unlock()
			if a.server != nil {
				a.server.Wait() //nolint:errcheck // the client's close ends it
			}
		}
		c.closeErr = errors.Join(errs...)
	})
	return c.closeErr
}

// providerCalls is the provider calls a tool result reports in its _meta
// (orchestrator.MetaProviderCalls); an agent that does not report them is
// taken to have made one.
func providerCalls(res *mcp.CallToolResult) int64 {
	switch v := res.Meta[orchestrator.MetaProviderCalls].(type) {
	case float64:
		return int64(v)
	case int64:
		return v
	case int:
		return int64(v)
	case json.Number:
		n, _ := v.Int64()
		return n
	}
	return 1
}

// newClient is an MCP client whose tool calls carry the caller's trace
// context (mcptrace.Sending; nothing when tracing is off).
func newClient() *mcp.Client {
	c := mcp.NewClient(Implementation, nil)
	c.AddSendingMiddleware(mcptrace.Sending)
	return c
}
