package orchestrator

import (
	"slices"
	"time"
)

// Domain time: one reading of wall-clock times ("HH:MM"), one opening-hours
// check and one table of meal lengths, shared by the planner, the
// verifier, the quality score, the renderers and the provider parsers.
// Times are minutes after midnight; a value of 1440 or more stands for the
// next day (a span past midnight, an overnight train's arrival).

// Meal lengths in minutes: what the planner books for each meal, what the
// verifier expects a restaurant to stay open for, and what a calendar
// blocks.
const (
	BreakfastMinutes = 45
	LunchMinutes     = 60
	DinnerMinutes    = 75
)

// MealMinutes is how long the meal of slot (Breakfast, Lunch, Dinner)
// lasts; any other slot is booked as a dinner.
func MealMinutes(slot string) int {
	switch slot {
	case Breakfast:
		return BreakfastMinutes
	case Lunch:
		return LunchMinutes
	}
	return DinnerMinutes
}

// ParseClock reads a time of day, "H:MM" or "HH:MM", into minutes after
// midnight, up to "24:00" (the end of a day, as opening hours write it).
// ok is false for anything else.
func ParseClock(s string) (int, bool) {
	m, ok := parseClock(s)
	if !ok || m > 1440 {
		return 0, false
	}
	return m, true
}

// ParseClockSpan is ParseClock for times that may run into the next day:
// hours up to 48 ("25:10" is 01:10 the next day, as timetables and
// opening-hours spans past midnight write it).
func ParseClockSpan(s string) (int, bool) { return parseClock(s) }

func parseClock(s string) (int, bool) {
	i := 0
	for i < len(s) && s[i] != ':' {
		i++
	}
	if i < 1 || i > 2 || len(s) != i+3 {
		return 0, false
	}
	h, m := 0, 0
	for _, c := range []byte(s[:i]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		h = h*10 + int(c-'0')
	}
	for _, c := range []byte(s[i+1:]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		m = m*10 + int(c-'0')
	}
	if h > 48 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}

// FormatClock writes minutes after midnight as "HH:MM"; a negative value is
// "00:00", and 1440 or more keeps counting hours ("24:00", "25:10").
func FormatClock(m int) string {
	if m < 0 {
		m = 0
	}
	if m < len(clockTexts) {
		return clockTexts[m]
	}
	h, mm := m/60, m%60
	if h < 100 {
		return string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + mm/10), byte('0' + mm%10)})
	}
	return itoa(h) + ":" + string([]byte{byte('0' + mm/10), byte('0' + mm%10)})
}

// clockTexts holds FormatClock of the minutes of two days, formatted once:
// planners write thousands of times per plan.
var clockTexts = func() []string {
	out := make([]string, 2*1440)
	for m := range out {
		h, mm := m/60, m%60
		out[m] = string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + mm/10), byte('0' + mm%10)})
	}
	return out
}()

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// Weekday is the weekday of a date ("2006-01-02"; 0 = Sunday), or -1 when
// the date does not parse.
func Weekday(date string) int {
	t, err := time.Parse(DateLayout, date)
	if err != nil {
		return -1
	}
	return int(t.Weekday())
}

// OpenDuring reports whether hours allow a stay from start to end (minutes
// after midnight) on weekday wd (0 = Sunday, -1 when unknown). Unknown
// hours allow anything; an entry whose times do not parse allows nothing;
// a close at or before the opening time is the next day's.
func OpenDuring(hours []OpeningHours, wd, start, end int) bool {
	if len(hours) == 0 {
		return true
	}
	for _, h := range hours {
		if wd >= 0 && len(h.Weekdays) > 0 && !slices.Contains(h.Weekdays, wd) {
			continue
		}
		o, ok1 := ParseClock(h.Open)
		c, ok2 := ParseClock(h.Close)
		if !ok1 || !ok2 {
			continue
		}
		if c <= o {
			c += 1440
		}
		if o <= start && end <= c {
			return true
		}
	}
	return false
}
