package quality

import (
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
	for _, lm := range landmarkNames() {
		if lm.section(name) {
			return lm.id
		}
	}
	if x := gateOf(name); x != "" {
		return "gate:" + x
	}
	return ""
}

type landmarkRow struct {
	id    string
	words []string
	not   []string
}

// landmarkNames are the landmark rows' name words of two runes or more,
// read once.
var landmarkNames = sync.OnceValue(func() []landmarkRow {
	var out []landmarkRow
	for _, c := range concepts.All(concepts.Landmark) {
		r := landmarkRow{id: c.ID, not: c.Not}
		for _, n := range c.Names {
			if utf8.RuneCountInString(n) >= 2 {
				r.words = append(r.words, n)
			}
		}
		if len(r.words) > 0 {
			out = append(out, r)
		}
	}
	return out
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

// SameLandmark reports whether name is a section or gate of the
// experience key (a LandmarkKey) names.
func SameLandmark(key, name string) bool {
	if x, ok := strings.CutPrefix(key, "gate:"); ok {
		return gateOf(name) == x || name == x
	}
	for _, lm := range landmarkNames() {
		if lm.id != key {
			continue
		}
		return lm.section(name)
	}
	return false
}

// section reports whether name is the landmark or a section of it: the
// name, less a bracketed branch, ends with one of its name words
// (八达岭长城, 慕田峪长城). A sight holding the word elsewhere is a place in
// the landmark's area (西湖游船, 西湖音乐喷泉 at West Lake), its own visit.
func (lm *landmarkRow) section(name string) bool {
	if i := strings.IndexAny(name, "(（"); i > 0 {
		name = name[:i]
	}
	if hasAny(name, lm.not) {
		return false
	}
	for _, w := range lm.words {
		if strings.HasSuffix(name, w) {
			return true
		}
	}
	return false
}
