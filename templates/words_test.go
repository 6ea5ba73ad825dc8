package templates

import "testing"

func TestPlaceName(t *testing.T) {
	tests := []struct{ name, lang, want string }{
		{"Chengdu", "zh", "成都"},
		{"Hangzhou", "zh", "杭州"},
		{"Xi'an", "zh", "西安"},
		{"Kyoto", "zh", "京都"},
		{"Japan", "zh", "日本"},
		{"成都", "zh", "成都"},
		{"Chengdu", "en", "Chengdu"},
		{"Nowhereville", "zh", "Nowhereville"},
		{"", "zh", ""},
	}
	for _, tt := range tests {
		if got := PlaceName(tt.name, tt.lang); got != tt.want {
			t.Errorf("PlaceName(%q, %q) = %q, want %q", tt.name, tt.lang, got, tt.want)
		}
	}
	if got := PlaceNames([]string{"Beijing", "Shanghai"}, "zh"); got != "北京、上海" {
		t.Errorf("PlaceNames = %q", got)
	}
}
