package amap

import "strings"

// Lodging kinds, as orchestrator.Accommodation.Kind names them.
const (
	KindHotel      = "hotel"
	KindHostel     = "hostel"
	KindGuestHouse = "guest_house"
	KindApartment  = "apartment"
	KindResort     = "resort"
)

// lodgingKinds are matched in order against the levels of a 住宿服务 type
// path, most specific first.
var lodgingKinds = []struct{ word, kind string }{
	{"青年旅舍", KindHostel},
	{"旅舍", KindHostel},
	{"民宿", KindGuestHouse},
	{"客栈", KindGuestHouse},
	{"旅馆", KindGuestHouse},
	{"招待所", KindGuestHouse},
	{"公寓", KindApartment},
	{"度假村", KindResort},
	{"宾馆", KindHotel},
	{"酒店", KindHotel},
}

var starWords = []struct {
	word  string
	stars int
}{{"五星", 5}, {"四星", 4}, {"三星", 3}, {"二星", 2}, {"两星", 2}, {"一星", 1}}

// Lodging reads a POI's Amap type path ("住宿服务;宾馆酒店;五星级宾馆",
// several paths "|"-separated) into a kind of lodging — hotel (宾馆酒店,
// 星级宾馆, 经济型连锁酒店), guest_house (旅馆招待所, 民宿, 客栈), hostel
// (青年旅舍), apartment, resort; "" when the type does not say, as with
// 住宿服务相关 — and its official star rating from the 星级 types (五星级宾馆
// → 5), 0 when it has none. Only the first 住宿服务 path counts.
func Lodging(typ string) (kind string, stars int) {
	var path string
	for _, p := range strings.Split(typ, "|") {
		if strings.HasPrefix(strings.TrimSpace(p), "住宿服务") {
			path = strings.TrimSpace(p)
			break
		}
	}
	if path == "" {
		return "", 0
	}
	levels := strings.Split(path, ";")
	for i := len(levels) - 1; i >= 1 && kind == ""; i-- {
		for _, k := range lodgingKinds {
			if strings.Contains(levels[i], k.word) {
				kind = k.kind
				break
			}
		}
	}
	for _, l := range levels[1:] {
		if !strings.Contains(l, "星级") {
			continue
		}
		for _, s := range starWords {
			if strings.Contains(l, s.word) {
				return kind, s.stars
			}
		}
	}
	return kind, 0
}
