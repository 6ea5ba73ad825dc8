package quality

import (
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestGentle(t *testing.T) {
	for _, c := range []struct {
		name string
		b    orchestrator.Brief
		want bool
	}{
		{"two adults", orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 2}}, false},
		{"带6岁的孩子", orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{6}}}, true},
		{"a 14-year-old", orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{14}}}, false},
		{"kids 14 and 11", orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 2, Children: 2, ChildAges: []int{14, 11}}}, true},
		{"a child, age not given", orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 2, Children: 1}}, true},
		{"带爸妈（都七十多岁）节奏要慢", orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 3}, Pace: "relaxed"}, true},
		{"packed", orchestrator.Brief{Travelers: orchestrator.Travelers{Adults: 1}, Pace: "packed"}, false},
	} {
		if got := Gentle(&c.b); got != c.want {
			t.Errorf("%s: Gentle %v, want %v", c.name, got, c.want)
		}
	}
	if l, a := OddLimits(&orchestrator.Brief{Pace: "relaxed"}); l != GentleLeave || a != GentleArrive {
		t.Errorf("relaxed limits %d %d", l, a)
	}
	if l, a := OddLimits(&orchestrator.Brief{}); l != OddLeave || a != OddArrive {
		t.Errorf("default limits %d %d", l, a)
	}
}

// TestOddHourObjection: "上海出发去成都四天，带6岁的孩子" booked on the
// 07:26 flight, 97 minutes from the flat to the gate: leaving at 05:49 is
// odd for the family while the 14:05 flight fits; not for two adults
// (05:49 is after 05:30), and not when the later flight breaks the budget.
func TestOddHourObjection(t *testing.T) {
	trip := &orchestrator.Trip{Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{{Value: orchestrator.TransportLeg{From: "上海", To: "成都", Options: []orchestrator.TransportOption{
		{ID: "a", Mode: "flight", Number: "FL049", Depart: "07:26", Arrive: "09:30", DurationMinutes: 124, Price: orchestrator.Money{Cents: 60000, Currency: "CNY"}},
		{ID: "b", Mode: "flight", Number: "FL042", Depart: "14:05", Arrive: "16:09", DurationMinutes: 124, Price: orchestrator.Money{Cents: 70000, Currency: "CNY"}},
		{ID: "c", Mode: "train", Number: "D952", Depart: "06:20", Arrive: "19:40", DurationMinutes: 800, Price: orchestrator.Money{Cents: 50000, Currency: "CNY"}},
	}}}}}
	family := &orchestrator.Brief{Origin: "上海", Destinations: []string{"成都"}, Days: 4, Travelers: orchestrator.Travelers{Adults: 2, Children: 1, ChildAges: []int{6}}}
	adults := &orchestrator.Brief{Origin: "上海", Destinations: []string{"成都"}, Days: 4, Travelers: orchestrator.Travelers{Adults: 2}}
	itin := func(budget int64) *orchestrator.Itinerary {
		it := &orchestrator.Itinerary{People: 3, Days: []orchestrator.Day{{Day: 1, City: "成都", From: "上海", Cost: orchestrator.Money{Cents: 180000, Currency: "CNY"}, Legs: []orchestrator.Leg{
			{Mode: "flight", Number: "FL049", From: "上海", To: "成都", Depart: "07:26", Arrive: "09:30", DurationMinutes: 124, BeforeMinutes: 97, Cost: orchestrator.Money{Cents: 180000, Currency: "CNY"}},
		}}}}
		if budget > 0 {
			it.Budget.Limit = &orchestrator.Money{Cents: budget, Currency: "CNY"}
		}
		return it
	}
	if got := Count(Objections(family, trip, itin(0))); got[ObjOddHour] != 1 {
		t.Errorf("family, open budget: %v, want one odd_hour", got)
	}
	if got := Count(Objections(adults, trip, itin(0))); got[ObjOddHour] != 0 {
		t.Errorf("adults: %v, want no odd_hour (05:49 is after 05:30)", got)
	}
	// The later flight costs 300 CNY more for the three: over a budget
	// of 2,000 CNY.
	if got := Count(Objections(family, trip, itin(200000))); got[ObjOddHour] != 0 {
		t.Errorf("family, tight budget: %v, want no odd_hour", got)
	}
	// Late arrivals: 20:38–22:42 home is odd for the family, 12:37 is not.
	if !OddLeg(&orchestrator.Leg{Mode: "flight", Depart: "20:38", Arrive: "22:42"}, GentleLeave, GentleArrive) ||
		OddLeg(&orchestrator.Leg{Mode: "flight", Depart: "20:38", Arrive: "22:42"}, OddLeave, OddArrive) ||
		OddLeg(&orchestrator.Leg{Mode: "flight", Depart: "12:37", Arrive: "14:41"}, GentleLeave, GentleArrive) {
		t.Error("OddLeg on arrivals")
	}
	// An overnight train arrives after any party's latest arrival.
	if !OddLeg(&orchestrator.Leg{Mode: "train", Depart: "21:00", Arrive: "07:00", ArriveDayOffset: 1}, OddLeave, OddArrive) {
		t.Error("OddLeg on an overnight train")
	}
}

// TestLongTrainHome: the long_train rule holds on the way home and
// between two trip cities as on the way out.
func TestLongTrainHome(t *testing.T) {
	cny := func(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "CNY"} }
	opts := func(from, to string) orchestrator.Sourced[orchestrator.TransportLeg] {
		return orchestrator.Sourced[orchestrator.TransportLeg]{Value: orchestrator.TransportLeg{From: from, To: to, Options: []orchestrator.TransportOption{
			{ID: from + "t", Mode: "train", Number: "D2206", Depart: "06:32", Arrive: "20:40", DurationMinutes: 848, Price: cny(50000)},
			{ID: from + "f", Mode: "flight", Number: "FL404", Depart: "12:37", Arrive: "14:41", DurationMinutes: 124, Price: cny(80000)},
		}}}
	}
	trip := &orchestrator.Trip{Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{opts("成都", "上海"), opts("重庆", "成都")}}
	b := &orchestrator.Brief{Origin: "上海", Destinations: []string{"重庆", "成都"}, Days: 4, Travelers: orchestrator.Travelers{Adults: 1}}
	for _, from := range []string{"成都", "重庆"} {
		to := "上海"
		if from == "重庆" {
			to = "成都"
		}
		it := &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{{Day: 4, City: to, From: from, Legs: []orchestrator.Leg{
			{Mode: "train", Number: "D2206", From: from, To: to, Depart: "06:32", Arrive: "20:40", DurationMinutes: 848, Cost: cny(50000)},
		}}}}
		if got := Count(Objections(b, trip, it)); got[ObjLongTrain] != 1 {
			t.Errorf("%s→%s: %v, want one long_train", from, to, got)
		}
		b.Constraints.TransportPrefer = []string{"train"}
		if got := Count(Objections(b, trip, it)); got[ObjLongTrain] != 0 {
			t.Errorf("%s→%s, trains asked for: %v", from, to, got)
		}
		b.Constraints.TransportPrefer = nil
	}
}

// TestEarlyHopObjection: a short hop departing before 07:00 (广州→深圳 at
// 06:43, 上海→杭州 at 06:36) is odd_hour when a later departure of the
// hop at up to half more fare runs by 09:00; not when the later one
// costs twice as much or leaves after 09:00, not for a long leg, and not
// at 07:00.
func TestEarlyHopObjection(t *testing.T) {
	cny := func(c int64) orchestrator.Money { return orchestrator.Money{Cents: c, Currency: "CNY"} }
	for _, c := range []struct {
		name      string
		leg       orchestrator.Leg
		later     orchestrator.TransportOption
		objection bool
	}{
		{"广州→深圳 D901 06:43, G6203 07:20 at 49", orchestrator.Leg{Mode: "train", Number: "D901", Depart: "06:43", Arrive: "07:15", DurationMinutes: 32, Price: cny(3300), Cost: cny(3300)},
			orchestrator.TransportOption{Mode: "train", Number: "G6203", Depart: "07:20", Arrive: "07:56", DurationMinutes: 36, Price: cny(4900)}, true},
		{"上海→杭州 D3145 06:36, a train at 08:00", orchestrator.Leg{Mode: "train", Number: "D3145", Depart: "06:36", Arrive: "07:37", DurationMinutes: 61, Cost: cny(14600)},
			orchestrator.TransportOption{Mode: "train", Number: "G7501", Depart: "08:00", Arrive: "08:58", DurationMinutes: 58, Price: cny(7300)}, true},
		{"a flight at 06:50, one at 08:40", orchestrator.Leg{Mode: "flight", Number: "FL1", Depart: "06:50", Arrive: "08:40", DurationMinutes: 110, Price: cny(50000), Cost: cny(50000)},
			orchestrator.TransportOption{Mode: "flight", Number: "FL2", Depart: "08:40", Arrive: "10:30", DurationMinutes: 110, Price: cny(60000)}, true},
		{"南京→武汉 06:55, the next at 10:08 (the morning lost)", orchestrator.Leg{Mode: "train", Number: "G3591", Depart: "06:55", Arrive: "09:25", DurationMinutes: 150, Price: cny(30000), Cost: cny(30000)},
			orchestrator.TransportOption{Mode: "train", Number: "G586", Depart: "10:08", Arrive: "13:26", DurationMinutes: 198, Price: cny(30000)}, false},
		{"later fare twice as high", orchestrator.Leg{Mode: "train", Number: "D901", Depart: "06:43", Arrive: "07:15", DurationMinutes: 32, Price: cny(3300), Cost: cny(3300)},
			orchestrator.TransportOption{Mode: "train", Number: "G9", Depart: "07:20", Arrive: "07:56", DurationMinutes: 36, Price: cny(6600)}, false},
		{"a five-hour train at 06:40", orchestrator.Leg{Mode: "train", Number: "G1", Depart: "06:40", Arrive: "11:40", DurationMinutes: 300, Price: cny(30000), Cost: cny(30000)},
			orchestrator.TransportOption{Mode: "train", Number: "G2", Depart: "09:00", Arrive: "14:00", DurationMinutes: 300, Price: cny(30000)}, false},
		{"a hop at 07:00", orchestrator.Leg{Mode: "train", Number: "C8005", Depart: "07:00", Arrive: "08:06", DurationMinutes: 66, Price: cny(3000), Cost: cny(3000)},
			orchestrator.TransportOption{Mode: "train", Number: "G6207", Depart: "07:38", Arrive: "08:07", DurationMinutes: 29, Price: cny(3000)}, false},
	} {
		c.leg.From, c.leg.To, c.leg.BeforeMinutes = "甲", "乙", 40
		c.later.ID, c.later.From, c.later.To = "x", "甲", "乙"
		trip := &orchestrator.Trip{Transport: []orchestrator.Sourced[orchestrator.TransportLeg]{{Value: orchestrator.TransportLeg{From: "甲", To: "乙", Options: []orchestrator.TransportOption{c.later}}}}}
		b := &orchestrator.Brief{Origin: "甲", Destinations: []string{"乙"}, Days: 2, Travelers: orchestrator.Travelers{Adults: 1}}
		it := &orchestrator.Itinerary{People: 1, Days: []orchestrator.Day{{Day: 1, City: "乙", From: "甲", Cost: c.leg.Cost, Legs: []orchestrator.Leg{c.leg}}}}
		if got := Count(Objections(b, trip, it))[ObjOddHour] == 1; got != c.objection {
			t.Errorf("%s: odd_hour %v, want %v", c.name, got, c.objection)
		}
	}
}
