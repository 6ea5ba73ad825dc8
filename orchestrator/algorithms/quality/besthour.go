package quality

import (
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/concepts"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality/tripindex"
)

// Hour is the time of day a sight is best visited at.
type Hour int8

// Best hours. Any is every sight the data says nothing particular about.
const (
	AnyHour Hour = iota
	// Morning sights are animals at their most active (panda bases)
	// and sunrises: a visit starts by MorningBy.
	Morning
	// Night sights are night views, night tours and markets, light shows
	// (the concept table's evening flag): a visit starts from NightFrom.
	Night
)

// Hour bounds, minutes after midnight.
const (
	MorningBy = 11*60 + 30
	NightFrom = 17*60 + 30
)

// morningWords mark sights best in the morning, in a name or tag; an
// indoor place (a panda museum, an ice rink) is never one.
var morningWords = []string{"熊猫基地", "熊猫繁育", "熊猫谷", "熊猫苑", "熊猫乐园", "日出", "观日", "早市",
	"panda base", "panda breeding", "sunrise"}

// nightWords add to the concept table's evening sights.
var nightWords = []string{"不夜", "夜景", "夜游", "夜市", "灯光秀", "酒吧街", "酒吧一条街", "night market", "night view", "night tour", "light show", "bar street"}

// BestHour says when a sight is best visited, from its name, category and
// tags. indoor is the data's indoor flag (nil: unknown).
func BestHour(name, category string, tags []string, indoor *bool) Hour {
	return BestHourEvening(name, tags, indoor, concepts.Evening(name, category, tags))
}

// hour is BestHour of the stop's attraction a, whose facts f are
// (s.attraction): kept by the catalog's shared index.
func (s *scorer) hour(id string, a *orchestrator.Attraction, f *tripindex.AttractionFacts) Hour {
	e := s.attractions.get(id)
	if e.a == nil {
		return hourOf(a, f)
	}
	return Hour(e.x.Hour(e.i, func() int8 { return int8(hourOf(e.a, e.f)) }))
}

// hourOf is BestHour of a, whose facts f are (f.Evening is
// concepts.Evening of a).
func hourOf(a *orchestrator.Attraction, f *tripindex.AttractionFacts) Hour {
	return BestHourEvening(a.Name, a.Tags, a.Indoor, f.Evening)
}

// BestHourEvening is BestHour with evening concepts.Evening's answer
// (for callers that hold it).
func BestHourEvening(name string, tags []string, indoor *bool, evening bool) Hour {
	low := strings.ToLower(name)
	if evening || hasAny(low, nightWords) {
		return Night
	}
	if indoor != nil && *indoor {
		return AnyHour
	}
	if hasAny(low, morningWords) {
		return Morning
	}
	for _, t := range tags {
		if hasAny(strings.ToLower(t), morningWords) {
			return Morning
		}
	}
	return AnyHour
}

// FitsHour reports whether a visit starting at start (minutes after
// midnight) is at the sight's best hour.
func FitsHour(h Hour, start int) bool {
	switch h {
	case Morning:
		return start <= MorningBy
	case Night:
		return start >= NightFrom
	}
	return true
}

func hasAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// String names the hour.
func (h Hour) String() string {
	switch h {
	case Morning:
		return "morning"
	case Night:
		return "night"
	}
	return "any"
}

// viewWords mark a riverfront, skyline or viewpoint in a name or tag.
var viewWords = []string{"外滩", "江滩", "滨江", "江景", "江边", "河边", "观景", "夜景", "塔", "桥", "skyline", "waterfront", "riverside", "bund", "tower", "bridge"}

// NightView reports whether a sight is a night view: outdoors (or not
// known to be indoors), open until 21:30 or later, on a riverfront or
// skyline by its name or tags. A traveller who asks for night views sees
// such a sight they insist on after dark (the Bund at night).
//
// A famous night view (FamousNightView) is one whatever the data's indoor
// flag and tags say.
func NightView(name string, tags []string, indoor *bool, hours []orchestrator.OpeningHours) bool {
	if FamousNightView(name, hours) {
		return true
	}
	if indoor != nil && *indoor || !openLate(hours) {
		return false
	}
	if hasAny(strings.ToLower(name), viewWords) {
		return true
	}
	for _, t := range tags {
		if hasAny(strings.ToLower(t), viewWords) {
			return true
		}
	}
	return false
}

// famousNightViews are the sights each city of the catalogs is known for
// after dark, by a name a catalog's attraction contains. Curated from the
// cities' tourism boards' and the common travel guides' night-tour pages
// (Ctrip/Mafengwo 夜游 and 夜景 lists): each row is seen lit up, and the
// data cannot say so — the sandbox marks 洪崖洞 and 夫子庙 indoors and
// tags 夫子庙 with nothing riverside, so NightView's tests miss them.
var famousNightViews = []string{
	"外滩", "陆家嘴", "东方明珠", "南京路步行街", "黄浦江", // Shanghai: the Bund's lit façades and the Pudong skyline across the river
	"洪崖洞", "解放碑", "南滨路", "一棵树观景台", "朝天门", "长江索道", // Chongqing: stilt houses lit at night, the mountain city's skyline
	"夫子庙", "秦淮河", "秦淮风光带", // Nanjing: 秦淮灯影, the Qinhuai's lanterns and boats
	"广州塔", "珠江夜游", "海心沙", "花城广场", // Guangzhou: the Canton Tower's light show, the Pearl River at night
	"西湖音乐喷泉", "钱江新城", // Hangzhou: the musical fountain and the riverside light show
	"什刹海", "后海", // Beijing: the lakes' bars and lanterns
	"九眼桥", "锦里", "安顺廊桥", // Chengdu: the lit bridges and lantern street
	"山塘街", "平江路", "金鸡湖", // Suzhou: lantern-lit canal streets, the lake's skyline
	"深圳湾", // Shenzhen: the bay's skyline and light show
}

// notAView marks a name that holds a famous night view's name but is an
// indoor visit or a shop near it (夫子庙雨花石博物馆, 外滩观光隧道).
var notAView = []string{"博物馆", "美术馆", "艺术馆", "纪念馆", "展览", "隧道", "大楼", "戏院", "小吃", "酒店", "museum", "gallery"}

// FamousNightView reports whether a sight is one its city is known for
// after dark (famousNightViews), open until 21:30 or later: a traveller
// who asks for night views sees it after dusk, must-see or not.
func FamousNightView(name string, hours []orchestrator.OpeningHours) bool {
	low := strings.ToLower(name)
	return hasAny(low, famousNightViews) && !hasAny(low, notAView) && openLate(hours)
}

// openLate reports whether opening hours run until 21:30 or later (or
// past midnight); no hours count as open.
func openLate(hours []orchestrator.OpeningHours) bool {
	late := len(hours) == 0
	for _, h := range hours {
		c, ok := orchestrator.ParseClock(h.Close)
		o, _ := orchestrator.ParseClock(h.Open)
		if ok && (c >= 21*60+30 || c <= o) {
			late = true
		}
	}
	return late
}

// WantsNight reports whether a brief asks for night views or nightlife:
// an interest the concept table flags evening.
func WantsNight(b *orchestrator.Brief) bool {
	for _, in := range b.Interests {
		if c := concepts.Lookup(in, concepts.Sight); c != nil && c.Evening {
			return true
		}
	}
	return false
}
