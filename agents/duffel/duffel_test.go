package duffel_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/duffel"
	"github.com/tripweave/tripweave/agents/duffel/duffeltest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// clock is when the fixtures' offers were created; they expire 30 min later.
var clock = time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)

func newClient(t *testing.T, token string) (*duffel.Client, *duffeltest.Server) {
	t.Helper()
	srv := duffeltest.NewServer(t)
	if token == "" {
		token = duffeltest.Token
	}
	c, err := duffel.New(duffel.Options{URL: srv.URL, Token: token, Now: func() time.Time { return clock },
		Upstream: upstream.Options{Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }}})
	if err != nil {
		t.Fatal(err)
	}
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

func TestOffers(t *testing.T) {
	c, srv := newClient(t, "")
	got, err := c.Offers(context.Background(), duffel.Search{From: "pvg", To: "成都", Date: "2026-06-12", Adults: 2, ChildAges: []int{10}})
	if err != nil {
		t.Fatal(err)
	}
	exp := time.Date(2026, 6, 1, 4, 29, 58, 612000000, time.UTC)
	want := []duffel.Offer{
		{
			ID: "off_0000AzQmP3l1nYxGaLk4Tr", Price: orchestrator.Money{Cents: 54815, Currency: "USD"},
			Tax: &orchestrator.Money{Cents: 8015, Currency: "USD"}, Passengers: 3,
			Owner: duffel.Airline{Name: "Sichuan Airlines", IATACode: "3U"}, ExpiresAt: exp,
			DurationMinutes: 315, Stops: 1, CabinClass: "economy", FareBrand: "Economy Saver",
			Segments: []duffel.Segment{
				{From: "PVG", To: "XIY", FromName: "Shanghai Pudong International Airport", ToName: "Xi'an Xianyang International Airport",
					FromTerminal: "2", ToTerminal: "3", FromTimeZone: "Asia/Shanghai", ToTimeZone: "Asia/Shanghai",
					DepartingAt: "2026-06-12T13:40:00", ArrivingAt: "2026-06-12T16:15:00", DurationMinutes: 155,
					Carrier: duffel.Airline{Name: "Sichuan Airlines", IATACode: "3U"}, FlightNumber: "3U8854", Aircraft: "Airbus A320"},
				{From: "XIY", To: "CTU", FromName: "Xi'an Xianyang International Airport", ToName: "Chengdu Shuangliu International Airport",
					FromTerminal: "3", ToTerminal: "1", FromTimeZone: "Asia/Shanghai", ToTimeZone: "Asia/Shanghai",
					DepartingAt: "2026-06-12T17:30:00", ArrivingAt: "2026-06-12T18:55:00", DurationMinutes: 85,
					Carrier: duffel.Airline{Name: "Sichuan Airlines", IATACode: "3U"}, FlightNumber: "3U8936", Aircraft: "Airbus A321neo"},
			},
		},
		{
			ID: "off_0000AzQmP3l1nYxGaLk4Tq", Price: orchestrator.Money{Cents: 61240, Currency: "USD"},
			Tax: &orchestrator.Money{Cents: 9240, Currency: "USD"}, Passengers: 3,
			Owner: duffel.Airline{Name: "China Eastern Airlines", IATACode: "MU"}, ExpiresAt: exp,
			DurationMinutes: 195, CabinClass: "economy", FareBrand: "Economy Standard",
			Segments: []duffel.Segment{
				{From: "PVG", To: "CTU", FromName: "Shanghai Pudong International Airport", ToName: "Chengdu Shuangliu International Airport",
					FromTerminal: "1", ToTerminal: "2", FromTimeZone: "Asia/Shanghai", ToTimeZone: "Asia/Shanghai",
					DepartingAt: "2026-06-12T08:05:00", ArrivingAt: "2026-06-12T11:20:00", DurationMinutes: 195,
					Carrier: duffel.Airline{Name: "China Eastern Airlines", IATACode: "MU"}, FlightNumber: "MU5401", Aircraft: "Airbus A330-300"},
			},
		},
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		t.Errorf("Offers =\n%s", g)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("requests = %d, want 1 (PVG and 成都 resolve without a lookup)", len(reqs))
	}
	r := reqs[0]
	if r.Method != "POST" || r.URI != "/air/offer_requests?return_offers=true&supplier_timeout=10000" {
		t.Errorf("request %s %s", r.Method, r.URI)
	}
	for k, v := range map[string]string{"Authorization": "Bearer " + duffeltest.Token, "Duffel-Version": "v2", "Content-Type": "application/json", "Accept": "application/json"} {
		if got := r.Header.Get(k); got != v {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
	wantBody := `{"data":{"slices":[{"origin":"PVG","destination":"CTU","departure_date":"2026-06-12"}],"passengers":[{"type":"adult"},{"type":"adult"},{"age":10}],"cabin_class":"economy"}}`
	if r.Body != wantBody {
		t.Errorf("body =\n%s\nwant\n%s", r.Body, wantBody)
	}
	if ttl := duffel.TTL(got, clock); ttl != duffel.MaxOfferTTL {
		t.Errorf("TTL = %v, want %v", ttl, duffel.MaxOfferTTL)
	}
	if ttl := duffel.TTL(got, exp.Add(-time.Minute)); ttl != time.Minute {
		t.Errorf("TTL a minute before expiry = %v, want 1m", ttl)
	}
}

func TestOffersResolvesNamesAndHandlesEmpty(t *testing.T) {
	c, srv := newClient(t, "")
	got, err := c.Offers(context.Background(), duffel.Search{From: "Shanghai", To: "CTU", Date: "2026-06-13", Adults: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got == nil || len(got) != 0 {
		t.Errorf("Offers = %#v, want an empty non-nil list", got)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[0].URI != "/places/suggestions?name=Shanghai" || !strings.Contains(reqs[1].Body, `"origin":"SHA"`) {
		t.Errorf("requests = %+v, want a places lookup then a search from SHA", reqs)
	}
}

func TestOffersExpired(t *testing.T) {
	srv := duffeltest.NewServer(t)
	later := clock.Add(31 * time.Minute)
	c, err := duffel.New(duffel.Options{URL: srv.URL, Token: duffeltest.Token, Now: func() time.Time { return later }})
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Offers(context.Background(), duffel.Search{From: "PVG", To: "CTU", Date: "2026-06-12", Adults: 1})
	if err != nil || len(got) != 0 {
		t.Errorf("Offers after expiry = %v, %v; want none", got, err)
	}
}

func TestOffersErrors(t *testing.T) {
	tests := []struct {
		name          string
		token         string
		search        duffel.Search
		failStatus    int
		failFixture   string
		wantType      string
		wantRetryable bool
		wantMsg       string
		wantRequests  int
	}{
		{name: "401", token: "duffel_test_wrong", search: duffel.Search{From: "PVG", To: "CTU", Date: "2026-06-12", Adults: 1},
			wantType: orchestrator.EAUTH, wantMsg: "access_token_not_found: The access token you have used is not a valid API access token [request_id GMnF1mMwiWcBR68BZJ2I]", wantRequests: 1},
		{name: "422", search: duffel.Search{From: "PVG", To: "CTU", Date: "2026-05-01", Adults: 1},
			wantType: orchestrator.EINVALIDARG, wantMsg: "invalid_date: The date must be in the future (field departure_date)", wantRequests: 1},
		{name: "429 retried", search: duffel.Search{From: "PVG", To: "CTU", Date: "2026-06-12", Adults: 1}, failStatus: 429, failFixture: "error_429.json",
			wantType: orchestrator.ERATELIMITED, wantRetryable: false, wantMsg: "rate_limit_exceeded", wantRequests: 3},
		{name: "unknown place", search: duffel.Search{From: "Atlantis", To: "CTU", Date: "2026-06-12", Adults: 1},
			wantType: orchestrator.ENOTFOUND, wantMsg: `no airport or city matches "Atlantis"`, wantRequests: 1},
		{name: "no adult", search: duffel.Search{From: "PVG", To: "CTU", Date: "2026-06-12"}, wantType: orchestrator.EINVALIDARG},
		{name: "ten passengers", search: duffel.Search{From: "PVG", To: "CTU", Date: "2026-06-12", Adults: 8, ChildAges: []int{3, 4}}, wantType: orchestrator.EINVALIDARG},
		{name: "child age", search: duffel.Search{From: "PVG", To: "CTU", Date: "2026-06-12", Adults: 1, ChildAges: []int{18}}, wantType: orchestrator.EINVALIDARG},
		{name: "cabin", search: duffel.Search{From: "PVG", To: "CTU", Date: "2026-06-12", Adults: 1, CabinClass: "coach"}, wantType: orchestrator.EINVALIDARG},
		{name: "date", search: duffel.Search{From: "PVG", To: "CTU", Date: "12/06/2026", Adults: 1}, wantType: orchestrator.EINVALIDARG},
		{name: "same place", search: duffel.Search{From: "上海", To: "sha", Date: "2026-06-12", Adults: 1}, wantType: orchestrator.EINVALIDARG},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, srv := newClient(t, tt.token)
			if tt.failStatus != 0 {
				srv.FailWith(t, tt.failStatus, tt.failFixture)
			}
			_, err := c.Offers(context.Background(), tt.search)
			ue := upstreamErr(t, err)
			if ue.Type != tt.wantType || ue.Retryable != tt.wantRetryable || ue.Provider != duffel.Provider {
				t.Errorf("error = %+v, want %s retryable %v", ue, tt.wantType, tt.wantRetryable)
			}
			if !strings.Contains(ue.Message, tt.wantMsg) {
				t.Errorf("message = %q, want it to contain %q", ue.Message, tt.wantMsg)
			}
			if n := len(srv.Requests()); n != tt.wantRequests {
				t.Errorf("requests = %d, want %d", n, tt.wantRequests)
			}
		})
	}
}

func TestMapErrorStatuses(t *testing.T) {
	body := []byte(`{"errors":[{"type":"api_error","code":"internal_server_error","title":"Internal error","message":"boom"}],"meta":{"status":500,"request_id":"R1"}}`)
	tests := []struct {
		status    int
		wantType  string
		retryable bool
	}{
		{403, orchestrator.EAUTH, false},
		{404, orchestrator.ENOTFOUND, false},
		{400, orchestrator.EINVALIDARG, false},
		{500, orchestrator.EUNAVAILABLE, false},
		{502, orchestrator.EUNAVAILABLE, false},
		{503, orchestrator.EUNAVAILABLE, true},
		{504, orchestrator.EUNAVAILABLE, true},
	}
	for _, tt := range tests {
		got := duffel.MapError(tt.status, nil, body)
		if got == nil || got.Type != tt.wantType || got.Retryable != tt.retryable || !strings.Contains(got.Message, "request_id R1") {
			t.Errorf("MapError(%d) = %+v, want %s retryable %v", tt.status, got, tt.wantType, tt.retryable)
		}
	}
	if got := duffel.MapError(502, nil, []byte("<html>")); got != nil {
		t.Errorf("MapError(html) = %+v, want nil", got)
	}
}

func TestParseAmount(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"45.00", 4500, true}, {"0.00", 0, true}, {"7", 700, true}, {"1234.5", 123450, true}, {"0.01", 1, true},
		{"0.1", 10, true}, {"612.40", 61240, true}, {"999999999999999.99", 99999999999999999, true},
		{"0.29", 29, true}, {"1.005", 101, true}, {"12.344", 1234, true}, // three-decimal currencies round half up
		{"", 0, false}, {".5", 0, false}, {"5.", 0, false}, {"-1.00", 0, false}, {"+1", 0, false}, {"1e3", 0, false},
		{" 1.00", 0, false}, {"1,000.00", 0, false}, {"1000000000000000.00", 0, false}, {"NaN", 0, false}, {"1.2.3", 0, false},
	}
	for _, tt := range tests {
		got, err := duffel.ParseAmount(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseAmount(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"PT02H26M", 2*time.Hour + 26*time.Minute, true}, {"PT45M", 45 * time.Minute, true}, {"P1DT2H", 26 * time.Hour, true},
		{"PT1H0M30S", time.Hour + 30*time.Second, true}, {"P", 0, false}, {"PT", 0, false}, {"2h", 0, false}, {"", 0, false},
	}
	for _, tt := range tests {
		got, err := duffel.ParseDuration(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestParseOffersGarbage(t *testing.T) {
	for _, body := range []string{
		``, `[]`, `{}`, `{"data":null}`, `{"data":{"offers":[{"id":"x"}]}}`,
		`{"data":{"offers":[{"id":"x","total_amount":"1.00","total_currency":"USD","expires_at":"2030-01-01T00:00:00Z","slices":[{"segments":[]}]}]}}`,
		`{"data":{"offers":[{"id":"x","total_amount":"1.0.0","total_currency":"USD","expires_at":"2030-01-01T00:00:00Z"}]}}`,
		`{"data":{"offers":"nope"}}`,
	} {
		_, err := duffel.ParseOffers([]byte(body), clock)
		if ue := upstreamErr(t, err); ue.Type != orchestrator.EBADRESPONSE {
			t.Errorf("ParseOffers(%q) type = %s, want bad_response", body, ue.Type)
		}
	}
}

func TestNew(t *testing.T) {
	if _, err := duffel.New(duffel.Options{}); err == nil {
		t.Error("New without a token succeeded")
	}
	if _, err := duffel.New(duffel.Options{Token: "t", URL: "api.duffel.com"}); err == nil {
		t.Error("New with a URL without scheme succeeded")
	}
}

func BenchmarkParseOffers(b *testing.B) {
	body := duffeltest.Fixture(b, "offer_request_pvg_ctu.json")
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := duffel.ParseOffers(body, clock); err != nil {
			b.Fatal(err)
		}
	}
}
