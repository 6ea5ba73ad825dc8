package wikivoyage

import (
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// MaxDescriptionRunes caps a listing's description.
const MaxDescriptionRunes = 2000

// listingTemplates maps listing template names to their type; "" means the
// type comes from the template's type= parameter ({{listing}}, {{vcard}}).
var listingTemplates = map[string]string{
	"see": orchestrator.ListingSee, "do": orchestrator.ListingDo, "buy": orchestrator.ListingBuy,
	"eat": orchestrator.ListingEat, "drink": orchestrator.ListingDrink, "sleep": orchestrator.ListingSleep,
	"go": orchestrator.ListingGo, "listing": "", "vcard": "",
}

// listingTypes are the values a type= parameter may take.
var listingTypes = map[string]string{
	"see": orchestrator.ListingSee, "do": orchestrator.ListingDo, "buy": orchestrator.ListingBuy,
	"eat": orchestrator.ListingEat, "drink": orchestrator.ListingDrink, "sleep": orchestrator.ListingSleep,
	"go": orchestrator.ListingGo, "other": orchestrator.ListingOther, "listing": orchestrator.ListingOther,
}

// ParseListings returns the listings of a piece of Wikivoyage wikitext (an
// article or one of its sections), in order: every {{see}}, {{do}},
// {{buy}}, {{eat}}, {{drink}}, {{sleep}}, {{go}} and {{listing|type=…}}
// (or {{vCard}}) template with a name. Parameters may come in any order and
// over several lines, and values may hold nested templates and links; the
// text fields are returned as plain text. Coordinates that are blank,
// malformed or out of range are left out. A listing whose type is missing
// or unknown is of the section's type when section is a listing type (see,
// eat…), else ListingOther. An eat, drink or sleep listing under a
// sub-section heading that names a price tier ("===Budget===",
// "===Mid-range===", "===Splurge===", "===经济===", "===高档===" and their
// variants, see HeadingTier) gets that Tier; deeper headings keep it and a
// heading of the same level replaces it. ParseListings never panics,
// whatever its input.
func ParseListings(wikitext, section string) []orchestrator.Listing {
	s := clean(wikitext)
	var out []orchestrator.Listing
	nodes := scan(s)
	tiers := tierCursor{m: headingTiers(s, nodes)}
	for _, n := range nodes {
		if n.kind != templateNode {
			continue
		}
		t := parseTemplate(s[n.start:n.end])
		typ, ok := listingTemplates[t.Name]
		if !ok {
			continue
		}
		l, ok := listing(t, typ, section)
		if !ok {
			continue
		}
		if l.Description == "" {
			l.Description = trailingDescription(s[n.end:])
		}
		if tier := tiers.at(n.start); tieredTypes[l.Type] {
			l.Tier = tier
		}
		out = append(out, l)
	}
	return out
}

// stripListings removes the listing templates of wikitext, each with the
// rest of its line (an old-style description), leaving the prose.
func stripListings(wikitext string) string {
	var b strings.Builder
	b.Grow(len(wikitext))
	skipLine := false
	for _, n := range scan(wikitext) {
		raw := wikitext[n.start:n.end]
		if n.kind == templateNode && startsListing(raw) {
			skipLine = true
			continue
		}
		if skipLine {
			i := strings.IndexByte(raw, '\n')
			if i < 0 {
				continue
			}
			raw = raw[i:]
			skipLine = false
		}
		b.WriteString(raw)
	}
	return b.String()
}

// listing builds a Listing from a listing template; ok is false when it has
// no name.
func listing(t template, typ, section string) (orchestrator.Listing, bool) {
	field := func(names ...string) string {
		for _, n := range names {
			if v := t.get(n); strings.TrimSpace(v) != "" {
				return inlineText(v)
			}
		}
		return ""
	}
	l := orchestrator.Listing{Name: field("name")}
	if l.Name == "" {
		return l, false
	}
	if typ == "" {
		typ = listingTypes[strings.ToLower(strings.TrimSpace(inlineText(t.get("type"))))]
	}
	if typ == "" || typ == orchestrator.ListingOther {
		if st, ok := listingTypes[section]; ok {
			typ = st
		} else {
			typ = orchestrator.ListingOther
		}
	}
	l.Type = typ
	l.Alt = field("alt")
	l.Address = field("address")
	l.Directions = field("directions")
	l.Phone = field("phone", "tollfree")
	l.Hours = field("hours")
	l.Price = field("price")
	l.CheckIn = field("checkin")
	l.CheckOut = field("checkout")
	l.URL = listingURL(t.get("url"))
	if q := strings.ToUpper(strings.TrimSpace(t.get("wikidata"))); wikidataRE.MatchString(q) {
		l.Wikidata = q
	}
	l.Location = coordinates(t.get("lat"), firstNonEmpty(t.get("long"), t.get("lon"), t.get("lng")))
	desc := t.get("content")
	if strings.TrimSpace(desc) == "" {
		desc = t.get("description")
	}
	l.Description = capRunes(plainText(desc), MaxDescriptionRunes)
	return l, true
}

var wikidataRE = regexp.MustCompile(`^Q[1-9][0-9]{0,11}$`)

// coordinates parses a listing's lat and long; nil unless both are decimal
// degrees in range and not the 0,0 placeholder.
func coordinates(lat, lon string) *orchestrator.GeoPoint {
	la, err1 := parseDegrees(lat)
	lo, err2 := parseDegrees(lon)
	if err1 != nil || err2 != nil || la < -90 || la > 90 || lo < -180 || lo > 180 || (la == 0 && lo == 0) {
		return nil
	}
	return &orchestrator.GeoPoint{Lat: la, Lon: lo}
}

func parseDegrees(s string) (float64, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, "°")
	if s == "" || len(s) > 32 {
		return 0, strconv.ErrSyntax
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, strconv.ErrSyntax
	}
	return f, nil
}

// listingURL returns v as an http(s) URL, or "" when it is not one. A bare
// "www.example.com" gets "http://".
func listingURL(v string) string {
	v = strings.TrimSpace(clean(v))
	v = strings.Trim(v, "[]")
	if i := strings.IndexAny(v, " \t\n"); i >= 0 { // "[http://x label]"
		v = v[:i]
	}
	if v == "" || strings.ContainsAny(v, "{}|<>\"") {
		return ""
	}
	if strings.HasPrefix(v, "//") {
		v = "https:" + v
	} else if !strings.Contains(v, "://") && strings.Contains(v, ".") {
		v = "http://" + v
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return u.String()
}

// trailingDescription returns the old-style description written after a
// listing template on the same line: "* {{see|name=X}} A fine temple."
func trailingDescription(rest string) string {
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.Index(rest, "{{"); i >= 0 && startsListing(rest[i:]) {
		rest = rest[:i]
	}
	t := inlineText(rest)
	t = strings.TrimLeft(t, " .,;:-–—:：，。、")
	return capRunes(strings.TrimSpace(t), MaxDescriptionRunes)
}

// startsListing reports whether s begins with a listing template.
func startsListing(s string) bool {
	name := strings.TrimPrefix(s, "{{")
	if i := strings.IndexAny(name, "|}\n"); i >= 0 {
		name = name[:i]
	}
	_, ok := listingTemplates[normalizeName(name)]
	return ok
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

func capRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n])) + "…"
}
