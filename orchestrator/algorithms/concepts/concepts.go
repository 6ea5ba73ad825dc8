// Package concepts maps what travel requests say onto what place catalogs
// say, across Chinese and English: "Sichuan" and 川菜, "hot pot" and 火锅,
// "gardens" and 园林, "night views" and 夜游, "the Great Wall" and 八达岭长城.
// The mapping is data — the embedded concepts.tsv, one concept a line —
// so the planner that aims for interests and cuisines, the verifier that
// checks them, the brief parser and destination discovery all read the same
// table.
//
// Terms match case-insensitively; a Latin term matches whole words ("bar"
// does not match "barbecue"), a Han term matches anywhere in the text
// (园林 in 苏州园林). The package is safe for concurrent use: the table is
// parsed once, at init, and never changes.
package concepts

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// Kinds of concept.
const (
	// Cuisine concepts describe restaurants: their cuisine labels and names.
	Cuisine = "cuisine"
	// Sight concepts describe attractions: their categories, tags and names.
	Sight = "sight"
	// Landmark concepts name one famous sight in several languages, for
	// resolving must-see sights ("the Great Wall" → 八达岭长城).
	Landmark = "landmark"
)

// Concept is one row of the table.
type Concept struct {
	ID   string
	Kind string
	// Aliases are the words a request uses for the concept, lower-cased.
	Aliases []string
	// KindAliases name the concept only where its kind is asked for
	// (Lookup with a kind): written "=hangzhou" in the table, since
	// "Hangzhou" as a cuisine is 杭帮菜 but otherwise the city.
	KindAliases []string
	// Labels are cuisine labels (restaurants) or categories and tags
	// (attractions) that mean the concept.
	Labels []string
	// Names are words in a place's name that mean the concept, in order of
	// preference for landmarks.
	Names []string
	// Not are words in a name that rule a place out.
	Not []string
	// Breakfast marks restaurants that serve breakfast; NoBreakfast those
	// that never do (hot pot, barbecue, bars).
	Breakfast, NoBreakfast bool
	// Evening marks sights best visited after dark (night tours, night
	// markets, light shows).
	Evening bool
	// Once marks sights a trip needs only one of (river cruises).
	Once bool
	// Light marks cuisines that are no lunch or dinner on their own
	// (desserts, cafés, tea houses, bars).
	Light bool
	// literal is set for a concept made up from an unknown term.
	literal bool
}

//go:embed concepts.tsv
var tableTSV string

var (
	table   []*Concept
	byAlias map[string][]*Concept
	// byKindAlias indexes the concepts' KindAliases.
	byKindAlias map[string][]*Concept
	// flagged are the cuisine concepts flagged breakfast or no_breakfast.
	flagged []*Concept
)

func init() {
	t, err := Parse(tableTSV)
	if err != nil {
		panic("concepts: embedded table: " + err.Error())
	}
	table = t
	byAlias = map[string][]*Concept{}
	byKindAlias = map[string][]*Concept{}
	for _, c := range table {
		for _, a := range c.Aliases {
			byAlias[a] = append(byAlias[a], c)
		}
		for _, a := range c.KindAliases {
			byKindAlias[a] = append(byKindAlias[a], c)
		}
		if c.Kind == Cuisine && (c.Breakfast || c.NoBreakfast) {
			flagged = append(flagged, c)
		}
	}
}

// Parse reads a concept table in the embedded format: tab-separated
// columns id, kind, aliases, labels, names, not, flags; lists separated by
// "|"; lines starting with # are comments. An alias written "=word" is one
// of the concept's KindAliases. It returns an error naming the
// line of the first malformed row.
func Parse(text string) ([]*Concept, error) {
	var out []*Concept
	seen := map[string]bool{}
	for n, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		for len(f) < 7 {
			f = append(f, "")
		}
		if len(f) > 7 {
			return nil, fmt.Errorf("line %d: %d columns, want 7", n+1, len(f))
		}
		c := &Concept{ID: strings.TrimSpace(f[0]), Kind: strings.TrimSpace(f[1]),
			Labels: list(f[3]), Names: list(f[4]), Not: list(f[5])}
		for _, a := range list(f[2]) {
			if k, ok := strings.CutPrefix(a, "="); ok {
				c.KindAliases = append(c.KindAliases, k)
			} else {
				c.Aliases = append(c.Aliases, a)
			}
		}
		switch {
		case c.ID == "":
			return nil, fmt.Errorf("line %d: empty id", n+1)
		case seen[c.ID]:
			return nil, fmt.Errorf("line %d: duplicate id %q", n+1, c.ID)
		case c.Kind != Cuisine && c.Kind != Sight && c.Kind != Landmark:
			return nil, fmt.Errorf("line %d: kind %q is not cuisine, sight or landmark", n+1, c.Kind)
		case len(c.Aliases) == 0:
			return nil, fmt.Errorf("line %d: %s has no aliases", n+1, c.ID)
		case len(c.Labels) == 0 && len(c.Names) == 0:
			return nil, fmt.Errorf("line %d: %s matches nothing (no labels, no names)", n+1, c.ID)
		}
		seen[c.ID] = true
		for _, fl := range list(f[6]) {
			switch fl {
			case "breakfast":
				c.Breakfast = true
			case "no_breakfast":
				c.NoBreakfast = true
			case "evening":
				c.Evening = true
			case "once":
				c.Once = true
			case "light":
				c.Light = true
			default:
				return nil, fmt.Errorf("line %d: unknown flag %q", n+1, fl)
			}
		}
		out = append(out, c)
	}
	return out, nil
}

func list(s string) []string {
	var out []string
	for _, p := range strings.Split(s, "|") {
		if p = fold(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// fold lower-cases s and collapses its spaces.
func fold(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// All returns the table's concepts of a kind ("" for every kind), in table
// order. The concepts must not be modified.
func All(kind string) []*Concept {
	var out []*Concept
	for _, c := range table {
		if kind == "" || c.Kind == kind {
			out = append(out, c)
		}
	}
	return out
}

// Lookup returns the concept of a kind ("" for any) a request term names:
// the concept with the term as an alias (or, for a kind, as one of its
// KindAliases), else the one whose longest alias
// the term contains ("喜欢园林" → gardens, "Sichuan food" → sichuan); nil
// when none does.
func Lookup(term, kind string) *Concept {
	t := fold(term)
	if t == "" {
		return nil
	}
	for _, c := range byAlias[t] {
		if kind == "" || c.Kind == kind {
			return c
		}
	}
	if kind != "" {
		for _, c := range byKindAlias[t] {
			if c.Kind == kind {
				return c
			}
		}
	}
	var best *Concept
	bestLen := 0
	for _, c := range table {
		if kind != "" && c.Kind != kind {
			continue
		}
		for _, a := range c.Aliases {
			if n := utf8.RuneCountInString(a); n > bestLen && n >= 2 && Contains(t, a) {
				best, bestLen = c, n
			}
		}
	}
	return best
}

// For returns the concept a term names (Lookup), or, for a term the table
// does not know, a literal concept matching the term itself in labels and
// names, so unknown cuisines ("Ethiopian") still match data that spells
// them the same way.
func For(term, kind string) *Concept {
	if c := Lookup(term, kind); c != nil {
		return c
	}
	t := fold(term)
	return &Concept{ID: "term:" + t, Kind: kind, Aliases: []string{t}, Labels: []string{t}, Names: []string{t}, literal: true}
}

// Literal reports whether c was made up from a term the table lacks.
func (c *Concept) Literal() bool { return c.literal }

// Restaurant reports whether a restaurant with this name and these cuisine
// labels serves the concept: one of its labels matches, no Not term is in
// its name, and — for a restaurant without labels, or a concept no label
// expresses (crayfish, dim sum) — a name term matches. A name alone never
// covers a cuisine its labels contradict.
func (c *Concept) Restaurant(name string, cuisines []string) bool {
	labelled := false
	for _, l := range cuisines {
		if strings.TrimSpace(l) != "" {
			labelled = true
		}
	}
	return c.place(name, cuisines, "", !labelled || len(c.Labels) == 0)
}

// Attraction reports whether an attraction with this name, category and
// tags is an instance of the concept: a category, tag or name term
// matches and no Not term is in the name.
func (c *Concept) Attraction(name, category string, tags []string) bool {
	return c.place(name, tags, category, true)
}

func (c *Concept) place(name string, labels []string, category string, byName bool) bool {
	fl := make([]string, len(labels))
	for i, l := range labels {
		fl[i] = fold(l)
	}
	return c.folded(fold(name), fl, fold(category), byName)
}

// folded is place on a name, labels and category already folded.
func (c *Concept) folded(n string, labels []string, category string, byName bool) bool {
	for _, x := range c.Not {
		if Contains(n, x) {
			return false
		}
	}
	for _, x := range c.Names {
		if byName && Contains(n, x) {
			return true
		}
	}
	for _, t := range c.Labels {
		if category != "" && Contains(category, t) {
			return true
		}
		for _, l := range labels {
			if Contains(l, t) {
				return true
			}
		}
	}
	return false
}

// Place is a place's name, labels and category folded once, to be matched
// against many concepts without folding again.
type Place struct {
	name, category string
	labels         []string
	labelled       bool
}

// RestaurantPlace folds a restaurant for MatchRestaurant.
func RestaurantPlace(name string, cuisines []string) Place {
	p := Place{name: fold(name)}
	for _, l := range cuisines {
		if f := fold(l); f != "" {
			p.labels = append(p.labels, f)
			p.labelled = true
		}
	}
	return p
}

// AttractionPlace folds an attraction for MatchAttraction.
func AttractionPlace(name, category string, tags []string) Place {
	p := Place{name: fold(name), category: fold(category)}
	for _, t := range tags {
		p.labels = append(p.labels, fold(t))
	}
	return p
}

// MatchRestaurant is Restaurant on a folded place.
func (c *Concept) MatchRestaurant(p Place) bool {
	return c.folded(p.name, p.labels, "", !p.labelled || len(c.Labels) == 0)
}

// MatchAttraction is Attraction on a folded place.
func (c *Concept) MatchAttraction(p Place) bool {
	return c.folded(p.name, p.labels, p.category, true)
}

// ServesBreakfast reports whether a restaurant is a breakfast place: some
// cuisine concept flagged breakfast matches it and none flagged
// no_breakfast does (a hot-pot chain that also sells snacks is not).
func ServesBreakfast(name string, cuisines []string) bool {
	return BreakfastClass(name, cuisines) == BreakfastServed
}

// Breakfast classes of a restaurant.
const (
	BreakfastServed  = 0 // a breakfast concept matches and no no_breakfast one
	BreakfastUnknown = 1 // no flagged concept matches
	BreakfastNever   = 2 // a no_breakfast concept matches (hot pot, barbecue, bars)
)

// BreakfastClass classifies a restaurant for breakfast in one pass over the
// table's flagged cuisine concepts.
func BreakfastClass(name string, cuisines []string) int {
	n := fold(name)
	labels := make([]string, 0, len(cuisines))
	labelled := false
	for _, l := range cuisines {
		if f := fold(l); f != "" {
			labels = append(labels, f)
			labelled = true
		}
	}
	class := BreakfastUnknown
	for _, c := range flagged {
		if !c.folded(n, labels, "", !labelled || len(c.Labels) == 0) {
			continue
		}
		if c.NoBreakfast {
			return BreakfastNever
		}
		class = BreakfastServed
	}
	return class
}

// LightMeal reports whether a restaurant is no place for a lunch or a
// dinner: every cuisine label it has means a light concept (a bakery, a
// café, a tea house, a bar: "面包甜点", "Cafe, Bakery, Desserts"). A place
// with no labels, or with one label of a proper meal ("Tea, Pizza"), is
// not light.
func LightMeal(cuisines []string) bool {
	n := 0
	for _, l := range cuisines {
		f := fold(l)
		if f == "" {
			continue
		}
		n++
		light := false
		for _, c := range table {
			if c.Light && c.Kind == Cuisine && slices.Contains(c.Labels, f) {
				light = true
				break
			}
		}
		if !light {
			return false
		}
	}
	return n > 0
}

// Evening reports whether an attraction is best visited after dark.
func Evening(name, category string, tags []string) bool {
	return EveningPlace(AttractionPlace(name, category, tags))
}

// EveningPlace is Evening on a place folded by AttractionPlace.
func EveningPlace(p Place) bool {
	for _, c := range table {
		if c.Evening && c.Kind == Sight && c.MatchAttraction(p) {
			return true
		}
	}
	return false
}

// OnceGroup returns the ID of the once-per-trip concept an attraction
// belongs to (a river cruise), or "".
func OnceGroup(name, category string, tags []string) string {
	return OnceGroupPlace(AttractionPlace(name, category, tags))
}

// OnceGroupPlace is OnceGroup on a place folded by AttractionPlace.
func OnceGroupPlace(p Place) string {
	for _, c := range table {
		if c.Once && c.Kind == Sight && c.MatchAttraction(p) {
			return c.ID
		}
	}
	return ""
}

// Contains reports whether term occurs in text (both already folded): as a
// substring when term has Han characters, else as whole words.
func Contains(text, term string) bool {
	if term == "" {
		return false
	}
	if hasHan(term) {
		return strings.Contains(text, term)
	}
	for i := 0; ; {
		j := strings.Index(text[i:], term)
		if j < 0 {
			return false
		}
		s, e := i+j, i+j+len(term)
		before, _ := utf8.DecodeLastRuneInString(text[:s])
		after, _ := utf8.DecodeRuneInString(text[e:])
		if (s == 0 || !wordRune(before)) && (e == len(text) || !wordRune(after)) {
			return true
		}
		i = s + 1
	}
}

func wordRune(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unicode.Is(unicode.Han, r)
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// Candidate is a place a must-see name may resolve to.
type Candidate struct {
	Name       string
	Popularity float64
	// Closed marks a place no plan can visit as the data describes it
	// (Unvisitable): Resolve prefers any other place the name means.
	Closed bool
}

// AttractionCandidates lists attractions as candidates for Resolve, in
// order.
func AttractionCandidates(as []orchestrator.Attraction) []Candidate {
	out := make([]Candidate, len(as))
	for i := range as {
		a := &as[i]
		out[i] = Candidate{Name: a.Name, Popularity: a.Popularity, Closed: Unvisitable(a)}
	}
	return out
}

// Unvisitable reports whether no visit to a keeps both its opening hours
// and its shortest recommended visit: a show staged 20:00–21:20 for which
// the data recommends three hours at least (四川省川剧院).
func Unvisitable(a *orchestrator.Attraction) bool {
	if a.VisitMinMinutes <= 0 {
		return false
	}
	span := LongestOpen(a)
	return span > 0 && a.VisitMinMinutes > span
}

// siteSuffixes are words that name the same site more or less formally.
var siteSuffixes = []string{"风景名胜区", "风景区", "旅游区", "景区", "风光带", "景点", " scenic area", " park area"}

// core folds a place name to what identifies the site: lower-case, no
// parenthesised part, no spaces or punctuation, no "景区"-like suffix.
func core(name string) string {
	n := fold(name)
	for _, p := range [][2]string{{"(", ")"}, {"（", "）"}} {
		if i := strings.Index(n, p[0]); i >= 0 {
			if j := strings.Index(n[i:], p[1]); j >= 0 {
				n = n[:i] + n[i+j+len(p[1]):]
			}
		}
	}
	for _, s := range siteSuffixes {
		if strings.HasSuffix(n, s) && len(n) > len(s) {
			n = strings.TrimSuffix(n, s)
		}
	}
	n = strings.Map(func(r rune) rune {
		if unicode.IsPunct(r) || unicode.IsSpace(r) || unicode.IsSymbol(r) {
			return -1
		}
		return r
	}, n)
	return n
}

// Core folds a place name to what identifies the site, for SameSiteCore.
func Core(name string) string { return core(name) }

// SameSite reports whether two attraction names denote the same site under
// different names: one core name contains the other (夫子庙 and
// 夫子庙秦淮风光带), the site table makes them one visit (故宫博物院 and
// 太和殿; sites.tsv), or, when the two lie within nearKM of each other
// (distance < 0 when unknown), they share a two-character Han word
// (秦淮河 and 夫子庙秦淮风光带).
func SameSite(a, b string, distanceKM float64) bool {
	return SameSiteCore(core(a), core(b), distanceKM)
}

// SameSiteCore is SameSite on names already folded by Core.
func SameSiteCore(x, y string, distanceKM float64) bool {
	if x == "" || y == "" {
		return false
	}
	if utf8.RuneCountInString(x) >= 2 && utf8.RuneCountInString(y) >= 2 && (strings.Contains(x, y) || strings.Contains(y, x)) {
		return true
	}
	if sameVisit(x, y, distanceKM) {
		return true
	}
	if distanceKM < 0 || distanceKM > nearKM {
		return false
	}
	if distanceKM <= sameKM {
		return true
	}
	xr := []rune(x)
	for i := 0; i+1 < len(xr); i++ {
		if unicode.Is(unicode.Han, xr[i]) && unicode.Is(unicode.Han, xr[i+1]) && !generic[string(xr[i:i+2])] && strings.Contains(y, string(xr[i:i+2])) {
			return true
		}
	}
	return false
}

// Distances below which two named places may be, or are, the same site.
const (
	nearKM = 1.0
	sameKM = 0.15
)

// generic are two-character words many unrelated sites share.
var generic = map[string]bool{"公园": true, "博物": true, "物馆": true, "广场": true, "中国": true, "文化": true, "纪念": true,
	"艺术": true, "中心": true, "大学": true, "景区": true, "古镇": true, "老街": true, "国家": true, "森林": true, "遗址": true}

// Word is a request term as a reader of lang ("zh" or English) expects it:
// for Chinese, the first Chinese alias of the concept the term names
// ("gardens" → 园林), for English its first Latin alias ("园林" → garden);
// the term itself when the table knows no such word.
func Word(term, lang string) string {
	c := Lookup(term, "")
	if c == nil {
		return term
	}
	zh := lang == "zh"
	if zh == hasHan(term) {
		return term
	}
	for _, a := range c.Aliases {
		if hasHan(a) == zh {
			return a
		}
	}
	return term
}

// broadCuisines are cuisine concepts too wide to tell two restaurants
// apart for variety (a 川菜 and a 粤菜 place are both Chinese).
var broadCuisines = map[string]bool{"chinese": true, "local": true}

// Category returns a restaurant's category, the unit of variety across a
// trip's meals: its first cuisine label, folded ("火锅", "italian"); for
// a restaurant without labels, the ID of the first specific cuisine
// concept its name names (hotpot for 小龙坎火锅); "" when nothing says.
func Category(name string, cuisines []string) string {
	for _, l := range cuisines {
		if f := fold(l); f != "" {
			return f
		}
	}
	n := fold(name)
	for _, c := range table {
		if c.Kind != Cuisine || broadCuisines[c.ID] {
			continue
		}
		if c.folded(n, nil, "", true) {
			return c.ID
		}
	}
	return ""
}
