package brief

import (
	"strings"
	"testing"
)

// round5Cases are the fifth round of issue 31's classes, each probed with
// sentences of our own in both languages, none of them the development
// set's (classNow: Wednesday 2026-12-02).
var round5Cases = []classCase{
	// a dish-like cuisine word an eating verb governs is a food too
	{"eaten", "到成都一定要吃火锅，玩三天", map[string]string{"dests": "Chengdu", "foods": "火锅"}},
	{"eaten", "想去大连吃海鲜，两天", map[string]string{"dests": "Dalian", "foods": "海鲜"}},
	{"eaten", "去长沙想吃臭豆腐和烧烤", map[string]string{"dests": "Changsha", "foods": "臭豆腐,烧烤"}},
	{"eaten", "Xiamen for 3 days, we want seafood and oyster omelette", map[string]string{"dests": "Xiamen", "foods": "seafood,oyster omelette"}},
	{"eaten", "Chongqing 2 days, eat hotpot every night", map[string]string{"dests": "Chongqing", "foods": "hotpot"}},
	{"eaten", "Madrid for 4 days, churros and tapas please, eating tapas every evening", map[string]string{"dests": "Madrid", "foods": "churros,tapas"}},
	{"eaten", "Halifax 3 days, plenty of seafood", map[string]string{"foods": "seafood"}},
	{"eaten", "Taipei 4 days, want to eat street food every night", map[string]string{"dests": "Taipei", "foods": "street food"}},
	// a cuisine word no eating verb governs stays a cuisine only
	{"eaten", "去重庆三天，不吃火锅", map[string]string{"dests": "Chongqing", "foods": ""}},
	{"eaten", "Dalian 3 days, no seafood please", map[string]string{"foods": ""}},
	{"eaten", "Chengdu 3 days, a hotel near a hot pot street", map[string]string{"foods": ""}},
	// a dish written in Latin letters and a Han character, and joined pinyin
	{"mixed", "去西安吃biangbiang面，三天", map[string]string{"dests": "Xi'an", "foods": "biangbiang面"}},
	{"mixed", "想吃凉皮和Biangbiang面", map[string]string{"foods": "凉皮,biangbiang面"}},
	{"mixed", "Chongqing 2 days, I want to try xiaomian and dandanmian", map[string]string{"foods": "xiaomian,dandanmian"}},
	// short forms and city dishes the lexicon lacked
	{"lexicon", "乐山两天，想吃跷脚牛肉和甜皮鸭", map[string]string{"dests": "Leshan", "foods": "跷脚牛肉,甜皮鸭"}},
	{"lexicon", "沈阳三天，烤鸡架必须吃", map[string]string{"dests": "Shenyang", "foods": "烤鸡架"}},
	{"lexicon", "澳门一天，葡挞和猪扒包", map[string]string{"dests": "Macau", "foods": "葡挞,猪扒包"}},
}

func TestRound5Classes(t *testing.T) {
	for _, tc := range round5Cases {
		r := ParseRules(tc.q, classNow)
		got := classFields(r)
		got["foods"] = strings.Join(r.Brief.Foods, ",")
		got["pace"] = r.Brief.Pace
		got["prefer"] = strings.Join(r.Brief.Constraints.TransportPrefer, ",")
		if n := strings.Join(r.Notes, " "); strings.Contains(n, "could not be read") || strings.Contains(n, "未能读懂") {
			t.Errorf("[%s] %s: a reading stage failed: %q", tc.class, tc.q, r.Notes)
		}
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
			}
		}
	}
}

// round5Everyday are the fifth round's everyday classes (classNow:
// Wednesday 2026-12-02).
var round5Everyday = []classCase{
	// a mode named as the leg or the whole journey is preferred
	{"leg", "Rome and Florence, 6 days, train between the two", map[string]string{"prefer": "train"}},
	{"leg", "Osaka to Hiroshima, 2 days, train both ways", map[string]string{"prefer": "train"}},
	{"leg", "Yosemite for sure, driving from San Francisco, 4 days", map[string]string{"prefer": "self_driving"}},
	{"leg", "Harbin 4 days, no planes: we'll take the train from Beijing", map[string]string{"prefer": "train", "exclude": "flight"}},
	// asking for a tighter or an easier plan
	{"pace", "去成都玩三天，排紧一点也行", map[string]string{"pace": "packed"}},
	{"pace", "南京两天，行程紧一点没问题", map[string]string{"pace": "packed"}},
	{"pace", "Want to see as much as we can in Rome, 3 days", map[string]string{"pace": "packed"}},
	{"pace", "Guilin for 4 days, nice and easy, with my dad", map[string]string{"pace": "relaxed"}},
	{"pace", "Dec 19-21 in Hangzhou, nothing too intense", map[string]string{"pace": "relaxed"}},
	{"pace", "Kyoto 3 days, slow and easy please", map[string]string{"pace": "relaxed"}},
	// the economy tier before a lodging or budget noun
	{"economy", "Solo trip to Lisbon, Jan 3 to Jan 8, backpacker style", map[string]string{"comfort": "economy"}},
	{"economy", "Nanjing this weekend, economy rooms are ok", map[string]string{"comfort": "economy"}},
	{"economy", "Hanoi 5 days, no-frills is fine", map[string]string{"comfort": "economy"}},
	{"economy", "去大理五天，住青旅就行", map[string]string{"comfort": "economy"}},
	// an age written after a spouse belongs to the child that follows
	{"spouse", "Suzhou 2 days with my wife and 6 year old boy", map[string]string{"adults": "2", "children": "1", "ages": "[6]"}},
	{"spouse", "Suzhou 2 days, my husband & 4 year old daughter", map[string]string{"adults": "2", "children": "1", "ages": "[4]"}},
	{"spouse", "Xiamen 3 days with my partner and 9 year old son", map[string]string{"adults": "2", "children": "1", "ages": "[9]"}},
	// an age glued to its unit
	{"yo", "Sanya 4 days, 2 adults and a 5yo", map[string]string{"adults": "2", "children": "1", "ages": "[5]"}},
	{"yo", "Sanya 3 days, me and my 7yo", map[string]string{"adults": "1", "children": "1", "ages": "[7]"}},
	{"yo", "Xiamen 3 days, my wife, our 3yo and 8yo", map[string]string{"adults": "2", "children": "2", "ages": "[3 8]"}},
}

func TestRound5Everyday(t *testing.T) {
	for _, tc := range round5Everyday {
		r := ParseRules(tc.q, classNow)
		got := classFields(r)
		got["pace"] = r.Brief.Pace
		got["prefer"] = strings.Join(r.Brief.Constraints.TransportPrefer, ",")
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
			}
		}
	}
}

// round5Days are the fifth round's day-count classes (classNow:
// Wednesday 2026-12-02).
var round5Days = []classCase{
	// a same-day round trip is one day, never a return a week later
	{"sameday", "从苏州去南京，这周六一天来回", map[string]string{"days": "1", "start": "2026-12-05"}},
	{"sameday", "周日当天往返去无锡", map[string]string{"days": "1", "start": "2026-12-06"}},
	{"sameday", "下周六去扬州，当日来回", map[string]string{"days": "1"}},
	{"sameday", "周五去杭州，周日回来", map[string]string{"days": "3"}},
	// "for a day" is a one-day trip
	{"aday", "Hong Kong for a day, Victoria Peak", map[string]string{"days": "1"}},
	{"aday", "Nara for just one day", map[string]string{"days": "1"}},
	{"aday", "Kyoto for 3 days, Nara for the day", map[string]string{"days": "3"}},
	// an age in months is no count of children
	{"months", "我和老婆带着8个月的宝宝去三亚，五天", map[string]string{"adults": "2", "children": "1"}},
	{"months", "带10个月大的孩子去青岛玩两天", map[string]string{"adults": "1", "children": "1"}},
	{"months", "我和老公带着六个多月的女儿去厦门", map[string]string{"adults": "2", "children": "1"}},
}

func TestRound5Days(t *testing.T) {
	for _, tc := range round5Days {
		got := classFields(ParseRules(tc.q, classNow))
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
			}
		}
	}
}

// round5Sights are the fifth round's must-see list classes.
var round5Sights = []classCase{
	// a clause opened by 还有/再去/然后去 adds one more sight to the last
	{"nextclause", "厦门想去鼓浪屿，还有沙坡尾", map[string]string{"must": "鼓浪屿,沙坡尾"}},
	{"nextclause", "西安三天，兵马俑必去，还有华清宫", map[string]string{"must": "兵马俑,华清宫"}},
	{"nextclause", "杭州想去灵隐寺，还有我妈", map[string]string{"must": "灵隐寺", "adults": "2"}},
	{"nextclause", "成都想去宽窄巷子，再去锦里逛逛", map[string]string{"must": "宽窄巷子,锦里"}},
	// an English town written inside a dish beside another place is no destination
	{"dishtown", "Haikou 3 days, Wenchang chicken please", map[string]string{"dests": "Haikou"}},
	{"dishtown", "Nanjing 2 days, we'd love some Nanjing salted duck", map[string]string{"dests": "Nanjing"}},
	{"dishtown", "Tianjin 2 days from Beijing, Peking duck before we leave", map[string]string{"dests": "Tianjin", "origin": "Beijing"}},
	{"dishtown", "I want to eat Wenchang chicken, 3 days", map[string]string{"dests": "Wenchang"}},
	// 那 inside a name is no demonstrative
	{"na", "想去阿坝看黄龙和扎尕那", map[string]string{"must": "黄龙,扎尕那"}},
	{"na", "想去福州看三坊七巷和那个啥", map[string]string{"must": "三坊七巷"}},
}

func TestRound5Sights(t *testing.T) {
	for _, tc := range round5Sights {
		got := classFields(ParseRules(tc.q, classNow))
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
			}
		}
	}
}

// round5Planner are the fifth round's TravelPlanner-style classes.
var round5Planner = []classCase{
	// an amount spelled in words with a currency word
	{"spelled", "Boston to Chicago, 3 days, budget of two thousand dollars", map[string]string{"budget": "2000 USD"}},
	{"spelled", "Rome 4 days, three thousand five hundred euros per person", map[string]string{"budget": "3500 EUR"}},
	{"spelled", "Austin 2 days, fifteen hundred bucks", map[string]string{"budget": "1500 USD"}},
	{"spelled", "Austin 2 days, three thousand people at a festival", map[string]string{"budget": ""}},
	// a modal before the negated share; friends coming over
	{"rooms", "Denver to Seattle, 3 days, rooms must not be shared", map[string]string{"room": "not_shared_room"}},
	{"rooms", "Denver to Portland, 4 days, the room can't be shared with strangers", map[string]string{"room": "not_shared_room"}},
	{"rooms", "Denver to Seattle, 3 days, we'd like to have friends over", map[string]string{"house": "visitors"}},
	{"rooms", "Miami 3 days, my family to visit us at the apartment", map[string]string{"house": "visitors"}},
	{"rooms", "Austin 2 days, no friends over please", map[string]string{"house": ""}},
}

func TestRound5Planner(t *testing.T) {
	for _, tc := range round5Planner {
		got := classFields(ParseRules(tc.q, classNow))
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
			}
		}
	}
}
