package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

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
		{name: "defaults", wantAddr: ":8081"},
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
	om := openmeteotest.NewServer(t)
	var logs bytes.Buffer
	m := NewMain()
	m.Stderr = &logs
	err := m.Configure(nil, env(map[string]string{
		"TRIPWEAVE_AGENTS_ADDR":   "127.0.0.1:0",
		"OPENMETEO_GEOCODING_URL": om.GeocodingURL(),
		"OPENMETEO_FORECAST_URL":  om.ForecastURL(),
		"OPENMETEO_ARCHIVE_URL":   om.ArchiveURL(),
	}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()

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
