package ginserver

import (
	"net/http"
	"strconv"
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
}

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
	}
	reg.MustRegister(m.requests, m.nodes, m.cache,
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
	m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Observe(d.Seconds())
}

// ObserveNode records one finished DAG node.
func (m *Metrics) ObserveNode(kind orchestrator.Kind, category orchestrator.Category, route, status string, cacheHit bool, d time.Duration) {
	m.nodes.WithLabelValues(string(kind), route, status).Observe(d.Seconds())
	if category == orchestrator.Compute {
		return
	}
	result := "miss"
	if cacheHit {
		result = "hit"
	}
	m.cache.WithLabelValues(string(category), result).Inc()
}
