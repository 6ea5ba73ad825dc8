package wikivoyage

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// FuzzParseListings checks that the listing parser and the text converter
// never panic and keep their promises on any input: listings have a name
// and a known type, coordinates are in range, text is valid UTF-8 without
// template markup of its own, and the result is deterministic. The seed
// corpus is in testdata/fuzz/FuzzParseListings; run with
//
//	go test ./agents/wikivoyage -run '^$' -fuzz FuzzParseListings -fuzztime 20s
func FuzzParseListings(f *testing.F) {
	for _, s := range []string{
		"* {{see | name=A | lat=1 | long=2 | content=x [[y|z]] {{lang|zh|w}} }}",
		"{{listing|type=eat|name=B}} trailing {{do|name=C|url=www.c.org}}",
		"{{see|name={{{name}}}|content={{see|name=inner}}}}",
		"{{sleep\n|name=D<!-- c -->\n|checkin=14:00\n|checkout=}}\n==Eat==\n{{eat|name=E",
		"[[{{}}]]{{[[|]]}}}}{{{{{|}}}}}",
		"<nowiki>{{see|name=F}}</nowiki>{{see|name=G<ref>{{see|name=H}}</ref>}}",
		"===Budget===\n{{eat|name=I}}\n====x====\n{{see|name=J}}\n===中档===\n{{sleep|name=K}}\n==Drink==\n{{drink|name=L}}",
	} {
		f.Add(s, "see")
	}
	types := map[string]bool{}
	for _, t := range listingTypes {
		types[t] = true
	}
	f.Fuzz(func(t *testing.T, wikitext, section string) {
		got := ParseListings(wikitext, section)
		for _, l := range got {
			if l.Name == "" || !types[l.Type] {
				t.Fatalf("listing with name %q, type %q", l.Name, l.Type)
			}
			if p := l.Location; p != nil && (p.Lat < -90 || p.Lat > 90 || p.Lon < -180 || p.Lon > 180 || p.Lat != p.Lat || p.Lon != p.Lon) {
				t.Fatalf("listing %q at %v", l.Name, *p)
			}
			for _, s := range []string{l.Name, l.Alt, l.Address, l.Directions, l.Phone, l.Hours, l.Price, l.URL, l.Description} {
				if !utf8.ValidString(s) {
					t.Fatalf("invalid UTF-8 in %q", s)
				}
			}
			if l.URL != "" && !strings.HasPrefix(l.URL, "http://") && !strings.HasPrefix(l.URL, "https://") {
				t.Fatalf("url %q", l.URL)
			}
			if l.Tier != "" && (!slices.Contains(orchestrator.PriceTiers, l.Tier) || !tieredTypes[l.Type]) {
				t.Fatalf("listing %q of type %s has tier %q", l.Name, l.Type, l.Tier)
			}
		}
		if again := ParseListings(wikitext, section); !reflect.DeepEqual(got, again) {
			t.Fatalf("not deterministic:\n%+v\n%+v", got, again)
		}
		text := plainText(wikitext)
		if !utf8.ValidString(text) {
			t.Fatalf("plainText gave invalid UTF-8: %q", text)
		}
		if slow := finish(inline(clean(wikitext), 0)); text != slow {
			t.Fatalf("plainText's fast path gave %q, the full conversion %q", text, slow)
		}
		_ = geoOf(wikitext)
		_ = guideSections(mustSections(wikitext), prose)
	})
}

func mustSections(s string) []section {
	_, secs := splitSections(clean(s), inlineText)
	return secs
}
