package brief

import "strings"

// Travelling with older relatives. A request that takes parents or
// grandparents along (带爸妈, 陪爷爷奶奶, 带老人, "my elderly parents", "my
// 80-year-old grandmother") and states no pace gets a relaxed one, with a
// note; a pace the request states wins.

// elderWordsZH name older relatives or older people.
var elderWordsZH = []string{"爸妈", "父母", "二老", "老人", "长辈", "爷爷", "奶奶", "外公", "外婆", "姥姥", "姥爷", "公婆", "婆婆",
	"岳父", "岳母", "老爸", "老妈", "老两口", "老年", "退休", "公公", "老父亲", "老母亲"}

// elderWordsEN name older relatives or older people.
var elderWordsEN = []string{"elderly", "grandparents", "grandparent", "grandmother", "grandfather", "grandma", "grandpa", "granny",
	"grandad", "granddad", "retired", "seniors", "senior citizens", "senior citizen", "pensioners", "retirees", "retired parents",
	"aging parents", "ageing parents", "older parents", "elderly parents", "old parents"}

// elderAge is the age from which a traveller named with an age counts as
// older (带着72岁的老妈, "my 80-year-old grandmother").
const elderAge = 60

// eldersAlong reports whether the request takes older people along, and
// the words that say so.
func (d *doc) eldersAlong() (string, bool) {
	if d.hasHanText {
		for _, w := range elderWordsZH {
			if i := strings.Index(d.clean, w); i >= 0 && !negatedZH(d.clean, i) {
				return w, true
			}
		}
		for i := 0; ; {
			k := strings.Index(d.clean[i:], "岁")
			if k < 0 {
				break
			}
			k += i
			if n, ns := readNumberBackAll(d.clean, k); n >= elderAge && n < 120 && ns < k {
				return d.clean[ns : k+len("岁")], true
			}
			i = k + len("岁")
		}
	}
	if d.hasLatin {
		for _, w := range elderWordsEN {
			if ks := d.findEN(w); len(ks) > 0 && !negatedEN(d, ks[0]) {
				return w, true
			}
		}
		for i := 0; i+2 < len(d.toks) && (d.mayHave("year") || d.mayHave("yo")); i++ {
			if n := wordNumber(d.toks[i].low); n >= elderAge && n < 120 && d.toks[i].kind == tWord {
				// "80-year-old", "80 years old"
				for m := i + 1; m < i+4 && m < len(d.toks); m++ {
					if w := d.toks[m].low; w == "year" || w == "years" || w == "yo" {
						return d.clean[d.toks[i].start:d.toks[m].end], true
					}
				}
			}
		}
	}
	return "", false
}

// elderPace is the pace for a request that states none: relaxed when it
// takes older people along, with a note.
func (d *doc) elderPace() string {
	w, ok := d.eldersAlong()
	if !ok {
		return ""
	}
	d.notes = append(d.notes, "relaxed pace assumed: travelling with older people ("+w+"); change pace to adjust")
	return "relaxed"
}
