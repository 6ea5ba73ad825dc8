package brief

import "testing"

// partyNounCases are parties named by nouns alone, and routes opened by a
// journey noun: sentences of our own, written after a colleague's plan
// review found travellers read as one (classNow: Wednesday 2026-12-02).
var partyNounCases = []classCase{
	{"couple", "Chengdu to Xi'an, 3 days, couple, 2500 CNY each", map[string]string{"adults": "2", "origin": "Chengdu"}},
	{"couple", "Kyoto 4 days in April, young couple, temples", map[string]string{"adults": "2"}},
	{"couple", "Retired couple from Boston, 5 days in Lisbon", map[string]string{"adults": "2"}},
	{"couple", "Guilin for a couple of days, solo", map[string]string{"adults": "1"}},
	{"couple", "two couples, 3 days in Sanya", map[string]string{"adults": "4"}},
	{"couple", "honeymooners, a week in Bali", map[string]string{"adults": "2"}},
	{"couple", "newlyweds, 5 days in Santorini", map[string]string{"adults": "2"}},
	{"group", "Three retirees, Hangzhou 3 days, slow pace", map[string]string{"adults": "3"}},
	{"group", "two sisters going to Seoul for 4 days", map[string]string{"adults": "2"}},
	{"group", "4 students, Beijing 3 days, cheap", map[string]string{"adults": "4"}},
	{"group", "Tokyo 5 days, 2 ppl, 3000 USD", map[string]string{"adults": "2"}},
	{"kin", "Mother and daughter, Paris 4 days", map[string]string{"adults": "2"}},
	{"kin", "Father and son trip to Munich, 3 days", map[string]string{"adults": "2"}},
	{"kin", "Busan 3 days, my mother and father", map[string]string{"adults": "3"}},
	{"kin", "Shanghai 3 days, elderly parents (78 and 75) with me", map[string]string{"adults": "3"}},
	{"zh", "杭州三天，三个退休老人，慢慢玩", map[string]string{"adults": "3"}},
	{"zh", "北京四天，两个大学同学", map[string]string{"adults": "2"}},
	{"zh", "厦门三天，四位年轻女生", map[string]string{"adults": "4"}},
	{"zh", "北京三天，三个景点就够", map[string]string{"adults": "1"}},
	{"zh", "成都四天，爸妈都六十出头", map[string]string{"adults": "3"}},
	{"zh", "给爸妈安排一个苏州三日游", map[string]string{"adults": "2"}},
	{"zh", "帮父母订个西安四天的行程", map[string]string{"adults": "2"}},
	{"route", "Solo trip Shanghai to Hangzhou, 2 days", map[string]string{"origin": "Shanghai", "dests": "Hangzhou", "adults": "1"}},
	{"route", "Family vacation Dallas to Orlando, 5 days", map[string]string{"origin": "Dallas", "dests": "Orlando"}},
	{"route", "Road trip Seattle to Portland, 3 days", map[string]string{"origin": "Seattle", "dests": "Portland"}},
	{"route", "Business trip Shenzhen to Beijing, 2 days", map[string]string{"origin": "Shenzhen", "dests": "Beijing"}},
	{"route", "A trip to Rome, 3 days", map[string]string{"origin": "", "dests": "Rome"}},
	{"route", "from Denver to Boston to Chicago, 6 days", map[string]string{"origin": "Denver", "dests": "Boston,Chicago"}},
}

func TestPartyNounClasses(t *testing.T) {
	for _, tc := range partyNounCases {
		got := classFields(ParseRules(tc.q, classNow))
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
			}
		}
	}
}
