package openmeteo

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/openmeteo/openmeteotest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// quotaClient is a Client against srv with upstream options uo, the
// fixtures' clock for both the horizon and the quotas, and no real sleeping.
func quotaClient(t *testing.T, srv *openmeteotest.Server, uo upstream.Options) *Client {
	t.Helper()
	now := openmeteotest.Clock(t)
	uo.Now = func() time.Time { return now }
	uo.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	return New(Options{
		GeocodingURL: srv.GeocodingURL(), ForecastURL: srv.ForecastURL(), ArchiveURL: srv.ArchiveURL(),
		Now: uo.Now, Upstream: uo,
	})
}

func TestDefaultQuotas(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	c := quotaClient(t, srv, upstream.Options{})
	ctx := context.Background()
	if _, err := c.Geocode(ctx, "Chengdu", "en", 1); err != nil {
		t.Fatal(err)
	}
	start, end := openmeteotest.FirstDate(t, "forecast_chengdu.json"), openmeteotest.LastDate(t, "forecast_chengdu.json")
	if _, err := c.Forecast(ctx, chengduLat, chengduLon, start, end); err != nil {
		t.Fatal(err)
	}
	now := openmeteotest.Clock(t) // 2026-06-01T04:00:00Z
	want := []upstream.QuotaUsage{
		{Name: "Open-Meteo hourly", Used: 2, Limit: 5000, ResetsAt: now.Truncate(time.Hour).Add(time.Hour)},
		{Name: "Open-Meteo daily", Used: 2, Limit: 10000, ResetsAt: time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, time.UTC)},
	}
	if got := c.Usage(); !reflect.DeepEqual(got, want) {
		t.Errorf("Usage = %+v\nwant %+v", got, want)
	}
}

func TestQuotaOverride(t *testing.T) {
	srv := openmeteotest.NewServer(t)
	ctx := context.Background()

	// A deployment's own budget, with the default pace.
	c := quotaClient(t, srv, upstream.Options{Quotas: Quotas(0, 1)})
	if _, err := c.Geocode(ctx, "Chengdu", "en", 1); err != nil {
		t.Fatal(err)
	}
	_, err := c.Geocode(ctx, "Chengdu", "en", 1)
	var ue *orchestrator.UpstreamError
	var qe *upstream.QuotaError
	if !errors.As(err, &ue) || !errors.As(err, &qe) {
		t.Fatalf("error %v (%T), want an UpstreamError in a QuotaError", err, err)
	}
	want := orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Provider: Provider,
		Message: "Open-Meteo daily quota of 1 requests is used up; resets at 2026-06-02T00:00Z"}
	if *ue != want {
		t.Errorf("error = %+v, want %+v", *ue, want)
	}
	if qe.RetryAfter != 20*time.Hour {
		t.Errorf("RetryAfter = %v, want 20h", qe.RetryAfter)
	}
	start, end := openmeteotest.FirstDate(t, "forecast_chengdu.json"), openmeteotest.LastDate(t, "forecast_chengdu.json")
	if _, err := c.Forecast(ctx, chengduLat, chengduLon, start, end); !errors.As(err, &qe) {
		t.Errorf("Forecast error = %v, want a QuotaError", err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}

	// An explicitly empty list turns the quotas off; so does a Limit of
	// one's own (it describes another deployment, which sets its quotas).
	for name, uo := range map[string]upstream.Options{
		"empty quotas": {Quotas: []upstream.Quota{}},
		"own limit":    {Limit: upstream.Limit{Concurrent: 1}},
	} {
		if u := quotaClient(t, srv, uo).Usage(); u != nil {
			t.Errorf("%s: Usage = %+v, want none", name, u)
		}
	}
}
