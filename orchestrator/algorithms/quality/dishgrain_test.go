package quality_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestDishGranularity: a dish wish is served by the dish itself, head and
// modifiers, not by a sibling: 叉烧酥 by 叉烧酥 (蜜汁叉烧酥), not by 叉烧肠 or
// plain 叉烧; 蟹粉小笼 by 蟹粉小笼(包), not by plain 小笼包; 叉烧 not by 叉烧肠 (a
// rice-noodle roll). A place or a word of praise before the dish keeps it
// the dish: 北京烤鸭 is served by 烤鸭, 正宗热干面 by 热干面.
func TestDishGranularity(t *testing.T) {
	for _, c := range []struct {
		wish, dish string
		want       bool
	}{
		{"叉烧酥", "叉烧酥", true}, {"叉烧酥", "蜜汁叉烧酥", true}, {"叉烧酥", "叉烧肠", false}, {"叉烧酥", "蜜汁叉烧", false},
		{"蟹粉小笼", "蟹粉小笼", true}, {"蟹粉小笼", "石锅蟹粉小笼", true}, {"蟹粉小笼", "蟹粉小笼包", true}, {"蟹粉小笼", "小笼包", false},
		{"蟹粉小笼", "鲜肉小笼", false},
		{"叉烧", "蜜汁叉烧", true}, {"叉烧", "叉烧肠", false},
		{"小笼包", "鲜肉小笼包", true}, {"北京烤鸭", "烤鸭", true}, {"正宗热干面", "热干面", true},
		{"soup dumplings", "小笼包", true},
	} {
		r := &orchestrator.Restaurant{Name: "某餐厅", Dishes: []string{c.dish}}
		if got := quality.NewFood(c.wish).Serves(r); got != c.want {
			t.Errorf("%s served by %s: got %v, want %v", c.wish, c.dish, got, c.want)
		}
	}
}
