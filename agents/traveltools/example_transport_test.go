package traveltools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/traveltools"
)

func ExampleRegister_transportOptions() {
	opts, err := traveltools.New(traveltools.Config{
		OSRMURL: "none", // no road router: road figures are the intercity estimate
		Now:     func() time.Time { return time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC) },
	}, slog.New(slog.DiscardHandler))
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

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: traveltools.ToolTransport, Arguments: map[string]any{
		"from": "Chengdu", "to": "Xi'an", "from_country": "CN", "to_country": "CN",
		"from_latitude": "30.5728", "from_longitude": "104.0668", "to_latitude": "34.3416", "to_longitude": "108.9398",
	}})
	if err != nil || res.IsError {
		fmt.Println(err, res)
		return
	}
	var out traveltools.TransportOutput
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &out); err != nil {
		fmt.Println(err)
		return
	}
	for _, o := range out.Leg.Options {
		fmt.Printf("%-12s %4d min %6.1f km %12s %s\n", o.Mode, o.DurationMinutes, o.DistanceKM, o.Price, o.Pricing)
	}
	fmt.Println(out.Provenance.Source, out.Notes[0])
	// Output:
	// self_driving  660 min  806.1 km   793.97 CNY per_vehicle
	// flight        200 min  620.0 km   600.00 CNY per_person
	// haversine+tripweave:fare-model road distance and time are estimates (great-circle × 1.3 at 75 km/h + 15 min) because OSRM unavailable: no OSRM server for the driving profile
}
