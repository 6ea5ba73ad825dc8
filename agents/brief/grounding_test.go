package brief

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tripweave/tripweave/orchestrator/adapters/datasets"
)

// sandboxAttractions reads the ChinaTravel sandbox's attraction names per
// city, as the knowledge cache would hold them.
func sandboxAttractions(t *testing.T) Attractions {
	t.Helper()
	dir, err := datasets.Locate("chinatravel")
	if err != nil {
		if os.Getenv("TRIPWEAVE_REQUIRE_INTEGRATION") == "1" {
			t.Fatalf("chinatravel sandbox: %v", err)
		}
		t.Skipf("chinatravel sandbox not available (%v)", err)
	}
	held := map[string][]string{}
	for city, folder := range map[string]string{"Chongqing": "chongqing", "Xiamen": "", "Nanjing": "nanjing", "Chengdu": "chengdu", "Wuhan": "wuhan"} {
		if folder == "" {
			continue
		}
		f, err := os.Open(filepath.Join(dir, "attractions", folder, "attractions.csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows[1:] {
			held[city] = append(held[city], r[1])
		}
	}
	return func(city string) []string { return held[city] }
}

// TestGroundingAgainstHeldAttractions checks that must-see sights are
// matched against the attractions held for the destination, through any
// of a landmark's names, and that held attractions no rule placed are
// read as must-see sights.
func TestGroundingAgainstHeldAttractions(t *testing.T) {
	p, err := New(Options{Attractions: sandboxAttractions(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ q, must, note string }{
		{"Chongqing 3 days, Hongya Cave for sure", "Hongya Cave", "Hongya Cave = 洪崖洞"},
		{"重庆三天，想去长江索道", "长江索道", "长江索道 = 长江索道"},
		{"南京两天，老门东和先锋书店", "老门东,先锋书店", "先锋书店 = 先锋书店(玄武湖分店) (Nanjing)"},
		{"成都三天，去人民公园喝茶", "人民公园", "人民公园"},
		{"南京两天，不去先锋书店", "", ""},
		// names in pinyin, whole or with their kind in English (no landmark of the table)
		{"Wuhan 2 days, Gude Temple and Qingchuan Pavilion", "Gude Temple,Qingchuan Pavilion", "Gude Temple = 古德寺 (Wuhan)"},
		{"Wuhan 2 days: Yellow Crane Tower, then a walk in Tanhualin", "Yellow Crane Tower,Tanhualin", "Tanhualin = 昙华林 (Wuhan)"},
		{"Wuhan 2 days, Chuhe Hanjie in the evening", "Chuhe Hanjie", "Chuhe Hanjie = 楚河汉街 (Wuhan)"},
		{"Wuhan 2 days in April with my Wife", "", ""},
	} {
		r, err := p.Parse(context.Background(), tc.q, classNow)
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		if got := strings.Join(r.Brief.MustVisit, ","); got != tc.must {
			t.Errorf("%s: must = %q, want %q (notes %q)", tc.q, got, tc.must, r.Notes)
		}
		if notes := strings.Join(r.Notes, "\n"); tc.note != "" && !strings.Contains(notes, tc.note) {
			t.Errorf("%s: no note %q in %q", tc.q, tc.note, r.Notes)
		}
	}
}
