package traveltools

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/amap/amaptest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

// near reports whether p is within a metre of lat, lon: the fixtures'
// GCJ-02 positions were made from these WGS-84 points.
func near(p *orchestrator.GeoPoint, lat, lon float64) bool {
	return p != nil && p.DistanceKM(orchestrator.GeoPoint{Lat: lat, Lon: lon}) < 0.001
}

// query returns the parameters of a recorded request.
func query(t *testing.T, req string) url.Values {
	t.Helper()
	u, err := url.Parse(req)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}

// text returns a result's JSON text.
func text(res *mcp.CallToolResult) string { return res.Content[0].(*mcp.TextContent).Text }

func amapProvenance(source string, ttl time.Duration, estimate bool) orchestrator.Provenance {
	a := amap.Attribution
	return orchestrator.Provenance{Source: source, FetchedAt: clock, TTL: int64(ttl / time.Second), Estimate: estimate, Attribution: &a}
}

func TestAmapFindPOIsAttractions(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolAmapFindPOIs, map[string]any{"city": " 成都 ", "category": "Attractions",
		"latitude": amaptest.WuhouciLat, "longitude": amaptest.WuhouciLon, "country": "CN"})
	wantOK(t, res, m)
	if _, ok := m["restaurants"]; ok {
		t.Errorf("attractions answer has a restaurants list: %s", text(res))
	}
	got := decode[AmapFindPOIsOutput](t, m)
	if got.Category != "attractions" || len(got.Attractions) != 4 || !reflect.DeepEqual(got.Provenance, amapProvenance(amap.SourcePlaceAround, amap.POITTL, false)) {
		t.Fatalf("amap_find_pois = %s", text(res))
	}
	a := got.Attractions
	// 武侯祠 was placed at WGS-84 30.6450,104.0490; Amap's GCJ-02 comes back as WGS-84.
	if !near(a[0].Location, 30.6450, 104.0490) {
		t.Errorf("location %v is not the WGS-84 point", a[0].Location)
	}
	a[0].Location = nil
	want := orchestrator.Attraction{ID: "amap:B001C8W1WH", Name: "武侯祠", City: "成都", Category: "国家级景点",
		Tags: []string{"三国文化", "古建筑", "祠庙"}, Address: "武侯祠大街231号", Phone: "028-85552397", Rating: 4.8,
		Hours: []orchestrator.OpeningHours{{Open: "08:00", Close: "20:00"}}}
	if !reflect.DeepEqual(a[0], want) {
		t.Errorf("first attraction =\n%+v\nwant\n%+v", a[0], want)
	}
	if a[0].Price != nil {
		t.Error("an attraction has a price; Amap gives none")
	}
	if a[1].Name != "锦里古街" || a[1].Category != "旅游景点" || !reflect.DeepEqual(a[1].Hours, []orchestrator.OpeningHours{{Open: "00:00", Close: "24:00"}}) || a[1].Indoor != nil {
		t.Errorf("second attraction = %+v", a[1])
	}
	if m := a[2]; m.Category != "博物馆" || m.Indoor == nil || !*m.Indoor ||
		!reflect.DeepEqual(m.Hours, []orchestrator.OpeningHours{{Weekdays: []int{0, 2, 3, 4, 5, 6}, Open: "09:00", Close: "17:00"}}) {
		t.Errorf("museum = %+v", m)
	}
	if p := a[3]; p.Category != "公园" || p.Rating != 0 || p.Hours != nil || p.Phone != "" || p.Tags != nil {
		t.Errorf("park with business [] = %+v", p)
	}
	// One search: weighted, a full page, the default radius, in GCJ-02.
	reqs := srv.amap.Requests()
	if len(reqs) != 1 {
		t.Fatalf("requests = %v, want one page", reqs)
	}
	q := query(t, reqs[0])
	for k, v := range map[string]string{"location": amaptest.WuhouciGCJ, "types": amap.TypesAttractions, "radius": "8000",
		"sortrule": "weight", "page_size": "25", "page_num": "1", "show_fields": "business,photos"} {
		if q.Get(k) != v {
			t.Errorf("request %s: %s = %q, want %q", reqs[0], k, q.Get(k), v)
		}
	}
}

func TestAmapFindPOIsRestaurants(t *testing.T) {
	opts, _ := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolAmapFindPOIs, map[string]any{"city": "chengdu", "category": "restaurants",
		"latitude": "30.6703", "longitude": "104.0557", "radius_m": "3000", "limit": 10, "lang": "en"})
	wantOK(t, res, m)
	if _, ok := m["attractions"]; ok {
		t.Errorf("restaurants answer has an attractions list: %s", text(res))
	}
	got := decode[AmapFindPOIsOutput](t, m)
	r := got.Restaurants
	if got.Category != "restaurants" || len(r) != 5 {
		t.Fatalf("amap_find_pois = %s", text(res))
	}
	if !near(r[0].Location, 30.6702, 104.0545) {
		t.Errorf("location %v is not the WGS-84 point", r[0].Location)
	}
	r[0].Location = nil
	want := orchestrator.Restaurant{ID: "amap:B0FFGQ8K1A", Name: "小龙坎老火锅(宽窄巷子店)", City: "chengdu", Cuisines: []string{"火锅店"},
		Price: orchestrator.Money{Cents: 12800, Currency: "CNY"}, Rating: 4.6,
		Hours:  []orchestrator.OpeningHours{{Open: "11:00", Close: "02:00"}},
		Dishes: []string{"牛油火锅", "毛肚", "鸭肠"}}
	if !reflect.DeepEqual(r[0], want) {
		t.Errorf("first restaurant =\n%+v\nwant\n%+v", r[0], want)
	}
	// Today's hours alone are taken as every day's.
	if x := r[1]; x.Price.Cents != 1800 || !reflect.DeepEqual(x.Hours, []orchestrator.OpeningHours{{Open: "09:00", Close: "21:00"}}) || x.Cuisines[0] != "特色/地方风味餐厅" {
		t.Errorf("second restaurant = %+v", x)
	}
	if x := r[2]; !reflect.DeepEqual(x.Hours, []orchestrator.OpeningHours{
		{Weekdays: []int{1, 2, 3, 4, 5}, Open: "07:30", Close: "21:30"}, {Weekdays: []int{0, 6}, Open: "08:00", Close: "22:00"}}) {
		t.Errorf("weekday/weekend hours = %+v", x.Hours)
	}
	// No cost: a zero price without a currency, not an estimate; unreadable hours stay unknown.
	if x := r[3]; x.Price != (orchestrator.Money{}) || x.PriceEstimate || x.Hours != nil || !reflect.DeepEqual(x.Cuisines, []string{"四川菜(川菜)"}) {
		t.Errorf("unpriced restaurant = %+v", x)
	}
	if x := r[4]; x.Price != (orchestrator.Money{}) || x.Rating != 0 || !reflect.DeepEqual(x.Cuisines, []string{"快餐厅"}) {
		t.Errorf("restaurant with business [] = %+v", x)
	}
	// The pipeline decodes the list under the category's name.
	var raw struct {
		Restaurants []json.RawMessage `json:"restaurants"`
	}
	if err := json.Unmarshal([]byte(text(res)), &raw); err != nil || !strings.Contains(string(raw.Restaurants[3]), `"price":{"cents":0,"currency":""}`) ||
		strings.Contains(text(res), "price_estimate") {
		t.Errorf("restaurants JSON = %s (%v)", text(res), err)
	}
}

func TestAmapFindPOIsEmpty(t *testing.T) {
	opts, _ := replayOptions(t)
	cs := connect(t, opts)
	for _, c := range []string{"attractions", "restaurants"} {
		res, m := call(t, cs, ToolAmapFindPOIs, map[string]any{"city": "东海", "category": c, "latitude": amaptest.SeaLat, "longitude": amaptest.SeaLon})
		wantOK(t, res, m)
		if want := `{"category":"` + c + `","` + c + `":[],"provenance":`; !strings.HasPrefix(text(res), want) {
			t.Errorf("empty %s = %s, want it to start %s", c, text(res), want)
		}
	}
	res, m := call(t, cs, ToolAmapFindHotels, map[string]any{"city": "东海", "latitude": amaptest.SeaLat, "longitude": amaptest.SeaLon})
	wantOK(t, res, m)
	if got := decode[AmapFindHotelsOutput](t, m); got.Hotels == nil || len(got.Hotels) != 0 || got.Unpriced != 0 || !strings.HasPrefix(text(res), `{"hotels":[],`) {
		t.Errorf("empty hotels = %s", text(res))
	}
}

func TestAmapFindHotels(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolAmapFindHotels, map[string]any{"city": "成都", "category": "hotels", "latitude": amaptest.ChunxiLat, "longitude": amaptest.ChunxiLon})
	wantOK(t, res, m)
	got := decode[AmapFindHotelsOutput](t, m)
	// Page 1 is full (25), page 2 short (3, one repeating page 1): 27
	// places, 7 without a price.
	if len(got.Hotels) != 20 || got.Unpriced != 7 || !reflect.DeepEqual(got.Provenance, amapProvenance(amap.SourcePlaceAround, amap.POITTL, false)) {
		t.Fatalf("amap_find_hotels: %d hotels, %d unpriced: %s", len(got.Hotels), got.Unpriced, text(res))
	}
	reqs := srv.amap.Requests()
	if len(reqs) != 2 || query(t, reqs[0]).Get("page_num") != "1" || query(t, reqs[1]).Get("page_num") != "2" || query(t, reqs[1]).Get("types") != amap.TypesLodging {
		t.Errorf("requests = %v, want pages 1 and 2 of %s, then stop at the short page", reqs, amap.TypesLodging)
	}
	h := got.Hotels[0]
	if !near(h.Location, 30.6534, 104.0836) {
		t.Errorf("location %v is not the WGS-84 point", h.Location)
	}
	h.Location = nil
	want := orchestrator.Accommodation{ID: "amap:B0FFH1NIKO", Name: "成都尼依格罗酒店", City: "成都", Area: "锦江区", RoomType: "private_room",
		Price: orchestrator.Money{Cents: 128800, Currency: "CNY"}, MaxOccupancy: 2, OccupancyEstimate: true, Rating: 4.8, Kind: "hotel", Stars: 5}
	if !reflect.DeepEqual(h, want) {
		t.Errorf("first hotel =\n%+v\nwant\n%+v", h, want)
	}
	byID := map[string]orchestrator.Accommodation{}
	var ids []string
	for _, h := range got.Hotels {
		if _, dup := byID[h.ID]; dup {
			t.Errorf("hotel %s listed twice", h.ID)
		}
		byID[h.ID] = h
		ids = append(ids, h.ID)
		if h.Price.Cents <= 0 || h.Price.Currency != "CNY" || h.PriceEstimate || h.City != "成都" {
			t.Errorf("hotel %s priced %v (estimate %v)", h.ID, h.Price, h.PriceEstimate)
		}
	}
	for id, w := range map[string]struct {
		kind, room string
		stars, occ int
	}{
		"amap:B0FFH4JIQU": {"hotel", "private_room", 0, 2},
		"amap:B0FFH5ATOU": {"hotel", "private_room", 4, 2},
		"amap:B0FFHCMIDU": {"hotel", "private_room", 3, 2},
		"amap:B0FFH6LAZY": {"hostel", "shared_room", 0, 1},
		"amap:B0FFH7CHUN": {"guest_house", "private_room", 0, 2},
		"amap:B0FFHJDUOD": {"", "private_room", 0, 2}, // 住宿服务相关 says nothing
	} {
		if h := byID[id]; h.Kind != w.kind || h.RoomType != w.room || h.Stars != w.stars || h.MaxOccupancy != w.occ || !h.OccupancyEstimate {
			t.Errorf("%s = %+v, want kind %q, %s, %d stars, for %d", id, h, w.kind, w.room, w.stars, w.occ)
		}
	}
	// Amap's order, the repeat kept where it came first.
	if ids[len(ids)-2] != "amap:B0FFHPRITZ" || ids[len(ids)-1] != "amap:B0FFHQTAIK" {
		t.Errorf("order = %v", ids)
	}

	// A limit cuts the places looked at, priced or not.
	for _, tc := range []struct {
		limit, pages, hotels, unpriced int
	}{{10, 1, 8, 2}, {25, 1, 19, 6}, {26, 2, 20, 6}} {
		opts, srv := replayOptions(t)
		res, m := call(t, connect(t, opts), ToolAmapFindHotels, map[string]any{"city": "成都", "latitude": amaptest.ChunxiLat, "longitude": amaptest.ChunxiLon, "limit": tc.limit})
		wantOK(t, res, m)
		got := decode[AmapFindHotelsOutput](t, m)
		if n := len(srv.amap.Requests()); len(got.Hotels) != tc.hotels || got.Unpriced != tc.unpriced || n != tc.pages {
			t.Errorf("limit %d: %d hotels, %d unpriced, %d searches; want %d, %d, %d", tc.limit, len(got.Hotels), got.Unpriced, n, tc.hotels, tc.unpriced, tc.pages)
		}
	}
}

func TestAmapTransportTrains(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolAmapTransport, map[string]any{"from": "成都", "to": "重庆",
		"from_latitude": amaptest.ChengduLat, "from_longitude": amaptest.ChengduLon, "to_latitude": "29.5630", "to_longitude": "106.5516",
		"from_country": "CN", "to_country": "CN", "travelers": 2})
	wantOK(t, res, m)
	got := decode[AmapTransportOutput](t, m)
	if got.Leg.From != "成都" || got.Leg.To != "重庆" || !reflect.DeepEqual(got.Provenance, amapProvenance("amap:direction_transit+driving", amap.DirectionTTL, false)) {
		t.Errorf("leg %s → %s, provenance %+v", got.Leg.From, got.Leg.To, got.Provenance)
	}
	cny := func(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "CNY"} }
	want := []orchestrator.TransportOption{
		{ID: "amap:train:G8501:成都东-重庆西:0730", Mode: "train", Number: "G8501", Class: "高铁", From: "成都", To: "重庆", FromStation: "成都东", ToStation: "重庆西",
			Depart: "07:30", Arrive: "09:12", DurationMinutes: 102, DistanceKM: 301, Pricing: "per_person", Price: cny(16200)},
		// The type is empty: the class comes from the number; times as "HHMM".
		{ID: "amap:train:D1763:成都东-重庆北:0815", Mode: "train", Number: "D1763", Class: "动车", From: "成都", To: "重庆", FromStation: "成都东", ToStation: "重庆北",
			Depart: "08:15", Arrive: "09:58", DurationMinutes: 103, DistanceKM: 309, Pricing: "per_person", Price: cny(13750)},
		{ID: "amap:bus:成都-重庆(城北客运中心--龙头寺汽车站):成都城北客运中心-重庆龙头寺汽车站", Mode: "bus", Number: "成都-重庆(城北客运中心--龙头寺汽车站)", Class: "长途客运线路",
			From: "成都", To: "重庆", FromStation: "成都城北客运中心", ToStation: "重庆龙头寺汽车站", DurationMinutes: 280, DistanceKM: 326, Pricing: "per_person", Price: cny(11800)},
		// A change of trains; the first lacks its arrival time, so no timetable: the rides' sum.
		{ID: "amap:train:D5111/G2207:成都东-重庆西:any", Mode: "train", Number: "D5111/G2207", Class: "动车/高铁", From: "成都", To: "重庆", FromStation: "成都东", ToStation: "重庆西",
			DurationMinutes: 118, DistanceKM: 301, Pricing: "per_person", Price: cny(14550)},
		// 308.456 km: ¥160 tolls + 308.456 × 7.5/100 × 7.8 = ¥180.45 fuel.
		{ID: "amap:self_driving:成都-重庆", Mode: "self_driving", From: "成都", To: "重庆", DurationMinutes: 227, DistanceKM: 308.5,
			Pricing: "per_vehicle", Price: cny(16000 + 18045), VehicleCapacity: 5, PriceEstimate: true},
	}
	if !reflect.DeepEqual(got.Leg.Options, want) {
		g, _ := json.MarshalIndent(got.Leg.Options, "", " ")
		t.Errorf("options =\n%s", g)
	}
	wantNotes := []string{
		"left out 1 transit plan(s) Amap gave no fare for: train G8503",
		"self_driving: Amap's tolls (160.00 CNY) plus estimated fuel (180.45 CNY: 308.5 km at 7.5 L/100 km and 7.8 CNY/L), per car of 5; parking and rental not included",
	}
	if !slices.Equal(got.Notes, wantNotes) {
		t.Errorf("notes = %q\nwant %q", got.Notes, wantNotes)
	}
	// Cross-city transit by city names with the full answer, then driving.
	reqs := srv.amap.Requests()
	if len(reqs) != 2 || !strings.HasPrefix(reqs[0], "/v3/direction/transit/integrated?") || !strings.HasPrefix(reqs[1], "/v3/direction/driving?") {
		t.Fatalf("requests = %v", reqs)
	}
	q := query(t, reqs[0])
	for k, v := range map[string]string{"city": "成都", "cityd": "重庆", "extensions": "all", "origin": amaptest.ChengduGCJ, "destination": amaptest.ChongqingGCJ} {
		if q.Get(k) != v {
			t.Errorf("transit request: %s = %q, want %q", k, q.Get(k), v)
		}
	}
	// The pipeline reads the leg.
	var leg orchestrator.TransportLeg
	var payload struct {
		Leg json.RawMessage `json:"leg"`
	}
	if err := json.Unmarshal([]byte(text(res)), &payload); err != nil || json.Unmarshal(payload.Leg, &leg) != nil || len(leg.Options) != 5 {
		t.Errorf("leg does not decode as orchestrator.TransportLeg: %s", payload.Leg)
	}
}

// TestAmapTransportEnglishNames: the orchestrator names cities as the brief
// does ("chengdu"); Amap's transit search wants Chinese names or codes, so
// the tool looks the codes up by coordinates first.
func TestAmapTransportEnglishNames(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolAmapTransport, map[string]any{"from": "chengdu", "to": "chongqing",
		"from_latitude": amaptest.ChengduLat, "from_longitude": amaptest.ChengduLon, "to_latitude": amaptest.ChongqingLat, "to_longitude": amaptest.ChongqingLon,
		"from_country": "CN", "to_country": "CN"})
	wantOK(t, res, m)
	got := decode[AmapTransportOutput](t, m)
	trains := 0
	for _, o := range got.Leg.Options {
		if o.Mode == "train" {
			trains++
		}
	}
	if trains != 3 || got.Leg.From != "chengdu" {
		t.Errorf("%d trains from %q, want 3 from chengdu; notes %q", trains, got.Leg.From, got.Notes)
	}
	reqs := srv.amap.Requests()
	if len(reqs) != 4 || !strings.HasPrefix(reqs[0], "/v3/geocode/regeo?") || !strings.HasPrefix(reqs[1], "/v3/geocode/regeo?") {
		t.Fatalf("requests = %v", reqs)
	}
	q := query(t, reqs[2])
	if q.Get("city") != "028" || q.Get("cityd") != "023" {
		t.Errorf("transit by city %q → %q, want 028 → 023", q.Get("city"), q.Get("cityd"))
	}
	// The codes are remembered: a second call asks no reverse geocode.
	call(t, cs, ToolAmapTransport, map[string]any{"from": "chengdu", "to": "chongqing",
		"from_latitude": amaptest.ChengduLat, "from_longitude": amaptest.ChengduLon, "to_latitude": amaptest.ChongqingLat, "to_longitude": amaptest.ChongqingLon})
	for _, r := range srv.amap.Requests()[4:] {
		if strings.HasPrefix(r, "/v3/geocode/regeo?") {
			t.Errorf("reverse geocode asked again: %s", r)
		}
	}
}

func TestParseRegeo(t *testing.T) {
	for name, want := range map[string]amap.Region{
		"regeo_chengdu.json":   {Province: "四川省", City: "成都市", District: "锦江区", Citycode: "028", Adcode: "510104"},
		"regeo_chongqing.json": {Province: "重庆市", City: "重庆市", District: "渝中区", Citycode: "023", Adcode: "500103"},
	} {
		got, err := amap.ParseRegeo(amaptest.Fixture(t, name))
		if err != nil || got != want {
			t.Errorf("%s: %+v, %v; want %+v", name, got, err, want)
		}
	}
	if _, err := amap.ParseRegeo(amaptest.Fixture(t, "regeo_sea.json")); orchestrator.ErrorCode(err) != orchestrator.ENOTFOUND {
		t.Errorf("at sea: %v, want not_found", err)
	}
	if _, err := amap.ParseRegeo([]byte(`{"status":"1","regeocode":`)); orchestrator.ErrorCode(err) != orchestrator.EBADRESPONSE {
		t.Errorf("garbage: %v, want bad_response", err)
	}
}

func TestAmapTransportTaxi(t *testing.T) {
	opts, _ := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolAmapTransport, map[string]any{"from": "成都", "to": "德阳",
		"from_latitude": amaptest.ChengduLat, "from_longitude": amaptest.ChengduLon, "to_latitude": amaptest.DeyangLat, "to_longitude": amaptest.DeyangLon, "travelers": "7"})
	wantOK(t, res, m)
	got := decode[AmapTransportOutput](t, m)
	cny := func(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "CNY"} }
	want := []orchestrator.TransportOption{
		{ID: "amap:train:C6271:成都东-德阳:0805", Mode: "train", Number: "C6271", Class: "城际动车", From: "成都", To: "德阳", FromStation: "成都东", ToStation: "德阳",
			Depart: "08:05", Arrive: "08:38", DurationMinutes: 33, DistanceKM: 64, Pricing: "per_person", Price: cny(3150)},
		// 72.35 km: ¥35 tolls + ¥42.32 fuel.
		{ID: "amap:self_driving:成都-德阳", Mode: "self_driving", From: "成都", To: "德阳", DurationMinutes: 72, DistanceKM: 72.4,
			Pricing: "per_vehicle", Price: cny(3500 + 4232), VehicleCapacity: 5, PriceEstimate: true},
		// Under 150 km: a taxi at the transit answer's fare (the driving answer has none).
		{ID: "amap:taxi:成都-德阳", Mode: "taxi", From: "成都", To: "德阳", DurationMinutes: 72, DistanceKM: 72.4,
			Pricing: "per_vehicle", Price: cny(18600), VehicleCapacity: 4, PriceEstimate: true},
	}
	if !reflect.DeepEqual(got.Leg.Options, want) {
		g, _ := json.MarshalIndent(got.Leg.Options, "", " ")
		t.Errorf("options =\n%s", g)
	}
	if n := got.Notes; len(n) != 3 || !strings.HasPrefix(n[1], "taxi: Amap's fare estimate") || n[2] != "7 travellers need 2 cars (self_driving and taxi prices are per car)" {
		t.Errorf("notes = %q", n)
	}
	if o := got.Leg.Options[2]; o.Units(7) != 2 {
		t.Errorf("7 travellers take %d taxis, want 2", o.Units(7))
	}
}

func TestAmapTransportPartialFailure(t *testing.T) {
	args := map[string]any{"from": "成都", "to": "重庆", "from_latitude": amaptest.ChengduLat, "from_longitude": amaptest.ChengduLon,
		"to_latitude": amaptest.ChongqingLat, "to_longitude": amaptest.ChongqingLon}
	t.Run("transit fails", func(t *testing.T) {
		opts, srv := replayOptions(t)
		srv.amap.FailPathWith(t, "/v3/direction/transit/integrated", 0, "error_20003.json")
		res, m := call(t, connect(t, opts), ToolAmapTransport, args)
		wantOK(t, res, m)
		got := decode[AmapTransportOutput](t, m)
		if len(got.Leg.Options) != 1 || got.Leg.Options[0].Mode != "self_driving" || got.Provenance.Source != "amap:direction_driving" || !got.Provenance.Estimate {
			t.Errorf("options %+v, provenance %+v", got.Leg.Options, got.Provenance)
		}
		if len(got.Notes) != 2 || got.Notes[0] != "no train or coach options: Amap transit failed (unavailable): UNKNOWN_ERROR (infocode 20003)" {
			t.Errorf("notes = %q", got.Notes)
		}
	})
	t.Run("driving fails", func(t *testing.T) {
		opts, srv := replayOptions(t)
		srv.amap.FailPathWith(t, "/v3/direction/driving", 0, "error_10003.json")
		res, m := call(t, connect(t, opts), ToolAmapTransport, args)
		wantOK(t, res, m)
		got := decode[AmapTransportOutput](t, m)
		if len(got.Leg.Options) != 4 || got.Provenance.Source != "amap:direction_transit" || got.Provenance.Estimate {
			t.Errorf("options %+v, provenance %+v", got.Leg.Options, got.Provenance)
		}
		if n := got.Notes; len(n) != 2 || n[1] != "no self_driving or taxi options: Amap driving failed (rate_limited): DAILY_QUERY_OVER_LIMIT (infocode 10003)" {
			t.Errorf("notes = %q", n)
		}
	})
	t.Run("both fail", func(t *testing.T) {
		opts, srv := replayOptions(t)
		srv.amap.FailWith(t, 0, "error_10003.json")
		res, m := call(t, connect(t, opts), ToolAmapTransport, args)
		wantError(t, res, m, orchestrator.ERATELIMITED, false)
	})
	t.Run("both fail with a bad key", func(t *testing.T) {
		opts, srv := replayOptions(t)
		srv.amap.FailWith(t, 0, "error_10001.json")
		res, m := call(t, connect(t, opts), ToolAmapTransport, args)
		wantError(t, res, m, orchestrator.EAUTH, false)
	})
}

func TestWorseError(t *testing.T) {
	nf := &orchestrator.UpstreamError{Type: orchestrator.ENOTFOUND}
	quota := &orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED}
	qps := &orchestrator.UpstreamError{Type: orchestrator.ERATELIMITED, Retryable: true}
	for _, tc := range []struct{ a, b, want error }{{nf, quota, quota}, {quota, nf, quota}, {quota, qps, qps}, {nf, nf, nf}, {qps, quota, qps}} {
		if got := worseError(tc.a, tc.b); !errors.Is(got, tc.want) {
			t.Errorf("worseError(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestAmapCatalogValidation(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	poi := func(kv ...any) map[string]any {
		m := map[string]any{"city": "成都", "category": "attractions", "latitude": amaptest.WuhouciLat, "longitude": amaptest.WuhouciLon}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	leg := func(kv ...any) map[string]any {
		m := map[string]any{"from": "成都", "to": "重庆", "from_latitude": amaptest.ChengduLat, "from_longitude": amaptest.ChengduLon,
			"to_latitude": amaptest.ChongqingLat, "to_longitude": amaptest.ChongqingLon}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	for name, tc := range map[string]struct {
		tool     string
		args     map[string]any
		wantType string
	}{
		"category":           {ToolAmapFindPOIs, poi("category", "shops"), orchestrator.EINVALIDARG},
		"no category":        {ToolAmapFindPOIs, map[string]any{"city": "成都", "latitude": 30.6, "longitude": 104}, orchestrator.EINVALIDARG},
		"empty city":         {ToolAmapFindPOIs, poi("city", "  "), orchestrator.EINVALIDARG},
		"long city":          {ToolAmapFindPOIs, poi("city", strings.Repeat("城", 101)), orchestrator.EINVALIDARG},
		"small radius":       {ToolAmapFindPOIs, poi("radius_m", 99), orchestrator.EINVALIDARG},
		"large radius":       {ToolAmapFindPOIs, poi("radius_m", 25001), orchestrator.EINVALIDARG},
		"limit":              {ToolAmapFindPOIs, poi("limit", 201), orchestrator.EINVALIDARG},
		"negative limit":     {ToolAmapFindPOIs, poi("limit", -1), orchestrator.EINVALIDARG},
		"lang":               {ToolAmapFindPOIs, poi("lang", "english"), orchestrator.EINVALIDARG},
		"latitude":           {ToolAmapFindPOIs, poi("latitude", 91), orchestrator.EINVALIDARG},
		"latitude text":      {ToolAmapFindPOIs, poi("latitude", "north"), orchestrator.EINVALIDARG},
		"unknown argument":   {ToolAmapFindPOIs, poi("keywords", "火锅"), orchestrator.EINVALIDARG},
		"other country":      {ToolAmapFindPOIs, poi("country", "JP"), orchestrator.EUNAVAILABLE},
		"outside China":      {ToolAmapFindPOIs, poi("latitude", 48.8566, "longitude", 2.3522), orchestrator.EUNAVAILABLE},
		"hotel category":     {ToolAmapFindHotels, poi("category", "flats"), orchestrator.EINVALIDARG},
		"hotel radius":       {ToolAmapFindHotels, poi("category", "hotels", "radius_m", 30000), orchestrator.EINVALIDARG},
		"hotel country":      {ToolAmapFindHotels, poi("category", "", "country", "France"), orchestrator.EUNAVAILABLE},
		"same city":          {ToolAmapTransport, leg("to", " 成都"), orchestrator.EINVALIDARG},
		"no from":            {ToolAmapTransport, leg("from", ""), orchestrator.EINVALIDARG},
		"no travellers":      {ToolAmapTransport, leg("travelers", 0), orchestrator.EINVALIDARG},
		"too many":           {ToolAmapTransport, leg("travelers", 51), orchestrator.EINVALIDARG},
		"to latitude":        {ToolAmapTransport, leg("to_latitude", -91), orchestrator.EINVALIDARG},
		"from longitude":     {ToolAmapTransport, leg("from_longitude", 181), orchestrator.EINVALIDARG},
		"missing to":         {ToolAmapTransport, map[string]any{"from": "成都", "from_latitude": 30.5, "from_longitude": 104, "to_latitude": 29.5, "to_longitude": 106.5}, orchestrator.EINVALIDARG},
		"destination abroad": {ToolAmapTransport, leg("to", "Tokyo", "to_latitude", 35.68, "to_longitude", 139.76), orchestrator.EUNAVAILABLE},
		"country abroad":     {ToolAmapTransport, leg("to_country", "JP"), orchestrator.EUNAVAILABLE},
	} {
		t.Run(name, func(t *testing.T) {
			res, m := call(t, cs, tc.tool, tc.args)
			wantError(t, res, m, tc.wantType, false)
		})
	}
	if reqs := srv.amap.Requests(); len(reqs) != 0 {
		t.Errorf("invalid calls reached Amap: %v", reqs)
	}
}

func TestAmapCatalogUpstreamErrors(t *testing.T) {
	for name, tc := range map[string]struct {
		tool, fixture string
		wantType      string
		retryable     bool
	}{
		"pois quota":    {ToolAmapFindPOIs, "error_10003.json", orchestrator.ERATELIMITED, false},
		"pois qps":      {ToolAmapFindPOIs, "error_10021.json", orchestrator.ERATELIMITED, false},
		"hotels key":    {ToolAmapFindHotels, "error_10001.json", orchestrator.EAUTH, false},
		"hotels engine": {ToolAmapFindHotels, "error_20003.json", orchestrator.EUNAVAILABLE, false},
	} {
		t.Run(name, func(t *testing.T) {
			opts, srv := replayOptions(t)
			srv.amap.FailWith(t, 0, tc.fixture)
			args := map[string]any{"city": "成都", "category": "restaurants", "latitude": amaptest.KuanzhaiLat, "longitude": amaptest.KuanzhaiLon}
			if tc.tool == ToolAmapFindHotels {
				args["category"] = "hotels"
			}
			res, m := call(t, connect(t, opts), tc.tool, args)
			wantError(t, res, m, tc.wantType, tc.retryable)
		})
	}
}

func TestAmapGeocodePlaces(t *testing.T) {
	opts, _ := replayOptions(t)
	res, m := call(t, connect(t, opts), ToolAmapGeocode, map[string]any{"address": "成都"})
	wantOK(t, res, m)
	got := decode[AmapGeocodeOutput](t, m)
	if len(got.Places) != 1 || len(got.Geocodes) != 1 {
		t.Fatalf("amap_geocode = %s", text(res))
	}
	p := got.Places[0]
	want := orchestrator.Place{Name: "成都市", Country: "中国", CountryCode: "CN", Admin1: "四川省", Latitude: got.Geocodes[0].Location.Lat,
		Longitude: got.Geocodes[0].Location.Lon, Timezone: "Asia/Shanghai", SourceID: "510100"}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("place = %+v, want %+v", p, want)
	}
	// GCJ-02 104.066301,30.572961 is about 30.5754,104.0638 in WGS-84, ~300 m off.
	g := orchestrator.GeoPoint{Lat: p.Latitude, Lon: p.Longitude}
	if d := g.DistanceKM(orchestrator.GeoPoint{Lat: 30.572961, Lon: 104.066301}); d < 0.2 || d > 0.8 {
		t.Errorf("place %v is %.3f km from the GCJ-02 point; want the WGS-84 shift", g, d)
	}
	// The pipeline reads the first place like the geocode tool's.
	var out struct {
		Places []orchestrator.Place `json:"places"`
	}
	if err := json.Unmarshal([]byte(text(res)), &out); err != nil || out.Places[0].CountryCode != "CN" {
		t.Errorf("places do not decode: %v", err)
	}
}

// TestAmapCatalogDeterministic: the same call twice, on fresh servers,
// gives the same bytes.
func TestAmapCatalogDeterministic(t *testing.T) {
	calls := []struct {
		tool string
		args map[string]any
	}{
		{ToolAmapFindPOIs, map[string]any{"city": "成都", "category": "attractions", "latitude": amaptest.WuhouciLat, "longitude": amaptest.WuhouciLon}},
		{ToolAmapFindPOIs, map[string]any{"city": "成都", "category": "restaurants", "latitude": amaptest.KuanzhaiLat, "longitude": amaptest.KuanzhaiLon}},
		{ToolAmapFindHotels, map[string]any{"city": "成都", "latitude": amaptest.ChunxiLat, "longitude": amaptest.ChunxiLon}},
		{ToolAmapTransport, map[string]any{"from": "成都", "to": "重庆", "from_latitude": amaptest.ChengduLat, "from_longitude": amaptest.ChengduLon,
			"to_latitude": amaptest.ChongqingLat, "to_longitude": amaptest.ChongqingLon}},
	}
	var first []string
	for round := range 2 {
		opts, _ := replayOptions(t)
		cs := connect(t, opts)
		for i, c := range calls {
			res, m := call(t, cs, c.tool, c.args)
			wantOK(t, res, m)
			if round == 0 {
				first = append(first, text(res))
			} else if text(res) != first[i] {
				t.Errorf("%s gave different bytes:\n%s\n%s", c.tool, first[i], text(res))
			}
		}
	}
}

// fixedAmap answers from fixtures parsed once, so that the benchmarks
// measure the tools and the MCP round trip alone.
type fixedAmap struct {
	pois          map[string]amap.POIResult // by types
	transit, road amap.Directions
}

func (f fixedAmap) SearchPOI(_ context.Context, s amap.POISearch) (amap.POIResult, error) {
	if s.Page > 1 {
		return amap.POIResult{POIs: []amap.POI{}}, nil
	}
	return f.pois[s.Types], nil
}

func (f fixedAmap) Weather(context.Context, string, bool) (amap.Weather, error) {
	return amap.Weather{}, nil
}

func (f fixedAmap) Geocode(context.Context, string, string) ([]amap.Geocode, error) { return nil, nil }

func (f fixedAmap) Regeo(context.Context, orchestrator.GeoPoint) (amap.Region, error) {
	return amap.Region{Province: "四川省", City: "成都市", Citycode: "028", Adcode: "510100"}, nil
}

func (f fixedAmap) Directions(_ context.Context, q amap.DirectionQuery) (amap.Directions, error) {
	if q.Mode == amap.ModeTransit {
		return f.transit, nil
	}
	return f.road, nil
}

func newFixedAmap(b *testing.B) fixedAmap {
	f := fixedAmap{pois: map[string]amap.POIResult{}}
	for types, file := range map[string]string{amap.TypesAttractions: "place_around_v5_sights_wuhouci.json", amap.TypesFood: "place_around_v5_food_kuanzhai.json",
		amap.TypesLodging: "place_around_v5_hotels_p1.json"} {
		r, err := amap.ParsePOIs(amaptest.Fixture(b, file))
		if err != nil {
			b.Fatal(err)
		}
		f.pois[types] = r
	}
	var err error
	if f.transit, err = amap.ParseDirections(amaptest.Fixture(b, "transit_chengdu_chongqing.json"), amap.ModeTransit); err != nil {
		b.Fatal(err)
	}
	if f.road, err = amap.ParseDirections(amaptest.Fixture(b, "driving_chengdu_chongqing.json"), amap.ModeDriving); err != nil {
		b.Fatal(err)
	}
	return f
}

// BenchmarkAmapCatalog is one call per iteration of each catalog tool over
// the in-memory MCP transport: with fixed answers (the tool and the round
// trip alone), and with the real Amap client calling the replay server
// (plus HTTP, decoding and the GCJ-02 conversion). Hotels page twice on
// the replay server, once on the fixed answers.
func BenchmarkAmapCatalog(b *testing.B) {
	now := func() time.Time { return clock }
	calls := []struct {
		name string
		p    *mcp.CallToolParams
	}{
		{"pois", &mcp.CallToolParams{Name: ToolAmapFindPOIs, Arguments: map[string]any{"city": "成都", "category": "restaurants",
			"latitude": amaptest.KuanzhaiLat, "longitude": amaptest.KuanzhaiLon}}},
		{"hotels", &mcp.CallToolParams{Name: ToolAmapFindHotels, Arguments: map[string]any{"city": "成都",
			"latitude": amaptest.ChunxiLat, "longitude": amaptest.ChunxiLon}}},
		{"transport", &mcp.CallToolParams{Name: ToolAmapTransport, Arguments: map[string]any{"from": "成都", "to": "重庆",
			"from_latitude": amaptest.ChengduLat, "from_longitude": amaptest.ChengduLon, "to_latitude": amaptest.ChongqingLat, "to_longitude": amaptest.ChongqingLon}}},
	}
	for _, c := range calls {
		for _, src := range []string{"fixed", "replay"} {
			b.Run(c.name+"/"+src, func(b *testing.B) {
				var a AmapSource = newFixedAmap(b)
				if src == "replay" {
					srv := amaptest.NewServer(b)
					uo := fast()
					uo.Limit = upstream.Limit{Requests: 1 << 30, Interval: time.Second} // the replay server has no policy
					client, err := amap.New(amap.Options{URL: srv.URL, Key: amaptest.Key, Upstream: uo})
					if err != nil {
						b.Fatal(err)
					}
					a = client
				}
				cs := connect(b, Options{Amap: a, Now: now, Logger: quiet})
				ctx := context.Background()
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					res, err := cs.CallTool(ctx, c.p)
					if err != nil || res.IsError {
						b.Fatalf("CallTool: %v %v", err, res)
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
			})
		}
	}
}

// TestAmapWeatherForecastByPoint: amap_weather as the weather tool's
// fallback in China — located by coordinates, limited to the trip's days,
// in the weather tool's form.
func TestAmapWeatherForecastByPoint(t *testing.T) {
	opts, srv := replayOptions(t)
	cs := connect(t, opts)
	res, m := call(t, cs, ToolAmapWeather, map[string]any{"latitude": amaptest.ChengduLat, "longitude": amaptest.ChengduLon,
		"start_date": "2026-06-02", "end_date": "2026-06-03"})
	wantOK(t, res, m)
	got := decode[AmapWeatherOutput](t, m)
	if got.Forecast == nil || len(got.Forecast.Days) != 2 {
		t.Fatalf("forecast = %+v", got.Forecast)
	}
	d := got.Forecast.Days[0]
	if d.Date != "2026-06-02" || d.Text != "阵雨 / 中雨" || d.Code == nil || *d.Code != 80 || *d.TempMax != 26 || *d.TempMin != 20 {
		t.Errorf("day = %+v (code %v)", d, d.Code)
	}
	if reqs := srv.amap.Requests(); len(reqs) != 2 || !strings.HasPrefix(reqs[0], "/v3/geocode/regeo?") || query(t, reqs[1]).Get("city") != "510100" {
		t.Errorf("requests = %v", reqs)
	}
	// Days Amap does not forecast: not found (a fact, not a failing
	// provider: no circuit opens on it).
	res, m = call(t, cs, ToolAmapWeather, map[string]any{"latitude": amaptest.ChengduLat, "longitude": amaptest.ChengduLon,
		"start_date": "2026-07-01", "end_date": "2026-07-03"})
	wantError(t, res, m, orchestrator.ENOTFOUND, false)
	res, m = call(t, cs, ToolAmapWeather, map[string]any{"start_date": "2026-06-02"})
	wantError(t, res, m, orchestrator.EINVALIDARG, false)
}

func TestAmapWeatherCodes(t *testing.T) {
	for text, want := range map[string]int{"晴": 0, "多云": 2, "雷阵雨": 95, "大暴雨": 65, "小雪": 71, "雨夹雪": 68, "阵雨": 80} {
		if c := amapCode(text); c == nil || *c != want {
			t.Errorf("%s → %v, want %d", text, c, want)
		}
	}
	if c := amapCode("霾"); c != nil {
		t.Errorf("霾 → %d, want none", *c)
	}
	for in, want := range map[string]string{"510104": "510100", "500103": "500000", "110105": "110000", "51010": "", "abcdef": ""} {
		if got := cityAdcode(in); got != want {
			t.Errorf("cityAdcode(%s) = %q, want %q", in, got, want)
		}
	}
}
