package amap_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/amap/amaptest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// quotaClient is a Client on a replay server with upstream options uo, a
// fixed clock (2026-06-01 20:30 in China) and no real sleeping.
func quotaClient(t *testing.T, uo upstream.Options) (*amap.Client, *amaptest.Server) {
	t.Helper()
	srv := amaptest.NewServer(t)
	uo.Now = func() time.Time { return time.Date(2026, 6, 1, 12, 30, 0, 0, time.UTC) }
	uo.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	c, err := amap.New(amap.Options{URL: srv.URL, Key: amaptest.Key, Upstream: uo})
	if err != nil {
		t.Fatal(err)
	}
	return c, srv
}

// used returns the units used per bucket.
func used(c *amap.Client) map[string]int {
	out := map[string]int{}
	for _, u := range c.Usage() {
		out[u.Bucket] = u.Used
	}
	return out
}

func quotaErr(t *testing.T, err error) *upstream.QuotaError {
	t.Helper()
	var qe *upstream.QuotaError
	if !errors.As(err, &qe) {
		t.Fatalf("error %v (%T), want a QuotaError", err, err)
	}
	return qe
}

// The default POI budget is 100 searches a day, apart from the other
// services': the 101st search is refused unsent while geocoding, weather
// and directions go on.
func TestPOIQuota(t *testing.T) {
	c, srv := quotaClient(t, upstream.Options{})
	ctx := context.Background()
	search := amap.POISearch{Keywords: "火锅", City: "成都", PageSize: 2}
	for i := range amap.DefaultPOIQuota {
		if _, err := c.SearchPOI(ctx, search); err != nil {
			t.Fatalf("search %d: %v", i+1, err)
		}
	}
	_, err := c.SearchPOI(ctx, amap.POISearch{Center: &kuanzhai, Radius: 500, Types: "110000|140000"}) // v5 around: same bucket
	qe := quotaErr(t, err)
	want := orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Provider: amap.Provider,
		Message: "Amap POI search daily quota of 100 requests is used up; resets at 2026-06-02T00:00+08:00"}
	if *qe.Err != want {
		t.Errorf("error = %+v, want %+v", *qe.Err, want)
	}
	if qe.RetryAfter != 3*time.Hour+30*time.Minute {
		t.Errorf("RetryAfter = %v, want 3h30m", qe.RetryAfter)
	}
	if n := len(srv.Requests()); n != amap.DefaultPOIQuota {
		t.Errorf("server saw %d requests, want %d", n, amap.DefaultPOIQuota)
	}

	if _, err := c.Geocode(ctx, "成都市武侯祠大街231号", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Weather(ctx, "510100", false); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Directions(ctx, amap.DirectionQuery{Mode: amap.ModeDriving, Origin: kuanzhai, Destination: chunxi}); err != nil {
		t.Fatal(err)
	}
	got := used(c)
	for b, n := range map[string]int{amap.BucketPOI: 100, amap.BucketGeocode: 1, amap.BucketWeather: 1, amap.BucketDirection: 1, amap.BucketOther: 0} {
		if got[b] != n {
			t.Errorf("bucket %s used %d, want %d", b, got[b], n)
		}
	}
	for _, u := range c.Usage() {
		if want := map[bool]int{true: amap.DefaultPOIQuota, false: amap.DefaultServiceQuota}[u.Bucket == amap.BucketPOI]; u.Limit != want {
			t.Errorf("%s: limit %d, want %d", u.Name, u.Limit, want)
		}
	}
}

// Each service has its own budget; the route planning modes share one.
func TestServiceQuotas(t *testing.T) {
	c, srv := quotaClient(t, upstream.Options{Quotas: amap.Quotas(1, 1)})
	ctx := context.Background()
	if _, err := c.Geocode(ctx, "成都市武侯祠大街231号", ""); err != nil {
		t.Fatal(err)
	}
	_, err := c.Geocode(ctx, "成都市武侯祠大街231号", "")
	if qe := quotaErr(t, err); qe.Quota != "Amap geocode daily" || strings.Contains(qe.Error(), amaptest.Key) {
		t.Errorf("refused by %q (%v), want Amap geocode daily", qe.Quota, qe)
	}
	if _, err := c.Directions(ctx, amap.DirectionQuery{Mode: amap.ModeDriving, Origin: kuanzhai, Destination: chunxi}); err != nil {
		t.Fatal(err)
	}
	_, err = c.Directions(ctx, amap.DirectionQuery{Mode: amap.ModeWalking, Origin: kuanzhai, Destination: wuhouci})
	if qe := quotaErr(t, err); qe.Quota != "Amap direction daily" {
		t.Errorf("refused by %q, want Amap direction daily", qe.Quota)
	}
	if _, err := c.SearchPOI(ctx, amap.POISearch{Keywords: "火锅", City: "成都", PageSize: 2}); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Requests()); n != 3 {
		t.Errorf("server saw %d requests, want 3", n)
	}
}

// A caller's own Limit comes without the default quotas.
func TestOwnLimitHasNoDefaultQuotas(t *testing.T) {
	c, _ := quotaClient(t, upstream.Options{Limit: upstream.Limit{Concurrent: 1}})
	if u := c.Usage(); u != nil {
		t.Errorf("Usage = %+v, want none", u)
	}
}
