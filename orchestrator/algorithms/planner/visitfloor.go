package planner

import "github.com/tripweave/tripweave/orchestrator"

// visitFloor is the least time, in minutes, a visit to a major sight
// takes, by the catalog's exact name: the ChinaTravel sandbox gives
// 故宫博物院 0.5–1 h and 颐和园 0.5–1 h, so the Forbidden City got 45 minutes
// while an art district got three hours. visitMinutes raises a sight's
// visit to its floor (the 240-minute cap still holds); the plan's stop
// times are then the planner's estimate, not the data's (docs/plan-quality.md).
//
// Sources: the sights' own visitor guides and Wikipedia articles, which
// describe the grounds and the routes a visit follows:
//   - 故宫博物院: 72 ha, the Palace Museum's suggested central-axis and
//     east/west routes take 2–4 h (dpm.org.cn visitor guide).
//   - 颐和园: 290 ha, the Summer Palace's classic route (East Palace Gate,
//     Long Corridor, Marble Boat, Kunming Lake) 3–4 h (summerpalace-china.com).
//   - 圆明园: 350 ha of ruins and lakes, 2–3 h.
//   - 八达岭长城, 慕田峪长城: walking the restored sections with the cable car or
//     the climb, 2.5–4 h on the wall (mutianyugreatwall.com).
//   - 上海博物馆: eleven galleries on four floors, 2–3 h (shanghaimuseum.net).
//   - 成都大熊猫繁育研究基地: 106 ha of enclosures, the base suggests 2–3 h
//     (panda.org.cn).
//   - 都江堰景区, 青城山: the irrigation works' walk, the mountain's front
//     trail, half a day each.
//   - 灵隐寺: the temple with 飞来峰's carvings on the way in, about 2 h.
//   - 恭王府: the mansion and its garden, about 2 h (pgm.org.cn).
//   - 世界之窗, 上海迪士尼度假区, 北京环球度假区: theme parks, a day (the cap).
var visitFloor = map[string]int{
	"故宫博物院":       180,
	"颐和园":         180,
	"圆明园":         150,
	"八达岭长城":       180,
	"慕田峪长城":       180,
	"上海博物馆":       150,
	"成都大熊猫繁育研究基地": 150,
	"都江堰景区":       180,
	"青城山":         180,
	"灵隐寺":         120,
	"恭王府":         120,
	"世界之窗":        240,
	"上海迪士尼度假区":    240,
	"北京环球度假区":     240,
}

// visitEstimated reports whether a visit of visit minutes to a is longer
// than the data's longest recommended time: the visit floor above, a
// must-see's full day or a relaxed pace's stay made it the planner's
// estimate. A sight the data gives no time for is not flagged: its
// default length is no longer than the data could be.
func visitEstimated(a *orchestrator.Attraction, visit int) bool {
	longest := max(a.VisitMinMinutes, a.VisitMaxMinutes)
	return longest > 0 && visit > longest
}
