package quality

import (
	"fmt"
	"math"
	"testing"
)

// detailf writes what fmt.Sprintf writes for every format of a detail.
func TestDetailfIsSprintf(t *testing.T) {
	ints := []int{0, 1, 7, 42, 255, 256, 1000, -3, math.MaxInt64, math.MinInt64}
	floats := []float64{0, math.Copysign(0, -1), 0.05, 0.15, 0.45, 2.5, 3.5, -0.3, 99.95, 12345.678, 1e21, math.Inf(1), math.Inf(-1), math.NaN()}
	formats := []struct {
		format string
		kinds  string // d: int, f: float64
	}{
		{"%d of %d interests met", "dd"},
		{"%d of %d must-see sights in the data visited", "dd"},
		{"%d meals: %d breakfasts where none is served, %d over %.0f km from the previous place", "dddf"},
		{"; %d of %d cuisines served", "dd"},
		{"%d of %d stops at a fitting time and length", "dd"},
		{"%.1f of %d waking hours in transit (%.0f%%)", "fdf"},
		{"%d travel days, %d with a leg at an odd hour", "dd"},
		{"spends %.0f%% of the budget", "f"},
		{"%d stops in %d categories, %d pairs of the same site or a repeated once-per-trip sight", "ddd"},
		{"%d lunches and dinners in %d categories: %d repeated the same day, %d over %d of a category", "ddddd"},
	}
	for _, f := range formats {
		for k := range 40 {
			args := make([]any, len(f.kinds))
			for i, c := range f.kinds {
				if c == 'd' {
					args[i] = ints[(k+3*i)%len(ints)]
				} else {
					args[i] = floats[(k+5*i)%len(floats)]
				}
			}
			if got, want := detailf(f.format, args...), fmt.Sprintf(f.format, args...); got != want {
				t.Errorf("detailf(%q, %v) = %q, want %q", f.format, args, got, want)
			}
		}
	}
}
