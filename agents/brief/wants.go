package brief

import (
	"slices"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// comfortTerms steer the price tier (orchestrator.Tiers).
var comfortTerms = []term{
	{"comfort", []string{"舒服点", "舒服一点", "舒服些", "舒适", "住好点", "住好一点", "好一点的酒店", "好点的酒店", "豪华", "高档", "奢华", "五星", "高端", "享受型", "品质游", "不差钱", "奢侈", "轻奢", "住好的", "住得好一点", "住得好点", "住得好些", "住得舒服", "住宿好一点", "好一点的住宿", "好点的住宿", "豪华酒店", "精品酒店", "度假酒店",
		// round 6
		"住得好", "住好些", "住好", "酒店好一点", "酒店好点", "酒店要好", "住五星", "住豪华", "住高档", "住贵一点", "贵点没关系", "不在乎钱", "预算充足", "预算充裕"},
		[]string{"comfortable", "comfort", "luxury", "luxurious", "upscale", "high-end", "high end", "splurge", "five-star", "5-star", "five star", "premium", "nice hotels", "nicer hotel", "nice hotel", "splurge on", "boutique hotel", "boutique hotels", "deluxe", "lavish", "4-star", "four-star", "four star",
			// round 6: hotel-tier words travellers write
			"fancy hotel", "fancy hotels", "fancy hotels", "fancy stay", "fancy place", "posh hotel", "posh hotels", "swanky", "classy hotel", "classy hotels",
			"treat ourselves", "treat myself", "spoil ourselves", "no expense spared", "money is no object", "5 star", "top-notch hotel", "top-notch hotels",
			"good hotel", "good hotels", "great hotel", "great hotels", "nice place to stay", "nice places to stay"}},
	{"economy", []string{"穷游", "省钱", "越便宜越好", "尽量便宜", "便宜点", "便宜一点", "经济实惠", "经济型", "学生党", "预算有限", "少花钱", "性价比高", "特价", "快捷酒店", "经济酒店", "便宜的酒店", "便宜酒店", "便宜的住宿", "住便宜", "平价酒店", "背包客", "青旅", "青年旅舍", "青年旅社", "住青旅"},
		[]string{"cheap as possible", "as cheap as", "cheapest", "on a budget", "on a shoestring", "shoestring", "backpacking", "budget-friendly", "budget friendly", "economical", "save money", "low budget", "tight budget", "low-cost", "low cost", "budget trip", "budget travel", "frugal", "cheap",
			// "budget" before a lodging or traveller noun names the tier (a budget
			// amount is read by money.go, never here)
			"budget hotel", "budget hotels", "budget hostel", "budget hostels", "budget accommodation", "budget accommodations", "budget lodging", "budget stay", "budget stays", "budget room", "budget rooms", "budget inn", "budget motel", "budget motels", "budget options", "budget traveller", "budget travellers", "budget traveler", "budget travelers", "inexpensive", "affordable",
			// round 5: the economy tier and the backpacker's before a lodging or
			// budget noun ("economy hotel", "backpacker budget", "no-frills")
			"economy hotel", "economy hotels", "economy room", "economy rooms", "economy lodging", "economy accommodation", "economy inn",
			"backpacker", "backpackers", "backpacker budget", "backpacker style", "no-frills", "no frills", "student budget", "hostel", "hostels"}},
	{"mid", []string{"中档", "中等价位", "普通一点"}, []string{"mid-range", "midrange", "moderately priced", "mid-priced", "mid priced"}},
}

var comfortLex = termLexicon(comfortTerms)

// comfort returns the tier the words ask for, or "". A negated word counts
// only as not asking for it ("不用太豪华", "not luxury"); "not too cheap"
// asks for the middle tier.
func (d *doc) comfort() string {
	pos, neg := d.termHits(comfortTerms, comfortLex)
	if len(pos) > 0 {
		return pos[0]
	}
	if slices.Contains(neg, "economy") {
		return "mid"
	}
	return ""
}

// requireMode reports whether the mode named at h is fixed as the way to
// travel ("坐高铁去", "by train", "fly to Tokyo", "take a flight") rather
// than preferred ("最好坐高铁", "prefer trains", "ideally by train").
func (d *doc) requireMode(h lexHit) bool {
	if !d.prefersAt(h) {
		w := d.low[h.start:h.end]
		if h.zh {
			w = d.clean[h.start:h.end]
		}
		// "fly" and 飞过去 name the mode and the act at once
		if !(w == "fly" || w == "flying" || w == "飞过去" || w == "坐飞") {
			return false
		}
	}
	if h.zh {
		before := d.clean[max(0, h.start-15):h.start]
		return !hasAny(before, "最好", "尽量", "优先", "可以的话", "如果可以", "倾向", "或者", "或")
	}
	before := d.low[max(0, h.start-30):h.start]
	after := d.low[h.end:min(len(d.low), h.end+24)]
	return !hasWord(before, "prefer", "preferably", "ideally", "if possible", "rather", "maybe", "perhaps", "or") && !hasWord(after, "if possible", "ideally", "preferably", "or")
}

// highSpeed reports whether a plain (not negated) mention asks for
// high-speed trains: 高铁, 动车, high-speed, bullet train, shinkansen.
func (d *doc) highSpeed() bool {
	for _, w := range []string{"高铁", "动车"} {
		for i := 0; ; {
			j := strings.Index(d.clean[i:], w)
			if j < 0 {
				break
			}
			j += i
			i = j + len(w)
			if !negatedZH(d.clean, j) {
				return true
			}
		}
	}
	if d.hasLatin {
		for _, w := range []string{"high-speed", "high speed", "bullet train", "bullet trains", "shinkansen", "hsr"} {
			for _, k := range d.findEN(w) {
				if !negatedEN(d, k) {
					return true
				}
			}
		}
	}
	return false
}

// applyWants fills the fields the rules read the same way whichever
// parser produced the rest of the brief: must-see sights, the comfort
// tier, required modes and high-speed rail (never a mode the brief
// excludes), and the children's ages (at most one per child counted).
func (d *doc) applyWants(b *orchestrator.Brief) {
	b.Comfort = d.comfort()
	b.MustVisit = trimVisitWords(d.mustVisit())
	if d.hasHanText {
		b.MustVisit = trimListHeads(b.MustVisit)
	}
	b.MustVisit = dropStrayNames(b.MustVisit)
	b.VisitTimes = d.visitTimes(b.MustVisit)
	d.applyTimedEvents(b)
	_, _, req := d.transport()
	if !slices.Contains(req, "flight") && d.flyToPlace() {
		req = append(req, "flight")
	}
	c := &b.Constraints
	c.TransportRequire = nil
	for _, m := range req {
		if !slices.Contains(c.TransportExclude, m) {
			c.TransportRequire = append(c.TransportRequire, m)
			if !slices.Contains(c.TransportPrefer, m) {
				c.TransportPrefer = append(c.TransportPrefer, m)
			}
		}
	}
	if d.highSpeed() && !slices.Contains(c.TransportExclude, "train") {
		c.HighSpeedRail = true
		if !slices.Contains(c.TransportPrefer, "train") {
			c.TransportPrefer = append(c.TransportPrefer, "train")
		}
	}
	if b.Travelers.ChildAges == nil {
		if ages := d.childAges(); len(ages) > 0 && b.Travelers.Children > 0 {
			b.Travelers.ChildAges = ages[:min(len(ages), b.Travelers.Children)]
		}
	}
	for _, a := range b.Travelers.ChildAges {
		if a < 10 && !slices.Contains(c.HouseRules, "children_under_10") {
			c.HouseRules = append(c.HouseRules, "children_under_10")
		}
	}
}

// flyToPlace reports whether a place is flown to by the verb alone
// (从北京飞深圳, 飞往成都, 直飞三亚): the mode is fixed, as "fly to" is.
func (d *doc) flyToPlace() bool {
	for _, sp := range d.placeSpans {
		before := d.clean[:sp[0]]
		for _, v := range []string{"直飞", "飞往", "飞去", "飞到", "飞"} {
			if !strings.HasSuffix(before, v) {
				continue
			}
			at := sp[0] - len(v)
			hedge := d.clean[max(0, at-15):at]
			if !negatedZH(d.clean, at) && !hasAny(hedge, "最好", "尽量", "优先", "可以的话", "如果可以", "倾向", "或者", "或") {
				return true
			}
			break
		}
	}
	return false
}
