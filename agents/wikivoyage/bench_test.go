package wikivoyage

import (
	"encoding/json"
	"testing"

	"github.com/tripweave/tripweave/agents/wikivoyage/wikivoyagetest"
)

// BenchmarkDecodeGuide measures the decode path of one action=parse answer:
// JSON, wikitext split into sections, prose to plain text, listings parsed.
func BenchmarkDecodeGuide(b *testing.B) {
	for _, name := range []string{"parse_chengdu_en.json", "parse_chengdu_zh.json"} {
		body := wikivoyagetest.Fixture(b, name)
		c := New(Options{})
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				var r parseResponse
				if err := json.Unmarshal(body, &r); err != nil {
					b.Fatal(err)
				}
				text, err := wikitextOf(r.Parse.Wikitext)
				if err != nil {
					b.Fatal(err)
				}
				g, _ := c.build(&article{lang: "en", title: r.Parse.Title, revision: r.Parse.RevID, wikitext: text})
				if len(g.Listings) == 0 {
					b.Fatal("no listings")
				}
			}
		})
	}
}

// BenchmarkParseListings measures the listing parser alone on a whole
// article's wikitext.
func BenchmarkParseListings(b *testing.B) {
	var r parseResponse
	if err := json.Unmarshal(wikivoyagetest.Fixture(b, "parse_chengdu_en.json"), &r); err != nil {
		b.Fatal(err)
	}
	text, _ := wikitextOf(r.Parse.Wikitext)
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if len(ParseListings(text, "")) == 0 {
			b.Fatal("no listings")
		}
	}
}
