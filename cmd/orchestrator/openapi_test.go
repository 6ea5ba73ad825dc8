package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/docs"
	"github.com/tripweave/tripweave/orchestrator"
)

func init() {
	// Documents are validated as strings: their schema is {type: string}.
	text := func(r io.Reader, _ http.Header, _ *openapi3.SchemaRef, _ openapi3filter.EncodingFn) (any, error) {
		b, err := io.ReadAll(r)
		return string(b), err
	}
	for _, ct := range []string{"text/html", "text/markdown", "text/calendar", "text/event-stream"} {
		openapi3filter.RegisterBodyDecoder(ct, text)
	}
}

// loadSpec loads and validates docs/openapi.yaml.
func loadSpec(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(docs.OpenAPIYAML())
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.yaml is not valid: %v", err)
	}
	return doc
}

// ginParam matches a gin path parameter (":id", "*path").
var ginParam = regexp.MustCompile(`[:*]([A-Za-z_]+)`)

// TestOpenAPICoversEveryRoute walks the real server's router, mounted
// interfaces included, and fails for any route the spec does not describe.
func TestOpenAPICoversEveryRoute(t *testing.T) {
	doc := loadSpec(t)
	app, err := Open(context.Background(), testConfig(t, openmeteotest.NewServer(t)), slog.New(slog.NewJSONHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	routes := app.Server.Routes()
	if len(routes) < 10 {
		t.Fatalf("only %d routes", len(routes))
	}
	for _, r := range routes {
		path := ginParam.ReplaceAllString(r.Path, "{$1}")
		item := doc.Paths.Value(path)
		if item == nil {
			t.Errorf("route %s %s is not in docs/openapi.yaml (as %s)", r.Method, r.Path, path)
			continue
		}
		if item.GetOperation(r.Method) == nil {
			t.Errorf("route %s %s has no %s operation in docs/openapi.yaml", r.Method, r.Path, r.Method)
		}
	}
}

// TestOpenAPIValidatesLiveResponses sends real requests to the running
// server and validates each request and response against the spec.
func TestOpenAPIValidatesLiveResponses(t *testing.T) {
	doc := loadSpec(t)
	app, err := Open(context.Background(), testConfig(t, openmeteotest.NewServer(t)), slog.New(slog.NewJSONHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	srv := httptest.NewServer(app.Server.Handler())
	defer srv.Close()
	doc.Servers = openapi3.Servers{{URL: srv.URL}}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	// do sends one request, validates it (unless it is bad on purpose)
	// and its response, and returns the status and body.
	do := func(method, path, body string, wantStatus int, badRequest bool) []byte {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Fatalf("%s %s: no route in the spec: %v", method, path, err)
		}
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
		if !badRequest {
			if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
				t.Errorf("%s %s: request does not match the spec: %v", method, path, err)
			}
			req.Body = io.NopCloser(strings.NewReader(body))
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != wantStatus {
			t.Fatalf("%s %s = %d %s, want %d", method, path, resp.StatusCode, data, wantStatus)
		}
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode, Header: resp.Header,
			Body: io.NopCloser(bytes.NewReader(data)), Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
			t.Errorf("%s %s: %d response does not match the spec: %v", method, path, resp.StatusCode, err)
		}
		return data
	}

	do("GET", "/healthz", "", 200, false)
	do("GET", "/readyz", "", 200, false)
	do("GET", "/providers", "", 200, false)
	do("GET", "/openapi.json", "", 200, false)
	do("GET", "/.well-known/agent-card.json", "", 200, false)
	do("GET", "/", "", 200, false)
	var plan struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(do("POST", "/v1/plans", chengduBrief, 201, false), &plan); err != nil || plan.ID == "" {
		t.Fatalf("plan id: %v", err)
	}
	do("GET", "/v1/plans/"+plan.ID, "", 200, false)
	do("GET", "/v1/plans/"+plan.ID+".html", "", 200, false)
	do("GET", "/v1/plans/"+plan.ID+"/trace", "", 200, false)
	do("GET", "/v1/plans?limit=5", "", 200, false)
	do("POST", "/v1/briefs", `{"query":"3 days in Kyoto in April, $1500, temples and food","now":"2026-03-03T10:00:00+09:00"}`, 200, false)
	do("POST", "/v1/plans", `{"query":"I want a relaxing holiday","now":"2026-06-01T12:00:00+08:00"}`, 422, false)
	do("POST", "/v1/plans/"+plan.ID+"/answers", `{"answers":{"dates":"June 3"}}`, 409, false)
	do("GET", "/v1/plans/pl_0000000000000000", "", 404, false)
	do("POST", "/v1/plans", `{"brief": {"destinations": ["Chengdu"], "travelers": {"adults": "two"}}}`, 400, true)
	do("POST", "/v1/plans", `{"query": "x", "colour": "red"}`, 400, true)
	do("DELETE", "/v1/plans/"+plan.ID, "", 204, false)
	do("GET", "/v1/plans/"+plan.ID, "", 404, false)

	// 405 answers every route with the wrong method, in the error shape.
	resp, err := http.Post(srv.URL+"/healthz", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	var body any
	err = json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if resp.StatusCode != 405 || err != nil {
		t.Fatalf("POST /healthz = %d (%v)", resp.StatusCode, err)
	}
	if err := doc.Components.Schemas["Error"].Value.VisitJSON(body); err != nil {
		t.Errorf("405 body does not match the Error schema: %v", err)
	}
}

// TestOpenAPIKindsAreTheRegistry: the API description's Kind enum is the
// kinds registry, in its order.
func TestOpenAPIKindsAreTheRegistry(t *testing.T) {
	spec := loadSpec(t)
	ref, ok := spec.Components.Schemas["Kind"]
	if !ok {
		t.Fatal("docs/openapi.yaml has no Kind schema")
	}
	var got []string
	for _, v := range ref.Value.Enum {
		got = append(got, fmt.Sprint(v))
	}
	var want []string
	for _, k := range orchestrator.AllKinds() {
		want = append(want, string(k))
	}
	if !slices.Equal(got, want) {
		t.Errorf("Kind enum %v, registry %v", got, want)
	}
}
