package brief

import "strings"

// Cities inside the names of venues and quarters. A city's name is part of
// a longer name, no destination, when
//   - "Little" leads it (Little India, Little Venice, Little Italy);
//   - a foreign street, square or station head leads it (Gare de Lyon, Rue
//     de Paris, Plaza de España, Via Roma);
//   - it is written twice joined by a hyphen (the New York-New York hotel);
//   - another place follows it with nothing between, and that place is
//     named elsewhere in the request too (Las Vegas … staying at Paris Las
//     Vegas): the first name qualifies the venue in the second's city.

// foreignHeadsEN are street, square and station heads written before a
// name with a linking de/du/di/del ("Gare de Lyon", "Plaza de España").
var foreignHeadsEN = map[string]bool{"gare": true, "rue": true, "place": true, "porte": true, "quai": true, "avenue": true,
	"boulevard": true, "pont": true, "calle": true, "plaza": true, "plaça": true, "piazza": true, "via": true, "viale": true,
	"corso": true, "estación": true, "estacion": true, "estação": true, "palacio": true, "paseo": true, "parc": true, "jardin": true,
	"palais": true, "cours": true, "avenida": true, "largo": true, "praça": true, "rua": true, "strada": true}

// foreignLinksEN link a head to its name.
var foreignLinksEN = map[string]bool{"de": true, "du": true, "des": true, "di": true, "del": true, "della": true, "do": true,
	"da": true, "d'": true, "la": true, "le": true}

// dropPlacesInVenueNames drops the English place names that are parts of
// longer names (see above).
func (d *doc) dropPlacesInVenueNames(spans []*span) {
	if !d.hasLatin || !d.mixedCase {
		return
	}
	toks := d.toks
	for k, sp := range spans {
		if sp.dropped || sp.han {
			continue
		}
		i := d.tokenAt(sp.start)
		switch {
		case i > 0 && toks[i-1].cap && toks[i-1].low == "little":
			sp.dropped = true
		case i > 1 && foreignLinksEN[toks[i-1].low] && toks[i-2].cap && foreignHeadsEN[toks[i-2].low]:
			sp.dropped = true
		case i > 0 && toks[i-1].cap && (toks[i-1].low == "via" || toks[i-1].low == "rue" || toks[i-1].low == "calle"):
			sp.dropped = true
		case d.hyphenTwin(sp):
			sp.dropped = true
		case k+1 < len(spans) && !spans[k+1].han && d.clean[sp.end:spans[k+1].start] == " " && d.namedElsewhere(spans, k+1) && !d.namedElsewhere(spans, k):
			sp.dropped = true
		}
	}
}

// hyphenTwin reports whether the span's name is written twice joined by a
// hyphen ("New York-New York").
func (d *doc) hyphenTwin(sp *span) bool {
	name := d.low[sp.start:sp.end]
	if rest, ok := strings.CutPrefix(d.low[sp.end:], "-"); ok && strings.HasPrefix(rest, name) {
		return true
	}
	before, ok := strings.CutSuffix(d.low[:sp.start], "-")
	return ok && strings.HasSuffix(before, name)
}

// namedElsewhere reports whether another span has the same key as
// spans[k].
func (d *doc) namedElsewhere(spans []*span, k int) bool {
	for j, o := range spans {
		if j != k && !o.dropped && o.key == spans[k].key {
			return true
		}
	}
	return false
}
