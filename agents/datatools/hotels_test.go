package datatools_test

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tripweave/tripweave/agents/datatools"
	replaytest "github.com/tripweave/tripweave/agents/internal/replay"
	"github.com/tripweave/tripweave/agents/overpass"
	"github.com/tripweave/tripweave/agents/overpass/overpasstest"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/agents/wikivoyage"
	"github.com/tripweave/tripweave/agents/wikivoyage/wikivoyagetest"
	"github.com/tripweave/tripweave/orchestrator"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// osm adapts the Overpass client to the finders, as the wiring does.
type osm struct{ c *overpass.Client }

func (o osm) Attractions(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Attraction, error) {
	return o.c.Attractions(ctx, overpass.Search(q))
}

func (o osm) Restaurants(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Restaurant, error) {
	return o.c.Restaurants(ctx, overpass.Search(q))
}

func (o osm) TieredRestaurants(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Restaurant, map[string]string, error) {
	return o.c.TieredRestaurants(ctx, overpass.Search(q))
}

func (o osm) Lodging(ctx context.Context, q datatools.POIQuery) ([]orchestrator.Accommodation, error) {
	return o.c.Lodging(ctx, overpass.Search(q))
}

var (
	_ datatools.TieredRestaurantFinder = osm{}
	_ datatools.LodgingFinder          = osm{}
)

var fetchedAt = time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)

// replay is the data tools over the Overpass and Wikivoyage replay servers.
type replay struct {
	op *overpasstest.Server
	wv *wikivoyagetest.Server
	cs *mcp.ClientSession
}

func replayOptions(op *overpasstest.Server, wv *wikivoyagetest.Server) datatools.Options {
	free := upstream.Options{UserAgent: "tripweave-test/1.0 (+https://example.org/contact)", Retries: -1, Limit: upstream.Limit{Concurrent: 64}}
	oc := overpass.New(overpass.Options{URL: op.InterpreterURL(), Upstream: free})
	osmAttr, wvAttr := overpass.Attribution, wikivoyage.Attribution
	osmSource := datatools.Source{Name: overpass.SourcePOIs, TTL: overpass.POITTL, Attribution: &osmAttr}
	return datatools.Options{
		Guides:  wikivoyage.New(wikivoyage.Options{ENURL: wv.ENURL(), ZHURL: wv.ZHURL(), Upstream: free}),
		Guide:   datatools.Source{Name: wikivoyage.SourceGuide, TTL: wikivoyage.GuideTTL, Attribution: &wvAttr},
		POIs:    osm{oc},
		POI:     osmSource,
		Lodging: osm{oc},
		Hotels:  osmSource,
		Prices:  wikivoyage.PriceReader{},
		Now:     func() time.Time { return fetchedAt },
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

func newReplay(t testing.TB) *replay {
	t.Helper()
	r := &replay{op: overpasstest.NewServer(t), wv: wikivoyagetest.NewServer(t)}
	r.cs = session(t, replayOptions(r.op, r.wv))
	return r
}

func session(t testing.TB, opts datatools.Options) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "data", Version: "test"}, nil)
	if err := datatools.Register(s, opts); err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// callTool returns the result's text, failing t on a protocol error.
func callTool(t testing.TB, cs *mcp.ClientSession, tool string, args map[string]any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", tool, err)
	}
	return res, res.Content[0].(*mcp.TextContent).Text
}

func hotels(t testing.TB, r *replay, args map[string]any) (datatools.FindHotelsOutput, string) {
	t.Helper()
	res, text := callTool(t, r.cs, "find_hotels", args)
	if res.IsError {
		t.Fatalf("find_hotels(%v): error result %s", args, text)
	}
	var out datatools.FindHotelsOutput
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		t.Fatal(err)
	}
	return out, text
}

// chengdu are the pipeline's arguments for Chengdu's hotels, plus country.
func chengdu(kv ...any) map[string]any {
	m := map[string]any{"city": "chengdu", "category": "hotels", "latitude": overpasstest.ChengduLat, "longitude": overpasstest.ChengduLon, "country": "CN"}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == nil {
			delete(m, kv[i].(string))
		} else {
			m[kv[i].(string)] = kv[i+1]
		}
	}
	return m
}

func golden(t *testing.T, name string, text string, serverURL string) {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(strings.ReplaceAll(text, serverURL, "http://wikivoyage.test")), &v); err != nil {
		t.Fatal(err)
	}
	replaytest.GoldenJSON(t, name, v, *update)
}

func byID(hs []orchestrator.Accommodation) map[string]orchestrator.Accommodation {
	m := map[string]orchestrator.Accommodation{}
	for _, h := range hs {
		m[h.ID] = h
	}
	return m
}

func TestFindHotels(t *testing.T) {
	r := newReplay(t)
	out, text := hotels(t, r, chengdu())
	golden(t, "find_hotels_chengdu_en.json", text, r.wv.URL)

	// 11 OSM places (one unnamed, one duplicate dropped) + 4 guide-only
	// listings (Flipflop, Buddha Zen, Holiday Inn Express, Temple House);
	// every one is priced.
	if len(out.Hotels) != 15 || out.Unpriced != 0 || len(out.Notes) != 0 {
		t.Fatalf("%d hotels, %d unpriced, notes %q", len(out.Hotels), out.Unpriced, out.Notes)
	}
	h := byID(out.Hotels)
	type want struct {
		price    float64
		estimate bool
		room     string
	}
	for id, w := range map[string]want{
		// Merged: the listing's price (its lower bound) on OSM's place.
		"osm:node/4184729301": {45, false, "shared_room"},    // Mix Hostel: same name as name:en
		"osm:way/228190447":   {1100, false, "private_room"}, // Shangri-La Hotel: similar name, 29 m away
		"osm:way/301928374":   {380, false, "private_room"},  // Tibet Hotel
		// Guide-only listings.
		"wikivoyage:en:Chengdu:15": {50, false, "shared_room"},    // Flipflop Lounge Hostel
		"wikivoyage:en:Chengdu:17": {400, false, "private_room"},  // Buddha Zen Hotel
		"wikivoyage:en:Chengdu:18": {425, true, "private_room"},   // Holiday Inn Express: no price, mid-range tier
		"wikivoyage:en:Chengdu:20": {1800, false, "private_room"}, // The Temple House
		// OSM places priced by tier: budget 113.75, mid-range 425, splurge 1675.
		"osm:node/1924738821": {1675, true, "private_room"},   // Jinjiang Hotel, 4 stars
		"osm:node/2837465019": {425, true, "private_room"},    // Garden City, 3 stars
		"osm:node/6630192837": {113.75, true, "private_room"}, // 7 Days Inn, 2 stars
		"osm:node/3390716254": {113.75, true, "shared_room"},  // hostel
		"osm:node/7201938475": {113.75, true, "private_room"}, // guest house
		"osm:node/4650192837": {113.75, true, "private_room"}, // motel
		"osm:node/8102938476": {425, true, "entire_home"},     // apartment
		"osm:node/9012837465": {425, true, "private_room"},    // Buddha Zen Garden Hotel: similar name but 556 m away
	} {
		a, ok := h[id]
		if !ok {
			t.Errorf("%s missing", id)
			continue
		}
		if a.Price != orchestrator.MoneyFromFloat(w.price, "CNY") || a.PriceEstimate != w.estimate || a.RoomType != w.room {
			t.Errorf("%s (%s): price %v estimate %v room %s; want %v CNY estimate %v room %s", id, a.Name, a.Price, a.PriceEstimate, a.RoomType, w.price, w.estimate, w.room)
		}
		if a.City != "chengdu" || !a.OccupancyEstimate || (a.RoomType == "shared_room") != (a.MaxOccupancy == 1) {
			t.Errorf("%s: %+v", id, a)
		}
	}
	if sl := h["osm:way/228190447"]; sl.Stars != 5 || sl.Kind != "hotel" || *sl.Location != (orchestrator.GeoPoint{Lat: 30.6473451, Lon: 104.0868012}) {
		t.Errorf("the merged Shangri-La keeps OSM's kind, stars and coordinates: %+v", sl)
	}
	if hi := h["wikivoyage:en:Chengdu:18"]; hi.Location != nil || hi.Name != "Holiday Inn Express Chengdu Wuhou" || hi.Kind != "hotel" {
		t.Errorf("Holiday Inn Express = %+v", hi)
	}
	if ff := h["wikivoyage:en:Chengdu:15"]; ff.Kind != "hostel" || ff.NameAlt != "拖鞋公寓" || ff.Location == nil {
		t.Errorf("Flipflop = %+v", ff)
	}

	// Order: priced by the guide first, then stars, then distance, then ID.
	for i := 1; i < len(out.Hotels); i++ {
		a, b := out.Hotels[i-1], out.Hotels[i]
		if a.PriceEstimate != b.PriceEstimate {
			if a.PriceEstimate {
				t.Errorf("%s (estimated) before %s (priced)", a.ID, b.ID)
			}
			continue
		}
		if a.Stars < b.Stars {
			t.Errorf("%s (%d stars) before %s (%d stars)", a.ID, a.Stars, b.ID, b.Stars)
		}
		if a.Stars == b.Stars && dist(a) > dist(b) {
			t.Errorf("%s (%.2f km) before %s (%.2f km)", a.ID, dist(a), b.ID, dist(b))
		}
	}
	if first := out.Hotels[0].ID; first != "osm:way/228190447" {
		t.Errorf("first = %s, want the guide-priced five-star Shangri-La", first)
	}
	if last := out.Hotels[len(out.Hotels)-1].ID; last != "wikivoyage:en:Chengdu:18" {
		t.Errorf("last = %s, want the estimated place without coordinates", last)
	}

	pm := out.PriceModel
	if pm == nil || pm.Currency != "CNY" || pm.Listings != 6 || pm.Overall != orchestrator.MoneyFromFloat(425, "CNY") || len(pm.Tiers) != 3 {
		t.Errorf("price model = %+v", pm)
	}
	p := out.Provenance
	wantAttr := orchestrator.Attribution{
		Text: "© OpenStreetMap contributors (ODbL 1.0, https://www.openstreetmap.org/copyright); " +
			"Wikivoyage contributors (CC BY-SA 4.0, " + r.wv.URL + "/en/wiki/Chengdu)",
		URL: r.wv.URL + "/en/wiki/Chengdu", License: "ODbL 1.0; CC BY-SA 4.0",
	}
	if p.Source != "overpass:interpreter+wikivoyage:parse" || !p.Estimate || p.TTL != int64(wikivoyage.GuideTTL/time.Second) ||
		!p.FetchedAt.Equal(fetchedAt) || p.Attribution == nil || *p.Attribution != wantAttr {
		t.Errorf("provenance = %+v (attribution %+v)", p, p.Attribution)
	}

	// Both providers were asked once, the guide near the centre.
	if n := len(r.op.Requests()); n != 1 {
		t.Errorf("%d Overpass requests", n)
	}
	if reqs := r.wv.Requests(); len(reqs) != 1 || !strings.Contains(reqs[0], "page=Chengdu") {
		t.Errorf("Wikivoyage requests = %q", reqs)
	}
}

func dist(a orchestrator.Accommodation) float64 {
	if a.Location == nil {
		return math.Inf(1)
	}
	return orchestrator.GeoPoint{Lat: overpasstest.ChengduLat, Lon: overpasstest.ChengduLon}.DistanceKM(*a.Location)
}

func TestFindHotelsChinese(t *testing.T) {
	r := newReplay(t)
	out, text := hotels(t, r, chengdu("city", "成都", "lang", "zh"))
	golden(t, "find_hotels_chengdu_zh.json", text, r.wv.URL)
	h := byID(out.Hotels)
	// The Chinese guide's listings match OSM's Chinese names.
	for id, yuan := range map[string]float64{"osm:node/4184729301": 45, "osm:way/301928374": 380, "osm:way/228190447": 1100} {
		if a := h[id]; a.PriceEstimate || a.Price != orchestrator.MoneyFromFloat(yuan, "CNY") || a.City != "成都" {
			t.Errorf("%s = %+v, want %v CNY from the guide", id, a, yuan)
		}
	}
	if out.Provenance.Attribution == nil || !strings.HasSuffix(out.Provenance.Attribution.URL, "/zh/wiki/%E6%88%90%E9%83%BD") {
		t.Errorf("attribution = %+v", out.Provenance.Attribution)
	}
	if out.Hotels[0].Name != "香格里拉大酒店" {
		t.Errorf("names are not Chinese: %+v", out.Hotels[0])
	}
}

func TestFindHotelsWithoutCountry(t *testing.T) {
	r := newReplay(t)
	out, _ := hotels(t, r, chengdu("country", nil))
	// The guide quotes ¥ only: without the country nothing can be read, and
	// no price is guessed.
	if len(out.Hotels) != 0 || out.Unpriced != 15 || out.PriceModel == nil || out.PriceModel.Listings != 0 {
		t.Errorf("hotels %v, unpriced %d, model %+v", out.Hotels, out.Unpriced, out.PriceModel)
	}
	if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "pass country") {
		t.Errorf("notes = %q", out.Notes)
	}
	if out.Provenance.Estimate {
		t.Error("provenance says estimate with no price")
	}
}

func TestFindHotelsPartialFailure(t *testing.T) {
	t.Run("overpass fails", func(t *testing.T) {
		r := newReplay(t)
		r.op.Fail(r.op.RateLimited())
		out, _ := hotels(t, r, chengdu())
		if len(out.Hotels) != 7 || out.Unpriced != 0 {
			t.Errorf("%d hotels (want the guide's 7), %d unpriced", len(out.Hotels), out.Unpriced)
		}
		for _, h := range out.Hotels {
			if !strings.HasPrefix(h.ID, "wikivoyage:en:Chengdu:") {
				t.Errorf("hotel %s without OSM", h.ID)
			}
		}
		if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "OpenStreetMap") || !strings.Contains(out.Notes[0], "rate_limited") {
			t.Errorf("notes = %q", out.Notes)
		}
		p := out.Provenance
		if p.Source != "wikivoyage:parse" || p.Attribution == nil || p.Attribution.License != "CC BY-SA 4.0" || !p.Estimate {
			t.Errorf("provenance = %+v", p)
		}
	})
	t.Run("wikivoyage fails", func(t *testing.T) {
		r := newReplay(t)
		r.wv.Fail(wikivoyagetest.Failure{Status: http.StatusServiceUnavailable, Body: []byte("<html>down</html>")})
		out, text := hotels(t, r, chengdu())
		if len(out.Hotels) != 0 || out.Unpriced != 11 || out.PriceModel != nil || !strings.Contains(text, `"hotels":[]`) {
			t.Errorf("hotels %v, unpriced %d: %s", out.Hotels, out.Unpriced, text)
		}
		if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "Wikivoyage guide failed (unavailable") {
			t.Errorf("notes = %q", out.Notes)
		}
		if p := out.Provenance; p.Source != "overpass:interpreter" || p.Attribution == nil || p.Attribution.License != "ODbL 1.0" || p.Estimate {
			t.Errorf("provenance = %+v", p)
		}
	})
	t.Run("both fail", func(t *testing.T) {
		r := newReplay(t)
		r.op.Fail(r.op.Busy())
		r.wv.Fail(wikivoyagetest.Failure{Status: http.StatusServiceUnavailable, Body: []byte("<html>down</html>")})
		res, text := callTool(t, r.cs, "find_hotels", chengdu())
		var ue orchestrator.UpstreamError
		if err := json.Unmarshal([]byte(text), &ue); err != nil || !res.IsError || ue.Type != "unavailable" || ue.Retryable || ue.Provider != "overpass" {
			t.Errorf("both down: %s", text)
		}
	})
}

func TestFindHotelsUnknownCity(t *testing.T) {
	r := newReplay(t)
	out, text := hotels(t, r, map[string]any{"city": "atlantis", "latitude": -45.0, "longitude": 170.0})
	if !strings.Contains(text, `"hotels":[]`) || out.Unpriced != 0 || out.PriceModel != nil {
		t.Errorf("unknown city: %s", text)
	}
	if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], `no Wikivoyage guide found for "atlantis"`) {
		t.Errorf("notes = %q", out.Notes)
	}
}

func TestFindHotelsDeterministic(t *testing.T) {
	r := newReplay(t)
	_, a := hotels(t, r, chengdu())
	_, b := hotels(t, r, chengdu())
	if a != b {
		t.Errorf("two calls differ:\n%s\n%s", a, b)
	}
	// A smaller limit keeps the head of the same order.
	small, _ := hotels(t, r, chengdu("limit", 4, "radius_m", 25000))
	var full datatools.FindHotelsOutput
	json.Unmarshal([]byte(a), &full)
	if len(small.Hotels) != 4 || !slices.EqualFunc(small.Hotels, full.Hotels[:4], func(x, y orchestrator.Accommodation) bool { return x.ID == y.ID }) {
		t.Errorf("limit 4 = %v", small.Hotels)
	}
	if small.Unpriced != 0 {
		t.Errorf("unpriced = %d", small.Unpriced)
	}
}

func TestFindHotelsRadius(t *testing.T) {
	r := newReplay(t)
	// 500 m around the Temple House: OSM answers only for Chengdu's
	// centre, so the replay still sends every place, but the guide's
	// listings further than the radius are left out.
	out, _ := hotels(t, r, chengdu("radius_m", 500, "latitude", 30.6538, "longitude", 104.0843))
	for _, h := range out.Hotels {
		if strings.HasPrefix(h.ID, "wikivoyage:") && h.Location != nil && dist2(h, 30.6538, 104.0843) > 0.5 {
			t.Errorf("%s lies %.2f km away", h.ID, dist2(h, 30.6538, 104.0843))
		}
	}
	if _, ok := byID(out.Hotels)["wikivoyage:en:Chengdu:20"]; !ok {
		t.Error("the Temple House is missing")
	}
}

func dist2(a orchestrator.Accommodation, lat, lon float64) float64 {
	return orchestrator.GeoPoint{Lat: lat, Lon: lon}.DistanceKM(*a.Location)
}

func TestFindHotelsInvalid(t *testing.T) {
	r := newReplay(t)
	tests := []map[string]any{
		chengdu("city", ""),
		chengdu("city", strings.Repeat("x", 101)),
		chengdu("city", nil),
		chengdu("category", "restaurants"),
		chengdu("latitude", nil),
		chengdu("latitude", 91.0),
		chengdu("longitude", -180.5),
		chengdu("radius_m", 99),
		chengdu("radius_m", 25001),
		chengdu("limit", 0.5),
		chengdu("limit", 201),
		chengdu("limit", -1),
		chengdu("lang", "fr"),
		chengdu("country", "CHN"),
		chengdu("country", "XX"),
		chengdu("country", 86),
		chengdu("nights", 2),
	}
	for _, args := range tests {
		res, text := callTool(t, r.cs, "find_hotels", args)
		var ue orchestrator.UpstreamError
		if err := json.Unmarshal([]byte(text), &ue); err != nil || !res.IsError || ue.Type != "invalid_argument" || ue.Retryable || ue.Message == "" {
			t.Errorf("find_hotels(%v) = %s, want invalid_argument", args, text)
		}
	}
	// Named fields.
	for field, args := range map[string]map[string]any{
		"city": chengdu("city", " "), "category": chengdu("category", "x"), "radius_m": chengdu("radius_m", 5),
		"limit": chengdu("limit", 500), "lang": chengdu("lang", "de"), "country": chengdu("country", "ZZ"), "latitude": chengdu("latitude", 99.0),
	} {
		if _, text := callTool(t, r.cs, "find_hotels", args); !strings.Contains(text, field) {
			t.Errorf("error for a bad %s does not name it: %s", field, text)
		}
	}
	if n := len(r.op.Requests()) + len(r.wv.Requests()); n != 0 {
		t.Errorf("%d provider requests for invalid arguments", n)
	}
}

func TestFindHotelsRegistration(t *testing.T) {
	op, wv := overpasstest.NewServer(t), wikivoyagetest.NewServer(t)
	full := replayOptions(op, wv)
	for name, mutate := range map[string]func(*datatools.Options){
		"all sources":   func(*datatools.Options) {},
		"no lodging":    func(o *datatools.Options) { o.Lodging = nil },
		"no guide":      func(o *datatools.Options) { o.Guides = nil },
		"no prices":     func(o *datatools.Options) { o.Prices = nil },
		"lodging alone": func(o *datatools.Options) { o.Guides, o.Prices, o.POIs = nil, nil, nil },
	} {
		opts := full
		mutate(&opts)
		cs := session(t, opts)
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		has := slices.ContainsFunc(res.Tools, func(tl *mcp.Tool) bool { return tl.Name == "find_hotels" })
		if has != (name == "all sources") {
			t.Errorf("%s: find_hotels registered = %v", name, has)
		}
	}
}
