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
