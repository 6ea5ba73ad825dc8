package amap

import "testing"

func TestLodging(t *testing.T) {
	tests := []struct {
		typ   string
		kind  string
		stars int
	}{
		{"住宿服务;宾馆酒店;五星级宾馆", KindHotel, 5},
		{"住宿服务;宾馆酒店;四星级宾馆", KindHotel, 4},
		{"住宿服务;宾馆酒店;三星级宾馆", KindHotel, 3},
		{"住宿服务;宾馆酒店;宾馆酒店", KindHotel, 0},
		{"住宿服务;宾馆酒店;经济型连锁酒店", KindHotel, 0},
		{"住宿服务;宾馆酒店;奢华酒店", KindHotel, 0},
		{"住宿服务;旅馆招待所;旅馆招待所", KindGuestHouse, 0},
		{"住宿服务;旅馆招待所;青年旅舍", KindHostel, 0},
		{"住宿服务;住宿服务相关;住宿服务相关", "", 0},
		{"餐饮服务;中餐厅;中餐厅|住宿服务;宾馆酒店;五星级宾馆", KindHotel, 5},
		{"住宿服务;宾馆酒店;五星级宾馆|餐饮服务;餐饮相关场所;餐饮相关", KindHotel, 5},
		{"风景名胜;风景名胜;国家级景点", "", 0},
		{"", "", 0},
	}
	for _, tt := range tests {
		if kind, stars := Lodging(tt.typ); kind != tt.kind || stars != tt.stars {
			t.Errorf("Lodging(%q) = %q, %d; want %q, %d", tt.typ, kind, stars, tt.kind, tt.stars)
		}
	}
}
