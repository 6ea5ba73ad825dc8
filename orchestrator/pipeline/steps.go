package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/planner"
	"github.com/tripweave/tripweave/orchestrator/verifier"
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

func planStep(ctx context.Context, in LocalInput) (json.RawMessage, error) {
	it, err := planner.PlanContext(ctx, in.Brief, in.Trip, planner.Options{Cities: in.Brief.CityCount})
	if err != nil {
		return nil, err
	}
	return json.Marshal(it)
}

// itineraryDep returns the itinerary among a step's dependencies.
func itineraryDep(in LocalInput) (*orchestrator.Itinerary, error) {
	for _, id := range in.Subtask.Deps {
		if strings.HasPrefix(id, string(orchestrator.KindItinerary)+":") {
			raw, ok := in.Deps[id]
			if !ok {
				return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "no itinerary was built"}
			}
			var it orchestrator.Itinerary
			if err := json.Unmarshal(raw, &it); err != nil {
				return nil, fmt.Errorf("decode itinerary: %w", err)
			}
			return &it, nil
		}
	}
	return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "no itinerary was built"}
}

func verifyStep(_ context.Context, in LocalInput) (json.RawMessage, error) {
	it, err := itineraryDep(in)
	if err != nil {
		return nil, err
	}
	return json.Marshal(verifier.Verify(in.Brief, in.Trip, it))
}

// BudgetView is the budget step's output: the itinerary's tiers in the
// currency of the brief's budget, converted at the trip's exchange rate
// when the data is priced in another currency.
type BudgetView struct {
	Currency string                       `json:"currency"`
	Rate     float64                      `json:"rate,omitempty"` // data currency → budget currency
	RateDate string                       `json:"rate_date,omitempty"`
	Budget   orchestrator.BudgetBreakdown `json:"budget"`
}

func budgetStep(_ context.Context, in LocalInput) (json.RawMessage, error) {
	it, err := itineraryDep(in)
	if err != nil {
		return nil, err
	}
	view := BudgetView{Currency: it.Budget.Currency, Budget: it.Budget}
	if in.Brief.Budget == nil || in.Brief.Budget.Currency == it.Budget.Currency {
		return json.Marshal(view)
	}
	want := in.Brief.Budget.Currency
	fx := in.Trip.FX
	if fx == nil {
		return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("prices are in %s but the budget is in %s and no exchange rate is available", it.Budget.Currency, want)}
	}
	// Rates are quoted from the budget currency: 1 want = r data.
	r, ok := fx.Value.Rates[it.Budget.Currency]
	if fx.Value.Base != want || !ok || r <= 0 {
		return nil, &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: fmt.Sprintf("no %s→%s exchange rate", want, it.Budget.Currency)}
	}
	conv := func(m orchestrator.Money) orchestrator.Money {
		return orchestrator.Money{Cents: int64(math.Round(float64(m.Cents) / r)), Currency: want}
	}
	b := it.Budget
	b.Currency = want
	if b.Limit != nil {
		l := conv(*b.Limit)
		b.Limit = &l
	}
	b.Tiers = append([]orchestrator.TierCost(nil), it.Budget.Tiers...)
	for i := range b.Tiers {
		t := &b.Tiers[i]
		t.Transport, t.Lodging, t.Food, t.Attractions = conv(t.Transport), conv(t.Lodging), conv(t.Food), conv(t.Attractions)
		t.Total = conv(t.Total)
		t.PerPerson = conv(t.PerPerson)
	}
	view = BudgetView{Currency: want, Rate: 1 / r, RateDate: fx.Value.Date, Budget: b}
	return json.Marshal(view)
}
