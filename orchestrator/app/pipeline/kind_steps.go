package pipeline

import (
	"encoding/json"

	"github.com/tripweave/tripweave/orchestrator"
)

// PlannerSteps returns the local steps that turn gathered trip data into an
// itinerary: the deterministic planner (itinerary), the budget in the
// brief's currency (budget) and the independent verifier (verify).
func PlannerSteps() map[orchestrator.Kind]LocalFunc {
	return map[orchestrator.Kind]LocalFunc{
		orchestrator.KindItinerary: planStep,
		orchestrator.KindBudget:    budgetStep,
		orchestrator.KindVerify:    verifyStep,
	}
}

// Handlers of the kinds computed in process (see PlannerSteps): their
// values are typed (*orchestrator.Itinerary, *BudgetView,
// *orchestrator.Report) and pass between steps as such; decode only reads
// the JSON a custom local step may return instead.
func init() {
	register(orchestrator.KindItinerary, handler{
		decode: decodeJSON[orchestrator.Itinerary],
		join:   func(*joiner, orchestrator.Subtask, nodeValue) {}, // the plan's Itinerary
	})
	register(orchestrator.KindBudget, handler{
		decode: decodeJSON[BudgetView],
		// The budget in the brief's currency is a section of the trip,
		// its JSON encoded once (node.run).
		encode: true,
	})
	register(orchestrator.KindVerify, handler{
		decode: decodeJSON[orchestrator.Report],
		join:   func(*joiner, orchestrator.Subtask, nodeValue) {}, // the itinerary's Report
	})
}

// decodeJSON decodes a payload into a new *T.
func decodeJSON[T any](p json.RawMessage) (any, bool) {
	v := new(T)
	return v, json.Unmarshal(p, v) == nil
}
