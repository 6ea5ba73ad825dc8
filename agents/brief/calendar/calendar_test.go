package calendar

import (
	"fmt"
	"testing"
	"time"
)

// Published dates (Hong Kong Observatory / State Council holiday notices,
// timeanddate.com) checked against the computation; the code has no tables.
func TestChineseFestivals(t *testing.T) {
	type want struct{ spring, dragon, midAutumn, qingming, solstice string }
	tests := map[int]want{
		2000: {"2000-02-05", "2000-06-06", "2000-09-12", "2000-04-04", "2000-12-21"},
		2012: {"2012-01-23", "2012-06-23", "2012-09-30", "2012-04-04", "2012-12-21"},
		2017: {"2017-01-28", "2017-05-30", "2017-10-04", "2017-04-04", "2017-12-22"},
		2020: {"2020-01-25", "2020-06-25", "2020-10-01", "2020-04-04", "2020-12-21"},
		2021: {"2021-02-12", "2021-06-14", "2021-09-21", "2021-04-04", "2021-12-21"},
		2022: {"2022-02-01", "2022-06-03", "2022-09-10", "2022-04-05", "2022-12-22"},
		2023: {"2023-01-22", "2023-06-22", "2023-09-29", "2023-04-05", "2023-12-22"},
		2024: {"2024-02-10", "2024-06-10", "2024-09-17", "2024-04-04", "2024-12-21"},
		2025: {"2025-01-29", "2025-05-31", "2025-10-06", "2025-04-04", "2025-12-21"},
		2026: {"2026-02-17", "2026-06-19", "2026-09-25", "2026-04-05", "2026-12-22"},
		2027: {"2027-02-06", "2027-06-09", "2027-09-15", "2027-04-05", "2027-12-22"},
		2028: {"2028-01-26", "2028-05-28", "2028-10-03", "2028-04-04", "2028-12-21"},
		2030: {"2030-02-03", "2030-06-05", "2030-09-12", "2030-04-05", "2030-12-22"},
		2033: {"2033-01-31", "2033-06-01", "2033-09-08", "2033-04-04", "2033-12-21"},
	}
	f := func(t time.Time) string { return t.Format("2006-01-02") }
	for y, w := range tests {
		dragon, ok1 := LunarDate(y, 5, 5)
		moon, ok2 := LunarDate(y, 8, 15)
		got := want{f(SpringFestival(y)), f(dragon), f(moon), f(Qingming(y)), f(WinterSolstice(y))}
		if !ok1 || !ok2 || got != w {
			t.Errorf("%d: got %+v, want %+v", y, got, w)
		}
	}
}

func TestLunarDateInvalid(t *testing.T) {
	for _, c := range [][3]int{{2026, 0, 1}, {2026, 13, 1}, {2026, 1, 31}, {2026, 1, 0}} {
		if _, ok := LunarDate(c[0], c[1], c[2]); ok {
			t.Errorf("LunarDate%v ok, want not ok", c)
		}
	}
}

func TestWestern(t *testing.T) {
	tests := []struct {
		name string
		got  time.Time
		want string
	}{
		{"easter 2024", Easter(2024), "2024-03-31"},
		{"easter 2025", Easter(2025), "2025-04-20"},
		{"easter 2026", Easter(2026), "2026-04-05"},
		{"easter 2027", Easter(2027), "2027-03-28"},
		{"thanksgiving 2025", Thanksgiving(2025), "2025-11-27"},
		{"thanksgiving 2026", Thanksgiving(2026), "2026-11-26"},
		{"memorial 2026", MemorialDay(2026), "2026-05-25"},
		{"labor 2026", LaborDay(2026), "2026-09-07"},
	}
	for _, tt := range tests {
		if got := tt.got.Format("2006-01-02"); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
}

func ExampleLunarDate() {
	d, _ := LunarDate(2026, 8, 15) // 中秋节
	fmt.Println(d.Format("2006-01-02"), SpringFestival(2027).Format("2006-01-02"))
	// Output: 2026-09-25 2027-02-06
}
