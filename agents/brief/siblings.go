package brief

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Sights listed beside sights. A list that holds a sight the rules know
// (a landmark, a name a cue marked, a name ending in a sight word) lists
// sights: its other names are sights too, known or not (中央大街、圣索菲亚
// 教堂、冰雪大世界; 开元寺和西街; "Grand Palace, Wat Pho and Wat Arun";
// "Hoan Kiem Lake and the Old Quarter"). A list is names joined by list
// words (、, 和, 与, 及; commas, "and") inside one clause; a name that is a
// place, a person, a dish, a cuisine, a date or an activity is none.

// clauseStopZH ends a Chinese clause.
const clauseStopZH = "，。；！？,.;!?：:（）()\n 　"

// siblingLeadZH are words before the first name of a list.
var siblingLeadZH = []string{"还想去", "想去", "要去", "再去", "然后去", "去", "还有", "想看", "看", "逛", "打卡", "参观", "游览"}

// siblingSightsZH returns the unknown names listed beside the Chinese
// sights in known, as written.
func (d *doc) siblingSightsZH(known []string) []string {
	var out []string
	done := map[int]bool{}
	for _, n := range known {
		at := strings.Index(d.clean, n)
		if at < 0 || !strings.ContainsFunc(n, isHan) {
			continue
		}
		cs, ce := at, at+len(n)
		for cs > 0 {
			r, sz := utf8.DecodeLastRuneInString(d.clean[:cs])
			if strings.ContainsRune(clauseStopZH, r) {
				break
			}
			cs -= sz
		}
		for ce < len(d.clean) {
			r, sz := utf8.DecodeRuneInString(d.clean[ce:])
			if strings.ContainsRune(clauseStopZH, r) {
				break
			}
			ce += sz
		}
		if done[cs] {
			continue
		}
		done[cs] = true
		if it := d.nextClauseSightZH(ce); it != "" && !slices.Contains(known, it) && !slices.Contains(out, it) {
			out = append(out, it) // 想去篁岭，还有江湾
		}
		for _, it := range d.listItemsZH(cs, ce) {
			if slices.ContainsFunc(known, func(k string) bool { return strings.Contains(it, k) || strings.Contains(k, it) }) {
				continue
			}
			if d.siblingNameZH(it) {
				out = append(out, it)
			}
		}
	}
	return out
}

// nextClauseLeadZH open a clause that adds one more sight to the last.
var nextClauseLeadZH = []string{"还有", "再去", "然后去", "还想去", "以及", "另外还有", "顺便去"}

// nextClauseSightZH returns the name a clause starting after the clause
// ending at ce adds to its sights (想去篁岭，还有江湾: 江湾), or "": the
// clause is a lead word and one name (cut where its activity starts).
func (d *doc) nextClauseSightZH(ce int) string {
	r, sz := utf8.DecodeRuneInString(d.clean[ce:])
	if r != '，' && r != ',' && r != '；' {
		return ""
	}
	a := ce + sz
	lead := prefixAny(d.clean[a:], nextClauseLeadZH)
	if lead == "" {
		return ""
	}
	a += len(lead)
	b := a
	for b < len(d.clean) {
		r, sz := utf8.DecodeRuneInString(d.clean[b:])
		if strings.ContainsRune(clauseStopZH, r) {
			break
		}
		b += sz
	}
	name := d.clean[a:b]
	if k := strings.IndexAny(name, "看吃玩住爬逛买坐走游散溜拍"); k > 0 {
		name = name[:k]
	}
	if d.inSight(a, a+len(name)) || !d.siblingNameZH(name) {
		return ""
	}
	return name
}

// timeOfDayEN are times of day a sight is seen at ("at sunrise").
var timeOfDayEN = map[string]bool{"sunrise": true, "sunset": true, "dawn": true, "dusk": true, "night": true, "morning": true,
	"evening": true, "afternoon": true, "daybreak": true, "noon": true, "twilight": true, "nighttime": true}

// listItemsZH cuts d.clean[cs:ce] at list words; it returns nothing when
// the clause lists nothing.
func (d *doc) listItemsZH(cs, ce int) []string {
	var items []string
	from := cs
	for k := cs; k < ce; {
		w := ""
		for _, x := range listSplitZH {
			if strings.HasPrefix(d.clean[k:ce], x) {
				w = x
				break
			}
		}
		if w != "" && utf8.RuneCountInString(d.clean[from:k]) >= 2 && utf8.RuneCountInString(d.clean[k+len(w):ce]) >= 2 && !d.inSight(k, k+len(w)) {
			items = append(items, d.clean[from:k])
			from = k + len(w)
			k = from
			continue
		}
		_, sz := utf8.DecodeRuneInString(d.clean[k:])
		k += sz
	}
	if len(items) == 0 {
		return nil
	}
	last := d.clean[from:ce]
	// 和三里屯逛一逛, 、光明顶看日出: the last name ends where its activity starts
	if k := strings.IndexAny(last, "看吃玩住爬逛买坐走游散溜拍"); k > 0 && utf8.RuneCountInString(last[:k]) >= 2 {
		last = last[:k]
	}
	items = append(items, last)
	for _, lead := range siblingLeadZH {
		if rest, ok := strings.CutPrefix(items[0], lead); ok && utf8.RuneCountInString(rest) >= 2 {
			items[0] = rest
			break
		}
	}
	return items
}

// notSiblingZH are words of dates, money and plans that no listed sight
// holds.
var notSiblingZH = []string{"周末", "周一", "周二", "周三", "周四", "周五", "周六", "周日", "周天", "星期", "礼拜", "节假", "假期", "放假",
	"节", "年", "预算", "人均", "元", "块钱", "万", "左右", "以内", "出发", "回来", "返回", "酒店", "民宿", "住宿", "高铁", "飞机", "火车"}

// siblingNameZH reports whether a list item can be a sight's name.
func (d *doc) siblingNameZH(name string) bool {
	n := utf8.RuneCountInString(name)
	if n < 2 || n > 8 || notSightZH[name] || isWishTermZH(name) || strings.HasSuffix(name, "地方") ||
		strings.ContainsAny(name, "看吃玩住爬逛买坐走游过天晚月日号我你他们的去到来这哪想要喝岁带陪") {
		return false
	}
	// 那 is a demonstrative (那里, 那边) except inside a name (扎尕那)
	if strings.HasPrefix(name, "那") || hasAny(name, "那里", "那边", "那儿", "那个", "那些") {
		return false
	}
	// people: 老婆, 同事两个人, 三个朋友 (a relation of two characters or
	// more inside the name; 人 alone is in 人民公园)
	for _, rels := range [][]string{zhAdultRel, zhChildRel, zhPairRel, zhGroupNouns} {
		if slices.ContainsFunc(rels, func(r string) bool { return utf8.RuneCountInString(r) >= 2 && strings.Contains(name, r) }) {
			return false
		}
	}
	if strings.Contains(name, "个人") || strings.Contains(name, "人") && strings.ContainsAny(name, "一二两三四五六七八九十0123456789") {
		return false
	}
	// dates, money and plans: 周末, 周六, 国庆节, 预算5000, 人均两千, 出发
	for _, w := range notSiblingZH {
		if strings.Contains(name, w) {
			return false
		}
	}
	if len(d.gaz.Lookup(name)) > 0 {
		return false
	}
	at := strings.Index(d.clean, name)
	if at < 0 || d.inPlace(at) || d.inDish(at, at+len(name)) {
		return false
	}
	for _, h := range cuisineLex.scan(d) {
		if h.start < at+len(name) && h.end > at {
			return false
		}
	}
	return !negatedZH(d.clean, at) && !d.beenBefore(at)
}

// isWishTermZH reports whether name is exactly a wish word (海边, 博物馆):
// a kind of place, not a place's name (啤酒博物馆 is one).
func isWishTermZH(name string) bool {
	for _, t := range wishTerms {
		if slices.Contains(t.zh, name) {
			return true
		}
	}
	return false
}

// siblingSightsEN returns the capitalised names listed right beside the
// English sights in known ("A, B and the C"), as written.
func (d *doc) siblingSightsEN(known []string) []string {
	var out []string
	toks := d.toks
	tokAt := func(pos int) int {
		for i := range toks {
			if toks[i].start == pos {
				return i
			}
		}
		return -1
	}
	isSep := func(t *token) bool {
		return t.kind == tPunct && t.text == "," || t.kind == tWord && (t.low == "and" || t.low == "the" || t.low == "&" || t.low == "then")
	}
	// skipWhen skips a time of day after a name ("Angkor Wat at sunrise,
	// Ta Prohm and the Bayon"; "the Grand Palace in the morning, Wat Pho").
	skipWhen := func(j int) int {
		if j >= len(toks) || toks[j].low != "at" && toks[j].low != "by" && toks[j].low != "in" {
			return j
		}
		k := j + 1
		if k < len(toks) && toks[k].low == "the" {
			k++
		}
		if k < len(toks) && timeOfDayEN[toks[k].low] {
			return k + 1
		}
		return j
	}
	add := func(i, k int, words []string) {
		name := strings.Join(words, " ")
		if len(words) == 0 || slices.Contains(known, name) || slices.Contains(out, name) || !d.siblingNameEN(i, k, words) {
			return
		}
		out = append(out, name)
	}
	for _, n := range known {
		at := d.namePos(n)
		if at < 0 || isHan(firstRune(n)) {
			continue
		}
		i := tokAt(at)
		if i < 0 {
			continue
		}
		end := i
		for end < len(toks) && toks[end].end <= at+len(n) {
			end++
		}
		// forward: ", B and the C"
		for j := skipWhen(end); j < len(toks); {
			s := j
			for j < len(toks) && isSep(&toks[j]) {
				j++
			}
			if j == s || j >= len(toks) || !toks[j].cap {
				break
			}
			words, k := capitalisedRun(toks, j, false)
			add(j, k, words)
			j = k
		}
		// backward: "A, B and" before the name
		for j := i - 1; j >= 0; {
			s := j
			for j >= 0 && isSep(&toks[j]) {
				j--
			}
			if j == s || j < 0 || !toks[j].cap || toks[j].kind != tWord {
				break
			}
			k := j + 1
			for j > 0 && toks[j-1].kind == tWord && toks[j-1].cap {
				j--
			}
			words, _ := capitalisedRun(toks, j, false)
			add(j, k, words)
			j--
		}
	}
	return out
}

// notSiblingAfterEN are words after which a capitalised name is no listed
// sight.
var notSiblingAfterEN = map[string]bool{"with": true, "by": true, "from": true, "to": true, "for": true, "in": true,
	"at": true, "on": true, "my": true, "our": true, "his": true, "her": true, "their": true, "me": true, "us": true,
	"friend": true, "friends": true, "husband": true, "wife": true, "son": true, "daughter": true}

// siblingNameEN reports whether the capitalised words at tokens [i, k)
// can be a sight's name.
func (d *doc) siblingNameEN(i, k int, words []string) bool {
	first := strings.ToLower(words[0])
	if _, ok := monthNames[first]; ok {
		return false
	}
	if _, ok := weekdayNames[first]; ok {
		return false
	}
	if stopPlaceWords[first] || sightLeadEN[first] || i == 0 || currencyCodeEN[first] {
		return false
	}
	// "2500 CNY", "3 Days": a word after a number is its unit
	if p := &d.toks[i-1]; p.kind == tWord && wordNumber(p.low) > 0 {
		return false
	}
	// "with Tom, the Forbidden City": a name after a preposition or a
	// possessive is a person's or a place's, not a listed sight
	for p := i - 1; p >= 0 && p >= i-2; p-- {
		if t := &d.toks[p]; t.kind == tWord {
			if notSiblingAfterEN[t.low] {
				return false
			}
			break
		}
	}
	for j := i; j < k; j++ {
		if d.inPlace(d.toks[j].start) {
			return false
		}
	}
	start, end := d.toks[i].start, d.toks[k-1].end
	if d.inDish(start, end) || negatedEN(d, start) || d.beenBefore(start) {
		return false
	}
	for _, h := range cuisineLex.scan(d) {
		if h.start < end && h.end > start {
			return false
		}
	}
	return true
}

// currencyCodeEN are currency words a list of sights may hold beside an
// amount ("solo, 2500 CNY, Sun Yat-sen Mausoleum in the morning"): never a
// sight.
var currencyCodeEN = map[string]bool{"cny": true, "rmb": true, "usd": true, "eur": true, "gbp": true, "jpy": true, "hkd": true,
	"mop": true, "twd": true, "krw": true, "aud": true, "cad": true, "sgd": true, "thb": true, "chf": true, "nzd": true, "myr": true, "vnd": true}
