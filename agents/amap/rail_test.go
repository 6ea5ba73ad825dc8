package amap

import "testing"

func TestRailwayClass(t *testing.T) {
	tests := []struct{ typ, trip, want string }{
		{"2011", "G8501", "高铁"},
		{"2012", "", "动车"},
		{"2013", "C6201", "城际动车"},
		{"高速列车", "G1", "高速列车"},
		{"", "G8501", "高铁"},
		{"", "d5101", "动车"},
		{"9999", "K1234", "快速"},
		{"", "Z49", "直达特快"},
		{"", "1234", ""},
		{"", "GX", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		if got := RailwayClass(tt.typ, tt.trip); got != tt.want {
			t.Errorf("RailwayClass(%q, %q) = %q, want %q", tt.typ, tt.trip, got, tt.want)
		}
	}
}

func TestRailTimes(t *testing.T) {
	tests := []struct {
		dep, arr      string
		dur           int
		wantDep, want string
		off           int
		ok            bool
	}{
		{"0730", "0912", 6120, "07:30", "09:12", 0, true},
		{"07:30", "09:12", 0, "07:30", "09:12", 0, true},
		{"7:05", "8:40", 0, "07:05", "08:40", 0, true},
		{"22:10", "01:30", 0, "22:10", "01:30", 1, true},
		{"2210", "2530", 0, "22:10", "01:30", 1, true},
		{"20:00", "08:00", 36 * 3600, "20:00", "08:00", 2, true}, // a 36-hour sleeper
		{"08:00", "09:00", 3600, "08:00", "09:00", 0, true},
		{"", "09:12", 0, "", "", 0, false},
		{"0730", "", 0, "", "", 0, false},
		{"24:30", "09:12", 0, "", "", 0, false},
		{"07:3", "09:12", 0, "", "", 0, false},
		{"073", "09:12", 0, "", "", 0, false},
		{"07:60", "09:12", 0, "", "", 0, false},
	}
	for _, tt := range tests {
		d, a, off, ok := railTimes(tt.dep, tt.arr, tt.dur)
		if d != tt.wantDep || a != tt.want || off != tt.off || ok != tt.ok {
			t.Errorf("railTimes(%q, %q, %d) = %q, %q, %d, %v; want %q, %q, %d, %v", tt.dep, tt.arr, tt.dur, d, a, off, ok, tt.wantDep, tt.want, tt.off, tt.ok)
		}
	}
}

// FuzzRailTimes: never panics; times read are "HH:MM" with the arrival
// not before the departure.
func FuzzRailTimes(f *testing.F) {
	for _, s := range []string{"0730", "07:30", "7:30", "2530", "", "24:00", "99:99", "1:1"} {
		f.Add(s, "0912", 6120)
	}
	f.Fuzz(func(t *testing.T, dep, arr string, dur int) {
		d, a, off, ok := railTimes(dep, arr, dur)
		if !ok {
			if d != "" || a != "" || off != 0 {
				t.Fatalf("railTimes(%q, %q, %d) failed but returned %q, %q, %d", dep, arr, dur, d, a, off)
			}
			return
		}
		dm, ok1 := clockMinutes(d)
		am, ok2 := clockMinutes(a)
		if !ok1 || !ok2 || dm >= 1440 || am >= 1440 || len(d) != 5 || len(a) != 5 || off < 0 || off > 7 || am+1440*off < dm {
			t.Fatalf("railTimes(%q, %q, %d) = %q, %q, %d", dep, arr, dur, d, a, off)
		}
	})
}
