package quality

import (
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// SightKind is a kind of sight a traveller may ask for by its kind (想去
// 动物园, "an aquarium", "a temple", 泡温泉): the wish's words and the words
// that make an attraction of the kind by its name, category or tags. The
// kinds are narrower than the concept table's interests (its zoos row
// holds aquariums too; its night row every night view): a wish for an
// aquarium is not met by a zoo, nor one for a night market by a night
// cruise.
type SightKind struct {
	Name  string
	wish  []string
	sight []string
	// not are name words that make a sight of the kind's words another
	// thing (a zoo's restaurant, a temple street's shop).
	not []string
}

// sightKinds are the kinds (issue 28): each wish word in any language the
// brief parser keeps, each sight word as the sandbox and OpenStreetMap name
// such places (寺, 庙, 禅院; 动物园; 海洋馆, 水族馆, 海洋公园, 海洋世界; 欢乐谷,
// 迪士尼, 方特, 乐园; 温泉; 夜市).
var sightKinds = []SightKind{
	{Name: "zoo", wish: []string{"zoo", "zoos", "动物园", "野生动物园", "看动物"}, sight: []string{"动物园", "野生动物", "zoo"}},
	{Name: "aquarium", wish: []string{"aquarium", "aquariums", "海洋馆", "水族馆", "海洋公园", "海底世界"},
		sight: []string{"海洋馆", "水族馆", "海洋公园", "海洋世界", "海底世界", "极地", "aquarium"}},
	{Name: "museum", wish: []string{"museum", "museums", "博物馆", "博物院"}, sight: []string{"博物馆", "博物院", "museum"}},
	{Name: "theme park", wish: []string{"theme park", "theme parks", "amusement park", "amusement parks", "游乐园", "主题公园", "主题乐园", "迪士尼", "disney", "欢乐谷"},
		sight: []string{"欢乐谷", "迪士尼", "disney", "方特", "游乐园", "主题公园", "主题乐园", "乐园", "theme park", "amusement park", "universal"},
		not:   []string{"水上乐园"}},
	{Name: "temple", wish: []string{"temple", "temples", "寺庙", "寺院", "古寺", "拜佛", "烧香"}, sight: []string{"寺", "庙", "禅院", "道观", "temple"},
		not: []string{"寺街", "庙会", "城隍庙商", "地铁"}},
	{Name: "night market", wish: []string{"night market", "night markets", "夜市"}, sight: []string{"夜市", "night market"}},
	{Name: "hot spring", wish: []string{"hot spring", "hot springs", "onsen", "温泉", "泡温泉", "泡汤"}, sight: []string{"温泉", "hot spring"}},
}

// SightKindOf returns the kind a wish (an interest or a must-see entry)
// asks for: the wish is one of the kind's words ("a zoo", "temples"), or
// holds a Chinese one (想去动物园, 北京动物园); a name in Latin letters that
// only holds one ("Temple of Heaven") is a sight, not a kind. nil when
// none.
func SightKindOf(wish string) *SightKind {
	w := strings.ToLower(strings.TrimSpace(wish))
	if w == "" {
		return nil
	}
	for _, a := range []string{"a ", "an ", "the ", "some ", "visit ", "see "} {
		w = strings.TrimPrefix(w, a)
	}
	for i := range sightKinds {
		k := &sightKinds[i]
		for _, x := range k.wish {
			if w == x || x[0] >= 0x80 && strings.Contains(w, x) {
				return k
			}
		}
	}
	return nil
}

// Of reports whether an attraction is of the kind: a sight word in its
// name, category or tags, and none of the kind's exceptions in its name.
func (k *SightKind) Of(a *orchestrator.Attraction) bool {
	return k.of(strings.ToLower(a.Name), strings.ToLower(a.Category), a.Tags)
}

// of is Of on the lower-cased name and category.
func (k *SightKind) of(name, category string, tags []string) bool {
	if hasAny(name, k.not) {
		return false
	}
	if hasAny(name, k.sight) || hasAny(category, k.sight) {
		return true
	}
	for _, t := range tags {
		if hasAny(strings.ToLower(t), k.sight) {
			return true
		}
	}
	return false
}

// SightKindMask returns the kinds an attraction is of, bit i for the i-th
// kind (SightKind.Bit): computed once per catalog by the planner's index.
func SightKindMask(a *orchestrator.Attraction) uint8 {
	name, category := strings.ToLower(a.Name), strings.ToLower(a.Category)
	var m uint8
	for i := range sightKinds {
		if sightKinds[i].of(name, category, a.Tags) {
			m |= 1 << i
		}
	}
	return m
}

// Bit is the kind's bit in SightKindMask.
func (k *SightKind) Bit() uint8 {
	for i := range sightKinds {
		if &sightKinds[i] == k {
			return 1 << i
		}
	}
	return 0
}

// SightKindWishes returns the kinds the brief asks for, in the order of
// its interests then its must-see entries, each once.
func SightKindWishes(b *orchestrator.Brief) []*SightKind {
	var out []*SightKind
	for _, list := range [][]string{b.Interests, b.MustVisit} {
		for _, w := range list {
			if k := SightKindOf(w); k != nil && !containsKind(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

func containsKind(ks []*SightKind, k *SightKind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// sightKinds objects to each kind of sight the brief asks for that no stop
// of the plan is while a trip city (not home) has one (ObjKindMissed).
func (o *objector) sightKinds() {
	for _, k := range SightKindWishes(o.b) {
		if o.visitsKind(k) {
			continue
		}
		if a := o.dataOfKind(k); a != nil {
			o.add(ObjKindMissed, 0, "%s asked for, none planned; the data has %s", k.Name, a.Name)
		}
	}
}

// visitsKind reports whether a stop of the plan is of kind k.
func (o *objector) visitsKind(k *SightKind) bool {
	for _, a := range o.attractions.vals {
		if a != nil && k.Of(a) {
			return true
		}
	}
	return false
}

// dataOfKind returns the most popular attraction of kind k in a trip city
// (not home), nil when none.
func (o *objector) dataOfKind(k *SightKind) *orchestrator.Attraction {
	if o.trip == nil {
		return nil
	}
	var best *orchestrator.Attraction
	for i := range o.trip.Cities {
		cd := &o.trip.Cities[i]
		if cd.Attractions == nil || o.atHome(cd.Name) {
			continue
		}
		for j := range cd.Attractions.Value {
			a := &cd.Attractions.Value[j]
			if k.Of(a) && (best == nil || a.Popularity > best.Popularity) {
				best = a
			}
		}
	}
	return best
}

// kindsPart is the interests part less a quarter for each kind of sight
// asked for and not planned (ObjKindMissed); it applies whenever one is.
func (o *objector) kindsPart(c orchestrator.QualityComponent) orchestrator.QualityComponent {
	n := o.count(ObjKindMissed)
	if n == 0 {
		return c
	}
	if !c.Applicable {
		c = orchestrator.QualityComponent{Applicable: true, Value: 1}
	}
	c.Value -= 0.25 * float64(n)
	if c.Detail != "" {
		c.Detail += "; "
	}
	c.Detail += detailf("%d kinds of sight asked for not planned", n)
	return c
}
