package brief

import "strings"

// The party read from nouns alone, when no count, relation or pair rule
// read anyone: the way people name their group in a list of details
// ("Chongqing to Wuhan, 2 days, couple, …", "two retirees", "mother and
// daughter", 两个退休老人, 爸妈六十多岁). It only fills an empty reading, so
// every reading of the other rules stands.

// enGroupNouns are people named by a number that enPeopleNouns does not
// hold: "two retirees", "three sisters", "4 students".
var enGroupNouns = map[string]bool{
	"retirees": true, "pensioners": true, "seniors": true, "sisters": true, "brothers": true, "siblings": true,
	"cousins": true, "students": true, "girls": true, "guys": true, "ladies": true, "women": true, "men": true,
	"lads": true, "gals": true, "roommates": true, "teammates": true, "grandparents": true, "retired": true,
	"backpackers": true, "ppl": true, "folks": true, "couples": false, "elders": true, "pals": true, "besties": true,
}

// enPairNouns name a pair by one word: "couple" (not "a couple of"),
// "honeymooners", "newlyweds".
var enPairNouns = map[string]bool{"couple": true, "honeymooners": true, "newlyweds": true, "honeymooning": true, "spouses": true}

// enKinNouns are kin without "my": "mother and daughter", "father and son",
// "two sisters" are the party itself.
var enKinNouns = map[string]bool{
	"mother": true, "mom": true, "mum": true, "father": true, "dad": true, "daughter": true, "son": true,
	"sister": true, "brother": true, "grandma": true, "grandpa": true, "grandmother": true, "grandfather": true,
	"aunt": true, "uncle": true, "niece": true, "nephew": true, "cousin": true, "husband": true, "wife": true,
	"granddaughter": true, "grandson": true, "friend": true, "partner": true,
}

// partyFromNouns fills an empty party from the nouns that name it.
func (d *doc) partyFromNouns(p *party) {
	if a, c := p.resolve(); a > 0 || c > 0 {
		return
	}
	if d.hasLatin {
		if n := d.partyNounsEN(); n > 0 {
			p.total, p.solo = n, false
			return
		}
	}
	if d.hasHanText {
		partyNounsZH(d.clean, p)
	}
}

func (d *doc) partyNounsEN() int {
	toks := d.toks
	word := func(i int) string {
		if i >= 0 && i < len(toks) && toks[i].kind == tWord {
			return toks[i].low
		}
		return ""
	}
	for i := range toks {
		w := word(i)
		switch {
		case w == "":
			continue
		case enGroupNouns[w]:
			if n := wordNumber(word(i - 1)); n > 1 && n < 40 && !timeNouns[w] {
				return n // "two retirees"
			}
			if w == "grandparents" && (word(i-1) == "my" || word(i-1) == "our") {
				continue // the relation rules read "my grandparents"
			}
		case enPairNouns[w]:
			// "couple," / "a retired couple" / "young couple in our 30s", not
			// "a couple of days" and not "two couples" (read by count)
			if word(i+1) == "of" || wordNumber(word(i-1)) > 1 {
				continue
			}
			return 2
		case w == "and" && enKinNouns[word(i-1)] && enKinNouns[word(i+1)] && word(i-2) != "my" && word(i-2) != "our" &&
			word(i-2) != "with" && word(i-2) != "his" && word(i-2) != "her":
			return 2 // "mother and daughter", "father and son"
		case w == "parents" && word(i-1) != "my" && word(i-1) != "our" && d.enAny("with me", "and me", "and i", "and myself", "plus me"):
			return 3 // "elderly parents aged 74 and 71 with me"
		}
	}
	return 0
}

// zhCountedNouns are people a count names with a few words between:
// 两个退休老人, 三个大学同学, 四位年轻女生.
var zhCountedNouns = []string{"老年人", "老人", "成年人", "大人", "朋友", "同学", "同事", "学生", "女生", "男生", "姐妹", "兄弟", "闺蜜", "驴友", "游客", "老师", "老同学"}

// zhPairFor mark a trip arranged for others: 给爸妈安排 is the parents
// alone.
var zhPairFor = []string{"给", "帮", "为", "替"}

func partyNounsZH(s string, p *party) {
	for _, unit := range []string{"个", "位", "名"} {
		for off := 0; ; {
			k := strings.Index(s[off:], unit)
			if k < 0 {
				break
			}
			k += off
			off = k + len(unit)
			n, _ := readNumberBackAll(s, k)
			if n < 2 || n > 40 {
				continue
			}
			rest := s[off:]
			// a few Han characters of description, then the people noun
			for skip, runes := 0, 0; runes <= 4 && skip <= len(rest); runes++ {
				for _, w := range zhCountedNouns {
					if strings.HasPrefix(rest[skip:], w) {
						p.total = n
						return
					}
				}
				r := []rune(rest[skip:])
				if len(r) == 0 || !isHan(r[0]) {
					break
				}
				skip += len(string(r[0]))
			}
		}
	}
	for _, rel := range zhPairRel {
		k := strings.Index(s, rel)
		if k < 0 {
			continue
		}
		before := s[:k]
		for _, f := range zhPairFor {
			if strings.HasSuffix(before, f) || strings.HasSuffix(before, f+"我") {
				p.total = 2 // 给爸妈安排: the parents alone
				return
			}
		}
		p.companions = 2 // 爸妈六十多岁: the writer and the parents
		return
	}
}

// afterJourneyNoun reports whether the English place span follows a
// journey noun that opens the request's route: "Solo trip Guangzhou to
// Chengdu", "Family vacation Denver to Austin" start in the first place,
// where "trip" alone would cue a destination.
func (d *doc) afterJourneyNoun(sp *span) bool {
	before := strings.TrimRight(d.low[:sp.start], " ")
	k := strings.LastIndexAny(before, " ,.;:!?")
	w := before[k+1:]
	if !journeyNounsEN[w] && w != "getaway" && w != "break" {
		return false
	}
	// "a trip to Rome to Florence" is not a route from Rome
	prev := strings.TrimRight(before[:k+1], " ,")
	return !strings.HasSuffix(prev, " to") && prev != "to"
}
