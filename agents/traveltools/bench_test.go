package traveltools

import (
	"context"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/frankfurter"
	"github.com/tripweave/tripweave/agents/frankfurter/frankfurtertest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// constantRates answers every call with the 29 rates of a CNY fixture,
// so the benchmarks measure the MCP round trip alone.
type constantRates struct{ fx orchestrator.FXRates }

func (c constantRates) Rates(context.Context, string, []string, string) (orchestrator.FXRates, error) {
	return c.fx, nil
}

func benchRates(b *testing.B) constantRates {
	fx, err := frankfurter.ParseRates(frankfurtertest.Fixture(b, "latest_cny.json"), "CNY")
	if err != nil {
		b.Fatal(err)
	}
	return constantRates{fx}
}

func runFX(b *testing.B, cs *mcp.ClientSession) {
	b.Helper()
	ctx := context.Background()
	params := &mcp.CallToolParams{Name: ToolFX, Arguments: map[string]any{"base": "CNY"}}
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

// BenchmarkFXRates is one fx_rates call per iteration: over the in-memory
// transport the orchestrator uses in process, over streamable HTTP
// (stateless, JSON responses, as cmd/agents serves it), and in memory with
// the real Frankfurter client calling the replay server.
func BenchmarkFXRates(b *testing.B) {
	now := func() time.Time { return clock }
	b.Run("inmemory", func(b *testing.B) {
		runFX(b, connect(b, Options{FX: benchRates(b), Now: now, Logger: quiet}))
	})
	b.Run("http", func(b *testing.B) {
		runFX(b, httpSession(b, Options{FX: benchRates(b), Now: now, Logger: quiet}))
	})
	b.Run("inmemory+frankfurter-replay", func(b *testing.B) {
		srv := frankfurtertest.NewServer(b)
		fx := frankfurter.New(frankfurter.Options{URL: srv.URL(), Upstream: upstream.Options{
			Limit: upstream.Limit{Requests: 1 << 30, Interval: time.Second}, // the replay server has no policy
		}})
		runFX(b, connect(b, Options{FX: fx, Now: now, Logger: quiet}))
	})
}
