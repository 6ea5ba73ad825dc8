package amap

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

func TestParseOpenTime(t *testing.T) {
	type oh = orchestrator.OpeningHours
	tests := []struct {
		week, today string
		want        []oh
	}{
		{"周一至周日 10:00-22:00", "10:00-22:00", []oh{{Open: "10:00", Close: "22:00"}}},
		{"周一至周日 00:00-24:00", "", []oh{{Open: "00:00", Close: "24:00"}}},
		{"周二至周日09:00-17:00", "", []oh{{Weekdays: []int{0, 2, 3, 4, 5, 6}, Open: "09:00", Close: "17:00"}}},
		{"周一至周五:08:30-17:30", "", []oh{{Weekdays: []int{1, 2, 3, 4, 5}, Open: "08:30", Close: "17:30"}}},
		{"周一至周五 09:00-17:00；周六至周日 10:00-18:00", "", []oh{
			{Weekdays: []int{1, 2, 3, 4, 5}, Open: "09:00", Close: "17:00"}, {Weekdays: []int{0, 6}, Open: "10:00", Close: "18:00"}}},
		{"周一至周五 09:00-17:00 周六日 10:00-18:00", "", []oh{
			{Weekdays: []int{1, 2, 3, 4, 5}, Open: "09:00", Close: "17:00"}, {Weekdays: []int{0, 6}, Open: "10:00", Close: "18:00"}}},
		{"周一至周五09:00-17:00，周末10:00-18:00", "", []oh{
			{Weekdays: []int{1, 2, 3, 4, 5}, Open: "09:00", Close: "17:00"}, {Weekdays: []int{0, 6}, Open: "10:00", Close: "18:00"}}},
		{"周二至周日 09:00-17:00(16:00停止入馆)；周一闭馆", "", []oh{{Weekdays: []int{0, 2, 3, 4, 5, 6}, Open: "09:00", Close: "17:00"}}},
		{"09:00-17:00 周一闭馆", "", []oh{{Weekdays: []int{0, 2, 3, 4, 5, 6}, Open: "09:00", Close: "17:00"}}},
		{"周一至周日 11:00-14:00,17:00-21:30", "", []oh{{Open: "11:00", Close: "14:00"}, {Open: "17:00", Close: "21:30"}}},
		{"周一至周日 18:00-次日02:00", "", []oh{{Open: "18:00", Close: "02:00"}}},
		{"每天 17:00-02:00", "", []oh{{Open: "17:00", Close: "02:00"}}},
		{"24小时营业", "", []oh{{Open: "00:00", Close: "24:00"}}},
		{"全天开放", "", []oh{{Open: "00:00", Close: "24:00"}}},
		{"星期一至星期五 8:30-17:00", "", []oh{{Weekdays: []int{1, 2, 3, 4, 5}, Open: "08:30", Close: "17:00"}}},
		{"周五至周一 10:00-16:00", "", []oh{{Weekdays: []int{0, 1, 5, 6}, Open: "10:00", Close: "16:00"}}},
		{"周一至五 09:00-18:00", "", []oh{{Weekdays: []int{1, 2, 3, 4, 5}, Open: "09:00", Close: "18:00"}}},
		{"周一、周三、周五 09:00-12:00", "", []oh{{Weekdays: []int{1, 3, 5}, Open: "09:00", Close: "12:00"}}},
		{"工作日 09:00-17:00；节假日 10:00-16:00", "", []oh{{Weekdays: []int{1, 2, 3, 4, 5}, Open: "09:00", Close: "17:00"}}},
		{"营业时间：10:00～22:00", "", []oh{{Open: "10:00", Close: "22:00"}}},
		// Days alone take today's hours.
		{"周一至周日", "07:30-17:30", []oh{{Open: "07:30", Close: "17:30"}}},
		{"周二至周日", "09:00-17:00", []oh{{Weekdays: []int{0, 2, 3, 4, 5, 6}, Open: "09:00", Close: "17:00"}}},
		// No week: today's hours every day.
		{"", "10:00-22:00", []oh{{Open: "10:00", Close: "22:00"}}},
		// Unknown.
		{"", "", nil},
		{"以现场为准", "10:00-22:00", nil},
		{"4月1日-10月31日 08:00-18:00", "", nil},
		{"周一至周日 10:00-", "", nil},
		{"周一至周日", "", nil},
		{"周一至周日", "周一 10:00-12:00", nil},
		{"周一闭馆", "", nil},
		{"周一至周日 10:00-22:00", "", []oh{{Open: "10:00", Close: "22:00"}}},
		{"周一至周日 25:00-26:00", "", nil},
		{"周一至周日 10:00-10:00", "", nil},
		{"周一至周日 10:00-22:00(", "", nil},
		{"一 10:00-22:00", "", nil},
		{"周一至周五 09:00-17:00；周六", "", nil},
		{"节假日 10:00-16:00", "", nil},
		{"10:000-22:00", "", nil},
	}
	for _, tt := range tests {
		got, ok := ParseOpenTime(tt.week, tt.today)
		if ok != (tt.want != nil) {
			t.Errorf("ParseOpenTime(%q, %q) ok = %v, want %v (hours %v)", tt.week, tt.today, ok, tt.want != nil, got)
			continue
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(tt.want)
		if string(g) != string(w) {
			t.Errorf("ParseOpenTime(%q, %q) = %s, want %s", tt.week, tt.today, g, w)
		}
	}
}

// FuzzParseOpenTime: never panics; what it returns is well-formed hours.
func FuzzParseOpenTime(f *testing.F) {
	for _, s := range [][2]string{
		{"周一至周日 10:00-22:00", "10:00-22:00"}, {"周二至周日09:00-17:00(16:00停止入馆)", ""},
		{"周一至周五 09:00-17:00；周六日 10:00-18:00", ""}, {"周一至周日", "07:30-17:30"},
		{"18:00-次日02:00", ""}, {"24小时营业", ""}, {"周五至周一 10:00-16:00", ""}, {"（", ""}, {"周", "周一"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, week, today string) {
		hours, ok := ParseOpenTime(week, today)
		if ok != (len(hours) > 0) {
			t.Fatalf("ParseOpenTime(%q, %q) ok = %v with %d spans", week, today, ok, len(hours))
		}
		for _, h := range hours {
			o, ok1 := clockMinutes(h.Open)
			c, ok2 := clockMinutes(h.Close)
			if !ok1 || !ok2 || o >= 1440 || c > 1440 || len(h.Weekdays) >= 7 {
				t.Fatalf("ParseOpenTime(%q, %q) gave %+v", week, today, h)
			}
			for i, d := range h.Weekdays {
				if d < 0 || d > 6 || (i > 0 && h.Weekdays[i-1] >= d) {
					t.Fatalf("ParseOpenTime(%q, %q) gave weekdays %v", week, today, h.Weekdays)
				}
			}
			if !utf8.ValidString(h.Open + h.Close) {
				t.Fatal("invalid UTF-8")
			}
		}
	})
}
