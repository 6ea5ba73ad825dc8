package wikivoyage

import (
	"encoding/json"
	"strconv"
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

// BenchmarkParsePrice measures the price parser on typical listing prices;
// the "decimal" case is a baseline that only converts a bare number with
// strconv, to show what the tokenizer costs on top.
func BenchmarkParsePrice(b *testing.B) {
	texts := []string{"¥40–80 per person", "Dorm beds from ¥45, doubles from ¥160", "US$ 15", "1.500 Ft",
		"Dorms from 150 CNY, doubles 300", "人均40–80元", "Call for rates", "Free entry"}
	b.Run("listing prices", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, t := range texts {
				ParsePrice(t, "CNY")
			}
		}
	})
	b.Run("decimal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for range texts {
				if _, err := strconv.ParseFloat("160", 64); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
