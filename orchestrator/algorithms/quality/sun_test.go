package quality

import "testing"

// TestSunsetMinutes checks the sunset clock against published tables
// (timeanddate.com, rounded to the minute; the equations are good to a few
// minutes): Hangzhou in May and December, Beijing at midsummer, London in
// winter time.
func TestSunsetMinutes(t *testing.T) {
	for _, c := range []struct {
		date     string
		lat, lon float64
		tz       string
		want     int // minutes after midnight
	}{
		{"2026-05-20", 30.29, 120.16, "Asia/Shanghai", 18*60 + 49},
		{"2026-12-15", 30.29, 120.16, "Asia/Shanghai", 17*60 + 0},
		{"2026-06-21", 39.90, 116.40, "Asia/Shanghai", 19*60 + 46},
		{"2026-12-21", 51.51, -0.13, "Europe/London", 15*60 + 54},
		{"2026-12-21", 51.51, -0.13, "", 15*60 + 54},
	} {
		got, ok := SunsetMinutes(c.date, c.lat, c.lon, c.tz)
		if !ok || got < c.want-4 || got > c.want+4 {
			t.Errorf("%s at %.2f,%.2f: sunset %02d:%02d, want about %02d:%02d", c.date, c.lat, c.lon, got/60, got%60, c.want/60, c.want%60)
		}
	}
	if _, ok := SunsetMinutes("2026-06-21", 80, 15, ""); ok {
		t.Error("a polar day has a sunset")
	}
}
