package upstream_test

import (
	"context"
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
