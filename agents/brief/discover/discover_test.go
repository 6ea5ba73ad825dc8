package discover

import (
	"reflect"
	"testing"
)

func names(cs []Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range Table() {
		if seen[d.Name] {
			t.Errorf("%s listed twice", d.Name)
		}
		seen[d.Name] = true
		if d.Cost < 1 || d.Cost > 3 || len(d.Tags) == 0 || d.Lat == 0 {
			t.Errorf("%s: bad row %+v", d.Name, d)
		}
	}
	if len(seen) < 50 {
		t.Fatalf("only %d destinations", len(seen))
	}
}

func TestRank(t *testing.T) {
	shanghai := Wish{FromLat: 31.23, FromLon: 121.47, FromCC: "CN", HasFrom: true, Domestic: "CN"}
	for _, tt := range []struct {
		name  string
		wish  func(w Wish) Wish
		first string
		none  bool
	}{
		{"sea from Shanghai in December, 3 days", func(w Wish) Wish { w.Concepts, w.Month, w.Days = []string{"sea"}, 12, 3; return w }, "Zhoushan", false},
		{"snow in January from Shanghai, 4 days", func(w Wish) Wish { w.Concepts, w.Month, w.Days = []string{"snow"}, 1, 4; return w }, "", false},
		{"warm in December, a week, no origin", func(w Wish) Wish { return Wish{Concepts: []string{"warm"}, Month: 12, Days: 7} }, "", false},
		{"desert and sea nowhere", func(w Wish) Wish { w.Concepts = []string{"desert", "ski"}; return w }, "", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.wish(shanghai)
			got := Rank(w, 4)
			if tt.none {
				if len(got) != 0 {
					t.Fatalf("got %v, want none", names(got))
				}
				return
			}
			if len(got) == 0 {
				t.Fatal("no candidates")
			}
			if tt.first != "" && got[0].Name != tt.first {
				t.Errorf("first %s, want %s (all %v)", got[0].Name, tt.first, names(got))
			}
			for _, c := range got {
				for _, k := range w.Concepts {
					if k == "snow" && (c.Temp[w.Month-1] > 8 || !c.Has("snow")) {
						t.Errorf("%s offered for snow at %.1f°C", c.Name, c.Temp[w.Month-1])
					}
					if k == "warm" && c.Temp[w.Month-1] < 20 {
						t.Errorf("%s offered as warm at %.1f°C", c.Name, c.Temp[w.Month-1])
					}
					if k == "sea" && !c.Has("sea") {
						t.Errorf("%s offered for the sea", c.Name)
					}
				}
			}
			if again := Rank(w, 4); !reflect.DeepEqual(names(again), names(got)) {
				t.Errorf("not deterministic: %v then %v", names(got), names(again))
			}
		})
	}
}
