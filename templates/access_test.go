package templates

import (
	"bytes"
	"testing"

	"github.com/tripweave/tripweave/templates/templatestest"
)

// TestLegAccessEstimates: a leg's door-to-door times show as estimates,
// with the place the access is measured from and when to leave it.
func TestLegAccessEstimates(t *testing.T) {
	r := newRenderer(t)
	for lang, want := range map[string][]string{
		"en": {"≈ leave 外滩 by 06:05 (85 min to reach the station, check in and board)", "≈ 40 min from arrival to 和平饭店"},
		"zh": {"≈ 06:05前从外滩出发（到站、安检和登乘约85分钟）", "到达后≈40分钟到和平饭店"},
	} {
		p := templatestest.Plan(lang)
		lg := &p.Itinerary.Days[0].Legs[0]
		lg.Depart, lg.BeforeMinutes, lg.BeforeFrom, lg.AfterMinutes, lg.AfterTo, lg.AccessEstimate = "07:30", 85, "外滩", 40, "和平饭店", true
		for _, f := range []Format{FormatHTML, FormatMarkdown} {
			out, err := r.RenderBytes(p, f)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range want {
				if !bytes.Contains(out, []byte(w)) {
					t.Errorf("%s %s: no %q", lang, extension[f], w)
				}
			}
		}
		lg.AccessEstimate = false
		out, _ := r.RenderBytes(p, FormatHTML)
		if bytes.Contains(out, []byte(want[0])) {
			t.Errorf("%s: access shown for a leg without estimates", lang)
		}
	}
}

// TestChinesePageNamesInChinese: on a Chinese page, a city the access is
// measured from and the canonical local-food wish read in Chinese (a page
// once said "从Shanghai出发" and "想吃的：local specialties").
func TestChinesePageNamesInChinese(t *testing.T) {
	r := newRenderer(t)
	p := templatestest.Plan("zh")
	lg := &p.Itinerary.Days[0].Legs[0]
	lg.Depart, lg.BeforeMinutes, lg.BeforeFrom, lg.AccessEstimate = "09:03", 53, "Shanghai", true
	for di := range p.Itinerary.Days {
		for mi := range p.Itinerary.Days[di].Meals {
			p.Itinerary.Days[di].Meals[mi].Serves = []string{"local specialties"}
		}
	}
	out, err := r.RenderBytes(p, FormatHTML)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"前从上海出发", "想吃的：当地特色菜"} {
		if !bytes.Contains(out, []byte(w)) {
			t.Errorf("no %q", w)
		}
	}
	for _, bad := range []string{"Shanghai出发", "local specialties"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("%q on a Chinese page", bad)
		}
	}
}
