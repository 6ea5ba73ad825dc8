package quality

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// LandmarkKey names the one experience a sight is a section or a gate of,
// or "" for none: the ID of the concept table's landmark whose name word
// ends its name (八达岭长城 and 慕田峪长城 are both the Great Wall,
// "greatwall"; 西湖游船 is a place at West Lake, no section of it),
// else, for a gate or entrance of a place ("X北门", "X东宫门", "X南入口"),
// "gate:" and the place (two gates of one park are one visit). Two sights
// of one key in a trip are the same experience twice unless the traveller
// named both.
func LandmarkKey(name string) string {
	if name == "" {
		return ""
	}
	name = cutBranch(name)
	r, _ := utf8.DecodeLastRuneInString(name)
	for _, e := range landmarkEnds()[r] {
		if strings.HasSuffix(name, e.word) && !hasAny(name, e.not) {
			return e.id
		}
	}
	if x := gateOf(name); x != "" {
		return "gate:" + x
	}
	return ""
}

// SameLandmark reports whether name is a section or gate of the
// experience key (a LandmarkKey) names.
func SameLandmark(key, name string) bool {
	if x, ok := strings.CutPrefix(key, "gate:"); ok {
		return gateOf(name) == x || name == x
	}
	return LandmarkKey(name) == key
}

// NameEnd is the last rune of a sight's name less a bracketed branch: two
// sights of one LandmarkKey end alike (长城, 门), so a different end rules a
// shared key out without reading the landmark table.
func NameEnd(name string) rune {
	r, _ := utf8.DecodeLastRuneInString(cutBranch(name))
	return r
}

// cutBranch is name less a bracketed branch ("八达岭长城(北门)").
func cutBranch(name string) string {
	i := strings.IndexByte(name, '(')
	if j := strings.Index(name, "（"); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i > 0 {
		return name[:i]
	}
	return name
}

// landmarkEnd is a name word of a landmark row (two runes or more), for a
// name ending with it: the row's ID and the words that rule a place out.
type landmarkEnd struct {
	id, word string
	not      []string
}

// landmarkEnds indexes the landmark rows' name words by their last rune
// (a sight's name is read from its end: 八达岭长城, 慕田峪长城 are sections;
// 西湖游船 holds 西湖 elsewhere and is a place at West Lake, its own visit),
// longest word first. Built once.
var landmarkEnds = sync.OnceValue(func() map[rune][]landmarkEnd {
	m := map[rune][]landmarkEnd{}
	for _, c := range concepts.All(concepts.Landmark) {
		for _, n := range c.Names {
			if utf8.RuneCountInString(n) < 2 {
				continue
			}
			r, _ := utf8.DecodeLastRuneInString(n)
			m[r] = append(m[r], landmarkEnd{c.ID, n, c.Not})
		}
	}
	for r, es := range m {
		slices.SortStableFunc(es, func(a, b landmarkEnd) int { return len(b.word) - len(a.word) })
		m[r] = es
	}
	return m
})

// gateSuffixes end the name of a gate or entrance of a place.
var gateSuffixes = []string{"入口", "出口", "售票处", "门"}

// gateOf returns the place a gate or entrance names ("颐和园北宫门" →
// 颐和园, "奥林匹克森林公园南门" → 奥林匹克森林公园), or "" when the name is
// no gate or the place left is shorter than two runes (玄武门 is a sight).
func gateOf(name string) string {
	for _, suf := range gateSuffixes {
		x, ok := strings.CutSuffix(name, suf)
		if !ok {
			continue
		}
		if suf == "门" {
			x = strings.TrimSuffix(x, "宫")
			r, n := utf8.DecodeLastRuneInString(x)
			if !strings.ContainsRune("东西南北正", r) {
				return ""
			}
			x = x[:len(x)-n]
		} else {
			x = strings.TrimRight(x, "东西南北正")
		}
		if utf8.RuneCountInString(x) >= 2 {
			return x
		}
		return ""
	}
	return ""
}
