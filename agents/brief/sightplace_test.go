package brief

import (
	"slices"
	"testing"
	"time"
)

// TestSightPlacedInDestination: a sight the text places in a destination
// ("the Confucius Temple in Qufu", 曲阜的孔庙) adds no other city, even
// when the landmark table gives that name to a sight elsewhere.
func TestSightPlacedInDestination(t *testing.T) {
	now := time.Date(2026, 12, 7, 10, 0, 0, 0, time.FixedZone("CST", 8*3600))
	for _, tt := range []struct {
		text  string
		dests []string
	}{
		{"Mount Tai at sunrise, then the Confucius Temple in Qufu.", []string{"Tai'an", "Qufu"}},
		{"泰山看日出，然后去曲阜的孔庙", []string{"Tai'an", "Qufu"}},
		{"Three days in Qufu, the Confucius Temple at Qufu and the Kong mansion", []string{"Qufu"}},
	} {
		r := ParseRules(tt.text, now)
		if !slices.Equal(r.Brief.Destinations, tt.dests) {
			t.Errorf("%q: destinations %v, want %v", tt.text, r.Brief.Destinations, tt.dests)
		}
	}
}
