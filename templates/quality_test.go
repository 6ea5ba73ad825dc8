package templates

import (
	"bytes"
	"testing"

	"github.com/tripweave/tripweave/orchestrator"
	"github.com/tripweave/tripweave/templates/templatestest"
)

func TestQualityBlock(t *testing.T) {
	r := newRenderer(t)
	for _, c := range []struct{ lang, title, part string }{
		{"en", "Quality score: 83/100", "Must-see sights"},
		{"zh", "质量评分: 83/100", "必去景点"},
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
		for _, w := range []string{c.title, c.part, "50%", "1 of 2 must-see sights"} {
			if !bytes.Contains(out, []byte(w)) {
				t.Errorf("%s: page lacks %q", c.lang, w)
			}
		}
		if bytes.Contains(out, []byte("Budget use")) || bytes.Contains(out, []byte("预算使用")) {
			t.Errorf("%s: a component that does not apply is shown", c.lang)
		}
	}
}
