package landmarks

import (
	"strings"
	"unicode/utf8"

	"github.com/mozillazg/go-pinyin"
)

// Romanised names. Travellers write Chinese sights in pinyin, whole or with
// the kind of place in English: 武侯祠 as "Wuhou Ci", "Wuhouci" or "Wuhou
// Shrine", 宽窄巷子 as "Kuanzhai Xiangzi", 峨眉山 as "Emei Shan", "Mount
// Emei" or "Emei Mountain". Every Chinese name of the table is read in
// pinyin (each character's usual reading) and indexed by its letters
// alone, spaces ignored, with and without an English word for its last
// character's kind (寺 Temple, 山 Mountain or Mount, 湖 Lake …). A
// romanised key that another sight's English name holds, or that two
// sights share, is not indexed; a bare reading of fewer than six letters is
// not either (such keys are words of other languages too often: sushi,
// santa).

// kindWordsEN maps the Chinese word that ends a sight's name to English
// words for its kind; lead marks words written before the name ("Mount
// Emei", "Lake Xuanwu").
var kindWordsEN = []struct {
	zh   string
	en   []string
	lead []string
}{
	{"博物馆", []string{"museum"}, nil}, {"博物院", []string{"museum"}, nil}, {"广场", []string{"square", "plaza"}, nil},
	{"公园", []string{"park"}, nil}, {"古镇", []string{"ancient town", "old town", "water town"}, nil},
	{"古城", []string{"ancient city", "old town", "old city"}, nil}, {"石窟", []string{"grottoes", "caves"}, nil},
	{"大街", []string{"street", "avenue"}, nil}, {"步行街", []string{"pedestrian street", "street"}, nil},
	{"瀑布", []string{"falls", "waterfall"}, nil}, {"寺", []string{"temple", "monastery"}, nil}, {"庙", []string{"temple"}, nil},
	{"祠", []string{"shrine", "temple"}, nil}, {"宫", []string{"palace", "temple"}, nil}, {"观", []string{"temple"}, nil},
	{"塔", []string{"pagoda", "tower"}, nil}, {"楼", []string{"tower", "pavilion"}, nil}, {"阁", []string{"pavilion", "tower"}, nil},
	{"湖", []string{"lake"}, []string{"lake"}}, {"山", []string{"mountain", "mountains", "hill"}, []string{"mount", "mt"}},
	{"峰", []string{"peak"}, nil}, {"园", []string{"garden", "gardens", "park"}, nil}, {"陵", []string{"mausoleum", "tomb", "tombs"}, nil},
	{"桥", []string{"bridge"}, nil}, {"街", []string{"street"}, nil}, {"路", []string{"road", "street"}, nil},
	{"巷", []string{"alley", "lane"}, nil}, {"胡同", []string{"hutong", "alley"}, nil}, {"门", []string{"gate"}, nil},
	{"岛", []string{"island"}, nil}, {"屿", []string{"island"}, nil}, {"洲", []string{"island"}, nil},
	{"洞", []string{"cave"}, nil}, {"江", []string{"river"}, nil}, {"河", []string{"river"}, nil},
	{"村", []string{"village"}, nil}, {"峡", []string{"gorge"}, nil}, {"谷", []string{"valley"}, nil},
	{"池", []string{"lake", "pool"}, []string{"lake"}}, {"海", []string{"lake"}, nil}, {"墙", []string{"wall"}, nil},
	{"城", []string{"city"}, nil},
}

var romanArgs = func() pinyin.Args {
	a := pinyin.NewArgs()
	a.Fallback = func(rune, pinyin.Args) []string { return nil }
	return a
}()

// maxReadings bounds the pinyin readings of one name.
const maxReadings = 4

// readings returns the pinyin of s, letters only, or nil when a character
// has none (a digit, a Latin letter).
func readings(s string) []string {
	out := []string{""}
	for _, r := range s {
		ps := pinyin.SinglePinyin(r, romanArgs)
		if len(ps) == 0 {
			return nil
		}
		var next []string
		for _, o := range out {
			for _, p := range ps {
				if len(next) < maxReadings {
					next = append(next, o+p)
				}
			}
		}
		out = dedupe(next)
	}
	return out
}

func dedupe(xs []string) []string {
	out := xs[:0]
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// RomanisedKeys returns the keys a Chinese name is written under in Latin
// letters: its pinyin, and its stem's pinyin with an English word for its
// kind after (or before) it, letters only, lower case.
func RomanisedKeys(zh string) []string {
	var out []string
	for _, p := range readings(zh) {
		if len(p) >= 6 {
			out = append(out, p)
		}
	}
	for _, k := range kindWordsEN {
		stem, ok := strings.CutSuffix(zh, k.zh)
		if !ok || utf8.RuneCountInString(stem) < 2 {
			continue
		}
		for _, p := range readings(stem) {
			for _, w := range k.en {
				out = append(out, p+strings.ReplaceAll(w, " ", ""))
			}
			for _, w := range k.lead {
				out = append(out, w+p)
			}
		}
	}
	return dedupe(out)
}

// indexRomanised adds every sight's romanised keys (see above).
func (x *Index) indexRomanised() {
	x.roman = map[string]*Sight{}
	x.romanPrefix = map[string]bool{}
	taken := map[string]bool{}
	for k := range x.words {
		taken[strings.ReplaceAll(k, " ", "")] = true
	}
	shared := map[string]bool{}
	for _, s := range x.sights {
		for _, a := range s.Aliases {
			if !hasHan(a) {
				continue
			}
			for _, k := range RomanisedKeys(a) {
				if len(k) < 5 || taken[k] {
					continue
				}
				if o := x.roman[k]; o != nil && o != s {
					shared[k] = true
				}
				x.roman[k] = s
			}
		}
	}
	for k := range shared {
		delete(x.roman, k)
	}
	for k := range x.roman {
		for i := 1; i < len(k); i++ {
			x.romanPrefix[k[:i]] = true
		}
	}
}

// Romanised returns the sight a Latin name spells in pinyin (letters
// only, lower case, spaces removed: "wuhouci", "lingyintemple"), or nil.
func (x *Index) Romanised(letters string) *Sight {
	if x == nil {
		return nil
	}
	return x.roman[letters]
}

// RomanisedPrefix reports whether letters start a romanised key.
func (x *Index) RomanisedPrefix(letters string) bool { return x != nil && x.romanPrefix[letters] }

// Pinyin returns the pinyin readings of a Chinese name (each character's
// usual readings, at most four combinations), letters only, lower case;
// nil when a character has none.
func Pinyin(zh string) []string { return readings(zh) }
