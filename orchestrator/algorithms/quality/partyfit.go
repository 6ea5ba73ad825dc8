package quality

import (
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// Party fit of sights. A strenuous sight (a mountain forest, a canyon, a
// plank-road or a hike, rafting) or a water park does not fit older
// travellers (the brief parser gives a party taking parents or
// grandparents along a relaxed pace, the only sign of them a brief
// carries) nor a small child (under SmallChildAge); a child under
// GentleChildAge ends no visit after KidsLatest. The traveller asking for
// the sight (must-see, or an interest it meets) overrides. Reasoning in
// docs/plan-quality.md.
const (
	SmallChildAge = 7
	KidsLatest    = 21 * 60
)

// strenuousWords mark a strenuous sight by name: national and primeval
// forest parks are mountains (北京西山国家森林公园, 仙女山国家森林公园), a city
// forest park (奥林匹克森林公园) is a flat park and is not one.
var strenuousWords = []string{"国家森林公园", "原始森林", "峡谷", "栈道", "徒步", "登山", "爬山", "攀岩", "漂流", "hiking", "trek", "rafting", "climbing"}

// waterParkWords mark a water park by name.
var waterParkWords = []string{"水上乐园", "水世界", "水公园", "冲浪", "water park", "waterpark"}

// UnfitSight says why a sight does not fit the brief's party, or "": a
// strenuous sight or a water park for a relaxed (older) party or a child
// under SmallChildAge.
func UnfitSight(b *orchestrator.Brief, name string) string {
	if !FitMatters(b) {
		return ""
	}
	low := strings.ToLower(name)
	switch {
	case hasAny(low, waterParkWords):
		return "a water park"
	case hasAny(low, strenuousWords):
		return "a strenuous hike"
	}
	return ""
}

// FitMatters reports whether UnfitSight may find a sight unfit for the
// brief's party: a relaxed (older) party or a child under SmallChildAge.
func FitMatters(b *orchestrator.Brief) bool {
	return b != nil && (b.Pace == "relaxed" || smallChild(b.Travelers))
}

// smallChild reports a child under SmallChildAge (a child whose age is
// not given counts as one).
func smallChild(t orchestrator.Travelers) bool {
	for _, a := range t.ChildAges {
		if a < SmallChildAge {
			return true
		}
	}
	return t.Children > len(t.ChildAges)
}

// KidsHours reports whether the party has a child under GentleChildAge,
// whose day ends by KidsLatest.
func KidsHours(b *orchestrator.Brief) bool {
	if b == nil {
		return false
	}
	for _, a := range b.Travelers.ChildAges {
		if a < GentleChildAge {
			return true
		}
	}
	return b.Travelers.Children > len(b.Travelers.ChildAges)
}
