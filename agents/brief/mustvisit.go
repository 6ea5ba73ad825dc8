package brief

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// Must-see sights: names the traveller insists on ("想去拙政园和寒山寺",
// "一定要去黄鹤楼", "must see the Louvre"). A name is taken after a cue
// of wanting or insisting, split at list words, and kept when it looks like
// a sight (a Chinese name ending in a sight word such as 园, 寺, 楼, 山, or
// a capitalised English name) and is not a city of the gazetteer. A
// negated cue ("不想去故宫") names a sight to avoid: it becomes a note.

var mustCuesZH = []string{"一定要去", "一定要看", "必须去", "务必去", "必去", "必看", "特别想去", "很想去", "还想去", "想去", "要去", "想看", "去看", "打卡", "参观", "逛逛", "去逛", "看看",
	// rides: only a name that ends in a ride (长江索道, 两江游船) counts after these
	"想坐", "要坐", "坐", "乘坐",
	// a bare 看 and 去 last: 看龙门石窟, 去洪崖洞 (not 去年, 回去, 去过); 在 only
	// before what is done there: 在光明顶看日出, 在玻璃栈道走走
	"看", "去", "在"}

// strongCueZH are the cues that mark what follows as sights to see, so
// that every name of the list after them counts, sight word or not.
var strongCueZH = map[string]bool{"一定要去": true, "一定要看": true, "必须去": true, "务必去": true, "必去": true, "必看": true,
	"特别想去": true, "很想去": true, "还想去": true, "想去": true, "要去": true, "想看": true, "打卡": true, "参观": true}

// rideCueZH are the cues of rides and rideSuffixZH the rides they take.
var rideCueZH = map[string]bool{"想坐": true, "要坐": true, "坐": true, "乘坐": true}

var rideSuffixZH = []string{"索道", "缆车", "游船", "轮渡", "摩天轮", "观光巴士", "观光车", "游轮", "小火车", "过江索道"}

// bareGoZH reports whether a bare 去 at byte i of s is "go to" and not part
// of another word (去年, 过去, 回去, 去过, 去掉).
func bareGoZH(s string, i int) bool {
	if r, _ := utf8.DecodeLastRuneInString(s[:i]); strings.ContainsRune("过回出上下进失死除来", r) &&
		!(r == '上' && hasSuffixAny(s[:i], "晚上", "早上", "马上", "晌上", "礼拜上")) { // 晚上去: in the evening, go
		return false
	}
	rest := s[i+len("去"):]
	r, _ := utf8.DecodeRuneInString(rest)
	if r == '世' {
		return strings.HasPrefix(rest, "世界") // 去世界之窗, not 去世
	}
	return !strings.ContainsRune("年过掉除哪那这", r)
}

// bareAtZH reports whether 在 at byte i of s is "at" before a place, not
// part of another word (现在, 正在, 住在, 存在, 在于).
func bareAtZH(s string, i int) bool {
	if r, _ := utf8.DecodeLastRuneInString(s[:i]); strings.ContainsRune("现正住存实所好自待留放", r) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i+len("在"):])
	return isHan(r) && !strings.ContainsRune("于乎意家这那哪", r)
}

// sightSuffixZH end the names of sights.
var sightSuffixZH = []string{"园", "寺", "庙", "宫", "楼", "塔", "阁", "山", "湖", "街", "馆", "城", "桥", "门", "陵", "窟", "洞", "岛", "峡", "谷",
	"峰", "池", "滩", "坛", "屿", "湾", "巷", "俑", "坊", "殿", "祠", "关", "台", "亭", "泉", "瀑布", "广场", "公园", "乐园", "景区", "故居", "遗址", "古镇", "老街", "胡同",
	"迪士尼", "影城", "大道", "寨", "堡", "院", "墓", "碑", "海", "江", "河", "庄", "岭", "林", "溪", "洲",
	"世界", "度假区", "轻轨站", "码头", "古道", "步道", "绿道", "长廊", "基地", "路", "街区", "村", "茶园", "栈道", "顶"}

// notSightZH are words that end like a sight but are not one (海边 is a
// wish, 公园 alone is any park).
var notSightZH = map[string]bool{"海边": true, "公园": true, "景区": true, "爬山": true, "看山": true, "登山": true, "山": true, "湖": true,
	"海": true, "古镇": true, "寺庙": true, "博物馆": true, "美术馆": true, "动物园": true, "游乐园": true, "乐园": true, "海洋馆": true,
	"老街": true, "逛街": true, "马路": true, "公路": true, "山路": true, "小路": true, "走路": true, "赶路": true, "顺路": true, "一路": true, "街区": true, "农村": true, "乡村": true, "山村": true, "茶园": true, "古城": true, "县城": true, "步行街": true, "商业街": true, "小吃街": true, "夜市": true, "江": true, "河": true, "园林": true, "森林": true,
	// generic things to see, not named sights
	"网红店": true, "网红景点": true, "网红打卡点": true, "打卡点": true, "景点": true, "美食": true, "夜景": true, "日出": true,
	"日落": true, "风景": true, "古迹": true, "名胜": true, "名胜古迹": true, "特色": true, "小吃": true, "地方": true, "网红": true,
	"市场": true, "商场": true, "书店": true, "咖啡馆": true, "酒吧": true, "民宿": true, "酒店": true, "樱花": true, "油菜花": true,
	"演出": true, "演唱会": true, "表演": true, "话剧": true, "电影": true, "比赛": true, "展览": true, "购物": true, "拍照": true,
	"温泉": true, "泡温泉": true, "滑雪": true, "潜水": true, "冲浪": true, "露营": true, "徒步": true, "海岛": true, "草原": true,
	"沙漠": true, "雪山": true, "雪景": true, "红叶": true, "花海": true, "大海": true, "海滩": true, "沙滩": true, "乡下": true,
	"山顶": true, "屋顶": true, "楼顶": true, "顶": true, "栈道": true, "云海": true, "星空": true, "银河": true, "日照金山": true}

// listSplitZH separates names in a list.
var listSplitZH = []string{"和", "、", "跟", "以及", "及", "与", "还有", "或者", "或"}

var mustCuesEN = [][]string{{"must", "see"}, {"must", "visit"}, {"want", "to", "see"}, {"want", "to", "visit"}, {"wanna", "see"},
	{"would", "love", "to", "see"}, {"love", "to", "see"}, {"definitely", "see"}, {"definitely", "visit"}, {"can't", "miss"},
	{"cannot", "miss"}, {"don't", "want", "to", "miss"}, {"do", "not", "want", "to", "miss"}, {"definitely"}, {"must", "do"},
	{"must", "go", "to"}, {"have", "to", "visit"}, {"need", "to", "visit"}, {"can't", "skip"}, {"want", "to", "check", "out"}, {"have", "to", "see"}, {"need", "to", "see"}, {"visit", "the"},
	{"see", "the"}, {"including"}, {"especially"}, {"must", "-", "see"}, {"must", "-", "visit"},
	// wandering a named quarter: "wandering around Plaka", "a stroll through Gion"
	{"wandering", "around"}, {"wander", "around"}, {"wandering", "through"}, {"wander", "through"}, {"wandering", "in"},
	{"stroll", "through"}, {"strolling", "through"}, {"stroll", "around"}, {"strolling", "around"}, {"stroll", "along"},
	{"strolling", "along"}, {"walk", "around"}, {"walking", "around"}, {"walk", "along"}, {"walking", "along"},
	{"exploring"}, {"explore"}, {"roam", "around"}, {"roaming", "around"}, {"wandering"}, {"hanging", "out", "in"},
	{"hang", "out", "in"}, {"getting", "lost", "in"}, {"get", "lost", "in"}, {"walk", "through"}, {"walking", "through"},
	{"browsing"}, {"browse"},
	// a must-see after a negated leaving: "can't leave without (seeing) the Colosseum"
	{"without", "seeing"}, {"without", "visiting"}, {"without", "missing"}, {"without", "a", "visit", "to"}, {"without", "going", "to"},
	{"without", "checking", "out"}, {"leave", "without"}, {"leaving", "without"}, {"home", "without"}}

// mustCueFirstEN are the first words of mustCuesEN, a quick check.
var mustCueFirstEN = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range mustCuesEN {
		m[c[0]] = true
	}
	return m
}()

// mustVisit returns the sights named, in the order written.
func (d *doc) mustVisit() []string {
	var out []string
	add := func(name string) {
		name = trimCountZH(name)
		for _, x := range out {
			if strings.EqualFold(x, name) {
				return
			}
		}
		if k := d.namePos(name); k >= 0 && d.inDish(k, k+len(name)) {
			return // West Lake in "West Lake vinegar fish"
		}
		if len(out) < 20 {
			out = append(out, name)
		}
	}
	if d.hasHanText {
		for _, n := range d.mustVisitZH() {
			add(n)
		}
		for _, n := range d.mustVisitBeforeZH() {
			add(n)
		}
		for _, n := range d.mustVisitOfCityZH() {
			add(n)
		}
	}
	if d.hasLatin && d.mixedCase {
		for _, n := range d.mustVisitEN() {
			add(n)
		}
		for _, n := range d.mustVisitBeforeEN() {
			add(n)
		}
	}
	if d.hasLatin {
		for _, n := range d.mustVisitActivityEN() {
			add(n)
		}
	}
	// named without a cue: landmarks taken from the places, mountains that
	// are also cities (爬黄山), landmarks of the concept table, English
	// names ending in a sight word
	more := append([]string(nil), d.landmarkPlaces...)
	more = append(more, d.mountainCitiesZH()...)
	more = append(more, d.landmarkMentions()...)
	if d.hasLatin && d.mixedCase {
		more = append(more, d.sightNamesEN()...)
	}
	pos := func(n string) int {
		if k := strings.Index(d.clean, n); k >= 0 {
			return k
		}
		return strings.Index(d.low, strings.ToLower(n))
	}
	slices.SortStableFunc(more, func(a, b string) int { return pos(a) - pos(b) })
	for _, n := range more {
		// a sight's full name replaces the part a cue read of it
		// (香港迪士尼乐园 over 迪士尼乐园, "Yangtze cable car" over Yangtze)
		inN := func(x string) bool { return len(n) > len(x) && containsFold(n, x) && d.sameMention(n, x) }
		if k := slices.IndexFunc(out, inN); k >= 0 && d.isSightHit(n) {
			if !slices.Contains(out, n) {
				out[k] = n
			}
			// every part a cue read of it ("Gardens" and "Bay" of "Gardens by the Bay")
			out = slices.DeleteFunc(out, inN)
			continue
		}
		if !slices.ContainsFunc(out, func(x string) bool { return d.sameMention(x, n) }) {
			add(n)
		}
	}
	// outings ("a canal boat ride"), unless a sight read above names them
	if d.hasLatin {
		for _, n := range d.outingsEN() {
			if !slices.ContainsFunc(out, func(x string) bool { return containsFold(x, n) || containsFold(n, x) }) {
				add(n)
			}
		}
	}
	// names listed beside the sights found
	if len(out) > 0 {
		var sib []string
		if d.hasHanText {
			sib = d.siblingSightsZH(out)
		}
		if d.hasLatin && d.mixedCase {
			sib = append(sib, d.siblingSightsEN(out)...)
			sib = append(sib, d.lowerSiblingSightsEN(out)...)
		}
		for _, n := range sib {
			if !slices.ContainsFunc(out, func(x string) bool { return containsFold(x, n) || containsFold(n, x) }) {
				add(n)
			}
		}
	}
	// in the order written, whichever rule read each
	slices.SortStableFunc(out, func(a, b string) int { return pos(a) - pos(b) })
	return d.dropHedged(d.dropAreasOfSights(d.dropDeclinedInList(out)))
}

// sameMention reports whether two names read from the text are one
// mention: one holds the other and every place the shorter is written
// lies inside the longer ("Acropolis Museum" and "the Acropolis" written
// apart are two sights).
func (d *doc) sameMention(x, n string) bool {
	if !containsFold(x, n) && !containsFold(n, x) {
		return false
	}
	long, short := x, n
	if len(n) > len(x) {
		long, short = n, x
	}
	if isHan(firstRune(short)) {
		return true // Han names inside longer words are that word's (龙井 of 龙井茶)
	}
	lp, sp := d.allPos(long), d.allPos(short)
	if len(lp) == 0 || len(sp) == 0 {
		return true
	}
	for _, s := range sp {
		if d.inDish(s, s+len(short)) {
			continue // a dish's words are the dish's
		}
		if !slices.ContainsFunc(lp, func(l int) bool { return l <= s && s+len(short) <= l+len(long) }) {
			return false
		}
	}
	return true
}

// namePos returns the offset of a name taken from the text, or -1.
func (d *doc) namePos(n string) int {
	if k := strings.Index(d.clean, n); k >= 0 {
		return k
	}
	return strings.Index(d.low, strings.ToLower(n))
}

// containsFold reports whether s contains sub, ignoring case.
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

func (d *doc) mustVisitZH() []string {
	s := d.clean
	var out []string
	taken := -1
	for i := 0; i < len(s); {
		cue := ""
		for _, c := range mustCuesZH {
			if s[i] < utf8.RuneSelf {
				break // every cue starts with a Han character
			}
			if strings.HasPrefix(s[i:], c) {
				cue = c
				break
			}
		}
		if cue == "" || i < taken {
			_, sz := utf8.DecodeRuneInString(s[i:])
			i += sz
			continue
		}
		if cue == "去" && !bareGoZH(s, i) || cue == "在" && !bareAtZH(s, i) {
			i += len(cue)
			continue
		}
		start := i + len(cue)
		neg := negatedZH(s, i)
		// the phrase runs to the end of the clause
		end := start
		for end < len(s) {
			r, sz := utf8.DecodeRuneInString(s[end:])
			if !isHan(r) && r != '、' {
				break
			}
			end += sz
		}
		if cue == "去" || cue == "看" || cue == "在" {
			// 去龙井村看茶园: the place ends where the activity starts
			// 去西安想在城墙上骑车: a new wish ends the place
			for _, w := range []string{"想在", "想去", "想看", "还想", "要在", "再去", "然后"} {
				if k := strings.Index(s[start:end], w); k > 0 {
					end = start + k
				}
			}
			if k := strings.IndexAny(s[start:end], "看吃玩住爬逛买坐走游过散拍溜骑划"); k > 0 {
				end = start + k
			} else if cue == "在" {
				i += len(cue)
				continue // 在 with nothing done there names no sight
			}
			// 去嘉陵江边吹吹风: the name ends at its side, whatever is done there
			for _, side := range []string{"边", "畔"} {
				if k := strings.Index(s[start:end], side); k > 0 {
					end = start + k + len(side)
				}
			}
		}
		taken = end
		names := d.splitSightsZH(start, end)
		if cue == "在" && len(names) == 0 {
			// 在城墙上骑车: a sight many cities share, the destination's
			if n := strings.TrimSuffix(strings.TrimSuffix(s[start:end], "上"), "里"); isGenericSightName(n) {
				names = []string{n}
			}
		}
		if strongCueZH[cue] {
			names = d.listedSightsZH(start, end) // 想去春熙路和太古里: every name of the list
		}
		for _, name := range names {
			if (cue == "去" || cue == "看" || cue == "在") && strings.ContainsAny(name, "看吃玩住爬逛买坐走游过") {
				continue // 去海边看海, 去城里逛街: an activity, not a name
			}
			if rideCueZH[cue] && !slices.ContainsFunc(rideSuffixZH, func(x string) bool { return strings.HasSuffix(name, x) }) {
				continue
			}
			if neg {
				d.notes = append(d.notes, "asked not to visit "+name+"; it is left out of must_visit")
				d.declined = append(d.declined, name)
				continue
			}
			out = append(out, name)
		}
		i = max(end, start)
	}
	return out
}

// splitSightsZH cuts d.clean[start:end] at list words and keeps the
// sights. A list word inside a name (颐和园) is not a cut: a cut is made
// only where the text before it is a sight.
func (d *doc) splitSightsZH(start, end int) []string {
	var out []string
	from := start
	for k := start; k < end; {
		w := ""
		for _, x := range listSplitZH {
			if strings.HasPrefix(d.clean[k:end], x) {
				w = x
				break
			}
		}
		if w != "" && k > from {
			if name := d.sightZH(from, k); name != "" {
				out = append(out, name)
				from = k + len(w)
				k = from
				continue
			}
		}
		_, sz := utf8.DecodeRuneInString(d.clean[k:])
		k += sz
	}
	if from < end {
		// 双廊和喜洲古镇: a name before a list word, then a sight
		for k := from; k < end; {
			w := ""
			for _, x := range listSplitZH {
				if strings.HasPrefix(d.clean[k:end], x) {
					w = x
					break
				}
			}
			if w != "" && k > from && !d.inSight(k, k+len(w)) {
				if name := d.sightZH(k+len(w), end); name != "" && d.siblingNameZH(d.clean[from:k]) {
					out = append(out, d.clean[from:k])
					from = k + len(w)
					break
				}
			}
			_, sz := utf8.DecodeRuneInString(d.clean[k:])
			k += sz
		}
		if name := d.sightZH(from, end); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// sightZH returns the sight named in d.clean[i:j], trimmed of a leading
// city (苏州的拙政园) and trailing verbs (玩玩, 看看, 一下), or "".
func (d *doc) sightZH(i, j int) string {
	// a city in front: keep what follows it
	for _, sp := range d.placeSpans {
		if sp[0] >= i && sp[0] < j {
			if sp[0] > i {
				j = sp[0] // 拙政园苏州…: the sight ends where the city starts
				break
			}
			if rest := d.clean[min(sp[1], j):j]; utf8.RuneCountInString(rest) == 2 && !d.isSightHit(rest) && strings.ContainsRune(sightCharsHan+"道路街湖山馆场岛", func() rune { r, _ := utf8.DecodeLastRuneInString(rest); return r }()) {
				break // 山城步道: a kind word after the city's name is no sight of its own
			}
			i = sp[1]
		}
	}
	if i >= j {
		return "" // all a city (成都必去…: the city runs past the clause read)
	}
	name := d.clean[i:j]
	name = strings.TrimPrefix(name, "的")
	// 想去的有鼓浪屿, 必去的是故宫, 想去的包括…: the list starts after the verb
	for _, v := range []string{"有", "是", "包括", "就是", "还有"} {
		if rest, ok := strings.CutPrefix(name, v); ok && utf8.RuneCountInString(rest) >= 2 && !d.isSightHit(name) {
			name = rest
			break
		}
	}
	// 坐长江索道, 看洪崖洞: the verb before the name is no part of it
	for _, v := range []string{"乘坐", "坐", "乘", "搭", "看看", "看", "逛逛", "逛", "打卡"} {
		if rest, ok := strings.CutPrefix(name, v); ok && utf8.RuneCountInString(rest) >= 2 {
			name = rest
			break
		}
	}
	name = trimCountZH(name)
	for {
		t := name
		for _, suf := range []string{"逛一逛", "走一走", "看一看", "玩一玩", "转一转", "溜达溜达", "溜达", "散散步", "散步", "玩玩", "玩", "看看", "逛逛", "一下", "走走", "转转", "打卡", "游览", "参观", "吧", "呀", "啊", "了", "的", "是"} {
			name = strings.TrimSuffix(name, suf)
		}
		// 苏州河边, 洱海旁边, 外滩附近: the sight, not its side
		for _, suf := range []string{"边上", "旁边", "附近", "一带", "沿岸", "边", "畔"} {
			if rest, ok := strings.CutSuffix(name, suf); ok && utf8.RuneCountInString(rest) >= 2 {
				name = rest
				break
			}
		}
		// a duration or time after the name: 拙政园两天 → 拙政园
		for k, r := range name {
			if _, isNum := cnDigit[r]; (isNum || r == '十' || r == '几') && k > 0 {
				name = name[:k]
				break
			}
		}
		if t == name {
			break
		}
	}
	n := utf8.RuneCountInString(name)
	if n < 2 || n > 12 || notSightZH[name] {
		return ""
	}
	if isLandmarkAlias(name) {
		return name // a landmark, even one that shares a town's name (都江堰)
	}
	if cands := d.gaz.Lookup(name); len(cands) > 0 && bestClass(cands) < gazetteer.Alternate {
		return "" // a city, region or country
	}
	for _, suf := range sightSuffixZH {
		if strings.HasSuffix(name, suf) {
			return name
		}
	}
	for _, suf := range rideSuffixZH {
		if strings.HasSuffix(name, suf) {
			return name
		}
	}
	return ""
}

func (d *doc) mustVisitEN() []string {
	var out []string
	toks := d.toks
	for i := 0; i < len(toks); i++ {
		j := d.matchCueEN(i)
		if j < 0 {
			continue
		}
		// "can't leave without": the negation insists (see negatedEN)
		neg := negatedEN(d, toks[i].start)
		if j < len(toks) && slices.ContainsFunc(toks[i:j], func(t token) bool { return t.low == "without" }) {
			neg = negatedEN(d, toks[j].start)
		}
		// a list of capitalised names: "the Louvre, the Orsay and Sainte-Chapelle"
		for j < len(toks) {
			for j < len(toks) && (toks[j].low == "the" || toks[j].kind == tPunct && (toks[j].text == "," || toks[j].text == ":")) {
				j++
			}
			words, k := capitalisedRun(toks, j, true)
			if len(words) == 0 || d.inPlace(toks[j].start) || stopPlaceWords[strings.ToLower(words[0])] && len(words) == 1 {
				break
			}
			if _, isMonth := monthNames[strings.ToLower(words[0])]; !isMonth {
				for _, name := range splitAndEN(words) {
					if neg {
						d.notes = append(d.notes, "asked not to visit "+name+"; it is left out of must_visit")
						d.declined = append(d.declined, name)
					} else {
						out = append(out, name)
					}
				}
			}
			j = k
			if j < len(toks) && (toks[j].low == "and" || toks[j].text == ",") {
				j++
				continue
			}
			break
		}
	}
	return out
}

// splitAndEN cuts a run of capitalised words joined by "and" into the
// sights it lists ("Forbidden City and Great Wall"): a cut is made where
// the words before "and" end a sight's name (a sight word or a landmark)
// and the words after it are a name too.
func splitAndEN(words []string) []string {
	if joined := strings.Join(words, " "); isLandmarkAlias(joined) {
		return []string{joined}
	}
	var out []string
	from := 0
	for k := 1; k+1 < len(words); k++ {
		if words[k] != "and" {
			continue
		}
		left := strings.Join(words[from:k], " ")
		if k > from && k+1 < len(words) {
			out = append(out, left)
			from = k + 1
		}
	}
	return append(out, strings.Join(words[from:], " "))
}

// postCuesEN are must-see cues written after the sights they insist on
// ("Hongya Cave and Liziba for sure", "the Louvre is a must").
var postCuesEN = [][]string{{"for", "sure"}, {"is", "a", "must"}, {"are", "a", "must"}, {"are", "musts"}, {"are", "must", "-", "sees"},
	{"is", "a", "must", "-", "see"}, {"no", "matter", "what"}, {"at", "all", "costs"}, {"are", "non", "-", "negotiable"}, {"is", "non", "-", "negotiable"},
	{"are", "essential"}, {"is", "essential"}}

// mustVisitBeforeEN reads the capitalised names of the clause before a
// cue written after them.
func (d *doc) mustVisitBeforeEN() []string {
	var out []string
	toks := d.toks
	for i := 1; i < len(toks); i++ {
		if !isPostCueEN(toks, i) {
			continue
		}
		from := i - 1
		for from > 0 && !(toks[from-1].kind == tPunct && strings.ContainsAny(toks[from-1].text, ",.;!?:")) {
			from--
		}
		for j := from; j < i; {
			if toks[j].kind != tWord || !toks[j].cap || d.inPlace(toks[j].start) {
				j++
				continue
			}
			words, k := capitalisedRun(toks, j, true)
			if k > i {
				break
			}
			if _, isMonth := monthNames[strings.ToLower(words[0])]; !isMonth && !stopPlaceWords[strings.ToLower(words[0])] && !negatedEN(d, toks[j].start) {
				out = append(out, splitAndEN(words)...)
			}
			j = max(k, j+1)
		}
	}
	return out
}

// isPostCueEN reports whether a cue of postCuesEN starts at token i.
func isPostCueEN(toks []token, i int) bool {
	for _, c := range postCuesEN {
		if i+len(c) > len(toks) {
			continue
		}
		ok := true
		for k, w := range c {
			if toks[i+k].low != w {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// postCuesZH are must-see cues written after the sights (鼓浪屿必去,
// 兵马俑和华清宫都要去).
var postCuesZH = []string{"一定要去", "一定要看", "必须去", "必去", "必看", "必打卡", "都要去", "都想去", "也要去", "都得去", "一定去", "非去不可", "不能错过", "不想错过",
	"都想逛", "都要逛", "都想看", "都要看", "都想打卡", "都要打卡", "打卡"}

// mustVisitBeforeZH reads the sights of the clause before a cue written
// after them.
func (d *doc) mustVisitBeforeZH() []string {
	var out []string
	s := d.clean
	for _, c := range postCuesZH {
		for from := 0; ; {
			k := strings.Index(s[from:], c)
			if k < 0 {
				break
			}
			i := from + k
			from = i + len(c)
			// 必打卡, 都要打卡: the words of insisting before the cue are no name
			for i > 0 {
				r, sz := utf8.DecodeLastRuneInString(s[:i])
				if !strings.ContainsRune("必都也要想一定还", r) {
					break
				}
				i -= sz
			}
			start := i
			for start > 0 {
				r, sz := utf8.DecodeLastRuneInString(s[:start])
				if !isHan(r) && r != '、' {
					break
				}
				start -= sz
			}
			if start < i && !negatedZH(s, start) {
				out = append(out, d.listedSightsZH(start, i)...)
			}
		}
	}
	return out
}

// listedSightsZH cuts d.clean[start:end], which a cue marks as sights,
// at every list word that leaves names of two characters or more on both
// sides (双廊和喜洲古镇; not 颐和园), and keeps the names that are no
// city, region or activity.
func (d *doc) listedSightsZH(start, end int) []string {
	var out []string
	keep := func(i, j int) {
		j = d.activityCutZH(i, j)
		if name := d.sightZH(i, j); name != "" {
			out = append(out, name)
			return
		}
		name := d.clean[i:j]
		n := utf8.RuneCountInString(name)
		if n < 2 || n > 8 || notSightZH[name] || strings.ContainsAny(name, "看吃玩住爬逛买坐走游过天晚月日号我你他们的去到来那这哪") || isWishWord(name) {
			return
		}
		if cands := d.gaz.Lookup(name); len(cands) > 0 {
			return
		}
		for _, sp := range d.placeSpans {
			if sp[0] < j && sp[1] > i {
				return
			}
		}
		out = append(out, name)
	}
	from := start
	for k := start; k < end; {
		w := ""
		for _, x := range listSplitZH {
			if strings.HasPrefix(d.clean[k:end], x) {
				w = x
				break
			}
		}
		if w != "" && utf8.RuneCountInString(d.clean[from:k]) >= 2 && utf8.RuneCountInString(d.clean[k+len(w):end]) >= 2 && !d.inSight(k, k+len(w)) {
			keep(from, k)
			from = k + len(w)
			k = from
			continue
		}
		_, sz := utf8.DecodeRuneInString(d.clean[k:])
		k += sz
	}
	if from < end {
		keep(from, end)
	}
	return out
}

// matchCueEN returns the token index after a must-see cue starting at i,
// or -1.
func (d *doc) matchCueEN(i int) int {
	if i >= len(d.toks) || !mustCueFirstEN[d.toks[i].low] && !mustCueFirstEN[d.toks[i].text] {
		return -1
	}
	for _, c := range mustCuesEN {
		j, k := i, 0
		for k < len(c) && j < len(d.toks) {
			t := &d.toks[j]
			if t.low != c[k] && t.text != c[k] {
				break
			}
			j++
			k++
		}
		if k == len(c) {
			if c[len(c)-1] == "the" {
				j-- // keep "the" for the name reader to skip
			}
			return j
		}
	}
	return -1
}

// activityVerbZH start what is done at a sight written right after its
// name (大熊猫繁育研究基地看熊猫, 西湖划船, 大雁塔拍照).
const activityVerbZH = "看吃玩住爬逛买坐走游过散拍溜划骑喝泡登听吹赏品尝求拜许喂泳"

// activityCutZH returns where the sight named in d.clean[i:j] ends when an
// activity follows it: at the first activity verb after at least two
// characters whose text before is a sight (by its sight word or the
// landmark table). A name that is itself a landmark is never cut.
func (d *doc) activityCutZH(i, j int) int {
	if j-i <= 2*3 || isLandmarkAlias(d.clean[i:j]) {
		return j
	}
	for k := i; k < j; {
		r, sz := utf8.DecodeRuneInString(d.clean[k:])
		if k-i >= 2*3 && strings.ContainsRune(activityVerbZH, r) && j-k >= 2*3 {
			if pre := d.clean[i:k]; isLandmarkAlias(pre) || d.sightZH(i, k) != "" {
				return k
			}
		}
		k += sz
	}
	return j
}

// mustVisitOfCityZH reads sights written as a city's (首尔的东大门设计广场,
// 京都的伏见稻荷大社): a name after 城市+的 that ends in a sight word with
// more before it (not 北京的胡同, 成都的美食), cut where an activity starts.
func (d *doc) mustVisitOfCityZH() []string {
	var out []string
	s := d.clean
	for _, sp := range d.placeSpans {
		start := sp[1] + len("的")
		if !strings.HasPrefix(s[sp[1]:], "的") || negatedZH(s, sp[0]) {
			continue
		}
		end := start
		for end < len(s) {
			r, sz := utf8.DecodeRuneInString(s[end:])
			if !isHan(r) {
				break
			}
			end += sz
		}
		// the first name of the list: up to a list word
		j := end
		for k := start; k < end; {
			if hasPrefixAny(s[k:end], listSplitZH...) && k > start {
				j = k
				break
			}
			_, sz := utf8.DecodeRuneInString(s[k:])
			k += sz
		}
		j = d.activityCutZH(start, j)
		name := d.sightZH(start, j)
		if name == "" || name != s[start:j] || utf8.RuneCountInString(name) < 3 && !isLandmarkAlias(name) {
			continue
		}
		generic := true
		for _, suf := range sightSuffixZH {
			if strings.HasSuffix(name, suf) && len(name) > len(suf)+3 {
				generic = false
				break
			}
		}
		if generic && !isLandmarkAlias(name) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// activityOnEN are activities done on or along a sight ("cycling on the
// city wall", "walking along the bund"); a lower-case name after them is a
// sight when the landmark table or the shared sight names know it.
var activityOnEN = map[string]bool{"cycling": true, "cycle": true, "biking": true, "bike": true, "riding": true, "ride": true,
	"walking": true, "walk": true, "hiking": true, "hike": true, "strolling": true, "stroll": true, "running": true, "jogging": true,
	"climbing": true, "climb": true, "kayaking": true, "boating": true, "rowing": true}

var activityPrepEN = map[string]bool{"on": true, "along": true, "atop": true, "around": true, "across": true, "up": true, "the": true}

// mustVisitActivityEN reads sights written in lower case after an
// activity done on them ("cycling on the city wall in Xi'an" → City Wall).
func (d *doc) mustVisitActivityEN() []string {
	var out []string
	toks := d.toks
	for i := 0; i+2 < len(toks); i++ {
		j := -1
		if toks[i].kind == tWord && activityOnEN[toks[i].low] && activityPrepEN[toks[i+1].low] {
			j = i + 2
			if toks[i+1].low != "the" && j < len(toks) && toks[j].low == "the" {
				j++
			}
		} else if k := d.matchCueEN(i); k > 0 && k < len(toks) && (toks[k].low == "the" || toks[k-1].low == "the") {
			j = k // "want to see the panda base": a known sight in lower case
			if toks[k].low == "the" {
				j++
			}
		}
		if j < 0 || j >= len(toks) || toks[j].cap {
			continue // a capitalised name is read by the cue rules
		}
		// the longest run of up to four words that is a known sight
		for n := min(4, len(toks)-j); n >= 1; n-- {
			words := make([]string, 0, n)
			ok := true
			for k := j; k < j+n; k++ {
				if toks[k].kind != tWord {
					ok = false
					break
				}
				words = append(words, toks[k].text)
			}
			if !ok {
				continue
			}
			phrase := strings.Join(words, " ")
			if isLandmarkAlias(phrase) || isGenericSightName(phrase) {
				if !negatedEN(d, toks[i].start) {
					out = append(out, titleWords(words))
					// "… and the summer palace": the list goes on
					if k := j + n; k+1 < len(toks) && (toks[k].low == "and" || toks[k].text == ",") {
						k++
						if toks[k].low == "the" {
							k++
						}
						if k < len(toks) && !toks[k].cap {
							for m := min(4, len(toks)-k); m >= 1; m-- {
								var more []string
								for q := k; q < k+m && toks[q].kind == tWord; q++ {
									more = append(more, toks[q].text)
								}
								if len(more) == m && isLandmarkAlias(strings.Join(more, " ")) {
									out = append(out, titleWords(more))
									break
								}
							}
						}
					}
				}
				break
			}
		}
	}
	return out
}

// titleWords joins words with each one's first letter upper-cased.
func titleWords(words []string) string {
	out := make([]string, len(words))
	for k, w := range words {
		if w != "" && w[0] >= 'a' && w[0] <= 'z' {
			w = string(w[0]-'a'+'A') + w[1:]
		}
		out[k] = w
	}
	return strings.Join(out, " ")
}

// countMeasureZH are the measure words of a count before a sight or a
// show (看一场川剧, 坐一次长江索道, 去一趟故宫).
var countMeasureZH = []string{"场", "次", "趟", "回", "个", "下"}

// trimCountZH drops a count of one (一场, 一次…) before a name.
func trimCountZH(name string) string {
	rest, ok := strings.CutPrefix(name, "一")
	if !ok {
		return name
	}
	for _, m := range countMeasureZH {
		if r, ok := strings.CutPrefix(rest, m); ok && utf8.RuneCountInString(r) >= 2 {
			return r
		}
	}
	return name
}

// outingsEN are outings and kinds of sight written in lower case ("a
// canal boat ride", "the zoo", "wander the hutongs"), each with the
// must-visit name it reads as; capitalised words right before one name
// it ("the Yangtze cable car", "a Two Rivers night cruise", "a Sichuan
// opera show").
var outingsEN = []struct{ phrase, name string }{
	{"face-changing show", "Sichuan Opera"}, {"face changing show", "Sichuan Opera"}, {"face-changing", "Sichuan Opera"},
	{"opera show", "Opera"}, {"opera", "Opera"},
	{"canal boat ride", "Canal Boat Ride"}, {"canal cruise", "Canal Cruise"}, {"boat ride", "Boat Ride"}, {"boat trip", "Boat Trip"},
	{"night cruise", "Night Cruise"}, {"river cruise", "River Cruise"}, {"harbour cruise", "Harbour Cruise"},
	{"night tour", "Night Tour"}, {"boat tour", "Boat Tour"}, {"light show", "Light Show"},
	{"harbor cruise", "Harbor Cruise"},
	{"cable car", "Cable Car"}, {"cableway", "Cableway"},
	{"hutongs", "Hutongs"}, {"hutong", "Hutongs"}, {"zoo", "Zoo"}, {"aquarium", "Aquarium"},
	{"teahouse", "Teahouse"}, {"tea house", "Teahouse"}, {"night market", "Night Market"},
	// kinds of sight the destination has one of, read after "the" only
	// ("a walk by the bay", "the old town in the evening")
	{"the bay", "Bay"}, {"the old town", "Old Town"}, {"the ancient town", "Ancient Town"}, {"the waterfront", "Waterfront"},
	{"the harbour", "Harbour"}, {"the harbor", "Harbor"},
}

// outingFirstEN are the first words of outingsEN's phrases (a quick filter).
var outingFirstEN = func() map[string]bool {
	m := map[string]bool{}
	for _, o := range outingsEN {
		w, _, _ := strings.Cut(o.phrase, " ")
		w, _, _ = strings.Cut(w, "-")
		m[w] = true
	}
	return m
}()

// outingsEN reads the outings of outingsEN a request wishes for, in a
// trip to a known place; a declined one ("no cruise") is left out.
func (d *doc) outingsEN() []string {
	if len(d.placeSpans) == 0 {
		return nil
	}
	var out []string
	toks := d.toks
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if t.kind != tWord || t.cap || !outingFirstEN[t.low] {
			continue
		}
		for _, o := range outingsEN {
			end := t.start + len(o.phrase)
			if end > len(d.low) || d.low[t.start:end] != o.phrase || !wordBounded(d.low, t.start, end) {
				continue
			}
			if k := d.tokenAt(end); k < len(toks) && toks[k].low == "of" {
				break // "the old town of Tongli": the name after it is read
			}
			if !negatedEN(d, t.start) && !d.inDish(t.start, end) {
				if strings.HasPrefix(o.phrase, "the ") {
					out = append(out, o.name) // "Visit the bay": no name before "the"
				} else {
					out = append(out, d.outingName(i, o.name))
				}
			}
			i = d.tokenAt(end) - 1
			break
		}
	}
	return out
}

// outingName puts the capitalised words right before token i (up to
// three: "Sichuan opera", "Beijing zoo") in front of name, once.
func (d *doc) outingName(i int, name string) string {
	k := i
	for k > 0 && i-k < 3 && d.toks[k-1].kind == tWord && d.toks[k-1].cap && !connectors[d.toks[k-1].low] {
		k--
	}
	if k == i {
		return name
	}
	lead := d.clean[d.toks[k].start:d.toks[i-1].end]
	if isLandmarkAlias(lead) {
		// "a Pearl River night cruise": the outing on the sight, whole, so
		// that the planner plans the cruise, not a walk by the river
		return lead + " " + name
	}
	if containsFold(name, lead) {
		return name
	}
	return lead + " " + name
}
