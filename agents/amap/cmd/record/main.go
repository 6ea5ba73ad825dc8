// Command record refreshes the Amap fixtures in agents/amap/testdata from
// the live API. It needs the internet and a Web Service key, so run it by
// hand on an online machine:
//
//	AMAP_KEY=… go run ./agents/amap/cmd/record
//	go test ./agents/amap/... ./agents/traveltools/
//
// It makes the requests amaptest.Routes describes (8 of the key's 100 daily
// POI searches, 14 other calls) plus one with a wrong key for
// error_10001.json, one every 600 ms. error_10003.json, error_10021.json and
// error_20003.json cannot be provoked politely and stay as reconstructed.
// Recorded coordinates and values differ from the reconstructed ones: the
// tests assert positions within a metre and exact fields, so update them
// with the recording.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/agents/amap/amaptest"
	"github.com/tripweave/tripweave/agents/upstream"
)

func main() {
	dir := flag.String("dir", filepath.Join("agents", "amap", "testdata"), "fixture directory")
	root := flag.String("url", amap.DefaultURL, "API host")
	flag.Parse()
	key := os.Getenv("AMAP_KEY")
	if key == "" {
		log.Fatal("set AMAP_KEY")
	}
	if err := record(context.Background(), *dir, *root, key); err != nil {
		log.Fatal(err)
	}
}

type fixture struct {
	file, path string
	query      url.Values
}

func record(ctx context.Context, dir, root, key string) error {
	trip := url.Values{"origin": {amaptest.KuanzhaiGCJ}}
	with := func(base url.Values, kv ...string) url.Values {
		q := url.Values{}
		for k, v := range base {
			q[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			q.Set(kv[i], kv[i+1])
		}
		return q
	}
	fixtures := []fixture{
		{"place_text_hotpot.json", "/v3/place/text", url.Values{"keywords": {"火锅"}, "city": {"成都"}, "citylimit": {"true"}, "offset": {"2"}, "page": {"1"}, "extensions": {"all"}}},
		{"place_text_empty.json", "/v3/place/text", url.Values{"keywords": {"不存在的地方xyz"}, "city": {"成都"}, "citylimit": {"true"}, "offset": {"10"}, "page": {"1"}, "extensions": {"all"}}},
		{"place_around_v5_kuanzhai.json", "/v5/place/around", url.Values{"location": {amaptest.KuanzhaiGCJ}, "radius": {"500"}, "types": {"110000|140000"},
			"sortrule": {"distance"}, "page_size": {"2"}, "page_num": {"1"}, "show_fields": {"business,photos"}}},
		{"weather_all_chengdu.json", "/v3/weather/weatherInfo", url.Values{"city": {"510100"}, "extensions": {"all"}}},
		{"weather_base_chengdu.json", "/v3/weather/weatherInfo", url.Values{"city": {"510100"}, "extensions": {"base"}}},
		{"geocode_chengdu.json", "/v3/geocode/geo", url.Values{"address": {"成都"}}},
		{"geocode_wuhouci.json", "/v3/geocode/geo", url.Values{"address": {"成都市武侯祠大街231号"}}},
		{"geocode_empty.json", "/v3/geocode/geo", url.Values{"address": {"不存在的地方xyz"}}},
		{"regeo_chengdu.json", "/v3/geocode/regeo", url.Values{"location": {amaptest.ChengduGCJ}}},
		{"regeo_chongqing.json", "/v3/geocode/regeo", url.Values{"location": {amaptest.ChongqingGCJ}}},
		{"regeo_sea.json", "/v3/geocode/regeo", url.Values{"location": {amaptest.SeaGCJ}}},
		{"driving_v3.json", "/v3/direction/driving", with(trip, "destination", amaptest.ChunxiGCJ, "strategy", "0", "extensions", "base")},
		{"driving_no_route.json", "/v3/direction/driving", with(trip, "destination", amaptest.SeaGCJ, "strategy", "0", "extensions", "base")},
		{"walking_v3.json", "/v3/direction/walking", with(trip, "destination", amaptest.WuhouciGCJ)},
		{"transit_v3.json", "/v3/direction/transit/integrated", with(trip, "destination", amaptest.WuhouciGCJ, "city", "成都", "strategy", "0", "nightflag", "0")},
		{"error_10001.json", "/v3/geocode/geo", url.Values{"address": {"成都"}, "key": {"not-a-key"}}},
	}
	// The catalog tools' searches (amap_find_pois, amap_find_hotels) and
	// intercity legs (amap_transport_options), as the tools send them.
	around := func(loc, types, page string) url.Values {
		return url.Values{"location": {loc}, "radius": {"8000"}, "types": {types}, "sortrule": {amap.SortWeight},
			"page_size": {strconv.Itoa(amap.MaxPageSize)}, "page_num": {page}, "show_fields": {"business,photos"}}
	}
	leg := func(from, to, city, cityTo string) url.Values {
		return url.Values{"origin": {from}, "destination": {to}, "city": {city}, "cityd": {cityTo}, "strategy": {"0"}, "nightflag": {"0"}, "extensions": {"all"}}
	}
	fixtures = append(fixtures,
		fixture{"place_around_v5_sights_wuhouci.json", "/v5/place/around", around(amaptest.WuhouciGCJ, amap.TypesAttractions, "1")},
		fixture{"place_around_v5_food_kuanzhai.json", "/v5/place/around", around(amaptest.KuanzhaiGCJ, amap.TypesFood, "1")},
		fixture{"place_around_v5_hotels_p1.json", "/v5/place/around", around(amaptest.ChunxiGCJ, amap.TypesLodging, "1")},
		fixture{"place_around_v5_hotels_p2.json", "/v5/place/around", around(amaptest.ChunxiGCJ, amap.TypesLodging, "2")},
		fixture{"place_around_v5_empty.json", "/v5/place/around", around(amaptest.SeaGCJ, amap.TypesFood, "1")},
		fixture{"transit_chengdu_chongqing.json", "/v3/direction/transit/integrated", leg(amaptest.ChengduGCJ, amaptest.ChongqingGCJ, "成都", "重庆")},
		fixture{"transit_chengdu_deyang.json", "/v3/direction/transit/integrated", leg(amaptest.ChengduGCJ, amaptest.DeyangGCJ, "成都", "德阳")},
		fixture{"driving_chengdu_chongqing.json", "/v3/direction/driving", url.Values{"origin": {amaptest.ChengduGCJ}, "destination": {amaptest.ChongqingGCJ}, "strategy": {"0"}, "extensions": {"base"}}},
		fixture{"driving_chengdu_deyang.json", "/v3/direction/driving", url.Values{"origin": {amaptest.ChengduGCJ}, "destination": {amaptest.DeyangGCJ}, "strategy": {"0"}, "extensions": {"base"}}},
	)
	client := &http.Client{Timeout: 30 * time.Second}
	for _, f := range fixtures {
		q := f.query
		if q.Get("key") == "" {
			q.Set("key", key)
		}
		q.Set("output", "JSON")
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, root+f.path+"?"+q.Encode(), nil)
		if err != nil {
			return err
		}
		req.Header.Set("User-Agent", upstream.DefaultUserAgent)
		resp, err := client.Do(req)
		if err != nil {
			return fmt.Errorf("%s: request failed", f.file) // the URL holds the key: do not print it
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, upstream.DefaultMaxBody))
		resp.Body.Close()
		if err != nil {
			return fmt.Errorf("%s: reading the answer failed", f.file)
		}
		log.Printf("%s: HTTP %d, %d bytes", f.file, resp.StatusCode, len(body))
		if err := os.WriteFile(filepath.Join(dir, f.file), append(bytes.TrimSpace(body), '\n'), 0o644); err != nil {
			return err
		}
		time.Sleep(600 * time.Millisecond)
	}
	return nil
}
