package brief

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// Place is a resolved place of the brief: the gazetteer entry the parser
// chose for a name in the request.
type Place struct {
	Role        string   `json:"role"` // "origin" or "destination"
	Text        string   `json:"text"` // as written in the request
	Name        string   `json:"name"` // canonical name, as used in the brief
	NameZH      string   `json:"name_zh,omitempty"`
	Kind        string   `json:"kind"` // city, region or country
	CountryCode string   `json:"country_code,omitempty"`
	Admin1      string   `json:"admin1,omitempty"`
	Latitude    *float64 `json:"latitude,omitempty"`
	Longitude   *float64 `json:"longitude,omitempty"`
	Timezone    string   `json:"timezone,omitempty"`
	Population  int64    `json:"population,omitempty"`
	// GeoNamesID is set for places taken from GeoNames.
	GeoNamesID string `json:"geonames_id,omitempty"`
	// Resolved is false for a name the gazetteer does not know; it is kept
	// as written and left to the geocoder.
	Resolved bool `json:"resolved"`
}

type role uint8

const (
	roleNone role = iota
	roleOrigin
	roleDest
	roleAt     // 在X: origin when another destination is named, else destination
	roleReturn // back to X: the origin when none is named
)

// span is a gazetteer match in the request.
type span struct {
	ownSight   bool // a city abroad written before a sight named after it (首尔东大门设计广场)
	start, end int  // bytes in the cleaned text
	text       string
	key        string
	cands      []gazetteer.Candidate
	han        bool
	role       role
	cued       bool
	regionCtx  bool   // "cities in X", "X state": prefer a region
	qualCC     string // stated country ("Paris, France")
	qualAdmin  string // stated first-level division ("Paris, TX")
	qualifier  bool   // this span only qualifies its neighbour
	listed     bool   // role inherited from the previous item of a list
	pick       *gazetteer.Place
	pickClass  gazetteer.Class
	dropped    bool
	merged     bool // the namesake city of a region named for its cities: the region's words
	base       bool // "北京周边", "near Boston": the trip's base, not a destination
}

// stopPlaceWords are never places on their own, whatever the gazetteer says.
var stopPlaceWords = map[string]bool{
	"january": true, "february": true, "march": true, "april": true, "may": true, "june": true, "july": true,
	"august": true, "september": true, "october": true, "november": true, "december": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true, "sep": true,
	"sept": true, "oct": true, "nov": true, "dec": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
	"mon": true, "tue": true, "tues": true, "wed": true, "thu": true, "thur": true, "thurs": true, "fri": true, "sat": true, "sun": true,
	"day": true, "days": true, "week": true, "weeks": true, "weekend": true, "budget": true, "trip": true,
	"travel": true, "plan": true, "hotel": true, "people": true, "person": true, "party": true, "group": true,
	"food": true, "local": true, "room": true, "rooms": true, "home": true, "please": true, "can": true,
	"could": true, "will": true, "would": true, "we": true, "i": true, "you": true, "us": true, "our": true,
	"entire": true, "private": true, "shared": true, "american": true, "indian": true, "french": true,
	"italian": true, "mexican": true, "chinese": true, "mediterranean": true, "smoking": true, "pets": true,
	"visitors": true, "children": true, "flight": true, "flights": true, "christmas": true, "easter": true,
	"thanksgiving": true, "golden": true, "best": true, "most": true, "many": true, "much": true, "come": true,
	"same": true, "early": true, "of": true, "la": true, "man": true, "buy": true, "save": true, "date": true,
	"hope": true, "page": true, "god": true, "hit": true, "ha": true, "ho": true, "bar": true, "mobile": false,
	"three": true, "two": true, "one": true, "four": true, "five": true, "six": true, "seven": true, "ten": true,
	"eight": true, "nine": true, "solo": true, "alone": true, "family": true, "kids": true, "adults": true,
	"museum": true, "museums": true, "temples": true, "beach": true, "beaches": true, "nature": true,
	"center": true, "central": true, "north": true, "south": true, "east": true, "west": true, "cuisine": true,
}

// stopPlaceHan are Chinese common nouns that some township or county
// shares as a name (园林 is a 潜江 township): never places on their own.
var stopPlaceHan = map[string]bool{"园林": true, "公园": true, "景区": true, "景点": true, "古镇": true, "古城": true, "老街": true,
	"步行街": true, "海边": true, "湖边": true, "江边": true, "河边": true, "市区": true, "郊区": true, "山区": true, "市中心": true}

// connectors may appear uncapitalised inside a capitalised place name.
var connectors = map[string]bool{"of": true, "de": true, "la": true, "le": true, "du": true, "del": true, "upon": true,
	"on": true, "am": true, "im": true, "the": true, "sur": true, "en": true, "da": true, "do": true, "dos": true,
	"das": true, "di": true, "y": true, "and": true, "les": true, "los": true, "el": true, "an": true, "der": true}

// notPlaceAfter are words that turn a place name into something else
// ("Paris Street", "Sichuan cuisine").
var notPlaceAfter = map[string]bool{"street": true, "st": false, "road": true, "avenue": true, "boulevard": true,
	"airport": true, "station": true, "university": true, "college": true, "hotel": true, "restaurant": true,
	"restaurants": true, "cuisine": true, "cuisines": true, "food": true, "dishes": true, "style": true,
	"museum": true, "park": true, "square": true, "bridge": true, "county": true, "bay": false, "river": true,
	"street's": true, "duck": true, "wings": true, "strip": true, "sprouts": true, "time": true, "accent": true,
	"cheesesteak": true, "bagels": true, "bagel": true, "pizza": true, "fries": true, "toast": true,
	"hotpot": true, "noodles": true, "cooking": true, "dish": true, "specialties": true, "snacks": true, "barbecue": true, "bbq": true,
	// facilities and venues named after a place (the Macau Ferry Terminal, Disney's Hollywood Studios)
	"ferry": true, "terminal": true, "pier": true, "wharf": true, "metro": true, "subway": true, "studios": true, "studio": true,
	"mall": true, "plaza": true, "casino": true, "resort": true, "stadium": true}

var notPlaceAfterHan = []string{"路", "街", "大道", "大街", "巷", "胡同", "站", "机场", "大学", "酒店", "宾馆", "饭店",
	"公园", "广场", "桥", "区", "菜", "料理", "火锅", "小吃", "风味", "口味", "烤鸭", "人", "话", "队", "银行", "卫视",
	// buildings, markets and streets named after a place (重庆大厦, 宁夏夜市, 四川北路)
	"大厦", "大楼", "大饭店", "大排档", "大剧院", "大戏院", "大礼堂", "大教堂", "大桥", "夜市", "道", "北路", "南路", "东路", "西路", "中路", "步行街", "老街", "美食街", "商场", "商城", "百货", "会馆",
	"公馆", "饭庄", "酒家", "大酒店", "餐厅", "中学", "小学", "医院", "剧院", "影城", "里弄", "弄堂",
	// shops and chains named after a place (北京华联, 上海百联), towers and replicas (巴黎铁塔 in Macau)
	"华联", "百联", "超市", "购物中心", "奥特莱斯", "奥莱", "门店", "分店", "铁塔",
	// dishes and things named after a place (兰州拉面, 桂林米粉, 北京时间)
	"拉面", "米粉", "米线", "小面", "热干面", "面", "粉", "臭豆腐", "麻花", "鸡饭", "大盘鸡", "扒鸡", "火腿", "香醋", "包子",
	"烧饼", "糕", "酥", "特产", "时间", "口音", "籍", "户口", "牌照", "方言", "腔", "卤", "烧麦", "汤包", "肉夹馍", "凉皮",
	// sights named after a place (中山陵, 苏州河, 南京长江大桥)
	"陵", "寺", "塔", "楼", "宫", "庙", "河", "湾", "古镇", "博物馆", "纪念馆", "景区", "故居", "码头", "长江大桥", "村", "茶园"}

// English cues read backwards from a place: the words just before it.
var (
	originCuesEN = [][]string{
		{"from"}, {"departing"}, {"depart"}, {"departs"}, {"leaving"}, {"leave"}, {"leaves"},
		{"starting", "in"}, {"starting", "at"}, {"start", "in"}, {"start", "at"}, {"starts", "in"}, {"starting"},
		{"beginning", "in"}, {"begin", "in"}, {"begins", "in"}, {"beginning", "at"}, {"originating", "in"},
		{"out", "of"}, {"based", "in"}, {"live", "in"}, {"living", "in"}, {"i'm", "in"}, {"am", "in"},
		{"are", "in"}, {"we're", "in"}, {"home", "in"}, {"originating"},
		{"commencing", "in"}, {"commence", "in"}, {"commences", "in"}, {"commencing", "at"}, {"commences", "at"}, {"commencing"},
		{"originates", "in"}, {"originate", "in"}, {"kicking", "off", "in"}, {"kick", "off", "in"}, {"kicks", "off", "in"},
		{"starting", "off", "in"}, {"starting", "out", "in"}, {"start", "off", "in"}, {"start", "out", "in"}, {"starts", "off", "in"},
		{"set", "off", "from"}, {"setting", "off", "from"}, {"set", "out", "from"}, {"setting", "out", "from"}, {"embarking", "in"},
		{"launching", "in"}, {"launch", "in"}, {"launches", "in"}, {"initiating", "in"},
	}
	// startVerbsEN start a journey named before its origin ("starting our
	// journey in Washington", "we begin the trip in Austin").
	startVerbsEN = map[string]bool{"start": true, "starts": true, "starting": true, "begin": true, "begins": true, "beginning": true,
		"commence": true, "commences": true, "commencing": true, "kick": true, "kicking": true, "launch": true, "launching": true,
		"embark": true, "embarking": true, "initiate": true, "initiating": true}
	journeyNounsEN = map[string]bool{"journey": true, "trip": true, "tour": true, "adventure": true, "travels": true, "vacation": true,
		"holiday": true, "itinerary": true, "road": true, "expedition": true}
	returnCuesEN = [][]string{{"back", "to"}, {"return", "to"}, {"returning", "to"}, {"back", "in"}, {"back", "home", "to"}}
	destCuesEN   = [][]string{
		{"to"}, {"into"}, {"towards"}, {"toward"}, {"visit"}, {"visiting"}, {"visits"}, {"explore"}, {"exploring"},
		{"see"}, {"seeing"}, {"in"}, {"at"}, {"across"}, {"around"}, {"covering"}, {"cover"}, {"tour"}, {"touring"},
		{"ending", "in"}, {"end", "in"}, {"ends", "in"}, {"stopping", "in"}, {"stop", "in"}, {"via"}, {"through"},
		{"within"}, {"throughout"}, {"for"}, {"reach"}, {"trip"},
	}
	regionCuesEN = [][]string{{"cities", "in"}, {"city", "in"}, {"cities", "across"}, {"across"}, {"state", "of"},
		{"cities", "within"}, {"towns", "in"}, {"places", "in"}, {"cities", "throughout"}}
)

// Chinese cues around a place.
var (
	originPreZH  = []string{"从", "由", "自", "离开", "当前位置", "当前位置是", "当前位置:", "目前位置", "出发地", "出发地是", "出发地:", "出发城市", "出发城市是", "现居", "现在在", "目前在", "常住", "家在", "人在", "身在"}
	atPreZH      = []string{"在", "住在"}
	destPreZH    = []string{"去", "到", "来", "飞", "游", "玩", "逛", "赴", "往", "前往", "抵达", "飞往", "飞去", "想去", "坐车去", "回到", "游览", "畅游", "走进", "打卡", "趟"}
	returnPreZH  = []string{"回", "返回", "返回到"}
	originPostZH = []string{"出发", "启程", "动身", "始发", "走"}
	destPostZH   = []string{"游", "旅游", "旅行", "之旅", "行", "玩", "自由行", "攻略", "度假", "逛", "看看", "转转", "避暑", "过冬"}
	pairZH       = []string{"到", "至", "去", "飞", "→", "->", "-", "—", "~", "直飞", "回"}
)

// findPlaces finds and resolves the places of the request.
func (d *doc) findPlaces() {
	g := d.gaz
	var spans []*span
	toks := d.toks
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		switch t.kind {
		case tWord:
			if sp, next := d.matchWords(i); sp != nil {
				spans = append(spans, sp)
				i = next - 1
			}
		case tHan:
			spans = append(spans, d.matchHan(t)...)
		}
	}
	_ = g
	d.stage("sights", d.findSights)
	spans = d.dropPlacesInSights(spans)
	d.dropPlacesInDishesEN(spans)
	d.dropPlacesBeforeOutingEN(spans)
	d.dropPlacesInVenueNames(spans)
	d.classify(spans)
	d.resolve(spans)
	d.declinePlaces(spans)
	d.demoteLandmarks(spans)
	d.demoteQuarters(spans)
	d.demoteListedQuarters(spans)
	d.dropPassThrough(spans)
	d.assign(spans)
	for _, sp := range spans {
		if !sp.dropped && !sp.ownSight { // the sight keeps its city's name
			d.placeSpans = append(d.placeSpans, [2]int{sp.start, sp.end})
		}
	}
	d.citiesOfSights()
	d.citiesOfDishes()
}

// dropPlacesInDishesEN drops an English place name written inside a dish
// of the lexicon ("Haikou 3 days, Wenchang chicken please") when another
// place stands outside every dish: the dish's town is no destination (as
// 文昌鸡 already is not). Named alone, citiesOfDishes still makes it one.
func (d *doc) dropPlacesInDishesEN(spans []*span) {
	other, inside := false, false
	for _, sp := range spans {
		if sp.dropped {
			continue
		}
		if d.inDish(sp.start, sp.end) {
			inside = true
		} else {
			other = true
		}
	}
	if !other || !inside {
		return
	}
	for _, sp := range spans {
		if !sp.dropped && sp.start < len(d.clean) && d.inDish(sp.start, sp.end) {
			sp.dropped = true
		}
	}
}

// outingHeadEN are the last words of a sight's outing written after its
// name ("the Two Rivers night cruise", "a Li River boat ride").
var outingHeadEN = map[string]bool{"cruise": true, "cruises": true, "ride": true, "rides": true, "show": true}

// dropPlacesBeforeOutingEN drops a multi-word English place name followed
// by at most two lower-case words ending in an outing's head ("Chongqing 3
// days, a Two Rivers night cruise") when another place stands in the
// request: the name is the sight's (两江夜游), no second destination. A
// single word ("an Alaska cruise") or the only place stays a place.
func (d *doc) dropPlacesBeforeOutingEN(spans []*span) {
	if !d.hasLatin || len(spans) < 2 {
		return
	}
	var outing []*span
	kept := 0
	for _, sp := range spans {
		if sp.dropped {
			continue
		}
		kept++
		if !sp.han && strings.Contains(sp.key, " ") && d.outingAfter(d.tokenAt(sp.end)) {
			outing = append(outing, sp)
		}
	}
	if len(outing) == 0 || len(outing) == kept {
		return
	}
	for _, sp := range outing {
		sp.dropped = true
	}
}

// outingAfter reports whether tokens from i are at most two lower-case
// words ending in an outing head.
func (d *doc) outingAfter(i int) bool {
	for k := i; k < len(d.toks) && k < i+3; k++ {
		t := &d.toks[k]
		if t.kind != tWord || t.cap {
			return false
		}
		if outingHeadEN[t.low] {
			return true
		}
	}
	return false
}

// declinePlaces drops the places the request declines — 不去北京, 别去上海,
// "not Paris again", "Lyon rather than Paris", "avoid Venice" — with a
// note, so a declined city never becomes a destination or the origin.
func (d *doc) declinePlaces(spans []*span) {
	for _, sp := range spans {
		if sp.dropped || sp.qualifier || sp.pick == nil || !d.placeDeclined(sp.start) {
			continue
		}
		sp.dropped = true
		d.declined = append(d.declined, sp.text)
		d.notes = append(d.notes, "asked not to go to "+sp.text+"; it is not a destination")
	}
}

// placeDeclined reports whether the place at byte i is declined.
func (d *doc) placeDeclined(i int) bool {
	if runeBefore(d.clean, i) >= utf8.RuneSelf {
		return hasSuffixAny(d.clean[:i], "不去", "不想去", "不要去", "别去", "不打算去", "不用去", "不再去", "不想再去", "不考虑", "避开", "不包括", "不含", "而不是")
	}
	j := d.tokenAt(i) - 1
	for n := 0; n < 4 && j >= 0 && d.toks[j].kind == tWord && declineFiller[d.toks[j].low]; n++ {
		j--
	}
	if j < 0 || d.toks[j].kind != tWord {
		return false
	}
	prev := ""
	if j > 0 {
		prev = d.toks[j-1].low
	}
	switch d.toks[j].low {
	case "not", "no", "never", "avoid", "avoiding", "skip", "skipping", "except", "excluding", "without", "don't", "dont", "won't":
		return true
	case "than":
		return prev == "rather" || prev == "other"
	case "of":
		return prev == "instead"
	case "but":
		return prev == "anywhere" || prev == "anything"
	}
	return false
}

// declineFiller are words between a negation and the place it declines
// ("don't want to go to Paris"); "fly" is not one ("don't want to fly to
// Paris" declines the mode, not the city).
var declineFiller = map[string]bool{"to": true, "the": true, "go": true, "going": true, "visit": true, "visiting": true,
	"travel": true, "want": true, "wanna": true, "again": true, "see": true, "another": true}

// matchWords finds the longest gazetteer alias starting at word token i.
func (d *doc) matchWords(i int) (*span, int) {
	g := d.gaz
	toks := d.toks
	var best *span
	bestNext := 0
	d.walkWordKeys(i, g.MaxWords(), func(last int, ks string) bool {
		if cands := g.Lookup(ks); len(cands) > 0 {
			end := toks[last].end
			// keep "St." and "D.C." whole
			if last+1 < len(toks) && toks[last+1].text == "." && len(toks[last].text) <= 3 {
				end = toks[last+1].end
			}
			best = &span{start: toks[i].start, end: end, text: d.clean[toks[i].start:end], key: ks, cands: cands}
			bestNext = last + 1
		}
		return g.HasPrefix(ks)
	})
	if sp, next := d.matchSyllables(i); sp != nil && next > bestNext && d.acceptWords(sp, i, next) {
		return sp, next
	}
	if best == nil || !d.acceptWords(best, i, bestNext) {
		return nil, 0
	}
	return best, bestNext
}

// matchSyllables reads a Chinese place written in capitalised pinyin
// syllables apart ("Ping Yao", "Zhang Jia Jie", "Feng Huang"): two to four
// short capitalised words whose letters together are a Chinese city's
// name, known by a strong alias.
func (d *doc) matchSyllables(i int) (*span, int) {
	toks := d.toks
	if !toks[i].cap || i+1 >= len(toks) || !toks[i+1].cap || toks[i+1].kind != tWord || toks[i+1].start != toks[i].end+1 {
		return nil, 0
	}
	key := ""
	var best *span
	next := 0
	for j := i; j < len(toks) && j < i+4; j++ {
		t := &toks[j]
		if t.kind != tWord || !t.cap || len(t.text) > 6 || j > i && t.start != toks[j-1].end+1 || !isLetters(t.text) {
			break
		}
		key += t.low
		if j == i {
			continue
		}
		for _, c := range d.gaz.Lookup(key) {
			if c.Place.CountryCode == "CN" && c.Place.Kind == gazetteer.City && c.Class <= gazetteer.ASCII {
				best = &span{start: toks[i].start, end: t.end, text: d.clean[toks[i].start:t.end], key: key, cands: d.gaz.Lookup(key)}
				next = j + 1
				break
			}
		}
	}
	return best, next
}

// isLetters reports whether s is ASCII letters only.
func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}

// walkWordKeys walks the words from token i on, up to maxWords of them and
// across the "." and "-" inside a name ("St. Louis", "Wilkes-Barre"), and
// calls visit with the index of each word and the gazetteer key of the
// words so far, joined by spaces; visit returns whether to go on.
func (d *doc) walkWordKeys(i, maxWords int, visit func(j int, key string) bool) {
	key := ""
	words := 0
	for j := i; j < len(d.toks) && words < maxWords; j++ {
		t := &d.toks[j]
		if t.kind == tPunct {
			if (t.text == "." || t.text == "-") && words > 0 {
				continue
			}
			return
		}
		if t.kind != tWord {
			return
		}
		k := d.tokenKey(j)
		if k == "" {
			return
		}
		if words > 0 {
			key += " " + k
		} else {
			key = k
		}
		words++
		if !visit(j, key) {
			return
		}
	}
}

// tokenKey returns the gazetteer key of word token j, computed once per
// request.
func (d *doc) tokenKey(j int) string {
	if d.keys == nil {
		d.keys = make([]string, len(d.toks))
		d.keyed = make([]bool, len(d.toks))
	}
	if !d.keyed[j] {
		d.keys[j], d.keyed[j] = gazetteer.Key(d.toks[j].text), true
		// "Tokyo's temples", "Xi'an's noodles": the place without its 's,
		// unless the gazetteer knows the name with it (St. John's)
		t := &d.toks[j]
		if t.cap {
			for _, suf := range []string{"'s", "\u2019s"} {
				if stem, ok := strings.CutSuffix(t.text, suf); ok && len(stem) >= 3 && !possessiveNotPlace[strings.ToLower(stem)] &&
					!d.gaz.HasPrefix(d.keys[j]) && len(d.gaz.Lookup(d.keys[j])) == 0 {
					d.keys[j] = gazetteer.Key(stem)
				}
			}
		}
	}
	return d.keys[j]
}

// isPossessive reports whether a word ends in 's.
func isPossessive(w string) bool {
	return strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "\u2019s")
}

// possessiveNotPlace are capitalised words before 's that are no place
// (Let's, It's, That's).
var possessiveNotPlace = map[string]bool{"let": true, "that": true, "what": true, "there": true, "here": true, "who": true,
	"where": true, "she": true, "everyone": true, "everybody": true, "one": true, "today": true, "tomorrow": true, "mom": true,
	"dad": true, "mother": true, "father": true, "wife": true, "husband": true, "friend": true, "year": true, "new year": true,
	"valentine": true, "children": true, "women": true, "men": true, "people": true, "nobody": true, "someone": true}

// acceptWords applies the capitalisation and common-word rules to a Latin
// match covering tokens [i, next).
func (d *doc) acceptWords(sp *span, i, next int) bool {
	toks := d.toks
	single := !strings.Contains(sp.key, " ")
	if single && stopPlaceWords[sp.key] && !(toks[i].allCaps && len(sp.key) <= 3 && d.mixedCase) {
		return false
	}
	// case: in text that mixes cases, every word but connectors is capitalised
	if d.mixedCase {
		for j := i; j < next; j++ {
			t := &toks[j]
			if t.kind != tWord {
				continue
			}
			if !t.cap && !(j > i && j < next-1 && connectors[t.low]) && !(j > i && toks[j-1].text == "-" && toks[j-1].end == t.start) {
				return false // "Shangri-la": a hyphen joins a lower-case part
			}
		}
	}
	// very short aliases ("LA", "US", "DC") only in capitals
	if n := len(strings.ReplaceAll(sp.key, " ", "")); n <= 2 {
		for j := i; j < next; j++ {
			if toks[j].kind == tWord && !toks[j].allCaps {
				return false
			}
		}
	} else if n == 3 && !toks[i].cap {
		return false
	}
	if next < len(toks) && toks[next].kind == tWord && notPlaceAfter[toks[next].low] {
		return false
	}
	if next+1 < len(toks) && toks[next].text == "-" && toks[next].start == toks[next-1].end && (toks[next+1].low == "style" || toks[next+1].low == "inspired") {
		return false // "Kyoto-style kaiseki": a manner named after the place
	}
	if cuisineListAfter(toks, next) {
		return false // "Sichuan and Cantonese food": a cuisine of a list, no place
	}
	// "Sichuan hot pot", "Chongqing hot pot": a dish named after the place
	if next+1 < len(toks) && toks[next].low == "hot" && toks[next+1].low == "pot" {
		return false
	}
	// a sight named after the place: "Hubei Provincial Museum", "Shaanxi
	// History Museum", "Beijing Zoo"
	// ("Bangkok's Grand Palace" is Bangkok's: a possessive owns the sight)
	if next < len(toks) && toks[next].kind == tWord && toks[next].cap && d.mixedCase && !isPossessive(toks[next-1].text) {
		if words, _ := capitalisedRun(toks, next, false); len(words) > 0 && len(words) <= 3 && sightHeadEN[strings.ToLower(words[len(words)-1])] {
			return false
		}
	}
	// a sight named with a leading head: "Mount Lao", "Temple of Wenshu";
	// "Temple of Heaven" is no town named Temple
	if d.mixedCase && i > 0 && sightLeadHeadEN[toks[i-1].low] && toks[i-1].cap ||
		d.mixedCase && i > 1 && toks[i-1].low == "of" && sightLeadHeadEN[toks[i-2].low] && toks[i-2].cap {
		return false
	}
	if d.mixedCase && single && sightLeadHeadEN[sp.key] && next+1 < len(toks) && toks[next].low == "of" && toks[next+1].cap {
		return false
	}
	if next+1 < len(toks) && toks[next].text == "'" && toks[next+1].low == "s" {
		return true
	}
	return true
}

// matchHan finds gazetteer aliases in a run of Han characters, longest
// first, left to right.
func (d *doc) matchHan(t *token) []*span {
	g := d.gaz
	s := t.text
	var out []*span
	maxLen := min(g.MaxHan(), 12)
	for p := 0; p < len(s); {
		found := false
		// candidate end offsets, longest first
		if r1, n1 := utf8.DecodeRuneInString(s[p:]); p+n1 < len(s) {
			if r2, _ := utf8.DecodeRuneInString(s[p+n1:]); !g.MayStartHan(r1, r2) {
				p += n1 // no alias starts here
				continue
			}
		}
		var endBuf [12]int
		ends := endBuf[:0]
		q := p
		for n := 0; n < maxLen && q < len(s); n++ {
			_, sz := utf8.DecodeRuneInString(s[q:])
			q += sz
			if n >= 1 {
				ends = append(ends, q)
			}
		}
		for k := len(ends) - 1; k >= 0; k-- {
			key := s[p:ends[k]]
			cands := g.Lookup(key)
			if len(cands) == 0 {
				continue
			}
			start, end := t.start+p, t.start+ends[k]
			own := false
			if d.hanNotPlace(end) {
				if own = d.bigCityBeforeOwnSight(start, end, cands); !own {
					continue
				}
			}
			if stopPlaceHan[key] || minorPlaceInSight(d.clean[end:], cands) {
				continue
			}
			if len(out) > 0 && out[len(out)-1].end == start && bestClass(cands) == gazetteer.Weak && strings.ContainsRune("和与及跟", []rune(key)[0]) {
				continue // 北京和平遥: the list word after a place, no county 和平
			}
			out = append(out, &span{start: start, end: end, text: key, key: key, cands: cands, han: true, ownSight: own})
			p = ends[k]
			found = true
			break
		}
		if !found {
			_, sz := utf8.DecodeRuneInString(s[p:])
			p += sz
		}
	}
	return out
}

// sightCharsHan end sights' names in one character (永兴坊, 书院门, 开元寺).
const sightCharsHan = "坊寺庙宫楼塔阁门陵窟洞桥园池坛祠殿巷口"

// minorPlaceInSight reports whether a place name followed by one character
// that ends sights' names is that sight's first part rather than the
// place (永兴坊 is a street of Xi'an, no county 永兴): only for places of
// fewer than half a million people, whose names are the ones sights
// borrow.
func minorPlaceInSight(rest string, cands []gazetteer.Candidate) bool {
	r, _ := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError || !strings.ContainsRune(sightCharsHan, r) {
		return false
	}
	for _, w := range []string{"门票", "园区", "楼盘", "门口"} {
		if strings.HasPrefix(rest, w) {
			return false // 婺源门票: the place's tickets
		}
	}
	for _, c := range cands {
		if c.Place.Population >= 500_000 || c.Place.Kind != gazetteer.City {
			return false
		}
	}
	return true
}

// hanNotPlace reports whether the text at end turns a Han place name into
// something else (南京路, 北京烤鸭, 四川菜).
func (d *doc) hanNotPlace(end int) bool {
	rest := d.clean[end:]
	for _, w := range notPlaceAfterHan {
		if strings.HasPrefix(rest, w) {
			// 区 only when it is not "地区"/"区域" of a region name
			return true
		}
	}
	// a sight named after a province or city with its 省/市 (湖北省博物馆)
	if r, ok := strings.CutPrefix(rest, "省"); ok || strings.HasPrefix(rest, "市") {
		if !ok {
			r = rest[len("市"):]
		}
		for _, w := range sightAfterHan {
			if strings.HasPrefix(r, w) {
				return true
			}
		}
	}
	// a mountain named after a place (青城山), but not the place's hills (北京山区)
	if strings.HasPrefix(rest, "山") && !strings.HasPrefix(rest, "山区") && !strings.HasPrefix(rest, "山里") {
		return true
	}
	// a museum or park named after a place with words between (陕西历史博物馆)
	return sightNamedAfter(rest)
}

// sightNamedAfter reports whether the few Han characters at the start of
// rest, up to a list word or punctuation, end a sight's name (历史博物馆,
// 自然博物馆) and hold no verb (看博物馆 is an activity in the place).
func sightNamedAfter(rest string) bool {
	n, end := 0, 0
	for end < len(rest) && n < 7 {
		r, sz := utf8.DecodeRuneInString(rest[end:])
		if !isHan(r) || strings.ContainsRune("和与及跟、或", r) {
			break
		}
		end += sz
		n++
	}
	run := rest[:end]
	if strings.ContainsAny(run, "看玩逛去吃住参游买到来在") {
		return false
	}
	for _, w := range sightAfterHan {
		if strings.HasSuffix(run, w) {
			return true
		}
	}
	return false
}

// sightAfterHan are the sight words of notPlaceAfterHan, also read after 省/市.
var sightAfterHan = []string{"博物馆", "博物院", "美术馆", "科技馆", "图书馆", "纪念馆", "植物园", "动物园", "体育馆", "大剧院", "公园", "广场", "雪山", "石窟"}

// classify assigns roles from the words around each span.
func (d *doc) classify(spans []*span) {
	for idx, sp := range spans {
		if sp.han {
			d.classifyHan(spans, idx)
		} else {
			d.classifyWords(spans, idx)
		}
	}
	// X到Y, X-Y: a place joined to the next one by a connector is the origin.
	for i := 0; i+1 < len(spans); i++ {
		a, b := spans[i], spans[i+1]
		between := strings.TrimSpace(d.clean[a.end:b.start])
		if between == "" && a.han && b.han {
			continue // adjacent: a qualifier, handled in resolve
		}
		if !a.han && !b.han && strings.EqualFold(between, "to") && (a.role == roleNone || a.role == roleAt || i == 0 && d.afterJourneyNoun(a)) && b.role == roleDest {
			// "Rome to Florence", "Shanghai to Suzhou day trip": the first is where the trip starts
			a.role, a.cued = roleOrigin, true
			continue
		}
		if d.arrowChain(spans, i) {
			continue // 上海→杭州→苏州: a route of stops, read as a sequence below
		}
		for _, c := range pairZH {
			if between == c {
				if a.role == roleNone || a.role == roleAt {
					a.role, a.cued = roleOrigin, true
				}
				if b.role == roleNone {
					b.role, b.cued = roleDest, true
				}
				break
			}
		}
	}
	// Lists: "Paris and Rome", "东京、大阪和京都" inherit the first one's role.
	for i := 1; i < len(spans); i++ {
		a, b := spans[i-1], spans[i]
		if b.role != roleNone || a.role != roleDest {
			continue
		}
		between := strings.ToLower(strings.TrimSpace(d.clean[a.end:b.start]))
		switch between {
		case ",", "and", ", and", "、", "和", "与", "及", "跟", "then", ", then", "and then", "，", "+", "/", "&":
			b.role, b.cued, b.listed = roleDest, true, true
		}
	}
	// A sequence names its first stop too: "Shanghai then Hangzhou",
	// "Kyoto → Osaka", "先上海再杭州" when only the later one has a cue.
	for i := len(spans) - 1; i >= 1; i-- {
		a, b := spans[i-1], spans[i]
		if a.role != roleNone || b.role != roleDest && b.role != roleNone {
			continue
		}
		between := strings.ToLower(strings.TrimSpace(d.clean[a.end:b.start]))
		switch between {
		case "then", ", then", "and then", "→", "->", "followed by", ", followed by", "再", "然后", "，然后", "，再", "再去", "然后去", "，再去", "，然后去":
			a.role, a.cued = roleDest, true
			if b.role == roleNone {
				b.role, b.cued = roleDest, true
			}
		}
	}
}

// listedWithStrong reports whether a span known only by weak aliases (a
// county's short name: 曲阜, 阆中) is listed beside a place of the same
// country known by a strong one (北京、曲阜; 景德镇，阆中): the list names
// places, so the county is one.
func (d *doc) listedWithStrong(sp *span, spans []*span) bool {
	k := slices.Index(spans, sp)
	for _, j := range []int{k - 1, k + 1} {
		if j < 0 || j >= len(spans) {
			continue
		}
		o := spans[j]
		a, b := spans[min(j, k)], spans[max(j, k)]
		if a.end > b.start || !placeListWords[strings.ToLower(strings.TrimSpace(d.clean[a.end:b.start]))] || bestClass(o.cands) == gazetteer.Weak {
			continue
		}
		for _, c := range sp.cands {
			if c.Place.Kind == gazetteer.City && slices.ContainsFunc(o.cands, func(x gazetteer.Candidate) bool {
				return x.Class != gazetteer.Weak && x.Place.CountryCode == c.Place.CountryCode
			}) {
				return true
			}
		}
	}
	return false
}

// listedBeforePlace reports whether a capitalised place span that is also
// a common word is listed right before another place that is not ("Nice
// and Monaco, 2 days each"): the list names places, so it is one.
func (d *doc) listedBeforePlace(sp *span, spans []*span) bool {
	if !d.mixedCase || sp.start >= len(d.clean) || !(d.clean[sp.start] >= 'A' && d.clean[sp.start] <= 'Z') {
		return false
	}
	k := slices.Index(spans, sp)
	if k < 0 || k+1 >= len(spans) {
		return false
	}
	o := spans[k+1]
	if o.han || o.dropped || d.gaz.IsCommonWord(o.key) {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(d.clean[sp.end:o.start])) {
	case "and", "&", "+", ",", "or":
		return true
	}
	return false
}

// isArrow reports whether s, trimmed, is an arrow.
func isArrow(s string) bool {
	s = strings.TrimSpace(s)
	return s == "->" || s == "→" || s == "-->" || s == "=>"
}

// isChainJoin reports whether s, trimmed, joins the stops of a route: an
// arrow or a dash ("Tokyo-Kyoto-Osaka", 北京-西安-成都).
func isChainJoin(s string) bool {
	switch strings.TrimSpace(s) {
	case "-", "–", "—", "－":
		return true
	}
	return isArrow(s)
}

// arrowChain reports whether spans[i] and spans[i+1] are joined by an arrow
// or a dash inside a chain of three places or more ("Lanzhou -> Zhangye ->
// Dunhuang", "Tokyo-Kyoto-Osaka"): every place of such a chain is a stop
// of the trip; two places joined by one arrow or dash stay "from → to".
func (d *doc) arrowChain(spans []*span, i int) bool {
	joined := func(k int) bool {
		return k >= 0 && k+1 < len(spans) && spans[k].end <= spans[k+1].start && isChainJoin(d.clean[spans[k].end:spans[k+1].start])
	}
	return joined(i) && (joined(i-1) || joined(i+1))
}

func (d *doc) classifyWords(spans []*span, idx int) {
	sp := spans[idx]
	// the word tokens before the span, lower-cased, nearest last
	var prev []string
	for j := d.tokenAt(sp.start) - 1; j >= 0 && len(prev) < 4; j-- {
		t := &d.toks[j]
		if t.kind == tWord {
			if t.low == "the" || t.low == "beautiful" || t.low == "sunny" || t.low == "lovely" || t.low == "city" {
				continue
			}
			prev = append(prev, t.low)
			continue
		}
		if t.text == "," && len(prev) == 0 {
			break
		}
		if t.text != "-" {
			break
		}
	}
	match := func(cues [][]string) bool {
		for _, c := range cues {
			if len(c) > len(prev) {
				continue
			}
			ok := true
			for k := range c {
				if prev[k] != c[len(c)-1-k] {
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
	if match([][]string{{"near"}, {"nearby"}, {"close", "to"}, {"outside"}, {"outside", "of"}, {"around", "the", "area", "of"}, {"day", "trips", "from"}, {"within", "reach", "of"}}) {
		sp.base = true
	}
	// "starting our journey in X", "we begin the trip from X": prev holds
	// in/from/at, a journey noun, a determiner (the dropped), a start verb
	startJourney := len(prev) >= 3 && (prev[0] == "in" || prev[0] == "from" || prev[0] == "at") && journeyNounsEN[prev[1]] &&
		(startVerbsEN[prev[2]] || len(prev) >= 4 && (prev[2] == "our" || prev[2] == "my" || prev[2] == "this") && startVerbsEN[prev[3]])
	// "can't leave Paris without seeing …": the place of the visit, not the origin
	leaveWithout := false
	if j := d.tokenAt(sp.end); j < len(d.toks) && d.toks[j].low == "without" {
		leaveWithout = match([][]string{{"leave"}, {"leaving"}, {"leaves"}})
	}
	switch {
	case leaveWithout:
		sp.role, sp.cued = roleDest, true
	case startJourney:
		sp.role, sp.cued = roleOrigin, true
	case match(regionCuesEN):
		sp.role, sp.cued, sp.regionCtx = roleDest, true, true
	case match(returnCuesEN):
		sp.role, sp.cued = roleReturn, true
	case match(originCuesEN):
		sp.role, sp.cued = roleOrigin, true
	case match(destCuesEN):
		sp.role, sp.cued = roleDest, true
	}
	// "Washington state", "New York State"
	if j := d.tokenAt(sp.end); j < len(d.toks) {
		if t := &d.toks[j]; t.kind == tWord && t.low == "state" {
			sp.regionCtx = true
		}
	}
}

func (d *doc) classifyHan(spans []*span, idx int) {
	sp := spans[idx]
	before := d.clean[:sp.start]
	after := d.clean[sp.end:]
	has := func(s string, list []string, suffix bool) bool {
		for _, w := range list {
			if suffix && strings.HasSuffix(s, w) || !suffix && strings.HasPrefix(s, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has(after, originPostZH, false):
		sp.role, sp.cued = roleOrigin, true
	case has(before, originPreZH, true):
		sp.role, sp.cued = roleOrigin, true
	case has(before, returnPreZH, true) && !strings.HasSuffix(before, "回到") || strings.HasSuffix(before, "返回"):
		sp.role, sp.cued = roleReturn, true
	case has(before, destPreZH, true):
		sp.role, sp.cued = roleDest, true
	case has(before, atPreZH, true) && !cityLeadsSightZH(sp.text, after):
		sp.role, sp.cued = roleAt, true
	default:
		// 成都三日游, 杭州两天一夜游: skip a duration, then look for a travel word
		rest := after
		num, unit := false, false
		durCue := !isLandmarkAlias(sp.text) // 庐山两天: the mountain stays a sight
		for n := 0; n < 8; n++ {
			if rest == "" {
				if num && unit && durCue {
					sp.role, sp.cued = roleDest, true // 曲阜两天
				}
				break
			}
			r, sz := utf8.DecodeRuneInString(rest)
			if r == '游' || r == '遊' || r == '玩' || r == '旅' || r == '逛' {
				sp.role, sp.cued = roleDest, true
				break
			}
			if num && unit && durCue && strings.ContainsRune("，,。；;！!、 ", r) {
				sp.role, sp.cued = roleDest, true // 曲阜两天，孔庙和孔林: a stay of its own
				break
			}
			if _, ok := cnDigit[r]; ok || r >= '0' && r <= '9' || r == '十' || r == '半' || r == '一' {
				num = true
			} else if num && (r == '天' || r == '日' || r == '晚' || r == '夜') {
				unit = true
			}
			if _, ok := cnDigit[r]; !(ok || r >= '0' && r <= '9' || r == '天' || r == '日' || r == '晚' || r == '夜' || r == '十' || r == '半' || r == '周' || r == '个' || r == '一' || r == ' ' || r == '的') {
				break
			}
			rest = rest[sz:]
		}
		if !sp.cued && has(after, destPostZH, false) {
			sp.role, sp.cued = roleDest, true
		}
	}
	if hasSuffixAny(before, "吃", "尝", "尝尝", "喝", "买", "吃个", "吃碗", "来碗") && !sp.cued {
		sp.dropped = true // 想吃天津煎饼果子: a dish named after the place
	}
	if hasPrefixAny(after, "周边", "附近", "周围", "近郊", "郊区", "郊县", "周末周边") {
		sp.base = true // 北京周边: the base the trip starts from
	}
	if strings.HasPrefix(after, "省") || strings.HasPrefix(after, "州") && !strings.HasPrefix(after, "州市") {
		sp.regionCtx = true
	}
}

// tokenAt returns the index of the first token starting at or after byte i.
func (d *doc) tokenAt(i int) int {
	lo, hi := 0, len(d.toks)
	for lo < hi {
		m := (lo + hi) / 2
		if d.toks[m].start < i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// resolve picks a gazetteer entry for every span.
func (d *doc) resolve(spans []*span) {
	// drop what fails the cue rules
	for _, sp := range spans {
		weakOnly := true
		for _, c := range sp.cands {
			if c.Class != gazetteer.Weak {
				weakOnly = false
				break
			}
		}
		if weakOnly && !sp.cued && !d.listedWithStrong(sp, spans) {
			sp.dropped = true
		}
		if sp.han && !sp.cued && !sp.listed && bestClass(sp.cands) >= gazetteer.Alternate && !d.listedWithStrong(sp, spans) {
			sp.dropped = true // 稻城亚丁: 亚丁 is also Aden, but only by a GeoNames alternate
		}
		if !sp.han && !sp.cued && !strings.Contains(sp.key, " ") && d.gaz.IsCommonWord(sp.key) && !d.bigCityWritten(sp) && !d.listedBeforePlace(sp, spans) {
			sp.dropped = true
		}
	}
	// qualifiers: "Paris, Texas", "Springfield, IL", "四川乐山", "日本大阪"
	live := spans[:0:0]
	for _, sp := range spans {
		if !sp.dropped {
			live = append(live, sp)
		}
	}
	for i := 0; i+1 < len(live); i++ {
		a, b := live[i], live[i+1]
		between := strings.TrimSpace(d.clean[a.end:b.start])
		if a.han && b.han && between == "" {
			// prefix qualifier: a region or country before a city
			if q := qualifierPlace(a.cands); q != nil && hasKind(b.cands, gazetteer.City) && inside(b.cands, q) {
				a.qualifier = true
				b.qualCC, b.qualAdmin = q.CountryCode, q.Admin1
				if b.role == roleNone {
					b.role, b.cued = a.role, a.cued
				}
			}
			continue
		}
		if !a.han && !b.han && (between == "," || between == "") && (!b.cued || b.listed) {
			if q := qualifierPlace(b.cands); q != nil && hasKind(a.cands, gazetteer.City) && (between == "," || q.Kind == gazetteer.Region) && inside(a.cands, q) {
				b.qualifier = true
				a.qualCC, a.qualAdmin = q.CountryCode, q.Admin1
			}
		}
	}
	// "Springfield, IL": a state code after a comma
	for _, sp := range live {
		if sp.han || sp.qualCC != "" {
			continue
		}
		j := d.tokenAt(sp.end)
		if j+1 < len(d.toks) && d.toks[j].text == "," && d.toks[j+1].kind == tWord && len(d.toks[j+1].text) == 2 && d.toks[j+1].allCaps {
			if r := d.gaz.Region("US", d.toks[j+1].text); r != nil {
				sp.qualCC, sp.qualAdmin = "US", r.Admin1
			}
		}
	}
	// two passes: the second prefers the countries the other places chose
	for pass := 0; pass < 2; pass++ {
		for _, sp := range live {
			if sp.qualifier {
				continue
			}
			anchors := map[string]bool{}
			if pass == 1 {
				for _, o := range live {
					if o != sp && o.pick != nil && !o.qualifier {
						anchors[o.pick.CountryCode] = true
					}
				}
			}
			var best *gazetteer.Place
			bestClass := gazetteer.Weak
			bestScore := -1e9
			for _, c := range sp.cands {
				s := c.Place.Score() + classBonus[c.Class]
				switch c.Place.Kind {
				case gazetteer.Region:
					if sp.regionCtx {
						s += 3
					} else {
						s -= 2
					}
				case gazetteer.City:
					if sp.regionCtx {
						s -= 1
					}
				}
				if sp.qualCC != "" {
					if c.Place.CountryCode == sp.qualCC && (sp.qualAdmin == "" || c.Place.Admin1 == sp.qualAdmin) {
						s += 10
					} else {
						s -= 10
					}
				}
				if anchors[c.Place.CountryCode] {
					s += 1.5
				}
				if s > bestScore {
					best, bestScore, bestClass = c.Place, s, c.Class
				}
			}
			sp.pick, sp.pickClass = best, bestClass
		}
	}
	// a city-state is its city: Singapore, Monaco, Hong Kong — the
	// country's namesake city holds most of its people
	for _, sp := range live {
		if sp.pick == nil || sp.pick.Kind != gazetteer.Country {
			continue
		}
		for _, c := range sp.cands {
			if c.Place.Kind == gazetteer.City && c.Place.CountryCode == sp.pick.CountryCode && 2*c.Place.Population >= sp.pick.Population {
				sp.pick, sp.pickClass = c.Place, c.Class
				break
			}
		}
	}
}

// bigCityMinPop is the population from which a city whose name is also
// an English word ("Shanghai", "Lima", "Phoenix") is the city when written
// with its capital, cue or no cue ("Shanghai 3 days").
const bigCityMinPop = 1_000_000

// bigCityWritten reports whether sp is a capitalised name of a city of at
// least bigCityMinPop people.
func (d *doc) bigCityWritten(sp *span) bool {
	if d.mixedCase {
		if t := &d.toks[d.tokenAt(sp.start)]; !t.cap || t.allCaps {
			return false
		}
	}
	for _, c := range sp.cands {
		if c.Place.Kind == gazetteer.City && c.Place.Population >= bigCityMinPop && c.Class != gazetteer.Weak {
			return true
		}
	}
	return false
}

// bestClass returns the strongest alias class among cands.
func bestClass(cands []gazetteer.Candidate) gazetteer.Class {
	b := gazetteer.Weak
	for _, c := range cands {
		if c.Class < b {
			b = c.Class
		}
	}
	return b
}

var classBonus = map[gazetteer.Class]float64{
	gazetteer.Primary: 1.0, gazetteer.Curated: 0.9, gazetteer.Official: 1.0, gazetteer.ASCII: 0.9,
	gazetteer.Alternate: 0.3, gazetteer.Weak: 0,
}

func qualifierPlace(cands []gazetteer.Candidate) *gazetteer.Place {
	for _, c := range cands {
		if c.Place.Kind != gazetteer.City {
			return c.Place
		}
	}
	return nil
}

// inside reports whether some city candidate lies in region or country q.
func inside(cands []gazetteer.Candidate, q *gazetteer.Place) bool {
	for _, c := range cands {
		if c.Place.Kind == gazetteer.City && c.Place.CountryCode == q.CountryCode && (q.Kind == gazetteer.Country || c.Place.Admin1 == q.Admin1) {
			return true
		}
	}
	return false
}

func hasKind(cands []gazetteer.Candidate, k gazetteer.Kind) bool {
	for _, c := range cands {
		if c.Place.Kind == k {
			return true
		}
	}
	return false
}

// assign turns the resolved spans into the origin and destinations.
func (d *doc) assign(spans []*span) {
	var live []*span
	for _, sp := range spans {
		if !sp.dropped && !sp.qualifier && sp.pick != nil {
			live = append(live, sp)
		}
	}
	var origin *span
	hasDest := false
	for _, sp := range live {
		if (sp.role == roleDest || sp.role == roleNone) && !sp.base {
			hasDest = true
		}
	}
	for _, sp := range live {
		if sp.base {
			d.base = true
			if sp.role != roleOrigin {
				sp.role = roleOrigin // the base: the origin, or the centre of a search when no destination is named
			}
		}
	}
	for _, sp := range live {
		if sp.role == roleOrigin && origin == nil {
			origin = sp
		}
	}
	if origin == nil {
		for _, sp := range live {
			// 去趟西安…在西安城墙上骑车: "at" a destination named as such is no origin
			if sp.role == roleAt && hasDest && !slices.ContainsFunc(live, func(o *span) bool {
				return o != sp && (o.role == roleDest || o.role == roleNone) && !o.base && o.pick.ID == sp.pick.ID
			}) {
				origin = sp
				break
			}
		}
	}
	if origin == nil {
		for _, sp := range live {
			if sp.role == roleReturn && hasDest {
				origin = sp
				break
			}
		}
	}
	// "to New York … three cities in New York": a region named for its
	// cities is the destination, and its namesake city (or the country of
	// the same name: "to Georgia … 2 cities in Georgia") named beside it
	// is the same words, not a second destination
	for _, r := range live {
		if !r.regionCtx || r.pick.Kind != gazetteer.Region || r == origin {
			continue
		}
		for _, c := range live {
			if c != r && c != origin && (c.pick.Kind == gazetteer.City && c.pick.CountryCode == r.pick.CountryCode &&
				gazetteer.Key(c.pick.Name) == gazetteer.Key(r.pick.Name) || c.pick != r.pick && c.key == r.key) {
				c.merged = true
			}
		}
	}
	// "穷游云南，昆明、大理、丽江", "Japan: Tokyo, Kyoto, Osaka", 首尔…韩国烤肉:
	// a province or country named beside destinations inside it frames
	// them; the cities are the destinations
	for _, r := range live {
		if r.regionCtx || r == origin || r.role == roleOrigin || r.role == roleReturn ||
			r.pick.Kind != gazetteer.Region && r.pick.Kind != gazetteer.Country {
			continue
		}
		for _, c := range live {
			if c != r && c != origin && c.role != roleOrigin && c.role != roleReturn && !c.merged &&
				c.pick.Kind == gazetteer.City && c.pick.CountryCode == r.pick.CountryCode &&
				(r.pick.Kind == gazetteer.Country || c.pick.Admin1 == r.pick.Admin1) && !d.legsApart(r, c) {
				r.merged = true
				break
			}
		}
	}
	seen := map[*gazetteer.Place]bool{}
	if origin != nil {
		o := d.placeOf(origin, "origin")
		d.origin = &o
		seen[origin.pick] = true
	}
	for _, sp := range live {
		if sp == origin || sp.role == roleOrigin || sp.role == roleReturn || seen[sp.pick] || sp.merged {
			continue
		}
		seen[sp.pick] = true
		d.dests = append(d.dests, d.placeOf(sp, "destination"))
		if sp.pick.Kind == gazetteer.Region && sp.regionCtx {
			d.regionDest = true
		}
	}
}

// legsApart reports whether two place spans are separate legs of the trip:
// a sequence word between them ("2 nights in Texas then Austin", 纽约两晚，
// 然后纽约州三晚), so a region is a stay of its own, not a frame.
func (d *doc) legsApart(a, b *span) bool {
	lo, hi := a.end, b.start
	if b.start < a.start {
		lo, hi = b.end, a.start
	}
	if lo >= hi {
		return false
	}
	between := strings.ToLower(d.clean[lo:hi])
	for _, w := range []string{"然后", "之后", "接着", "再去", "随后", "最后"} {
		if strings.Contains(between, w) {
			return true
		}
	}
	for _, w := range []string{"then", "after that", "afterwards", "followed by", "before heading"} {
		if hasWord(between, w) {
			return true
		}
	}
	return false
}

func (d *doc) placeOf(sp *span, role string) Place {
	p := sp.pick
	out := Place{Role: role, Text: sp.text, Name: p.Name, NameZH: p.NameZH, Kind: p.Kind.String(),
		CountryCode: p.CountryCode, Admin1: p.Admin1, Timezone: p.Timezone, Population: p.Population, Resolved: true}
	if p.HasCoords {
		lat, lon := p.Lat, p.Lon
		out.Latitude, out.Longitude = &lat, &lon
	}
	if p.Kind == gazetteer.City && isGeoNamesID(p.ID) {
		out.GeoNamesID = p.ID
	}
	return out
}

// isGeoNamesID reports whether a gazetteer id is a GeoNames id (digits
// only), not a division ("CN:…") or curated town ("T:…") of its own.
func isGeoNamesID(id string) bool {
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	return id != ""
}

// unresolvedDestination looks for a destination the gazetteer does not
// know: a capitalised name after "to"/"visit", or 去/到 + a Han name + a
// travel word. It returns "" when there is none.
func (d *doc) unresolvedDestination() string {
	if d.lang == "zh" {
		found := ""
		afterCues(d.clean, []string{"去", "到", "前往"}, func(_ string, j int) bool {
			// 去趟X, 去一趟X: the trip's measure word is no part of the name
			for _, m := range []string{"一趟", "趟"} {
				if strings.HasPrefix(d.clean[j:], m) {
					j += len(m)
					break
				}
			}
			name, n := hanNameAt(d.clean, j, "")
			if n >= 2 && n <= 5 {
				found = name
				return true
			}
			if n == 0 {
				// 去Hallstatt玩: a Latin name after the cue
				k := d.tokenAt(j)
				var words []string
				for ; k < len(d.toks) && d.toks[k].kind == tWord && d.toks[k].cap && len(words) < 4; k++ {
					words = append(words, d.toks[k].text)
				}
				if len(words) > 0 {
					found = strings.Join(words, " ")
					return true
				}
			}
			return false
		})
		return found
	}
	for i := 0; i < len(d.toks); i++ {
		t := &d.toks[i]
		if t.kind != tWord || !(t.low == "to" || t.low == "visit" || t.low == "visiting" || t.low == "explore") {
			continue
		}
		var words []string
		for j := i + 1; j < len(d.toks) && len(words) < 4; j++ {
			w := &d.toks[j]
			if w.kind != tWord || !w.cap || stopPlaceWords[w.low] || englishNumbers[w.low] > 0 || allDigits(w.low) {
				break
			}
			words = append(words, w.text)
		}
		if len(words) > 0 && (d.mixedCase || len(words) > 1) {
			return strings.Join(words, " ")
		}
	}
	return ""
}

// nameStopRunes end a Han name read after 去/到: travel verbs, particles,
// numerals and time words.
const nameStopRunes = "玩旅游看逛度过住待呆吃的了和与跟一二两三四五六七八九十几个天日周末"

// hanNameAt reads the Han name starting at byte j of s, up to six
// characters, stopping at nameStopRunes and extra; it returns the name and
// its length in characters.
func hanNameAt(s string, j int, extra string) (string, int) {
	k, n := j, 0
	for k < len(s) && n < 6 {
		r, sz := utf8.DecodeRuneInString(s[k:])
		if !isHan(r) || strings.ContainsRune(nameStopRunes, r) || strings.ContainsRune(extra, r) {
			break
		}
		n++
		k += sz
	}
	return s[j:k], n
}

// cityLeadsSightZH reports whether a city written after 在 begins the name
// of a sight (在西安城墙上骑车, 在杭州西湖边): the city is then no place the
// traveller is at, only part of the sight's name.
func cityLeadsSightZH(city, after string) bool {
	k, n := 0, 0
	for k < len(after) && n < 8 {
		r, sz := utf8.DecodeRuneInString(after[k:])
		if !isHan(r) || strings.ContainsRune("上里边的旁内外看吃玩住爬逛买坐走游过待呆和与跟及、", r) {
			break
		}
		n++
		k += sz
		name := city + after[:k]
		if isLandmarkAlias(name) {
			return true
		}
		if n >= 1 && !notSightZH[after[:k]] {
			for _, suf := range sightSuffixZH {
				if strings.HasSuffix(name, suf) && len(suf) < len(after[:k])+1 && utf8.RuneCountInString(after[:k]) >= 2 {
					return true
				}
			}
		}
	}
	return false
}

// bigCityBeforeOwnSight reports whether a city of a million or more is
// written right before a sight named after it with words between
// (首尔东大门设计广场): the sight is the city's, and the city stays a place,
// unlike a province before its museum (陕西历史博物馆). Only for cities
// abroad: a Chinese city's own sights (上海自然博物馆) are read whole by
// the sight rules.
func (d *doc) bigCityBeforeOwnSight(start, end int, cands []gazetteer.Candidate) bool {
	if d.inSight(start, end) {
		return false // a sight the landmark table knows whole (东京国立博物馆)
	}
	rest := d.clean[end:]
	for _, w := range notPlaceAfterHan {
		if strings.HasPrefix(rest, w) {
			return false
		}
	}
	if strings.HasPrefix(rest, "省") || strings.HasPrefix(rest, "市") || strings.HasPrefix(rest, "山") || !sightNamedAfter(rest) {
		return false
	}
	for _, c := range cands {
		if c.Place.Kind == gazetteer.City && c.Place.Population >= 1000000 && c.Place.CountryCode != "CN" {
			return true
		}
	}
	return false
}

// dishHeadsZH and dishHeadsEN are words of food that, right after a city's
// name, make it a dish of that city (重庆火锅, 武汉的热干面, "Chengdu's hot
// pot"); the dish lexicon's hits count too.
var (
	dishHeadsZH = []string{"火锅", "烤鸭", "小吃", "美食", "拉面", "米粉", "米线", "小面", "热干面", "烧烤", "串串", "早茶", "点心", "烤肉", "面"}
	dishHeadsEN = map[string]bool{"hot": true, "hotpot": true, "duck": true, "noodles": true, "food": true, "dishes": true,
		"barbecue": true, "bbq": true, "pizza": true, "dumplings": true, "snacks": true, "specialties": true, "dim": true,
		"street": true, "cheesesteak": true, "bagels": true, "cuisine": true}
)

// citiesOfDishes makes the city a dish is named after the destination of a
// request that names no destination (想吃重庆火锅 → Chongqing, "try
// Chengdu's hot pot" → Chengdu), with a note. A dish named beside a
// destination is only a dish (北京烤鸭 on a Shanghai trip); regions name
// cuisines, not trips (四川火锅), the origin is never the dish's city, and
// a request that asks for somewhere to discover or names a destination the
// gazetteer lacks keeps it.
func (d *doc) citiesOfDishes() {
	if d.regionDest || d.base || len(d.dests) > 0 || d.zhAny(somewhereZH...) || d.enAny(somewhereEN...) {
		return // somewhere warm, 找个地方: a destination to discover
	}
	if name := d.unresolvedDestination(); name != "" && !isWishWord(name) {
		return // 去阿那亚吃北京烤鸭: a destination the gazetteer lacks
	}
	for i := range d.toks {
		t := &d.toks[i]
		var p *gazetteer.Place
		var start, end int
		switch t.kind {
		case tHan:
			p, start, end = d.dishCityHan(t)
		case tWord:
			p, start, end = d.dishCityWords(i)
		}
		if p == nil || d.origin != nil && d.origin.Name == p.Name {
			continue
		}
		text := d.clean[start:end]
		if k := strings.IndexAny(text, "'\u2019"); k > 0 {
			text = text[:k] // Chengdu's
		}
		d.placeSpans = append(d.placeSpans, [2]int{start, end})
		d.dests = append(d.dests, d.placeOf(&span{text: text, pick: p}, "destination"))
		d.notes = append(d.notes, "destination "+p.Name+" taken from the dish named ("+text+")")
		return
	}
}

// dishCity picks the city among cands that a dish is named after: a city
// (not a region) known by a strong alias.
func dishCity(cands []gazetteer.Candidate) *gazetteer.Place {
	for _, c := range cands {
		if c.Place.Kind == gazetteer.City && c.Class <= gazetteer.Official && c.Place.Population >= 100000 {
			return c.Place
		}
	}
	return nil
}

// dishCityHan finds a city's name in a Han run followed (after an optional
// 的) by a dish: the city and where its name is written.
func (d *doc) dishCityHan(t *token) (*gazetteer.Place, int, int) {
	s := t.text
	for p := 0; p < len(s); {
		r1, n1 := utf8.DecodeRuneInString(s[p:])
		r2, _ := utf8.DecodeRuneInString(s[p+n1:])
		if d.gaz.MayStartHan(r1, r2) {
			for e := len(s); e > p+n1; {
				_, ne := utf8.DecodeLastRuneInString(s[:e])
				if c := dishCity(d.gaz.Lookup(s[p:e])); c != nil {
					rest := strings.TrimPrefix(s[e:], "的")
					at := t.start + len(s) - len(rest)
					if hasPrefixAny(rest, dishHeadsZH...) || slices.ContainsFunc(d.dishHits(), func(h dishHit) bool { return h.start == at || h.start == t.start+p && h.end > at }) {
						return c, t.start + p, t.start + e
					}
				}
				e -= ne
			}
		}
		p += n1
	}
	return nil, 0, 0
}

// dishCityWords finds a capitalised city name at word token i followed
// (after an optional 's) by a dish: the city and where its name is written.
func (d *doc) dishCityWords(i int) (*gazetteer.Place, int, int) {
	if !d.toks[i].cap {
		return nil, 0, 0
	}
	var best *gazetteer.Place
	next := 0
	d.walkWordKeys(i, d.gaz.MaxWords(), func(j int, key string) bool {
		if c := dishCity(d.gaz.Lookup(key)); c != nil {
			best, next = c, j+1
		}
		return d.gaz.HasPrefix(key)
	})
	if best == nil {
		return nil, 0, 0
	}
	k := next
	if k+1 < len(d.toks) && d.toks[k].text == "'" && d.toks[k+1].low == "s" {
		k += 2
	}
	if k < len(d.toks) && d.toks[k].kind == tWord && dishHeadsEN[d.toks[k].low] || slices.ContainsFunc(d.dishHits(), func(h dishHit) bool {
		return k < len(d.toks) && h.start == d.toks[k].start || h.start == d.toks[i].start
	}) {
		return best, d.toks[i].start, d.toks[next-1].end
	}
	return nil, 0, 0
}

// cuisineFoodHeads end a list of cuisines ("Sichuan and Cantonese food").
var cuisineFoodHeads = map[string]bool{"food": true, "foods": true, "cuisine": true, "cuisines": true, "dishes": true, "cooking": true, "restaurants": true}

// cuisineListAfter reports whether the tokens from k go on a list of
// capitalised words joined by and, or, & or commas that ends in a food
// head ("… and Cantonese food", ", Hunan and Cantonese cuisine"): the
// word before k is then a cuisine, not a place.
func cuisineListAfter(toks []token, k int) bool {
	joins := 0
	for n := 0; k < len(toks) && n < 8; n++ {
		t := &toks[k]
		switch {
		case t.text == "," || t.text == "&" || t.low == "and" || t.low == "or":
			joins++
		case t.kind == tWord && cuisineFoodHeads[t.low]:
			return joins > 0
		case t.kind != tWord || !t.cap:
			return false
		}
		k++
	}
	return false
}
