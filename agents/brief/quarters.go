package brief

import (
	"strings"

	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// Quarters listed among sights. A place the gazetteer holds as a town that
// stands in a list of sights, beside one of them ("Zocalo, Xochimilco and
// Coyoacan"; 外滩、豫园和七宝), and lies within quarterNearKM of a bigger
// destination of its country, is a quarter of that destination to visit,
// not a city of the trip: it is kept as a must-see sight.

// quarterNearKM is how near a bigger destination a listed town is one of
// its quarters.
const quarterNearKM = 25

// quarterAbroadMaxPop is the largest town abroad that, listed among a
// destination's sights, is read as that destination's quarter.
const quarterAbroadMaxPop = 300_000

// quarterListJoins join the items of a list of sights.
var quarterListJoins = map[string]bool{",": true, "，": true, "、": true, "and": true, ", and": true, "和": true, "与": true,
	"及": true, "plus": true, ", plus": true, "&": true, "以及": true, "还有": true}

// demoteListedQuarters applies the rule above.
func (d *doc) demoteListedQuarters(spans []*span) {
	if len(d.sights) == 0 {
		return
	}
	for _, sp := range spans {
		if sp.dropped || sp.qualifier || sp.pick == nil || sp.role == roleOrigin || sp.base || !d.besideSight(sp.start, sp.end) {
			continue
		}
		for _, o := range spans {
			if o == sp || o.dropped || o.qualifier || o.pick == nil || o.role == roleOrigin || d.besideSight(o.start, o.end) {
				continue
			}
			if d.quarterOf(sp, o) {
				sp.dropped = true
				d.landmarkPlaces = append(d.landmarkPlaces, sp.text)
				break
			}
		}
	}
}

// quarterOf reports whether the place span sp, or another town its name
// may be (Camden, Greenwich), lies within quarterNearKM of the bigger
// destination o.
func (d *doc) quarterOf(sp, o *span) bool {
	if !o.pick.HasCoords {
		return false
	}
	near := func(p *gazetteer.Place) bool {
		return p.CountryCode == o.pick.CountryCode && p.Population < o.pick.Population && p.HasCoords && nearKM(o.pick, p) < quarterNearKM
	}
	if near(sp.pick) {
		return true
	}
	// a small town abroad, listed among the destination's sights: the
	// destination's quarter of that name (Camden, Greenwich in London)
	if sp.pick.CountryCode != o.pick.CountryCode && sp.pick.Population < quarterAbroadMaxPop && !sp.cued {
		return true
	}
	for _, c := range sp.cands {
		if c.Place.Kind == gazetteer.City && near(c.Place) {
			return true
		}
	}
	return false
}

// besideSight reports whether the text [s, e) is an item of a list whose
// previous or next item is a sight the rules found.
func (d *doc) besideSight(s, e int) bool {
	for k := range d.sights {
		h := &d.sights[k]
		if h.lost {
			continue
		}
		var gap string
		switch {
		case h.end <= s:
			gap = d.low[h.end:s]
		case h.start >= e:
			gap = d.low[e:h.start]
		default:
			continue
		}
		gap = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(gap), " the"))
		gap = strings.TrimSpace(strings.TrimSuffix(gap, "the"))
		if quarterListJoins[gap] {
			return true
		}
	}
	return false
}
