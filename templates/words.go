package templates

import (
	"strings"
	"sync"
	"unicode"

	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// placeNames memoizes PlaceName's Chinese names: name → 成都 ("" when the
// gazetteer has none).
var placeNames sync.Map

// PlaceName is name as a traveller reading lang expects it: for "zh" the
// gazetteer's Chinese name of the city, region or country ("Chengdu" →
// 成都, "Hangzhou" → 杭州); otherwise, and for names the gazetteer does not
// know or that are already written in Han script, name unchanged. The
// first call for Chinese loads the embedded gazetteer (about 100 ms).
func PlaceName(name, lang string) string {
	if lang != "zh" || name == "" || hasHan(name) {
		return name
	}
	if v, ok := placeNames.Load(name); ok {
		if zh := v.(string); zh != "" {
			return zh
		}
		return name
	}
	zh := chineseName(name)
	placeNames.Store(name, zh)
	if zh == "" {
		return name
	}
	return zh
}

// chineseName is the Chinese name of the best-known place whose canonical
// or plain-ASCII name is name; "" if there is none.
func chineseName(name string) string {
	g, err := gazetteer.Default()
	if err != nil {
		return ""
	}
	var best *gazetteer.Place
	for _, c := range g.Lookup(gazetteer.Key(name)) {
		if c.Class != gazetteer.Primary && c.Class != gazetteer.ASCII && c.Class != gazetteer.Curated {
			continue
		}
		p := c.Place
		if p.NameZH == "" {
			continue
		}
		if best == nil || p.Kind == gazetteer.City && best.Kind != gazetteer.City ||
			p.Kind == best.Kind && p.Population > best.Population {
			best = p
		}
	}
	if best == nil {
		return ""
	}
	return best.NameZH
}

// PlaceNames is PlaceName of each name, joined by the language's list
// separator ("、" in Chinese, ", " otherwise).
func PlaceNames(names []string, lang string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = PlaceName(n, lang)
	}
	if lang == "zh" {
		return strings.Join(out, "、")
	}
	return strings.Join(out, ", ")
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}
