// Command record refreshes the Overpass fixtures in agents/overpass/testdata
// from the live public interpreter. It needs the internet, so run it by
// hand on an online machine, then refresh the golden files:
//
//	go run ./agents/overpass/cmd/record -contact you@example.org
//	go test ./agents/overpass/ -update
//
// It sends the client's own queries (attractions, restaurants and lodging
// around Chengdu, and one around a point in the open ocean for
// empty.json), one at a time and 5 seconds apart, with an identifying
// User-Agent.
// remark_timeout.json is provoked with a query given [timeout:1] over a
// large area; check that its answer really carries a remark. The 429 and 504
// pages cannot be provoked politely and stay as reconstructed.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/overpass"
	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/orchestrator"
)

func main() {
	dir := flag.String("dir", filepath.Join("agents", "overpass", "testdata"), "fixture directory")
	endpoint := flag.String("url", overpass.DefaultURL, "interpreter URL")
	contact := flag.String("contact", "", "contact URL or e-mail for the User-Agent")
	flag.Parse()
	if *contact == "" {
		log.Fatal("record: -contact is required: public instances ask clients to identify themselves")
	}
	ua := fmt.Sprintf("tripweave-fixture-recorder/0.1 (%s) %s", *contact, upstream.DefaultUserAgent)
	c := overpass.New(overpass.Options{URL: *endpoint})
	chengdu := overpass.Search{City: "chengdu", Center: orchestrator.GeoPoint{Lat: 30.66, Lon: 104.07}, RadiusM: overpass.DefaultRadiusM}
	ocean := overpass.Search{City: "ocean", Center: orchestrator.GeoPoint{Lat: -45, Lon: -140}, RadiusM: overpass.DefaultRadiusM}
	fixtures := []struct{ file, query string }{
		{"attractions_chengdu.json", c.AttractionsQuery(chengdu)},
		{"restaurants_chengdu.json", c.RestaurantsQuery(chengdu)},
		{"lodging_chengdu.json", c.LodgingQuery(chengdu)},
		{"empty.json", c.AttractionsQuery(ocean)},
		{"remark_timeout.json", `[out:json][timeout:1];nwr["building"](35,100,45,120);out center tags;`},
	}
	client := &http.Client{Timeout: 60 * time.Second}
	for i, f := range fixtures {
		if i > 0 {
			time.Sleep(5 * time.Second)
		}
		if err := record(context.Background(), client, *endpoint, ua, filepath.Join(*dir, f.file), f.query); err != nil {
			log.Fatal(err)
		}
	}
}

func record(ctx context.Context, client *http.Client, endpoint, ua, path, query string) error {
	form := url.Values{"data": {query}}.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("User-Agent", ua)
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, overpass.DefaultMaxBody))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	log.Printf("%s: HTTP %d, %d bytes", path, resp.StatusCode, len(body))
	return os.WriteFile(path, body, 0o644)
}
