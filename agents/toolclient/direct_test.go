package toolclient

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/mcptool"
	"github.com/tripweave/tripweave/orchestrator"
)

type weighIn struct {
	City string          `json:"city"`
	N    mcptool.Integer `json:"n"`
}

// weighOut's fields are not in alphabetical order, as the MCP path's
// re-encoded map would have them.
type weighOut struct {
	Zone  string  `json:"zone"`
	Grams float64 `json:"grams"`
	City  string  `json:"city"`
}

// typedServer is a server whose tools are mcptool.Add's, plus one raw
// tool, counting the tools/call requests that reach it over MCP.
func typedServer(t *testing.T, calls *atomic.Int64) *mcp.Server {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "typed", Version: "test"}, nil)
	err := mcptool.Add(s, &mcp.Tool{Name: "weigh"}, slog.New(slog.DiscardHandler), func(_ context.Context, in weighIn) (weighOut, error) {
		switch in.City {
		case "atlantis":
			return weighOut{}, &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND, Message: "no place named atlantis", Provider: "test"}
		case "panic":
			panic("boom")
		case "plain":
			return weighOut{}, errors.New("plain failure")
		}
		return weighOut{Zone: "<east>", Grams: float64(in.N) * 1.5, City: in.City}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s.AddTool(&mcp.Tool{Name: "raw", InputSchema: map[string]any{"type": "object"}}, result(false, nil, `{"ok":true}`))
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				calls.Add(1)
			}
			return next(ctx, method, req)
		}
	})
	return s
}

// TestDirectMatchesMCP calls the same tools in process directly and over
// the in-memory MCP transport: the same outputs (as JSON values), the same
// errors, the same provider calls, and no MCP request on the direct path.
func TestDirectMatchesMCP(t *testing.T) {
	ctx := context.Background()
	var overMCP atomic.Int64
	s := typedServer(t, &overMCP)
	direct, err := ConnectInMemory(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	defer direct.Close()
	if _, ok := direct.direct["weigh"]; !ok {
		t.Fatal("weigh is not called directly")
	}
	if _, ok := direct.direct["raw"]; ok {
		t.Fatal("raw (not mcptool.Add's) is called directly")
	}
	viaMCP, err := ConnectInMemory(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	defer viaMCP.Close()
	viaMCP.direct = nil

	cases := []map[string]any{
		{"city": "lhasa", "n": "3"},
		{"city": "lhasa", "n": 4},
		{"city": "atlantis", "n": 1},
		{"city": "panic", "n": 1},
		{"city": "plain", "n": 1},
		{"city": "lhasa", "n": "three"},
		{"city": "lhasa"},
		{"city": "lhasa", "n": 1, "extra": true},
	}
	for _, args := range cases {
		var dn, mn atomic.Int64
		dn.Store(-1)
		mn.Store(-1)
		dOut, dErr := direct.Call(orchestrator.WithProviderCalls(ctx, &dn), "weigh", args)
		mOut, mErr := viaMCP.Call(orchestrator.WithProviderCalls(ctx, &mn), "weigh", args)
		if !reflect.DeepEqual(dErr, mErr) {
			t.Errorf("%v: direct error %v, MCP error %v", args, dErr, mErr)
		}
		if !sameJSON(t, dOut, mOut) {
			t.Errorf("%v: direct %s, MCP %s", args, dOut, mOut)
		}
		if dn.Load() != mn.Load() {
			t.Errorf("%v: provider calls direct %d, MCP %d", args, dn.Load(), mn.Load())
		}
	}
	if got, want := overMCP.Load(), int64(len(cases)); got != want {
		t.Errorf("tools/call requests over MCP = %d, want %d (the MCP client's only)", got, want)
	}

	got, err := direct.Call(ctx, "raw", nil)
	if err != nil || string(got) != `{"ok":true}` {
		t.Errorf("raw = %s, %v", got, err)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = direct.Call(canceled, "weigh", map[string]any{"city": "lhasa", "n": 1})
	if ue := wantUpstream(t, err, orchestrator.EUNAVAILABLE, false); ue.Message != "call canceled" {
		t.Errorf("canceled call: %+v", ue)
	}
}

func sameJSON(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	var av, bv any
	if err := json.Unmarshal(a, &av); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal(b, &bv); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(av, bv)
}
