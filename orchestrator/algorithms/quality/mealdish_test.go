package quality_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestFoodAcrossScripts: a wish in pinyin, English or another word order
// reaches the data's Chinese names: by the meal-dish table, the English
// words in any order, the pinyin read syllable by syllable against the
// data's dishes and a famous shop's name, a Chinese variant of the same
// characters and head. Look-alikes stay apart.
func TestFoodAcrossScripts(t *testing.T) {
	for _, c := range []struct {
		wish, name, dish string
		want             bool
	}{
		// pinyin of the data's dishes (not in any table)
		{"hutang fen", "某店", "鲜鱼糊汤粉", true},
		{"Hutangfen", "某店", "糊汤粉(大碗)", true},
		{"maoxuewang", "某店", "鲜虾毛血旺", true},
		{"douhua fan", "某店", "豆花饭", true},
		{"douhua fan", "某店", "麻婆豆花", false}, // 豆花 is no 豆花饭
		{"qingtang yufen", "某店", "清汤鱼粉", true},
		{"suanla fen", "某店", "酸辣粉", true},
		{"suanla fen", "某店", "酸辣土豆丝", false},
		// a famous old shop by its name
		{"Quanjude", "全聚德(前门店)", "", true},
		{"Songhelou", "松鹤楼(山塘街店)", "", true},
		{"Quanjude", "四季民福烤鸭店", "烤鸭", false},
		{"松鹤楼", "松鹤楼(观前店)", "", true},
		// English names and word orders
		{"eight treasure duck", "某店", "八宝鸭", true},
		{"pork rib lotus soup", "某店", "莲藕排骨汤", true},
		{"lotus root soup with pork ribs", "某店", "排骨藕汤", true},
		{"small wontons", "某店", "荠菜小馄饨", true},
		{"braised pork noodles", "某店", "焖肉面", true},
		{"aozao noodles", "某店", "红油爆鱼奥灶面", true},
		{"xiaolongbao", "某店", "鲜肉小笼包", true},
		// Chinese variants: the same characters and head
		{"排骨藕汤", "某店", "莲藕排骨汤", true},
		{"排骨藕汤", "某店", "排骨", false},
		{"焖肉面", "某店", "苏式焖肉面", true},
		{"奥灶面", "某店", "奥灶面", true},
		{"牛肉面", "某店", "牛肉", false},
		// English not pinyin stays English
		{"dim sum", "某店", "虾饺", true},
		{"fan", "某店", "炒饭", false},
	} {
		r := &orchestrator.Restaurant{Name: c.name}
		if c.dish != "" {
			r.Dishes = []string{c.dish}
		}
		if got := quality.NewFood(c.wish).Serves(r); got != c.want {
			t.Errorf("%q served by %s %s: got %v, want %v", c.wish, c.name, c.dish, got, c.want)
		}
	}
}

// TestDishMeal: the customary meal of a dish named in either language.
func TestDishMeal(t *testing.T) {
	for _, c := range []struct{ wish, want string }{
		{"生煎", quality.DishBreakfast}, {"shengjian", quality.DishBreakfast}, {"小笼包", quality.DishBreakfast},
		{"soup dumplings", quality.DishBreakfast}, {"豆浆油条", quality.DishBreakfast}, {"热干面", quality.DishBreakfast},
		{"dim sum", quality.DishBreakfast}, {"早茶", quality.DishBreakfast}, {"肠粉", quality.DishBreakfast},
		{"小馄饨", quality.DishBreakfast}, {"焖肉面", quality.DishBreakfast}, {"hutang fen", quality.DishBreakfast},
		{"火锅", quality.DishDinner}, {"hot pot", quality.DishDinner}, {"北京烤鸭", quality.DishDinner}, {"Peking duck", quality.DishDinner},
		{"毛血旺", ""}, {"盐水鸭", ""}, {"川菜", ""}, {"local specialties", ""},
	} {
		if got := quality.DishMeal(c.wish); got != c.want {
			t.Errorf("DishMeal(%q) = %q, want %q", c.wish, got, c.want)
		}
	}
}
