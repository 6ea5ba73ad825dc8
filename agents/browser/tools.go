package browser

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/orchestrator"
)

// Tool names.
const (
	ToolScrapePrices = orchestrator.ToolScrapePrices
	ToolExtractPage  = "extract_page"
)

// toolSet holds the tools' definitions, built once by New.
type toolSet struct {
	a             *Agent
	scrape        *mcp.Tool
	scrapeSchema  *jsonschema.Resolved
	extract       *mcp.Tool
	extractSchema *jsonschema.Resolved
}

// extractInput are extract_page's arguments.
type extractInput struct {
	URL      string `json:"url" jsonschema:"absolute http(s) URL of an allowed host"`
	WaitFor  string `json:"wait_for,omitempty" jsonschema:"CSS selector to wait for; default: wait until the page has loaded and its text is stable"`
	MaxChars int    `json:"max_chars,omitempty" jsonschema:"cap on the text, 1-200000 characters; default 20000"`
	MaxLinks int    `json:"max_links,omitempty" jsonschema:"cap on the links, 0-1000; default 100"`
}

func newToolSet(a *Agent) (*toolSet, error) {
	ts := &toolSet{a: a}
	scrapeIn := scrapeInputSchema(a)
	var err error
	if ts.scrapeSchema, err = scrapeIn.Resolve(nil); err != nil {
		return nil, fmt.Errorf("browser: scrape_prices input schema: %w", err)
	}
	scrapeOut, err := jsonschema.For[ScrapeResult](nil)
	if err != nil {
		return nil, fmt.Errorf("browser: scrape_prices output schema: %w", err)
	}
	extractIn, err := jsonschema.For[extractInput](nil)
	if err != nil {
		return nil, fmt.Errorf("browser: extract_page input schema: %w", err)
	}
	if ts.extractSchema, err = extractIn.Resolve(nil); err != nil {
		return nil, fmt.Errorf("browser: extract_page input schema: %w", err)
	}
	extractOut, err := jsonschema.For[ExtractResult](nil)
	if err != nil {
		return nil, fmt.Errorf("browser: extract_page output schema: %w", err)
	}
	ts.scrape = &mcp.Tool{
		Name:  ToolScrapePrices,
		Title: "Live prices from travel sites",
		Description: "Read live hotel or transport prices from travel sites in a headless browser, following site recipes. " +
			"Give a recipe id, or a kind (hotels or transport) to run every enabled recipe of that kind and merge them. " +
			"Hotel prices are normalised per room per night and transport fares per person where the recipe says so. " +
			"Returns the items (name, price, rating, link, times and mode for transport), the price distribution, " +
			"and economy / mid / comfort figures (25th percentile, median, 75th percentile).",
		InputSchema:  scrapeIn,
		OutputSchema: scrapeOut,
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(true)},
	}
	ts.extract = &mcp.Tool{
		Name:  ToolExtractPage,
		Title: "Read a web page that needs JavaScript",
		Description: "Load an allow-listed page in a headless browser and return its rendered text and links as plain text. " +
			"For pages that only render with JavaScript.",
		InputSchema:  extractIn,
		OutputSchema: extractOut,
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(true)},
	}
	return ts, nil
}

// scrapeInputSchema is scrape_prices' input: tolerant of strings where
// numbers are expected and of extra parameters, since the orchestrator
// passes subtask parameters as strings.
func scrapeInputSchema(a *Agent) *jsonschema.Schema {
	str := func(desc string) *jsonschema.Schema { return &jsonschema.Schema{Type: "string", Description: desc} }
	num := func(desc string) *jsonschema.Schema {
		return &jsonschema.Schema{Types: []string{"number", "string"}, Description: desc}
	}
	ids := make([]string, 0, len(a.ordered))
	for _, r := range a.ordered {
		ids = append(ids, r.ID)
	}
	recipeDesc := "recipe id"
	if len(ids) > 0 {
		recipeDesc += ": one of " + strings.Join(ids, ", ")
	}
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"recipe":    str(recipeDesc),
			"kind":      {Type: "string", Enum: []any{RecipeHotels, RecipeTransport}, Description: "run every enabled recipe of this kind when no recipe is given"},
			"currency":  str("ISO 4217 code of the figures, e.g. CNY; default the recipes' currency"),
			"limit":     num("maximum items returned, 1-500; default 50"),
			"city":      str("hotels: city, e.g. chengdu"),
			"checkin":   str("hotels: check-in date, YYYY-MM-DD"),
			"checkout":  str("hotels: check-out date, YYYY-MM-DD"),
			"nights":    num("hotels: nights, 1-60"),
			"guests":    str("adults+children, e.g. 2+1"),
			"adults":    num("adults, when guests is not given"),
			"children":  num("children, when guests is not given"),
			"room_type": str("hotels: entire_home, private_room, shared_room or not_shared_room"),
			"from":      str("transport: origin city"),
			"to":        str("transport: destination city"),
			"date":      str("transport: travel date, YYYY-MM-DD"),
			"exclude":   str("transport: modes to leave out, comma-separated, e.g. flight,self_driving"),
			"latitude":  num("WGS-84 latitude of the city"),
			"longitude": num("WGS-84 longitude of the city"),
		},
		AdditionalProperties: &jsonschema.Schema{Types: []string{"string", "number", "boolean", "null"}},
	}
}

// Register adds scrape_prices and extract_page to s.
func (a *Agent) Register(s *mcp.Server) {
	ts := a.tools
	s.AddTool(ts.scrape, ts.handler(ts.scrape.Name, ts.scrapeSchema, ts.callScrape))
	s.AddTool(ts.extract, ts.handler(ts.extract.Name, ts.extractSchema, ts.callExtract))
}

// handler wraps a tool: arguments validated against schema, every failure
// (bad arguments, page failures, panics) an error result carrying a JSON
// orchestrator.UpstreamError.
func (ts *toolSet) handler(name string, schema *jsonschema.Resolved, call func(context.Context, json.RawMessage) (any, error)) mcp.ToolHandler {
	logger := ts.a.logger
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, _ error) {
		defer func() {
			if p := recover(); p != nil {
				logger.ErrorContext(ctx, "tool panicked", "tool", name, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				res = errorResult(&orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error", Provider: Provider})
			}
		}()
		args := json.RawMessage(`{}`)
		if req.Params != nil {
			if b := bytes.TrimSpace(req.Params.Arguments); len(b) > 0 && string(b) != "null" {
				args = b
			}
		}
		var raw any
		if err := json.Unmarshal(args, &raw); err != nil {
			return errorResult(invalidf("arguments are not JSON: %v", err)), nil
		}
		if err := schema.Validate(raw); err != nil {
			return errorResult(invalidf("arguments: %v", err)), nil
		}
		out, err := call(ctx, args)
		if err != nil {
			ue := asUpstream(ctx, err)
			if ue.Type == orchestrator.EINTERNAL {
				logger.ErrorContext(ctx, "tool failed", "tool", name, "error", err)
			} else {
				logger.DebugContext(ctx, "tool error", "tool", name, "errorType", ue.Type, "message", ue.Message)
			}
			return errorResult(ue), nil
		}
		body, err := json.Marshal(out)
		if err != nil {
			logger.ErrorContext(ctx, "tool output not marshalable", "tool", name, "error", err)
			return errorResult(&orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error", Provider: Provider}), nil
		}
		return &mcp.CallToolResult{
			StructuredContent: json.RawMessage(body),
			Content:           []mcp.Content{&mcp.TextContent{Text: string(body)}},
		}, nil
	}
}

func (ts *toolSet) callScrape(ctx context.Context, args json.RawMessage) (any, error) {
	var in map[string]any
	if err := json.Unmarshal(args, &in); err != nil {
		return nil, invalidf("arguments must be an object")
	}
	req := ScrapeRequest{Params: map[string]string{}}
	for _, k := range sortedKeys(in) {
		v, ok := scalar(in[k])
		if !ok {
			return nil, invalidf("%s must be a string or a number", k)
		}
		switch k {
		case "recipe":
			req.Recipe = v
		case "kind":
			req.Kind = v
		case "currency":
			req.Currency = v
		case "limit":
			n, err := strconv.Atoi(v)
			if err != nil {
				return nil, invalidf("limit must be an integer")
			}
			req.Limit = n
		default:
			if v != "" {
				req.Params[k] = v
			}
		}
	}
	return ts.a.Scrape(ctx, req)
}

func (ts *toolSet) callExtract(ctx context.Context, args json.RawMessage) (any, error) {
	var in extractInput
	if err := json.Unmarshal(args, &in); err != nil {
		return nil, invalidf("arguments: %v", err)
	}
	return ts.a.Extract(ctx, ExtractRequest{URL: in.URL, WaitFor: in.WaitFor, MaxChars: in.MaxChars, MaxLinks: in.MaxLinks})
}

// scalar renders a JSON scalar as a parameter string; null is "".
func scalar(v any) (string, bool) {
	switch v := v.(type) {
	case nil:
		return "", true
	case string:
		return v, true
	case bool:
		return strconv.FormatBool(v), true
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return "", false
		}
		return strconv.FormatFloat(v, 'f', -1, 64), true
	}
	return "", false
}

// errorResult is the tool error result for ue: IsError, with the error as
// JSON {"errorType","message","retryable"[,"provider"]} in both the
// structured content and the text.
func errorResult(ue *orchestrator.UpstreamError) *mcp.CallToolResult {
	body, _ := json.Marshal(ue) // strings and a bool: cannot fail
	return &mcp.CallToolResult{
		IsError:           true,
		StructuredContent: json.RawMessage(body),
		Content:           []mcp.Content{&mcp.TextContent{Text: string(body)}},
	}
}

// asUpstream returns err as an UpstreamError: itself if it is one, timeout
// or unavailable for the end of ctx, internal for anything else.
func asUpstream(ctx context.Context, err error) *orchestrator.UpstreamError {
	var ue *orchestrator.UpstreamError
	if errors.As(err, &ue) {
		return ue
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &orchestrator.UpstreamError{Type: orchestrator.ETIMEOUT, Message: "deadline exceeded", Retryable: true, Provider: Provider}
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		return &orchestrator.UpstreamError{Type: orchestrator.EUNAVAILABLE, Message: "request canceled", Provider: Provider}
	}
	return &orchestrator.UpstreamError{Type: orchestrator.EINTERNAL, Message: "internal error", Provider: Provider}
}

func ptr[T any](v T) *T { return &v }
