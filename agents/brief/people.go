package brief

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// party is what the request says about who travels.
type party struct {
	total, adults, children int
	companions              int // adults named besides the writer (带老婆, with my wife)
	kids                    int // children named besides the writer (带孩子, with my son)
	vagueKids               bool
	ourKids                 bool // "our kids": the writer is one of two parents
	solo                    bool
	// family marks a total read as a household (一家三口, 三口之家);
	// extra counts the adults named beside it from outside the household
	// (奶奶, 外公外婆, 朋友), who come on top of it.
	family bool
	extra  int
}

func (p party) resolve() (adults, children int) {
	if p.ourKids && p.companions == 0 {
		p.companions = 1 // "our kids": the writer and the other parent
	}
	switch {
	case p.solo && p.total == 0 && p.adults == 0:
		return 1, 0
	case p.total > 0:
		if p.family {
			p.total += p.extra // 一家三口带奶奶: four
		}
		c := p.children
		if c == 0 {
			c = p.kids
		}
		if c >= p.total {
			c = 0
		}
		return p.total - c, c
	case p.adults > 0 || p.children > 0:
		a := p.adults
		if a == 0 {
			a = 1 + p.companions
		}
		return a, p.children
	case p.companions > 0 || p.kids > 0:
		return 1 + p.companions, p.kids
	}
	return 0, 0
}

var (
	zhAdultWords = []string{"个大人", "位大人", "大人", "个成人", "位成人", "成人", "个成年人", "名成人"}
	zhChildWords = []string{"个孩子", "个小孩", "个儿童", "个宝宝", "个娃", "位儿童", "名儿童", "个小朋友", "孩子", "小孩", "儿童", "宝宝", "小朋友"}
	zhPeopleUnit = []string{"个人", "位", "人", "口人", "名"}
	// companions: an adult each, unless a pair
	zhAdultRel = []string{"女朋友", "男朋友", "女友", "男友", "老婆", "老公", "媳妇", "妻子", "丈夫", "爱人", "对象", "闺蜜", "朋友", "同事", "同学", "室友", "妈妈", "爸爸", "母亲", "父亲", "我妈", "我爸", "太太", "先生", "兄弟", "姐姐", "妹妹", "哥哥", "弟弟", "奶奶", "爷爷", "外婆", "外公", "姥姥", "姥爷", "婆婆", "岳母", "女伴", "男伴", "基友", "搭子",
		"老妈", "老爸", "老伴", "公公", "岳父", "舅舅", "舅妈", "阿姨", "姑姑", "叔叔", "婶婶", "伯伯", "表哥", "表姐", "表妹", "表弟", "堂哥", "堂姐", "姐夫", "嫂子", "男票", "女票",
		"小姨", "大姨", "姨妈", "姑妈", "姨",
		"我姐", "我妹", "我哥", "我弟", "姐", "妹", "哥", "弟",
		"妈", "爸"} // 和我妈, 还有我姐: the 我 before is trimmed
	zhPairRel = []string{"爸妈", "父母", "二老", "公婆", "岳父母", "爷爷奶奶", "外公外婆"}
	// zhCoParent name the other parent by the children (孩子他爸): an
	// adult, not a child; longest first.
	zhCoParent = []string{"孩子的爸爸", "孩子的妈妈", "孩子他爸", "孩子他妈", "孩子她妈", "孩子她爸", "孩子爸爸", "孩子妈妈", "孩儿他爹",
		"孩儿他娘", "孩子爸", "孩子妈", "孩他爸", "孩他妈", "娃他爸", "娃他妈", "娃她妈", "娃她爸", "娃爸", "娃妈"}
	zhChildRel = []string{"对双胞胎", "双胞胎", "孩子", "儿子", "女儿", "宝宝", "娃", "小孩", "闺女", "小朋友", "宝贝"}
	zhWith     = []string{"外加", "加上", "带上", "带着", "带", "陪着", "陪", "和", "跟", "与", "同", "及", "还有"}
)

// enAdultChildNouns count adults or children apart: "we are 2 adults and 3
// children" is five, not two.
var enAdultChildNouns = map[string]bool{
	"adults": true, "adult": true, "grown-ups": true, "grownups": true, "children": true, "kids": true, "child": true,
	"kid": true, "toddlers": true, "toddler": true, "infants": true, "infant": true, "teenagers": true, "teens": true,
	"babies": true, "baby": true, "grown": true, "parents": true, "newborn": true, "newborns": true,
}

// people reads the travelling party.
func (d *doc) people() party {
	var p party
	if d.hasHanText {
		d.peopleZH(&p)
	}
	if d.hasLatin {
		d.peopleEN(&p)
	}
	d.partyFromNouns(&p)
	return p
}

func (d *doc) peopleZH(p *party) {
	s := d.clean
	familyZH(s, p)
	countsZH(s, p)
	headcountZH(s, p)
	d.pairsZH(s, p)
	companionsZH(s, p)
	weGroupJoinedZH(s, p)
	joinersZH(s, p)
}

// zhJoinWords join a counted "we" to others: 二老加上我们俩, 我们俩带孩子.
var zhJoinWords = []string{"再加上", "加上", "外加", "带上", "带着", "带", "和", "跟", "还有", "以及", "陪着", "陪"}

// weGroupJoinedZH reads a counted "we" (我们俩, 我们两个, 咱们三个人) joined
// to relations named before or after it: the "we" are adults and the
// others come on top (二老加上我们俩: four adults; 我们俩带孩子: two and a
// child), where the count alone would read the whole party.
func weGroupJoinedZH(s string, p *party) {
	for _, we := range []string{"我们", "咱们"} {
		a := strings.Index(s, we)
		if a < 0 {
			continue
		}
		rest := s[a+len(we):]
		n, k := 0, 0
		lead := 0
		for _, pre := range []string{"夫妻", "夫妇", "两口子", "小两口", "俩口子"} {
			if strings.HasPrefix(rest, pre) {
				lead = len(pre) // 我们夫妻俩, 我们两口子
				break
			}
		}
		if lead > 0 {
			rest = rest[lead:]
			if !hasPrefixAny(rest, "俩", "两个", "二人", "两人") {
				rest = "俩" + rest
				lead -= len("俩")
			}
		}
		switch {
		case strings.HasPrefix(rest, "俩"):
			n, k = 2, len("俩")
		case strings.HasPrefix(rest, "仨"):
			n, k = 3, len("仨")
		default:
			n, k = readNumberFwdAll(rest, 0)
			if n < 2 || n > 20 || !hasPrefixAny(rest[k:], "个", "位", "人") {
				continue
			}
			for _, u := range []string{"个人", "个", "位", "人"} {
				if strings.HasPrefix(rest[k:], u) {
					k += len(u)
					break
				}
			}
		}
		if strings.HasPrefix(rest, "两人") || strings.HasPrefix(rest, "二人") {
			n, k = 2, len("两人")
		}
		b := a + len(we) + lead + k
		before := ""
		for _, j := range zhJoinWords {
			if strings.HasSuffix(s[:a], j) {
				before = s[:a-len(j)]
				break
			}
		}
		joinedAfter := hasPrefixAny(s[b:], zhJoinWords...)
		if before == "" && !joinedAfter {
			// 带着二老，我们俩 / 我们俩，带着孩子: a clause of companions
			// (read by companionsZH) opened by a joining word joins them
			// across the comma
			joinedAfter = joinedClauseBefore(s[:a]) || hasPrefixAny(strings.TrimLeft(s[b:], "，, "), "带着", "带上", "带", "陪着", "还有", "加上")
			if !joinedAfter {
				continue
			}
		}
		// the relations named before the join, back to the clause start
		if k := strings.LastIndexAny(before, "，,。；;！!？? "); k >= 0 {
			before = before[k+1:]
		}
		var q party
		for _, rel := range zhPairRel {
			if strings.Contains(before, rel) {
				q.companions += 2 // 二老 (whose 二 is no count), 爸妈
				before = strings.Replace(before, rel, "、", 1)
			}
		}
		if before != "" {
			companionsZH("和"+before, &q)
		}
		if q.companions+q.kids == 0 && p.companions+p.kids == 0 {
			continue
		}
		p.total, p.family = 0, false
		p.adults = n + p.companions + q.companions
		p.children = max(p.children, p.kids+q.kids)
		return
	}
}

// joinedClauseBefore reports whether the clause right before a comma that
// ends s is opened by a joining word (带着二老，我们俩).
func joinedClauseBefore(s string) bool {
	t := strings.TrimRight(s, " ")
	for _, c := range []string{"，", ","} {
		if strings.HasSuffix(t, c) {
			t = t[:len(t)-len(c)]
			if k := strings.LastIndexAny(t, "，,。；;！!？? "); k >= 0 {
				t = t[k+1:]
			}
			return hasPrefixAny(t, "带着", "带上", "带", "陪着", "陪", "还有", "加上")
		}
	}
	return false
}

// familyZH reads 一家三口 and 两大一小.
func familyZH(s string, p *party) {
	// 一家三口, 三口之家, 我们家三口人
	n := 0
	if i := strings.Index(s, "一家"); i >= 0 {
		rest := s[i+len("一家"):]
		if m, k := readNumberFwdAll(rest, 0); m >= 2 && strings.HasPrefix(rest[k:], "口") {
			n = m
		}
	}
	for _, w := range []string{"口之家", "口人家"} {
		if i := strings.Index(s, w); n == 0 && i > 0 {
			if m, ms := readNumberBackAll(s, i); m >= 2 && ms < i {
				n = m
			}
		}
	}
	if n > 0 {
		p.total, p.family = n, true
		switch {
		case n == 2:
			p.children = 0
		case n <= 4:
			p.children = n - 2
		case n == 5:
			p.children = 1
		default:
			p.children = 2
		}
	}
	// 两大一小, 2大1小
	if i := strings.Index(s, "大"); i >= 0 {
		for j := i; j >= 0; {
			a, as := readNumberBackAll(s, j)
			if a > 0 && as < j {
				rest := s[j+len("大"):]
				c, k := readNumberFwdAll(rest, 0)
				if c > 0 && strings.HasPrefix(rest[k:], "小") {
					p.adults, p.children, p.total = a, c, a+c
					break
				}
			}
			n := strings.Index(s[j+len("大"):], "大")
			if n < 0 {
				break
			}
			j += len("大") + n
		}
	}
}

// countsZH reads stated counts of adults and children.
func countsZH(s string, p *party) {
	// N个大人, N个孩子 — stated counts also say how a family (一家五口) is
	// made up: 一家五口，三个大人两个小孩 is 3 + 2, not the usual 4 + 1
	if p.total == 0 || p.adults == 0 {
		adults, children := 0, -1
		for _, w := range zhAdultWords {
			if i := strings.Index(s, w); i >= 0 {
				if n, ns := readNumberBackAll(s, i); n > 0 && ns < i {
					adults = n
					break
				}
			}
		}
		for _, w := range zhChildWords {
			if i := strings.Index(s, w); i >= 0 {
				if n, ns := readNumberBackAll(s, i); n > 0 && ns < i && n < 20 {
					children = n
					break
				}
			}
		}
		switch family := p.total; {
		case family == 0:
			p.adults = adults
			if children >= 0 {
				p.children = children
			}
		case adults > 0 && children >= 0 && adults+children == family:
			p.adults, p.children = adults, children
		case adults > 0 && adults < family && children < 0:
			p.adults, p.children = adults, family-adults
		case children >= 0 && children < family && adults == 0:
			p.children = children
		}
	}
}

// headcountZH reads a head count: N人, 我们三个人, 两位, group nouns.
func headcountZH(s string, p *party) {
	// N人, 我们三个人, 两位
	if p.total == 0 && p.adults == 0 {
		for i := 0; i < len(s); {
			r, sz := utf8.DecodeRuneInString(s[i:])
			if r == '人' || r == '位' || r == '名' || r == '口' {
				n, ns := readNumberBackAll(s, i)
				if strings.HasSuffix(s[:i], "个") {
					n, ns = readNumberBackAll(s, i-len("个"))
				}
				after := s[i+sz:]
				before := s[:ns]
				if n > 0 && n <= 100 && ns < i && !strings.HasPrefix(after, "均") && !strings.HasPrefix(after, "间") && !strings.HasPrefix(after, "房") &&
					!strings.HasPrefix(after, "床") && !strings.HasSuffix(before, "每") && !strings.HasSuffix(before, "第") &&
					!(r == '口' && !strings.HasSuffix(before, "家")) && !(r == '名' && !strings.HasPrefix(after, "游客")) {
					if n == 1 {
						p.solo = true
					} else {
						p.total = n
					}
					break
				}
			}
			i += sz
		}
	}
	if p.total == 0 && p.adults == 0 {
		if n := groupZH(s); n > 0 {
			p.total = n
		}
	}
}

// pairsZH reads couples, pairs and solo travel.
func (d *doc) pairsZH(s string, p *party) {
	if d.zhAny("老两口") && p.total == 0 && p.adults == 0 {
		p.adults = 2
	}
	if d.zhAny("双人行", "俩人", "两个人") && p.total == 0 && p.adults == 0 {
		p.total = 2
	}
	// 三对夫妻, 两对情侣: two adults a pair
	if p.total == 0 && p.adults == 0 {
		for _, w := range []string{"对夫妻", "对夫妇", "对情侣", "对小夫妻", "对老夫妻", "对老夫妇", "对小情侣", "对新人", "对父母", "对老人"} {
			if k := strings.Index(s, w); k > 0 {
				if n, ns := readNumberBackAll(s, k); ns < k && n > 1 && n <= 20 {
					p.adults = 2 * n
					break
				}
			}
		}
	}
	if d.zhAny("情侣", "夫妻", "两口子", "小两口", "蜜月", "二人世界", "夫妇") && p.total == 0 && p.adults == 0 {
		p.adults = 2
	}
	if d.zhAny("独自", "独行", "一个人", "自己一人", "单人游", "独游", "单身") && p.total == 0 && p.adults == 0 {
		p.solo = true
	}
}

// companionsZH reads companions: 我和女朋友, 带上老婆, 带爸妈, 带孩子.
func companionsZH(s string, p *party) {
	// companions: 我和女朋友, 带上老婆, 带爸妈, 带孩子
	seen := map[string]bool{}
	// 孩子他爸, 娃他妈: the children's other parent, an adult, counted once
	for _, w := range zhCoParent {
		if strings.Contains(s, w) {
			p.companions++
			break
		}
	}
	// the end of each relation counted, so that one written once is
	// counted once whichever list word reaches it (和老公还有我妈: 我妈 after
	// 和…还有 and 妈 after 还有我 are one mother)
	counted := map[int]bool{}
	fresh := func(rest string, k int) bool {
		end := len(s) - len(rest) + k
		if counted[end] {
			return false
		}
		counted[end] = true
		return true
	}
	for _, w := range zhWith {
		for i := 0; ; {
			j := strings.Index(s[i:], w)
			if j < 0 {
				break
			}
			j += i + len(w)
			i = j
			rest := s[j:]
			for _, pre := range []string{"她的", "他的", "她", "他"} {
				rest = strings.TrimPrefix(rest, pre)
			}
			rest = strings.TrimPrefix(rest, "我的")
			rest = strings.TrimPrefix(rest, "我")
			rest = strings.TrimPrefix(rest, "家里")
			rest = strings.TrimPrefix(rest, "家")
			for k := 0; k < 3 && rest != ""; k++ {
				n, nk := readNumberFwdAll(rest, 0)
				if prefixAny(rest, zhPairRel) != "" {
					n, nk = 0, 0 // 二老: a pair, not a count
				}
				if strings.HasPrefix(rest[nk:], "个") {
					nk += len("个")
				}
				if m := prefixAny(rest[nk:], []string{"多月大的", "多月的", "月大的", "月的", "月大"}); n > 0 && m != "" && strings.HasSuffix(rest[:nk], "个") {
					// 带着10个月的宝宝: an age in months, not a count
					rest, n, nk = rest[nk+len(m):], 0, 0
				}
				if n > 0 && hasPrefixAny(rest[nk:], "岁的", "多岁的", "岁") {
					// 带着72岁的老妈: an age, not a count
					n, nk = 0, nk+strings.Index(rest[nk:], "岁")+len("岁")
					rest = rest[nk:]
					nk = 0
					rest = strings.TrimPrefix(rest, "的")
				}
				if m := groupModifierLen(rest[nk:]); m > 0 && hasPrefixAny(rest[nk+m:], zhGroupNouns...) {
					nk += m // 三个大学同学
				}
				matched := false
				if cp := prefixAny(rest[nk:], zhCoParent); cp != "" {
					rest, matched = rest[nk+len(cp):], true // counted above
				}
				for _, rel := range zhPairRel {
					if matched {
						break
					}
					if strings.HasPrefix(rest[nk:], rel) && !seen[rel] && fresh(rest, nk+len(rel)) {
						seen[rel] = true
						p.companions += 2
						if !strings.Contains("爸妈父母", rel) {
							p.extra += 2 // 爷爷奶奶 beside 一家三口
						}
						rest = rest[nk+len(rel):]
						matched = true
						break
					}
				}
				if !matched {
					for _, rel := range zhChildRel {
						if strings.HasPrefix(rest[nk:], rel) && !seen[rel] && fresh(rest, nk+len(rel)) {
							seen[rel] = true
							switch {
							case strings.HasSuffix(rel, "双胞胎"):
								p.kids += 2 * max(n, 1) // twins; 两对双胞胎: four
							case n > 0:
								p.kids += n
							default:
								p.kids++
							}
							rest = rest[nk+len(rel):]
							matched = true
							break
						}
					}
				}
				if !matched {
					for _, rel := range zhAdultRel {
						if strings.HasPrefix(rest[nk:], rel) && !seen[rel] && fresh(rest, nk+len(rel)) {
							seen[rel] = true
							if n > 0 {
								p.companions += n
							} else {
								p.companions++
							}
							if zhOutsideHousehold(rel) {
								p.extra += max(n, 1)
							}
							rest = rest[nk+len(rel):]
							matched = true
							break
						}
					}
				}
				if !matched {
					break
				}
				rest = strings.TrimLeft(rest, "、和跟与及还有")
			}
		}
	}
}

// zhOutsideHousehold reports whether a companion relation is no member of
// the writer's household of parents and children (奶奶, 外婆, 朋友, 同事;
// not 老婆, 爸爸, 妈妈).
func zhOutsideHousehold(rel string) bool {
	switch rel {
	case "女朋友", "男朋友", "女友", "男友", "老婆", "老公", "媳妇", "妻子", "丈夫", "爱人", "对象", "太太", "先生", "妈妈", "爸爸",
		"母亲", "父亲", "我妈", "我爸", "老妈", "老爸", "妈", "爸", "男票", "女票", "兄弟", "姐姐", "妹妹", "哥哥", "弟弟",
		"我姐", "我妹", "我哥", "我弟", "姐", "妹", "哥", "弟":
		return false
	}
	return true
}

// prefixAny returns the first of ws that s starts with, or "".
func prefixAny(s string, ws []string) string {
	for _, w := range ws {
		if strings.HasPrefix(s, w) {
			return w
		}
	}
	return ""
}

func readNumberFwdAll(s string, i int) (int, int) {
	if strings.HasPrefix(s[i:], "两") || strings.HasPrefix(s[i:], "俩") {
		return 2, i + len("两")
	}
	return readNumberFwd(s, i)
}

var enPeopleNouns = map[string]bool{"people": true, "persons": true, "person": true, "travelers": true, "travellers": true,
	"traveler": true, "traveller": true, "guests": true, "individuals": true, "pax": true, "friends": true, "adults": false,
	"of": false, "tourists": true, "members": true, "passengers": true,
	"colleagues": true, "coworkers": true, "co-workers": true, "classmates": true, "buddies": true, "girlfriends": true, "mates": true}

var timeNouns = map[string]bool{"day": true, "days": true, "night": true, "nights": true, "week": true, "weeks": true,
	"month": true, "months": true, "hours": true, "hour": true, "years": true, "year": true, "cities": true, "city": true,
	"different": true, "distinct": true, "separate": true, "unique": true, "stops": true, "destinations": true, "places": true}

func (d *doc) peopleEN(p *party) {
	toks := d.toks
	word := func(i int) string {
		if i >= 0 && i < len(toks) && toks[i].kind == tWord {
			return toks[i].low
		}
		return ""
	}
	for i := 0; i < len(toks); i++ {
		w := word(i)
		if w == "" {
			continue
		}
		n := wordNumber(w)
		next := word(i + 1)
		// "a group of 6", "party of 5", "family of four"
		// "two families of four": each family two adults and its children
		if next == "families" && word(i+2) == "of" && n > 1 && n < 10 {
			if m := wordNumber(word(i + 3)); m > 1 && m < 10 {
				p.total, p.adults, p.children = n*m, 2*n, n*max(m-2, 0)
				i += 3
				continue
			}
		}
		if (w == "group" || w == "party" || w == "family" || w == "team") && next == "of" {
			if m := wordNumber(word(i + 2)); m > 1 && !timeNouns[word(i+3)] && w != "family" {
				p.total = m
			} else if m > 1 && w == "family" {
				p.total, p.adults, p.children = m, 2, max(m-2, 0)
			}
			continue
		}
		if n <= 0 {
			continue
		}
		if (w == "a" || w == "an") && !(next == "adult" || next == "child" || next == "kid" || next == "baby" || next == "toddler" || next == "infant" || next == "newborn") {
			continue
		}
		switch {
		case next == "adults" || next == "adult" || next == "grown-ups" || next == "grownups" || next == "grown" && word(i+3) == "ups":
			p.adults = n
		case next == "parents" && n == 2 && word(i-1) != "my" && word(i-1) != "our" && word(i-1) != "with":
			p.adults = n // "two parents and three kids"
		case next == "children" || next == "kids" || next == "child" || next == "kid" || next == "toddlers" || next == "toddler" || next == "infants" || next == "infant" || next == "teenagers" || next == "teens" || next == "babies" || next == "baby" || next == "newborn" || next == "newborns":
			if i > 0 && (word(i-1) == "under" || word(i-1) == "age") {
				continue
			}
			p.children = n
		case enPeopleNouns[next]:
			if word(i-1) == "per" || next == "person" && n == 1 && (word(i+2) == "room" || word(i-1) == "a") {
				continue
			}
			if (word(i-1) == "our" || word(i-1) == "my") && enAdultRelPlural[next] {
				continue // "our two friends": companions, counted with the relations
			}
			if word(i-1) == "with" || (word(i-1) == "and" || word(i-1) == "plus" || i > 0 && toks[i-1].text == "+") && (word(i-2) == "me" || word(i-2) == "i") ||
				writerAfter(word(i+2), word(i+3)) && word(i-1) != "we" && word(i-1) != "my" && word(i-1) != "our" {
				p.companions += n // "me and 3 friends", "I plus 2 friends", "with 4 colleagues"
				continue
			}
			if n == 1 {
				p.solo = true
			} else {
				p.total = n
			}
		case next == "couples" || next == "couple" && n > 1:
			p.adults = 2 * n // "two couples", adults whatever children come along
		case next == "of" && word(i+2) == "us":
			p.total = n
		case next == "of" && (word(i+2) == "my" || word(i+2) == "our") && (enPeopleNouns[word(i+3)] || enAdultRelPlural[word(i+3)]) && writerAfter(word(i+4), word(i+5)):
			p.companions += n // "three of my coworkers and me"
			i += 3
		case (w == "two" || w == "three" || w == "four" || w == "five" || w == "six" || w == "2" || w == "3" || w == "4") && word(i-1) == "for" && !timeNouns[next] && next != "-" && !(i+1 < len(toks) && toks[i+1].text == "-"):
			// "for two", "a trip for 4"
			p.total = n
		}
		if (word(i-2) == "we" && word(i-1) == "are" || word(i-1) == "we're") && !timeNouns[next] && n > 1 && next != "couples" && next != "families" && !enAdultChildNouns[next] &&
			!(n > 12 && !enPeopleNouns[next]) { // "we're 19": an age, not a head count
			p.total = n
		}
	}
	switch {
	case p.total == 0 && p.adults == 0 && d.enAny("a trio", "as a trio", "trio of", "threesome", "three of us", "the three of us"):
		p.total = 3
	case p.total == 0 && p.adults == 0 && d.enAny("a quartet", "foursome", "four of us", "the four of us"):
		p.total = 4
	case p.total == 0 && p.adults == 0 && d.enAny("a duo", "as a duo", "duo", "twosome", "two of us", "the two of us", "both of us", "pair of travelers", "pair of travellers"):
		p.total = 2
	case d.enAny("a pair", "as a pair", "a couple", "as a couple", "couple's", "honeymoon", "my wife and i", "my husband and i",
		"my partner and i", "my girlfriend and i", "my boyfriend and i", "my fiance and i", "my fiancee and i", "me and my wife",
		"me and my husband", "me and my partner", "me and my girlfriend", "me and my boyfriend", "my friend and i", "me and my friend",
		"my wife and me", "my husband and me", "my mom and i", "my dad and i", "my mother and i", "my father and i",
		"wife and me", "wife and i", "husband and me", "husband and i", "partner and me", "partner and i") || d.relAndMeEN():
		if p.total == 0 && p.adults == 0 && !d.enAny("a couple of") {
			p.adults = 2
		}
	}
	if d.enAny("solo", "alone", "by myself", "just me", "single person", "single-person", "single traveler", "single traveller", "only me", "on my own", "for one person", "for myself", "myself only") {
		p.solo = true
	}
	pairAdults := p.adults == 2 && p.total == 0
	d.relationsEN(p)
	d.joinersEN(p)
	if d.enAny("and us", "plus us", "and us two", "plus the two of us") && p.companions == 0 {
		p.ourKids = true // "two teenagers, 14 and 16, plus us": the writer and another
	}
	if p.kids == 0 && p.children == 0 && d.enAny("twins") && !d.enAny("twin room", "twin rooms", "twin beds") {
		p.kids = 2 // "twins (they're 4), Paris": two children, however named
	}
	if pairAdults && p.companions > 1 {
		p.adults = 1 + p.companions // "my friend and I, and my sister": three
	}
	// "we two plus grandma", "the two of us and my parents": the counted
	// "we" are adults and those joined to them come on top
	if n := d.weJoinedEN(); n > 1 && p.companions+p.kids > 0 {
		p.total = 0
		p.adults = n + p.companions
		p.children = max(p.children, p.kids)
	}
	for _, rel := range []struct {
		phrase string
		adults int
		kids   int
	}{
		{"with kids", 0, 0}, {"with children", 0, 0}, {"with young children", 0, 0}, {"and kids", 0, 0},
	} {
		if d.enAny(rel.phrase) {
			p.companions += rel.adults
			p.kids += rel.kids
			if rel.adults == 0 && rel.kids == 0 {
				p.vagueKids = true
			}
		}
	}
}

// writerAfter reports "and I", "and me", "plus me", "& myself": the
// writer joined after a counted group ("two friends and I").
func writerAfter(link, w string) bool {
	return (link == "and" || link == "plus") && (w == "i" || w == "me" || w == "myself")
}

// relAndMeEN reports a pair written as one relation and the writer,
// without "my": "hubby and me", "me and the wife", "the missus and I",
// "me + the other half".
func (d *doc) relAndMeEN() bool {
	toks := d.toks
	word := func(i int) string {
		if i >= 0 && i < len(toks) && toks[i].kind == tWord {
			return toks[i].low
		}
		return ""
	}
	rel := func(i int) bool { return enAdultRel[word(i)] == 1 || word(i) == "half" && word(i-1) == "other" }
	for i := range toks {
		switch word(i) {
		case "me", "i", "myself":
			and := word(i-1) == "and" || i > 0 && (toks[i-1].text == "&" || toks[i-1].text == "+")
			if and && rel(i-2) && (word(i-3) == "" || word(i-3) == "the" || i < 3) {
				return true // "hubby and me", "the wife and I"
			}
		}
		if word(i) == "me" && (word(i+1) == "and" || i+1 < len(toks) && (toks[i+1].text == "&" || toks[i+1].text == "+")) && (rel(i+2) || word(i+2) == "the" && (rel(i+3) || rel(i+4))) {
			j := i + 3
			if word(i+2) == "the" {
				j = i + 4
				if word(i+3) == "other" {
					j = i + 5
				}
			}
			if word(j) != "and" && !enAdultRelPlural[word(j)] {
				return true // "me and the wife", "me and hubby"
			}
		}
	}
	return false
}

// enAdultRel and enKidRel are family and friends named with "my" or "our":
// each adult relation adds one companion (parents and grandparents two),
// each child relation a child, or the number written before it.
var (
	enAdultRel = map[string]int{"wife": 1, "husband": 1, "partner": 1, "girlfriend": 1, "boyfriend": 1, "fiance": 1, "fiancee": 1,
		"friend": 1, "mom": 1, "dad": 1, "mother": 1, "father": 1, "mum": 1, "brother": 1, "sister": 1, "grandma": 1, "grandpa": 1,
		"grandmother": 1, "grandfather": 1, "colleague": 1, "spouse": 1, "parents": 2, "grandparents": 2, "in-laws": 2,
		"buddy": 1, "pal": 1, "cousin": 1, "aunt": 1, "uncle": 1, "roommate": 1, "coworker": 1, "co-worker": 1, "classmate": 1,
		"bestie": 1, "granny": 1, "nan": 1, "nana": 1, "stepmom": 1, "stepdad": 1, "mother-in-law": 1, "father-in-law": 1,
		"bf": 1, "gf": 1, "hubby": 1, "wifey": 1, "fiancé": 1, "fiancée": 1, "bae": 1, "missus": 1, "grandparent": 1}
	// enAdultRelPlural are adult relations in the plural: they count only
	// with a number ("my three best friends", "my 2 colleagues").
	enAdultRelPlural = map[string]bool{"friends": true, "colleagues": true, "coworkers": true, "co-workers": true, "cousins": true,
		"brothers": true, "sisters": true, "buddies": true, "pals": true, "classmates": true, "roommates": true, "besties": true,
		"siblings": true, "aunts": true, "uncles": true, "mates": true, "girlfriends": true}
	// enBringWords before a family word without my/our ("bringing grandpa
	// along", "with mom") name a companion too.
	enBringWords = map[string]bool{"bringing": true, "bring": true, "taking": true, "take": true, "with": true, "plus": true}
	enFamilyRel  = map[string]bool{"grandpa": true, "grandma": true, "grandmother": true, "grandfather": true, "granny": true,
		"mom": true, "dad": true, "mum": true, "grandparents": true, "twins": true}
	// enRelAdjective are words between my/our and a relation.
	enRelAdjective = map[string]bool{"elderly": true, "aging": true, "ageing": true, "aged": true, "retired": true, "senior": true,
		"dear": true, "beloved": true, "lovely": true, "little": true, "young": true, "teenage": true, "best": true, "good": true,
		"close": true, "oldest": true, "work": true, "college": true, "school": true, "university": true, "favorite": true, "favourite": true}
	enKidRel = map[string]bool{"son": true, "daughter": true, "kid": true, "child": true, "baby": true, "toddler": true,
		"kids": true, "children": true, "sons": true, "daughters": true, "boys": true, "girls": true, "twins": true,
		"teenager": true, "teenagers": true, "teen": true, "teens": true, "toddlers": true, "babies": true, "infant": true, "infants": true,
		"newborn": true, "newborns": true}
)

// relationsEN reads "my wife and our two kids", "with my parents", "our
// 7-year-old son": relations after my/our, counted once each.
func (d *doc) relationsEN(p *party) {
	toks := d.toks
	word := func(i int) string {
		if i >= 0 && i < len(toks) && toks[i].kind == tWord {
			return toks[i].low
		}
		return ""
	}
	seen := map[string]bool{}
	// a count before a family word counts it beside the writer's own
	// relations only ("2 grandparents, my wife, me"; not "two parents and
	// three teens", which the counts read)
	firstPerson := slices.ContainsFunc(toks, func(t token) bool { return t.low == "me" || t.low == "my" })
	joined := slices.ContainsFunc(toks, func(t token) bool { return t.text == "+" || t.text == "&" })
	inLaws := func(j int) bool { // "in-laws" is three tokens
		return word(j) == "in" && j+2 < len(toks) && toks[j+1].text == "-" && word(j+2) == "laws"
	}
	joinAt := func(i int) bool { // "me + girlfriend", "me & bf"
		return i >= 0 && (toks[i].text == "+" || toks[i].text == "&")
	}
	for i := range toks {
		if joined && joinAt(i) && (enAdultRel[word(i+1)] > 0 || enAdultRel[word(i+2)] > 0 && (word(i+1) == "his" || word(i+1) == "her" || word(i+1) == "their")) {
			continue // read at the relation's own token or its his/her
		}
		if w := word(i); joined && joinAt(i-1) && ((w == "his" || w == "her" || w == "their") && enAdultRel[word(i+1)] > 0 ||
			enAdultRel[w] > 0 && !seen[w]) {
			// "me + girlfriend + her parents"
			rel := w
			if enAdultRel[w] == 0 {
				rel = word(i + 1)
			}
			if !seen[rel] {
				seen[rel] = true
				p.companions += enAdultRel[rel]
			}
			continue
		}
		if firstPerson && enAdultRel[word(i+1)] == 2 && !seen[word(i+1)] && wordNumber(word(i)) == 2 && (i == 0 || toks[i-1].text == "," || word(i-1) == "and" || word(i-1) == "with" || joinAt(i-1)) {
			seen[word(i+1)] = true // "2 grandparents, my wife, me and our 6-yo"
			p.companions += 2
			continue
		}
		if w := word(i); w != "my" && w != "our" && !((w == "his" || w == "her" || w == "their") && i > 0 && enAdultRel[word(i+1)] > 0 && (word(i-1) == "and" || toks[i-1].text == "," && len(seen) > 0)) && !(enBringWords[w] && enFamilyRel[word(i+1)]) &&
			!(w == "the" && (enAdultRel[word(i+1)] > 0 || enKidRel[word(i+1)] || inLaws(i+1))) && !(w == "and" && word(i+1) == "twins") &&
			!(w == "and" && enAdultRel[word(i+1)] > 0 && enAdultRel[word(i-1)] > 0) {
			// "my mom and dad": a relation after "and" and another goes with it
			continue // "bringing grandpa along", "with mom", "the wife and twins"
		}
		j := i + 1
		n := 0
		isAge := func(k int) bool { // "12-year-old", "12 year old"
			for m := k + 1; m < k+3 && m < len(toks); m++ {
				if w := word(m); w == "year" || w == "years" || w == "yo" || w == "month" || w == "months" || w == "week" || w == "weeks" {
					return true
				}
			}
			return false
		}
		if v := wordNumber(word(j)); v > 0 && v < 20 && word(j) != "a" && word(j) != "an" && !isAge(j) {
			n = v
			j++
		}
		// skip an age: "our 7-year-old son", "my 80-year-old grandmother"
		for k := j; k < j+5 && k < len(toks); k++ {
			if w := word(k); w == "and" || w == "&" || toks[k].text == "," || enAdultRel[w] > 0 || enKidRel[w] {
				break // "my wife and 6 year old son": the age is the son's
			}
			if word(k) == "old" {
				j = k + 1
				break
			}
		}
		for enRelAdjective[word(j)] {
			j++ // "my elderly parents", "our two little boys"
		}
		rel := word(j)
		if inLaws(j) {
			rel = "in-laws" // "the in-laws": the tokens of in-laws
		}
		if seen[rel] {
			continue
		}
		if a, ok := enAdultRel[rel]; ok {
			seen[rel] = true
			p.companions += a
			continue
		}
		if enAdultRelPlural[rel] && n > 0 {
			seen[rel] = true
			p.companions += n // "my three best friends"
			continue
		}
		if enKidRel[rel] {
			seen[rel] = true
			if word(i) == "our" {
				p.ourKids = true
			}
			switch {
			case n > 0:
				p.kids += n
			case rel == "kids" || rel == "children" || rel == "sons" || rel == "daughters" || rel == "boys" || rel == "girls" ||
				rel == "teenagers" || rel == "teens" || rel == "toddlers" || rel == "babies" || rel == "infants":
				p.vagueKids = true
			case rel == "twins":
				p.kids += 2
			default:
				p.kids++
			}
		}
	}
}

// weJoinedEN returns the size of a counted "we" ("we two", "us three",
// "the two of us") that a joining word follows ("plus", "with", "and",
// "along with"), or 0.
func (d *doc) weJoinedEN() int {
	toks := d.toks
	word := func(i int) string {
		if i >= 0 && i < len(toks) && toks[i].kind == tWord {
			return toks[i].low
		}
		return ""
	}
	joined := func(k int) bool {
		if k < len(toks) && toks[k].text == "," {
			k++
		}
		switch word(k) {
		case "plus", "with", "and", "along", "together":
			return true
		}
		return k < len(toks) && toks[k].text == "+"
	}
	joinedBefore := func(k int) bool {
		if word(k-1) == "the" {
			k--
		}
		switch word(k - 1) {
		case "plus", "with", "and":
			return k >= 2 // something is named before the join
		}
		return false
	}
	for i := range toks {
		w := word(i)
		if (w == "we" || w == "us") && i+1 < len(toks) {
			if n := wordNumber(word(i + 1)); n > 1 && n < 10 && joined(i+2) {
				return n
			}
		}
		if n := wordNumber(w); n > 1 && n < 10 && word(i+1) == "of" && word(i+2) == "us" && (joined(i+3) || joinedBefore(i)) {
			return n // "the two of us and my parents", "our son, 10, and the two of us"
		}
	}
	return 0
}
