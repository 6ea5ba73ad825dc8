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
	// dish: the wish names a dish (the dish table holds it), so a
	// restaurant serves it only by naming it or one of its names, in its
	// name or dishes: a 北京菜 restaurant that lists no duck does not serve
	// Peking duck, nor every 湖北菜 house 热干面. A cuisine wish (dim sum,
	// Cantonese) is served by the cuisine's words and labels as well.
	dish      bool
	nameWords []string // the concept's words, matched in names and dishes only, for a dish
}

// NewFood prepares a wish for Serves.
func NewFood(wish string) Food {
	f := Food{Wish: wish, words: []string{strings.ToLower(strings.TrimSpace(wish))}}
	dishes := concepts.DishWords(wish)
	f.dish = len(dishes) > 0
	if c := concepts.Lookup(wish, concepts.Cuisine); c != nil {
		f.concept = c
		for _, n := range c.Names {
			if f.dish {
				// a cuisine's word (湖北菜, 京菜) in a name is the
				// cuisine, not the dish
				if !strings.HasSuffix(n, "菜") {
					f.nameWords = append(f.nameWords, strings.ToLower(n))
				}
			} else {
				f.words = append(f.words, strings.ToLower(n))
			}
		}
	}
	for _, n := range dishes {
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
	if f.dish {
		for _, w := range f.nameWords {
			if w != "" && (strings.Contains(strings.ToLower(r.Name), w) || slices.ContainsFunc(r.Dishes, func(d string) bool { return dishIs(strings.ToLower(d), w) })) {
				return true
			}
		}
		return false
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
		if dishIs(strings.ToLower(d), w) {
			return true
		}
	}
	return false
}

// otherFood are heads that make a dish named after another one a food of
// its own: 北京烤鸭肉饼 is a pie, 烤鸭炒饭 fried rice, 盐水鸭包 a bun.
var otherFood = []string{"饼", "包", "包子", "饺", "饺子", "饭", "粥", "卷", "面", "粉", "串", "披萨", "汉堡", "沙拉", "酥", "糕"}

// dishIs reports whether the recommended dish d is the dish named w. A
// Latin name is found anywhere in it; after a Chinese one, which Chinese
// puts before the head it qualifies, no other food's head may end the
// dish: 酥不腻烤鸭, 招牌盐水鸭 and 鸭血粉丝汤 are the dish; 北京烤鸭肉饼 is a pie
// (brackets after the name are ignored: 热干面(大份)).
func dishIs(d, w string) bool {
	k := strings.LastIndex(d, w)
	if k < 0 {
		return false
	}
	if w[0] < 0x80 {
		return true
	}
	rest := strings.TrimSpace(d[k+len(w):])
	if i := strings.IndexAny(rest, "(（["); i >= 0 {
		rest = strings.TrimSpace(rest[:i])
	}
	for _, h := range otherFood {
		if strings.HasSuffix(rest, h) && !strings.HasSuffix(w, h) {
			return false
		}
	}
	return true
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
