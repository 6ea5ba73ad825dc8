package frankfurter_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/tripweave/tripweave/agents/frankfurter"
)

func ExampleClient_Rates() {
	// A stand-in for api.frankfurter.dev/v1 answering a Saturday with
	// Friday's rates, as the real API does.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"amount":1.0,"base":"CNY","date":"2026-05-15","rates":{"EUR":0.123,"USD":0.13886}}`)
	}))
	defer srv.Close()

	c := frankfurter.New(frankfurter.Options{URL: srv.URL})
	fx, err := c.Rates(context.Background(), "CNY", []string{"USD", "EUR"}, "2026-05-16")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(fx.Base, fx.Date, fx.Rates["USD"], fx.Rates["EUR"])
	// Output:
	// CNY 2026-05-15 0.13886 0.123
}
