package mcptool_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/mcptool"
	"github.com/tripweave/tripweave/orchestrator"
)

type in struct {
	Name  string          `json:"name"`
	Count mcptool.Integer `json:"count,omitempty"`
	Lat   mcptool.Number  `json:"lat,omitempty"`
}

type out struct {
	Greeting string `json:"greeting"`
}

func session(t *testing.T) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	err := mcptool.Add(s, &mcp.Tool{Name: "greet", Description: "greets"}, logger, func(_ context.Context, a in) (out, error) {
		switch a.Name {
		case "panic":
			panic("boom")
		case "missing":
			return out{}, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no such person"}
		case "domain":
			return out{}, orchestrator.FieldErrorf("name", "bad name")
		case "plain":
			return out{}, errors.New("secret detail")
		}
		return out{Greeting: "hello " + a.Name}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestAdd(t *testing.T) {
	cs := session(t)
	tests := []struct {
		args    map[string]any
		errType string
		text    string
	}{
		{map[string]any{"name": "ada", "count": "2", "lat": "30.5"}, "", `{"greeting":"hello ada"}`},
		{map[string]any{"name": "ada", "count": 2.5}, orchestrator.EINVALIDARG, ""},
		{map[string]any{"name": "ada", "extra": 1}, orchestrator.EINVALIDARG, ""},
		{map[string]any{}, orchestrator.EINVALIDARG, ""},
		{map[string]any{"name": "panic"}, orchestrator.EINTERNAL, ""},
		{map[string]any{"name": "missing"}, orchestrator.ENOTFOUND, ""},
		{map[string]any{"name": "domain"}, orchestrator.EINVALIDARG, ""},
		{map[string]any{"name": "plain"}, orchestrator.EINTERNAL, ""},
	}
	for _, tt := range tests {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "greet", Arguments: tt.args})
		if err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if tt.errType == "" {
			if res.IsError || text != tt.text {
				t.Errorf("%v: got %v %s", tt.args, res.IsError, text)
			}
			continue
		}
		var ue orchestrator.UpstreamError
		if !res.IsError || json.Unmarshal([]byte(text), &ue) != nil || ue.Type != tt.errType {
			t.Errorf("%v: got %v %s, want error %s", tt.args, res.IsError, text, tt.errType)
		}
		if tt.args["name"] == "plain" && ue.Message != "internal error" {
			t.Errorf("internal detail leaked: %s", text)
		}
	}
}

func TestNumber(t *testing.T) {
	for in, want := range map[string]float64{`1.5`: 1.5, `"2"`: 2, `" -3.25 "`: -3.25} {
		var n mcptool.Number
		if err := json.Unmarshal([]byte(in), &n); err != nil || float64(n) != want {
			t.Errorf("%s: got %v %v", in, n, err)
		}
	}
	for _, in := range []string{`"x"`, `"NaN"`, `true`} {
		var n mcptool.Number
		if err := json.Unmarshal([]byte(in), &n); err == nil {
			t.Errorf("%s accepted", in)
		}
	}
	var i mcptool.Integer
	if err := json.Unmarshal([]byte(`"2.5"`), &i); err == nil {
		t.Error("2.5 accepted as an integer")
	}
}
