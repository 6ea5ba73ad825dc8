package brief

import "strings"

// Foods to avoid beyond the cuisine table's: ingredients and kinds of food
// a party does not eat (不吃猪肉, "no raw fish", "I don't eat pork"), is
// allergic to (对花生过敏, "allergic to shellfish", "a nut allergy") or asks
// to be free of ("gluten-free"), and dishes of the dish lexicon written
// negated (不吃臭豆腐). Each reaches constraints.avoid_foods by its
// English name.

// avoidTerms are ingredients and kinds of food; the value is the English
// name avoid_foods carries.
var avoidTerms = []term{
	{"pork", []string{"猪肉"}, []string{"pork", "pig", "bacon", "ham"}},
	{"beef", []string{"牛肉"}, []string{"beef"}},
	{"lamb", []string{"羊肉", "牛羊肉"}, []string{"lamb", "mutton"}},
	{"chicken", []string{"鸡肉"}, []string{"chicken"}},
	{"fish", []string{"鱼"}, []string{"fish"}},
	{"offal", []string{"内脏", "下水", "动物内脏", "肥肠", "毛肚", "鸭肠", "猪脑"}, []string{"offal", "organ meat", "organ meats", "innards", "tripe", "intestines"}},
	{"raw food", []string{"生食", "生的", "生鱼片", "刺身", "生腌"}, []string{"raw fish", "raw food", "raw meat", "raw seafood", "sashimi", "anything raw"}},
	{"shellfish", []string{"贝类", "虾蟹", "甲壳类", "虾", "螃蟹", "蟹"}, []string{"shellfish", "shrimp", "prawns", "crab", "lobster", "crustaceans", "clams", "oysters", "mussels"}},
	{"peanuts", []string{"花生"}, []string{"peanut", "peanuts"}},
	{"nuts", []string{"坚果"}, []string{"nut", "nuts", "tree nuts", "tree nut"}},
	{"dairy", []string{"乳制品", "奶制品", "牛奶", "乳糖"}, []string{"dairy", "milk", "lactose", "cheese"}},
	{"gluten", []string{"麸质", "面筋"}, []string{"gluten", "wheat"}},
	{"eggs", []string{"鸡蛋", "蛋类"}, []string{"egg", "eggs"}},
	{"sesame", []string{"芝麻"}, []string{"sesame", "sesame seeds"}},
	{"soy", []string{"大豆", "黄豆", "豆制品"}, []string{"soy", "soya", "soybeans"}},
	{"mushrooms", []string{"蘑菇", "菌菇"}, []string{"mushroom", "mushrooms"}},
	{"coriander", []string{"香菜", "芫荽"}, []string{"coriander", "cilantro"}},
	{"garlic", []string{"大蒜", "蒜"}, []string{"garlic"}},
	{"alcohol", []string{"喝酒", "酒精", "白酒", "啤酒"}, []string{"alcohol", "booze"}},
	{"insects", []string{"虫子", "昆虫"}, []string{"insects", "bugs"}},
	{"dog meat", []string{"狗肉"}, []string{"dog meat"}},
	{"MSG", []string{"味精"}, []string{"msg"}},
	{"meat", []string{"肉", "荤"}, []string{"meat", "red meat"}},
	{"sweets", []string{"甜食", "太甜"}, []string{"sweets", "sugar", "sugary food", "desserts"}},
	{"fried food", []string{"油炸", "油腻"}, []string{"fried food", "greasy food", "deep-fried food"}},
}

var avoidLex = termLexicon(avoidTerms)

// avoidKeysZH and avoidKeysEN are words every avoiding sentence holds one
// of: a request with none skips the scan.
var (
	avoidKeysZH = []string{"吃", "喝", "食", "过敏", "忌", "碰", "沾", "要", "耐受", "戒"}
	avoidKeysEN = []string{"eat", "no ", "allerg", "avoid", "free", "intoleran", "fan of", "drink", "without"}
)

// avoidedFoods returns the foods of avoidTerms and the dish lexicon that
// the text declines, in the order written.
func (d *doc) avoidedFoods() []string {
	if !(d.hasHanText && hasAny(d.clean, avoidKeysZH...)) && !(d.hasLatin && hasAny(d.low, avoidKeysEN...)) {
		return nil
	}
	var out []string
	hits := avoidLex.scan(d)
	for k, h := range hits {
		if insideLonger(hits, k) || d.inDish(h.start, h.end) || d.inSight(h.start, h.end) || d.inPlace(h.start) {
			continue // 鱼 in 酸菜鱼 is the dish's, 猪 in 猪八戒 no food
		}
		if d.declinedFood(h) {
			out = appendNew(out, avoidTerms[h.id].value)
		}
	}
	for _, x := range d.dishHits() {
		zh := isHan(firstRune(d.clean[x.start:x.end]))
		if zh && negatedZH(d.clean, x.start) && eatVerbBeforeZH(d.clean, x.start) || !zh && negatedEN(d, x.start) && eatVerbBeforeEN(d, x.start) {
			if id := dishID(d, x); id >= 0 {
				out = appendNew(out, dishTerms[id].value)
			}
		}
	}
	return out
}

// declinedFood reports whether the food word h is declined: negated after
// an eating verb (不吃猪肉, 不能吃海鲜, "don't eat pork", "no raw fish"),
// an allergy (对花生过敏, "allergic to peanuts", "shellfish allergy") or
// "-free" ("gluten-free").
func (d *doc) declinedFood(h lexHit) bool {
	if d.allergicTo(h) {
		return true
	}
	if h.zh {
		return negatedZH(d.clean, h.start) && eatVerbBeforeZH(d.clean, h.start)
	}
	before := strings.TrimRight(d.low[:h.start], " ")
	if hasSuffixAny(before, " no", " without", " avoid", " avoiding") {
		return true
	}
	return negatedEN(d, h.start) && eatVerbBeforeEN(d, h.start)
}

// allergicTo reports whether the food word h is named as an allergy or an
// intolerance (对花生过敏, 海鲜过敏, "allergic to shellfish", "a nut
// allergy") or as what a meal must be free of ("gluten-free").
func (d *doc) allergicTo(h lexHit) bool {
	if h.zh {
		after := d.clean[h.end:]
		if strings.HasPrefix(after, "过敏") || strings.HasPrefix(after, "不耐受") {
			return true
		}
		return strings.HasSuffix(d.clean[:h.start], "对") && strings.Contains(after[:min(len(after), 12)], "过敏")
	}
	after := strings.TrimLeft(d.low[h.end:], " ")
	if hasPrefixWord(after, "allergy", "allergies", "intolerance", "intolerant") || strings.HasPrefix(d.low[h.end:], "-free") || hasPrefixWord(after, "free") {
		return true
	}
	if hasSuffixAny(strings.TrimRight(d.low[:h.start], " "), "allergic to", "allergy to", "intolerant to", "intolerance to", "allergic to any") {
		return true
	}
	return allergyListEN(d.low, h.start, h.end)
}

// allergyListEN reports whether the food word at [s, e) stands in a list
// an allergy governs: after "allergic to" with only food words and list
// joins between ("allergic to peanuts and shellfish"), or before
// "allergy" likewise ("peanut and shellfish allergies").
func allergyListEN(low string, s, e int) bool {
	listOnly := func(t string) bool {
		for _, r := range t {
			if !(r >= 'a' && r <= 'z' || r == ' ' || r == ',' || r == '-' || r == '/' || r == '&') {
				return false
			}
		}
		return true
	}
	before := low[max(0, s-60):s]
	for _, p := range []string{"allergic to ", "allergy to ", "allergies to ", "intolerant to "} {
		if k := strings.LastIndex(before, p); k >= 0 {
			mid := before[k+len(p):]
			if listOnly(mid) && hasWord(mid, "and", "or") || strings.HasSuffix(strings.TrimSpace(mid), ",") && listOnly(mid) {
				return true
			}
		}
	}
	after := low[e:min(len(low), e+60)]
	for _, p := range []string{" allergy", " allergies", " intolerance", " intolerances"} {
		if k := strings.Index(after, p); k > 0 {
			mid := after[:k]
			if listOnly(mid) && (hasWord(mid, "and", "or") || strings.HasPrefix(strings.TrimSpace(mid), ",")) && len(strings.Fields(mid)) <= 4 {
				return true
			}
		}
	}
	return false
}

// eatVerbBeforeZH reports whether an eating word stands in the few
// characters before byte i (不吃猪肉, 不能吃辣, 不要生的, 忌口牛肉).
func eatVerbBeforeZH(s string, i int) bool {
	seg := s[max(0, i-15):i]
	return hasAny(seg, "吃", "食", "碰", "要", "点", "忌", "喝", "沾")
}

// eatVerbBeforeEN reports whether the words before byte i hold an eating
// word or a plain "no" ("don't eat pork", "no raw fish", "not a fan of
// pork").
func eatVerbBeforeEN(d *doc, i int) bool {
	before := d.low[max(0, i-30):i]
	for _, w := range []string{"eat", "eats", "eating", "no", "fan of", "like", "stand", "want", "drink", "drinks", "touch", "serve", "handle", "any", "have", "nothing with"} {
		if hasWord(before, w) {
			return true
		}
	}
	return false
}

// dishID returns the dish lexicon id of a dish hit, or -1.
func dishID(d *doc, x dishHit) int {
	for _, h := range dishLex.scan(d) {
		if h.start == x.start && h.end == x.end {
			return h.id
		}
	}
	return -1
}
