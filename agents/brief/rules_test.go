package brief

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// refNow is the reference time of the table: Tuesday 2026-03-03, Beijing.
var refNow = time.Date(2026, 3, 3, 10, 0, 0, 0, time.FixedZone("CST", 8*3600))

// want lists what a case checks; zero values are not checked (use the
// none marker to require an empty list).
type want struct {
	lang       string
	origin     string
	dests      []string
	cc, admin  string // country and first-level division of the first destination
	start, end string
	days       int
	adults     int
	children   int
	budget     string // "2000 CNY pp" or "1500 USD"
	interests  []string
	pace       string
	exclude    []string
	prefer     []string
	rules      []string
	room       string
	cuisines   []string
	access     []string
	cityCount  int // Result.CityCount
	chooses    int // Brief.CityCount
	holiday    string
	month      string
	questions  []string // fields of the pending questions, in order
	noBudget   bool
}

var none = []string{}

// rulesCases are Chinese and English requests covering places (aliases,
// "City, ST", states, provinces, ambiguity), durations, dates (absolute,
// relative, holidays), travellers, budgets and currencies, interests, pace,
// hard constraints, language and missing essentials.
var rulesCases = []struct {
	name  string
	query string
	want  want
}{
	// ---- places: Chinese names, aliases, provinces, qualifiers
	{"zh city+duration+holiday+pp budget", "成都三日游，端午节去，预算人均2000", want{lang: "zh", dests: []string{"Chengdu"}, cc: "CN", start: "2026-06-19", end: "2026-06-21", days: 3, budget: "2000 CNY pp", holiday: "Dragon Boat Festival"}},
	{"zh alias 蓉城", "去蓉城玩4天", want{dests: []string{"Chengdu"}, days: 4}},
	{"zh alias 魔都 + next month", "下个月去魔都玩一周", want{dests: []string{"Shanghai"}, days: 7, month: "2026-04"}},
	{"zh alias 帝都 + 五一 three days two nights", "五一去帝都，三天两晚", want{dests: []string{"Beijing"}, start: "2026-05-01", end: "2026-05-03", days: 3}},
	{"zh alias 羊城", "羊城三天两夜游", want{dests: []string{"Guangzhou"}, days: 3}},
	{"zh alias 鹭岛", "去鹭岛看海，4天", want{dests: []string{"Xiamen"}, days: 4, interests: []string{"beaches"}}},
	{"zh alias 春城", "春城昆明五日游", want{dests: []string{"Kunming"}, days: 5}},
	{"zh alias 冰城", "冰城哈尔滨玩三天", want{dests: []string{"Harbin"}, days: 3}},
	{"zh alias 山城", "去山城重庆吃火锅，2天", want{dests: []string{"Chongqing"}, days: 2, cuisines: []string{"Hot Pot"}}},
	{"zh world city 东京 with country prefix", "去日本东京玩五天，预算两万", want{dests: []string{"Tokyo"}, cc: "JP", days: 5, budget: "20000 CNY"}},
	{"zh world city 纽约 with USD", "去纽约玩一周，预算5000美元", want{dests: []string{"New York"}, cc: "US", days: 7, budget: "5000 USD"}},
	{"zh two world cities", "想去巴黎和伦敦玩10天，预算3万", want{dests: []string{"Paris", "London"}, days: 10, budget: "30000 CNY"}},
	{"zh province prefix qualifies city", "四川乐山3天", want{dests: []string{"Leshan"}, cc: "CN", admin: "32", days: 3}},
	{"zh province prefix 云南大理", "云南大理5天", want{dests: []string{"Dali"}, admin: "29", days: 5}},
	{"zh country prefix 日本大阪", "日本大阪4天", want{dests: []string{"Osaka"}, cc: "JP", days: 4}},
	{"zh country prefix 美国纽约", "美国纽约6天", want{dests: []string{"New York"}, cc: "US", days: 6}},
	{"zh region destination 新疆", "去新疆5天", want{dests: []string{"Ürümqi", "Kashgar", "Turpan", "Yining"}, chooses: 2, days: 5}},
	{"zh province destination 四川", "去四川玩一周", want{dests: []string{"Chengdu", "Leshan", "Emeishan", "Dujiangyan"}, chooses: 2, days: 7}},
	{"zh prefecture 西双版纳", "去西双版纳5天", want{dests: []string{"Xishuangbanna"}, days: 5}},
	{"zh county 婺源", "去婺源3天", want{dests: []string{"Wuyuan"}, admin: "03", days: 3}},
	{"zh county 阳朔", "去阳朔4天", want{dests: []string{"Yangshuo"}, days: 4}},
	{"zh scenic name keeps the county only", "去稻城亚丁5天", want{dests: []string{"Daocheng"}, days: 5}},
	{"zh 川西 region alias", "自驾去川西，7天", want{dests: []string{"Chengdu", "Leshan", "Emeishan", "Dujiangyan"}, chooses: 2, days: 7, prefer: []string{"self_driving"}}},
	{"zh unknown place kept as written", "带狗去阿那亚，两天", want{dests: []string{"阿那亚"}, days: 2, rules: []string{"pets"}}},
	{"zh street name is not a city", "去南京路逛街，上海3天", want{dests: []string{"Shanghai"}, days: 3, interests: []string{"shopping"}}},
	{"zh sight named after a city is not a city", "从北京去南京玩四天，想去中山陵", want{origin: "Beijing", dests: []string{"Nanjing"}, days: 4}},
	{"zh river named after a city is not a city", "上海两天，想去苏州河边走走", want{dests: []string{"Shanghai"}, days: 2}},
	{"zh dish name is not a destination", "北京烤鸭，去北京3天", want{dests: []string{"Beijing"}, days: 3}},
	{"zh two cities with 和", "去东京和大阪玩7天", want{dests: []string{"Tokyo", "Osaka"}, days: 7}},
	{"zh traditional characters", "東京3日遊", want{lang: "zh", dests: []string{"Tokyo"}, days: 3}},
	{"zh Latin name inside Chinese", "去Hallstatt玩3天", want{dests: []string{"Hallstatt"}, days: 3}},
	{"zh Hong Kong and Macau", "香港澳门4天", want{dests: []string{"Hong Kong", "Macau"}, days: 4}},
	{"zh Taipei", "去台北玩5天", want{dests: []string{"Taipei"}, cc: "TW", days: 5}},
	{"zh origin with 从…出发", "从上海出发去成都，玩5天", want{origin: "Shanghai", dests: []string{"Chengdu"}, days: 5}},
	{"zh origin with X到Y", "北京到西安，4天", want{origin: "Beijing", dests: []string{"Xi'an"}, days: 4}},
	{"zh origin with X出发", "上海出发，坐高铁去南京玩两天", want{origin: "Shanghai", dests: []string{"Nanjing"}, days: 2, prefer: []string{"train"}}},
	{"zh 在X + 去Y", "我在深圳，想去桂林玩4天", want{origin: "Shenzhen", dests: []string{"Guilin"}, days: 4}},
	{"zh 当前位置 origin", "当前位置上海。我和朋友一共3人想去成都玩2天，人均预算1500元，想吃川菜，坐高铁往返", want{origin: "Shanghai", dests: []string{"Chengdu"}, days: 2, adults: 3, budget: "1500 CNY pp", cuisines: []string{"Sichuan"}, prefer: []string{"train"}}},
	{"zh 在X only is the destination", "在成都玩三天", want{origin: "", dests: []string{"Chengdu"}, days: 3}},
	{"zh 住在 is not an origin", "去成都玩三天，住在春熙路附近", want{dests: []string{"Chengdu"}, days: 3}},
	{"zh 飞", "从杭州飞成都，3天，坐飞机", want{origin: "Hangzhou", dests: []string{"Chengdu"}, days: 3, prefer: []string{"flight"}}},
	// ---- places: English aliases, City, ST, states, ambiguity
	{"en NYC alias + Thanksgiving", "Thanksgiving in NYC", want{lang: "en", dests: []string{"New York"}, start: "2026-11-26", end: "2026-11-29", days: 4, holiday: "Thanksgiving"}},
	{"en Vegas alias", "A group of 6 going to Vegas for 3 days", want{dests: []string{"Las Vegas"}, adults: 6, days: 3}},
	{"en LA alias", "5 days in LA with my wife", want{dests: []string{"Los Angeles"}, days: 5, adults: 2}},
	{"en SF alias", "Weekend in SF", want{dests: []string{"San Francisco"}, days: 2}},
	{"en DC alias + July 4th", "July 4th in Washington, DC for 3 days", want{dests: []string{"Washington"}, admin: "DC", start: "2026-07-04", end: "2026-07-06", days: 3}},
	{"en City, State name", "Portland, Oregon for 3 days", want{dests: []string{"Portland"}, cc: "US", admin: "OR", days: 3}},
	{"en City, ST code", "Portland, ME for a weekend", want{dests: []string{"Portland"}, admin: "ME", days: 2}},
	{"en City, ST code Springfield", "Springfield, IL 3 days", want{dests: []string{"Springfield"}, admin: "IL", days: 3}},
	{"en stated state beats population", "Paris, Texas for 2 days", want{dests: []string{"Paris"}, cc: "US", admin: "TX", days: 2}},
	{"en population wins without context", "3 days in Paris", want{dests: []string{"Paris"}, cc: "FR", days: 3}},
	{"en stated country", "St. Petersburg, Russia for 5 days", want{dests: []string{"Saint Petersburg"}, cc: "RU", days: 5}},
	{"en country after comma", "Vancouver, Canada for 4 days", want{dests: []string{"Vancouver"}, cc: "CA", days: 4}},
	{"en country qualifier not a second stop", "3 days in Sydney, Australia", want{dests: []string{"Sydney"}, cc: "AU", days: 3}},
	{"en state destination", "2 weeks in Texas", want{dests: []string{"Austin", "Houston", "San Antonio", "Dallas", "Fort Worth", "El Paso"}, chooses: 4, days: 14}},
	{"en state with cities count", "Visit 3 cities in California over 7 days", want{dests: []string{"Los Angeles", "San Diego", "San Jose", "San Francisco", "Fresno"}, days: 7, cityCount: 3, chooses: 3}},
	// ---- N cities in a region: its most populous cities as candidates, the capital first
	{"zh 云南三城游", "云南三城游", want{lang: "zh", dests: []string{"Kunming", "Dali", "Lijiang", "Jinghong", "Shangri-La"}, cityCount: 3, chooses: 3, questions: []string{"dates"}}},
	{"zh 五一去云南玩三个城市", "五一去云南玩三个城市", want{dests: []string{"Kunming", "Dali", "Lijiang", "Jinghong", "Shangri-La"}, start: "2026-05-01", end: "2026-05-05", days: 5, cityCount: 3, chooses: 3, holiday: "Labour Day holiday"}},
	{"zh 从昆明出发 leaves the origin out", "从昆明出发，云南两城游，玩5天", want{origin: "Kunming", dests: []string{"Dali", "Lijiang", "Jinghong", "Shangri-La"}, days: 5, cityCount: 2, chooses: 2}},
	{"zh 四川两个城市 needs the days", "去四川玩两个城市，1天", want{dests: []string{"Chengdu", "Leshan", "Emeishan", "Dujiangyan"}, cityCount: 2, chooses: 2, questions: []string{"days"}}},
	{"en 3 cities in California in May", "3 cities in California in May", want{lang: "en", dests: []string{"Los Angeles", "San Diego", "San Jose", "San Francisco", "Fresno"}, cityCount: 3, chooses: 3, month: "2026-05", questions: []string{"days"}}},
	{"en a week in Sichuan visiting 2 cities", "a week in Sichuan visiting 2 cities", want{dests: []string{"Chengdu", "Leshan", "Emeishan", "Dujiangyan"}, days: 7, cityCount: 2, chooses: 2}},
	{"en 2 cities in Texas, capital first", "2 cities in Texas for 5 days", want{dests: []string{"Austin", "Houston", "San Antonio", "Dallas"}, days: 5, cityCount: 2, chooses: 2}},
	{"en 2 of a list", "Visit 2 of Suzhou, Hangzhou and Nanjing in 4 days", want{dests: []string{"Suzhou", "Hangzhou", "Nanjing"}, days: 4, chooses: 2}},
	{"en 2 cities of a list", "4 days, 2 cities: Suzhou, Hangzhou or Nanjing", want{dests: []string{"Suzhou", "Hangzhou", "Nanjing"}, days: 4, chooses: 2}},
	{"zh 选两个", "苏州、杭州、南京选两个城市玩4天", want{dests: []string{"Suzhou", "Hangzhou", "Nanjing"}, days: 4, chooses: 2}},
	{"zh 其中两个", "想去苏州、杭州和南京，其中两个就行，4天", want{dests: []string{"Suzhou", "Hangzhou", "Nanjing"}, days: 4, chooses: 2}},
	{"zh a list visits all", "苏州、杭州、南京玩4天", want{dests: []string{"Suzhou", "Hangzhou", "Nanjing"}, days: 4}},
	{"en Washington state", "5 days in Washington state", want{dests: []string{"Seattle", "Spokane", "Tacoma", "Vancouver"}, chooses: 2, admin: "WA", days: 5}},
	{"en Washington city by default", "5 days in Washington", want{dests: []string{"Washington"}, admin: "DC", days: 5}},
	{"en country destination", "A 10-day trip to Japan", want{dests: []string{"Tokyo", "Kyoto", "Osaka", "Nara", "Hiroshima"}, chooses: 3, days: 10}},
	{"en two cities", "5 days in Kyoto and Osaka in April", want{dests: []string{"Kyoto", "Osaka"}, days: 5, month: "2026-04"}},
	{"en from/to", "From Boston to Portland for 3 days", want{origin: "Boston", dests: []string{"Portland"}, days: 3}},
	{"en same-country preference", "Fly from Chicago to Birmingham for 3 days", want{origin: "Chicago", dests: []string{"Birmingham"}, cc: "US", days: 3}},
	{"en common word city needs a cue", "Nice trip to Mobile for 2 days", want{dests: []string{"Mobile"}, days: 2}},
	{"en common word cities with cues", "I want to visit Nice and Split for 6 days", want{dests: []string{"Nice", "Split"}, days: 6}},
	{"en Reading", "3 days in Reading", want{dests: []string{"Reading"}, cc: "GB", days: 3}},
	{"en sentence-initial Can is not a place", "Can you plan 3 days in Buffalo", want{dests: []string{"Buffalo"}, days: 3}},
	{"en Temple, Texas not temples", "Visit Temple, Texas for 2 days", want{dests: []string{"Temple"}, admin: "TX", days: 2, interests: none}},
	{"en all lower case", "temples in kyoto for 3 days", want{dests: []string{"Kyoto"}, days: 3, interests: []string{"temples"}}},
	{"en unknown place kept", "Trip to Hallstatt for 3 days", want{dests: []string{"Hallstatt"}, days: 3}},
	{"en exonym Geneva", "4 days in Geneva", want{dests: []string{"Geneva"}, cc: "CH", days: 4}},
	{"en Bombay old name", "3 days in Bombay", want{dests: []string{"Mumbai"}, days: 3}},
	{"en multi-word Salt Lake City", "From Salt Lake City to Kansas City, 4 days", want{origin: "Salt Lake City", dests: []string{"Kansas City"}, admin: "MO", days: 4}},
	// ---- durations
	{"zh 三天两晚", "去成都三天两晚", want{dests: []string{"Chengdu"}, days: 3}},
	{"zh 一周", "去杭州一周", want{days: 7}},
	{"zh 半个月", "去西安半个月", want{days: 15}},
	{"zh 一日游", "苏州一日游", want{dests: []string{"Suzhou"}, days: 1}},
	{"zh 周末 as date and length", "周末去南京", want{dests: []string{"Nanjing"}, start: "2026-03-07", end: "2026-03-08", days: 2}},
	{"zh 十天", "去北京玩十天", want{days: 10}},
	{"zh 3日", "去上海玩3日", want{days: 3}},
	{"zh nights only", "去三亚住4晚", want{dests: []string{"Sanya"}, days: 5}},
	{"zh 两个星期", "去云南玩两个星期", want{dests: []string{"Kunming", "Dali", "Lijiang", "Jinghong", "Shangri-La", "Tengchong"}, chooses: 4, days: 14}},
	{"zh 小长假", "小长假去青岛", want{dests: []string{"Qingdao"}, days: 3}},
	{"en 3 days", "3 days in Tokyo", want{dests: []string{"Tokyo"}, days: 3}},
	{"en a week", "A week in Paris", want{days: 7}},
	{"en weekend", "Plan a weekend in New York", want{dests: []string{"New York"}, days: 2}},
	{"en long weekend", "Long weekend in Chicago with my wife", want{days: 3, adults: 2}},
	{"en nights", "Trip to London for 4 nights", want{days: 5}},
	{"en 10-day", "A 10-day trip to Japan", want{days: 10}},
	{"en fortnight", "A fortnight in Portugal", want{dests: []string{"Lisbon", "Porto", "Braga", "Setúbal", "Coimbra", "Funchal"}, chooses: 4, days: 14}},
	{"en week-long", "A week-long trip to Iceland", want{dests: []string{"Reykjavík", "Akureyri", "Selfoss", "Ísafjörður"}, chooses: 2, days: 7}},
	{"en spanning", "Plan a trip to Denver spanning 5 days", want{dests: []string{"Denver"}, days: 5}},
	{"en day trip", "A day trip to Oxford", want{dests: []string{"Oxford"}, days: 1}},
	// ---- dates: absolute
	{"zh 5月15日到18日", "5月15日到18日去成都", want{start: "2026-05-15", end: "2026-05-18", days: 4}},
	{"zh year month day + days", "2026年5月15日去北京，玩3天", want{start: "2026-05-15", end: "2026-05-17", days: 3}},
	{"zh ISO range", "2026-05-15到2026-05-18去西安", want{start: "2026-05-15", end: "2026-05-18"}},
	{"zh dotted range", "6.1-6.3去长沙", want{dests: []string{"Changsha"}, start: "2026-06-01", end: "2026-06-03"}},
	{"zh 7月1号 + 一周", "7月1号出发去昆明，一周", want{start: "2026-07-01", end: "2026-07-07", days: 7}},
	{"zh bare day this month", "15号去大理玩5天", want{start: "2026-03-15", end: "2026-03-19"}},
	{"zh bare day already past goes to next month", "2号去大理玩5天", want{start: "2026-04-02", days: 5}},
	{"zh Chinese numeral date", "五月十五号到十八号去厦门", want{start: "2026-05-15", end: "2026-05-18"}},
	{"zh date past this year rolls to next", "1月5日去哈尔滨玩3天", want{start: "2027-01-05", days: 3}},
	{"zh date range across months", "4月29日到5月3日去青岛", want{start: "2026-04-29", end: "2026-05-03", days: 5}},
	{"en ISO start + days", "3 days in Austin from 2026-05-15", want{start: "2026-05-15", end: "2026-05-17"}},
	{"en Month D to Month D", "May 15 to May 18 in San Francisco", want{start: "2026-05-15", end: "2026-05-18", days: 4}},
	{"en ordinals", "From June 3rd to June 7th, visiting Barcelona", want{dests: []string{"Barcelona"}, start: "2026-06-03", end: "2026-06-07"}},
	{"en D-D Month Year", "16-18 March 2027 in Edinburgh", want{dests: []string{"Edinburgh"}, start: "2027-03-16", end: "2027-03-18"}},
	{"en Month D-D", "Lisbon, April 10-14", want{dests: []string{"Lisbon"}, start: "2026-04-10", end: "2026-04-14"}},
	{"en the Nth of Month", "From the 8th to the 10th of May, a trip to Milan", want{dests: []string{"Milan"}, start: "2026-05-08", end: "2026-05-10"}},
	{"en between", "Between June 9th and 13th in Munich", want{dests: []string{"Munich"}, start: "2026-06-09", end: "2026-06-13"}},
	{"en stated length matches dates", "3 days in Oslo from March 16th to March 18th", want{start: "2026-03-16", end: "2026-03-18", days: 3}},
	{"en past year asks again", "Trip to Rome from March 16th to March 18th, 2022", want{start: "2022-03-16", questions: []string{"dates"}}},
	// ---- dates: relative
	{"zh 明天", "明天去南京，玩两天", want{start: "2026-03-04", end: "2026-03-05"}},
	{"zh 后天", "后天出发去重庆，3天2晚，吃火锅", want{start: "2026-03-05", end: "2026-03-07", cuisines: []string{"Hot Pot"}}},
	{"zh 大后天", "大后天去武汉玩两天", want{dests: []string{"Wuhan"}, start: "2026-03-06"}},
	{"zh 这周末", "这周末去上海", want{start: "2026-03-07", end: "2026-03-08", days: 2}},
	{"zh 下周末", "下周末去杭州", want{start: "2026-03-14", end: "2026-03-15"}},
	{"zh 周五", "周五出发去青岛玩三天", want{start: "2026-03-06", end: "2026-03-08"}},
	{"zh 下周五", "下周五去魔都，两天一夜，两大一小", want{start: "2026-03-13", end: "2026-03-14", adults: 2, children: 1}},
	{"zh 下周一", "下周一去天津玩3天", want{dests: []string{"Tianjin"}, start: "2026-03-09"}},
	{"zh N天后", "3天后去广州，玩4天", want{start: "2026-03-06", end: "2026-03-09"}},
	{"zh 两周后", "两周后去深圳玩一周", want{start: "2026-03-17", days: 7}},
	{"en tomorrow", "Going to Miami tomorrow for 4 days", want{start: "2026-03-04", end: "2026-03-07"}},
	{"en next Friday", "I want to visit Seattle next Friday for 3 days", want{start: "2026-03-13", end: "2026-03-15"}},
	{"en this Friday", "This Friday to Sunday in Philadelphia, 3 days", want{dests: []string{"Philadelphia"}, start: "2026-03-06"}},
	{"en this weekend", "Visit Boston this weekend", want{start: "2026-03-07", end: "2026-03-08"}},
	{"en next weekend", "Next weekend in Montreal", want{dests: []string{"Montréal"}, start: "2026-03-14", days: 2}},
	{"en in two weeks", "In two weeks I'd like to spend 5 days in Denver", want{start: "2026-03-17", end: "2026-03-21"}},
	{"en in N days + nights", "Trip to Las Vegas in 3 days, staying 2 nights", want{start: "2026-03-06", end: "2026-03-08"}},
	// ---- dates: holidays (computed)
	{"zh 国庆", "一家三口国庆去北京，预算1.5万，带孩子看博物馆，节奏轻松", want{start: "2026-10-01", end: "2026-10-07", adults: 2, children: 1, budget: "15000 CNY", interests: []string{"museums"}, pace: "relaxed"}},
	{"zh 春节 next year", "春节去哈尔滨看冰雕，一周", want{start: "2027-02-05", end: "2027-02-11", holiday: "Spring Festival"}},
	{"zh 春节 default length", "过年去海南", want{dests: []string{"Sanya", "Haikou", "Wanning", "Qionghai", "Wenchang"}, chooses: 3, start: "2027-02-05", days: 8}},
	{"zh 中秋", "中秋节去杭州两天", want{start: "2026-09-25", end: "2026-09-26"}},
	{"zh 清明 solar term", "清明去苏州三天", want{start: "2026-04-04", end: "2026-04-06"}},
	{"zh 元旦", "元旦去厦门玩三天，预算3000", want{start: "2027-01-01", end: "2027-01-03", budget: "3000 CNY"}},
	{"zh 十一", "十一去丽江，人均3000", want{dests: []string{"Lijiang"}, start: "2026-10-01", days: 7, budget: "3000 CNY pp"}},
	{"zh 十一天 is a length", "去欧洲玩十一天", want{days: 11, holiday: ""}},
	{"zh 除夕", "除夕去广州，玩5天", want{start: "2027-02-05", end: "2027-02-09"}},
	{"zh 七夕 asks for length", "七夕去杭州", want{start: "2026-08-19", questions: []string{"days"}}},
	{"zh 元宵 is today", "元宵节去西安玩两天", want{start: "2026-03-03", end: "2026-03-04"}},
	{"zh 重阳", "重阳节带爸妈去泰山，两天", want{start: "2026-10-18", adults: 3}},
	{"zh year stated", "2027年国庆去桂林", want{start: "2027-10-01", days: 7}},
	{"en Christmas", "Christmas in Vienna, 4 days", want{start: "2026-12-24", end: "2026-12-27"}},
	{"en Easter weekend", "Easter weekend in Rome", want{start: "2026-04-03", end: "2026-04-06", days: 4}},
	{"en Golden Week Japan", "Golden Week in Tokyo", want{start: "2026-04-29", end: "2026-05-05"}},
	{"en Chinese New Year", "Chinese New Year in Singapore for 5 days", want{start: "2027-02-05", end: "2027-02-09"}},
	{"en New Year's Eve", "New Year's Eve in Sydney", want{start: "2026-12-31", end: "2027-01-02"}},
	{"en Memorial Day weekend", "Memorial Day weekend in Nashville", want{start: "2026-05-23", end: "2026-05-25"}},
	{"en Mid-Autumn", "Mid-Autumn Festival in Hong Kong, 3 days", want{start: "2026-09-25", days: 3}},
	// ---- travellers
	{"zh 我和女朋友", "我和女朋友去三亚玩5天，预算1万", want{adults: 2, budget: "10000 CNY"}},
	{"zh 带上老婆", "带上老婆去云南大理玩一周", want{dests: []string{"Dali"}, adults: 2}},
	{"zh 一家四口", "一家四口去北京玩5天", want{adults: 2, children: 2}},
	{"zh 我们三个人", "我们三个人去成都玩三天", want{adults: 3}},
	{"zh 两大一小", "两大一小去上海迪士尼玩3天", want{adults: 2, children: 1, interests: []string{"theme parks"}}},
	{"zh 带孩子", "带孩子去北京看博物馆，3天", want{adults: 1, children: 1}},
	{"zh 和闺蜜", "和闺蜜去厦门玩4天", want{adults: 2}},
	{"zh 一个人", "我一个人去西藏拉萨玩10天", want{dests: []string{"Lhasa"}, adults: 1}},
	{"zh N大人N小孩", "4个大人2个小孩去海南三亚，一周", want{dests: []string{"Sanya"}, adults: 4, children: 2}},
	{"zh 一家五口", "一家五口去桂林玩5天", want{adults: 4, children: 1}},
	{"zh 带爸妈", "国庆带爸妈去西安玩5天", want{adults: 3, start: "2026-10-01", days: 5}},
	{"zh 老婆孩子", "带老婆孩子去青岛玩4天", want{adults: 2, children: 1}},
	{"zh 情侣", "情侣去大理5天", want{adults: 2}},
	{"zh 6人", "公司团建6人去千岛湖两天", want{adults: 6}},
	{"en 2 adults and a child", "2 adults and a child, 5 days in Orlando", want{adults: 2, children: 1}},
	{"en family of four", "Family of four, 6 days in San Diego", want{adults: 2, children: 2}},
	{"en group of 6", "A group of 6 going to Las Vegas for 3 days", want{adults: 6}},
	{"en solo", "Solo trip to Berlin for 5 days", want{adults: 1}},
	{"en girlfriend", "Me and my girlfriend, 4 days in Prague", want{adults: 2}},
	{"en my wife and I", "My wife and I want 5 days in Lisbon", want{adults: 2}},
	{"en for two", "A romantic getaway for two in Venice, 3 days", want{dests: []string{"Venice"}, adults: 2, days: 3}},
	{"en couple", "3 days in Florence as a couple", want{dests: []string{"Florence"}, adults: 2}},
	{"en party of 5 is a group", "Party of 5 heading to Austin for 4 days", want{adults: 5, rules: none}},
	{"en with my parents", "4 days in Seoul with my parents", want{adults: 3}},
	{"en 3 people", "3 days in Amsterdam for 3 people with a budget of €900", want{adults: 3, budget: "900 EUR"}},
	// ---- budgets and currencies
	{"zh 预算三千", "去杭州两天，预算三千", want{budget: "3000 CNY"}},
	{"zh 人均2000", "去成都3天，人均2000", want{budget: "2000 CNY pp"}},
	{"zh 1.5万", "去西安4天，1.5万", want{budget: "15000 CNY"}},
	{"zh 2k", "去北京5天，预算2k", want{budget: "2000 CNY"}},
	{"zh 总预算5000元", "去苏州2天，总预算5000元", want{budget: "5000 CNY"}},
	{"zh 每人1500", "去厦门3天，每人1500", want{budget: "1500 CNY pp"}},
	{"zh 两万五", "去三亚五天，预算两万五", want{budget: "25000 CNY"}},
	{"zh 一万五", "去重庆三天，预算一万五", want{budget: "15000 CNY"}},
	{"zh 3w", "去云南7天，预算3w", want{budget: "30000 CNY"}},
	{"zh 左右", "去大连3天，5000左右", want{dests: []string{"Dalian"}, budget: "5000 CNY"}},
	{"zh 日元", "去大阪4天，预算10万日元", want{budget: "100000 JPY"}},
	{"zh no budget", "去成都3天", want{noBudget: true}},
	{"en $1,700", "3 days in Boston with a budget of $1,700", want{budget: "1700 USD"}},
	{"en €900", "3 days in Amsterdam, €900", want{budget: "900 EUR"}},
	{"en £", "5 days in London, budget £2000", want{budget: "2000 GBP"}},
	{"en ¥ in Japan", "4 days in Tokyo, budget ¥150000", want{budget: "150000 JPY"}},
	{"en won", "3 days in Seoul, budget 1,500,000 won", want{budget: "1500000 KRW"}},
	{"en 2k and destination currency", "Budget 2k for 3 days in Chicago", want{budget: "2000 USD"}},
	{"en code after amount + total", "5 days in Bali, 2000 USD total", want{budget: "2000 USD"}},
	{"en per person", "3 days in Paris, $300 per person", want{budget: "300 USD pp"}},
	{"en euros per person", "A week in Rome, budget 3000 euros per person", want{budget: "3000 EUR pp"}},
	{"en currency from destination", "3 days in Bangkok, budget 20000", want{budget: "20000 THB"}},
	{"en age is not money", "Traveling with kids under 10, 4 days in Orlando", want{noBudget: true, rules: []string{"children_under_10"}}},
	{"en year is not money", "3 days in Madrid in May 2026", want{noBudget: true}},
	// ---- interests and pace
	{"zh 美食 拍照", "我和女朋友五一从上海去杭州玩三天，不坐飞机，想吃杭帮菜，拍照", want{origin: "Shanghai", dests: []string{"Hangzhou"}, interests: []string{"photography"}, exclude: []string{"flight"}, cuisines: []string{"Hangzhou"}, adults: 2}},
	{"zh 博物馆 小吃", "去西安看博物馆，吃小吃，4天", want{interests: []string{"food", "museums"}}},
	{"zh 亲子 爬山", "亲子游，去黄山爬山3天", want{dests: []string{"Huangshan"}, interests: []string{"family", "hiking"}}},
	{"zh 温泉 滑雪", "去长白山滑雪泡温泉，4天", want{interests: []string{"hot springs", "skiing"}}},
	{"zh negated interest", "去重庆3天，不想爬山，喜欢夜景", want{interests: []string{"night views"}}},
	{"zh 轻松", "去杭州，节奏轻松一点，3天", want{pace: "relaxed"}},
	{"zh 特种兵", "去上海特种兵旅游，2天", want{pace: "packed"}},
	{"zh 不要太赶", "去成都4天，不要太赶", want{pace: "relaxed"}},
	{"en temples and food", "3 days in Kyoto, temples and food", want{interests: []string{"food", "temples"}}},
	{"en museums nightlife art", "4 days in Berlin, museums, nightlife and art", want{interests: []string{"museums", "nightlife", "art"}}},
	{"en relaxed beaches", "A relaxed 5 days in Hawaii, beaches", want{dests: []string{"Honolulu", "Hilo", "Kahului", "Waianae"}, chooses: 2 /* Pearl City and Kailua are suburbs of Honolulu (issue 31) */, interests: []string{"beaches"}, pace: "relaxed"}},
	{"en packed", "Packed 3 days in New York, see everything", want{pace: "packed"}},
	{"en not too packed", "4 days in Rome, not too packed please", want{pace: "relaxed"}},
	// ---- hard constraints
	{"zh 不坐飞机", "从广州去张家界玩3天，不坐飞机", want{exclude: []string{"flight"}}},
	{"zh 不自驾", "不想自驾，去青海湖玩5天", want{exclude: []string{"self_driving"}}},
	{"zh 坐高铁", "坐高铁去苏州玩2天", want{prefer: []string{"train"}}},
	{"zh 带宠物 整套", "去成都3天，要整套民宿，可以带宠物", want{rules: []string{"pets"}, room: "entire_home"}},
	{"zh 不要合住", "去北京3天，不要合住", want{room: "not_shared_room"}},
	{"zh 独立房间", "去大理5天，要独立房间", want{room: "private_room"}},
	{"zh 多人间", "去拉萨10天，住青旅多人间", want{room: "shared_room"}},
	{"zh 无障碍", "去丽江4天，轮椅出行，需要无障碍", want{access: []string{"wheelchair", "step_free"}}},
	{"zh 宝宝", "带宝宝去三亚5天，宝宝2岁", want{rules: []string{"children_under_10"}, children: 1}},
	{"zh 川菜 火锅", "去成都吃火锅，川菜，3天", want{cuisines: []string{"Hot Pot", "Sichuan"}}},
	{"zh 粤菜", "去广州吃早茶，粤菜，3天", want{cuisines: []string{"Cantonese"}}},
	{"zh 抽烟 派对", "去长沙3天，我们抽烟，还想开派对", want{rules: []string{"smoking", "parties"}}},
	{"zh 行动不便", "带奶奶去苏州3天，奶奶腿脚不便", want{adults: 2, access: []string{"limited_mobility"}}},
	{"en no flights", "No flights please, 5 days from Chicago to New Orleans", want{origin: "Chicago", dests: []string{"New Orleans"}, exclude: []string{"flight"}}},
	{"en by train", "We prefer to travel by train, 4 days from Paris to Amsterdam", want{prefer: []string{"train"}}},
	{"en no self-driving", "No self-driving, 3 days in Phoenix", want{exclude: []string{"self_driving"}}},
	{"en road trip", "Road trip from Los Angeles to San Francisco, 5 days", want{prefer: []string{"self_driving"}}},
	{"en pets", "Pet-friendly 3 days in Austin, we're bringing our dog", want{rules: []string{"pets"}}},
	{"en smoking", "3 days in Miami, we need a place that allows smoking", want{rules: []string{"smoking"}}},
	{"en non-smoking is not a rule", "3 days in Miami in a non-smoking room", want{rules: none}},
	{"en parties", "3 days in Las Vegas, we want to throw a party", want{rules: []string{"parties"}}},
	{"en visitors", "We'll have visitors, 5 days in Boston, accommodations must allow visitors", want{rules: []string{"visitors"}}},
	{"en entire home", "Entire home for 4 days in Nashville", want{room: "entire_home"}},
	{"en private room", "Private room, 3 days in Seattle", want{room: "private_room"}},
	{"en shared room", "Shared room in a hostel, 5 days in Dublin", want{room: "shared_room"}},
	{"en not shared", "Not a shared room please, 3 days in Madrid", want{room: "not_shared_room"}},
	{"en wheelchair", "Wheelchair accessible, 4 days in Washington DC", want{access: []string{"wheelchair", "step_free"}}},
	{"en cuisines in a food sentence", "3 days in Houston, we love Mexican and Italian food", want{cuisines: []string{"Mexican", "Italian"}}},
	{"en demonym without food is not a cuisine", "3 days in Chinatown, San Francisco with Chinese friends", want{cuisines: none}},
	{"en seafood anywhere", "4 days in Boston, lots of seafood", want{cuisines: []string{"Seafood"}}},
	// ---- language and missing essentials
	{"en mixed script stays English", "Plan 3 days in 东京 for me", want{lang: "en", dests: []string{"Tokyo"}, days: 3}},
	{"zh no destination no dates", "去旅游", want{lang: "zh", questions: []string{"destinations", "dates"}}},
	{"zh no destination", "玩三天", want{questions: []string{"destinations"}, days: 3}},
	{"zh no dates", "去成都", want{dests: []string{"Chengdu"}, questions: []string{"dates"}}},
	{"en nothing", "Plan a trip", want{lang: "en", questions: []string{"destinations", "dates"}}},
	{"en no dates", "Plan a trip to Paris", want{questions: []string{"dates"}}},
	{"en month only starts the month", "a trip to paris for 2 in may", want{month: "2026-05", adults: 2, start: "2026-05-01", questions: []string{"days"}}},
	{"en too many days", "45 days in Thailand", want{dests: []string{"Bangkok", "Samut Prakan", "Udon Thani", "Chon Buri", "Nakhon Ratchasima", "Chiang Mai"}, chooses: 4, questions: []string{"dates"}}},
	{"en more cities than days", "Tokyo, Osaka, Kyoto and Nara in 2 days", want{questions: []string{"days"}}},
}

func TestParseRulesTable(t *testing.T) {
	if len(rulesCases) < 150 {
		t.Fatalf("only %d cases, want at least 150", len(rulesCases))
	}
	for _, tc := range rulesCases {
		t.Run(tc.name, func(t *testing.T) {
			r := ParseRules(tc.query, refNow)
			for _, p := range checkResult(r, tc.want) {
				t.Errorf("%s\n  query: %s\n  got: %s", p, tc.query, summary(r))
			}
		})
	}
}

// checkResult compares the checked fields and returns the mismatches.
func checkResult(r *Result, w want) []string {
	var bad []string
	b := r.Brief
	eq := func(name string, got, want any) {
		if fmt.Sprint(got) != fmt.Sprint(want) {
			bad = append(bad, fmt.Sprintf("%s: got %v, want %v", name, got, want))
		}
	}
	list := func(name string, got, want []string) {
		if want != nil && !slices.Equal(append([]string{}, got...), want) {
			bad = append(bad, fmt.Sprintf("%s: got %q, want %q", name, got, want))
		}
	}
	if w.lang != "" {
		eq("language", b.Language, w.lang)
	}
	if w.origin != "" {
		eq("origin", b.Origin, w.origin)
	}
	list("destinations", b.Destinations, w.dests)
	if w.cc != "" || w.admin != "" {
		var first *Place
		for i := range r.Places {
			if r.Places[i].Role == "destination" {
				first = &r.Places[i]
				break
			}
		}
		if first == nil {
			bad = append(bad, "no destination place")
		} else {
			if w.cc != "" {
				eq("country", first.CountryCode, w.cc)
			}
			if w.admin != "" {
				eq("admin1", first.Admin1, w.admin)
			}
		}
	}
	if w.start != "" {
		eq("start_date", b.StartDate, w.start)
	}
	if w.end != "" {
		eq("end_date", b.EndDate, w.end)
	}
	if w.days != 0 {
		eq("days", b.Days, w.days)
	}
	if w.adults != 0 {
		eq("adults", b.Travelers.Adults, w.adults)
	}
	if w.children != 0 {
		eq("children", b.Travelers.Children, w.children)
	}
	if w.budget != "" {
		got := "none"
		if b.Budget != nil {
			got = strconv.FormatFloat(b.Budget.Amount, 'f', -1, 64) + " " + b.Budget.Currency
			if b.Budget.PerPerson {
				got += " pp"
			}
		}
		eq("budget", got, w.budget)
	}
	if w.noBudget && b.Budget != nil {
		bad = append(bad, fmt.Sprintf("budget: got %+v, want none", *b.Budget))
	}
	list("interests", b.Interests, w.interests)
	if w.pace != "" {
		eq("pace", b.Pace, w.pace)
	}
	list("transport_exclude", b.Constraints.TransportExclude, w.exclude)
	list("transport_prefer", b.Constraints.TransportPrefer, w.prefer)
	list("house_rules", b.Constraints.HouseRules, w.rules)
	if w.room != "" {
		eq("room_type", b.Constraints.RoomType, w.room)
	}
	list("cuisines", b.Constraints.Cuisines, w.cuisines)
	list("accessibility", b.Constraints.Accessibility, w.access)
	if w.chooses != 0 || len(w.dests) > 1 {
		eq("brief city_count", r.Brief.CityCount, w.chooses)
	}
	if w.cityCount != 0 {
		eq("city_count", r.CityCount, w.cityCount)
	}
	if w.holiday != "" {
		eq("holiday", r.Holiday, w.holiday)
	}
	if w.month != "" {
		eq("travel_month", r.TravelMonth, w.month)
	}
	var qs []string
	for _, q := range r.Questions {
		qs = append(qs, q.Field)
		if strings.TrimSpace(q.Text) == "" {
			bad = append(bad, "question "+q.Field+" has no text")
		}
	}
	if w.questions == nil {
		w.questions = none
	}
	list("questions", qs, w.questions)
	if len(r.Questions) == 0 {
		// a brief without questions must be normalised already
		c := cloneBrief(b)
		if err := c.Normalize(refNow); err != nil {
			bad = append(bad, "brief does not normalise: "+err.Error())
		}
	}
	return bad
}

func summary(r *Result) string {
	b := r.Brief
	var s strings.Builder
	fmt.Fprintf(&s, "lang=%s origin=%q dests=%q start=%s end=%s days=%d travelers=%+v", b.Language, b.Origin, b.Destinations, b.StartDate, b.EndDate, b.Days, b.Travelers)
	if b.Budget != nil {
		fmt.Fprintf(&s, " budget=%+v", *b.Budget)
	}
	fmt.Fprintf(&s, " interests=%q pace=%s constraints=%+v", b.Interests, b.Pace, b.Constraints)
	for _, p := range r.Places {
		fmt.Fprintf(&s, "\n    place %s %q -> %s %s/%s", p.Role, p.Text, p.Name, p.CountryCode, p.Admin1)
	}
	for _, q := range r.Questions {
		fmt.Fprintf(&s, "\n    question %s: %s", q.Field, q.Text)
	}
	if r.CityCount != 0 || r.TravelMonth != "" || r.Holiday != "" {
		fmt.Fprintf(&s, "\n    city_count=%d month=%s holiday=%s", r.CityCount, r.TravelMonth, r.Holiday)
	}
	return s.String()
}

// TestParseRulesDeterministic parses every case twice: same input, same
// output.
func TestParseRulesDeterministic(t *testing.T) {
	for _, tc := range rulesCases {
		a, b := ParseRules(tc.query, refNow), ParseRules(tc.query, refNow)
		if summary(a) != summary(b) || fmt.Sprint(a.Notes) != fmt.Sprint(b.Notes) {
			t.Errorf("%s: two parses differ", tc.name)
		}
	}
}

// TestNormalizedBriefRoundTrip checks the contract with the domain: every
// brief without questions passes Normalize unchanged.
func TestNormalizedBriefRoundTrip(t *testing.T) {
	for _, tc := range rulesCases {
		r := ParseRules(tc.query, refNow)
		if len(r.Questions) > 0 {
			continue
		}
		c := cloneBrief(r.Brief)
		if err := c.Normalize(refNow); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if orchestrator.BriefKey(&c) != orchestrator.BriefKey(&r.Brief) {
			t.Errorf("%s: Normalize changed the brief", tc.name)
		}
	}
}
