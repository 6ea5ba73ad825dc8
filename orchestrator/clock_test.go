package orchestrator

import (
	"fmt"
	"testing"
)

func TestParseClock(t *testing.T) {
	for _, c := range []struct {
		in       string
		day, ext int // -1: refused
	}{
		{"07:30", 450, 450}, {"7:30", 450, 450}, {"00:00", 0, 0}, {"23:59", 1439, 1439},
		{"24:00", 1440, 1440}, {"24:01", -1, 1441}, {"25:10", -1, 1510}, {"48:00", -1, 2880},
		{"48:59", -1, 2939}, {"49:00", -1, -1}, {"07:60", -1, -1}, {"7:3", -1, -1}, {"730", -1, -1},
		{"", -1, -1}, {":30", -1, -1}, {"123:00", -1, -1}, {"ab:cd", -1, -1}, {"-1:00", -1, -1},
		{"07:30 ", -1, -1}, {"07:3x", -1, -1}, {"０7:30", -1, -1},
	} {
		m, ok := ParseClock(c.in)
		if (c.day < 0) == ok || (ok && m != c.day) {
			t.Errorf("ParseClock(%q) = %d, %v; want %d", c.in, m, ok, c.day)
		}
		m, ok = ParseClockSpan(c.in)
		if (c.ext < 0) == ok || (ok && m != c.ext) {
			t.Errorf("ParseClockSpan(%q) = %d, %v; want %d", c.in, m, ok, c.ext)
		}
	}
}

func TestFormatClock(t *testing.T) {
	for m := 0; m < 10000; m++ {
		want := fmt.Sprintf("%02d:%02d", m/60, m%60)
		if got := FormatClock(m); got != want {
			t.Fatalf("FormatClock(%d) = %q, want %q", m, got, want)
		}
		if m <= 2880 {
			if back, ok := ParseClockSpan(FormatClock(m)); !ok || back != m {
				t.Fatalf("ParseClockSpan(FormatClock(%d)) = %d, %v", m, back, ok)
			}
		}
	}
	if got := FormatClock(-5); got != "00:00" {
		t.Errorf("FormatClock(-5) = %q", got)
	}
}

func TestOpenDuring(t *testing.T) {
	weekdays := []OpeningHours{{Weekdays: []int{1, 2, 3, 4, 5}, Open: "09:00", Close: "17:00"}}
	night := []OpeningHours{{Open: "18:00", Close: "02:00"}}
	for _, c := range []struct {
		name     string
		hours    []OpeningHours
		wd, s, e int
		want     bool
	}{
		{"unknown hours allow anything", nil, 0, 0, 1440, true},
		{"inside on a weekday", weekdays, 1, 9 * 60, 17 * 60, true},
		{"before opening", weekdays, 1, 8*60 + 59, 10 * 60, false},
		{"past closing", weekdays, 1, 16 * 60, 17*60 + 1, false},
		{"closed on Sunday", weekdays, 0, 10 * 60, 11 * 60, false},
		{"unknown weekday", weekdays, -1, 10 * 60, 11 * 60, true},
		{"past midnight", night, 6, 23 * 60, 25 * 60, true},
		{"past the next day's close", night, 6, 23 * 60, 26*60 + 1, false},
		{"unparsable entry allows nothing", []OpeningHours{{Open: "9am", Close: "5pm"}}, 1, 10 * 60, 11 * 60, false},
		{"a later entry matches", append([]OpeningHours{{Open: "x", Close: "y"}}, night...), 2, 19 * 60, 20 * 60, true},
	} {
		if got := OpenDuring(c.hours, c.wd, c.s, c.e); got != c.want {
			t.Errorf("%s: OpenDuring = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestMealMinutesAndWeekday(t *testing.T) {
	if MealMinutes(Breakfast) != 45 || MealMinutes(Lunch) != 60 || MealMinutes(Dinner) != 75 {
		t.Errorf("meal lengths: %d %d %d", MealMinutes(Breakfast), MealMinutes(Lunch), MealMinutes(Dinner))
	}
	if wd := Weekday("2026-12-02"); wd != 3 {
		t.Errorf("Weekday(2026-12-02) = %d, want 3 (Wednesday)", wd)
	}
	if wd := Weekday("2026-02-30"); wd != -1 {
		t.Errorf("Weekday(2026-02-30) = %d, want -1", wd)
	}
}
