package landmarks

import "testing"

// TestRomanised checks that sights are found by their pinyin, whole or
// with an English word for their kind, and that short or shared keys are
// not indexed.
func TestRomanised(t *testing.T) {
	x, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ letters, want string }{
		{"wuhouci", "武侯祠"}, {"tiantanpark", "天坛"}, {"kuanzhaixiangzi", "宽窄巷子"}, {"zhuozhenggarden", "拙政园"},
		{"huanghelou", "黄鹤楼"}, {"hubuxiang", "户部巷"}, {"zhongshanling", "中山陵"}, {"yiheyuan", "颐和园"},
		{"mtemei", "峨眉山"}, {"emeimountain", "峨眉山"}, {"sushi", ""}, {"santa", ""}, {"xihu", ""},
	} {
		got := ""
		if s := x.Romanised(c.letters); s != nil {
			got = s.NameZH
		}
		if got != c.want {
			t.Errorf("Romanised(%q) = %q, want %q", c.letters, got, c.want)
		}
	}
	if !x.RomanisedPrefix("wuhou") || x.RomanisedPrefix("wuhouci") {
		t.Error("prefixes: wuhou is one, wuhouci (a whole key) is none")
	}
}
