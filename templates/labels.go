package templates

import (
	"strconv"
	"strings"
	"time"

	"github.com/tripweave/tripweave/orchestrator"
)

// labels are the fixed words of the documents in one language.
type labels struct {
	Lang string

	Overview, Dates, Travellers, Budget, Tier, Pace, Status, Request, Interests string
	Partial, PartialNoItinerary, Complete                                       string
	Days, Map, NoMap, Hotel, Night, Travel, Cost, DayCost, Estimated            string
	BudgetTitle, Transport, Lodging, Food, Attractions, Total, PerPerson        string
	Limit, Within, Over, Chosen, Lean, NoBudget                                 string
	Weather, Temperature, Precipitation, Wind, ClimateEstimate, NoWeather       string
	// VisitEstimate marks a visit whose length is the planner's estimate.
	VisitEstimate                                                              string
	Packing, Findings, Verified, NotVerified, Checks, NoFindings               string
	Notes, NoNotes, Sources, Source, Fetched, FreshFor, Facts, Cached, Live    string
	Stale, Attribution, Stays, Nights, Rooms, TripData, Place, Timezone        string
	Coordinates, Restaurants, Hotels, FX, Generated, PlanID, Contents, Origin  string
	Legend, Stop, Meal, Leg, Check, StatusLabel                                string
	Date, City, Conditions, RiskCol, Message, Kind, Room, NothingPlanned, Asks string
	Cuisines, Alternatives                                                     string
	// Change introduces the time to change between the legs of a journey.
	Change string

	Tiers       map[orchestrator.Tier]string
	RoomTypes   map[string]string
	Slots       map[string]string
	Modes       map[string]string
	Risks       map[string]string
	CheckStatus map[string]string
	Levels      map[string]string
	Paces       map[string]string
	Statuses    map[string]string
	NoteKind    map[string]string
	Hints       map[string]string
	WMO         map[int]string

	weekdays []string
	months   []string
}

var english = &labels{
	Lang:     "en",
	Overview: "Overview", Dates: "Dates", Travellers: "Travellers", Budget: "Budget", Tier: "Tier", Pace: "Pace",
	Status: "Status", Request: "Request", Interests: "Interests",
	Partial:            "Partial plan: some data could not be gathered; the notes below say what is missing.",
	PartialNoItinerary: "No day-by-day itinerary could be built; this page shows the trip data that was gathered.",
	Complete:           "complete",
	Days:               "Day by day", Map: "Route map", NoMap: "No coordinates for this day's places.", Hotel: "Hotel",
	Night: "Night", Travel: "Travel day", Cost: "Cost", DayCost: "Day cost", Estimated: "estimated",
	BudgetTitle: "Budget", Transport: "Transport", Lodging: "Lodging", Food: "Food", Attractions: "Attractions",
	Total: "Total", PerPerson: "Per person", Limit: "Budget limit", Within: "within budget", Over: "over budget",
	Chosen: "chosen", Lean: "lean", NoBudget: "No budget was given.",
	Weather: "Weather", Temperature: "Temperature", Precipitation: "Precipitation", Wind: "Wind",
	ClimateEstimate: "climate estimate", NoWeather: "No weather data.",
	VisitEstimate: "visit length estimated",
	Packing:       "Packing hints", Findings: "Checks and findings", Verified: "All checks passed.",
	NotVerified: "Some checks failed.", Checks: "Checks", NoFindings: "No findings.",
	Notes: "Data notes", NoNotes: "Nothing is missing or estimated.", Sources: "Sources and attribution",
	Source: "Source", Fetched: "Fetched", FreshFor: "Fresh for", Facts: "Facts", Cached: "cache", Live: "live",
	Stale: "stale", Attribution: "Attribution", Stays: "Accommodation", Nights: "Nights", Rooms: "Rooms",
	TripData: "Trip data", Place: "Place", Timezone: "Time zone", Coordinates: "Coordinates",
	Restaurants: "Restaurants", Hotels: "Hotels", FX: "Exchange rates", Generated: "Generated",
	PlanID: "Plan", Contents: "Contents", Origin: "From", Legend: "≈ estimated time or fare",
	Stop: "Visit", Meal: "Meal", Leg: "Transport", Check: "Check", StatusLabel: "Status",
	Date: "Date", City: "City", Conditions: "Conditions", RiskCol: "Risks", Message: "Message", Kind: "Kind", Room: "Room",
	NothingPlanned: "Nothing could be scheduled for this day; the findings below say why.",
	Asks:           "Questions to answer before planning",
	Cuisines:       "Cuisines",
	Alternatives:   "Also fits",
	Change:         "change",
	RoomTypes: map[string]string{"entire_home": "Entire home", "private_room": "Private room", "shared_room": "Shared room",
		"not_shared_room": "Private or entire home"},
	Tiers: map[orchestrator.Tier]string{orchestrator.TierEconomy: "Economy", orchestrator.TierMid: "Mid-range", orchestrator.TierComfort: "Comfort"},
	Slots: map[string]string{orchestrator.Breakfast: "Breakfast", orchestrator.Lunch: "Lunch", orchestrator.Dinner: "Dinner"},
	Modes: map[string]string{"flight": "Flight", "train": "Train", "bus": "Bus", "taxi": "Taxi", "self_driving": "Drive",
		"ferry": "Ferry", "walk": "Walk", "transit": "Public transport"},
	Risks: map[string]string{"heavy_rain": "heavy rain", "storm": "storm", "heat": "heat", "cold": "cold", "snow": "snow",
		"ice": "ice", "wind": "strong wind"},
	CheckStatus: map[string]string{orchestrator.CheckPass: "pass", orchestrator.CheckFail: "fail", orchestrator.CheckNotApplicable: "n/a"},
	Levels:      map[string]string{"info": "info", "warning": "warning", "error": "error"},
	Paces:       map[string]string{"relaxed": "relaxed", "moderate": "moderate", "packed": "packed"},
	Statuses:    map[string]string{orchestrator.PlanComplete: "complete", orchestrator.PlanPartial: "partial"},
	NoteKind:    map[string]string{"missing": "Missing", "estimated": "Estimated", "stale": "Stale", "other": "Note"},
	Hints: map[string]string{
		"rain":      "An umbrella or rain jacket: rain is likely on some days.",
		"sun":       "Sun hat, sunscreen and a water bottle: hot days ahead.",
		"cold":      "Warm layers, a hat and gloves: cold days ahead.",
		"wind":      "A windproof jacket: strong wind is forecast.",
		"snow":      "Shoes with good grip: snow or ice is possible.",
		"walk":      "Comfortable walking shoes: the days include many visits.",
		"outdoor":   "Light rain gear for outdoor visits on wet days.",
		"documents": "ID or passport and tickets for the trains and flights.",
		"children":  "Snacks, water and a small first-aid kit for the children.",
		"temples":   "Clothes that cover shoulders and knees for temples.",
		"hiking":    "Hiking boots and a day pack.",
		"beach":     "Swimwear and a towel.",
		"charger":   "A power bank for long days of maps and photos.",
	},
	WMO: map[int]string{0: "Clear sky", 1: "Mainly clear", 2: "Partly cloudy", 3: "Overcast", 45: "Fog", 48: "Rime fog",
		51: "Light drizzle", 53: "Drizzle", 55: "Dense drizzle", 56: "Freezing drizzle", 57: "Dense freezing drizzle",
		61: "Light rain", 63: "Rain", 65: "Heavy rain", 66: "Freezing rain", 67: "Heavy freezing rain",
		71: "Light snow", 73: "Snow", 75: "Heavy snow", 77: "Snow grains", 80: "Light showers", 81: "Showers",
		82: "Violent showers", 85: "Snow showers", 86: "Heavy snow showers", 95: "Thunderstorm",
		96: "Thunderstorm with hail", 99: "Thunderstorm with heavy hail"},
	weekdays: []string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"},
	months:   []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
}

var chinese = &labels{
	Lang:     "zh",
	Overview: "概览", Dates: "日期", Travellers: "出行人数", Budget: "预算", Tier: "档次", Pace: "节奏",
	Status: "状态", Request: "需求", Interests: "兴趣",
	Partial:            "部分行程：有些数据未能获取，下方的数据说明列出了缺失的内容。",
	PartialNoItinerary: "未能生成逐日行程；本页展示已收集到的旅行数据。",
	Complete:           "完整",
	Days:               "逐日行程", Map: "路线图", NoMap: "当天的地点没有坐标。", Hotel: "酒店",
	Night: "住宿", Travel: "交通日", Cost: "费用", DayCost: "当日费用", Estimated: "估算",
	BudgetTitle: "预算", Transport: "交通", Lodging: "住宿", Food: "餐饮", Attractions: "景点门票",
	Total: "合计", PerPerson: "人均", Limit: "预算上限", Within: "在预算内", Over: "超出预算",
	Chosen: "已选", Lean: "精简", NoBudget: "未提供预算。",
	Weather: "天气", Temperature: "气温", Precipitation: "降水", Wind: "风速",
	ClimateEstimate: "气候估算", NoWeather: "暂无天气数据。",
	VisitEstimate: "游览时长为估算",
	Packing:       "行李建议", Findings: "检查与发现", Verified: "所有检查均已通过。",
	NotVerified: "部分检查未通过。", Checks: "检查项", NoFindings: "没有发现问题。",
	Notes: "数据说明", NoNotes: "没有缺失或估算的数据。", Sources: "数据来源与署名",
	Source: "来源", Fetched: "获取时间", FreshFor: "有效期", Facts: "条目", Cached: "缓存", Live: "实时",
	Stale: "已过期", Attribution: "署名", Stays: "住宿", Nights: "晚数", Rooms: "房间数",
	TripData: "旅行数据", Place: "地点", Timezone: "时区", Coordinates: "坐标",
	Restaurants: "餐厅", Hotels: "酒店", FX: "汇率", Generated: "生成时间",
	PlanID: "行程编号", Contents: "目录", Origin: "出发地", Legend: "≈ 估算的时间或票价",
	Stop: "游览", Meal: "用餐", Leg: "交通", Check: "检查", StatusLabel: "状态",
	Date: "日期", City: "城市", Conditions: "天气", RiskCol: "风险", Message: "说明", Kind: "类型", Room: "房型",
	NothingPlanned: "这一天没能安排任何活动；原因见下方的检查与发现。",
	Asks:           "规划前需要回答的问题",
	Cuisines:       "菜系",
	Alternatives:   "其他可选目的地",
	Change:         "换乘",
	RoomTypes:      map[string]string{"entire_home": "整套房源", "private_room": "独立房间", "shared_room": "合住房间", "not_shared_room": "独立房间或整套"},
	Tiers:          map[orchestrator.Tier]string{orchestrator.TierEconomy: "经济型", orchestrator.TierMid: "标准型", orchestrator.TierComfort: "舒适型"},
	Slots:          map[string]string{orchestrator.Breakfast: "早餐", orchestrator.Lunch: "午餐", orchestrator.Dinner: "晚餐"},
	Modes: map[string]string{"flight": "航班", "train": "火车", "bus": "大巴", "taxi": "出租车", "self_driving": "自驾",
		"ferry": "轮渡", "walk": "步行", "transit": "公共交通"},
	Risks: map[string]string{"heavy_rain": "暴雨", "storm": "雷暴", "heat": "高温", "cold": "低温", "snow": "降雪",
		"ice": "结冰", "wind": "大风"},
	CheckStatus: map[string]string{orchestrator.CheckPass: "通过", orchestrator.CheckFail: "未通过", orchestrator.CheckNotApplicable: "不适用"},
	Levels:      map[string]string{"info": "提示", "warning": "警告", "error": "错误"},
	Paces:       map[string]string{"relaxed": "轻松", "moderate": "适中", "packed": "紧凑"},
	Statuses:    map[string]string{orchestrator.PlanComplete: "完整", orchestrator.PlanPartial: "部分"},
	NoteKind:    map[string]string{"missing": "缺失", "estimated": "估算", "stale": "过期", "other": "说明"},
	Hints: map[string]string{
		"rain":      "带上雨伞或雨衣：部分日子可能下雨。",
		"sun":       "遮阳帽、防晒霜和水杯：天气炎热。",
		"cold":      "保暖衣物、帽子和手套：天气寒冷。",
		"wind":      "防风外套：预报有大风。",
		"snow":      "防滑鞋：可能有雪或结冰。",
		"walk":      "舒适的步行鞋：行程中景点较多。",
		"outdoor":   "雨天的户外游览请备轻便雨具。",
		"documents": "身份证或护照，以及火车票和机票。",
		"children":  "为孩子准备零食、饮用水和小药箱。",
		"temples":   "参观寺庙请穿遮住肩膀和膝盖的衣服。",
		"hiking":    "登山鞋和双肩包。",
		"beach":     "泳衣和毛巾。",
		"charger":   "充电宝：整天使用地图和拍照。",
	},
	WMO: map[int]string{0: "晴", 1: "大致晴朗", 2: "多云", 3: "阴", 45: "雾", 48: "雾凇",
		51: "小毛毛雨", 53: "毛毛雨", 55: "浓毛毛雨", 56: "冻毛毛雨", 57: "强冻毛毛雨",
		61: "小雨", 63: "中雨", 65: "大雨", 66: "冻雨", 67: "强冻雨",
		71: "小雪", 73: "中雪", 75: "大雪", 77: "米雪", 80: "小阵雨", 81: "阵雨",
		82: "强阵雨", 85: "阵雪", 86: "强阵雪", 95: "雷暴",
		96: "雷暴伴冰雹", 99: "雷暴伴强冰雹"},
	weekdays: []string{"周日", "周一", "周二", "周三", "周四", "周五", "周六"},
}

func labelsFor(lang string) *labels {
	if strings.EqualFold(strings.TrimSpace(lang), "zh") {
		return chinese
	}
	return english
}

// word returns m[key], or key cleaned when the table has no entry.
func word[K comparable](m map[K]string, key K, fallback string) string {
	if w, ok := m[key]; ok {
		return w
	}
	return clean(fallback)
}

// date formats a YYYY-MM-DD date: "Tue 2 Jun 2026" or "2026年6月2日 周二";
// anything else is returned cleaned.
func (l *labels) date(s string, withYear bool) string {
	t, err := time.Parse(orchestrator.DateLayout, s)
	if err != nil {
		return clean(s)
	}
	if l.Lang == "zh" {
		out := strconv.Itoa(int(t.Month())) + "月" + strconv.Itoa(t.Day()) + "日 " + l.weekdays[t.Weekday()]
		if withYear {
			out = strconv.Itoa(t.Year()) + "年" + out
		}
		return out
	}
	out := l.weekdays[t.Weekday()] + " " + strconv.Itoa(t.Day()) + " " + l.months[t.Month()-1]
	if withYear {
		out += " " + strconv.Itoa(t.Year())
	}
	return out
}

// dateRange formats the trip's dates.
func (l *labels) dateRange(b *orchestrator.Brief) string {
	switch {
	case b.StartDate != "" && b.EndDate != "" && b.StartDate != b.EndDate:
		return l.date(b.StartDate, true) + " – " + l.date(b.EndDate, true) + " (" + l.days(b.Days) + ")"
	case b.StartDate != "":
		return l.date(b.StartDate, true) + " (" + l.days(b.Days) + ")"
	case b.Days > 0:
		return l.days(b.Days)
	}
	return ""
}

func (l *labels) days(n int) string {
	if l.Lang == "zh" {
		return strconv.Itoa(n) + "天"
	}
	if n == 1 {
		return "1 day"
	}
	return strconv.Itoa(n) + " days"
}

func (l *labels) dayTitle(n int) string {
	if l.Lang == "zh" {
		return "第" + strconv.Itoa(n) + "天"
	}
	return "Day " + strconv.Itoa(n)
}

func (l *labels) travellers(t orchestrator.Travelers) string {
	if l.Lang == "zh" {
		s := strconv.Itoa(t.Adults) + "位成人"
		if t.Children > 0 {
			s += "，" + strconv.Itoa(t.Children) + "位儿童"
		}
		return s
	}
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.Itoa(n) + " " + many
	}
	s := plural(t.Adults, "adult", "adults")
	if t.Children > 0 {
		s += ", " + plural(t.Children, "child", "children")
	}
	return s
}

func (l *labels) budget(b *orchestrator.Budget) string {
	if b == nil {
		return ""
	}
	amount := money(orchestrator.MoneyFromFloat(b.Amount, b.Currency))
	if b.PerPerson {
		if l.Lang == "zh" {
			return "人均 " + amount
		}
		return amount + " per person"
	}
	if l.Lang == "zh" {
		return "总计 " + amount
	}
	return amount + " in total"
}

// unapplied explains a budget the plan could not compare with its prices.
func (l *labels) unapplied(b *orchestrator.Budget) string {
	if l.Lang == "zh" {
		return "预算（" + l.budget(b) + "）未能与价格比较：缺少换算所需的汇率。"
	}
	return "The budget (" + l.budget(b) + ") could not be compared with these prices: no exchange rate was available."
}

// list joins items with the language's list separator.
func (l *labels) list(items []string) string {
	if l.Lang == "zh" {
		return strings.Join(items, "、")
	}
	return strings.Join(items, ", ")
}

func (l *labels) title(cities []string, days int) string {
	names := make([]string, 0, len(cities))
	for _, c := range cities {
		if c = clean(c); c != "" {
			names = append(names, c)
		}
	}
	if len(names) == 0 {
		if l.Lang == "zh" {
			return "旅行计划"
		}
		return "Trip plan"
	}
	if l.Lang == "zh" {
		s := strings.Join(names, "、")
		if days > 0 {
			s += strconv.Itoa(days) + "日游"
		} else {
			s += "之旅"
		}
		return s
	}
	s := strings.Join(names, " → ")
	if days > 0 {
		return strconv.Itoa(days) + " days in " + s
	}
	return "Trip to " + s
}

// duration formats seconds as "3 h" or "7 d".
func (l *labels) duration(sec int64) string {
	if sec <= 0 {
		return "–"
	}
	d, h, m := sec/86400, sec/3600, sec/60
	unit := func(n int64, en, zh string) string {
		if l.Lang == "zh" {
			return strconv.FormatInt(n, 10) + zh
		}
		return strconv.FormatInt(n, 10) + " " + en
	}
	switch {
	case sec%86400 == 0 || d >= 2:
		return unit(d, "d", "天")
	case h >= 1:
		return unit(h, "h", "小时")
	}
	return unit(m, "min", "分钟")
}

func (l *labels) minutes(n int) string {
	if l.Lang == "zh" {
		return strconv.Itoa(n) + "分钟"
	}
	return strconv.Itoa(n) + " min"
}

func (l *labels) nights(n int) string {
	if l.Lang == "zh" {
		return strconv.Itoa(n) + "晚"
	}
	if n == 1 {
		return "1 night"
	}
	return strconv.Itoa(n) + " nights"
}
