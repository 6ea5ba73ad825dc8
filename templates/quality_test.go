package templates

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/orchestrator/algorithms/quality"
	"github.com/tripweave/tripweave/templates/templatestest"
)

func TestQualityBlock(t *testing.T) {
	r := newRenderer(t)
	for _, c := range []struct{ lang, title, part, detail string }{
		{"en", "Quality score: 83/100", "Must-see sights", "1 of 2 must-see sights"},
		{"zh", "质量评分: 83/100", "必去景点", "数据中的2个必去景点去了1个"},
	} {
		p := templatestest.Plan(c.lang)
		if p.Itinerary == nil || p.Itinerary.Report == nil {
			t.Fatal("fixture plan has no report")
		}
		p.Itinerary.Report.Quality = &orchestrator.Quality{Score: 83, Components: []orchestrator.QualityComponent{
			{Name: "must_visit", Value: 0.5, Weight: 15, Applicable: true, Detail: "1 of 2 must-see sights in the data visited"},
			{Name: "budget_use", Weight: 15},
		}}
		out, err := r.RenderBytes(p, FormatHTML)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []string{c.title, c.part, "50%", c.detail} {
			if !bytes.Contains(out, []byte(w)) {
				t.Errorf("%s: page lacks %q", c.lang, w)
			}
		}
		if bytes.Contains(out, []byte("Budget use")) || bytes.Contains(out, []byte("预算使用")) {
			t.Errorf("%s: a component that does not apply is shown", c.lang)
		}
	}
}

// TestQualityDetailsInChinese scores real plans with the real scorer and
// checks that a Chinese page words every detail in Chinese: the scorer's
// English formats all have a wording (qualityZH), so none is dropped or
// shown in English.
func TestQualityDetailsInChinese(t *testing.T) {
	latin := regexp.MustCompile(`[A-Za-z]{2,}`)
	b := &builder{l: labelsFor("zh"), txt: func(s string) string { return s }}
	seen := 0
	for _, lang := range []string{"zh", "en"} {
		p := templatestest.Plan(lang)
		// Ask for things the plan cannot all meet, so the details take
		// their longer forms too.
		p.Brief.Interests = append(p.Brief.Interests, "gardens", "museums")
		p.Brief.MustVisit = []string{"宽窄巷子", "No Such Sight"}
		p.Brief.Constraints.Cuisines = []string{"Sichuan", "Japanese"}
		q := quality.Score(&p.Brief, &p.Trip, p.Itinerary)
		for _, c := range q.Components {
			if c.Detail == "" {
				continue
			}
			seen++
			zh := b.qualityDetail(c.Detail)
			if zh == "" || latin.MatchString(zh) {
				t.Errorf("%s: detail %q is worded %q on a Chinese page", c.Name, c.Detail, zh)
			}
		}
	}
	if seen < 6 {
		t.Fatalf("only %d details scored; the fixture plan does not exercise the scorer", seen)
	}
}
