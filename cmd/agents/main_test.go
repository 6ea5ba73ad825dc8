package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/agents/toolclient"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestConfigure(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		env      map[string]string
		wantAddr string
		wantURL  string
		wantErr  bool
	}{
		{name: "defaults", wantAddr: "127.0.0.1:8081"},
		{name: "env", env: map[string]string{"TRIPWEAVE_AGENTS_ADDR": "127.0.0.1:9000", "OPENMETEO_FORECAST_URL": "http://om/v1/forecast"},
			wantAddr: "127.0.0.1:9000", wantURL: "http://om/v1/forecast"},
		{name: "flag wins", args: []string{"--addr", ":7000"}, env: map[string]string{"TRIPWEAVE_AGENTS_ADDR": ":9000"}, wantAddr: ":7000"},
		{name: "bad level", env: map[string]string{"TRIPWEAVE_LOG_LEVEL": "loud"}, wantErr: true},
		{name: "stray argument", args: []string{"serve"}, wantErr: true},
		{name: "unknown flag", args: []string{"--port", "1"}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMain()
			m.Stderr = io.Discard
			err := m.Configure(tt.args, env(tt.env))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if m.Addr != tt.wantAddr || m.Config.OpenMeteoForecastURL != tt.wantURL {
				t.Errorf("addr %q forecast URL %q, want %q %q", m.Addr, m.Config.OpenMeteoForecastURL, tt.wantAddr, tt.wantURL)
			}
		})
	}
}

func TestMainServes(t *testing.T) {
	var logs bytes.Buffer
	m := startMain(t, &logs)
	ctx := context.Background()

	resp, err := http.Get(m.URL() + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || strings.TrimSpace(string(body)) != `{"status":"ok"}` {
		t.Errorf("healthz = %d %s", resp.StatusCode, body)
	}

	c, err := toolclient.ConnectHTTP(ctx, m.URL()+"/mcp", nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.Call(ctx, "geocode", map[string]any{"name": "Chengdu"})
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Places []struct {
			Name string `json:"name"`
		} `json:"places"`
	}
	if err := json.Unmarshal(out, &g); err != nil || len(g.Places) == 0 || g.Places[0].Name != "Chengdu" {
		t.Errorf("geocode = %s, %v", out, err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("client Close: %v", err)
	}

	if err := m.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if _, err := http.Get(m.URL() + "/healthz"); err == nil {
		t.Error("server still answers after Close")
	}
	// One JSON object per log line.
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		if !json.Valid([]byte(line)) {
			t.Errorf("log line is not JSON: %s", line)
		}
	}
	if !strings.Contains(logs.String(), `"msg":"agents listening"`) {
		t.Errorf("no start-up log line in %s", logs.String())
	}
}

// TestSingleMCPEndpoint connects a stock go-sdk client to /mcp, as any MCP
// client would, and checks that it lists every tool of every agent (as
// each agent's own endpoint lists them) and can call one.
func TestSingleMCPEndpoint(t *testing.T) {
	m := startMain(t, io.Discard)
	ctx := context.Background()

	// What each agent serves on its own endpoint, read through the index.
	resp, err := http.Get(m.URL() + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	var idx toolclient.Index
	err = json.NewDecoder(resp.Body).Decode(&idx)
	resp.Body.Close()
	if err != nil || len(idx.Agents) < 3 {
		t.Fatalf("GET /mcp index = %+v, %v", idx, err)
	}
	var want []string
	for _, a := range idx.Agents {
		want = append(want, listTools(t, m.URL()+"/mcp/"+a.Path)...)
	}
	slices.Sort(want)

	got := listTools(t, m.URL()+"/mcp")
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("/mcp lists %v\nwant every agent's tools %v", got, want)
	}
	for _, name := range []string{"geocode", "weather", "fx_rates", "render_itinerary"} {
		if !slices.Contains(got, name) {
			t.Errorf("/mcp misses %s", name)
		}
	}

	cs := connect(t, m.URL()+"/mcp")
	if r := cs.InitializeResult(); r == nil || r.ServerInfo == nil || r.ServerInfo.Name != "tripweave-agents" {
		t.Errorf("server info = %+v", cs.InitializeResult())
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "geocode", Arguments: map[string]any{"name": "Chengdu"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("geocode failed: %+v", res.Content)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if !strings.Contains(text, `"name":"Chengdu"`) {
		t.Errorf("geocode = %s", text)
	}
	// Bad arguments are a tool error, as on the agent's own endpoint.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "geocode", Arguments: map[string]any{"name": 7}})
	if err != nil || !res.IsError {
		t.Errorf("geocode with a numeric name = %+v, %v; want an error result", res, err)
	}
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "no_such_tool"}); err == nil {
		t.Error("an unknown tool did not fail")
	}
}

// connect opens a stock go-sdk client session on endpoint, standalone SSE
// stream included, as MCP clients do by default.
func connect(t *testing.T, endpoint string) *mcp.ClientSession {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "stock-client", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint}, nil)
	if err != nil {
		t.Fatalf("connect %s: %v", endpoint, err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func listTools(t *testing.T, endpoint string) []string {
	t.Helper()
	res, err := connect(t, endpoint).ListTools(context.Background(), nil)
	if err != nil {
		t.Fatalf("list tools at %s: %v", endpoint, err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
	}
	return names
}

// startMain runs the agents server on a free port against a replayed
// Open-Meteo, without the browser, logging to logs; the test closes it.
func startMain(t *testing.T, logs io.Writer) *Main {
	t.Helper()
	om := openmeteotest.NewServer(t)
	m := NewMain()
	m.Stderr = logs
	err := m.Configure(nil, env(map[string]string{
		"TRIPWEAVE_AGENTS_ADDR":   "127.0.0.1:0",
		"OPENMETEO_GEOCODING_URL": om.GeocodingURL(),
		"OPENMETEO_FORECAST_URL":  om.ForecastURL(),
		"OPENMETEO_ARCHIVE_URL":   om.ArchiveURL(),
		"TRIPWEAVE_BROWSER":       "off",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}
