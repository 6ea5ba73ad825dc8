package brief

import (
	"strings"
	"unicode/utf8"
)

// maxChildAge is the oldest age read as a child's.
const maxChildAge = 17

// childAges reads the ages of children the request gives: "a 6-year-old",
// "kids aged 4 and 7", "ages 5, 8", 6岁的儿子, 孩子5岁和8岁. Thresholds
// ("kids under 10", 10岁以下) are not ages. Ages are in the order written.
func (d *doc) childAges() []int {
	var out []int
	if d.hasLatin {
		out = append(out, d.childAgesEN()...)
	}
	if d.hasHanText {
		out = append(out, childAgesZH(d.clean)...)
	}
	return out
}

func (d *doc) childAgesEN() []int {
	var out []int
	toks := d.toks
	word := func(i int) string {
		if i >= 0 && i < len(toks) && toks[i].kind == tWord {
			return toks[i].low
		}
		return ""
	}
	// next word index after i, skipping hyphens
	next := func(i int) int {
		j := i + 1
		for j < len(toks) && toks[j].kind == tPunct && toks[j].text == "-" {
			j++
		}
		return j
	}
	threshold := func(i int) bool {
		switch word(i - 1) {
		case "under", "below", "over", "above", "than", "least":
			return true
		}
		return false
	}
	for i := 0; i < len(toks); i++ {
		n := wordNumber(word(i))
		if n <= 0 {
			// "a 5yo", "our 7yo": the age glued to its unit
			if w, ok := strings.CutSuffix(word(i), "yo"); ok && w != "" && len(w) <= 2 && allDigits(w) && !threshold(i) {
				if v := wordNumber(w); v <= maxChildAge {
					out = append(out, v)
				}
			}
			continue
		}
		j := next(i)
		if m := word(j); (m == "month" || m == "months" || m == "mo") && n < 36 && (word(next(j)) == "old" || word(next(j)) == "olds") && !threshold(i) {
			out = append(out, n/12) // "our 18-month-old": a child of 1
			continue
		}
		if n > maxChildAge || threshold(i) {
			continue
		}
		switch word(j) {
		case "year", "years", "yr", "yrs":
			if k := next(j); word(k) == "old" || word(k) == "olds" {
				if word(i-1) == "a" || word(i-1) == "an" || !enPeopleNouns[word(k+1)] {
					out = append(out, d.agesBefore(i)...) // "a 5 and an 8 year old"
					out = append(out, n)
					if word(k+1) == "twins" || word(i-1) == "twin" || word(k+1) == "twin" {
						out = append(out, n) // "our 3-year-old twins", "twin 5-year-olds": two children of that age
					}
				}
			}
		case "yo", "y":
			out = append(out, n)
		}
	}
	// "a 2-year-old and a newborn": a newborn is a child of 0
	for i := 1; i < len(toks); i++ {
		if word(i) == "newborn" && (word(i-1) == "a" || word(i-1) == "our" || word(i-1) == "my" || word(i-1) == "the") {
			out = append(out, 0)
		}
	}
	// "aged 4 and 7", "ages 5, 8 and 11", "age 6"
	for i := 0; i < len(toks); i++ {
		w := word(i)
		paren := 0
		if enKidRel[w] {
			// "teenagers (14 and 16)", "twins (they're 4)", "kids are 3, 7
			// and 11", "our daughter, 6": words that lead to the ages
			for paren < 3 && i+1+paren < len(toks) && (toks[i+1+paren].text == "(" || (toks[i+1+paren].text == "," || toks[i+1+paren].text == ":") && paren == 0 || enAgeLead[word(i+1+paren)]) {
				paren++
			}
		}
		if w != "aged" && w != "ages" && w != "age" && !(enKidRel[w] && i+1+paren < len(toks) && wordNumber(word(i+1+paren)) > 0 && !d.lengthAt(i+1+paren) && !enPeopleNouns[word(i+2+paren)]) {
			continue // "aged 4 and 7", "kids 3 and 7"
		}
		if w == "age" && (word(i-1) == "the" || word(i-1) == "of") {
			continue // "under the age of 10"
		}
		read, last := 0, 0
		for j := i + 1 + paren; j < len(toks) && j < i+8+paren; j++ {
			t := &toks[j]
			if t.kind == tPunct && (t.text == "," || t.text == "&") || word(j) == "and" || word(j) == "&" {
				continue
			}
			n := wordNumber(word(j))
			if n <= 0 || n > maxChildAge || !allDigits(word(j)) && englishNumbers[word(j)] == 0 || !allDigits(word(j)) && n == 1 || timeNouns[word(j+1)] ||
				paren > 0 && (enPeopleNouns[word(j+1)] || enAdultChildNouns[word(j+1)]) {
				last = j - 1 // not "a week", "one day"; "… 11 years old" is checked below
				break
			}
			if u := word(next(j)); u == "yo" || u == "y" {
				last = j // "toddler (2 yo)": read with its unit above
				continue
			}
			out = append(out, n)
			read++
			last = j
		}
		if last > 0 && wordNumber(word(next(last))) > 0 {
			last = next(last) // the number the list stopped at
		}
		// "our boys are 8 and 11 years old": the list ends in "N years old",
		// read with the ages before it by the loop above
		if k := next(last); read > 0 && (word(k) == "year" || word(k) == "years" || word(k) == "yr" || word(k) == "yrs") && (word(next(k)) == "old" || word(next(k)) == "olds") {
			out = out[:len(out)-read]
			continue
		}
		// "twins aged 4", "the twins (5)": one age for both
		if read == 1 && (w == "twins" || (w == "aged" || w == "age" || w == "ages") && word(i-1) == "twins") {
			out = append(out, out[len(out)-1])
		}
	}
	return out
}

// enAgeLead are words between a child and the ages that follow ("twins
// (they're 4)", "kids are 3 and 7", "the boys, both 6").
var enAgeLead = map[string]bool{"are": true, "is": true, "they're": true, "theyre": true, "they": true, "both": true, "who": true,
	"he's": true, "she's": true}

// agesBefore returns the ages listed right before the "N year old" at
// token i, in order: "a 5 and an 8 year old", "3, 6 and 9 year olds".
func (d *doc) agesBefore(i int) []int {
	toks := d.toks
	word := func(k int) string {
		if k >= 0 && k < len(toks) && toks[k].kind == tWord {
			return toks[k].low
		}
		return ""
	}
	var out []int
	k := i - 1
	if w := word(k); w == "a" || w == "an" {
		k--
	}
	for k >= 1 && (word(k) == "and" || word(k) == "or" || toks[k].text == ",") {
		m := k - 1
		if toks[m].text == "," || word(m) == "and" {
			m-- // "3, and 8"
		}
		n := wordNumber(word(m))
		if m < 0 || n <= 0 || n > maxChildAge || word(m) == "a" || word(m) == "an" || timeNouns[word(m+1)] {
			break
		}
		out = append([]int{n}, out...)
		k = m - 1
		if w := word(k); w == "a" || w == "an" {
			k--
		}
	}
	return out
}

// childAgesZH finds N岁 with N a child's age, not followed by a threshold
// word (以上, 以下, 以内) or preceded by one (不满, 未满, 小于).
func childAgesZH(s string) []int {
	var out []int
	for i := 0; ; {
		j := strings.Index(s[i:], "岁")
		if j < 0 {
			break
		}
		j += i
		i = j + len("岁")
		n, ns := readNumberBackAll(s, j)
		if ns == j || n <= 0 || n > maxChildAge {
			continue
		}
		after, before := s[j+len("岁"):], s[:ns]
		justTurned := hasSuffixAny(before, "刚满", "已满", "才满", "刚刚满", "正好满") // 孩子刚满1岁: an age
		if hasPrefixAny(after, "以上", "以下", "以内", "及以上", "及以下", "半以下") || !justTurned && hasSuffixAny(before, "不满", "未满", "小于", "低于", "超过", "大于", "满") {
			continue
		}
		if strings.HasPrefix(after, "半") {
			// 两岁半: the half year is kept out of the whole years
		}
		out = append(out, n)
		// 3岁的双胞胎, 双胞胎都3岁: two children of that age
		if hasPrefixAny(strings.TrimPrefix(strings.TrimPrefix(after, "半"), "的"), "双胞胎", "龙凤胎") ||
			hasSuffixAny(before, "双胞胎", "双胞胎都", "双胞胎今年", "双胞胎都是", "双胞胎（", "双胞胎(", "龙凤胎", "龙凤胎都", "龙凤胎今年", "龙凤胎（", "龙凤胎(") {
			out = append(out, n)
		}
	}
	return out
}

func hasPrefixAny(s string, ps ...string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func hasSuffixAny(s string, ps ...string) bool {
	for _, p := range ps {
		if strings.HasSuffix(s, p) {
			return true
		}
	}
	return false
}

// zhGroupNouns are people a group is made of (我们五个同事, 三个闺蜜).
var zhGroupNouns = []string{"同事", "朋友", "好友", "同学", "闺蜜", "室友", "兄弟", "姐妹", "哥们", "驴友", "队友", "家人", "老人", "大学生", "学生", "伙伴", "小伙伴", "人"}

// groupZH reads a group counted with its noun: 我们五个同事, 我们仨, 我们一行六人,
// 五个朋友去…. It returns the group's size including the writer, or 0.
func groupZH(s string) int {
	for _, we := range []string{"我们", "咱们", "我们一行", "一行"} {
		for i := 0; ; {
			j := strings.Index(s[i:], we)
			if j < 0 {
				break
			}
			j += i + len(we)
			i = j
			rest := strings.TrimPrefix(s[j:], "一行")
			if strings.HasPrefix(rest, "仨") {
				return 3
			}
			n, k := readNumberFwdAll(rest, 0)
			if n < 2 || n > 50 {
				continue
			}
			rest = rest[k:]
			rest = strings.TrimPrefix(strings.TrimPrefix(rest, "个"), "位")
			if m := groupModifierLen(rest); m > 0 && hasPrefixAny(rest[m:], zhGroupNouns...) {
				rest = rest[m:]
			}
			if rest == "" || hasPrefixAny(rest, zhGroupNouns...) || !isHan(firstRune(rest)) || hasPrefixAny(rest, "去", "想", "要", "打算", "准备", "计划", "一起", "从", "在", "都", "也", "是", "今年", "这次", "出发", "自驾", "坐") {
				return n
			}
		}
	}
	// 五个同事去…, 三个闺蜜一起: a counted group noun not after 和/带/跟
	for _, noun := range zhGroupNouns[:len(zhGroupNouns)-1] {
		for i := 0; ; {
			j := strings.Index(s[i:], noun)
			if j < 0 {
				break
			}
			i = j + i + len(noun)
			end := i - len(noun)
			k := end
			for _, m := range zhGroupModifiers {
				if strings.HasSuffix(s[:k], m) {
					k -= len(m) // 6个大学同学
					break
				}
			}
			k = trimSuffixLen(s, k, "个")
			k = trimSuffixLen(s, k, "位")
			n, ns := readNumberBackAll(s, k)
			if ns == k || n < 2 || n > 50 {
				continue
			}
			if hasSuffixAny(s[:ns], "和", "带", "带着", "带上", "跟", "与", "陪", "同", "还有", "及") {
				continue // companions: counted by the relation rules
			}
			return n
		}
	}
	return 0
}

// zhGroupModifiers qualify a group noun: 大学同学, 公司同事, 好朋友.
var zhGroupModifiers = []string{"大学", "高中", "初中", "小学", "研究生", "公司", "单位", "部门", "办公室", "同班", "老", "好"}

// groupModifierLen returns the length of a group-noun modifier at the
// start of s, or 0.
func groupModifierLen(s string) int {
	for _, m := range zhGroupModifiers {
		if strings.HasPrefix(s, m) {
			return len(m)
		}
	}
	return 0
}

func trimSuffixLen(s string, k int, suf string) int {
	if strings.HasSuffix(s[:k], suf) {
		return k - len(suf)
	}
	return k
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
