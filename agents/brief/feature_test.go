package brief

import (
	"slices"
	"testing"
	"time"
)

// TestFeatureNamedTowns: a town named like a natural feature ("Pearl
// River", "… Bay", "… Falls") is the feature when the trip's other
// destination lies abroad and nothing asks for the town; it stays a town
// when asked for or beside destinations of its own country.
func TestFeatureNamedTowns(t *testing.T) {
	now := time.Date(2026, 12, 7, 10, 0, 0, 0, time.FixedZone("CST", 8*3600))
	for _, tt := range []struct {
		text      string
		dests     []string
		mustHave  string
		mustNotBe string
	}{
		{"Guangzhou 3 days from Hangzhou, two adults, dim sum and a Pearl River night cruise", []string{"Guangzhou"}, "Pearl River night cruise", ""},
		{"4 days in Shanghai, a walk on the Bund and a Huangpu River boat, from Beijing", []string{"Shanghai"}, "", "Huangpu River"},
		{"Miami and West Palm Beach, 5 days from Atlanta", []string{"Miami", "West Palm Beach"}, "", ""},
		{"We fly from Denver to Twin Falls for 3 days", []string{"Twin Falls"}, "", ""},
		{"从重庆去上海三天，看外滩夜景，坐黄浦江游船", []string{"Shanghai"}, "", "Pujiang"},
		{"南京两天，晚上秦淮河边走走，再坐长江渡轮", []string{"Nanjing"}, "", ""},
		{"去浦江玩两天，从杭州出发", []string{"Pujiang"}, "", ""},
		{"浦江三日游", []string{"Pujiang"}, "", ""},
	} {
		r := ParseRules(tt.text, now)
		if !slices.Equal(r.Brief.Destinations, tt.dests) {
			t.Errorf("%q: destinations %v, want %v", tt.text, r.Brief.Destinations, tt.dests)
		}
		if tt.mustHave != "" && !slices.Contains(r.Brief.MustVisit, tt.mustHave) {
			t.Errorf("%q: must_visit %v, want %q in it", tt.text, r.Brief.MustVisit, tt.mustHave)
		}
		if tt.mustNotBe != "" && slices.Contains(r.Brief.Destinations, tt.mustNotBe) {
			t.Errorf("%q: %q read as a destination", tt.text, tt.mustNotBe)
		}
	}
}
