package amap_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/amap/amaptest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

var (
	kuanzhai = orchestrator.GeoPoint{Lat: amaptest.KuanzhaiLat, Lon: amaptest.KuanzhaiLon}
	wuhouci  = orchestrator.GeoPoint{Lat: amaptest.WuhouciLat, Lon: amaptest.WuhouciLon}
	chunxi   = orchestrator.GeoPoint{Lat: amaptest.ChunxiLat, Lon: amaptest.ChunxiLon}
	sea      = orchestrator.GeoPoint{Lat: amaptest.SeaLat, Lon: amaptest.SeaLon}
)

func newClient(t *testing.T, key string) (*amap.Client, *amaptest.Server) {
	t.Helper()
	srv := amaptest.NewServer(t)
	if key == "" {
		key = amaptest.Key
	}
	c, err := amap.New(amap.Options{URL: srv.URL, Key: key, Upstream: upstream.Options{
		Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() },
	}})
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

func near(a orchestrator.GeoPoint, lat, lon float64) bool {
	return a.DistanceKM(orchestrator.GeoPoint{Lat: lat, Lon: lon}) < 0.001 // 1 m
}

func TestSearchPOIKeyword(t *testing.T) {
	c, srv := newClient(t, "")
	got, err := c.SearchPOI(context.Background(), amap.POISearch{Keywords: "火锅", City: "成都", PageSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got.Count != 862 || len(got.POIs) != 2 {
		t.Fatalf("count %d, %d POIs; want 862, 2", got.Count, len(got.POIs))
	}
	first, second := got.POIs[0], got.POIs[1]
	wantFirst := amap.POI{
		ID: "B0FFGQ8K1A", Name: "小龙坎老火锅(宽窄巷子店)", Type: "餐饮服务;中餐厅;火锅店", TypeCode: "050117",
		Address: "宽窄巷子景区井巷子12号", Tel: "028-86258888;13880001234", Province: "四川省", City: "成都市", District: "青羊区",
		Adcode: "510105", BusinessArea: "宽窄巷子", Tags: []string{"牛油火锅", "毛肚", "鸭肠"}, Rating: 4.6,
		Cost:   &orchestrator.Money{Cents: 12800, Currency: "CNY"},
		Photos: []string{"http://store.is.autonavi.com/showpic/0b1b2c3d4e5f60718293a4b5c6d7e8f9", "http://store.is.autonavi.com/showpic/1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f"},
	}
	loc := first.Location
	first.Location = nil
	if !reflect.DeepEqual(first, wantFirst) {
		t.Errorf("first POI =\n%+v\nwant\n%+v", first, wantFirst)
	}
	// The fixture's GCJ-02 location was made from WGS-84 (30.6698, 104.0562).
	if loc == nil || !near(*loc, 30.6698, 104.0562) {
		t.Errorf("location = %v, want WGS-84 ≈ 30.6698,104.0562", loc)
	}
	// [] empties: no address, phone, rating, cost, tags or photos.
	if second.Address != "" || second.Tel != "" || second.Rating != 0 || second.Cost != nil || second.Tags != nil || second.Photos != nil || second.BusinessArea != "" {
		t.Errorf("second POI = %+v, want its [] fields empty", second)
	}
	wantReq := "/v3/place/text?city=%E6%88%90%E9%83%BD&citylimit=true&extensions=all&key=amaptest-key&keywords=%E7%81%AB%E9%94%85&offset=2&output=JSON&page=1"
	if r := srv.Requests(); len(r) != 1 || r[0] != wantReq {
		t.Errorf("requests = %v, want [%s]", r, wantReq)
	}
	r, ok := first.Restaurant()
	if !ok || r.Price.Cents != 12800 || r.ID != "amap:B0FFGQ8K1A" || r.Cuisines[0] != "火锅店" {
		t.Errorf("Restaurant() = %+v, %v", r, ok)
	}
	if _, ok := second.Restaurant(); ok {
		t.Error("Restaurant() of a POI without cost reported ok")
	}
}

func TestSearchPOIEmpty(t *testing.T) {
	c, _ := newClient(t, "")
	got, err := c.SearchPOI(context.Background(), amap.POISearch{Keywords: "不存在的地方xyz", City: "成都"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Count != 0 || got.POIs == nil || len(got.POIs) != 0 {
		t.Errorf("got %+v, want an empty non-nil page", got)
	}
}

func TestSearchPOIAround(t *testing.T) {
	c, srv := newClient(t, "")
	got, err := c.SearchPOI(context.Background(), amap.POISearch{Center: &kuanzhai, Radius: 500, Types: "110000|140000"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.POIs) != 2 {
		t.Fatalf("%d POIs, want 2", len(got.POIs))
	}
	p := got.POIs[0]
	if p.Name != "宽窄巷子" || *p.DistanceM != 12 || p.Rating != 4.7 || p.Cost != nil || p.OpenTime != "周一至周日 00:00-24:00" ||
		p.Tel != "028-62998888" || !reflect.DeepEqual(p.Tags, []string{"历史街区", "川西民居"}) || len(p.Photos) != 1 {
		t.Errorf("first POI = %+v", p)
	}
	if p.Location == nil || !near(*p.Location, amaptest.KuanzhaiLat, amaptest.KuanzhaiLon) {
		t.Errorf("location = %v, want the WGS-84 point it was made from", p.Location)
	}
	if q := got.POIs[1]; q.Name != "成都画院" || q.OpenTime != "" || q.Rating != 0 || *q.DistanceM != 187 {
		t.Errorf("second POI (business: []) = %+v", q)
	}
	r := srv.Requests()[0]
	for _, want := range []string{"/v5/place/around?", "location=" + strings.ReplaceAll(amaptest.KuanzhaiGCJ, ",", "%2C"), "radius=500", "show_fields=business%2Cphotos", "page_size=10", "sortrule=distance"} {
		if !strings.Contains(r, want) {
			t.Errorf("request %s lacks %s", r, want)
		}
	}
	if a := p.Attraction(); a.ID != "amap:B001C7Y3YV" || a.Category != "国家级景点" || a.Rating != 4.7 {
		t.Errorf("Attraction() = %+v", a)
	}
}

func TestWeather(t *testing.T) {
	c, srv := newClient(t, "")
	got, err := c.Weather(context.Background(), "510100", false)
	if err != nil {
		t.Fatal(err)
	}
	if got.City != "成都市" || got.Adcode != "510100" || len(got.Days) != 4 || got.Live != nil {
		t.Fatalf("got %+v", got)
	}
	d := got.Days[1]
	if d.Date != "2026-06-02" || d.Weekday != 2 || d.DayWeather != "阵雨" || d.NightWeather != "中雨" || *d.DayTempC != 26 || *d.NightTempC != 20 || d.DayPower != "1-3" {
		t.Errorf("day 2 = %+v", d)
	}
	// By name: geocoded to its adcode first.
	live, err := c.Weather(context.Background(), "成都", true)
	if err != nil {
		t.Fatal(err)
	}
	if live.Live == nil || live.Live.Weather != "多云" || *live.Live.TemperatureC != 26 || *live.Live.HumidityPct != 68 || live.Live.WindPower != "≤3" {
		t.Errorf("live = %+v", live.Live)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 || !strings.HasPrefix(reqs[1], "/v3/geocode/geo?") || !strings.Contains(reqs[2], "extensions=base") {
		t.Errorf("requests = %v, want forecast, geocode, live", reqs)
	}
}

func TestGeocode(t *testing.T) {
	c, _ := newClient(t, "")
	got, err := c.Geocode(context.Background(), "成都市武侯祠大街231号", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("%d geocodes, want 1", len(got))
	}
	g := got[0]
	if g.Adcode != "510107" || g.District != "武侯区" || g.Level != "门牌号" || g.Number != "231号" || !near(g.Location, amaptest.WuhouciLat, amaptest.WuhouciLon) {
		t.Errorf("geocode = %+v", g)
	}
	p := g.Place()
	if p.Name != "四川省成都市武侯区武侯祠大街231号" || p.CountryCode != "CN" || p.Admin1 != "四川省" || p.SourceID != "510107" || p.Timezone != "Asia/Shanghai" {
		t.Errorf("Place() = %+v", p)
	}
	city, err := c.Geocode(context.Background(), "成都", "")
	if err != nil {
		t.Fatal(err)
	}
	if p := city[0].Place(); p.Name != "成都市" {
		t.Errorf("city Place().Name = %q, want 成都市", p.Name)
	}
	_, err = c.Geocode(context.Background(), "不存在的地方xyz", "")
	if ue := upstreamErr(t, err); ue.Type != orchestrator.ENOTFOUND || !strings.Contains(ue.Message, "不存在的地方xyz") {
		t.Errorf("miss: %+v, want not_found naming the address", ue)
	}
}

func TestDirections(t *testing.T) {
	c, _ := newClient(t, "")
	drive, err := c.Directions(context.Background(), amap.DirectionQuery{Mode: amap.ModeDriving, Origin: kuanzhai, Destination: chunxi})
	if err != nil {
		t.Fatal(err)
	}
	r := drive.Routes[0]
	if r.DistanceM != 3816 || r.DurationS != 842 || r.TrafficLights != 7 || r.Tolls != nil || len(r.Steps) != 3 ||
		drive.TaxiCost == nil || drive.TaxiCost.Cents != 1900 {
		t.Errorf("driving = %+v", drive)
	}
	// Steps share their end points: 2 + 3 + 3 points, 2 shared → 6.
	if len(r.Polyline) != 6 || !near(r.Polyline[0], amaptest.KuanzhaiLat, amaptest.KuanzhaiLon) || !near(r.Polyline[5], amaptest.ChunxiLat, amaptest.ChunxiLon) {
		t.Errorf("polyline = %v", r.Polyline)
	}
	walk, err := c.Directions(context.Background(), amap.DirectionQuery{Mode: amap.ModeWalking, Origin: kuanzhai, Destination: wuhouci})
	if err != nil || walk.Routes[0].DurationS != 2410 || walk.Routes[0].Steps[1].Road != "武侯祠大街" {
		t.Errorf("walking = %+v, %v", walk, err)
	}
	transit, err := c.Directions(context.Background(), amap.DirectionQuery{Mode: amap.ModeTransit, Origin: kuanzhai, Destination: wuhouci, City: "成都"})
	if err != nil {
		t.Fatal(err)
	}
	want := []amap.Transit{
		{Cost: &orchestrator.Money{Cents: 200, Currency: "CNY"}, DurationS: 1680, DistanceM: 3420, WalkingDistanceM: 760, Legs: []amap.TransitLeg{
			{Mode: "walk", DistanceM: 420, DurationS: 360},
			{Mode: "bus", Line: "地铁4号线(万盛--西河)", Type: "地铁线路", From: "宽窄巷子", To: "省骨科医院", Stops: 1, DistanceM: 2650, DurationS: 420},
			{Mode: "walk", DistanceM: 340, DurationS: 290},
		}},
		{DurationS: 2460, DistanceM: 3012, WalkingDistanceM: 2950, Legs: []amap.TransitLeg{{Mode: "walk", DistanceM: 2950, DurationS: 2460}}},
	}
	if !reflect.DeepEqual(transit.Transits, want) {
		g, _ := json.Marshal(transit.Transits)
		t.Errorf("transits = %s", g)
	}
	_, err = c.Directions(context.Background(), amap.DirectionQuery{Mode: amap.ModeDriving, Origin: kuanzhai, Destination: sea})
	if ue := upstreamErr(t, err); ue.Type != orchestrator.ENOTFOUND {
		t.Errorf("no route: %+v, want not_found", ue)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name          string
		key           string
		fixture       string
		times         int
		wantType      string
		wantRetryable bool
		wantRequests  int
		wantErr       bool
	}{
		{name: "10001 wrong key", key: "not-the-key", wantType: orchestrator.EAUTH, wantRequests: 1, wantErr: true},
		{name: "10003 daily quota", fixture: "error_10003.json", wantType: orchestrator.ERATELIMITED, wantRequests: 1, wantErr: true},
		{name: "10021 retried out", fixture: "error_10021.json", wantType: orchestrator.ERATELIMITED, wantRetryable: false, wantRequests: 3, wantErr: true},
		{name: "10021 once then ok", fixture: "error_10021.json", times: 1, wantRequests: 2},
		{name: "20003 retried", fixture: "error_20003.json", wantType: orchestrator.EUNAVAILABLE, wantRetryable: false, wantRequests: 3, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, srv := newClient(t, tt.key)
			if tt.fixture != "" {
				srv.FailWith(t, tt.times, tt.fixture)
			}
			_, err := c.Geocode(context.Background(), "成都", "")
			if n := len(srv.Requests()); n != tt.wantRequests {
				t.Errorf("requests = %d, want %d", n, tt.wantRequests)
			}
			if !tt.wantErr {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			ue := upstreamErr(t, err)
			if ue.Type != tt.wantType || ue.Retryable != tt.wantRetryable || ue.Provider != amap.Provider {
				t.Errorf("error = %+v, want %s retryable %v", ue, tt.wantType, tt.wantRetryable)
			}
			if strings.Contains(ue.Message, amaptest.Key) {
				t.Errorf("message %q leaks the key", ue.Message)
			}
		})
	}
}

func TestGarbage(t *testing.T) {
	for _, tt := range []struct {
		status int
		body   string
		want   string
	}{
		{200, `<html>维护中</html>`, orchestrator.EBADRESPONSE},
		{200, `{"status":"2"}`, orchestrator.EBADRESPONSE},
		{200, `{"status":"1","geocodes":{"a":1}}`, orchestrator.EBADRESPONSE},
		{200, `{"status":"1","count":"1","geocodes":[{"location":"nowhere"}]}`, orchestrator.EBADRESPONSE},
		{502, `<html>Bad Gateway</html>`, orchestrator.EUNAVAILABLE},
	} {
		c, srv := newClient(t, "")
		srv.Fail(0, tt.status, tt.body)
		_, err := c.Geocode(context.Background(), "成都", "")
		if ue := upstreamErr(t, err); ue.Type != tt.want {
			t.Errorf("%d %s: %+v, want %s", tt.status, tt.body, ue, tt.want)
		}
	}
}

func TestInvalidInput(t *testing.T) {
	c, srv := newClient(t, "")
	ctx := context.Background()
	long := strings.Repeat("字", 81)
	bad := orchestrator.GeoPoint{Lat: 95, Lon: 10}
	for name, err := range map[string]error{
		"no keywords":   second(c.SearchPOI(ctx, amap.POISearch{City: "成都"})),
		"long keywords": second(c.SearchPOI(ctx, amap.POISearch{Keywords: long})),
		"radius":        second(c.SearchPOI(ctx, amap.POISearch{Center: &kuanzhai, Radius: 60000})),
		"page size":     second(c.SearchPOI(ctx, amap.POISearch{Keywords: "x", PageSize: 26})),
		"bad center":    second(c.SearchPOI(ctx, amap.POISearch{Center: &bad})),
		"empty city":    second(c.Weather(ctx, " ", false)),
		"empty address": second(c.Geocode(ctx, "", "")),
		"mode":          second(c.Directions(ctx, amap.DirectionQuery{Mode: "flying", Origin: kuanzhai, Destination: chunxi})),
		"transit city":  second(c.Directions(ctx, amap.DirectionQuery{Mode: amap.ModeTransit, Origin: kuanzhai, Destination: chunxi})),
		"bad direction": second(c.Directions(ctx, amap.DirectionQuery{Mode: amap.ModeDriving, Origin: bad, Destination: chunxi})),
	} {
		if ue := upstreamErr(t, err); ue.Type != orchestrator.EINVALIDARG {
			t.Errorf("%s: %+v, want invalid_argument", name, ue)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("requests = %d, want 0", n)
	}
}

func second[T any](_ T, err error) error { return err }

func TestInfocodeError(t *testing.T) {
	tests := []struct {
		code      string
		typ       string
		retryable bool
	}{
		{"10001", orchestrator.EAUTH, false}, {"10009", orchestrator.EAUTH, false}, {"10003", orchestrator.ERATELIMITED, false},
		{"10044", orchestrator.ERATELIMITED, false}, {"10004", orchestrator.ERATELIMITED, true}, {"10021", orchestrator.ERATELIMITED, true},
		{"10015", orchestrator.ETIMEOUT, true}, {"10016", orchestrator.EUNAVAILABLE, true}, {"20000", orchestrator.EINVALIDARG, false},
		{"20802", orchestrator.ENOTFOUND, false}, {"30001", orchestrator.EUNAVAILABLE, true}, {"99999", orchestrator.EUNAVAILABLE, false},
	}
	for _, tt := range tests {
		got := amap.InfocodeError(tt.code, "X")
		if got.Type != tt.typ || got.Retryable != tt.retryable || got.Message != "X (infocode "+tt.code+")" {
			t.Errorf("InfocodeError(%s) = %+v, want %s retryable %v", tt.code, got, tt.typ, tt.retryable)
		}
	}
}

func TestNew(t *testing.T) {
	if _, err := amap.New(amap.Options{}); err == nil {
		t.Error("New without a key succeeded")
	}
	if _, err := amap.New(amap.Options{Key: "k", URL: "restapi.amap.com"}); err == nil {
		t.Error("New with a URL without scheme succeeded")
	}
}

func BenchmarkParsePOIs(b *testing.B) {
	for _, name := range []string{"place_text_hotpot.json", "place_around_v5_kuanzhai.json"} {
		body := amaptest.Fixture(b, name)
		b.Run(strings.TrimSuffix(name, ".json"), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if _, err := amap.ParsePOIs(body); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkParseDirections(b *testing.B) {
	for _, f := range []struct{ file, mode string }{{"driving_v3.json", amap.ModeDriving}, {"transit_v3.json", amap.ModeTransit}} {
		body := amaptest.Fixture(b, f.file)
		b.Run(f.mode, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if _, err := amap.ParseDirections(body, f.mode); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkParseWeather(b *testing.B) {
	body := amaptest.Fixture(b, "weather_all_chengdu.json")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := amap.ParseWeather(body, "510100", false); err != nil {
			b.Fatal(err)
		}
	}
}
