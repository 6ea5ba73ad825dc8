// Command record refreshes the Wikivoyage fixtures in
// agents/wikivoyage/testdata from the live MediaWiki Action API. It needs
// the internet, so run it by hand on an online machine, then refresh the
// golden files:
//
//	go run ./agents/wikivoyage/cmd/record -contact you@example.org
//	go test ./agents/wikivoyage/ -update
//
// It makes one request at a time, a second apart, with a User-Agent naming
// the contact (Wikimedia's policy). maxlag.json is provoked with maxlag=-1,
// which always answers the maxlag error; ratelimited_429.html cannot be
// provoked politely and stays as reconstructed. Live articles change: after
// recording, check that the tests' expectations (listing counts, the
// Beijing district list) still hold, and adjust them or the fixtures.
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
	"time"

	"github.com/tripweave/tripweave/agents/upstream"
	"github.com/tripweave/tripweave/agents/wikivoyage"
)

type fixture struct {
	file, base string
	query      url.Values
}

func parse(page string) url.Values {
	return url.Values{"action": {"parse"}, "page": {page}, "prop": {"wikitext|revid"}, "redirects": {"1"},
		"format": {"json"}, "formatversion": {"2"}, "maxlag": {"5"}}
}

func main() {
	dir := flag.String("dir", filepath.Join("agents", "wikivoyage", "testdata"), "fixture directory")
	contact := flag.String("contact", "", "contact URL or e-mail for the User-Agent (required by Wikimedia)")
	flag.Parse()
	if *contact == "" {
		log.Fatal("record: -contact is required: Wikimedia blocks clients that cannot be reached")
	}
	ua := fmt.Sprintf("tripweave-fixture-recorder/0.1 (%s) %s", *contact, upstream.DefaultUserAgent)
	en, zh := wikivoyage.DefaultENURL, wikivoyage.DefaultZHURL
	fixtures := []fixture{
		{"parse_chengdu_en.json", en, parse("Chengdu")},
		{"parse_beijing_en.json", en, parse("Beijing")},
		{"parse_beijing_dongcheng_en.json", en, parse("Beijing/Dongcheng")},
		{"parse_beijing_xicheng_en.json", en, parse("Beijing/Xicheng")},
		{"parse_beijing_chaoyang_en.json", en, parse("Beijing/Chaoyang")},
		{"parse_beijing_haidian_en.json", en, parse("Beijing/Haidian")},
		{"parse_chengdu_zh.json", zh, parse("成都")},
		{"parse_missingtitle.json", en, parse("Qxzvtlandia")},
		{"extracts_chengdu_zh.json", zh, url.Values{"action": {"query"}, "titles": {"成都"}, "prop": {"extracts"}, "explaintext": {"1"},
			"exsectionformat": {"wiki"}, "redirects": {"1"}, "variant": {"zh-cn"}, "format": {"json"}, "formatversion": {"2"}, "maxlag": {"5"}}},
		{"langlinks_chengdu_en.json", en, url.Values{"action": {"query"}, "titles": {"Chengdu"}, "prop": {"langlinks"}, "lllang": {"zh"},
			"redirects": {"1"}, "format": {"json"}, "formatversion": {"2"}, "maxlag": {"5"}}},
		{"maxlag.json", en, url.Values{"action": {"query"}, "titles": {"Chengdu"}, "format": {"json"}, "formatversion": {"2"}, "maxlag": {"-1"}}},
	}
	client := &http.Client{Timeout: 30 * time.Second}
	for i, f := range fixtures {
		if i > 0 {
			time.Sleep(time.Second)
		}
		if err := record(context.Background(), client, ua, *dir, f); err != nil {
			log.Fatal(err)
		}
	}
}

func record(ctx context.Context, client *http.Client, ua, dir string, f fixture) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.base+"?"+f.query.Encode(), nil)
	if err != nil {
		return err
	}
	req.Header.Set("User-Agent", ua)
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", f.file, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, upstream.DefaultMaxBody))
	if err != nil {
		return fmt.Errorf("%s: %w", f.file, err)
	}
	log.Printf("%s: HTTP %d, %d bytes, MediaWiki-API-Error %q, Retry-After %q", f.file, resp.StatusCode, len(body),
		resp.Header.Get("MediaWiki-API-Error"), resp.Header.Get("Retry-After"))
	return os.WriteFile(filepath.Join(dir, f.file), append(body, '\n'), 0o644)
}
