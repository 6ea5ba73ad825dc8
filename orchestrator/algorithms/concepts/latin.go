package concepts

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mozillazg/go-pinyin"
)

// Must-see names in Latin letters against catalogs in Chinese. Beyond the
// landmarks the table names, most sights are written in English the way
// Chinese spells them: the name in pinyin and the kind of place in English
// ("Guiyuan Temple" 归元寺, "Wuhou Shrine" 武侯祠, "Ciqikou Ancient Town"
// 磁器口古镇, "Hongyadong" 洪崖洞). resolvePinyin reads such a name as a
// pinyin stem and an English sight word, and finds the catalog name whose
// first characters read as the stem (any reading of a character with
// several) and whose rest is that kind of place.

// sightWordsZH maps English sight words (the end of a name) to the Chinese
// words that end the same kind of place, longest English phrases first.
var sightWordsZH = []struct {
	en string
	zh []string
}{
	{"ancient town", []string{"古镇", "古城"}}, {"old town", []string{"古镇", "古城", "老街"}}, {"water town", []string{"古镇", "水乡"}},
	{"ancient city", []string{"古城"}}, {"former residence", []string{"故居"}}, {"memorial hall", []string{"纪念馆"}},
	{"pedestrian street", []string{"步行街", "街"}}, {"ancient street", []string{"古街", "老街", "街"}}, {"old street", []string{"老街", "古街", "街"}},
	{"scenic area", []string{"景区", "风景区", "风景名胜区"}}, {"national park", []string{"公园", "国家公园"}},
	{"forest park", []string{"森林公园"}}, {"wetland park", []string{"湿地公园", "湿地"}}, {"night market", []string{"夜市"}},
	{"temple", []string{"寺", "庙", "宫", "观", "祠", "庵"}}, {"monastery", []string{"寺", "院"}}, {"shrine", []string{"祠", "庙"}},
	{"pagoda", []string{"塔"}}, {"tower", []string{"塔", "楼", "阁"}}, {"pavilion", []string{"阁", "亭", "楼"}},
	{"lake", []string{"湖"}}, {"mountain", []string{"山", "峰"}}, {"mount", []string{"山"}}, {"hill", []string{"山", "丘"}},
	{"peak", []string{"峰", "山"}}, {"mausoleum", []string{"陵", "墓"}}, {"tomb", []string{"墓", "陵"}}, {"tombs", []string{"陵", "墓"}},
	{"garden", []string{"园"}}, {"gardens", []string{"园"}}, {"palace", []string{"宫", "府"}}, {"mansion", []string{"府", "馆"}},
	{"street", []string{"街", "路"}}, {"road", []string{"路", "街"}}, {"alley", []string{"巷", "胡同"}}, {"lane", []string{"巷", "里", "胡同"}},
	{"hutong", []string{"胡同"}}, {"museum", []string{"博物馆", "博物院", "纪念馆"}}, {"park", []string{"公园", "园"}},
	{"bridge", []string{"桥"}}, {"cave", []string{"洞", "窟"}}, {"caves", []string{"洞", "窟"}}, {"grottoes", []string{"窟", "石窟"}},
	{"island", []string{"岛", "洲"}}, {"square", []string{"广场"}}, {"gate", []string{"门"}}, {"river", []string{"江", "河"}},
	{"village", []string{"村", "寨"}}, {"gorge", []string{"峡"}}, {"gorges", []string{"峡"}}, {"canyon", []string{"峡", "谷"}},
	{"valley", []string{"谷", "沟"}}, {"waterfall", []string{"瀑布"}}, {"falls", []string{"瀑布"}}, {"zoo", []string{"动物园"}},
	{"wall", []string{"城墙", "长城"}}, {"beach", []string{"沙滩", "海滩", "滩", "沙", "海滨"}}, {"wetland", []string{"湿地"}},
	{"ancestral hall", []string{"祠", "祠堂"}}, {"hall", []string{"堂", "馆", "殿", "厅"}}, {"cathedral", []string{"教堂", "大教堂"}},
	{"church", []string{"教堂"}}, {"station", []string{"站"}}, {"university", []string{"大学"}}, {"site", []string{"遗址"}},
	{"ruins", []string{"遗址"}}, {"carvings", []string{"石刻"}}, {"cableway", []string{"索道"}}, {"cable car", []string{"索道", "缆车"}},
	{"scenic spot", []string{"景区", "风景区"}}, {"resort", []string{"度假区", "度假村"}}, {"forest", []string{"森林", "林"}},
}

// leadWords name the kind of place before the name ("Mount Qingcheng" 青城山,
// "Lake Tai" 太湖).
var leadWords = map[string][]string{"mount": {"山"}, "mt": {"山"}, "lake": {"湖"}}

var pinyinArgs = func() pinyin.Args {
	a := pinyin.NewArgs()
	a.Heteronym = true
	a.Fallback = func(rune, pinyin.Args) []string { return nil }
	return a
}()

// latinWords splits a Latin name into lower-case words of letters only
// ("Yat-sen" → "yatsen").
func latinWords(s string) []string {
	var out []string
	for _, f := range strings.Fields(strings.ToLower(s)) {
		var b strings.Builder
		for _, r := range f {
			if r >= 'a' && r <= 'z' {
				b.WriteRune(r)
			} else if r > unicode.MaxASCII && unicode.IsLetter(r) {
				return nil // not plain Latin
			}
		}
		if b.Len() > 0 {
			out = append(out, b.String())
		}
	}
	return out
}

// resolvePinyin returns the candidate a Latin name spells in pinyin, or -1.
func resolvePinyin(query string, cands []Candidate) int {
	if hasHan(query) {
		return -1
	}
	words := latinWords(query)
	if len(words) > 0 && words[0] == "the" {
		words = words[1:]
	}
	var kinds []string
	for _, sw := range sightWordsZH {
		en := strings.Fields(sw.en)
		if len(words) > len(en) && equalWords(words[len(words)-len(en):], en) {
			words, kinds = words[:len(words)-len(en)], sw.zh
			break
		}
	}
	if len(kinds) == 0 && len(words) > 1 {
		if k, ok := leadWords[words[0]]; ok {
			words, kinds = words[1:], k
		}
	}
	stem := strings.Join(words, "")
	if len(stem) < 4 || len(kinds) == 0 && len(stem) < 6 {
		// too short to trust, or, with no word for the kind of place,
		// shorter than a two-syllable name (Tongli, Lingyin)
		return -1
	}
	type hit struct {
		i, rest int
		pop     float64
	}
	var hits []hit
	for i, c := range cands {
		name := []rune(strings.TrimSpace(c.Name))
		for _, k := range stemLengths(stem, name) {
			rest := string(name[k:])
			if !kindFits(rest, kinds) {
				continue
			}
			hits = append(hits, hit{i, utf8.RuneCountInString(rest), c.Popularity})
			break
		}
	}
	if len(hits) == 0 {
		return -1
	}
	sort.SliceStable(hits, func(a, b int) bool {
		x, y := hits[a], hits[b]
		if x.rest != y.rest {
			return x.rest < y.rest
		}
		if x.pop != y.pop {
			return x.pop > y.pop
		}
		return x.i < y.i
	})
	return hits[0].i
}

func equalWords(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// kindFits reports whether the rest of a name after its pinyin stem is the
// kind of place the English sight word says: it starts or ends with one of
// kinds, or, with no sight word, it is empty or a site suffix.
func kindFits(rest string, kinds []string) bool {
	rest = strings.TrimSpace(rest)
	if i := strings.IndexAny(rest, "(（"); i >= 0 {
		rest = strings.TrimSpace(rest[:i])
	}
	if len(kinds) == 0 {
		if rest == "" {
			return true
		}
		for _, s := range siteSuffixes {
			if rest == strings.TrimSpace(s) {
				return true
			}
		}
		// A bare name stands for the sight it heads when the rest of the
		// catalog name is only the kind of place (Mutianyu 慕田峪长城,
		// Lingyin 灵隐寺, Tongli 同里古镇).
		return slices.Contains(formalSuffixes, rest)
	}
	if rest == "" {
		return true // the English word adds what the name leaves out (Shamian Island 沙面)
	}
	for _, k := range kinds {
		if strings.HasPrefix(rest, k) || strings.HasSuffix(rest, k) {
			return true
		}
	}
	return false
}

// stemLengths returns every k ≥ 2 such that the first k characters of name
// can read as stem in pinyin, shortest first.
func stemLengths(stem string, name []rune) []int {
	var out []int
	var walk func(pos, k int)
	walk = func(pos, k int) {
		if pos == len(stem) {
			if k >= 2 {
				out = append(out, k)
			}
			return
		}
		if k >= len(name) || len(out) > 0 {
			return
		}
		for _, py := range pinyin.SinglePinyin(name[k], pinyinArgs) {
			if py != "" && strings.HasPrefix(stem[pos:], py) {
				walk(pos+len(py), k+1)
			}
		}
	}
	walk(0, 0)
	return out
}
