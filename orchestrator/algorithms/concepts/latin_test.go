package concepts

import "testing"

func TestResolvePinyin(t *testing.T) {
	names := []string{"归元禅寺", "武侯祠", "磁器口古镇", "洪崖洞", "解放碑步行街", "西湖风景名胜区", "古德寺", "晴川阁",
		"锦里古街", "宽窄巷子", "黄鹤楼", "长春观", "东湖绿道", "南京路步行街", "天一阁博物院", "金山寺", "青城山", "沙面",
		"大梅沙海滨公园", "户部巷", "李子坝轻轨站", "武汉大学"}
	cands := make([]Candidate, len(names))
	for i, n := range names {
		cands[i] = Candidate{Name: n, Popularity: float64(len(names) - i)}
	}
	for _, tc := range []struct{ q, want string }{
		{"Guiyuan Temple", "归元禅寺"},
		{"the Wuhou Shrine", "武侯祠"},
		{"Ciqikou Ancient Town", "磁器口古镇"},
		{"Hongyadong", "洪崖洞"},
		{"Jiefangbei Pedestrian Street", "解放碑步行街"},
		{"Gude Temple", "古德寺"},
		{"Qingchuan Pavilion", "晴川阁"},
		{"Jinli Ancient Street", "锦里古街"},
		{"Changchun Temple", "长春观"},
		{"Tianyige Museum", "天一阁博物院"},
		{"Jinshan Temple", "金山寺"},
		{"Mount Qingcheng", "青城山"},
		{"Shamian Island", "沙面"},
		{"Dameisha Beach", "大梅沙海滨公园"},
		{"Hubu Alley", "户部巷"},
		{"Liziba Station", "李子坝轻轨站"},
		{"Wuhan University", "武汉大学"},
		{"Nanjing Road", "南京路步行街"},
		// the kind of place must fit, and English words are no pinyin
		{"Guiyuan Tower", ""},
		{"Golden Temple", ""},
		{"Jiefangbei Museum", ""},
		{"Old Summer Palace", ""},
		{"gude", ""}, // too short a stem to trust
	} {
		got := ""
		if i := resolvePinyin(tc.q, cands); i >= 0 {
			got = names[i]
		}
		if got != tc.want {
			t.Errorf("resolvePinyin(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
	// through Resolve, after the table and the Chinese matches (the
	// landmark gazetteer now names 古德寺 too, which Resolve asks first)
	if i, how := Resolve("Gude Temple", cands); i < 0 || names[i] != "古德寺" || (how != "pinyin" && how != "alias") {
		t.Errorf("Resolve(Gude Temple) = %d %q", i, how)
	}
	// the landmark gazetteer names it first
	if i, how := Resolve("Guiyuan Temple", cands); i != 0 || how != "alias" {
		t.Errorf("Resolve(Guiyuan Temple) = %d %q", i, how)
	}
	if i, how := Resolve("Yellow Crane Tower", cands); i < 0 || names[i] != "黄鹤楼" || how != "landmark" {
		t.Errorf("Resolve(Yellow Crane Tower) = %d %q", i, how)
	}
}
