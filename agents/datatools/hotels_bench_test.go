package datatools_test

import (
	"context"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/datatools"
	"github.com/tripweave/tripweave/agents/overpass/overpasstest"
	"github.com/tripweave/tripweave/agents/wikivoyage/wikivoyagetest"
	"github.com/tripweave/tripweave/orchestrator"
)

// fixedLodging and fixedGuide answer with data fetched once, to measure
// the tool without the providers.
type fixedLodging []orchestrator.Accommodation

func (f fixedLodging) Lodging(context.Context, datatools.POIQuery) ([]orchestrator.Accommodation, error) {
	return slices.Clone(f), nil
}

type fixedGuide struct{ g orchestrator.Guide }

func (f fixedGuide) Guide(context.Context, string, string, *orchestrator.GeoPoint) (orchestrator.Guide, error) {
	return f.g, nil
}

// BenchmarkFindHotels measures one find_hotels call over the in-memory MCP
// transport: against the Overpass and Wikivoyage replay servers on
// loopback (HTTP, decoding and wikitext parsing included), and in process
// with the same data already decoded (the tool's merge, pricing and JSON
// alone). destination_guide in process, which only encodes the same
// guide, is the baseline for the MCP round trip.
func BenchmarkFindHotels(b *testing.B) {
	op, wv := overpasstest.NewServer(b), wikivoyagetest.NewServer(b)
	opts := replayOptions(op, wv)
	ctx := context.Background()
	q := datatools.POIQuery{City: "chengdu", Center: orchestrator.GeoPoint{Lat: overpasstest.ChengduLat, Lon: overpasstest.ChengduLon},
		RadiusM: datatools.DefaultRadiusM, Limit: datatools.MaxPOIs}
	places, err := opts.Lodging.Lodging(ctx, q)
	if err != nil {
		b.Fatal(err)
	}
	guide, err := opts.Guides.Guide(ctx, "chengdu", "en", &q.Center)
	if err != nil {
		b.Fatal(err)
	}
	inProcess := opts
	inProcess.Lodging, inProcess.Guides = fixedLodging(places), fixedGuide{guide}

	run := func(b *testing.B, cs *mcp.ClientSession, tool string, args map[string]any) {
		b.ReportAllocs()
		for b.Loop() {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
			if err != nil || res.IsError {
				b.Fatalf("%s: %v %v", tool, err, res)
			}
		}
	}
	b.Run("replay", func(b *testing.B) { run(b, session(b, opts), "find_hotels", chengdu()) })
	b.Run("in-process", func(b *testing.B) { run(b, session(b, inProcess), "find_hotels", chengdu()) })
	b.Run("baseline destination_guide in-process", func(b *testing.B) {
		run(b, session(b, inProcess), "destination_guide", map[string]any{"city": "chengdu"})
	})
}
