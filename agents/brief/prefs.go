package brief

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// term maps words of either language to one canonical value.
type term struct {
	value string
	zh    []string
	en    []string // whole-word phrases, lower case
}

var interestTerms = []term{
	{"food", []string{"美食", "小吃", "好吃的", "吃货", "吃吃喝喝", "吃喝", "觅食", "特色菜", "当地菜"}, []string{"food", "foodie", "foodies", "eat", "eating", "culinary", "gastronomy", "food lovers", "street food"}},
	{"photography", []string{"拍照", "摄影", "出片", "拍拍拍", "打卡拍照"}, []string{"photography", "photos", "photo", "instagrammable", "taking pictures"}},
	{"family", []string{"亲子", "遛娃", "带娃玩"}, []string{"family-friendly", "kid-friendly", "kids activities", "family fun"}},
	{"museums", []string{"博物馆", "展览", "博物院", "纪念馆"}, []string{"museum", "museums", "exhibitions", "galleries"}},
	{"hiking", []string{"爬山", "登山", "徒步", "户外", "走走山路"}, []string{"hiking", "hike", "hikes", "trekking", "trek", "mountains", "climbing"}},
	{"hot springs", []string{"温泉"}, []string{"hot springs", "hot spring", "onsen", "spa"}},
	{"shopping", []string{"购物", "逛街", "买买买", "商场", "免税"}, []string{"shopping", "shop", "markets", "outlets"}},
	{"history", []string{"历史", "古迹", "遗址", "古建", "文物"}, []string{"history", "historic", "historical", "heritage", "ruins"}},
	{"culture", []string{"文化", "人文", "非遗", "民俗"}, []string{"culture", "cultural", "local culture"}},
	{"nature", []string{"自然", "风景", "风光", "山水", "大自然", "看山", "森林", "湖"}, []string{"nature", "outdoors", "scenery", "landscapes", "national parks", "national park", "wildlife"}},
	{"beaches", []string{"海边", "海滩", "沙滩", "看海", "海岛", "潜水"}, []string{"beach", "beaches", "seaside", "snorkeling", "diving", "island"}},
	{"nightlife", []string{"夜生活", "酒吧", "蹦迪", "夜店", "livehouse"}, []string{"nightlife", "bars", "clubs", "clubbing", "night life", "pubs"}},
	{"temples", []string{"寺庙", "寺院", "古寺", "禅寺", "神社", "拜佛"}, []string{"temples", "temple", "shrines", "shrine", "monasteries"}},
	{"art", []string{"艺术", "美术馆", "画廊", "看展"}, []string{"art", "arts", "art galleries", "street art"}},
	{"architecture", []string{"建筑"}, []string{"architecture", "buildings"}},
	{"theme parks", []string{"迪士尼", "迪斯尼", "游乐园", "主题公园", "环球影城", "欢乐谷", "乐园"}, []string{"theme park", "theme parks", "disney", "disneyland", "universal studios", "amusement park", "amusement parks"}},
	{"skiing", []string{"滑雪"}, []string{"skiing", "ski", "snowboarding"}},
	{"coffee", []string{"咖啡"}, []string{"coffee", "cafes", "cafe"}},
	{"tea", []string{"喝茶", "茶馆", "茶园"}, []string{"tea", "tea houses"}},
	{"wine", []string{"葡萄酒", "酒庄", "红酒"}, []string{"wine", "wineries", "vineyards", "wine tasting"}},
	{"old towns", []string{"古镇", "古城", "老街", "古村"}, []string{"old town", "old towns", "old city"}},
	{"pandas", []string{"熊猫"}, []string{"pandas", "panda"}},
	{"zoos", []string{"动物园", "海洋馆", "水族馆"}, []string{"zoo", "zoos", "aquarium"}},
	{"night views", []string{"夜景", "夜色"}, []string{"night views", "night view", "skyline", "at night", "by night", "after dark", "nightscape", "night scenery", "city lights", "lit up at night"}},
	{"shows", []string{"演出", "看剧", "音乐剧", "话剧", "演唱会", "音乐节"}, []string{"shows", "musicals", "concerts", "theater", "theatre", "broadway"}},
	{"anime", []string{"动漫", "二次元", "漫展"}, []string{"anime", "manga"}},
	{"sports", []string{"看球", "体育"}, []string{"sports", "football match", "baseball game"}},
	{"gardens", []string{"园林", "花园", "赏花", "樱花", "看花"}, []string{"gardens", "garden", "cherry blossoms", "flowers"}},
	{"relaxation", []string{"放松", "度假", "躺平", "发呆"}, []string{"relaxation", "relax", "relaxing", "unwind"}},
}

var paceTerms = []term{
	{"relaxed", []string{"轻松", "悠闲", "休闲", "慢节奏", "节奏慢", "慢一点", "慢一些", "慢点", "悠哉", "不赶", "不要太赶", "别太赶", "不要太累", "别太累", "佛系", "慢游", "躺平", "随性", "不用太满", "不要太紧凑", "别太紧凑", "慢慢玩", "慢慢", "慢悠悠", "悠着点", "从从容容", "不慌不忙", "不赶时间", "松弛", "宽松一点", "宽松些", "松一点", "别排太满",
		// round 6: not to be worn out
		"别太折腾", "不要太折腾", "不想太折腾", "不折腾", "少折腾", "不想太累", "别太辛苦", "不要太辛苦", "不想太辛苦", "轻松点", "轻松一点", "休闲度假", "放松", "养老式", "度假为主", "睡到自然醒"}, []string{"relaxed", "leisurely", "laid-back", "laid back", "slow-paced", "slow paced", "slow pace", "chill", "easygoing", "easy-going", "not rushed", "no rush", "take it easy", "unhurried", "relaxing pace", "not too packed", "not too busy", "easy pace", "gentle pace", "easy-paced", "slower pace", "slow travel",
		"take it slow", "take things slow", "take things easy", "taking it slow", "taking it easy", "go slow", "slowly", "no hurry",
		"in no hurry", "at our own pace", "at my own pace", "without rushing", "leisurely pace", "at a stroll",
		// round 5: paired easy words ("slow and easy", "nice and easy") and low-key
		"slow and easy", "easy and slow", "nice and easy", "nice and slow", "slow and steady", "low-key", "low key",
		// round 6
		"not too tiring", "nothing too tiring", "don't want to be exhausted", "sleep in", "lazy", "restful", "keep it easy", "keep it light", "light schedule", "easy schedule", "relaxed schedule", "downtime"}},
	{"packed", []string{"紧凑", "特种兵", "暴走", "多去几个", "尽量多", "高强度", "行程满", "排满", "充实",
		// round 5: asking for a tighter plan (排紧一点, 紧一点没关系, 多安排点)
		"排紧", "排得紧", "排得满", "紧一点", "紧一些", "满一点", "满一些", "多安排", "多排点", "赶一点"}, []string{"packed", "as much as we can", "as much as i can", "cram in", "pack in", "packed days", "busy days", "action-packed", "fast-paced", "fast paced", "jam-packed", "as much as possible", "see everything", "intensive", "busy schedule", "tight schedule", "whirlwind",
		// round 6
		"pack it in", "packed schedule", "full schedule", "full days", "maximize", "maximise", "see as much as", "do as much as", "non-stop", "nonstop", "go go go", "marathon"}},
	{"moderate", []string{"适中", "节奏适中", "不紧不慢"}, []string{"moderate pace", "moderate", "balanced pace"}},
}

var transportTerms = []term{
	{"flight", []string{"飞机", "航班", "坐飞", "乘飞", "飞过去", "机票"}, []string{"flight", "flights", "flying", "fly", "plane", "planes", "airplane", "air travel", "airline", "airlines", "by air"}},
	{"train", []string{"高铁", "火车", "动车", "铁路", "列车"}, []string{"train", "trains", "rail", "railway", "high-speed rail", "bullet train", "amtrak", "shinkansen", "tgv", "eurostar", "ktx", "high-speed train", "high-speed trains", "hsr"}},
	{"bus", []string{"大巴", "巴士", "长途汽车", "客车", "汽车站"}, []string{"bus", "buses", "coach", "greyhound"}},
	{"self_driving", []string{"自驾", "开车", "租车", "驾车", "自己开"}, []string{"self-driving", "self driving", "self-drive", "self drive", "drive ourselves", "drive myself", "driving", "drive", "road trip", "rental car", "rent a car", "car rental",
		"driving myself", "driving ourselves", "rental cars", "rent a car", "renting a car", "hire a car", "hiring a car", "car hire", "rented car", "roadtrip", "road-trip", "our own car", "my own car", "by car"}},
	{"taxi", []string{"打车", "出租车", "网约车", "滴滴"}, []string{"taxi", "taxis", "cab", "cabs", "uber", "lyft"}},
	{"ferry", []string{"轮渡", "渡轮", "坐船", "游轮", "邮轮"}, []string{"ferry", "ferries", "boat", "cruise"}},
	{"transit", []string{"地铁", "公交", "公共交通"}, []string{"public transport", "public transportation", "subway", "metro", "public transit"}},
}

var negZH = []string{"不坐", "不乘", "不搭", "不要", "不想", "不能", "不用", "不开", "不自", "不", "别", "避免", "拒绝", "讨厌", "不喜欢", "没有", "没", "恐", "晕", "非"}

// notNegZH blanks words that contain 不 or 别 without negating (别人,
// 特别, 不错, 不同).
var notNegZH = strings.NewReplacer("别人", "__", "别的", "__", "特别", "__", "区别", "__", "分别", "__", "差别", "__",
	"别墅", "__", "告别", "__", "不错", "__", "不少", "__", "不同", "__", "不过", "__", "不仅", "__", "不管", "__", "不久", "__",
	// insisting, not declining: 不能错过, 不想错过, 别错过, 不可不去, 非去不可
	"不能错过", "____", "不想错过", "____", "不要错过", "____", "不可错过", "____", "别错过", "___", "不可不", "___", "不能不", "___",
	// names and set words with 不 (狗不理包子, 大唐不夜城, 差不多, 忍不住想吃)
	"狗不理", "___", "不夜城", "___", "不倒翁", "___", "差不多", "___", "了不起", "___", "对不起", "___", "忍不住", "___", "迫不及待", "____", "不虚此行", "____")

// negatedZH reports whether a negation stands within a few characters
// before byte i in the same clause.
func negatedZH(s string, i int) bool {
	from := i
	for n := 0; n < 7 && from > 0; n++ {
		r, sz := utf8.DecodeLastRuneInString(s[:from])
		if r == '，' || r == ',' || r == '。' || r == '；' || r == '、' || r == '!' || r == '！' {
			break
		}
		from -= sz
	}
	seg := s[from:i]
	if strings.ContainsAny(seg, "别不") {
		seg = notNegZH.Replace(seg)
	}
	for _, w := range negZH {
		if strings.Contains(seg, w) {
			return !insistsAfterZH(s, i)
		}
	}
	return false
}

// wastedTripZH are the clause ends that turn "not doing X" into insisting
// on it: 不去兵马俑等于白来, 不吃火锅就算没来过, 不去西湖就白来了.
var wastedTripZH = []string{"白来", "白去", "没来", "没去", "白玩", "白跑", "不算来过", "不算去过", "算没来", "等于零", "不完整", "遗憾"}

// insistsAfterZH reports whether the clause after byte i ends in a wasted
// trip (see wastedTripZH).
func insistsAfterZH(s string, i int) bool {
	end := len(s)
	for k, r := range s[i:] {
		if r == '，' || r == ',' || r == '。' || r == '；' || r == '!' || r == '！' || r == '？' || r == '?' {
			end = i + k
			break
		}
	}
	if !strings.ContainsRune(s[i:end], '白') && !strings.ContainsRune(s[i:end], '没') && !strings.ContainsRune(s[i:end], '算') && !strings.ContainsRune(s[i:end], '憾') && !strings.ContainsRune(s[i:end], '零') && !strings.ContainsRune(s[i:end], '整') {
		return false
	}
	for _, w := range wastedTripZH {
		if strings.Contains(s[i:end], w) {
			return true
		}
	}
	return false
}

// negatedEN reports whether a negation word stands within the few words
// before byte i in the same clause. A negated missing is insisting ("don't
// want to miss", "can't miss", "not to be missed", "can't wait to see"),
// not declining.
func negatedEN(d *doc, i int) bool {
	if !negatedWordEN(d, i) {
		return false
	}
	without := false
	for j, words := d.tokenAt(i)-1, 0; j >= 0 && words < 9; j-- {
		t := &d.toks[j]
		if t.kind == tPunct && strings.ContainsAny(t.text, ",.;!?:") {
			break
		}
		if t.kind != tWord {
			continue
		}
		words++
		switch t.low {
		case "skip", "skipping":
			// "can't skip X" insists, "we'd rather skip X" declines
			if words < 7 && negatedWordEN(d, t.start) {
				return false
			}
		case "miss", "missing", "missed", "wait", "forget", "forgetting":
			if words < 7 {
				return false
			}
		case "without":
			without = true
		case "can't", "cannot", "won't", "not", "never", "no", "don't", "couldn't", "wouldn't", "shouldn't":
			// "can't leave without seeing", "no way I'm leaving without":
			// a negated leaving insists
			if without {
				return false
			}
		}
	}
	return true
}

// negatedWordEN reports whether a negation word stands within the few
// words before byte i in the same clause.
func negatedWordEN(d *doc, i int) bool {
	j := d.tokenAt(i) - 1
	words := 0
	for ; j >= 0 && words < 7; j-- {
		t := &d.toks[j]
		if t.kind == tPunct {
			if t.text == "-" {
				continue
			}
			if t.text == "," || t.text == "." || t.text == ";" || t.text == "!" || t.text == "?" || t.text == "—" || t.text == "–" || t.text == ":" || t.text == "(" {
				return false
			}
			continue
		}
		if t.kind != tWord {
			return false
		}
		words++
		switch t.low {
		case "no", "not", "don't", "dont", "won't", "without", "avoid", "avoiding", "never", "non", "nor", "hate", "dislike", "exclude", "excluding", "except", "skip", "instead", "isn't", "aren't", "doesn't", "didn't", "cannot", "can't", "shouldn't", "wouldn't":
			return true
		case "but", "and", "although", "however", "while", "though":
			if words > 1 {
				return false
			}
		}
	}
	return false
}

var (
	interestLex  = termLexicon(interestTerms)
	paceLex      = termLexicon(paceTerms)
	transportLex = termLexicon(transportTerms)
	cuisineLex   = termLexicon(cuisineTerms)
)

// termHits scans for a term table's phrases and splits the terms into
// those mentioned plainly (pos, in table order) and those only negated
// (neg).
func (d *doc) termHits(terms []term, lx *lexicon) (pos, neg []string) {
	hits := lx.scan(d)
	if len(hits) == 0 {
		return nil, nil
	}
	// per term: 1 found, 2 negated
	var small [64]uint8
	state := small[:0]
	if len(terms) <= len(small) {
		state = small[:len(terms)]
	} else {
		state = make([]uint8, len(terms))
	}
	for _, h := range hits {
		if d.inPlace(h.start) {
			continue // "Temple, Texas" is a place, not an interest
		}
		var isNeg bool
		if h.zh {
			isNeg = negatedZH(d.clean, h.start)
		} else {
			isNeg = negatedEN(d, h.start)
		}
		if isNeg {
			state[h.id] |= 2
			continue
		}
		state[h.id] |= 1
	}
	for i, t := range terms {
		switch {
		case state[i]&1 != 0:
			pos = append(pos, t.value)
		case state[i]&2 != 0:
			neg = append(neg, t.value)
		}
	}
	return pos, neg
}

// appendNew appends v unless list holds it.
func appendNew(list []string, v string) []string {
	if slices.Contains(list, v) {
		return list
	}
	return append(list, v)
}

// interests returns the request's interests, in the table's order.
func (d *doc) interests() []string {
	pos, _ := d.termHits(interestTerms, interestLex)
	return pos
}

// pace returns relaxed, packed, moderate or "".
func (d *doc) pace() string {
	pos, neg := d.termHits(paceTerms, paceLex)
	for _, p := range pos {
		return p
	}
	// 别安排太累, 不要排得太满, "don't make it too tiring": too much, negated
	if d.hasHanText {
		for _, w := range []string{"太累", "太赶", "太满", "太辛苦", "太紧", "太多地方"} {
			if i := strings.Index(d.clean, w); i >= 0 && negatedZH(d.clean, i) {
				return "relaxed"
			}
		}
	}
	for _, w := range []string{"too tiring", "too rushed", "too hectic", "too busy", "too much walking", "too packed", "too exhausting", "too intense", "too strenuous", "too crazy"} {
		if !d.hasLatin || !strings.Contains(d.low, "too ") {
			break // most requests hold no "too": skip the scans
		}
		for _, k := range d.findEN(w) {
			// "nothing too hectic", "none too busy": nothing of too much
			if negatedEN(d, k) || hasSuffixAny(strings.TrimRight(d.low[:k], " "), "nothing", "none", "nothing that's", "nothing thats") {
				return "relaxed"
			}
		}
	}
	for _, n := range neg {
		if n == "packed" {
			return "relaxed" // "not too packed", 不要太紧凑
		}
	}
	return ""
}

// transport returns the modes to exclude (any negated mention: 不坐飞机,
// no flights), to prefer (a plain mention with a verb of use: 坐高铁, by
// train) and to require (a mode fixed as the way to travel, not hedged:
// 坐高铁去, "fly to", "by train"; see requireMode). A mode both negated
// and asked for is excluded: the negation wins.
func (d *doc) transport() (exclude, prefer, require []string) {
	excluded := map[int]bool{}
	preferred := map[int]bool{}
	required := map[int]bool{}
	for _, h := range transportLex.scan(d) {
		var isNeg bool
		if h.zh {
			isNeg = negatedZH(d.clean, h.start)
		} else {
			isNeg = negatedEN(d, h.start)
		}
		isNeg = isNeg || d.rejectedMode(h)
		switch {
		case isNeg:
			excluded[h.id] = true
		case d.requireMode(h):
			preferred[h.id], required[h.id] = true, true
		case d.prefersAt(h):
			preferred[h.id] = true
		}
	}
	for i, t := range transportTerms {
		switch {
		case excluded[i]:
			exclude = append(exclude, t.value)
		case required[i] && intercityMode(t.value):
			prefer = append(prefer, t.value)
			require = append(require, t.value)
		case preferred[i]:
			prefer = append(prefer, t.value)
		}
	}
	return exclude, prefer, require
}

// modeComplaintsZH and modeComplaintsEN right after a mode reject it
// (火车太慢了坐飞机, "the train takes too long, we'll fly"): the mode is
// excluded, never required.
var (
	modeComplaintsZH = []string{"太慢", "太贵", "太累", "太折腾", "太久", "太麻烦", "太远", "不方便", "不舒服", "受不了", "坐不了", "坐着累"}
	modeComplaintsEN = []string{"is too slow", "too slow", "is too expensive", "too expensive", "takes too long", "take too long",
		"is too long", "is a pain", "are too slow", "are too expensive", "is too tiring", "too tiring"}
)

// rejectedMode reports whether the mode named at h is followed by a
// complaint that rejects it (火车太慢, "trains are too slow").
func (d *doc) rejectedMode(h lexHit) bool {
	if h.zh {
		after := d.clean[h.end:min(len(d.clean), h.end+12)]
		return hasPrefixAny(strings.TrimPrefix(strings.TrimPrefix(after, "的话"), "也"), modeComplaintsZH...)
	}
	if d.comparedAwayEN(h.start) {
		return true
	}
	after := strings.TrimLeft(d.low[h.end:min(len(d.low), h.end+24)], " ")
	if after == "" {
		return false
	}
	for _, c := range modeComplaintsEN {
		if strings.HasPrefix(after, c) {
			return true
		}
	}
	return false
}

// comparedAwayEN reports whether the mode written at byte i is the one
// turned down in a comparison: "rather take the train than fly", "the bus
// over the train" after prefer, "instead of flying".
func (d *doc) comparedAwayEN(i int) bool {
	a, _ := clauseAt(d.clean, i)
	before := " " + strings.TrimRight(d.low[a:i], " ")
	for _, art := range []string{" the", " a", " taking", " take"} {
		before = strings.TrimSuffix(before, art)
	}
	switch {
	case hasSuffixAny(before, " instead of", " rather than", " in place of"):
		return true
	case strings.HasSuffix(before, " than"):
		return hasWord(before, "rather", "sooner", "prefer", "better")
	case strings.HasSuffix(before, " over"):
		return hasWord(before, "prefer", "prefers", "preferring", "choose", "pick")
	}
	return false
}

// intercityMode reports whether a mode can carry a trip between cities
// (a requirement on taxis or the metro would be about getting around).
func intercityMode(m string) bool {
	return m == "flight" || m == "train" || m == "bus" || m == "self_driving" || m == "ferry"
}

// prefersAt reports whether the mode named at h is asked for (坐高铁, by
// train, 自驾游, road trip) rather than just named.
func (d *doc) prefersAt(h lexHit) bool {
	mode := transportTerms[h.id].value
	if h.zh {
		before := d.clean[max(0, h.start-9):h.start]
		return hasAny(before, "坐", "乘", "搭", "想", "用", "选", "走") || mode == "self_driving" || mode == "train"
	}
	w := d.low[h.start:h.end]
	before := d.low[max(0, h.start-24):h.start]
	// "trains only", "high-speed rail only", "only trains": the one mode
	after := strings.TrimLeft(d.low[h.end:min(len(d.low), h.end+8)], " ")
	if strings.HasPrefix(after, "only") && !strings.HasPrefix(after, "only if") || strings.HasSuffix(strings.TrimRight(before, " "), " only") ||
		strings.TrimRight(before, " ") == "only" {
		return true
	}
	// "on the high-speed rail", "aboard a ferry": travelling on it
	tb := " " + strings.TrimRight(before, " ")
	if hasSuffixAny(tb, " on the", " on a", " on an", " aboard", " aboard the", " aboard a", " on board the", " on board a") {
		return true
	}
	// "high-speed train from Beijing to Shanghai", "train between them",
	// "train both ways", "driving from Las Vegas": the mode named as the
	// leg or the whole journey
	if (mode == "train" || mode == "ferry" || w == "driving") && d.legAfter(h.end) {
		return true
	}
	return hasWord(before, "by", "take", "taking", "via", "prefer", "ride", "catch", "use", "using") ||
		w == "road trip" || w == "rental car" || w == "rent a car" || w == "drive ourselves" || w == "drive myself" ||
		w == "self-drive" || w == "self drive" || w == "self-driving" || w == "self driving" ||
		w == "driving myself" || w == "driving ourselves" || w == "renting a car" || w == "hire a car" ||
		w == "hiring a car" || w == "car hire" || w == "roadtrip" || w == "road-trip" || w == "rental cars" ||
		w == "drive" && hasWord(before, "we'll", "we will", "i'll", "i will", "we", "i")
}

// legWordsAfter follow a mode named as a leg or the whole journey.
var legWordsAfter = []string{"from ", "up from ", "down from ", "over from ", "in from ", "back from ", "up to ", "down to ", "over to ", "to ", "between ", "both ways", "there and back", "each way", "all the way", "in both directions", "back and forth", "the whole way"}

// legAfter reports whether a leg word follows byte i (after "all", "the").
func (d *doc) legAfter(i int) bool {
	after := strings.TrimLeft(d.low[i:min(len(d.low), i+24)], " ")
	return prefixAny(after, legWordsAfter) != ""
}

// houseRules returns what the group needs the lodging to allow.
func (d *doc) houseRules() []string {
	var out []string
	s, low := d.clean, d.low
	add := func(r string) {
		for _, x := range out {
			if x == r {
				return
			}
		}
		out = append(out, r)
	}
	// pets
	for _, w := range []string{"带宠物", "带狗", "带猫", "宠物友好", "可带宠物", "宠物", "狗狗", "猫咪", "带着狗", "带着猫"} {
		if k := strings.Index(s, w); k >= 0 && !negatedZH(s, k) {
			add("pets")
		}
	}
	for _, w := range []string{"pets", "pet", "pet-friendly", "dog", "dogs", "cat", "cats", "puppy"} {
		for _, k := range d.findEN(w) {
			if d.ruleWantedEN(k, len(w)) {
				add("pets")
			}
		}
	}
	// smoking
	for _, w := range []string{"吸烟", "抽烟"} {
		if k := strings.Index(s, w); k >= 0 && !negatedZH(s, k) && !d.zhAny("禁烟", "无烟", "禁止吸烟") {
			add("smoking")
		}
	}
	for _, k := range d.findEN("smoking") {
		if d.ruleWantedEN(k, len("smoking")) && !strings.HasSuffix(low[:k], "non-") && !d.enAny("non-smoking", "smoke-free", "no smoking", "nonsmoking") {
			add("smoking")
		}
	}
	if d.enAny("smoker", "smokers", "smoke") && !d.enAny("non-smoking", "smoke-free", "no smoking", "don't smoke", "do not smoke") {
		add("smoking")
	}
	// parties ("party of 5" is a group)
	for _, w := range []string{"开派对", "派对", "聚会", "开趴", "轰趴"} {
		if k := strings.Index(s, w); k >= 0 && !negatedZH(s, k) {
			add("parties")
		}
	}
	for _, k := range d.findEN("parties") {
		if d.ruleWantedEN(k, len("parties")) {
			add("parties")
		}
	}
	for _, k := range d.findEN("party") {
		after := low[k+len("party"):]
		if strings.HasPrefix(after, " of") {
			continue
		}
		before := low[max(0, k-30):k]
		if hasWord(before, "host", "hosting", "throw", "throwing", "have a", "allow", "allows", "birthday") && !negatedEN(d, k) {
			add("parties")
		}
	}
	// children under 10
	if d.enAny("children under 10", "kids under 10", "children under the age of 10", "kids under the age of 10",
		"children under ten", "young children", "young kids", "toddler", "toddlers", "baby", "infant", "infants", "little ones", "small children") ||
		d.zhAny("宝宝", "婴儿", "幼儿", "小宝贝", "小朋友", "学龄前") || youngChildZH(s) {
		add("children_under_10")
	}
	// visitors
	if d.enAny("visitors", "visitor", "have guests over", "guests over", "host guests") && !d.enAny("no visitors") {
		for _, k := range append(d.findEN("visitors"), d.findEN("visitor")...) {
			if d.ruleWantedEN(k, len("visitor")) {
				add("visitors")
			}
		}
	}
	// round 5: friends or family coming over ("have friends visit", "friends over")
	for _, w := range []string{"friends visit", "friends to visit", "friends over", "family visit", "family to visit", "people over", "guests visit", "guests to visit"} {
		if !d.hasLatin || !hasAny(d.low, "friends", "family", "people", "guests") || !hasAny(d.low, "visit", " over") {
			break // most requests name no one coming over: skip the scans
		}
		for _, k := range d.findEN(w) {
			if !negatedEN(d, k) {
				add("visitors")
			}
		}
	}
	if d.zhAny("访客", "朋友来访", "会客", "允许来访") {
		add("visitors")
	}
	return out
}

// restrictWordsEN restrict what follows them ("rooms that restrict
// parties", "no rules against pets"); negated, they allow it.
var restrictWordsEN = map[string]bool{"restrict": true, "restricts": true, "restricting": true, "restricted": true, "restriction": true,
	"restrictions": true, "prohibit": true, "prohibits": true, "prohibited": true, "prohibiting": true, "ban": true, "bans": true,
	"banned": true, "forbid": true, "forbids": true, "forbidden": true, "disallow": true, "disallows": true, "disallowed": true,
	"against": true, "limit": true, "limits": true}

// allowWordsEN allow what stands before them ("parties are allowed").
var allowWordsEN = map[string]bool{"allowed": true, "permitted": true, "welcome": true, "ok": true, "okay": true, "fine": true, "accepted": true}

// ruleWantedEN reports whether the house-rule word at byte k (n bytes
// long) is asked for: a negation before it declines it ("no parties"),
// a restriction declines it and a negated restriction allows it ("entire
// rooms that do not restrict parties", "no restrictions on pets", "where
// smoking is not prohibited").
func (d *doc) ruleWantedEN(k, n int) bool {
	neg := func(w string) bool {
		switch w {
		case "no", "not", "don't", "dont", "doesn't", "didn't", "won't", "without", "never", "isn't", "aren't", "cannot", "can't", "nor":
			return true
		}
		return false
	}
	ti := d.tokenAt(k)
	// after: "parties are (not) allowed / (not) prohibited"
	restrictAfter, allowAfter, negAfter := false, false, false
	for j, words := ti+1, 0; j < len(d.toks) && words < 4; j++ {
		t := &d.toks[j]
		if t.kind != tWord {
			if t.text == "-" {
				continue
			}
			break
		}
		words++
		switch {
		case neg(t.low):
			negAfter = true
		case restrictWordsEN[t.low] && t.low != "against" && t.low != "limit" && t.low != "limits":
			restrictAfter = true
		case allowWordsEN[t.low]:
			allowAfter = true
		}
	}
	if restrictAfter {
		return negAfter
	}
	if allowAfter {
		return !negAfter
	}
	// before: a restriction word, and a negation before it
	for j, words := ti-1, 0; j >= 0 && words < 6; j-- {
		t := &d.toks[j]
		if t.kind != tWord {
			if t.text == "-" || t.text == "'" {
				continue
			}
			break
		}
		words++
		if restrictWordsEN[t.low] {
			for i, w2 := j-1, 0; i >= 0 && w2 < 4; i-- {
				u := &d.toks[i]
				if u.kind != tWord {
					break
				}
				w2++
				if neg(u.low) {
					return true
				}
			}
			return false
		}
	}
	return !negatedEN(d, k)
}

// youngChildZH finds "N岁" with N under 10 next to a child word.
func youngChildZH(s string) bool {
	for i := strings.Index(s, "岁"); i >= 0; {
		if n, ns := readNumberBackAll(s, i); ns < i && n > 0 && n < 10 {
			return true
		}
		j := strings.Index(s[i+len("岁"):], "岁")
		if j < 0 {
			break
		}
		i += len("岁") + j
	}
	return false
}

// roomTerms are the room types in both languages; a negated shared room
// ("不想跟别人合住", "don't want to share a room") is not_shared_room, and a
// negated private or entire one is dropped, never inverted.
var roomTerms = []term{
	{"not_shared_room", []string{"非合住", "独住", "单独住"}, []string{"not shared room", "not shared rooms", "non-shared", "not a shared room", "no shared room", "no shared rooms", "room to myself", "room to ourselves", "not share a room", "not sharing a room",
		"not shared", "unshared", "isn't shared", "aren't shared", "not be shared", "non shared", "not a shared",
		// round 5: a modal before the negated share ("rooms shouldn't be shared")
		"shouldn't be shared", "should not be shared", "mustn't be shared", "must not be shared", "can't be shared", "cannot be shared", "won't be shared"}},
	{"entire_home", []string{"整套", "整租", "整间", "独栋", "整个房子", "整栋", "独门独院", "整屋"}, []string{"entire room", "entire rooms", "entire home", "entire homes", "entire apartment", "entire place", "entire house",
		"whole apartment", "whole house", "whole place", "entire home/apt", "rooms to ourselves", "place to ourselves", "entire flat", "whole home"}},
	{"private_room", []string{"独立房间", "单间", "私人房间", "独立卧室", "独立的房间", "私密房间"}, []string{"private room", "private rooms", "own room", "own rooms"}},
	{"shared_room", []string{"合住", "床位", "多人间", "拼房", "青旅床位", "青旅", "混住"}, []string{"shared room", "shared rooms", "dorm", "dorms", "dorm bed", "hostel bed", "dormitory", "share a room", "sharing a room", "room share", "shared dorm", "hostel"}},
}

var roomLex = termLexicon(roomTerms)

// roomType returns one of the room types, or "".
func (d *doc) roomType() string {
	pos, neg := d.termHits(roomTerms, roomLex)
	for _, p := range pos {
		if p == "shared_room" && (slices.Contains(pos, "not_shared_room") || d.sharedRoomPermitted()) {
			continue // "住青旅也可以": allowed, not asked for
		}
		if p == "not_shared_room" && (slices.Contains(pos, "private_room") || slices.Contains(pos, "entire_home")) {
			continue // "no shared rooms, a private room": the specific type
		}
		return p
	}
	if slices.Contains(neg, "shared_room") && !d.sharedRoomPermitted() {
		return "not_shared_room" // "we don't mind a hostel" is no refusal
	}
	return ""
}

var cuisineTerms = []term{
	{"American", []string{"美式", "美国菜", "汉堡"}, []string{"american"}},
	{"Mediterranean", []string{"地中海"}, []string{"mediterranean"}},
	{"Mexican", []string{"墨西哥菜", "墨西哥餐", "墨西哥"}, []string{"mexican"}},
	{"Indian", []string{"印度菜", "印度餐", "咖喱"}, []string{"indian"}},
	{"Italian", []string{"意大利菜", "意餐", "意式", "披萨"}, []string{"italian"}},
	{"French", []string{"法餐", "法国菜", "法式"}, []string{"french"}},
	{"Chinese", []string{"中餐", "中国菜"}, []string{"chinese"}},
	{"Japanese", []string{"日料", "日本料理", "日本菜", "寿司"}, []string{"japanese", "sushi"}},
	{"Korean", []string{"韩料", "韩国料理", "韩餐", "韩国菜"}, []string{"korean"}},
	{"Thai", []string{"泰国菜", "泰餐"}, []string{"thai"}},
	{"Vietnamese", []string{"越南菜", "越南粉"}, []string{"vietnamese"}},
	{"Spanish", []string{"西班牙菜"}, []string{"spanish", "tapas"}},
	{"Greek", []string{"希腊菜"}, []string{"greek"}},
	{"Middle Eastern", []string{"中东菜", "中东料理"}, []string{"middle eastern"}},
	// world cuisines (issue 31, third round): each has its concept row
	{"Lebanese", []string{"黎巴嫩菜", "黎巴嫩料理"}, []string{"lebanese"}},
	{"Turkish", []string{"土耳其菜", "土耳其料理"}, []string{"turkish"}},
	{"Cajun", []string{"卡真菜", "克里奥尔菜"}, []string{"cajun", "creole"}},
	{"Ethiopian", []string{"埃塞俄比亚菜"}, []string{"ethiopian"}},
	{"Peruvian", []string{"秘鲁菜"}, []string{"peruvian"}},
	{"Western", []string{"西餐"}, []string{"western"}},
	{"Sichuan", []string{"川菜", "四川菜"}, []string{"sichuan", "szechuan"}},
	{"Cantonese", []string{"粤菜", "广东菜", "早茶", "茶点"}, []string{"cantonese", "dim sum"}},
	{"Hunan", []string{"湘菜"}, []string{"hunan"}},
	{"Shandong", []string{"鲁菜", "山东菜"}, []string{"shandong cuisine", "shandong food", "lu cuisine"}},
	{"Huaiyang", []string{"淮扬菜", "淮扬", "苏菜", "江苏菜", "苏帮菜"}, []string{"huaiyang", "jiangsu cuisine", "jiangsu food", "suzhou cuisine"}},
	{"Hangzhou", []string{"杭帮菜", "浙菜", "杭州菜", "浙江菜"}, []string{"hangzhou cuisine", "hangzhou food", "zhejiang cuisine", "zhejiang food"}},
	{"Shanghainese", []string{"本帮菜", "上海菜", "沪菜", "上海本帮菜"}, []string{"shanghainese", "shanghai cuisine", "shanghai food", "benbang"}},
	{"Northeastern", []string{"东北菜"}, []string{"dongbei cuisine", "dongbei food", "northeastern chinese"}},
	{"Yunnan", []string{"云南菜", "滇菜"}, []string{"yunnan"}},
	{"Xinjiang", []string{"新疆菜"}, []string{"xinjiang", "uyghur"}},
	{"Chaoshan", []string{"潮汕菜", "潮州菜", "潮汕牛肉火锅", "潮汕牛肉"}, []string{"chaoshan cuisine", "chaozhou cuisine", "teochew"}},
	{"Fujian", []string{"闽菜", "福建菜"}, []string{"fujian cuisine", "fujian food", "hokkien"}},
	{"Anhui", []string{"徽菜", "安徽菜"}, []string{"anhui cuisine", "hui cuisine"}},
	{"Hakka", []string{"客家菜"}, []string{"hakka"}},
	// regional cuisines (issue 31): the eight great traditions' siblings
	{"Guizhou", []string{"黔菜", "贵州菜"}, []string{"guizhou cuisine", "guizhou food"}},
	{"Jiangxi", []string{"赣菜", "江西菜"}, []string{"jiangxi cuisine", "jiangxi food"}},
	{"Hubei", []string{"鄂菜", "湖北菜", "楚菜"}, []string{"hubei cuisine", "hubei food"}},
	{"Henan", []string{"豫菜", "河南菜"}, []string{"henan cuisine", "henan food"}},
	{"Shanxi", []string{"晋菜", "山西菜"}, []string{"shanxi cuisine", "shanxi food"}},
	{"Northwestern", []string{"西北菜", "陕菜", "陕西菜", "秦菜"}, []string{"northwestern chinese", "shaanxi cuisine", "shaanxi food"}},
	{"Beijing", []string{"京菜", "北京菜", "宫廷菜"}, []string{"beijing cuisine", "beijing food", "imperial cuisine"}},
	{"Tianjin", []string{"津菜", "天津菜"}, []string{"tianjin cuisine", "tianjin food"}},
	{"Guangxi", []string{"桂菜", "广西菜"}, []string{"guangxi cuisine", "guangxi food"}},
	{"Hainan", []string{"琼菜", "海南菜"}, []string{"hainan cuisine", "hainanese"}},
	{"Taiwanese", []string{"台湾菜", "台菜"}, []string{"taiwanese"}},
	{"Hong Kong", []string{"港式", "港餐", "茶餐厅"}, []string{"hong kong cuisine", "hong kong food", "cha chaan teng"}},
	{"Macanese", []string{"澳门菜", "葡国菜", "土生葡菜"}, []string{"macanese"}},
	{"Mongolian", []string{"蒙餐", "蒙古菜"}, []string{"mongolian"}},
	{"Tibetan", []string{"藏餐", "藏菜"}, []string{"tibetan"}},
	{"Dai", []string{"傣味", "傣族菜"}, []string{"dai cuisine"}},
	{"Hot Pot", []string{"火锅"}, []string{"hot pot", "hotpot"}},
	{"BBQ", []string{"烧烤", "烤肉"}, []string{"bbq", "barbecue", "barbeque"}},
	{"Seafood", []string{"海鲜"}, []string{"seafood"}},
	{"Vegetarian", []string{"素食", "吃素", "素菜"}, []string{"vegetarian", "veggie"}},
	{"Vegan", []string{"纯素"}, []string{"vegan"}},
	{"Halal", []string{"清真"}, []string{"halal"}},
	{"Kosher", nil, []string{"kosher"}},
	{"Pizza", nil, []string{"pizza"}},
	{"Steakhouse", []string{"牛排"}, []string{"steak", "steakhouse"}},
}

var cuisineCuesEN = []string{"cuisine", "cuisines", "food", "foods", "dishes", "dining", "meals", "meal", "restaurants", "restaurant", "eat", "eating", "culinary", "cooking", "taste", "try"}

// cuisineAnywhere are cuisine words that mean food wherever they occur.
var cuisineAnywhere = map[string]bool{"sushi": true, "tapas": true, "dim sum": true, "bbq": true, "barbecue": true,
	"barbeque": true, "seafood": true, "hot pot": true, "hotpot": true, "pizza": true, "vegetarian": true, "vegan": true,
	"halal": true, "kosher": true, "steakhouse": true, "steak": true}

// cuisines returns requested cuisines in the order written. English
// cuisine words count only in a sentence about food ("we enjoy American
// and French cuisine"), so "Chinese" alone is not a cuisine.
func (d *doc) cuisines() []string {
	var out, avoid []string
	defer func() {
		// foods declined (不要火锅, "no seafood", 不吃辣) have no field: a note
		if d.spicyDeclined() {
			avoid = appendNew(avoid, "spicy food")
		}
		for _, a := range d.avoidedFoods() {
			if !slices.ContainsFunc(avoid, func(x string) bool { return strings.EqualFold(x, a) }) {
				avoid = append(avoid, a) // "no pizza": the cuisine's Pizza, not the dish's pizza again
			}
		}
		var kept []string
		for _, a := range avoid {
			if !slices.Contains(out, a) {
				kept = append(kept, a)
			}
		}
		if len(kept) > 0 {
			d.avoidFoods = kept
			d.notes = append(d.notes, "asked to avoid: "+strings.Join(kept, ", "))
		}
	}()
	seen := map[int]bool{}
	cue := map[int]bool{} // sentence start -> has a food word
	hits := cuisineLex.scan(d)
	for k, h := range hits {
		// a place's name is no cuisine, unless a food word follows it
		// inside the term ("Hangzhou cuisine"); a term inside a longer
		// one (火锅 in 潮汕牛肉火锅) is the longer one's
		if seen[h.id] || d.inPlace(h.start) && d.inPlace(h.end-1) || insideLonger(hits, k) {
			continue
		}
		if h.zh && d.inSight(h.start, h.end) || h.zh && strings.HasPrefix(d.clean[h.end:], "寺") {
			continue // 清真 of 蓝色清真寺, 清真寺: a mosque, no halal wish
		}
		if h.zh {
			w := d.clean[h.start:h.end]
			if negatedZH(d.clean, h.start) || d.allergicTo(h) {
				avoid = appendNew(avoid, cuisineTerms[h.id].value)
				continue
			}
			if w == "墨西哥" && !hasAny(d.clean, "菜", "餐", "料理", "吃") {
				continue
			}
		} else {
			if negatedEN(d, h.start) || d.allergicTo(h) {
				avoid = appendNew(avoid, cuisineTerms[h.id].value)
				continue
			}
			if !cuisineAnywhere[d.low[h.start:h.end]] {
				st, en := sentenceBounds(d.low, h.start)
				ok, done := cue[st]
				if !done {
					seg := d.low[st:en]
					for _, c := range cuisineCuesEN {
						if hasWord(seg, c) {
							ok = true
							break
						}
					}
					cue[st] = ok
				}
				if !ok {
					continue
				}
			}
		}
		seen[h.id] = true
		out = append(out, cuisineTerms[h.id].value)
	}
	return out
}

// insideLonger reports whether hit k lies inside another, longer hit.
func insideLonger(hits []lexHit, k int) bool {
	h := hits[k]
	for j, o := range hits {
		if j != k && o.start <= h.start && h.end <= o.end && o.end-o.start > h.end-h.start {
			return true
		}
	}
	return false
}

// accessibility returns access needs.
func (d *doc) accessibility() []string {
	var out []string
	if d.enAny("wheelchair", "wheelchairs", "wheel chair") || d.zhAny("轮椅") {
		out = append(out, "wheelchair")
	}
	if d.enAny("step-free", "step free", "barrier-free", "accessible", "accessibility", "no stairs", "elevator") || d.zhAny("无障碍", "电梯", "不能爬楼", "不爬楼梯") {
		out = append(out, "step_free")
	}
	if d.hasLatin && hasAny(d.low, "mobil", "walk", "knee", "hip", "cane", "legs") && d.enAny("limited mobility", "mobility issues", "reduced mobility", "walking difficulties", "can't walk far", "cannot walk far", "bad knees",
		// walking limits (round 6)
		"little walking", "not much walking", "minimal walking", "minimum walking", "less walking", "limited walking", "not a lot of walking",
		"without much walking", "without a lot of walking", "can't walk much", "cannot walk much", "can't walk long", "can't walk a lot",
		"no long walks", "avoid long walks", "not too much walking", "too much walking", "walking is hard", "walking is difficult", "uses a cane",
		"walks with a cane", "uses a walker", "bad knee", "bad hip", "knee problems", "mobility aid", "mobility scooter", "easy on the legs",
		// a walk declined (round 7): "prefer not to walk much", "don't want to walk much"
		"not to walk much", "not walk much", "not to walk a lot", "not walk a lot", "not to walk too much", "not walk too much", "not to walk far", "not walk far") ||
		d.hasHanText && hasAny(d.clean, "走", "腿", "膝", "拐", "行动") && d.zhAny("行动不便", "腿脚不便", "腿脚不好", "走不了太多路", "不能走太多路",
			"少走路", "少走点路", "少走些路", "走不动", "不能走太多", "不想走太多路", "不能久走", "不能走远", "走不远", "腿不好", "膝盖不好",
			"腿脚不利索", "拄拐", "拄着拐", "不要走太多路", "别走太多路", "走路不方便", "走路困难", "不能多走") {
		out = append(out, "limited_mobility")
	}
	if d.enAny("stroller", "pram", "pushchair") || d.zhAny("婴儿车", "推车") {
		out = append(out, "stroller")
	}
	if d.enAny("visually impaired", "blind") || d.zhAny("视障", "盲人") {
		out = append(out, "visual_impairment")
	}
	if d.enAny("hearing impaired", "deaf") || d.zhAny("听障", "聋") {
		out = append(out, "hearing_impairment")
	}
	return out
}
