package overpass_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/tripweave/tripweave/agents/overpass"
	"github.com/tripweave/tripweave/orchestrator"
)

func ExampleClient_Restaurants() {
	// A stand-in for an Overpass interpreter answering in its format.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"version":0.6,"generator":"Overpass API","elements":[
			{"type":"node","id":1,"lat":30.6689,"lon":104.0623,"tags":{"amenity":"restaurant","name":"陈麻婆豆腐",
			 "name:en":"Chen Mapo Tofu","cuisine":"sichuan;chinese","opening_hours":"Mo-Su 11:00-21:00"}},
			{"type":"way","id":2,"center":{"lat":30.6622,"lon":104.0598},"tags":{"amenity":"cafe","name":"茶馆"}}]}`)
	}))
	defer srv.Close()

	c := overpass.New(overpass.Options{URL: srv.URL})
	rs, err := c.Restaurants(context.Background(), overpass.Search{
		City: "chengdu", Center: orchestrator.GeoPoint{Lat: 30.66, Lon: 104.07}, Language: "en",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rs {
		fmt.Println(r.ID, r.Name, r.Cuisines, r.Hours)
	}
	// Output:
	// osm:node/1 Chen Mapo Tofu [sichuan chinese] [{[] 11:00 21:00}]
	// osm:way/2 茶馆 [] []
}
