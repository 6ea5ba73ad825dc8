package render_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/render"
	"github.com/tripweave/tripweave/templates"
	"github.com/tripweave/tripweave/templates/templatestest"
)

func ExampleRegister() {
	r, err := templates.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "render", Version: "1"}, nil)
	if err := render.Register(s, r, render.Options{Now: func() time.Time { return time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC) }}); err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, _ := s.Connect(ctx, st, nil)
	cs, _ := mcp.NewClient(&mcp.Implementation{Name: "example"}, nil).Connect(ctx, ct, nil)
	defer func() { cs.Close(); ss.Wait() }()

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: render.ToolRender,
		Arguments: map[string]any{"plan": templatestest.Plan("en"), "format": "geojson"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	var out render.Output
	_ = json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &out)
	fmt.Println(res.IsError, out.ContentType, len(out.ETag), out.Provenance.Source)
	// Output:
	// false application/geo+json 34 tripweave:render
}
