package brief

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// Landmarks and sights named without a cue. A famous sight of the concept
// table ("the Great Wall", 黄鹤楼, "East Lake", 都江堰) is a must-see sight
// wherever the request names it, cue or no cue ("Wuhan 3 days, Yellow Crane
// Tower and East Lake"), unless the request declines it; a capitalised
// English name that ends in a word only sights end in ("… Mausoleum",
// "… Temple", "… Pagoda") is one too. A landmark that shares its name with
// a town (都江堰, East Lake) is that town only when it is the trip's one
// destination: named beside another destination that lies near it (a day
// trip: 成都…都江堰) or in another country (Wuhan … East Lake), it is the
// sight.

// landmarkAlias is one request word of a landmark concept.
type landmarkAlias struct {
	term string // folded
	han  bool
}

// landmarkAliases are the table's landmark aliases, longest first.
var landmarkAliases = func() []landmarkAlias {
	var out []landmarkAlias
	for _, c := range concepts.All(concepts.Landmark) {
		for _, a := range c.Aliases {
			out = append(out, landmarkAlias{term: a, han: hasHan(a)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].term) > len(out[j].term) })
	return out
}()

// isLandmarkAlias reports whether s, as written, is a landmark alias.
func isLandmarkAlias(s string) bool {
	if sightIndex().IsName(s) {
		return true
	}
	f := strings.Join(strings.Fields(strings.ToLower(s)), " ")
	for _, a := range landmarkAliases {
		if a.term == f {
			return true
		}
	}
	return false
}

// landmarkNearKM is how far from a named destination a landmark that is
// also a town counts as a sight of that destination (a day trip).
const landmarkNearKM = 150

// demoteLandmarks drops place spans that name a landmark beside another
// destination (see above), and keeps their text as must-see sights.
func (d *doc) demoteLandmarks(spans []*span) {
	destLike := func(sp *span) bool {
		return !sp.dropped && !sp.qualifier && sp.pick != nil && !sp.base &&
			(sp.role == roleDest || sp.role == roleNone || sp.role == roleAt)
	}
	for _, sp := range spans {
		if !destLike(sp) {
			continue
		}
		if isGenericSightName(sp.text) && (d.theBefore(sp.start) || slices.ContainsFunc(spans, func(o *span) bool {
			return o != sp && destLike(o) && !isGenericSightName(o.text)
		})) {
			// "the Old Town", "Dali, the Old Town": a sight many cities
			// have, the destination's, not a town of that name
			sp.dropped = true
			d.landmarkPlaces = append(d.landmarkPlaces, sp.text)
			continue
		}
		if !isLandmarkAlias(sp.text) {
			if !sp.han && !sp.cued && d.theBefore(sp.start) && slices.ContainsFunc(spans, func(o *span) bool {
				return o != sp && destLike(o) && o.pick.CountryCode != sp.pick.CountryCode
			}) {
				// "Porto …: the Ribeira": a town takes no article; beside a
				// destination abroad it is a quarter of that destination
				sp.dropped = true
				d.landmarkPlaces = append(d.landmarkPlaces, sp.text)
				continue
			}
			d.demoteFeature(sp, spans, destLike)
			continue
		}
		if !sp.han && d.theBefore(sp.start) && !sightOfCity(sp.text, sp.pick) {
			// "the Alhambra": a town's name takes no article, a sight's does
			sp.dropped = true
			d.landmarkPlaces = append(d.landmarkPlaces, sp.text)
			continue
		}
		if sightOfCity(sp.text, sp.pick) && d.listedBesidePlace(sp, spans) && !(d.listedBesideVillagesOnly(sp, spans) && villageNearBase(sp, spans, destLike)) {
			// the sight is the town itself (乌镇, 九寨沟, 嘉峪关), listed
			// beside other places: a destination of its own
			continue
		}
		own := d.ownCityOf(sp.text)
		if own != nil && own != sp.pick && d.listedBesideSightOf(sp, own) {
			// "the Little Mermaid and Tivoli": listed beside a sight of
			// its own city, the landmark is that city's, not a far town
			sp.dropped = true
			d.landmarkPlaces = append(d.landmarkPlaces, sp.text)
			continue
		}
		for _, o := range spans {
			if o == sp || !destLike(o) || isLandmarkAlias(o.text) && !sightOfCity(o.text, o.pick) || isVillageSight(o) {
				continue // a village beside a town is the town's sight, not its base
			}
			if o.pick.CountryCode != sp.pick.CountryCode || nearKM(o.pick, sp.pick) < landmarkNearKM || sightOfCity(sp.text, o.pick) ||
				own != nil && own != sp.pick && nearKM(o.pick, own) < landmarkNearKM ||
				(!o.pick.HasCoords || !sp.pick.HasCoords) && o.pick.Admin1 != "" && o.pick.Admin1 == sp.pick.Admin1 {
				sp.dropped = true
				d.landmarkPlaces = append(d.landmarkPlaces, sp.text)
				break
			}
		}
	}
}

// (A county-level town without coordinates counts as near a destination
// of its province.)

// featureHeadEN are the last words of natural features' names that towns
// take too ("Pearl River", "Sugar Lake", "Niagara Falls", "Bar Harbor"):
// beside another destination far off or abroad, such a town is the feature
// the traveller will see there (a Pearl River cruise in Guangzhou), as a
// landmark sharing a town's name is.
var featureHeadEN = map[string]bool{"river": true, "lake": true, "falls": true, "bay": true, "harbor": true,
	"harbour": true, "beach": true, "island": true, "gorge": true, "canyon": true, "valley": true, "peak": true,
	"creek": true, "springs": true}

// demoteFeature drops a place span named like a natural feature that is
// not asked for as a destination ("a Pearl River night cruise") when
// another destination lies in another country: the town is not the trip's,
// the feature is. Near destinations of the same country stay towns (Miami
// and West Palm Beach are both cities a trip stays in).
func (d *doc) demoteFeature(sp *span, spans []*span, destLike func(*span) bool) {
	if d.waterTail(sp) && !slices.ContainsFunc(spans, func(o *span) bool { return o != sp && !o.dropped && o.han && o.end == sp.start }) {
		sp.dropped = true // 黄浦江's 浦江; but 昆明丽江 is two places
		return
	}
	if sp.role == roleDest || !featureNamed(sp.text) {
		return
	}
	for _, o := range spans {
		if o != sp && destLike(o) && !featureNamed(o.text) && o.pick.CountryCode != sp.pick.CountryCode {
			sp.dropped = true
			d.landmarkPlaces = append(d.landmarkPlaces, sp.text)
			return
		}
	}
}

// waterTail reports whether a Chinese place span named like a river or a
// lake (浦江, 通河) is the tail of a longer water's name the gazetteer does
// not hold: a Han character that is neither a cue nor a function word
// stands right before it (黄浦江, 松花江畔的通河 is the town).
func (d *doc) waterTail(sp *span) bool {
	if !sp.han || sp.start == 0 {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(sp.text)
	if !strings.ContainsRune("江河湖溪", last) {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(d.clean[:sp.start])
	return unicode.Is(unicode.Han, prev) && !strings.ContainsRune(hanGlue, prev)
}

// hanGlue are characters that end a word before a place name rather than
// begin the place's own: verbs of going and staying, conjunctions and
// particles (去浦江, 和通河, 在浦江).
const hanGlue = "去到在从和与及跟或往至赴飞回游逛玩看住经过是的由离想要呆待留还再先后就都也坐乘开自由个趟次天晚"

// featureNamed reports whether a place's name, as written in Latin
// letters, ends in a natural feature's word after a name of its own.
func featureNamed(name string) bool {
	f := strings.Fields(strings.ToLower(name))
	return len(f) >= 2 && featureHeadEN[f[len(f)-1]]
}

// sightOfCity reports whether name is a sight of the landmark gazetteer
// that belongs to city ("Central Park" beside New York, however far the
// town of that name lies).
func sightOfCity(name string, city *gazetteer.Place) bool {
	x := sightIndex()
	if !x.IsName(name) {
		return false
	}
	for _, s := range x.Sights() {
		if s.City == city.Name && s.CountryCode == city.CountryCode && slices.ContainsFunc(s.Aliases, func(a string) bool { return strings.EqualFold(a, name) }) {
			return true
		}
	}
	return false
}

// placeListWords join the places of a list ("杭州，乌镇，苏州", "Xi'an,
// Pingyao and Datong", "Lanzhou -> Zhangye").
var placeListWords = map[string]bool{",": true, "，": true, "、": true, "和": true, "与": true, "及": true, "and": true,
	", and": true, "then": true, ", then": true, "and then": true, "->": true, "→": true, "-": true, "/": true, "+": true, "&": true,
	"再去": true, "再到": true, "然后": true, "，然后": true, "然后去": true, "再": true, "，再": true, "，再去": true}

// listedBesidePlace reports whether the place span sp is joined to a
// neighbouring place span by list words only.
func (d *doc) listedBesidePlace(sp *span, spans []*span) bool {
	k := slices.Index(spans, sp)
	for _, j := range []int{k - 1, k + 1} {
		if j < 0 || j >= len(spans) || spans[j].dropped {
			continue
		}
		a, b := spans[min(j, k)], spans[max(j, k)]
		if a.end <= b.start && placeListWords[strings.ToLower(strings.TrimSpace(d.clean[a.end:b.start]))] {
			return true
		}
	}
	return false
}

// listedBesideSightOf reports whether the place span sp is joined by list
// words to a sight the request names that belongs to city.
func (d *doc) listedBesideSightOf(sp *span, city *gazetteer.Place) bool {
	for k := range d.sights {
		h := &d.sights[k]
		a, b := [2]int{h.start, h.end}, [2]int{sp.start, sp.end}
		if b[0] < a[0] {
			a, b = b, a
		}
		if h.lost || a[1] > b[0] || !placeListWords[strings.ToLower(strings.TrimSpace(d.clean[a[1]:b[0]]))] {
			continue
		}
		if c := d.sightCity(h.sight); c == city {
			return true
		}
	}
	return false
}

// ownCityOf returns the city of the landmark named name (黄龙 → Songpan,
// whatever town shares the name), or nil.
func (d *doc) ownCityOf(name string) *gazetteer.Place {
	x := sightIndex()
	if !x.IsName(name) {
		return nil
	}
	for _, s := range x.Sights() {
		if slices.ContainsFunc(s.Aliases, func(a string) bool { return strings.EqualFold(a, name) }) {
			return d.sightCity(s)
		}
	}
	return nil
}

// nearKM is the great-circle distance between two places, or +Inf when
// either has no coordinates.
func nearKM(a, b *gazetteer.Place) float64 {
	if !a.HasCoords || !b.HasCoords {
		return math.Inf(1)
	}
	const r = 6371.0
	la1, la2 := a.Lat*math.Pi/180, b.Lat*math.Pi/180
	dla, dlo := la2-la1, (b.Lon-a.Lon)*math.Pi/180
	h := math.Sin(dla/2)*math.Sin(dla/2) + math.Cos(la1)*math.Cos(la2)*math.Sin(dlo/2)*math.Sin(dlo/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(h)))
}

// landmarkMentions returns the landmarks the text names outside its places,
// as written, in order; declined ones become notes.
func (d *doc) landmarkMentions() []string {
	type hit struct {
		start, end int
		name       string
	}
	var hits []hit
	for k := range d.sights {
		h := &d.sights[k]
		if h.lost || d.placeCovers(h.start, h.end) {
			continue
		}
		hits = append(hits, hit{h.start, h.end, d.clean[h.start:h.end]})
	}
	// (every landmark of the concept table is a name of the landmark
	// gazetteer: TestConceptLandmarksAreSights)
	sort.Slice(hits, func(i, j int) bool { return hits[i].start < hits[j].start })
	var out []string
	for _, h := range hits {
		name := strings.TrimPrefix(strings.TrimPrefix(h.name, "the "), "The ")
		var neg bool
		if isHan(firstRune(h.name)) {
			neg = negatedZH(d.clean, h.start)
		} else {
			neg = negatedEN(d, h.start)
		}
		note := ""
		switch {
		case neg:
			note = "asked not to visit " + name + "; it is left out of must_visit"
		case d.beenBefore(h.start):
			note = name + " was visited before; it is left out of must_visit"
		}
		if note != "" {
			d.declined = append(d.declined, name)
			if !slices.Contains(d.notes, note) {
				d.notes = append(d.notes, note)
			}
			continue
		}
		out = append(out, name)
	}
	return out
}

// wordBounded reports whether s[i:j] is whole words of s.
func wordBounded(s string, i, j int) bool {
	isW := func(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' }
	return (i == 0 || !isW(s[i-1])) && (j == len(s) || !isW(s[j]))
}

// sightHeadEN are the last words of sight names that towns do not end in.
var sightHeadEN = map[string]bool{"tower": true, "temple": true, "mausoleum": true, "palace": true, "pagoda": true,
	"museum": true, "gardens": true, "garden": true, "cathedral": true, "monastery": true, "shrine": true, "castle": true,
	"grottoes": true, "grotto": true, "caves": true, "basilica": true, "abbey": true, "mosque": true, "minaret": true,
	"memorial": true, "tomb": true, "tombs": true, "pavilion": true, "zoo": true, "aquarium": true, "observatory": true,
	// words that end towns' names too; a town the gazetteer knows is a place span and never reaches here
	"mountain": true, "mountains": true, "hill": true, "lake": true, "park": true, "square": true, "bridge": true,
	"street": true, "alley": true, "island": true, "beach": true, "gorge": true, "gorges": true, "falls": true,
	"wetland": true, "canal": true, "river": true, "lane": true, "village": true, "town": true, "market": true, "road": true,
	"cave": true, "peak": true, "ferry": true, "gate": true, "bay": true, "harbour": true, "harbor": true, "pier": true,
	"wharf": true, "cableway": true, "stream": true, "valley": true, "waterfall": true, "monument": true, "statue": true,
	"fountain": true, "chapel": true, "church": true, "fort": true, "fortress": true, "hall": true, "terraces": true,
	"wall": true, "walls": true, "path": true, "trail": true, "boardwalk": true, "institute": true, "gallery": true, "circle": true, "baths": true, "quarter": true,
	"plaza": true, "boulevard": true, "promenade": true, "esplanade": true, "sanctuary": true, "reserve": true, "arena": true, "colosseum": true,
	"amphitheatre": true, "amphitheater": true, "opera": true, "mall": true, "souk": true, "bazaar": true, "canyon": true, "glacier": true, "volcano": true}

// sightLeadHeadEN are the first words of sight names ("Mount Lao", "Temple
// of Wenshu", "Lake Louise"): a place name right after one is part of the
// sight's name.
var sightLeadHeadEN = map[string]bool{"mount": true, "mt": true, "lake": true, "temple": true, "palace": true, "museum": true,
	"tomb": true, "gate": true, "isle": true, "cathedral": true, "church": true, "basilica": true, "castle": true, "fort": true,
	"monastery": true, "mausoleum": true, "pagoda": true, "gardens": true, "garden": true, "tower": true, "statue": true}

// sightLeadEN are capitalised words that start a sentence or a list rather
// than a sight's name ("Visit Lingyin Temple").
var sightLeadEN = map[string]bool{"visit": true, "see": true, "the": true, "and": true, "also": true, "plus": true,
	"then": true, "explore": true, "tour": true, "including": true, "especially": true, "with": true, "love": true,
	"like": true, "want": true, "i": true, "we": true, "please": true, "maybe": true, "must": true,
	// an activity written capitalised at a sentence's start ("Hiking the Inca Trail")
	"hiking": true, "hike": true, "walking": true, "walk": true, "cycling": true, "biking": true, "climbing": true,
	"climb": true, "exploring": true, "strolling": true, "riding": true, "cruising": true, "kayaking": true}

// abbrevLeadEN are abbreviations that start sights' names ("St. Paul's
// Cathedral", "Mt. Rainier").
var abbrevLeadEN = map[string]bool{"st": true, "mt": true, "ft": true}

// sightNamesEN returns capitalised names ending in a sight word, as written.
func (d *doc) sightNamesEN() []string {
	toks := d.toks
	var out []string
	for i := 0; i < len(toks); i++ {
		if toks[i].kind != tWord || !toks[i].cap {
			continue
		}
		words, k := capitalisedRun(toks, i, false)
		start := i
		i = k - 1
		for len(words) > 0 && sightLeadEN[strings.ToLower(words[0])] {
			words = words[1:]
			start++
		}
		if len(words) < 2 || !sightHeadEN[strings.ToLower(words[len(words)-1])] && !sightLeadHeadEN[strings.ToLower(words[0])] {
			continue
		}
		if start < len(toks) && (d.inPlace(toks[start].start) || negatedEN(d, toks[start].start)) {
			continue
		}
		// "St. Stephen's Cathedral": the abbreviation before the dot is the name's
		if start >= 2 && start < len(toks) && toks[start-1].text == "." && toks[start-2].cap && abbrevLeadEN[toks[start-2].low] && toks[start].start == toks[start-1].end+1 {
			words = append([]string{toks[start-2].text + "."}, words...)
		}
		out = append(out, strings.Join(words, " "))
	}
	return out
}

// beenBefore reports whether the clause before byte i says the traveller
// has been there already (去年去过故宫, "we've been to the Bund").
func (d *doc) beenBefore(i int) bool {
	from := strings.LastIndexAny(d.clean[:i], ",.;!?，。；！？")
	seg := d.clean[from+1 : i]
	for _, w := range []string{"去过", "来过", "看过", "玩过", "逛过", "到过"} {
		if strings.Contains(seg, w) {
			return true
		}
	}
	low := " " + strings.ToLower(seg)
	for _, w := range []string{" been to ", " been at ", " already seen ", " already visited ", " already been "} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// wanderCuesEN are the must-see cues of walking about a quarter; a place
// name after one, in another country than a destination named before it, is a quarter of
// that destination ("Seville: getting lost in Santa Cruz", "Porto:
// hanging out in the Ribeira"), not a trip to the town of that name.
var wanderCuesEN = [][]string{{"wandering", "around"}, {"wander", "around"}, {"wandering", "through"}, {"wander", "through"},
	{"wandering", "in"}, {"stroll", "through"}, {"strolling", "through"}, {"stroll", "around"}, {"strolling", "around"},
	{"hanging", "out", "in"}, {"hang", "out", "in"}, {"getting", "lost", "in"}, {"get", "lost", "in"}, {"exploring"},
	{"walk", "through"}, {"walking", "through"}, {"browsing"}}

// afterWanderCue reports whether the words right before byte i (a "the"
// skipped) are a wander cue.
func (d *doc) afterWanderCue(i int) bool {
	k := d.tokenAt(i)
	if k > 0 && d.toks[k-1].low == "the" {
		k--
	}
	for _, c := range wanderCuesEN {
		if k < len(c) {
			continue
		}
		ok := true
		for j, w := range c {
			if d.toks[k-len(c)+j].low != w {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// demoteQuarters drops a place span after a wander cue that is a smaller
// town (under a million people) in another country than a destination
// named before it and landmarkNearKM or more from it, and keeps its text
// as a must-see sight ("then exploring Kyoto" after Tokyo, "exploring
// London" after Paris, "exploring Bratislava" after Vienna stay cities).
func (d *doc) demoteQuarters(spans []*span) {
	if !d.hasLatin {
		return
	}
	for _, sp := range spans {
		if sp.dropped || sp.qualifier || sp.pick == nil || sp.han || sp.role == roleOrigin || !d.afterWanderCue(sp.start) {
			continue
		}
		for _, o := range spans {
			if o == sp || o.start >= sp.start || o.dropped || o.qualifier || o.pick == nil || o.role == roleOrigin {
				continue
			}
			if o.pick.CountryCode != sp.pick.CountryCode && sp.pick.Population < o.pick.Population && sp.pick.Population < 1000000 &&
				nearKM(o.pick, sp.pick) >= landmarkNearKM {
				sp.dropped = true
				d.landmarkPlaces = append(d.landmarkPlaces, sp.text)
				break
			}
		}
	}
}

// theBefore reports whether "the" is written right before byte i.
func (d *doc) theBefore(i int) bool {
	k := d.tokenAt(i) - 1
	return k >= 0 && d.toks[k].kind == tWord && d.toks[k].low == "the"
}

// villageMaxPop is the largest population of a village that is a sight
// of its own (宏村, 西递): beside a town near it, a sight of that town.
const villageMaxPop = 10000

// villageNearBase reports whether the place span sp is a village that is a
// sight of its own and another destination, no village, lies near it
// (黄山四天，顺便逛逛西递和宏村: the villages are Huangshan's sights).
func villageNearBase(sp *span, spans []*span, destLike func(*span) bool) bool {
	if !isVillageSight(sp) {
		return false
	}
	return slices.ContainsFunc(spans, func(o *span) bool {
		return o != sp && destLike(o) && o.pick.Population >= villageMaxPop && o.pick.CountryCode == sp.pick.CountryCode &&
			o.pick.HasCoords && sp.pick.HasCoords && nearKM(o.pick, sp.pick) < landmarkNearKM
	})
}

// isVillageSight reports whether the place span sp is a village that is a
// sight of its own (宏村, 西递).
func isVillageSight(sp *span) bool {
	return sp.pick != nil && sp.pick.Population > 0 && sp.pick.Population < villageMaxPop && sightOfCity(sp.text, sp.pick)
}

// listedBesideVillagesOnly reports whether every place the list words join
// to the place span sp is a village that is a sight of its own (西递和宏村,
// not 宏村，黄山).
func (d *doc) listedBesideVillagesOnly(sp *span, spans []*span) bool {
	k := slices.Index(spans, sp)
	for _, j := range []int{k - 1, k + 1} {
		if j < 0 || j >= len(spans) || spans[j].dropped {
			continue
		}
		a, b := spans[min(j, k)], spans[max(j, k)]
		if a.end <= b.start && placeListWords[strings.ToLower(strings.TrimSpace(d.clean[a.end:b.start]))] && !isVillageSight(spans[j]) {
			return false
		}
	}
	return true
}
