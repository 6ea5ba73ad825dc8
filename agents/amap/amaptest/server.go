// Package amaptest replays the recorded Amap responses in agents/amap/testdata
// from an httptest server, for tests of the client and of the tools built on
// it. It reads the fixtures from the source tree, so it works only where the
// module's source is present.
package amaptest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/internal/replay"
)

// Key is the key the Server accepts.
const Key = "amaptest-key"

// Positions of the fixtures: WGS-84 as the callers send them, GCJ-02
// ("lng,lat") as Amap receives them.
const (
	KuanzhaiLat, KuanzhaiLon = 30.6703, 104.0557
	WuhouciLat, WuhouciLon   = 30.6458, 104.0476
	ChunxiLat, ChunxiLon     = 30.6573, 104.0805
	SeaLat, SeaLon           = 30.0, 125.0 // the East China Sea: no road

	KuanzhaiGCJ = "104.058187,30.667867"
	WuhouciGCJ  = "104.050065,30.643340"
	ChunxiGCJ   = "104.083030,30.654895"
	SeaGCJ      = "125.004665,29.997603"
)

// City centres of the intercity fixtures (成都 → 重庆, 成都 → 德阳), WGS-84
// and GCJ-02.
const (
	ChengduLat, ChengduLon     = 30.5728, 104.0668
	ChongqingLat, ChongqingLon = 29.5630, 106.5516
	DeyangLat, DeyangLon       = 31.1270, 104.3979

	ChengduGCJ = "104.069305,30.570346"
	// GeocodedChengduGCJ is Open-Meteo's Chengdu (30.66667, 104.06667).
	GeocodedChengduGCJ = "104.069180,30.664254"
	ChongqingGCJ       = "106.555318,29.560151"
	DeyangGCJ          = "104.400582,31.124859"
)

// Dir returns the fixture directory, agents/amap/testdata.
func Dir() string { return replay.TestdataDir() }

// Fixture returns the named fixture's bytes, failing t if it is missing.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	return replay.ReadFixture(t, Dir(), name)
}

// Routes maps "path?param=value&…" (the parameters that select an answer,
// sorted) to its fixture. An around search is looked up by location,
// page_num and types first, then by location alone.
var Routes = map[string]string{
	"/v3/place/text?city=成都&keywords=火锅":                                                             "place_text_hotpot.json",
	"/v3/place/text?city=510100&keywords=火锅":                                                         "place_text_hotpot.json",
	"/v3/place/text?city=成都&keywords=不存在的地方xyz":                                                      "place_text_empty.json",
	"/v5/place/around?location=" + KuanzhaiGCJ:                                                       "place_around_v5_kuanzhai.json",
	"/v3/weather/weatherInfo?city=510100&extensions=all":                                             "weather_all_chengdu.json",
	"/v3/weather/weatherInfo?city=510100&extensions=base":                                            "weather_base_chengdu.json",
	"/v3/geocode/geo?address=成都":                                                                     "geocode_chengdu.json",
	"/v3/geocode/geo?address=成都市":                                                                    "geocode_chengdu.json",
	"/v3/geocode/geo?address=成都市武侯祠大街231号":                                                           "geocode_wuhouci.json",
	"/v3/geocode/geo?address=不存在的地方xyz":                                                              "geocode_empty.json",
	"/v3/direction/driving?destination=" + ChunxiGCJ + "&origin=" + KuanzhaiGCJ:                      "driving_v3.json",
	"/v3/direction/driving?destination=" + SeaGCJ + "&origin=" + KuanzhaiGCJ:                         "driving_no_route.json",
	"/v3/direction/walking?destination=" + WuhouciGCJ + "&origin=" + KuanzhaiGCJ:                     "walking_v3.json",
	"/v3/direction/transit/integrated?city=成都&destination=" + WuhouciGCJ + "&origin=" + KuanzhaiGCJ:  "transit_v3.json",
	"/v3/direction/transit/integrated?city=028&destination=" + WuhouciGCJ + "&origin=" + KuanzhaiGCJ: "transit_v3.json",

	// The catalog tools: sights, food and lodging around a point, by page.
	"/v5/place/around?location=" + WuhouciGCJ + "&page_num=1&types=" + amap.TypesAttractions: "place_around_v5_sights_wuhouci.json",
	"/v5/place/around?location=" + KuanzhaiGCJ + "&page_num=1&types=" + amap.TypesFood:       "place_around_v5_food_kuanzhai.json",
	"/v5/place/around?location=" + ChunxiGCJ + "&page_num=1&types=" + amap.TypesLodging:      "place_around_v5_hotels_p1.json",
	"/v5/place/around?location=" + ChunxiGCJ + "&page_num=2&types=" + amap.TypesLodging:      "place_around_v5_hotels_p2.json",
	"/v5/place/around?location=" + SeaGCJ + "&page_num=1&types=" + amap.TypesAttractions:     "place_around_v5_empty.json",
	"/v5/place/around?location=" + SeaGCJ + "&page_num=1&types=" + amap.TypesFood:            "place_around_v5_empty.json",
	"/v5/place/around?location=" + SeaGCJ + "&page_num=1&types=" + amap.TypesLodging:         "place_around_v5_empty.json",
	// The same catalogs around Chengdu's centre as Open-Meteo's geocoder
	// places it (30.66667, 104.06667), for the orchestrator's end-to-end
	// tests.
	"/v5/place/around?location=" + GeocodedChengduGCJ + "&page_num=1&types=" + amap.TypesAttractions: "place_around_v5_sights_wuhouci.json",
	"/v5/place/around?location=" + GeocodedChengduGCJ + "&page_num=1&types=" + amap.TypesFood:        "place_around_v5_food_kuanzhai.json",
	"/v5/place/around?location=" + GeocodedChengduGCJ + "&page_num=1&types=" + amap.TypesLodging:     "place_around_v5_hotels_p1.json",
	"/v5/place/around?location=" + GeocodedChengduGCJ + "&page_num=2&types=" + amap.TypesLodging:     "place_around_v5_hotels_p2.json",
	// Intercity legs: cross-city transit (with trains) and driving.
	"/v3/direction/transit/integrated?city=成都&destination=" + ChongqingGCJ + "&origin=" + ChengduGCJ: "transit_chengdu_chongqing.json",
	"/v3/direction/transit/integrated?city=成都&destination=" + DeyangGCJ + "&origin=" + ChengduGCJ:    "transit_chengdu_deyang.json",
	"/v3/direction/driving?destination=" + ChongqingGCJ + "&origin=" + ChengduGCJ:                    "driving_chengdu_chongqing.json",
	// Legs named in English: the cities' codes from the reverse geocoder.
	"/v3/geocode/regeo?location=" + ChengduGCJ:                                                        "regeo_chengdu.json",
	"/v3/geocode/regeo?location=" + ChongqingGCJ:                                                      "regeo_chongqing.json",
	"/v3/geocode/regeo?location=" + SeaGCJ:                                                            "regeo_sea.json",
	"/v3/direction/transit/integrated?city=028&destination=" + ChongqingGCJ + "&origin=" + ChengduGCJ: "transit_chengdu_chongqing.json",
	"/v3/direction/driving?destination=" + DeyangGCJ + "&origin=" + ChengduGCJ:                        "driving_chengdu_deyang.json",
}

// selectors are the parameters that pick a fixture, per path; coarse are
// the leading ones a request falls back to when no fixture has them all.
var (
	selectors = map[string][]string{
		"/v3/place/text":                   {"city", "keywords"},
		"/v5/place/around":                 {"location", "page_num", "types"},
		"/v3/weather/weatherInfo":          {"city", "extensions"},
		"/v3/geocode/geo":                  {"address"},
		"/v3/geocode/regeo":                {"location"},
		"/v3/direction/driving":            {"destination", "origin"},
		"/v3/direction/walking":            {"destination", "origin"},
		"/v3/direction/transit/integrated": {"city", "destination", "origin"},
	}
	coarse = map[string]int{"/v5/place/around": 1}
)

// Server answers like restapi.amap.com from the fixtures, always with HTTP
// 200 as Amap does:
//
//   - a key other than Key → error_10001.json;
//   - a request in Routes → its fixture;
//   - anything else → HTTP 500 "no fixture", so a test never passes on an
//     answer nobody recorded.
type Server struct {
	*httptest.Server

	fixtures replay.Fixtures
	fails    replay.Failures
	requests replay.Recorder[string]
}

// NewServer starts a Server closed at the end of t.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{fixtures: replay.LoadFixtures(t, Dir(), ".json")}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// FailWith makes the next n requests (every later one when n ≤ 0) answer
// HTTP 200 with the named fixture, e.g. "error_10021.json".
func (s *Server) FailWith(t testing.TB, n int, fixture string) {
	s.Fail(n, http.StatusOK, string(Fixture(t, fixture)))
}

// FailPathWith is FailWith for the requests to path alone (e.g.
// "/v3/direction/driving"); other paths answer normally.
func (s *Server) FailPathWith(t testing.TB, path string, n int, fixture string) {
	s.fails.Set(path, n, replay.Failure{Status: http.StatusOK, Body: Fixture(t, fixture)})
}

// Fail makes the next n requests (every later one when n ≤ 0) answer status
// with body; n ≤ 0 with status 0 restores normal answers.
func (s *Server) Fail(n, status int, body string) {
	s.fails.Set("", n, replay.Failure{Status: status, Body: []byte(body)})
}

// Requests returns the path and query of every request served so far.
func (s *Server) Requests() []string { return s.requests.All() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.requests.Record(r.URL.RequestURI())
	w.Header().Set("Content-Type", "application/json;charset=utf-8")
	if s.fails.Serve(w, r) {
		return
	}
	q := r.URL.Query()
	if q.Get("key") != Key {
		s.fixtures.Write(w, http.StatusOK, "error_10001.json")
		return
	}
	key := func(sel []string) string {
		k := r.URL.Path + "?"
		for i, p := range sel {
			if i > 0 {
				k += "&"
			}
			k += p + "=" + q.Get(p)
		}
		return k
	}
	sel := selectors[r.URL.Path]
	name, ok := Routes[key(sel)]
	if n, has := coarse[r.URL.Path]; !ok && has {
		name, ok = Routes[key(sel[:n])]
	}
	if !ok {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"status":"0","info":"amaptest: no fixture for %s","infocode":"99999"}`, key(sel))
		return
	}
	s.fixtures.Write(w, http.StatusOK, name)
}
