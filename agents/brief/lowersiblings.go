package brief

import "slices"

// mustTailWordsEN follow a must-see name and end its wish ("the Terracotta
// Army for sure", "Todai-ji is a must"); they are skipped when walking the
// list on.
var mustTailWordsEN = map[string]bool{"for": true, "sure": true, "definitely": true, "is": true, "are": true, "a": true,
	"must": true, "musts": true, "too": true, "also": true, "absolutely": true, "of": true, "course": true}

// lowerSiblingSightsEN returns the lower-case sights written as "the …
// <sight word>" in a list beside a must-see English name ("Terracotta Army
// for sure, and the city wall by bike"; "the deer park and Todai-ji are
// musts"), title-cased: one to three words after "the", the last a sight
// word. The list must be marked as must-sees: "for sure", "a must" or
// "definitely" after the name before it, "are musts" after the name after
// it ("Tianmen Mountain and the glass bridge" names no sight).
func (d *doc) lowerSiblingSightsEN(known []string) []string {
	if !d.hasLatin {
		return nil
	}
	toks := d.toks
	var out []string
	add := func(words []string) {
		if n := titleWords(words); !slices.Contains(known, n) && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	lowerWord := func(k int) bool { return k >= 0 && k < len(toks) && toks[k].kind == tWord && !toks[k].cap }
	for _, n := range known {
		at := d.namePos(n)
		if at < 0 || isHan(firstRune(n)) {
			continue
		}
		i := slices.IndexFunc(toks, func(t token) bool { return t.start >= at })
		if i < 0 {
			continue
		}
		end := i
		for end < len(toks) && toks[end].end <= at+len(n) {
			end++
		}
		// forward: "X for sure, and the city wall"
		j, marked := end, false
		for j < len(toks) && (mustTailWordsEN[toks[j].low] || toks[j].text == "," || toks[j].low == "and" || toks[j].low == "then") {
			marked = marked || toks[j].low == "sure" || toks[j].low == "must" || toks[j].low == "definitely"
			j++
		}
		if marked && j < len(toks) && toks[j].low == "the" {
			k := j + 1
			for k < len(toks) && k-j <= 3 && lowerWord(k) && !sightHeadEN[toks[k-1].low] {
				k++
			}
			if k-1 > j && sightHeadEN[toks[k-1].low] {
				add(lowWords(toks[j+1 : k]))
			}
		}
		// backward: "the deer park and X are musts"
		b := i - 1
		if k := end; k+1 < len(toks) && (toks[k].low == "are" || toks[k].low == "is") && (toks[k+1].low == "musts" || toks[k+1].low == "a" && k+2 < len(toks) && toks[k+2].low == "must") &&
			b >= 0 && (toks[b].low == "and" || toks[b].text == ",") && b-1 >= 0 && sightHeadEN[toks[b-1].low] && lowerWord(b-1) {
			k := b - 1
			for k >= 0 && b-k <= 3 && lowerWord(k) && toks[k].low != "the" {
				k--
			}
			if k >= 0 && toks[k].low == "the" && k < b-1 {
				add(lowWords(toks[k+1 : b]))
			}
		}
	}
	return out
}

func lowWords(ts []token) []string {
	out := make([]string, len(ts))
	for k := range ts {
		out[k] = ts[k].low
	}
	return out
}
