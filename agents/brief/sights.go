package brief

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/agents/brief/landmarks"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// Sights before places. The landmark gazetteer (package landmarks) is read
// together with the place gazetteer, longest match first: a sight's name
// that covers a shorter place name (东方明珠 over 东方, "Temple of Heaven"
// over Temple, 中山陵 over 中山, "Victoria Peak" over Victoria) takes the
// words, and the place is never read; a place name longer than a sight's
// keeps them. A place named inside a sight that is that sight's own city
// (苏州 in 苏州园林, Shanghai in "Disneyland Shanghai") stays a place. A
// sight name that is exactly a town's name (都江堰, Dujiangyan) stays the
// town unless another destination lies near it (see demoteLandmarks). A
// sight named without any destination makes its city the destination
// (兵马俑 → Xi'an).

// sightHit is a sight named in the request.
type sightHit struct {
	start, end int
	sight      *landmarks.Sight
	lost       bool // a longer place name covers it
}

// sightIndex returns the embedded landmark gazetteer; it panics only if the
// embedded table is corrupt, which the package tests rule out.
func sightIndex() *landmarks.Index {
	x, err := landmarks.Default()
	if err != nil {
		panic("brief: embedded landmarks: " + err.Error())
	}
	return x
}

// findSights finds the sights the request names, longest first, left to
// right, in Han runs and in runs of words.
func (d *doc) findSights() {
	defer func() {
		// a dish named after a sight is the dish (西湖醋鱼, "West Lake vinegar
		// fish"); a sight whose longer name holds a dish's is the sight
		// (Wat Pho, no pho)
		for k := range d.sights {
			h := &d.sights[k]
			if !d.inDish(h.start, h.end) {
				continue
			}
			kept := d.dishes[:0:0]
			inside := true
			for _, x := range d.dishHits() {
				switch {
				case x.end <= h.start || x.start >= h.end:
					kept = append(kept, x)
				case x.start >= h.start && x.end <= h.end && x.end-x.start < h.end-h.start:
					// the dish's words are the sight's
				default:
					inside = false
					kept = append(kept, x)
				}
			}
			if inside {
				d.dishes = kept
			} else {
				h.lost = true
			}
		}
	}()
	x := sightIndex()
	for i := 0; i < len(d.toks); i++ {
		t := &d.toks[i]
		switch t.kind {
		case tHan:
			s := t.text
			p := 0
			if i > 0 && d.toks[i-1].end == t.start && d.toks[i-1].kind == tWord {
				// 798艺术区: a name starting with digits or letters
				pv := &d.toks[i-1]
				if sg, n := x.Han(d.clean[pv.start:t.end]); sg != nil && n > pv.end-pv.start {
					d.sights = append(d.sights, sightHit{start: pv.start, end: pv.start + n, sight: sg})
					p = n - (pv.end - pv.start)
				}
			}
			for p < len(s) {
				if sg, n := x.Han(s[p:]); sg != nil {
					// 西湖区, 鼓楼站: a district or station named after the sight
					r, _ := utf8.DecodeRuneInString(s[p+n:])
					lost := strings.ContainsRune("区县镇乡站", r)
					d.sights = append(d.sights, sightHit{start: t.start + p, end: t.start + p + n, sight: sg, lost: lost})
					p += n
					continue
				}
				_, sz := utf8.DecodeRuneInString(s[p:])
				p += sz
			}
		case tWord:
			if sg, next := d.matchSightWords(x, i); sg != nil {
				// a sight word attached to the name is part of it ("Terracotta Army Museum")
				for next < len(d.toks) && d.toks[next].kind == tWord && d.toks[next].cap && sightHeadEN[d.toks[next].low] {
					next++
				}
				d.sights = append(d.sights, sightHit{start: t.start, end: d.toks[next-1].end, sight: sg})
				i = next - 1
			}
		}
	}
}

// matchSightWords finds the longest English sight name starting at word
// token i; in text that mixes cases one of its words carries a capital.
func (d *doc) matchSightWords(x *landmarks.Index, i int) (*landmarks.Sight, int) {
	var best *landmarks.Sight
	bestNext := 0
	letters := ""
	romanised := false
	d.walkWordKeys(i, x.MaxWords()+3, func(j int, key string) bool {
		if sg := x.Words(key); sg != nil {
			best, bestNext, romanised = sg, j+1, false
		} else if sg := d.headSight(x.Head(key)); sg != nil && d.toks[i].cap {
			best, bestNext, romanised = sg, j+1, false
		}
		// a Chinese name in pinyin ("Wuhou Ci", "Zhuozheng Garden"), not a
		// place's name ("Lijiang" is the town, not the river 漓江)
		letters += d.tokenKey(j)
		if sg := x.Romanised(letters); sg != nil && len(d.gaz.Lookup(key)) == 0 {
			best, bestNext, romanised = sg, j+1, true
		}
		return x.HasPrefix(key) || x.RomanisedPrefix(letters) || d.toks[i].cap && x.HeadPrefix(key)
	})
	if best == nil {
		return nil, 0
	}
	if romanised && !d.mixedCase && !d.toks[i].cap {
		return nil, 0 // pinyin in all lower case is too often another language's word
	}
	if d.mixedCase {
		capital := false
		for j := i; j < bestNext; j++ {
			if t := &d.toks[j]; t.kind == tWord && t.text != t.low {
				capital = true
				break
			}
		}
		if !capital {
			return nil, 0
		}
	}
	return best, bestNext
}

// dropPlacesInSights removes the place spans a longer sight name covers,
// and marks the sights a longer place name covers as lost.
func (d *doc) dropPlacesInSights(spans []*span) []*span {
	if len(d.sights) == 0 {
		return spans
	}
	out := spans[:0]
	for _, sp := range spans {
		keep := true
		for k := range d.sights {
			h := &d.sights[k]
			if h.lost || sp.end <= h.start || sp.start >= h.end {
				continue
			}
			switch hl, sl := h.end-h.start, sp.end-sp.start; {
			case sl > hl:
				h.lost = true
			case sl == hl:
				// a town's name and a sight's: demoteLandmarks decides
			case namesCity(sp.cands, h.sight):
				// the sight's own city inside its name (苏州园林)
			default:
				keep = false
			}
		}
		if keep {
			out = append(out, sp)
		}
	}
	return out
}

// namesCity reports whether one of cands is the city the sight belongs to.
func namesCity(cands []gazetteer.Candidate, s *landmarks.Sight) bool {
	for _, c := range cands {
		if c.Place.Kind == gazetteer.City && c.Place.CountryCode == s.CountryCode && c.Place.Name == s.City {
			return true
		}
	}
	return false
}

// sightCity returns the gazetteer's entry of the city a sight belongs to.
func (d *doc) sightCity(s *landmarks.Sight) *gazetteer.Place {
	var best *gazetteer.Place
	for _, c := range d.gaz.Lookup(gazetteer.Key(s.City)) {
		p := c.Place
		if p.Kind == gazetteer.City && p.CountryCode == s.CountryCode && p.Name == s.City && (best == nil || p.Population > best.Population) {
			best = p
		}
	}
	return best
}

// sightWanted reports whether the sight at h is asked for: not declined,
// not seen before, not covered by a place name.
func (d *doc) sightWanted(h *sightHit) bool {
	if h.lost {
		return false
	}
	if isHan(firstRune(d.clean[h.start:h.end])) {
		if negatedZH(d.clean, h.start) {
			return false
		}
	} else if negatedEN(d, h.start) {
		return false
	}
	return !d.beenBefore(h.start)
}

// citiesOfSights makes the cities of the sights named the destinations of
// a request that names no destination ("Terracotta Army and Huaqing
// Palace" → Xi'an), in the order written, with a note.
func (d *doc) citiesOfSights() {
	if d.regionDest {
		return
	}
	if len(d.dests) == 0 && d.base && d.origin != nil {
		// "the Yungang Grottoes near Datong": a town the sights named
		// belong to is where the trip goes, not a base to search around
		for k := range d.sights {
			h := &d.sights[k]
			if p := d.sightCity(h.sight); p != nil && d.sightWanted(h) && (p.Name == d.origin.Name && p.CountryCode == d.origin.CountryCode || d.sightNearBase(h)) {
				o := *d.origin
				o.Role = "destination"
				d.dests, d.origin, d.base = []Place{o}, nil, false
				return
			}
		}
	}
	if d.base {
		return
	}
	if len(d.dests) == 0 && d.origin != nil && d.unresolvedDestination() == "" {
		// "Tiger Leaping Gorge hike from Lijiang": the sights of the town
		// the trip sets out from, with no other destination, are seen from
		// there: the town is the destination (a sight gone to, 去青海湖 from
		// 西宁, stays the destination as written)
		for k := range d.sights {
			h := &d.sights[k]
			if p := d.sightCity(h.sight); p != nil && d.sightWanted(h) && !d.placeCovers(h.start, h.end) &&
				p.Name == d.origin.Name && p.CountryCode == d.origin.CountryCode {
				o := *d.origin
				o.Role = "destination"
				d.dests, d.origin = []Place{o}, nil
				d.notes = append(d.notes, "destination "+o.Name+" taken from the sights named there")
				return
			}
		}
	}
	if len(d.dests) > 0 {
		d.farSightCities()
		return
	}
	var names []string
	for k := range d.sights {
		h := &d.sights[k]
		if !d.sightWanted(h) || d.placeCovers(h.start, h.end) {
			continue
		}
		p := d.sightCity(h.sight)
		if p == nil || d.origin != nil && d.origin.Name == p.Name {
			continue
		}
		dup := false
		for _, q := range d.dests {
			dup = dup || q.Name == p.Name
		}
		if dup || len(d.dests) >= 3 {
			continue
		}
		d.dests = append(d.dests, d.placeOf(&span{text: d.clean[h.start:h.end], pick: p}, "destination"))
		names = append(names, p.Name)
	}
	if len(names) > 0 {
		d.notes = append(d.notes, "destination "+strings.Join(names, ", ")+" taken from the sights named")
	}
}

// nearBaseEN are the words between a sight and the town it is near ("Mount
// Fuji close to Tokyo", "the Three Gorges Dam near Yichang").
var nearBaseEN = map[string]bool{"near": true, "close to": true, "outside": true, "outside of": true, "not far from": true,
	"just outside": true, "right outside": true, "near to": true}

// sightNearBase reports whether the sight at h is written right before the
// words that make the origin a base ("Mount Fuji close to Tokyo"): the
// town is where the trip stays to see the sight, not a base to search
// around.
func (d *doc) sightNearBase(h *sightHit) bool {
	k := strings.Index(d.clean[h.end:], d.origin.Text)
	if d.origin.Text == "" || k < 0 {
		return false
	}
	between := strings.Join(strings.Fields(strings.ToLower(d.clean[h.end:h.end+k])), " ")
	return nearBaseEN[between]
}

// destAt is a destination and where the text names it.
type destAt struct {
	pos int
	p   Place
}

// farSightCities adds beside the destinations named the city of a sight
// that lies far from all of them (泰山看日出，然后去曲阜 → Tai'an, Qufu),
// in the order written, with a note. A sight within landmarkNearKM of a
// destination is a day out from it, and a sight of another country than
// every destination's adds nothing.
func (d *doc) farSightCities() {
	var all []destAt
	for _, q := range d.dests {
		pos := strings.Index(d.clean, q.Text)
		if q.Text == "" || pos < 0 {
			return // a destination not written as such: keep the order given
		}
		all = append(all, destAt{pos, q})
	}
	var names, covered []string
	for k := range d.sights {
		h := &d.sights[k]
		if len(all) >= 4+len(covered) || !d.sightWanted(h) || d.placeCovers(h.start, h.end) {
			continue
		}
		p := d.sightCity(h.sight)
		if p == nil || !p.HasCoords || d.origin != nil && d.origin.Name == p.Name || d.sightPlacedAt(h, all) ||
			isGenericSightName(d.clean[h.start:h.end]) {
			continue // "the Drum Tower", 鼓楼: many cities have one; it is the destination's
		}
		if k := slices.IndexFunc(all, func(q destAt) bool { return holds(q.p, p) }); k >= 0 {
			// 云南七天，玉龙雪山和洱海: a sight inside a region named as the
			// destination names the city to stay in, in the region's place
			if !slices.ContainsFunc(all, func(q destAt) bool { return q.p.Name == p.Name && q.p.CountryCode == p.CountryCode }) {
				all = append(all, destAt{h.start, d.placeOf(&span{text: d.clean[h.start:h.end], pick: p}, "destination")})
				names = append(names, p.Name)
			}
			covered = append(covered, all[k].p.Name)
			continue
		}
		far, country := true, false
		for _, q := range all {
			if q.p.Kind == "region" || q.p.Kind == "country" {
				continue
			}
			country = country || q.p.CountryCode == p.CountryCode
			if q.p.Name == p.Name || q.p.Latitude == nil || q.p.Longitude == nil ||
				nearKM(p, &gazetteer.Place{Lat: *q.p.Latitude, Lon: *q.p.Longitude, HasCoords: true}) < landmarkNearKM {
				far = false
			}
		}
		if !country || !far && !(isMountain(h.sight) && !d.isDest(p.Name)) {
			continue // a mountain is a stay of its own: 泰山 beside 曲阜 is Tai'an
		}
		all = append(all, destAt{h.start, d.placeOf(&span{text: d.clean[h.start:h.end], pick: p}, "destination")})
		names = append(names, p.Name)
	}
	if len(names) == 0 {
		return
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].pos < all[j].pos })
	d.dests = d.dests[:0]
	for _, a := range all {
		if (a.p.Kind == "region" || a.p.Kind == "country") && slices.Contains(covered, a.p.Name) {
			continue // the region's cities the sights name stand for it
		}
		d.dests = append(d.dests, a.p)
	}
	d.notes = append(d.notes, "destination "+strings.Join(names, ", ")+" added for the sights named there")
}

// holds reports whether the destination q is a region or country that
// holds the city p.
func holds(q Place, p *gazetteer.Place) bool {
	switch q.Kind {
	case "country":
		return q.CountryCode == p.CountryCode
	case "region":
		return q.CountryCode == p.CountryCode && q.Admin1 == p.Admin1
	}
	return false
}

// sightPlacedAt reports whether the text places the sight in a named
// destination ("the Confucius Temple in Qufu", 曲阜的孔庙): a sight name
// many cities share then belongs to that destination, not to the city the
// landmark table gives it.
func (d *doc) sightPlacedAt(h *sightHit, dests []destAt) bool {
	after := strings.ToLower(strings.TrimLeft(d.clean[h.end:], " "))
	before := strings.TrimRight(d.clean[:h.start], " ")
	for _, q := range dests {
		t := q.p.Text
		if t == "" {
			continue
		}
		for _, w := range []string{"in ", "at ", "of ", ", "} {
			if strings.HasPrefix(after, w+strings.ToLower(t)) {
				return true
			}
		}
		if strings.HasSuffix(before, t+"的") || strings.HasSuffix(before, t) && hasHan(t) {
			return true
		}
	}
	return false
}

// isMountain reports whether a sight is a mountain (泰山, Mount Emei,
// Jade Dragon Snow Mountain): a climb that takes its own day and night.
func isMountain(s *landmarks.Sight) bool {
	en := strings.ToLower(s.Name)
	return strings.HasSuffix(s.NameZH, "山") && !strings.HasSuffix(s.NameZH, "公园") ||
		strings.HasPrefix(en, "mount ") || strings.HasSuffix(en, " mountain") || strings.HasSuffix(en, " mountains")
}

// isDest reports whether a destination of that name is already named.
func (d *doc) isDest(name string) bool {
	for _, q := range d.dests {
		if q.Name == name {
			return true
		}
	}
	return false
}

// placeCovers reports whether a place span holds all of [s, e).
func (d *doc) placeCovers(s, e int) bool {
	for _, sp := range d.placeSpans {
		if sp[0] <= s && e <= sp[1] {
			return true
		}
	}
	return false
}

// isSightHit reports whether name is the text of a sight the landmark
// gazetteer found in the request.
func (d *doc) isSightHit(name string) bool {
	for k := range d.sights {
		if h := &d.sights[k]; !h.lost && strings.EqualFold(strings.TrimPrefix(strings.TrimPrefix(d.clean[h.start:h.end], "the "), "The "), name) {
			return true
		}
	}
	return false
}

// inSight reports whether [s, e) lies inside a sight's name found in the
// request.
func (d *doc) inSight(s, e int) bool {
	for k := range d.sights {
		if h := &d.sights[k]; !h.lost && h.start <= s && e <= h.end {
			return true
		}
	}
	return false
}

// genericSightNames are sight names many cities share (a Drum Tower, a
// Confucius Temple, an old town, 鼓楼, 古城): written alone, such a name is
// the one of the destination named, never a far city the landmark table
// gives it, and never a town of that name ("the Old Town" is no town in
// Maine).
var genericSightNames = map[string]bool{
	"confucius temple": true, "temple of confucius": true, "drum tower": true, "bell tower": true, "bell and drum towers": true,
	"drum and bell towers": true, "old town": true, "old city": true, "ancient city": true, "ancient town": true, "old quarter": true,
	"city wall": true, "city walls": true, "ancient city wall": true, "old city wall": true, "night market": true, "night markets": true,
	"old town square": true, "old street": true, "pedestrian street": true, "walking street": true, "city god temple": true, "people's park": true,
	"people's square": true, "provincial museum": true, "city museum": true, "chinatown": true, "old market": true, "main square": true,
	"town square": true, "market square": true, "old harbour": true, "old harbor": true, "old port": true, "grand mosque": true,
	"plaza de españa": true, "plaza de espana": true, "plaza mayor": true, "japantown": true, "little italy": true, "little india": true,
	"koreatown": true, "cathedral square": true, "central market": true,
	"white pagoda": true, "north gate": true, "south gate": true, "east gate": true, "west gate": true, "food street": true,
	"鼓楼": true, "钟楼": true, "钟鼓楼": true, "孔庙": true, "文庙": true, "古城": true, "古城墙": true, "城墙": true, "老城": true, "老城区": true,
	"古镇": true, "老街": true, "古街": true, "城隍庙": true, "人民公园": true, "人民广场": true, "博物馆": true, "省博物馆": true, "省博": true,
	"夜市": true, "步行街": true, "美食街": true, "小吃街": true, "白塔": true, "关帝庙": true, "天后宫": true, "妈祖庙": true, "清真寺": true,
	"清真大寺": true, "北门": true, "南门": true, "东门": true, "西门": true, "唐人街": true,
	// lakes many Chinese cities name so (Hangzhou, Huizhou, Fuzhou, Quanzhou, Yingde …; 东湖: Wuhan, Shaoxing …)
	"西湖": true, "west lake": true, "东湖": true, "east lake": true, "南湖": true, "south lake": true,
}

// isGenericSightName reports whether a sight name as written is one many
// cities share (see genericSightNames).
func isGenericSightName(s string) bool {
	f := strings.Join(strings.Fields(strings.ToLower(s)), " ")
	f = strings.TrimPrefix(f, "the ")
	return genericSightNames[f]
}

// headSight returns the first of the sights whose city the text names
// ("the Opera House" on a Sydney trip), or nil.
func (d *doc) headSight(sights []*landmarks.Sight) *landmarks.Sight {
	for _, s := range sights {
		if len(d.findEN(strings.ToLower(s.City))) > 0 {
			return s
		}
	}
	return nil
}
