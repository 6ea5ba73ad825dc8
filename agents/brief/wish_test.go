package brief

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestWishPrefersCoveredDestinations: a wish that names no place is
// answered with a destination the service holds data for, when one fits,
// the others offered as alternatives; without coverage the table's own
// ranking stands.
func TestWishPrefersCoveredDestinations(t *testing.T) {
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	changed := 0
	for _, c := range []struct {
		query, covered string
	}{
		{"想去海边玩三天，预算三千，从上海出发", "Shenzhen"},
		{"a beach holiday for 4 days from Beijing in July", "Qingdao"},
		{"想去海边玩三天，从北京出发，下个月", "Xiamen"},
	} {
		var asked []string
		p, err := New(Options{Covered: func(names []string) []bool {
			asked = names
			out := make([]bool, len(names))
			for i, n := range names {
				out[i] = n == c.covered
			}
			return out
		}})
		if err != nil {
			t.Fatal(err)
		}
		r, err := p.Parse(context.Background(), c.query, now)
		if err != nil {
			t.Fatal(err)
		}
		if len(asked) == 0 {
			t.Fatalf("%s: coverage was not asked", c.query)
		}
		if got := r.Brief.Destinations; len(got) != 1 || got[0] != c.covered {
			t.Errorf("%s with data for %s: destinations %v", c.query, c.covered, got)
		}
		if len(r.Alternatives) == 0 || slices.Contains(r.Alternatives, c.covered) {
			t.Errorf("%s: alternatives %v", c.query, r.Alternatives)
		}
		if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "data at hand") }) {
			t.Errorf("%s: no note says why: %v", c.query, r.Notes)
		}
		// Without coverage the same wish is ranked by the table alone.
		plain := ParseRules(c.query, now)
		if len(plain.Brief.Destinations) != 1 {
			t.Errorf("%s without coverage: destinations %v", c.query, plain.Brief.Destinations)
		} else if plain.Brief.Destinations[0] != c.covered {
			changed++
		}
	}
	if changed == 0 {
		t.Error("coverage changed no choice: the cases do not exercise it")
	}
}
