package quality

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

// TestLandmarkKey: sections and gates of one experience share a key;
// other sights, and a gate that is a sight of its own, do not.
func TestLandmarkKey(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"八达岭长城", "慕田峪长城", true},
		{"居庸关长城", "八达岭长城", true},
		{"司马台长城", "水关长城", true},
		{"颐和园北宫门", "颐和园东宫门", true},
		{"奥林匹克森林公园南门", "奥林匹克森林公园北门", true},
		{"玄武湖公园南入口", "玄武湖公园东入口", true},
		{"八达岭长城", "故宫博物院", false},
		{"玄武门", "正阳门", false},
		{"天坛公园", "地坛公园", false},
		{"黄鹤楼", "晴川阁", false},
		{"西湖游船", "杭州西湖风景名胜区-一公园", false},
		{"西湖音乐喷泉", "西湖游船", false},
		{"八达岭长城(北门)", "水关长城", true},
	} {
		ka, kb := LandmarkKey(c.a), LandmarkKey(c.b)
		if got := ka != "" && ka == kb; got != c.same {
			t.Errorf("%s (%q) and %s (%q): same %v, want %v", c.a, ka, c.b, kb, got, c.same)
		}
		if ka != "" && SameLandmark(ka, c.b) != c.same {
			t.Errorf("SameLandmark(%q, %s) = %v, want %v", ka, c.b, !c.same, c.same)
		}
	}
}

// TestSecondSectionRepeats: two sections of the Great Wall (or two gates
// of one park) on two days are one experience twice, unless the traveller
// named both as must-sees.
func TestSecondSectionRepeats(t *testing.T) {
	as := []orchestrator.Attraction{
		{ID: "b", Name: "八达岭长城", Category: "历史古迹", Location: &orchestrator.GeoPoint{Lat: 40.3626, Lon: 116.0241}},
		{ID: "m", Name: "慕田峪长城", Category: "历史古迹", Location: &orchestrator.GeoPoint{Lat: 40.4319, Lon: 116.5638}},
		{ID: "n", Name: "颐和园北宫门", Category: "公园", Location: &orchestrator.GeoPoint{Lat: 40.0040, Lon: 116.2740}},
		{ID: "e", Name: "颐和园东宫门", Category: "公园", Location: &orchestrator.GeoPoint{Lat: 39.9990, Lon: 116.2830}},
		{ID: "t", Name: "天坛公园", Category: "公园", Location: &orchestrator.GeoPoint{Lat: 39.8822, Lon: 116.4066}},
	}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "北京", Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as}}}}
	for _, c := range []struct {
		a, b string
		must []string
		want int
	}{
		{"b", "m", nil, 1},
		{"n", "e", nil, 1},
		{"b", "m", []string{"八达岭长城"}, 1},
		{"b", "m", []string{"八达岭长城", "慕田峪长城"}, 0},
		{"b", "t", nil, 0},
	} {
		b := &orchestrator.Brief{Destinations: []string{"北京"}, Days: 2, Travelers: orchestrator.Travelers{Adults: 1}, MustVisit: c.must}
		it := &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{
			{Day: 1, City: "北京", Stops: []orchestrator.Stop{{AttractionID: c.a, City: "北京", Start: "09:00", End: "11:00"}}},
			{Day: 2, City: "北京", Stops: []orchestrator.Stop{{AttractionID: c.b, City: "北京", Start: "09:00", End: "11:00"}}},
		}}
		if got := Count(Objections(b, trip, it))[ObjRepeat]; got != c.want {
			t.Errorf("%s then %s, must %v: %d repeats, want %d", c.a, c.b, c.must, got, c.want)
		}
	}
}

// TestSecondSectionLowersVariety: the score's variety part counts a
// second Great Wall section as a repeat, as it counts two names of one
// site.
func TestSecondSectionLowersVariety(t *testing.T) {
	as := []orchestrator.Attraction{
		{ID: "b", Name: "八达岭长城", Category: "历史古迹"},
		{ID: "m", Name: "慕田峪长城", Category: "自然风光"},
		{ID: "t", Name: "天坛公园", Category: "公园"},
	}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "北京", Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as}}}}
	b := &orchestrator.Brief{Destinations: []string{"北京"}, Days: 2, Travelers: orchestrator.Travelers{Adults: 1}}
	variety := func(second string) float64 {
		it := &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{
			{Day: 1, City: "北京", Stops: []orchestrator.Stop{{AttractionID: "b", City: "北京", Start: "09:00", End: "12:00"}}},
			{Day: 2, City: "北京", Stops: []orchestrator.Stop{{AttractionID: second, City: "北京", Start: "09:00", End: "12:00"}}},
		}}
		for _, c := range Score(b, trip, it).Components {
			if c.Name == Variety {
				return c.Value
			}
		}
		t.Fatal("no variety part")
		return 0
	}
	if two, other := variety("m"), variety("t"); two >= other {
		t.Errorf("variety with two Great Wall sections %.2f, with another sight %.2f: want lower", two, other)
	}
}

// TestNamedSectionMissedLowersMustVisit: a must-see section (八达岭长城)
// is not met by a visit to another (慕田峪长城); the landmark's general
// name ("Great Wall", 长城) is.
func TestNamedSectionMissedLowersMustVisit(t *testing.T) {
	as := []orchestrator.Attraction{
		{ID: "b", Name: "八达岭长城", Category: "历史古迹", Popularity: 10},
		{ID: "m", Name: "慕田峪长城", Category: "历史古迹", Popularity: 5},
	}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "北京", Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as}}}}
	it := &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{
		{Day: 1, City: "北京", Stops: []orchestrator.Stop{{AttractionID: "m", City: "北京", Start: "09:00", End: "12:00"}}},
	}}
	for _, c := range []struct {
		must string
		want float64
	}{{"八达岭长城", 0}, {"八达岭", 0}, {"Badaling Great Wall", 0}, {"慕田峪长城", 1}, {"Great Wall", 1}, {"长城", 1}} {
		b := &orchestrator.Brief{Destinations: []string{"北京"}, Days: 1, Travelers: orchestrator.Travelers{Adults: 1}, MustVisit: []string{c.must}}
		for _, p := range Score(b, trip, it).Components {
			if p.Name == "must_visit" && p.Applicable && p.Value != c.want {
				t.Errorf("must %q, 慕田峪长城 visited: must_visit %.2f, want %.0f", c.must, p.Value, c.want)
			}
		}
	}
}
