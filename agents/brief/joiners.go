package brief

import "strings"

// zhJoinLater are words after a relation that say it comes along, written
// after the trip (老公也去, 老婆也来, 我妈一起去).
var zhJoinLater = []string{"也去", "也来", "也一起", "也跟着", "也同行", "一起去", "同行"}

// joinersZH reads companions named outside the 带/和 forms: a group noun
// before its count (闺蜜两个: two in all), a relation before 和我 (妈妈和我),
// a relation that comes too (老公也去), and a Chinese relation after the
// English "with" (with 男朋友).
func joinersZH(s string, p *party) {
	if p.total == 0 && p.adults == 0 { // 两家人4个大人: the adults are counted
		for _, noun := range zhGroupNouns[:len(zhGroupNouns)-1] {
			i := strings.Index(s, noun)
			if i < 0 {
				continue
			}
			rest := s[i+len(noun):]
			switch n, k := readNumberFwdAll(rest, 0); {
			case strings.HasPrefix(rest, "俩"), strings.HasPrefix(rest, "仨"):
				p.total = 2 // 闺蜜俩, 同学仨
				if strings.HasPrefix(rest, "仨") {
					p.total = 3
				}
			case n > 1 && n < 20 && hasPrefixAny(rest[k:], "个", "人") && !hasPrefixAny(rest[k:], "个月", "个小时"):
				p.total = n // 闺蜜两个, 同学三个人
			}
			if p.total > 0 {
				break
			}
		}
	}
	for _, rel := range zhAdultRel {
		i := strings.Index(s, rel)
		if i < 0 || strings.Count(s, rel) > 1 || zhRelInsideLonger(s, i, rel) {
			continue
		}
		before, after := s[:i], s[i+len(rel):]
		if endsWithAny(before, zhWith...) || strings.HasSuffix(before, "我") && len(rel) <= len("妈妈") {
			continue // counted by the 带/和 forms, or 我妈
		}
		if hasPrefixAny(after, "和我", "跟我", "与我", "陪我") || hasPrefixAny(after, zhJoinLater...) ||
			strings.HasSuffix(strings.TrimRight(before, " "), "with") {
			p.companions++
		}
	}
}

// zhRelInsideLonger reports whether the relation rel at i is part of a
// longer relation or word (妈 in 妈妈 or 老妈, 爸 in 爸妈).
func zhRelInsideLonger(s string, i int, rel string) bool {
	for _, other := range zhAdultRel {
		if len(other) <= len(rel) || !strings.Contains(other, rel) {
			continue
		}
		for k := max(0, i-len(other)); k <= i && k+len(other) <= len(s); k++ {
			if s[k:k+len(other)] == other {
				return true
			}
		}
	}
	for _, pair := range append(zhPairRel[:len(zhPairRel):len(zhPairRel)], zhCoParent...) {
		if strings.Contains(pair, rel) && strings.Contains(s, pair) { // 爸妈, 孩子他妈
			return true
		}
	}
	return false
}

func endsWithAny(s string, ws ...string) bool {
	for _, w := range ws {
		if strings.HasSuffix(s, w) {
			return true
		}
	}
	return false
}

// enComingWords after a relation say it comes along ("husband's coming
// too", "my sister is joining", "mom will come").
var enComingWords = map[string]bool{"coming": true, "joining": true, "join": true, "come": true, "comes": true, "tagging": true}

// joinersEN reads companions named outside the my/our forms: a bare
// relation that comes along ("husband's coming too"), relations listed
// after "me" with commas ("me, husband, kids aged 8 and 12"), and a solo
// word joined to another ("just me and my bestie" is two).
func (d *doc) joinersEN(p *party) {
	toks := d.toks
	word := func(i int) string {
		if i >= 0 && i < len(toks) && toks[i].kind == tWord {
			return toks[i].low
		}
		return ""
	}
	owned := func(i int) bool {
		switch word(i - 1) {
		case "my", "our", "his", "her", "their", "the", "and", "with":
			return true
		}
		return false
	}
	for i := range toks {
		w := word(i)
		if rel, ok := strings.CutSuffix(strings.ReplaceAll(w, "’", "'"), "'s"); ok && enAdultRel[rel] > 0 && enComingWords[word(i+1)] {
			p.companions += enAdultRel[rel] // "(my) husband's coming too": no other form reads husband's
			continue
		}
		if (w == "just" || w == "only") && word(i+1) == "me" && i+2 < len(toks) &&
			(word(i+2) == "and" || word(i+2) == "with" || toks[i+2].text == "+" || toks[i+2].text == "&") {
			p.solo = false // "just me and my bestie"
		}
		if enAdultRel[w] == 0 || owned(i) {
			continue
		}
		j := i + 1
		if j < len(toks) && (toks[j].text == "'" || toks[j].text == "’") && word(j+1) == "s" {
			j += 2 // husband's
		} else if word(j) == "is" || word(j) == "will" {
			j++
		}
		if word(j) == "be" {
			j++
		}
		if enComingWords[word(j)] && j > i+1 {
			p.companions += enAdultRel[w]
			continue
		}
		// "me, husband, kids": a list after me
		for k := i - 1; k >= 1 && toks[k].text == ","; k -= 2 {
			if prev := word(k - 1); prev == "me" {
				p.companions += enAdultRel[w]
				break
			} else if enAdultRel[prev] == 0 {
				break
			}
		}
	}
}
