package concepts_test

import (
	"slices"
	"testing"

	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// TestDishWords checks the dish table both ways: English wishes reach the
// Chinese names and Chinese wishes the English ones, the longest name
// decides and a usual name beats a member of a wider dish.
func TestDishWords(t *testing.T) {
	for _, tc := range []struct {
		wish      string
		want, not []string
	}{
		{"soup dumplings", []string{"小笼包", "xiaolongbao"}, nil},
		{"Xiaolongbao", []string{"小笼包", "汤包"}, []string{"xiaolongbao"}},
		{"West Lake vinegar fish", []string{"西湖醋鱼", "醋鱼"}, nil},
		{"北京烤鸭", []string{"烤鸭", "peking duck"}, nil},
		{"dim sum", []string{"早茶", "点心", "虾饺"}, nil},
		{"虾饺", []string{"har gow"}, []string{"早茶"}},
		{"lamb hot pot", []string{"涮羊肉"}, []string{"火锅"}},
		{"hot dry noodles", []string{"热干面"}, nil},
		{"duck blood soup", []string{"鸭血粉丝"}, nil},
		{"noodles", nil, []string{"热干面", "担担面"}},
		{"yangzhou fried rice", []string{"扬州炒饭"}, nil},
		{"kimchi", []string{"辣白菜"}, []string{"泡菜"}},
		{"泡菜", []string{"paocai"}, []string{"kimchi", "辣白菜"}},
		{"粢饭团", []string{"cifantuan"}, []string{"onigiri"}},
		{"yakitori", []string{"烧鸟"}, []string{"串烧"}},
		{"fresh spring rolls", []string{"越南春卷"}, []string{"春卷"}},
		{"egg waffles", []string{"鸡蛋仔"}, []string{"华夫饼"}},
		{"glutinous rice balls", []string{"汤圆"}, []string{"饭团"}},
		{"museums", nil, nil},
	} {
		got := concepts.DishWords(tc.wish)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("DishWords(%q) = %q, want %q among them", tc.wish, got, w)
			}
		}
		for _, w := range tc.not {
			if slices.Contains(got, w) {
				t.Errorf("DishWords(%q) = %q, want no %q", tc.wish, got, w)
			}
		}
		if tc.want == nil && got != nil {
			t.Errorf("DishWords(%q) = %q, want none", tc.wish, got)
		}
	}
	if _, err := concepts.ParseDishes("x\tsoup\t汤\n"); err == nil {
		t.Error("ParseDishes accepted a row without a source")
	}
}
