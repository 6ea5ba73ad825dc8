package templates

import (
	"strconv"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// replanView is a repaired plan's changes, and the "something changed?"
// form that asks for a repair of the plan shown.
type replanView struct {
	Title    string
	Replaces string
	Intro    string
	Changes  []changeView
	Form     *replanForm
}

// changeView is one change of a repair, worded for the traveller.
type changeView struct {
	Action string // removed, added, moved, shifted or replaced: the CSS class
	Badge  string
	Text   string
}

// replanForm posts one event to POST /v1/plans/{id}/replan as a form; the
// server answers with the new version's page.
type replanForm struct {
	Action, Title, Hint, Submit                              string
	KindLabel, DateLabel, PlaceLabel, LegLabel, MinutesLabel string
	ConditionLabel, TimeLabel                                string
	Kinds, Days, Conditions                                  []option
	Places, Legs                                             []string
}

type option struct{ Value, Label string }

// replanWords are the section's words in English and Chinese.
var replanWords = map[string]map[string]string{
	"en": {"title": "What changed", "intro": "This version repairs plan", "form": "Something changed?",
		"hint":   "Tell us what changed; days already lived stay as they were and only what breaks is planned again.",
		"submit": "Repair the plan", "kind": "What happened", "date": "Day", "place": "Place", "leg": "Flight or train",
		"minutes": "Minutes late", "condition": "Weather", "time": "Start at",
		"closed": "a place is closed", "cancelled": "a leg is cancelled", "delayed": "a leg is late", "weather": "bad weather",
		"late_start": "we start late", "skip": "skip a place", "add": "add a sight",
		"rain": "rain", "storm": "storm", "heat": "heat", "snow": "snow",
		"removed": "removed", "added": "added", "moved": "moved", "shifted": "moved in time", "replaced": "replaced", "kept": "unchanged", "day": "Day"},
	"zh": {"title": "本版的调整", "intro": "本版调整自行程", "form": "行程有变？",
		"hint":   "告诉我们发生了什么；已经过去的日子保持不变，只重新安排受影响的部分。",
		"submit": "调整行程", "kind": "发生了什么", "date": "日期", "place": "地点", "leg": "航班或车次",
		"minutes": "晚点分钟", "condition": "天气", "time": "开始时间",
		"closed": "景点或餐厅关闭", "cancelled": "航班或车次取消", "delayed": "航班或车次晚点", "weather": "天气不好",
		"late_start": "晚点出发", "skip": "不去某地", "add": "加一个景点",
		"rain": "雨", "storm": "暴风雨", "heat": "高温", "snow": "雪",
		"removed": "取消", "added": "新增", "moved": "改期", "shifted": "调整时间", "replaced": "替换", "kept": "不变", "day": "第"},
}

// replan builds the changes of a repaired plan and the form.
func (b *builder) replan(v *view) *replanView {
	p := b.p
	it := p.Itinerary
	if it == nil || len(it.Days) == 0 || it.Days[0].Date == "" {
		return nil
	}
	w := replanWords["en"]
	if b.l.Lang == "zh" {
		w = replanWords["zh"]
	}
	rv := &replanView{Title: w["title"], Intro: w["intro"], Replaces: b.s(p.Replaces)}
	for _, c := range p.Changes {
		day := w["day"] + " " + strconv.Itoa(c.Day)
		if b.l.Lang == "zh" {
			day = "第" + strconv.Itoa(c.Day) + "天"
		}
		text := day + " · " + c.Name
		if c.From != "" && c.To != "" && c.From != c.To {
			text += " " + c.From + " → " + c.To
		} else if c.To != "" {
			text += " " + c.To
		}
		if c.ToDay > 0 {
			text += " → " + strconv.Itoa(c.ToDay)
		}
		text += ": " + c.Reason
		rv.Changes = append(rv.Changes, changeView{Action: cssClass(c.Action), Badge: b.txt(w[c.Action]), Text: b.s(text)})
	}
	markChanged(v, p.Changes, b)
	f := &replanForm{Action: "/v1/plans/" + b.s(p.ID) + "/replan", Title: w["form"], Hint: w["hint"], Submit: w["submit"],
		KindLabel: w["kind"], DateLabel: w["date"], PlaceLabel: w["place"], LegLabel: w["leg"], MinutesLabel: w["minutes"],
		ConditionLabel: w["condition"], TimeLabel: w["time"]}
	for _, k := range []string{"closed", "cancelled", "delayed", "weather", "late_start", "skip", "add"} {
		f.Kinds = append(f.Kinds, option{k, w[k]})
	}
	for _, c := range []string{"rain", "storm", "heat", "snow"} {
		f.Conditions = append(f.Conditions, option{c, w[c]})
	}
	seen := map[string]bool{}
	for _, d := range it.Days {
		f.Days = append(f.Days, option{b.s(d.Date), b.s(d.Date)})
		for _, s := range d.Stops {
			if !seen[s.Name] {
				seen[s.Name] = true
				f.Places = append(f.Places, b.s(s.Name))
			}
		}
		for _, m := range d.Meals {
			if !seen[m.Name] {
				seen[m.Name] = true
				f.Places = append(f.Places, b.s(m.Name))
			}
		}
		for _, l := range d.Legs {
			if l.Number != "" && !seen["leg:"+l.Number] {
				seen["leg:"+l.Number] = true
				f.Legs = append(f.Legs, b.s(l.Number))
			}
		}
	}
	rv.Form = f
	return rv
}

// markChanged highlights the timeline items a repair added, moved,
// shifted or replaced.
func markChanged(v *view, changes []orchestrator.Change, b *builder) {
	for _, c := range changes {
		if c.Action == orchestrator.ChangeRemoved || c.Action == orchestrator.ChangeKept {
			continue
		}
		day := c.Day
		if c.ToDay > 0 {
			day = c.ToDay
		}
		name := b.s(c.Name)
		for i := range v.Days {
			if v.Days[i].N != day {
				continue
			}
			for k := range v.Days[i].Items {
				it := &v.Days[i].Items[k]
				if it.Kind == c.What && (it.Name == name || (c.What == "leg" && strings.Contains(it.Label+" "+it.Name, name))) {
					it.Changed = true
				}
			}
		}
	}
}
