package quality

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestFoodServes(t *testing.T) {
	duck := &orchestrator.Restaurant{Name: "南京大牌档", Cuisines: []string{"江浙菜"}, Dishes: []string{"招牌盐水鸭", "鸭血粉丝汤"}}
	tea := &orchestrator.Restaurant{Name: "点都德(北京路店)", Cuisines: []string{"粤菜"}}
	hotpot := &orchestrator.Restaurant{Name: "小龙坎", Cuisines: []string{"火锅"}}
	xlb := &orchestrator.Restaurant{Name: "佳家汤包", Cuisines: []string{"本帮菜"}, Dishes: []string{"纯鲜肉小笼", "蟹粉汤包"}}
	for _, c := range []struct {
		wish string
		r    *orchestrator.Restaurant
		want bool
	}{
		{"盐水鸭", duck, true}, {"鸭血粉丝汤", duck, true}, {"盐水鸭", hotpot, false},
		{"dim sum", tea, true}, {"dim sum", hotpot, false}, {"火锅", hotpot, true},
		{"soup dumplings", xlb, true}, {"xiaolongbao", xlb, true}, {"soup dumplings", duck, false},
		{"duck blood soup", duck, true}, {"salted duck", duck, true}, {"hot pot", hotpot, true},
	} {
		if got := NewFood(c.wish).Serves(c.r); got != c.want {
			t.Errorf("%s at %s: got %v, want %v", c.wish, c.r.Name, got, c.want)
		}
	}
}

func TestBestHour(t *testing.T) {
	indoor := true
	for _, c := range []struct {
		name   string
		indoor *bool
		want   Hour
	}{
		{"成都大熊猫繁育研究基地", nil, Morning}, {"成都大熊猫博物馆", &indoor, AnyHour},
		{"珠江夜游天字码头", nil, Night}, {"庙前夜市", nil, Night}, {"拙政园", nil, AnyHour},
		{"三里屯酒吧一条街", nil, Night}, {"三里屯", nil, AnyHour},
	} {
		if got := BestHour(c.name, "", nil, c.indoor); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
	if FitsHour(Morning, 14*60+52) || !FitsHour(Night, 19*60) || FitsHour(Night, 12*60) {
		t.Error("FitsHour")
	}
}

func TestObjections(t *testing.T) {
	trip := &orchestrator.Trip{Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{{Value: orchestrator.TransportLeg{From: "上海", To: "南京", Options: []orchestrator.TransportOption{
		{ID: "f", Mode: "flight", Number: "FL1", Depart: "09:00", Arrive: "09:20", DurationMinutes: 20},
		{ID: "t", Mode: "train", Number: "G2", Depart: "09:00", Arrive: "10:05", DurationMinutes: 65},
	}}}}}
	b := &orchestrator.Brief{Origin: "上海", Destinations: []string{"南京"}, Days: 1, Travelers: orchestrator.Travelers{Adults: 1}}
	it := &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{{Day: 1, City: "南京", From: "上海", Legs: []orchestrator.Leg{
		{Mode: "flight", Number: "FL1", From: "上海", To: "南京", Depart: "09:00", Arrive: "09:20", DurationMinutes: 20},
	}}}}
	got := Count(Objections(b, trip, it))
	if got[ObjShortFlight] != 1 {
		t.Errorf("objections %v, want one short flight", got)
	}
	it.Days[0].Legs[0] = orchestrator.Leg{Mode: "train", Number: "1461", From: "上海", To: "南京", Depart: "11:56", Arrive: "05:37", DurationMinutes: 1061}
	if got := Count(Objections(b, trip, it)); got[ObjTimetable] != 1 {
		t.Errorf("objections %v, want a timetable slip (next-day arrival read as the same day)", got)
	}
}

func TestUnfitForChildren(t *testing.T) {
	for _, c := range []struct {
		name, room, kind string
		want             bool
	}{
		{"重庆雅巢连锁时尚太空舱青年旅社", "女生间", "", true},
		{"广州黄埔希尔顿惠庭酒店", "灵动大床房（胶囊coffee机+双功能冰箱）", "", false},
		{"Downtown Hostel", "", "", true},
		{"Cosy flat", "", "hostel", true},
		{"南京玄武饭店", "玄武贵宾尊享大床房", "", false},
	} {
		if got := UnfitForChildren(c.name, c.room, c.kind); got != c.want {
			t.Errorf("%s %s: got %v, want %v", c.name, c.room, got, c.want)
		}
	}
}

// TestObjectionsLowerScore: each objection lowers the score through its
// part.
func TestObjectionsLowerScore(t *testing.T) {
	trip := &orchestrator.Trip{Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{{Value: orchestrator.TransportLeg{From: "上海", To: "南京", Options: []orchestrator.TransportOption{
		{ID: "t", Mode: "train", Number: "G2", Depart: "09:00", Arrive: "10:05", DurationMinutes: 65},
	}}}}}
	b := &orchestrator.Brief{Origin: "上海", Destinations: []string{"南京"}, Days: 1, Travelers: orchestrator.Travelers{Adults: 1}}
	plan := func(mode string, minutes int) *orchestrator.Itinerary {
		return &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{{Day: 1, City: "上海", From: "南京", Legs: []orchestrator.Leg{
			{Mode: mode, Number: "X1", From: "上海", To: "南京", Depart: "09:00", Arrive: orchestrator.FormatClock(9*60 + minutes), DurationMinutes: minutes},
		}}}}
	}
	part := func(q orchestrator.Quality) orchestrator.QualityComponent {
		for _, c := range q.Components {
			if c.Name == DoorToDoorLegs {
				return c
			}
		}
		return orchestrator.QualityComponent{}
	}
	fly, train := Score(b, trip, plan("flight", 20)), Score(b, trip, plan("train", 65))
	if pf, pt := part(fly), part(train); !pf.Applicable || pf.Value >= pt.Value || fly.Score >= train.Score {
		t.Errorf("short flight scores %d (%s %.2f), the train %d (%.2f): want the flight lower", fly.Score, pf.Detail, pf.Value, train.Score, pt.Value)
	}
}

// TestRepeatedExperience: a second river night tour from another pier is
// an objection, unless the traveller asked for cruises; a historic pier
// is no boat tour.
func TestRepeatedExperience(t *testing.T) {
	as := []orchestrator.Attraction{
		{ID: "a1", Name: "珠江夜游海心沙西区码头", Category: "游乐园/体育娱乐"},
		{ID: "a2", Name: "珠江夜游广州塔·中大码头", Category: "人文景观"},
		{ID: "a3", Name: "黄浦江游览(十六铺码头)", Category: "游乐园/体育娱乐"},
		{ID: "a4", Name: "中山码头", Category: "人文景观"},
	}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "广州", Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as}}}}
	plan := func(ids ...string) *orchestrator.Itinerary {
		it := &orchestrator.Itinerary{People: 1}
		for i, id := range ids {
			it.Days = append(it.Days, orchestrator.Day{Day: i + 1, City: "广州", Stops: []orchestrator.Stop{{AttractionID: id, City: "广州", Start: "19:00", End: "20:00"}}})
		}
		return it
	}
	b := &orchestrator.Brief{Destinations: []string{"广州"}, Days: 2, Travelers: orchestrator.Travelers{Adults: 1}}
	for _, c := range []struct {
		ids       []string
		interests []string
		want      int
	}{
		{[]string{"a1", "a2"}, nil, 1},
		{[]string{"a1", "a3"}, nil, 1},
		{[]string{"a1", "a2"}, []string{"cruise"}, 0},
		{[]string{"a1", "a4"}, nil, 0},
	} {
		b.Interests = c.interests
		if got := Count(Objections(b, trip, plan(c.ids...)))[ObjRepeat]; got != c.want {
			t.Errorf("stops %v, interests %v: %d repeats, want %d", c.ids, c.interests, got, c.want)
		}
	}
}

// TestSameVisitTwice: the palace and its gate on two days are one visit.
func TestSameVisitTwice(t *testing.T) {
	as := []orchestrator.Attraction{
		{ID: "g", Name: "故宫博物院", Category: "历史古迹", Location: &orchestrator.GeoPoint{Lat: 39.924091, Lon: 116.403414}},
		{ID: "w", Name: "午门", Category: "历史古迹", Location: &orchestrator.GeoPoint{Lat: 39.920105, Lon: 116.403705}},
		{ID: "s", Name: "天坛公园", Category: "公园", Location: &orchestrator.GeoPoint{Lat: 39.8822, Lon: 116.4066}},
	}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "北京", Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as}}}}
	b := &orchestrator.Brief{Destinations: []string{"北京"}, Days: 2, Travelers: orchestrator.Travelers{Adults: 1}}
	for _, c := range []struct {
		a, b string
		want int
	}{{"g", "w", 1}, {"g", "s", 0}} {
		it := &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{
			{Day: 1, City: "北京", Stops: []orchestrator.Stop{{AttractionID: c.a, City: "北京", Start: "09:00", End: "11:00"}}},
			{Day: 2, City: "北京", Stops: []orchestrator.Stop{{AttractionID: c.b, City: "北京", Start: "09:00", End: "11:00"}}},
		}}
		if got := Count(Objections(b, trip, it))[ObjRepeat]; got != c.want {
			t.Errorf("%s then %s: %d repeats, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestUnreachableMeal: a lunch 55 km from the sight before it, 20 minutes
// after leaving, is counted and lowers the meals part; the same lunch at a
// restaurant by the sight, or three hours later, is not.
func TestUnreachableMeal(t *testing.T) {
	wall := &orchestrator.GeoPoint{Lat: 40.3626, Lon: 116.0241}
	town := &orchestrator.GeoPoint{Lat: 39.9404, Lon: 116.4387}
	near := &orchestrator.GeoPoint{Lat: 40.3600, Lon: 116.0200}
	b := &orchestrator.Brief{Destinations: []string{"北京"}, Days: 1, Travelers: orchestrator.Travelers{Adults: 1}}
	plan := func(at *orchestrator.GeoPoint, time string) *orchestrator.Itinerary {
		return &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{{Day: 1, City: "北京",
			Stops: []orchestrator.Stop{{AttractionID: "w", Name: "八达岭长城", City: "北京", Location: wall, Start: "13:26", End: "15:11"}},
			Meals: []orchestrator.Meal{{Slot: orchestrator.Lunch, RestaurantID: "r", Name: "r", City: "北京", Location: at, Time: time}},
		}}}
	}
	for _, c := range []struct {
		at   *orchestrator.GeoPoint
		time string
		want int
	}{{town, "15:31", 1}, {near, "15:31", 0}, {town, "18:15", 0}} {
		it := plan(c.at, c.time)
		if got := Count(Objections(b, nil, it))[ObjUnreachableMeal]; got != c.want {
			t.Errorf("lunch at %s %v: %d unreachable, want %d", c.time, *c.at, got, c.want)
		}
	}
	far, nearby := Score(b, nil, plan(town, "15:31")), Score(b, nil, plan(near, "15:31"))
	if far.Score >= nearby.Score {
		t.Errorf("score %d with the unreachable lunch, %d without", far.Score, nearby.Score)
	}
}
