package brief

import (
	"strings"
	"testing"
)

// visitTimeCases are time-of-day wishes at a sight, in both languages,
// written for issue 31's eighth class (classNow: Wednesday 2026-12-02).
// want is "sight=when;…" in must_visit order; must is must_visit.
var visitTimeCases = []struct{ q, must, want string }{
	{"北京三天，天坛一早去", "天坛", "天坛=early morning"},
	{"北京四天，一大早去故宫，下午逛南锣鼓巷", "故宫,南锣鼓巷", "故宫=early morning;南锣鼓巷=afternoon"},
	{"上海两天，晚上去外滩", "外滩", "外滩=evening"},
	{"上海三天，想看陆家嘴夜景", "陆家嘴", "陆家嘴=night"},
	{"杭州两天，雷峰塔看日落", "雷峰塔", "雷峰塔=sunset"},
	{"黄山三天，在黄山看日出", "黄山", "黄山=sunrise"},
	{"去成都三天，熊猫基地要早上去", "熊猫基地", "熊猫基地=morning"},
	{"重庆两天，洪崖洞夜景必看", "洪崖洞", "洪崖洞=night"},
	{"西安三天，上午兵马俑，晚上大唐不夜城", "兵马俑,大唐不夜城", "兵马俑=morning;大唐不夜城=evening"},
	{"厦门三天，鼓浪屿清晨人少", "鼓浪屿", "鼓浪屿=early morning"},
	{"青岛两天，傍晚去栈桥", "栈桥", "栈桥=evening"},
	{"南京两天，夜游秦淮河", "秦淮河", "秦淮河=night"},
	{"广州两天，晚上看广州塔灯光秀", "广州塔", "广州塔=evening"},
	{"武汉两天，黄鹤楼下午去", "黄鹤楼", "黄鹤楼=afternoon"},
	{"三亚五天，天涯海角看夕阳", "天涯海角", "天涯海角=sunset"},
	{"泰安两天，凌晨爬泰山看日出", "泰山", "泰山=sunrise"},
	{"北京三天，故宫和天坛", "故宫,天坛", ""},
	{"北京三天，晚上到，第二天去故宫", "故宫", ""},
	{"杭州三天，不想晚上去西湖", "", ""},
	{"Shanghai 3 days, the Bund at night and Yu Garden in the morning", "Bund,Yu Garden", "Bund=night;Yu Garden=morning"},
	{"Beijing 4 days, Forbidden City first thing in the morning", "Forbidden City", "Forbidden City=early morning"},
	{"Paris 3 days, the Eiffel Tower at sunset", "Eiffel Tower", "Eiffel Tower=sunset"},
	{"Agra for two days, see the Taj Mahal at sunrise", "Taj Mahal", "Taj Mahal=sunrise"},
	{"Siem Reap 3 days, Angkor Wat for sunrise", "Angkor Wat", "Angkor Wat=sunrise"},
	{"Kyoto 3 days, Fushimi Inari early to beat the crowds", "Fushimi Inari", "Fushimi Inari=early morning"},
	{"Tokyo 5 days, Shibuya Crossing after dark", "Shibuya Crossing", "Shibuya Crossing=night"},
	{"Hong Kong 3 days, Victoria Peak at night", "Victoria Peak", "Victoria Peak=night"},
	{"Rome 4 days, the Colosseum in the afternoon", "Colosseum", "Colosseum=afternoon"},
	{"Venice 2 days, St Mark's Square in the evening", "St Mark's Square", "St Mark's Square=evening"},
	{"New York 4 days, Times Square at night, Central Park in the morning", "Times Square,Central Park", "Times Square=night;Central Park=morning"},
	{"Sydney 5 days, the Opera House lit up at night", "Opera House", "Opera House=night"},
	{"Singapore 3 days, Gardens by the Bay in the evening", "Gardens by the Bay", "Gardens by the Bay=evening"},
	{"London 4 days, Tower Bridge at dusk", "Tower Bridge", "Tower Bridge=sunset"},
	{"Budapest 3 days, Fisherman's Bastion at dawn", "Fisherman's Bastion", "Fisherman's Bastion=sunrise"},
	{"Prague 3 days, Charles Bridge at sunrise before the crowds", "Charles Bridge", "Charles Bridge=sunrise"},
	{"Istanbul 4 days, Hagia Sophia at opening time", "Hagia Sophia", "Hagia Sophia=early morning"},
	{"Dubai 3 days, Burj Khalifa at sunset", "Burj Khalifa", "Burj Khalifa=sunset"},
	{"Paris 3 days, Louvre on a Friday evening", "Louvre", "Louvre=evening"},
	{"Rome 3 days, Colosseum and the Vatican", "Colosseum,Vatican", ""},
	{"Paris 2 nights, Louvre and Orsay", "Louvre,Orsay", ""},
	{"Tokyo 4 days, early flight home, Senso-ji on day one", "Senso-ji", ""},
	{"Kyoto every morning a temple, 3 days, Kinkaku-ji", "Kinkaku-ji", ""},
	{"Paris 3 days, no Eiffel Tower at night please", "", ""},
}

func TestVisitTimes(t *testing.T) {
	for _, tc := range visitTimeCases {
		r := ParseRules(tc.q, classNow)
		var got []string
		for _, v := range r.Brief.VisitTimes {
			got = append(got, v.Sight+"="+v.When)
		}
		if g := strings.Join(r.Brief.MustVisit, ","); tc.must != "" && g != tc.must {
			t.Errorf("%s: must_visit = %q, want %q", tc.q, g, tc.must)
		}
		if g := strings.Join(got, ";"); g != tc.want {
			t.Errorf("%s: visit_times = %q, want %q", tc.q, g, tc.want)
		}
	}
}
