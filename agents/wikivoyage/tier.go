package wikivoyage

import (
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// tieredTypes are the listing types whose sub-sections Wikivoyage splits by
// price (Eat, Drink and Sleep); listings of other types get no tier.
var tieredTypes = map[string]bool{
	orchestrator.ListingEat: true, orchestrator.ListingDrink: true, orchestrator.ListingSleep: true,
}

// tierWords maps words found in sub-section headings to price tiers. Order
// matters: the first match wins, so "mid-range" is tried before "budget"
// words and "inexpensive" before "expensive". English headings are matched
// lower-cased with hyphens as spaces; Chinese ones in both scripts.
var tierWords = []struct{ word, tier string }{
	{"mid range", orchestrator.TierMidrange}, {"midrange", orchestrator.TierMidrange},
	{"mid price", orchestrator.TierMidrange}, {"moderate", orchestrator.TierMidrange},
	{"中档", orchestrator.TierMidrange}, {"中檔", orchestrator.TierMidrange},
	{"中等", orchestrator.TierMidrange}, {"中价", orchestrator.TierMidrange}, {"中價", orchestrator.TierMidrange},
	{"中级", orchestrator.TierMidrange}, {"中級", orchestrator.TierMidrange},

	{"budget", orchestrator.TierBudget}, {"cheap", orchestrator.TierBudget},
	{"inexpensive", orchestrator.TierBudget}, {"low cost", orchestrator.TierBudget},
	{"经济", orchestrator.TierBudget}, {"經濟", orchestrator.TierBudget},
	{"平价", orchestrator.TierBudget}, {"平價", orchestrator.TierBudget},
	{"便宜", orchestrator.TierBudget}, {"廉价", orchestrator.TierBudget}, {"廉價", orchestrator.TierBudget},
	{"实惠", orchestrator.TierBudget}, {"實惠", orchestrator.TierBudget},

	{"splurge", orchestrator.TierSplurge}, {"luxury", orchestrator.TierSplurge},
	{"upscale", orchestrator.TierSplurge}, {"high end", orchestrator.TierSplurge},
	{"top end", orchestrator.TierSplurge}, {"expensive", orchestrator.TierSplurge},
	{"fine dining", orchestrator.TierSplurge}, {"deluxe", orchestrator.TierSplurge},
	{"高档", orchestrator.TierSplurge}, {"高檔", orchestrator.TierSplurge},
	{"豪华", orchestrator.TierSplurge}, {"豪華", orchestrator.TierSplurge},
	{"奢华", orchestrator.TierSplurge}, {"奢華", orchestrator.TierSplurge},
	{"高级", orchestrator.TierSplurge}, {"高級", orchestrator.TierSplurge}, {"高端", orchestrator.TierSplurge},
}

// tierFold makes hyphens, dashes and underscores spaces.
var tierFold = strings.NewReplacer("-", " ", "_", " ", "–", " ")

// HeadingTier returns the price tier a sub-section heading names
// ("Budget", "Mid-range", "Splurge", "Luxury", "经济型", "中档", "高档"…), or
// "" when it names none.
func HeadingTier(heading string) string {
	h := tierFold.Replace(strings.ToLower(heading))
	if strings.Contains(h, "  ") || strings.ContainsAny(h, "\t\n") {
		h = strings.Join(strings.Fields(h), " ")
	}
	for _, w := range tierWords {
		if strings.Contains(h, w.word) {
			return w.tier
		}
	}
	return ""
}

// tierMarks are the headings of a piece of wikitext as (offset, tier)
// changes: tierAt answers which tier is in force at an offset. A heading
// opens a tier for its level and closes those of its level and deeper, so
// "===Budget===" then "====Hostels====" stays budget while a following
// "===Mid-range===" switches.
type tierMarks struct {
	at    []int
	tiers []string
}

// headingTiers finds the heading lines of s that start inside its text
// nodes (not inside templates) and the tier in force after each.
func headingTiers(s string, nodes []node) tierMarks {
	var m tierMarks
	var open [7]string // open tier per heading level
	for _, n := range nodes {
		if n.kind != textNode {
			continue
		}
		for i := n.start; i < n.end; i++ {
			if s[i] != '=' || (i > 0 && s[i-1] != '\n') {
				continue
			}
			line := s[i:]
			if j := strings.IndexByte(line, '\n'); j >= 0 {
				line = line[:j]
			}
			level, h := headingLine(line)
			if level == 0 {
				continue
			}
			for l := level; l < len(open); l++ {
				open[l] = ""
			}
			if level > 2 { // a section heading names no tier
				open[level] = HeadingTier(inlineText(h))
			}
			tier := ""
			for _, t := range open {
				if t != "" {
					tier = t
					break
				}
			}
			m.at = append(m.at, i)
			m.tiers = append(m.tiers, tier)
		}
	}
	return m
}

// tierCursor walks tierMarks forward: at answers for non-decreasing
// offsets in amortized constant time.
type tierCursor struct {
	m    tierMarks
	next int
	tier string
}

// at returns the tier in force at offset pos; pos must not decrease between
// calls.
func (c *tierCursor) at(pos int) string {
	for c.next < len(c.m.at) && c.m.at[c.next] <= pos {
		c.tier = c.m.tiers[c.next]
		c.next++
	}
	return c.tier
}
