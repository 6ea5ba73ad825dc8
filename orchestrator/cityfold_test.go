package orchestrator

import (
	"strings"
	"testing"
)

// refCanonical is CanonicalCity as first written.
func refCanonical(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}

func FuzzSameCity(f *testing.F) {
	for _, p := range [][2]string{{"Chengdu", "chengdu"}, {"New  York", "new york"}, {" Xi'an\t", "xi'an"},
		{"成都", "成都 "}, {"ÉVORA", "évora"}, {"a\u00a0b", "a b"}, {"Shanghai (PVG)", "shanghai"}, {"\xff", "\xff"},
		{strings.Repeat("Long Name ", 10), strings.Repeat("long name ", 10)}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		want := refCanonical(stripParen(a)) == refCanonical(stripParen(b))
		if got := SameCity(a, b); got != want {
			t.Errorf("SameCity(%q, %q) = %v, want %v", a, b, got, want)
		}
		if got, want := CanonicalCity(a), refCanonical(a); got != want {
			t.Errorf("CanonicalCity(%q) = %q, want %q", a, got, want)
		}
	})
}

func TestFoldCityAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _ = SameCity("Shanghai", "shanghai (Hongqiao)") }); n != 0 {
		t.Errorf("SameCity of ASCII names: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = CanonicalCity("New  York") }); n > 1 {
		t.Errorf("CanonicalCity of an ASCII name: %v allocations, want 1", n)
	}
}
