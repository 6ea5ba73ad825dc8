package traveltools

import (
	"context"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/osrm"
	"github.com/tripweave/tripweave/agents/osrm/osrmtest"
	"github.com/tripweave/tripweave/agents/upstream"
)

func runTransport(b *testing.B, cs *mcp.ClientSession) {
	b.Helper()
	ctx := context.Background()
	params := &mcp.CallToolParams{Name: ToolTransport, Arguments: legArgs("Chengdu", "Xian", osrmtest.Chengdu, osrmtest.Xian, "CN", "CN")}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		res, err := cs.CallTool(ctx, params)
		if err != nil || res.IsError {
			b.Fatalf("CallTool: %v %v", err, res)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkTransportOptions is one transport_options call per iteration
// over the in-memory transport: with a matrix source answering at once
// (the tool and the MCP round trip alone), with no router (the estimate),
// and with the real OSRM client calling the replay server. BenchmarkFXRates'
// inmemory case is the baseline of a bare round trip.
func BenchmarkTransportOptions(b *testing.B) {
	now := func() time.Time { return clock }
	b.Run("inmemory", func(b *testing.B) {
		m, err := osrm.New(osrm.Options{DrivingURL: osrmtest.NewServer(b).URL, WalkingURL: osrm.Disabled, CyclingURL: osrm.Disabled,
			Upstream: upstream.Options{Limit: upstream.Limit{Requests: 1 << 30, Interval: time.Second}}})
		if err != nil {
			b.Fatal(err)
		}
		r, err := m.Matrix(context.Background(), osrm.Driving, []osrm.Point{{ID: "from", Lat: 30.5728, Lon: 104.0668}, {ID: "to", Lat: 34.3416, Lon: 108.9398}})
		if err != nil || r.Estimate {
			b.Fatalf("fixture: %+v %v", r, err)
		}
		runTransport(b, connect(b, Options{Matrix: constantMatrix{r}, Now: now, Logger: quiet}))
	})
	b.Run("inmemory+estimate", func(b *testing.B) {
		runTransport(b, connect(b, Options{Now: now, Logger: quiet}))
	})
	b.Run("inmemory+osrm-replay", func(b *testing.B) {
		m, err := osrm.New(osrm.Options{DrivingURL: osrmtest.NewServer(b).URL, WalkingURL: osrm.Disabled, CyclingURL: osrm.Disabled,
			Upstream: upstream.Options{Limit: upstream.Limit{Requests: 1 << 30, Interval: time.Second}}})
		if err != nil {
			b.Fatal(err)
		}
		runTransport(b, connect(b, Options{Matrix: m, Now: now, Logger: quiet}))
	})
}
