package brief

import (
	"strings"
	"testing"
)

// TestAvoidFoods: foods a traveller declines reach the brief's
// constraints.avoid_foods (sentences of our own; classNow).
func TestAvoidFoods(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"广州去重庆三天，一家三口，孩子不能吃太辣", "spicy food"},
		{"成都四天，老人不吃辣", "spicy food"},
		{"去长沙玩三天，我们都怕辣", "spicy food"},
		{"3 days in Chengdu with my kids, they can't handle spicy food", "spicy food"},
		{"Chongqing 3 days, nothing spicy please", "spicy food"},
		{"不要火锅，想吃粤菜，去广州三天", "Hot Pot"},
		{"3 days in Xiamen, no seafood please", "Seafood"},
		{"成都三天，想吃火锅", ""},
		{"3 days in Chengdu, love spicy food", ""},
	} {
		r := ParseRules(c.q, classNow)
		if got := strings.Join(r.Brief.Constraints.AvoidFoods, ","); got != c.want {
			t.Errorf("%s: avoid_foods = %q, want %q", c.q, got, c.want)
		}
	}
}
