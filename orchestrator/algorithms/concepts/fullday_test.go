package concepts

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestFullDayRule checks the kind-and-scale rule on the sandbox's figures.
func TestFullDayRule(t *testing.T) {
	cny := func(yuan int64) *orchestrator.Money { return &orchestrator.Money{Cents: yuan * 100, Currency: "CNY"} }
	hours := func(o, c string) []orchestrator.OpeningHours { return []orchestrator.OpeningHours{{Open: o, Close: c}} }
	for _, tc := range []struct {
		a    orchestrator.Attraction
		want bool
	}{
		{orchestrator.Attraction{Name: "上海迪士尼度假区", Price: cny(399), Hours: hours("08:30", "21:30")}, true},
		{orchestrator.Attraction{Name: "北京环球度假区", Price: cny(503), Hours: hours("09:00", "21:00")}, true},
		{orchestrator.Attraction{Name: "长隆野生动物世界", Price: cny(300), Hours: hours("09:30", "18:00")}, true},
		{orchestrator.Attraction{Name: "世界之窗", Price: cny(115), Hours: hours("09:30", "21:30")}, true},
		{orchestrator.Attraction{Name: "上海欢乐谷", Price: cny(150), Hours: hours("09:30", "19:00")}, true},
		{orchestrator.Attraction{Name: "广州融创乐园", Price: cny(208), Hours: hours("09:00", "18:00")}, true},
		// an evening show of a park brand, a small park, a free promenade, a show park
		{orchestrator.Attraction{Name: "广州长隆国际大马戏", Price: cny(350), Hours: hours("15:00", "21:00")}, false},
		{orchestrator.Attraction{Name: "蓝精灵乐园-上海世茂精灵之城主题乐园", Price: cny(156), Hours: hours("10:00", "18:00")}, false},
		{orchestrator.Attraction{Name: "深圳欢乐海岸", Price: cny(0), Hours: hours("00:00", "24:00")}, false},
		{orchestrator.Attraction{Name: "杭州宋城", Price: cny(300), Hours: hours("09:30", "21:00")}, false},
		{orchestrator.Attraction{Name: "Disneyland", Price: &orchestrator.Money{Cents: 15000, Currency: "USD"}, Hours: hours("08:00", "23:00")}, false},
	} {
		if got := FullDay(&tc.a); got != tc.want {
			t.Errorf("FullDay(%s) = %v, want %v", tc.a.Name, got, tc.want)
		}
	}
}
