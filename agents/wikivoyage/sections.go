package wikivoyage

import (
	"strings"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// MaxSectionRunes caps the text of one guide section; longer text is cut at
// a line break and ends with "…".
const MaxSectionRunes = 6000

// sectionDistricts is the internal name of a huge city's list of districts.
const sectionDistricts = "districts"

// section is a level-2 section of an article: its heading as plain text,
// its canonical name ("" when it is none of the guide's sections) and its
// raw body, subsections included.
type section struct {
	Heading string
	Name    string
	Body    string
}

// splitSections splits an article at its level-2 headings. Text before the
// first heading (banners, the introduction) is the lead.
func splitSections(text string, heading func(string) string) (lead string, sections []section) {
	var b strings.Builder
	cur := -1
	flush := func() {
		if cur < 0 {
			lead = b.String()
		} else {
			sections[cur].Body = b.String()
		}
		b.Reset()
	}
	for line := range strings.SplitSeq(text, "\n") {
		if level, h := headingLine(line); level == 2 {
			flush()
			h = heading(h)
			sections = append(sections, section{Heading: h, Name: sectionName(h)})
			cur = len(sections) - 1
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	flush()
	return lead, sections
}

// headingLine reports the level and raw text of a "== Heading ==" line, or
// level 0. As in MediaWiki, the level is the shorter run of "=".
func headingLine(line string) (int, string) {
	t := strings.TrimRight(line, " \t\r")
	if !strings.HasPrefix(t, "=") || !strings.HasSuffix(t, "=") {
		return 0, ""
	}
	m := headingRE.FindStringSubmatch(t)
	if m == nil {
		return 0, ""
	}
	level := min(len(m[1]), len(m[3]))
	text := m[1][level:] + m[2] + m[3][level:]
	if strings.TrimSpace(text) == "" {
		return 0, ""
	}
	return level, strings.TrimSpace(text)
}

// enSections maps English headings (lower-case) to canonical names.
var enSections = map[string]string{
	"understand": orchestrator.GuideUnderstand, "get in": orchestrator.GuideGetIn,
	"get around": orchestrator.GuideGetAround, "see": orchestrator.GuideSee,
	"see and do": orchestrator.GuideSee, "do": orchestrator.GuideDo,
	"buy": orchestrator.GuideBuy, "eat": orchestrator.GuideEat,
	"eat and drink": orchestrator.GuideEat, "drink": orchestrator.GuideDrink,
	"sleep": orchestrator.GuideSleep, "stay safe": orchestrator.GuideStaySafe,
	"stay safe and healthy": orchestrator.GuideStaySafe, "stay safe & healthy": orchestrator.GuideStaySafe,
	"districts": sectionDistricts,
}

// zhSections maps words found in Chinese headings, simplified and
// traditional, to canonical names. Order matters: the first match wins, so
// narrower words come before the broad ones ("当地交通" before "交通").
var zhSections = []struct{ word, name string }{
	{"住宿", orchestrator.GuideSleep},
	{"购物", orchestrator.GuideBuy}, {"購物", orchestrator.GuideBuy}, {"购买", orchestrator.GuideBuy}, {"購買", orchestrator.GuideBuy},
	{"安全", orchestrator.GuideStaySafe}, {"治安", orchestrator.GuideStaySafe},
	{"饮品", orchestrator.GuideDrink}, {"飲品", orchestrator.GuideDrink}, {"饮酒", orchestrator.GuideDrink}, {"飲酒", orchestrator.GuideDrink},
	{"夜生活", orchestrator.GuideDrink}, {"酒吧", orchestrator.GuideDrink},
	{"饮食", orchestrator.GuideEat}, {"飲食", orchestrator.GuideEat}, {"餐饮", orchestrator.GuideEat}, {"餐飲", orchestrator.GuideEat},
	{"美食", orchestrator.GuideEat}, {"食", orchestrator.GuideEat},
	{"观光", orchestrator.GuideSee}, {"觀光", orchestrator.GuideSee}, {"景点", orchestrator.GuideSee}, {"景點", orchestrator.GuideSee},
	{"游览", orchestrator.GuideSee}, {"遊覽", orchestrator.GuideSee}, {"名胜", orchestrator.GuideSee}, {"名勝", orchestrator.GuideSee},
	{"活动", orchestrator.GuideDo}, {"活動", orchestrator.GuideDo}, {"娱乐", orchestrator.GuideDo}, {"娛樂", orchestrator.GuideDo},
	{"抵达", orchestrator.GuideGetIn}, {"抵達", orchestrator.GuideGetIn}, {"到达", orchestrator.GuideGetIn}, {"到達", orchestrator.GuideGetIn},
	{"对外交通", orchestrator.GuideGetIn}, {"對外交通", orchestrator.GuideGetIn}, {"前往", orchestrator.GuideGetIn}, {"进入", orchestrator.GuideGetIn}, {"進入", orchestrator.GuideGetIn},
	{"周游", orchestrator.GuideGetAround}, {"周遊", orchestrator.GuideGetAround}, {"出行", orchestrator.GuideGetAround},
	{"交通", orchestrator.GuideGetAround},
	{"了解", orchestrator.GuideUnderstand}, {"瞭解", orchestrator.GuideUnderstand}, {"概况", orchestrator.GuideUnderstand},
	{"概況", orchestrator.GuideUnderstand}, {"认识", orchestrator.GuideUnderstand}, {"認識", orchestrator.GuideUnderstand},
	{"城区", sectionDistricts}, {"城區", sectionDistricts}, {"分区", sectionDistricts}, {"分區", sectionDistricts},
	{"区域", sectionDistricts}, {"區域", sectionDistricts}, {"地区", sectionDistricts}, {"地區", sectionDistricts},
}

// sectionName returns the canonical name of a heading, or "".
func sectionName(heading string) string {
	h := strings.ToLower(strings.Join(strings.Fields(heading), " "))
	h = strings.TrimRight(h, ":：")
	if n, ok := enSections[h]; ok {
		return n
	}
	for _, s := range zhSections {
		if strings.Contains(h, s.word) {
			return s.name
		}
	}
	return ""
}

// guideSections turns an article's sections into the guide's: only known
// names, in orchestrator.GuideSectionNames order, repeated names merged,
// empty ones dropped. text renders a section body.
func guideSections(sections []section, text func(string) string) []orchestrator.GuideSection {
	byName := map[string]*orchestrator.GuideSection{}
	for _, s := range sections {
		if s.Name == "" || s.Name == sectionDistricts {
			continue
		}
		t := text(s.Body)
		if t == "" {
			continue
		}
		if g, ok := byName[s.Name]; ok {
			g.Text = capText(g.Text + "\n\n" + t)
			continue
		}
		byName[s.Name] = &orchestrator.GuideSection{Name: s.Name, Heading: s.Heading, Text: capText(t)}
	}
	out := make([]orchestrator.GuideSection, 0, len(byName))
	for _, name := range orchestrator.GuideSectionNames {
		if g, ok := byName[name]; ok {
			out = append(out, *g)
		}
	}
	return out
}

// capText cuts s to MaxSectionRunes, at the last line break if one is near.
func capText(s string) string {
	if utf8.RuneCountInString(s) <= MaxSectionRunes {
		return s
	}
	r := []rune(s)[:MaxSectionRunes]
	cut := string(r)
	if i := strings.LastIndexByte(cut, '\n'); i > len(cut)/2 {
		cut = cut[:i]
	}
	return strings.TrimSpace(cut) + "…"
}

// extractText normalizes a TextExtracts plain-text section: lines trimmed,
// "=== Sub ===" markers reduced to their text, blank runs collapsed.
func extractText(s string) string {
	var b strings.Builder
	blank := true
	for line := range strings.SplitSeq(s, "\n") {
		t := strings.TrimSpace(line)
		if level, h := headingLine(t); level > 0 {
			t = h
		}
		if t == "" {
			if !blank {
				b.WriteByte('\n')
				blank = true
			}
			continue
		}
		b.WriteString(t)
		b.WriteByte('\n')
		blank = false
	}
	return strings.TrimSpace(b.String())
}
