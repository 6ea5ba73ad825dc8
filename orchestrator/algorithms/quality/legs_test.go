package quality

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

func cny(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "CNY"} }

func TestClockMinutes(t *testing.T) {
	for _, c := range []struct {
		dep, arr       string
		offset, listed int
		want           int
		ok             bool
	}{
		{"08:00", "09:10", 0, 70, 70, true},
		{"11:56", "05:37", 0, 300, 1061, true}, // 1461: the next day, whatever the field says
		{"11:56", "05:37", 1, 0, 1061, true},
		{"22:00", "06:00", 1, 480, 480, true},
		{"08:00", "08:00", 2, 0, 2880, true},
		{"", "", 0, 95, 95, false},
	} {
		got, ok := ClockMinutes(c.dep, c.arr, c.offset, c.listed)
		if got != c.want || ok != c.ok {
			t.Errorf("ClockMinutes(%s, %s, %d, %d) = %d %v, want %d %v", c.dep, c.arr, c.offset, c.listed, got, ok, c.want, c.ok)
		}
	}
}

func TestOutpaces(t *testing.T) {
	for _, c := range []struct {
		name                   string
		sd, sa, sm, fd, fa, fm int
		want                   bool
	}{
		{"K872 09:27–12:42 against G388 08:38–10:14", 567, 762, 195, 518, 614, 96, true},
		{"Z281 09:03–10:57 against G7491 19:31–20:17 (hours lost)", 543, 657, 114, 1171, 1217, 46, false},
		{"Z247 20:45–22:35 against a 45-minute G train (not two thirds)", 1245, 1355, 110, 1250, 1295, 45, false},
		{"leaves more than two hours earlier", 600, 810, 210, 470, 540, 70, false},
		{"arrives more than an hour later", 600, 810, 210, 820, 880, 60, false},
	} {
		if got := Outpaces(c.sd, c.sa, c.sm, c.fd, c.fa, c.fm); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		number string
		want   bool
	}{{"G388", true}, {"D12", true}, {"C3001", true}, {"K872", false}, {"T109", false}, {"Z281", false}, {"1461", false}, {"", false}} {
		if got := HighSpeedTrain(c.number); got != c.want {
			t.Errorf("HighSpeedTrain(%q) = %v", c.number, got)
		}
	}
}

func TestTransfer(t *testing.T) {
	hongqiao := &orchestrator.GeoPoint{Lat: 31.1945, Lon: 121.3207}
	hongqiaoAir := &orchestrator.GeoPoint{Lat: 31.1979, Lon: 121.3363}
	pudong := &orchestrator.GeoPoint{Lat: 31.1443, Lon: 121.8083}
	if got := Transfer("train", "上海虹桥", hongqiao, "train", "上海虹桥", hongqiao); got != orchestrator.TransferSameStation {
		t.Errorf("one station: %d, want the table's %d", got, orchestrator.TransferSameStation)
	}
	// Across Shanghai, Hongqiao station to Pudong airport (~47 km): off the
	// train, an hour and more across the city, check-in.
	got := Transfer("train", "上海虹桥", hongqiao, "flight", "上海浦东国际机场", pudong)
	if want := MinAfter("train") + AccessMinutes(hongqiao.DistanceKM(*pudong)) + MinBefore("flight"); got != want || got <= orchestrator.TransferStationAir {
		t.Errorf("虹桥站 → 浦东: %d, want %d (more than the table's %d)", got, want, orchestrator.TransferStationAir)
	}
	// Next door (Hongqiao's station and airport): the table's minimum holds.
	if got := Transfer("train", "上海虹桥", hongqiao, "flight", "上海虹桥国际机场", hongqiaoAir); got != orchestrator.TransferStationAir {
		t.Errorf("虹桥站 → 虹桥机场: %d, want %d", got, orchestrator.TransferStationAir)
	}
	if got := Transfer("train", "上海", nil, "flight", "上海浦东国际机场", pudong); got != orchestrator.TransferStationAir {
		t.Errorf("no position: %d, want the table's", got)
	}
}

// legsTrip is a trip 重庆→成都 with a K and a G train, and Suzhou →
// Shanghai → Chengdu pieces located at their stations.
func legsTrip() *orchestrator.Trip {
	hongqiao := &orchestrator.GeoPoint{Lat: 31.1945, Lon: 121.3207}
	pudong := &orchestrator.GeoPoint{Lat: 31.1443, Lon: 121.8083}
	return &orchestrator.Trip{Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{
		{Value: orchestrator.TransportLeg{From: "重庆", To: "成都", Options: []orchestrator.TransportOption{
			{ID: "k", Mode: "train", Number: "K872", Depart: "09:27", Arrive: "12:42", DurationMinutes: 195, Price: cny(4650)},
			{ID: "g", Mode: "train", Number: "G388", Depart: "08:38", Arrive: "10:14", DurationMinutes: 96, Price: cny(15400)},
		}}},
		{Value: orchestrator.TransportLeg{From: "苏州", To: "上海", Options: []orchestrator.TransportOption{
			{ID: "s", Mode: "train", Number: "G7147", Depart: "10:30", Arrive: "10:57", DurationMinutes: 27, ToStation: "上海虹桥", ToPoint: hongqiao, Price: cny(3000)},
		}}},
		{Value: orchestrator.TransportLeg{From: "上海", To: "成都", Options: []orchestrator.TransportOption{
			{ID: "f", Mode: "flight", Number: "FL050", Depart: "12:34", Arrive: "15:40", DurationMinutes: 186, FromStation: "上海浦东国际机场", FromPoint: pudong, Price: cny(90000)},
		}}},
	}}
}

func TestSlowTrainObjection(t *testing.T) {
	b := &orchestrator.Brief{Origin: "重庆", Destinations: []string{"成都"}, Days: 3, Travelers: orchestrator.Travelers{Adults: 2}}
	itin := func(number, dep, arr string, budget int64) *orchestrator.Itinerary {
		it := &orchestrator.Itinerary{People: 2, Days: []orchestrator.Day{{Day: 1, City: "成都", From: "重庆", Cost: cny(100000), Legs: []orchestrator.Leg{
			{OptionID: "x", Mode: "train", Number: number, From: "重庆", To: "成都", Depart: dep, Arrive: arr, Cost: cny(9300)},
		}}}}
		if budget > 0 {
			it.Budget.Limit = &orchestrator.Money{Cents: budget, Currency: "CNY"}
		}
		return it
	}
	if got := Count(Objections(b, legsTrip(), itin("K872", "09:27", "12:42", 0))); got[ObjSlowTrain] != 1 {
		t.Errorf("K872 beside G388: %v, want one slow_train", got)
	}
	if got := Count(Objections(b, legsTrip(), itin("G388", "08:38", "10:14", 0))); got[ObjSlowTrain] != 0 {
		t.Errorf("G388: %v, want none", got)
	}
	// G388 for two costs 308 CNY, K872 93: a budget 100 CNY above the plan
	// leaves no room for it.
	if got := Count(Objections(b, legsTrip(), itin("K872", "09:27", "12:42", 110000))); got[ObjSlowTrain] != 0 {
		t.Errorf("K872 with no budget for G388: %v, want none", got)
	}
	if got := Count(Objections(&orchestrator.Brief{Origin: "重庆", Destinations: []string{"成都"}, Travelers: orchestrator.Travelers{Adults: 2},
		Constraints: orchestrator.Constraints{TransportExclude: []string{"train"}}}, legsTrip(), itin("K872", "09:27", "12:42", 0))); got[ObjSlowTrain] != 0 {
		t.Errorf("trains excluded: %v", got)
	}
}

func TestTightConnectionObjection(t *testing.T) {
	b := &orchestrator.Brief{Origin: "苏州", Destinations: []string{"成都"}, Days: 3, Travelers: orchestrator.Travelers{Adults: 2}}
	itin := func(fdep string) *orchestrator.Itinerary {
		return &orchestrator.Itinerary{People: 2, Days: []orchestrator.Day{{Day: 1, City: "成都", From: "苏州", Legs: []orchestrator.Leg{
			{OptionID: "s", Mode: "train", Number: "G7147", From: "苏州", To: "上海", ToStation: "上海虹桥", Depart: "10:30", Arrive: "10:57", Journey: 1},
			{OptionID: "f", Mode: "flight", Number: "FL050", From: "上海", To: "成都", FromStation: "上海浦东国际机场", Depart: fdep, Arrive: "15:40", Journey: 1},
		}}}}
	}
	if got := Count(Objections(b, legsTrip(), itin("12:34"))); got[ObjTightConnection] != 1 {
		t.Errorf("97 minutes from 虹桥站 to a flight at 浦东: %v, want one tight_connection", got)
	}
	if got := Count(Objections(b, legsTrip(), itin("13:30"))); got[ObjTightConnection] != 0 {
		t.Errorf("153 minutes: %v, want none", got)
	}
}

func TestRoomWaste(t *testing.T) {
	for _, c := range []struct {
		name  string
		party orchestrator.Travelers
		share int
		occ   int
		rooms int
	}{
		{"a couple", orchestrator.Travelers{Adults: 2}, 2, 1, 2},
		{"a couple, double room", orchestrator.Travelers{Adults: 2}, 2, 2, 1},
		{"family, child of 4, family room", orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{4}}, 3, 3, 1},
		{"family, child of 4, doubles", orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{4}}, 3, 2, 2},
		{"a teenager shares by twos", orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{15}}, 2, 3, 2},
		{"four friends", orchestrator.Travelers{Adults: 4}, 2, 4, 2},
		{"one", orchestrator.Travelers{Adults: 1}, 1, 2, 1},
	} {
		b := &orchestrator.Brief{Travelers: c.party}
		if got := ShareCap(b); got != c.share {
			t.Errorf("%s: ShareCap %d, want %d", c.name, got, c.share)
		}
		if got := RoomsNeeded(b, c.occ); got != c.rooms {
			t.Errorf("%s: RoomsNeeded(%d) %d, want %d", c.name, c.occ, got, c.rooms)
		}
	}
	at := func(lat float64) *orchestrator.GeoPoint { return &orchestrator.GeoPoint{Lat: lat, Lon: 104.06} }
	hotels := []orchestrator.Accommodation{
		{ID: "single", Name: "单人间酒店", RoomType: "private_room", MaxOccupancy: 1, Price: cny(20000), Location: at(30.66)},
		{ID: "double", Name: "双床房酒店", RoomType: "private_room", MaxOccupancy: 2, Price: cny(30000), Location: at(30.67)},
		{ID: "family-far", Name: "远郊亲子民宿", RoomType: "private_room", MaxOccupancy: 3, Price: cny(30000), Location: at(31.20)},
	}
	trip := &orchestrator.Trip{Cities: []orchestrator.CityData{{Name: "成都", Hotels: &orchestrator.Sourced[[]orchestrator.Accommodation]{Value: hotels}}}}
	stay := func(id string, rooms int, price int64) *orchestrator.Itinerary {
		return &orchestrator.Itinerary{Stays: []orchestrator.Stay{{AccommodationID: id, Name: id, City: "成都", FirstNight: 1, Nights: 2, Rooms: rooms,
			Location: at(30.66), Cost: cny(price * int64(rooms) * 2)}}}
	}
	couple := &orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 2}}
	if got := Count(Objections(couple, trip, stay("single", 2, 20000))); got[ObjRoomWaste] != 1 {
		t.Errorf("a couple in two single rooms: %v, want one room_waste", got)
	}
	if got := Count(Objections(couple, trip, stay("double", 1, 30000))); got[ObjRoomWaste] != 0 {
		t.Errorf("a couple in a double: %v", got)
	}
	family := &orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{4}}}
	if got := Count(Objections(family, trip, stay("double", 2, 30000))); got[ObjRoomWaste] != 0 {
		t.Errorf("a family in two doubles, the family room 60 km out: %v, want none", got)
	}
	hotels[2].Location = at(30.68)
	if got := Count(Objections(family, trip, stay("double", 2, 30000))); got[ObjRoomWaste] != 1 {
		t.Errorf("a family in two doubles, a family room nearby: %v, want one room_waste", got)
	}
}

func TestSmallHoursObjection(t *testing.T) {
	trip := &orchestrator.Trip{Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{{Value: orchestrator.TransportLeg{From: "北京", To: "南京", Options: []orchestrator.TransportOption{
		{ID: "1461", Mode: "train", Number: "1461", Depart: "11:56", Arrive: "02:56", ArriveDayOffset: 1, DurationMinutes: 900, Price: cny(14000)},
		{ID: "z281", Mode: "train", Number: "Z281", Depart: "19:21", Arrive: "05:11", ArriveDayOffset: 1, DurationMinutes: 590, Price: cny(16100)},
	}}}}}
	b := &orchestrator.Brief{Origin: "南京", Destinations: []string{"北京"}, Days: 4, Travelers: orchestrator.Travelers{Adults: 1}}
	itin := func(budget int64) *orchestrator.Itinerary {
		it := &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{{Day: 4, City: "南京", From: "北京", Cost: cny(247800), Legs: []orchestrator.Leg{
			{OptionID: "1461", Mode: "train", Number: "1461", From: "北京", To: "南京", Depart: "11:56", Arrive: "02:56", ArriveDayOffset: 1, DurationMinutes: 900, Cost: cny(14000)},
		}}}}
		if budget > 0 {
			it.Budget.Limit = &orchestrator.Money{Cents: budget, Currency: "CNY"}
		}
		return it
	}
	if got := Count(Objections(b, trip, itin(250000))); got[ObjSmallHours] != 1 {
		t.Errorf("1461 at 02:56 while Z281 (05:11) keeps the budget: %v, want one small_hours", got)
	}
	if got := Count(Objections(b, trip, itin(249000))); got[ObjSmallHours] != 0 {
		t.Errorf("Z281 over the budget: %v, want none", got)
	}
	for arr, want := range map[int]bool{1440 + 119: false, 1440 + 120: true, 1440 + 299: true, 1440 + 300: false, 180: false} {
		if SmallHours(arr) != want {
			t.Errorf("SmallHours(%d) = %v", arr, !want)
		}
	}
}
