package ginserver

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tripweave/tripweave/orchestrator/platform/breaker"
)

// Circuits reports the state of the providers' circuit breakers;
// *breaker.Set implements it.
type Circuits interface {
	Snapshot() []breaker.Status
}

// providers answers GET /providers: every tool's circuit (closed, half_open
// or open, consecutive failures, times opened, calls refused, and when an
// open circuit lets a probe through).
func (s *Server) providers(c *gin.Context) {
	list := []breaker.Status{}
	if s.cfg.Circuits != nil {
		list = s.cfg.Circuits.Snapshot()
	}
	c.JSON(http.StatusOK, gin.H{"circuits": list})
}

// CircuitCollector exports circuits as Prometheus gauges read at each
// scrape: tripweave_circuit_state (0 closed, 1 half-open, 2 open),
// tripweave_circuit_opened and tripweave_circuit_refused, by tool.
func CircuitCollector(circuits Circuits) prometheus.Collector {
	return circuitCollector{circuits}
}

type circuitCollector struct{ src Circuits }

var (
	circuitStateDesc = prometheus.NewDesc("tripweave_circuit_state",
		"Circuit breaker state of a tool's provider: 0 closed, 1 half-open, 2 open.", []string{"tool"}, nil)
	circuitOpenedDesc = prometheus.NewDesc("tripweave_circuit_opened",
		"Times a tool's circuit opened since the process started.", []string{"tool"}, nil)
	circuitRefusedDesc = prometheus.NewDesc("tripweave_circuit_refused",
		"Calls a tool's circuit refused since the process started.", []string{"tool"}, nil)
)

func (circuitCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- circuitStateDesc
	ch <- circuitOpenedDesc
	ch <- circuitRefusedDesc
}

func (c circuitCollector) Collect(ch chan<- prometheus.Metric) {
	for _, st := range c.src.Snapshot() {
		v := 0.0
		switch st.State {
		case breaker.HalfOpen.String():
			v = 1
		case breaker.Open.String():
			v = 2
		}
		ch <- prometheus.MustNewConstMetric(circuitStateDesc, prometheus.GaugeValue, v, st.Name)
		ch <- prometheus.MustNewConstMetric(circuitOpenedDesc, prometheus.CounterValue, float64(st.Opened), st.Name)
		ch <- prometheus.MustNewConstMetric(circuitRefusedDesc, prometheus.CounterValue, float64(st.Refused), st.Name)
	}
}
