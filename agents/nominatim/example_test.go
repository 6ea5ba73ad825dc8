package nominatim_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/tripweave/tripweave/agents/nominatim"
)

func ExampleClient_Geocode() {
	// A stand-in for nominatim.openstreetmap.org/search (jsonv2): note the
	// coordinates as strings.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("q") != "Leshan" {
			fmt.Fprint(w, `[]`)
			return
		}
		fmt.Fprint(w, `[{"place_id":1,"osm_type":"relation","osm_id":2110357,"lat":"29.5521","lon":"103.7658",
			"category":"boundary","type":"administrative","name":"Leshan","display_name":"Leshan, Sichuan, China",
			"address":{"city":"Leshan","state":"Sichuan","country":"China","country_code":"cn"}}]`)
	}))
	defer srv.Close()

	c := nominatim.New(nominatim.Options{URL: srv.URL})
	places, err := c.Geocode(context.Background(), "Leshan", "en", 1)
	fmt.Println(places[0].Name, places[0].Admin1, places[0].CountryCode, places[0].Latitude, places[0].SourceID, err)
	_, err = c.Geocode(context.Background(), "Atlantis", "en", 1)
	fmt.Println(err)
	// Output:
	// Leshan Sichuan CN 29.5521 osm:relation/2110357 <nil>
	// nominatim: not_found: no place named "Atlantis" found
}
