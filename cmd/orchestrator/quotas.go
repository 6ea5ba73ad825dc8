package main

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tripweave/tripweave/agents"
)

// quotaCollector exports the in-process agents' provider quotas, read at
// each scrape.
type quotaCollector struct {
	usage func() []agents.QuotaUsage
}

var (
	quotaUsedDesc = prometheus.NewDesc("tripweave_upstream_quota_used",
		"Requests spent in the current window of a provider quota.", []string{"provider", "quota", "bucket"}, nil)
	quotaLimitDesc = prometheus.NewDesc("tripweave_upstream_quota_limit",
		"Requests a provider quota allows per window.", []string{"provider", "quota", "bucket"}, nil)
	quotaResetDesc = prometheus.NewDesc("tripweave_upstream_quota_resets_at_seconds",
		"When the current window of a provider quota ends (Unix time).", []string{"provider", "quota", "bucket"}, nil)
)

func (quotaCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- quotaUsedDesc
	ch <- quotaLimitDesc
	ch <- quotaResetDesc
}

func (c quotaCollector) Collect(ch chan<- prometheus.Metric) {
	for _, u := range c.usage() {
		labels := []string{u.Provider, u.Name, u.Bucket}
		ch <- prometheus.MustNewConstMetric(quotaUsedDesc, prometheus.GaugeValue, float64(u.Used), labels...)
		ch <- prometheus.MustNewConstMetric(quotaLimitDesc, prometheus.GaugeValue, float64(u.Limit), labels...)
		ch <- prometheus.MustNewConstMetric(quotaResetDesc, prometheus.GaugeValue, float64(u.ResetsAt.Unix()), labels...)
	}
}
