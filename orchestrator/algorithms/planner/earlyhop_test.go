package planner

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestEarlyShortHopLoses: of two timetabled departures of one short hop,
// the one before 07:00 loses to a later one with up to half more fare
// (legUtility, earlyHopBefore); it keeps the leg when the later fare is
// twice as high, and a long leg leaving early keeps its lead.
func TestEarlyShortHopLoses(t *testing.T) {
	hop := func(dep, dur int, cny int64) legOffer {
		return legOffer{price: cny * 100, dur: dur, depart: dep, arrive: dep + dur, atTo: true, before: 60, after: 40, timed: true}
	}
	for _, c := range []struct {
		name         string
		tier         orchestrator.Tier
		early, later legOffer
		laterWins    bool
	}{
		{"广州→深圳 06:43 D vs 07:20 G, mid", orchestrator.TierMid, hop(6*60+43, 32, 33), hop(7*60+20, 36, 49), true},
		{"广州→深圳 06:53 D vs 07:20 G, economy", orchestrator.TierEconomy, hop(6*60+53, 32, 33), hop(7*60+20, 36, 40), true},
		{"上海→杭州 06:36 vs 07:15, comfort", orchestrator.TierComfort, hop(6*60+36, 61, 73), hop(7*60+15, 58, 73), true},
		{"杭州→上海 06:47 vs 07:30 slower, mid", orchestrator.TierMid, hop(6*60+47, 53, 73), hop(7*60+30, 70, 73), true},
		{"flight 06:35 vs 08:10, mid", orchestrator.TierMid, hop(6*60+35, 75, 500), hop(8*60+10, 80, 560), true},
		{"later fare twice as high, economy", orchestrator.TierEconomy, hop(6*60+45, 32, 33), hop(7*60+20, 36, 70), false},
		{"five-hour train at 06:40 vs 09:00, mid", orchestrator.TierMid, hop(6*60+40, 300, 300), hop(9*60, 300, 300), false},
	} {
		wt := tierLegWeights[c.tier]
		cheapest := min(c.early.price, c.later.price)
		fastest := min(c.early.dur, c.later.dur)
		ue, ul := legUtility(c.early, cheapest, fastest, wt), legUtility(c.later, cheapest, fastest, wt)
		if got := ul > ue; got != c.laterWins {
			t.Errorf("%s: later wins %v (early %.3f, later %.3f), want %v", c.name, got, ue, ul, c.laterWins)
		}
	}
}
