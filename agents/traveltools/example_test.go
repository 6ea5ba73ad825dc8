package traveltools_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/traveltools"
)

func ExampleRegister() {
	// A stand-in for api.frankfurter.dev/v1.
	fx := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"amount":1.0,"base":"CNY","date":"2026-05-15","rates":{"EUR":0.123,"USD":0.13886}}`)
	}))
	defer fx.Close()

	logger := slog.New(slog.DiscardHandler)
	opts, err := traveltools.New(traveltools.Config{
		FrankfurterURL: fx.URL,
		OSRMURL:        "none", OSRMWalkingURL: "none", OSRMCyclingURL: "none", // estimates only
		Now: func() time.Time { return time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC) },
	}, logger)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "travel", Version: "1"}, nil)
	if err := traveltools.Register(s, opts); err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, _ := s.Connect(ctx, st, nil)
	cs, _ := mcp.NewClient(&mcp.Implementation{Name: "example"}, nil).Connect(ctx, ct, nil)
	defer func() { cs.Close(); ss.Wait() }()

	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"fx_rates", map[string]any{"base": "CNY", "symbols": "USD,EUR", "date": "2026-05-16"}},
		{"travel_matrix", map[string]any{"points": []map[string]any{
			{"id": "kuanzhai", "lat": "30.6703", "lon": "104.0557"}, {"id": "wuhouci", "lat": "30.6458", "lon": "104.0476"}}}},
		{"fx_rates", map[string]any{"base": "yuan"}},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res.IsError, res.Content[0].(*mcp.TextContent).Text)
	}
	// Output:
	// false {"base":"CNY","date":"2026-05-15","rates":{"EUR":0.123,"USD":0.13886},"provenance":{"source":"frankfurter:historical","fetched_at":"2026-06-01T04:00:00Z","ttl":31536000,"cache_hit":false,"attribution":{"text":"Exchange rates by Frankfurter (European Central Bank reference rates)","url":"https://frankfurter.dev"}}}
	// false {"matrix":{"mode":"driving","ids":["kuanzhai","wuhouci"],"seconds":[[0,442],[442,0]],"meters":[[0,3682],[3682,0]]},"estimate":true,"note":"OSRM unavailable: no OSRM server for the driving profile","model":{"road_factor":1.3,"speed_kmh":30},"provenance":{"source":"haversine","fetched_at":"2026-06-01T04:00:00Z","ttl":3600,"cache_hit":false,"estimate":true}}
	// true {"errorType":"invalid_argument","message":"base \"yuan\" is not a 3-letter currency code","retryable":false}
}
