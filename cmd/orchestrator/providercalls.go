package main

import (
	"sync"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tripweave/tripweave/orchestrator/adapters/ginserver"
	"github.com/tripweave/tripweave/orchestrator/app/pipeline"
)

// planObserver is the pipeline's Observer: the API's node metrics, and each
// plan's provider calls by kind as the histogram
// tripweave_plan_provider_calls{kind} — its _count is the plans, its _sum
// the calls, so sum/count is the provider calls per plan, and a warm plan
// observes 0 for every kind.
type planObserver struct {
	*ginserver.Metrics
	hist   *prometheus.HistogramVec
	byKind sync.Map // orchestrator.Kind → prometheus.Observer
}

var _ pipeline.PlanObserver = (*planObserver)(nil)

// newPlanObserver registers the histogram with m.
func newPlanObserver(m *ginserver.Metrics) (*planObserver, error) {
	o := &planObserver{Metrics: m, hist: prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "tripweave_plan_provider_calls",
		Help:    "Provider calls one plan made, by subtask kind (answers from the knowledge cache or from what an agent keeps of a place are not calls).",
		Buckets: []float64{0, 1, 2, 4, 8, 16, 32},
	}, []string{"kind"})}
	if err := m.Register(o.hist); err != nil {
		return nil, err
	}
	return o, nil
}

// ObservePlanProviderCalls implements pipeline.PlanObserver.
func (o *planObserver) ObservePlanProviderCalls(calls []pipeline.KindCalls) {
	for _, c := range calls {
		h, ok := o.byKind.Load(c.Kind)
		if !ok {
			h, _ = o.byKind.LoadOrStore(c.Kind, o.hist.WithLabelValues(string(c.Kind)))
		}
		h.(prometheus.Observer).Observe(float64(c.Calls))
	}
}
