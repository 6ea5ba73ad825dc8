package datatools_test

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/datatools"
	"github.com/tripweave/tripweave/orchestrator"
)

type sunny struct{}

func (sunny) Forecast(_ context.Context, _, _ float64, start, _ string) (orchestrator.Forecast, error) {
	return orchestrator.Forecast{Days: []orchestrator.WeatherDay{{Date: start, Text: "Clear sky"}}}, nil
}

func ExampleRegister() {
	s := mcp.NewServer(&mcp.Implementation{Name: "data", Version: "1"}, nil)
	err := datatools.Register(s, datatools.Options{
		Forecaster: sunny{},
		Forecast:   datatools.Source{Name: "example:forecast", TTL: time.Hour},
		Now:        func() time.Time { return time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC) },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, _ := s.Connect(ctx, st, nil)
	cs, _ := mcp.NewClient(&mcp.Implementation{Name: "example"}, nil).Connect(ctx, ct, nil)
	defer func() { cs.Close(); ss.Wait() }()

	for _, args := range []map[string]any{
		{"latitude": 30.67, "longitude": 104.07, "start_date": "2026-06-02", "end_date": "2026-06-02"},
		{"latitude": 300, "longitude": 104.07, "start_date": "2026-06-02", "end_date": "2026-06-02"},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "weather", Arguments: args})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res.IsError, res.Content[0].(*mcp.TextContent).Text)
	}
	// Output:
	// false {"forecast":{"days":[{"date":"2026-06-02","text":"Clear sky"}]},"provenance":{"source":"example:forecast","fetched_at":"2026-06-01T04:00:00Z","ttl":3600,"cache_hit":false}}
	// true {"errorType":"invalid_argument","message":"latitude must be between -90 and 90","retryable":false}
}
