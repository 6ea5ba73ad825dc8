package brief

import (
	"slices"
	"strings"
)

// declineTailsZH and declineTailsEN, written right after a listed sight,
// drop it from the list (长城就算了, 华山不用了, "Vatican not needed");
// declineLeadsEN before it do the same ("skip Versailles").
var (
	declineTailsZH = []string{"就算了", "算了", "不用了", "就不用了", "不去了", "就不去了", "不用去", "可以不去", "不看了", "就不看了", "没兴趣", "不感兴趣", "免了", "就免了", "pass"}
	declineTailsEN = []string{"not needed", "isn't needed", "is not needed", "not necessary", "is not necessary", "can be skipped",
		"we can skip", "not a must", "is not a must", "not interested", "not for us", "no need"}
	declineLeadsEN = []string{"skip", "skipping", "skip the", "skipping the", "no need for", "no need for the", "not the", "but not", "except", "except the"}
)

// dropDeclinedInList removes from the must-see list every sight the text
// declines right after or before its name, noting it and recording it as
// declined.
func (d *doc) dropDeclinedInList(out []string) []string {
	return slices.DeleteFunc(out, func(name string) bool {
		if !d.declinedAround(name) {
			return false
		}
		d.notes = append(d.notes, "asked not to visit "+name+"; it is left out of must_visit")
		d.declined = append(d.declined, name)
		return true
	})
}

// declinedAround reports whether the name, where written, is followed by
// a decline tail or preceded by a decline lead.
func (d *doc) declinedAround(name string) bool {
	if k := strings.Index(d.clean, name); k >= 0 {
		after := strings.TrimLeft(d.clean[k+len(name):], " ，,")
		if hasPrefixAny(after, declineTailsZH...) {
			return true
		}
	}
	if !d.hasLatin {
		return false
	}
	low := strings.ToLower(name)
	k := strings.Index(d.low, low)
	if k < 0 {
		return false
	}
	after := strings.TrimLeft(d.low[k+len(low):], " ")
	after = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(after, "is "), "are "), " ")
	for _, t := range declineTailsEN {
		if strings.HasPrefix(after, t) && (len(after) == len(t) || !isASCIILetter(after[len(t)])) {
			return true
		}
	}
	before := " " + strings.TrimRight(d.low[:k], " ")
	for _, l := range declineLeadsEN {
		if strings.HasSuffix(before, " "+l) {
			return true
		}
	}
	return false
}

// areaToSightCuesZH join a general area to the sight of it that is asked
// for (苏州园林必须看拙政园, 西湖一定要去苏堤, 故宫里的珍宝馆): the area is the
// topic, the sight the wish.
var areaToSightCuesZH = []string{"必须看", "必须去", "一定要看", "一定要去", "必看", "必去", "只看", "主要看", "主要去", "就看", "尤其是", "特别是", "里面的", "里的", "中的"}

// dropAreasOfSights removes from the list every name written right before
// an area-to-sight cue and another name of the list, keeping the sight.
func (d *doc) dropAreasOfSights(out []string) []string {
	if !d.hasHanText || len(out) < 2 {
		return out
	}
	return slices.DeleteFunc(out, func(area string) bool {
		k := strings.Index(d.clean, area)
		if k < 0 {
			return false
		}
		after := strings.TrimLeft(d.clean[k+len(area):], "，, ")
		cue := prefixAny(after, areaToSightCuesZH)
		if cue == "" {
			return false
		}
		after = after[len(cue):]
		return slices.ContainsFunc(out, func(s string) bool { return s != area && strings.HasPrefix(after, s) })
	})
}
