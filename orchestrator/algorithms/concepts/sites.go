package concepts

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
)

// Site is one row of the site table: a place whose parts are listed in
// the data as sights of their own (the halls of the Palace Museum, the
// panda base's museum), so that SameSite treats the whole and a part,
// and for a site of kind one two parts, as one visit.
type Site struct {
	ID string
	// Names are the site's own names and Parts the places inside it, as
	// Core folds them.
	Names, Parts []string
	// One is set when every part is the same visit as every other (kind
	// one); for an area (kind area) two parts are two visits.
	One    bool
	Source string
}

//go:embed sites.tsv
var sitesTSV string

// sitesByCore maps a folded name to the sites naming it (as a name or a
// part).
var sitesByCore map[string][]siteRole

type siteRole struct {
	site *Site
	part bool
}

func init() {
	s, err := ParseSites(sitesTSV)
	if err != nil {
		panic("concepts: embedded site table: " + err.Error())
	}
	sitesByCore = map[string][]siteRole{}
	for _, x := range s {
		for _, n := range slices.Concat(x.Names, x.Parts) {
			if n[0] < 0xE4 || n[0] > 0xE9 {
				panic("concepts: site table: " + n + " does not start with a Han character (sameVisit)")
			}
		}
		for _, n := range x.Names {
			sitesByCore[n] = append(sitesByCore[n], siteRole{x, false})
		}
		for _, n := range x.Parts {
			sitesByCore[n] = append(sitesByCore[n], siteRole{x, true})
		}
	}
}

// ParseSites reads a site table in the embedded format: tab-separated id,
// names, parts, kind (one or area) and source, lists |-separated; lines
// starting with # and blank lines are skipped.
func ParseSites(text string) ([]*Site, error) {
	var out []*Site
	for n, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			return nil, fmt.Errorf("line %d: %d columns, want 5", n+1, len(f))
		}
		s := &Site{ID: strings.TrimSpace(f[0]), Source: strings.TrimSpace(f[4])}
		for _, x := range strings.Split(f[1], "|") {
			if c := core(x); c != "" {
				s.Names = append(s.Names, c)
			}
		}
		for _, x := range strings.Split(f[2], "|") {
			if c := core(x); c != "" {
				s.Parts = append(s.Parts, c)
			}
		}
		switch strings.TrimSpace(f[3]) {
		case "one":
			s.One = true
		case "area":
		default:
			return nil, fmt.Errorf("line %d: kind %q, want one or area", n+1, f[3])
		}
		if s.ID == "" || len(s.Names) == 0 || len(s.Parts) == 0 || s.Source == "" {
			return nil, fmt.Errorf("line %d: a site needs an id, names, parts and a source", n+1)
		}
		out = append(out, s)
	}
	return out, nil
}

// siteKM bounds the distance between a site and its part (or two parts):
// beyond it two places of those names are other places (a 午门 of another
// palace).
const siteKM = 3.0

// sameVisit reports whether folded names x and y are one visit by the
// site table: two names of a site, a site and its part, or two parts of a
// site of kind one; distanceKM < 0 when unknown.
func sameVisit(x, y string, distanceKM float64) bool {
	// Every name of the table starts with a Han character (a lead byte
	// 0xE4–0xE9 in UTF-8): a Latin name (the TravelPlanner catalogs) is
	// answered without a lookup.
	if distanceKM > siteKM || len(x) == 0 || x[0] < 0xE4 || x[0] > 0xE9 {
		return false
	}
	for _, rx := range sitesByCore[x] {
		for _, ry := range sitesByCore[y] {
			if rx.site == ry.site && (!rx.part || !ry.part || rx.site.One) {
				return true
			}
		}
	}
	return false
}
