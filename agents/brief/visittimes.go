package brief

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// visitWord is a time-of-day word and the orchestrator.VisitWhens value it
// asks for.
type visitWord struct {
	word, when string
}

// visitWordsZH are Chinese time-of-day words; longer words first, so that
// 一大早 is not read as 早上 nor 夜景 as 晚上.
var visitWordsZH = []visitWord{
	{"看日出", "sunrise"}, {"日出", "sunrise"}, {"天亮前", "sunrise"}, {"凌晨", "sunrise"},
	{"一大早", "early morning"}, {"一早", "early morning"}, {"清晨", "early morning"}, {"大清早", "early morning"},
	{"早起", "early morning"}, {"开门就", "early morning"}, {"趁早", "early morning"}, {"早点去", "early morning"},
	{"上午", "morning"}, {"早上", "morning"}, {"早晨", "morning"},
	{"中午", "afternoon"}, {"下午", "afternoon"}, {"午后", "afternoon"},
	{"看日落", "sunset"}, {"日落", "sunset"}, {"夕阳", "sunset"}, {"落日", "sunset"}, {"黄昏", "sunset"}, {"晚霞", "sunset"},
	{"傍晚", "evening"}, {"晚上", "evening"}, {"晚饭后", "evening"}, {"吃完晚饭", "evening"},
	{"夜景", "night"}, {"夜游", "night"}, {"夜里", "night"}, {"夜晚", "night"}, {"夜间", "night"}, {"入夜", "night"},
	{"灯光秀", "night"}, {"亮灯", "night"}, {"夜市", "night"}, {"半夜", "night"},
}

// visitWordsEN are English time-of-day phrases, matched as whole words.
var visitWordsEN = []visitWord{
	{"at sunrise", "sunrise"}, {"for sunrise", "sunrise"}, {"sunrise", "sunrise"}, {"at dawn", "sunrise"}, {"dawn", "sunrise"},
	{"first thing in the morning", "early morning"}, {"early in the morning", "early morning"}, {"early morning", "early morning"},
	{"first thing", "early morning"}, {"at opening time", "early morning"}, {"at opening", "early morning"}, {"right when it opens", "early morning"},
	{"before the crowds", "early morning"}, {"at 8am", "early morning"}, {"early", "early morning"},
	{"in the morning", "morning"}, {"morning", "morning"}, {"mornings", "morning"},
	{"in the afternoon", "afternoon"}, {"afternoon", "afternoon"}, {"after lunch", "afternoon"},
	{"at sunset", "sunset"}, {"for sunset", "sunset"}, {"sunset", "sunset"}, {"at dusk", "sunset"}, {"dusk", "sunset"},
	{"golden hour", "sunset"},
	{"in the evening", "evening"}, {"evening", "evening"}, {"after dinner", "evening"},
	{"at night", "night"}, {"by night", "night"}, {"night view", "night"}, {"night views", "night"}, {"nighttime", "night"},
	{"night-time", "night"}, {"after dark", "night"}, {"lit up", "night"}, {"at nighttime", "night"},
}

// visitSpan is a span of the text and what it names.
type visitSpan struct {
	s, e int
	name string // a must-see sight, or a VisitWhens value
}

// visitTimes reads the time of day asked for at each must-see sight
// ("故宫一早去", "the Bund at night", 看泰山日出, "sunset at Oia", 外滩夜景):
// a time-of-day word belongs to the nearest must-see sight named in the
// same clause (commas, full stops and semicolons end a clause). A sight
// gets one time, the first the text gives it; the list keeps must_visit's
// order.
func (d *doc) visitTimes(must []string) []orchestrator.VisitTime {
	if len(must) == 0 {
		return nil
	}
	var sights []visitSpan
	for _, m := range must {
		for _, k := range d.allPos(m) {
			sights = append(sights, visitSpan{k, k + len(m), m})
		}
	}
	if len(sights) == 0 {
		return nil
	}
	whens := d.visitWordSpans(sights)
	got := map[string]string{}
	for _, w := range whens {
		best, bestDist := "", -1
		for _, s := range sights {
			if clauseBreak(d.clean, min(s.e, w.e), max(s.s, w.s)) || overlaps(s, w) {
				continue
			}
			dist := max(s.s-w.e, w.s-s.e)
			if bestDist < 0 || dist < bestDist {
				best, bestDist = s.name, dist
			}
		}
		if best == "" {
			best = d.timeClauseOf(sights, w)
		}
		if best != "" && got[best] == "" {
			got[best] = w.name
		}
	}
	var out []orchestrator.VisitTime
	for _, m := range must {
		if w := got[m]; w != "" {
			out = append(out, orchestrator.VisitTime{Sight: m, When: w})
		}
	}
	return out
}

// timeClauseOf returns the sight of the clause just before a clause that
// is only the time-of-day word w (想去爬黄山，看日出: the sunrise is 黄山's),
// or "".
func (d *doc) timeClauseOf(sights []visitSpan, w visitSpan) string {
	rest := d.clean[w.e:]
	if r, _ := utf8.DecodeRuneInString(rest); rest != "" && !strings.ContainsRune(",.;!?，。；！？\n", r) {
		return "" // the clause goes on: 看日出的地方
	}
	best := ""
	for _, s := range sights {
		if s.e <= w.s && strings.Trim(d.clean[s.e:w.s], " ，,再然后顺便去") == "" && strings.ContainsAny(d.clean[s.e:w.s], "，,") {
			best = s.name
		}
	}
	return best
}

// allPos returns every offset of a must-see name in the text (as written,
// else case-folded).
func (d *doc) allPos(n string) []int {
	if n == "" {
		return nil
	}
	hay, needle := d.clean, n
	if !strings.Contains(hay, needle) {
		hay, needle = d.low, strings.ToLower(n)
	}
	var out []int
	for k := 0; k <= len(hay)-len(needle); {
		i := strings.Index(hay[k:], needle)
		if i < 0 {
			break
		}
		out = append(out, k+i)
		k += i + len(needle)
	}
	return out
}

// visitWordSpans finds the time-of-day words of the text outside the
// sights' names (日出 is no time inside a sight called 日出印象), negated
// ones left out ("not at night", 不要晚上).
func (d *doc) visitWordSpans(sights []visitSpan) []visitSpan {
	var out []visitSpan
	taken := func(s, e int) bool {
		for _, x := range sights {
			if s < x.e && e > x.s {
				return true
			}
		}
		for _, x := range out {
			if s < x.e && e > x.s {
				return true
			}
		}
		return false
	}
	if d.hasHanText {
		for _, w := range visitWordsZH {
			for k := 0; ; {
				i := strings.Index(d.clean[k:], w.word)
				if i < 0 {
					break
				}
				s, e := k+i, k+i+len(w.word)
				k = e
				if !taken(s, e) && !negatedZH(d.clean, s) {
					out = append(out, visitSpan{s, e, w.when})
				}
			}
		}
	}
	if d.hasLatin {
		for _, w := range visitWordsEN {
			for _, k := range d.findEN(w.word) {
				e := k + len(w.word)
				if !taken(k, e) && !negatedEN(d, k) && !d.visitWordEN(k, e) {
					out = append(out, visitSpan{k, e, w.when})
				}
			}
		}
	}
	return out
}

// visitWordEN reports whether the English word at [s, e) is no time of day
// for a visit: a count of nights or evenings ("2 nights", "every
// morning"), a night's stay ("night train", "night in"), or "early" that
// qualifies a month or a flight ("early May", "early flight").
func (d *doc) visitWordEN(s, e int) bool {
	before := strings.TrimRight(d.low[:s], " ")
	after := strings.TrimLeft(d.low[e:], " ")
	w := d.low[s:e]
	if hasSuffixAny(before, " every", " each", " per", " last") && !strings.HasPrefix(w, "at ") && !strings.HasPrefix(w, "in ") {
		return true
	}
	switch w {
	case "early":
		return !hasPrefixWord(after, "visit", "start", "entry", "entrance", "slot", "to", "before", "so", "and", "") && !strings.HasPrefix(after, ",") && !strings.HasPrefix(after, ".")
	case "morning", "mornings", "evening", "afternoon":
		return hasPrefixWord(after, "flight", "flights", "train", "departure", "arrival")
	}
	return false
}

// hasPrefixWord reports whether s starts with one of the words as a whole
// word ("" matches the end of s).
func hasPrefixWord(s string, ws ...string) bool {
	for _, w := range ws {
		if w == "" {
			if s == "" {
				return true
			}
			continue
		}
		if strings.HasPrefix(s, w) && (len(s) == len(w) || !isWordByte(s[len(w)])) {
			return true
		}
	}
	return false
}

// clauseBreak reports whether text[a:b] holds a clause break: a comma,
// full stop, semicolon, exclamation or question mark, Chinese or English,
// or a line break.
func clauseBreak(text string, a, b int) bool {
	if a >= b {
		return false
	}
	for _, r := range text[a:b] {
		switch r {
		case ',', '.', ';', '!', '?', '\n', '，', '。', '；', '！', '？', '、':
			return true
		}
	}
	return false
}

// overlaps reports whether two spans share a byte.
func overlaps(a, b visitSpan) bool { return a.s < b.e && b.s < a.e }

// trimVisitWords cuts a Chinese time-of-day word off the end of a must-see
// name (陆家嘴夜景 → 陆家嘴, 泰山日出 → 泰山): the sight is the place, the
// time of day is its visit time (see visitTimes).
func trimVisitWords(must []string) []string {
	for i, m := range must {
		if hasSuffixAny(m, "夜市", "夜游") && sightIndex().IsName(m) {
			continue // 士林夜市 is the market's own name, 两江夜游 the cruise's: kept whole
		}
		for _, w := range visitWordsZH {
			if rest, ok := strings.CutSuffix(m, w.word); ok && utf8.RuneCountInString(rest) >= 2 && !slices.Contains(must, rest) {
				must[i] = rest
				break
			}
		}
	}
	return must
}

// listHeadsZH are words that head a list of sights after a cue (打卡清单：…,
// 必去景点有…, 一定要去的地方包括…): no sight, cut off the first name.
var listHeadsZH = []string{"景点有", "景点是", "景点包括", "地方有", "地方是", "地方包括", "的有", "包括", "清单", "列表", "景点", "地方"}

// strayLeadsZH are adverbs and connectives a list item can start with
// (顺便打卡…, 然后去…, 再看…): no part of a name.
var strayLeadsZH = []string{"顺便", "顺路", "顺道", "然后", "另外", "还要", "还想", "也要", "也想", "一定", "必须", "最好", "有空", "有时间",
	"如果有时间", "再去", "再", "还有", "以及", "并且", "而且", "都要", "都想", "一起", "尤其是", "特别是", "比如", "例如"}

// trimListHeads drops the list heads read as sights and cuts them off the
// front of the first name (景点有兵马俑 → 兵马俑).
func trimListHeads(must []string) []string {
	out := must[:0]
	for _, m := range must {
		for {
			w := prefixAny(m, strayLeadsZH)
			if w == "" || utf8.RuneCountInString(m)-utf8.RuneCountInString(w) < 2 {
				break
			}
			m = m[len(w):] // 顺便宽窄巷子 → 宽窄巷子
		}
		if slices.Contains(strayLeadsZH, m) {
			continue // 顺便 alone: no sight
		}
		for _, h := range listHeadsZH {
			if rest, ok := strings.CutPrefix(m, h); ok {
				m = strings.TrimLeft(rest, "：:")
				break
			}
		}
		if utf8.RuneCountInString(m) >= 2 || m != "" && !isHan(firstRune(m)) {
			out = append(out, m)
		}
	}
	return out
}
