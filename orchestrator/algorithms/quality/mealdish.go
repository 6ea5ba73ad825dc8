package quality

// Dishes a traveller names, across scripts, and the meal they are eaten
// at. A wish reaches the data's Chinese dish names by the concept
// package's dish table (concepts.DishWords), by this package's meal-dish
// table (mealdishes.tsv: rarer dishes and their customary meal), by its
// English words in any order ("pork rib lotus soup" is the table's "lotus
// root and pork rib soup"), by its pinyin read syllable by syllable
// against the data's own names ("hutang fen" → 糊汤粉, "Quanjude" → 全聚德)
// and, for a Chinese wish, by a variant of the same characters and head
// (排骨藕汤 → 莲藕排骨汤).

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mozillazg/go-pinyin"

	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// Customary meals of a dish (MealDish.Meal).
const (
	// DishBreakfast: eaten at breakfast or lunch, not at dinner (生煎,
	// 小笼包, 豆浆油条, 热干面, 早茶, 肠粉, 小馄饨, 苏式面).
	DishBreakfast = "breakfast"
	// DishDinner: eaten at dinner (火锅, 烤鸭, 涮羊肉).
	DishDinner = "dinner"
	// DishAny: any meal.
	DishAny = "any"
)

// MealDish is one row of the meal-dish table.
type MealDish struct {
	ID      string
	English []string // folded, whole words
	Chinese []string // substrings
	Meal    string   // DishBreakfast, DishDinner or DishAny
	Source  string
}

//go:embed mealdishes.tsv
var mealDishesTSV string

var mealDishes = sync.OnceValue(func() []*MealDish {
	d, err := ParseMealDishes(mealDishesTSV)
	if err != nil {
		panic("quality: embedded meal-dish table: " + err.Error())
	}
	return d
})

// MealDishes returns the meal-dish table in table order; read only.
func MealDishes() []*MealDish { return mealDishes() }

// ParseMealDishes reads a meal-dish table: tab-separated id, English
// names, Chinese names, meal and source, lists |-separated; # lines and
// blank lines are skipped. Every row needs all five.
func ParseMealDishes(text string) ([]*MealDish, error) {
	var out []*MealDish
	ids := map[string]bool{}
	for n, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			return nil, fmt.Errorf("line %d: %d columns, want 5", n+1, len(f))
		}
		d := &MealDish{ID: strings.TrimSpace(f[0]), English: splitList(f[1]), Chinese: splitList(f[2]), Meal: strings.TrimSpace(f[3]), Source: strings.TrimSpace(f[4])}
		if d.ID == "" || len(d.English) == 0 || len(d.Chinese) == 0 || d.Source == "" {
			return nil, fmt.Errorf("line %d: a dish needs an id, English and Chinese names and a source", n+1)
		}
		if d.Meal != DishBreakfast && d.Meal != DishDinner && d.Meal != DishAny {
			return nil, fmt.Errorf("line %d: meal %q, want breakfast, dinner or any", n+1, d.Meal)
		}
		if ids[d.ID] {
			return nil, fmt.Errorf("line %d: dish %q twice", n+1, d.ID)
		}
		ids[d.ID] = true
		out = append(out, d)
	}
	return out, nil
}

func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, "|") {
		if x = strings.Join(strings.Fields(strings.ToLower(x)), " "); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// mealDishOf returns the meal-dish row a wish names (it contains one of
// its names: whole words for Latin names, a substring for Chinese ones;
// the longest name wins, then the first row), or nil.
func mealDishOf(wish string) *MealDish {
	w := strings.Join(strings.Fields(strings.ToLower(wish)), " ")
	var best *MealDish
	bl := 0
	for _, d := range mealDishes() {
		for _, n := range slices.Concat(d.English, d.Chinese) {
			if len(n) > bl && concepts.Contains(w, n) {
				best, bl = d, len(n)
			}
		}
	}
	return best
}

// DishMeal returns the customary meal of the dish a wish names
// (DishBreakfast, DishDinner), or "" when the table gives none.
func DishMeal(wish string) string {
	if d := mealDishOf(wish); d != nil && d.Meal != DishAny {
		return d.Meal
	}
	return ""
}

// stopWords are left out of an English dish name's words.
var stopWords = []string{"and", "with", "the", "of", "in", "a", "style", "fried"}

// contentWords are a Latin name's lower-case words, stop words left out;
// nil when it is not plain Latin.
func contentWords(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '-' || r == ',' || r == '\'' }) {
		for _, r := range f {
			if r > unicode.MaxASCII {
				return nil
			}
		}
		if !slices.Contains(stopWords, f) {
			out = append(out, strings.TrimSuffix(f, "s"))
		}
	}
	return out
}

// bagDishWords returns the Chinese names of the dishes (dish table and
// meal-dish table) one of whose English names has the wish's words in
// any order, at most two more: "pork rib lotus soup" is "lotus root and
// pork rib soup". A wish of fewer than two words names nothing here.
func bagDishWords(wish string) []string {
	ws := contentWords(wish)
	if len(ws) < 2 {
		return nil
	}
	has := func(names []string) bool {
		for _, n := range names {
			nw := contentWords(n)
			if len(nw) >= len(ws) && len(nw) <= len(ws)+2 && !slices.ContainsFunc(ws, func(x string) bool { return !slices.Contains(nw, x) }) {
				return true
			}
		}
		return false
	}
	var out []string
	for _, d := range concepts.Dishes() {
		if has(d.English) {
			out = append(out, d.Chinese...)
		}
	}
	for _, d := range mealDishes() {
		if has(d.English) {
			out = append(out, d.Chinese...)
		}
	}
	return out
}

// pinyinArgs read every reading of a character, toneless; no reading for
// what is not Han.
var pinyinArgs = func() pinyin.Args {
	a := pinyin.NewArgs()
	a.Heteronym = true
	a.Fallback = func(rune, pinyin.Args) []string { return nil }
	return a
}()

// syllables is the set of toneless pinyin syllables.
var syllables = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for r := range pinyin.PinyinDict {
		for _, p := range pinyin.SinglePinyin(rune(r), pinyinArgs) {
			out[p] = true
		}
	}
	return out
})

// pinyinKey returns a Latin wish spelled as pinyin (letters only, the
// words run together) when every word of it splits into two or more
// syllables in all, else "".
func pinyinKey(wish string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(wish) {
		switch {
		case r >= 'a' && r <= 'z':
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '\'':
		default:
			return ""
		}
	}
	k := b.String()
	if n := splitSyllables(k); n < 2 {
		return ""
	}
	return k
}

// splitSyllables returns how many syllables s splits into (the fewest),
// or 0 when it does not split.
func splitSyllables(s string) int {
	if s == "" {
		return 0
	}
	syl := syllables()
	best := make([]int, len(s)+1) // best[i]: fewest syllables for s[:i], 0 none
	for i := 1; i <= len(s); i++ {
		for j := max(0, i-6); j < i; j++ {
			if (j == 0 || best[j] > 0) && syl[s[j:i]] && (best[i] == 0 || best[j]+1 < best[i]) {
				best[i] = best[j] + 1
			}
		}
	}
	return best[len(s)]
}

// readingsCache keeps the readings of the data's names.
var readingsCache sync.Map // string → [][]string

// readings returns each rune's toneless pinyin readings (nil for a rune
// that is not Han).
func readings(s string) [][]string {
	if v, ok := readingsCache.Load(s); ok {
		return v.([][]string)
	}
	out := make([][]string, 0, utf8.RuneCountInString(s))
	for _, r := range s {
		out = append(out, pinyin.SinglePinyin(r, pinyinArgs))
	}
	readingsCache.Store(s, out)
	return out
}

// spellsIn returns the runes [i, j) of s that spell key in pinyin, one
// syllable a character, at least two characters, or ok false.
func spellsIn(key, s string) (i, j int, ok bool) {
	rd := readings(s)
	var from func(k, at int) int
	from = func(k, at int) int {
		if at == len(key) {
			return k
		}
		if k >= len(rd) {
			return -1
		}
		for _, p := range rd[k] {
			if strings.HasPrefix(key[at:], p) {
				if e := from(k+1, at+len(p)); e >= 0 {
					return e
				}
			}
		}
		return -1
	}
	for i := range rd {
		if e := from(i, 0); e >= i+2 {
			return i, e, true
		}
	}
	return 0, 0, false
}

// pinyinDish reports whether the data's dish d holds a dish spelled key:
// the characters that spell it end the dish or are followed by no other
// food's head (dishIs).
func pinyinDish(key, d string) bool {
	i, j, ok := spellsIn(key, d)
	if !ok {
		return false
	}
	rs := []rune(d)
	return dishIs(d, string(rs[i:j]))
}

// pinyinName reports whether a restaurant's name (its branch left out)
// holds key in pinyin.
func pinyinName(key, name string) bool {
	_, _, ok := spellsIn(key, ChainName(name))
	return ok
}

// variantOf reports whether the data's dish d is a variant of the Chinese
// wish w: every character of w in it, the same last character (the head:
// 汤, 面, 鸭), at most two characters more, w at least three characters
// (莲藕排骨汤 for 排骨藕汤).
func variantOf(w, d string) bool {
	wr := []rune(w)
	if i := strings.IndexAny(d, "(（["); i > 0 {
		d = strings.TrimSpace(d[:i])
	}
	dr := []rune(d)
	if len(wr) < 3 || len(dr) < len(wr) || len(dr) > len(wr)+2 || wr[len(wr)-1] != dr[len(dr)-1] || !unicode.Is(unicode.Han, wr[0]) {
		return false
	}
	for _, r := range wr {
		if !slices.Contains(dr, r) {
			return false
		}
	}
	return true
}

// crossDishWords returns the names of the dishes a wish names in either
// language, the wish left out: the dish table's (concepts.DishWords), the
// meal-dish table's and those its English words name in any order
// (bagDishWords). When the meal-dish table names it by a longer name than
// the dish table does ("douhua fan", 豆花饭, over "douhua", 豆花), that
// dish alone.
func crossDishWords(wish string) []string {
	w := strings.Join(strings.Fields(strings.ToLower(wish)), " ")
	var out []string
	add := func(ns ...string) {
		for _, n := range ns {
			if n != w && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	md, ml, mn := mealDishOf(wish), 0, ""
	if md != nil {
		for _, n := range slices.Concat(md.English, md.Chinese) {
			if concepts.Contains(w, n) && len(n) > ml {
				ml, mn = len(n), n
			}
		}
		if extraWords(w, mn) {
			md, ml = nil, 0 // "beef hotpot" is no hot pot of any kind
		}
	}
	ch := conceptDishHit(w)
	if md == nil || ml <= ch {
		add(concepts.DishWords(wish)...)
	}
	if md != nil && ml >= ch {
		add(md.English...)
		add(md.Chinese...)
	}
	if len(out) == 0 {
		add(bagDishWords(wish)...)
	}
	return out
}

// placeWords may qualify a dish's Latin name without making it another
// dish ("Shanghai small wontons", "authentic Peking duck").
var placeWords = []string{"shanghai", "beijing", "nanjing", "suzhou", "hangzhou", "wuhan", "chongqing", "chengdu", "guangzhou", "shenzhen", "sichuan", "cantonese", "authentic", "traditional", "local", "famous", "best", "real", "some", "good", "for", "breakfast", "lunch", "dinner"}

// extraWords reports whether a Latin wish w has a word beyond the name n
// it was matched by and placeWords.
func extraWords(w, n string) bool {
	ws, ns := contentWords(w), contentWords(n)
	if ws == nil {
		return false
	}
	for _, x := range ws {
		if !slices.Contains(ns, x) && !slices.Contains(placeWords, x) {
			return true
		}
	}
	return false
}

// conceptDishHit is the length of the longest name of the dish table the
// folded wish w contains (0: none).
func conceptDishHit(w string) int {
	n := 0
	for _, d := range concepts.Dishes() {
		for _, x := range slices.Concat(d.English, d.Chinese) {
			if len(x) > n && concepts.Contains(w, x) {
				n = len(x)
			}
		}
	}
	return n
}
