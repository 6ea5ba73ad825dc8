package landmarks_test

import (
	"testing"

	"github.com/tripweave/tripweave/agents/brief/landmarks"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// TestEveryCityResolves checks that the city of every sight is a city the
// place gazetteer knows, by that name and in that country.
func TestEveryCityResolves(t *testing.T) {
	x, err := landmarks.Default()
	if err != nil {
		t.Fatal(err)
	}
	g, err := gazetteer.Default()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(x.Sights()); n < 1200 {
		t.Errorf("%d sights, want at least 1200", n)
	}
	for _, s := range x.Sights() {
		found := false
		for _, c := range g.Lookup(gazetteer.Key(s.City)) {
			if c.Place.Kind == gazetteer.City && c.Place.CountryCode == s.CountryCode && c.Place.Name == s.City {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s: city %s (%s) is not a city of the gazetteer", s.Name, s.City, s.CountryCode)
		}
	}
}

func TestLongestName(t *testing.T) {
	x, _ := landmarks.Default()
	for _, tc := range []struct{ text, want string }{
		{"东方明珠塔和外滩", "东方明珠塔"},
		{"香港迪士尼乐园", "香港迪士尼乐园"},
		{"苏州园林两日游", "苏州园林"},
		{"南京三天", ""},
	} {
		s, n := x.Han(tc.text)
		got := ""
		if s != nil {
			got = tc.text[:n]
		}
		if got != tc.want {
			t.Errorf("Han(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	if s := x.Words("temple of heaven"); s == nil || s.City != "Beijing" {
		t.Errorf("temple of heaven: %+v", s)
	}
}
