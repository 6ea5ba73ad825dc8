package frankfurter_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/frankfurter"
	"github.com/tripweave/tripweave/agents/frankfurter/frankfurtertest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

func newClient(t *testing.T) (*frankfurter.Client, *frankfurtertest.Server) {
	t.Helper()
	srv := frankfurtertest.NewServer(t)
	c := frankfurter.New(frankfurter.Options{URL: srv.URL(), Upstream: upstream.Options{
		Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() },
	}})
	return c, srv
}

func upstreamErr(t *testing.T, err error) *orchestrator.UpstreamError {
	t.Helper()
	var ue *orchestrator.UpstreamError
	if !errors.As(err, &ue) {
		t.Fatalf("error %v (%T) is not an *orchestrator.UpstreamError", err, err)
	}
	return ue
}

func TestRates(t *testing.T) {
	c, srv := newClient(t)
	tests := []struct {
		name      string
		base      string
		symbols   []string
		date      string
		wantDate  string
		wantRates map[string]float64 // a subset
		wantLen   int
		wantReq   string
	}{
		{name: "latest EUR", base: "EUR", wantDate: "2026-05-29", wantRates: map[string]float64{"USD": 1.1327, "CNY": 8.1456}, wantLen: 29,
			wantReq: "/v1/latest?base=EUR"},
		{name: "latest CNY lower-case", base: " cny ", wantDate: "2026-05-29",
			wantRates: map[string]float64{"EUR": 0.12277, "IDR": 2272.69, "JPY": 20.044, "USD": 0.13906}, wantLen: 29,
			wantReq: "/v1/latest?base=CNY"},
		{name: "weekend date gives Friday", base: "CNY", symbols: []string{"usd", "EUR", "USD"}, date: "2026-05-16", wantDate: "2026-05-15",
			wantRates: map[string]float64{"EUR": 0.123, "USD": 0.13886}, wantLen: 2,
			wantReq: "/v1/2026-05-16?base=CNY&symbols=EUR%2CUSD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := c.Rates(context.Background(), tt.base, tt.symbols, tt.date)
			if err != nil {
				t.Fatal(err)
			}
			if got.Date != tt.wantDate || len(got.Rates) != tt.wantLen {
				t.Errorf("got date %s, %d rates; want %s, %d", got.Date, len(got.Rates), tt.wantDate, tt.wantLen)
			}
			for k, v := range tt.wantRates {
				if got.Rates[k] != v {
					t.Errorf("rate %s = %v, want %v", k, got.Rates[k], v)
				}
			}
			reqs := srv.Requests()
			if last := reqs[len(reqs)-1]; last != tt.wantReq {
				t.Errorf("request = %s, want %s", last, tt.wantReq)
			}
		})
	}
}

func TestRatesErrors(t *testing.T) {
	tests := []struct {
		name          string
		base          string
		symbols       []string
		date          string
		fail          int
		failBody      string
		wantType      string
		wantRetryable bool
		wantMsg       string
		wantRequests  int
	}{
		{name: "unknown base", base: "XYZ", wantType: orchestrator.ENOTFOUND, wantMsg: "not found", wantRequests: 1},
		{name: "TWD not in ECB set", base: "CNY", symbols: []string{"TWD"}, wantType: orchestrator.ENOTFOUND, wantRequests: 1},
		{name: "bad pair", base: "USD", symbols: []string{"usd"}, wantType: orchestrator.EINVALIDARG, wantMsg: "bad currency pair", wantRequests: 1},
		{name: "before the ECB", base: "EUR", date: "1998-12-31", wantType: orchestrator.ENOTFOUND, wantRequests: 1},
		{name: "base not a code", base: "yuan", wantType: orchestrator.EINVALIDARG, wantRequests: 0},
		{name: "symbol not a code", base: "EUR", symbols: []string{"US$"}, wantType: orchestrator.EINVALIDARG, wantRequests: 0},
		{name: "bad date", base: "EUR", date: "2026-02-30", wantType: orchestrator.EINVALIDARG, wantRequests: 0},
		{name: "5xx retried", base: "EUR", fail: 502, failBody: "<html>bad gateway</html>", wantType: orchestrator.EUNAVAILABLE, wantRetryable: false, wantRequests: 3},
		{name: "garbage 200", base: "EUR", fail: 200, failBody: "<html>", wantType: orchestrator.EBADRESPONSE, wantRequests: 1},
		{name: "wrong base 200", base: "EUR", fail: 200, failBody: `{"amount":1.0,"base":"USD","date":"2026-05-29","rates":{"EUR":0.9}}`, wantType: orchestrator.EBADRESPONSE, wantRequests: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, srv := newClient(t)
			if tt.fail != 0 {
				srv.Fail(tt.fail, tt.failBody)
			}
			_, err := c.Rates(context.Background(), tt.base, tt.symbols, tt.date)
			ue := upstreamErr(t, err)
			if ue.Type != tt.wantType || ue.Retryable != tt.wantRetryable || ue.Provider != frankfurter.Provider {
				t.Errorf("error = %+v, want type %s retryable %v", ue, tt.wantType, tt.wantRetryable)
			}
			if !strings.Contains(ue.Message, tt.wantMsg) {
				t.Errorf("message = %q, want it to contain %q", ue.Message, tt.wantMsg)
			}
			if got := len(srv.Requests()); got != tt.wantRequests {
				t.Errorf("requests = %d, want %d", got, tt.wantRequests)
			}
		})
	}
}

func TestSeries(t *testing.T) {
	c, _ := newClient(t)
	got, err := c.Series(context.Background(), "EUR", []string{"USD"}, "2026-05-11", "2026-05-15")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]float64{
		"2026-05-11": {"USD": 1.1251}, "2026-05-12": {"USD": 1.1274}, "2026-05-13": {"USD": 1.1302},
		"2026-05-14": {"USD": 1.1318}, "2026-05-15": {"USD": 1.129},
	}
	if !reflect.DeepEqual(got.Rates, want) || got.StartDate != "2026-05-11" || got.EndDate != "2026-05-15" {
		t.Errorf("got %+v, want rates %v", got, want)
	}
	if _, err := c.Series(context.Background(), "EUR", nil, "2026-05-15", "2026-05-11"); upstreamErr(t, err).Type != orchestrator.EINVALIDARG {
		t.Errorf("reversed range: %v, want invalid_argument", err)
	}
}

func TestParseRatesGarbage(t *testing.T) {
	for _, body := range []string{
		``, `null`, `[]`, `{}`, `{"base":"EUR"}`, `{"base":"EUR","date":"x","rates":{"USD":1}}`,
		`{"base":"EUR","date":"2026-05-29","rates":{}}`, `{"base":"EUR","date":"2026-05-29","rates":{"USD":-1}}`,
		`{"base":"EUR","date":"2026-05-29","rates":{"usd":1}}`, `{"base":"EUR","date":"2026-05-29","rates":{"USD":"1.1"}}`,
		`{"base":"EUR","date":"2026-05-29","rates":{"USD":0}}`, `{"base":"EUR","date":"2026-05-29","rates":{"USD":1e999}}`,
	} {
		_, err := frankfurter.ParseRates([]byte(body), "EUR")
		if ue := upstreamErr(t, err); ue.Type != orchestrator.EBADRESPONSE {
			t.Errorf("ParseRates(%q) type = %s, want bad_response", body, ue.Type)
		}
	}
}

func TestTTL(t *testing.T) {
	now := time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)
	tests := []struct {
		date       string
		want       time.Duration
		wantSource string
	}{
		{"", frankfurter.LatestTTL, frankfurter.SourceLatest},
		{"2026-06-01", frankfurter.LatestTTL, frankfurter.SourceLatest},
		{"2026-07-01", frankfurter.LatestTTL, frankfurter.SourceLatest},
		{"2026-05-31", frankfurter.HistoricalTTL, frankfurter.SourceHistorical},
		{"2024-01-13", frankfurter.HistoricalTTL, frankfurter.SourceHistorical},
	}
	for _, tt := range tests {
		if got := frankfurter.TTL(tt.date, now); got != tt.want {
			t.Errorf("TTL(%q) = %v, want %v", tt.date, got, tt.want)
		}
		if got := frankfurter.Source(tt.date, now); got != tt.wantSource {
			t.Errorf("Source(%q) = %v, want %v", tt.date, got, tt.wantSource)
		}
	}
}

func BenchmarkParseRates(b *testing.B) {
	body := frankfurtertest.Fixture(b, "latest_cny.json")
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := frankfurter.ParseRates(body, "CNY"); err != nil {
			b.Fatal(err)
		}
	}
}
