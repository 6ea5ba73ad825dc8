package calendar

import "time"

// Easter returns Western (Gregorian) Easter Sunday of year y, by the
// anonymous Gregorian algorithm (Meeus, chapter 8).
func Easter(y int) time.Time {
	a := y % 19
	b, c := y/100, y%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return Date(y, time.Month(month), day)
}

// NthWeekday returns the n-th wd of month m in year y; n < 0 counts from
// the end of the month (-1 is the last).
func NthWeekday(y int, m time.Month, wd time.Weekday, n int) time.Time {
	if n > 0 {
		t := Date(y, m, 1)
		t = t.AddDate(0, 0, (int(wd)-int(t.Weekday())+7)%7)
		return t.AddDate(0, 0, 7*(n-1))
	}
	t := Date(y, m+1, 1).AddDate(0, 0, -1)
	t = t.AddDate(0, 0, -((int(t.Weekday()) - int(wd) + 7) % 7))
	return t.AddDate(0, 0, 7*(n+1))
}

// Thanksgiving returns US Thanksgiving, the fourth Thursday of November.
func Thanksgiving(y int) time.Time { return NthWeekday(y, time.November, time.Thursday, 4) }

// MemorialDay returns the US Memorial Day, the last Monday of May.
func MemorialDay(y int) time.Time { return NthWeekday(y, time.May, time.Monday, -1) }

// LaborDay returns the US Labor Day, the first Monday of September.
func LaborDay(y int) time.Time { return NthWeekday(y, time.September, time.Monday, 1) }
