package quality

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// A meal may say it serves a dish only where the restaurant names it: a
// regional restaurant does not serve every dish of its region (a plan
// once said a 北京菜 house listing 干炸丸子 and 糖醋里脊 served Peking duck).
func TestDishWishNeedsTheDish(t *testing.T) {
	beijing := &orchestrator.Restaurant{Name: "杏园餐厅(西四北大街店)", Cuisines: []string{"北京菜"}, Dishes: []string{"干炸丸子", "糖醋里脊", "小炖肉面"}}
	duckHouse := &orchestrator.Restaurant{Name: "四季民福烤鸭店", Cuisines: []string{"北京菜"}, Dishes: []string{"烤鸭", "宫保虾球"}}
	duckDish := &orchestrator.Restaurant{Name: "大董", Cuisines: []string{"北京菜"}, Dishes: []string{"酥不腻烤鸭"}}
	hubei := &orchestrator.Restaurant{Name: "老通城", Cuisines: []string{"湖北菜"}, Dishes: []string{"三鲜豆皮"}}
	noodles := &orchestrator.Restaurant{Name: "蔡林记", Cuisines: []string{"小吃"}, Dishes: []string{"热干面"}}
	teaHouse := &orchestrator.Restaurant{Name: "点都德(北京路店)", Cuisines: []string{"粤菜"}}
	cantonese := &orchestrator.Restaurant{Name: "炳胜品味", Cuisines: []string{"粤菜"}, Dishes: []string{"黑叉烧"}}
	for _, c := range []struct {
		wish string
		r    *orchestrator.Restaurant
		want bool
	}{
		{"peking duck", beijing, false},
		{"北京烤鸭", beijing, false},
		{"peking duck", duckHouse, true},
		{"peking duck", duckDish, true},
		{"hot dry noodles", hubei, false},
		{"热干面", hubei, false},
		{"热干面", &orchestrator.Restaurant{Name: "融厨湖北菜·铫子排骨藕汤", Cuisines: []string{"湖北菜"}, Dishes: []string{"排骨藕汤", "招牌葱烧武昌鱼"}}, false},
		{"hot dry noodles", noodles, true},
		{"dim sum", teaHouse, true},
		{"dim sum", cantonese, false},
		{"cantonese", cantonese, true},
		{"beijing cuisine", beijing, true},
	} {
		if got := NewFood(c.wish).Serves(c.r); got != c.want {
			t.Errorf("%q served by %s = %v, want %v", c.wish, c.r.Name, got, c.want)
		}
	}
}

// A Chinese dish name is the dish only as the head of a recommended dish.
func TestDishIsTheHead(t *testing.T) {
	for _, c := range []struct {
		dish, name string
		want       bool
	}{
		{"酥不腻烤鸭", "烤鸭", true}, {"北京烤鸭肉饼", "烤鸭", false}, {"招牌盐水鸭", "盐水鸭", true},
		{"鸭血粉丝汤", "鸭血粉丝汤", true}, {"热干面(大份)", "热干面", true}, {"烤鸭套餐", "烤鸭", true},
		{"小笼包", "小笼包", true}, {"蟹粉小笼包", "小笼包", true}, {"鸭血粉丝汤", "鸭血粉丝", true}, {"烤鸭炒饭", "烤鸭", false},
		{"peking duck pancakes", "peking duck", true},
	} {
		if got := dishIs(c.dish, c.name); got != c.want {
			t.Errorf("dishIs(%q, %q) = %v, want %v", c.dish, c.name, got, c.want)
		}
	}
}

// A pie with duck in it is no Peking duck, whichever name of the dish
// finds it.
func TestDuckPieIsNoDuck(t *testing.T) {
	pie := &orchestrator.Restaurant{Name: "河沿肉饼Beijing Pie(锡拉胡同店)", Cuisines: []string{"北京菜"}, Dishes: []string{"牛肉饼", "北京烤鸭肉饼", "麻酱糖饼"}}
	for _, w := range []string{"peking duck", "北京烤鸭", "烤鸭"} {
		if NewFood(w).Serves(pie) {
			t.Errorf("%q served by a pie shop", w)
		}
	}
}
