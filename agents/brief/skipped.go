package brief

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// skipped returns the words that look like facts but that no rule placed:
// capitalised English words (in text that mixes cases) that are neither a
// place, a sight, a month nor a known word, and Chinese names after 去/到
// that are no city the gazetteer knows. The parser reports them in a note
// instead of dropping them silently.
func (d *doc) skipped(mustVisit []string, dests []string) []string {
	var out []string
	add := func(w string) {
		if !slices.Contains(out, w) && len(out) < 8 {
			out = append(out, w)
		}
	}
	known := func(w string) bool {
		for _, m := range mustVisit {
			if strings.Contains(m, w) {
				return true
			}
			if lead, ok := strings.CutSuffix(w, m); ok && utf8.RuneCountInString(lead) == 1 && strings.Contains("爬登看逛游玩去", lead) {
				return true // 爬黄山: a verb before a sight read
			}
		}
		for _, m := range d.foodsRead {
			if strings.Contains(m, w) || strings.Contains(w, m) {
				return true
			}
		}
		for _, m := range d.eventsRead {
			if containsFold(m, w) {
				return true
			}
		}
		for _, m := range d.declined {
			if strings.Contains(m, w) {
				return true
			}
		}
		for _, n := range dests {
			if strings.EqualFold(n, w) {
				return true
			}
		}
		return false
	}
	if d.hasLatin && d.mixedCase {
		for i := range d.toks {
			t := &d.toks[i]
			if t.kind != tWord || !t.cap || t.allCaps && len(t.text) <= 3 || d.inPlace(t.start) || i == 0 || d.inDish(t.start, t.end) {
				continue
			}
			if p := d.toks[i-1]; p.kind == tPunct && strings.ContainsAny(p.text, ".!?:;\"(") {
				continue // a sentence starts
			}
			if _, ok := monthNames[t.low]; ok || stopPlaceWords[t.low] || englishNumbers[t.low] > 0 || t.low == "i" || t.low == "i'm" || t.low == "i'd" || t.low == "i'll" {
				continue
			}
			if _, ok := weekdayNames[t.low]; ok || known(t.text) || commonCapitalised[t.low] {
				continue
			}
			add(t.text)
		}
	}
	if d.hasHanText {
		afterCues(d.clean, []string{"去", "到", "前往"}, func(cue string, j int) bool {
			if d.inPlace(j) || negatedZH(d.clean, j) || cue == "去" && !bareGoZH(d.clean, j-len(cue)) {
				return false
			}
			name, n := hanNameAt(d.clean, j, "这那哪里趟次吧呀啊时")
			if n < 2 || n > 5 || d.inPlace(j+len(name)) || isWishWord(name) || known(name) || zhFunctionWords[name] {
				return false
			}
			add(name)
			return false
		})
		// what the request wants to see or eat: 看兵马俑, 想吃盐水鸭
		afterCues(d.clean, []string{"看", "吃", "尝"}, func(cue string, j int) bool {
			if hasSuffixAny(d.clean[:j-len(cue)], "看", "好", "难", "小", "零", "不") || strings.HasPrefix(d.clean[j:], "看") || negatedZH(d.clean, j) || d.inPlace(j) {
				return false // 看看, 好吃, 小吃, 不吃
			}
			name, n := hanNameAt(d.clean, j, "这那哪里趟次吧呀啊时的个点些饭了着过到")
			if n < 2 || n > 5 || known(name) || d.termAt(j, j+len(name)) {
				return false
			}
			add(name)
			return false
		})
	}
	return out
}

// termAt reports whether a phrase of the interest, cuisine or pace
// tables lies inside [start, end): a word the brief already holds.
func (d *doc) termAt(start, end int) bool {
	for _, lx := range []*lexicon{interestLex, cuisineLex, paceLex} {
		for _, h := range lx.scan(d) {
			if h.start < end && h.end > start {
				return true
			}
		}
	}
	return false
}

// commonCapitalised are words capitalised in English requests that carry
// no fact of their own.
var commonCapitalised = map[string]bool{"please": true, "hi": true, "hello": true, "thanks": true, "we": true, "my": true, "our": true,
	"the": true, "a": true, "an": true, "can": true, "could": true, "would": true, "should": true, "help": true, "plan": true, "looking": true,
	"any": true, "also": true, "and": true, "but": true, "what": true, "how": true, "is": true, "are": true, "it": true, "this": true,
	"trip": true, "travel": true, "budget": true, "must": true, "see": true, "visit": true, "day": true, "days": true, "airbnb": true,
	"uber": true, "disney": true, "disneyland": true, "christmas": true, "easter": true, "thanksgiving": true, "new": true, "year": true,
	"chinese": true, "japanese": true, "italian": true, "french": true, "american": true, "mexican": true, "indian": true, "thai": true,
	"korean": true, "spanish": true, "greek": true, "vietnamese": true, "mediterranean": true, "cantonese": true, "sichuan": true,
	"national": true, "golden": true, "week": true, "festival": true, "spring": true, "summer": true, "autumn": true, "fall": true,
	"winter": true, "holiday": true, "day's": true, "let's": true, "don't": true, "no": true, "not": true, "with": true, "for": true,
	"from": true, "to": true, "in": true, "on": true, "at": true, "by": true, "of": true, "or": true, "so": true, "if": true, "me": true,
	"you": true, "year's": true, "eve": true, "i'd": true, "we're": true, "we'll": true, "us": true, "your": true, "thank": true, "dear": true, "ok": true, "okay": true}

// zhFunctionWords are words that follow 去/到 without naming a place.
var zhFunctionWords = map[string]bool{"哪儿": true, "哪里": true, "外面": true, "外地": true, "国外": true, "南方": true, "北方": true,
	"那边": true, "这边": true, "附近": true, "周边": true, "郊区": true, "乡下": true, "山上": true, "景点": true, "酒店": true,
	"机场": true, "车站": true, "高铁站": true, "火车站": true, "达": true, "底": true, "位": true, "处": true, "时候": true}
