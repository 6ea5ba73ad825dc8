package datatools

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

type fakeGuides struct {
	mu    sync.Mutex
	calls []string
	near  []*orchestrator.GeoPoint
	err   error
	empty bool
}

func (f *fakeGuides) Guide(_ context.Context, city, lang string, near *orchestrator.GeoPoint) (orchestrator.Guide, error) {
	f.mu.Lock()
	f.calls = append(f.calls, city+"|"+lang)
	f.near = append(f.near, near)
	f.mu.Unlock()
	if f.err != nil {
		return orchestrator.Guide{}, f.err
	}
	if f.empty {
		return orchestrator.Guide{Title: "Nowhere", URL: "https://en.wikivoyage.org/wiki/Nowhere", Language: lang}, nil
	}
	return orchestrator.Guide{Title: "Chengdu", URL: "https://en.wikivoyage.org/wiki/Chengdu", Language: lang,
		Sections: []orchestrator.GuideSection{{Name: "see", Heading: "See", Text: "Pandas."}},
		Listings: []orchestrator.Listing{{Type: "see", Name: "Wenshu Monastery"}}}, nil
}

type fakePOIs struct {
	mu    sync.Mutex
	calls []POIQuery
	err   error
	none  bool
}

func (f *fakePOIs) Attractions(_ context.Context, q POIQuery) ([]orchestrator.Attraction, error) {
	f.mu.Lock()
	f.calls = append(f.calls, q)
	f.mu.Unlock()
	if f.err != nil || f.none {
		return nil, f.err
	}
	return []orchestrator.Attraction{{ID: "osm:node/1", Name: "Wenshu Monastery", City: q.City}}, nil
}

func (f *fakePOIs) Restaurants(_ context.Context, q POIQuery) ([]orchestrator.Restaurant, error) {
	f.mu.Lock()
	f.calls = append(f.calls, q)
	f.mu.Unlock()
	if f.err != nil || f.none {
		return nil, f.err
	}
	return []orchestrator.Restaurant{{ID: "osm:node/2", Name: "Chen Mapo Tofu", City: q.City, Cuisines: []string{"sichuan"}}}, nil
}

var (
	guideSource = Source{Name: "test:guide", TTL: 72 * time.Hour, Attribution: &orchestrator.Attribution{Text: "Wikivoyage contributors", License: "CC BY-SA 4.0"}}
	poiSource   = Source{Name: "test:pois", TTL: 168 * time.Hour, Attribution: &orchestrator.Attribution{Text: "© OpenStreetMap contributors", URL: "https://www.openstreetmap.org/copyright", License: "ODbL 1.0"}}
)

func TestGuideTool(t *testing.T) {
	g := &fakeGuides{}
	opts := testOpts
	opts.Guides, opts.Guide = g, guideSource
	cs := connect(t, opts)
	// Exactly the pipeline's arguments.
	res, m := call(t, cs, "destination_guide", map[string]any{"city": "chengdu", "lang": "zh", "latitude": 30.66, "longitude": 104.07})
	if res.IsError {
		t.Fatalf("error result: %v", m)
	}
	if g.calls[0] != "chengdu|zh" || g.near[0] == nil || *g.near[0] != (orchestrator.GeoPoint{Lat: 30.66, Lon: 104.07}) {
		t.Errorf("guide source called with %q near %v", g.calls, g.near)
	}
	var out GuideOutput
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	want := orchestrator.Attribution{Text: "Wikivoyage contributors", URL: "https://en.wikivoyage.org/wiki/Chengdu", License: "CC BY-SA 4.0"}
	if p := out.Provenance; p.Source != "test:guide" || p.TTL != 72*3600 || p.Attribution == nil || *p.Attribution != want || !p.FetchedAt.Equal(fetched) {
		t.Errorf("provenance = %+v", p)
	}
	if guideSource.Attribution.URL != "" {
		t.Error("the tool changed the shared Source's attribution")
	}
	if out.Guide.Title != "Chengdu" || len(out.Guide.Listings) != 1 {
		t.Errorf("guide = %+v", out.Guide)
	}

	// Defaults: no language, no point.
	call(t, cs, "destination_guide", map[string]any{"city": "  New   York "})
	if g.calls[1] != "New York|en" || g.near[1] != nil {
		t.Errorf("defaults: %q near %v", g.calls[1], g.near[1])
	}

	// Empty sections and listings are [] in JSON, not null.
	g.empty = true
	res, _ = call(t, cs, "destination_guide", map[string]any{"city": "nowhere"})
	raw, _ := json.Marshal(res.StructuredContent)
	if !strings.Contains(string(raw), `"sections":[]`) || !strings.Contains(string(raw), `"listings":[]`) {
		t.Errorf("empty guide = %s", raw)
	}
}

func TestFindPOIsTool(t *testing.T) {
	f := &fakePOIs{}
	opts := testOpts
	opts.POIs, opts.POI = f, poiSource
	cs := connect(t, opts)
	res, m := call(t, cs, "find_pois", map[string]any{"city": "chengdu", "category": "attractions", "latitude": 30.66, "longitude": 104.07})
	if res.IsError {
		t.Fatalf("error result: %v", m)
	}
	if want := (POIQuery{City: "chengdu", Center: orchestrator.GeoPoint{Lat: 30.66, Lon: 104.07}, RadiusM: 8000, Limit: 60}); f.calls[0] != want {
		t.Errorf("finder called with %+v, want %+v", f.calls[0], want)
	}
	if m["category"] != "attractions" || len(m["attractions"].([]any)) != 1 || m["restaurants"] != nil {
		t.Errorf("output = %v", m)
	}
	p := m["provenance"].(map[string]any)
	if p["source"] != "test:pois" || p["ttl"] != float64(168*3600) || p["attribution"].(map[string]any)["license"] != "ODbL 1.0" {
		t.Errorf("provenance = %v", p)
	}

	res, m = call(t, cs, "find_pois", map[string]any{"city": "chengdu", "category": "Restaurants", "latitude": 30.66, "longitude": 104.07,
		"radius_m": 25000, "limit": 200, "lang": "EN"})
	if res.IsError {
		t.Fatalf("error result: %v", m)
	}
	if want := (POIQuery{City: "chengdu", Center: orchestrator.GeoPoint{Lat: 30.66, Lon: 104.07}, RadiusM: 25000, Limit: 200, Language: "en"}); f.calls[1] != want {
		t.Errorf("finder called with %+v, want %+v", f.calls[1], want)
	}
	if m["category"] != "restaurants" || len(m["restaurants"].([]any)) != 1 || m["attractions"] != nil {
		t.Errorf("output = %v", m)
	}

	// Nothing found: the category's list is present and empty.
	f.none = true
	var raw []byte
	for _, cat := range []string{"restaurants", "attractions"} {
		res, _ := call(t, cs, "find_pois", map[string]any{"city": "x", "category": cat, "latitude": 0, "longitude": 0})
		raw, _ = json.Marshal(res.StructuredContent)
		if res.IsError || !strings.Contains(string(raw), `"`+cat+`":[]`) {
			t.Errorf("empty %s = %s", cat, raw)
		}
	}
	var out FindPOIsOutput
	if err := json.Unmarshal(raw, &out); err != nil || out.Category != "attractions" || out.Attractions == nil || out.Restaurants != nil {
		t.Errorf("round trip: %+v, %v", out, err)
	}
}

func TestGuideAndPOIsInvalid(t *testing.T) {
	g, f := &fakeGuides{}, &fakePOIs{}
	opts := testOpts
	opts.Guides, opts.Guide, opts.POIs, opts.POI = g, guideSource, f, poiSource
	cs := connect(t, opts)
	poi := func(kv ...any) map[string]any {
		m := map[string]any{"city": "chengdu", "category": "attractions", "latitude": 30.66, "longitude": 104.07}
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i+1] == nil {
				delete(m, kv[i].(string))
			} else {
				m[kv[i].(string)] = kv[i+1]
			}
		}
		return m
	}
	tests := []struct {
		tool string
		args map[string]any
	}{
		{"destination_guide", map[string]any{}},
		{"destination_guide", map[string]any{"city": " "}},
		{"destination_guide", map[string]any{"city": strings.Repeat("x", 101)}},
		{"destination_guide", map[string]any{"city": "paris", "lang": "fr"}},
		{"destination_guide", map[string]any{"city": "paris", "latitude": 48.8}},
		{"destination_guide", map[string]any{"city": "paris", "latitude": 91, "longitude": 2}},
		{"destination_guide", map[string]any{"city": "paris", "latitude": 48, "longitude": 181}},
		{"destination_guide", map[string]any{"city": "paris", "country": "fr"}},
		{"destination_guide", map[string]any{"city": 7}},
		{"find_pois", poi("category", "hotels")},
		{"find_pois", poi("category", nil)},
		{"find_pois", poi("latitude", nil)},
		{"find_pois", poi("latitude", 90.5)},
		{"find_pois", poi("longitude", -180.5)},
		{"find_pois", poi("latitude", "30.6")},
		{"find_pois", poi("city", "")},
		{"find_pois", poi("radius_m", 25001)},
		{"find_pois", poi("radius_m", 50)},
		{"find_pois", poi("radius_m", -5)},
		{"find_pois", poi("limit", 201)},
		{"find_pois", poi("limit", -1)},
		{"find_pois", poi("lang", "english")},
		{"find_pois", poi("kind", "attractions")},
	}
	for _, tt := range tests {
		res, m := call(t, cs, tt.tool, tt.args)
		wantError(t, res, m, "invalid_argument", false)
	}
	if len(g.calls) != 0 || len(f.calls) != 0 {
		t.Errorf("providers called %d and %d times with invalid arguments", len(g.calls), len(f.calls))
	}
}

func TestGuideAndPOIsErrors(t *testing.T) {
	notFound := &orchestrator.UpstreamError{Type: "not_found", Message: `no Wikivoyage guide found for "atlantis"`, Provider: "wikivoyage"}
	limited := &orchestrator.UpstreamError{Type: "rate_limited", Message: "all query slots of this client are busy", Retryable: true, Provider: "overpass"}
	opts := testOpts
	opts.Guides, opts.Guide = &fakeGuides{err: notFound}, guideSource
	opts.POIs, opts.POI = &fakePOIs{err: limited}, poiSource
	cs := connect(t, opts)
	res, m := call(t, cs, "destination_guide", map[string]any{"city": "atlantis"})
	wantError(t, res, m, "not_found", false)
	if m["message"] != notFound.Message || m["provider"] != "wikivoyage" {
		t.Errorf("error = %v", m)
	}
	res, m = call(t, cs, "find_pois", map[string]any{"city": "chengdu", "category": "restaurants", "latitude": 30.66, "longitude": 104.07})
	wantError(t, res, m, "rate_limited", true)
}

type scriptedGeocoder struct {
	err   error
	calls int
	name  string
}

func (g *scriptedGeocoder) Geocode(_ context.Context, name, language string, count int) ([]orchestrator.Place, error) {
	g.calls++
	if g.err != nil {
		return nil, g.err
	}
	return []orchestrator.Place{{Name: g.name}}, nil
}

func TestGeocodeFallback(t *testing.T) {
	ue := func(typ string, retryable bool) error {
		return &orchestrator.UpstreamError{Type: typ, Message: typ + " from the primary", Retryable: retryable, Provider: "open-meteo"}
	}
	fallbackSrc := Source{Name: "test:nominatim", TTL: 14 * 24 * time.Hour, Attribution: &orchestrator.Attribution{Text: "© OpenStreetMap contributors"}}
	tests := []struct {
		name         string
		primary      error
		fallback     error
		wantFallback bool   // the fallback is asked
		wantSource   string // "" when the call fails
		wantType     string
	}{
		{"primary answers", nil, nil, false, "test:geocoding", ""},
		{"unavailable", ue("unavailable", true), nil, true, "test:nominatim", ""},
		{"timeout", ue("timeout", true), nil, true, "test:nominatim", ""},
		{"rate limited", ue("rate_limited", true), nil, true, "test:nominatim", ""},
		{"not found", ue("not_found", false), nil, true, "test:nominatim", ""},
		{"bad response is not retried elsewhere", ue("bad_response", false), nil, false, "", "bad_response"},
		{"invalid argument", ue("invalid_argument", false), nil, false, "", "invalid_argument"},
		{"both fail: the primary's error", ue("not_found", false), &orchestrator.UpstreamError{Type: "not_found", Message: "nominatim too"}, true, "", "not_found"},
		{"fallback down", ue("unavailable", true), &orchestrator.UpstreamError{Type: "rate_limited", Retryable: true}, true, "", "unavailable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &scriptedGeocoder{err: tt.primary, name: "primary"}
			f := &scriptedGeocoder{err: tt.fallback, name: "fallback"}
			opts := testOpts
			opts.Geocoder, opts.GeocodeFallback, opts.GeocodingFallback = p, f, fallbackSrc
			res, m := call(t, connect(t, opts), "geocode", map[string]any{"name": "Chengdu"})
			if (f.calls > 0) != tt.wantFallback {
				t.Errorf("fallback called %d times, want called %v", f.calls, tt.wantFallback)
			}
			if tt.wantType != "" {
				wantError(t, res, m, tt.wantType, tt.wantType == "unavailable")
				if !strings.Contains(m["message"].(string), "primary") {
					t.Errorf("message = %v, want the primary's", m["message"])
				}
				return
			}
			if res.IsError {
				t.Fatalf("error result %v", m)
			}
			if src := m["provenance"].(map[string]any)["source"]; src != tt.wantSource {
				t.Errorf("source = %v, want %s", src, tt.wantSource)
			}
		})
	}
}

func TestFindPOIsArea(t *testing.T) {
	f := &fakePOIs{}
	opts := testOpts
	opts.POIs, opts.POI = f, poiSource
	cs := connect(t, opts)
	res, m := call(t, cs, "find_pois", map[string]any{"city": "chengdu", "category": "attractions", "latitude": 30.66, "longitude": 104.07,
		"bbox": "30.6, 104.0,30.7,104.1"})
	if res.IsError {
		t.Fatalf("error result: %v", m)
	}
	if b := f.calls[0].BBox; b == nil || *b != (orchestrator.BBox{South: 30.6, West: 104.0, North: 30.7, East: 104.1}) {
		t.Errorf("finder called with bbox %+v", b)
	}
	for _, bad := range []string{"30.6,104.0,30.7", "north,104,30.7,104.1", "30.7,104.0,30.6,104.1", "29,104,31,104.1"} {
		res, m := call(t, cs, "find_pois", map[string]any{"city": "chengdu", "category": "attractions", "latitude": 30.66, "longitude": 104.07, "bbox": bad})
		raw, _ := json.Marshal(m)
		if !res.IsError || !strings.Contains(string(raw), "invalid_argument") || !strings.Contains(string(raw), "bbox") {
			t.Errorf("bbox %q: %s", bad, raw)
		}
	}
}
