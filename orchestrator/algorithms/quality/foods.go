package quality

import (
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// Wishes are the foods a brief asks for: its foods, else (until a parser
// fills foods) its interests. Each is matched against restaurants by
// Serves; a wish no restaurant of the trip serves asks nothing of the
// plan. The brief's cuisines are not among them: they are hard
// constraints the planner covers and the verifier checks already.
func Wishes(b *orchestrator.Brief) []string {
	if len(b.Foods) > 0 {
		return b.Foods
	}
	if len(b.Interests) == 0 {
		return nil
	}
	out := make([]string, 0, len(b.Interests))
	for _, in := range b.Interests {
		// Tea houses, cafés and bars are light fare, no meal: a stop
		// serves them.
		if c := concepts.Lookup(in, concepts.Cuisine); c != nil && c.Light {
			continue
		}
		// An interest the table knows as a kind of sight and not as a
		// cuisine (gardens, night views, food streets) is no dish.
		if concepts.Lookup(in, concepts.Cuisine) == nil && concepts.Lookup(in, concepts.Sight) != nil {
			continue
		}
		out = append(out, in)
	}
	return out
}

// Food is a wish ready to be matched: the wish itself, the words the
// concept table gives for it as a cuisine (dim sum: 早茶, 点心, 茶楼) and
// the names of the dishes it names in both languages (the dish table,
// concepts.DishWords: soup dumplings ⇄ 小笼包, 烤鸭 ⇄ Peking duck).
type Food struct {
	Wish  string
	words []string // lower-cased; the wish first
	// concept is the cuisine concept of the wish, nil when none.
	concept *concepts.Concept
}

// NewFood prepares a wish for Serves.
func NewFood(wish string) Food {
	f := Food{Wish: wish, words: []string{strings.ToLower(strings.TrimSpace(wish))}}
	if c := concepts.Lookup(wish, concepts.Cuisine); c != nil {
		f.concept = c
		for _, n := range c.Names {
			f.words = append(f.words, strings.ToLower(n))
		}
	}
	for _, n := range concepts.DishWords(wish) {
		if !slices.Contains(f.words, n) {
			f.words = append(f.words, n)
		}
	}
	return f
}

// Literal reports whether r names the wish itself in its name, cuisines
// or recommended dishes.
func (f Food) Literal(r *orchestrator.Restaurant) bool {
	return f.word(f.words[0], r)
}

// Serves reports whether r serves the wish: the wish or one of its
// concept's name words in r's name, cuisines or recommended dishes, or
// r of the wish's cuisine.
func (f Food) Serves(r *orchestrator.Restaurant) bool {
	for _, w := range f.words {
		if f.word(w, r) {
			return true
		}
	}
	return f.concept != nil && len(f.concept.Labels) > 0 && f.concept.Restaurant(r.Name, r.Cuisines)
}

func (f Food) word(w string, r *orchestrator.Restaurant) bool {
	if w == "" {
		return false
	}
	if strings.Contains(strings.ToLower(r.Name), w) {
		return true
	}
	for _, c := range r.Cuisines {
		if strings.Contains(strings.ToLower(c), w) {
			return true
		}
	}
	for _, d := range r.Dishes {
		if strings.Contains(strings.ToLower(d), w) {
			return true
		}
	}
	return false
}

// Sought reports whether a wish is a food at all for these restaurants:
// some restaurant serves it.
func (f Food) Sought(rs []orchestrator.Restaurant) bool {
	for i := range rs {
		if f.Serves(&rs[i]) {
			return true
		}
	}
	return false
}
