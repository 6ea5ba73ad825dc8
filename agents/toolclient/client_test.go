package toolclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
)

type echoIn struct {
	Text string `json:"text"`
}

type echoOut struct {
	Echo string `json:"echo"`
}

// newServer returns a server named name with the given raw tools, plus a
// typed "echo_<name>" tool.
func newServer(name string, raw map[string]mcp.ToolHandler) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: name, Version: "test"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo_" + name}, func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, echoOut, error) {
		if in.Text == "fail" {
			return nil, echoOut{}, errors.New("plain failure")
		}
		return nil, echoOut{Echo: in.Text}, nil
	})
	for _, n := range slices.Sorted(func(yield func(string) bool) {
		for k := range raw {
			if !yield(k) {
				return
			}
		}
	}) {
		s.AddTool(&mcp.Tool{Name: n, InputSchema: map[string]any{"type": "object"}}, raw[n])
	}
	return s
}

func result(isError bool, structured any, text string) mcp.ToolHandler {
	return func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{IsError: isError, StructuredContent: structured, Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

func wantUpstream(t *testing.T, err error, typ string, retryable bool) *orchestrator.UpstreamError {
	t.Helper()
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		t.Fatalf("error = %v (%T), want *orchestrator.UpstreamError", err, err)
	}
	if ue.Type != typ || ue.Retryable != retryable {
		t.Errorf("error = %+v, want type %s retryable %v", ue, typ, retryable)
	}
	return ue
}

func TestConnectInMemory(t *testing.T) {
	ctx := context.Background()
	errJSON := `{"errorType":"not_found","message":"no place named \"Atlantis\" found","retryable":false,"provider":"open-meteo"}`
	a := newServer("alpha", map[string]mcp.ToolHandler{
		"structured_error": result(true, json.RawMessage(errJSON), errJSON),
		"text_error":       result(true, nil, `{"errorType":"unavailable","message":"down","retryable":true}`),
		"odd_error":        result(true, nil, "something broke"),
		"text_ok":          result(false, nil, `{"ok":true}`),
		"text_garbage":     result(false, nil, "hello"),
	})
	b := newServer("beta", nil)
	c, err := ConnectInMemory(ctx, a, b)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	want := []string{"echo_alpha", "echo_beta", "odd_error", "structured_error", "text_error", "text_garbage", "text_ok"}
	if got := c.Tools(); !slices.Equal(got, want) {
		t.Errorf("Tools = %v, want %v", got, want)
	}
	if !c.Has("echo_beta") || c.Has("nope") || c.Agent("echo_beta") != "beta" {
		t.Errorf("Has/Agent disagree with Tools")
	}

	got, err := c.Call(ctx, "echo_beta", map[string]any{"text": "hi"})
	if err != nil || string(got) != `{"echo":"hi"}` {
		t.Errorf("echo = %s, %v; want {\"echo\":\"hi\"}", got, err)
	}
	got, err = c.Call(ctx, "text_ok", nil)
	if err != nil || string(got) != `{"ok":true}` {
		t.Errorf("text_ok = %s, %v", got, err)
	}

	_, err = c.Call(ctx, "structured_error", nil)
	if ue := wantUpstream(t, err, "not_found", false); ue.Provider != "open-meteo" || !strings.Contains(ue.Message, "Atlantis") {
		t.Errorf("decoded %+v", ue)
	}
	_, err = c.Call(ctx, "text_error", nil)
	wantUpstream(t, err, "unavailable", true)
	_, err = c.Call(ctx, "odd_error", nil)
	wantUpstream(t, err, "bad_response", false)
	_, err = c.Call(ctx, "text_garbage", nil)
	wantUpstream(t, err, "bad_response", false)
	// The SDK's own argument validation answers in plain text.
	_, err = c.Call(ctx, "echo_alpha", map[string]any{"text": 5})
	wantUpstream(t, err, "invalid_argument", false)
	_, err = c.Call(ctx, "echo_alpha", map[string]any{"text": "fail"})
	if ue := wantUpstream(t, err, "bad_response", false); ue.Message != "plain failure" {
		t.Errorf("message = %q, want plain failure", ue.Message)
	}
	_, err = c.Call(ctx, "nope", nil)
	wantUpstream(t, err, "unavailable", false)

	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	_, err = c.Call(ctx, "echo_beta", nil)
	wantUpstream(t, err, "unavailable", false)
}

func TestConnectFailures(t *testing.T) {
	ctx := context.Background()
	if _, err := ConnectInMemory(ctx); err == nil {
		t.Error("no servers: want an error")
	}
	empty := mcp.NewServer(&mcp.Implementation{Name: "empty"}, nil)
	_, err := ConnectInMemory(ctx, newServer("alpha", nil), empty)
	if err == nil || err.Error() != `agents: agent "empty" at in-memory exposes no tools` {
		t.Errorf("empty server: err = %v", err)
	}
	_, err = ConnectInMemory(ctx, newServer("alpha", map[string]mcp.ToolHandler{"x": result(false, nil, "{}")}),
		newServer("beta", map[string]mcp.ToolHandler{"x": result(false, nil, "{}")}))
	if err == nil || !strings.Contains(err.Error(), `tool "x" is exposed by both agent "alpha" and agent "beta"`) {
		t.Errorf("duplicate tool: err = %v", err)
	}

	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return empty },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true}))
	defer srv.Close()
	_, err = ConnectHTTP(ctx, srv.URL+"/mcp", nil)
	if want := fmt.Sprintf(`agents: agent "empty" at %s/mcp exposes no tools`, srv.URL); err == nil || err.Error() != want {
		t.Errorf("empty HTTP server: err = %v, want %s", err, want)
	}

	down := httptest.NewServer(http.NotFoundHandler())
	addr := down.URL
	down.Close()
	if _, err := ConnectHTTP(ctx, addr+"/mcp", nil); err == nil {
		t.Error("unreachable: want an error")
	}
	if _, err := ConnectHTTP(ctx, "not a url", nil); err == nil {
		t.Error("bad URL: want an error")
	}
}

// flaky wraps a handler and answers 502 while down is set.
type flaky struct {
	h    http.Handler
	down atomic.Bool
}

func (f *flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if f.down.Load() {
		http.Error(w, "bad gateway", http.StatusBadGateway)
		return
	}
	f.h.ServeHTTP(w, r)
}

func TestConnectHTTPIndex(t *testing.T) {
	ctx := context.Background()
	a, b := newServer("alpha", nil), newServer("beta", nil)
	fa := &flaky{h: mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return a }, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})}
	mux := http.NewServeMux()
	mux.Handle("/api/mcp/alpha", fa)
	mux.Handle("/api/mcp/beta", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return b }, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true}))
	mux.HandleFunc("GET /api/mcp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(Index{Agents: []IndexEntry{{Name: "alpha", Path: "alpha"}, {Name: "beta", Path: "/api/mcp/beta"}}})
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	c, err := ConnectHTTP(ctx, srv.URL+"/api/mcp", srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if got := c.Tools(); !slices.Equal(got, []string{"echo_alpha", "echo_beta"}) {
		t.Errorf("Tools = %v", got)
	}

	// Concurrent callers share the sessions.
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			tool := []string{"echo_alpha", "echo_beta"}[i%2]
			got, err := c.Call(ctx, tool, echoIn{Text: fmt.Sprint(i)})
			if err != nil || string(got) != fmt.Sprintf(`{"echo":"%d"}`, i) {
				t.Errorf("%s(%d) = %s, %v", tool, i, got, err)
			}
		})
	}
	wg.Wait()

	// A transport failure is retryable, and the next call reconnects.
	fa.down.Store(true)
	_, err = c.Call(ctx, "echo_alpha", echoIn{Text: "x"})
	wantUpstream(t, err, "unavailable", true)
	fa.down.Store(false)
	if got, err := c.Call(ctx, "echo_alpha", echoIn{Text: "back"}); err != nil || string(got) != `{"echo":"back"}` {
		t.Errorf("after recovery: %s, %v", got, err)
	}

	// A canceled call reports itself as such.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = c.Call(cctx, "echo_beta", echoIn{Text: "x"})
	wantUpstream(t, err, "unavailable", false)
}

func TestConnectHTTPSingleServer(t *testing.T) {
	s := newServer("solo", nil)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()
	c, err := ConnectHTTP(context.Background(), srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if got, err := c.Call(context.Background(), "echo_solo", echoIn{Text: "a"}); err != nil || string(got) != `{"echo":"a"}` {
		t.Errorf("echo_solo = %s, %v", got, err)
	}
	if c.Agent("echo_solo") != "solo" {
		t.Errorf("agent name = %q, want solo", c.Agent("echo_solo"))
	}
}

func ExampleConnectInMemory() {
	s := mcp.NewServer(&mcp.Implementation{Name: "greeter", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "greet"}, func(_ context.Context, _ *mcp.CallToolRequest, in struct {
		Name string `json:"name"`
	}) (*mcp.CallToolResult, map[string]string, error) {
		return nil, map[string]string{"greeting": "hello " + in.Name}, nil
	})
	ctx := context.Background()
	c, err := ConnectInMemory(ctx, s)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	out, err := c.Call(ctx, "greet", map[string]string{"name": "Chengdu"})
	fmt.Println(c.Tools(), string(out), err)
	// Output: [greet] {"greeting":"hello Chengdu"} <nil>
}
