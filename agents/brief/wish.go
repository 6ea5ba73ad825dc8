package brief

import (
	"slices"
	"sort"
	"strings"

	"github.com/tripweave/tripweave/agents/brief/discover"
	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/gazetteer"
)

// wishTerms are what a wish asks of a place, named as discover's tags.
var wishTerms = []term{
	{"sea", []string{"海边", "看海", "大海", "赶海", "海景", "吹海风"}, []string{"seaside", "sea", "ocean", "coast", "coastal", "by the sea", "seaside town"}},
	{"beach", []string{"海滩", "沙滩", "海水浴", "游泳"}, []string{"beach", "beaches", "swim", "swimming", "sunbathing"}},
	{"island", []string{"海岛", "小岛", "岛屿", "离岛"}, []string{"island", "islands"}},
	{"snow", []string{"看雪", "雪景", "下雪", "冰雪", "雪乡", "玩雪", "冰雕"}, []string{"snow", "snowy", "see snow", "winter wonderland"}},
	{"ski", []string{"滑雪"}, []string{"ski", "skiing", "snowboarding", "snowboard"}},
	{"mountains", []string{"爬山", "登山", "看山", "山里", "雪山", "高山"}, []string{"mountains", "mountain", "hiking", "alps"}},
	{"desert", []string{"沙漠", "戈壁"}, []string{"desert", "dunes"}},
	{"grassland", []string{"草原", "大草原"}, []string{"grassland", "grasslands", "steppe", "prairie"}},
	{"lake", []string{"湖边", "看湖", "湖泊"}, []string{"lake", "lakes", "lakeside"}},
	{"hot springs", []string{"温泉", "泡汤"}, []string{"hot springs", "hot spring", "onsen"}},
	{"warm", []string{"暖和", "温暖", "避寒", "暖和的地方", "热带", "阳光"}, []string{"warm", "warmer", "sunny", "sunshine", "tropical", "hot weather", "escape the cold"}},
	{"cool", []string{"避暑", "凉快", "凉爽"}, []string{"cool", "cooler", "escape the heat"}},
	{"food", []string{"美食", "好吃", "吃货", "小吃"}, []string{"food", "foodie", "cuisine", "eat"}},
	{"history", []string{"历史", "古迹", "古城", "文化古都"}, []string{"history", "historic", "historical", "ancient"}},
	{"old towns", []string{"古镇", "古村"}, []string{"old town", "old towns"}},
	{"temples", []string{"寺庙", "古寺"}, []string{"temples", "temple"}},
	{"museums", []string{"博物馆"}, []string{"museums", "museum"}},
	{"nature", []string{"自然", "风景", "大自然"}, []string{"nature", "scenery", "outdoors"}},
	{"shopping", []string{"购物", "买买买"}, []string{"shopping"}},
	{"nightlife", []string{"夜生活", "酒吧"}, []string{"nightlife", "bars", "party"}},
	{"pandas", []string{"熊猫"}, []string{"pandas", "panda"}},
	{"gardens", []string{"园林"}, []string{"gardens"}},
}

var wishLex = termLexicon(wishTerms)

// somewhereZH and somewhereEN ask for a suggestion without a place.
var (
	somewhereZH = []string{"某个地方", "找个地方", "找个", "哪里", "哪儿", "去哪", "推荐", "随便去", "什么地方", "一个地方", "个地方"}
	somewhereEN = []string{"somewhere", "anywhere", "someplace", "where should", "where to go", "suggest", "recommend", "a place", "any place"}
)

// wish returns the concepts of a request that names no destination, and
// whether it asks for a suggestion at all.
func (d *doc) wish() ([]string, bool) {
	pos, _ := d.termHits(wishTerms, wishLex)
	asks := len(pos) > 0 || d.zhAny(somewhereZH...) || d.enAny(somewhereEN...)
	return pos, asks
}

// isWishWord reports whether name is one of the wish words (海边 is a
// wish, not a place the gazetteer lacks).
func isWishWord(name string) bool {
	for _, t := range wishTerms {
		for _, w := range t.zh {
			if strings.Contains(name, w) || strings.Contains(w, name) {
				return true
			}
		}
	}
	return strings.HasSuffix(name, "地方") || strings.HasSuffix(name, "海边")
}

// discoverDestination chooses a destination for a wish: the best of
// discover.Rank by the wish's concepts, the travel month, the trip's
// length, the budget's level and the distance from the origin, with the
// next ones as alternatives in a note and in Result.Alternatives. It
// returns false when nothing fits (the destination question then lists
// what the wish asked for).
func (d *doc) discoverDestination(r *Result, b *orchestrator.Brief, concepts []string) bool {
	w := discover.Wish{Concepts: concepts, Days: d.when.days}
	switch {
	case !d.when.start.IsZero():
		w.Month = int(d.when.start.Month())
	default:
		w.Month = int(d.today.Month())
	}
	if d.origin != nil && d.origin.Latitude != nil {
		w.FromLat, w.FromLon, w.FromCC, w.HasFrom = *d.origin.Latitude, *d.origin.Longitude, d.origin.CountryCode, true
		w.Domestic = d.origin.CountryCode
	} else if d.lang == "zh" {
		w.Domestic = "CN"
	}
	if d.base {
		w.MaxKm = 350
	}
	if bu := b.Budget; bu != nil {
		if cny, ok := discover.CNY(bu.Amount, bu.Currency); ok {
			people := max(b.Travelers.Total(), 1)
			if bu.PerPerson {
				people = 1
			}
			w.Level = discover.Level(cny / float64(people) / float64(max(w.Days, 1)))
		}
	}
	if d.covered != nil {
		table := discover.Table()
		names := make([]string, len(table))
		for i := range table {
			names[i] = table[i].Name
		}
		w.Covered = map[string]bool{}
		for i, ok := range d.covered(names) {
			if ok && i < len(names) {
				w.Covered[names[i]] = true
			}
		}
	}
	cands := discover.Rank(w, 4)
	if len(cands) == 0 {
		what := strings.Join(concepts, ", ")
		if what == "" {
			what = "the request"
		}
		d.notes = append(d.notes, "no destination in the shipped table fits "+what+"; please name one")
		return false
	}
	best := cands[0]
	b.Destinations = []string{best.Name}
	r.Places = append(r.Places, d.placeNamed(best.Destination))
	var alts []string
	for _, c := range cands[1:] {
		alts = append(alts, c.Name)
	}
	r.Alternatives = alts
	why := strings.Join(best.Why, ", ")
	if why == "" {
		why = "distance and budget"
	}
	note := "no destination named: " + best.Name + " chosen for the wish (" + why
	if w.Month > 0 {
		note += "; month " + itoa(w.Month)
	}
	if w.HasFrom {
		note += "; " + itoa(int(best.Km+0.5)) + " km from " + d.origin.Name
	}
	note += ")"
	if len(alts) > 0 {
		note += "; alternatives: " + strings.Join(alts, ", ")
	}
	d.notes = append(d.notes, note)
	return true
}

// placeNamed returns the gazetteer's entry for a discovered destination,
// or the table's own coordinates when the gazetteer lacks it.
func (d *doc) placeNamed(dst discover.Destination) Place {
	for _, c := range d.gaz.Lookup(gazetteer.Key(dst.Name)) {
		if c.Place.Kind == gazetteer.City && c.Place.CountryCode == dst.CountryCode {
			sp := &span{text: dst.Name, pick: c.Place}
			return d.placeOf(sp, "destination")
		}
	}
	lat, lon := dst.Lat, dst.Lon
	return Place{Role: "destination", Text: dst.Name, Name: dst.Name, NameZH: dst.NameZH, Kind: gazetteer.City.String(),
		CountryCode: dst.CountryCode, Latitude: &lat, Longitude: &lon, Resolved: true}
}

// nearbyCities returns up to n cities of the gazetteer between 40 and
// 300 km from the base, in the base's country, most populous first.
func (d *doc) nearbyCities(base *Place, n int) []*gazetteer.Place {
	if base == nil || base.Latitude == nil {
		return nil
	}
	type near struct {
		p  *gazetteer.Place
		km float64
	}
	var out []near
	d.gaz.Places(func(p *gazetteer.Place) bool {
		if p.Kind != gazetteer.City || p.CountryCode != base.CountryCode || !p.HasCoords || p.Population < 150000 {
			return true
		}
		km := discover.Km(*base.Latitude, *base.Longitude, p.Lat, p.Lon)
		if km >= 40 && km <= 300 {
			out = append(out, near{p, km})
		}
		return true
	})
	known := map[string]bool{}
	for _, t := range discover.Table() {
		known[t.Name] = true
	}
	sort.Slice(out, func(i, j int) bool {
		if ki, kj := known[out[i].p.Name], known[out[j].p.Name]; ki != kj {
			return ki // destinations the shipped table describes first
		}
		if out[i].p.Population != out[j].p.Population {
			return out[i].p.Population > out[j].p.Population
		}
		return out[i].p.Name < out[j].p.Name
	})
	var ps []*gazetteer.Place
	for _, x := range out {
		if len(ps) == n {
			break
		}
		if !slices.ContainsFunc(ps, func(q *gazetteer.Place) bool { return q.Name == x.p.Name }) {
			ps = append(ps, x.p)
		}
	}
	return ps
}
