package pipeline

import (
	"context"
	"fmt"
	"math"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/planner"
	"github.com/tripweave/tripweave/orchestrator/algorithms/verifier"
)

func planStep(ctx context.Context, in LocalInput) (any, error) {
	return planner.PlanContext(ctx, in.Brief, in.Trip, planner.Options{Cities: in.Brief.CityCount})
}

func verifyStep(ctx context.Context, in LocalInput) (any, error) {
	if in.Itinerary == nil {
		return nil, errNoItinerary
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rep := verifier.Verify(in.Brief, in.Trip, in.Itinerary)
	return &rep, nil
}

var errNoItinerary = &orchestrator.Error{Code: orchestrator.EUNAVAILABLE, Message: "no itinerary was built"}

// BudgetView is the budget step's output: the itinerary's tiers in the
// currency of the brief's budget, converted at the trip's exchange rate
// when the data is priced in another currency.
type BudgetView struct {
	Currency string                       `json:"currency"`
	Rate     float64                      `json:"rate,omitempty"` // data currency → budget currency
	RateDate string                       `json:"rate_date,omitempty"`
	Budget   orchestrator.BudgetBreakdown `json:"budget"`
}

func budgetStep(_ context.Context, in LocalInput) (any, error) {
	it := in.Itinerary
	if it == nil {
		return nil, errNoItinerary
	}
	view := &BudgetView{Currency: it.Budget.Currency, Budget: it.Budget}
	if in.Brief.Budget == nil || in.Brief.Budget.Currency == it.Budget.Currency {
		return view, nil
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
	return &BudgetView{Currency: want, Rate: 1 / r, RateDate: fx.Value.Date, Budget: b}, nil
}
