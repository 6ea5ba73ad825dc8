package concepts_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
)

// TestSitesOneVisit: a site and its parts are one visit (the halls of the
// Palace Museum, the panda base's museum), two parts of an area are two
// (中山陵 and 明孝陵 in the Purple Mountain area), and far apart the
// names are other places.
func TestSitesOneVisit(t *testing.T) {
	for _, c := range []struct {
		a, b string
		km   float64
		want bool
	}{
		{"故宫博物院", "午门", 0.44, true},
		{"午门", "太和门", 0.18, true},
		{"成都大熊猫繁育研究基地", "成都大熊猫博物馆", 1.08, true},
		{"钟山风景名胜区", "中山陵景区", 1.01, true},
		{"中山陵景区", "陵门", 0.61, true},
		{"中山陵景区", "明孝陵", 1.6, false},
		{"北京动物园", "大熊猫馆", 0.39, true},
		{"大熊猫馆", "北京动物园游船码头", 0.5, false},
		{"故宫博物院", "午门", 900, false},
		{"上海博物馆", "人民广场", 0.17, false},
	} {
		if got := concepts.SameSite(c.a, c.b, c.km); got != c.want {
			t.Errorf("SameSite(%s, %s, %.2f km) = %v, want %v", c.a, c.b, c.km, got, c.want)
		}
	}
	if _, err := concepts.ParseSites("x\t故宫\t午门\tsome\tsrc\n"); err == nil {
		t.Error("ParseSites accepted an unknown kind")
	}
}
