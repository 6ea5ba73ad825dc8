package brief

import (
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// applyCityCount sets the brief's city_count from the request. When the
// request asks for n cities in its one destination and that is a region or
// country ("云南三城游", "3 cities in California"), the destinations become
// the region's most populous cities (n+2 of them, at most
// orchestrator.MaxCandidates, the capital first when among them, never the
// origin), city_count is n and a note lists the candidates; Result.CityCount
// records n as before. When the request lists several cities and asks to
// visit n of them ("visit 2 of Suzhou, Hangzhou, Nanjing", "3 cities: …"),
// city_count is n.
func (d *doc) applyCityCount(r *Result, b *orchestrator.Brief) {
	n := d.cityCount
	if n > 1 && len(b.Destinations) == 1 && len(d.dests) == 1 && d.dests[0].Kind != gazetteer.City.String() {
		r.CityCount = n
		d.expandRegion(r, b, n)
		return
	}
	if n <= 1 && len(b.Destinations) == 1 && len(d.dests) == 1 && d.dests[0].Kind != gazetteer.City.String() {
		// "a week in Japan", 云南玩五天: a country or region is never a
		// city; about three days a city, the planner choosing which
		d.expandRegion(r, b, regionCities(b.Days))
		return
	}
	if len(d.dests) < 2 || len(b.Destinations) != len(d.dests) {
		return
	}
	if n == 0 {
		n = d.chooseCount()
	}
	if n >= 1 && n < len(b.Destinations) && len(b.Destinations) <= orchestrator.MaxCandidates {
		b.CityCount = n
	}
}

// expandRegion replaces the region destination by its candidate cities.
func (d *doc) expandRegion(r *Result, b *orchestrator.Brief, n int) {
	region := d.dests[0]
	var area *gazetteer.Place
	switch region.Kind {
	case gazetteer.Region.String():
		area = d.gaz.Region(region.CountryCode, region.Admin1)
	case gazetteer.Country.String():
		area = d.gaz.Country(region.CountryCode)
	}
	want := min(n+2, orchestrator.MaxCandidates)
	isOrigin := func(p *gazetteer.Place) bool {
		return b.Origin != "" && orchestrator.CanonicalCity(p.Name) == orchestrator.CanonicalCity(b.Origin)
	}
	// a borough or suburb of a bigger candidate (The Bronx beside New
	// York) is the same city to a traveller: skip places within
	// sameCityKM of one already chosen
	var cands []*gazetteer.Place
	take := func(ps []*gazetteer.Place) {
		for _, p := range ps {
			if len(cands) == want {
				return
			}
			if isOrigin(p) || slices.Contains(cands, p) || slices.ContainsFunc(cands, func(q *gazetteer.Place) bool { return nearKM(p, q) < sameCityKM }) {
				continue
			}
			cands = append(cands, p)
		}
	}
	take(d.gaz.CitiesIn(area, want))
	if len(cands) < want {
		take(d.gaz.CitiesIn(area, 4*want+1))
	}
	var names []string
	for _, p := range cands {
		names = append(names, p.Name)
	}
	if len(names) < n {
		r.Notes = append(r.Notes, "the gazetteer knows too few cities in "+region.Name+" to choose "+itoa(n)+"; "+region.Name+" is planned as one place")
		return
	}
	b.Destinations = names
	b.CityCount = n
	if d.cityCount == 0 {
		r.Notes = append(r.Notes, region.Name+" is a "+region.Kind+", not a city: "+itoa(n)+" of its cities for "+itoa(max(b.Days, 1))+" days (about three days a city), chosen by the planner among "+strings.Join(names, ", ")+"; name cities to choose yourself")
		return
	}
	r.Notes = append(r.Notes, itoa(n)+" cities in "+region.Name+", chosen by the planner among its most populous: "+strings.Join(names, ", "))
}

// sameCityKM is how near a bigger candidate city a place is part of it.
const sameCityKM = 20

// regionCities is how many cities of a region a trip of days visits when
// the request does not say: one for up to four days, then one more every
// three days, at most four.
func regionCities(days int) int {
	if days <= 4 {
		return 1
	}
	return min(1+(days-2)/3, 4)
}

// chooseCount reads "visit 2 of them", "any 2 of Suzhou, Hangzhou and
// Nanjing", 其中两个, 选两个, 挑两座: how many of the listed cities to
// visit, or 0.
func (d *doc) chooseCount() int {
	word := func(i int) string {
		if i >= 0 && i < len(d.toks) && d.toks[i].kind == tWord {
			return d.toks[i].low
		}
		return ""
	}
	for i := range d.toks {
		n := wordNumber(word(i))
		if n < 1 || n > orchestrator.MaxCandidates || word(i+1) != "of" {
			continue
		}
		switch word(i - 1) {
		case "visit", "see", "pick", "choose", "any", "only", "just", "explore", "tour":
			return n
		}
		switch word(i + 2) {
		case "them", "these", "those":
			return n
		}
	}
	for _, cue := range []string{"其中", "选", "挑", "任选", "任意"} {
		for i := strings.Index(d.clean, cue); i >= 0; {
			j := i + len(cue)
			if n, k := readNumberFwdAll(d.clean, j); k > j && n >= 1 && n <= orchestrator.MaxCandidates &&
				(strings.HasPrefix(d.clean[k:], "个") || strings.HasPrefix(d.clean[k:], "座") || strings.HasPrefix(d.clean[k:], "城")) {
				return n
			}
			next := strings.Index(d.clean[j:], cue)
			if next < 0 {
				break
			}
			i = j + next
		}
	}
	return 0
}
