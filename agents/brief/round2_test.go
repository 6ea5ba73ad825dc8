package brief

import (
	"strings"
	"testing"
)

// round2Cases are the second round of issue 31's classes, each with
// sentences of their own in both languages (classNow: Wednesday
// 2026-12-02, its week starting Monday 2026-11-30).
var round2Cases = []classCase{
	// relative weeks and weekends two ahead
	{"relweek", "Off to Hangzhou the week after next, Tuesday to Thursday", map[string]string{"dests": "Hangzhou", "start": "2026-12-15", "end": "2026-12-17", "days": "3"}},
	{"relweek", "Kyoto the week after next for 4 days", map[string]string{"dests": "Kyoto", "start": "2026-12-14", "end": "2026-12-17"}},
	{"relweek", "Could we do Macau the weekend after next?", map[string]string{"dests": "Macau", "start": "2026-12-19", "end": "2026-12-20", "days": "2"}},
	{"relweek", "下下周末去苏州玩两天", map[string]string{"dests": "Suzhou", "start": "2026-12-19", "end": "2026-12-20"}},
	{"relweek", "Next weekend in Busan", map[string]string{"dests": "Busan", "start": "2026-12-12"}},
	// a week of a month, no length given: the week is the stay
	{"monthweek", "Lisbon during the second week of March", map[string]string{"dests": "Lisbon", "start": "2027-03-08", "end": "2027-03-14", "days": "7"}},
	{"monthweek", "Hanoi, third week in April, 5 days", map[string]string{"dests": "Hanoi", "start": "2027-04-15", "end": "2027-04-19", "days": "5"}},
	{"monthweek", "三月第一周去厦门", map[string]string{"dests": "Xiamen", "start": "2027-03-01", "end": "2027-03-07", "days": "7"}},
	{"monthweek", "五月份的第二个星期去成都", map[string]string{"dests": "Chengdu", "start": "2027-05-08", "days": "7"}},
	// a number after a month that counts people is no day
	{"monthweek", "Taipei in February, 4 adults", map[string]string{"dests": "Taipei", "start": "2027-02-01", "adults": "4"}},
	{"monthweek", "Bangkok in June, 2 of us, 6 days", map[string]string{"dests": "Bangkok", "start": "2027-06-01", "adults": "2", "days": "6"}},
	{"monthweek", "Bangkok on June 2, 6 days", map[string]string{"start": "2027-06-02", "days": "6"}},
	// money: a multiplier word, a Chinese currency before the amount
	{"money", "Osaka, 3 million yen for the two of us", map[string]string{"dests": "Osaka", "budget": "3e+06 JPY"}},
	{"money", "Budget is 2.5 thousand pounds, Edinburgh for 4 days", map[string]string{"dests": "Edinburgh", "budget": "2500 GBP"}},
	{"money", "去曼谷，泰铢30000够吗", map[string]string{"dests": "Bangkok", "budget": "30000 THB"}},
	{"money", "预算日元20万去大阪", map[string]string{"dests": "Osaka", "budget": "200000 JPY"}},
	// parties: counts beside "we are", parents, grown-ups, twins, the co-parent, 三口之家
	{"people", "We are 3 adults and 2 kids heading to Guilin", map[string]string{"adults": "3", "children": "2"}},
	{"people", "we're two grown-ups and one toddler, Sanya for 5 days", map[string]string{"adults": "2", "children": "1"}},
	{"people", "Two parents and three teens to Harbin", map[string]string{"adults": "2", "children": "3"}},
	{"people", "Xiamen with the wife and twins", map[string]string{"adults": "2", "children": "2"}},
	{"people", "孩子他妈和我带儿子去桂林", map[string]string{"adults": "2", "children": "1"}},
	{"people", "和娃他爸一起带两个娃去长沙", map[string]string{"adults": "2", "children": "2"}},
	{"people", "五口之家去西双版纳", map[string]string{"adults": "4", "children": "1"}},
	// a province or country beside its cities frames them
	{"frame", "自驾游新疆，乌鲁木齐、吐鲁番、喀什，10天", map[string]string{"dests": "Ürümqi,Turpan,Kashgar"}},
	{"frame", "Ten days around Vietnam - Hanoi, Hue and Ho Chi Minh City", map[string]string{"dests": "Hanoi,Huế,Ho Chi Minh City"}},
	{"frame", "曼谷5天，想吃泰国菜", map[string]string{"dests": "Bangkok"}},
	{"frame", "Spain: Madrid and Barcelona, 8 days", map[string]string{"dests": "Madrid,Barcelona"}},
	// a region with a stay of its own, then a city in it, is two legs
	{"frame", "3 nights in Florida then Miami for 2 nights", map[string]string{"dests": "Florida,Miami"}},
	// a dish that is also a cuisine's word is a food too; dishes the table lacked
	{"dish", "厦门三天，想去吃回转寿司", map[string]string{"foods": "回转寿司", "cuisines": "Japanese"}},
	{"dish", "Osaka for sushi and ramen", map[string]string{"foods": "sushi,ramen"}},
	{"dish", "佛山一日游，早上喝个广式早茶", map[string]string{"foods": "广式早茶"}},
	{"dish", "乐山想吃冷锅串串和钵钵鸡", map[string]string{"foods": "冷锅串串,钵钵鸡"}},
	{"dish", "Luoyang, we'd love to try the water banquet", map[string]string{"foods": "water banquet"}},
	{"dish", "去新加坡，一定要吃辣椒螃蟹", map[string]string{"foods": "辣椒螃蟹"}},
	// relaxed-pace words
	{"pace", "苏州园林两天，慢慢逛", map[string]string{"pace": "relaxed"}},
	{"pace", "景德镇三天，悠着点玩", map[string]string{"pace": "relaxed"}},
	{"pace", "Five days in Lisbon, we want to take things slow", map[string]string{"pace": "relaxed"}},
	{"pace", "Hoi An for 4 days at our own pace", map[string]string{"pace": "relaxed"}},
	{"pace", "Hoi An for 4 days, as much as possible", map[string]string{"pace": "packed"}},
	// the city of a mountain or of sights "near" a town
	{"sightcity", "泰山看日出，然后去济南吃把子肉", map[string]string{"dests": "Tai'an,Jinan", "must": "泰山"}},
	{"sightcity", "先爬华山，再去洛阳看龙门石窟", map[string]string{"dests": "Xi'an,Luoyang", "must": "华山,龙门石窟"}},
	{"sightcity", "Climb Mount Emei, then 3 days in Chengdu", map[string]string{"dests": "Emeishan,Chengdu"}},
	{"sightcity", "Longmen Grottoes and Shaolin Temple near Luoyang", map[string]string{"dests": "Luoyang", "must": "Longmen Grottoes,Shaolin Temple"}},
	{"sightcity", "南京三天，紫金山和中山陵", map[string]string{"dests": "Nanjing", "must": "紫金山,中山陵"}},
	// sights by a river, after 晚上去, with a wander verb, beside a digit-led name
	{"sights", "杭州两天，傍晚去西湖边走走", map[string]string{"dests": "Hangzhou", "must": "西湖"}},
	{"sights", "重庆，晚上去嘉陵江边吹吹风", map[string]string{"must": "嘉陵江"}},
	{"sights", "Lisbon: the Belem Tower, then wandering around Alfama", map[string]string{"must": "Belem Tower,Alfama"}},
	{"sights", "Kyoto, strolling through Gion in the evening", map[string]string{"must": "Gion"}},
	{"sights", "北京，798艺术区和南锣鼓巷逛一逛", map[string]string{"must": "798艺术区,南锣鼓巷"}},
	{"sights", "成都必去熊猫基地，其他随意", map[string]string{"must": "熊猫基地"}},
	{"sights", "西安必去兵马俑，然后大雁塔、回民街", map[string]string{"must": "兵马俑,大雁塔,回民街"}},
	// a list going on after a sight's time of day; a spaced dash ends a name
	{"sights", "Bangkok: Wat Arun at sunset, the Grand Palace and Wat Pho", map[string]string{"must": "Wat Arun,Grand Palace,Wat Pho"}},
	{"sights", "Rome: the Colosseum in the morning, then the Pantheon", map[string]string{"must": "Colosseum,Pantheon"}},
	{"sights", "Angkor Wat and the Bayon - we'd like a guide", map[string]string{"must": "Angkor Wat,Bayon"}},
	// 在 before what is done at a named sight
	{"sights", "张家界三天，在玻璃栈道走走，去天子山看云海", map[string]string{"must": "玻璃栈道,天子山"}},
	{"sights", "庐山两天，在五老峰看日出", map[string]string{"must": "庐山,五老峰"}},
	{"sights", "现在就想去成都玩", map[string]string{"must": "", "dests": "Chengdu"}},
	// more relative days and month halves (classNow: Wednesday 2026-12-02)
	{"relweek", "Shanghai, leaving the Friday after next for 3 days", map[string]string{"start": "2026-12-11", "days": "3"}},
	{"relweek", "Suzhou the weekend after this one", map[string]string{"start": "2026-12-12", "days": "2"}},
	{"monthweek", "Chengdu in the second half of January", map[string]string{"start": "2027-01-16"}},
	{"monthweek", "2月上半月去哈尔滨", map[string]string{"start": "2027-02-01"}},
	{"people", "Guilin, me plus my mom and dad", map[string]string{"adults": "3"}},
	// a household plus people from outside it; twins in Chinese
	{"people", "我们一家三口带外婆去厦门", map[string]string{"adults": "3", "children": "1"}},
	{"people", "三口之家加上两个朋友去成都", map[string]string{"adults": "4", "children": "1"}},
	{"people", "一家三口，带老婆孩子去广州", map[string]string{"adults": "2", "children": "1"}},
	{"people", "我和老婆带一对双胞胎去青岛", map[string]string{"adults": "2", "children": "2"}},
	// a currency named by its country's adjective; abbreviated months
	{"money", "Perth, 6000 Australian dollars for both of us", map[string]string{"budget": "6000 AUD"}},
	{"money", "Kuala Lumpur, 3,500 Malaysian ringgit", map[string]string{"budget": "3500 MYR"}},
	{"money", "Macau, 10k Hong Kong dollars", map[string]string{"budget": "10000 HKD"}},
	{"monthweek", "Nagoya, the third week of May", map[string]string{"start": "2027-05-15", "days": "7"}},
	{"monthweek", "Nara in Feb, 3 days", map[string]string{"start": "2027-02-01", "days": "3"}},
	{"monthweek", "We may visit Nara for 3 days", map[string]string{"start": "", "days": "3"}},
	{"dish", "拉萨三天，想喝酥油茶", map[string]string{"foods": "酥油茶"}},
	{"dish", "Hong Kong street food: egg waffles and pineapple buns", map[string]string{"foods": "egg waffles,pineapple buns"}},
	{"dish", "首尔想吃部队锅和韩国烤肉", map[string]string{"foods": "部队锅"}},
	{"sights", "Budapest: hanging out in the Jewish Quarter, then Fisherman's Bastion", map[string]string{"must": "Jewish Quarter,Fisherman's Bastion"}},
	// a small foreign town's name after a wander cue is a quarter; real cities stay cities
	{"sights", "Porto: hanging out in the Ribeira, then the Livraria Lello", map[string]string{"dests": "Porto", "must": "Ribeira,Livraria Lello"}},
	{"sights", "Tokyo 4 days, then exploring Kyoto", map[string]string{"dests": "Tokyo,Kyoto"}},
	{"sights", "Vienna, then exploring Bratislava", map[string]string{"dests": "Vienna,Bratislava"}},
}

func TestRound2Classes(t *testing.T) {
	for _, tc := range round2Cases {
		r := ParseRules(tc.q, classNow)
		got := classFields(r)
		got["foods"] = strings.Join(r.Brief.Foods, ",")
		got["pace"] = r.Brief.Pace
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
