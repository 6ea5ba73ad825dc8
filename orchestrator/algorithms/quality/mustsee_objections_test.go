package quality_test

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
)

// TestMustSeeObjections: a must-see the data holds under another name
// ("Mutianyu" for 慕田峪长城) that no stop visits is must_missed; a
// day-scale theme park seen for four hours is full_day_short and lowers
// full_days.
func TestMustSeeObjections(t *testing.T) {
	cny := func(y int64) *orchestrator.Money { return &orchestrator.Money{Cents: y * 100, Currency: "CNY"} }
	as := []orchestrator.Attraction{
		{ID: "a1", Name: "慕田峪长城", Price: cny(40), Hours: []orchestrator.OpeningHours{{Open: "07:30", Close: "17:30"}}},
		{ID: "a2", Name: "北京环球度假区", Price: cny(503), Hours: []orchestrator.OpeningHours{{Open: "09:00", Close: "21:00"}}},
		{ID: "a3", Name: "故宫博物院", Price: cny(60), Hours: []orchestrator.OpeningHours{{Open: "08:30", Close: "17:00"}}},
	}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "北京", Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as}}}}
	b := &orchestrator.Brief{Destinations: []string{"北京"}, Days: 2, MustVisit: []string{"Mutianyu", "Universal Studios", "the Forbidden City"}}
	stop := func(a orchestrator.Attraction, from, to string) orchestrator.Stop {
		return orchestrator.Stop{AttractionID: a.ID, Name: a.Name, City: "北京", Start: from, End: to}
	}
	it := &orchestrator.Itinerary{Days: []orchestrator.Day{
		{Day: 1, Date: "2026-12-11", City: "北京", Stops: []orchestrator.Stop{stop(as[1], "10:00", "14:00")}},
		{Day: 2, Date: "2026-12-12", City: "北京", Stops: []orchestrator.Stop{stop(as[2], "09:00", "12:00")}},
	}}
	got := quality.Count(quality.Objections(b, trip, it))
	if got[quality.ObjMustMissed] != 1 || got[quality.ObjFullDayShort] != 1 {
		t.Errorf("must_missed %d, full_day_short %d, want 1 and 1", got[quality.ObjMustMissed], got[quality.ObjFullDayShort])
	}
	if c := fullDays(quality.Score(b, trip, it)); c.Value >= 1 {
		t.Errorf("full_days %v (%s) with the park seen for four hours", c.Value, c.Detail)
	}
	// Six hours at the park and the wall visited: no objection.
	it.Days[0].Stops[0].End = "16:00"
	it.Days[1].Stops = append(it.Days[1].Stops, stop(as[0], "13:30", "16:30"))
	got = quality.Count(quality.Objections(b, trip, it))
	if got[quality.ObjMustMissed] != 0 || got[quality.ObjFullDayShort] != 0 {
		t.Errorf("must_missed %d, full_day_short %d, want none", got[quality.ObjMustMissed], got[quality.ObjFullDayShort])
	}
}

func fullDays(q orchestrator.Quality) orchestrator.QualityComponent {
	for _, c := range q.Components {
		if c.Name == "full_days" {
			return c
		}
	}
	return orchestrator.QualityComponent{}
}

// TestMustMissedLakeNotBoat: the lake is not the boat tour on it.
func TestMustMissedLakeNotBoat(t *testing.T) {
	as := []orchestrator.Attraction{{ID: "l", Name: "西湖风景名胜区"}, {ID: "b", Name: "西湖游船"}}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "杭州", Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as}}}}
	b := &orchestrator.Brief{Destinations: []string{"杭州"}, Days: 1, MustVisit: []string{"West Lake boat"}}
	it := &orchestrator.Itinerary{Days: []orchestrator.Day{{Day: 1, City: "杭州", Stops: []orchestrator.Stop{{AttractionID: "l", Name: "西湖风景名胜区", Start: "09:00", End: "11:00"}}}}}
	if n := quality.Count(quality.Objections(b, trip, it))[quality.ObjMustMissed]; n != 1 {
		t.Errorf("must_missed %d, want 1", n)
	}
	it.Days[0].Stops = append(it.Days[0].Stops, orchestrator.Stop{AttractionID: "b", Name: "西湖游船", Start: "11:30", End: "13:00"})
	if n := quality.Count(quality.Objections(b, trip, it))[quality.ObjMustMissed]; n != 0 {
		t.Errorf("must_missed %d with the boat, want 0", n)
	}
}

// TestNamedCruiseNoRepeat: a second cruise the traveller named in English
// is no repeated experience.
func TestNamedCruiseNoRepeat(t *testing.T) {
	as := []orchestrator.Attraction{{ID: "n", Name: "钱塘江夜游", Category: "游乐园/体育娱乐"}, {ID: "b", Name: "西湖游船", Category: "游乐园/体育娱乐"}}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "杭州", Attractions: &orchestrator.Sourced[[]orchestrator.Attraction]{Value: as}}}}
	b := &orchestrator.Brief{Destinations: []string{"杭州"}, Days: 2, MustVisit: []string{"night cruise", "West Lake boat"}}
	it := &orchestrator.Itinerary{Days: []orchestrator.Day{
		{Day: 1, City: "杭州", Stops: []orchestrator.Stop{{AttractionID: "n", Name: "钱塘江夜游", Start: "19:00", End: "20:30"}}},
		{Day: 2, City: "杭州", Stops: []orchestrator.Stop{{AttractionID: "b", Name: "西湖游船", Start: "10:00", End: "12:00"}}},
	}}
	if n := quality.Count(quality.Objections(b, trip, it))[quality.ObjRepeat]; n != 0 {
		t.Errorf("repeat_experience %d, want 0", n)
	}
}
