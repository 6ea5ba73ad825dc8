package upstream_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"time"

	"github.com/tripweave/tripweave/agents/upstream"
)

func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("city") == "" {
			http.Error(w, `{"error":true,"reason":"city is required"}`, http.StatusBadRequest)
			return
		}
		fmt.Fprintf(w, `{"city":%q}`, r.URL.Query().Get("city"))
	}))
	defer srv.Close()

	c := upstream.New(upstream.Options{
		Provider: "example",
		Timeout:  2 * time.Second,
		Limit:    upstream.Limit{Requests: 600, Interval: time.Minute, Concurrent: 1},
	})
	var out struct{ City string }
	err := c.GetJSON(context.Background(), srv.URL, url.Values{"city": {"Chengdu"}}, &out)
	fmt.Println(out.City, err)

	err = c.GetJSON(context.Background(), srv.URL, nil, &out)
	fmt.Println(err)
	// Output:
	// Chengdu <nil>
	// example: invalid_argument: HTTP 400: {"error":true,"reason":"city is required"}
}

// A Quota refuses requests once a window's budget is spent: here two a
// day, the window ending at midnight China time. The third request is not
// sent; its error says which quota and when it resets.
func ExampleQuota() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{}`)
	}))
	defer srv.Close()

	cst := time.FixedZone("CST", 8*60*60)
	c := upstream.New(upstream.Options{
		Provider: "example",
		Now:      func() time.Time { return time.Date(2026, 11, 29, 9, 30, 0, 0, time.UTC) },
		Quotas: []upstream.Quota{
			{Name: "Example POI daily", Bucket: "poi", Limit: 2, Reset: upstream.DailyReset(cst)},
		},
	})
	for range 3 {
		_, err := c.Do(context.Background(), upstream.Request{URL: srv.URL, Bucket: "poi"})
		fmt.Println(err)
	}
	_, err := c.Do(context.Background(), upstream.Request{URL: srv.URL, Bucket: "poi"})
	var qe *upstream.QuotaError
	if errors.As(err, &qe) {
		fmt.Println("retry after", qe.RetryAfter)
	}
	for _, u := range c.Usage() {
		fmt.Printf("%s: %d of %d, resets %s\n", u.Name, u.Used, u.Limit, u.ResetsAt.Format(time.RFC3339))
	}
	// Output:
	// <nil>
	// <nil>
	// example: rate_limited: Example POI daily quota of 2 requests is used up; resets at 2026-11-30T00:00+08:00
	// retry after 6h30m0s
	// Example POI daily: 2 of 2, resets 2026-11-30T00:00:00+08:00
}
