package openmeteo_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/tripweave/tripweave/agents/openmeteo"
)

func ExampleClient_Forecast() {
	// A stand-in for api.open-meteo.com answering in its format.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"timezone":"Asia/Shanghai","daily_units":{"temperature_2m_max":"°C"},
			"daily":{"time":["2026-06-02","2026-06-03"],"weather_code":[3,95],
			"temperature_2m_max":[29.8,null],"precipitation_sum":[0.0,24.3]}}`)
	}))
	defer srv.Close()

	c := openmeteo.New(openmeteo.Options{
		ForecastURL: srv.URL,
		Now:         func() time.Time { return time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) },
	})
	f, err := c.Forecast(context.Background(), 30.67, 104.07, "2026-06-02", "2026-06-03")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range f.Days {
		fmt.Println(d.Date, d.Text, d.TempMax != nil, d.Risks)
	}
	// Output:
	// 2026-06-02 Overcast true []
	// 2026-06-03 Thunderstorm false [heavy_rain storm]
}
