// Command record refreshes the Duffel fixtures in agents/duffel/testdata
// from the live API. It needs the internet and a token (a test token,
// "duffel_test_…", is enough and books nothing), so run it by hand:
//
//	DUFFEL_TOKEN=duffel_test_… go run ./agents/duffel/cmd/record -date 2026-09-12
//	go test ./agents/duffel/... ./agents/traveltools/
//
// It records a PVG→CTU search for 2 adults and a child of 10 on -date, a
// search 340 days out (beyond airline schedules: no offers), a search in the
// past (422), a search with a wrong token (401) and two place lookups, one
// request every 2 s. error_429.json cannot be provoked politely and stays as
// reconstructed. The tests and duffeltest.Searches name the fixture dates
// and the offers' values: update them with the recording, and note that
// test-mode offers come from "Duffel Airways" (ZZ).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/tripweave/tripweave/agents/duffel"
	"github.com/tripweave/tripweave/agents/upstream"
)

func main() {
	dir := flag.String("dir", filepath.Join("agents", "duffel", "testdata"), "fixture directory")
	root := flag.String("url", duffel.DefaultURL, "API root")
	date := flag.String("date", time.Now().AddDate(0, 0, 11).Format("2006-01-02"), "departure date of the search with offers")
	flag.Parse()
	token := os.Getenv("DUFFEL_TOKEN")
	if token == "" {
		log.Fatal("set DUFFEL_TOKEN")
	}
	if err := record(context.Background(), *dir, *root, token, *date); err != nil {
		log.Fatal(err)
	}
}

type fixture struct {
	file, method, path, token, body string
}

func search(date string) string {
	return fmt.Sprintf(`{"data":{"slices":[{"origin":"PVG","destination":"CTU","departure_date":%q}],"passengers":[{"type":"adult"},{"type":"adult"},{"age":10}],"cabin_class":"economy"}}`, date)
}

func record(ctx context.Context, dir, root, token, date string) error {
	const offers = "/air/offer_requests?return_offers=true&supplier_timeout=10000"
	far := time.Now().AddDate(0, 0, 340).Format("2006-01-02")
	fixtures := []fixture{
		{"offer_request_pvg_ctu.json", http.MethodPost, offers, token, search(date)},
		{"offer_request_empty.json", http.MethodPost, offers, token, search(far)},
		{"error_422.json", http.MethodPost, offers, token, search("2020-01-01")},
		{"error_401.json", http.MethodPost, offers, "duffel_test_not_a_token", search(date)},
		{"places_shanghai.json", http.MethodGet, "/places/suggestions?name=Shanghai", token, ""},
		{"places_chengdu.json", http.MethodGet, "/places/suggestions?name=chengdu", token, ""},
		{"places_empty.json", http.MethodGet, "/places/suggestions?name=Qxzvtlandia", token, ""},
	}
	client := &http.Client{Timeout: 60 * time.Second}
	for _, f := range fixtures {
		var body io.Reader
		if f.body != "" {
			body = bytes.NewBufferString(f.body)
		}
		req, err := http.NewRequestWithContext(ctx, f.method, root+f.path, body)
		if err != nil {
			return err
		}
		req.Header.Set("User-Agent", upstream.DefaultUserAgent)
		req.Header.Set("Authorization", "Bearer "+f.token)
		req.Header.Set("Duffel-Version", duffel.Version)
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			return fmt.Errorf("%s: %w", f.file, err)
		}
		b, err := io.ReadAll(io.LimitReader(resp.Body, duffel.DefaultMaxBody))
		resp.Body.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", f.file, err)
		}
		log.Printf("%s: HTTP %d, %d bytes", f.file, resp.StatusCode, len(b))
		if err := os.WriteFile(filepath.Join(dir, f.file), append(bytes.TrimSpace(b), '\n'), 0o644); err != nil {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	return nil
}
