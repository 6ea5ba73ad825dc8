package concepts

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Resolve finds the candidate a must-see name means, fuzzily: the
// candidate named exactly so; else a landmark of the table by one of its
// names ("the Great Wall", 长城 → 八达岭长城, in the table's order of
// preference); else a name of the alias tables (aliases.tsv, curated; the
// landmark gazetteer.tsv, generated) or such a name followed by a kind of
// outing ("West Lake boat" → 西湖游船, "Yangtze cable car" → 长江索道; see
// resolveWish); else a landmark whose name the query contains ("Great Wall
// hike"); else one whose name contains the query (preferring a name that starts or ends
// with it, then the shortest, then the most popular); else one whose name
// the query contains ("拙政园景区" → 拙政园); else, for a name in Latin
// letters, one it spells in pinyin with its kind of place in English
// ("Guiyuan Temple" → 归元禅寺, see resolvePinyin). It returns the index and
// a word on how it matched ("exact", "landmark", "alias", "outing",
// "contains", "contained", "pinyin"), or -1.
func Resolve(query string, cands []Candidate) (int, string) {
	q := core(query)
	if q == "" {
		return -1, ""
	}
	names := make([]string, len(cands))
	for i, c := range cands {
		names[i] = core(c.Name)
	}
	i, how := resolveIn(query, q, names, cands)
	if i >= 0 && cands[i].Closed {
		// A place no plan can visit: another place the name means
		// ("Sichuan opera": a 川剧 stage whose show fits its hours), else
		// that one, so that it is still found and reported.
		open := slices.Clone(cands)
		for k := range open {
			if open[k].Closed {
				open[k].Name, names[k] = "", ""
			}
		}
		if j, how2 := resolveIn(query, q, names, open); j >= 0 {
			return j, how2
		}
	}
	return i, how
}

// resolveIn is Resolve on the candidates' core names.
func resolveIn(query, q string, names []string, cands []Candidate) (int, string) {
	for i, n := range names {
		if n == q {
			return i, "exact"
		}
	}
	if lm := landmarkExact(query); lm != nil {
		for _, term := range lm.Names {
			if i := bestContaining(term, names, cands); i >= 0 {
				return i, "landmark"
			}
		}
	}
	if i, how := resolveWish(query, names, cands); i >= 0 {
		return i, how
	}
	if lm := Lookup(query, Landmark); lm != nil {
		for _, term := range lm.Names {
			if i := bestContaining(term, names, cands); i >= 0 {
				return i, "landmark"
			}
		}
	}
	if utf8.RuneCountInString(q) >= 2 {
		if i := bestContaining(q, names, cands); i >= 0 {
			return i, "contains"
		}
		best := -1
		for i, n := range names {
			if utf8.RuneCountInString(n) >= 2 && strings.Contains(q, n) && (best < 0 || len(n) > len(names[best])) {
				best = i
			}
		}
		if best >= 0 {
			return best, "contained"
		}
	}
	if i := resolvePinyin(query, cands); i >= 0 {
		return i, "pinyin"
	}
	return -1, ""
}

// bestContaining returns the candidate whose core name contains term, best
// first by starting or ending with it, shortness, popularity and index.
func bestContaining(term string, names []string, cands []Candidate) int {
	type hit struct {
		i, edge, extra int
		pop            float64
	}
	var hits []hit
	for i, n := range names {
		if !Contains(n, term) {
			continue
		}
		edge := 1
		if strings.HasPrefix(n, term) || strings.HasSuffix(n, term) {
			edge = 0
		}
		hits = append(hits, hit{i, edge, len(n) - len(term), cands[i].Popularity})
	}
	if len(hits) == 0 {
		return -1
	}
	sort.SliceStable(hits, func(a, b int) bool {
		x, y := hits[a], hits[b]
		if x.edge != y.edge {
			return x.edge < y.edge
		}
		if x.pop != y.pop {
			return x.pop > y.pop
		}
		if x.extra != y.extra {
			return x.extra < y.extra
		}
		return x.i < y.i
	})
	return hits[0].i
}
