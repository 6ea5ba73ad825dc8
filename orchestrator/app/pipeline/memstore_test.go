package pipeline_test

import (
	"context"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// The rest of memStore's orchestrator.PlanStore; the pipeline only saves
// and reads plans.

func (m *memStore) PlanJSON(_ context.Context, id string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if data, ok := m.plans[id]; ok {
		return data, nil
	}
	return nil, orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %s", id)
}

func (m *memStore) ListPlans(context.Context, orchestrator.PlanFilter) (orchestrator.PlanPage, error) {
	return orchestrator.PlanPage{}, orchestrator.Errorf(orchestrator.EUNAVAILABLE, "memStore does not list")
}

func (m *memStore) DeletePlan(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.plans[id]; !ok {
		return orchestrator.Errorf(orchestrator.ENOTFOUND, "no plan %s", id)
	}
	delete(m.plans, id)
	return nil
}

func (m *memStore) DeletePlansBefore(context.Context, time.Time) (int, error) { return 0, nil }
