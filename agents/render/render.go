// Package render registers the renderer agent's MCP tool, render_itinerary,
// on an *mcp.Server: a plan's JSON in, one document out (HTML, Markdown,
// iCalendar or GeoJSON) with its content type, its ETag and provenance. It
// is deterministic — no model writes the documents — and keeps the last
// documents it rendered keyed by the plan's hash (the ETag) and format.
//
// Contract, as for the data tools: the structured output is a JSON object
// with a top-level "provenance"; a failure is a tool error result (IsError)
// whose structured content and text are the JSON {"errorType", "message",
// "retryable"} of an orchestrator.UpstreamError; a handler panic is an
// "internal" error result.
package render

import (
	"bytes"
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/templates"
)

// ToolRender is the tool's name, as orchestrator.Kinds names it.
const ToolRender = orchestrator.ToolRenderItinerary

// Source is the provenance source of rendered documents.
const Source = "tripweave:render"

// Defaults of Options.
const (
	DefaultCacheSize    = 256
	DefaultMaxPlanBytes = 4 << 20
)

// Options configure Register. The zero value means the defaults.
type Options struct {
	// Now stamps provenance; default time.Now.
	Now func() time.Time
	// CacheSize is how many rendered documents are kept; 0 means
	// DefaultCacheSize, negative disables the cache.
	CacheSize int
	// MaxPlanBytes bounds the plan's JSON; 0 means DefaultMaxPlanBytes.
	MaxPlanBytes int
	// Logger receives internal failures; default slog.Default().
	Logger *slog.Logger
}

// Input are the tool's arguments.
type Input struct {
	// Plan is a plan as GET /v1/plans/{id} returns it.
	Plan json.RawMessage `json:"plan"`
	// Format is "html", "md", "ics" or "geojson".
	Format string `json:"format"`
}

// Output is the tool's result.
type Output struct {
	ContentType string `json:"content_type"`
	Body        string `json:"body"`
	// ETag is the strong entity tag of the plan's documents (templates.ETag).
	ETag       string                  `json:"etag"`
	Provenance orchestrator.Provenance `json:"provenance"`
}

var inputSchema = &jsonschema.Schema{
	Type: "object",
	Properties: map[string]*jsonschema.Schema{
		"plan":   {Type: "object", Description: "the plan JSON, as GET /v1/plans/{id} returns it"},
		"format": {Type: "string", Enum: []any{"html", "md", "ics", "geojson"}, Description: "document format: html (self-contained page), md (Markdown), ics (iCalendar), geojson"},
	},
	Required:             []string{"plan", "format"},
	AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
}

// Register adds render_itinerary to s. It returns an error when r is nil or
// the output schema cannot be built (a programming error).
func Register(s *mcp.Server, r *templates.Renderer, opts Options) error {
	if r == nil {
		return errors.New("render: nil renderer")
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.CacheSize == 0 {
		opts.CacheSize = DefaultCacheSize
	}
	if opts.MaxPlanBytes <= 0 {
		opts.MaxPlanBytes = DefaultMaxPlanBytes
	}
	out, err := jsonschema.For[Output](nil)
	if err != nil {
		return fmt.Errorf("render: output schema: %w", err)
	}
	t := &tool{r: r, opts: opts, cache: newLRU(opts.CacheSize)}
	s.AddTool(&mcp.Tool{
		Name:  ToolRender,
		Title: "Render an itinerary",
		Description: "Render a tripweave plan as a document: a self-contained HTML itinerary (timeline, route maps, budget chart, " +
			"weather, packing hints, findings, data notes, attribution), Markdown, an iCalendar file or GeoJSON. " +
			"Returns the body with its content type and an ETag from the plan's hash.",
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: ptr(false)},
		InputSchema:  inputSchema,
		OutputSchema: out,
	}, t.handle)
	return nil
}

type tool struct {
	r     *templates.Renderer
	opts  Options
	cache *lru
}

func (t *tool) handle(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, _ error) {
	defer func() {
		if p := recover(); p != nil {
			t.opts.Logger.ErrorContext(ctx, "tool panicked", "tool", ToolRender, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			res = errorResult(&orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error"})
		}
	}()
	var args json.RawMessage
	if req.Params != nil {
		args = req.Params.Arguments
	}
	out, uerr := t.render(args)
	if uerr != nil {
		return errorResult(uerr), nil
	}
	body, err := json.Marshal(out)
	if err != nil {
		t.opts.Logger.ErrorContext(ctx, "tool output not marshalable", "tool", ToolRender, "error", err)
		return errorResult(&orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error"}), nil
	}
	return &mcp.CallToolResult{
		StructuredContent: json.RawMessage(body),
		Content:           []mcp.Content{&mcp.TextContent{Text: string(body)}},
	}, nil
}

func (t *tool) render(args json.RawMessage) (*Output, *orchestrator.UpstreamError) {
	if len(args) > t.opts.MaxPlanBytes+1024 {
		return nil, invalidf("the arguments exceed %d bytes", t.opts.MaxPlanBytes)
	}
	var in Input
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, invalidf("arguments: %v", err)
	}
	f, ok := templates.ParseFormat(in.Format)
	if !ok {
		return nil, invalidf("format %q is not one of html, md, ics, geojson", in.Format)
	}
	raw := bytes.TrimSpace(in.Plan)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, invalidf("plan must be a JSON object")
	}
	var plan orchestrator.Plan
	if err := json.Unmarshal(raw, &plan); err != nil {
		return nil, invalidf("plan: %v", err)
	}
	etag := templates.ETag(&plan)
	key := etag + " " + string(f)
	if out, ok := t.cache.get(key); ok {
		out.Provenance.CacheHit = true
		return &out, nil
	}
	body, err := t.r.RenderBytes(&plan, f)
	if err != nil {
		return nil, &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: orchestrator.ErrorMessage(err)}
	}
	out := Output{ContentType: f.ContentType(), Body: string(body), ETag: etag,
		Provenance: orchestrator.Provenance{Source: Source, FetchedAt: t.opts.Now().UTC()}}
	t.cache.put(key, out)
	return &out, nil
}

// errorResult is the tool error result for ue.
func errorResult(ue *orchestrator.UpstreamError) *mcp.CallToolResult {
	body, _ := json.Marshal(ue) // strings and a bool: cannot fail
	return &mcp.CallToolResult{
		IsError:           true,
		StructuredContent: json.RawMessage(body),
		Content:           []mcp.Content{&mcp.TextContent{Text: string(body)}},
	}
}

func invalidf(format string, args ...any) *orchestrator.UpstreamError {
	return &orchestrator.UpstreamError{Type: orchestrator.EINVALIDARG, Message: fmt.Sprintf(format, args...)}
}

func ptr[T any](v T) *T { return &v }

// lru is a fixed-size least-recently-used cache of outputs; size < 0 keeps
// nothing. It is safe for concurrent use.
type lru struct {
	mu    sync.Mutex
	size  int
	order *list.List // of *lruEntry, most recent first
	items map[string]*list.Element
}

type lruEntry struct {
	key string
	out Output
}

func newLRU(size int) *lru {
	return &lru{size: size, order: list.New(), items: map[string]*list.Element{}}
}

func (c *lru) get(key string) (Output, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok {
		return Output{}, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*lruEntry).out, true
}

func (c *lru) put(key string, out Output) {
	if c.size < 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		e.Value.(*lruEntry).out = out
		c.order.MoveToFront(e)
		return
	}
	c.items[key] = c.order.PushFront(&lruEntry{key: key, out: out})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry).key)
	}
}
