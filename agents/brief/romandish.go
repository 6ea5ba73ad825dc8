package brief

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tripweave/tripweave/agents/brief/landmarks"
)

// Romanised dishes. Travellers write Chinese dishes in pinyin, joined or
// spaced as they like ("maoxuewang", "mao xue wang", "hutang fen",
// "reganmian"). Every Chinese name of the dish lexicon of two or more
// characters is read in pinyin and indexed by its letters, spaces
// ignored; a reading under six letters is not (such keys are words of
// other languages too often), nor one that is an English name of the
// lexicon already or that two dishes share.

// romanDishIndex returns a map from a dish's pinyin letters to its
// dishTerms index, and every proper prefix of those keys (a quick filter
// while extending over words); built once, on the first request in Latin
// letters, so that programs that never read one do not pay for it.
var romanDishIndex = sync.OnceValues(func() (map[string]int, map[string]bool) {
	keys := map[string]int{}
	shared := map[string]bool{}
	english := map[string]bool{}
	for _, t := range dishTerms {
		for _, w := range t.en {
			english[strings.NewReplacer(" ", "", "-", "").Replace(w)] = true
		}
	}
	for i, t := range dishTerms {
		for _, zh := range t.zh {
			if utf8.RuneCountInString(zh) < 2 {
				continue
			}
			for _, p := range landmarks.Pinyin(zh) {
				if len(p) < 6 || english[p] {
					continue
				}
				if j, ok := keys[p]; ok && j != i {
					shared[p] = true
				}
				keys[p] = i
			}
		}
	}
	prefix := map[string]bool{}
	for k := range shared {
		delete(keys, k)
	}
	for k := range keys {
		for n := 1; n < len(k); n++ {
			prefix[k[:n]] = true
		}
	}
	return keys, prefix
})

// romanDishHits returns the dishes written in pinyin: a run of up to four
// lower-case words whose letters, joined, are a dish's reading.
func (d *doc) romanDishHits() []lexHit {
	if !d.hasLatin {
		return nil
	}
	romanDishes, romanDishPrefix := romanDishIndex()
	var hits []lexHit
	toks := d.toks
	var buf [48]byte
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if t.kind != tWord || len(t.low) > 40 || !romanDishPrefix[t.low] && !romanKey(romanDishes, t.low) {
			continue
		}
		key := append(buf[:0], t.low...)
		for j := i; j < len(toks) && j < i+4; j++ {
			if j > i {
				u := &toks[j]
				if u.kind != tWord || len(key)+len(u.low) > len(buf) {
					break
				}
				key = append(key, u.low...)
			}
			if id, ok := romanDishes[string(key)]; ok {
				hits = append(hits, lexHit{id: id, start: t.start, end: toks[j].end})
				i = j
				break
			}
			if !romanDishPrefix[string(key)] {
				break
			}
		}
	}
	return hits
}

// romanKey reports whether w alone is a dish's reading.
func romanKey(keys map[string]int, w string) bool {
	_, ok := keys[w]
	return ok
}
