package brief

import (
	"strings"
	"testing"
)

// TestListedSights checks that names listed beside a sight are sights, and
// that people, dates, money, foods and places listed there are not.
func TestListedSights(t *testing.T) {
	for _, c := range []struct{ q, must string }{
		{"哈尔滨三天，中央大街、圣索菲亚教堂、冰雪大世界", "中央大街,圣索菲亚教堂,冰雪大世界"},
		{"去泉州两天，开元寺和西街", "开元寺,西街"},
		{"大理三天，洱海骑行，去双廊和喜洲古镇", "洱海,双廊,喜洲古镇"},
		{"去青岛三天，崂山和啤酒博物馆", "崂山,啤酒博物馆"},
		{"苏州一天，拙政园和周庄", "拙政园,周庄"},
		{"Bangkok 3 days: Grand Palace, Wat Pho and Wat Arun", "Grand Palace,Wat Pho,Wat Arun"},
		{"Hanoi 3 days: Hoan Kiem Lake and the Old Quarter", "Hoan Kiem Lake,Old Quarter"},
		// not sights: people, dates, money, foods, places
		{"杭州三天，西湖和老公", "西湖"},
		{"苏州两天，拙政园、留园和同事两个人", "拙政园,留园"},
		{"上海两天，外滩和周末", "外滩"},
		{"北京三天，故宫和预算5000", "故宫"},
		{"西安三天，兵马俑和火锅", "兵马俑"},
		{"北京三天，故宫和烤鸭", "故宫"},
		{"Beijing 3 days with Tom, the Forbidden City and Peking duck", "Forbidden City"},
		{"Rome 3 days: the Colosseum and the Pantheon with my friend Marco", "Colosseum,Pantheon"},
		{"Kyoto 3 days, Fushimi Inari and Arashiyama, Monday to Wednesday", "Fushimi Inari,Arashiyama"},
		{"We want the Great Wall and Italian food in Beijing, 3 days", "Great Wall"},
		{"Shanghai 3 days, the Bund and Hangzhou", "Bund"},
	} {
		r := ParseRules(c.q, classNow)
		if got := strings.Join(r.Brief.MustVisit, ","); got != c.must {
			t.Errorf("%s: must = %q, want %q", c.q, got, c.must)
		}
	}
}
