package brief

import "github.com/prometheus/client_golang/prometheus"

// Metrics counts what the parsers did, for Prometheus:
//
//   - brief_parser_total{parser, outcome}: parses by the parser that
//     answered and how it went. parser="rules": ok, questions (essentials
//     missing) or refused. parser="llm": ok, retried (the first reply did not
//     decode), cache_hit, invalid (two replies that did not decode; the rules
//     answered), timeout and error (no usable reply in time, 429, 5xx…; the
//     rules answered) or canceled (the caller left).
//   - brief_llm_tokens_total{kind}: tokens the model reported spending,
//     kind prompt or completion.
//
// A nil *Metrics counts nothing.
type Metrics struct {
	parsers *prometheus.CounterVec
	tok     *prometheus.CounterVec
}

// NewMetrics returns unregistered collectors; register them with
// Collectors.
func NewMetrics() *Metrics {
	return &Metrics{
		parsers: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brief_parser_total",
			Help: "Request parses by the parser that answered (rules, llm) and outcome.",
		}, []string{"parser", "outcome"}),
		tok: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brief_llm_tokens_total",
			Help: "Tokens the language model reported spending on briefs, by kind (prompt, completion).",
		}, []string{"kind"}),
	}
}

// Collectors returns the collectors to register.
func (m *Metrics) Collectors() []prometheus.Collector {
	return []prometheus.Collector{m.parsers, m.tok}
}

func (m *Metrics) parsed(parser, outcome string) {
	if m != nil {
		m.parsers.WithLabelValues(parser, outcome).Inc()
	}
}

func (m *Metrics) tokens(prompt, completion int) {
	if m == nil {
		return
	}
	if prompt > 0 {
		m.tok.WithLabelValues("prompt").Add(float64(prompt))
	}
	if completion > 0 {
		m.tok.WithLabelValues("completion").Add(float64(completion))
	}
}
