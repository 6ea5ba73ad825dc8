package brief

import (
	"slices"
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

// TestNightViewWords: a sight "at night", a "night view" or "after dark"
// asks for night views; 三天两夜 does not (sentences of our own).
func TestNightViewWords(t *testing.T) {
	for _, c := range []struct {
		q    string
		want bool
	}{
		{"Chengdu to Shanghai, 4 days, two colleagues, the Bund at night", true},
		{"Shanghai 3 days, Bund night view, local food", true},
		{"Hong Kong 3 days, Victoria Harbour after dark", true},
		{"南京三天，想看秦淮河的夜色", true},
		{"羊城三天两夜游", false},
		{"Nanjing 3 days, museums and temples", false},
	} {
		got := slices.Contains(ParseRules(c.q, classNow).Brief.Interests, "night views")
		if got != c.want {
			t.Errorf("%s: night views = %v, want %v", c.q, got, c.want)
		}
	}
}

// TestAmountIsNoSight: a currency after an amount in a list of sights is
// no sight (a colleague's request got must_visit CNY).
func TestAmountIsNoSight(t *testing.T) {
	for _, q := range []string{
		"Guangzhou to Hangzhou, 3 days, solo, 2500 CNY, West Lake in the morning, Lingyin Temple",
		"Beijing 4 days, couple, 800 USD, Forbidden City, Temple of Heaven",
	} {
		for _, m := range ParseRules(q, classNow).Brief.MustVisit {
			if m == "CNY" || m == "USD" {
				t.Errorf("%s: must_visit holds %q", q, m)
			}
		}
	}
}

// TestPastDatesKeepTheLength: dates in the past are asked about, and the
// trip's length they give stays in the brief (sentences of our own).
func TestPastDatesKeepTheLength(t *testing.T) {
	for _, c := range []struct {
		q    string
		days int
	}{
		{"Please plan a 4-day trip for two from Austin to Denver, April 2nd to April 5th, 2022, budget $3,000.", 4},
		{"Trip from Boston to Miami from June 10 to June 12, 2021 for one person", 3},
	} {
		r := ParseRules(c.q, classNow)
		if r.Brief.Days != c.days {
			t.Errorf("%s: days = %d, want %d", c.q, r.Brief.Days, c.days)
		}
		asked := false
		for _, q := range r.Questions {
			asked = asked || q.Field == "dates"
		}
		if !asked {
			t.Errorf("%s: past dates not asked about", c.q)
		}
	}
}
