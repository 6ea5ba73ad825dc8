package ginserver

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/tripweave/tripweave/orchestrator"
)

// Metrics holds the service's Prometheus collectors: request latency, node
// latency by kind and route, and cache hits by category. It implements
// pipeline.Observer.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.HistogramVec
	nodes    *prometheus.HistogramVec
	cache    *prometheus.CounterVec
	limited  *prometheus.CounterVec
	rejected prometheus.Counter
	operator *prometheus.CounterVec
	// nodeSeries and cacheSeries keep the series ObserveNode found, by
	// their labels: a plan observes about thirty nodes, and resolving
	// label values hashes them each time.
	nodeSeries    sync.Map // nodeLabels → prometheus.Observer
	cacheSeries   sync.Map // cacheLabels → prometheus.Counter
	requestSeries sync.Map // requestLabels → prometheus.Observer
	noteSeries    sync.Map // noteLabels → prometheus.Counter
}

type noteLabels struct {
	kind orchestrator.Kind
	code string
}

// requestLabels are a matched route's request: few, as the routes are the
// registered patterns with their methods, and the statuses the handlers'.
type requestLabels struct {
	method, route string
	status        int
}

type nodeLabels struct{ kind, route, status string }

type cacheLabels struct{ category, result string }

// NewMetrics registers the collectors (and the Go and process collectors) on
// a new registry.
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		requests: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "tripweave_http_request_duration_seconds",
			Help:    "HTTP request latency by method, route and status.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"method", "route", "status"}),
		nodes: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "tripweave_node_duration_seconds",
			Help:    "DAG node latency by subtask kind, route and status.",
			Buckets: []float64{.0001, .0005, .001, .005, .01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"kind", "route", "status"}),
		cache: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tripweave_cache_lookups_total",
			Help: "Knowledge-cache outcomes of cacheable subtasks by category (hit or miss).",
		}, []string{"category", "result"}),
		limited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tripweave_rate_limited_total",
			Help: "Requests answered 429 by limit (requests: the per-caller rate; plans: the plan quota).",
		}, []string{"limit"}),
		rejected: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tripweave_admission_rejected_total",
			Help: "Plan requests answered 503 because the plans in flight were at their bound.",
		}),
		operator: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tripweave_operator_notes_total",
			Help: "Operator notes of plans (configuration: no price recipe, no key, a provider or the browser disabled) by subtask kind and code.",
		}, []string{"kind", "code"}),
	}
	reg.MustRegister(m.requests, m.nodes, m.cache, m.limited, m.rejected, m.operator,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Register adds a collector (e.g. the providers' quota usage) to the
// registry.
func (m *Metrics) Register(c prometheus.Collector) error {
	return m.reg.Register(c)
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

func (m *Metrics) observeRequest(method, route string, status int, d time.Duration) {
	if route == unmatchedRoute {
		// Any method a client sends: not kept, so that requestSeries
		// stays as small as the routes.
		m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Observe(d.Seconds())
		return
	}
	rl := requestLabels{method, route, status}
	o, ok := m.requestSeries.Load(rl)
	if !ok {
		o, _ = m.requestSeries.LoadOrStore(rl, m.requests.WithLabelValues(method, route, strconv.Itoa(status)))
	}
	o.(prometheus.Observer).Observe(d.Seconds())
}

// ObserveNode records one finished DAG node.
func (m *Metrics) ObserveNode(kind orchestrator.Kind, category orchestrator.Category, route, status string, cacheHit bool, d time.Duration) {
	nl := nodeLabels{string(kind), route, status}
	o, ok := m.nodeSeries.Load(nl)
	if !ok {
		o, _ = m.nodeSeries.LoadOrStore(nl, m.nodes.WithLabelValues(nl.kind, nl.route, nl.status))
	}
	o.(prometheus.Observer).Observe(d.Seconds())
	if category == orchestrator.Compute {
		return
	}
	cl := cacheLabels{string(category), "miss"}
	if cacheHit {
		cl.result = "hit"
	}
	c, ok := m.cacheSeries.Load(cl)
	if !ok {
		c, _ = m.cacheSeries.LoadOrStore(cl, m.cache.WithLabelValues(cl.category, cl.result))
	}
	c.(prometheus.Counter).Inc()
}

func (m *Metrics) observeLimited(limit string) { m.limited.WithLabelValues(limit).Inc() }

func (m *Metrics) observeRejected() { m.rejected.Inc() }

// AdmissionCollector exports a's plans in flight and its bound as
// tripweave_plans_in_flight and tripweave_plans_in_flight_max.
func AdmissionCollector(a *Admission) prometheus.Collector {
	return admissionCollector{a}
}

type admissionCollector struct{ a *Admission }

var (
	inFlightDesc    = prometheus.NewDesc("tripweave_plans_in_flight", "Plans being made now in this process.", nil, nil)
	inFlightMaxDesc = prometheus.NewDesc("tripweave_plans_in_flight_max", "The bound on plans in flight (TRIPWEAVE_MAX_PLANS_IN_FLIGHT).", nil, nil)
)

func (c admissionCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- inFlightDesc
	ch <- inFlightMaxDesc
}

func (c admissionCollector) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.MustNewConstMetric(inFlightDesc, prometheus.GaugeValue, float64(c.a.InFlight()))
	ch <- prometheus.MustNewConstMetric(inFlightMaxDesc, prometheus.GaugeValue, float64(c.a.Max()))
}

// ObserveOperatorNote counts an operator note of a plan (it implements
// pipeline.NoteObserver).
func (m *Metrics) ObserveOperatorNote(kind orchestrator.Kind, code string) {
	l := noteLabels{kind, code}
	c, ok := m.noteSeries.Load(l)
	if !ok {
		c, _ = m.noteSeries.LoadOrStore(l, m.operator.WithLabelValues(string(kind), code))
	}
	c.(prometheus.Counter).Inc()
}
