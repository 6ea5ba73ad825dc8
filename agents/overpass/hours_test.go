package overpass

import (
	"fmt"
	"testing"
)

func TestParseOpeningHours(t *testing.T) {
	tests := []struct {
		in   string
		want string // fmt of the result, or "unknown"
	}{
		{"Mo-Su 09:00-17:00", "[{[] 09:00 17:00}]"},
		{"09:00-17:00", "[{[] 09:00 17:00}]"},
		{"9:00-17:00", "[{[] 09:00 17:00}]"},
		{"24/7", "[{[] 00:00 24:00}]"},
		{"Mo-Fr 09:00-17:00; Sa,Su 10:00-16:00", "[{[1 2 3 4 5] 09:00 17:00} {[0 6] 10:00 16:00}]"},
		{"Tu-Su 09:00-17:00; Mo off", "[{[0 2 3 4 5 6] 09:00 17:00}]"},
		{"Mo-Su 09:00-17:00; Tu off", "[{[0 1 3 4 5 6] 09:00 17:00}]"},
		{"Mo-Su 08:00-18:00; PH off", "[{[] 08:00 18:00}]"},
		{"Mo-Su,PH 08:00-18:00", "[{[] 08:00 18:00}]"},
		{"Mo-Su 11:00-14:00,17:00-21:00", "[{[] 11:00 14:00} {[] 17:00 21:00}]"},
		{"Mo-Fr 09:00-17:00, Sa 10:00-14:00", "[{[1 2 3 4 5] 09:00 17:00} {[6] 10:00 14:00}]"},
		{"Fr-Mo 10:00-20:00", "[{[0 1 5 6] 10:00 20:00}]"},
		{"11:00-02:00", "[{[] 11:00 02:00}]"},
		{"Fr,Sa 18:00-26:00", "[{[5 6] 18:00 02:00}]"},
		{"Mo-Sa 17:30-22:00; Su off", "[{[1 2 3 4 5 6] 17:30 22:00}]"},
		{"Mo 10:00-12:00; Mo 14:00-16:00", "[{[1] 14:00 16:00}]"},
		{"Mo-Su 09:00-17:00; Mo-Su off", "unknown"},
		{"off", "unknown"},
		{"", "unknown"},
		{"sunrise-sunset", "unknown"},
		{"Tu-Su 10:00-18:00 || \"by appointment\"", "unknown"},
		{"Apr-Oct Mo-Su 09:00-18:00", "unknown"},
		{"Mo-Fr 09:00-17:00+", "unknown"},
		{"Mo-Fr 09:00-17:00 \"call first\"", "unknown"},
		{"SH off", "unknown"},
		{"Mo-Fr 25:00-26:00", "unknown"},
		{"Mo-Fr 09:00-09:00", "unknown"},
		{"Mo-Fr 9-17", "unknown"},
		{"Mo-", "unknown"},
		{"Mo-Fr", "unknown"},
		{"09:00-", "unknown"},
		{";;", "unknown"},
		{"Mo-Fr 09:00-17:00;", "[{[1 2 3 4 5] 09:00 17:00}]"},
	}
	for _, tt := range tests {
		h, ok := ParseOpeningHours(tt.in)
		got := "unknown"
		if ok {
			got = fmt.Sprint(h)
		}
		if got != tt.want {
			t.Errorf("ParseOpeningHours(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func FuzzParseOpeningHours(f *testing.F) {
	for _, s := range []string{"Mo-Su 09:00-17:00", "Mo-Fr 09:00-17:00, Sa 10:00-14:00; PH off", "24/7", "Fr-Mo 18:00-26:00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, ok := ParseOpeningHours(s)
		if !ok {
			return
		}
		if len(h) == 0 {
			t.Fatalf("%q: ok with no hours", s)
		}
		for _, x := range h {
			if _, ok := clock(x.Open); !ok {
				t.Fatalf("%q: open %q", s, x.Open)
			}
			if c, ok := clock(x.Close); !ok || c > 1440 {
				t.Fatalf("%q: close %q", s, x.Close)
			}
			for _, d := range x.Weekdays {
				if d < 0 || d > 6 {
					t.Fatalf("%q: weekday %d", s, d)
				}
			}
		}
	})
}
