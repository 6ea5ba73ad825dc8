// Command record refreshes the Frankfurter fixtures in
// agents/frankfurter/testdata from the live API. It needs the internet, so
// run it by hand on an online machine:
//
//	go run ./agents/frankfurter/cmd/record
//	go test ./agents/frankfurter/... ./agents/traveltools/
//
// It requests exactly frankfurtertest.Routes plus the two error answers, one
// request at a time. The latest_*.json answers then carry the day's date and
// rates, so tests that assert those values need the new numbers: review the
// diff before committing.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/frankfurter/frankfurtertest"
	"github.com/tripweave/tripweave/agents/upstream"
)

func main() {
	dir := flag.String("dir", filepath.Join("agents", "frankfurter", "testdata"), "fixture directory")
	root := flag.String("url", "https://api.frankfurter.dev", "API host (the fixtures' paths start with /v1)")
	flag.Parse()
	if err := record(context.Background(), *dir, strings.TrimRight(*root, "/")); err != nil {
		log.Fatal(err)
	}
}

func record(ctx context.Context, dir, root string) error {
	fixtures := map[string]string{
		"/v1/latest?base=XYZ":             "not_found.json",
		"/v1/latest?base=USD&symbols=USD": "bad_currency_pair.json",
	}
	for k, v := range frankfurtertest.Routes {
		fixtures[k] = v
	}
	client := &http.Client{Timeout: 30 * time.Second}
	for path, file := range fixtures {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, root+path, nil)
		if err != nil {
			return err
		}
		req.Header.Set("User-Agent", upstream.DefaultUserAgent)
		resp, err := client.Do(req)
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, upstream.DefaultMaxBody))
		resp.Body.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		log.Printf("%s: HTTP %d, %d bytes", file, resp.StatusCode, len(body))
		if err := os.WriteFile(filepath.Join(dir, file), append(body, '\n'), 0o644); err != nil {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
	return nil
}
