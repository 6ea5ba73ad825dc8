package templates

import (
	"regexp"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// Findings, checks and score details are written in English by the planner,
// the verifier and the scorer. Chinese pages word them from their codes and
// subjects instead; a finding whose code this table does not know keeps its
// (traveller-level) English message.

// checkNames words the verifier's checks.
var checkNames = map[string][2]string{
	"complete_days":        {"Every day planned", "每天都有安排"},
	"places_exist":         {"Places exist", "地点真实存在"},
	"within_city":          {"Places in the right city", "地点在当天城市"},
	"no_repeats":           {"No repeated visits", "景点不重复"},
	"hours":                {"Opening hours", "营业时间"},
	"nights":               {"Nights booked", "住宿晚数"},
	"legs":                 {"Journeys connect", "交通衔接"},
	"transport_modes":      {"Transport modes", "交通方式"},
	"budget_sums":          {"Budget adds up", "预算合计"},
	"budget":               {"Within budget", "预算"},
	"route":                {"Route", "路线"},
	"room_type":            {"Room type", "房型"},
	"house_rules":          {"House rules", "入住规则"},
	"cuisines":             {"Cuisines", "菜系"},
	"transport_exclusions": {"Transport exclusions", "排除的交通方式"},
	"must_visit":           {"Must-see sights", "必去景点"},
	"transport_require":    {"Transport asked for", "指定交通方式"},
}

var checkKinds = map[string][2]string{
	"commonsense": {"common sense", "常识"},
	"hard":        {"request", "硬性要求"},
}

// checkName is a check's name in the page's language.
func (b *builder) checkName(name string) string {
	if n, ok := checkNames[name]; ok {
		return pick(b.l.Lang == "zh", n[1], n[0])
	}
	return strings.ReplaceAll(clean(name), "_", " ")
}

func (b *builder) checkKind(kind string) string {
	if n, ok := checkKinds[kind]; ok {
		return pick(b.l.Lang == "zh", n[1], n[0])
	}
	return clean(kind)
}

// findingsZH words findings for Chinese pages by code; {s} is the subject
// (a place name in Chinese where the gazetteer has one, a cuisine or
// interest in the concept table's Chinese word).
var findingsZH = map[string]string{
	orchestrator.FindingOverBudget: "行程费用超出预算",
	"transport_require_unmet":      "没有符合指定交通方式的班次，已改用其他方式",
	"no_accommodation_data":        "没有获取到{s}的住宿数据，在该地的住宿未安排",
	"no_attraction":                "{s}这一整天没能安排景点",
	"cuisine_not_covered":          "行程中的用餐没有一家供应{s}",
	"no_restaurant":                "{s}在该用餐时段没有营业的餐厅",
	"budget_unchecked":             "预算币种与价格币种不同，且未能获取汇率，预算未被应用",
	"price_unconvertible":          "部分{s}的价格币种无法换算，未计入预算",
	"meals_unpriced":               "{s}的餐厅没有价格信息，餐饮未计入预算",
	"must_visit_not_found":         "数据中没有找到{s}，无法安排",
	"must_visit_unscheduled":       "{s}未能排入行程",
	"house_rules_unconfirmed":      "{s}未说明是否允许儿童、宠物等入住规则，请向酒店确认",
	"house_rules_unverified":       "{s}未说明是否允许儿童、宠物等入住规则，无法核对",
	"estimated_fare":               "{s}的票价为模型估算值",
	"odd_hour_for_budget":          "为控制在预算内，{s}的出发或到达时间较早或较晚；时间合适的班次价格更高",
}

// findingsEN rewords the findings whose English message may quote an
// internal error.
var findingsEN = map[string]string{
	"price_unconvertible": "some {s} are priced in a currency that could not be converted; they were left out of the budget",
}

// findingMessage is a finding's message for the page.
func (b *builder) findingMessage(f orchestrator.Finding) string {
	if b.l.Lang != "zh" {
		if t, ok := findingsEN[f.Code]; ok {
			return strings.ReplaceAll(t, "{s}", clean(f.Subject))
		}
		return clean(f.Message)
	}
	subject := clean(f.Subject)
	if subject != "" {
		if w := concepts.Word(subject, "zh"); w != subject {
			subject = w
		} else {
			subject = PlaceName(subject, "zh")
		}
	}
	if t, ok := findingsZH[f.Code]; ok && (subject != "" || !strings.Contains(t, "{s}")) {
		return strings.ReplaceAll(t, "{s}", subject)
	}
	if n, ok := checkNames[f.Code]; ok {
		if subject != "" {
			return n[1] + "检查未通过：" + subject
		}
		return n[1] + "检查未通过"
	}
	return clean(f.Message)
}

// qualityZH words the scorer's details (orchestrator/algorithms/quality) in Chinese;
// $n are the detail's numbers and words in order. A detail none of them
// matches is left out of a Chinese page rather than shown in English.
var qualityZH = []struct {
	re   *regexp.Regexp
	zh   string
	list int // index of a group holding a comma-separated list of terms, 0 if none
}{
	{regexp.MustCompile(`^(\d+) of (\d+) interests met; not met: (.+)$`), "满足${2}项兴趣中的${1}项；未满足：${3}", 3},
	{regexp.MustCompile(`^(\d+) of (\d+) interests met$`), "满足${2}项兴趣中的${1}项", 0},
	{regexp.MustCompile(`^(\d+) of (\d+) interests met; not met: (.+); (\d+) kinds of sight asked for not planned$`), "满足${2}项兴趣中的${1}项；未满足：${3}；${4}类想去的景点未安排", 3},
	{regexp.MustCompile(`^(\d+) of (\d+) interests met; (\d+) kinds of sight asked for not planned$`), "满足${2}项兴趣中的${1}项；${3}类想去的景点未安排", 0},
	{regexp.MustCompile(`^(\d+) kinds of sight asked for not planned$`), "${1}类想去的景点未安排", 0},
	{regexp.MustCompile(`^no must-see sight is in the data$`), "数据中没有所列的必去景点", 0},
	{regexp.MustCompile(`^(\d+) of (\d+) must-see sights in the data visited$`), "数据中的${2}个必去景点去了${1}个", 0},
	{regexp.MustCompile(`^(\d+) meals: (\d+) breakfasts where none is served, (\d+) over (\d+) km from the previous place; (\d+) of (\d+) cuisines served$`),
		"共${1}顿餐：${2}顿早餐安排在不供应早餐的餐厅，${3}顿离上一地点超过${4}公里；满足${6}种菜系中的${5}种", 0},
	{regexp.MustCompile(`^(\d+) meals: (\d+) breakfasts where none is served, (\d+) over (\d+) km from the previous place$`),
		"共${1}顿餐：${2}顿早餐安排在不供应早餐的餐厅，${3}顿离上一地点超过${4}公里", 0},
	{regexp.MustCompile(`^(\d+) of (\d+) stops at a fitting time and length$`), "${2}个景点中${1}个的时段和时长合适", 0},
	{regexp.MustCompile(`^(\d+) of (\d+) stops at a fitting time and length; (\d+) visit times asked for not kept$`), "${2}个景点中${1}个的时段和时长合适；${3}个指定的游览时段未能安排", 0},
	{regexp.MustCompile(`^(\d+) visit times asked for not kept$`), "${1}个指定的游览时段未能安排", 0},
	{regexp.MustCompile(`^([\d.]+) of (\d+) waking hours in transit \((\d+)%\)$`), "${2}小时清醒时间中${1}小时在路上（${3}%）", 0},
	{regexp.MustCompile(`^(\d+) travel days, (\d+) with a leg at an odd hour$`), "${1}个交通日，其中${2}个有时间过早或过晚的班次", 0},
	{regexp.MustCompile(`^spends (\d+)% of the budget$`), "花费预算的${1}%", 0},
	{regexp.MustCompile(`^no sight at all$`), "没有安排任何景点", 0},
	{regexp.MustCompile(`^(\d+) stops in (\d+) categories, (\d+) pairs of the same site or a repeated once-per-trip sight$`),
		"${1}个景点，${2}个类别，${3}处重复", 0},
	{regexp.MustCompile(`^(\d+) lunches and dinners in (\d+) categories: (\d+) repeated the same day, (\d+) over (\d+) of a category$`),
		"${1}顿午餐和晚餐，${2}种餐厅类别：${3}顿同日重复，${4}顿超过同类${5}顿的上限", 0},
	{regexp.MustCompile(`^(\d+) legs: (\d+) short flights a train beats door to door, (\d+) day-long trains where a flight fits, (\d+) timetable slips$`),
		"${1}段城际交通：${2}班门到门不如火车快的短途航班，${3}趟预算允许坐飞机时的长途火车，${4}处时刻表错误", 0},
	{regexp.MustCompile(`^(\d+) legs: (\d+) short flights a train beats door to door, (\d+) day-long trains where a flight fits, (\d+) timetable slips, (\d+) at odd hours$`),
		"${1}段城际交通：${2}班门到门不如火车快的短途航班，${3}趟预算允许坐飞机时的长途火车，${4}处时刻表错误，${5}段出发过早或到达过晚", 0},
	{regexp.MustCompile(`^(\d+) legs: (\d+) short flights a train beats door to door, (\d+) day-long trains where a flight fits, (\d+) timetable slips, (\d+) at odd hours, (\d+) slow trains, (\d+) tight connections$`),
		"${1}段城际交通：${2}班门到门不如火车快的短途航班，${3}趟预算允许坐飞机时的长途火车，${4}处时刻表错误，${5}段出发过早或到达过晚，${6}趟有更快高铁可选的慢车，${7}处换乘时间不足", 0},
	{regexp.MustCompile(`^(\d+) of (\d+) foods asked for served$`), "想吃的${2}种美食吃到了${1}种", 0},
	{regexp.MustCompile(`^(\d+) meals of a food declined$`), "${1}餐吃了不想吃的", 0},
	{regexp.MustCompile(`^(\d+) of (\d+) foods asked for served, (\d+) meals not local where local food was near, (\d+) meals of a food declined$`),
		"想吃的${2}种美食吃到了${1}种，${3}餐附近有当地菜却没吃当地菜，${4}餐吃了不想吃的", 0},
	{regexp.MustCompile(`^(\d+) meals of a food declined, (\d+) dishes away from their meal, (\d+) cuisines twice in a row, (\d+) meals from abroad unasked, (\d+) meals unfit for the party$`),
		"${1}餐吃了不想吃的，${2}道菜不在惯常的餐次，${3}餐连续吃同一类菜，${4}餐未要求却吃了外国菜或快餐，${5}餐不适合同行人", 0},
	{regexp.MustCompile(`^(\d+) of (\d+) foods asked for served, (\d+) meals not local where local food was near, (\d+) meals of a food declined, (\d+) dishes away from their meal, (\d+) cuisines twice in a row, (\d+) meals from abroad unasked, (\d+) meals unfit for the party$`),
		"想吃的${2}种美食吃到了${1}种，${3}餐附近有当地菜却没吃当地菜，${4}餐吃了不想吃的，${5}道菜不在惯常的餐次，${6}餐连续吃同一类菜，${7}餐未要求却吃了外国菜或快餐，${8}餐不适合同行人", 0},
	{regexp.MustCompile(`^(\d+) of (\d+) foods asked for served, (\d+) meals not local where local food was near$`),
		"想吃的${2}种美食吃到了${1}种，${3}顿附近有当地特色菜却没吃", 0},
	{regexp.MustCompile(`^(\d+) gaps of (\d+) hours or more with a sight open$`), "${1}段${2}小时以上的空闲（仍有景点开放）", 0},
	{regexp.MustCompile(`^(\d+) gaps of (\d+) hours or more with a sight open, (\d+) must-see theme parks seen for less than most of a day$`),
		"${1}段${2}小时以上的空闲（仍有景点开放），${3}个必去主题乐园游玩不足大半天", 0},
	{regexp.MustCompile(`^(\d+) days over (\d+) stops, (\d+) stays unfit for the party$`), "${1}天超过${2}个景点，${3}处住宿不适合同行人", 0},
	{regexp.MustCompile(`^(\d+) days over (\d+) stops, (\d+) stays, (\d+) meal places and (\d+) sights unfit for the party$`),
		"${1}天超过${2}个景点，${3}处住宿、${4}处用餐地点、${5}个景点不适合同行人", 0},
	{regexp.MustCompile(`^(\d+) lunches or dinners missing$`), "缺少${1}顿午餐或晚餐", 0},
	{regexp.MustCompile(`^(\d+) lunches or dinners missing, (\d+) not reachable in the time given$`), "缺少${1}顿午餐或晚餐，${2}顿来不及赶到", 0},
}

// qualityDetail is a score component's detail for the page; "" when a
// Chinese page has no wording for it.
func (b *builder) qualityDetail(detail string) string {
	detail = clean(detail)
	if b.l.Lang != "zh" || detail == "" {
		return detail
	}
	for _, q := range qualityZH {
		m := q.re.FindStringSubmatchIndex(detail)
		if m == nil {
			continue
		}
		if q.list > 0 {
			// Word the listed terms (interests, cuisines) in Chinese.
			terms := strings.Split(detail[m[2*q.list]:m[2*q.list+1]], ", ")
			for i, t := range terms {
				terms[i] = concepts.Word(t, "zh")
			}
			detail = detail[:m[2*q.list]] + strings.Join(terms, "、") + detail[m[2*q.list+1]:]
			m = q.re.FindStringSubmatchIndex(detail)
			if m == nil {
				return ""
			}
		}
		return string(q.re.ExpandString(nil, q.zh, detail, m))
	}
	return ""
}
