package concepts_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

func TestLookup(t *testing.T) {
	for _, tc := range []struct{ term, kind, want string }{
		{"Sichuan", concepts.Cuisine, "sichuan"},
		{"川菜", concepts.Cuisine, "sichuan"},
		{"吃火锅", concepts.Cuisine, "hotpot"},
		{"Hot Pot", concepts.Cuisine, "hotpot"},
		{"dim sum", concepts.Cuisine, "dimsum"},
		{"pandas", concepts.Sight, "pandas"},
		{"喜欢园林", concepts.Sight, "gardens"},
		{"temples", concepts.Sight, "temples"},
		{"夜景", concepts.Sight, "night"},
		{"night views", concepts.Sight, "night"},
		{"the Great Wall", concepts.Landmark, "greatwall"},
		{"Georgian", concepts.Cuisine, ""},
		{"tea", concepts.Sight, "teaculture"},
		{"茶园", concepts.Sight, "teaculture"},
		{"tea", concepts.Cuisine, "tea"},
		{"Hangzhou", concepts.Cuisine, "jiangzhe"},
		{"Hangzhou", "", ""}, // a kind-only alias: elsewhere the city
		{"theme parks", concepts.Sight, "themeparks"},
		{"national parks", concepts.Sight, "nature"},
	} {
		c := concepts.Lookup(tc.term, tc.kind)
		got := ""
		if c != nil {
			got = c.ID
		}
		if got != tc.want {
			t.Errorf("Lookup(%q, %s) = %q, want %q", tc.term, tc.kind, got, tc.want)
		}
	}
}

func TestMatch(t *testing.T) {
	sichuan := concepts.For("Sichuan", concepts.Cuisine)
	if !sichuan.Restaurant("陈麻婆豆腐", []string{"川菜"}) {
		t.Error("川菜 restaurant does not serve Sichuan")
	}
	if sichuan.Restaurant("鹤鸣茶社", []string{"茶馆/茶室"}) {
		t.Error("a teahouse serves Sichuan")
	}
	hotpot := concepts.For("火锅", concepts.Cuisine)
	if !hotpot.Restaurant("大龙燚火锅", []string{"火锅"}) || !hotpot.Restaurant("Some Place", []string{"Hot Pot"}) {
		t.Error("hot pot not matched")
	}
	bar := concepts.For("bar", concepts.Cuisine)
	if bar.Restaurant("Smoky Barbecue", []string{"BBQ"}) {
		t.Error("bar matches barbecue: Latin terms must match whole words")
	}
	gardens := concepts.For("gardens", concepts.Sight)
	if !gardens.Attraction("拙政园", "园林", nil) || gardens.Attraction("人民公园", "公园", nil) {
		t.Error("gardens: 拙政园 should match and 人民公园 should not")
	}
	temples := concepts.For("temples", concepts.Sight)
	if !temples.Attraction("寒山寺", "历史古迹", nil) || temples.Attraction("故宫博物院", "历史古迹", nil) {
		t.Error("temples: 寒山寺 should match, 故宫 should not")
	}
	pandas := concepts.For("pandas", concepts.Sight)
	if !pandas.Attraction("成都大熊猫繁育研究基地", "游乐园/体育娱乐", nil) {
		t.Error("panda base is not about pandas")
	}
	for _, name := range []string{"熊猫主题邮局", "熊猫剧院", "Panda Hotel"} {
		if pandas.Attraction(name, "商业街区", nil) {
			t.Errorf("%s counts as a place to see pandas", name)
		}
	}
	tea := concepts.Lookup("tea", concepts.Sight)
	if !tea.Attraction("龙井村", "文化旅游区", nil) || !tea.Attraction("中国茶叶博物馆", "博物馆/纪念馆", nil) || tea.Attraction("望湖楼茶餐厅", "其它", nil) {
		t.Error("tea: 龙井村 and the tea museum should match, a 茶餐厅 should not")
	}
	unknown := concepts.For("Georgian", concepts.Cuisine)
	if !unknown.Literal() || !unknown.Restaurant("X", []string{"Georgian, Cafe"}) {
		t.Error("a literal concept should match its own term")
	}
}

func TestBreakfastEvening(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cuisines []string
		want     bool
	}{
		{"鹤鸣茶社", []string{"茶馆/茶室"}, true},
		{"大龙燚火锅", []string{"火锅"}, false},
		{"包子铺", []string{"小吃"}, true},
		{"烧烤小吃", []string{"烧烤"}, false},
		{"廊桥", []string{"川菜"}, false},
		{"Cafe X", []string{"Cafe, Bakery"}, true},
	} {
		if got := concepts.ServesBreakfast(tc.name, tc.cuisines); got != tc.want {
			t.Errorf("ServesBreakfast(%s, %v) = %v, want %v", tc.name, tc.cuisines, got, tc.want)
		}
	}
	if !concepts.Evening("重庆夜游", "人文景观", nil) || concepts.Evening("洪崖洞", "人文景观", nil) {
		t.Error("Evening")
	}
	if concepts.OnceGroup("重庆长江三峡游船", "游乐园/体育娱乐", nil) != "cruise" {
		t.Error("cruise group")
	}
}

func TestResolve(t *testing.T) {
	cands := []concepts.Candidate{{Name: "金山岭长城", Popularity: 1}, {Name: "慕田峪长城索道滑道", Popularity: 9}, {Name: "八达岭长城", Popularity: 8}, {Name: "慕田峪长城", Popularity: 9}, {Name: "拙政园", Popularity: 5}, {Name: "故宫博物院", Popularity: 10}}
	for _, tc := range []struct {
		q    string
		want int
	}{
		{"长城", 2}, {"the Great Wall", 2}, {"拙政园", 4}, {"拙政园景区", 4}, {"Forbidden City", 5}, {"故宫", 5}, {"Louvre", -1},
	} {
		if got, _ := concepts.Resolve(tc.q, cands); got != tc.want {
			t.Errorf("Resolve(%q) = %d, want %d", tc.q, got, tc.want)
		}
	}
}

func TestSameSite(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		km   float64
		want bool
	}{
		{"夫子庙", "夫子庙秦淮风光带", 0.1, true},
		{"秦淮河", "夫子庙秦淮风光带", 0.1, true},
		{"夫子庙", "秦淮河", 0.1, true},
		{"拙政园", "留园", 2, false},
		{"人民公园", "中山公园", 0.5, false},
		{"Central Park", "Central Park Zoo", -1, true},
	} {
		if got := concepts.SameSite(tc.a, tc.b, tc.km); got != tc.want {
			t.Errorf("SameSite(%s, %s, %v) = %v, want %v", tc.a, tc.b, tc.km, got, tc.want)
		}
	}
}

func TestWord(t *testing.T) {
	for _, c := range []struct{ term, lang, want string }{
		{"gardens", "zh", "园林"},
		{"Sichuan", "zh", "川菜"},
		{"园林", "en", "garden"},
		{"园林", "zh", "园林"},
		{"Georgian", "zh", "Georgian"},
		{"Hangzhou", "zh", "Hangzhou"},
	} {
		if got := concepts.Word(c.term, c.lang); got != c.want {
			t.Errorf("Word(%q, %s) = %q, want %q", c.term, c.lang, got, c.want)
		}
	}
}

func TestCategory(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cuisines []string
		want     string
	}{
		{"大龙燚火锅", []string{"火锅"}, "火锅"},
		{"Pizzeria", []string{"Italian", "Pizza"}, "italian"},
		{"小龙坎火锅", nil, "hotpot"},
		{"中餐厅", []string{" "}, ""},
		{"Somewhere", nil, ""},
	} {
		if got := concepts.Category(tc.name, tc.cuisines); got != tc.want {
			t.Errorf("Category(%s, %v) = %q, want %q", tc.name, tc.cuisines, got, tc.want)
		}
	}
}
