package landmarks_test

import (
	"math"
	"testing"
	"unicode/utf8"

	"github.com/tripweave/tripweave/agents/brief/landmarks"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// TestSightNamesItsTown checks that a sight whose Chinese name starts with
// the name of a town near its city (阳朔西街, 乌镇西栅, 都江堰景区) belongs
// to that town: a request naming only the sight goes to the town.
func TestSightNamesItsTown(t *testing.T) {
	x, _ := landmarks.Default()
	g, _ := gazetteer.Default()
	// named after a town elsewhere: 苏州河 is Shanghai's river
	elsewhere := map[string]bool{"苏州河": true}
	for _, s := range x.Sights() {
		city := cityPlace(g, s)
		if city == nil {
			continue
		}
		for _, a := range s.Aliases {
			if town := townPrefix(g, a, s.CountryCode); town != nil && !elsewhere[a] && town.Name != s.City && km(town, city) < 120 {
				t.Errorf("%s (%s): named after the town %s, %0.f km from %s; make %s its city", a, s.Name, town.Name, km(town, city), s.City, town.Name)
				break
			}
		}
	}
}

// townPrefix returns the longest city of the gazetteer, in country cc,
// whose Chinese name of two or more characters starts alias, or nil.
func townPrefix(g *gazetteer.Gazetteer, alias, cc string) *gazetteer.Place {
	var best *gazetteer.Place
	for n := 2; n < utf8.RuneCountInString(alias); n++ {
		p := string([]rune(alias)[:n])
		for _, c := range g.Lookup(gazetteer.Key(p)) {
			if c.Place.Kind == gazetteer.City && c.Place.CountryCode == cc && c.Place.NameZH == p {
				best = c.Place
			}
		}
	}
	return best
}

func cityPlace(g *gazetteer.Gazetteer, s *landmarks.Sight) *gazetteer.Place {
	for _, c := range g.Lookup(gazetteer.Key(s.City)) {
		if c.Place.Kind == gazetteer.City && c.Place.CountryCode == s.CountryCode && c.Place.Name == s.City {
			return c.Place
		}
	}
	return nil
}

func km(a, b *gazetteer.Place) float64 {
	const r = 6371.0
	la1, la2 := a.Lat*math.Pi/180, b.Lat*math.Pi/180
	dla, dlo := la2-la1, (b.Lon-a.Lon)*math.Pi/180
	h := math.Sin(dla/2)*math.Sin(dla/2) + math.Cos(la1)*math.Cos(la2)*math.Sin(dlo/2)*math.Sin(dlo/2)
	return 2 * r * math.Asin(math.Sqrt(h))
}
