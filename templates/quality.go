package templates

import (
	"strconv"

	"github.com/tripweave/tripweave/orchestrator"
)

// qualityView is the quality score block: the score and its applicable
// components, in the page's language.
type qualityView struct {
	Title, Score string
	Parts        []qualityPart
}

type qualityPart struct{ Name, Percent, Detail string }

// qualityNames words the score components (orchestrator/algorithms/quality).
var qualityNames = map[string][2]string{
	"interests":    {"Interests", "兴趣"},
	"must_visit":   {"Must-see sights", "必去景点"},
	"meal_fit":     {"Meals", "餐饮"},
	"time_of_day":  {"Time of day", "时段"},
	"transit":      {"Time in transit", "交通耗时"},
	"edge_days":    {"Arrival and departure days", "首末日"},
	"budget_use":   {"Budget use", "预算使用"},
	"variety":      {"Variety", "多样性"},
	"meal_variety": {"Meal variety", "餐饮多样性"},
	"door_to_door": {"Door-to-door legs", "门到门交通"},
	"foods":        {"Foods asked for", "想吃的美食"},
	"full_days":    {"Full days", "行程充实"},
	"pace_party":   {"Pace and party", "节奏与住宿"},
	"meals":        {"Meals kept", "三餐安排"},
}

// quality builds the block from the verifier's score, else the planner's;
// nil when neither is there.
func (b *builder) quality(verified, planned *orchestrator.Quality) *qualityView {
	q := verified
	if q == nil {
		q = planned
	}
	if q == nil {
		return nil
	}
	zh := b.l.Lang == "zh"
	lang := 0
	title := "Quality score"
	if zh {
		lang, title = 1, "质量评分"
	}
	v := &qualityView{Title: title, Score: strconv.Itoa(q.Score) + "/100"}
	for _, c := range q.Components {
		if !c.Applicable {
			continue
		}
		name := c.Name
		if n, ok := qualityNames[c.Name]; ok {
			name = n[lang]
		}
		v.Parts = append(v.Parts, qualityPart{Name: b.s(name), Percent: strconv.Itoa(int(c.Value*100+0.5)) + "%", Detail: b.txt(b.qualityDetail(c.Detail))})
	}
	return v
}
