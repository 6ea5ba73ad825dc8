package brief

import (
	"os"
	"strings"
	"testing"
)

// everydayCases are everyday requests written as a held-out check: they
// were written, with their expected fields, before the parser was changed
// for any of them (2026-12-02; the first measurement is the "unseen"
// figure in the README). Half are Chinese, half English; dates by month,
// season, holiday and weekday ranges, people with children and group
// nouns, negations, routes, day trips, budgets and wishes without a
// destination. Reference time: classNow (Wednesday 2026-12-02). The
// first run scored 280/292 fields (95.9%); the misses were fixed by class
// (see everydayClassCases), none by sentence.
var everydayCases = []classCase{
	// Chinese
	{"dates", "下个月中旬带老婆去昆明玩五天", map[string]string{"dests": "Kunming", "start": "2027-01-11", "days": "5", "adults": "2", "questions": ""}},
	{"dates", "元旦三天假去哈尔滨看冰雪大世界，我们一家三口", map[string]string{"dests": "Harbin", "start": "2027-01-01", "end": "2027-01-03", "adults": "2", "children": "1", "must": "冰雪大世界"}},
	{"route", "清明节从南京去黄山玩三天，不坐飞机", map[string]string{"origin": "Nanjing", "dests": "Huangshan", "start": "2027-04-03", "end": "2027-04-05", "exclude": "flight"}},
	{"people", "五一假期和三个朋友去青岛，预算每人两千", map[string]string{"dests": "Qingdao", "adults": "4", "start": "2027-05-01", "days": "5", "budget": "2000 CNY"}},
	{"route", "这周六从广州去佛山一日游", map[string]string{"origin": "Guangzhou", "dests": "Foshan", "start": "2026-12-05", "days": "1"}},
	{"dates", "周五晚上出发，周日回来，从上海去黄山", map[string]string{"origin": "Shanghai", "dests": "Huangshan", "start": "2026-12-04", "end": "2026-12-06"}},
	{"people", "我们五个同事月底去厦门团建三天", map[string]string{"dests": "Xiamen", "adults": "5", "start": "2026-12-21", "days": "3"}},
	{"people", "带两个孩子（7岁和3岁）去上海迪士尼玩两天，下周六出发", map[string]string{"dests": "Shanghai", "adults": "1", "children": "2", "ages": "[7 3]", "house": "children_under_10", "start": "2026-12-12", "days": "2"}},
	{"people", "爸妈和我三个人春节去三亚过年，住一周", map[string]string{"dests": "Sanya", "adults": "3", "start": "2027-02-05", "days": "7"}},
	{"negation", "不想坐高铁，想自驾从成都去九寨沟，四天，下周五出发", map[string]string{"origin": "Chengdu", "exclude": "train", "require": "self_driving", "start": "2026-12-11", "days": "4"}},
	{"wish", "预算3000块，想找个能看海的地方玩三天，从北京出发", map[string]string{"origin": "Beijing", "questions": "", "budget": "3000 CNY", "days": "3"}},
	{"dates", "12月24日到27日去哈尔滨，两个人，预算五千", map[string]string{"dests": "Harbin", "start": "2026-12-24", "end": "2026-12-27", "adults": "2", "budget": "5000 CNY"}},
	{"people", "寒假带8岁的儿子去西安看兵马俑，五天", map[string]string{"dests": "Xi'an", "start": "2027-01-20", "days": "5", "adults": "1", "children": "1", "ages": "[8]", "house": "children_under_10", "must": "兵马俑"}},
	{"negation", "去重庆玩三天，不吃辣，下周出发", map[string]string{"dests": "Chongqing", "days": "3", "start": "2026-12-07", "cuisines": ""}},
	{"route", "杭州三晚，苏州两晚，1月8日出发", map[string]string{"dests": "Hangzhou,Suzhou", "days": "6", "start": "2027-01-08", "end": "2027-01-13"}},
	{"route", "从深圳出发去香港和澳门玩四天，圣诞节", map[string]string{"origin": "Shenzhen", "dests": "Hong Kong,Macau", "start": "2026-12-25", "days": "4"}}, // 圣诞节 is the 25th (issue 31)
	{"dates", "今年冬天想去长白山滑雪，玩四天，两个人", map[string]string{"start": "2026-12-03", "days": "4", "adults": "2"}},
	{"people", "周末去南京，和女朋友，想吃盐水鸭", map[string]string{"dests": "Nanjing", "start": "2026-12-05", "days": "2", "adults": "2"}},
	{"budget", "三月份去武汉看樱花，三天两晚，预算人均1500", map[string]string{"dests": "Wuhan", "start": "2027-03-01", "days": "3", "budget": "1500 CNY"}},
	{"people", "别安排太累，带着72岁的老妈去桂林玩五天，1月中旬", map[string]string{"dests": "Guilin", "adults": "2", "children": "0", "start": "2027-01-11", "days": "5"}},
	{"route", "帮我规划一下从天津到北京的一日游，后天", map[string]string{"origin": "Tianjin", "dests": "Beijing", "days": "1", "start": "2026-12-04"}},
	{"people", "一家四口，两个孩子分别10岁和6岁，国庆去云南", map[string]string{"adults": "2", "children": "2", "ages": "[10 6]", "start": "2027-10-01", "days": "7", "city_count": "2"}},
	{"negation", "不住青旅，想住整套公寓，去成都四天，下周六", map[string]string{"dests": "Chengdu", "room": "entire_home", "start": "2026-12-12", "days": "4"}},
	{"route", "坐火车从西安去兰州，两天，12月19日出发", map[string]string{"origin": "Xi'an", "dests": "Lanzhou", "require": "train", "start": "2026-12-19", "end": "2026-12-20"}},
	{"wish", "想去个暖和的地方过年，一周，从哈尔滨出发，预算一万", map[string]string{"origin": "Harbin", "questions": "", "start": "2027-02-05", "days": "7", "budget": "10000 CNY"}},
	{"dates", "下周三到周日去大理", map[string]string{"dests": "Dali", "start": "2026-12-09", "end": "2026-12-13"}},
	{"people", "暑假带孩子去北京，五天，孩子12岁", map[string]string{"dests": "Beijing", "start": "2027-07-10", "days": "5", "children": "1", "ages": "[12]", "house": ""}},
	{"region", "去日本玩一周，明年4月", map[string]string{"start": "2027-04-01", "days": "7", "city_count": "2", "questions": ""}},
	{"people", "6个大学同学毕业旅行去成都和重庆，六天，7月1日出发", map[string]string{"dests": "Chengdu,Chongqing", "adults": "6", "start": "2027-07-01", "days": "6"}},
	{"budget", "我一个人，预算两千，周六去苏州玩一天", map[string]string{"dests": "Suzhou", "adults": "1", "budget": "2000 CNY", "start": "2026-12-05", "days": "1"}},
	{"dates", "端午节去长沙吃小龙虾，三天", map[string]string{"dests": "Changsha", "start": "2027-06-09", "days": "3"}},
	{"route", "先去丽江再去大理，一共六天，下个月初", map[string]string{"route": "Lijiang,Dali", "days": "6", "start": "2027-01-01"}},
	{"refusal", "帮我翻译一下这段话", map[string]string{"refused": "true"}},

	// English
	{"dates", "4 days in Barcelona in early June for a couple", map[string]string{"dests": "Barcelona", "start": "2027-06-01", "days": "4", "adults": "2"}},
	{"route", "Flying from Chicago to Denver next Thursday for 3 nights", map[string]string{"origin": "Chicago", "dests": "Denver", "start": "2026-12-10", "days": "4", "require": "flight"}},
	{"people", "A family trip to Orlando with our kids aged 5 and 8, a week in March", map[string]string{"dests": "Orlando", "adults": "2", "children": "2", "ages": "[5 8]", "start": "2027-03-01", "days": "7", "house": "children_under_10"}},
	{"route", "Weekend getaway from Boston to Portland, Maine, budget $800", map[string]string{"origin": "Boston", "dests": "Portland", "start": "2026-12-05", "days": "2", "budget": "800 USD"}},
	{"wish", "I want to go somewhere with beaches in February for 5 days, leaving from London", map[string]string{"origin": "London", "questions": "", "days": "5", "start": "2027-02-01"}},
	{"route", "Day trip from Kyoto to Nara this Sunday", map[string]string{"origin": "Kyoto", "dests": "Nara", "days": "1", "start": "2026-12-06"}},
	{"negation", "Three of us, 5 days in Lisbon over Easter, no flights", map[string]string{"dests": "Lisbon", "adults": "3", "start": "2027-03-26", "days": "5", "exclude": "flight"}},
	{"people", "Me, my wife and a toddler, 4 days in San Diego from January 15", map[string]string{"dests": "San Diego", "adults": "2", "children": "1", "start": "2027-01-15", "days": "4"}},
	{"route", "Rome to Naples by train, 2 nights, leaving December 18", map[string]string{"origin": "Rome", "dests": "Naples", "require": "train", "start": "2026-12-18", "days": "3"}},
	{"region", "We'd like 6 days in Iceland next summer, budget 5000 euros", map[string]string{"budget": "5000 EUR", "start": "2027-06-01", "days": "6", "city_count": "2", "questions": ""}},
	{"people", "A group of 8 friends, bachelor party in Las Vegas, 3 days in mid-January", map[string]string{"dests": "Las Vegas", "adults": "8", "start": "2027-01-11", "days": "3"}},
	{"people", "2 adults and 3 kids (ages 2, 6 and 9) going to Tokyo for 10 days in April", map[string]string{"dests": "Tokyo", "adults": "2", "children": "3", "ages": "[2 6 9]", "start": "2027-04-01", "days": "10"}},
	{"dates", "Leave Friday morning, come back Monday evening, from Seattle to Vancouver", map[string]string{"origin": "Seattle", "dests": "Vancouver", "start": "2026-12-04", "end": "2026-12-07", "days": "4"}},
	{"budget", "Budget £1,200 for 5 days in Edinburgh at Christmas, two people", map[string]string{"dests": "Edinburgh", "budget": "1200 GBP", "start": "2026-12-24", "days": "5", "adults": "2"}},
	{"negation", "No shared rooms please, we need a private room; 3 nights in Amsterdam starting January 8", map[string]string{"dests": "Amsterdam", "room": "private_room", "start": "2027-01-08", "days": "4"}},
	{"wish", "Somewhere warm for a week in January from Toronto, around 3000 dollars", map[string]string{"origin": "Toronto", "questions": "", "days": "7", "start": "2027-01-01"}},
	{"route", "5 days in Paris and London, starting December 26, vegetarian food", map[string]string{"dests": "Paris,London", "start": "2026-12-26", "days": "5", "cuisines": "Vegetarian"}},
	{"dates", "Thanksgiving next year in New York with my parents, 4 days", map[string]string{"dests": "New York", "start": "2027-11-25", "days": "4", "adults": "3"}},
	{"people", "My husband and I plus our dog, 4 days in Asheville in October", map[string]string{"dests": "Asheville", "adults": "2", "house": "pets", "start": "2027-10-01", "days": "4"}},
	{"budget", "A cheap 3-day trip to Prague next weekend", map[string]string{"dests": "Prague", "comfort": "economy", "start": "2026-12-12", "days": "3"}},
	{"people", "We're four colleagues heading to Singapore for a conference, Jan 20-23", map[string]string{"dests": "Singapore", "adults": "4", "start": "2027-01-20", "end": "2027-01-23"}},
	{"negation", "Two weeks in Italy this autumn, we want to avoid driving", map[string]string{"days": "14", "start": "2027-09-01", "exclude": "self_driving", "questions": ""}},
	{"people", "Honeymoon in Venice, 5 days from February 14", map[string]string{"dests": "Venice", "adults": "2", "start": "2027-02-14", "days": "5"}},
	{"people", "Take me and my 2 teenagers (14 and 16) to Washington DC for 4 days next week", map[string]string{"adults": "1", "children": "2", "ages": "[14 16]", "start": "2026-12-07", "days": "4"}},
	{"budget", "from Melbourne to Sydney, 3 days, around AUD 1500, leaving on Saturday", map[string]string{"origin": "Melbourne", "dests": "Sydney", "budget": "1500 AUD", "start": "2026-12-05", "days": "3"}},
	{"dates", "Weekend in Chicago in January, no more than $600 per person", map[string]string{"dests": "Chicago", "start": "2027-01-02", "days": "2", "budget": "600 USD"}},
	{"negation", "3 days in Hanoi, no seafood, we love Vietnamese food, December 10 to 12", map[string]string{"dests": "Hanoi", "start": "2026-12-10", "end": "2026-12-12", "cuisines": "Vietnamese"}},
	{"wish", "Looking for a mountain getaway for 4 days next month from Denver", map[string]string{"origin": "Denver", "questions": "", "start": "2027-01-01", "days": "4"}},
	{"route", "Boston to New York and then Philadelphia, 5 days from March 3", map[string]string{"origin": "Boston", "dests": "New York,Philadelphia", "route": "New York,Philadelphia", "start": "2027-03-03", "days": "5"}},
	{"people", "Could you plan 4 days in Berlin for my mom, my dad and me from May 7?", map[string]string{"dests": "Berlin", "adults": "3", "start": "2027-05-07", "days": "4"}},
	{"negation", "Not Paris again — 3 days in Lyon, leaving tomorrow", map[string]string{"dests": "Lyon", "start": "2026-12-03", "days": "3"}},
	{"refusal", "What's the weather like in Tokyo today?", map[string]string{"refused": "true"}},
	{"budget", "a 2-day trip to Austin for a family of three, $1,000 total, on the 19th", map[string]string{"dests": "Austin", "adults": "2", "children": "1", "budget": "1000 USD", "start": "2026-12-19", "days": "2"}},
}

// everydayClassCases are more requests of each class the first run of
// everydayCases showed missing (written after it, for the fixes): declined
// places, city-states, parts of this month, weekends inside a window,
// group nouns with a modifier, companions with an age, "our kids", a
// specific room type beside "no shared", questions of another kind.
var everydayClassCases = []classCase{
	{"declined", "Florence, not Rome, 4 days from May 2", map[string]string{"dests": "Florence", "noted": "true"}},
	{"declined", "I don't want to go to Shanghai again, 3 days in Suzhou next week", map[string]string{"dests": "Suzhou"}},
	{"declined", "3 days in Kyoto instead of Tokyo, from April 3", map[string]string{"dests": "Kyoto"}},
	{"declined", "别去上海了，去杭州玩两天，周六出发", map[string]string{"dests": "Hangzhou", "start": "2026-12-05"}},
	{"declined", "不去北京，去天津玩两天，下周六", map[string]string{"dests": "Tianjin", "skipped": ""}},
	{"declined", "我不去上海，我从上海出发去苏州两天，下周六", map[string]string{"origin": "Shanghai", "dests": "Suzhou"}},
	{"declined", "I don't want to fly to Paris, 3 days from London by train next week", map[string]string{"origin": "London", "dests": "Paris"}},
	{"city-state", "3 days in Monaco next week", map[string]string{"dests": "Monaco", "city_count": "0"}},
	{"city-state", "去香港玩三天，下周五", map[string]string{"dests": "Hong Kong", "city_count": "0"}},
	{"this month", "下旬去三亚玩五天", map[string]string{"start": "2026-12-21", "days": "5", "noted": "true"}},
	{"this month", "月初去成都三天", map[string]string{"start": "2026-12-03", "days": "3"}},
	{"this month", "later this month, 2 days in Boston", map[string]string{"start": "2026-12-21", "days": "2"}},
	{"weekend", "a weekend in Vienna in March", map[string]string{"start": "2027-03-06", "days": "2"}},
	{"weekend", "a weekend in Paris this summer", map[string]string{"start": "2027-06-05", "days": "2"}},
	{"weekend", "暑假周末去青岛", map[string]string{"start": "2027-07-10", "days": "2", "questions": ""}},
	{"weekend", "国庆周末去南京", map[string]string{"start": "2027-10-02", "days": "2", "questions": ""}},
	{"weekend", "周末去苏州", map[string]string{"start": "2026-12-05", "days": "2", "noted": "false"}},
	{"people", "三个高中同学下周去西安玩三天", map[string]string{"adults": "3"}},
	{"people", "我和三个大学同学去成都，下周六，三天", map[string]string{"adults": "4"}},
	{"people", "带着80岁的奶奶和老公去苏州两天，下周六", map[string]string{"adults": "3", "children": "0"}},
	{"people", "our two boys (6 and 9) and us, 4 days in Denver in May", map[string]string{"adults": "2", "children": "2", "ages": "[6 9]"}},
	{"people", "my 3 teenagers (13, 15 and 17) and I, a week in Miami in April", map[string]string{"adults": "1", "children": "3", "ages": "[13 15 17]"}},
	{"room", "no dorms, we want an entire apartment, 3 days in Lisbon from May 3", map[string]string{"room": "entire_home"}},
	{"room", "不要合住，要独立房间，去西安三天，下周六", map[string]string{"room": "private_room"}},
	{"refusal", "Who's the mayor of Paris?", map[string]string{"refused": "true"}},
	{"refusal", "Where should we go in Tokyo for 3 days?", map[string]string{"refused": "false", "dests": "Tokyo"}},
}

// TestEverydayClasses checks everydayClassCases field by field.
func TestEverydayClasses(t *testing.T) {
	for _, tc := range everydayClassCases {
		r := ParseRules(tc.q, classNow)
		got := classFields(r)
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("[%s] %s: %s = %q, want %q (notes %q)", tc.class, tc.q, k, got[k], w, r.Notes)
			}
		}
	}
}

// TestEveryday checks the everyday table and reports its field accuracy.
// Set BRIEF_CLASSES_REPORT=1 to print the accuracy without failing.
func TestEveryday(t *testing.T) {
	report := os.Getenv("BRIEF_CLASSES_REPORT") == "1"
	right, total := map[string]int{}, map[string]int{}
	var classes []string
	langRight, langTotal := map[string]int{}, map[string]int{}
	for _, tc := range everydayCases {
		if _, ok := total[tc.class]; !ok {
			classes = append(classes, tc.class)
		}
		r := ParseRules(tc.q, classNow)
		got := classFields(r)
		lang := detectLanguage(tc.q)
		total[tc.class] += 0
		for k, w := range tc.want {
			total[tc.class]++
			langTotal[lang]++
			if got[k] == w {
				right[tc.class]++
				langRight[lang]++
				continue
			}
			if !report {
				t.Errorf("[%s] %s: %s = %q, want %q (notes %q)", tc.class, tc.q, k, got[k], w, r.Notes)
			} else {
				t.Logf("MISS [%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
			}
		}
	}
	var all, ok int
	for _, c := range classes {
		all += total[c]
		ok += right[c]
		t.Logf("%-10s %3d/%3d fields", c, right[c], total[c])
	}
	for _, l := range []string{"zh", "en"} {
		t.Logf("%s %d/%d fields", l, langRight[l], langTotal[l])
	}
	t.Logf("field accuracy %d/%d = %.1f%% over %d requests", ok, all, 100*float64(ok)/float64(all), len(everydayCases))
}

// TestEverydayNoSilentDrops checks that facts of the everyday classes the
// brief has no field for land in a note or a field: negated "too tiring"
// is a relaxed pace, foods to avoid are a note, a sight or dish after
// 看/吃 the rules cannot place is named as left out ("-": not checked).
func TestEverydayNoSilentDrops(t *testing.T) {
	for _, tc := range []struct{ q, pace, note, skipped string }{
		{q: "别安排太累，带着72岁的老妈去桂林玩五天，1月中旬", pace: "relaxed", skipped: "-"},
		{q: "don't make it too tiring, 3 days in Rome from May 3", pace: "relaxed", skipped: "-"},
		{q: "上次去太累了，这次去杭州三天，下周出发", pace: "moderate", skipped: "-"},
		{q: "去重庆玩三天，不吃辣，下周出发", note: "asked to avoid: spicy food", skipped: "-"},
		{q: "3 days in Hanoi, no seafood, we love Vietnamese food, December 10 to 12", note: "asked to avoid: Seafood", skipped: "-"},
		{q: "不要火锅，想吃粤菜，去广州三天，下周出发", note: "asked to avoid: Hot Pot", skipped: "-"},
		{q: "寒假带8岁的儿子去西安看兵马俑，五天", skipped: ""},     // a must-see sight now (the table above)
		{q: "周末去南京，和女朋友，想吃盐水鸭", skipped: ""},       // a dish now: brief.Foods
		{q: "元旦三天假去哈尔滨看冰雪大世界，我们一家三口", skipped: ""}, // a must-see sight now
		{q: "去成都吃火锅，三天，下周六", skipped: ""},
		{q: "三月份去武汉看樱花，三天两晚", skipped: ""},
	} {
		r := ParseRules(tc.q, classNow)
		f := classFields(r)
		notes := strings.Join(r.Notes, "\n")
		if tc.pace != "" && r.Brief.Pace != tc.pace {
			t.Errorf("%s: pace = %q, want %q", tc.q, r.Brief.Pace, tc.pace)
		}
		if tc.note != "" && !strings.Contains(notes, tc.note) {
			t.Errorf("%s: no note %q in %q", tc.q, tc.note, r.Notes)
		}
		if tc.skipped != "-" && f["skipped"] != tc.skipped {
			t.Errorf("%s: skipped = %q, want %q", tc.q, f["skipped"], tc.skipped)
		}
	}
}
