package brief

import (
	"strings"
	"unicode/utf8"
)

// lexicon finds many fixed phrases in one pass over a request: English
// phrases by their first word (whole words, hyphens optional), Chinese
// ones by their first character.
type lexicon struct {
	en map[string][]lexPhrase
	zh map[rune][]lexPhrase
	// mixed are Chinese-table phrases that open with Latin letters
	// (biangbiang面): matched at the start of a word, case-insensitively
	mixed []lexPhrase
	// quick filters checked before the maps: the first and last letters
	// of the first English words, and the first Chinese characters
	enEnds  [12]uint64
	zhFirst [64]uint64
}

// letterIndex maps a-z to 0–25 and anything else to 26.
func letterIndex(c byte) int {
	if 'a' <= c && c <= 'z' {
		return int(c - 'a')
	}
	return 26
}

func endsBit(w string) int { return letterIndex(w[0])*27 + letterIndex(w[len(w)-1]) }

func (lx *lexicon) mayEN(w string) bool {
	if w == "" {
		return false
	}
	b := endsBit(w)
	return lx.enEnds[b>>6]&(1<<(b&63)) != 0
}

func (lx *lexicon) mayZH(r rune) bool {
	b := int(r) & 4095
	return lx.zhFirst[b>>6]&(1<<(b&63)) != 0
}

type lexPhrase struct {
	id    int
	words []string // English
	text  string   // Chinese
}

// lexHit is one occurrence: the phrase's id and its byte span.
type lexHit struct {
	id         int
	start, end int
	zh         bool
}

func newLexicon() *lexicon {
	return &lexicon{en: map[string][]lexPhrase{}, zh: map[rune][]lexPhrase{}}
}

func (lx *lexicon) addEN(id int, phrase string) {
	words := strings.FieldsFunc(phrase, func(r rune) bool { return r == ' ' || r == '-' || r == '/' })
	if len(words) == 0 {
		return
	}
	lx.en[words[0]] = append(lx.en[words[0]], lexPhrase{id: id, words: words})
	b := endsBit(words[0])
	lx.enEnds[b>>6] |= 1 << (b & 63)
}

func (lx *lexicon) addZH(id int, phrase string) {
	r, _ := utf8.DecodeRuneInString(phrase)
	if r < utf8.RuneSelf {
		lx.mixed = append(lx.mixed, lexPhrase{id: id, text: strings.ToLower(phrase)})
		return
	}
	lx.zh[r] = append(lx.zh[r], lexPhrase{id: id, text: phrase})
	b := int(r) & 4095
	lx.zhFirst[b>>6] |= 1 << (b & 63)
}

// scan returns every occurrence in text order.
func (lx *lexicon) scan(d *doc) []lexHit {
	var hits []lexHit
	toks := d.toks
	for i := range toks {
		t := &toks[i]
		switch t.kind {
		case tWord:
			for _, p := range lx.mixed {
				if strings.HasPrefix(d.low[t.start:], p.text) {
					hits = append(hits, lexHit{id: p.id, start: t.start, end: t.start + len(p.text), zh: true})
				}
			}
			if !lx.mayEN(t.low) {
				continue
			}
			for _, p := range lx.en[t.low] {
				j, k := i, 0
				end := t.end
				for k < len(p.words) && j < len(toks) {
					u := &toks[j]
					if u.kind == tPunct && (u.text == "-" || u.text == "/") && k > 0 {
						j++
						continue
					}
					if u.kind != tWord || u.low != p.words[k] {
						break
					}
					end = u.end
					j++
					k++
				}
				if k == len(p.words) {
					hits = append(hits, lexHit{id: p.id, start: t.start, end: end})
				}
			}
		case tHan:
			s := t.text
			for off, r := range s {
				if !lx.mayZH(r) {
					continue
				}
				for _, p := range lx.zh[r] {
					if strings.HasPrefix(s[off:], p.text) || strings.HasPrefix(d.clean[t.start+off:], p.text) {
						hits = append(hits, lexHit{id: p.id, start: t.start + off, end: t.start + off + len(p.text), zh: true})
					}
				}
			}
		}
	}
	return hits
}

// termLexicon indexes a term table; hit ids are indexes into terms.
func termLexicon(terms []term) *lexicon {
	lx := newLexicon()
	for i, t := range terms {
		for _, w := range t.en {
			lx.addEN(i, w)
		}
		for _, w := range t.zh {
			lx.addZH(i, w)
		}
	}
	return lx
}
