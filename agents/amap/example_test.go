package amap_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/tripweave/tripweave/agents/amap"
	"github.com/tripweave/tripweave/orchestrator"
)

func ExampleClient_Geocode() {
	// A stand-in for restapi.amap.com: strings everywhere, [] for empty
	// values, GCJ-02 coordinates.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"status":"1","info":"OK","infocode":"10000","count":"1","geocodes":[{"formatted_address":"四川省成都市武侯区武侯祠大街231号",`+
			`"country":"中国","province":"四川省","city":"成都市","district":"武侯区","township":[],"adcode":"510107","location":"104.050065,30.643340","level":"门牌号"}]}`)
	}))
	defer srv.Close()

	c, err := amap.New(amap.Options{URL: srv.URL, Key: "example"})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := c.Geocode(context.Background(), "成都市武侯祠大街231号", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g[0].Adcode, g[0].Level, g[0].Location) // WGS-84
	// Output:
	// 510107 门牌号 {30.6458 104.0476}
}

func ExampleToGCJ02() {
	wgs := orchestrator.GeoPoint{Lat: 39.915, Lon: 116.404} // Tiananmen
	gcj := amap.ToGCJ02(wgs)
	back := amap.ToWGS84(gcj)
	fmt.Printf("%.6f,%.6f → %.6f,%.6f → %.6f,%.6f\n", wgs.Lat, wgs.Lon, gcj.Lat, gcj.Lon, back.Lat, back.Lon)
	// Output:
	// 39.915000,116.404000 → 39.916404,116.410244 → 39.915000,116.404000
}
