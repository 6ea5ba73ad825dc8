package overpass

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/overpass/overpasstest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

func TestDefaultQuotas(t *testing.T) {
	srv := overpasstest.NewServer(t)
	now := time.Date(2026, 6, 1, 22, 15, 0, 0, time.UTC)
	uo := upstream.Options{
		UserAgent: testUA, Retries: -1, Now: func() time.Time { return now },
		Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() },
	}
	c := New(Options{URL: srv.InterpreterURL(), Upstream: uo})
	if _, err := c.Attractions(context.Background(), chengdu); err != nil {
		t.Fatal(err)
	}
	want := []upstream.QuotaUsage{{Name: "Overpass daily", Used: 1, Limit: 10000, ResetsAt: time.Date(2026, 6, 2, 0, 0, 0, 0, time.UTC)}}
	if got := c.Usage(); !reflect.DeepEqual(got, want) {
		t.Errorf("Usage = %+v, want %+v", got, want)
	}

	// A deployment's own budget: the second query is refused unsent.
	uo.Quotas = Quotas(1)
	c = New(Options{URL: srv.InterpreterURL(), Upstream: uo})
	if _, err := c.Restaurants(context.Background(), chengdu); err != nil {
		t.Fatal(err)
	}
	_, err := c.Attractions(context.Background(), chengdu)
	var qe *upstream.QuotaError
	if !errors.As(err, &qe) {
		t.Fatalf("error %v (%T), want a QuotaError", err, err)
	}
	want2 := orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Provider: Provider,
		Message: "Overpass daily quota of 1 requests is used up; resets at 2026-06-02T00:00Z"}
	if *qe.Err != want2 || qe.RetryAfter != 105*time.Minute {
		t.Errorf("error = %+v after %v, want %+v after 1h45m", *qe.Err, qe.RetryAfter, want2)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("server saw %d requests, want 2", n)
	}

	// A Limit of one's own comes without the default quotas.
	if u := New(Options{URL: srv.InterpreterURL(), Upstream: upstream.Options{Limit: upstream.Limit{Concurrent: 2}}}).Usage(); u != nil {
		t.Errorf("Usage with an own Limit = %+v, want none", u)
	}
}
