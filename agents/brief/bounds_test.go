package brief

import (
	"context"
	"strings"
	"testing"
)

// TestImpossibleNumbersAreAsked: a party no plan can take and a negative
// budget are asked about in the request's language, never read as one
// adult or a positive budget; ordinary numbers nearby are left alone.
func TestImpossibleNumbersAreAsked(t *testing.T) {
	p, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		q, field string
	}{
		{"3 days in Chengdu for 1000000000 people", "travelers"},
		{"4 days in Rome for 0 travellers in May", "travelers"},
		{"成都三日游，500人", "travelers"},
		{"成都三日游，预算-2000", "budget"},
		{"3 days in Kyoto, budget -2000 USD", "budget"},
		{"Paris for a week, budget: −800 EUR, 2 adults", "budget"},
		{"3 days in Kyoto, budget 1e15 USD", "budget"},
		{"成都三日游，人均2000，2人", ""},
		{"3 days in Kyoto for 2 people, budget 2000 USD, 1 person per room", ""},
		{"5 days in Texas for 50 people", ""},
		{"上海到北京，2026-06-01出发，玩3天，4人", ""},
	} {
		r, err := p.Parse(context.Background(), c.q, refNow)
		if err != nil {
			t.Fatalf("%q: %v", c.q, err)
		}
		var got []string
		for _, q := range r.Questions {
			got = append(got, q.Field)
		}
		has := strings.Contains(","+strings.Join(got, ",")+",", ","+c.field+",")
		switch {
		case c.field == "" && (strings.Contains(strings.Join(got, ","), "travelers") || strings.Contains(strings.Join(got, ","), "budget")):
			t.Errorf("%q: asked %v, want no question on the party or budget", c.q, got)
		case c.field != "" && !has:
			t.Errorf("%q: questions %v, want one on %s (brief %+v)", c.q, got, c.field, r.Brief.Travelers)
		}
	}
}
