package render

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/templates"
	"github.com/tripweave/tripweave/templates/templatestest"
)

var now = time.Date(2026, 6, 1, 4, 0, 5, 0, time.UTC)

func connect(t *testing.T, opts Options) (*mcp.ClientSession, *templates.Renderer) {
	t.Helper()
	r, err := templates.New()
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "render", Version: "test"}, nil)
	opts.Now = func() time.Time { return now }
	opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := Register(s, r, opts); err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs, r
}

func call(t *testing.T, cs *mcp.ClientSession, args any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: ToolRender, Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	return res, res.Content[0].(*mcp.TextContent).Text
}

func TestRenderFormats(t *testing.T) {
	cs, r := connect(t, Options{})
	plan := templatestest.Plan("zh")
	for _, f := range templates.Formats {
		res, text := call(t, cs, map[string]any{"plan": plan, "format": string(f)})
		if res.IsError {
			t.Fatalf("%s: %s", f, text)
		}
		var out Output
		if err := json.Unmarshal([]byte(text), &out); err != nil {
			t.Fatal(err)
		}
		want, err := r.RenderBytes(plan, f)
		if err != nil {
			t.Fatal(err)
		}
		if out.Body != string(want) || out.ContentType != f.ContentType() || out.ETag != templates.ETag(plan) {
			t.Errorf("%s: got %s %s and a body of %d bytes, want %s %s and %d bytes", f, out.ContentType, out.ETag, len(out.Body), f.ContentType(), templates.ETag(plan), len(want))
		}
		if out.Provenance.Source != Source || !out.Provenance.FetchedAt.Equal(now) || out.Provenance.CacheHit {
			t.Errorf("%s: provenance %+v", f, out.Provenance)
		}
	}
	// The second rendering of the same plan comes from the cache.
	_, text := call(t, cs, map[string]any{"plan": plan, "format": "html"})
	if !strings.Contains(text, `"cache_hit":true`) {
		t.Errorf("second call not served from the cache: %.200s", text)
	}
}

func TestRenderErrors(t *testing.T) {
	cs, _ := connect(t, Options{CacheSize: -1, MaxPlanBytes: 64 << 10})
	for _, c := range []struct {
		name string
		args any
		want string
	}{
		{"bad format", map[string]any{"plan": templatestest.Plan("en"), "format": "pdf"}, `format \"pdf\" is not one of`},
		{"no plan", map[string]any{"format": "html"}, "plan must be a JSON object"},
		{"plan not an object", map[string]any{"plan": "x", "format": "html"}, "plan must be a JSON object"},
		{"bad plan", map[string]any{"plan": map[string]any{"itinerary": 3}, "format": "html"}, "plan: json: cannot unmarshal"},
		{"unknown argument", map[string]any{"plan": map[string]any{}, "format": "md", "style": "x"}, `unknown field \"style\"`},
		{"calendar of a partial plan", map[string]any{"plan": templatestest.Partial(), "format": "ics"}, "no itinerary"},
		{"too large", map[string]any{"plan": map[string]any{"query": strings.Repeat("x", 70<<10)}, "format": "md"}, "exceed"},
	} {
		res, text := call(t, cs, c.args)
		var ue orchestrator.UpstreamError
		if !res.IsError || json.Unmarshal([]byte(text), &ue) != nil || ue.Type != orchestrator.EINVALIDARG || ue.Retryable || !strings.Contains(text, c.want) {
			t.Errorf("%s: got IsError=%v %s, want an invalid_argument error containing %q", c.name, res.IsError, text, c.want)
		}
	}
}

func TestLRU(t *testing.T) {
	c := newLRU(2)
	c.put("a", Output{Body: "A"})
	c.put("b", Output{Body: "B"})
	c.get("a") // a is now the most recent
	c.put("c", Output{Body: "C"})
	for key, want := range map[string]bool{"a": true, "b": false, "c": true} {
		if _, ok := c.get(key); ok != want {
			t.Errorf("%s cached: %v, want %v", key, ok, want)
		}
	}
	off := newLRU(-1)
	off.put("a", Output{})
	if _, ok := off.get("a"); ok {
		t.Error("a disabled cache keeps entries")
	}
}

func TestRegisterNeedsARenderer(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "render", Version: "test"}, nil)
	if err := Register(s, nil, Options{}); err == nil {
		t.Error("nil renderer accepted")
	}
}
