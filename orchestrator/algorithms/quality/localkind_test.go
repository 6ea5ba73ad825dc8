package quality_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestLocalNotHotelFareNorOtherChains: the local specialties are not a
// hotel's buffet, lobby bar or café, nor a hotel's Chinese restaurant
// that carries the city's label without a signature dish or a local word
// (Cantonese kitchens in Hangzhou hotels), nor a branch of another city's
// chain (a Hangzhou chain in Nanjing); a hotel restaurant recommending
// the city's dishes and the city's own houses still are.
func TestLocalNotHotelFareNorOtherChains(t *testing.T) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		t.Skipf("dataset chinatravel not present at %s", dir)
	}
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		city     string
		local    []string
		notLocal []string
	}{
		{"杭州", []string{"杭州西湖国宾馆·西湖第一名园·紫薇厅", "浙江西子宾馆·汪庄·牡丹厅"},
			[]string{"杭州友好饭店·西湖旋转全湖景餐厅", "杭州香格里拉饭店·香宫", "杭州康莱德酒店·锦瑟", "千禧度假酒店拾溪餐厅"}},
		{"南京", []string{"小厨娘淮扬菜(牌楼巷店)"},
			[]string{"桂满陇(南京德基广场一期店)", "南京涵碧楼酒店·L Bar 大堂吧", "南京金陵饭店·金海湾自助餐厅"}},
	} {
		trip, err := cat.Trip("上海", []string{c.city})
		if err != nil {
			t.Fatal(err)
		}
		rs := trip.Cities[0].Restaurants.Value
		facts := quality.LocalFacts(c.city, rs)
		byName := map[string]quality.LocalFact{}
		for i := range rs {
			byName[rs[i].Name] = facts[i]
		}
		for _, n := range c.local {
			f, ok := byName[n]
			if !ok {
				t.Errorf("%s: %s not in the data", c.city, n)
			} else if !f.Local() {
				t.Errorf("%s: %s not local (%+v)", c.city, n, f)
			}
		}
		for _, n := range c.notLocal {
			f, ok := byName[n]
			if !ok {
				t.Errorf("%s: %s not in the data", c.city, n)
			} else if f.Local() {
				t.Errorf("%s: %s counted local (%+v)", c.city, n, f)
			}
		}
	}
}
