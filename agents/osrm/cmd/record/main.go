// Command record refreshes the OSRM fixtures in agents/osrm/testdata from
// the public demo server. It needs the internet, so run it by hand on an
// online machine:
//
//	go run ./agents/osrm/cmd/record
//	go test ./agents/osrm/... ./agents/traveltools/
//
// It records the two tables of osrmtest.Routes and the InvalidQuery and
// TooBig errors, one request every 1.5 s (the demo allows one a second).
// The demo will not leave a cell null for Chengdu's panda base, so
// table_null.json is rewritten with that point's row and column set to
// null, as OSRM answers for an unreachable point. too_many_requests.json
// and no_table.json cannot be provoked politely and stay as reconstructed.
// Tests assert the recorded numbers: review the diff and update them.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tripweave/tripweave/agents/osrm/osrmtest"
	"github.com/tripweave/tripweave/agents/upstream"
)

func main() {
	dir := flag.String("dir", filepath.Join("agents", "osrm", "testdata"), "fixture directory")
	root := flag.String("url", "https://router.project-osrm.org", "OSRM server")
	flag.Parse()
	if err := record(context.Background(), *dir, strings.TrimRight(*root, "/")); err != nil {
		log.Fatal(err)
	}
}

func record(ctx context.Context, dir, root string) error {
	many := make([]string, 101)
	for i := range many {
		many[i] = fmt.Sprintf("104.%04d,30.6600", 500+i)
	}
	fixtures := map[string]string{
		"/table/v1/driving/104.0557,30.6703;nonsense?annotations=duration,distance": "invalid_query.json",
		"/table/v1/driving/" + strings.Join(many, ";") + "?annotations=duration":    "too_big.json",
	}
	for coords, file := range osrmtest.Routes {
		fixtures["/table/v1/driving/"+coords+"?annotations=duration,distance"] = file
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
		if file == "table_null.json" {
			if body, err = nullLast(body); err != nil {
				return fmt.Errorf("%s: %w", file, err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, file), append(bytes.TrimSpace(body), '\n'), 0o644); err != nil {
			return err
		}
		time.Sleep(1500 * time.Millisecond)
	}
	return nil
}

// nullLast sets the last point's row and column (but its diagonal) to null
// in both matrices, keeping every other field as recorded.
func nullLast(body []byte) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	for _, k := range []string{"durations", "distances"} {
		var t [][]*float64
		if err := json.Unmarshal(m[k], &t); err != nil {
			return nil, err
		}
		n := len(t)
		for i := range t {
			for j := range t[i] {
				if i != j && (i == n-1 || j == n-1) {
					t[i][j] = nil
				}
			}
		}
		b, err := json.Marshal(t)
		if err != nil {
			return nil, err
		}
		m[k] = b
	}
	return json.Marshal(m)
}
