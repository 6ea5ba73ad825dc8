package osrm_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/tripweave/tripweave/agents/osrm"
	"github.com/tripweave/tripweave/agents/upstream"
)

func ExampleClient_Matrix() {
	// A stand-in for the OSRM demo server that is throttling us.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `{"message":"Too Many Requests"}`)
	}))
	defer srv.Close()

	c, err := osrm.New(osrm.Options{DrivingURL: srv.URL, Upstream: upstream.Options{Retries: -1}})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := c.Matrix(context.Background(), osrm.Driving, []osrm.Point{
		{ID: "kuanzhai", Lat: 30.6703, Lon: 104.0557},
		{ID: "wuhouci", Lat: 30.6458, Lon: 104.0476},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Source(), res.Estimate, res.Fallback)
	fmt.Println(res.Matrix.Seconds, res.Matrix.Meters)
	// Output:
	// haversine true OSRM rate_limited: Too Many Requests
	// [[0 442] [442 0]] [[0 3682] [3682 0]]
}
