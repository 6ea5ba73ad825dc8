package concepts_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// TestDishTableCoversTheParser: every English name the brief parser reads
// as a dish (agents/brief/foods.go, dishTerms) reaches, through the dish
// table, the Chinese names of that dish the ChinaTravel sandbox's
// restaurants use — so an English wish is served on Chinese data wherever
// a Chinese one would be. A dish the sandbox serves under none of the
// parser's Chinese names asks nothing.
func TestDishTableCoversTheParser(t *testing.T) {
	terms := parserVocabulary(t, "foods.go", "dishTerms")
	if len(terms) < 40 {
		t.Fatalf("read %d dish terms from the parser, want its whole lexicon", len(terms))
	}
	text := sandboxRestaurantText(t)
	served := func(w string) bool {
		for _, s := range text {
			if strings.Contains(s, w) {
				return true
			}
		}
		return false
	}
	// Words left to themselves, with the reason.
	leftOut := map[string]string{
		"pho": "the sandbox's 河粉 are Cantonese flat rice noodles (干炒牛河), not Vietnamese pho (越南河粉, none listed)",
		// the parser's "noodles" row (面条) is the food class, not one dish:
		// the table keeps no bare noodles or 面, which would turn a wish
		// into any noodle shop (dishes.tsv header)
		"noodles":     "a class of food, not one dish (the table keeps no bare noodles)",
		"noodle soup": "a class of food, not one dish (the table keeps no bare noodles)",
	}
	for _, pt := range terms {
		var zh, en []string
		for _, w := range pt.words {
			if hasHan(w) {
				zh = append(zh, strings.ToLower(w))
			} else {
				en = append(en, w)
			}
		}
		var inData []string
		for _, w := range zh {
			if served(w) {
				inData = append(inData, w)
			}
		}
		if len(inData) == 0 {
			continue
		}
		for _, w := range en {
			if leftOut[w] != "" {
				continue
			}
			words := concepts.DishWords(w)
			if !slices.ContainsFunc(words, func(x string) bool { return hasHan(x) && served(x) }) {
				t.Errorf("%q (the parser's %s) reaches %q, none of the sandbox's %q", w, pt.value, words, inData)
			}
		}
	}
}

// sandboxRestaurantText is every ChinaTravel restaurant's name, cuisines
// and recommended dishes, lower-cased.
func sandboxRestaurantText(t *testing.T) []string {
	t.Helper()
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatal(err)
		}
		t.Skipf("dataset chinatravel absent: %v", err)
	}
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range cat.Cities() {
		city, _ := cat.City(name)
		for _, r := range city.Restaurants {
			out = append(out, strings.ToLower(r.Name+" "+strings.Join(r.Cuisines, " ")+" "+strings.Join(r.Dishes, " ")))
		}
	}
	return out
}

func hasHan(s string) bool {
	for _, r := range s {
		if r >= 0x4e00 && r <= 0x9fff {
			return true
		}
	}
	return false
}
