package quality_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

func component(q orchestrator.Quality, name string) orchestrator.QualityComponent {
	for _, c := range q.Components {
		if c.Name == name {
			return c
		}
	}
	return orchestrator.QualityComponent{}
}

func TestScore(t *testing.T) {
	pt := func(lat, lon float64) *orchestrator.GeoPoint { return &orchestrator.GeoPoint{Lat: lat, Lon: lon} }
	attractions := []orchestrator.Attraction{
		{ID: "a1", Name: "大熊猫繁育研究基地", Category: "游乐园/体育娱乐", Location: pt(30.70, 104.10)},
		{ID: "a2", Name: "重庆夜游", Category: "人文景观", Location: pt(30.60, 104.00)},
		{ID: "a3", Name: "夫子庙", Category: "历史古迹", Location: pt(30.65, 104.05)},
		{ID: "a4", Name: "夫子庙秦淮风光带", Category: "人文景观", Location: pt(30.6501, 104.0501)},
	}
	restaurants := []orchestrator.Restaurant{
		{ID: "r1", Name: "大龙燚火锅", Cuisines: []string{"火锅"}, Location: pt(30.70, 104.10)},
		{ID: "r2", Name: "鹤鸣茶社", Cuisines: []string{"茶馆/茶室"}, Location: pt(30.65, 104.05)},
	}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "成都",
		Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: attractions},
		Restaurants: &orchestrator.Sourced[[]orchestrator.Restaurant]{Value: restaurants}}}}
	b := &orchestrator.Brief{Destinations: []string{"成都"}, Days: 1, Interests: []string{"pandas", "gardens"},
		MustVisit: []string{"夫子庙", "the Louvre"}, Constraints: orchestrator.Constraints{Cuisines: []string{"hot pot"}}}
	it := &orchestrator.Itinerary{Days: []orchestrator.Day{{Day: 1, City: "成都",
		Stops: []orchestrator.Stop{
			{AttractionID: "a1", Name: "大熊猫繁育研究基地", Start: "09:00", End: "11:00", Location: pt(30.70, 104.10)},
			{AttractionID: "a2", Name: "重庆夜游", Start: "14:00", End: "15:00", Location: pt(30.60, 104.00)},
			{AttractionID: "a3", Name: "夫子庙", Start: "15:30", End: "16:30", Location: pt(30.65, 104.05)},
			{AttractionID: "a4", Name: "夫子庙秦淮风光带", Start: "17:00", End: "17:30", Location: pt(30.6501, 104.0501)},
		},
		Meals: []orchestrator.Meal{
			{Slot: "breakfast", RestaurantID: "r1", Name: "大龙燚火锅", Time: "08:00"},
			{Slot: "dinner", RestaurantID: "r2", Name: "鹤鸣茶社", Time: "18:00"},
		}}}}
	q := quality.Score(b, trip, it)
	for _, c := range []struct {
		name  string
		value float64
	}{
		{quality.Interests, 0.5},  // pandas met, gardens not
		{quality.MustVisit, 1},    // 夫子庙 visited; the Louvre is not in the data
		{quality.TimeOfDay, 0.75}, // the night tour at 14:00
		{quality.MealFit, 0.7*0.75 + 0.3},
	} {
		if got := component(q, c.name); !got.Applicable || got.Value != c.value {
			t.Errorf("%s = %+v, want %v", c.name, got, c.value)
		}
	}
	if v := component(q, quality.Variety); v.Value >= 0.9 {
		t.Errorf("variety %+v: 夫子庙 twice should cost", v)
	}
	if c := component(q, quality.BudgetUse); c.Applicable {
		t.Errorf("budget_use applies without a budget: %+v", c)
	}
	if q.Score <= 0 || q.Score >= 100 {
		t.Errorf("score %d", q.Score)
	}
	if again := quality.Score(b, trip, it); again.Score != q.Score {
		t.Errorf("not deterministic: %d then %d", q.Score, again.Score)
	}
}

func TestMealRepeats(t *testing.T) {
	for _, tc := range []struct {
		days       [][]string
		same, over int
	}{
		{[][]string{{"火锅", "川菜"}, {"小吃", "西餐"}}, 0, 0},
		{[][]string{{"火锅", "火锅"}, {"川菜", "西餐"}}, 1, 0},
		{[][]string{{"火锅", "川菜"}, {"火锅", "西餐"}, {"火锅", "小吃"}}, 0, 1},                   // cap 2 of 6
		{[][]string{{"", ""}, {"", "x"}}, 0, 0},                                        // unknown categories never repeat
		{[][]string{{"a", "b"}, {"a", "c"}, {"a", "d"}, {"a", "e"}, {"f", "g"}}, 0, 1}, // cap 3 of 10
	} {
		same, over := quality.MealRepeats(tc.days)
		if same != tc.same || over != tc.over {
			t.Errorf("MealRepeats(%v) = %d, %d, want %d, %d", tc.days, same, over, tc.same, tc.over)
		}
	}
}

func TestMealVarietyComponent(t *testing.T) {
	meal := func(slot, name, cuisine, at string) orchestrator.Meal {
		return orchestrator.Meal{Slot: slot, Name: name, Cuisines: []string{cuisine}, Time: at}
	}
	b := &orchestrator.Brief{Destinations: []string{"杭州"}, Days: 2}
	it := &orchestrator.Itinerary{Days: []orchestrator.Day{
		{Day: 1, Meals: []orchestrator.Meal{meal("breakfast", "包子", "小吃", "08:00"), meal("lunch", "A火锅", "火锅", "12:00"), meal("dinner", "B火锅", "火锅", "18:00")}},
		{Day: 2, Meals: []orchestrator.Meal{meal("lunch", "C", "江浙菜", "12:00"), meal("dinner", "D", "西餐", "18:00")}},
	}}
	c := component(quality.Score(b, nil, it), quality.MealVariety)
	if !c.Applicable || c.Value != 0.75 {
		t.Errorf("meal_variety = %+v, want 0.75 (one of four lunches and dinners repeats hot pot that day)", c)
	}
}
