package datatools_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/agents/datatools"
	"github.com/tripweave/tripweave/agents/overpass/overpasstest"
	"github.com/tripweave/tripweave/agents/wikivoyage/wikivoyagetest"
	"github.com/tripweave/tripweave/orchestrator"
)

func restaurants(t testing.TB, r *replay, args map[string]any) (datatools.FindPOIsOutput, string) {
	t.Helper()
	res, text := callTool(t, r.cs, "find_pois", args)
	if res.IsError {
		t.Fatalf("find_pois(%v): error result %s", args, text)
	}
	var out datatools.FindPOIsOutput
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		t.Fatal(err)
	}
	return out, text
}

func restaurantArgs(kv ...any) map[string]any {
	return chengdu(append([]any{"category", "restaurants"}, kv...)...)
}

func TestFindPOIsRestaurantPrices(t *testing.T) {
	r := newReplay(t)
	out, text := restaurants(t, r, restaurantArgs())
	golden(t, "find_pois_restaurants_chengdu_en.json", text, r.wv.URL)
	type want struct {
		yuan     float64
		estimate bool
	}
	wants := map[string]want{
		// Listed by the guide: the midpoint of the listing's range.
		"osm:node/3141592653": {60, false},  // 陈麻婆豆腐 = Chen Mapo Tofu, ¥40–80 per person
		"osm:node/2718281828": {30, false},  // 龙抄手 = Long Chaoshou, ¥30
		"osm:way/161803398":   {800, false}, // 玉芝兰 = Yu Zhi Lan, from ¥800
		"osm:node/1732050807": {125, false}, // 蜀大侠火锅 = Shu Daxia Hotpot, ¥100–150
		// Not listed: the median of the guide's budget eating places (60, 30).
		"osm:node/1414213562": {45, true}, // Starbucks, a cafe
		"osm:node/2645751311": {45, true}, // KFC, fast food
	}
	if len(out.Restaurants) != len(wants) {
		t.Errorf("%d restaurants, want %d", len(out.Restaurants), len(wants))
	}
	for _, rs := range out.Restaurants {
		w, ok := wants[rs.ID]
		if !ok {
			t.Errorf("unexpected restaurant %s", rs.ID)
			continue
		}
		if rs.Price != orchestrator.MoneyFromFloat(w.yuan, "CNY") || rs.PriceEstimate != w.estimate {
			t.Errorf("%s (%s): %v estimate %v; want %v CNY estimate %v", rs.ID, rs.Name, rs.Price, rs.PriceEstimate, w.yuan, w.estimate)
		}
	}
	if pm := out.PriceModel; pm == nil || pm.Type != "eat" || pm.Listings != 4 || pm.Currency != "CNY" {
		t.Errorf("price model = %+v", pm)
	}
	p := out.Provenance
	if p.Source != "overpass:interpreter+wikivoyage:parse" || !p.Estimate || p.Attribution == nil ||
		p.Attribution.License != "ODbL 1.0; CC BY-SA 4.0" || p.Attribution.URL != r.wv.URL+"/en/wiki/Chengdu" {
		t.Errorf("provenance = %+v (attribution %+v)", p, p.Attribution)
	}
	if len(out.Notes) != 0 {
		t.Errorf("notes = %q", out.Notes)
	}
	_, again := restaurants(t, r, restaurantArgs())
	if again != text {
		t.Errorf("two calls differ:\n%s\n%s", text, again)
	}
}

func TestFindPOIsRestaurantsGuideFails(t *testing.T) {
	r := newReplay(t)
	r.wv.Fail(wikivoyagetest.Failure{Status: http.StatusServiceUnavailable, Body: []byte("<html>down</html>")})
	out, _ := restaurants(t, r, restaurantArgs())
	if len(out.Restaurants) != 6 {
		t.Fatalf("%d restaurants", len(out.Restaurants))
	}
	for _, rs := range out.Restaurants {
		if rs.Price != (orchestrator.Money{}) || rs.PriceEstimate {
			t.Errorf("%s priced without a guide: %+v", rs.ID, rs.Price)
		}
	}
	if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "Wikivoyage guide failed") {
		t.Errorf("notes = %q", out.Notes)
	}
	if p := out.Provenance; p.Source != "overpass:interpreter" || p.Estimate || p.Attribution.License != "ODbL 1.0" {
		t.Errorf("provenance = %+v", p)
	}

	// Overpass failing is the tool's failure, whatever the guide does.
	r.op.Fail(r.op.RateLimited())
	res, text := callTool(t, r.cs, "find_pois", restaurantArgs())
	if !res.IsError || !strings.Contains(text, `"errorType":"rate_limited"`) {
		t.Errorf("overpass down: %s", text)
	}
}

func TestFindPOIsRestaurantsWithoutCountry(t *testing.T) {
	r := newReplay(t)
	out, text := restaurants(t, r, restaurantArgs("country", nil))
	for _, rs := range out.Restaurants {
		if rs.Price != (orchestrator.Money{}) {
			t.Errorf("%s priced from ¥ without a country: %v", rs.ID, rs.Price)
		}
	}
	if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "pass country") || !strings.Contains(text, `"price":{"cents":0,"currency":""}`) {
		t.Errorf("notes = %q: %s", out.Notes, text)
	}
	if p := out.Provenance; p.Source != "overpass:interpreter" || p.Attribution.License != "ODbL 1.0" {
		t.Errorf("provenance credits an unused guide: %+v", p)
	}
	// The Chinese guide has the same prices in 元.
	out, _ = restaurants(t, r, restaurantArgs("lang", "zh"))
	if out.Restaurants[0].Price != orchestrator.MoneyFromFloat(60, "CNY") {
		t.Errorf("zh: %+v", out.Restaurants[0])
	}
}

func TestFindPOIsAttractionsUnchanged(t *testing.T) {
	r := newReplay(t)
	res, text := callTool(t, r.cs, "find_pois", map[string]any{"city": "chengdu", "category": "attractions",
		"latitude": overpasstest.ChengduLat, "longitude": overpasstest.ChengduLon, "country": "CN"})
	if res.IsError || strings.Contains(text, "price_model") || strings.Contains(text, "wikivoyage") {
		t.Errorf("attractions: %s", text)
	}
	if n := len(r.wv.Requests()); n != 0 {
		t.Errorf("the guide was read %d times for attractions", n)
	}
	for _, c := range []string{"CHN", "C1", "XX"} {
		for _, category := range []string{"restaurants", "attractions"} {
			res, text := callTool(t, r.cs, "find_pois", restaurantArgs("country", c, "category", category))
			if !res.IsError || !strings.Contains(text, "invalid_argument") || !strings.Contains(text, "country") {
				t.Errorf("%s, country %q: %s", category, c, text)
			}
		}
	}
}

// plainPOIs is a POIFinder that knows no tiers.
type plainPOIs struct{ o osm }

func (p plainPOIs) Attractions(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Attraction, error) {
	return p.o.Attractions(ctx, q)
}

func (p plainPOIs) Restaurants(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Restaurant, error) {
	return p.o.Restaurants(ctx, q)
}

func TestFindPOIsRestaurantsWithoutTiers(t *testing.T) {
	op, wv := overpasstest.NewServer(t), wikivoyagetest.NewServer(t)
	opts := replayOptions(op, wv)
	opts.POIs = plainPOIs{opts.POIs.(osm)}
	r := &replay{op: op, wv: wv, cs: session(t, opts)}
	out, _ := restaurants(t, r, restaurantArgs())
	estimated := 0
	for _, rs := range out.Restaurants {
		// Unlisted places get the overall median of the four eat listings
		// (30, 60, 125, 800): 92.50.
		if rs.PriceEstimate {
			estimated++
			if rs.Price != orchestrator.MoneyFromFloat(92.5, "CNY") {
				t.Errorf("%s: %v", rs.ID, rs.Price)
			}
		}
	}
	if estimated != 2 {
		t.Errorf("%d estimated prices, want 2", estimated)
	}
}
