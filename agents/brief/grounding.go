package brief

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/agents/brief/landmarks"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// Attractions returns the names of the attractions the service holds for
// a city (the knowledge cache's catalog headers, in any language), or nil
// when it holds none. It must be safe for concurrent use.
type Attractions func(city string) []string

// Grounding against knowledge at hand. When the service holds a
// destination's attractions (Options.Attractions), the rules' reading is
// checked against them: a held attraction named in the request that no
// rule placed (沙坡尾, "Liziba") becomes a must-see sight; a must-see sight
// of the landmark gazetteer is matched through any of its names (Hongya
// Cave ↔ 洪崖洞), and each match is noted with the name it is held under,
// so that the planner finds it. Names are compared folded (case,
// diacritics, apostrophes, spaces).

// heldName is a held attraction's name, folded for matching, and its city.
type heldName struct{ name, key, city string }

// groundSights applies the held attractions of b's destinations to its
// must-see sights.
func (d *doc) groundSights(r *Result, b *orchestrator.Brief, held Attractions) {
	if held == nil || len(b.Destinations) == 0 {
		return
	}
	var names []heldName
	for _, c := range b.Destinations {
		for _, n := range held(c) {
			if k := foldName(n); k != "" {
				names = append(names, heldName{n, k, c})
			}
			// 先锋书店(玄武湖分店): the name before its qualifier too
			if i := strings.IndexAny(n, "(（"); i > 0 {
				if k := foldName(n[:i]); k != "" {
					names = append(names, heldName{n, k, c})
				}
			}
		}
	}
	if len(names) == 0 {
		return
	}
	match := func(aliases []string) *heldName {
		// a held name equal to one of the sight's names (先锋书店 →
		// 先锋书店(玄武湖分店)) before one that only contains it
		for _, exact := range []bool{true, false} {
			for _, a := range aliases {
				ka := foldName(a)
				if !groundable(ka) {
					continue
				}
				for i := range names {
					if names[i].key == ka || !exact && strings.Contains(names[i].key, ka) {
						return &names[i]
					}
				}
			}
		}
		return nil
	}
	var matched []string
	// the must-see sights read: matched through every name of a landmark,
	// then, for a name in Latin letters, through its pinyin ("Gude Temple"
	// = 古德寺)
	for _, m := range b.MustVisit {
		aliases := []string{m}
		if s := d.sightNamed(m); s != nil {
			aliases = append(aliases, s.Aliases...)
		}
		h := match(aliases)
		if h == nil && !hasHan(m) {
			h = pinyinHeld(m, names)
		}
		if h != nil {
			matched = append(matched, m+" = "+h.name+" ("+h.city+")")
		}
	}
	// held attractions the request names that no rule placed
	text := foldName(d.clean)
	var added []string
	for i := range names {
		h := &names[i]
		if !groundable(h.key) || !strings.Contains(text, h.key) || len(b.MustVisit)+len(added) >= 20 {
			continue
		}
		if slices.ContainsFunc(b.MustVisit, func(m string) bool { k := foldName(m); return strings.Contains(k, h.key) || strings.Contains(h.key, k) }) ||
			slices.ContainsFunc(added, func(m string) bool { return strings.Contains(foldName(m), h.key) }) {
			continue
		}
		if len(d.gaz.Lookup(gazetteer.Key(h.name))) > 0 || slices.Contains(d.declined, h.name) || slices.Contains(d.declined, strings.SplitN(h.name, "(", 2)[0]) {
			continue // a place's name, or a sight declined
		}
		name := h.name
		if i := strings.IndexAny(name, "(（"); i > 0 && d.namePos(name) < 0 {
			name = strings.TrimSpace(name[:i])
		}
		at := d.namePos(name)
		if at < 0 || d.inDish(at, at+len(h.name)) || d.inPlace(at) || d.beenBefore(at) ||
			isHan(firstRune(h.name)) && negatedZH(d.clean, at) || !isHan(firstRune(h.name)) && negatedEN(d, at) {
			continue
		}
		added = append(added, name)
		matched = append(matched, name+" = "+h.name+" ("+h.city+")")
	}
	// held attractions the request names in pinyin that no rule placed
	// ("Tanhualin", "Qingchuan Pavilion")
	if d.hasLatin && d.mixedCase {
		for _, c := range d.latinNames() {
			if len(b.MustVisit)+len(added) >= 20 || slices.ContainsFunc(append(b.MustVisit, added...), func(m string) bool { return containsFold(m, c) || containsFold(c, m) }) {
				continue
			}
			if h := pinyinHeld(c, names); h != nil {
				added = append(added, c)
				matched = append(matched, c+" = "+h.name+" ("+h.city+")")
			}
		}
	}
	b.MustVisit = append(b.MustVisit, added...)
	if len(matched) > 0 {
		r.Notes = append(r.Notes, "must-see sights matched to the attractions held: "+strings.Join(matched, "; "))
	}
	if len(added) > 0 {
		// the left-out note no longer names what the attractions placed
		for i, n := range r.Notes {
			if w, ok := strings.CutPrefix(n, "not understood, left out: "); ok {
				var keep []string
				for _, x := range strings.Split(w, ", ") {
					if !slices.ContainsFunc(added, func(a string) bool { return strings.Contains(a, x) }) {
						keep = append(keep, x)
					}
				}
				if len(keep) == 0 {
					r.Notes = slices.Delete(r.Notes, i, i+1)
				} else {
					r.Notes[i] = "not understood, left out: " + strings.Join(keep, ", ")
				}
				break
			}
		}
	}
}

// pinyinHeld returns the held attraction a Latin name spells in pinyin,
// whole or with its kind of place in English (concepts.Resolve, the
// lookup destination discovery and the planner use), or nil.
func pinyinHeld(m string, names []heldName) *heldName {
	if len(foldName(m)) < 5 {
		return nil
	}
	cands := make([]concepts.Candidate, len(names))
	for i := range names {
		cands[i] = concepts.Candidate{Name: names[i].name}
	}
	if i, how := concepts.Resolve(m, cands); i >= 0 && (how == "pinyin" || how == "exact") {
		return &names[i]
	}
	return nil
}

// latinNames returns the request's capitalised names that no rule placed:
// no place, sight, month, weekday or word that starts a sentence.
func (d *doc) latinNames() []string {
	var out []string
	toks := d.toks
	for i := 1; i < len(toks); i++ {
		t := &toks[i]
		if t.kind != tWord || !t.cap || d.inPlace(t.start) || d.inSight(t.start, t.end) {
			continue
		}
		words, k := capitalisedRun(toks, i, false)
		i = k - 1
		for len(words) > 0 && sightLeadEN[strings.ToLower(words[0])] {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		first := strings.ToLower(words[0])
		if _, ok := monthNames[first]; ok || stopPlaceWords[first] {
			continue
		}
		if _, ok := weekdayNames[first]; ok {
			continue
		}
		out = append(out, strings.Join(words, " "))
	}
	return out
}

// sightNamed returns the landmark whose name m is as found in the request.
func (d *doc) sightNamed(m string) *landmarks.Sight {
	for k := range d.sights {
		h := &d.sights[k]
		if strings.EqualFold(strings.TrimPrefix(strings.TrimPrefix(d.clean[h.start:h.end], "the "), "The "), m) {
			return h.sight
		}
	}
	if x := sightIndex(); x.IsName(m) {
		for _, s := range x.Sights() {
			if slices.ContainsFunc(s.Aliases, func(a string) bool { return strings.EqualFold(a, m) }) {
				return s
			}
		}
	}
	return nil
}

// foldName folds a name for matching: gazetteer.Key without spaces.
func foldName(s string) string { return strings.ReplaceAll(gazetteer.Key(s), " ", "") }

// groundable reports whether a folded name is long enough to be matched
// inside others: two Han characters, or six Latin letters.
func groundable(k string) bool {
	if k == "" {
		return false
	}
	if isHan(firstRune(k)) {
		return utf8.RuneCountInString(k) >= 2
	}
	return len(k) >= 6
}
