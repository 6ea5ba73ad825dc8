package brief

import (
	"slices"
	"strings"
)

// Hedged sights: a sight named in a clause that makes it conditional
// ("maybe the Vatican if time allows", 有空的话去青城山, 长城看情况,
// 华山有时间再说) is no must-see. It is left out of must_visit with a note,
// so that the fact is not dropped silently.

// hedgesZH are the Chinese words that make a clause conditional.
var hedgesZH = []string{"有空的话", "有空就", "有空再", "如果有空", "有时间的话", "有时间就", "有时间再", "如果有时间",
	"时间够的话", "时间够就", "时间允许", "时间充裕的话", "时间充足的话", "来得及的话", "看情况", "看时间", "看心情", "看天气",
	"天气好的话", "看体力", "看精力", "看状态", "随缘", "可有可无", "随意", "不强求", "可去可不去", "去不去都行", "去不去都可以", "不一定去", "也许", "或许", "说不定", "可选", "有余力",
	"随便", "无所谓", "都行", "都可以", "不是必须"}

// hedgesEN are the English words that make a clause conditional.
var hedgesEN = []string{"maybe", "perhaps", "possibly", "if time allows", "if time permits", "time permitting",
	"if there's time", "if there is time", "if there's enough time", "if we have time", "if we've got time",
	"if we have enough time", "if we get time", "if we get the time", "if we can fit it in", "if it fits",
	"weather permitting", "energy permitting", "if we have the energy", "if we still have energy", "optional", "optionally", "if the weather is nice", "if the weather's nice",
	"if the weather is good", "if the weather's good", "not essential", "not a must", "would be nice", "would be a bonus", "nice to have", "a bonus"}

// mustWordsInClause are strong must-see words that outweigh a hedge in
// the same clause ("maybe 3 days, but the Louvre is a must" is cut at the
// comma; "必去，有空再说" keeps 必去's sight).
var mustWordsZH = []string{"必去", "一定要", "必须", "必打卡", "非去不可"}
var mustWordsEN = []string{"must", "for sure", "definitely", "can't miss", "cannot miss", "no matter what"}

// clauseAt returns the byte span of the clause of s holding byte i: cut
// at sentence and clause punctuation (commas, semicolons, full stops
// followed by a space, question and exclamation marks, dashes between
// spaces, new lines).
func clauseAt(s string, i int) (int, int) {
	isCut := func(k int) int {
		switch c := s[k]; c {
		case ',', ';', '!', '?', '\n', '(', ')':
			return 1
		case '.':
			if k+1 == len(s) || s[k+1] == ' ' {
				return 1
			}
		}
		for _, p := range []string{"，", "；", "。", "！", "？", "（", "）", " - ", " — ", " – "} {
			if strings.HasPrefix(s[k:], p) {
				return len(p)
			}
		}
		return 0
	}
	start := 0
	for k := i - 1; k >= 0; k-- {
		if n := isCut(k); n > 0 && k+n <= i {
			start = k + n
			break
		}
	}
	end := len(s)
	for k := i; k < len(s); k++ {
		if isCut(k) > 0 {
			end = k
			break
		}
	}
	return start, end
}

// hedgedClause reports whether the clause [a, b) of the text is made
// conditional by a hedge, and no strong must-see word outweighs it.
func (d *doc) hedgedClause(a, b int) bool {
	return d.hedgeScopeStart(a, b) >= 0
}

// hedgeScopeStart returns where the hedge of the clause [a, b) starts to
// cover it, or -1 when no hedge covers it: a hedge that names come after
// ("Meiji Shrine and maybe teamLab", 有空的话去青城山) covers from where it is
// written; one that closes the clause (长城看情况, "the Vatican is
// optional") covers all of it. A strong must-see word in the covered part
// outweighs the hedge.
func (d *doc) hedgeScopeStart(a, b int) int {
	best := -1
	cover := func(hs, he int) {
		from := hs
		if hedgeClosesClause(d.low[he:b]) {
			from = a
		}
		if best < 0 || from < best {
			best = from
		}
	}
	if d.hasHanText {
		for _, h := range hedgesZH {
			if k := strings.Index(d.clean[a:b], h); k >= 0 {
				cover(a+k, a+k+len(h))
			}
		}
	}
	if d.hasLatin {
		for _, h := range hedgesEN {
			for off := a; off < b; {
				k := strings.Index(d.low[off:b], h)
				if k < 0 {
					break
				}
				if wordAt(d.low, off+k, h) {
					cover(off+k, off+k+len(h))
					break
				}
				off += k + 1
			}
		}
	}
	if best < 0 {
		return -1
	}
	if d.hasHanText && hasAny(d.clean[best:b], mustWordsZH...) || d.hasLatin && hasWord(d.low[best:b], mustWordsEN...) {
		return -1
	}
	return best
}

// hedgeClosesClause reports whether what follows a hedge in its clause is
// only filler (再说, 吧, "left", "though").
func hedgeClosesClause(rest string) bool {
	rest = strings.TrimSpace(rest)
	for _, f := range []string{"再说", "说", "吧", "啦", "了", "呢", "哈", "安排", "left", "please", "though", "too", "as well", "for us", "for me"} {
		rest = strings.TrimSpace(strings.TrimPrefix(rest, f))
	}
	return rest == ""
}

// hedgedAt reports whether the name written at byte k is hedged: its own
// clause is, or the clause before it is a bare condition ("and if there's
// time, Wat Arun"; 有空的话，再去青城山) that names no sight of its own.
func (d *doc) hedgedAt(k int) bool {
	a, b := clauseAt(d.clean, k)
	if s := d.hedgeScopeStart(a, b); s >= 0 && s <= k {
		return true
	}
	if a == 0 {
		return false
	}
	pa, pb := clauseAt(d.clean, max(0, a-2))
	if pb > a || pb <= pa || !d.hedgedClause(pa, pb) {
		return false
	}
	// the condition clause is bare: only hedge and link words
	rest := strings.TrimSpace(d.low[pa:pb])
	for _, w := range []string{"and", "but", "then", "also", "和", "再", "然后"} {
		rest = strings.TrimSpace(strings.TrimPrefix(rest, w))
	}
	for _, h := range hedgesEN {
		if strings.HasPrefix(rest, h) {
			return strings.TrimSpace(rest[len(h):]) == ""
		}
	}
	for _, h := range hedgesZH {
		if strings.HasPrefix(rest, h) {
			return strings.TrimSpace(rest[len(h):]) == ""
		}
	}
	return false
}

// dropHedged leaves out the sights named only in hedged clauses, with a
// note naming them.
func (d *doc) dropHedged(out []string) []string {
	if len(out) == 0 || !d.mayHedge() {
		return out
	}
	var left []string
	out = slices.DeleteFunc(out, func(name string) bool {
		k := d.namePos(name)
		if k < 0 || !d.hedgedAt(k) {
			return false
		}
		left = append(left, name)
		return true
	})
	if len(left) > 0 {
		d.notes = append(d.notes, "if time allows (not a must-see): "+strings.Join(left, ", "))
	}
	return out
}

// mayHedge is the quick filter: whether any hedge word is written.
func (d *doc) mayHedge() bool {
	if d.hasHanText && hasAny(d.clean, hedgeKeysZH...) && hasAny(d.clean, hedgesZH...) {
		return true
	}
	return d.hasLatin && hasAny(d.low, hedgeKeysEN...) && hasWord(d.low, hedgesEN...)
}

// hedgeKeysZH and hedgeKeysEN are substrings every hedge holds one of.
var (
	hedgeKeysZH = []string{"有空", "时间", "看", "随缘", "可有可无", "随意", "不强求", "去", "也许", "或许", "说不定", "可选", "有余力", "来得及", "天气", "随便", "无所谓", "都", "不是必须"}
	hedgeKeysEN = []string{"maybe", "perhaps", "possibly", "time", "if ", "optional", "not ", "weather", "energy", "nice", "bonus"}
)
