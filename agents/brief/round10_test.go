package brief

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// round10Cases are issue 31's fifth understanding round: the weakest fields
// of fresh text (must-sees, whole dishes, extra destinations, companions,
// per-city durations, transport, children) and the open items of the ninth
// round, probed with sentences of our own written before any change for
// them (classNow: Wednesday 2026-12-02).
var round10Cases = []classCase{
	// must-sees: every named sight, nothing hedged, names whole
	{"must", "Lisbon 4 days, can't leave without seeing Belém Tower and the Alfama", map[string]string{"dests": "Lisbon", "must": "Belém Tower,Alfama"}},
	{"must", "Rome 3 days — Pantheon, Trevi Fountain and the Spanish Steps are musts", map[string]string{"dests": "Rome", "must": "Pantheon,Trevi Fountain,Spanish Steps"}},
	{"must", "Kyoto 3 days, Kinkaku-ji and Arashiyama bamboo grove at the top of the list", map[string]string{"dests": "Kyoto", "must": "Kinkaku-ji,Arashiyama bamboo grove"}},
	{"must", "西安三天，大雁塔、回民街和钟楼都想看看", map[string]string{"dests": "Xi'an", "must": "大雁塔,回民街,钟楼"}},
	{"must", "厦门三天，鼓浪屿必须去，南普陀寺也想去", map[string]string{"dests": "Xiamen", "must": "鼓浪屿,南普陀寺"}},
	{"must", "Prague 3 days: Charles Bridge, Prague Castle, and perhaps the Jewish Quarter", map[string]string{"dests": "Prague", "must": "Charles Bridge,Prague Castle"}},
	{"must", "杭州两天，西湖和灵隐寺肯定要去，宋城随便", map[string]string{"dests": "Hangzhou", "must": "西湖,灵隐寺"}},
	{"must", "Singapore 3 days, Gardens by the Bay and Sentosa are non-negotiable", map[string]string{"dests": "Singapore", "must": "Gardens by the Bay,Sentosa"}},
	{"must", "Istanbul 3 days, really want to see the Basilica Cistern and Galata Tower", map[string]string{"dests": "Istanbul", "must": "Basilica Cistern,Galata Tower"}},
	{"must", "北京四天，天坛、颐和园、798艺术区", map[string]string{"dests": "Beijing", "must": "天坛,颐和园,798艺术区"}},
	{"must", "Seoul 4 days: Gyeongbokgung, Bukchon Hanok Village, Myeongdong, N Seoul Tower", map[string]string{"dests": "Seoul", "must": "Gyeongbokgung,Bukchon Hanok Village,Myeongdong,N Seoul Tower"}},
	{"must", "广州三天，想去广州塔看夜景，还有沙面和陈家祠", map[string]string{"dests": "Guangzhou", "must": "广州塔,沙面,陈家祠"}},
	// foods whole
	{"food", "青岛三天，想吃鲅鱼水饺和辣炒蛤蜊", map[string]string{"dests": "Qingdao", "foods": "鲅鱼水饺,辣炒蛤蜊"}},
	{"food", "武汉两天，热干面、豆皮、周黑鸭都要吃", map[string]string{"dests": "Wuhan", "foods": "热干面,豆皮,周黑鸭"}},
	{"food", "长沙三天，臭豆腐和口味虾必吃", map[string]string{"dests": "Changsha", "foods": "臭豆腐,口味虾"}},
	{"food", "西安两天，想吃羊肉泡馍、肉夹馍", map[string]string{"dests": "Xi'an", "foods": "羊肉泡馍,肉夹馍"}},
	{"food", "Osaka 3 days, takoyaki and okonomiyaki every day", map[string]string{"dests": "Osaka", "foods": "takoyaki,okonomiyaki"}},
	{"food", "Naples 2 days, want real Neapolitan pizza and sfogliatella", map[string]string{"dests": "Naples", "foods": "neapolitan pizza,sfogliatella"}},
	{"food", "广州两天，想喝早茶，吃虾饺和肠粉", map[string]string{"dests": "Guangzhou", "foods": "早茶,虾饺,肠粉"}},
	{"food", "兰州两天，必须吃一碗兰州牛肉面", map[string]string{"dests": "Lanzhou", "foods": "兰州牛肉面"}},
	// destinations: no extra cities
	{"dests", "Fly into Osaka then take the train to Kyoto, 4 days in Kyoto", map[string]string{"dests": "Kyoto"}},
	{"dests", "fly into Lisbon and take the bus to Porto, 3 days in Porto", map[string]string{"dests": "Porto"}},
	{"dests", "先飞到昆明，再坐大巴去大理，在大理玩四天", map[string]string{"dests": "Dali"}},
	{"dests", "上海三天，住在南京西路附近，想去外滩", map[string]string{"dests": "Shanghai"}},
	{"dests", "成都三天，想去北京华联买点东西，再去宽窄巷子", map[string]string{"dests": "Chengdu"}},
	{"dests", "Tokyo 5 days, maybe a day in Kamakura", map[string]string{"dests": "Tokyo"}},
	{"dests", "Lisbon 4 days, possibly a day trip to Sintra", map[string]string{"dests": "Lisbon"}},
	{"dests", "杭州三天，有空的话去一趟乌镇", map[string]string{"dests": "Hangzhou"}},
	{"dests", "Tokyo-Kyoto-Osaka, 7 days", map[string]string{"dests": "Tokyo,Kyoto,Osaka", "days": "7"}},
	{"dests", "London-Paris-Amsterdam in 9 days", map[string]string{"dests": "London,Paris,Amsterdam", "days": "9"}},
	{"dests", "Melbourne 5 days, Brighton beach boxes and the Great Ocean Road", map[string]string{"dests": "Melbourne"}},
	{"dests", "Madrid 3 days, Prado, Retiro Park and Plaza de España", map[string]string{"dests": "Madrid", "must": "Prado,Retiro Park,Plaza de España"}},
	{"dests", "澳门两天，去巴黎铁塔和大三巴", map[string]string{"dests": "Macau", "must": "巴黎铁塔,大三巴"}},
	{"dests", "San Francisco 3 days, Golden Gate Bridge and Chinatown", map[string]string{"dests": "San Francisco", "must": "Golden Gate Bridge,Chinatown"}},
	// TravelPlanner style
	{"tp", "We are a duo seeking a 5-day trip from Tampa to 2 cities in Georgia, from March 8th to March 12th, 2022. Budget $3,200. We prefer Mexican and Italian cuisines and entire rooms.", map[string]string{"origin": "Tampa", "city_count": "2", "adults": "2", "days": "5", "cuisines": "Mexican,Italian", "room": "entire_home"}},
	{"tp", "Plan a 3-day trip for a group of 3 from Denver to Seattle, March 20th to March 22nd, 2022, budget $2,700. We will not fly. Rooms must allow smoking.", map[string]string{"origin": "Denver", "dests": "Seattle", "adults": "3", "exclude": "flight", "house": "smoking"}},
	{"tp", "I'm departing from Houston and heading to Charlotte for 3 days, March 5th to 7th 2022, $1,600, solo. I'd like Chinese food.", map[string]string{"origin": "Houston", "dests": "Charlotte", "adults": "1", "cuisines": "Chinese"}},
	{"tp", "Two friends and I are heading from Atlanta to Miami for 3 days from April 1st to April 3rd, 2022 with $2,400; we need a place that allows pets.", map[string]string{"origin": "Atlanta", "dests": "Miami", "adults": "3", "house": "pets"}},
	{"tp", "A 7-day trip for 4 people from Chicago covering 3 cities in California from March 10th to March 16th, 2022, budget $6,000; no self-driving.", map[string]string{"origin": "Chicago", "city_count": "3", "adults": "4", "days": "7", "exclude": "self_driving"}},
	// companions
	{"party", "my sister and her husband and me, Hanoi 4 days", map[string]string{"adults": "3"}},
	{"party", "two friends and I, Barcelona 4 days", map[string]string{"adults": "3"}},
	{"party", "我和两个朋友去大理玩四天", map[string]string{"adults": "3", "dests": "Dali"}},
	{"party", "两家人4个大人3个小孩去三亚玩五天", map[string]string{"adults": "4", "children": "3"}},
	{"party", "my wife, her parents and I, Kyoto 4 days", map[string]string{"adults": "4"}},
	{"party", "我和老婆还有岳父岳母去桂林四天", map[string]string{"adults": "4"}},
	{"party", "three of my coworkers and me, Seoul 3 days", map[string]string{"adults": "4"}},
	{"party", "我们三家人，6个大人4个孩子，去厦门", map[string]string{"adults": "6", "children": "4"}},
	{"party", "my brother, his two kids and me, Orlando 5 days", map[string]string{"adults": "2", "children": "2"}},
	// days: per-city durations, half days
	{"days", "3 nights in Rome and 2 in Florence", map[string]string{"dests": "Rome,Florence", "days": "6"}},
	{"days", "4 days in Tokyo and 3 in Kyoto", map[string]string{"dests": "Tokyo,Kyoto", "days": "7"}},
	{"days", "北京三天，西安两天", map[string]string{"dests": "Beijing,Xi'an", "days": "5"}},
	{"days", "成都玩三天再去重庆玩两天", map[string]string{"dests": "Chengdu,Chongqing", "days": "5"}},
	{"days", "Bangkok 3 days then Chiang Mai 4 days", map[string]string{"dests": "Bangkok,Chiang Mai", "days": "7"}},
	{"days", "苏州一天半", map[string]string{"dests": "Suzhou", "days": "2"}},
	{"days", "Hangzhou for one and a half days", map[string]string{"dests": "Hangzhou", "days": "2"}},
	{"days", "厦门两天半", map[string]string{"dests": "Xiamen", "days": "3"}},
	{"days", "Kyoto 2.5 days", map[string]string{"dests": "Kyoto", "days": "3"}},
	{"days", "Chengdu for a day and a half", map[string]string{"dests": "Chengdu", "days": "2"}},
	// transport wishes
	{"transport", "Shanghai to Beijing by high-speed train, 4 days in Beijing", map[string]string{"require": "train"}},
	{"transport", "从广州坐高铁去桂林玩三天", map[string]string{"require": "train", "origin": "Guangzhou", "dests": "Guilin"}},
	{"transport", "London to Edinburgh, we'd rather take the train than fly", map[string]string{"exclude": "flight"}},
	{"transport", "去西安玩三天，不想坐飞机", map[string]string{"exclude": "flight"}},
	{"transport", "Boston 3 days, we're driving up from New York", map[string]string{"origin": "New York", "require": "self_driving"}},
	{"transport", "Paris to Nice, train instead of flying", map[string]string{"exclude": "flight"}},
	{"transport", "Munich to Vienna — we prefer the bus over the train", map[string]string{"exclude": "train"}},
	{"transport", "Seattle to Portland, we'd rather drive than take the bus", map[string]string{"exclude": "bus"}},
	{"transport", "Dallas 3 days, driving down from Oklahoma City", map[string]string{"origin": "Oklahoma City", "require": "self_driving"}},
	{"transport", "Denver 4 days, we're driving over from Salt Lake City", map[string]string{"origin": "Salt Lake City", "require": "self_driving"}},
	// children
	{"children", "me, my husband and our toddler, Tokyo 4 days", map[string]string{"adults": "2", "children": "1"}},
	{"children", "带两个娃去长沙玩三天，我和老公", map[string]string{"adults": "2", "children": "2"}},
	{"children", "Family of four (kids 6 and 9), Orlando 5 days", map[string]string{"adults": "2", "children": "2"}},
	{"children", "我们两口子带着一岁宝宝去青岛", map[string]string{"adults": "2", "children": "1"}},
	// activities on a landmark, shows, visit times
	{"activity", "Guangzhou 3 days, a Pearl River cruise one evening", map[string]string{"must": "Pearl River cruise"}},
	{"activity", "成都三天，想看川剧变脸", map[string]string{"must": "川剧变脸"}},
	{"activity", "Hong Kong 3 days, the Peak Tram and the Symphony of Lights show", map[string]string{"must": "Peak Tram,Symphony of Lights"}},
	{"activity", "重庆三天，坐长江索道，两江夜游", map[string]string{"must": "长江索道,两江夜游"}},
	{"activity", "Chengdu 3 days, Jinli at night", map[string]string{"must": "Jinli", "vt": "Jinli=night"}},
}

// round10Set2 are a second set, written after the first set's fixes and
// before any change for them: the same classes in other words.
var round10Set2 = []classCase{
	{"must", "Vienna 3 days; Schönbrunn, the Belvedere and the Naschmarkt are a must, the Prater only if we have time", map[string]string{"dests": "Vienna", "must": "Schönbrunn,Belvedere,Naschmarkt"}},
	{"must", "苏州两天，拙政园一定要去，平江路随缘", map[string]string{"dests": "Suzhou", "must": "拙政园"}},
	{"must", "Budapest 3 days — Fisherman's Bastion, Széchenyi Baths, the Parliament", map[string]string{"dests": "Budapest", "must": "Fisherman's Bastion,Széchenyi Baths,Parliament"}},
	{"must", "南京三天，中山陵、明孝陵、夫子庙、老门东都要去", map[string]string{"dests": "Nanjing", "must": "中山陵,明孝陵,夫子庙,老门东"}},
	{"food", "潮汕三天，想吃牛肉火锅和牛肉丸", map[string]string{"foods": "牛肉火锅,牛肉丸"}},
	{"food", "上海两天，想吃虾仁馄饨和蟹粉小笼", map[string]string{"dests": "Shanghai", "foods": "虾仁馄饨,蟹粉小笼"}},
	{"food", "Lisbon 3 days, pastéis de nata and grilled sardines", map[string]string{"dests": "Lisbon", "foods": "pastéis de nata,grilled sardines"}},
	{"food", "北京三天，想吃韭菜盒子和炸酱面", map[string]string{"dests": "Beijing", "foods": "韭菜盒子,炸酱面"}},
	{"dests", "We'll land in Bangkok and take the night train to Chiang Mai; 5 days in Chiang Mai", map[string]string{"dests": "Chiang Mai"}},
	{"dests", "Vienna 4 days with a layover in Doha", map[string]string{"dests": "Vienna"}},
	{"dests", "在香港转机，去曼谷玩五天", map[string]string{"dests": "Bangkok"}},
	{"dests", "Kyoto 4 days, perhaps half a day in Nara", map[string]string{"dests": "Kyoto"}},
	{"dests", "西安四天，时间允许的话去一趟延安", map[string]string{"dests": "Xi'an"}},
	{"dests", "Seoul-Busan-Jeju, 8 days", map[string]string{"dests": "Seoul,Busan,Jeju", "days": "8"}},
	{"dests", "上海-苏州-杭州，五天", map[string]string{"dests": "Shanghai,Suzhou,Hangzhou", "days": "5"}},
	{"dests", "深圳三天，去华强北和深圳湾", map[string]string{"dests": "Shenzhen"}},
	{"party", "my husband, our two friends and I, Lisbon 4 days", map[string]string{"adults": "4"}},
	{"party", "four friends and me heading to Tulum for 5 days", map[string]string{"adults": "5"}},
	{"party", "three coworkers plus myself, Denver 3 days", map[string]string{"adults": "4"}},
	{"party", "两家人一共5个大人2个小孩去桂林", map[string]string{"adults": "5", "children": "2"}},
	{"days", "2 nights in Porto and 3 in Lisbon", map[string]string{"dests": "Porto,Lisbon", "days": "6"}},
	{"days", "5 days in Paris and 2 in Bruges", map[string]string{"dests": "Paris,Bruges", "days": "7"}},
	{"days", "三天半的成都之旅", map[string]string{"dests": "Chengdu", "days": "4"}},
	{"days", "Lisbon for three and a half days", map[string]string{"dests": "Lisbon", "days": "4"}},
	{"days", "A week and a half in Vietnam", map[string]string{"days": "11"}},
	{"transport", "Milan to Venice, we'd rather take the train than drive", map[string]string{"exclude": "self_driving"}},
	{"transport", "重庆到成都，坐高铁而不是飞机", map[string]string{"exclude": "flight", "require": "train"}},
	{"transport", "Portland 3 days, driving in from Seattle", map[string]string{"origin": "Seattle", "require": "self_driving"}},
	{"activity", "Chongqing 3 days, the Yangtze cable car and a Two Rivers night cruise", map[string]string{"must": "Yangtze cable car,Two Rivers night cruise"}},
	// written after the fixes above, for the day-trip namesake rule (before it);
	// a real town near the base stays a destination (as Nara beside Kyoto)
	{"daytrip", "Melbourne 4 days, a day trip to Brighton", map[string]string{"dests": "Melbourne", "must": "Brighton"}},
	{"daytrip", "Sydney 5 days with a day trip to Newcastle", map[string]string{"dests": "Sydney,Newcastle"}},
	{"daytrip", "Boston 4 days, a day in Cambridge and Salem", map[string]string{"dests": "Boston,Cambridge,Salem"}},
	{"daytrip", "Toronto 4 days, side trip to Hamilton", map[string]string{"dests": "Toronto,Hamilton"}},
	{"daytrip", "London 5 days, a day trip to Paris", map[string]string{"dests": "London,Paris"}},
	// written after the fixes, as coverage of their classes in other words
	{"dests", "Fly into Osaka, then the train to Kyoto, 4 days", map[string]string{"dests": "Kyoto"}},
	{"dests", "Lisbon 4 days, maybe Porto too", map[string]string{"dests": "Lisbon"}},
	{"dests", "Maybe Lisbon or Porto, 4 days", map[string]string{"dests": "Lisbon,Porto"}},
	{"activity", "广州三天，珠江夜游和广州塔", map[string]string{"must": "珠江夜游,广州塔"}},
}

// round10KnownMisses are fields still read wrong, with why: Jeju and
// Bruges are names the place gazetteer lacks (Jeju City, Brugge), alias rows
// for orchestrator/gazetteer/curated.tsv, whose generated table another
// branch is changing. The test fails when one of them is read right.
var round10KnownMisses = map[string]bool{
	"Seoul-Busan-Jeju, 8 days\tdests":        true,
	"5 days in Paris and 2 in Bruges\tdests": true,
	"5 days in Paris and 2 in Bruges\tdays":  true,
}

// TestRound10Classes reads round10Cases; BRIEF_CLASSES_REPORT=1 prints the
// fields read right by field.
func TestRound10Classes(t *testing.T) {
	right, total := map[string]int{}, map[string]int{}
	for _, tc := range append(round10Cases[:len(round10Cases):len(round10Cases)], round10Set2...) {
		r := ParseRules(tc.q, classNow)
		got := classFields(r)
		addWishFields(got, r)
		for k, w := range tc.want {
			total[k]++
			known := round10KnownMisses[tc.q+"\t"+k]
			if got[k] == w {
				right[k]++
				if known {
					t.Errorf("known miss now read right, drop it from round10KnownMisses: %s: %s", tc.q, k)
				}
				continue
			}
			if !known {
				t.Errorf("[%s] %s: %s = %q, want %q", tc.class, tc.q, k, got[k], w)
			}
		}
	}
	if os.Getenv("BRIEF_CLASSES_REPORT") != "" {
		var ks []string
		r, n := 0, 0
		for k := range total {
			ks = append(ks, k)
			r += right[k]
			n += total[k]
		}
		sort.Strings(ks)
		var b strings.Builder
		for _, k := range ks {
			fmt.Fprintf(&b, " %s %d/%d", k, right[k], total[k])
		}
		t.Logf("round 10: %d requests, %d/%d fields:%s", len(round10Cases)+len(round10Set2), r, n, b.String())
	}
}
