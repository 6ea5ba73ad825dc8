package orchestrator

import (
	"math"
	"reflect"
	"testing"
)

func TestParseBBox(t *testing.T) {
	b, err := ParseBBox(" 30.6,104.0 , 30.7,104.1", 1)
	if err != nil || b != (BBox{South: 30.6, West: 104.0, North: 30.7, East: 104.1}) {
		t.Fatalf("got %+v, %v", b, err)
	}
	if c := b.Center(); math.Abs(c.Lat-30.65) > 1e-9 || math.Abs(c.Lon-104.05) > 1e-9 {
		t.Errorf("centre %+v", c)
	}
	for _, bad := range []string{"", "1,2,3", "1,2,3,4,5", "a,2,3,4", "NaN,2,3,4", "Inf,2,3,4", "-91,0,0,1", "0,0,91,1", "0,-181,1,0",
		"1,0,0,1", "0,1,1,0", "0,0,1.5,1", "0,0,1,2"} {
		if _, err := ParseBBox(bad, 1); err == nil {
			t.Errorf("ParseBBox(%q) accepted", bad)
		}
	}
	if _, err := ParseBBox("0,0,5,5", 0); err != nil {
		t.Errorf("no size limit: %v", err)
	}
}

func TestGroupHours(t *testing.T) {
	var week [7][]MinuteSpan
	for d := 1; d <= 5; d++ {
		week[d] = []MinuteSpan{{Open: 9 * 60, Close: 17 * 60}}
	}
	week[6] = []MinuteSpan{{Open: 18 * 60, Close: 26 * 60}} // Saturday until 02:00
	got := GroupHours(week)
	want := []OpeningHours{{Weekdays: []int{1, 2, 3, 4, 5}, Open: "09:00", Close: "17:00"}, {Weekdays: []int{6}, Open: "18:00", Close: "02:00"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("GroupHours = %+v, want %+v", got, want)
	}
	for d := range week {
		week[d] = []MinuteSpan{{Open: 0, Close: 1440}}
	}
	if got := GroupHours(week); len(got) != 1 || got[0].Weekdays != nil || got[0].Close != "24:00" {
		t.Errorf("every day = %+v", got)
	}
	if GroupHours([7][]MinuteSpan{}) != nil {
		t.Error("an empty week gives hours")
	}
}

func TestHanName(t *testing.T) {
	for name, want := range map[string]bool{"成都": true, "重庆·渝中": true, "chengdu": false, "": false, "成都 city": false} {
		if HanName(name) != want {
			t.Errorf("HanName(%q) != %v", name, want)
		}
	}
}
