package quality_test

import (
	"slices"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestSignatureDishesDistinctive: in every sandbox city the signature
// dishes are the city's own: Nanjing's hold 盐水鸭 and 鸭血粉丝汤; no city
// where hot pot is not the local cooking has hot-pot offal among them,
// and none has the dishes every city's cafés, western or Japanese
// restaurants list. Each city has some, and a local restaurant.
func TestSignatureDishesDistinctive(t *testing.T) {
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		t.Skipf("dataset chinatravel not present at %s", dir)
	}
	cat, err := datasets.LoadChinaTravel(dir)
	if err != nil {
		t.Fatal(err)
	}
	must := map[string][]string{
		"南京": {"盐水鸭", "鸭血粉丝汤"}, "杭州": {"醋鱼", "东坡肉"}, "武汉": {"热干面"}, "苏州": {"松鼠桂鱼"},
		"北京": {"炸酱面", "卤煮火烧"}, "成都": {"麻婆豆腐"}, "重庆": {"小面"}, "广州": {"干炒牛河"}, "上海": {"响油鳝丝"}, "深圳": {"客家酿豆腐"},
	}
	offal := []string{"毛肚", "鲜毛肚", "鸭肠", "鲜鸭肠", "鹅肠", "鲜鹅肠", "黄喉", "千层肚"}
	never := []string{"提拉米苏", "三文鱼", "三文鱼刺身"}
	for _, c := range []string{"北京", "上海", "南京", "苏州", "杭州", "广州", "深圳", "成都", "重庆", "武汉"} {
		origin := "北京"
		if c == origin {
			origin = "上海"
		}
		trip, err := cat.Trip(origin, []string{c})
		if err != nil {
			t.Fatal(err)
		}
		rs := trip.Cities[0].Restaurants.Value
		sig := quality.SignatureDishes(c, rs)
		for _, d := range must[c] {
			if !slices.Contains(sig, d) {
				t.Errorf("%s: %s not a signature dish; got %v", c, d, sig)
			}
		}
		for _, d := range never {
			if slices.Contains(sig, d) {
				t.Errorf("%s: %s is a signature dish", c, d)
			}
		}
		if c != "成都" && c != "重庆" {
			for _, d := range offal {
				if slices.Contains(sig, d) {
					t.Errorf("%s: hot-pot offal %s is a signature dish", c, d)
				}
			}
		}
		locals := 0
		for i, f := range quality.LocalFacts(c, rs) {
			if f.Local() {
				locals++
			}
			if f.Local() && (f.Foreign || f.Other) {
				t.Errorf("%s: %s is local and foreign or another region's", c, rs[i].Name)
			}
		}
		if locals == 0 {
			t.Errorf("%s: no local restaurant", c)
		}
	}
}

// TestLocalFactsWithoutData: a catalog without recommended dishes has no
// signature dish and marks no chain; a city the local-food table lacks
// knows no local cuisine.
func TestLocalFactsWithoutData(t *testing.T) {
	rs := []orchestrator.Restaurant{{Name: "A (1)", Cuisines: []string{"Italian"}}, {Name: "A (2)", Cuisines: []string{"Italian"}}}
	for i, f := range quality.LocalFacts("Orlando", rs) {
		if f != (quality.LocalFact{}) {
			t.Errorf("restaurant %d: got %+v, want nothing", i, f)
		}
	}
}
