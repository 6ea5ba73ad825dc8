package brief

import (
	"fmt"
	"testing"
)

// round8Cases are issue 31's third held-out miss classes (the lead's
// words), probed with sentences of our own (classNow: Wednesday 2026-12-02,
// so next weekend is Dec 12-13 and this Friday is Dec 4).
var round8Cases = []classCase{
	// 1. an explicit date in parentheses after a relative one
	{"paren", "Xiamen next weekend (Dec 12-13)", map[string]string{"start": "2026-12-12", "end": "2026-12-13", "questions": ""}},
	{"paren", "下周末（12月12-13号）去苏州", map[string]string{"start": "2026-12-12", "end": "2026-12-13", "questions": ""}},
	{"paren", "Boston this Friday (the 4th), 2 days", map[string]string{"start": "2026-12-04", "questions": ""}},
	{"paren", "Hangzhou this weekend (Dec 5-6)", map[string]string{"start": "2026-12-05", "end": "2026-12-06", "questions": ""}},
	{"paren", "Nanjing next Saturday (Dec 12), 2 days", map[string]string{"start": "2026-12-12", "questions": ""}},
	{"paren", "下周六（12月12日）去南京玩两天", map[string]string{"start": "2026-12-12", "questions": ""}},
	{"paren", "Xiamen next weekend (Dec 19-20)", map[string]string{"start": "2026-12-19", "end": "2026-12-20", "questions": ""}},
	{"paren", "下周末（12月19-20号）去苏州", map[string]string{"start": "2026-12-19", "questions": ""}},
	{"paren", "Hangzhou this weekend (Dec 12-13)", map[string]string{"start": "2026-12-12", "questions": ""}},
	{"paren", "next Saturday (Dec 19), Nanjing 2 days", map[string]string{"start": "2026-12-19", "questions": ""}},
	{"paren", "Xiamen next weekend (Jan 20-21)", map[string]string{"questions": "dates,dates"}},
	{"paren", "next weekend (Dec 20-21), Nanjing", map[string]string{"questions": "dates"}},
	{"paren", "Boston this Friday (the 11th), 2 days", map[string]string{"start": "2026-12-11", "end": "2026-12-12", "questions": ""}},
	{"paren", "Boston next Friday (the 11th), 3 days", map[string]string{"start": "2026-12-11", "questions": ""}},
	{"paren", "Boston this Friday (the 12th), 2 days", map[string]string{"questions": "dates"}},
	// 2. multi-word sights of a known city are no destinations
	{"sight", "Shenzhen 2 days, Shenzhen Bay Park at sunset", map[string]string{"dests": "Shenzhen"}},
	{"sight", "Chongqing 3 days, a Two Rivers night cruise", map[string]string{"dests": "Chongqing", "must": "Two Rivers night cruise"}},
	{"sight", "Hangzhou 2 days, Xixi Wetland and Xiling Bridge", map[string]string{"dests": "Hangzhou"}},
	{"sight", "Suzhou 2 days, Tongli Ancient Town and Pingjiang Road", map[string]string{"dests": "Suzhou"}},
	{"sight", "Lijiang 3 days, Lijiang Old Town at night", map[string]string{"dests": "Lijiang"}},
	// 3. activity and kind-of-sight wishes
	{"activity", "Chengdu 3 days, a Sichuan opera face-changing show", map[string]string{"dests": "Chengdu", "must": "Sichuan Opera"}},
	{"activity", "Suzhou 2 days, a canal boat ride", map[string]string{"dests": "Suzhou", "must": "Canal Boat Ride"}},
	{"activity", "Chongqing 2 days, the Yangtze cable car and Hongyadong", map[string]string{"dests": "Chongqing", "mustnonempty": "true"}},
	{"activity", "Beijing 3 days, the zoo with the kids", map[string]string{"dests": "Beijing", "must": "Zoo"}},
	{"activity", "成都三天，想看一场川剧", map[string]string{"dests": "Chengdu", "must": "川剧"}},
	{"activity", "上海两天，想去上海中心", map[string]string{"dests": "Shanghai", "mustnonempty": "true"}},
	{"activity", "Beijing 3 days, wander the hutongs", map[string]string{"dests": "Beijing", "must": "Hutongs"}},
	{"activity", "重庆两天，坐一次长江索道", map[string]string{"must": "长江索道"}},
	{"activity", "苏州两天，想坐游船", map[string]string{"must": "游船"}},
	{"activity", "Chengdu 2 days, a teahouse in People's Park", map[string]string{"must": "Teahouse,People's Park"}},
	{"activity", "Guangzhou 2 days, a Pearl River night cruise", map[string]string{"must": "Pearl River night cruise"}},
	{"activity", "Shanghai 3 days, no river cruise please", map[string]string{"must": ""}},
	{"activity", "Taipei 3 days, a night market every evening", map[string]string{"must": "Night Market"}},
	{"activity", "Beijing zoo and the Summer Palace, 2 days", map[string]string{"dests": "Beijing", "mustnonempty": "true"}},
	{"sight", "a Hong Kong harbour cruise, 2 days", map[string]string{"dests": "Hong Kong"}},
	{"sight", "Macau 2 days, then a Hong Kong harbour cruise", map[string]string{"dests": "Macau"}},
	{"activity", "Xiamen 3 days, the bay at sunset", map[string]string{"must": "Bay", "vt": "Bay=sunset"}},
	{"activity", "Lijiang 3 days, the old town in the evening", map[string]string{"must": "Old Town", "vt": "Old Town=evening"}},
	{"activity", "Suzhou 3 days, the ancient town of Tongli", map[string]string{"must": "Tongli"}},
	{"activity", "Shenzhen 2 days. Visit the bay", map[string]string{"must": "Bay"}},
	{"activity", "Chongqing 2 days, a night cruise on the river", map[string]string{"must": "Night Cruise"}},
	// 4. time-of-day wishes
	{"vt", "北京三天，想看升旗", map[string]string{"must": "天安门广场", "vt": "天安门广场=sunrise", "skipped": ""}},
	{"vt", "Beijing 3 days, see the flag-raising at dawn", map[string]string{"must": "Tiananmen Square", "vt": "Tiananmen Square=sunrise"}},
	{"vt", "北京三天，故宫，天安门广场看升旗", map[string]string{"must": "故宫,天安门广场", "vt": "天安门广场=sunrise"}},
	{"vt", "北京三天，不看升旗了", map[string]string{"must": "", "vt": ""}},
	{"vt", "上海三天，想看升旗", map[string]string{"vt": ""}},
	{"vt", "London 3 days, the Changing of the Guard", map[string]string{"must": "Buckingham Palace", "vt": "Buckingham Palace=morning", "skipped": ""}},
	{"vt", "Chengdu 3 days, pandas early in the morning", map[string]string{"must": "Panda Base", "vt": "Panda Base=early morning"}},
	{"vt", "一早去看熊猫，成都三天", map[string]string{"must": "大熊猫基地", "vt": "大熊猫基地=early morning"}},
	{"vt", "成都三天，熊猫基地要早上去", map[string]string{"must": "熊猫基地", "vt": "熊猫基地=morning"}},
	{"vt", "Chengdu 3 days, must see the giant pandas at the Chengdu Research Base", map[string]string{"must": "Chengdu Research Base"}},
	{"vt", "Chengdu 3 days, no pandas", map[string]string{"must": ""}},
	{"vt", "Suzhou 2 days, a canal boat ride at sunset", map[string]string{"vt": "Canal Boat Ride=sunset"}},
	{"vt", "上海两天，外滩 lit up at night", map[string]string{"vtnonempty": "true"}},
	{"vt", "Shanghai 2 days, the Bund lit up at night", map[string]string{"vt": "Bund=night"}},
	{"vt", "Hangzhou 2 days, West Lake in the evening", map[string]string{"vt": "West Lake=evening"}},
	{"vt", "重庆两天，晚上去洪崖洞", map[string]string{"vt": "洪崖洞=evening"}},
	{"vt", "青岛两天，栈桥看日落", map[string]string{"vt": "栈桥=sunset"}},
	{"vt", "北京三天，一早去天坛", map[string]string{"vt": "天坛=early morning"}},
	{"vt", "Beijing 3 days, Peking duck one evening", map[string]string{"foods": "peking duck"}},
	{"vt", "广州两天，早上喝早茶", map[string]string{"foodsnonempty": "true"}},
	// 5. party counts with a group noun
	{"party", "5 friends, Bangkok 4 days", map[string]string{"adults": "5"}},
	{"party", "four coworkers going to Seoul for 3 days", map[string]string{"adults": "4"}},
	{"party", "三个闺蜜去成都玩三天", map[string]string{"adults": "3"}},
	{"party", "a group of 6, Lisbon 4 days", map[string]string{"adults": "6"}},
	{"party", "两家人（4大2小）去三亚五天", map[string]string{"adults": "4", "children": "2"}},
	{"party", "six classmates, Kyoto 3 days", map[string]string{"adults": "6"}},
	{"party", "我们五个同事去青岛两天", map[string]string{"adults": "5"}},
	{"party", "3 buddies in Vegas for 2 days", map[string]string{"adults": "3"}},
	{"party", "two couples, Rome 4 days", map[string]string{"adults": "4"}},
	{"party", "四个好朋友去厦门三天", map[string]string{"adults": "4"}},
	{"party", "a party of 8, Prague 3 days", map[string]string{"adults": "8"}},
	// cuisines of the world
	{"cuisine", "土耳其菜和秘鲁菜，伦敦三天", map[string]string{"cuisines": "Turkish,Peruvian"}},
	{"cuisine", "Houston 3 days, Cajun and Creole food", map[string]string{"cuisines": "Cajun"}},
	{"cuisine", "Dubai 4 days, middle eastern food", map[string]string{"cuisines": "Middle Eastern"}},
	{"cuisine", "New Orleans 3 days, we love Cajun food", map[string]string{"cuisines": "Cajun"}},
	{"cuisine", "London 4 days, want Ethiopian food one night", map[string]string{"cuisines": "Ethiopian"}},
	{"cuisine", "New York 3 days, Peruvian and Lebanese food", map[string]string{"cuisines": "Peruvian,Lebanese"}},
	{"cuisine", "Berlin 3 days, Turkish food please", map[string]string{"cuisines": "Turkish"}},
	{"cuisine", "Paris 3 days, some Vietnamese food", map[string]string{"cuisines": "Vietnamese"}},
}

func TestRound8Classes(t *testing.T) {
	for _, tc := range round8Cases {
		r := ParseRules(tc.q, classNow)
		got := classFields(r)
		addWishFields(got, r)
		got["vtnonempty"] = fmt.Sprint(len(r.Brief.VisitTimes) > 0)
		got["mustnonempty"] = fmt.Sprint(len(r.Brief.MustVisit) > 0)
		got["foodsnonempty"] = fmt.Sprint(len(r.Brief.Foods) > 0)
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q (must %q)", tc.class, tc.q, k, got[k], w, got["must"])
			}
		}
	}
}
