package quality_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

func TestUnfitVenue(t *testing.T) {
	cases := []struct {
		name     string
		cuisines []string
		children bool
		want     string
	}{
		{"九眼桥精酿小酒馆", []string{"酒吧/酒馆"}, true, quality.VenueBar},
		{"九眼桥精酿小酒馆", []string{"酒吧/酒馆"}, false, quality.VenueLight},
		{"麦乐迪KTV(春熙路店)", []string{"烧烤"}, true, quality.VenueBar},
		{"麦乐迪KTV(春熙路店)", []string{"烧烤"}, false, quality.VenueFits},
		{"多少楼台烟雨中·淮扬小酒馆", []string{"江浙菜"}, true, quality.VenueFits},
		{"不二·民谣音乐餐酒吧(九眼桥店)", []string{"川菜"}, true, quality.VenueFits},
		{"The Old Pub", []string{"Pub", "American"}, true, quality.VenueBar},
		{"一点点奶茶(来福士店)", nil, false, quality.VenueLight},
		{"Manner Coffee", nil, true, quality.VenueLight},
		{"UNIUNI(凯瑟琳广场店)", []string{"面包甜点"}, false, quality.VenueLight},
		{"南京大牌档(夫子庙店)", []string{"江浙菜"}, true, quality.VenueFits},
		{"Sushi bar Ken", []string{"Japanese"}, true, quality.VenueFits},
	}
	for _, c := range cases {
		if got := quality.UnfitVenue(c.name, c.cuisines, c.children); got != c.want {
			t.Errorf("UnfitVenue(%q, %v, %v) = %q, want %q", c.name, c.cuisines, c.children, got, c.want)
		}
	}
}

// TestVenueObjection: a bar dinner for a party with children and a
// milk-tea lunch are objected to; a tea house the traveller asked for is
// not, nor a bar dinner for adults who asked for bars.
func TestVenueObjection(t *testing.T) {
	rs := []orchestrator.Restaurant{
		{ID: "bar", Name: "小酒馆", Cuisines: []string{"酒吧/酒馆"}},
		{ID: "tea", Name: "蜀风茶馆", Cuisines: []string{"茶馆/茶室"}},
		{ID: "milk", Name: "霸王茶姬奶茶"},
		{ID: "dish", Name: "陈麻婆豆腐", Cuisines: []string{"川菜"}},
	}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "成都", Restaurants: &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: rs}}}}
	day := func(lunch, dinner string) *orchestrator.Itinerary {
		return &orchestrator.Itinerary{Days: []orchestrator.Day{{Day: 1, Date: "2026-05-02", City: "成都", Meals: []orchestrator.Meal{
			{Slot: orchestrator.Lunch, RestaurantID: lunch, Name: lunch, City: "成都", Time: "12:00"},
			{Slot: orchestrator.Dinner, RestaurantID: dinner, Name: dinner, City: "成都", Time: "18:30"},
		}}}}
	}
	count := func(b *orchestrator.Brief, it *orchestrator.Itinerary) int {
		return quality.Count(quality.Objections(b, trip, it))[quality.ObjVenue]
	}
	family := &orchestrator.Brief{Origin: "上海", Destinations: []string{"成都"}, Days: 1, Travelers: orchestrator.Travelers{Adults: 2, Children: 1}}
	if got := count(family, day("dish", "bar")); got != 1 {
		t.Errorf("family, bar dinner: %d venue objections, want 1", got)
	}
	if got := count(family, day("milk", "dish")); got != 1 {
		t.Errorf("family, milk-tea lunch: %d venue objections, want 1", got)
	}
	adults := &orchestrator.Brief{Origin: "上海", Destinations: []string{"成都"}, Days: 1, Travelers: orchestrator.Travelers{Adults: 2}, Interests: []string{"tea", "bars"}}
	if got := count(adults, day("tea", "bar")); got != 0 {
		t.Errorf("adults asking for tea and bars: %d venue objections, want 0", got)
	}
	if got := count(family, day("dish", "dish")); got != 0 {
		t.Errorf("family, proper meals: %d venue objections, want 0", got)
	}
}
