package concepts

import (
	_ "embed"
	"slices"
	"strconv"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// Local is a city's own cooking, from the local-food table (local.tsv):
// the cuisine labels that are the city's and the words in a name that
// mark its cooking. The nil *Local (a city the table lacks) knows no
// local cuisine and no foreign one.
type Local struct {
	Cities []string
	Labels []string
	Names  []string
	// others are the name words of the other rows and the regional
	// cuisine concepts' labels and names this row does not share: a
	// restaurant naming one cooks another region's food.
	others []string
	Source string
}

//go:embed local.tsv
var localTSV string

var localRows []*Local

// foreign and regional are the cuisine concepts of foreignIDs and
// regionalIDs.
var foreign, regional []*Concept

// foreignIDs are the cuisine concepts of food from abroad.
var foreignIDs = []string{"western", "japanese", "korean", "southeastasian", "italian", "french", "american", "mexican",
	"indian", "mediterranean", "spanish", "greek", "middleeastern", "steakhouse"}

// regionalIDs are the cuisine concepts of a Chinese region's cooking; a
// restaurant of one is local only where the local row shares its labels.
var regionalIDs = []string{"sichuan", "hotpot", "cantonese", "jiangzhe", "shanghainese", "peking", "hubei", "hunan", "yunnan",
	"dongbei", "shandong", "chaoshan", "fujian", "anhui", "hakka", "guizhou", "jiangxi", "henan", "shanxi", "northwestern",
	"tianjin", "guangxi", "hainan", "taiwanese", "hongkong", "xinjiang", "macanese", "mongolian", "tibetan"}

func init() {
	for n, line := range strings.Split(localTSV, "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			panic("concepts: local.tsv line " + strconv.Itoa(n+1) + ": want 4 columns")
		}
		localRows = append(localRows, &Local{Cities: list(f[0]), Labels: list(f[1]), Names: list(f[2]), Source: f[3]})
	}
	barConcept = Lookup("酒吧", Cuisine)
	for _, c := range table {
		if c.Kind == Cuisine && contains(foreignIDs, c.ID) {
			foreign = append(foreign, c)
		}
		if c.Kind == Cuisine && contains(regionalIDs, c.ID) {
			regional = append(regional, c)
		}
	}
	for _, l := range localRows {
		own := func(w string) bool {
			for _, x := range append(append([]string{}, l.Labels...), l.Names...) {
				if strings.Contains(x, w) || strings.Contains(w, x) {
					return true
				}
			}
			return false
		}
		add := func(w string) {
			if w != "" && hasHan(w) && !own(w) {
				l.others = append(l.others, w)
			}
		}
		for _, o := range localRows {
			if o != l {
				for _, w := range o.Names {
					add(w)
				}
			}
		}
		for _, c := range table {
			if c.Kind == Cuisine && contains(regionalIDs, c.ID) {
				for _, w := range c.Names {
					if len(DishWords(w)) == 0 { // 烤鸭, 热干面: dishes made beyond their region
						add(w)
					}
				}
			}
		}
	}
}

// withoutBranch is a name without its branch in brackets.
func withoutBranch(name string) string {
	if i := strings.IndexAny(name, "(（"); i > 0 {
		return name[:i]
	}
	return name
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// LocalFor returns the local-food row of a city, nil when the table has
// none.
func LocalFor(city string) *Local {
	for _, l := range localRows {
		for _, c := range l.Cities {
			if orchestrator.SameCity(c, city) {
				return l
			}
		}
	}
	return nil
}

// Restaurant reports whether a restaurant cooks the city's own food: a
// local label or a local name word, no word of another region's cooking
// in its name, and neither foreign nor light fare.
func (l *Local) Restaurant(name string, cuisines []string) bool {
	return l.Kind(name, cuisines) == KindLocal
}

// Other reports whether a restaurant cooks another region's Chinese food
// than the city's: a regional cuisine (the concept table's) the row does
// not list, or another row's name word in its name. False for a city
// the table lacks.
func (l *Local) Other(name string, cuisines []string) bool {
	return l.Kind(name, cuisines) == KindOther
}

// What a restaurant's food is to a city (Local.Kind).
const (
	KindPlain   = iota // none of the others: Chinese food of no region, light fare
	KindLocal          // the city's own cooking
	KindOther          // another region's Chinese cooking
	KindForeign        // food from abroad
)

// Kind says what a restaurant's food is to the city (KindLocal, KindOther,
// KindForeign, KindPlain), folding its name and labels once. For a city
// the table lacks (nil), only KindForeign and KindPlain.
func (l *Local) Kind(name string, cuisines []string) int {
	p := RestaurantPlace(name, cuisines)
	if foreignPlace(p) {
		return KindForeign
	}
	if l == nil {
		return KindPlain
	}
	// A hotel's name is no mark of its kitchen (杭州友好饭店·…,
	// 浙江西子宾馆·…): the outlet's own name is read.
	outlet, _ := HotelOutlet(fold(withoutBranch(name)))
	for _, w := range l.others {
		if strings.Contains(outlet, w) {
			return KindOther
		}
	}
	if !LightMeal(cuisines) && !Buffet(name, cuisines) {
		for _, c := range p.labels {
			if contains(l.Labels, c) {
				return KindLocal
			}
		}
		for _, w := range l.Names {
			if Contains(outlet, w) {
				return KindLocal
			}
		}
	}
	for _, c := range regional {
		if len(c.Labels) > 0 && c.MatchRestaurant(p) {
			return KindOther
		}
	}
	return KindPlain
}

// Foreign reports whether a restaurant serves food from abroad (western,
// Japanese, Korean, Southeast Asian… the concept table's), by its labels,
// or by its name when it has none.
func Foreign(name string, cuisines []string) bool {
	return foreignPlace(RestaurantPlace(name, cuisines))
}

func foreignPlace(p Place) bool {
	for _, c := range foreign {
		if c.MatchRestaurant(p) {
			return true
		}
	}
	return false
}

// LocalWish reports whether a food wish asks for the local specialties:
// "local specialties" (the parser's canonical item), "local food",
// "当地特色菜" and their like, case-insensitively.
func LocalWish(wish string) bool {
	w := fold(wish)
	for _, x := range localWishes {
		if w == x {
			return true
		}
	}
	return false
}

// localWishes are the wordings of the local-specialties wish.
var localWishes = []string{"local specialties", "local specialty", "local specialities", "local speciality", "local food",
	"local foods", "local cuisine", "local dishes", "local delicacies", "当地特色菜", "当地菜", "当地美食", "当地特色",
	"本地菜", "本地美食", "本地特色菜", "地方菜", "特色菜"}

// Name is the place's folded name.
func (p Place) Name() string { return p.name }

// LightPlace is LightMeal on a folded restaurant (RestaurantPlace).
func LightPlace(p Place) bool {
	if len(p.labels) == 0 {
		return false
	}
	for _, f := range p.labels {
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
	return true
}

// Labelled reports whether the place has a label.
func (p Place) Labelled() bool { return len(p.labels) > 0 }

// barWords mark a bar, KTV or nightclub in the name of a restaurant
// whatever its labels. 酒馆 and 小酒馆 are not among them (in the sandbox
// most are Sichuan or Huaiyang eating houses: 淮扬小酒馆, 川菜小酒馆), nor a
// hotel's "餐厅·酒吧", a restaurant with a bar; a place labelled a bar
// (酒吧/酒馆, pub) is one by the concept table's bar cuisine.
var barWords = []string{"清吧", "ktv", "量贩式", "夜店", "夜总会", "livehouse", "音乐酒吧", "nightclub", "night club"}

var barConcept *Concept

// BarPlace reports whether a folded restaurant (RestaurantPlace) is a
// bar, pub, KTV or nightclub: the table's bar cuisine (by its labels, by
// name when it has none) or a word of barWords in its name.
func BarPlace(p Place) bool {
	if barConcept != nil && barConcept.MatchRestaurant(p) {
		return true
	}
	for _, w := range barWords {
		if strings.Contains(p.name, w) {
			return true
		}
	}
	return false
}

// hotelWords mark a hotel in the part of a restaurant's name before its
// outlet (杭州西子湖四季酒店·金沙厅, 南京金陵饭店·金海湾自助餐厅) or in its
// brackets (彩丰楼中餐厅(杭州奥克斯中心皇冠假日酒店)). 饭店 alone is no hotel:
// 德明饭店(八卦新村店) is a restaurant; before a "·" it is one.
var hotelWords = []string{"酒店", "饭店", "宾馆", "度假村", "度假", "假日", "hotel", "resort"}

// HotelOutlet returns a restaurant name's outlet (the part after the
// hotel's name, "金沙厅" of 杭州西子湖四季酒店·金沙厅) and whether it is a
// hotel's restaurant: the name before a "·" names a hotel, or its
// brackets do, or it holds 酒店 or 宾馆 before more words
// (千禧度假酒店拾溪餐厅; 咸亨酒店, a restaurant's own name, ends with it).
// A name of no hotel is returned as it is.
func HotelOutlet(name string) (string, bool) {
	if i := strings.Index(name, "·"); i > 0 {
		head := name[:i]
		for _, w := range hotelWords {
			if strings.Contains(head, w) {
				return name[i+len("·"):], true
			}
		}
	}
	if i := strings.IndexAny(name, "(（"); i > 0 {
		br := name[i:]
		for _, w := range []string{"酒店", "宾馆", "假日", "hotel"} {
			if strings.Contains(br, w) {
				return name[:i], true
			}
		}
	}
	base := withoutBranch(name)
	for _, w := range []string{"酒店", "宾馆"} {
		if i := strings.Index(base, w); i >= 0 && i+len(w) < len(base) {
			return base[i+len(w):], true
		}
	}
	return name, false
}

// buffetWords mark a buffet in a restaurant's name (a hotel's rotating
// buffet: 西湖旋转全湖景餐厅 is labelled 自助餐, 金海湾自助餐厅 named so).
var buffetWords = []string{"自助", "buffet"}

// Buffet reports whether a restaurant is a buffet: the concept table's
// buffet cuisine by its labels, or a buffet word in its name.
func Buffet(name string, cuisines []string) bool {
	for _, c := range cuisines {
		if strings.Contains(fold(c), "自助") {
			return true
		}
	}
	n := fold(name)
	for _, w := range buffetWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// loungeWords mark a hotel outlet of drinks or snacks whatever its label
// (南京涵碧楼酒店·L Bar 大堂吧 is labelled 本帮菜): a lobby bar, lounge,
// café or afternoon tea.
var loungeWords = []string{"大堂吧", "酒廊", "咖啡", "下午茶", "lounge", "café", "cafe", "coffee", "bar", "吧"}

// HotelFare reports whether a restaurant is a hotel's buffet, lobby bar,
// lounge or café: no place for the local specialties, whatever its label.
func HotelFare(name string, cuisines []string) bool {
	outlet, hotel := HotelOutlet(name)
	if !hotel {
		return false
	}
	if Buffet(name, cuisines) {
		return true
	}
	o := fold(outlet)
	for _, w := range loungeWords {
		if strings.Contains(o, w) {
			return true
		}
	}
	return false
}

// Named reports whether a restaurant name holds one of the row's own name
// words (杭帮, 金陵, 早茶…).
func (l *Local) Named(name string) bool {
	n := fold(withoutBranch(name))
	for _, w := range l.Names {
		if Contains(n, w) {
			return true
		}
	}
	return false
}
