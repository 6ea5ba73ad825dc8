package decision_test

import (
	"fmt"
	"time"

	"github.com/tripweave/tripweave/decision"
	"github.com/tripweave/tripweave/orchestrator"
)

func ExamplePolicy_Decide() {
	p := decision.DefaultPolicy()
	h := decision.Health{
		Tools: map[string]bool{"destination_guide": true, "weather": true, "scrape_prices": true},
		Down:  map[orchestrator.Route]bool{orchestrator.RouteBrowser: true}, // no Chromium
	}
	guide := orchestrator.NewSubtask(orchestrator.KindGuide, map[string]string{"city": "kyoto", "lang": "en"})
	weather := orchestrator.NewSubtask(orchestrator.KindWeather, map[string]string{"city": "kyoto", "days": "3"})
	hotels := orchestrator.NewSubtask(orchestrator.KindHotelPrices, map[string]string{"city": "kyoto", "nights": "3"})

	for _, c := range []struct {
		st    orchestrator.Subtask
		cache decision.CacheState
	}{
		{guide, decision.CacheState{Present: true, Age: 10 * 24 * time.Hour}}, // stale, within 30 days
		{weather, decision.CacheState{Present: true, Age: 2 * time.Hour}},     // stale, within 6 hours
		{hotels, decision.CacheState{}},                                       // absent, browser down
	} {
		s := p.Decide(c.st, c.cache, h)
		fmt.Printf("%-7s %v reason=%s revalidate=%v ttl=%v\n", c.st.Kind, s.Chain(), s.Reason, s.Revalidate, s.TTL)
	}
	// Output:
	// guide   [cache mcp none] reason=stale_while_revalidate revalidate=true ttl=168h0m0s
	// weather [mcp cache none] reason=live_over_stale revalidate=false ttl=1h0m0s
	// hotel_prices [none] reason=route_down revalidate=false ttl=20m0s
}
