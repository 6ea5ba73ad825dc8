package delegate

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestZeroPartyRefusedAtMCPAndA2A: a structured brief saying 0 adults and
// no children, as MCP's plan_trip and A2A's data part carry it, is refused
// naming the field.
func TestZeroPartyRefusedAtMCPAndA2A(t *testing.T) {
	_, err := decodeBrief(map[string]any{"destinations": []any{"Chengdu"}, "days": 2, "travelers": map[string]any{"adults": 0}})
	if orchestrator.ErrorField(err) != "brief.travelers.adults" {
		t.Errorf("0 adults: %v", err)
	}
	if _, err := decodeBrief(map[string]any{"destinations": []any{"Chengdu"}, "days": 2}); err != nil {
		t.Errorf("no travelers: %v", err)
	}
}
