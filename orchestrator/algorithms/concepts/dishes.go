package concepts

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
)

// Dish is one row of the dish table: a dish's names in English (and
// pinyin) and in Chinese, so that a food wish in one language matches
// restaurant names and recommended dishes in the other.
type Dish struct {
	ID string
	// English are the names a request uses, folded (whole words).
	English []string
	// Chinese are the names a restaurant's name or dishes use, folded
	// (substrings); the first is the usual name.
	Chinese []string
	// Source says where the correspondence comes from.
	Source string
}

//go:embed dishes.tsv
var dishesTSV string

var dishes []*Dish

func init() {
	d, err := ParseDishes(dishesTSV)
	if err != nil {
		panic("concepts: embedded dish table: " + err.Error())
	}
	dishes = d
}

// ParseDishes reads a dish table in the embedded format: tab-separated id,
// English names, Chinese names and source, lists |-separated; lines
// starting with # and blank lines are skipped. Every row needs an id, a
// name in each language and a source.
func ParseDishes(text string) ([]*Dish, error) {
	var out []*Dish
	ids := map[string]bool{}
	for n, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("line %d: %d columns, want 4", n+1, len(f))
		}
		d := &Dish{ID: strings.TrimSpace(f[0]), English: list(f[1]), Chinese: list(f[2]), Source: strings.TrimSpace(f[3])}
		if d.ID == "" || len(d.English) == 0 || len(d.Chinese) == 0 || d.Source == "" {
			return nil, fmt.Errorf("line %d: a dish needs an id, English and Chinese names and a source", n+1)
		}
		if ids[d.ID] {
			return nil, fmt.Errorf("line %d: dish %q twice", n+1, d.ID)
		}
		ids[d.ID] = true
		out = append(out, d)
	}
	return out, nil
}

// Dishes returns the dish table in table order. The dishes must not be
// modified.
func Dishes() []*Dish { return dishes }

// DishWords returns the names, in both languages, of the dishes a food
// wish names ("soup dumplings" → xiaolongbao, 小笼包, 小笼, 汤包…;
// "北京烤鸭" → 烤鸭, peking duck…), the wish itself left out; nil when the
// table knows none. A wish names a dish when it contains one of the
// dish's names (whole words for Latin names, substrings for Chinese);
// of several, the dishes whose matched name is longest win, and among
// those the ones it names by their usual name ("虾饺" is har gow, not
// dim sum in general; "lamb hot pot" is not any hot pot).
func DishWords(wish string) []string {
	w := fold(wish)
	if w == "" {
		return nil
	}
	best := 0
	var hits []*Dish
	for _, d := range dishes {
		s := 0
		for _, names := range [][]string{d.English, d.Chinese} {
			for i, n := range names {
				if !Contains(w, n) {
					continue
				}
				v := 2 * len(n)
				if i == 0 {
					v++
				}
				s = max(s, v)
			}
		}
		switch {
		case s == 0 || s < best:
		case s > best:
			best, hits = s, []*Dish{d}
		default:
			hits = append(hits, d)
		}
	}
	var out []string
	for _, d := range hits {
		for _, n := range slices.Concat(d.English, d.Chinese) {
			if n != w && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}
