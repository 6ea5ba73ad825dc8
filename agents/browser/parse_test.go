package browser

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestParsePrice(t *testing.T) {
	cny := PriceSpec{Currency: "CNY", Decimal: ".", Range: "low"}
	eur := PriceSpec{Currency: "EUR", Decimal: ",", Range: "low"}
	tests := []struct {
		text  string
		spec  PriceSpec
		cents int64
		cur   string
	}{
		{"¥1,280", cny, 128000, "CNY"},
		{"￥ 368", cny, 36800, "CNY"},
		{"¥199起", cny, 19900, "CNY"},
		{"CNY 980 - 1,200", cny, 98000, "CNY"},
		{"980 – 1,200 元", PriceSpec{Currency: "CNY", Decimal: ".", Range: "high"}, 120000, "CNY"},
		{"980~1,200", PriceSpec{Currency: "CNY", Decimal: ".", Range: "mid"}, 109000, "CNY"},
		{"556.5", cny, 55650, "CNY"},
		{"1.2万", cny, 1200000, "CNY"},
		{"US$ 240 total", cny, 24000, "USD"},
		{"$150", cny, 15000, "USD"},
		{"$150", PriceSpec{Currency: "HKD", Decimal: "."}, 15000, "HKD"},
		{"HK$1,050", cny, 105000, "HKD"},
		{"€1.234,56", eur, 123456, "EUR"},
		{"1 234,5 €", eur, 123450, "EUR"},
		{"£ 89.99 per night", cny, 8999, "GBP"},
		{"¥12,800", PriceSpec{Currency: "JPY", Decimal: "."}, 1280000, "JPY"},
		{"JPY 12800", cny, 1280000, "JPY"},
		{"１，２８０円", cny, 128000, "JPY"},
		{"from 2.5k THB", cny, 250000, "THB"},
		{"0.999", cny, 100, "CNY"},
	}
	for _, tt := range tests {
		cents, cur, err := parsePrice(tt.text, tt.spec)
		if err != nil || cents != tt.cents || cur != tt.cur {
			t.Errorf("parsePrice(%q) = %d %s %v, want %d %s", tt.text, cents, cur, err, tt.cents, tt.cur)
		}
	}
	for _, bad := range []string{"", "call us", "sold out", "99999999999999999"} {
		if cents, _, err := parsePrice(bad, cny); err == nil {
			t.Errorf("parsePrice(%q) = %d, want an error", bad, cents)
		}
	}
}

func TestPercentile(t *testing.T) {
	xs := []int64{12000, 19900, 36800, 39900, 45000, 56000, 64000, 72000, 86000, 98000, 128000, 215000}
	for _, tt := range []struct {
		xs   []int64
		p    float64
		want int64
	}{
		{xs, 0.25, 39125}, {xs, 0.5, 60000}, {xs, 0.75, 89000},
		{[]int64{500}, 0.25, 500}, {[]int64{100, 200}, 0.5, 150}, {[]int64{100, 201}, 0.5, 151}, {nil, 0.5, 0},
	} {
		if got := percentile(tt.xs, tt.p); got != tt.want {
			t.Errorf("percentile(%v, %v) = %d, want %d", tt.xs, tt.p, got, tt.want)
		}
	}
}

func TestParseTransportFields(t *testing.T) {
	for _, tt := range []struct {
		text string
		hhmm string
		days int
	}{
		{"07:00", "07:00", 0}, {"7:05", "07:05", 0}, {"10:05 +1", "10:05", 1}, {"次日 06:10", "06:10", 1},
		{"２１：３０", "21:30", 0}, {"dep. 23:59+2", "23:59", 2}, {"soon", "", 0}, {"25:00", "", 0},
	} {
		hhmm, days := parseClock(tt.text)
		if hhmm != tt.hhmm || days != tt.days {
			t.Errorf("parseClock(%q) = %q %d, want %q %d", tt.text, hhmm, days, tt.hhmm, tt.days)
		}
	}
	for _, tt := range []struct {
		text string
		want int
	}{
		{"6h 30m", 390}, {"8小时25分", 505}, {"150 min", 150}, {"2:45", 165}, {"1.5 hours", 90}, {"", 0}, {"12h", 720},
	} {
		if got := parseDuration(tt.text); got != tt.want {
			t.Errorf("parseDuration(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
	for _, tt := range []struct{ text, want string }{
		{"高铁", "train"}, {"G1234", "train"}, {"D352", "train"}, {"Coach", "bus"}, {"大巴", "bus"},
		{"Flight", "flight"}, {"航班", "flight"}, {"ferry", "ferry"}, {"walk", "walk"}, {"MU5401", ""}, {"", ""},
	} {
		if got := parseMode(tt.text); got != tt.want {
			t.Errorf("parseMode(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	for _, tt := range []struct {
		text  string
		scale float64
		want  float64
	}{
		{"9.2/10", 10, 4.6}, {"4.5", 0, 4.5}, {"4,3 ★", 5, 4.3}, {"12", 10, 0}, {"none", 5, 0}, {"85%", 100, 4.25},
	} {
		if got := parseRating(tt.text, tt.scale); got != tt.want {
			t.Errorf("parseRating(%q, %v) = %v, want %v", tt.text, tt.scale, got, tt.want)
		}
	}
	if got := parseCount("1,234 reviews"); got != 1234 {
		t.Errorf("parseCount = %d, want 1234", got)
	}
}

func TestCleanText(t *testing.T) {
	for _, tt := range []struct {
		in   string
		max  int
		want string
	}{
		{"  Grand \n\t Hotel  ", 100, "Grand Hotel"},
		{"Bidi\u202eevil\u202c Hotel\u200b\x00", 100, "Bidievil Hotel"},
		{"<b>kept</b> as text", 100, "<b>kept</b> as text"},
		{"abcdef", 3, "abc…"},
		{"成都 酒店", 100, "成都 酒店"},
	} {
		if got := cleanText(tt.in, tt.max); got != tt.want {
			t.Errorf("cleanText(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
	got, trunc := cleanLines("a\n\n  b  c \n"+strings.Repeat("x", 10), 8)
	if got != "a\nb c\nxx" || !trunc {
		t.Errorf("cleanLines = %q %v", got, trunc)
	}
}

func TestGuard(t *testing.T) {
	patterns := func(ss ...string) []hostPattern {
		var out []hostPattern
		for _, s := range ss {
			p, err := parseHostPattern(s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p)
		}
		return out
	}
	lookup := func(_ context.Context, host string) ([]netip.Addr, error) {
		switch host {
		case "public.example", "img.cdn.example", "api.example":
			return []netip.Addr{netip.MustParseAddr("93.184.215.14")}, nil
		case "rebind.example":
			return []netip.Addr{netip.MustParseAddr("93.184.215.14"), netip.MustParseAddr("10.0.0.5")}, nil
		}
		return nil, errors.New("no such host")
	}
	p := newPolicy(patterns("public.example", "rebind.example", "*.cdn.example", "api.example:8443", "127.0.0.1", "missing.example"), false, lookup)
	tests := []struct {
		url     string
		allowed bool
		typ     string
	}{
		{"https://public.example/search?q=1", true, ""},
		{"http://PUBLIC.example:8080/", true, ""},
		{"https://img.cdn.example/a.js", true, ""},
		{"https://cdn.example/a.js", false, orchestrator.EINVALIDARG}, // the wildcard does not cover the apex
		{"https://api.example:8443/v1", true, ""},
		{"https://api.example/v1", false, orchestrator.EINVALIDARG},
		{"https://other.example/", false, orchestrator.EINVALIDARG},
		{"https://rebind.example/", false, orchestrator.EINVALIDARG},
		{"http://127.0.0.1:8080/", false, orchestrator.EINVALIDARG},
		{"ftp://public.example/", false, orchestrator.EINVALIDARG},
		{"https://u:p@public.example/", false, orchestrator.EINVALIDARG},
		{"https://missing.example/", false, orchestrator.EUNAVAILABLE},
	}
	for _, tt := range tests {
		err := p.guard().check(context.Background(), tt.url)
		if (err == nil) != tt.allowed {
			t.Errorf("check(%s) = %v, want allowed %v", tt.url, err, tt.allowed)
			continue
		}
		if err != nil {
			var ue *orchestrator.UpstreamError
			if !errors.As(err, &ue) || ue.Type != tt.typ {
				t.Errorf("check(%s) = %v, want type %s", tt.url, err, tt.typ)
			}
		}
	}
	open := newPolicy(patterns("127.0.0.1"), true, lookup)
	if err := open.guard().check(context.Background(), "http://127.0.0.1:9/"); err != nil {
		t.Errorf("AllowPrivate: %v", err)
	}
	for _, bad := range []string{"", "a/b", "*.*.x", "ex ample"} {
		if _, err := parseHostPattern(bad); err == nil {
			t.Errorf("parseHostPattern(%q) accepted", bad)
		}
	}
}

func TestPrivateAddr(t *testing.T) {
	for _, tt := range []struct {
		addr    string
		private bool
	}{
		{"127.0.0.1", true}, {"10.1.2.3", true}, {"172.16.0.1", true}, {"192.168.1.1", true}, {"169.254.169.254", true},
		{"100.64.0.1", true}, {"0.0.0.0", true}, {"::1", true}, {"fe80::1", true}, {"fd00::1", true}, {"::ffff:127.0.0.1", true},
		{"64:ff9b::a00:1", true}, {"224.0.0.1", true}, {"93.184.215.14", false}, {"2606:4700::1111", false}, {"64:ff9b::5db8:d70e", false},
	} {
		if got := privateAddr(netip.MustParseAddr(tt.addr)); got != tt.private {
			t.Errorf("privateAddr(%s) = %v, want %v", tt.addr, got, tt.private)
		}
	}
}

const exampleRecipe = `{
  "id": "example-hotels",
  "name": "Example Hotels",
  "kind": "hotels",
  "url": "https://hotels.example/search/{city}?in={checkin}&out={checkout}&adults={adults}&rooms={rooms}",
  "defaults": {"rooms": "1"},
  "values": {"city": {"chengdu": "CTU-1", "new york": "NYC 2"}},
  "items": ".result",
  "fields": {"name": ".title", "price": {"selector": ".price", "attr": "data-amount"}},
  "price": {"currency": "CNY", "unit": "stay"}
}`

func TestRecipe(t *testing.T) {
	r, err := ParseRecipe([]byte(exampleRecipe))
	if err != nil {
		t.Fatal(err)
	}
	if r.Host() != "hotels.example" || r.Limit != DefaultRecipeLimit || r.Politeness.RequestsPerMinute != DefaultRequestsPerMinute ||
		time.Duration(r.TTL) != DefaultRecipeTTL || r.Wait.Selector != ".result" || r.Site != "https://hotels.example/" {
		t.Errorf("defaults not applied: %+v", r)
	}
	for _, tt := range []struct {
		params map[string]string
		want   string
		err    string
	}{
		{map[string]string{"city": "Chengdu", "checkin": "2026-06-19", "checkout": "2026-06-22", "adults": "2"},
			"https://hotels.example/search/CTU-1?in=2026-06-19&out=2026-06-22&adults=2&rooms=1", ""},
		{map[string]string{"city": "new york", "checkin": "a&b=c", "checkout": "x", "adults": "2", "rooms": "2"},
			"https://hotels.example/search/NYC%202?in=a%26b%3Dc&out=x&adults=2&rooms=2", ""},
		{map[string]string{"city": "lhasa", "checkin": "x", "checkout": "y", "adults": "2"}, "", "does not cover city"},
		{map[string]string{"city": "chengdu"}, "", `needs the parameter "checkin"`},
	} {
		got, err := r.buildURL(tt.params)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("buildURL(%v) = %q, %v; want error %q", tt.params, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("buildURL(%v) = %q, %v; want %q", tt.params, got, err, tt.want)
		}
	}

	bad := []struct{ old, new, err string }{
		{`"id": "example-hotels"`, `"id": "Example Hotels"`, "id must be"},
		{`"kind": "hotels"`, `"kind": "cars"`, "kind must be"},
		{`"url": "https://hotels.example/`, `"url": "https://{city}.example/`, "placeholders are not allowed in the host"},
		{`"url": "https://hotels.example/`, `"url": "file:///`, "absolute http or https"},
		{`"items": ".result"`, `"items": ""`, "items selector"},
		{`"currency": "CNY"`, `"currency": "yuan"`, "ISO 4217"},
		{`"unit": "stay"`, `"unit": "person"`, "is for transport"},
		{`"name": ".title"`, `"name": ".title", "colour": ".c"`, "unknown field"},
		{`"name": ".title", `, ``, "fields.name and fields.price are required"},
	}
	for _, b := range bad {
		doc := strings.Replace(exampleRecipe, b.old, b.new, 1)
		if doc == exampleRecipe {
			t.Fatalf("edit %q does not apply", b.old)
		}
		if _, err := ParseRecipe([]byte(doc)); err == nil || !strings.Contains(err.Error(), b.err) {
			t.Errorf("recipe with %s: error %v, want %q", b.new, err, b.err)
		}
	}
}

func TestNormalise(t *testing.T) {
	q, err := normalise(ScrapeRequest{Kind: "Hotels", Params: map[string]string{"city": "chengdu", "checkin": "2026-06-19", "nights": "3", "guests": "2+1", "Origin": "x"}})
	if err != nil {
		t.Fatal(err)
	}
	if q.kind != "hotels" || q.nights != 3 || q.people != 3 || q.params["checkout"] != "2026-06-22" ||
		q.params["adults"] != "2" || q.params["children"] != "1" || q.params["from"] != "x" || q.limit != DefaultItems {
		t.Errorf("normalise = %+v", q)
	}
	q, err = normalise(ScrapeRequest{Kind: "transport", Params: map[string]string{"adults": "2", "exclude": "Flight, self_driving"}})
	if err != nil {
		t.Fatal(err)
	}
	if q.params["guests"] != "2+0" || !q.exclude["flight"] || !q.exclude["self_driving"] || q.guessed {
		t.Errorf("normalise transport = %+v", q)
	}
	for _, bad := range []ScrapeRequest{
		{Kind: "hotels", Params: map[string]string{"checkin": "2026-06-22", "checkout": "2026-06-19"}},
		{Kind: "hotels", Params: map[string]string{"checkin": "2026-06-19", "checkout": "2026-06-22", "nights": "4"}},
		{Kind: "hotels", Params: map[string]string{"nights": "0"}},
		{Kind: "hotels", Params: map[string]string{"guests": "0+0"}},
		{Kind: "hotels", Params: map[string]string{"city": strings.Repeat("x", 101)}},
		{Kind: "hotels", Params: map[string]string{"city": "a\nb"}},
		{Kind: "hotels", Currency: "yuan"},
		{Kind: "hotels", Limit: 501},
		{Kind: "planes"},
	} {
		if _, err := normalise(bad); err == nil {
			t.Errorf("normalise(%+v) accepted", bad)
		}
	}
}

func TestLimiter(t *testing.T) {
	now := time.Unix(1000, 0)
	var slept []time.Duration
	l := newLimiter()
	l.now = func() time.Time { return now }
	l.sleep = func(_ context.Context, d time.Duration) error {
		slept = append(slept, d)
		return nil
	}
	ctx := context.Background()
	for range 3 {
		if err := l.wait(ctx, "a.example", 2*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	l.wait(ctx, "b.example", 2*time.Second)
	want := []time.Duration{0, 2 * time.Second, 4 * time.Second, 0}
	if len(slept) != len(want) {
		t.Fatalf("slept %v, want %v", slept, want)
	}
	for i := range want {
		if slept[i] != want[i] {
			t.Errorf("slept %v, want %v", slept, want)
			break
		}
	}
	// A canceled wait gives its slot back.
	l.sleep = func(context.Context, time.Duration) error { return context.Canceled }
	if err := l.wait(ctx, "a.example", 2*time.Second); err == nil {
		t.Fatal("canceled wait returned nil")
	}
	l.sleep = func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }
	l.wait(ctx, "a.example", 2*time.Second)
	if got := slept[len(slept)-1]; got != 6*time.Second {
		t.Errorf("after a canceled wait, the next waits %v, want 6s", got)
	}
	if perMinute(30) != 2*time.Second || perMinute(0) != 0 {
		t.Errorf("perMinute")
	}
}

func TestPickError(t *testing.T) {
	ue := func(typ string, retry bool) *orchestrator.UpstreamError {
		return &orchestrator.UpstreamError{Type: typ, Message: typ, Retryable: retry}
	}
	for _, tt := range []struct {
		name string
		runs []RecipeRun
		want string
	}{
		{"retryable first", []RecipeRun{{Recipe: "a", Error: ue("not_found", false)}, {Recipe: "b", Error: ue("blocked", false)}, {Recipe: "c", Error: ue("timeout", true)}}, "timeout"},
		{"then not not_found", []RecipeRun{{Recipe: "a", Error: ue("not_found", false)}, {Recipe: "b", Error: ue("blocked", false)}}, "blocked"},
		{"all not_found", []RecipeRun{{Recipe: "a", Error: ue("not_found", false)}, {Recipe: "b", Error: ue("not_found", false)}}, "not_found"},
		{"one", []RecipeRun{{Recipe: "a", Error: ue("bad_response", false)}}, "bad_response"},
	} {
		err := pickError(tt.runs)
		var got *orchestrator.UpstreamError
		if !errors.As(err, &got) || got.Type != tt.want {
			t.Errorf("%s: %v, want %s", tt.name, err, tt.want)
		}
	}
}
