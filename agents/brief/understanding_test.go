package brief

import (
	"strings"
	"testing"
)

// Issue 31's classes, each with phrasings written for this test (not the
// issue's examples, which TestIssue31Examples holds): sights before
// places, must-see cues, foods, everyday details and English regressions.
// Fields not listed are not checked; "foods" joins brief.foods with ",".
var understandingCases = []classCase{
	// sights before places (zh): a city name inside a longer sight never matches
	{"sights", "去上海玩三天，外滩和田子坊", map[string]string{"dests": "Shanghai", "must": "外滩,田子坊"}},
	{"sights", "南京两日游，想去中山陵和夫子庙", map[string]string{"dests": "Nanjing", "must": "中山陵,夫子庙"}},
	{"sights", "北京五天，天安门、故宫、颐和园", map[string]string{"dests": "Beijing", "must": "天安门,故宫,颐和园"}},
	{"sights", "带孩子去香港迪士尼乐园玩两天", map[string]string{"dests": "Hong Kong", "must": "香港迪士尼乐园"}},
	{"sights", "想看乐山大佛，三天", map[string]string{"dests": "Leshan", "must": "乐山大佛"}},
	{"sights", "布达拉宫和大昭寺，五天", map[string]string{"dests": "Lhasa", "must": "布达拉宫,大昭寺"}},
	{"sights", "重庆四天，李子坝和磁器口必去", map[string]string{"dests": "Chongqing", "must": "李子坝,磁器口"}},
	{"sights", "桂林四天，漓江和象鼻山一定要去", map[string]string{"dests": "Guilin", "must": "漓江,象鼻山"}},
	{"sights", "成都三天，都江堰和青城山", map[string]string{"dests": "Chengdu", "must": "都江堰,青城山"}},
	// sights before places (en): sight heads attach to names
	{"sights", "4 days in Beijing: the Summer Palace, Lama Temple and the Great Wall at Mutianyu", map[string]string{"dests": "Beijing", "must": "Summer Palace,Lama Temple,Great Wall,Mutianyu"}},
	{"sights", "Hong Kong for 3 days, Victoria Harbour at night and the Big Buddha", map[string]string{"dests": "Hong Kong", "must": "Victoria Harbour,Big Buddha"}},
	{"sights", "Xi'an 3 days, the Terracotta Warriors and the Muslim Quarter", map[string]string{"dests": "Xi'an", "must": "Terracotta Warriors,Muslim Quarter"}},
	{"sights", "Chongqing 3 days, Ciqikou and Liziba Station", map[string]string{"dests": "Chongqing", "must": "Ciqikou,Liziba Station"}},
	{"sights", "3 days to see Angkor Wat", map[string]string{"dests": "Siem Reap", "must": "Angkor Wat"}},
	{"sights", "Paris 4 days: Eiffel Tower, the Louvre, Montmartre", map[string]string{"dests": "Paris", "must": "Eiffel Tower,Louvre,Montmartre"}},
	{"sights", "Sydney 5 days, Sydney Opera House and Bondi Beach", map[string]string{"dests": "Sydney", "must": "Sydney Opera House,Bondi Beach"}},
	{"sights", "Guilin 3 days with Reed Flute Cave and Elephant Trunk Hill", map[string]string{"dests": "Guilin", "must": "Reed Flute Cave,Elephant Trunk Hill"}},
	{"sights", "Kyoto 3 days in spring, Kiyomizu-dera and Arashiyama", map[string]string{"dests": "Kyoto", "must": "Kiyomizu-dera,Arashiyama"}},
	{"sights", "Nanjing 2 days, Purple Mountain and Xuanwu Lake", map[string]string{"dests": "Nanjing", "must": "Purple Mountain,Xuanwu Lake"}},
	{"sights", "Beijing 4 days, the Summer Palace and the Ming Tombs", map[string]string{"dests": "Beijing", "start": "", "must": "Summer Palace,Ming Tombs"}},
	{"sights", "Shanghai 3 days, the Bund at night", map[string]string{"dests": "Shanghai", "must": "Bund"}},
	{"sights", "Xi'an 2 days, the City Wall by bike", map[string]string{"dests": "Xi'an", "must": "City Wall"}},
	{"sights", "上海两天，想去外滩看夜景，再去豫园", map[string]string{"dests": "Shanghai", "must": "外滩,豫园"}},
	{"sights", "先去杭州看西湖，再去苏州逛园林，一共四天", map[string]string{"dests": "Hangzhou,Suzhou", "must": "西湖"}},
	{"sights", "想去重庆坐长江索道，看洪崖洞夜景，三天两晚", map[string]string{"dests": "Chongqing", "must": "长江索道,洪崖洞"}},
	// must-see cues and the lists after them
	{"must", "Wuhan 2 days, Hubu Alley and Jianghan Road are a must", map[string]string{"dests": "Wuhan", "must": "Hubu Alley,Jianghan Road"}},
	{"must", "Lijiang 4 days, Heilongtan Park for sure", map[string]string{"dests": "Lijiang", "must": "Heilongtan Park"}},
	{"must", "Hangzhou 3 days, can't miss the Xixi Wetland", map[string]string{"dests": "Hangzhou", "must": "Xixi Wetland"}},
	{"must", "厦门三天，沙坡尾和八市都想去", map[string]string{"dests": "Xiamen", "must": "沙坡尾,八市"}},
	{"must", "去西安四天，大唐不夜城必打卡", map[string]string{"dests": "Xi'an", "must": "大唐不夜城"}},
	{"must", "去成都玩三天，想去春熙路和太古里", map[string]string{"dests": "Chengdu", "must": "春熙路,太古里"}},
	{"must", "长沙两天，想去文和友和五一广场", map[string]string{"dests": "Changsha", "start": "", "must": "文和友,五一广场"}},
	{"must", "西安三天，想去永兴坊和书院门", map[string]string{"dests": "Xi'an", "must": "永兴坊,书院门"}},
	{"must", "上海三天，武康路、安福路打卡", map[string]string{"dests": "Shanghai", "must": "武康路,安福路"}},
	{"must", "杭州两天，小河直街和大兜路都想逛逛", map[string]string{"dests": "Hangzhou", "must": "小河直街,大兜路"}},
	{"must", "我和闺蜜去长沙玩三天，打卡网红店", map[string]string{"dests": "Changsha", "must": ""}},
	{"must", "Chengdu 3 days, want to visit Taikoo Li and Chunxi Road", map[string]string{"dests": "Chengdu", "must": "Taikoo Li,Chunxi Road"}},
	// foods: dishes, distinct from cuisines
	{"foods", "成都三天，想吃担担面和钵钵鸡", map[string]string{"dests": "Chengdu", "foods": "担担面,钵钵鸡"}},
	{"foods", "去长沙玩两天，臭豆腐和口味虾", map[string]string{"dests": "Changsha", "foods": "臭豆腐,口味虾"}},
	{"foods", "北京三天，想吃北京烤鸭和炸酱面", map[string]string{"dests": "Beijing", "foods": "北京烤鸭,炸酱面"}},
	{"foods", "Osaka 3 days, we want takoyaki and okonomiyaki", map[string]string{"dests": "Osaka", "foods": "takoyaki,okonomiyaki"}},
	{"foods", "Hong Kong 2 days: egg tarts, wonton noodles and roast goose", map[string]string{"dests": "Hong Kong", "foods": "egg tarts,wonton noodles,roast goose"}},
	{"foods", "Xi'an 3 days, I'd love to try roujiamo and biangbiang noodles", map[string]string{"dests": "Xi'an", "foods": "roujiamo,biangbiang noodles"}},
	{"foods", "上海两天，不吃小龙虾，想吃小笼包", map[string]string{"dests": "Shanghai", "foods": "小笼包"}},
	// everyday details
	{"everyday", "下个月12号去大连玩四天", map[string]string{"dests": "Dalian", "start": "2027-01-12", "days": "4"}},
	{"everyday", "下月3号出发去珠海三天", map[string]string{"dests": "Zhuhai", "start": "2027-01-03"}},
	{"everyday", "下下个月8号去三亚玩五天", map[string]string{"dests": "Sanya", "start": "2027-02-08", "days": "5", "questions": ""}},
	{"everyday", "上海两天杭州三天", map[string]string{"dests": "Shanghai,Hangzhou", "days": "5"}},
	{"everyday", "成都玩两天，重庆住三天", map[string]string{"dests": "Chengdu,Chongqing", "days": "5"}},
	{"everyday", "两对夫妻去大理五天", map[string]string{"dests": "Dali", "adults": "4"}},
	{"everyday", "四对情侣去青岛玩三天", map[string]string{"dests": "Qingdao", "adults": "8"}},
	{"everyday", "圣诞节去上海三天", map[string]string{"dests": "Shanghai", "start": "2026-12-25", "days": "3"}},
	{"everyday", "平安夜去北京玩两天", map[string]string{"dests": "Beijing", "start": "2026-12-24", "days": "2"}},
	{"everyday", "厦门和泉州各待三天", map[string]string{"dests": "Xiamen,Quanzhou", "days": "6"}},
	{"everyday", "成都重庆每个城市玩两天", map[string]string{"dests": "Chengdu,Chongqing", "days": "4"}},
}

// englishPhrasings are English requests in the TravelPlanner style and
// beyond, written for this test: origin verbs, parties, negated room and
// house-rule wishes, days per city.
var englishPhrasings = []classCase{
	// origin verbs
	{"origin", "Our trip commences in Houston and heads to Austin for 3 days.", map[string]string{"origin": "Houston", "dests": "Austin"}},
	{"origin", "The journey commencing in Reno will take us to Las Vegas for 3 days.", map[string]string{"origin": "Reno", "dests": "Las Vegas"}},
	{"origin", "Commencing in Tucson, I'd like a 3-day trip to Phoenix.", map[string]string{"origin": "Tucson", "dests": "Phoenix"}},
	{"origin", "We begin our trip in Boston and spend 3 days in Portland.", map[string]string{"origin": "Boston", "dests": "Portland"}},
	{"origin", "Beginning in Miami, a 3-day trip to Tampa for two.", map[string]string{"origin": "Miami", "dests": "Tampa", "adults": "2"}},
	{"origin", "Starting our adventure in Denver, we head to Salt Lake City for 3 days.", map[string]string{"origin": "Denver", "dests": "Salt Lake City"}},
	{"origin", "Starting off in Chicago, I plan 3 days in Detroit.", map[string]string{"origin": "Chicago", "dests": "Detroit"}},
	{"origin", "I'll depart from Atlanta for a 3-day visit to Savannah.", map[string]string{"origin": "Atlanta", "dests": "Savannah"}},
	{"origin", "Departing Seattle, we want 3 days in Spokane.", map[string]string{"origin": "Seattle", "dests": "Spokane"}},
	{"origin", "Setting off from Nashville, a 3-day trip to Memphis.", map[string]string{"origin": "Nashville", "dests": "Memphis"}},
	{"origin", "We set off from Dallas to spend 3 days in San Antonio.", map[string]string{"origin": "Dallas", "dests": "San Antonio"}},
	{"origin", "Leaving from Philadelphia, 3 days in Pittsburgh.", map[string]string{"origin": "Philadelphia", "dests": "Pittsburgh"}},
	{"origin", "My journey kicks off in Orlando and ends in Miami after 3 days.", map[string]string{"origin": "Orlando", "dests": "Miami"}},
	{"origin", "The trip originates in Charlotte and goes to Raleigh for 3 days.", map[string]string{"origin": "Charlotte", "dests": "Raleigh"}},
	// parties
	{"party", "A 3-day trip from Austin to Houston for a duo.", map[string]string{"adults": "2"}},
	{"party", "We are a trio going from Boise to Seattle for 3 days.", map[string]string{"adults": "3"}},
	{"party", "Plan 3 days in Denver from Omaha for the two of us.", map[string]string{"adults": "2"}},
	{"party", "Three couples travelling from Tampa to Key West for 3 days.", map[string]string{"adults": "6"}},
	{"party", "Two couples going from Phoenix to San Diego, 3 days.", map[string]string{"adults": "4"}},
	{"party", "We're three couples heading from Reno to Sacramento for 3 days.", map[string]string{"adults": "6"}},
	{"party", "A trip for 4 people from Chicago to 2 cities in Michigan over 5 days.", map[string]string{"adults": "4", "city_count": "2"}},
	{"party", "2 travelers from Houston to 3 cities in Florida for 7 days.", map[string]string{"adults": "2", "city_count": "3"}},
	// rooms
	{"room", "From Austin to Denver for 3 days; we need accommodations that are not shared.", map[string]string{"room": "not_shared_room"}},
	{"room", "From Austin to Denver for 3 days, an unshared room please.", map[string]string{"room": "not_shared_room"}},
	{"room", "From Austin to Denver for 3 days, a room that isn't shared.", map[string]string{"room": "not_shared_room"}},
	{"room", "From Austin to Denver for 3 days, entire homes only.", map[string]string{"room": "entire_home"}},
	{"room", "From Austin to Denver for 3 days, a private room is fine.", map[string]string{"room": "private_room"}},
	// house rules, negated restrictions
	{"house", "From Austin to Denver for 3 days, entire rooms that don't prohibit smoking.", map[string]string{"room": "entire_home", "house": "smoking"}},
	{"house", "From Austin to Denver for 3 days, accommodations with no restrictions on parties.", map[string]string{"house": "parties"}},
	{"house", "From Austin to Denver for 3 days, a place where pets are allowed.", map[string]string{"house": "pets"}},
	{"house", "From Austin to Denver for 3 days, a place where pets are not allowed.", map[string]string{"house": ""}},
	{"house", "From Austin to Denver for 3 days, rooms that ban parties.", map[string]string{"house": ""}},
	{"house", "From Austin to Denver for 3 days, lodging that does not forbid visitors.", map[string]string{"house": "visitors"}},
	{"house", "From Austin to Denver for 3 days, no smoking and no parties.", map[string]string{"house": ""}},
	// a region named as destination and for its cities
	{"region", "From Boston to New York for a week, visiting 3 cities in New York.", map[string]string{"origin": "Boston", "city_count": "3"}},
	{"region", "From Miami to Georgia for 5 days, visiting 2 cities in Georgia.", map[string]string{"origin": "Miami", "city_count": "2"}},
	// a year after a range of days
	{"dates", "From Austin to Denver, March 1st to 3rd, 2022, for 2 people.", map[string]string{"start": "2022-03-01", "end": "2022-03-03"}},
	{"dates", "Starting our journey in Reno, we go to Boise from March 10 to 12, 2022.", map[string]string{"origin": "Reno", "start": "2022-03-10", "end": "2022-03-12"}},
	{"dates", "Week in Lisbon for two, late May.", map[string]string{"dests": "Lisbon", "days": "7", "adults": "2"}},
	{"dates", "The 5th of next month, 3 days in Chengdu.", map[string]string{"dests": "Chengdu", "start": "2027-01-05"}},
	{"each", "Lisbon 3 days, Porto 2 days.", map[string]string{"dests": "Lisbon,Porto", "days": "5"}},
	// days per city
	{"each", "Rome and Florence, 3 days each.", map[string]string{"dests": "Rome,Florence", "days": "6"}},
	{"each", "Tokyo and Kyoto with 2 nights in each.", map[string]string{"dests": "Tokyo,Kyoto", "days": "5"}},
	{"each", "Madrid, Seville and Granada, 2 days per city.", map[string]string{"dests": "Madrid,Seville,Granada", "days": "6"}},
	// sights and foods in English requests
	{"sights", "5 days in Shanghai: the Bund, Yu Garden and Shanghai Disneyland", map[string]string{"dests": "Shanghai", "must": "Bund,Yu Garden,Shanghai Disneyland"}},
	{"sights", "Honolulu 4 days, Pearl Harbor and Waikiki Beach for sure", map[string]string{"dests": "Honolulu", "must": "Pearl Harbor,Waikiki Beach"}},
	{"foods", "New Orleans for 3 days, gumbo and beignets", map[string]string{"dests": "New Orleans", "foods": "gumbo,beignets"}},
	{"foods", "Chicago 2 days, deep dish pizza and the Art Institute", map[string]string{"dests": "Chicago", "foods": "deep dish pizza", "must": "Art Institute"}},
	{"foods", "Boston 2 days, lobster rolls and clam chowder", map[string]string{"dests": "Boston", "foods": "lobster rolls,clam chowder"}},
}

func runUnderstanding(t *testing.T, cases []classCase) (right, total int) {
	t.Helper()
	for _, tc := range cases {
		r := ParseRules(tc.q, classNow)
		got := classFields(r)
		got["foods"] = strings.Join(r.Brief.Foods, ",")
		for k, want := range tc.want {
			total++
			if got[k] == want {
				right++
				continue
			}
			t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], want)
		}
	}
	return right, total
}

// TestUnderstanding checks issue 31's classes with new phrasings.
func TestUnderstanding(t *testing.T) {
	r, n := runUnderstanding(t, understandingCases)
	t.Logf("understanding: %d/%d fields", r, n)
}

// TestEnglishPhrasings checks at least 40 English phrasings written for
// issue 31.
func TestEnglishPhrasings(t *testing.T) {
	if len(englishPhrasings) < 40 {
		t.Fatalf("%d phrasings, want at least 40", len(englishPhrasings))
	}
	r, n := runUnderstanding(t, englishPhrasings)
	t.Logf("English phrasings: %d/%d fields", r, n)
}

// TestIssue31Examples checks every example of issue 31.
func TestIssue31Examples(t *testing.T) {
	r, n := runUnderstanding(t, []classCase{
		{"issue", "上海三日游，想去东方明珠", map[string]string{"dests": "Shanghai", "must": "东方明珠"}},
		{"issue", "北京三天，Temple of Heaven", map[string]string{"dests": "Beijing", "must": "Temple of Heaven"}},
		{"issue", "Chongqing 3 days, Hongya Cave and the Yangtze cable car for sure", map[string]string{"dests": "Chongqing", "must": "Hongya Cave,Yangtze cable car"}},
		{"issue", "Hong Kong 3 days, Victoria Peak", map[string]string{"dests": "Hong Kong", "must": "Victoria Peak"}},
		{"issue", "Disneyland Shanghai, 3 days", map[string]string{"dests": "Shanghai", "must": "Disneyland Shanghai"}},
		{"issue", "苏州园林两日游", map[string]string{"dests": "Suzhou", "must": "苏州园林"}},
		{"issue", "厦门三天，鼓浪屿必去", map[string]string{"dests": "Xiamen", "must": "鼓浪屿"}},
		{"issue", "西安三天，兵马俑和华清宫都要去", map[string]string{"dests": "Xi'an", "must": "兵马俑,华清宫"}},
		{"issue", "兵马俑和华清宫都要去，三天", map[string]string{"dests": "Xi'an", "must": "兵马俑,华清宫"}},
		{"issue", "Tokyo 4 days, Senso-ji and teamLab", map[string]string{"dests": "Tokyo", "must": "Senso-ji,teamLab"}},
		{"issue", "下个月5号去成都玩三天", map[string]string{"start": "2027-01-05"}},
		{"issue", "三对夫妻去三亚五天", map[string]string{"adults": "6"}},
		{"issue", "圣诞节去哈尔滨玩四天", map[string]string{"start": "2026-12-25"}},
		{"issue", "苏州和杭州各玩两天", map[string]string{"days": "4", "questions": ""}},
		{"issue", "南京三天，鸭血粉丝汤和盐水鸭", map[string]string{"foods": "鸭血粉丝汤,盐水鸭"}},
		{"issue", "武汉两天，热干面", map[string]string{"foods": "热干面"}},
		{"issue", "上海两天，吃生煎", map[string]string{"foods": "生煎"}},
		{"issue", "Hangzhou 3 days, West Lake vinegar fish", map[string]string{"foods": "west lake vinegar fish", "must": ""}},
		{"issue", "Guangzhou 3 days, dim sum every morning", map[string]string{"foods": "dim sum"}},
		{"issue", "We're planning a week-long trip for two from Pittsburgh to New York with a budget of $5,300, and plan to visit three different cities in New York.", map[string]string{"origin": "Pittsburgh", "adults": "2", "city_count": "3"}},
	})
	t.Logf("issue examples: %d/%d fields", r, n)
}

// TestConceptLandmarksAreSights checks that every landmark of the concept
// table is a name of the landmark gazetteer, which alone finds landmarks
// in the text.
func TestConceptLandmarksAreSights(t *testing.T) {
	x := sightIndex()
	for _, a := range landmarkAliases {
		if !x.IsName(a.term) {
			t.Errorf("concept landmark %q is no name of the landmark gazetteer", a.term)
		}
	}
}
